//! decklet's cross-crate tests: one binary, one module per subject.

#![allow(missing_docs)]

mod determinism;
mod facade;
mod uno_props;
