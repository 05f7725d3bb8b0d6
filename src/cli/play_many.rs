//! `senet play` of a rule set of more than two sides: people at the terminal and agents
//! (`random`, `greedy`) in turn, on the engine for many sides.

use std::process::ExitCode;

use senet::check::RuleSet;
use senet::multi::{MultiPosition, MultiRules};
use senet::notation::multi_record::{MultiEventNote, MultiRecord, MultiResultNote};
use senet::render::board::{Cell, draw, initial};
use senet::render::many_words::{event_line, move_text, team_name, throws_text};
use senet::session_many::{ManyDecision, ManyNeeds, ManyPlay, ManySession};
use senet::types::{Place, Square};

use super::play::{PlayArgs, clock_seed, read_line};

/// `senet play` of `rules`, of more than two sides: one player a side, in side order.
pub fn play_many(rules: &RuleSet, a: &PlayArgs) -> ExitCode {
    let n = rules.sides.len();
    let why = rules.why_many().unwrap_or_default();
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
    if let Some(refused) = refused {
        complain!("error: `{}` {why}: {refused}", rules.id);
        return ExitCode::from(2);
    }
    if let Some(p) = ManySession::unplayable(a.players) {
        complain!(
            "error: `{p}` does not play the games of the engine for many sides yet: their \
             players are `human`, `random`, `greedy` and `expectimax` (with no depth given)"
        );
        return ExitCode::from(2);
    }
    let multi = match MultiRules::compile(rules) {
        Ok(m) => m,
        Err(e) => {
            complain!("error: `{}` {why}, and {e}", rules.id);
            return ExitCode::from(2);
        }
    };
    let seed = a.seed.unwrap_or_else(clock_seed);
    let session = ManySession::new(a.players.to_vec(), seed, a.turn_cap);
    play_on(rules, &multi, a, session)
}

/// `senet play --resume RECORD` of a record of a game of many sides (`v`, read from `path`):
/// replayed and verified, then played on where it stopped, recorded on in the same file (or in
/// `record`).
pub fn resume_many(path: &str, v: &serde_json::Value, record: Option<&str>) -> ExitCode {
    let fail = |msg: String| {
        complain!("error: `{path}` cannot be resumed: {msg}");
        ExitCode::from(2)
    };
    let (head, set, multi) = match load_many(v) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    match head.result {
        MultiResultNote::Stopped => {}
        MultiResultNote::Unfinished => return fail("the game reached its turn cap".into()),
        _ => return fail("the game is over".into()),
    }
    let players: Vec<senet::players::Player> =
        match head.players.iter().map(|p| p.parse()).collect() {
            Ok(players) => players,
            Err(e) => return fail(e.to_string()),
        };
    if let Some(p) = ManySession::unplayable(&players) {
        return fail(format!(
            "`{p}` does not play the games of the engine for many sides"
        ));
    }
    let session = match ManySession::of_record(&multi, &head, players.clone()) {
        Ok(session) => session,
        Err(e) => return fail(e.to_string()),
    };
    let a = PlayArgs {
        target: &head.rules.source,
        rules: &set,
        players: &players,
        seed: Some(head.seed),
        record: Some(record.unwrap_or(path)),
        turn_cap: head.turn_cap,
        table: None,
        first: None,
        pass_score: None,
    };
    play_on(&set, &multi, &a, session)
}

/// Plays `session` on at the terminal from where its decisions end, and records it.
fn play_on(
    rules: &RuleSet,
    multi: &MultiRules,
    a: &PlayArgs,
    mut session: ManySession,
) -> ExitCode {
    let seed = session.seed;
    say!("{} ({})", rules.title, rules.id);
    for (k, side) in multi.sides.iter().enumerate() {
        say!(
            "  {} ({}) is player {}: {}, team {}",
            side.name,
            initial(&side.name),
            k + 1,
            a.players[k],
            team_name(multi, side.team)
        );
    }
    say!(
        "seed {seed}; turns go round in this order, {} first",
        multi.sides[usize::from(multi.first)].name
    );
    let mut play = ManyPlay::new(multi, &session);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut told = 0;
    let mut needs = play.follow(multi, &session);
    let quit = loop {
        let now = match needs {
            Ok(now) => now,
            Err(e) => {
                complain!("error: {e}");
                return ExitCode::from(2);
            }
        };
        for e in &play.events[told..] {
            if let Some(line) = event_line(multi, e) {
                say!("{line}");
            }
        }
        told = play.events.len();
        let decision = match now {
            ManyNeeds::Over => break false,
            // A person's throw is made at once: the terminal asks only for moves.
            ManyNeeds::Throw { .. } => ManyDecision::Throw,
            ManyNeeds::Choose { side } => match session.agent_choice(multi, &play) {
                Some(k) => ManyDecision::Choose(k),
                None => {
                    let pos = &play.game.pos;
                    say!("{}", board(rules, multi, pos));
                    if pos.pool().len() > 1 {
                        say!("  throws to play: {}", throws_text(pos.pool()));
                    }
                    let moves = play.game.moves();
                    for (k, mv) in moves.iter().enumerate() {
                        say!("  {}. {}", k + 1, move_text(multi, pos, *mv));
                    }
                    if multi.pass_at_will {
                        say!("  {}. pass, leaving the throw unplayed", moves.len() + 1);
                    }
                    debug_assert!(session.is_person(side));
                    match ask(&mut input, multi.choices(moves.len())) {
                        Asked::Choose(k) => ManyDecision::Choose(k),
                        Asked::Quit => break true,
                        Asked::Undo => {
                            if play.undo(&mut session) {
                                // The game again up to the person's last choice, told already.
                                play = ManyPlay::new(multi, &session);
                                needs = play.follow(multi, &session);
                                told = play.events.len();
                                say!("Took back your last move (and the turns after it).");
                            } else {
                                say!("No move of yours to take back.");
                            }
                            continue;
                        }
                        Asked::Save(path) => {
                            let record = session.record(rules, multi, &play, true);
                            let json = serde_json::to_string_pretty(&record).unwrap_or_default();
                            match senet::files::write_bytes(
                                std::path::Path::new(&path),
                                json.as_bytes(),
                            ) {
                                Ok(()) => say!(
                                    "Saved to {path}; `senet play --resume {path}` goes on with it."
                                ),
                                Err(e) => complain!("error: cannot write `{path}`: {e}"),
                            }
                            continue;
                        }
                    }
                }
            },
        };
        needs = play.take(multi, &mut session, decision);
    };
    let summary = play.game.summary;
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
        let record = session.record(rules, multi, &play, quit);
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
    let set = match record.rules.chain() {
        Some(chain) => senet::check::check_chain(chain, &options).map_err(|_| {
            format!("the rules it carries (`{source}`) do not check under this version of senet")
        }),
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
                MultiEventNote::Move {
                    side,
                    from,
                    to,
                    throw: Some(v),
                } => say!("  {side}: {} -> {} with {v}", from.0, to.0),
                MultiEventNote::Move { side, from, to, .. } => {
                    say!("  {side}: {} -> {}", from.0, to.0);
                }
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

/// What a person answers when asked for a move.
enum Asked {
    Choose(usize),
    /// `u`: take back the person's last move.
    Undo,
    /// `s FILE`: save the game so far, to go on with.
    Save(String),
    /// `q`, or the end of input.
    Quit,
}

/// A person's choice among `count` moves (or `u`, `s FILE`, `q`; `h` says which).
fn ask(input: &mut impl std::io::BufRead, count: usize) -> Asked {
    loop {
        say_raw!("choose 1-{count} (h for help): ");
        let Some(line) = read_line(input) else {
            return Asked::Quit;
        };
        match line.as_str() {
            "q" => return Asked::Quit,
            "u" => return Asked::Undo,
            "h" => {
                say!(
                    "Type the number of a move and Enter; `u` takes back your last move, `s FILE` saves the game (`senet play --resume FILE` goes on with it), `q` quits."
                );
                continue;
            }
            _ => {}
        }
        if let Some(path) = line
            .strip_prefix("s ")
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            return Asked::Save(path.to_string());
        }
        match line.parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => return Asked::Choose(k - 1),
            _ => say!("`{line}` is no move here (h for help)"),
        }
    }
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
