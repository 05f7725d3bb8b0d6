//! `senet train`: a network that values positions, learnt by self-play, for `learned:FILE`.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;

use super::args::Format;
use senet::agents::learned::{NetFile, Training, train};
use senet::check::RuleSet;
use senet::engine::Engine;

/// Learning rate and trace decay: TD-Gammon's, which learnt Kendall's Senet and Ur as well as
/// any other pair tried (docs/agents.md).
const ALPHA: f32 = 0.1;
const LAMBDA: f32 = 0.7;

/// Games longer than this many turns stop and count as drawn while training.
const TURN_CAP: u32 = 2_000;

pub struct TrainArgs<'a> {
    /// The rule set as named on the command line (a file, or a bundled id).
    pub target: &'a str,
    pub out: &'a str,
    pub games: u64,
    pub hidden: usize,
    pub explore: f32,
    pub seed: u64,
    pub format: Format,
}

pub fn run(rules: &RuleSet, engine: &Engine, a: TrainArgs) -> ExitCode {
    // Found out before the training, not after it: the file can be written, and is not the
    // rule file.
    if let Err(e) = super::output::check_output(Path::new(a.out), [a.target]) {
        complain!("error: {e}");
        return ExitCode::from(2);
    }
    let t = Training {
        games: a.games,
        hidden: a.hidden,
        alpha: ALPHA,
        lambda: LAMBDA,
        explore: a.explore,
        seed: a.seed,
        turn_cap: TURN_CAP,
    };
    let bar = super::output::games_bar(a.games);
    let started = Instant::now();
    let net = train(engine, t, |g| {
        if g % 256 == 0 {
            bar.set_position(g);
        }
    });
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let file = NetFile::new(&rules.rules_id(), engine, &t, net);
    if let Err(e) = file.save(a.out) {
        complain!("error: {e}");
        return ExitCode::from(2);
    }
    match a.format {
        Format::Json => say!(
            "{}",
            json!({
                "rules": rules.id,
                "options": file
                    .options
                    .iter()
                    .map(|(k, v)| (k.clone(), serde_json::Value::from(v.clone())))
                    .collect::<serde_json::Map<_, _>>(),
                "games": a.games,
                "hidden": a.hidden,
                "explore": a.explore,
                "seed": a.seed,
                "seconds": seconds,
                "out": a.out,
            })
        ),
        Format::Text => {
            say!(
                "{}: {} games of self-play in {seconds:.1} s, {} hidden units; wrote {}",
                rules.id,
                a.games,
                a.hidden,
                a.out
            );
            say!(
                "play with it: --players learned:{} (the default search, this network's values at its leaves)",
                a.out
            );
        }
    }
    ExitCode::SUCCESS
}
