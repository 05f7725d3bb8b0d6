//! `senet._senet`: the engine as a Python module. The pure-Python package `senet`
//! (`python/senet/`) re-exports it and adds the PettingZoo and OpenSpiel environments.
//!
//! Everything here is a thin layer over the library crates: rules are checked by `senet-lang`,
//! played by `senet-engine`, simulated, compared, solved and written as JSON by `senet-play`,
//! exactly as the command line does, so that the same seed gives the same games in both.

use pyo3::prelude::*;

mod agent;
mod encode;
mod game;
mod json;
mod rules;
mod runs;

/// An error of the library's, raised as Python's `ValueError` with its message.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(e.to_string())
}

#[pymodule]
fn _senet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RulesError", py.get_type::<rules::RulesError>())?;
    m.add_class::<rules::Rules>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<agent::Agent>()?;
    m.add_class::<runs::Solution>()?;
    m.add_function(wrap_pyfunction!(rules::load, m)?)?;
    m.add_function(wrap_pyfunction!(rules::load_text, m)?)?;
    m.add_function(wrap_pyfunction!(rules::ids, m)?)?;
    m.add_function(wrap_pyfunction!(agent::play, m)?)?;
    m.add_function(wrap_pyfunction!(agent::seat_seed, m)?)?;
    m.add_function(wrap_pyfunction!(runs::sim, m)?)?;
    m.add_function(wrap_pyfunction!(runs::compare, m)?)?;
    m.add_function(wrap_pyfunction!(runs::solve, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
