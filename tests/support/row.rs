//! Rule sets on a row of squares, for tests that work a rule out by hand: the rule text of a
//! small board, checked and compiled, with every diagnostic shown if it does not check.

use senet::check::check_text;
use senet::compile::compile;
use senet::engine::Engine;

/// The engine of rule text that must check.
pub fn engine_of(name: &str, text: &str) -> Engine {
    let rules = check_text(name, text, None, &[]).unwrap_or_else(|d| {
        let shown: Vec<String> = d.iter().map(|d| d.render(false, Some(100))).collect();
        panic!("{}", shown.join("\n"))
    });
    Engine::new(compile(&rules))
}
