//! `senet play` of a rule set of more than two sides: people at the terminal and agents
//! (`random`, `greedy`) in turn, on the engine for many sides.

use std::process::ExitCode;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senet::agents::ManyAgent;
use senet::check::RuleSet;
use senet::multi::{MultiEvent, MultiMove, MultiOutcome, MultiPosition, MultiRules};
use senet::notation::multi_record::{MultiEventNote, MultiRecord, MultiResultNote};
use senet::render::board::{Cell, draw, initial};
use senet::types::{Place, Square};

use super::play::{PlayArgs, clock_seed, read_line};

/// Who plays a side.
#[derive(Clone, Copy)]
enum Seat {
    Human,
    Agent(ManyAgent),
}

/// `senet play` of `rules`, of more than two sides: one player a side, in side order.
pub fn play_many(rules: &RuleSet, a: &PlayArgs) -> ExitCode {
    let n = rules.sides.len();
    let refused = if a.table.is_some() {
        Some("`--table` is for two-sided rule sets".to_string())
    } else if a.players.len() != n {
        Some(format!(
            "`--players` names one player per side ({n}), in side order: `human`, `random`, \
             `greedy` or `expectimax` (for example `--players human{}`)",
            ",greedy".repeat(n - 1)
        ))
    } else {
        None
    };
    if let Some(why) = refused {
        complain!("error: `{}` has {n} sides: {why}", rules.id);
        return ExitCode::from(2);
    }
    let mut seats = Vec::with_capacity(n);
    for p in a.players {
        match (p.is_human(), ManyAgent::of(p)) {
            (true, _) => seats.push(Seat::Human),
            (false, Some(agent)) => seats.push(Seat::Agent(agent)),
            (false, None) => {
                complain!(
                    "error: `{p}` does not play games of more than two sides yet: their players \
                     are `human`, `random`, `greedy` and `expectimax` (with no depth given)"
                );
                return ExitCode::from(2);
            }
        }
    }
    let multi = match MultiRules::compile(rules) {
        Ok(m) => m,
        Err(e) => {
            complain!("error: `{}` has {n} sides, and {e}", rules.id);
            return ExitCode::from(2);
        }
    };
    let seed = a.seed.unwrap_or_else(clock_seed);
    say!("{} ({})", rules.title, rules.id);
    for (k, side) in multi.sides.iter().enumerate() {
        say!(
            "  {} ({}) is player {}: {}, team {}",
            side.name,
            initial(&side.name),
            k + 1,
            a.players[k],
            team_name(&multi, side.team)
        );
    }
    say!(
        "seed {seed}; turns go round in this order, {} first",
        multi.sides[usize::from(multi.first)].name
    );
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut quit = false;
    let mut events = Vec::new();
    let summary = multi.play(
        MultiPosition::start(&multi),
        &mut rng,
        a.turn_cap,
        |pos, v, moves, rng| {
            let side = usize::from(pos.to_move());
            match seats[side] {
                Seat::Agent(agent) => Some(agent.choose(&multi, pos, v, moves, rng)),
                // One legal move is made without asking, as in a game of two sides.
                Seat::Human if multi.choices(moves.len()) == 1 => Some(0),
                Seat::Human => {
                    say!("{}", board(rules, &multi, pos));
                    for (k, mv) in moves.iter().enumerate() {
                        say!("  {}. {}", k + 1, move_text(&multi, pos, *mv, v));
                    }
                    if multi.pass_at_will {
                        say!("  {}. pass, leaving the throw unplayed", moves.len() + 1);
                    }
                    let chosen = ask(&mut input, multi.choices(moves.len()));
                    quit = chosen.is_none();
                    chosen
                }
            }
        },
        |event| {
            tell(&multi, event);
            events.extend(MultiEventNote::of(&multi, event));
        },
    );
    if quit {
        say!("Stopped.");
    } else if summary.outcome.is_none() {
        say!("Stopped unfinished at the turn cap of {}.", a.turn_cap);
    }
    say!(
        "{} moves, {} turns, {} captures.",
        summary.moves,
        summary.turns,
        summary.captures
    );
    if let Some(path) = a.record {
        let players = a.players.iter().map(ToString::to_string).collect();
        let result = MultiResultNote::of(&multi, summary.outcome, quit);
        let record = MultiRecord::new(
            rules,
            &multi,
            (seed, a.turn_cap, players),
            events,
            (result, summary.moves, summary.turns),
        );
        let json = serde_json::to_string_pretty(&record).unwrap_or_default();
        if let Err(e) = senet::files::write_bytes(std::path::Path::new(path), json.as_bytes()) {
            complain!("error: cannot write the record `{path}`: {e}");
            return ExitCode::from(2);
        }
        say!("The game is recorded in `{path}`.");
    }
    ExitCode::SUCCESS
}

/// A record of a game of many sides (`v`): read, its rules checked again against its hash and
/// compiled, and every event verified.
pub fn load_many(v: &serde_json::Value) -> Result<(MultiRecord, RuleSet, MultiRules), String> {
    let record = MultiRecord::read(v).map_err(|e| e.to_string())?;
    let options: Vec<(String, String)> = record.options.clone().into_iter().collect();
    let source = &record.rules.source;
    let set = match record.rules.files.as_ref() {
        Some(files) => {
            let chain = files
                .iter()
                .map(|f| senet::check::load::ChainFile {
                    name: f.name.clone(),
                    text: f.text.clone(),
                })
                .collect();
            senet::check::check_chain(chain, &options).map_err(|_| {
                format!(
                    "the rules it carries (`{source}`) do not check under this version of senet"
                )
            })
        }
        None => senet::check::check_target(source, &options)
            .map_err(|_| format!("its rules `{source}` do not load")),
    }?;
    if set.hash != record.rules.hash {
        return Err(format!(
            "the rules `{source}` have changed since the game was recorded (hash {} now, {} in the record)",
            set.hash, record.rules.hash
        ));
    }
    let multi = MultiRules::compile(&set).map_err(|e| e.to_string())?;
    record.replay(&multi).map_err(|e| e.to_string())?;
    Ok((record, set, multi))
}

/// `senet replay` of a record of a game of many sides (`v`, read from `path`): its rules
/// checked again against its hash, then every event verified; with `show`, told as it went.
pub fn replay_many(path: &str, v: &serde_json::Value, show: bool) -> ExitCode {
    let (record, set, multi) = match load_many(v) {
        Ok(loaded) => loaded,
        Err(e) => {
            complain!("error: `{path}` cannot be replayed: {e}");
            return ExitCode::from(2);
        }
    };
    if show {
        for e in &record.events {
            match e {
                MultiEventNote::Throw { side, value } => say!("{side} throws {value}"),
                MultiEventNote::Move { side, from, to } => say!("  {side}: {} -> {}", from.0, to.0),
                MultiEventNote::Pass { side } if multi.pass_at_will => say!("  {side} passes"),
                MultiEventNote::Pass { side } => say!("  {side} has no move"),
            }
        }
    }
    let result = match &record.result {
        MultiResultNote::Winners(w) => format!("{} win", w.join(" + ")),
        MultiResultNote::Draw => "a draw".into(),
        MultiResultNote::Unfinished => "unfinished at the turn cap".into(),
        MultiResultNote::Stopped => "stopped by a player".into(),
    };
    say!(
        "ok  {path}: {} replayed, {} events, {} moves: {result}",
        set.id,
        record.events.len(),
        record.moves
    );
    ExitCode::SUCCESS
}

/// A person's choice among `count` moves: its index, or `None` to stop (`q`, or the end of input).
fn ask(input: &mut impl std::io::BufRead, count: usize) -> Option<usize> {
    loop {
        say_raw!("choose 1-{count} (q to stop): ");
        let line = read_line(input)?;
        if line == "q" {
            return None;
        }
        match line.parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => return Some(k - 1),
            _ => say!("`{line}` is no move here"),
        }
    }
}

/// What a game event says to the players.
fn tell(rules: &MultiRules, event: &MultiEvent) {
    match *event {
        MultiEvent::Throw { side, value } => {
            say!("{} throws {value}", rules.sides[usize::from(side)].name);
        }
        MultiEvent::Pass { side, .. } => {
            let name = &rules.sides[usize::from(side)].name;
            // Where a side may pass at will, a pass says nothing of the moves it had.
            if rules.pass_at_will {
                say!("  {name} passes");
            } else {
                say!("  {name} has no move");
            }
        }
        MultiEvent::Move {
            side, mv, report, ..
        } => {
            let name = &rules.sides[usize::from(side)].name;
            let mut text = format!("  {name}: {}", step_text(rules, usize::from(side), mv));
            if let Some((taken, _)) = report.captured {
                text.push_str(&format!(
                    ", taking {}'s piece",
                    rules.sides[usize::from(taken)].name
                ));
            }
            if report.extra_throw {
                text.push_str(", and throws again");
            }
            say!("{text}");
        }
        MultiEvent::End {
            outcome: Some(MultiOutcome::Win { team }),
        } => say!("{} win.", team_name(rules, team)),
        MultiEvent::End {
            outcome: Some(MultiOutcome::Draw),
        } => say!("A draw."),
        MultiEvent::End { outcome: None } => {}
    }
}

/// A team's sides' names: `red + yellow`.
fn team_name(rules: &MultiRules, team: u8) -> String {
    let names: Vec<&str> = rules
        .sides
        .iter()
        .filter(|s| s.team == team)
        .map(|s| s.name.as_str())
        .collect();
    names.join(" + ")
}

/// A move in words: `enters on 3 (square 3)`, `5 -> 8 (square 12)`, `17 -> off`.
fn step_text(rules: &MultiRules, side: usize, mv: MultiMove) -> String {
    let path = &rules.sides[side].path;
    let square = |p: senet::types::PathPos| path[p.index()] + 1;
    match (mv.from(), mv.to()) {
        (Place::Waiting, Place::On(t)) => format!("enters on {t} (square {})", square(t)),
        (Place::On(f), Place::On(t)) => format!("{f} -> {t} (square {})", square(t)),
        (Place::On(f), Place::Off) => format!("{f} -> off"),
        (from, to) => format!("{from} -> {to}"),
    }
}

/// A legal move in words, with what it would do.
fn move_text(rules: &MultiRules, pos: &MultiPosition, mv: MultiMove, v: u8) -> String {
    let side = usize::from(pos.to_move());
    let (_, report) = rules.apply(pos, mv, v);
    let mut text = step_text(rules, side, mv);
    if let Some((taken, _)) = report.captured {
        text.push_str(&format!(
            ", takes {}'s piece",
            rules.sides[usize::from(taken)].name
        ));
    }
    if report.extra_throw {
        text.push_str(", throws again");
    }
    text
}

/// The board with every side's pieces by their initials (a count after where there are more than
/// one), then each side's pieces waiting and borne off.
fn board(rules: &RuleSet, multi: &MultiRules, pos: &MultiPosition) -> String {
    let content = |sq: Square| -> Option<Cell> {
        let q = u8::try_from(sq.index()).ok()?;
        let mut text = String::new();
        for (s, side) in multi.sides.iter().enumerate() {
            let here = pos
                .positions(s)
                .filter(|p| side.path[p.index()] == q)
                .count();
            if here > 0 {
                text.push_str(&initial(&side.name));
                if here > 1 {
                    text.push_str(&here.to_string());
                }
            }
        }
        if text.is_empty() {
            text = rules.board.marks.contains(&sq).then(|| "*".to_string())?;
        }
        Some(Cell { text, colour: None })
    };
    let mut out = draw(&rules.board, &content);
    for (s, side) in multi.sides.iter().enumerate() {
        out.push_str(&format!(
            "  {}: {} waiting, {} off\n",
            side.name,
            pos.count(s, Place::Waiting),
            pos.off(s)
        ));
    }
    out
}
