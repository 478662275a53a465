//! `high-card-decklet`: the `decklet` command with high card in its catalogue.

fn main() -> std::process::ExitCode {
    decklet_cli::run(decklet_catalog::Catalog::standard().with(high_card_catalog::HighCardDef))
}
