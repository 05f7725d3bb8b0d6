//! `senet solve`: exact winning chances under perfect play, and tables for the `optimal` agent.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Map, Value, json};

use super::args::Format;
use senet::check::RuleSet;
use senet::engine::{Engine, Listing, Move, Position, SPLIT_STATES};
use senet::notation::position::parse_position;
use senet::render::game::throw_short;
use senet::solve::dense::{self, Above, Cutting, DenseIndex, Known, Part, Precision, Stage};
use senet::solve::table::{TableHeader, read_layers, read_parts, save};
use senet::solve::{
    Limits, Method, SolveError, Solved, estimate_from, fits, off_in_total, solve_dense,
    solve_with_precision,
};
use senet::types::Side;

/// States the search will hold: about 320 bytes each (measured), so that a solve stays within 8 GiB.
pub const DEFAULT_LIMIT: usize = 24_000_000;

/// Memory the dense solver may use, in GiB: within the 8 GiB of a small machine.
pub const DEFAULT_MEMORY: f64 = 7.0;

const GIB: f64 = (1u64 << 30) as f64;

pub struct SolveArgs<'a> {
    /// The rule set as named on the command line (a file, or a bundled id).
    pub target: &'a str,
    pub rules: &'a RuleSet,
    pub options: &'a [(String, String)],
    pub position: Option<&'a str>,
    pub table: Option<&'a str>,
    /// Only the super-layers with these pieces off in total (lowest, highest).
    pub layers: Option<(usize, usize)>,
    /// Only this part of the one super-layer `layers` gives.
    pub part: Option<Part>,
    /// Tables whose super-layers are given, not solved again.
    pub from: &'a [String],
    pub method: Method,
    /// How the dense solver keeps values (`None`: in f64 where they fit).
    pub precision: Option<Precision>,
    pub limits: Limits,
    pub format: Format,
}

fn too_large(engine: &Engine, rules: &RuleSet, e: SolveError) -> String {
    let (seen, limit, estimate) = match e {
        SolveError::TooLarge {
            seen,
            limit,
            estimate,
        } => (seen, limit, estimate),
        SolveError::TooLargeDense {
            states,
            bytes,
            budget,
        } => {
            // Two decimals below 10 GiB: 0.31 against 0.27, not 0.3 against 0.3.
            let gib = |b: u64| {
                let g = b as f64 / GIB;
                if g < 10.0 {
                    format!("{g:.2}")
                } else {
                    format!("{g:.1}")
                }
            };
            return format!(
                "`{}` is too large to solve here: {states} states would need about {} GiB, \
                 more than the {} GiB allowed. {}, or raise `--memory` on a larger machine.",
                engine.rules.id,
                gib(bytes),
                gib(budget),
                fewer_pieces(rules)
            );
        }
        SolveError::NotDense(why) => {
            return format!(
                "`{}` cannot be numbered densely: {why}. Use `--method search`.",
                engine.rules.id
            );
        }
        SolveError::Unsolvable(why) => {
            return format!("`{}` cannot be solved: {why}.", engine.rules.id);
        }
    };
    format!(
        "`{}` is too large to solve here: more than {limit} states (an upper bound on its positions \
         is {estimate:.3e}, about {:.1} GiB at 320 bytes a state{}). {}, or raise `--limit` on a \
         larger machine.",
        engine.rules.id,
        estimate * 320.0 / (1u64 << 30) as f64,
        if seen > 0 {
            format!("; {seen} found before stopping")
        } else {
            String::new()
        },
        fewer_pieces(rules)
    )
}

/// How to try a smaller game: the rule set's own `pieces` option if it has one, with a value
/// below the one chosen, else a variant with fewer pieces.
fn fewer_pieces(rules: &RuleSet) -> String {
    // The largest value up to 3, or else the smallest, below the one chosen.
    let fewer = rules
        .options
        .iter()
        .find(|o| o.name == "pieces")
        .and_then(|o| {
            let below = o.values_below();
            below
                .iter()
                .copied()
                .find(|&n| n <= 3)
                .or_else(|| below.last().copied())
        });
    match fewer {
        Some(n) => format!("Try fewer pieces, e.g. `--option pieces={n}`"),
        None => "Try a variant with fewer pieces (a rule file that `extends` this one and says \
                 `pieces 3 each`)"
            .to_string(),
    }
}

/// What the machine lets this process have, in bytes, and what sets it: its address-space
/// limit (`ulimit -v`) less what it already maps and a margin, or the machine's memory. `None`
/// where neither can be read (not Linux).
fn memory_ceiling() -> Option<(u64, &'static str)> {
    // A value of /proc in bytes: `NAME: N kB` of a status file, or a limit's soft value.
    let kib = |file: &str, key: &str| -> Option<u64> {
        let text = std::fs::read_to_string(file).ok()?;
        let line = text.lines().find_map(|l| l.strip_prefix(key))?;
        line.split_whitespace()
            .next()?
            .parse::<u64>()
            .ok()?
            .checked_mul(1024)
    };
    let address_space = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|t| {
            let line = t
                .lines()
                .find_map(|l| l.strip_prefix("Max address space"))?;
            line.split_whitespace().next()?.parse::<u64>().ok()
        })
        .map(|limit| {
            // Thread stacks and the allocator's arenas take some of it besides the solver.
            let mapped = kib("/proc/self/status", "VmSize:").unwrap_or(0);
            limit.saturating_sub(mapped).saturating_sub(256 << 20)
        })
        .map(|b| (b, "this process's address-space limit (`ulimit -v`)"));
    let machine = kib("/proc/meminfo", "MemTotal:").map(|b| (b, "the machine's memory"));
    match (address_space, machine) {
        (Some(a), Some(m)) => Some(if a.0 <= m.0 { a } else { m }),
        (a, m) => a.or(m),
    }
}

/// The limits given, lowered to what the machine lets this process have (about 320 bytes a
/// state of the search), and what lowered them: a solve that would run out of memory halfway is
/// refused before it begins.
fn fit_to_machine(limits: Limits) -> (Limits, Option<&'static str>) {
    let Some((ceiling, why)) = memory_ceiling() else {
        return (limits, None);
    };
    let states = usize::try_from(ceiling / 320).unwrap_or(usize::MAX);
    if limits.bytes <= ceiling && limits.states <= states {
        return (limits, None);
    }
    (
        Limits {
            states: limits.states.min(states),
            bytes: limits.bytes.min(ceiling),
            disk: limits.disk,
        },
        Some(why),
    )
}

/// The most states looked at for one that ends the game before solving (a game with any end
/// finds one within a few: a search goes deep first).
const NEVER_ENDS_SEARCH: usize = 1 << 20;

/// The answer for a game that never ends from `root`: no side can win, and no table is
/// written (its values would say nothing).
fn never_ends(
    engine: &Engine,
    a: &SolveArgs,
    root: Position,
    throw: Option<senet::types::Throw>,
) -> ExitCode {
    let sides: Vec<&str> = engine
        .rules
        .sides
        .values()
        .map(|s| s.name.as_str())
        .collect();
    match a.format {
        Format::Json => {
            let mut win = Map::new();
            win.insert(sides[0].into(), json!(0.0));
            win.insert(sides[1].into(), json!(0.0));
            say!(
                "{}",
                json!({
                    "rules": engine.rules.id,
                    "options": options_json(a.options),
                    "to_move": sides[root.to_move().index()],
                    "throw": throw.map(|t| t.get()),
                    "ends": false,
                    "win_probability": win,
                    "draw_probability": 0.0,
                })
            );
        }
        Format::Text => {
            say_heading(engine, a.options);
            say!(
                "no game from {} ever ends: no state it reaches is won or drawn, so no side can \
                 win",
                if a.position.is_some() {
                    "the position"
                } else {
                    "the start"
                }
            );
            say!("  {:<8} wins with probability 0", sides[0]);
            say!("  {:<8} wins with probability 0", sides[1]);
        }
    }
    if let Some(path) = a.table {
        complain!("note: no table written to {path}: a game that never ends has no values");
    }
    ExitCode::SUCCESS
}

pub fn run(engine: &Engine, a: SolveArgs) -> ExitCode {
    let r = &engine.rules;
    let (limits, lowered) = fit_to_machine(a.limits);
    if a.table.is_some() && r.tracks_unmoved() {
        // A table's records hold no state for pieces that have not moved yet.
        complain!(
            "error: a table cannot hold these rules: which pieces have not moved yet (`each piece first moves with` or `after the piece ahead has moved`) is not stored in a table; solve without `--table`"
        );
        return ExitCode::from(2);
    }
    if a.table.is_some() && r.extra_add_up {
        complain!(
            "error: a table cannot hold these rules: the extra throws a side is owed (`extra throws add up`) are not stored in a table; solve without `--table`"
        );
        return ExitCode::from(2);
    }
    if a.table.is_some() && r.one_direction {
        complain!(
            "error: a table cannot hold these rules: which way a side has moved in its turn (`one direction each turn`) is not stored in a table; solve without `--table`"
        );
        return ExitCode::from(2);
    }
    // Before the solve, which may take hours: the table can be written, and is not an input.
    if let Some(path) = a.table {
        let inputs = [a.target]
            .into_iter()
            .chain(a.position)
            .chain(a.from.iter().map(String::as_str));
        if let Err(e) = super::output::check_output(std::path::Path::new(path), inputs) {
            complain!("error: the table: {e}");
            return ExitCode::from(2);
        }
    }
    let (root, throw) = match a.position {
        None => (engine.start(), None),
        Some(path) => {
            let text = match super::input::read_text(path, super::input::MAX_POSITION) {
                Ok(t) => t,
                Err(e) => {
                    complain!("error: cannot read `{path}`: {e}");
                    return ExitCode::from(2);
                }
            };
            let parsed = serde_json::from_str::<Value>(&text)
                .map_err(|e| format!("not valid JSON: {e}"))
                .and_then(|v| parse_position(engine, &v).map_err(|e| e.to_string()));
            match parsed {
                Ok(p) => p,
                Err(e) => {
                    complain!("error: the position in `{path}`: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    // Chances to win are only what a solve finds where games end: where none can, say so.
    if senet::solve::can_end(engine, &root, NEVER_ENDS_SEARCH) == Some(false) {
        return never_ends(engine, &a, root, throw);
    }
    let verbose = std::io::stderr().is_terminal();
    let progress = |msg: &str| {
        if verbose {
            complain!("{msg}");
        }
    };
    let start = Instant::now();
    let staged = a.layers.is_some() || !a.from.is_empty();
    let solved = if staged {
        match staged_stage(engine, &a, limits) {
            Ok((index, stage, part_states)) => fits(
                &index,
                limits,
                Some(stage.known.precision()),
                stage.only.as_ref(),
                part_states,
            )
            .and_then(|_| solve_dense(engine, index, root, stage, progress)),
            Err(message) => {
                complain!("error: {message}");
                return ExitCode::from(2);
            }
        }
    } else {
        solve_with_precision(engine, root, a.method, limits, a.precision, progress)
    };
    let solution = match solved {
        Ok(s) => s,
        Err(e) => {
            let too_big = matches!(
                e,
                SolveError::TooLarge { .. } | SolveError::TooLargeDense { .. }
            );
            complain!("error: {}", too_large(engine, a.rules, e));
            if let (true, Some(why)) = (too_big, lowered) {
                complain!(
                    "  note: the limits were lowered to what {why} allows: {} states, {:.1} GiB",
                    limits.states,
                    limits.bytes as f64 / GIB
                );
            }
            return ExitCode::from(2);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    if let Solved::Dense(d) = &solution
        && !d.holds(&root)
    {
        let layers = d.layers.unwrap_or_default().map(usize::from);
        return report_stage(engine, &a, &solution, layers, seconds);
    }
    // The chances from the root: before the throw, or after it (the best move for the mover).
    let at = match throw {
        None => root,
        Some(v) => {
            let mut moves: Vec<Move> = Vec::new();
            if engine.legal_moves(&root, v, &mut moves) == Listing::Cut {
                complain!(
                    "error: the total {v} can be shared among these pieces in more ways than a \
                     listing of the moves visits ({SPLIT_STATES} states of its search)"
                );
                return ExitCode::from(2);
            }
            let nexts: Vec<Position> = if moves.is_empty() {
                vec![engine.pass(&root, v)]
            } else {
                moves
                    .iter()
                    .map(|m| engine.successor(&root, m, v))
                    .collect()
            };
            // The search reached every one of them from the root; the dense table holds all.
            let score = |p: &Position| solution.score(p).unwrap_or(0.5);
            let best = nexts.into_iter().max_by(|x, y| {
                let order = score(x).total_cmp(&score(y));
                if root.to_move() == Side::First {
                    order
                } else {
                    order.reverse()
                }
            });
            best.unwrap_or(root)
        }
    };
    let (w0, w1, draw) = solution
        .chances(&at)
        .expect("the solved states include the root and its successors");
    if !write_table(engine, &a, &solution) {
        return ExitCode::from(2);
    }
    let sides: Vec<&str> = r.sides.values().map(|s| s.name.as_str()).collect();
    let memory = peak_memory().unwrap_or_else(|| solution.memory_bytes());
    match a.format {
        Format::Json => {
            let mut win = Map::new();
            win.insert(sides[0].into(), json!(w0));
            win.insert(sides[1].into(), json!(w1));
            say!(
                "{}",
                json!({
                    "rules": r.id,
                    "options": options_json(a.options),
                    "to_move": sides[root.to_move().index()],
                    "throw": throw.map(|t| t.get()),
                    "method": solution.method(),
                    "states": solution.states(),
                    "seconds": seconds,
                    "memory_bytes": memory,
                    "sweeps": solution.sweeps(),
                    "lists_on_disk_bytes": lists_outside(&solution).0,
                    "lists_found_again_bytes": lists_outside(&solution).1,
                    "values_in_file_bytes": values_in_file(&solution),
                    "win_probability": win,
                    "draw_probability": draw,
                })
            );
        }
        Format::Text => {
            say_heading(engine, a.options);
            let numbering = match &solution {
                Solved::Dense(d) => format!(
                    "every placing{}, numbered densely{}{}",
                    if d.floor.0 == [0, 0] {
                        String::new()
                    } else {
                        format!(
                            " with at least {} of {}'s and {} of {}'s pieces off",
                            d.floor[Side::First],
                            sides[0],
                            d.floor[Side::Second],
                            sides[1]
                        )
                    },
                    if d.index.mirrored {
                        "; mirror images once"
                    } else {
                        ""
                    },
                    if matches!(d.values, dense::Values::Fixed(_)) {
                        format!(
                            "; values in 32-bit fixed point, within {:e} of f64",
                            dense::FIXED_BOUND
                        )
                    } else {
                        String::new()
                    }
                ),
                Solved::Search(_) => format!(
                    "reachable, found by search; upper bound {:.3e}",
                    estimate_from(engine, &root)
                ),
            };
            say!(
                "{} states{} ({numbering}), solved in {seconds:.2} s with {} sweeps, {:.1} MiB of memory at the peak",
                solution.states(),
                match &solution {
                    Solved::Dense(d) if !a.from.is_empty() =>
                        format!(", {} more given by `--from`", d.index.states - d.solved),
                    _ => String::new(),
                },
                solution.sweeps(),
                memory as f64 / f64::from(1u32 << 20)
            );
            say_lists_outside(&solution);
            let mover = sides[root.to_move().index()];
            let when = match throw {
                None => format!("{mover} to throw"),
                Some(v) => format!("{mover} to move with {}", throw_short(engine, v)),
            };
            say!(
                "under perfect play from {} ({when}):",
                if a.position.is_some() {
                    "the position"
                } else {
                    "the start"
                }
            );
            say!("  {:<8} wins with probability {w0:.12}", sides[0]);
            say!("  {:<8} wins with probability {w1:.12}", sides[1]);
            if draw > 0.0 {
                say!("  draw     with probability {draw:.12}");
            }
            if let Some(path) = a.table {
                match a.layers {
                    Some(_) => say!(
                        "table written to {path} (only these pieces off in total: for play, make a \
                         whole table with `senet solve {}{} --from ... --table FILE`, giving every \
                         table of the game)",
                        r.id,
                        option_flags(a.options)
                    ),
                    None => say!(
                        "table written to {path} (play it with `--players optimal --table {path}`)"
                    ),
                }
            }
        }
    }
    ExitCode::SUCCESS
}

/// What a run of some super-layers (`--layers`) or from solved ones (`--from`) starts from:
/// the dense numbering, the values the tables give, and for a run of a part, its states.
fn staged_stage(
    engine: &Engine,
    a: &SolveArgs,
    limits: Limits,
) -> Result<(DenseIndex, Stage, Option<u64>), String> {
    let id = &engine.rules.id;
    if a.method == Method::Search {
        return Err(
            "`--layers` and `--from` work on the dense numbering's super-layers: leave out \
             `--method search`"
                .into(),
        );
    }
    if a.layers.is_some() && a.table.is_none() {
        return Err(
            "`--layers` solves only part of the game, of use to the runs after it: give \
             `--table FILE` to keep it"
                .into(),
        );
    }
    let index = DenseIndex::new(&engine.rules)
        .map_err(|why| format!("`{id}` cannot be numbered densely: {why}"))?;
    let top = index.top_total();
    if let Some((_, hi)) = a.layers
        && hi > top
    {
        return Err(format!(
            "`--layers`: the states of `{id}` have 0 to {top} pieces off in total (both sides)"
        ));
    }
    let running = match (a.part, a.layers) {
        (Some(part), Some((lo, hi))) if lo == hi => Some((lo, part)),
        (Some(_), _) => {
            return Err("`--part` cuts one super-layer: give `--layers K` with one number".into());
        }
        (None, _) => None,
    };
    // The super-layer cut once (a pass over its states), for the memory, the part tables and
    // the run.
    let cutting = running.map(|(total, part)| Cutting::of(engine, &index, total, part.n));
    let part_states = (running.zip(cutting.as_ref()))
        .map(|((_, part), c)| c.range(part.k).map_or(0, |r| r.states));
    let expected = TableHeader::new(id, &a.rules.hash, &a.rules.resolved_options(), 0);
    // The precision a whole solve would choose: the refusal, if neither fits, comes after.
    let only = a.layers.map(|(lo, hi)| lo..=hi);
    let (precision, above) = fits(&index, limits, a.precision, only.as_ref(), part_states)
        .unwrap_or((a.precision.unwrap_or(Precision::Double), Above::Memory));
    let mut known = Known::none(&index, precision, only.as_ref());
    // The values above the run in a file, before the tables' are read into them.
    let mut disk = limits.disk;
    if let (Above::File, Some(only)) = (above, &only) {
        let moved = known.keep_above_in_file(&index, only).map_err(|e| {
            format!(
                "the values of the states above these go to a file in {}, which failed: {e}",
                std::env::temp_dir().display()
            )
        })?;
        disk = disk.saturating_sub(moved);
    }
    // The tables' values of super-layers the run's moves cannot reach are not read.
    let held = dense::held_totals(&index, only.as_ref());
    let mut parts = Vec::new();
    for path in a.from {
        read_layers(
            path,
            &expected,
            engine,
            &index,
            &mut known,
            (&held, &mut parts),
        )
        .map_err(|e| e.to_string())?;
    }
    known.join_parts(&index, running)?;
    // Every part table of a super-layer read in one pass over its states.
    read_parts(parts, engine, &index, &mut known, cutting.as_ref()).map_err(|e| e.to_string())?;
    if let Some((lo, hi)) = a.layers
        && let Some(t) = (lo..=hi).find(|&t| known.has_total(&index, t))
    {
        return Err(format!(
            "`--layers`: the tables given by `--from` already hold the states with {} in total",
            off_in_total(t, t)
        ));
    }
    let lists = dense::list_budget(&index, precision, above, only.as_ref(), limits.bytes);
    let stage = Stage {
        known,
        only,
        lists,
        disk,
        part: a.part,
        cutting,
    };
    Ok((index, stage, part_states))
}

/// The most bytes of successor lists a window of a dense solve kept outside memory: in the
/// solver's file, and found again at full sweeps.
fn lists_outside(solution: &Solved) -> (u64, u64) {
    match solution {
        Solved::Dense(d) => (d.lists_on_disk, d.lists_found_again),
        Solved::Search(_) => (0, 0),
    }
}

/// The bytes of values above a run of some super-layers that it kept in a file.
fn values_in_file(solution: &Solved) -> u64 {
    match solution {
        Solved::Dense(d) => d.values_in_file,
        Solved::Search(_) => 0,
    }
}

/// Says where a dense solve kept successor lists, and values above it, outside memory, if it
/// did.
fn say_lists_outside(solution: &Solved) {
    let (disk, again) = lists_outside(solution);
    let mib = |b: u64| b as f64 / f64::from(1u32 << 20);
    if disk > 0 || again > 0 {
        say!(
            "successor lists that did not fit in `--memory`, at the most: {:.1} MiB on disk, \
             {:.1} MiB found again at each full sweep (`--disk`)",
            mib(disk),
            mib(again)
        );
    }
    let file = values_in_file(solution);
    if file > 0 {
        say!(
            "values of the states above these, which did not fit in `--memory`: {:.1} MiB in a \
             file, in memory as far as the system had room",
            mib(file)
        );
    }
}

/// The options chosen, as flags to repeat in a later command.
fn option_flags(options: &[(String, String)]) -> String {
    options
        .iter()
        .map(|(k, v)| format!(" --option {k}={v}"))
        .collect()
}

/// Writes the solved table where `--table` says, if it does; whether that went well (if not,
/// it has said why).
fn write_table(engine: &Engine, a: &SolveArgs, solution: &Solved) -> bool {
    let Some(path) = a.table else {
        return true;
    };
    let r = &engine.rules;
    let states = usize::try_from(solution.states()).unwrap_or(usize::MAX);
    let header = TableHeader::new(&r.id, &a.rules.hash, &a.rules.resolved_options(), states);
    if let Err(e) = save(path, &header, solution) {
        complain!("error: {e}");
        return false;
    }
    true
}

/// The options given, as a JSON object.
fn options_json(options: &[(String, String)]) -> Map<String, Value> {
    options.iter().map(|(k, v)| (k.clone(), json!(v))).collect()
}

/// The first lines of a text report: the rule set, and the options given.
fn say_heading(engine: &Engine, options: &[(String, String)]) {
    let r = &engine.rules;
    say!("{} ({})", r.title, r.id);
    let opts: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if !opts.is_empty() {
        say!("options: {}", opts.join(", "));
    }
}

/// The report of a run that solved the super-layers `[lo, hi]` but not yet the start.
fn report_stage(
    engine: &Engine,
    a: &SolveArgs,
    solution: &Solved,
    [lo, hi]: [usize; 2],
    seconds: f64,
) -> ExitCode {
    let r = &engine.rules;
    if !write_table(engine, a, solution) {
        return ExitCode::from(2);
    }
    let memory = peak_memory().unwrap_or_else(|| solution.memory_bytes());
    let part = match solution {
        Solved::Dense(d) => d.part.as_ref(),
        Solved::Search(_) => None,
    };
    match a.format {
        Format::Json => {
            let mut report = json!({
                "rules": r.id,
                "options": options_json(a.options),
                "layers": [lo, hi],
                    "method": solution.method(),
                    "states": solution.states(),
                    "seconds": seconds,
                    "memory_bytes": memory,
                    "sweeps": solution.sweeps(),
                    "lists_on_disk_bytes": lists_outside(solution).0,
                    "lists_found_again_bytes": lists_outside(solution).1,
                    "values_in_file_bytes": values_in_file(solution),
                    "win_probability": Value::Null,
                    "draw_probability": Value::Null,
            });
            if let Some(p) = part {
                report["part"] = json!([p.part.k, p.part.n]);
                report["progress"] = json!(p.progress.map(|(a, b)| [a, b]));
                report["moved"] = json!(p.moved);
                report["tolerance"] = json!(p.tolerance);
            }
            say!("{report}");
        }
        Format::Text => {
            say_heading(engine, a.options);
            let what = match part {
                Some(p) => format!(
                    ": part {} of {} of the states with {} in total (both sides){}",
                    p.part.k,
                    p.part.n,
                    off_in_total(lo, hi),
                    p.progress.map_or_else(
                        || ": none fall in it".to_string(),
                        |(a, b)| format!(", progress {a} to {b}")
                    )
                ),
                None => format!(" with {} in total (both sides)", off_in_total(lo, hi)),
            };
            say!(
                "{} states{what}, solved in {seconds:.2} s with {} sweeps, {:.1} MiB of memory at the peak",
                solution.states(),
                solution.sweeps(),
                memory as f64 / f64::from(1u32 << 20)
            );
            say_lists_outside(solution);
            if let Some(p) = part {
                say!(
                    "its values moved at most {:.3e} from those it started from",
                    p.moved
                );
            }
            if let (Some(path), Some(p)) = (a.table, part) {
                say!("table written to {path}");
                say!(
                    "go on: run every part again, each given the latest tables of all {} parts \
                 (`--from`), until a round moves none by more than {:e}; then give them all \
                     to `senet solve {}{} --layers {} --from ...`",
                    p.part.n,
                    p.tolerance,
                    r.id,
                    option_flags(a.options),
                    lo.saturating_sub(1)
                );
            } else if let Some(path) = a.table {
                say!("table written to {path}");
                if lo > 0 {
                    let next = lo - 1;
                    say!(
                        "go on with `senet solve {}{} --layers {next} --from {path} --table FILE`",
                        r.id,
                        option_flags(a.options)
                    );
                }
            }
        }
    }
    ExitCode::SUCCESS
}

/// The process's peak resident memory in bytes, where the system tells it (Linux).
fn peak_memory() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
