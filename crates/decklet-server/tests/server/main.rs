//! The server's tests, over loopback against a real server (one test binary: each
//! binary links the whole server, and linking is most of a test build's time).

mod api;
mod browser;
mod bugs;
mod common;
mod group_commit;
mod hostile;
mod moved;
mod outage;
mod own_game;
mod play;
mod strangers;
