//! Rule sets: loaded from a bundled id, a path or text, checked, compiled once, shared by every
//! game played under them.

use std::sync::Arc;

use pyo3::create_exception;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{Value, json};

use crate::encode::Layout;
use crate::json::to_py;
use senet_engine::compile::compile;
use senet_engine::engine::Engine;
use senet_lang::check::{CheckFailure, RuleSet, check_target, check_text};
use senet_lang::lang::diagnostic::{Diagnostic, render_bounded};
use senet_play::render;

create_exception!(
    senet,
    RulesError,
    pyo3::exceptions::PyValueError,
    "A rule file that does not check, or cannot be read. `str(e)` is the diagnostics as `senet \
     check` prints them; `e.diagnostics` lists them as dicts (code, message, file, line, column, \
     labels with byte spans, help, severity)."
);

/// A checked and compiled rule set.
#[pyclass(frozen, module = "senet")]
pub struct Rules {
    pub(crate) set: Arc<RuleSet>,
    pub(crate) engine: Arc<Engine>,
    pub(crate) layout: Layout,
}

impl Rules {
    /// The rules compiled for the two-sided engine; rules of the engine for many sides are
    /// refused.
    pub(crate) fn of(set: RuleSet) -> PyResult<Rules> {
        if let Some(why) = set.why_many() {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "`{}` {why}: the Python package plays rule sets of the two-sided engine only so far",
                set.id
            )));
        }
        let engine = Engine::new(compile(&set));
        let layout = Layout::of(&engine);
        Ok(Rules {
            set: Arc::new(set),
            engine: Arc::new(engine),
            layout,
        })
    }

    /// The options as `(name, value)` strings.
    pub(crate) fn chosen_options(&self) -> Vec<(String, String)> {
        self.set
            .options
            .iter()
            .map(|o| (o.name.clone(), o.chosen.to_string()))
            .collect()
    }
}

/// Options given as a dict, each value as text (`{"pieces": 3}` is `pieces=3`).
pub(crate) fn options_of(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    if let Some(d) = options {
        for (k, v) in d.iter() {
            out.push((k.str()?.to_string(), v.str()?.to_string()));
        }
    }
    Ok(out)
}

/// The error a failed check raises: the rendered diagnostics, and each as a dict.
fn rules_error(py: Python<'_>, message: &str, diags: &[Diagnostic]) -> PyErr {
    let text = if diags.is_empty() {
        message.to_string()
    } else {
        format!("{}{message}", render_bounded(diags, false, Some(100)))
    };
    let err = RulesError::new_err(text);
    let list: Vec<Value> = diags
        .iter()
        .map(|d| serde_json::to_value(d.to_json()).unwrap_or_default())
        .collect();
    if let Ok(list) = to_py(py, &Value::Array(list)) {
        let _ = err.value(py).setattr("diagnostics", list);
    }
    err
}

fn count(diags: &[Diagnostic]) -> String {
    let errors = diags.iter().filter(|d| !d.is_warning()).count();
    format!("{errors} error{}", if errors == 1 { "" } else { "s" })
}

/// Loads a rule set: a bundled id (`"senet/kendall"`, see `ids()`) or the path of a `.rules`
/// file, with options chosen as a dict (`{"pieces": 3}`). Raises `RulesError` with the located
/// diagnostics where the rules do not check.
#[pyfunction]
#[pyo3(signature = (target, options = None))]
pub fn load(py: Python<'_>, target: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Rules> {
    let options = options_of(options)?;
    match py.detach(|| check_target(target, &options)) {
        Ok(set) => Rules::of(set),
        Err(CheckFailure::Unreadable(e)) => Err(rules_error(py, &e.to_string(), &[])),
        Err(CheckFailure::Invalid(diags)) => Err(rules_error(
            py,
            &format!("`{target}` has {}", count(&diags)),
            &diags,
        )),
    }
}

/// Checks rule text given whole (named `name` in messages); `extends` resolves bundled ids, and
/// paths from the current folder.
#[pyfunction]
#[pyo3(signature = (text, name = "<text>", options = None))]
pub fn load_text(
    py: Python<'_>,
    text: &str,
    name: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Rules> {
    let options = options_of(options)?;
    match py.detach(|| check_text(name, text, None, &options)) {
        Ok(set) => Rules::of(set),
        Err(diags) => Err(rules_error(
            py,
            &format!("`{name}` has {}", count(&diags)),
            &diags,
        )),
    }
}

/// The ids of the bundled rule sets the package plays: those of two sides (the rule sets of
/// more sides play in the command line only so far).
#[pyfunction]
pub fn ids() -> Vec<&'static str> {
    static TWO_SIDED: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    TWO_SIDED
        .get_or_init(|| {
            senet_lang::bundled::ids()
                .filter(|id| check_target(id, &[]).is_ok_and(|r| !r.plays_many()))
                .collect()
        })
        .clone()
}

#[pymethods]
impl Rules {
    /// The rule set's id (`senet/kendall`, or the file's name).
    #[getter]
    fn id(&self) -> String {
        self.set.id.clone()
    }

    #[getter]
    fn title(&self) -> String {
        self.set.title.clone()
    }

    /// The side names, in side order (the first side is side 0).
    #[getter]
    fn sides(&self) -> Vec<String> {
        self.engine
            .rules
            .sides
            .iter()
            .map(|(_, s)| s.name.clone())
            .collect()
    }

    /// The sources the rule file cites, each a dict (author, work, year, quotations...).
    #[getter]
    fn sources<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &json!(self.set.sources))
    }

    /// The options: name, allowed values, default and the value chosen.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list: Vec<Value> = self
            .set
            .options
            .iter()
            .map(|o| {
                json!({
                    "name": o.name,
                    "allowed": o.allowed.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "default": o.default.to_string(),
                    "chosen": o.chosen.to_string(),
                })
            })
            .collect();
        to_py(py, &Value::Array(list))
    }

    /// The rules in plain English, as `senet explain` prints them.
    fn explain(&self) -> String {
        render::explain::explain(&self.set)
    }

    /// The rules that differ between this rule set and `other`, side by side (`senet diff`).
    fn diff(&self, other: &Rules) -> String {
        render::diff::diff(&self.set, &other.set)
    }

    /// The throws a side makes and their chances: `(value, probability)` pairs.
    fn throw_values(&self) -> Vec<(u8, f64)> {
        crate::game::chances(&self.engine.rules.throws.outcomes)
    }

    /// The length of `Game.observation()` under these rules.
    #[getter]
    fn observation_size(&self) -> usize {
        self.layout.observation_size()
    }

    /// The number of distinct actions of `Game.legal_actions()` under these rules.
    #[getter]
    fn action_size(&self) -> usize {
        self.layout.action_size()
    }

    /// What the observation's entries mean, in order (docs/python.md).
    fn observation_names(&self) -> Vec<String> {
        self.layout.observation_names(&self.engine)
    }

    fn __repr__(&self) -> String {
        format!("<senet.Rules {}: {}>", self.set.id, self.set.title)
    }
}

/// Rule sets from Python (any iterable): `Rules` objects as they are, ids or paths loaded with
/// those of `options` they declare (as `senet compare --option` gives each rule set its own).
pub(crate) fn rules_list(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(String, Arc<RuleSet>)>> {
    let options = options_of(options)?;
    let mut out = Vec::new();
    for item in items.try_iter()? {
        let item = item?;
        if let Ok(r) = item.cast::<Rules>() {
            let r = r.get();
            out.push((r.set.id.clone(), Arc::clone(&r.set)));
            continue;
        }
        let target: String = item.extract()?;
        let declared = load(py, &target, None)?;
        let own = PyDict::new(py);
        for (k, v) in &options {
            if declared.set.options.iter().any(|o| &o.name == k) {
                own.set_item(k, v)?;
            }
        }
        out.push((target.clone(), load(py, &target, Some(&own))?.set));
    }
    if let Some((k, _)) = options.iter().find(|(k, _)| {
        !out.iter()
            .any(|(_, r)| r.options.iter().any(|o| &o.name == k))
    }) {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "no rule set here has an option `{k}`"
        )));
    }
    Ok(out)
}
