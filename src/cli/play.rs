//! `senet play` and `senet replay`.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use senet::agents;
use senet::check::RuleSet;
use senet::compile::Phase;
use senet::engine::Engine;
use senet::engine::game::{Action, GameEvent, Player};
use senet::matches::MatchScore;
use senet::notation::event::ResultNote;
use senet::notation::record::{self, Record, Replayed, outcome_text};
use senet::render::game::{
    MoveWords, Style, device_text, draw_path, draw_position, end_text, goal_text, legend,
    move_words, throw_text,
};
use senet::render::narrate::Narrator;
use senet::session::{Advice, Adviser, Decision, DecisionError, Needs, Play, Session};
use senet::turn_steps::TurnSteps;
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

const HELP: &str = "Type the number of a move and Enter (Enter alone plays 1); `?` the value of each move, `u` takes back your last move, `s FILE` saves the game (`senet play --resume FILE` goes on with it), `b` board, `l` special squares, `p` your path, `h` help, `q` quits.";

fn print_lines(lines: Vec<String>) {
    for line in lines {
        say!("{line}");
    }
}

/// Reads one line of input, trimmed; `None` at the end of input.
pub(super) fn read_line(input: &mut impl BufRead) -> Option<String> {
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

/// What a person answered at a decision.
enum Reply {
    Move(usize),
    /// The game was taken back to an earlier decision of the person's.
    Undone,
    Quit,
}

/// What a command typed at a decision does there.
enum Typed {
    /// Answered; ask again.
    Answered,
    Undone,
    Quit,
    /// Not a command.
    Not,
}

pub struct PlayArgs<'a> {
    pub target: &'a str,
    pub rules: &'a RuleSet,
    pub players: &'a [senet::players::Player],
    pub seed: Option<u64>,
    pub record: Option<&'a str>,
    pub turn_cap: u32,
    pub table: Option<&'a str>,
    /// The side a match puts first in this game (`None`: as the rules say).
    pub first: Option<Side>,
    /// The match points a pass scores in the match this game is of (`None`: as the rules say).
    pub pass_score: Option<u32>,
}

/// How a game at the terminal ended: its counts and result, the side that began it, and
/// whether a player stopped it.
struct Ended {
    summary: senet::engine::game::GameSummary,
    began: Option<Side>,
    /// The turns each side had no legal move in (where passes score in a match).
    passes: PerSide<u32>,
    quit: bool,
}

/// A game at the terminal: the players, the game and its decisions, its record.
struct Terminal<'e> {
    engine: &'e Engine,
    a: &'e PlayArgs<'e>,
    seats: Vec<Seat>,
    session: Session,
    play: Play<'e>,
    /// The record's file.
    record: Option<String>,
    narrator: Narrator<'e>,
    style: Style,
    adviser: Adviser,
    /// The sides whose person has been told what they play for.
    introduced: PerSide<bool>,
}

/// `senet play`: a game from its start, or (`resumed`) one taken up where its decisions end.
pub fn play(engine: &Engine, a: PlayArgs, resumed: Option<Session>) -> ExitCode {
    match play_game(engine, a, resumed) {
        Ok(_) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// `senet play` of rules that play a match (`match to N points`): game after game, each a
/// game of [`play`] with its own seed and record (`game.json` becomes `game-1.json`,
/// `game-2.json`, ...), the score told between them, until a player has the points.
pub fn play_match(rules: &RuleSet, a: PlayArgs) -> ExitCode {
    let Some(plan) = &rules.matched else {
        unreachable!("only rules that play a match are played as one");
    };
    let seed = a.seed.unwrap_or_else(clock_seed);
    let ids: Vec<&str> = plan.games.iter().map(|g| g.id.as_str()).collect();
    let games = if ids.is_empty() {
        String::new()
    } else {
        format!(": {}, in turn", ids.join(", "))
    };
    say!(
        "{} ({}): a match to {} points{games}; match seed {seed}",
        rules.title,
        rules.id,
        plan.to
    );
    let mut score = MatchScore::new(plan);
    while !score.over(plan) {
        let k = score.next_game(plan);
        let game_rules = plan.games.get(k).unwrap_or(rules);
        let engine = Engine::new(senet::compile::compile(game_rules));
        let record = a.record.map(|path| numbered(path, score.games + 1));
        say!(
            "
== Game {} of the match: {} ({}) ==",
            score.games + 1,
            game_rules.title,
            game_rules.id
        );
        let args = PlayArgs {
            target: &game_rules.id,
            rules: game_rules,
            record: record.as_deref(),
            seed: Some(senet::seed::game_seed(seed, u64::from(score.games))),
            first: score.next_first(plan),
            pass_score: Some(plan.pass_score),
            ..a
        };
        let ended = match play_game(&engine, args, None) {
            Ok(ended) => ended,
            Err(code) => return code,
        };
        if ended.quit {
            say!(
                "Match stopped in game {} at {} to {}.",
                score.games + 1,
                score.points[0],
                score.points[1]
            );
            return ExitCode::SUCCESS;
        }
        score.add(
            &ended.summary,
            ended.began.unwrap_or(engine.rules.first),
            senet::matches::scores_points(&engine),
        );
        score.add_passes(ended.passes, ended.summary.seat);
        say!(
            "Match score, to {}: player 1 ({}) {}, player 2 ({}) {}.",
            plan.to,
            a.players[0],
            score.points[0],
            a.players[1],
            score.points[1]
        );
    }
    match score.winner(plan) {
        Some(p) => say!(
            "Player {} ({}) wins the match, {} to {}, in {} game{}.",
            p + 1,
            a.players[p],
            score.points[p],
            score.points[1 - p],
            score.games,
            if score.games == 1 { "" } else { "s" }
        ),
        None => say!(
            "The match ends unwon after {} games (a game stopped unfinished, or the most games a match plays).",
            score.games
        ),
    }
    ExitCode::SUCCESS
}

/// The record of game `n` of a match recorded to `path`: `game.json` gives `game-3.json`.
fn numbered(path: &str, n: u32) -> String {
    let p = std::path::Path::new(path);
    let stem = p
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match p.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    p.with_file_name(name).to_string_lossy().into_owned()
}

/// A seed from the clock, for a game not given one.
pub(super) fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| {
            u64::try_from(d.as_nanos() % u128::from(u64::MAX)).unwrap_or(0)
        })
}

/// A game at the terminal ([`play`]), and how it ended.
fn play_game(engine: &Engine, a: PlayArgs, resumed: Option<Session>) -> Result<Ended, ExitCode> {
    if a.players.len() != 2 {
        complain!(
            "error: `--players` names two players, in side order (for example `human,normal`)"
        );
        return Err(ExitCode::from(2));
    }
    let seed = a.seed.unwrap_or_else(clock_seed);
    if let Some(Err(e)) = a.record.map(|path| check_record(path, &a)) {
        complain!("error: {e}");
        return Err(ExitCode::from(2));
    }
    let record = a.record.map(str::to_string);
    let any_human = a.players.iter().any(senet::players::Player::is_human);
    // A table serves the `perfect` player, or a person's hints.
    let table = match (a.table, any_human) {
        (Some(path), true) if !a.players.iter().any(senet::players::Player::needs_table) => {
            agents::load_table(engine, &a.rules.rules_id(), path)
                .map(Some)
                .map_err(|e| e.to_string())
        }
        _ => agents::table_for(engine, &a.rules.rules_id(), a.players, a.table)
            .map_err(|e| e.to_string()),
    };
    let table = match table.and_then(|t| {
        agents::check_nets(&a.rules.rules_id(), a.players)
            .map(|()| t)
            .map_err(|e| e.to_string())
    }) {
        Ok(t) => t,
        Err(e) => {
            complain!("error: {e}");
            return Err(ExitCode::from(2));
        }
    };
    let mut seats = Vec::new();
    for (i, player) in (0u64..).zip(a.players) {
        if player.is_human() {
            seats.push(Seat::Human);
        } else {
            match agents::make(player, senet::seed::seat_seed(seed, i), table.as_ref()) {
                Ok(agent) => seats.push(Seat::Agent(agent)),
                Err(e) => {
                    complain!("error: {e}");
                    return Err(ExitCode::from(2));
                }
            }
        }
    }
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
    let (session, play) = match resumed {
        Some(session) => {
            let Ok((play, _)) = session.rebuild(engine) else {
                complain!("error: the game's decisions do not replay");
                return Err(ExitCode::from(2));
            };
            let summary = &play.game.summary;
            say!(
                "Resumed after {} moves and {} turns.",
                summary.moves,
                summary.turns
            );
            (session, play)
        }
        None => {
            let mut session = Session::new(a.players.to_vec(), seed, a.turn_cap);
            session.first = a.first;
            let play = Play::new(engine, &session);
            (session, play)
        }
    };
    let mut session = Terminal {
        engine,
        a: &a,
        seats,
        session,
        play,
        record,
        narrator: narrator(engine, &a, style, any_human),
        style,
        adviser: Adviser::new(table, seed),
        introduced: PerSide::default(),
    };
    if any_human {
        say!("{HELP}");
        say_raw!("\nSpecial squares:\n{}", legend(engine));
        // Without a ritual that seats them, people know their sides now.
        if r.seats.is_none() || session.play.game.phase != Phase::Seating {
            for s in Side::BOTH {
                if session.persons()[s] {
                    session.introduce(s);
                }
            }
        }
    } else {
        // With a person the board is drawn at each decision, the first one included.
        say!("\n{}", draw_position(engine, &session.play.game.pos, style));
    }
    session.run()
}

impl Terminal<'_> {
    /// Which sides a person plays.
    fn persons(&self) -> PerSide<bool> {
        PerSide::from_fn(|s| {
            matches!(
                self.seats[usize::from(self.play.game.summary.seat[s])],
                Seat::Human
            )
        })
    }

    /// Tells the person who plays `s` which side that is, who moves first, the goal, and the
    /// path.
    fn introduce(&mut self, s: Side) {
        let (engine, style) = (self.engine, self.style);
        let r = &engine.rules;
        self.introduced[s] = true;
        let first = if let Some(side) = self.a.first {
            if side == s {
                "the match has you move first".to_string()
            } else {
                format!("the match has {} move first", style.side(engine, side))
            }
        } else if r.opening_throw.is_some() {
            "an opening throw of one die each decides who moves first".to_string()
        } else if r.throw_off {
            "a throw-off decides who moves first".to_string()
        } else if r.first == s {
            "you move first".to_string()
        } else {
            format!("{} moves first", style.side(engine, r.first))
        };
        let side = &r.sides[s];
        say!(
            "\nYou play {} ({}); {first}.",
            style.side(engine, s),
            senet::render::board::initial(&side.name)
        );
        say!("{}", goal_text(engine, s, style));
        // A looped path is never left but by capture.
        let then = if side.looped {
            "and round again"
        } else if r.bear_when == senet::compile::BearCondition::Never {
            "where it ends"
        } else {
            "then off the board"
        };
        say_raw!(
            "Your path: the squares in the order numbered here, 1 to {}, {then}.\n{}",
            side.len(),
            draw_path(engine, s)
        );
    }

    fn run(&mut self) -> Result<Ended, ExitCode> {
        let engine = self.engine;
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut quit = false;
        // When the record was last written: at the first choice it always is.
        let mut written: Option<Instant> = None;
        loop {
            let action = self.next_action();
            // Before a person's choice (and before an agent's once a second has passed since the
            // last write) the record holds the game so far, as stopped there: a game cut off
            // (Ctrl-C, a closed terminal) leaves a record that replays up to that point. Agents'
            // quick choices are not each written: that would cost a whole record per move.
            if let Action::Choose { side } = action
                && self.record.is_some()
                && (self.persons()[side]
                    || written.is_none_or(|w| w.elapsed() >= Duration::from_secs(1)))
            {
                if let Err(e) = self.write_record(true) {
                    complain!("error: the record: {e}");
                    return Err(ExitCode::from(2));
                }
                written = Some(Instant::now());
            }
            let decision = match self.play.follow(&self.session, action) {
                Ok(None) => continue,
                Ok(Some(Needs::Nothing)) => break,
                // A person's throws are thrown for them.
                Ok(Some(Needs::Throw { .. })) => Decision::Throw,
                Ok(Some(Needs::Move { side, player })) => {
                    let reply = match &mut self.seats[player] {
                        Seat::Human => {
                            if !self.introduced[side] {
                                // Seated by a ritual: what led to the seat comes first.
                                print_lines(self.narrator.flush(side));
                                self.introduce(side);
                            }
                            self.ask(side, &mut input)
                        }
                        Seat::Agent(_) if self.play.game.moves().len() == 1 => Reply::Move(0),
                        Seat::Agent(agent) => {
                            let game = &self.play.game;
                            Reply::Move(agent.choose(engine, &game.pos, game.total, game.moves()))
                        }
                    };
                    match reply {
                        Reply::Move(i) => Decision::Move(i),
                        Reply::Undone => continue,
                        Reply::Quit => {
                            quit = true;
                            break;
                        }
                    }
                }
                Err(e) => {
                    complain!("error: {e}");
                    return Err(ExitCode::from(2));
                }
            };
            if let Err(e) = self.play.take(&mut self.session, decision) {
                complain!("error: {e}");
                return Err(ExitCode::from(2));
            }
        }
        if let Some(s) = Side::BOTH.into_iter().find(|&s| self.persons()[s]) {
            print_lines(self.narrator.flush(s));
        }
        let (game, style) = (&self.play.game, self.style);
        say!("\n{}", draw_position(engine, &game.pos, style));
        if quit {
            let n = game.summary.moves;
            say!(
                "Game stopped after {n} move{}.",
                if n == 1 { "" } else { "s" }
            );
        } else {
            say!("{}", end_text(engine, &game.summary, &game.pos, style));
        }
        for (k, seat) in self.seats.iter().enumerate() {
            if let Seat::Agent(agent) = seat
                && agent.fallbacks() > 0
            {
                complain!(
                    "note: player {} (`{}`) met {} {}",
                    k + 1,
                    self.a.players[k],
                    agent.fallbacks(),
                    senet::agents::fallback_note(&self.a.players[k])
                );
            }
        }
        if self.record.is_some() {
            // A stopped game is recorded too, as stopped: it replays up to where it stopped.
            if let Err(e) = self.write_record(quit) {
                complain!("error: the record: {e}");
                return Err(ExitCode::from(2));
            }
            let path = self.record.as_deref().unwrap_or_default();
            if quit {
                say!(
                    "Record written to {path}; `senet play --resume {path}` goes on with the game."
                );
            } else {
                say!("Record written to {path}.");
            }
        }
        let game = &self.play.game;
        let mut passes = PerSide::default();
        for e in self.play.events() {
            if let GameEvent::Pass { side, .. } = e {
                passes[*side] += 1;
            }
        }
        Ok(Ended {
            summary: game.summary,
            began: game.began(),
            passes,
            quit,
        })
    }

    /// Writes the game so far as the whole record (`stopped`: as a game stopped here).
    fn write_record(&mut self, stopped: bool) -> Result<(), senet::files::WriteError> {
        match &self.record {
            Some(path) => rewrite(
                path,
                &self.session.record(self.a.rules, &self.play, stopped),
            ),
            None => Ok(()),
        }
    }

    /// The game's next action; the events that led there are told, and what is to be printed
    /// now is printed.
    fn next_action(&mut self) -> Action {
        let person = self.persons();
        let narrator = &mut self.narrator;
        let action = self.play.next_action(|e| narrator.event(e, person));
        print_lines(self.narrator.take());
        action
    }

    /// Asks a person to pick a move for `side`.
    fn ask(&mut self, side: Side, input: &mut impl BufRead) -> Reply {
        let (engine, style) = (self.engine, self.style);
        let game = &self.play.game;
        let moves = game.moves();
        let board = draw_position(engine, &game.pos, style);
        say!("\n{board}");
        print_lines(self.narrator.flush(side));
        if let Some(line) = self.narrator.throw_line(side) {
            say!("{line}");
        }
        let spend = game.phase == Phase::Spend;
        // Throws of more than one value left: each option says which it plays.
        let several = spend && game.pool().iter().any(|&t| t != game.pool()[0]);
        let words: Vec<MoveWords> = moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let (after, report) = engine.apply(&game.pos, mv, game.throw_of(i));
                let throw = game.throw_of(i);
                let mut w = move_words(engine, side, &report, throw, engine.outcome(&after), style);
                if several {
                    // Each option plays one of the turn's throws.
                    w.text = format!("with {}: {}", game.throw_of(i), w.text);
                }
                w
            })
            .collect();
        // What the side moves with: the total, or the throws it has left to play.
        let with = if engine.rules.device.is_each() {
            // A side's first double, where it is played once, as it is played.
            let code = engine.pool_code(&game.pos, game.total);
            throw_text(engine, u8::try_from(code.get()).unwrap_or(0), false)
        } else if spend {
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
        let then = if all_again { ", then throws again" } else { "" };
        let count = moves.len();
        if let [only] = words.as_slice() {
            say!(
                "{name} has only one move with {with}{then}: {}{}",
                only.text,
                again(only)
            );
            loop {
                say_raw!("press Enter to play it [h for help]: ");
                let Some(line) = read_line(input) else {
                    return Reply::Quit;
                };
                match self.command(&line, side, &words, &board) {
                    Typed::Quit => return Reply::Quit,
                    Typed::Undone => return Reply::Undone,
                    Typed::Answered => {}
                    Typed::Not if line.is_empty() || line == "1" => return Reply::Move(0),
                    Typed::Not => {
                        say!(
                            "`{line}` is not a command: press Enter to play the move, or h for help."
                        )
                    }
                }
            }
        }
        let throw = self.play.game.throw_of(0);
        let pos = self.play.game.pos;
        if let Some(steps) = TurnSteps::new(engine, &pos, throw, self.play.game.moves()) {
            say!("{name} to move with {with}, one die at a time{then}:");
            return self.ask_steps(side, &steps, (&words, &board), input);
        }
        let split = if self.play.game.phase == Phase::Distribute {
            ", split among pieces"
        } else {
            ""
        };
        say!("{name} to move with {with}{split}{then}:");
        for (i, w) in words.iter().enumerate() {
            say!("  {:>2}) {}{}", i + 1, w.text, again(w));
        }
        loop {
            say_raw!("move [1-{count}, ? for hints, h for help]: ");
            let Some(line) = read_line(input) else {
                return Reply::Quit;
            };
            if line.is_empty() {
                return Reply::Move(0);
            }
            match self.command(&line, side, &words, &board) {
                Typed::Quit => return Reply::Quit,
                Typed::Undone => return Reply::Undone,
                Typed::Answered => {}
                Typed::Not => match line.parse::<usize>() {
                    Ok(k) if (1..=count).contains(&k) => return Reply::Move(k - 1),
                    _ => say!("`{line}` is not a move; type 1-{count}, or h for help."),
                },
            }
        }
    }

    /// A turn of dice played one by one, chosen a step at a time: the steps that can come next,
    /// each with its die, until the steps taken make one of the turn's moves.
    fn ask_steps(
        &mut self,
        side: Side,
        steps: &TurnSteps,
        (words, board): (&[MoveWords], &str),
        input: &mut impl BufRead,
    ) -> Reply {
        let engine = self.engine;
        let mut taken = Vec::new();
        loop {
            if let Some(i) = steps.chosen(&taken).filter(|_| !taken.is_empty()) {
                return Reply::Move(i);
            }
            let options = steps.options(&taken);
            for (k, (step, dice)) in options.iter().enumerate() {
                let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
                let which = match dice.as_slice() {
                    [one] => format!("the {one}"),
                    more => format!("the {} together", more.join(" and ")),
                };
                say!(
                    "  {:>2}) {} with {which}",
                    k + 1,
                    step_text(engine, side, *step)
                );
            }
            let count = options.len();
            let back = if taken.is_empty() {
                ""
            } else {
                ", 0 to start the turn again"
            };
            // Where the dice left may be left unplayed, the turn may end here.
            let ends = steps.ends(&taken);
            let end = if ends.is_some() {
                ", e to end the turn here"
            } else {
                ""
            };
            say_raw!("step [1-{count}{back}{end}, h for help]: ");
            let Some(line) = read_line(input) else {
                return Reply::Quit;
            };
            if let Some(i) = ends.filter(|_| line == "e") {
                return Reply::Move(i);
            }
            match self.command(&line, side, words, board) {
                Typed::Quit => return Reply::Quit,
                Typed::Undone => return Reply::Undone,
                Typed::Answered => {}
                Typed::Not => match line.parse::<usize>() {
                    Ok(0) if !taken.is_empty() => {
                        taken.clear();
                        say!("The turn starts again:");
                    }
                    Ok(k) if (1..=count).contains(&k) => taken.push(options[k - 1].0),
                    _ if line.is_empty() => taken.push(options[0].0),
                    _ => say!("`{line}` is not a step; type 1-{count}, or h for help."),
                },
            }
        }
    }

    /// Does what a command typed at `side`'s decision asks, if `line` is one.
    fn command(&mut self, line: &str, side: Side, words: &[MoveWords], board: &str) -> Typed {
        let engine = self.engine;
        let (word, arg) = match line.split_once(char::is_whitespace) {
            Some((w, a)) => (w, Some(a.trim())),
            None => (line, None),
        };
        match (word, arg) {
            ("q" | "quit", None) => return Typed::Quit,
            ("h" | "help", None) => say!("{HELP}\n{}", device_text(engine)),
            ("?" | "hint", None) => self.hint(side, words),
            ("u" | "undo", None) => match self.undo() {
                Ok(true) => return Typed::Undone,
                Ok(false) => say!("You have made no move to take back."),
                Err(e) => complain!("error: cannot take the move back: {e}"),
            },
            ("s" | "save", file) => self.save(file),
            ("b" | "board", None) => say!("{board}"),
            ("l" | "list", None) => say_raw!("{}", legend(engine)),
            ("p" | "path", None) => say_raw!("{}", draw_path(engine, side)),
            _ => return Typed::Not,
        }
        Typed::Answered
    }

    /// Shows the value of each legal move for `side`: its chance to win from the solved table
    /// where there is one, else the `hard` level's search.
    fn hint(&mut self, side: Side, words: &[MoveWords]) {
        let width = words
            .iter()
            .map(|w| w.text.chars().count())
            .max()
            .unwrap_or(0);
        let (values, what) = match self.adviser.advise(self.engine, &self.play.game, side) {
            Advice::Chances(chances) => (
                chances,
                "your chance to win after each move, from the solved table",
            ),
            Advice::Search(values) => (
                values,
                "the `hard` level's search: the worth of your pieces minus the enemy's, higher is better",
            ),
        };
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let percent = what.starts_with("your chance");
        say!("Values ({what}):");
        for (i, (w, &v)) in words.iter().zip(&values).enumerate() {
            let text = &w.text;
            let (value, behind) = if percent {
                (
                    format!("{:5.1} %", 100.0 * v),
                    format!("{:+.1}", 100.0 * (v - best)),
                )
            } else {
                (hint_value(v), format!("{:+.2}", v - best))
            };
            let mark = if v >= best - 1e-9 { "best" } else { &behind };
            say!("  {:>2}) {text:<width$}  {value:>8}  {mark}", i + 1);
        }
    }

    /// Takes back the person's last move and everything after it: the game goes back to that
    /// decision, with the same throw (the throws come from the seed, in order). Whether there
    /// was a move to take back.
    fn undo(&mut self) -> Result<bool, DecisionError> {
        if !self.session.undo(&self.play) {
            return Ok(false);
        }
        let (play, _) = self.session.rebuild(self.engine)?;
        self.play = play;
        // The throws of the turn so far are told again with the decision.
        let person = self.persons();
        self.narrator = narrator(self.engine, self.a, self.style, true);
        for e in self.play.turn_throws() {
            self.narrator.event(e, person);
        }
        say!("Move taken back: you choose again, with the same throw.");
        Ok(true)
    }

    /// Saves the game so far: to `file` (which then keeps the record as the game goes on), or
    /// to the record's file.
    fn save(&mut self, file: Option<&str>) {
        if let Some(path) = file {
            if let Err(e) = check_record(path, self.a) {
                complain!("error: {e}");
                return;
            }
            self.record = Some(path.to_string());
        }
        let Some(path) = self.record.clone() else {
            say!("Save to which file? Type `s FILE`.");
            return;
        };
        match self.write_record(true) {
            Ok(()) => say!(
                "Saved to {path} (and kept there as the game goes on); `senet play --resume {path}` goes on with it."
            ),
            Err(e) => complain!("error: the record: {e}"),
        }
    }
}

/// A heuristic value for people: a won or lost game in words, else the value.
/// A step as the board numbers it: `13 -> 8`, `enter -> 22`, `3 -> off`.
fn step_text(engine: &Engine, side: Side, step: senet::engine::Step) -> String {
    use senet::types::Place;
    let place = |p: Place| match p {
        Place::On(p) => engine.square(side, p).to_string(),
        Place::Waiting => "enter".to_string(),
        Place::Off => "off".to_string(),
        Place::Removed => "removed".to_string(),
    };
    if let Some(p) = step.taken() {
        let other = &engine.rules.sides[side.other()].name;
        return format!("take {other} on {}", engine.square(side.other(), p));
    }
    format!("{} -> {}", place(step.from()), place(step.to()))
}

fn hint_value(v: f64) -> String {
    if v >= agents::WIN - 1e-9 {
        "wins".into()
    } else if v <= -agents::WIN + 1e-9 {
        "loses".into()
    } else {
        format!("{v:+.2}")
    }
}

/// Writes `json` as the whole record, replacing the file whole ([`senet::files::write`]): a game
/// cut off, or a full disk, leaves the record as it was last written, never half of one.
fn rewrite(path: &str, json: &Record) -> Result<(), senet::files::WriteError> {
    senet::files::write(std::path::Path::new(path), |w| {
        serde_json::to_writer_pretty(&mut *w, json)?;
        writeln!(w)
    })
}

/// Refuses a file to record the game in that is one of the game's inputs (its rule file, its
/// table, a network a player plays with), or cannot be written: before the game, so that a
/// game is never played for a record that cannot be kept.
fn check_record(path: &str, a: &PlayArgs) -> Result<(), String> {
    let inputs = [a.target]
        .into_iter()
        .chain(a.table)
        .chain(super::output::net_files(a.players));
    super::output::check_output(std::path::Path::new(path), inputs)
        .map_err(|e| format!("the record: {e}"))
}

/// Reads a record and loads its rules: the rule text it carries (or, in a record written before
/// rules were carried, the file or bundled id it names), checked against the record's hash.
pub(super) fn load_record(path: &str) -> Result<(Record, RuleSet), String> {
    let text = super::input::read_text(path, super::input::MAX_RECORD)
        .map_err(|e| format!("cannot read it: {e}"))?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("not valid JSON: {e}"))?;
    let head = Record::read(&value).map_err(|e| e.to_string())?;
    let (source, options) = (&head.rules.source, head.option_list());
    let rules = match head.files() {
        Some(files) => senet::check::check_chain(files, &options).map_err(|_| {
            format!("the rules it carries (`{source}`) do not check under this version of senet")
        })?,
        None => senet::check::check_target(source, &options).map_err(|_| {
            format!("its rules `{source}` do not load (run `senet check {source}`)")
        })?,
    };
    if rules.hash != head.rules.hash {
        return Err(format!(
            "the rules `{source}` have changed since the game was recorded (hash {} now, {} in the record)",
            rules.hash, head.rules.hash
        ));
    }
    if let Some(why) = rules.why_many() {
        return Err(format!(
            "its rules `{source}` {why}: this record is of a game of the two-sided engine"
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
    // A record of a game of many sides says so by its format.
    if let Ok(text) = super::input::read_text(path, super::input::MAX_RECORD)
        && let Ok(v) = serde_json::from_str::<serde_json::Value>(&text)
        && v.get("format").and_then(serde_json::Value::as_str)
            == Some(senet::notation::multi_record::MULTI_FORMAT)
    {
        return super::play_many::replay_many(path, &v, show);
    }
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
                if game.summary.outcome.is_none() && head.is_stopped() {
                    "stopped by a player (`senet play --resume` goes on with it)".to_string()
                } else {
                    outcome_text(&engine, game.summary.outcome.as_ref(), game.summary.stop)
                }
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(e.to_string()),
    }
}

/// `senet play --resume RECORD`: replays the record, then goes on with the game where it
/// stopped, recording it on in the same file (or in `record`).
pub fn resume(path: &str, record: Option<&str>, table: Option<&str>) -> ExitCode {
    let fail = |msg: String| {
        complain!("error: `{path}` cannot be resumed: {msg}");
        ExitCode::from(2)
    };
    // A record of a game of more sides goes on with the engine for many sides.
    if let Ok(text) = super::input::read_text(path, super::input::MAX_RECORD)
        && let Ok(value) = serde_json::from_str::<serde_json::Value>(&text)
        && value["format"] == senet::notation::multi_record::MULTI_FORMAT
    {
        return super::play_many::resume_many(path, &value, record);
    }
    let (head, rules) = match load_record(path) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    if !head.is_stopped() {
        return fail(if head.result == ResultNote::UNFINISHED {
            "the game reached its turn cap".into()
        } else {
            "the game is over".into()
        });
    }
    let engine = Engine::new(senet::compile::compile(&rules));
    let replayed = match record::replay(&engine, &head, |_| {}) {
        Ok(r) => r,
        Err(e) => return fail(e.to_string()),
    };
    let Some(turn_cap) = head.turn_cap else {
        return fail("it was written before records kept their turn cap".into());
    };
    let players: Vec<senet::players::Player> =
        match head.players.iter().map(|p| p.parse()).collect() {
            Ok(players) => players,
            Err(e) => return fail(e.to_string()),
        };
    let session = Session::of_record(players.clone(), head.seed, turn_cap, &replayed);
    super::play::play(
        &engine,
        PlayArgs {
            target: &head.rules.source,
            rules: &rules,
            players: &players,
            seed: Some(head.seed),
            record: Some(record.unwrap_or(path)),
            turn_cap,
            table,
            first: replayed.first,
            pass_score: None,
        },
        Some(session),
    )
}

/// The narrator of a game at the terminal, scoring passes as its match does.
fn narrator<'e>(engine: &'e Engine, a: &PlayArgs, style: Style, hold: bool) -> Narrator<'e> {
    let told = Narrator::new(engine, style, a.players, hold);
    match a.pass_score {
        Some(points) => told.scoring_passes(points),
        None => told,
    }
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
