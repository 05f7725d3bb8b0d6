//! Rules of many sides for the unit tests: a race along one row of squares.

use senet_engine::multi::MultiRules;
use senet_lang::check::RuleSet;

/// A race of `sides` (`"a, b, c"`) along a row of `squares`, `pieces` each, with a die of 4:
/// pieces wait to enter onto the throw, a piece landing on an enemy sends it back, off by the
/// exact throw. `more` adds rules (`teams ...`, `extra throw after 4`), a line each.
pub(crate) fn race(sides: &str, squares: u32, pieces: u32, more: &[&str]) -> (RuleSet, MultiRules) {
    let mut text = format!(
        "ruleset \"t/race\"\ntitle \"race\"\nboard 1 x {squares}\nsides {sides}\npath 1..{squares}\n\
         pieces {pieces} each\nstart waiting\nthrow die 4\nenter onto throw\ncapture to waiting\n\
         bear off exact\nwin first to bear off all\n"
    );
    for line in more {
        text.push_str(line);
        text.push('\n');
    }
    let set = senet_lang::check::check_text("race.rules", &text, None, &[]).expect("it checks");
    let rules = MultiRules::compile(&set).expect("the engine for many sides plays it");
    (set, rules)
}
