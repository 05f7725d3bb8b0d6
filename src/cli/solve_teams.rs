//! `senet solve` of a rule set of more than two sides: each team's chance to win under perfect
//! play, where the sides make two teams (`senet::solve::teams`).

use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Map, json};

use super::args::Format;
use senet::check::RuleSet;
use senet::multi::{MultiPosition, MultiRules};
use senet::render::many_words::team_name;
use senet::solve::teams::solve_teams;

/// `senet solve RULES` of more than two sides, searching at most `limit` positions. `refused`
/// names an option given that is for two sides only.
pub fn run(
    target: &str,
    rules: &RuleSet,
    limit: usize,
    format: Format,
    refused: Option<&str>,
) -> ExitCode {
    let why = rules.why_many().unwrap_or_default();
    if let Some(flag) = refused {
        complain!(
            "error: `{target}` {why}: `{flag}` is for rule sets of the two-sided engine (a game of two teams is solved from its start, its table kept in memory)"
        );
        return ExitCode::from(2);
    }
    let multi = match MultiRules::compile(rules) {
        Ok(m) => m,
        Err(e) => {
            complain!("error: `{target}` {why}, and {e}");
            return ExitCode::from(2);
        }
    };
    let began = Instant::now();
    let start = MultiPosition::start(&multi);
    let solved = match solve_teams(&multi, &start, limit) {
        Ok(s) => s,
        Err(e) => {
            complain!("error: `{}` cannot be solved: {e}", rules.id);
            return ExitCode::from(2);
        }
    };
    let seconds = began.elapsed().as_secs_f64();
    let names = solved.teams.map(|t| team_name(&multi, t));
    let to_move = &multi.sides[usize::from(start.to_move())].name;
    match format {
        Format::Json => {
            let options: Map<String, serde_json::Value> = rules
                .resolved_options()
                .into_iter()
                .map(|(k, v)| (k, json!(v)))
                .collect();
            let mut win = Map::new();
            for (name, p) in names.iter().zip(solved.win) {
                win.insert(name.clone(), json!(p));
            }
            let teams: Vec<Vec<&str>> = solved
                .teams
                .iter()
                .map(|&t| {
                    multi
                        .sides
                        .iter()
                        .filter(|s| s.team == t)
                        .map(|s| s.name.as_str())
                        .collect()
                })
                .collect();
            say!(
                "{}",
                json!({
                    "rules": rules.id,
                    "options": options,
                    "to_move": to_move,
                    "method": "teams",
                    "teams": teams,
                    "states": solved.states,
                    "sweeps": solved.sweeps,
                    "seconds": seconds,
                    "win_probability": win,
                    "draw_probability": solved.draw,
                })
            );
        }
        Format::Text => {
            say!("{} ({})", rules.title, rules.id);
            let options = rules.resolved_options();
            if !options.is_empty() {
                let list: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
                say!("options: {}", list.join(", "));
            }
            say!(
                "{} positions (every one reachable, the side to move counted), solved in {seconds:.2} s with {} sweeps",
                solved.states,
                solved.sweeps
            );
            say!(
                "under perfect play from the start ({to_move} to throw), each team choosing for itself:"
            );
            let width = names.iter().map(String::len).max().unwrap_or(0);
            for (name, p) in names.iter().zip(solved.win) {
                say!("  {name:<width$}  win with probability {p:.12}");
            }
            if solved.draw > 0.0 {
                say!("  a draw with probability {:.12}", solved.draw);
            }
        }
    }
    ExitCode::SUCCESS
}
