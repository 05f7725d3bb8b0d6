//! `senet play` and `senet replay`.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::agents;
use crate::check::RuleSet;
use crate::engine::Engine;
use crate::engine::game::{Action, Game, Player, random_throw};
use crate::notation::record::{self, Header, event_json, outcome_text};
use crate::render::game::{Style, draw_position, event_line, legend, move_text, report_text};

fn style() -> Style {
    Style {
        colour: std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

enum Seat {
    Human,
    Agent(Box<dyn Player + Send>),
}

const HELP: &str = "Type the number of a move and Enter. Enter alone plays move 1. `b` draws the board, `l` lists the special squares, `q` quits.";

/// Asks a person to pick a move. `None` means they quit.
fn ask(
    engine: &Engine,
    game: &Game,
    side: usize,
    style: Style,
    input: &mut impl BufRead,
) -> Option<usize> {
    let moves = game.moves();
    say!("\n{}", draw_position(engine, &game.pos, style));
    say!("{} to move with {}:", style.side(engine, side), game.total);
    for (i, mv) in moves.iter().enumerate() {
        let (_, report) = engine.apply(&game.pos, mv, game.total);
        let what = report_text(engine, side, &report);
        let tail = if what.is_empty() {
            String::new()
        } else {
            format!("  ({what})")
        };
        say!("  {:>2}) {}{tail}", i + 1, move_text(engine, side, mv));
    }
    loop {
        say_raw!("move [1-{}, h for help]: ", moves.len());
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        if input.read_line(&mut line).ok()? == 0 {
            return None;
        }
        match line.trim() {
            "" => return Some(0),
            "q" | "quit" => return None,
            "h" | "help" | "?" => say!("{HELP}"),
            "b" => say!("{}", draw_position(engine, &game.pos, style)),
            "l" => say_raw!("{}", legend(engine)),
            n => match n.parse::<usize>() {
                Ok(k) if (1..=moves.len()).contains(&k) => return Some(k - 1),
                _ => say!("`{n}` is not a move here; {HELP}"),
            },
        }
    }
}

pub struct PlayArgs<'a> {
    pub target: &'a str,
    pub rules: &'a RuleSet,
    pub options: &'a [(String, String)],
    pub players: &'a [String],
    pub seed: Option<u64>,
    pub record: Option<&'a str>,
    pub turn_cap: u32,
}

pub fn play(engine: &Engine, a: PlayArgs) -> ExitCode {
    if a.players.len() != 2 {
        eprintln!(
            "error: `--players` names two players, in side order (for example `human,random`)"
        );
        return ExitCode::from(2);
    }
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut seats = Vec::new();
    for (i, name) in a.players.iter().enumerate() {
        if name == "human" {
            seats.push(Seat::Human);
        } else {
            match agents::by_name(
                name,
                seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1)),
            ) {
                Ok(agent) => seats.push(Seat::Agent(agent)),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    let any_human = seats.iter().any(|s| matches!(s, Seat::Human));
    let style = style();
    let r = &engine.rules;
    say!("{} ({})", r.title, r.id);
    if r.seats.is_some() {
        say!(
            "  players 1 and 2: {} and {}; they throw for seats first",
            a.players[0],
            a.players[1]
        );
    } else {
        for s in 0..2 {
            say!(
                "  {} is player {}: {}",
                style.side(engine, s),
                s + 1,
                a.players[s]
            );
        }
    }
    say!("seed {seed}");
    if any_human {
        say!("{HELP}");
        say_raw!("\nSpecial squares:\n{}", legend(engine));
    }
    say!("\n{}", draw_position(engine, &engine.start(), style));

    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::new(engine, a.turn_cap);
    let mut events = Vec::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut quit = false;
    loop {
        let action = game.next_action();
        for e in game.events.drain(..) {
            if let Some(line) = event_line(engine, &e, style) {
                say!("{line}");
            }
            events.push(event_json(engine, &e));
        }
        match action {
            Action::SeatThrow { .. } | Action::Throw { .. } => {
                let v = random_throw(engine, &mut rng);
                game.give_throw(v);
            }
            Action::Choose { side } => {
                let player = game.summary.seat[side as usize] as usize;
                let choice = match &mut seats[player] {
                    _ if game.moves().len() == 1 => Some(0),
                    Seat::Human => ask(engine, &game, side as usize, style, &mut input),
                    Seat::Agent(agent) => {
                        Some(agent.choose(engine, &game.pos, game.total, game.moves()))
                    }
                };
                match choice {
                    Some(i) => game.choose(i),
                    None => {
                        quit = true;
                        break;
                    }
                }
            }
            Action::Over => break,
        }
        for e in game.events.drain(..) {
            if let Some(line) = event_line(engine, &e, style) {
                say!("{line}");
            }
            events.push(event_json(engine, &e));
        }
    }
    say!("\n{}", draw_position(engine, &game.pos, style));
    if quit {
        say!("Game stopped after {} moves.", game.summary.moves);
    } else {
        say!(
            "Game over after {} moves in {} turns: {}.",
            game.summary.moves,
            game.summary.turns,
            outcome_text(engine, game.summary.outcome.as_ref())
        );
    }
    if let Some(path) = a.record {
        if quit {
            eprintln!("note: the game was stopped, so no record was written");
        } else {
            let header = Header {
                target: a.target,
                rules: a.rules,
                options: a.options,
                seed,
                players: a.players,
            };
            let json = record::record_json(&header, engine, events, &game.summary);
            if let Err(e) = std::fs::write(
                path,
                serde_json::to_string_pretty(&json).unwrap_or_default() + "\n",
            ) {
                eprintln!("error: cannot write the record to `{path}`: {e}");
                return ExitCode::from(2);
            }
            say!("Record written to {path}.");
        }
    }
    ExitCode::SUCCESS
}

/// `senet replay FILE`: loads the record's rules, checks their hash and replays every event.
pub fn replay(path: &str, show: bool) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("error: `{path}` cannot be replayed: {msg}");
        ExitCode::from(2)
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return fail(format!("cannot read it: {e}")),
    };
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return fail(format!("not valid JSON: {e}")),
    };
    let head = match record::read_head(&value) {
        Ok(h) => h,
        Err(e) => return fail(e),
    };
    let rules = match crate::check::check_target(&head.source, &head.options) {
        Ok(r) => r,
        Err(_) => {
            return fail(format!(
                "its rules `{}` do not load (run `senet check {}`)",
                head.source, head.source
            ));
        }
    };
    if rules.hash != head.hash {
        return fail(format!(
            "the rules `{}` have changed since the game was recorded (hash {} now, {} in the record)",
            head.source, rules.hash, head.hash
        ));
    }
    let engine = Engine::new(crate::compile::compile(&rules));
    match record::replay(&engine, &head) {
        Ok(summary) => {
            if show {
                let style = style();
                for e in &head.events {
                    say!("{e}");
                }
                say!("\n{}", draw_position(&engine, &engine.start(), style));
            }
            say!(
                "ok  {path}: {} replayed, {} events, {} moves: {}",
                rules.id,
                head.events.len(),
                summary.moves,
                outcome_text(&engine, summary.outcome.as_ref())
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
