//! Test-only crate: see `it/` for the tests.
