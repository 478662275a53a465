//! Test-only crate: see `it/` for the tests.
//!
//! Its library holds the repository's pages as documentation, so that `cargo test`
//! compiles every Rust block in them (and runs those with a `main` or an assertion):
//! a page whose code goes stale fails CI, and so does one that compiles with warnings.

#![doc(test(attr(deny(warnings))))]
// the pages are Markdown written for readers on the web, not rustdoc prose
#![allow(clippy::doc_lazy_continuation, clippy::doc_overindented_list_items)]

#[doc = include_str!("../../README.md")]
pub mod readme {}

/// The pages under `docs/`.
pub mod docs {
    #[doc = include_str!("../../docs/getting-started.md")]
    pub mod getting_started {}
    #[doc = include_str!("../../docs/engine.md")]
    pub mod engine {}
    #[doc = include_str!("../../docs/writing-a-plugin.md")]
    pub mod writing_a_plugin {}
    #[doc = include_str!("../../docs/determinism.md")]
    pub mod determinism {}
    #[doc = include_str!("../../docs/uno.md")]
    pub mod uno {}
    #[doc = include_str!("../../docs/bots.md")]
    pub mod bots {}
    #[doc = include_str!("../../docs/crazy-eights.md")]
    pub mod crazy_eights {}
    #[doc = include_str!("../../docs/hearts.md")]
    pub mod hearts {}
    #[doc = include_str!("../../docs/property-testing.md")]
    pub mod property_testing {}
    #[doc = include_str!("../../docs/cli.md")]
    pub mod cli {}
    #[doc = include_str!("../../docs/performance.md")]
    pub mod performance {}
    #[doc = include_str!("../../docs/security.md")]
    pub mod security {}
    #[doc = include_str!("../../docs/stability.md")]
    pub mod stability {}
    #[doc = include_str!("../../docs/ARCHITECTURE.md")]
    pub mod architecture {}
}

/// The crates' READMEs (what crates.io shows).
pub mod crate_readmes {
    #[doc = include_str!("../../crates/decklet-core/README.md")]
    pub mod decklet_core {}
    #[doc = include_str!("../../crates/decklet-plugins/README.md")]
    pub mod decklet_plugins {}
    #[doc = include_str!("../../crates/decklet-uno/README.md")]
    pub mod decklet_uno {}
    #[doc = include_str!("../../crates/decklet/README.md")]
    pub mod decklet {}
    #[doc = include_str!("../../crates/decklet-cli/README.md")]
    pub mod decklet_cli {}
    #[doc = include_str!("../../crates/decklet-bots/README.md")]
    pub mod decklet_bots {}
    #[doc = include_str!("../../crates/decklet-crazy-eights/README.md")]
    pub mod decklet_crazy_eights {}
    #[doc = include_str!("../../crates/decklet-hearts/README.md")]
    pub mod decklet_hearts {}
}
