//! A generator of whole rule files, valid by construction: random parts put together as the
//! language reference (docs/language.md) allows, never a combination it refuses.
//!
//! Boards up to 64 squares (`1 x 64`, `8 x 8`, snakes, row boards, three-lane boards with gaps,
//! two-row boards); paths shared or per side (also walking opposite ways), paths that come back
//! to squares they passed (a stem, round a ring and back, as `twenty-squares/murray`; or round a
//! ring more than once), loops (`path SIDE: loop ...`), paths in parts (`path SIDE: A | B`, with
//! lines from one part to the other, as Hounds and Jackals' crossover boards); drawings
//! (`draw ... at ...`); 1 to 15 pieces starting waiting, alternating or on listed squares; sticks,
//! a die, dice summed or read from a table; every kind of turn (one throw moved, split, thrown
//! again then split or each throw played whole), extra throws, `begin with`, `each piece first
//! moves with`; every form of entering, capture, protection, safe and stop squares, blockades,
//! backward moves (per side or per piece, onto empty squares), priority, `no backward moves from`,
//! squares ahead, pieces waiting for their side, `no passing on`, `only pieces on ... may move
//! while one is there`, directions, retreats; seats, throw-offs, openings; chains of square
//! effects; event rules with every trigger (`landing on` by a side or not, `capture` on squares
//! or anywhere, `move with`, `pass with`, `passing`, `retreat`, `entering`, `each move`), every
//! effect (extra throws and optional ones, lost and ended turns, lines the player may follow,
//! `and stop`, going back to waiting, leaving the game, captured pieces sent elsewhere, pieces
//! that must move next) and every condition; every way of bearing off, the three ways of winning,
//! match points; options (numbers, ranges, words) whose every value gives a valid file, among
//! them the number of pieces; names, labels, marks, colours, notes, comments and sources; and
//! now and then the file split in two, one extending the other.
//!
//! Where the reference refuses a combination (E181 to E199 and the like), the generator leaves
//! it out: loops take no backward moves, pairs or traps and are won by capturing all; paths in
//! parts take no backward moves or traps; a path that comes back to a square takes no swap,
//! pairs, blockade or waiting for the square ahead; split turns take no backward moves per piece,
//! first-move throws, `begin with`, retreats or effects the player may decline; a throw-off takes
//! no seats.

use std::collections::{BTreeMap, HashSet};
use std::fmt;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use senet::lang::Code;

/// A generated rule file.
#[derive(Clone)]
pub struct RuleFile {
    /// The file to check and play.
    pub text: String,
    /// The file `text` extends, where it was split in two: its name (without `.rules`, as
    /// `extends` names it) and its text.
    pub base: Option<(String, String)>,
    /// Each option: its name and its values other than the default, each giving a valid file.
    pub options: Vec<(String, Vec<String>)>,
    /// The option value that gives each side one piece, where the pieces are an option.
    pub one_piece: Option<(String, String)>,
    /// Pieces a side with the options' defaults.
    pub pieces: u32,
    /// Whether a path has more than 64 positions. The engine's tables hold 64 positions a side
    /// (`types/limits.rs`): the checker refuses longer paths (E144).
    pub long_path: bool,
    /// Whether `start alternating` puts two pieces on one square: on a path that comes back to
    /// its squares, every other position may be one square twice: the checker refuses it (E135).
    pub alternating_on_returning: bool,
}

impl RuleFile {
    /// The lines of the file and of the file it extends.
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        let base = self.base.iter().flat_map(|(_, text)| text.lines());
        self.text.lines().chain(base)
    }

    /// Whether the checker may refuse the file with these codes: where it holds what the engine
    /// cannot play (more than 64 positions on a path; two pieces on one square at the start),
    /// the checker refuses it by the limit (E144) or the overlap (E135).
    pub fn may_be_refused(&self, codes: &[Option<Code>]) -> bool {
        !codes.is_empty()
            && codes.iter().all(|&c| {
                (self.long_path && c == Some(Code::E144))
                    || (self.alternating_on_returning && c == Some(Code::E135))
            })
    }
}

impl fmt::Debug for RuleFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((name, base)) = &self.base {
            write!(f, "\n# {name}.rules:\n{base}\n# the file that extends it:")?;
        }
        write!(f, "\n{}", self.text)
    }
}

// ---- knobs -----------------------------------------------------------------------------------

/// The board and the squares each side walks.
#[derive(Clone, Copy, Debug)]
pub enum BoardKnob {
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
    /// Two rows of `width`: each side's path in two parts, its own row then the other's (the
    /// crossover boards of Hounds and Jackals); `seed` picks the directions.
    Parts { width: u32, seed: u64 },
    /// A path that comes back to squares it has passed: along a stem of `stem` squares of the
    /// first row, round the ring of a rectangle of `height` rows from the stem's end (to the last
    /// column, or nearer where the path would pass 64 positions), then back along the stem
    /// (`around` 0, as `twenty-squares/murray`) or `around` squares further round the ring.
    Returning {
        rows: u32,
        cols: u32,
        stem: u32,
        height: u32,
        around: u32,
        seed: u64,
    },
    /// Every path a loop: the ring round the board (the second side starting elsewhere on it, or
    /// going the other way), or the board's snake walk closed from its last square to its first.
    Loop {
        rows: u32,
        cols: u32,
        ring: bool,
        seed: u64,
    },
}

/// How the sides' paths are written on a one-lane board.
#[derive(Clone, Copy, Debug)]
pub enum PathStyle {
    /// `path ITEMS`.
    Shared,
    /// `path a: ITEMS` and the same for `b`.
    Twice,
    /// The second side walks the path the other way.
    Opposite,
}

#[derive(Clone, Copy, Debug)]
pub enum StartKnob {
    Waiting,
    Alternating(u64),
    Listed(u64),
    /// Listed squares crowded at the end of the paths.
    NearEnd(u64),
}

#[derive(Clone, Copy, Debug)]
pub enum ThrowKnob {
    Sticks {
        count: u32,
        table: u64,
    },
    Die {
        faces: u32,
    },
    /// 1 to 4 dice, summed or read from a table of every combination of faces.
    Dice {
        count: u32,
        seed: u64,
    },
}

/// The `turn` statement.
#[derive(Clone, Copy, Debug)]
pub enum TurnKnob {
    Unstated,
    Move,
    /// `turn throw then split`.
    SplitOne,
    /// `turn throw again on ... then split`.
    SplitAgain(u64),
    /// `turn throw again on ... then move each throw`.
    Each(u64),
}

/// The optional statements, each present (with a seed for its details) or left out: proptest
/// shrinks a failing file by leaving statements out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stmt {
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
    Draw,
    Begin,
    FirstMove,
    Retreat,
    OnPass,
    OnCapture,
    Captured,
    Traps,
    Lines,
    OutOfPlay,
    OnEntering,
    Hold,
    NoBackwardFrom,
    AheadEmpty,
    Together,
    NoPassing,
    Direction,
    Removals,
    Extends,
}

const STMTS: usize = Stmt::Extends as usize + 1;

#[derive(Clone, Debug)]
pub struct Knobs {
    board: BoardKnob,
    sides: usize,
    pieces: u32,
    start: StartKnob,
    throw: ThrowKnob,
    turn: TurnKnob,
    /// Whether a path may have more than 64 positions.
    long: bool,
    /// Whether a split turn may have many pieces (whose totals may be shared in more ways than
    /// anything lists): only for runs that never list every split move.
    big_split: bool,
    bear_off: u64,
    win: u64,
    stmts: Vec<Option<u64>>,
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

/// Rows and columns of at least 2 each, at most 64 squares.
fn grid2() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        3 => (2..=8u32).prop_flat_map(|r| (Just(r), 2..=64 / r)),
        1 => Just((3, 8)),
        1 => Just((2, 32)),
        1 => Just((8, 8)),
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
        2 => (2..=32u32, any::<u64>()).prop_map(|(width, seed)| BoardKnob::Parts { width, seed }),
        3 => (grid2(), any::<u64>()).prop_flat_map(|((rows, cols), seed)| {
            (Just((rows, cols, seed)), 1..cols, 2..=rows, 0..=2 * (rows + cols))
        })
        .prop_map(|((rows, cols, seed), stem, height, around)| BoardKnob::Returning {
            rows,
            cols,
            stem,
            height,
            around,
            seed,
        }),
        2 => (grid2(), any::<bool>(), any::<u64>()).prop_map(|((rows, cols), ring, seed)| {
            BoardKnob::Loop { rows, cols, ring, seed }
        }),
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
        3 => (1..=8u32, any::<u64>()).prop_map(|(count, table)| ThrowKnob::Sticks { count, table }),
        2 => (2..=12u32).prop_map(|faces| ThrowKnob::Die { faces }),
        1 => Just(ThrowKnob::Die { faces: 12 }),
        2 => (1..=4u32, any::<u64>()).prop_map(|(count, seed)| ThrowKnob::Dice { count, seed }),
    ]
}

fn turn_knob() -> impl Strategy<Value = TurnKnob> {
    prop_oneof![
        4 => Just(TurnKnob::Unstated),
        2 => Just(TurnKnob::Move),
        1 => Just(TurnKnob::SplitOne),
        2 => any::<u64>().prop_map(TurnKnob::SplitAgain),
        2 => any::<u64>().prop_map(TurnKnob::Each),
    ]
}

fn pieces() -> impl Strategy<Value = u32> {
    prop_oneof![3 => 1..=15u32, 1 => Just(15u32)]
}

fn knobs(pieces: impl Strategy<Value = u32>, big_split: f64) -> impl Strategy<Value = Knobs> {
    (
        (
            board_knob(),
            0..SIDE_NAMES.len(),
            pieces,
            start_knob(),
            throw_knob(),
            turn_knob(),
            prop::bool::weighted(0.08),
            prop::bool::weighted(big_split),
        ),
        any::<u64>(),
        any::<u64>(),
        prop::collection::vec(prop::option::weighted(0.45, any::<u64>()), STMTS),
    )
        .prop_map(
            |(
                (board, sides, pieces, start, throw, turn, long, big_split),
                bear_off,
                win,
                stmts,
            )| {
                Knobs {
                    board,
                    sides,
                    pieces,
                    start,
                    throw,
                    turn,
                    long,
                    big_split,
                    bear_off,
                    win,
                    stmts,
                }
            },
        )
}

/// Rule files built from random parts; every one is meant to check, with every value of its
/// options.
pub fn rule_file() -> impl Strategy<Value = RuleFile> {
    knobs(pieces(), 0.0).prop_map(|k| write(&k))
}

/// Rule files as [`rule_file`] makes them, and now and then split turns of many pieces: for runs
/// of the commands, which list no split moves but those asked for.
pub fn command_rule_file() -> impl Strategy<Value = RuleFile> {
    knobs(pieces(), 0.15).prop_map(|k| write(&k))
}

/// Rule files with one or two pieces a side, small enough to solve.
pub fn small_rule_file() -> impl Strategy<Value = RuleFile> {
    knobs(1..=2u32, 0.0).prop_map(|k| write(&k))
}

/// The names of the sides, in pairs; the rules call them by these.
pub const SIDE_NAMES: [(&str, &str); 4] = [
    ("red", "blue"),
    ("light", "dark"),
    ("a", "b"),
    ("north-side", "south_side2"),
];

const COLOURS: [&str; 8] = [
    "red", "blue", "green", "yellow", "white", "black", "magenta", "cyan",
];

// ---- small helpers ---------------------------------------------------------------------------

/// Numbers as rule items: runs of consecutive numbers (up or down) as ranges `a..b`.
pub fn items(list: &[u32]) -> String {
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

fn pick<T: Copy>(rng: &mut Pcg64Mcg, list: &[T]) -> T {
    list[rng.random_range(0..list.len())]
}

fn seeded(seed: u64) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(seed)
}

fn len32(n: usize) -> u32 {
    u32::try_from(n).expect("a path of at most a few hundred positions")
}

// ---- boards and paths ------------------------------------------------------------------------

/// A grid's cells by row and column from 0, numbered by rows or as a snake.
struct Grid {
    cols: u32,
    snake: bool,
}

impl Grid {
    fn square(&self, (r, c): (u32, u32)) -> u32 {
        let c = if self.snake && r % 2 == 1 {
            self.cols - 1 - c
        } else {
            c
        };
        r * self.cols + c + 1
    }

    fn squares(&self, cells: &[(u32, u32)]) -> Vec<u32> {
        cells.iter().map(|&cell| self.square(cell)).collect()
    }
}

/// The cells round the rectangle of rows `r0..=r1` and columns `c0..=c1` (`r0 < r1`, `c0 < c1`),
/// clockwise from its top left corner.
fn ring(r0: u32, r1: u32, c0: u32, c1: u32) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = (c0..=c1).map(|c| (r0, c)).collect();
    v.extend((r0 + 1..=r1).map(|r| (r, c1)));
    v.extend((c0..c1).rev().map(|c| (r1, c)));
    v.extend((r0 + 1..r1).rev().map(|r| (r, c0)));
    v
}

/// The board as written, and the paths it gives (square numbers in walking order).
pub struct Layout {
    pub lines: Vec<String>,
    pub paths: [Vec<u32>; 2],
    /// Per side, where each part after the first begins (an index into its path).
    pub breaks: [Vec<usize>; 2],
    pub looped: bool,
    rows: u32,
    cols: u32,
    gaps: Vec<u32>,
}

impl Layout {
    /// Every square some path passes, ascending.
    pub fn path_squares(&self) -> Vec<u32> {
        let mut all: Vec<u32> = self.paths.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// The squares on both paths, ascending.
    fn shared_squares(&self) -> Vec<u32> {
        self.path_squares()
            .into_iter()
            .filter(|s| self.paths.iter().all(|p| p.contains(s)))
            .collect()
    }

    /// Positions valid for both sides.
    pub fn common_len(&self) -> u32 {
        len32(self.paths.iter().map(Vec::len).min().unwrap_or(0))
    }

    /// Whether a path comes back to a square it has passed.
    pub fn returning(&self) -> bool {
        self.paths.iter().any(|p| {
            let mut seen = HashSet::new();
            !p.iter().all(|s| seen.insert(*s))
        })
    }

    fn in_parts(&self) -> bool {
        self.breaks.iter().any(|b| !b.is_empty())
    }

    /// The squares of the board (not the gaps), ascending.
    fn board_squares(&self) -> Vec<u32> {
        (1..=self.rows * self.cols)
            .filter(|s| !self.gaps.contains(s))
            .collect()
    }

    /// The first position of `square` on side `s`'s path (1-based), where a rule that sends a
    /// piece to a square sends it.
    fn position_of(&self, s: usize, square: u32) -> Option<u32> {
        self.paths[s]
            .iter()
            .position(|&q| q == square)
            .map(|i| len32(i + 1))
    }
}

/// A path statement's items: its parts joined by `|`.
fn path_items(path: &[u32], breaks: &[usize]) -> String {
    let mut cuts = vec![0];
    cuts.extend(breaks);
    cuts.push(path.len());
    cuts.windows(2)
        .map(|w| items(&path[w[0]..w[1]]))
        .collect::<Vec<_>>()
        .join(" | ")
}

fn layout(board: BoardKnob, names: (&str, &str), long: bool) -> Layout {
    let mut lines = Vec::new();
    let mut gaps = Vec::new();
    let (rows, cols, one, style) = match board {
        BoardKnob::Snake {
            rows,
            cols,
            tail,
            paths,
        } => {
            lines.push(format!("board {rows} x {cols} snake"));
            let n = rows * cols;
            if tail > 0 {
                gaps = (n - tail + 1..=n).collect();
                lines.push(format!("gaps {}", items(&gaps)));
            }
            (rows, cols, (1..=n - tail).collect::<Vec<u32>>(), paths)
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
            (rows, cols, path, paths)
        }
        BoardKnob::Lanes {
            width: w,
            before,
            after,
        } => {
            lines.push(format!("board 3 x {w}"));
            gaps = (before + 1..=w - after)
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
                breaks: Default::default(),
                looped: false,
                rows: 3,
                cols: w,
                gaps,
            };
        }
        BoardKnob::Parts { width: w, seed } => return parts(w, seed, names),
        BoardKnob::Returning {
            rows,
            cols,
            stem,
            height,
            around,
            seed,
        } => return returning((rows, cols), (stem, height, around), seed, names, long),
        BoardKnob::Loop {
            rows,
            cols,
            ring,
            seed,
        } => return looped((rows, cols), ring, seed, names),
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
        breaks: Default::default(),
        looped: false,
        rows,
        cols,
        gaps,
    }
}

/// Two rows: each side walks its own row, then (in a second part) the other side's.
fn parts(w: u32, seed: u64, names: (&str, &str)) -> Layout {
    let mut rng = seeded(seed);
    let grid = Grid {
        cols: w,
        snake: rng.random_bool(0.3),
    };
    let numbering = if grid.snake { " snake" } else { "" };
    let row = |r: u32, back: bool| -> Vec<u32> {
        let cells: Vec<(u32, u32)> = if back {
            (0..w).rev().map(|c| (r, c)).collect()
        } else {
            (0..w).map(|c| (r, c)).collect()
        };
        grid.squares(&cells)
    };
    let mut a = row(0, false);
    a.extend(row(1, rng.random_bool(0.5)));
    let mut b = row(1, rng.random_bool(0.5));
    b.extend(row(0, rng.random_bool(0.5)));
    let w = w as usize;
    let lines = vec![
        format!("board 2 x {}{numbering}", grid.cols),
        format!("path {}: {}", names.0, path_items(&a, &[w])),
        format!("path {}: {}", names.1, path_items(&b, &[w])),
    ];
    Layout {
        lines,
        paths: [a, b],
        breaks: [vec![w], vec![w]],
        looped: false,
        rows: 2,
        cols: grid.cols,
        gaps: Vec::new(),
    }
}

/// A path up a stem, round a ring and back (or round again), and the second side's: the same,
/// or its mirror image across the board's rows.
fn returning(
    (rows, cols): (u32, u32),
    (stem, height, around): (u32, u32, u32),
    seed: u64,
    names: (&str, &str),
    long: bool,
) -> Layout {
    let mut rng = seeded(seed);
    let grid = Grid {
        cols,
        snake: rng.random_bool(0.4),
    };
    // The ring spans `width` columns from the stem's end.
    let build = |stem: u32, width: u32, around: u32| -> Vec<(u32, u32)> {
        let mut cells: Vec<(u32, u32)> = (0..stem - 1).map(|c| (0, c)).collect();
        let round = ring(0, height - 1, stem - 1, stem + width - 2);
        cells.extend(&round);
        cells.push(round[0]);
        if around == 0 {
            cells.extend((0..stem - 1).rev().map(|c| (0, c)));
        } else {
            cells.extend((1..=around as usize).map(|k| round[k % round.len()]));
        }
        cells
    };
    // Most paths keep within 64 positions; a long one goes round until it passes them.
    let (mut stem, mut width, mut around) = (stem, cols - stem + 1, around);
    if long {
        while build(stem, width, around).len() <= 64 && around < 200 {
            around += 8;
        }
    } else {
        while build(stem, width, around).len() > 64 {
            if around > 0 {
                around -= 1;
            } else if width > 2 {
                width -= 1;
            } else {
                stem -= 1;
            }
        }
    }
    let cells = build(stem, width, around);
    let a = grid.squares(&cells);
    let mirror = rng.random_bool(0.5);
    let b = if mirror {
        let flipped: Vec<(u32, u32)> = cells.iter().map(|&(r, c)| (rows - 1 - r, c)).collect();
        grid.squares(&flipped)
    } else {
        a.clone()
    };
    let numbering = if grid.snake { " snake" } else { "" };
    let mut lines = vec![format!("board {rows} x {cols}{numbering}")];
    if mirror {
        lines.push(format!("path {}: {}", names.0, items(&a)));
        lines.push(format!("path {}: {}", names.1, items(&b)));
    } else {
        lines.push(format!("path {}", items(&a)));
    }
    Layout {
        lines,
        paths: [a, b],
        breaks: Default::default(),
        looped: false,
        rows,
        cols,
        gaps: Vec::new(),
    }
}

/// Loops for both sides: the ring round the board, or its snake walk closed.
fn looped((rows, cols): (u32, u32), round: bool, seed: u64, names: (&str, &str)) -> Layout {
    let mut rng = seeded(seed);
    let grid = Grid {
        cols,
        snake: rng.random_bool(0.5),
    };
    let numbering = if grid.snake { " snake" } else { "" };
    let (a, b) = if round {
        let a = grid.squares(&ring(0, rows - 1, 0, cols - 1));
        // The second side starts elsewhere on the ring, and may go round the other way.
        let shift = rng.random_range(0..a.len());
        let mut b: Vec<u32> = a[shift..].iter().chain(&a[..shift]).copied().collect();
        if rng.random_bool(0.4) {
            b.reverse();
        }
        (a, b)
    } else {
        // The walk along the numbering of a snake board, or along the rows winding back.
        let cells: Vec<(u32, u32)> = (0..rows)
            .flat_map(|r| {
                (0..cols).map(move |c| {
                    if r % 2 == 0 {
                        (r, c)
                    } else {
                        (r, cols - 1 - c)
                    }
                })
            })
            .collect();
        let a = grid.squares(&cells);
        let b = if rng.random_bool(0.4) {
            a.iter().rev().copied().collect()
        } else {
            a.clone()
        };
        (a, b)
    };
    let mut lines = vec![format!("board {rows} x {cols}{numbering}")];
    if a == b && rng.random_bool(0.5) {
        lines.push(format!("path loop {}", items(&a)));
    } else {
        lines.push(format!("path {}: loop {}", names.0, items(&a)));
        lines.push(format!("path {}: loop {}", names.1, items(&b)));
    }
    Layout {
        lines,
        paths: [a, b],
        breaks: Default::default(),
        looped: true,
        rows,
        cols,
        gaps: Vec::new(),
    }
}

/// `draw` statements that place every square of the board at a point of its own: rows of at
/// most `width` points, each statement a run of consecutive squares (written up or down).
fn drawing(layout: &Layout, rng: &mut Pcg64Mcg) -> Vec<String> {
    let squares = layout.board_squares();
    // Rows and columns of a drawing are at most 40 (docs/language.md, `draw`).
    let least = squares.len().div_ceil(41).max(1);
    let width = rng.random_range(least..=squares.len().clamp(least, 12));
    let flip = rng.random_bool(0.5);
    // Squares placed along rows, or (transposed) down columns.
    let down = rng.random_bool(0.3);
    let point = |i: usize| {
        let (major, minor) = (i / width, i % width);
        // Every other line drawn the other way: runs whose rows or columns go down.
        let minor = if flip && major % 2 == 1 {
            width - 1 - minor
        } else {
            minor
        };
        (len32(major), len32(minor))
    };
    let at = |(major, minor): (u32, u32), last: u32| -> String {
        let along = if last == minor {
            minor.to_string()
        } else {
            format!("{minor}..{last}")
        };
        if down {
            format!("{along}, {major}")
        } else {
            format!("{major}, {along}")
        }
    };
    let mut lines = Vec::new();
    let mut i = 0;
    while i < squares.len() {
        let start = point(i);
        let mut j = i;
        while j + 1 < squares.len()
            && squares[j + 1] == squares[j] + 1
            && point(j + 1).0 == start.0
            && rng.random_bool(0.9)
        {
            j += 1;
        }
        let end = point(j);
        let (first, last) = (squares[i], squares[j]);
        lines.push(if j == i {
            format!("draw {first} at {}", at(start, start.1))
        } else if rng.random_bool(0.2) {
            // The squares written downwards, the points with them.
            format!("draw {last}..{first} at {}", at(end, start.1))
        } else {
            format!("draw {first}..{last} at {}", at(start, end.1))
        });
        i = j + 1;
    }
    lines
}

// ---- throws ----------------------------------------------------------------------------------

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

/// The throw statement, and each value the throw gives with its chance, ascending.
fn throw_device(knob: ThrowKnob) -> (String, Vec<(u32, f64)>) {
    let mut chances: Vec<(u32, f64)> = Vec::new();
    let mut add = |v: u32, p: f64| match chances.iter_mut().find(|(x, _)| *x == v) {
        Some(e) => e.1 += p,
        None => chances.push((v, p)),
    };
    let line = match knob {
        ThrowKnob::Sticks { count, table } => {
            let mut ways = 1.0;
            let t = stick_table(count, table);
            for (c, &v) in (0u32..).zip(&t) {
                add(v, ways / f64::from(1u32 << count));
                ways = ways * f64::from(count - c) / f64::from(c + 1);
            }
            let entries: Vec<String> = t
                .iter()
                .enumerate()
                .map(|(c, v)| format!("{c} -> {v}"))
                .collect();
            format!("throw {count} sticks: {}", entries.join(", "))
        }
        ThrowKnob::Die { faces } => {
            for v in 1..=faces {
                add(v, 1.0 / f64::from(faces));
            }
            format!("throw die {faces}")
        }
        ThrowKnob::Dice { count, seed } => {
            let mut rng = seeded(seed);
            let top = if count <= 2 { 12 } else { 6 };
            let faces: Vec<u32> = (0..count).map(|_| rng.random_range(2..=top)).collect();
            // Every combination of faces shown, the first die's face first.
            let mut combos: Vec<Vec<u32>> = vec![Vec::new()];
            for &f in &faces {
                combos = combos
                    .into_iter()
                    .flat_map(|c| {
                        (1..=f).map(move |x| {
                            let mut c = c.clone();
                            c.push(x);
                            c
                        })
                    })
                    .collect();
            }
            let p = 1.0 / f64::from(len32(combos.len()));
            let listed: Vec<String> = faces.iter().map(ToString::to_string).collect();
            let summed = faces.iter().sum::<u32>() <= 30;
            if summed && (combos.len() > 144 || rng.random_bool(0.6)) {
                for c in &combos {
                    add(c.iter().sum(), p);
                }
                format!("throw dice {}: sum", listed.join(", "))
            } else {
                if combos.len() > 144 {
                    // Neither summed (over 30) nor listed (too long): one die instead.
                    return throw_device(ThrowKnob::Die { faces: faces[0] });
                }
                let style = rng.random_range(0..3u8);
                let mut entries: Vec<(Vec<u32>, u32)> = combos
                    .into_iter()
                    .map(|c| {
                        let v = match style {
                            0 => c.iter().sum::<u32>().min(30),
                            1 => rng.random_range(0..=30),
                            _ => rng.random_range(0..=4),
                        };
                        (c, v)
                    })
                    .collect();
                for (_, v) in &entries {
                    add(*v, p);
                }
                if rng.random_bool(0.3) {
                    entries = shuffled_vec(&mut rng, entries);
                }
                let table: Vec<String> = entries
                    .iter()
                    .map(|(c, v)| {
                        let shown: Vec<String> = c.iter().map(ToString::to_string).collect();
                        format!("{} -> {v}", shown.join(" "))
                    })
                    .collect();
                format!("throw dice {}: {}", listed.join(", "), table.join(", "))
            }
        }
    };
    chances.sort_by_key(|e| e.0);
    (line, chances)
}

fn shuffled_vec<T>(rng: &mut Pcg64Mcg, mut v: Vec<T>) -> Vec<T> {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
    v
}

// ---- where the pieces start ------------------------------------------------------------------

/// Where each side starts: its squares (`None`: waiting), and whether they alternate.
type Start = Option<([Vec<u32>; 2], bool)>;

/// Each option with its values other than the default, and the value that gives one piece.
type OptionsWritten = (Vec<(String, Vec<String>)>, Option<(String, String)>);

/// Where each side starts, as its squares (`None`: waiting), and whether they alternate from
/// the first side's first square; may lower the number of pieces. `crowd`: on a path that comes
/// back to its squares, `start alternating` may stand where every other position puts two pieces
/// on one square.
fn start_squares(layout: &Layout, knob: StartKnob, pieces: &mut u32) -> Start {
    let [a, b] = &layout.paths;
    let seed = match knob {
        StartKnob::Waiting => return None,
        StartKnob::Alternating(seed) | StartKnob::Listed(seed) | StartKnob::NearEnd(seed) => seed,
    };
    let mut rng = seeded(seed);
    if let StartKnob::Alternating(_) = knob {
        // The checker's own rule: each side from its (first) position of the square, every other
        // position, within the shorter path.
        let len = layout.common_len() as usize;
        let pos = |path: &Vec<u32>, sq: u32| path.iter().position(|&s| s == sq);
        let crowd = layout.returning() && rng.random_bool(0.3);
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
                    (crowd || all.len() == 2 * n).then_some(out)
                })
                .collect();
            if !candidates.is_empty() {
                *pieces = u32::try_from(n).expect("at most 15 pieces");
                let pick = candidates[rng.random_range(0..candidates.len())].clone();
                return Some((pick, true));
            }
        }
    }
    // Each side's squares are those of its path; a square on both paths goes to one side.
    let mut own: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    for (s, path) in layout.paths.iter().enumerate() {
        for &sq in path {
            if !own[s].contains(&sq) {
                own[s].push(sq);
            }
        }
    }
    let a_only: Vec<u32> = own[0].iter().copied().filter(|s| !b.contains(s)).collect();
    let b_only: Vec<u32> = own[1].iter().copied().filter(|s| !a.contains(s)).collect();
    let common = own[0].len() - a_only.len();
    // The most pieces each side can have on distinct squares of its own path.
    let fits = |n: usize| n.saturating_sub(a_only.len()) + n.saturating_sub(b_only.len()) <= common;
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
    for sq in order(&mut rng, &own[0]) {
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
    let second: Vec<u32> = order(&mut rng, &own[1])
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

// ---- the writer ------------------------------------------------------------------------------

/// A trigger or condition as its key: `squares` is the default of a set, and `position` is
/// `positions` (see `RuleKey`).
fn key_text(s: &str) -> String {
    s.replace("squares ", "").replace("position ", "positions ")
}

/// Event rules gathered by trigger and condition, so that each is written once with all its
/// effects (two statements with one key are E101).
#[derive(Default)]
struct Events {
    rules: BTreeMap<String, (String, Vec<String>)>,
}

impl Events {
    /// Adds `effect` to the rule `on TRIGGER[ CONDITION]`, unless that rule already says it or
    /// says what contradicts it (E185: an extra throw, forced or not, and an ended turn; a forced
    /// and an optional extra throw; an ended turn and one the player may end).
    fn add(&mut self, trigger: &str, condition: &str, effect: &str) -> bool {
        let key = format!("{}|{}", key_text(trigger), key_text(condition));
        let (_, effects) = self
            .rules
            .entry(key)
            .or_insert_with(|| (format!("on {trigger}{condition}"), Vec::new()));
        let clash = |a: &str, b: &str| {
            let pair = |x: &str, y: &str| (a == x && b == y) || (a == y && b == x);
            pair("throw again", "end turn")
                || pair("may throw again", "end turn")
                || pair("end turn", "may end turn")
                || pair("throw again", "may throw again")
                || a == "none"
                || b == "none"
        };
        if effects.iter().any(|e| e == effect || clash(e, effect)) {
            return false;
        }
        effects.push(effect.to_string());
        true
    }

    /// Whether a rule with this trigger and condition is written.
    fn has(&self, trigger: &str, condition: &str) -> bool {
        let key = format!("{}|{}", key_text(trigger), key_text(condition));
        self.rules.contains_key(&key)
    }

    fn lines(&self) -> impl Iterator<Item = String> + '_ {
        self.rules
            .values()
            .filter(|(_, effects)| !effects.is_empty())
            .map(|(head, effects)| format!("{head}: {}", effects.join(", ")))
    }
}

/// A square effect that sends a piece on: from, to, the side it acts on (`None`: both), and
/// whether it stops the piece there.
#[derive(Clone, Copy)]
struct Edge {
    from: u32,
    to: u32,
    side: Option<usize>,
    stop: bool,
}

/// Whether rules for these sides (`None`: both) act on a side in common.
fn overlap(a: Option<usize>, b: Option<usize>) -> bool {
    a.is_none() || b.is_none() || a == b
}

/// What the writer knows while it writes the statements that name squares, positions and throws.
struct Writer<'a> {
    k: &'a Knobs,
    names: (&'static str, &'static str),
    layout: &'a Layout,
    /// The turn splits a total among pieces.
    split: bool,
    /// The turn is one throw (it throws again only for what a move or pass earns).
    one_throw: bool,
    /// Every piece starts waiting.
    waiting: bool,
    /// The values the throw can give, ascending.
    values: Vec<u32>,
    pieces: u32,
    lines: Vec<String>,
    events: Events,
    /// Squares that send a piece on (to a square, to waiting, out of the game), with the side
    /// each rule acts on: one rule a square and side (E171).
    sends: Vec<(u32, Option<usize>)>,
    /// The effects that send a piece to a square: none may lead back to where it started (E150).
    edges: Vec<Edge>,
}

impl Writer<'_> {
    /// The optional statement `s`, with a generator of its details, if the knobs have it.
    fn opt(&self, s: Stmt) -> Option<Pcg64Mcg> {
        self.k.stmts[s as usize].map(seeded)
    }

    fn sides(&self) -> [&'static str; 2] {
        [self.names.0, self.names.1]
    }

    fn square(&self, rng: &mut Pcg64Mcg) -> u32 {
        pick(rng, &self.layout.path_squares())
    }

    fn position(&self, rng: &mut Pcg64Mcg) -> u32 {
        rng.random_range(1..=self.layout.common_len())
    }

    /// A few throw values (at least one), comma separated.
    fn throw_values(&self, rng: &mut Pcg64Mcg) -> String {
        let k = rng.random_range(1..=self.values.len().min(4));
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
                tail.dedup();
                items(&tail)
            }
        }
    }

    /// A set that is not `none`.
    fn some_set(&self, rng: &mut Pcg64Mcg) -> String {
        loop {
            let set = self.set(rng);
            if set != "none" {
                return set;
            }
        }
    }

    fn push(&mut self, line: String) {
        self.lines.push(line);
    }

    /// Whether no rule yet sends a piece on from `from` for a side `side` acts on.
    fn free(&self, from: u32, side: Option<usize>) -> bool {
        !self
            .sends
            .iter()
            .any(|&(sq, s)| sq == from && overlap(s, side))
    }

    /// Whether an effect would close a loop of effects for a side it acts on. The checker
    /// follows, from each effect, only effects on that side, and stops after one that stops the
    /// piece unless it has come back: a cycle is a loop (E150) unless two of its effects stop.
    fn closes_loop(&self, e: Edge) -> bool {
        if e.from == e.to {
            return true;
        }
        (0..2usize)
            .filter(|&s| e.side.is_none_or(|only| only == s))
            .any(|s| {
                let (mut at, mut stops) = (e.to, usize::from(e.stop));
                for _ in 0..=self.edges.len() {
                    if at == e.from {
                        return stops <= 1;
                    }
                    let Some(next) = self
                        .edges
                        .iter()
                        .find(|x| x.from == at && x.side.is_none_or(|only| only == s))
                    else {
                        return false;
                    };
                    at = next.to;
                    stops += usize::from(next.stop);
                }
                false
            })
    }

    /// Claims `from` for an effect that sends a piece on, if it is free and makes no loop.
    fn claim(&mut self, e: Edge, to_square: bool) -> bool {
        if !self.free(e.from, e.side) || (to_square && self.closes_loop(e)) {
            return false;
        }
        self.sends.push((e.from, e.side));
        if to_square {
            self.edges.push(e);
        }
        true
    }
}

/// `first free after `, `first free before ` or nothing: how a destination is written.
fn fallback(rng: &mut Pcg64Mcg) -> &'static str {
    pick(rng, &["", "first free after ", "first free before "])
}

/// An effect on the turn, for event rules.
fn turn_effect(rng: &mut Pcg64Mcg) -> &'static str {
    pick(
        rng,
        &[
            "throw again",
            "lose next turn",
            "end turn",
            "may throw again",
            "may end turn",
        ],
    )
}

/// A condition of an event rule on the pieces (`if its side has ...`).
fn side_condition(w: &Writer, rng: &mut Pcg64Mcg) -> String {
    let whose = if rng.random_bool(0.5) {
        "its side"
    } else {
        "the other side"
    };
    let no = if rng.random_bool(0.5) { "no " } else { "" };
    format!(" if {whose} has {no}pieces on {}", w.set(rng))
}

/// A condition of an event rule that a move sets off: on the pieces, or on the moving piece.
fn move_condition(w: &Writer, rng: &mut Pcg64Mcg) -> String {
    match rng.random_range(0..6u8) {
        0 => " if the piece entered".into(),
        1 => " if the piece was on the board".into(),
        2 | 3 => side_condition(w, rng),
        _ => String::new(),
    }
}

// ---- the file --------------------------------------------------------------------------------

/// What a capture does, decided before the rules that depend on it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CaptureKind {
    None,
    Swap,
    Removed,
    Waiting,
    To,
}

/// Writes the rule file the knobs describe.
pub fn write(k: &Knobs) -> RuleFile {
    let names = SIDE_NAMES[k.sides];
    let opt = |s: Stmt| k.stmts[s as usize].map(seeded);
    let layout = layout(k.board, names, k.long);
    let (throw_line, chances) = throw_device(k.throw);
    let values: Vec<u32> = chances.iter().map(|e| e.0).collect();

    // The turn. Throwing again on every value would never end a turn (E184): one is left out.
    // And a throw ends the turn one time in sixteen at least: where it almost never does, the
    // totals run to thousands, whose shares the engine gives up listing (a game stopped at its
    // first turn, after a second or two: bounded, but no test of anything).
    let again = |seed: u64| -> Vec<u32> {
        let mut rng = seeded(seed);
        let keep = if rng.random_bool(0.5) {
            values.len() - 1
        } else {
            rng.random_range(1..values.len())
        };
        let mut list = subset(&mut rng, &values, keep);
        let chance = |v: u32| chances.iter().find(|e| e.0 == v).map_or(0.0, |e| e.1);
        while list.len() > 1 && list.iter().map(|&v| chance(v)).sum::<f64>() > 15.0 / 16.0 {
            // The likeliest value of the list ends the turn instead.
            let i = (0..list.len())
                .max_by(|&a, &b| chance(list[a]).total_cmp(&chance(list[b])))
                .unwrap_or(0);
            list.remove(i);
        }
        list
    };
    let turn = match k.turn {
        TurnKnob::SplitAgain(_) | TurnKnob::Each(_) if values.len() < 2 => TurnKnob::Move,
        t => t,
    };
    let split = matches!(turn, TurnKnob::SplitOne | TurnKnob::SplitAgain(_));
    let turn_line = match turn {
        TurnKnob::Unstated => None,
        TurnKnob::Move => Some("turn throw then move".to_string()),
        TurnKnob::SplitOne => Some("turn throw then split".to_string()),
        TurnKnob::SplitAgain(seed) | TurnKnob::Each(seed) => {
            let list: Vec<String> = again(seed).iter().map(ToString::to_string).collect();
            let then = if split { "split" } else { "move each throw" };
            Some(format!(
                "turn throw again on {} then {then}",
                list.join(", ")
            ))
        }
    };
    let mut pieces = k.pieces;
    match turn {
        _ if k.big_split => {}
        TurnKnob::SplitAgain(seed) => {
            // Sharing a total searches every way to split it, a cost that grows exponentially
            // with the pieces and the total: split turns get few pieces, the fewer the larger
            // the totals.
            let again = again(seed);
            let stop: f64 = chances
                .iter()
                .filter(|e| !again.contains(&e.0))
                .map(|e| e.1)
                .sum();
            let mean: f64 = chances.iter().map(|e| f64::from(e.0) * e.1).sum();
            pieces = pieces.min(if mean / stop <= 10.0 { 3 } else { 2 });
        }
        TurnKnob::SplitOne => pieces = pieces.min(4),
        _ => {}
    }
    let start = start_squares(&layout, k.start, &mut pieces);
    let waiting = start.is_none();
    let alternating_twice = match &start {
        Some((squares, true)) => {
            let all: HashSet<u32> = squares.iter().flatten().copied().collect();
            all.len() < squares[0].len() + squares[1].len()
        }
        _ => false,
    };
    let mut w = Writer {
        k,
        names,
        layout: &layout,
        values,
        pieces,
        split,
        one_throw: !matches!(turn, TurnKnob::SplitAgain(_) | TurnKnob::Each(_)),
        waiting,
        lines: Vec::new(),
        events: Events::default(),
        sends: Vec::new(),
        edges: Vec::new(),
    };
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

    // Throws and turns.
    w.push(throw_line);
    if let Some(line) = turn_line {
        w.push(line);
    }
    w.throws();
    let (capture, removed_by_rule) = w.capture();
    let (blockade, one_direction) = w.movement();
    w.seats_and_openings();
    let sends_waiting = square_effects(&mut w);
    w.traps();
    let captured_waiting = w.capture_and_turn_events(capture, removed_by_rule);
    let (retreat_moves_next, retreat_waiting) = w.retreat();
    // Entering: needed where pieces start waiting, likely where they can go back to waiting.
    let to_waiting =
        capture == CaptureKind::Waiting || sends_waiting || captured_waiting || retreat_waiting;
    w.entering(
        waiting || to_waiting && !k.win.is_multiple_of(5),
        retreat_moves_next,
    );
    w.bearing_off_and_end();
    w.decorations();
    let events: Vec<String> = w.events.lines().collect();
    w.lines.extend(events);

    let (options, one_piece) = options(&mut w, (&start, blockade, one_direction));
    let lines = std::mem::take(&mut w.lines);
    let long_path = layout.paths.iter().any(|p| p.len() > 64);
    let (text, base) = match opt(Stmt::Extends) {
        Some(mut rng) => split_in_two(&lines, &mut rng),
        None => (file_text(&header(k), &lines), None),
    };
    RuleFile {
        text,
        base,
        options,
        one_piece,
        pieces,
        long_path,
        alternating_on_returning: alternating_twice,
    }
}

/// The statements, written in the order of the language reference.
impl Writer<'_> {
    /// Extra throws, the throw that begins a side and a piece's first move: not with split
    /// turns; a first move needs pieces that start on the board.
    fn throws(&mut self) {
        if let Some(mut rng) = self.opt(Stmt::ExtraAfter) {
            let line = if rng.random_bool(0.2) {
                "extra throw after none".into()
            } else {
                format!("extra throw after {}", self.throw_values(&mut rng))
            };
            self.push(line);
        }
        if let Some(mut rng) = self.opt(Stmt::ExtraOn) {
            let set = self.set(&mut rng);
            self.push(format!("extra throw on {set}"));
            // Extra throws that add up: only where a turn is one throw.
            if self.one_throw && rng.random_bool(0.4) {
                self.push(if rng.random_bool(0.85) {
                    "extra throws add up".into()
                } else {
                    "extra throws count once".into()
                });
            }
        }
        // A throw that begins a side, and a piece's first move: not with split turns; a first move
        // needs pieces that start on the board.
        if let Some(mut rng) = self.opt(Stmt::Begin).filter(|_| !self.split) {
            let line = if rng.random_bool(0.2) {
                "begin with none".into()
            } else {
                format!("begin with {}", self.throw_values(&mut rng))
            };
            self.push(line);
        }
        if let Some(mut rng) = self
            .opt(Stmt::FirstMove)
            .filter(|_| !self.split && !self.waiting)
        {
            // Which throws a first move needs, which pieces may make theirs, or both.
            let with = rng.random_bool(0.6);
            if with {
                let line = if rng.random_bool(0.2) {
                    "each piece first moves with none".into()
                } else {
                    format!(
                        "each piece first moves with {}",
                        self.throw_values(&mut rng)
                    )
                };
                self.push(line);
            }
            if !with || rng.random_bool(0.3) {
                self.push(if rng.random_bool(0.85) {
                    "each piece first moves after the piece ahead has moved".into()
                } else {
                    "each piece first moves in any order".into()
                });
            }
        }
    }

    /// Capture, protection and safe squares; what a capture does, and whether a rule must take
    /// pieces out of the game (on loops, won by capturing all).
    fn capture(&mut self) -> (CaptureKind, bool) {
        // Capture: a path that comes back to a square takes no swap (which visit would the piece go
        // back to?); on loops, where the game is won by capturing all, pieces must leave the game.
        let mut capture = CaptureKind::None;
        let mut removed_by_rule = false;
        if let Some(mut rng) = self
            .opt(Stmt::Capture)
            .or_else(|| self.layout.looped.then(|| seeded(self.k.win)))
        {
            let choice = rng.random_range(0..7usize);
            let (line, kind) = match choice {
                _ if self.layout.looped && rng.random_bool(0.6) => {
                    ("capture removed".into(), CaptureKind::Removed)
                }
                0 if !self.layout.looped => ("capture none".into(), CaptureKind::None),
                1 if !self.layout.returning() => ("capture swap".into(), CaptureKind::Swap),
                2 => ("capture removed".into(), CaptureKind::Removed),
                0..=3 => ("capture to waiting".into(), CaptureKind::Waiting),
                k => {
                    // Near the end the fallback looks for a square after, near the start before.
                    let path = &self.layout.paths[rng.random_range(0..2usize)];
                    let near = path.len().min(6);
                    let i = match k {
                        4 => rng.random_range(0..path.len()),
                        5 => rng.random_range(path.len() - near..path.len()),
                        _ => rng.random_range(0..near),
                    };
                    let how = ["", "first free after ", "first free before "][k - 4];
                    (format!("capture to {how}{}", path[i]), CaptureKind::To)
                }
            };
            capture = kind;
            self.push(line);
            // A loop's game is won by capturing all: where captures do not remove, a rule does.
            removed_by_rule = self.layout.looped && kind != CaptureKind::Removed;
        }
        if let Some(mut rng) = self.opt(Stmt::Protect) {
            // Pairs protect along a path that runs one way to an end (E191 on loops, E193 on paths
            // that come back).
            let line = if !self.layout.returning() && !self.layout.looped && rng.random_bool(0.8) {
                "protect pairs"
            } else {
                "protect none"
            };
            self.push(line.into());
        }
        if let Some(mut rng) = self.opt(Stmt::Safe) {
            let set = self.set(&mut rng);
            self.push(format!("safe {set}"));
        }
        (capture, removed_by_rule)
    }

    /// Blockades, stops, backward moves, priority and what keeps pieces from moving; whether
    /// there is a blockade, and whether a turn moves one way.
    fn movement(&mut self) -> (bool, bool) {
        // Blockades, stops, backward moves, priority and what keeps pieces from moving.
        let mut blockade = false;
        if let Some(mut rng) = self.opt(Stmt::Blockade) {
            let line = if !self.layout.returning() && self.pieces >= 2 && rng.random_bool(0.85) {
                blockade = true;
                format!("blockade {}", rng.random_range(2..=self.pieces))
            } else {
                "blockade none".into()
            };
            self.push(line);
        }
        if let Some(mut rng) = self.opt(Stmt::Stop) {
            let set = self.set(&mut rng);
            self.push(format!("stop on {set}"));
        }
        let mut backward = false;
        if let Some(mut rng) = self.opt(Stmt::Backward) {
            // Not on loops or paths in parts (E191, E192); per piece not with split turns (E181).
            if !self.layout.looped && !self.layout.in_parts() && rng.random_bool(0.8) {
                backward = true;
                let who = if !self.split && rng.random_bool(0.4) {
                    "the piece has no forward move"
                } else {
                    "no forward move"
                };
                let onto = if rng.random_bool(0.3) {
                    " onto empty squares"
                } else {
                    ""
                };
                let shared = if self.split && rng.random_bool(0.5) {
                    ", split among pieces"
                } else {
                    ""
                };
                self.push(format!("backward when {who}{onto}{shared}"));
            } else {
                self.push("backward never".into());
            }
        }
        let mut one_direction = false;
        if let Some(mut rng) = self.opt(Stmt::Direction) {
            // One way a turn needs backward moves (E198).
            one_direction = backward && rng.random_bool(0.7);
            self.push(if one_direction {
                "one direction each turn".into()
            } else {
                "any direction each turn".into()
            });
        }
        if let Some(mut rng) = self.opt(Stmt::NoBackwardFrom) {
            let set = self.set(&mut rng);
            self.push(format!("no backward moves from {set}"));
        }
        if let Some(mut rng) = self.opt(Stmt::Priority) {
            let set = self.set(&mut rng);
            self.push(format!("priority {set}"));
        }
        if let Some(mut rng) = self.opt(Stmt::Hold) {
            let set = self.set(&mut rng);
            self.push(format!("only pieces on {set} may move while one is there"));
        }
        if let Some(mut rng) = self.opt(Stmt::AheadEmpty) {
            // Not on a path that comes back (E193): which visit's square ahead?
            let set = if self.layout.returning() {
                "none".into()
            } else {
                self.set(&mut rng)
            };
            self.push(format!(
                "pieces on {set} move only if the square ahead is empty"
            ));
        }
        if let Some(mut rng) = self.opt(Stmt::Together) {
            let set = self.set(&mut rng);
            self.push(format!("pieces on {set} move only when all are there"));
        }
        if let Some(mut rng) = self.opt(Stmt::NoPassing) {
            let set = self.set(&mut rng);
            self.push(format!("no passing on {set}"));
            // Squares a piece of a split turn may stop on and go on from.
            // A few squares, as the rule is meant (on every square of a loop, a split of a
            // large total has more sequences than a listing visits, and stops its game).
            if self.split && rng.random_bool(0.5) {
                let (a, b) = (self.square(&mut rng), self.square(&mut rng));
                let set = if a == b {
                    a.to_string()
                } else {
                    format!("{}, {}", a.min(b), a.max(b))
                };
                self.push(format!("pieces may stop on {set} and go on"));
            }
        }
        (blockade, one_direction)
    }

    /// Seats, who moves first, openings.
    fn seats_and_openings(&mut self) {
        // Seats, who moves first, openings (these need pieces on the board).
        let mut seats = false;
        if let Some(mut rng) = self.opt(Stmt::Seats) {
            let line = if rng.random_bool(0.85) {
                seats = true;
                let v = pick(&mut rng, &self.values);
                let side = pick(&mut rng, &self.sides());
                format!("seats throw until {v}, thrower plays {side}")
            } else {
                "seats none".into()
            };
            self.push(line);
        }
        if let Some(mut rng) = self.opt(Stmt::First) {
            let side = pick(&mut rng, &self.sides());
            // A throw-off decides who moves first, but not besides a seats ritual (E197).
            self.push(if !seats && rng.random_bool(0.5) {
                format!("first by throw-off, ties to {side}")
            } else {
                format!("first {side}")
            });
        }
        for (i, stmt) in [Stmt::OpeningFirst, Stmt::OpeningSecond]
            .into_iter()
            .enumerate()
        {
            let Some(mut rng) = self.opt(stmt) else {
                continue;
            };
            let rule = match rng.random_range(0..4u8) {
                _ if self.waiting => "none".to_string(),
                0 => format!("front piece moves {}", rng.random_range(1..=30)),
                1 => format!(
                    "front piece moves {} then throw again",
                    rng.random_range(1..=3)
                ),
                2 => "first move with front piece".into(),
                _ => "none".into(),
            };
            self.push(format!("opening {}: {rule}", self.sides()[i]));
        }
    }

    /// Traps (`on passing`).
    fn traps(&mut self) {
        // Traps: a forward move over these squares ends elsewhere; not on loops or paths in parts.
        if let Some(mut rng) = self
            .opt(Stmt::Traps)
            .filter(|_| !self.layout.looped && !self.layout.in_parts())
        {
            let mut trapped: Vec<u32> = Vec::new();
            for _ in 0..rng.random_range(1..=3) {
                let n = rng.random_range(1..=2usize);
                let squares: Vec<u32> = (0..n)
                    .map(|_| self.square(&mut rng))
                    .filter(|s| !trapped.contains(s))
                    .collect::<HashSet<u32>>()
                    .into_iter()
                    .collect();
                if squares.is_empty() {
                    continue;
                }
                let mut sorted = squares.clone();
                sorted.sort_unstable();
                trapped.extend(&sorted);
                let dest = format!("{}{}", fallback(&mut rng), self.square(&mut rng));
                self.events.add(
                    &format!("passing {}", items(&sorted)),
                    "",
                    &format!("go to {dest}"),
                );
            }
        }
    }

    /// Where captured pieces go, what a capture, a pass, a move or a landing does to the turn,
    /// and which pieces may move before each move; whether a captured piece can go back to
    /// waiting.
    fn capture_and_turn_events(&mut self, capture: CaptureKind, removed_by_rule: bool) -> bool {
        // Where captured pieces go, and what a capture does to the turn.
        let captures = capture != CaptureKind::None;
        let mut to_waiting = false;
        if captures && (removed_by_rule || self.opt(Stmt::Captured).is_some()) {
            let mut rng = self
                .opt(Stmt::Captured)
                .unwrap_or_else(|| seeded(self.k.bear_off));
            let trigger = if rng.random_bool(0.5) {
                "capture".to_string()
            } else {
                format!("capture on {}", self.some_set(&mut rng))
            };
            let effect = match rng.random_range(0..3u8) {
                _ if removed_by_rule => "captured piece is removed".to_string(),
                0 => {
                    to_waiting = true;
                    "captured piece goes to waiting".into()
                }
                1 => "captured piece is removed".into(),
                _ => {
                    let how = if rng.random_bool(0.5) {
                        ""
                    } else {
                        fallback(&mut rng)
                    };
                    format!("captured piece goes to {how}{}", self.square(&mut rng))
                }
            };
            self.events.add(&trigger, "", &effect);
        }
        if let Some(mut rng) = self.opt(Stmt::OnCapture).filter(|_| captures) {
            let trigger = if rng.random_bool(0.5) {
                "capture".to_string()
            } else {
                format!("capture on {}", self.some_set(&mut rng))
            };
            let condition = move_condition(self, &mut rng);
            for _ in 0..rng.random_range(1..=2) {
                let effect = turn_effect(&mut rng);
                self.events.add(&trigger, &condition, effect);
            }
        }
        // Not every value: with every value throwing again after a move too, no turn would
        // ever end (E184). (Every value after a move alone, W004, is made above.)
        if let Some(mut rng) = self.opt(Stmt::OnPass).filter(|_| self.values.len() > 1) {
            let k = rng.random_range(1..self.values.len().min(5));
            let values = subset(&mut rng, &self.values, k)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            self.events
                .add(&format!("pass with {values}"), "", "throw again");
        }
        if let Some(mut rng) = self.opt(Stmt::TurnRules) {
            // Rules about the turn, with or without a condition.
            for _ in 0..rng.random_range(1..=3) {
                let trigger = if rng.random_bool(0.6) {
                    let by = if rng.random_bool(0.3) {
                        format!(" by {}", pick(&mut rng, &self.sides()))
                    } else {
                        String::new()
                    };
                    format!("landing on {}{by}", self.set(&mut rng))
                } else {
                    format!("move with {}", self.throw_values(&mut rng))
                };
                let condition = move_condition(self, &mut rng);
                for _ in 0..rng.random_range(1..=2) {
                    let effect = turn_effect(&mut rng);
                    self.events.add(&trigger, &condition, effect);
                }
            }
            if rng.random_bool(0.4) {
                // Which pieces may move, judged before each move.
                let condition = if rng.random_bool(0.8) {
                    side_condition(self, &mut rng)
                } else {
                    String::new()
                };
                let only = self.set(&mut rng);
                self.events.add(
                    "each move",
                    &condition,
                    &format!("only pieces on {only} may move"),
                );
            }
        }
        to_waiting
    }

    /// A retreat and what it does: the square whose piece must move next after it, and whether
    /// that piece can go back to waiting.
    fn retreat(&mut self) -> (Option<u32>, bool) {
        // Retreats: not with split turns (E181); to a square on every path, not retreated from.
        let mut retreat_moves_next = None;
        let mut to_waiting = false;
        if let Some(mut rng) = self.opt(Stmt::Retreat).filter(|_| !self.split) {
            if rng.random_bool(0.15) {
                self.push("retreat none".into());
            } else {
                let from: Vec<u32> = (0..rng.random_range(1..=3))
                    .map(|_| self.square(&mut rng))
                    .collect::<HashSet<u32>>()
                    .into_iter()
                    .collect();
                let mut from = from;
                from.sort_unstable();
                let to: Vec<u32> = self
                    .layout
                    .shared_squares()
                    .into_iter()
                    .filter(|s| !from.contains(s))
                    .collect();
                if !to.is_empty() {
                    let to = pick(&mut rng, &to);
                    self.push(format!("retreat from {} to {to}", items(&from)));
                    let mut effects = Vec::new();
                    for e in [
                        "end turn",
                        "lose next turn",
                        "may end turn",
                        "piece moves next",
                    ] {
                        if rng.random_bool(0.35) {
                            effects.push(e);
                        }
                    }
                    for e in effects {
                        let e = match e {
                            "piece moves next" => {
                                retreat_moves_next = Some(to);
                                pick(
                                    &mut rng,
                                    &[
                                        "piece moves next",
                                        "piece moves next ignoring pairs",
                                        "piece moves next or goes back to waiting",
                                    ],
                                )
                            }
                            e => e,
                        };
                        if e.ends_with("waiting") {
                            to_waiting = true;
                        }
                        self.events.add("retreat", "", e);
                    }
                } else {
                    self.push("retreat none".into());
                }
            }
        }
        (retreat_moves_next, to_waiting)
    }

    /// Entering (where `needs_enter`, some rule for it), and what entering does.
    fn entering(&mut self, needs_enter: bool, retreat_moves_next: Option<u32>) {
        let enter = match (self.opt(Stmt::Enter), needs_enter) {
            (Some(rng), _) => Some(rng),
            (None, true) => Some(seeded(self.k.win.rotate_left(17))),
            (None, false) => None,
        };
        let mut enter_onto: Option<u32> = None;
        let mut enters = false;
        if let Some(mut rng) = enter {
            let line = if !needs_enter && rng.random_bool(0.15) {
                "enter none".into()
            } else {
                enters = true;
                let with = if rng.random_bool(0.5) {
                    format!("with {} ", self.throw_values(&mut rng))
                } else {
                    String::new()
                };
                let onto = if rng.random_bool(0.5) {
                    "throw".to_string()
                } else {
                    let p = self.position(&mut rng);
                    enter_onto = Some(p);
                    p.to_string()
                };
                let empty = if rng.random_bool(0.3) {
                    " if empty"
                } else {
                    ""
                };
                format!("enter {with}onto {onto}{empty}")
            };
            self.push(line);
        }
        if let Some(mut rng) = self.opt(Stmt::OnEntering).filter(|_| enters) {
            let condition = match rng.random_range(0..4u8) {
                0 => side_condition(self, &mut rng),
                _ => String::new(),
            };
            for _ in 0..rng.random_range(1..=2) {
                if condition.is_empty() && rng.random_bool(0.4) {
                    // The piece that enters moves next: it must enter on one position, the one a
                    // retreat's piece that moves next stands on too.
                    let Some(p) = enter_onto else { continue };
                    let same = retreat_moves_next
                        .is_none_or(|to| (0..2).all(|s| self.layout.position_of(s, to) == Some(p)));
                    if same {
                        let e = pick(
                            &mut rng,
                            &[
                                "piece moves next",
                                "piece moves next ignoring pairs",
                                "piece moves next or goes back to waiting",
                            ],
                        );
                        self.events.add("entering", "", e);
                    }
                } else {
                    let effect = turn_effect(&mut rng);
                    self.events.add("entering", &condition, effect);
                }
            }
        }
    }

    /// Bearing off, winning, the end, match points.
    fn bearing_off_and_end(&mut self) {
        // Bearing off: no piece bears off a loop, where the rule may go unsaid.
        let mut rng = seeded(self.k.bear_off);
        if !(self.layout.looped && rng.random_bool(0.5)) {
            let line = match rng.random_range(0..6u8) {
                0 | 1 => "bear off exact".to_string(),
                2 => format!("bear off exact from {}", self.set(&mut rng)),
                3 => "bear off at or past the end".to_string(),
                4 => format!("bear off at or past the end from {}", self.set(&mut rng)),
                _ => {
                    let all = self.layout.path_squares();
                    let n = rng.random_range(1..=all.len().min(4));
                    let from = subset(&mut rng, &all, n);
                    let rows: Vec<String> = from
                        .iter()
                        .map(|sq| format!("from {sq} with {}", self.throw_values(&mut rng)))
                        .collect();
                    format!("bear off {}", rows.join("; "))
                }
            };
            self.push(line);
        }
        if let Some(mut rng) = self.opt(Stmt::BearWhen) {
            let line = match rng.random_range(0..3u8) {
                0 => format!("bear off only when all on {}", self.set(&mut rng)),
                1 => format!("bear off only when none on {}", self.set(&mut rng)),
                _ => "bear off always".into(),
            };
            self.push(line);
        }
        // No piece bears off a loop: pieces that may only bear off are refused there (E191).
        if let Some(mut rng) = self.opt(Stmt::OnlyBearOff).filter(|_| !self.layout.looped) {
            let set = self.set(&mut rng);
            self.push(format!("only bear off from {set}"));
        }

        // The end: a loop's game is won by capturing all.
        let most = !self.layout.looped && self.k.win.is_multiple_of(3);
        self.push(if self.layout.looped {
            "win by capturing all".into()
        } else if most {
            "win most borne off".into()
        } else {
            "win first to bear off all".into()
        });
        if let Some(mut rng) = self.opt(Stmt::End) {
            // `end when decided` has no meaning where the first to bear off all wins (E196).
            let line = if (most || self.layout.looped) && rng.random_bool(0.7) {
                "end when decided"
            } else {
                "end when board empty"
            };
            self.push(line.into());
        }
        if let Some(mut rng) = self.opt(Stmt::MatchPoints) {
            let line = if rng.random_bool(0.1) {
                "match points none".to_string()
            } else {
                let all = self.layout.path_squares();
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
            self.push(line);
        }
    }

    /// What changes nothing in play, and rules that say a trigger does nothing.
    fn decorations(&mut self) {
        // What changes nothing in play: colours, names, labels, marks, drawings, notes, comments.
        if let Some(mut rng) = self.opt(Stmt::Decorations) {
            for name in self.sides() {
                if rng.random_bool(0.5) {
                    let word = if rng.random_bool(0.7) {
                        "colour"
                    } else {
                        "color"
                    };
                    self.push(format!("{word} {name}: {}", pick(&mut rng, &COLOURS)));
                }
            }
            let all = self.layout.path_squares();
            let named = subset(&mut rng, &all, 4);
            if let [a, b, c, d] = named[..] {
                self.push(format!("name {a} \"House of Ré-Atum\"  [choice: a name]"));
                self.push(format!("label {b} \"III\"   # drawn on the square"));
                self.push(format!("name {c} none"));
                self.push(format!("label {d} none   [source: \"a book, page 3\"]"));
            }
            let set = self.set(&mut rng);
            self.push(format!("marks {set}"));
            self.push("source \"generated\"".into());
            self.push("# a comment line".into());
        }
        if let Some(mut rng) = self.opt(Stmt::Draw) {
            for line in drawing(self.layout, &mut rng) {
                self.push(line);
            }
        }
        // Rules that say a trigger has no effect (the form that removes an inherited rule).
        if let Some(mut rng) = self.opt(Stmt::Removals) {
            let trigger = match rng.random_range(0..3u8) {
                0 => format!("move with {}", self.throw_values(&mut rng)),
                1 => format!("landing on {}", self.square(&mut rng)),
                _ => format!("capture on {}", self.square(&mut rng)),
            };
            if !self.events.has(&trigger, "") {
                self.events.add(&trigger, "", "none");
            }
        }
    }
}

fn header(k: &Knobs) -> Vec<String> {
    vec![
        format!("ruleset \"generated/{:x}\"", k.bear_off ^ k.win),
        "title \"A generated rule set\"".into(),
        String::new(),
    ]
}

fn file_text(header: &[String], lines: &[String]) -> String {
    let mut text = header.join("\n");
    text.push('\n');
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    text
}

/// Square effects: a chain along a path, single effects, lines the player may follow (or must,
/// in a split turn), squares that send a piece back to waiting or out of the game; each square
/// sends a piece on once for a side (E171), and no effects loop (E150). Returns whether a piece
/// can be sent back to waiting.
fn square_effects(w: &mut Writer) -> bool {
    let (sides, split) = (w.sides(), w.split);
    let mut form = seeded(w.k.bear_off.rotate_left(23));
    // Writes an effect to a square: `square N: go to` where it acts on both sides, sends the
    // piece on and is not optional; else the event rule, for one side or both.
    let mut go = |w: &mut Writer, e: Edge, how: &str, may: bool| {
        if !w.claim(e, true) {
            return;
        }
        if e.side.is_none() && !may && !e.stop && form.random_bool(0.6) {
            w.push(format!("square {}: go to {how}{}", e.from, e.to));
            return;
        }
        let by = e
            .side
            .map_or(String::new(), |s| format!(" by {}", sides[s]));
        let may = if may { "may " } else { "" };
        let stop = if e.stop { " and stop" } else { "" };
        w.events.add(
            &format!("landing on {}{by}", e.from),
            "",
            &format!("{may}go to {how}{}{stop}", e.to),
        );
    };
    let side_of = |rng: &mut Pcg64Mcg| rng.random_bool(0.3).then(|| rng.random_range(0..2usize));
    if let Some(mut rng) = w.opt(Stmt::Chain) {
        let path = w.layout.paths[rng.random_range(0..2usize)].clone();
        if path.len() >= 3 {
            let n = rng.random_range(2..=path.len().min(13) - 1);
            let i = rng.random_range(0..path.len() - n);
            let forward = rng.random_bool(0.6);
            for j in i..i + n {
                let (from, to) = if forward {
                    (path[j], path[j + 1])
                } else {
                    (path[j + 1], path[j])
                };
                let e = Edge {
                    from,
                    to,
                    side: side_of(&mut rng),
                    stop: rng.random_bool(0.2),
                };
                let how = fallback(&mut rng);
                go(w, e, how, false);
            }
        }
    }
    if let Some(mut rng) = w.opt(Stmt::Effects) {
        for _ in 0..rng.random_range(1..=6) {
            let e = Edge {
                from: w.square(&mut rng),
                to: w.square(&mut rng),
                side: side_of(&mut rng),
                stop: rng.random_bool(0.2),
            };
            let how = fallback(&mut rng);
            go(w, e, how, false);
        }
        // A square without an effect, said so.
        let sq = w.square(&mut rng);
        if w.free(sq, None) {
            w.push(format!("square {sq}: none"));
            w.sends.push((sq, None));
        }
    }
    if let Some(mut rng) = w.opt(Stmt::Lines) {
        // Lines from one part of a path to another (Hounds and Jackals), or anywhere: the player
        // may follow them, except in split turns (E181).
        let (a, b) = match w.layout.breaks[0].first() {
            Some(&cut) => {
                let path = &w.layout.paths[0];
                (path[..cut].to_vec(), path[cut..].to_vec())
            }
            None => (w.layout.path_squares(), w.layout.path_squares()),
        };
        for _ in 0..rng.random_range(1..=6) {
            let (mut from, mut to) = (pick(&mut rng, &a), pick(&mut rng, &b));
            if rng.random_bool(0.3) {
                (from, to) = (to, from);
            }
            let e = Edge {
                from,
                to,
                side: side_of(&mut rng),
                stop: rng.random_bool(0.4),
            };
            let may = !split && rng.random_bool(0.8);
            let how = if rng.random_bool(0.7) {
                ""
            } else {
                fallback(&mut rng)
            };
            go(w, e, how, may);
        }
    }
    let mut waiting = false;
    if let Some(mut rng) = w.opt(Stmt::OutOfPlay) {
        for _ in 0..rng.random_range(1..=3) {
            let e = Edge {
                from: w.square(&mut rng),
                to: 0,
                side: side_of(&mut rng),
                stop: false,
            };
            if !w.claim(e, false) {
                continue;
            }
            let may = if !split && rng.random_bool(0.4) {
                "may "
            } else {
                ""
            };
            let effect = if rng.random_bool(0.6) {
                waiting = true;
                "go to waiting"
            } else {
                "piece is removed"
            };
            let by = e
                .side
                .map_or(String::new(), |s| format!(" by {}", sides[s]));
            w.events.add(
                &format!("landing on {}{by}", e.from),
                "",
                &format!("{may}{effect}"),
            );
        }
    }
    waiting
}

/// Options whose every value gives a valid file, with their `when` forms: the number of pieces
/// (down to one, for small solves), a range of numbers, a list of numbers, words. Returns each
/// option with its values other than the default, and the value that gives one piece.
fn options(
    w: &mut Writer,
    (start, blockade, one_direction): (&Start, bool, bool),
) -> OptionsWritten {
    let Some(mut rng) = w.opt(Stmt::Options) else {
        return (Vec::new(), None);
    };
    let names = w.names;
    let mut options = Vec::new();
    let mut one_piece = None;
    // Statements valid whatever else the file says, each key in one option's forms only.
    let mut pool: Vec<&str> = vec![
        "extra throw after none",
        "safe none",
        "priority none",
        "stop on none",
        "marks none",
        "extra throw on none",
        "match points none",
        "protect none",
    ];
    if !one_direction {
        pool.push("backward never");
    }
    let pieces = w.pieces;
    if pieces >= 2 && rng.random_bool(0.6) {
        let values: Vec<String> = if rng.random_bool(0.5) {
            w.push(format!("option pieces: 1..{pieces} default {pieces}"));
            (1..pieces).map(|v| v.to_string()).collect()
        } else {
            w.push(format!("option pieces: 1 | {pieces} default {pieces}"));
            vec!["1".into()]
        };
        w.push("when pieces is 1: pieces 1 each".into());
        if let Some(([a, b], false)) = start {
            w.push(format!(
                "when pieces is 1: start {} on {}; {} on {}",
                names.0, a[0], names.1, b[0]
            ));
        }
        // A side of one piece forms no blockade.
        if blockade {
            w.push("when pieces is 1: blockade none".into());
        }
        options.push(("pieces".to_string(), values));
        one_piece = Some(("pieces".to_string(), "1".to_string()));
    } else {
        pool.push("blockade none");
    }
    let mut take = |rng: &mut Pcg64Mcg| pool.remove(rng.random_range(0..pool.len()));
    if rng.random_bool(0.6) {
        let (two, three) = (take(&mut rng), take(&mut rng));
        if rng.random_bool(0.5) {
            // Now and then a range as wide as a number may be: the values without a `when` form
            // change nothing.
            let top = if rng.random_bool(0.2) { 1_000_000 } else { 3 };
            w.push(format!("option speed: 1..{top} default 1"));
            w.push(format!("when speed is 2: {two}"));
            w.push(format!("when speed is 3: {three}"));
            options.push(("speed".to_string(), vec!["2".into(), "3".into()]));
        } else {
            w.push("option house: 5 | 7 | 9 default 7".into());
            w.push(format!("when house is 5: {two}"));
            w.push(format!("when house is 9: {three}"));
            options.push(("house".to_string(), vec!["5".into(), "9".into()]));
        }
    }
    if rng.random_bool(0.6) {
        let on = take(&mut rng);
        w.push("option wall: on | off default off".into());
        w.push(format!("when wall is on: {on}"));
        options.push(("wall".to_string(), vec!["on".into()]));
    }
    (options, one_piece)
}

fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// The statements split between a base file and a variant that extends it: the variant's
/// statements have keys of their own, so the two mean the file in one piece. Options, their
/// `when` forms and the statements those forms override stay in the base (a statement of the
/// extending file would replace the inherited one with its `when` forms).
fn split_in_two(lines: &[String], rng: &mut Pcg64Mcg) -> (String, Option<(String, String)>) {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let overridden: HashSet<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("when "))
        .filter_map(|l| l.split_once(": "))
        .map(|(_, stmt)| first_word(stmt))
        .collect();
    let (mut base, mut variant) = (Vec::new(), Vec::new());
    for l in lines {
        let movable = !l.starts_with("option ")
            && !l.starts_with("when ")
            && !overridden.contains(first_word(l));
        if movable && rng.random_bool(0.5) {
            variant.push(l.clone());
        } else {
            base.push(l.clone());
        }
    }
    let base_text = file_text(
        &[
            "ruleset \"generated/base\"".into(),
            "title \"The rules a generated variant extends\"".into(),
            String::new(),
        ],
        &base,
    );
    let mut hasher = DefaultHasher::new();
    base_text.hash(&mut hasher);
    let name = format!("base-{:016x}", hasher.finish());
    let text = file_text(
        &[
            "ruleset \"generated/variant\"".into(),
            "title \"A generated variant\"".into(),
            format!("extends \"{name}\""),
            String::new(),
        ],
        &variant,
    );
    (text, Some((name, base_text)))
}
