//! The board of a game of more than two sides as a picture (SVG), as [`super::svg`] draws a
//! two-sided one: the same squares, marks, pieces, trays and throw, read from the checked rules
//! and a position of the engine for many sides. Pieces of several sides on one square (partners,
//! shared castles) stand side by side on it, each side's disc with its count.
//!
//! The picture reads back as the two-sided one: every square has `data-square`, every piece
//! `data-side` and `data-place` (its path position, `0` waiting, `off`, `removed`) and, for a
//! stack, `data-count`.

use std::fmt::Write;

use super::svg::{
    Frame, Layout, Shown, SquareLook, TrayRow, arrow_heads, awaited, path_line, piece,
    square_shape, throw_lots, tray_row, tray_rows, tray_width,
};
use crate::notation::multi::parse_position;
use senet_engine::multi::{MultiPosition, MultiRules};
use senet_lang::check::RuleSet;
use senet_lang::types::{PathPos, Place, Square, Throw};

/// What to draw besides the board of a game of many sides.
#[derive(Clone, Copy, Debug)]
pub struct ManyDrawing<'a> {
    /// Where the pieces stand.
    pub position: &'a MultiPosition,
    /// The throw shown under the board.
    pub throw: Shown,
    /// Each side's path as a line with arrows.
    pub paths: bool,
    /// Drawn for a narrow screen, as [`super::svg::Drawing::narrow`] says.
    pub narrow: bool,
}

/// The picture of `r`, a game of more than two sides, at the start or in `position` (JSON, as
/// `senet moves` reads positions of many sides: its throw drawn under the board); the reason
/// where the engine for many sides does not play the rules or the position is none of theirs.
pub fn draw_many(
    r: &RuleSet,
    position: Option<&serde_json::Value>,
    paths: bool,
    narrow: bool,
) -> Result<String, String> {
    let multi = MultiRules::compile(r)
        .map_err(|e| format!("`{}` has {} sides, and {e}", r.id, r.sides.len()))?;
    let pos = match position {
        None | Some(serde_json::Value::Null) => MultiPosition::start(&multi),
        Some(v) => parse_position(&multi, v).map_err(|e| e.to_string())?,
    };
    Ok(svg_many(
        r,
        &ManyDrawing {
            position: &pos,
            throw: held_shown(&pos),
            paths,
            narrow,
        },
    ))
}

/// The throw drawn under the board: the one the side to move holds (several held, in a turn that
/// banks its throws, are said in words, not drawn).
pub fn held_shown(pos: &MultiPosition) -> Shown {
    match pos.pool() {
        &[v] if !pos.throwing() => Shown::Thrown(Throw::from(v)),
        _ => Shown::Nothing,
    }
}

/// The board of `r`, a game of any number of sides, as an SVG document.
pub fn svg_many(r: &RuleSet, d: &ManyDrawing) -> String {
    let b = &r.board;
    let layout = Layout::of_board(b, d.narrow);
    let removable = r.capture == senet_lang::types::Capture::Removed;
    let sides = i32::try_from(r.sides.len()).unwrap_or(i32::MAX / 64);
    let frame = Frame::new(
        &layout,
        legend_lines(r, &layout),
        (
            tray_width(r.pieces, removable, d.narrow),
            sides + i32::from(d.throw != Shown::Nothing),
        ),
        d.narrow,
    );
    let trays_top = frame.trays_top;
    let row = tray_row(d.narrow);
    let mut out = String::new();
    frame.open(&r.id, &r.title, &mut out);
    if d.paths {
        defs(r, &mut out);
    }
    shortcuts(r, &layout, &mut out);
    for sq in layout.squares_on(b) {
        let words = square_words(r, sq);
        let mut tip = sq.to_string();
        if let Some(n) = b.name(sq) {
            let _ = write!(tip, " {n}");
        }
        if !words.is_empty() {
            let _ = write!(tip, ": {}", words.join(", "));
        }
        let look = SquareLook {
            marked: b.marks.contains(&sq),
            symbols: None,
            tip,
        };
        square_shape(b, &layout, sq, &look, &mut out);
    }
    if d.paths {
        paths(r, &layout, &mut out);
    }
    pieces(r, &layout, d.position, &mut out);
    let rows: Vec<TrayRow> = r
        .sides
        .values()
        .enumerate()
        .map(|(s, side)| TrayRow {
            name: &side.name,
            colour: &side.colour,
            waiting: d.position.count(s, Place::Waiting),
            off: d.position.count(s, Place::Off),
            removed: d.position.count(s, Place::Removed),
        })
        .collect();
    tray_rows(&rows, trays_top, d.narrow, &mut out);
    let throw_top = trays_top + sides * row;
    match d.throw {
        Shown::Thrown(t) => throw_lots(&r.throw, t, throw_top, &mut out),
        Shown::Awaited => awaited(throw_top, &mut out),
        Shown::Nothing => {}
    }
    frame.close(&mut out);
    out
}

/// What a square does, in words: safe for every side, or for some of them.
fn square_words(r: &RuleSet, sq: Square) -> Vec<String> {
    let safe: Vec<&str> = r
        .sides
        .iter()
        .filter(|(s, side)| {
            r.safe[*s]
                .iter()
                .any(|p| side.path.get(p.index()) == Some(&sq))
        })
        .map(|(_, side)| side.name.as_str())
        .collect();
    if safe.is_empty() {
        Vec::new()
    } else if safe.len() == r.sides.len() {
        vec!["safe".into()]
    } else {
        vec![format!("safe for {}", safe.join(", "))]
    }
}

/// The legend: the squares that do something, as the two-sided picture says them but those
/// alike on one line (`6, 15, 16 cross: safe`), then the teams.
fn legend_lines(r: &RuleSet, layout: &Layout) -> Vec<String> {
    let drawn = if layout.cloth {
        "cross"
    } else if layout.points {
        "ring"
    } else {
        "rosette"
    };
    let b = &r.board;
    // What is said of each square, after its number, with the squares it is said of.
    let mut said: Vec<(String, Vec<Square>)> = Vec::new();
    for sq in layout.squares_on(b) {
        let words = square_words(r, sq);
        let name = b.name(sq);
        if words.is_empty() && name.is_none() && b.label(sq).is_none() {
            continue;
        }
        let mut text = String::new();
        if b.marks.contains(&sq) {
            let _ = write!(text, " {drawn}");
        }
        if let Some(n) = name {
            let _ = write!(text, " {n}");
        }
        if !words.is_empty() {
            let _ = write!(text, ": {}", words.join(", "));
        }
        match said.iter_mut().find(|(t, _)| *t == text && name.is_none()) {
            Some((_, squares)) => squares.push(sq),
            None => said.push((text, vec![sq])),
        }
    }
    let mut lines: Vec<String> = said
        .into_iter()
        .map(|(text, squares)| {
            let numbers: Vec<String> = squares.iter().map(Square::to_string).collect();
            format!("{}{text}", numbers.join(", "))
        })
        .collect();
    let teams = team_words(r);
    if !teams.is_empty() {
        lines.push(format!("Teams: {teams}"));
    }
    lines
}

/// The teams of sides that play together (`red and yellow; blue and green`), or nothing where
/// each side plays alone.
fn team_words(r: &RuleSet) -> String {
    let mut teams: Vec<(u8, Vec<&str>)> = Vec::new();
    for (s, side) in r.sides.iter() {
        let team = r.teams[s];
        match teams.iter_mut().find(|(t, _)| *t == team) {
            Some((_, names)) => names.push(&side.name),
            None => teams.push((team, vec![&side.name])),
        }
    }
    if teams.iter().all(|(_, names)| names.len() == 1) {
        return String::new();
    }
    let words: Vec<String> = teams
        .iter()
        .map(|(_, names)| match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.join(""),
        })
        .collect();
    words.join("; ")
}

/// The arrow heads of the paths, one per colour.
fn defs(r: &RuleSet, out: &mut String) {
    let mut colours: Vec<&str> = r.sides.values().map(|s| s.colour.as_str()).collect();
    colours.sort_unstable();
    colours.dedup();
    arrow_heads(&colours, out);
}

/// Each side's path: a line through its squares in order, with arrows, the sides' lines a
/// little apart so that a shared stretch shows them all.
fn paths(r: &RuleSet, layout: &Layout, out: &mut String) {
    let width = if layout.points { 2 } else { 3 };
    let count = i32::try_from(r.sides.len()).unwrap_or(1);
    for (i, side) in (0i32..).zip(r.sides.values()) {
        let shift = (2 * i - (count - 1)) * 2;
        let points: Vec<String> = side
            .path
            .iter()
            .map(|&sq| {
                let (x, y) = layout.centre_on(&r.board, sq);
                format!("{},{}", x + shift, y + shift)
            })
            .collect();
        path_line((&side.name, &side.colour), &points, width, out);
    }
}

/// Each shortcut as a dashed line through its squares, under them: a way across the board
/// (Nyout's cross).
fn shortcuts(r: &RuleSet, layout: &Layout, out: &mut String) {
    for (k, way) in r.shortcuts.iter().enumerate() {
        let points: Vec<String> = way
            .iter()
            .map(|&sq| {
                let (x, y) = layout.centre_on(&r.board, sq);
                format!("{x},{y}")
            })
            .collect();
        let _ = writeln!(
            out,
            r##"<polyline class="shortcut" data-shortcut="{}" points="{}" fill="none" stroke="#4a3520" stroke-width="2" stroke-dasharray="6 4"/>"##,
            k + 1,
            points.join(" ")
        );
    }
}

/// The pieces on the board: a disc for each side's pieces on a path position (their count on
/// it where there are more than one). Discs that share a square stand side by side on it,
/// smaller, two to a row.
fn pieces(r: &RuleSet, layout: &Layout, pos: &MultiPosition, out: &mut String) {
    // Each side's pieces by path position, with the square it is on.
    let mut groups: Vec<(Square, usize, PathPos, u8)> = Vec::new();
    for (s, (id, _)) in r.sides.iter().enumerate() {
        let squares = r.position_squares(id);
        for p in pos.positions(s) {
            let Some(&sq) = squares.get(p.index()) else {
                continue;
            };
            match groups.iter_mut().find(|g| g.1 == s && g.2 == p) {
                Some(g) => g.3 = g.3.saturating_add(1),
                None => groups.push((sq, s, p, 1)),
            }
        }
    }
    let radius = layout.piece_radius();
    for (i, &(sq, s, p, count)) in groups.iter().enumerate() {
        let together: Vec<usize> = (0..groups.len()).filter(|&k| groups[k].0 == sq).collect();
        let k = together.len();
        let at = together.iter().position(|&g| g == i).unwrap_or(0);
        let (cx, cy) = layout.centre_on(&r.board, sq);
        let (dx, dy, rr) = spread(at, k, radius);
        let side = &r.sides.0[s];
        piece(
            &side.name,
            &side.colour,
            (Place::On(p), count),
            cx + dx,
            cy + dy,
            rr,
            out,
        );
    }
}

/// Where the `at`-th of `k` discs on one square stands from its centre, and its radius: alone,
/// as ever; two side by side; more, two to a row.
fn spread(at: usize, k: usize, r: i32) -> (i32, i32, i32) {
    let at = i32::try_from(at).unwrap_or(0);
    let k = i32::try_from(k).unwrap_or(1);
    match k {
        0 | 1 => (0, 0, r),
        2 => ((2 * at - 1) * r * 11 / 20, 0, r * 3 / 5),
        _ => {
            let rows = (k + 1) / 2;
            let (row, col) = (at / 2, at % 2);
            let small = r / 2;
            ((2 * col - 1) * small, (2 * row - (rows - 1)) * small, small)
        }
    }
}
