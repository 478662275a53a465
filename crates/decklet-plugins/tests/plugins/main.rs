//! decklet-plugins' integration tests, one module a file, in one test binary (one link
//! instead of one a file): `cargo test -p decklet-plugins --test plugins`, or a module's
//! tests alone with its name as the filter (`cargo test -p decklet-plugins --test plugins turn::`).

mod common;
mod draw;
mod poker;
mod standard_deck;
mod turn;
