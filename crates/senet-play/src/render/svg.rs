//! The board as a picture (SVG), drawn as the real object looks: a grid of squares with its
//! gaps, or holes placed where the rules draw them (`draw ... at ...`); special squares with
//! their marks, symbols and names; the pieces in their sides' colours, those waiting and borne
//! off beside the board; each side's path on request; the throw in hand.
//!
//! The picture can be read back: every square is an element with `data-square="N"`, every piece
//! one with `data-side="NAME"` and `data-place` (its place as the JSON notation writes it: a path
//! position, `0` waiting, `off`, `removed`). The same input gives the same bytes: numbers are
//! whole pixels, ids are made from colour names, nothing depends on time or chance.

use std::fmt::Write;

use super::game::{square_mark, square_words, sticks};
use senet_engine::compile::SquareFlags;
use senet_engine::engine::{Engine, Position};
use senet_lang::types::{Place, Side, Square, Throw, ThrowDevice};

/// What to draw besides the board.
#[derive(Clone, Copy, Debug)]
pub struct Drawing<'a> {
    /// Where the pieces stand.
    pub position: &'a Position,
    /// The throw shown under the board: the throw in hand (the sticks as they fell, or the
    /// value), one awaited, or none.
    pub throw: Shown,
    /// Each side's path as a line with arrows.
    pub paths: bool,
}

/// What the row of the throw under the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The throw in hand.
    Thrown(Throw),
    /// The side to move is to throw: no throw is in hand.
    Awaited,
    /// No row.
    Nothing,
}

/// A grid square's side, in pixels.
const CELL: i32 = 64;
/// The distance between two neighbouring holes of a board drawn at points.
const PITCH: i32 = 44;
const HOLE: i32 = 15;
const MARGIN: i32 = 16;
/// The height of a line of the trays and of the legend.
const TRAY_ROW: i32 = 34;
const LEGEND_LINE: i32 = 16;
/// About how wide a character of the legend's 11-pixel text is, to size the picture.
const CHAR_WIDTH: i32 = 6;

const WOOD: &str = "#e9d8ae";
const WOOD_DARK: &str = "#c59d5f";
const INK: &str = "#4a3520";

/// Fill, outline and letter colour of a colour name the language allows.
fn paint(colour: &str) -> (&'static str, &'static str, &'static str) {
    match colour {
        "red" => ("#c0392b", "#6e1f17", "#ffffff"),
        "blue" => ("#2c5fa8", "#163160", "#ffffff"),
        "green" => ("#2e8b57", "#17482c", "#ffffff"),
        "yellow" => ("#e6b422", "#7a5d0c", "#222222"),
        "white" => ("#f7f3e8", "#3a3a3a", "#222222"),
        "black" => ("#262626", "#000000", "#ffffff"),
        "magenta" => ("#a23b92", "#56204d", "#ffffff"),
        "cyan" => ("#1aa0b0", "#0d5760", "#ffffff"),
        _ => ("#888888", "#333333", "#ffffff"),
    }
}

/// The colour of a side's path line: its pieces' fill, or grey where white would not show on the
/// board.
fn line_colour(colour: &str) -> &'static str {
    if colour == "white" {
        "#808080"
    } else {
        paint(colour).0
    }
}

/// Text made safe inside XML elements and attribute values.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Where squares are drawn: the grid, or the points the rules place them at.
struct Layout {
    points: bool,
    width: i32,
    height: i32,
}

impl Layout {
    fn of(engine: &Engine) -> Layout {
        let b = &engine.rules.board;
        if b.points.is_empty() {
            Layout {
                points: false,
                width: i32::from(b.cols) * CELL,
                height: i32::from(b.rows) * CELL,
            }
        } else {
            let rows = b.points.iter().map(|p| i32::from(p.1)).max().unwrap_or(0);
            let cols = b.points.iter().map(|p| i32::from(p.2)).max().unwrap_or(0);
            Layout {
                points: true,
                width: (cols + 1) * PITCH,
                height: (rows + 1) * PITCH,
            }
        }
    }

    /// The centre of a square.
    fn centre(&self, engine: &Engine, sq: Square) -> (i32, i32) {
        let b = &engine.rules.board;
        if self.points {
            let (row, col) = b
                .points
                .iter()
                .find(|p| p.0 == sq)
                .map_or((0, 0), |p| (p.1, p.2));
            (
                MARGIN + i32::from(col) * PITCH + PITCH / 2,
                MARGIN + i32::from(row) * PITCH + PITCH / 2,
            )
        } else {
            let (row, col) = b.cell_of(sq);
            (
                MARGIN + i32::from(col) * CELL + CELL / 2,
                MARGIN + i32::from(row) * CELL + CELL / 2,
            )
        }
    }

    /// The radius of a piece standing on a square.
    fn piece_radius(&self) -> i32 {
        if self.points { 11 } else { 19 }
    }

    /// The squares drawn: a board at points shows only the squares it places.
    fn squares(&self, engine: &Engine) -> Vec<Square> {
        let b = &engine.rules.board;
        if self.points {
            let mut list: Vec<Square> = b.points.iter().map(|p| p.0).collect();
            list.sort();
            list
        } else {
            b.squares().collect()
        }
    }
}

/// The board of `engine`'s rules as an SVG document.
pub fn svg(engine: &Engine, d: &Drawing) -> String {
    let r = &engine.rules;
    let layout = Layout::of(engine);
    let legend = legend_lines(engine, &layout);
    let trays_top = MARGIN + layout.height + MARGIN;
    let tray_rows = 2 + i32::from(d.throw != Shown::Nothing);
    let legend_top = trays_top + tray_rows * TRAY_ROW + 8;
    let legend_width = legend
        .iter()
        .map(|l| i32::try_from(l.chars().count()).unwrap_or(i32::MAX / 8) * CHAR_WIDTH)
        .max()
        .unwrap_or(0);
    let width = (MARGIN + layout.width + MARGIN)
        .max(MARGIN * 2 + legend_width)
        .max(MARGIN * 2 + tray_width(engine));
    let lines = i32::try_from(legend.len()).unwrap_or(0);
    let height = legend_top + lines * LEGEND_LINE + MARGIN;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="senet-board" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif" data-rules="{}">"#,
        esc(&r.id)
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&r.title));
    if d.paths {
        defs(engine, &mut out);
    }
    if layout.points {
        // The board itself, under its holes.
        let _ = writeln!(
            out,
            r#"<rect class="board" x="{}" y="{}" width="{}" height="{}" rx="18" fill="{WOOD_DARK}" stroke="{INK}" stroke-width="2"/>"#,
            MARGIN - 6,
            MARGIN - 6,
            layout.width + 12,
            layout.height + 12
        );
    }
    if layout.points {
        effect_lines(engine, &layout, &mut out);
    }
    for sq in layout.squares(engine) {
        square(engine, &layout, sq, &mut out);
    }
    if d.paths {
        paths(engine, &layout, &mut out);
    }
    for (s, side) in r.sides.iter() {
        for place in d.position.places(s) {
            if let Place::On(p) = place {
                let (x, y) = layout.centre(engine, side.square(p));
                piece(
                    &side.name,
                    &side.colour,
                    place,
                    x,
                    y,
                    layout.piece_radius(),
                    &mut out,
                );
            }
        }
    }
    trays(engine, d.position, trays_top, &mut out);
    match d.throw {
        Shown::Thrown(t) => throw(engine, t, trays_top + 2 * TRAY_ROW, &mut out),
        Shown::Awaited => awaited(trays_top + 2 * TRAY_ROW, &mut out),
        Shown::Nothing => {}
    }
    for (i, line) in (0i32..).zip(&legend) {
        let _ = writeln!(
            out,
            r#"<text class="legend" x="{MARGIN}" y="{}" font-size="11" fill="{INK}">{}</text>"#,
            legend_top + i * LEGEND_LINE + 11,
            esc(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The arrow heads of the paths, one per colour (so that two pictures in one page share them
/// without harm).
fn defs(engine: &Engine, out: &mut String) {
    let mut colours: Vec<&str> = engine
        .rules
        .sides
        .values()
        .map(|s| s.colour.as_str())
        .collect();
    colours.dedup();
    out.push_str("<defs>\n");
    for colour in colours {
        let _ = writeln!(
            out,
            r#"<marker id="senet-arrow-{}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{}"/></marker>"#,
            esc(colour),
            line_colour(colour)
        );
    }
    out.push_str("</defs>\n");
}

/// One square: its shape, number, mark or symbols, label or name, and a tooltip saying what it
/// does.
fn square(engine: &Engine, layout: &Layout, sq: Square, out: &mut String) {
    let b = &engine.rules.board;
    let (x, y) = layout.centre(engine, sq);
    let marked = engine.rules.square_flags(sq).contains(SquareFlags::MARK);
    let name = b.name(sq);
    let label = b.label(sq);
    // The symbols of what the square does; a mark is drawn as a rosette instead of `*`.
    let symbols = match label {
        Some(_) => None,
        None => square_mark(engine, sq)
            .map(|m| m.trim_start_matches('*').to_string())
            .filter(|m| !m.is_empty()),
    };
    let words = square_words(engine, sq);
    let mut tip = sq.to_string();
    if let Some(n) = name {
        let _ = write!(tip, " {n}");
    }
    if !words.is_empty() {
        let _ = write!(tip, ": {}", words.join(", "));
    }
    let special = marked || name.is_some() || label.is_some() || symbols.is_some();
    let class = if special { "square special" } else { "square" };
    let _ = writeln!(out, r#"<g class="{class}" data-square="{sq}">"#);
    let _ = writeln!(out, "<title>{}</title>", esc(&tip));
    if layout.points {
        if marked {
            let _ = writeln!(
                out,
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{INK}" stroke-width="2"/>"#,
                HOLE + 4
            );
        }
        let _ = writeln!(
            out,
            r#"<circle cx="{x}" cy="{y}" r="{HOLE}" fill="{WOOD}" stroke="{INK}" stroke-width="1.5"/>"#
        );
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}" font-size="9" text-anchor="middle" fill="{INK}">{sq}</text>"#,
            y - HOLE - 4
        );
        if let Some(s) = symbols.as_deref().or(label) {
            let _ = writeln!(
                out,
                r#"<text x="{x}" y="{}" font-size="10" text-anchor="middle" fill="{INK}">{}</text>"#,
                y + 4,
                esc(s)
            );
        }
        out.push_str("</g>\n");
        return;
    }
    let (left, top) = (x - CELL / 2, y - CELL / 2);
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{WOOD}" stroke="{INK}" stroke-width="1.5"/>"#,
        left + 1,
        top + 1,
        CELL - 2,
        CELL - 2
    );
    if marked {
        rosette(x, y, out);
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="11" fill="{INK}">{sq}</text>"#,
        left + 5,
        top + 14
    );
    if let Some(s) = &symbols {
        let _ = writeln!(
            out,
            r#"<text class="symbol" x="{}" y="{}" font-size="12" text-anchor="end" fill="{INK}">{}</text>"#,
            left + CELL - 5,
            top + 15,
            esc(s)
        );
    }
    if let Some(l) = label {
        let _ = writeln!(
            out,
            r#"<text class="label" x="{x}" y="{}" font-size="16" text-anchor="middle" fill="{INK}">{}</text>"#,
            y + 6,
            esc(l)
        );
    }
    if let Some(n) = name {
        let lines = super::wrap(n, 13);
        let count = i32::try_from(lines.len().min(2)).unwrap_or(2);
        for (i, line) in (0i32..).zip(lines.iter().take(2)) {
            let _ = writeln!(
                out,
                r#"<text class="name" x="{x}" y="{}" font-size="8" text-anchor="middle" fill="{INK}">{}</text>"#,
                top + CELL - 5 - (count - 1 - i) * 9,
                esc(line)
            );
        }
    }
    out.push_str("</g>\n");
}

/// On a board of holes, the lines from each hole whose rule sends a piece on to the hole it leads
/// to (the lines carved into the board of Hounds and Jackals).
fn effect_lines(engine: &Engine, layout: &Layout, out: &mut String) {
    let r = &engine.rules;
    let mut drawn: Vec<(Square, Square)> = Vec::new();
    for sq in layout.squares(engine) {
        for s in Side::BOTH {
            let Some(d) = r.effect(s, sq) else { continue };
            if drawn.contains(&(sq, d.square)) {
                continue;
            }
            drawn.push((sq, d.square));
            let ((x1, y1), (x2, y2)) = (layout.centre(engine, sq), layout.centre(engine, d.square));
            let _ = writeln!(
                out,
                r#"<line class="effect" data-from="{sq}" data-to="{}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>"#,
                d.square
            );
        }
    }
}

/// A rosette of eight petals around a centre, as on the marked squares of Twenty Squares.
fn rosette(x: i32, y: i32, out: &mut String) {
    let _ = write!(out, r#"<g class="rosette" transform="translate({x},{y})">"#);
    for angle in (0..180).step_by(45) {
        let _ = write!(
            out,
            r#"<ellipse rx="19" ry="6" transform="rotate({angle})" fill="none" stroke="{WOOD_DARK}" stroke-width="2"/>"#
        );
    }
    let _ = writeln!(out, r#"<circle r="5" fill="{WOOD_DARK}"/></g>"#);
}

/// Each side's path: a line through the centres of its squares in order, arrows along it,
/// the two sides' lines a little apart so that a shared stretch shows both.
fn paths(engine: &Engine, layout: &Layout, out: &mut String) {
    let width = if layout.points { 2 } else { 3 };
    for (s, side) in engine.rules.sides.iter() {
        let shift = if s == Side::First { -4 } else { 4 };
        let points: Vec<String> = side
            .path
            .iter()
            .map(|&sq| {
                let (x, y) = layout.centre(engine, sq);
                format!("{},{}", x + shift, y + shift)
            })
            .collect();
        let colour = esc(&side.colour);
        let _ = writeln!(
            out,
            r#"<polyline class="path" data-path="{}" points="{}" fill="none" stroke="{}" stroke-width="{width}" stroke-opacity="0.75" stroke-linejoin="round" marker-mid="url(#senet-arrow-{colour})" marker-end="url(#senet-arrow-{colour})"/>"#,
            esc(&side.name),
            points.join(" "),
            line_colour(&side.colour)
        );
    }
}

/// A piece: a disc in its side's colour with the side's initial.
fn piece(name: &str, colour: &str, place: Place, x: i32, y: i32, r: i32, out: &mut String) {
    let (fill, outline, letter) = paint(colour);
    let at = match place {
        Place::Waiting => "0".to_string(),
        Place::On(p) => p.to_string(),
        Place::Off => "off".into(),
        Place::Removed => "removed".into(),
    };
    let _ = writeln!(
        out,
        r#"<g class="piece" data-side="{}" data-place="{at}"><circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{outline}" stroke-width="2"/><text x="{x}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{letter}">{}</text></g>"#,
        esc(name),
        y + r / 2,
        r + r / 3,
        esc(&super::board::initial(name))
    );
}

/// The radius of a piece in the trays, and the distance between two.
const TRAY_PIECE: i32 = 11;
const TRAY_STEP: i32 = 26;
/// Room for a side's name, and for the word before each group of pieces.
const TRAY_NAME: i32 = 90;
const TRAY_WORD: i32 = 62;

/// The widest the trays can be: every piece of a side waiting, or off.
fn tray_width(engine: &Engine) -> i32 {
    let pieces = i32::from(engine.rules.pieces);
    TRAY_NAME + 2 * TRAY_WORD + (pieces + 1) * TRAY_STEP
}

/// Each side's pieces off the board, one row a side: waiting to enter, borne off, and removed
/// (captured out of the game).
fn trays(engine: &Engine, pos: &Position, top: i32, out: &mut String) {
    for (row, (s, side)) in (0i32..).zip(engine.rules.sides.iter()) {
        let y = top + row * TRAY_ROW + TRAY_ROW / 2;
        let _ = writeln!(
            out,
            r#"<g class="tray" data-side="{}"><text x="{MARGIN}" y="{}" font-size="13" font-weight="bold" fill="{INK}">{}</text>"#,
            esc(&side.name),
            y + 5,
            esc(&side.name)
        );
        let mut x = MARGIN + TRAY_NAME;
        let places = pos.places(s);
        for (word, which) in [
            ("waiting", Place::Waiting),
            ("off", Place::Off),
            ("removed", Place::Removed),
        ] {
            let count = places.iter().filter(|p| **p == which).count();
            if count == 0 && which == Place::Removed {
                continue;
            }
            let _ = writeln!(
                out,
                r#"<text x="{x}" y="{}" font-size="11" fill="{INK}">{word}</text>"#,
                y + 4
            );
            x += if which == Place::Removed {
                TRAY_WORD + 8
            } else {
                TRAY_WORD - 12
            };
            for _ in 0..count {
                piece(
                    &side.name,
                    &side.colour,
                    which,
                    x + TRAY_PIECE,
                    y,
                    TRAY_PIECE,
                    out,
                );
                x += TRAY_STEP;
            }
            x += 24;
        }
        out.push_str("</g>\n");
    }
}

/// The row of a throw to come: none is in hand.
fn awaited(top: i32, out: &mut String) {
    let y = top + TRAY_ROW / 2 + 5;
    let _ = writeln!(
        out,
        r#"<g class="throw awaited" data-throw=""><text x="{MARGIN}" y="{y}" font-size="13" font-weight="bold" fill="{INK}">throw</text><text x="{}" y="{y}" font-size="13" font-style="italic" fill="{INK}">awaited</text></g>"#,
        MARGIN + TRAY_NAME
    );
}

/// The throw in hand: the sticks as they fell (light and dark sides) and the value, or the value
/// alone (a die, or a turn's total).
fn throw(engine: &Engine, t: Throw, top: i32, out: &mut String) {
    let y = top + TRAY_ROW / 2;
    let _ = writeln!(
        out,
        r#"<g class="throw" data-throw="{t}"><text x="{MARGIN}" y="{}" font-size="13" font-weight="bold" fill="{INK}">throw</text>"#,
        y + 5
    );
    let mut x = MARGIN + TRAY_NAME;
    let fell = match (&engine.rules.device, t.as_single()) {
        (ThrowDevice::Sticks { count, .. }, Some(v)) => {
            sticks(engine, v).map(|(_, light)| (usize::from(*count), light))
        }
        _ => None,
    };
    if let Some((count, light)) = fell {
        for i in 0..count {
            let (fill, class) = if i < light {
                ("#f6ecd0", "stick light")
            } else {
                ("#5a3d1e", "stick dark")
            };
            let _ = writeln!(
                out,
                r#"<rect class="{class}" x="{x}" y="{}" width="9" height="28" rx="3" fill="{fill}" stroke="{INK}" stroke-width="1"/>"#,
                y - 14
            );
            x += 14;
        }
        x += 6;
    }
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{}" font-size="16" font-weight="bold" fill="{INK}">{t}</text></g>"#,
        y + 6
    );
}

/// The special squares in words, one line each: what the symbols and names on the board mean.
/// A mark is said as it is drawn (a rosette on a board of squares, a ring on a board of holes),
/// not as the terminal's `*`.
fn legend_lines(engine: &Engine, layout: &Layout) -> Vec<String> {
    let drawn = if layout.points { "ring" } else { "rosette" };
    let r = &engine.rules;
    r.squares()
        .filter_map(|sq| {
            let words = square_words(engine, sq);
            let name = r.board.name(sq);
            if words.is_empty() && name.is_none() && r.board.label(sq).is_none() {
                return None;
            }
            let mut line = sq.to_string();
            if let Some(m) = square_mark(engine, sq) {
                match m.strip_prefix('*') {
                    Some("") => {
                        let _ = write!(line, " {drawn}");
                    }
                    Some(rest) => {
                        let _ = write!(line, " {drawn} {rest}");
                    }
                    None => {
                        let _ = write!(line, " {m}");
                    }
                }
            }
            if let Some(n) = name {
                let _ = write!(line, " {n}");
            }
            if !words.is_empty() {
                let _ = write!(line, ": {}", words.join(", "));
            }
            Some(line)
        })
        .collect()
}
