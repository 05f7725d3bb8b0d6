//! `senet play` and `senet replay`.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use senet::agents;
use senet::check::RuleSet;
use senet::compile::Phase;
use senet::engine::Engine;
use senet::engine::game::{Action, Game, GameEvent, Player, random_throw};
use senet::notation::record::{self, Header, RecordHead, Replayed, event_json, outcome_text};
use senet::render::game::{
    MoveWords, Style, device_text, draw_position, end_text, legend, move_words,
};
use senet::render::narrate::Narrator;
use senet::types::{PerSide, Side};

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

fn print_lines(lines: Vec<String>) {
    for line in lines {
        say!("{line}");
    }
}

/// Reads one line of input, trimmed; `None` at the end of input.
fn read_line(input: &mut impl BufRead) -> Option<String> {
    super::output::flush_stdout();
    let mut line = Vec::new();
    let limit = u64::try_from(MAX_INPUT_LINE + 1).unwrap_or(u64::MAX);
    if std::io::Read::take(&mut *input, limit)
        .read_until(b'\n', &mut line)
        .ok()?
        == 0
    {
        return None;
    }
    if line.len() > MAX_INPUT_LINE && !line.ends_with(b"\n") {
        // Nothing a person types is this long: the input is not a person's, stop reading it.
        complain!("error: an input line longer than {MAX_INPUT_LINE} bytes; the game stops");
        return None;
    }
    // A line that is not text is no command and no move: it is asked again.
    Some(
        String::from_utf8(line).map_or_else(|_| "(not text)".to_string(), |l| l.trim().to_string()),
    )
}

/// The longest line a person's answer may be.
const MAX_INPUT_LINE: usize = 4096;

/// Asks a person to pick a move. `None` means they quit.
fn ask(
    engine: &Engine,
    game: &Game,
    side: Side,
    style: Style,
    narrator: &mut Narrator,
    input: &mut impl BufRead,
) -> Option<usize> {
    let moves = game.moves();
    let board = draw_position(engine, &game.pos, style);
    say!("\n{board}");
    print_lines(narrator.flush(side));
    if let Some(line) = narrator.throw_line(side) {
        say!("{line}");
    }
    let spend = game.phase == Phase::Spend;
    // Throws of more than one value left: each option says which it plays.
    let several = spend && game.pool().iter().any(|&t| t != game.pool()[0]);
    let words: Vec<MoveWords> = moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let (after, report) = engine.apply(&game.pos, mv, game.total);
            let mut w = move_words(engine, side, &report, engine.outcome(&after), style);
            if several {
                // Each option plays one of the turn's throws.
                w.text = format!("with {}: {}", game.throw_of(i), w.text);
            }
            w
        })
        .collect();
    // What the side moves with: the total, or the throws it has left to play.
    let with = if spend {
        let list: Vec<String> = game.pool().iter().map(ToString::to_string).collect();
        match list.as_slice() {
            [one] => format!("its throw {one}"),
            _ => format!("one of its throws {}", list.join(", ")),
        }
    } else {
        game.total.to_string()
    };
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
            "{name} has only one move with {with}{then}: {}{}",
            only.text,
            again(only)
        );
        loop {
            say_raw!("press Enter to play it [h for help]: ");
            let line = read_line(input)?;
            match commands(&line) {
                Some(false) => return None,
                Some(true) => {}
                None if line.is_empty() || line == "1" => return Some(0),
                None => {
                    say!("`{line}` is not a command: press Enter to play the move, or h for help.")
                }
            }
        }
    }
    let split = if game.phase == Phase::Distribute {
        ", split among pieces"
    } else {
        ""
    };
    say!("{name} to move with {with}{split}{then}:");
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
    pub players: &'a [String],
    pub seed: Option<u64>,
    pub record: Option<&'a str>,
    pub turn_cap: u32,
    pub table: Option<&'a str>,
}

/// A game taken up from its record: where it stands, and the record's events so far.
pub struct Resumed<'e> {
    pub from: Replayed<'e>,
    pub events: Vec<serde_json::Value>,
}

pub fn play(engine: &Engine, a: PlayArgs, resumed: Option<Resumed>) -> ExitCode {
    if a.players.len() != 2 {
        complain!(
            "error: `--players` names two players, in side order (for example `human,random`)"
        );
        return ExitCode::from(2);
    }
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| {
                u64::try_from(d.as_nanos() % u128::from(u64::MAX)).unwrap_or(0)
            })
    });
    // The record's file is opened before the game, so that a game is never played for a record
    // that cannot be written.
    let mut record_file = match a.record.map(|path| open_record(path, &a)) {
        None => None,
        Some(Ok(file)) => Some(file),
        Some(Err(e)) => {
            complain!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let table = match agents::table_for(engine, a.rules, a.players, a.table) {
        Ok(t) => t,
        Err(e) => {
            complain!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut seats = Vec::new();
    for (i, name) in (0u64..).zip(a.players) {
        if name == "human" {
            seats.push(Seat::Human);
        } else {
            match agents::by_name_with(
                name,
                seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i + 1)),
                table.as_ref(),
            ) {
                Ok(agent) => seats.push(Seat::Agent(agent)),
                Err(e) => {
                    complain!("error: {e}");
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
            style.side(engine, seats.side.other())
        );
    } else {
        for s in Side::BOTH {
            say!(
                "  {} is player {}: {}",
                style.side(engine, s),
                s.index() + 1,
                a.players[s.index()]
            );
        }
    }
    say!("seed {seed}");
    say!("{}", device_text(engine));
    let (mut game, mut rng, mut events) = match resumed {
        Some(r) => {
            say!(
                "Resumed after {} moves and {} turns.",
                r.from.game.summary.moves,
                r.from.game.summary.turns
            );
            (r.from.game, r.from.throws, r.events)
        }
        None => (
            Game::new(engine, a.turn_cap),
            Pcg64Mcg::seed_from_u64(seed),
            Vec::new(),
        ),
    };
    if any_human {
        say!("{HELP}");
        say_raw!("\nSpecial squares:\n{}", legend(engine));
    } else {
        // With a person the board is drawn at each decision, the first one included.
        say!("\n{}", draw_position(engine, &game.pos, style));
    }

    let mut narrator = Narrator::new(engine, style, a.players, any_human);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut quit = false;
    // When the record was last written: at the first choice it always is.
    let mut written: Option<Instant> = None;
    let person = |game: &Game, seats: &[Seat]| {
        PerSide::from_fn(|s| matches!(seats[usize::from(game.summary.seat[s])], Seat::Human))
    };
    loop {
        let action = game.next_action();
        let persons = person(&game, &seats);
        tell(&mut game, &mut narrator, persons, &mut events);
        // Before a person's choice (and before an agent's once a second has passed since the
        // last write) the record holds the game so far, as stopped there: a game cut off
        // (Ctrl-C, a closed terminal) leaves a record that replays up to that point. Agents'
        // quick choices are not each written: that would cost a whole record per move.
        if let (Action::Choose { side }, Some(file)) = (action, record_file.as_mut())
            && (person(&game, &seats)[side]
                || written.is_none_or(|w| w.elapsed() >= Duration::from_secs(1)))
        {
            let header = record_header(&a, seed, true);
            let json = record::record_json(&header, engine, events.clone(), &game.summary);
            if let Err(e) = rewrite(file, &json) {
                complain!("error: cannot write the record: {e}");
                return ExitCode::from(2);
            }
            written = Some(Instant::now());
        }
        match action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                let v = random_throw(engine, &mut rng);
                game.give_throw(v);
            }
            Action::Choose { side } => {
                let player = usize::from(game.summary.seat[side]);
                let choice = match &mut seats[player] {
                    Seat::Human => ask(engine, &game, side, style, &mut narrator, &mut input),
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
        let persons = person(&game, &seats);
        tell(&mut game, &mut narrator, persons, &mut events);
    }
    if let Some(s) = Side::BOTH.into_iter().find(|&s| person(&game, &seats)[s]) {
        print_lines(narrator.flush(s));
    }
    say!("\n{}", draw_position(engine, &game.pos, style));
    if quit {
        let n = game.summary.moves;
        say!(
            "Game stopped after {n} move{}.",
            if n == 1 { "" } else { "s" }
        );
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
    for (k, seat) in seats.iter().enumerate() {
        if let Seat::Agent(agent) = seat
            && agent.fallbacks() > 0
        {
            complain!(
                "note: player {} (`{}`) met {} positions its table does not hold and played them as `greedy`",
                k + 1,
                a.players[k],
                agent.fallbacks()
            );
        }
    }
    if let (Some(path), Some(file)) = (a.record, record_file.as_mut()) {
        // A stopped game is recorded too, as stopped: it replays up to where it stopped.
        let header = record_header(&a, seed, quit);
        let json = record::record_json(&header, engine, events, &game.summary);
        if let Err(e) = rewrite(file, &json) {
            complain!("error: cannot write the record to `{path}`: {e}");
            return ExitCode::from(2);
        }
        say!("Record written to {path}.");
    }
    ExitCode::SUCCESS
}

fn record_header<'a>(a: &'a PlayArgs, seed: u64, stopped: bool) -> Header<'a> {
    Header {
        rules: a.rules,
        seed,
        players: a.players,
        turn_cap: a.turn_cap,
        stopped,
    }
}

/// Writes `json` as the whole content of the record's file.
fn rewrite(file: &mut std::fs::File, json: &serde_json::Value) -> std::io::Result<()> {
    use std::io::Seek;
    let text = serde_json::to_string_pretty(json).expect("JSON values always serialise");
    file.set_len(0)?;
    file.rewind()?;
    writeln!(file, "{text}")?;
    file.flush()
}

/// Opens (creates or empties) the file a game is recorded in, refusing one that is an input of
/// the game: the rule file or the solved table.
fn open_record(path: &str, a: &PlayArgs) -> Result<std::fs::File, String> {
    let same = |input: &str| {
        let (Ok(p), Ok(i)) = (std::fs::canonicalize(path), std::fs::canonicalize(input)) else {
            return false;
        };
        p == i
    };
    if same(a.target) || a.table.is_some_and(same) {
        return Err(format!(
            "`{path}` is an input of this game (its rules or its table): record it in another file"
        ));
    }
    std::fs::File::create(path).map_err(|e| format!("cannot write the record to `{path}`: {e}"))
}

/// Tells the events the game has gathered, keeps them for the record, and prints what is to be
/// printed now.
fn tell(
    game: &mut Game,
    narrator: &mut Narrator,
    person: PerSide<bool>,
    record: &mut Vec<serde_json::Value>,
) {
    for e in game.events.drain(..) {
        record.push(event_json(game.engine, &e));
        narrator.event(&e, person);
    }
    print_lines(narrator.take());
}

/// Reads a record and loads its rules: the rule text it carries (or, in a record written before
/// rules were carried, the file or bundled id it names), checked against the record's hash.
pub(super) fn load_record(path: &str) -> Result<(RecordHead, RuleSet), String> {
    let text = super::input::read_text(path, super::input::MAX_RECORD)
        .map_err(|e| format!("cannot read it: {e}"))?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("not valid JSON: {e}"))?;
    let head = record::read_head(&value)?;
    let rules = match &head.files {
        Some(files) => senet::check::check_chain(files.clone(), &head.options).map_err(|_| {
            format!(
                "the rules it carries (`{}`) do not check under this version of senet",
                head.source
            )
        })?,
        None => senet::check::check_target(&head.source, &head.options).map_err(|_| {
            format!(
                "its rules `{}` do not load (run `senet check {}`)",
                head.source, head.source
            )
        })?,
    };
    if rules.hash != head.hash {
        return Err(format!(
            "the rules `{}` have changed since the game was recorded (hash {} now, {} in the record)",
            head.source, rules.hash, head.hash
        ));
    }
    Ok((head, rules))
}

/// `senet replay FILE`: loads the record's rules and replays every event.
pub fn replay(path: &str, show: bool) -> ExitCode {
    let fail = |msg: String| {
        complain!("error: `{path}` cannot be replayed: {msg}");
        ExitCode::from(2)
    };
    let (head, rules) = match load_record(path) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let engine = Engine::new(senet::compile::compile(&rules));
    // The whole record is verified before any of it is shown.
    let mut replayed: Vec<GameEvent> = Vec::new();
    match record::replay(&engine, &head, |e| replayed.push(*e)) {
        Ok(Replayed { game, .. }) => {
            if show {
                show_game(&engine, &head.players, &replayed);
            }
            say!(
                "ok  {path}: {} replayed, {} events, {} moves: {}",
                rules.id,
                head.events.len(),
                game.summary.moves,
                if game.summary.outcome.is_none()
                    && head.result == serde_json::json!({ "stopped": true })
                {
                    "stopped by a player (`senet play --resume` goes on with it)".to_string()
                } else {
                    outcome_text(&engine, game.summary.outcome.as_ref())
                }
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

/// `senet play --resume RECORD`: replays the record, then goes on with the game where it
/// stopped, recording it on in the same file (or in `record`).
pub fn resume(path: &str, record: Option<&str>, table: Option<&str>) -> ExitCode {
    let fail = |msg: String| {
        complain!("error: `{path}` cannot be resumed: {msg}");
        ExitCode::from(2)
    };
    let (head, rules) = match load_record(path) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    if head.result != serde_json::json!({ "stopped": true }) {
        return fail(
            if head.result == serde_json::json!({ "unfinished": true }) {
                "the game reached its turn cap".into()
            } else {
                "the game is over".into()
            },
        );
    }
    let engine = Engine::new(senet::compile::compile(&rules));
    let replayed = match record::replay(&engine, &head, |_| {}) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let Some(turn_cap) = head.turn_cap else {
        return fail("it was written before records kept their turn cap".into());
    };
    super::play::play(
        &engine,
        PlayArgs {
            target: &head.source,
            rules: &rules,
            players: &head.players,
            seed: Some(head.seed),
            record: Some(record.unwrap_or(path)),
            turn_cap,
            table,
        },
        Some(Resumed {
            from: replayed,
            events: head.events.clone(),
        }),
    )
}

/// A replayed game told move by move, with the board drawn after every move and pass.
fn show_game(engine: &Engine, players: &[String], events: &[GameEvent]) {
    let style = style();
    let mut narrator = Narrator::new(engine, style, players, false);
    say!("{}", draw_position(engine, &engine.start(), style));
    for e in events {
        narrator.event(e, PerSide::default());
        print_lines(narrator.take());
        if let GameEvent::Move { after, .. }
        | GameEvent::Pass { after, .. }
        | GameEvent::TurnLost { after, .. } = e
        {
            say!("{}", draw_position(engine, after, style));
        }
    }
}
