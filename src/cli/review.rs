//! `senet review`: a recorded game valued move by move.

use std::process::ExitCode;

use super::args::Format;
use senet::agents;
use senet::engine::{Engine, Move};
use senet::notation::record::outcome_text;
use senet::render::game::throw_short;
use senet::review::report::{MISTAKES, move_text, review_json};
use senet::review::{Judge, Review, plot};
use senet::types::{Place, Side};

pub struct ReviewArgs<'a> {
    pub file: &'a str,
    pub table: Option<&'a str>,
    pub playouts: u32,
    pub format: Format,
    pub plot: Option<&'a std::path::Path>,
}

pub fn run(a: ReviewArgs) -> ExitCode {
    let fail = |msg: String| {
        complain!("error: `{}` cannot be reviewed: {msg}", a.file);
        ExitCode::from(2)
    };
    if let Some(path) = a.plot
        && let Err(e) = super::output::check_output(path, [a.file].into_iter().chain(a.table))
    {
        complain!("error: the plot: {e}");
        return ExitCode::from(2);
    }
    // A record of a game of many sides says so by its format.
    if let Ok(text) = super::input::read_text(a.file, super::input::MAX_RECORD)
        && let Ok(v) = serde_json::from_str::<serde_json::Value>(&text)
        && v.get("format").and_then(serde_json::Value::as_str)
            == Some(senet::notation::multi_record::MULTI_FORMAT)
    {
        return review_many(&a, &v);
    }
    let (head, rules) = match super::play::load_record(a.file) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let engine = Engine::new(senet::compile::compile(&rules));
    // The table given, else one solved now where the rules are small enough, else the search.
    let (judge, solved_now) = match a.table {
        Some(path) => match agents::load_table(&engine, &rules.rules_id(), path) {
            Ok(t) => (Judge::Table(t), false),
            Err(e) => {
                complain!("error: {e}");
                return ExitCode::from(2);
            }
        },
        None => match agents::solve_for_agent(&engine) {
            Ok(t) => (Judge::Table(t), true),
            Err(_) => (
                Judge::Search {
                    playouts: a.playouts,
                },
                false,
            ),
        },
    };
    let review = match senet::review::review(&engine, &head, &judge, head.seed) {
        Ok(r) => r,
        Err(e) => return fail(e.to_string()),
    };
    if let Some(path) = a.plot
        && let Err(e) = senet::files::write_bytes(
            path,
            plot::svg(&engine, &review, MISTAKES, senet::render::chart::WIDE).as_bytes(),
        )
    {
        complain!("error: the plot: {e}");
        return ExitCode::from(2);
    }
    let result = if head.is_stopped() {
        "stopped before its end".to_string()
    } else {
        outcome_text(&engine, review.outcome.as_ref(), review.stop)
    };
    match a.format {
        Format::Json => say!(
            "{}",
            review_json(&engine, &review, a.file, &head, &rules.id)
        ),
        Format::Text => say_raw!(
            "{}",
            text_report(
                &engine,
                &review,
                a.file,
                &head.seated,
                &rules.id,
                &result,
                solved_now
            )
        ),
    }
    ExitCode::SUCCESS
}

/// A value for people: a chance in percent, or a heuristic value (a won or lost game in words).
fn value_text(review: &Review, v: f64) -> String {
    if review.exact {
        format!("{:.1} %", 100.0 * v)
    } else if v >= agents::WIN - 1e-9 {
        "wins".into()
    } else if v <= -agents::WIN + 1e-9 {
        "loses".into()
    } else {
        format!("{v:+.2}")
    }
}

/// A loss for people: percentage points of the chance to win, or heuristic value.
fn loss_text(review: &Review, loss: f64) -> String {
    if review.exact {
        format!("{:.1}", 100.0 * loss)
    } else {
        format!("{loss:.2}")
    }
}

/// The unit of a loss in words, after [`loss_text`].
fn unit(review: &Review) -> &'static str {
    if review.exact { " points" } else { "" }
}

/// A move in short: each step's squares (`9-11`, `in-3`, `26-off`).
fn short(engine: &Engine, side: Side, mv: &Move) -> String {
    let place = |p: Place| match p {
        Place::Waiting => "in".to_string(),
        Place::Off | Place::Removed => "off".to_string(),
        Place::On(q) => engine.square(side, q).to_string(),
    };
    if mv.steps().is_empty() {
        return "(stays)".into();
    }
    mv.steps()
        .iter()
        .map(|s| match s.taken() {
            Some(p) => format!("x{}", engine.square(side.other(), p)),
            None => format!("{}-{}", place(s.from()), place(s.to())),
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn text_report(
    engine: &Engine,
    review: &Review,
    file: &str,
    seated: &[String],
    id: &str,
    result: &str,
    solved_now: bool,
) -> String {
    use std::fmt::Write;
    let name = |s: Side| engine.rules.sides[s].name.clone();
    let mut out = String::new();
    let players: Vec<String> = Side::BOTH
        .into_iter()
        .map(|s| format!("{} ({})", name(s), seated[s.index()]))
        .collect();
    let _ = writeln!(
        out,
        "Review of {file}: {id}, {} against {}; {result}.",
        players[0], players[1]
    );
    let _ = if review.exact {
        writeln!(
            out,
            "Values: the mover's chance to win after each move, from the solved table{}; losses in percentage points (a move with a single choice loses nothing).",
            if solved_now {
                " (solved for this review)"
            } else {
                ""
            }
        )
    } else {
        writeln!(
            out,
            "Values: the `hard` level's search (the worth of the mover's pieces minus the enemy's); the chance to win from {} playouts between `normal` agents after each move.",
            review.playouts
        )
    };
    let w = review
        .moves
        .iter()
        .map(|m| {
            short(engine, m.side, &m.played)
                .len()
                .max(short(engine, m.side, &m.best).len())
        })
        .max()
        .unwrap_or(4)
        .max(6);
    let side_w = Side::BOTH
        .map(|s| name(s).len())
        .into_iter()
        .max()
        .unwrap_or(4);
    let first = format!("{} wins", name(Side::First));
    let _ = writeln!(
        out,
        "\n{:>5}  {:<side_w$}  {:>5}  {:>5}  {:<w$}  {:>8}  {:<w$}  {:>8}  {:>6}  {first}",
        "move", "side", "throw", "moves", "played", "value", "best", "value", "loss"
    );
    for m in &review.moves {
        let best = if m.choices == 1 {
            String::new()
        } else if m.loss <= senet::review::LOST {
            "=".into()
        } else {
            short(engine, m.side, &m.best)
        };
        let best_value = if m.choices == 1 || m.loss <= senet::review::LOST {
            String::new()
        } else {
            value_text(review, m.best_value)
        };
        let _ = writeln!(
            out,
            "{:>5}  {:<side_w$}  {:>5}  {:>5}  {:<w$}  {:>8}  {:<w$}  {:>8}  {:>6}  {:>5.1} %",
            m.number,
            name(m.side),
            throw_short(engine, m.throw),
            m.choices,
            short(engine, m.side, &m.played),
            value_text(review, m.value),
            best,
            best_value,
            loss_text(review, m.loss),
            100.0 * m.chance
        );
    }
    let mistakes = review.mistakes(MISTAKES);
    if mistakes.is_empty() {
        let _ = writeln!(out, "\nNo mistakes: every move was a best move.");
    } else {
        let _ = writeln!(out, "\nBiggest mistakes:");
        for m in mistakes {
            let _ = writeln!(
                out,
                "  move {}, {} with {}: {} ({}) instead of {} ({}): lost {}{}",
                m.number,
                name(m.side),
                throw_short(engine, m.throw),
                move_text(engine, &m.pos, &m.played, m.throw),
                value_text(review, m.value),
                move_text(engine, &m.pos, &m.best, m.throw),
                value_text(review, m.best_value),
                loss_text(review, m.loss),
                unit(review)
            );
        }
    }
    let _ = writeln!(out);
    for s in Side::BOTH {
        let t = review.tally(s);
        let _ = writeln!(
            out,
            "{} ({}): {} decision{}, lost {}{} in all, {} at most.",
            name(s),
            seated[s.index()],
            t.decisions,
            if t.decisions == 1 { "" } else { "s" },
            loss_text(review, t.loss),
            unit(review),
            loss_text(review, t.largest)
        );
    }
    out
}

/// `senet review` of a record of a game of more than two sides: each decision valued as
/// `expectimax` values it, with the first team's chance to win after it from playouts between
/// `greedy` players (no table, no plot).
fn review_many(a: &ReviewArgs, v: &serde_json::Value) -> ExitCode {
    use senet::review::many::{MISTAKE, ManyReview, choice_text, review_many, review_many_json};
    let fail = |msg: String| {
        complain!("error: `{}` cannot be reviewed: {msg}", a.file);
        ExitCode::from(2)
    };
    if a.table.is_some() {
        return fail("`--table` is for games of two sides".into());
    }
    if a.plot.is_some() {
        return fail("`--plot` draws reviews of games of two sides".into());
    }
    let (record, set, multi) = match super::play_many::load_many(v) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let review: ManyReview = review_many(&multi, &record, a.playouts, record.seed);
    if a.format == Format::Json {
        say!("{}", review_many_json(&multi, &review, a.file));
        return ExitCode::SUCCESS;
    }
    let seated: Vec<String> = multi
        .sides
        .iter()
        .zip(&record.players)
        .map(|(s, p)| format!("{} ({p})", s.name))
        .collect();
    let first_team = multi.sides[usize::from(multi.first)].team;
    let team: Vec<&str> = multi
        .sides
        .iter()
        .filter(|s| s.team == first_team)
        .map(|s| s.name.as_str())
        .collect();
    let team = team.join(" + ");
    let mut out = format!(
        "Review of {}: {}, {}.\nValues: `expectimax`'s, a throw ahead (the mover's team's lead in \
         the race, from -1 to 1; a game won 2, lost -2); the chance to win from {} playouts \
         between `greedy` players after each choice. Only decisions (more than one choice) are \
         listed.\n\n",
        a.file,
        set.id,
        seated.join(", "),
        a.playouts
    );
    let width = multi.sides.iter().map(|s| s.name.len()).max().unwrap_or(4);
    out.push_str(&format!(
        " move  {:<width$}  throw  choices  {:<8}  value  {:<8}  value   loss  {team} wins\n",
        "side", "played", "best"
    ));
    for d in &review.decisions {
        let best = if d.loss() > 0.0 {
            format!("{:<8}  {:+.2}", choice_text(d.best), d.best_value)
        } else {
            format!("{:<8}  {:5}", "=", "")
        };
        let chance = if d.first_team_chance.is_nan() {
            String::new()
        } else {
            format!("{:5.1} %", 100.0 * d.first_team_chance)
        };
        out.push_str(&format!(
            "{:5}  {:<width$}  {:5}  {:7}  {:<8}  {:+.2}  {best}  {:5.2}  {chance}\n",
            d.number,
            multi.sides[usize::from(d.side)].name,
            d.throw,
            d.choices,
            choice_text(d.played),
            d.value,
            d.loss(),
        ));
    }
    out.push('\n');
    for (s, side) in multi.sides.iter().enumerate() {
        let own: Vec<_> = review
            .decisions
            .iter()
            .filter(|d| usize::from(d.side) == s)
            .collect();
        let lost: f64 = own.iter().map(|d| d.loss()).sum();
        let mistakes = own.iter().filter(|d| d.loss() > MISTAKE).count();
        out.push_str(&format!(
            "{}: {} decisions, {lost:.2} lost in all, {mistakes} mistake{} (a loss over {MISTAKE})\n",
            side.name,
            own.len(),
            if mistakes == 1 { "" } else { "s" }
        ));
    }
    say_raw!("{out}");
    ExitCode::SUCCESS
}
