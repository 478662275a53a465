//! `whist-decklet`: the `decklet` command with Whist in its catalogue (every command:
//! `simulate`, `tournament`, `play`, `replay`, `serve`…).

fn main() -> std::process::ExitCode {
    decklet_cli::run(decklet_catalog::Catalog::standard().with(whist::WhistDef))
}
