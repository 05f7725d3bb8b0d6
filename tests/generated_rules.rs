//! Generated rule files: random rule texts within the language's limits, checked and played.
//!
//! The bundled rule sets use a small corner of the language. Here a generator writes whole rule
//! files from random parts: boards up to 64 squares (`1 x 64`, `8 x 8`, snakes, row boards,
//! three-lane boards with gaps), one shared path or a path per side (also walking opposite ways),
//! 1 to 15 pieces starting waiting, alternating or on listed squares (also crowded at the end of
//! the path), sticks with values up to 30 or dice up to 12, extra throws, split turns (also ones
//! whose totals often pass 64 and 191), every form of entering, capture, protection, safe and
//! stop squares, blockades, backward moves, priority, seats, openings, chains of square effects,
//! every way of bearing off, both ways of winning, match points, options, decorations, and event
//! rules about the turn (`lose next turn`, `end turn`, `throw again`, `may throw again`, `may end
//! turn`, with or without a condition).
//!
//! Every file is valid by construction: the checker must accept it (a refusal fails the test with
//! the text and the diagnostics). Each file is then played for a few short games with seeded
//! throws, choices made by random indices and by the agents, and its moves are asked for in random
//! positions too. The debug build panics on integer overflow, out-of-range shifts and
//! out-of-bounds indexing, so this catches wraps on rule sets the bundled files never reach.
//! Besides, after every step:
//! - pieces are conserved per side, no two pieces share a square, the `on` and `squares` views
//!   agree, and the position comes back from its `Setup` and from its JSON (with the throw);
//! - a game that goes on has no outcome yet, and a game that ended has the position's.
//!
//! At every choice, for every legal move: the list is not empty and has no duplicates; `apply` and
//! `successor` agree; the report tells exactly the move's steps; a move has at most `pieces`
//! steps, each piece moving once, each step legal where it is made (no stop square or blockade
//! passed, no landing on a piece it may not capture, exits and entries as the rules say), nothing
//! landing past the end of its path except by bearing off; the same side throws next exactly when
//! the report says so. A single throw is used exactly by the one step of a move, and the moves for
//! a single throw are those the language reference describes (rebuilt here step by step). For
//! split turns the steps use at most the total, every move of one choice the same amount, and the
//! legal moves are also asked for with totals of 64, 200, 250 and 1000.

mod common;

use std::collections::HashSet;
use std::fmt;

use common::{check_json, check_position, random_position};

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestCaseError, TestRng, TestRunner};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use senet::check::check_text;
use senet::compile::{BearCondition, PieceCondition, PosFlags, compile};
use senet::engine::game::{Action, Game, GameEvent, Player, random_throw};
use senet::engine::{Engine, Listing, Move, Position, Step, Way};
use senet::notation::position::position_json;
use senet::types::{Capture, EnterOnto, Fallback, Opening, PathPos, Place, Side, Square, Throw};

/// Games per generated file, and their caps: short games keep the test fast, and a game may end
/// unfinished. The step cap also stops a side that throws again forever.
const GAMES: u64 = 3;
const TURN_CAP: u32 = 300;
const STEP_CAP: usize = 3_000;

/// The turn cap of split-turn rule sets, whose every turn searches the ways to share a total.
const SPLIT_TURN_CAP: u32 = 60;

/// Random positions per file, reachable or not, whose moves are checked like those of play.
const RANDOM_POSITIONS: usize = 8;

/// Totals asked for directly on split-turn rule sets: past 64 positions, past 191 and 255 (the
/// top of a byte), and far past everything.
const LARGE_TOTALS: [u16; 4] = [64, 200, 250, 1000];

// ---- the generator -------------------------------------------------------------------------------

/// The board and the squares each side walks.
#[derive(Clone, Copy, Debug)]
enum BoardKnob {
    /// `board R x C snake`, the path along the numbering; the last `tail` squares may be gaps.
    Snake {
        rows: u32,
        cols: u32,
        tail: u32,
        paths: PathStyle,
    },
    /// `board R x C` numbered by rows, the path winding back on every other row.
    Rows {
        rows: u32,
        cols: u32,
        paths: PathStyle,
    },
    /// Three rows of `width` (Twenty Squares): each side first walks `before` squares of its own
    /// outer row, then the whole shared middle row, then `after` squares of its outer row back;
    /// the rest of the outer rows are gaps.
    Lanes { width: u32, before: u32, after: u32 },
}

/// How the sides' paths are written on a one-lane board.
#[derive(Clone, Copy, Debug)]
enum PathStyle {
    /// `path ITEMS`.
    Shared,
    /// `path a: ITEMS` and the same for `b`.
    Twice,
    /// The second side walks the path the other way.
    Opposite,
}

#[derive(Clone, Copy, Debug)]
enum StartKnob {
    Waiting,
    Alternating(u64),
    Listed(u64),
    /// Listed squares crowded at the end of the paths.
    NearEnd(u64),
}

#[derive(Clone, Copy, Debug)]
enum ThrowKnob {
    Sticks { count: u32, table: u64 },
    Die { faces: u32 },
}

/// The optional statements, each present (with a seed for its details) or left out: proptest
/// shrinks a failing file by leaving statements out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stmt {
    Split,
    ExtraAfter,
    ExtraOn,
    Enter,
    Capture,
    Protect,
    Safe,
    Blockade,
    Stop,
    Backward,
    Priority,
    Seats,
    OpeningFirst,
    OpeningSecond,
    Effects,
    Chain,
    BearWhen,
    OnlyBearOff,
    End,
    MatchPoints,
    First,
    Decorations,
    TurnRules,
    Options,
}

const STMTS: usize = Stmt::Options as usize + 1;

#[derive(Clone, Debug)]
struct Knobs {
    board: BoardKnob,
    sides: usize,
    pieces: u32,
    start: StartKnob,
    throw: ThrowKnob,
    bear_off: u64,
    win: u64,
    stmts: Vec<Option<u64>>,
}

/// A generated rule file; shown as its text when a case fails.
#[derive(Clone)]
struct RuleFile {
    text: String,
}

impl fmt::Debug for RuleFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", self.text)
    }
}

/// Row and column counts with at most 64 squares, favouring the shapes of interest.
fn grid() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        3 => (1..=8u32).prop_flat_map(|r| (Just(r), 1..=64 / r)),
        2 => (1..=4u32, 1..=6u32),
        1 => Just((1, 64)),
        1 => Just((8, 8)),
        1 => Just((3, 10)),
        1 => Just((64, 1)),
    ]
}

fn path_style() -> impl Strategy<Value = PathStyle> {
    prop_oneof![
        Just(PathStyle::Shared),
        Just(PathStyle::Twice),
        Just(PathStyle::Opposite)
    ]
}

fn board_knob() -> impl Strategy<Value = BoardKnob> {
    prop_oneof![
        3 => (grid(), 0..8u32, path_style()).prop_map(|((rows, cols), tail, paths)| {
            BoardKnob::Snake { rows, cols, tail: tail.min(rows * cols - 1), paths }
        }),
        2 => (grid(), path_style()).prop_map(|((rows, cols), paths)| BoardKnob::Rows {
            rows,
            cols,
            paths
        }),
        2 => (1..=21u32)
            .prop_flat_map(|w| (Just(w), 1..=w))
            .prop_flat_map(|(w, b)| (Just(w), Just(b), 0..=w - b))
            .prop_map(|(width, before, after)| BoardKnob::Lanes { width, before, after }),
    ]
}

fn start_knob() -> impl Strategy<Value = StartKnob> {
    prop_oneof![
        Just(StartKnob::Waiting),
        any::<u64>().prop_map(StartKnob::Alternating),
        any::<u64>().prop_map(StartKnob::Listed),
        any::<u64>().prop_map(StartKnob::NearEnd),
    ]
}

fn throw_knob() -> impl Strategy<Value = ThrowKnob> {
    prop_oneof![
        (1..=8u32, any::<u64>()).prop_map(|(count, table)| ThrowKnob::Sticks { count, table }),
        (2..=12u32).prop_map(|faces| ThrowKnob::Die { faces }),
        Just(ThrowKnob::Die { faces: 12 }),
    ]
}

fn pieces() -> impl Strategy<Value = u32> {
    prop_oneof![3 => 1..=15u32, 1 => Just(15u32)]
}

fn knobs() -> impl Strategy<Value = Knobs> {
    (
        board_knob(),
        0..SIDE_NAMES.len(),
        pieces(),
        start_knob(),
        throw_knob(),
        any::<u64>(),
        any::<u64>(),
        prop::collection::vec(prop::option::weighted(0.5, any::<u64>()), STMTS),
    )
        .prop_map(
            |(board, sides, pieces, start, throw, bear_off, win, stmts)| Knobs {
                board,
                sides,
                pieces,
                start,
                throw,
                bear_off,
                win,
                stmts,
            },
        )
}

/// Rule files built from random parts; every one is meant to check.
fn rule_file() -> impl Strategy<Value = RuleFile> {
    knobs().prop_map(|k| RuleFile { text: write(&k) })
}

const SIDE_NAMES: [(&str, &str); 4] = [
    ("red", "blue"),
    ("light", "dark"),
    ("a", "b"),
    ("north-side", "south_side2"),
];

const COLOURS: [&str; 8] = [
    "red", "blue", "green", "yellow", "white", "black", "magenta", "cyan",
];

/// Numbers as rule items: runs of consecutive numbers (up or down) as ranges `a..b`.
fn items(list: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let mut j = i;
        let step = list
            .get(i + 1)
            .map(|&n| i64::from(n) - i64::from(list[i]))
            .filter(|d| d.abs() == 1);
        if let Some(d) = step {
            while j + 1 < list.len() && i64::from(list[j + 1]) - i64::from(list[j]) == d {
                j += 1;
            }
        }
        if j > i {
            out.push(format!("{}..{}", list[i], list[j]));
        } else {
            out.push(list[i].to_string());
        }
        i = j + 1;
    }
    out.join(", ")
}

/// A random subset of `list` of `k` elements (at most all), in the list's order.
fn subset<T: Copy>(rng: &mut Pcg64Mcg, list: &[T], k: usize) -> Vec<T> {
    let mut idx: Vec<usize> = (0..list.len()).collect();
    for i in (1..idx.len()).rev() {
        let j = rng.random_range(0..=i);
        idx.swap(i, j);
    }
    idx.truncate(k);
    idx.sort_unstable();
    idx.into_iter().map(|i| list[i]).collect()
}

fn shuffled<T: Copy>(rng: &mut Pcg64Mcg, list: &[T]) -> Vec<T> {
    let mut v = list.to_vec();
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
    v
}

/// The board as written, and the paths it gives (square numbers in walking order).
struct Layout {
    lines: Vec<String>,
    paths: [Vec<u32>; 2],
}

impl Layout {
    /// Every square some path passes, ascending.
    fn path_squares(&self) -> Vec<u32> {
        let mut all: Vec<u32> = self.paths.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// Positions valid for both sides.
    fn common_len(&self) -> u32 {
        let len = self.paths.iter().map(Vec::len).min().unwrap_or(0);
        u32::try_from(len).expect("at most 64 squares")
    }
}

fn layout(board: BoardKnob, names: (&str, &str)) -> Layout {
    let mut lines = Vec::new();
    let (one, style) = match board {
        BoardKnob::Snake {
            rows,
            cols,
            tail,
            paths,
        } => {
            lines.push(format!("board {rows} x {cols} snake"));
            let n = rows * cols;
            if tail > 0 {
                lines.push(format!(
                    "gaps {}",
                    items(&(n - tail + 1..=n).collect::<Vec<_>>())
                ));
            }
            ((1..=n - tail).collect::<Vec<u32>>(), paths)
        }
        BoardKnob::Rows { rows, cols, paths } => {
            // `rows` is the default numbering: said, or left out and `x` written `×`.
            lines.push(if (rows + cols) % 2 == 0 {
                format!("board {rows} x {cols} rows")
            } else {
                format!("board {rows} × {cols}")
            });
            let mut path = Vec::new();
            for r in 0..rows {
                let row: Vec<u32> = (1..=cols).map(|c| r * cols + c).collect();
                if r % 2 == 0 {
                    path.extend(row);
                } else {
                    path.extend(row.into_iter().rev());
                }
            }
            (path, paths)
        }
        BoardKnob::Lanes {
            width: w,
            before,
            after,
        } => {
            lines.push(format!("board 3 x {w}"));
            let gaps: Vec<u32> = (before + 1..=w - after)
                .chain(2 * w + before + 1..=3 * w - after)
                .collect();
            if !gaps.is_empty() {
                lines.push(format!("gaps {}", items(&gaps)));
            }
            let lane = |outer: u32| -> Vec<u32> {
                let mut p: Vec<u32> = (outer + 1..=outer + before).rev().collect();
                p.extend(w + 1..=2 * w);
                p.extend((outer + w - after + 1..=outer + w).rev());
                p
            };
            let (a, b) = (lane(0), lane(2 * w));
            lines.push(format!("path {}: {}", names.0, items(&a)));
            lines.push(format!("path {}: {}", names.1, items(&b)));
            return Layout {
                lines,
                paths: [a, b],
            };
        }
    };
    let other = match style {
        PathStyle::Opposite => one.iter().rev().copied().collect(),
        _ => one.clone(),
    };
    match style {
        PathStyle::Shared => lines.push(format!("path {}", items(&one))),
        PathStyle::Twice | PathStyle::Opposite => {
            lines.push(format!("path {}: {}", names.0, items(&one)));
            lines.push(format!("path {}: {}", names.1, items(&other)));
        }
    }
    Layout {
        lines,
        paths: [one, other],
    }
}

/// What the writer knows while it writes the statements that name squares, positions and throws.
struct Writer<'a> {
    layout: &'a Layout,
    /// The values the throw can give, ascending.
    values: Vec<u32>,
    pieces: u32,
    lines: Vec<String>,
}

impl Writer<'_> {
    fn square(&self, rng: &mut Pcg64Mcg) -> u32 {
        let all = self.layout.path_squares();
        all[rng.random_range(0..all.len())]
    }

    fn position(&self, rng: &mut Pcg64Mcg) -> u32 {
        rng.random_range(1..=self.layout.common_len())
    }

    /// A few throw values (at least one), comma separated.
    fn throw_values(&self, rng: &mut Pcg64Mcg) -> String {
        let k = rng.random_range(1..=self.values.len());
        let list = subset(rng, &self.values, k);
        list.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A set of squares or positions in one of its written forms.
    fn set(&self, rng: &mut Pcg64Mcg) -> String {
        let all = self.layout.path_squares();
        let len = self.layout.common_len();
        match rng.random_range(0..8u8) {
            0 => "none".into(),
            1 => items(&all),
            2 | 3 => {
                let k = rng.random_range(1..=all.len().min(6));
                let prefix = if rng.random_bool(0.3) { "squares " } else { "" };
                format!("{prefix}{}", items(&subset(rng, &all, k)))
            }
            4 | 5 => {
                let all: Vec<u32> = (1..=len).collect();
                let k = rng.random_range(1..=all.len().min(6));
                let word = if rng.random_bool(0.8) {
                    "positions"
                } else {
                    "position"
                };
                format!("{word} {}", items(&subset(rng, &all, k)))
            }
            6 => {
                // A range of positions, possibly written downwards.
                let (a, b) = (self.position(rng), self.position(rng));
                format!("positions {a}..{b}")
            }
            _ => {
                // The last squares of a path: where pieces bear off.
                let path = &self.layout.paths[rng.random_range(0..2usize)];
                let k = rng.random_range(1..=path.len().min(8));
                let mut tail = path[path.len() - k..].to_vec();
                tail.sort_unstable();
                items(&tail)
            }
        }
    }

    fn push(&mut self, line: String) {
        self.lines.push(line);
    }
}

fn seeded(seed: u64) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(seed)
}

/// The stick table of `count` sticks in one of several styles.
fn stick_table(count: u32, seed: u64) -> Vec<u32> {
    let mut rng = seeded(seed);
    (0..=count)
        .map(|c| match seed % 5 {
            0 => c,
            // Senet: no light side counts as the most.
            1 if c == 0 => count + 1,
            1 => c,
            2 => rng.random_range(0..=30),
            3 => rng.random_range(20..=30),
            _ => rng.random_range(0..=3),
        })
        .collect()
}

/// Where each side starts, as its squares (`None`: waiting), and whether they alternate from the
/// first side's first square; may lower the number of pieces.
fn start_squares(
    layout: &Layout,
    knob: StartKnob,
    pieces: &mut u32,
) -> Option<([Vec<u32>; 2], bool)> {
    let [a, b] = &layout.paths;
    let a_only: Vec<u32> = a.iter().copied().filter(|s| !b.contains(s)).collect();
    let b_only: Vec<u32> = b.iter().copied().filter(|s| !a.contains(s)).collect();
    let common = a.len() - a_only.len();
    // The most pieces each side can have on distinct squares of its own path.
    let fits = |n: usize| n.saturating_sub(a_only.len()) + n.saturating_sub(b_only.len()) <= common;
    let seed = match knob {
        StartKnob::Waiting => return None,
        StartKnob::Alternating(seed) | StartKnob::Listed(seed) | StartKnob::NearEnd(seed) => seed,
    };
    let mut rng = seeded(seed);
    if let StartKnob::Alternating(_) = knob {
        // The checker's own rule: each side from its position of the square, every other
        // position, within the shorter path.
        let len = layout.common_len() as usize;
        let pos = |path: &Vec<u32>, sq: u32| path.iter().position(|&s| s == sq);
        for n in (1..=*pieces as usize).rev() {
            let candidates: Vec<[Vec<u32>; 2]> = a
                .iter()
                .filter_map(|&sq| {
                    let starts = [pos(a, sq)?, pos(b, sq)?];
                    let mut out: [Vec<u32>; 2] = Default::default();
                    for (s, p) in starts.into_iter().enumerate() {
                        for k in 0..n {
                            let q = p + s + 2 * k;
                            if q >= len {
                                return None;
                            }
                            out[s].push(layout.paths[s][q]);
                        }
                    }
                    let all: HashSet<u32> = out.iter().flatten().copied().collect();
                    (all.len() == 2 * n).then_some(out)
                })
                .collect();
            if !candidates.is_empty() {
                *pieces = u32::try_from(n).expect("at most 15 pieces");
                let pick = candidates[rng.random_range(0..candidates.len())].clone();
                return Some((pick, true));
            }
        }
    }
    let n = (1..=*pieces as usize).rev().find(|&n| fits(n))?;
    *pieces = u32::try_from(n).expect("at most 15 pieces");
    // The first side takes at most this many shared squares, leaving the second enough.
    let mut shared_budget = common - n.saturating_sub(b_only.len());
    let order = |rng: &mut Pcg64Mcg, path: &Vec<u32>| -> Vec<u32> {
        match knob {
            StartKnob::NearEnd(_) => {
                // From the end of the path, now and then skipping a square.
                let mut v: Vec<u32> = path.iter().rev().copied().collect();
                let mut skipped = Vec::new();
                v.retain(|&s| {
                    let keep = rng.random_bool(0.75);
                    if !keep {
                        skipped.push(s);
                    }
                    keep
                });
                v.extend(skipped);
                v
            }
            _ => shuffled(rng, path),
        }
    };
    let mut first = Vec::new();
    for sq in order(&mut rng, a) {
        if first.len() == n {
            break;
        }
        if b.contains(&sq) {
            if shared_budget == 0 {
                continue;
            }
            shared_budget -= 1;
        }
        first.push(sq);
    }
    let second: Vec<u32> = order(&mut rng, b)
        .into_iter()
        .filter(|s| !first.contains(s))
        .take(n)
        .collect();
    assert_eq!(
        (first.len(), second.len()),
        (n, n),
        "the generator lost count of the squares"
    );
    Some(([first, second], false))
}

/// Writes the rule file the knobs describe.
fn write(k: &Knobs) -> String {
    let names = SIDE_NAMES[k.sides];
    let opt = |s: Stmt| k.stmts[s as usize].map(seeded);
    let layout = layout(k.board, names);
    // Each value the throw gives, with its chance.
    let mut chances: Vec<(u32, f64)> = Vec::new();
    match k.throw {
        ThrowKnob::Sticks { count, table } => {
            let mut ways = 1.0;
            for (c, v) in (0u32..).zip(stick_table(count, table)) {
                let p = ways / f64::from(1u32 << count);
                ways = ways * f64::from(count - c) / f64::from(c + 1);
                match chances.iter_mut().find(|(x, _)| *x == v) {
                    Some(e) => e.1 += p,
                    None => chances.push((v, p)),
                }
            }
            chances.sort_by_key(|e| e.0);
        }
        ThrowKnob::Die { faces } => {
            chances.extend((1..=faces).map(|v| (v, 1.0 / f64::from(faces))));
        }
    }
    let values: Vec<u32> = chances.iter().map(|e| e.0).collect();
    // The turn: `None` unstated, `Some(None)` one throw, `Some(Some(again))` split.
    let turn: Option<Option<Vec<u32>>> = opt(Stmt::Split).map(|mut rng| {
        (values.len() >= 2 && rng.random_bool(0.85)).then(|| {
            // Throw again on every value but one half of the time: long turns, large totals.
            let keep = if rng.random_bool(0.5) {
                values.len() - 1
            } else {
                rng.random_range(1..values.len())
            };
            subset(&mut rng, &values, keep)
        })
    });
    let mut pieces = k.pieces;
    if let Some(Some(again)) = &turn {
        // Sharing a total searches every way to split it, a cost that grows exponentially with
        // the pieces and the total: split turns get few pieces, the fewer the larger the totals.
        let stop: f64 = chances
            .iter()
            .filter(|e| !again.contains(&e.0))
            .map(|e| e.1)
            .sum();
        let mean: f64 = chances.iter().map(|e| f64::from(e.0) * e.1).sum();
        let total = mean / stop;
        pieces = pieces.min(if total <= 10.0 { 3 } else { 2 });
    }
    let start = start_squares(&layout, k.start, &mut pieces);
    let mut w = Writer {
        layout: &layout,
        values,
        pieces,
        lines: Vec::new(),
    };
    w.push(format!("ruleset \"generated/{:x}\"", k.bear_off ^ k.win));
    w.push("title \"A generated rule set\"".into());
    w.push(String::new());
    for l in &layout.lines {
        w.push(l.clone());
    }
    w.push(format!("sides {}, {}", names.0, names.1));
    w.push(format!("pieces {pieces} each"));
    match &start {
        None => w.push("start waiting".into()),
        // From the square the first side's first piece stands on.
        Some((squares, true)) => w.push(format!("start alternating from {}", squares[0][0])),
        Some(([a, b], false)) => {
            let mut a = a.clone();
            let mut b = b.clone();
            a.sort_unstable();
            b.sort_unstable();
            w.push(format!(
                "start {} on {}; {} on {}",
                names.0,
                items(&a),
                names.1,
                items(&b)
            ));
        }
    }
    let waiting = start.is_none();

    // Throws and turns.
    match k.throw {
        ThrowKnob::Sticks { count, table } => {
            let t = stick_table(count, table);
            let entries: Vec<String> = t
                .iter()
                .enumerate()
                .map(|(c, v)| format!("{c} -> {v}"))
                .collect();
            w.push(format!("throw {count} sticks: {}", entries.join(", ")));
        }
        ThrowKnob::Die { faces } => w.push(format!("throw die {faces}")),
    }
    match &turn {
        None => {}
        Some(None) => w.push("turn throw then move".into()),
        Some(Some(again)) => {
            let list: Vec<String> = again.iter().map(ToString::to_string).collect();
            w.push(format!(
                "turn throw again on {} then split",
                list.join(", ")
            ));
        }
    }
    if let Some(mut rng) = opt(Stmt::ExtraAfter) {
        let line = if rng.random_bool(0.2) {
            "extra throw after none".into()
        } else {
            format!("extra throw after {}", w.throw_values(&mut rng))
        };
        w.push(line);
    }
    if let Some(mut rng) = opt(Stmt::ExtraOn) {
        let set = w.set(&mut rng);
        w.push(format!("extra throw on {set}"));
    }
    if let Some(mut rng) = opt(Stmt::TurnRules) {
        // An event rule about the turn, with or without a condition.
        let trigger = if rng.random_bool(0.6) {
            format!("landing on {}", w.set(&mut rng))
        } else {
            format!("move with {}", w.throw_values(&mut rng))
        };
        let condition = if rng.random_bool(0.15) {
            [" if the piece entered", " if the piece was on the board"][rng.random_range(0..2usize)]
                .to_string()
        } else if rng.random_bool(0.5) {
            let whose = if rng.random_bool(0.5) {
                "its side"
            } else {
                "the other side"
            };
            let no = if rng.random_bool(0.5) { "no " } else { "" };
            format!(" if {whose} has {no}pieces on {}", w.set(&mut rng))
        } else {
            String::new()
        };
        let effect = [
            "throw again",
            "lose next turn",
            "end turn",
            "may throw again",
            "may end turn",
        ][rng.random_range(0..5)];
        w.push(format!("on {trigger}{condition}: {effect}"));
        if rng.random_bool(0.3) {
            // Which pieces may move, judged before each move.
            let has = if rng.random_bool(0.5) { "" } else { "no " };
            let (c, only) = (w.set(&mut rng), w.set(&mut rng));
            w.push(format!(
                "on each move if the other side has {has}pieces on {c}: only pieces on {only} may move"
            ));
        }
    }

    // Entering, capture, protection.
    let enter = match (opt(Stmt::Enter), waiting) {
        (Some(rng), _) => Some(rng),
        // Waiting pieces need a way in.
        (None, true) => Some(seeded(k.win.rotate_left(17))),
        (None, false) => None,
    };
    if let Some(mut rng) = enter {
        let line = if !waiting && rng.random_bool(0.15) {
            "enter none".into()
        } else {
            let with = if rng.random_bool(0.5) {
                format!("with {} ", w.throw_values(&mut rng))
            } else {
                String::new()
            };
            let onto = if rng.random_bool(0.5) {
                "throw".to_string()
            } else {
                w.position(&mut rng).to_string()
            };
            let empty = if rng.random_bool(0.3) {
                " if empty"
            } else {
                ""
            };
            format!("enter {with}onto {onto}{empty}")
        };
        w.push(line);
    }
    if let Some(mut rng) = opt(Stmt::Capture) {
        let line = match rng.random_range(0..7usize) {
            0 => "capture none".into(),
            1 => "capture swap".into(),
            2 => "capture removed".into(),
            3 => "capture to waiting".into(),
            k => {
                // Near the end the fallback looks for a square after, near the start before.
                let path = &layout.paths[rng.random_range(0..2usize)];
                let near = path.len().min(6);
                let i = match k {
                    4 => rng.random_range(0..path.len()),
                    5 => rng.random_range(path.len() - near..path.len()),
                    _ => rng.random_range(0..near),
                };
                let sq = path[i];
                let how = ["", "first free after ", "first free before "][k - 4];
                format!("capture to {how}{sq}")
            }
        };
        w.push(line);
    }
    if let Some(mut rng) = opt(Stmt::Protect) {
        let line = if rng.random_bool(0.8) {
            "protect pairs"
        } else {
            "protect none"
        };
        w.push(line.into());
    }
    if let Some(mut rng) = opt(Stmt::Safe) {
        let set = w.set(&mut rng);
        w.push(format!("safe {set}"));
    }

    // Blockades, stops, backward moves, priority.
    if let Some(mut rng) = opt(Stmt::Blockade) {
        let line = if w.pieces >= 2 && rng.random_bool(0.85) {
            format!("blockade {}", rng.random_range(2..=w.pieces))
        } else {
            "blockade none".into()
        };
        w.push(line);
    }
    if let Some(mut rng) = opt(Stmt::Stop) {
        let set = w.set(&mut rng);
        w.push(format!("stop on {set}"));
    }
    if let Some(mut rng) = opt(Stmt::Backward) {
        if rng.random_bool(0.8) {
            w.push("backward when no forward move".into());
            if rng.random_bool(0.3) {
                w.push("one direction each turn".into());
            }
        } else {
            w.push("backward never".into());
        }
    }
    if let Some(mut rng) = opt(Stmt::Priority) {
        let set = w.set(&mut rng);
        w.push(format!("priority {set}"));
    }

    // Seats, who moves first, openings (these need pieces on the board).
    let sides = [names.0, names.1];
    if let Some(mut rng) = opt(Stmt::Seats) {
        let line = if rng.random_bool(0.85) {
            let v = w.values[rng.random_range(0..w.values.len())];
            let side = sides[rng.random_range(0..2usize)];
            format!("seats throw until {v}, thrower plays {side}")
        } else {
            "seats none".into()
        };
        w.push(line);
    }
    if let Some(mut rng) = opt(Stmt::First) {
        w.push(format!("first {}", sides[rng.random_range(0..2usize)]));
    }
    for (i, stmt) in [Stmt::OpeningFirst, Stmt::OpeningSecond]
        .into_iter()
        .enumerate()
    {
        let Some(mut rng) = opt(stmt) else { continue };
        let rule = match rng.random_range(0..4u8) {
            _ if waiting => "none".to_string(),
            0 => format!("front piece moves {}", rng.random_range(1..=30)),
            1 => format!(
                "front piece moves {} then throw again",
                rng.random_range(1..=3)
            ),
            2 => "first move with front piece".into(),
            _ => "none".into(),
        };
        w.push(format!("opening {}: {rule}", sides[i]));
    }

    // Square effects: a chain along a path, then single effects that make no loop.
    let mut effects: Vec<(u32, u32, &str)> = Vec::new();
    let leads_to = |effects: &[(u32, u32, &str)], from: u32, target: u32| -> bool {
        let mut at = from;
        loop {
            if at == target {
                return true;
            }
            match effects.iter().find(|e| e.0 == at) {
                Some(e) => at = e.1,
                None => return false,
            }
        }
    };
    let fallback = |rng: &mut Pcg64Mcg| match rng.random_range(0..3u8) {
        0 => "",
        1 => "first free after ",
        _ => "first free before ",
    };
    if let Some(mut rng) = opt(Stmt::Chain) {
        let path = &layout.paths[rng.random_range(0..2usize)];
        if path.len() >= 3 {
            let k = rng.random_range(2..=path.len().min(13) - 1);
            let i = rng.random_range(0..path.len() - k);
            let forward = rng.random_bool(0.6);
            for j in i..i + k {
                let (from, to) = if forward {
                    (path[j], path[j + 1])
                } else {
                    (path[j + 1], path[j])
                };
                effects.push((from, to, fallback(&mut rng)));
            }
        }
    }
    if let Some(mut rng) = opt(Stmt::Effects) {
        for _ in 0..rng.random_range(1..=6) {
            let (from, to) = (w.square(&mut rng), w.square(&mut rng));
            if effects.iter().any(|e| e.0 == from) || leads_to(&effects, to, from) {
                continue;
            }
            effects.push((from, to, fallback(&mut rng)));
        }
        // A square without an effect, said so.
        let sq = w.square(&mut rng);
        if !effects.iter().any(|e| e.0 == sq) {
            w.push(format!("square {sq}: none"));
        }
    }
    // Some effects act on one side's pieces only (the other side's then stay), and some stop the
    // piece where they lead: both only loosen what the list above rules out.
    let mut form = seeded(k.bear_off.rotate_left(23));
    for (from, to, how) in &effects {
        if form.random_bool(0.3) {
            let side = [names.0, names.1][form.random_range(0..2usize)];
            let stop = if form.random_bool(0.5) {
                " and stop"
            } else {
                ""
            };
            w.push(format!(
                "on landing on {from} by {side}: go to {how}{to}{stop}"
            ));
        } else {
            w.push(format!("square {from}: go to {how}{to}"));
        }
    }

    // Bearing off.
    let mut rng = seeded(k.bear_off);
    let line = match rng.random_range(0..4u8) {
        0 | 1 => "bear off exact".to_string(),
        2 => format!("bear off exact from {}", w.set(&mut rng)),
        _ => {
            let all = layout.path_squares();
            let n = rng.random_range(1..=all.len().min(4));
            let from = subset(&mut rng, &all, n);
            let rows: Vec<String> = from
                .iter()
                .map(|sq| format!("from {sq} with {}", w.throw_values(&mut rng)))
                .collect();
            format!("bear off {}", rows.join("; "))
        }
    };
    w.push(line);
    if let Some(mut rng) = opt(Stmt::BearWhen) {
        let line = match rng.random_range(0..3u8) {
            0 => format!("bear off only when all on {}", w.set(&mut rng)),
            1 => format!("bear off only when none on {}", w.set(&mut rng)),
            _ => "bear off always".into(),
        };
        w.push(line);
    }
    if let Some(mut rng) = opt(Stmt::OnlyBearOff) {
        let set = w.set(&mut rng);
        w.push(format!("only bear off from {set}"));
    }

    // The end.
    let most = k.win.is_multiple_of(3);
    w.push(if most {
        "win most borne off".into()
    } else {
        "win first to bear off all".into()
    });
    if let Some(mut rng) = opt(Stmt::End) {
        let line = if most && rng.random_bool(0.7) {
            "end when decided"
        } else {
            "end when board empty"
        };
        w.push(line.into());
    }
    if let Some(mut rng) = opt(Stmt::MatchPoints) {
        let line = if rng.random_bool(0.1) {
            "match points none".to_string()
        } else {
            let all = layout.path_squares();
            let rows: Vec<String> = (0..rng.random_range(1..=3))
                .map(|_| {
                    let k = rng.random_range(1..=all.len());
                    let points = if rng.random_bool(0.2) {
                        1_000_000
                    } else {
                        rng.random_range(0..=5)
                    };
                    format!("{}: {points}", items(&subset(&mut rng, &all, k)))
                })
                .collect();
            format!("match points {}", rows.join("; "))
        };
        w.push(line);
    }

    // What changes nothing in play: colours, names, labels, marks, notes, comments, sources.
    if let Some(mut rng) = opt(Stmt::Decorations) {
        for name in [names.0, names.1] {
            if rng.random_bool(0.5) {
                let c = COLOURS[rng.random_range(0..COLOURS.len())];
                w.push(format!("colour {name}: {c}"));
            }
        }
        let sq = w.square(&mut rng);
        w.push(format!("name {sq} \"House of Ré-Atum\"  [choice: a name]"));
        let sq = w.square(&mut rng);
        w.push(format!("label {sq} \"III\"   # drawn on the square"));
        let set = w.set(&mut rng);
        w.push(format!("marks {set}"));
        w.push("source \"generated\"".into());
        w.push("# a comment line".into());
    }
    // An option whose other value changes a rule (only the default is played here).
    if opt(Stmt::Options).is_some() {
        w.push("option speed: 1..3 default 1".into());
        w.push("option wall: on | off default off".into());
        w.push("when wall is on: blockade none".into());
        w.push("when speed is 2: backward never".into());
    }
    let mut text = w.lines.join("\n");
    text.push('\n');
    text
}

// ---- invariants ----------------------------------------------------------------------------------

/// The amounts of a throw one step can use: a move along the path uses its distance, an entry
/// onto the throw its landing position, an entry onto a fixed position or an exit any throw that
/// allows it.
fn step_amounts(engine: &Engine, s: Side, from: Place, to: Place, limit: u16) -> Vec<u16> {
    let r = &engine.rules;
    match (from, to) {
        (Place::On(p), Place::On(q)) => vec![u16::from(p.get().abs_diff(q.get()))],
        (Place::Waiting, Place::On(q)) => match r.enter {
            Some(e) if e.onto == EnterOnto::Throw => vec![u16::from(q.get())],
            Some(e) => (1..=limit).filter(|&d| e.allows(Throw::new(d))).collect(),
            None => Vec::new(),
        },
        (Place::On(p), Place::Off) => {
            let exits = r.sides[s].exit_throws[p.index()];
            (0..32u16).filter(|&d| exits & (1 << d) != 0).collect()
        }
        _ => Vec::new(),
    }
}

/// Every amount of the throw the steps of `mv` can use together, up to `limit`.
fn move_amounts(engine: &Engine, s: Side, mv: &Move, limit: u16) -> Vec<bool> {
    let mut sums = vec![false; usize::from(limit) + 1];
    sums[0] = true;
    for step in mv.steps() {
        let amounts = step_amounts(engine, s, step.from(), step.to(), limit);
        let mut next = vec![false; sums.len()];
        for (t, _) in sums.iter().enumerate().filter(|(_, ok)| **ok) {
            for &d in &amounts {
                if let Some(slot) = next.get_mut(t + usize::from(d)) {
                    *slot = true;
                }
            }
        }
        sums = next;
    }
    sums
}

/// Whether one step of side `s`, made in `before`, keeps the rules of passing and landing: it
/// passes no stop square and no enemy blockade, lands on no own piece and on an enemy piece only
/// to capture it, enters as `enter` says, bears off only from an exit while bearing off is
/// allowed, and leaves a square of `only bear off from` only by bearing off.
fn check_step(engine: &Engine, before: &Position, s: Side, step: Step) -> Result<(), String> {
    let r = &engine.rules;
    let e = s.other();
    let side = &r.sides[s];
    let len = engine.path_len(s);
    let square = |p: usize| side.path[p - 1];
    let (from, to) = (step.from(), step.to());
    let at = |p: Place| match p {
        Place::On(q) => usize::from(q.get()),
        Place::Off => len + 1,
        Place::Waiting | Place::Removed => 0,
    };
    let (a, b) = (at(from), at(to));
    // The positions passed over, strictly between the two ends.
    let passed = if a < b { a + 1..b } else { b + 1..a };
    let enemy_at = |p: usize| before.squares(e) & square(p).bit() != 0;
    let blocked = |p: usize| {
        let n = usize::from(r.blockade);
        // A run of `n` enemy pieces along this path that covers `p`.
        n > 0
            && (p.saturating_sub(n - 1).max(1)..=p)
                .any(|first| first + n - 1 <= len && (first..first + n).all(enemy_at))
    };
    for p in passed {
        // Stop squares are the mover's own: a set of positions names each side's own.
        if side.flags[p - 1].contains(PosFlags::STOP) {
            return Err(format!("passes the stop square {}", square(p)));
        }
        if blocked(p) {
            return Err(format!("passes a blockade at position {p}"));
        }
    }
    if let Place::On(p) = from
        && side.flags[p.index()].contains(PosFlags::ONLY_BEAR_OFF)
        && to != Place::Off
    {
        return Err(format!("leaves position {p} other than by bearing off"));
    }
    match to {
        Place::On(t) => {
            let sq = square(usize::from(t.get()));
            if before.squares(s) & sq.bit() != 0 {
                return Err(format!("lands on its own piece on square {sq}"));
            }
            if before.squares(e) & sq.bit() != 0 {
                // A piece of its own just before or after it on its own path protects it.
                let pair = r.sides[e].position(sq).is_some_and(|q| {
                    [q.index().checked_sub(1), Some(q.index() + 1)]
                        .into_iter()
                        .flatten()
                        .filter(|&i| i < engine.path_len(e))
                        .filter_map(PathPos::from_index)
                        .any(|n| before.on(e) & n.bit() != 0)
                });
                // Safety belongs to the piece standing there, at its own side's position.
                let safe = r.sides[e]
                    .position(sq)
                    .is_some_and(|q| r.sides[e].flags[q.index()].contains(PosFlags::SAFE));
                if r.capture == Capture::None || safe || (r.protect_pairs && pair) {
                    return Err(format!(
                        "lands on an enemy piece it may not capture on {sq}"
                    ));
                }
                // A captured piece sent to a square needs room there (or, with a fallback, on
                // some square after or before it along its own path); the square the capturer
                // leaves is free, the one it lands on is not.
                if let Capture::To(d) = r.captured_at(sq) {
                    let origin = match from {
                        Place::On(p) => Some(square(usize::from(p.get()))),
                        _ => None,
                    };
                    let free = |q: Square| {
                        q != sq
                            && (Some(q) == origin
                                || (before.squares(s) | before.squares(e)) & q.bit() == 0)
                    };
                    let path = &r.sides[e].path;
                    let Some(x) = path.iter().position(|&q| q == d.square) else {
                        return Err(format!("captures on {sq} to a square off the path"));
                    };
                    let room = match d.fallback {
                        Fallback::None => free(path[x]),
                        Fallback::FirstFreeAfter => path[x..].iter().any(|&q| free(q)),
                        Fallback::FirstFreeBefore => path[..=x].iter().any(|&q| free(q)),
                    };
                    if !room {
                        return Err(format!("captures on {sq} a piece that has nowhere to go"));
                    }
                }
            }
            if from == Place::Waiting {
                let Some(enter) = r.enter else {
                    return Err("enters without an enter rule".into());
                };
                if let EnterOnto::Position(p) = enter.onto
                    && p != t
                {
                    return Err(format!("enters on {t}, not on {p}"));
                }
                if enter.if_empty && before.squares(e) & sq.bit() != 0 {
                    return Err(format!("enters on the taken square {sq}"));
                }
            }
        }
        Place::Off => {
            let Place::On(p) = from else {
                return Err("bears off a piece not on the board".into());
            };
            if side.exit_throws[p.index()] == 0 {
                return Err(format!("bears off from {p}, which is no exit"));
            }
            let flags = |q: PathPos| side.flags[q.index()];
            let may = match r.bear_when {
                BearCondition::Always => true,
                BearCondition::AllInZone => {
                    before.waiting(s) == 0
                        && before
                            .positions(s)
                            .all(|q| flags(q).contains(PosFlags::BEAR_ZONE))
                }
                BearCondition::NoneInZone => !before
                    .positions(s)
                    .any(|q| flags(q).contains(PosFlags::NO_BEAR_ZONE)),
            };
            if !may {
                return Err("bears off while the rules forbid it".into());
            }
        }
        Place::Waiting | Place::Removed => {}
    }
    if b < a && !(r.backward && step.is_backward()) {
        return Err("moves backwards".into());
    }
    Ok(())
}

/// The legal moves for a single throw as the language reference describes them, built from
/// [`check_step`]: each piece forward by the throw (or off, from an exit of that throw), a
/// waiting piece entering; if there is none, backwards by the throw where the rules allow; the
/// openings and priority as the reference says.
fn expected_single_moves(engine: &Engine, pos: &Position, throw: Throw) -> Vec<Move> {
    let r = &engine.rules;
    let s = pos.to_move();
    let side = &r.sides[s];
    let len = engine.path_len(s);
    let ok = |step: Step| check_step(engine, pos, s, step).is_ok();
    let on = |p: usize| Place::On(PathPos::from_index(p - 1).expect("a position"));
    let forward = |p: PathPos, d: u16| -> Option<Move> {
        let step = if side.exit_throws[p.index()] & Throw::new(d).mask_bit() != 0 {
            Step::new(Place::On(p), Place::Off)
        } else {
            let t = usize::from(p.get()) + usize::from(d);
            if t > len || side.flags[p.index()].contains(PosFlags::ONLY_BEAR_OFF) {
                return None;
            }
            Step::new(Place::On(p), on(t))
        };
        ok(step).then(|| Move::single(step))
    };
    let backward = |p: PathPos, d: u16| -> Option<Move> {
        let t = usize::from(p.get())
            .checked_sub(usize::from(d))
            .filter(|&t| t > 0)?;
        let step = Step::new(Place::On(p), on(t));
        ok(step).then(|| Move::single(step))
    };
    let d = throw.get();
    let front = pos.positions(s).last();
    if pos.opening_due(s) {
        match r.opening[s] {
            Some(Opening::FrontPieceMoves { steps, .. }) => {
                return front
                    .and_then(|p| forward(p, u16::from(steps)))
                    .into_iter()
                    .collect();
            }
            Some(Opening::FirstMoveWithFrontPiece) if d > 0 => {
                let mut only: Vec<Move> = front.and_then(|p| forward(p, d)).into_iter().collect();
                if only.is_empty() && r.backward {
                    only.extend(front.and_then(|p| backward(p, d)));
                }
                if !only.is_empty() {
                    return only;
                }
            }
            _ => {}
        }
    }
    if d == 0 {
        return Vec::new();
    }
    // `on each move [if ...]: only pieces on SET may move`: while a rule's condition holds, only
    // pieces on its set move (on every such rule's), and none enters.
    let mut held: Option<u64> = None;
    for h in &r.holds {
        let fires = h.condition.is_none_or(|c| match c {
            PieceCondition::Pieces {
                other,
                has,
                squares,
            } => {
                let whose = if other { s.other() } else { s };
                let there = pos
                    .positions(whose)
                    .any(|p| squares[whose] & engine.square(whose, p).bit() != 0);
                there == has
            }
            PieceCondition::Entered(_) => panic!("a rule before each move with a piece condition"),
        });
        if fires {
            held = Some(held.unwrap_or(u64::MAX) & h.only[s]);
        }
    }
    let may_move = |p: &PathPos| held.is_none_or(|h| h & p.bit() != 0);
    // `one direction each turn`: after a forward move of the turn no backward move, after a
    // backward one only backward moves.
    let way = pos.moved_this_turn();
    let mut out: Vec<Move> = pos
        .positions(s)
        .filter(may_move)
        .filter(|_| way != Some(Way::Backward))
        .filter_map(|p| forward(p, d))
        .collect();
    if let Some(enter) = r.enter
        && held.is_none()
        && way != Some(Way::Backward)
        && pos.waiting(s) > 0
        && enter.allows(throw)
    {
        let t = match enter.onto {
            EnterOnto::Throw => usize::from(d),
            EnterOnto::Position(p) => usize::from(p.get()),
        };
        let step = (1..=len)
            .contains(&t)
            .then(|| Step::new(Place::Waiting, on(t)));
        out.extend(step.filter(|&st| ok(st)).map(Move::single));
    }
    if out.is_empty() {
        if r.backward && way != Some(Way::Forward) {
            out.extend(
                pos.positions(s)
                    .filter(may_move)
                    .filter_map(|p| backward(p, d)),
            );
        }
        return out;
    }
    let urgent = |m: &Move| match m.steps()[0].from() {
        Place::On(p) => side.flags[p.index()].contains(PosFlags::PRIORITY),
        _ => false,
    };
    if out.iter().any(urgent) {
        out.retain(urgent);
    }
    out
}

/// The engine's moves for a single throw are the reference's, in any order.
fn check_single_moves(
    engine: &Engine,
    pos: &Position,
    throw: Throw,
    moves: &[Move],
) -> Result<(), String> {
    let expected: HashSet<Move> = expected_single_moves(engine, pos, throw)
        .into_iter()
        .collect();
    // A move that declines an optional extra throw or ends the turn is its twin's other form
    // (checked in `check_moves`); the reference lists each move once.
    let found: HashSet<Move> = moves
        .iter()
        .filter(|m| !m.declines_throw() && !m.ends_turn())
        .copied()
        .collect();
    if expected == found {
        return Ok(());
    }
    let show = |set: &HashSet<Move>| -> Vec<String> {
        let mut v: Vec<String> = set
            .iter()
            .map(|m| format!("{}->{}", m.steps()[0].from(), m.steps()[0].to()))
            .collect();
        v.sort();
        v
    };
    Err(format!(
        "throw {throw}: the engine moves {:?}, the reference {:?}",
        show(&found),
        show(&expected)
    ))
}

/// Every move of `moves` (the legal moves of `pos` for `throw`).
fn check_moves(
    engine: &Engine,
    pos: &Position,
    throw: Throw,
    moves: &[Move],
    json: bool,
) -> Result<(), String> {
    let r = &engine.rules;
    let s = pos.to_move();
    let len = engine.path_len(s);
    let split = r.throw_again != 0;
    // A forced opening move ignores the throw.
    let forced =
        pos.opening_due(s) && matches!(r.opening[s], Some(Opening::FrontPieceMoves { .. }));
    let mut seen = HashSet::new();
    let mut common: Option<Vec<bool>> = None;
    for mv in moves {
        let at = |e: String| format!("the move {:?}: {e}", mv.steps());
        if !seen.insert(*mv) {
            return Err(at("listed twice".into()));
        }
        let steps = mv.steps();
        if steps.is_empty() || steps.len() > usize::from(r.pieces) {
            return Err(at(format!("{} steps", steps.len())));
        }
        if !split && steps.len() > 1 {
            return Err(at("several steps for a single throw".into()));
        }
        for step in steps {
            let from_ok = match step.from() {
                Place::Waiting => pos.waiting(s) > 0,
                Place::On(p) => p.index() < len,
                Place::Off | Place::Removed => false,
            };
            let to_ok = match step.to() {
                Place::On(q) => q.index() < len,
                Place::Off => true,
                Place::Waiting | Place::Removed => false,
            };
            if !from_ok || !to_ok {
                return Err(at(format!("a step from {} to {}", step.from(), step.to())));
            }
        }
        if let Place::On(p) = steps[0].from()
            && pos.on(s) & p.bit() == 0
        {
            return Err(at(format!("no piece of {s} at {p}")));
        }
        let (next, report) = engine.apply(pos, mv, throw);
        if next != engine.successor(pos, mv, throw) {
            return Err(at("apply and successor differ".into()));
        }
        if report.steps().len() != steps.len()
            || report
                .steps()
                .iter()
                .zip(steps)
                .any(|(r, m)| r.step() != *m)
        {
            return Err(at(format!("the report tells {:?}", report.steps())));
        }
        // Each piece moves at most once: no step starts where an earlier one came to rest.
        for (j, step) in steps.iter().enumerate() {
            if let Place::On(_) = step.from()
                && report.steps()[..j].iter().any(|e| e.rest() == step.from())
            {
                return Err(at("a piece moves twice".into()));
            }
        }
        // Each step keeps the rules in the position it is made in.
        for j in 0..steps.len() {
            let prefix = Move::of(&steps[..j]).expect("fewer steps than a move holds");
            let before = engine.successor(pos, &prefix, throw);
            check_step(engine, &before, s, steps[j])
                .map_err(|e| at(format!("step {}: {e}", j + 1)))?;
        }
        if steps.len() > 1 && mv.is_backward() {
            return Err(at("a backward step among others".into()));
        }
        check_position(engine, &next).map_err(|e| at(format!("after it: {e}")))?;
        // A declined extra throw: the same steps are listed taking the throw, which the side
        // then throws; declining, it does not.
        if mv.declines_throw() {
            let twin = moves.iter().find(|m| {
                !m.declines_throw()
                    && m.steps() == mv.steps()
                    && m.stays() == mv.stays()
                    && m.one_hop() == mv.one_hop()
                    && m.is_retreat() == mv.is_retreat()
                    && m.plays() == mv.plays()
            });
            let Some(twin) = twin else {
                return Err(at("declines a throw no other form of it takes".into()));
            };
            if report.extra_throw() || !engine.apply(pos, twin, throw).1.extra_throw() {
                return Err(at(
                    "declines a throw, but the two forms give the same turn".into()
                ));
            }
        }
        // A turn ended by choice: the same steps are listed going on, which throws again.
        if mv.ends_turn() {
            let twin = moves.iter().find(|m| {
                !m.ends_turn()
                    && !m.declines_throw()
                    && m.steps() == mv.steps()
                    && m.stays() == mv.stays()
                    && m.one_hop() == mv.one_hop()
                    && m.is_retreat() == mv.is_retreat()
                    && m.plays() == mv.plays()
            });
            let Some(twin) = twin else {
                return Err(at("ends the turn, but no other form of it goes on".into()));
            };
            if report.extra_throw() || !engine.apply(pos, twin, throw).1.extra_throw() {
                return Err(at(
                    "ends the turn, but the two forms give the same turn".into()
                ));
            }
        }
        let expected = if report.extra_throw() { s } else { s.other() };
        if next.to_move() != expected {
            return Err(at(format!(
                "extra throw {}, but {} is to move",
                report.extra_throw(),
                next.to_move()
            )));
        }
        if json {
            check_json(engine, &next, None).map_err(|e| at(format!("after it: {e}")))?;
        }
        if forced {
            continue;
        }
        let sums = move_amounts(engine, s, mv, throw.get());
        if !split {
            if !sums[usize::from(throw.get())] {
                return Err(at(format!("does not use the throw {throw}")));
            }
            continue;
        }
        if !sums.iter().any(|&ok| ok) {
            return Err(at(format!("uses more than the total {throw}")));
        }
        // Every move of the choice uses one amount: some amount all of them can use.
        let both: Vec<bool> = match common {
            None => sums,
            Some(c) => c.iter().zip(&sums).map(|(a, b)| *a && *b).collect(),
        };
        if !both.iter().any(|&ok| ok) {
            return Err(at(format!(
                "uses another amount of the total {throw} than the moves before it"
            )));
        }
        common = Some(both);
    }
    // Priority: when a piece on a priority square can move, only such pieces move.
    let urgent = |m: &Move| match m.steps()[0].from() {
        Place::On(p) => r.sides[s].flags[p.index()].contains(PosFlags::PRIORITY),
        _ => false,
    };
    if !split
        && !pos.opening_due(s)
        && !moves.iter().any(Move::is_backward)
        && moves.iter().any(urgent)
        && !moves.iter().all(urgent)
    {
        return Err("a piece off the priority squares moves while one on them can".into());
    }
    Ok(())
}

// ---- games ---------------------------------------------------------------------------------------

/// Who chooses for a side: a random index, or an agent.
fn players(game: u64, seed: u64) -> [Option<Box<dyn Player + Send>>; 2] {
    let agent = |name: &str, seed: u64| {
        Some(senet::agents::by_name(name, seed).unwrap_or_else(|e| panic!("{name}: {e}")))
    };
    match game % 3 {
        0 => [None, None],
        1 => [agent("greedy", seed), agent("random", seed ^ 1)],
        _ => [None, agent("expectimax:1", seed)],
    }
}

/// Plays one game with throws and choices from `seed`, checking every step.
fn play(engine: &Engine, seed: u64, game_no: u64) -> Result<(), String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut players = players(game_no, seed);
    let split = engine.rules.throw_again != 0;
    let mut game = Game::new(engine, if split { SPLIT_TURN_CAP } else { TURN_CAP });
    let mut buf = Vec::new();
    let mut choices = 0u32;
    check_position(engine, &game.pos).map_err(|e| format!("the start: {e}"))?;
    for step in 0..STEP_CAP {
        let action = game.next_action();
        let at = |e: String| format!("step {step} ({action:?}): {e}");
        for event in game.events.drain(..) {
            if let GameEvent::Move { after, .. } | GameEvent::Pass { after, .. } = event {
                check_position(engine, &after).map_err(|e| at(format!("after {event:?}: {e}")))?;
            }
        }
        check_position(engine, &game.pos).map_err(at)?;
        let outcome = engine.outcome(&game.pos);
        match (action, outcome) {
            (Action::Over, _) if game.summary.outcome.is_some_and(|o| Some(o) != outcome) => {
                return Err(at(format!(
                    "the game ended with {:?}, the position gives {outcome:?}",
                    game.summary.outcome
                )));
            }
            (Action::Over, _) | (_, None) => {}
            (_, Some(o)) => return Err(at(format!("the game goes on after {o:?}"))),
        }
        let throw = matches!(action, Action::Choose { .. }).then_some(game.total);
        check_json(engine, &game.pos, throw).map_err(at)?;
        match action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                game.give_throw(random_throw(engine, &mut rng));
            }
            Action::Choose { side } => {
                if side != game.pos.to_move() {
                    return Err(at(format!("{} is to move", game.pos.to_move())));
                }
                let moves = game.moves();
                if moves.is_empty() {
                    return Err(at("a choice among no moves".into()));
                }
                check_moves(engine, &game.pos, game.total, moves, true).map_err(at)?;
                if !split {
                    check_single_moves(engine, &game.pos, game.total, moves).map_err(at)?;
                    // Every other throw from here too, now and then.
                    let values: &[u8] = if choices.is_multiple_of(4) {
                        &engine.rules.throws.values
                    } else {
                        &[]
                    };
                    for &v in values {
                        if engine.legal_moves(&game.pos, Throw::from(v), &mut buf) == Listing::Cut {
                            return Err(at(format!("the listing with {v} was cut short")));
                        }
                        check_moves(engine, &game.pos, Throw::from(v), &buf, false)
                            .and_then(|()| {
                                check_single_moves(engine, &game.pos, Throw::from(v), &buf)
                            })
                            .map_err(at)?;
                    }
                }
                // Split turns: far larger totals than the throws gave, from the same position,
                // where few pieces can move (the search is exponential in them).
                let s = game.pos.to_move();
                let movable = game.pos.on(s).count_ones() + u32::from(game.pos.waiting(s));
                if split && movable <= 2 && choices.is_multiple_of(8) {
                    for total in LARGE_TOTALS {
                        let t = Throw::new(total);
                        if engine.legal_moves(&game.pos, t, &mut buf) == Listing::Cut {
                            return Err(at(format!("the listing of {total} was cut short")));
                        }
                        check_moves(engine, &game.pos, t, &buf, false)
                            .map_err(|e| at(format!("with a total of {total}: {e}")))?;
                    }
                }
                choices += 1;
                let i = match &mut players[side.index()] {
                    Some(p) => p.choose(engine, &game.pos, game.total, moves),
                    None => rng.random_range(0..moves.len()),
                };
                if i >= moves.len() {
                    return Err(at(format!("the agent chose {i} of {} moves", moves.len())));
                }
                game.choose(i);
            }
            Action::Over => return Ok(()),
        }
    }
    Ok(())
}

/// The moves of random positions: every throw for single throws; for split turns small totals,
/// and the large ones where at most two pieces can move.
fn random_positions(engine: &Engine, seed: u64) -> Result<(), String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let r = &engine.rules;
    let mut buf = Vec::new();
    for _ in 0..RANDOM_POSITIONS {
        let pos = random_position(engine, &mut rng);
        let at = |e: String| format!("{}: {e}", position_json(engine, &pos, None));
        check_position(engine, &pos).map_err(at)?;
        check_json(engine, &pos, None).map_err(at)?;
        if engine.outcome(&pos).is_some() {
            continue;
        }
        let s = pos.to_move();
        let movable = pos.on(s).count_ones() + u32::from(pos.waiting(s));
        let throws: Vec<u16> = if r.throw_again == 0 {
            r.throws.values.iter().map(|&v| u16::from(v)).collect()
        } else if movable <= 2 {
            (1..=12).chain(LARGE_TOTALS).collect()
        } else if movable <= 4 {
            (1..=8).collect()
        } else {
            (1..=4).collect()
        };
        for t in throws.into_iter().map(Throw::new) {
            if engine.legal_moves(&pos, t, &mut buf) == Listing::Cut {
                return Err(at(format!("the listing of {t:?} was cut short")));
            }
            check_moves(engine, &pos, t, &buf, false).map_err(at)?;
            if r.throw_again == 0 {
                check_single_moves(engine, &pos, t, &buf).map_err(at)?;
            }
        }
    }
    Ok(())
}

/// Checks a generated file and plays its games.
fn check_and_play(file: &RuleFile, seed: u64) -> Result<(), TestCaseError> {
    let ruleset = check_text("generated.rules", &file.text, None, &[]).map_err(|diags| {
        let shown: Vec<String> = diags.iter().map(|d| d.render(false, Some(100))).collect();
        TestCaseError::fail(format!(
            "the checker refuses a generated file:\n{}\n{}",
            file.text,
            shown.join("\n")
        ))
    })?;
    let engine = Engine::new(compile(&ruleset));
    for g in 0..GAMES {
        play(&engine, seed.wrapping_add(g), g)
            .map_err(|e| TestCaseError::fail(format!("game {g}, seed {seed}: {e}")))?;
    }
    random_positions(&engine, seed)
        .map_err(|e| TestCaseError::fail(format!("random positions, seed {seed}: {e}")))?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Every generated file checks, and its games keep every invariant.
    #[test]
    fn generated_rule_files_check_and_play(file in rule_file(), seed in any::<u64>()) {
        check_and_play(&file, seed)?;
    }
}

/// Statement forms the generator must reach: text in a line, `^` for the start of the line and
/// `#` for any digit.
#[rustfmt::skip]
const FORMS: &[&str] = &[
    "snake", " rows", " × ", "^gaps ", "^path #", "^path ", "^board 1 x 64", "^board 8 x 8 snake",
    "^board 3 x 10 snake", "^pieces 15 each", "^start waiting", "^start alternating", " on #",
    "sticks:", "^throw die 12", "-> 30", "then split", "^turn throw then move",
    "^extra throw after #", "^extra throw after none", "^extra throw on ", "^enter onto throw",
    "^enter with", "^enter onto #", "if empty", "^enter none", "^capture none", "^capture swap",
    "^capture removed", "^capture to waiting", "^capture to #", "^capture to first free after",
    "^capture to first free before", "^protect pairs", "^protect none", "^safe ", "^blockade #",
    "^blockade none", "^stop on ", "^backward when no forward move", "^backward never",
    "^priority ", "^seats throw until", "^seats none", "front piece moves #", "then throw again",
    "first move with front piece", ": none", "go to #", "go to first free after",
    "go to first free before", "^square #: none", "^bear off exact", "^bear off exact from",
    "^bear off from", "; from", "^bear off only when all on", "^bear off only when none on",
    "^bear off always", "^only bear off from", "^win first to bear off all",
    "^win most borne off", "^end when decided", "^end when board empty", "^match points #",
    "^match points none", "1000000", "^first ", "positions ", "position #", "squares #",
    "#..#", "^option ", "^when ", "^colour ", "^name ", "^label ", "^marks ", "[choice:",
    "^source ", "^#", "^on landing on ", "^on move with ", " if its side has ",
    " if the other side has ", "has no pieces on", ": lose next turn", ": end turn",
    ": throw again", ": may throw again", ": may end turn", "^on landing on # by ", " and stop", "^on each move if ",
    "^one direction each turn", " if the piece entered", " if the piece was on the board",
];

/// Whether `line` holds `form` (see [`FORMS`]).
fn has_form(line: &str, form: &str) -> bool {
    let (anchored, form) = match form.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, form),
    };
    let pat: Vec<char> = form.chars().collect();
    let text: Vec<char> = line.chars().collect();
    let at = |i: usize| {
        text.len() >= i + pat.len()
            && pat
                .iter()
                .zip(&text[i..])
                .all(|(p, c)| *p == *c || (*p == '#' && c.is_ascii_digit()))
    };
    if anchored {
        at(0)
    } else {
        (0..text.len()).any(at)
    }
}

/// The generator reaches every statement form, and the checker accepts all it writes: a fixed
/// sample of files, checked but not played.
#[test]
fn the_generator_covers_the_language() {
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha),
    );
    let strategy = rule_file();
    let mut seen = vec![0usize; FORMS.len()];
    for _ in 0..400 {
        let file = strategy
            .new_tree(&mut runner)
            .expect("a rule file")
            .current();
        if let Err(diags) = check_text("generated.rules", &file.text, None, &[]) {
            let shown: Vec<String> = diags.iter().map(|d| d.render(false, Some(100))).collect();
            panic!(
                "the checker refuses a generated file:\n{}\n{}",
                file.text,
                shown.join("\n")
            );
        }
        for (n, form) in seen.iter_mut().zip(FORMS) {
            *n += usize::from(file.text.lines().any(|l| has_form(l, form)));
        }
    }
    let missing: Vec<&str> = FORMS
        .iter()
        .zip(&seen)
        .filter(|(_, n)| **n == 0)
        .map(|(f, _)| *f)
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}
