//! `senet play` and `senet replay`.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::agents;
use crate::check::RuleSet;
use crate::compile::Phase;
use crate::engine::game::{Action, Game, GameEvent, Player, random_throw};
use crate::engine::{Engine, Position};
use crate::notation::record::{self, Header, event_json, outcome_text};
use crate::render::game::{
    MoveWords, Style, device_text, draw_position, end_text, legend, move_words, throws_text,
};

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

const HELP: &str = "Type the number of a move and Enter (Enter alone plays 1); `b` board, `l` special squares, `h` help, `q` quits.";

/// Tells a game's events as compact sentences. In a game with a person, what happens between
/// that person's decisions is kept and shown with the next decision, under the board; with no
/// person it is printed at once.
struct Narrator<'a> {
    engine: &'a Engine,
    style: Style,
    players: &'a [String],
    /// Whether to keep lines for the next decision instead of printing them.
    hold: bool,
    kept: Vec<String>,
    /// Throws of the side to move not told yet.
    throws: Vec<u8>,
    /// Throws for seats not told yet.
    seat_throws: Vec<String>,
    /// The position before the events not told yet.
    before: Position,
    /// Which sides a person has moved for.
    moved: [bool; 2],
}

impl<'a> Narrator<'a> {
    fn line(&mut self, text: String) {
        if self.hold {
            self.kept.push(text);
        } else {
            say!("{text}");
        }
    }

    fn side(&self, s: usize) -> String {
        self.style.side(self.engine, s)
    }

    fn player(&self, p: u8) -> String {
        format!("player {} ({})", p + 1, self.players[p as usize])
    }

    /// Tells the events the game has gathered, keeps them for the record, and catches up with
    /// the game's position. `person[side]` says whether a person plays that side: a person's
    /// chosen move is printed at once, right after the prompt.
    fn tell(&mut self, game: &mut Game, person: [bool; 2], record: &mut Vec<serde_json::Value>) {
        for e in game.events.drain(..) {
            record.push(event_json(self.engine, &e));
            self.event(&e, person);
        }
        self.before = game.pos;
    }

    fn event(&mut self, e: &GameEvent, person: [bool; 2]) {
        let engine = self.engine;
        match *e {
            GameEvent::SeatThrow {
                player,
                value,
                took,
            } => {
                self.seat_throws
                    .push(format!("player {} throws {value}", player + 1));
                if let Some(side) = took {
                    let text = format!(
                        "Seats: {}; so {} plays {} and {} plays {}.",
                        self.seat_throws.join(", "),
                        self.player(player),
                        self.side(side as usize),
                        self.player(1 - player),
                        self.side(1 - side as usize)
                    );
                    self.seat_throws.clear();
                    self.line(text);
                }
            }
            GameEvent::Throw { value, .. } => self.throws.push(value),
            GameEvent::Move {
                side, throw, mv, ..
            } => {
                let s = side as usize;
                let mut before = self.before;
                before.to_move = side;
                let words = move_words(engine, &before, &mv, throw, self.style);
                self.before = engine.apply(&before, &mv, throw).0;
                let again = if words.extra_throw {
                    "; throws again"
                } else {
                    ""
                };
                let name = self.side(s);
                if throw == 0 {
                    self.line(format!(
                        "{name} makes its opening move (no throw): {}{again}.",
                        words.text
                    ));
                } else if person[s] && self.throws.is_empty() {
                    // A person's choice, right after the prompt.
                    self.moved[s] = true;
                    say!("  {name} moves {}{again}.", words.text);
                } else {
                    let thrown = throws_text(engine, &self.throws, false);
                    self.throws.clear();
                    self.line(format!(
                        "{name} throws {thrown} and moves {}{again}.",
                        words.text
                    ));
                }
            }
            GameEvent::Pass { side, throw } => {
                let name = self.side(side as usize);
                let text = if throw == 0 && self.throws.is_empty() {
                    format!("{name} has no opening move and passes.")
                } else if self.throws.is_empty() {
                    format!("{name} has no legal move with {throw} and passes.")
                } else {
                    let thrown = throws_text(engine, &self.throws, false);
                    format!("{name} throws {thrown}: no legal move, {name} passes.")
                };
                self.throws.clear();
                self.before = engine.pass(&self.before);
                self.line(text);
            }
            GameEvent::End { .. } => {}
        }
    }

    /// Prints what was kept since side `s` last moved, under a heading.
    fn flush(&mut self, s: usize) {
        if self.kept.is_empty() {
            return;
        }
        say!(
            "{}",
            if self.moved[s] {
                "Since your last move:"
            } else {
                "So far:"
            }
        );
        for line in self.kept.drain(..) {
            say!("  {line}");
        }
    }

    /// The throws of the side to move, told in full before its decision.
    fn throw_line(&mut self, s: usize) -> Option<String> {
        if self.throws.is_empty() {
            return None;
        }
        let text = format!(
            "{} throws: {}",
            self.side(s),
            throws_text(self.engine, &self.throws, true)
        );
        self.throws.clear();
        Some(text)
    }
}

/// Reads one line of input, trimmed; `None` at the end of input.
fn read_line(input: &mut impl BufRead) -> Option<String> {
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    if input.read_line(&mut line).ok()? == 0 {
        return None;
    }
    Some(line.trim().to_string())
}

/// Asks a person to pick a move. `None` means they quit.
fn ask(
    engine: &Engine,
    game: &Game,
    side: usize,
    narrator: &mut Narrator,
    input: &mut impl BufRead,
) -> Option<usize> {
    let style = narrator.style;
    let moves = game.moves();
    let board = draw_position(engine, &game.pos, style);
    say!("\n{board}");
    narrator.flush(side);
    if let Some(line) = narrator.throw_line(side) {
        say!("{line}");
    }
    let words: Vec<MoveWords> = moves
        .iter()
        .map(|mv| move_words(engine, &game.pos, mv, game.total, style))
        .collect();
    let name = style.side(engine, side);
    let all_again = words.iter().all(|w| w.extra_throw);
    let again = |w: &MoveWords| {
        if w.extra_throw && !all_again {
            "; throws again"
        } else {
            ""
        }
    };
    let commands = |line: &str| -> Option<bool> {
        match line {
            "q" | "quit" => Some(false),
            "h" | "help" | "?" => {
                say!("{HELP}\n{}", device_text(engine));
                Some(true)
            }
            "b" | "board" => {
                say!("{board}");
                Some(true)
            }
            "l" | "list" => {
                say_raw!("{}", legend(engine));
                Some(true)
            }
            _ => None,
        }
    };
    let then = if all_again { ", then throws again" } else { "" };
    if let [only] = words.as_slice() {
        say!(
            "{name} has only one move with {}{then}: {}{}",
            game.total,
            only.text,
            again(only)
        );
        loop {
            say_raw!("press Enter to play it [h for help]: ");
            let line = read_line(input)?;
            match commands(&line) {
                Some(false) => return None,
                Some(true) => {}
                None => return Some(0),
            }
        }
    }
    let split = if game.phase == Phase::Distribute {
        ", split among pieces"
    } else {
        ""
    };
    say!("{name} to move with {}{split}{then}:", game.total);
    for (i, w) in words.iter().enumerate() {
        say!("  {:>2}) {}{}", i + 1, w.text, again(w));
    }
    loop {
        say_raw!("move [1-{}, h for help]: ", moves.len());
        let line = read_line(input)?;
        if line.is_empty() {
            return Some(0);
        }
        match commands(&line) {
            Some(false) => return None,
            Some(true) => {}
            None => match line.parse::<usize>() {
                Ok(k) if (1..=moves.len()).contains(&k) => return Some(k - 1),
                _ => say!(
                    "`{line}` is not a move; type 1-{}, or h for help.",
                    moves.len()
                ),
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
    pub table: Option<&'a str>,
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
    let table = match super::solve::table_if_optimal(engine, a.rules, a.options, a.players, a.table)
    {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut seats = Vec::new();
    for (i, name) in a.players.iter().enumerate() {
        if name == "human" {
            seats.push(Seat::Human);
        } else {
            match agents::by_name_with(
                name,
                seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1)),
                table.as_ref(),
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
    if let Some(seats) = &r.seats {
        say!(
            "  player 1 is {}, player 2 is {}; they throw for seats: the first to throw {} plays {}, the other {}",
            a.players[0],
            a.players[1],
            seats.until,
            style.side(engine, seats.side),
            style.side(engine, 1 - seats.side)
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
    say!("{}", device_text(engine));
    if any_human {
        say!("{HELP}");
        say_raw!("\nSpecial squares:\n{}", legend(engine));
    } else {
        // With a person the board is drawn at each decision, the first one included.
        say!("\n{}", draw_position(engine, &engine.start(), style));
    }

    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::new(engine, a.turn_cap);
    let mut narrator = Narrator {
        engine,
        style,
        players: a.players,
        hold: any_human,
        kept: Vec::new(),
        throws: Vec::new(),
        seat_throws: Vec::new(),
        before: game.pos,
        moved: [false; 2],
    };
    let mut events = Vec::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut quit = false;
    loop {
        let person = [0, 1].map(|s| matches!(seats[game.summary.seat[s] as usize], Seat::Human));
        let action = game.next_action();
        narrator.tell(&mut game, person, &mut events);
        match action {
            Action::SeatThrow { .. } | Action::Throw { .. } => {
                let v = random_throw(engine, &mut rng);
                game.give_throw(v);
            }
            Action::Choose { side } => {
                let s = side as usize;
                let player = game.summary.seat[s] as usize;
                let choice = match &mut seats[player] {
                    Seat::Human => ask(engine, &game, s, &mut narrator, &mut input),
                    Seat::Agent(_) if game.moves().len() == 1 => Some(0),
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
        narrator.tell(&mut game, person, &mut events);
    }
    if let Some(s) = (0..2).find(|&s| matches!(seats[game.summary.seat[s] as usize], Seat::Human)) {
        narrator.flush(s);
    }
    say!("\n{}", draw_position(engine, &game.pos, style));
    if quit {
        say!("Game stopped after {} moves.", game.summary.moves);
    } else {
        say!(
            "{}",
            end_text(
                engine,
                game.summary.outcome.as_ref(),
                &game.pos,
                game.summary.moves,
                game.summary.turns,
                style
            )
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
