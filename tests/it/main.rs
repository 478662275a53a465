//! decklet's cross-crate tests: one binary, one module per subject.

#![allow(missing_docs)]

mod corpus;
mod determinism;
mod facade;
mod fuzz_props;
mod golden;
mod hostile;
mod kit;
mod leaks;
mod pages;
mod shared_game;
mod uno_props;
mod views;
