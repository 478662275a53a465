//! `high_card_decklet`: a Python module of a game of one's own. One function gives it
//! every class of the `decklet` package's native module, for a catalogue with high
//! card in it; the `decklet` package's environments then play it:
//!
//! ```python
//! import decklet, high_card_decklet
//! env = decklet.Catalog(high_card_decklet).env("high_card", players=3)
//! ```

use pyo3::prelude::*;

/// The module: decklet's games and high card.
#[pymodule]
fn high_card_decklet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let catalog = decklet_catalog::Catalog::standard().with(high_card_catalog::HighCardDef);
    decklet_py::register(m, catalog)
}
