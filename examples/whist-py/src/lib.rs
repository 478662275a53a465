//! `whist_decklet`: Whist as a Python module. One function gives it every class of the
//! `decklet` package's native module, for a catalogue with Whist in it; the `decklet`
//! package's environments, bots and recipe then play and learn it:
//!
//! ```python
//! import decklet, whist_decklet
//! env = decklet.Catalog(whist_decklet).env("whist")
//! ```

use pyo3::prelude::*;

/// The module: decklet's games and Whist.
#[pymodule]
fn whist_decklet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let catalog = decklet_catalog::Catalog::standard().with(whist::WhistDef);
    decklet_py::register(m, catalog)
}
