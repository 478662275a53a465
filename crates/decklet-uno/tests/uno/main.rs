//! decklet-uno's integration tests, one module a file, in one test binary (one link
//! instead of one a file): `cargo test -p decklet-uno --test uno`, or a module's
//! tests alone with its name as the filter (`cargo test -p decklet-uno --test uno call_uno::`).

mod any_game;
mod bluff;
mod call_uno;
mod cards;
mod common;
mod effects_seed;
mod house_rules;
mod info_states;
mod ismcts;
mod legal_and_bots;
mod narrate;
mod plugin_seed;
mod rules;
