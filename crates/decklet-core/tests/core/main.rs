//! decklet-core's integration tests, one module a file, in one test binary (one link
//! instead of one a file): `cargo test -p decklet-core --test core`, or a module's
//! tests alone with its name as the filter (`cargo test -p decklet-core --test core engine::`).

mod engine;
mod ids;
mod listed;
mod props;
mod reliability;
mod rules;
mod toy;
mod visibility;
