//! The board as a picture (SVG), drawn as the real object looks: a grid of squares with its
//! gaps, or holes placed where the rules draw them (`draw ... at ...`); special squares with
//! their marks, symbols and names; the pieces in their sides' colours, those waiting and borne
//! off beside the board; each side's path on request; the throw in hand.
//!
//! The picture can be read back: every square is an element with `data-square="N"`, every piece
//! one with `data-side="NAME"` and `data-place` (its place as the JSON notation writes it: a path
//! position, `0` waiting, `off`, `removed`). The same input gives the same bytes: numbers are
//! whole pixels, ids are made from colour names, nothing depends on time or chance.
//!
//! On a board of holes, the lines carved between holes go under the holes, bowed round any hole
//! their straight path would cross; the holes' numbers go over everything but the pieces, each
//! where no line, hole or other number covers it, on a light halo.

use std::fmt::Write;

use super::game::{DiceShown, square_mark, square_words, sticks_of};
use super::tables_board::Points;
use senet_engine::compile::SquareFlags;
use senet_engine::engine::{Engine, Position};
use senet_lang::types::{Board, DrawStyle, Lot, Place, Side, Sign, Square, Throw, ThrowDevice};

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
    /// Drawn for a narrow screen (a phone held upright): a grid of squares turned a quarter, its
    /// rows drawn as columns, so that its squares keep their size in the screen's width; the
    /// legend wrapped to the picture's width. Boards of holes and tables boards are drawn as
    /// ever.
    pub narrow: bool,
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
pub(super) const MARGIN: i32 = 16;
/// The height of a line of the trays and of the legend.
const TRAY_ROW: i32 = 34;
const LEGEND_LINE: i32 = 16;
/// About how wide a character of the legend's 11-pixel text is, to size the picture.
const CHAR_WIDTH: i32 = 6;

pub(super) const WOOD: &str = "#e9d8ae";
pub(super) const WOOD_DARK: &str = "#c59d5f";
pub(super) const INK: &str = "#4a3520";

/// Fill, outline and letter colour of a colour name the language allows.
pub(super) fn paint(colour: &str) -> (&'static str, &'static str, &'static str) {
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
pub(super) fn line_colour(colour: &str) -> &'static str {
    if colour == "white" {
        "#808080"
    } else {
        paint(colour).0
    }
}

/// Text made safe inside XML elements and attribute values.
pub fn esc(text: &str) -> String {
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

/// Where squares are drawn: the grid, the points the rules place them at, or the points of a
/// tables board.
pub(super) struct Layout {
    pub(super) points: bool,
    /// Squares drawn as the squares of a cloth board (`draw as cloth`), a mark as a cross.
    pub(super) cloth: bool,
    tables: Option<Points>,
    /// A grid drawn turned a quarter: its rows across as columns, its columns as rows.
    turned: bool,
    pub(super) width: i32,
    pub(super) height: i32,
}

impl Layout {
    fn of(engine: &Engine, narrow: bool) -> Layout {
        let b = &engine.rules.board;
        let cloth = b.style == DrawStyle::Cloth;
        if b.style == DrawStyle::Tables {
            let points = Points::of(engine, narrow);
            Layout {
                points: false,
                cloth,
                turned: false,
                width: points.width(),
                height: points.height(),
                tables: Some(points),
            }
        } else {
            Layout::of_board(b, narrow)
        }
    }

    /// The layout of a board of squares or of points (not a tables board).
    pub(super) fn of_board(b: &Board, narrow: bool) -> Layout {
        let cloth = b.style == DrawStyle::Cloth;
        if b.points.is_empty() {
            // Turned only where that makes it narrower.
            let turned = narrow && b.rows < b.cols;
            let (across, down) = if turned {
                (b.rows, b.cols)
            } else {
                (b.cols, b.rows)
            };
            Layout {
                points: false,
                cloth,
                tables: None,
                turned,
                width: i32::from(across) * CELL,
                height: i32::from(down) * CELL,
            }
        } else {
            let rows = b.points.iter().map(|p| i32::from(p.1)).max().unwrap_or(0);
            let cols = b.points.iter().map(|p| i32::from(p.2)).max().unwrap_or(0);
            Layout {
                points: true,
                cloth,
                tables: None,
                turned: false,
                width: (cols + 1) * PITCH,
                height: (rows + 1) * PITCH,
            }
        }
    }

    /// The centre of a square.
    fn centre(&self, engine: &Engine, sq: Square) -> (i32, i32) {
        if let Some(points) = &self.tables {
            return points.centre(sq);
        }
        self.centre_on(&engine.rules.board, sq)
    }

    /// The centre of a square of a board of squares or of points.
    pub(super) fn centre_on(&self, b: &Board, sq: Square) -> (i32, i32) {
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
            let (across, down) = if self.turned { (row, col) } else { (col, row) };
            (
                MARGIN + i32::from(across) * CELL + CELL / 2,
                MARGIN + i32::from(down) * CELL + CELL / 2,
            )
        }
    }

    /// The radius of a piece standing on a square: larger on a grid drawn for a narrow screen,
    /// for a finger.
    pub(super) fn piece_radius(&self) -> i32 {
        if self.points && self.cloth {
            14
        } else if self.points {
            11
        } else if self.turned {
            23
        } else {
            19
        }
    }

    /// The squares drawn: a board at points shows only the squares it places.
    fn squares(&self, engine: &Engine) -> Vec<Square> {
        self.squares_on(&engine.rules.board)
    }

    /// The squares of `b` drawn.
    pub(super) fn squares_on(&self, b: &Board) -> Vec<Square> {
        if self.points || (self.tables.is_some() && !b.points.is_empty()) {
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
    let layout = Layout::of(engine, d.narrow);
    let row = tray_row(d.narrow);
    let frame = Frame::new(
        &layout,
        legend_lines(engine, &layout),
        (
            trays_width(engine, d.narrow),
            2 + i32::from(d.throw != Shown::Nothing),
        ),
        d.narrow,
    );
    let trays_top = frame.trays_top;
    let mut out = String::new();
    frame.open(&r.id, &r.title, &mut out);
    if d.paths {
        defs(engine, &mut out);
    }
    if let Some(points) = &layout.tables {
        super::tables_board::board(engine, points, &mut out);
    } else if layout.points {
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
    let carved = if layout.points {
        carved_lines(engine, &layout)
    } else {
        Vec::new()
    };
    for line in &carved {
        line.draw(&mut out);
    }
    for sq in layout.squares(engine) {
        square(engine, &layout, sq, &mut out);
    }
    if d.paths {
        paths(engine, &layout, &mut out);
    }
    if layout.points && !layout.cloth {
        hole_numbers(engine, &layout, &carved, &mut out);
    }
    if let Some(points) = &layout.tables {
        super::tables_board::pieces(engine, points, d.position, &mut out);
    }
    for (s, side) in r.sides.iter().filter(|_| layout.tables.is_none()) {
        // One disc a position: a stack shows how many pieces it holds.
        for p in d.position.positions(s) {
            let (x, y) = layout.centre(engine, side.square(p));
            piece(
                &side.name,
                &side.colour,
                (Place::On(p), d.position.count(s, p)),
                x,
                y,
                layout.piece_radius(),
                &mut out,
            );
        }
    }
    trays(engine, d.position, trays_top, d.narrow, &mut out);
    match d.throw {
        // Dice as the side to move plays them (a side's first double, where it is played once).
        Shown::Thrown(t) => throw(
            engine,
            engine.pool_code(d.position, t),
            trays_top + 2 * row,
            &mut out,
        ),
        Shown::Awaited => awaited(trays_top + 2 * row, &mut out),
        Shown::Nothing => {}
    }
    frame.close(&mut out);
    out
}

/// A picture's frame: its legend (wrapped for a narrow screen to the board or the trays,
/// whichever is wider), where its trays and its legend begin, and its size.
pub(super) struct Frame {
    legend: Vec<String>,
    pub(super) trays_top: i32,
    legend_top: i32,
    width: i32,
    height: i32,
}

impl Frame {
    /// The frame of a board laid out as `layout`, under it `rows` rows of trays (and the throw)
    /// `trays` wide, then `legend`.
    pub(super) fn new(
        layout: &Layout,
        mut legend: Vec<String>,
        (trays, rows): (i32, i32),
        narrow: bool,
    ) -> Frame {
        if narrow {
            let room = layout.width.max(trays) / CHAR_WIDTH;
            legend = legend
                .iter()
                .flat_map(|l| super::wrap(l, usize::try_from(room).unwrap_or(40).max(24)))
                .collect();
        }
        let trays_top = MARGIN + layout.height + MARGIN;
        let legend_top = trays_top + rows * tray_row(narrow) + 8;
        let legend_width = legend
            .iter()
            .map(|l| i32::try_from(l.chars().count()).unwrap_or(i32::MAX / 8) * CHAR_WIDTH)
            .max()
            .unwrap_or(0);
        let width = (MARGIN + layout.width + MARGIN)
            .max(MARGIN * 2 + legend_width)
            .max(MARGIN * 2 + trays);
        let lines = i32::try_from(legend.len()).unwrap_or(0);
        Frame {
            height: legend_top + lines * LEGEND_LINE + MARGIN,
            legend,
            trays_top,
            legend_top,
            width,
        }
    }

    /// The document's opening: the `<svg>` element, with the rule set's id, and its title.
    pub(super) fn open(&self, id: &str, title: &str, out: &mut String) {
        let (width, height) = (self.width, self.height);
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="senet-board" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif" data-rules="{}">"#,
            esc(id)
        );
        let _ = writeln!(out, "<title>{}</title>", esc(title));
    }

    /// The legend's lines, and the document's end.
    pub(super) fn close(&self, out: &mut String) {
        for (i, line) in (0i32..).zip(&self.legend) {
            let _ = writeln!(
                out,
                r#"<text class="legend" x="{MARGIN}" y="{}" font-size="11" fill="{INK}">{}</text>"#,
                self.legend_top + i * LEGEND_LINE + 11,
                esc(line)
            );
        }
        out.push_str("</svg>\n");
    }
}

/// The arrow heads of the paths, one per colour of `engine`'s sides.
fn defs(engine: &Engine, out: &mut String) {
    let mut colours: Vec<&str> = engine
        .rules
        .sides
        .values()
        .map(|s| s.colour.as_str())
        .collect();
    colours.dedup();
    arrow_heads(&colours, out);
}

/// The arrow heads of the paths, one for each of `colours` (so that two pictures in one page
/// share them without harm).
pub(super) fn arrow_heads(colours: &[&str], out: &mut String) {
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
    if let Some(points) = &layout.tables {
        super::tables_board::point(points, sq, &tip, out);
        return;
    }
    let look = SquareLook {
        marked,
        symbols,
        tip,
    };
    square_shape(b, layout, sq, &look, out);
}

/// How a square looks besides its board's names and labels: marked, the symbols of what it
/// does, and its tooltip.
pub(super) struct SquareLook {
    pub(super) marked: bool,
    pub(super) symbols: Option<String>,
    pub(super) tip: String,
}

/// A square of a board of squares or of holes: its shape, number, mark, symbols, label or name
/// and tooltip.
pub(super) fn square_shape(
    b: &Board,
    layout: &Layout,
    sq: Square,
    look: &SquareLook,
    out: &mut String,
) {
    let (x, y) = layout.centre_on(b, sq);
    let (marked, symbols, tip) = (look.marked, &look.symbols, &look.tip);
    let (name, label) = (b.name(sq), b.label(sq));
    let special = marked || name.is_some() || label.is_some() || symbols.is_some();
    let class = if special { "square special" } else { "square" };
    let _ = writeln!(out, r#"<g class="{class}" data-square="{sq}">"#);
    let _ = writeln!(out, "<title>{}</title>", esc(tip));
    if layout.points && !layout.cloth {
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
        // Its number is drawn with the others, over the lines (`hole_numbers`).
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
    // A cloth board's squares at points are as far apart as holes: smaller than the grid's.
    let cell = if layout.points { PITCH } else { CELL };
    let (left, top) = (x - cell / 2, y - cell / 2);
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{WOOD}" stroke="{INK}" stroke-width="1.5"/>"#,
        left + 1,
        top + 1,
        cell - 2,
        cell - 2
    );
    if marked && layout.cloth {
        cross(x, y, cell / 2 - 5, out);
    } else if marked {
        rosette(x, y, out);
    }
    if let Some(sign) = b.sign(sq) {
        sign_glyph(sign, x, y - 2, out);
    }
    let number_size = if layout.points { 9 } else { 11 };
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="{number_size}" fill="{INK}">{sq}</text>"#,
        left + 5,
        top + 3 + number_size
    );
    if let Some(s) = symbols {
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

/// A line carved into a board of holes, from a hole whose rule sends a piece on to the hole it
/// leads to (the lines of Hounds and Jackals): straight from centre to centre, or, where that
/// would cross another hole, a curve round it: bowed (a quadratic curve, one control point) or,
/// between holes on either side of it, bent both ways (a cubic one, two).
struct Carved {
    from: Square,
    to: Square,
    a: (i32, i32),
    b: (i32, i32),
    bend: Vec<(i32, i32)>,
}

/// The width of a carved line.
const CARVED_WIDTH: f64 = 3.0;
/// The least room kept between a line or a number and a hole it does not belong to.
const CLEARANCE: f64 = 3.0;
/// The hole numbers' font size, and about how wide and high a digit of it is.
const NUMBER_SIZE: i32 = 9;
const DIGIT_WIDTH: f64 = 5.5;
const DIGIT_HEIGHT: f64 = 7.0;

type Point = (f64, f64);

fn point(p: (i32, i32)) -> Point {
    (f64::from(p.0), f64::from(p.1))
}

impl Carved {
    /// Points along the line, close enough together to tell how near it comes to anything.
    fn points(&self) -> Vec<Point> {
        let mut controls = vec![point(self.a)];
        controls.extend(self.bend.iter().copied().map(point));
        controls.push(point(self.b));
        curve_points(&controls)
    }

    fn draw(&self, out: &mut String) {
        let ((x1, y1), (x2, y2)) = (self.a, self.b);
        let (from, to) = (self.from, self.to);
        let stroke =
            format!(r#"stroke="{INK}" stroke-width="{CARVED_WIDTH}" stroke-linecap="round""#);
        if self.bend.is_empty() {
            let _ = writeln!(
                out,
                r#"<line class="effect" data-from="{from}" data-to="{to}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {stroke}/>"#
            );
            return;
        }
        let kind = if self.bend.len() == 1 { 'Q' } else { 'C' };
        let controls: Vec<String> = self.bend.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(
            out,
            r#"<path class="effect" data-from="{from}" data-to="{to}" d="M{x1},{y1} {kind}{} {x2},{y2}" fill="none" {stroke}/>"#,
            controls.join(" ")
        );
    }
}

/// Points along the Bézier curve of `controls` (its ends and control points; two: a straight
/// line).
fn curve_points(controls: &[Point]) -> Vec<Point> {
    const STEPS: u32 = 64;
    (0..=STEPS)
        .map(|i| {
            let t = f64::from(i) / f64::from(STEPS);
            // De Casteljau: the points between each two, again and again, down to one.
            let mut p = controls.to_vec();
            while p.len() > 1 {
                p = p
                    .windows(2)
                    .map(|w| {
                        (
                            w[0].0 + t * (w[1].0 - w[0].0),
                            w[0].1 + t * (w[1].1 - w[0].1),
                        )
                    })
                    .collect();
            }
            p[0]
        })
        .collect()
}

/// How far from its centre a hole is drawn: its ring, if it is marked.
fn hole_reach(engine: &Engine, sq: Square) -> f64 {
    let ring = engine.rules.square_flags(sq).contains(SquareFlags::MARK);
    f64::from(if ring { HOLE + 5 } else { HOLE })
}

/// The holes of a board drawn at points: each square, its centre, and how far it reaches.
fn holes(engine: &Engine, layout: &Layout) -> Vec<(Square, Point, f64)> {
    layout
        .squares(engine)
        .into_iter()
        .map(|sq| {
            let (x, y) = layout.centre(engine, sq);
            (sq, (f64::from(x), f64::from(y)), hole_reach(engine, sq))
        })
        .collect()
}

/// How much room a line through `points` leaves round the holes `holes`: the least distance from
/// its edge to a hole's edge.
fn room(points: &[Point], holes: &[(Point, f64)]) -> f64 {
    points
        .iter()
        .flat_map(|p| {
            holes
                .iter()
                .map(move |(c, r)| (p.0 - c.0).hypot(p.1 - c.1) - r - CARVED_WIDTH / 2.0)
        })
        .fold(f64::INFINITY, f64::min)
}

/// On a board of holes, the lines from each hole whose rule sends a piece on to the hole it leads
/// to (the lines carved into the board of Hounds and Jackals), one between any two holes. A line
/// whose straight path would cross another hole is bent round it ([`bend`]).
fn carved_lines(engine: &Engine, layout: &Layout) -> Vec<Carved> {
    let r = &engine.rules;
    let all = holes(engine, layout);
    let mut lines: Vec<Carved> = Vec::new();
    for sq in layout.squares(engine) {
        for s in Side::BOTH {
            let Some(d) = r.effect(s, sq) else { continue };
            // One line is carved between two holes, whichever way its rules send a piece.
            if lines
                .iter()
                .any(|l| (l.from, l.to) == (sq, d.square) || (l.from, l.to) == (d.square, sq))
            {
                continue;
            }
            let (a, b) = (layout.centre(engine, sq), layout.centre(engine, d.square));
            let others: Vec<(Point, f64)> = all
                .iter()
                .filter(|(h, _, _)| *h != sq && *h != d.square)
                .map(|&(_, c, reach)| (c, reach))
                .collect();
            lines.push(Carved {
                from: sq,
                to: d.square,
                a,
                b,
                bend: bend(a, b, &others),
            });
        }
    }
    lines
}

/// The control points of the line from `a` to `b` round the holes `others` (each a centre and
/// how far the hole reaches): none where the straight line keeps clear of them; else the least
/// bend that does, bowed to one side (one control point) or, where holes stand on either side,
/// both ways (two), of those that clear the one whose side has the holes fewest and furthest (the
/// middle of the board, mostly); the one that keeps furthest from them if none clears.
fn bend(a: (i32, i32), b: (i32, i32), others: &[(Point, f64)]) -> Vec<(i32, i32)> {
    let (fa, fb) = (point(a), point(b));
    let straight = room(&curve_points(&[fa, fb]), others);
    let length = (fb.0 - fa.0).hypot(fb.1 - fa.1);
    if straight >= CLEARANCE || length < 1.0 {
        return Vec::new();
    }
    let (nx, ny) = (-(fb.1 - fa.1) / length, (fb.0 - fa.0) / length);
    // The point a fraction `t` of the way along, moved `off` to the side.
    #[allow(clippy::cast_possible_truncation)] // within the picture
    let at = |t: f64, off: f64| {
        (
            (fa.0 + t * (fb.0 - fa.0) + off * nx).round() as i32,
            (fa.1 + t * (fb.1 - fa.1) + off * ny).round() as i32,
        )
    };
    // How crowded a curve's way is: the other holes near it count most.
    let crowd = |points: &[Point]| -> f64 {
        others
            .iter()
            .map(|(c, _)| {
                let d = points
                    .iter()
                    .map(|p| (p.0 - c.0).hypot(p.1 - c.1))
                    .fold(f64::INFINITY, f64::min);
                1.0 / (d * d).max(1.0)
            })
            .sum()
    };
    let mut best: (f64, Vec<(i32, i32)>) = (straight, Vec::new());
    for step in 1..=16 {
        let off = f64::from(step) * 8.0;
        let mut cleared: Vec<(f64, Vec<(i32, i32)>)> = Vec::new();
        for sign in [1.0, -1.0] {
            for controls in [
                vec![at(0.5, sign * off)],
                vec![at(1.0 / 3.0, sign * off), at(2.0 / 3.0, -sign * off)],
            ] {
                let mut all = vec![fa];
                all.extend(controls.iter().copied().map(point));
                all.push(fb);
                let points = curve_points(&all);
                let clear = room(&points, others);
                if clear >= CLEARANCE {
                    cleared.push((crowd(&points), controls.clone()));
                }
                if clear > best.0 {
                    best = (clear, controls);
                }
            }
        }
        if let Some((_, controls)) = cleared.into_iter().min_by(|x, y| x.0.total_cmp(&y.0)) {
            return controls;
        }
    }
    best.1
}

/// The box a hole's number takes, its text anchored in the middle at `(x, baseline)`.
fn number_box(text: &str, x: f64, baseline: f64) -> [f64; 4] {
    let half = f64::from(u32::try_from(text.len()).unwrap_or(8)) * DIGIT_WIDTH / 2.0;
    [x - half, baseline - DIGIT_HEIGHT, x + half, baseline]
}

/// How far the point `p` is from the box `b` (0 inside it).
fn box_distance(b: &[f64; 4], p: Point) -> f64 {
    let dx = (b[0] - p.0).max(p.0 - b[2]).max(0.0);
    let dy = (b[1] - p.1).max(p.1 - b[3]).max(0.0);
    dx.hypot(dy)
}

/// Each hole's number, over the lines and the holes: above the hole where nothing covers it
/// there, else the first place round it that no line, hole, other number or the board's edge
/// covers (beside, below, at a corner); above if none is free. Each on a light halo, so that
/// whatever passes under it, it reads.
fn hole_numbers(engine: &Engine, layout: &Layout, carved: &[Carved], out: &mut String) {
    let all = holes(engine, layout);
    let lines: Vec<Vec<Point>> = carved.iter().map(Carved::points).collect();
    let edge = [
        f64::from(MARGIN - 6),
        f64::from(MARGIN - 6),
        f64::from(MARGIN + layout.width + 6),
        f64::from(MARGIN + layout.height + 6),
    ];
    let mut placed: Vec<[f64; 4]> = Vec::new();
    out.push_str("<g class=\"numbers\">\n");
    for &(sq, (x, y), reach) in &all {
        let text = sq.to_string();
        let half = f64::from(u32::try_from(text.len()).unwrap_or(8)) * DIGIT_WIDTH / 2.0;
        let gap = reach + 4.0;
        let side = reach + 3.0 + half;
        let corner = reach * 0.75 + 2.0;
        // (x, baseline) of each place, in the order tried.
        let places = [
            (x, y - gap),
            (x + side, y + DIGIT_HEIGHT / 2.0),
            (x - side, y + DIGIT_HEIGHT / 2.0),
            (x, y + gap + DIGIT_HEIGHT),
            (x + corner + half, y - corner),
            (x - corner - half, y - corner),
            (x + corner + half, y + corner + DIGIT_HEIGHT),
            (x - corner - half, y + corner + DIGIT_HEIGHT),
        ];
        let free = |&(px, py): &Point| {
            let b = number_box(&text, px, py);
            let inside = b[0] >= edge[0] && b[1] >= edge[1] && b[2] <= edge[2] && b[3] <= edge[3];
            inside
                && all.iter().all(|&(_, c, r)| box_distance(&b, c) >= r + 1.0)
                && lines
                    .iter()
                    .flatten()
                    .all(|&p| box_distance(&b, p) >= CARVED_WIDTH / 2.0 + 1.0)
                && placed.iter().all(|o| {
                    b[2] + 1.0 <= o[0]
                        || o[2] + 1.0 <= b[0]
                        || b[3] + 1.0 <= o[1]
                        || o[3] + 1.0 <= b[1]
                })
        };
        let (px, py) = places.iter().copied().find(free).unwrap_or(places[0]);
        #[allow(clippy::cast_possible_truncation)] // within the picture
        let (px, py) = (px.round() as i32, py.round() as i32);
        placed.push(number_box(&text, f64::from(px), f64::from(py)));
        let _ = writeln!(
            out,
            r#"<text class="number" data-number="{sq}" x="{px}" y="{py}" font-size="{NUMBER_SIZE}" text-anchor="middle" fill="{INK}" stroke="{WOOD}" stroke-width="3" stroke-linejoin="round" paint-order="stroke">{sq}</text>"#
        );
    }
    out.push_str("</g>\n");
}

/// The colour of a sign cut into a square.
const CARVED: &str = "#8c5a2b";

/// A sign as the objects draw it (`sign N WORD`), about 28 units high around a centre, in the
/// ink of a carving: the ankh, nefer (heart and windpipe), water (three rippled lines), the eye
/// of Horus, and numerals as upright strokes.
fn sign_glyph(sign: Sign, x: i32, y: i32, out: &mut String) {
    let shape = match sign {
        Sign::Ankh => "M0,-4 C-9,-6 -9,-16 0,-16 C9,-16 9,-6 0,-4 Z M0,-4 L0,14 M-9,-3 L9,-3",
        Sign::Nefer => "M0,-15 L0,2 M-5,-9 L5,-9 M0,2 C-9,2 -9,14 0,14 C9,14 9,2 0,2 Z",
        Sign::Water => {
            "M-14,-8 l4,-3 l4,3 l4,-3 l4,3 l4,-3 l4,3 l4,-3 M-14,0 l4,-3 l4,3 l4,-3 l4,3 l4,-3 l4,3 l4,-3 M-14,8 l4,-3 l4,3 l4,-3 l4,3 l4,-3 l4,3 l4,-3"
        }
        Sign::Eye => {
            "M-14,-4 Q0,-14 14,-4 Q0,6 -14,-4 Z M-2,-4 a3,3 0 1,0 6,0 a3,3 0 1,0 -6,0 M-2,2 L-4,12 M2,2 C6,8 12,8 12,4"
        }
        Sign::Three => "M-12,-12 L-12,12 M0,-12 L0,12 M12,-12 L12,12",
        Sign::Two => "M-6,-12 L-6,12 M6,-12 L6,12",
        Sign::One => "M0,-12 L0,12",
    };
    let _ = writeln!(
        out,
        r#"<path class="sign" data-sign="{}" transform="translate({x},{y})" d="{shape}" fill="none" stroke="{CARVED}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>"#,
        sign.word()
    );
}

/// A cross from corner to corner of a square, as on the marked squares of the cloth boards of
/// the cross-and-circle games; `half` is half its width.
fn cross(x: i32, y: i32, half: i32, out: &mut String) {
    let _ = writeln!(
        out,
        r#"<path class="cross" d="M{} {} L{} {} M{} {} L{} {}" stroke="{WOOD_DARK}" stroke-width="3" stroke-linecap="round"/>"#,
        x - half,
        y - half,
        x + half,
        y + half,
        x + half,
        y - half,
        x - half,
        y + half
    );
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
        path_line((&side.name, &side.colour), &points, width, out);
    }
}

/// A side's path (`name`, `colour`) through `points` (`x,y`), with arrows.
pub(super) fn path_line(
    (name, colour): (&str, &str),
    points: &[String],
    width: i32,
    out: &mut String,
) {
    let arrow = esc(colour);
    let _ = writeln!(
        out,
        r#"<polyline class="path" data-path="{}" points="{}" fill="none" stroke="{}" stroke-width="{width}" stroke-opacity="0.75" stroke-linejoin="round" marker-mid="url(#senet-arrow-{arrow})" marker-end="url(#senet-arrow-{arrow})"/>"#,
        esc(name),
        points.join(" "),
        line_colour(colour)
    );
}

/// A piece: a disc in its side's colour with the side's initial, or a stack of `count` pieces:
/// the disc with their number (`data-count`).
pub(super) fn piece(
    name: &str,
    colour: &str,
    (place, count): (Place, u8),
    x: i32,
    y: i32,
    r: i32,
    out: &mut String,
) {
    let (fill, outline, letter) = paint(colour);
    let at = match place {
        Place::Waiting => "0".to_string(),
        Place::On(p) => p.to_string(),
        Place::Off => "off".into(),
        Place::Removed => "removed".into(),
    };
    let _ = writeln!(
        out,
        r#"<g class="piece" data-side="{}" data-place="{at}"{}><circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{outline}" stroke-width="2"/><text x="{x}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{letter}">{}</text></g>"#,
        esc(name),
        if count > 1 {
            format!(r#" data-count="{count}""#)
        } else {
            String::new()
        },
        y + r / 2,
        r + r / 3,
        if count > 1 {
            count.to_string()
        } else {
            esc(&super::board::initial(name))
        }
    );
}

/// The radius of a piece in the trays, and the distance between two.
const TRAY_PIECE: i32 = 11;
const TRAY_STEP: i32 = 26;
/// Room for a side's name, and for the word before each group of pieces.
const TRAY_NAME: i32 = 90;
const TRAY_WORD: i32 = 62;

/// The radius of a piece in the trays of a picture for a narrow screen: one disc a group, large
/// enough for a finger; and the room for a side's name and for each group's word there.
const TRAY_STACK: i32 = 22;
const NARROW_NAME: i32 = 60;
const NARROW_WORD: i32 = 46;

/// The height of a row of the trays: taller for a narrow screen's discs.
pub(super) fn tray_row(narrow: bool) -> i32 {
    if narrow {
        2 * TRAY_STACK + 10
    } else {
        TRAY_ROW
    }
}

/// The widest the trays can be: every one of a side's `pieces` waiting, or off (for a narrow
/// screen, a disc for each group, and one for pieces removed where they can be).
pub(super) fn tray_width(pieces: u8, removable: bool, narrow: bool) -> i32 {
    if narrow {
        // Waiting, off, and removed where pieces can be.
        let groups = 2 + i32::from(removable);
        return NARROW_NAME + groups * (NARROW_WORD + 2 * TRAY_STACK + 8);
    }
    let pieces = i32::from(pieces);
    TRAY_NAME + 2 * TRAY_WORD + (pieces + 1) * TRAY_STEP
}

/// The two-sided rules' trays' width.
fn trays_width(engine: &Engine, narrow: bool) -> i32 {
    tray_width(
        engine.rules.pieces,
        engine.rules.pieces_can_be_removed(),
        narrow,
    )
}

/// A side's pieces off the board, as its row of the trays shows them.
pub(super) struct TrayRow<'a> {
    pub(super) name: &'a str,
    pub(super) colour: &'a str,
    pub(super) waiting: usize,
    pub(super) off: usize,
    pub(super) removed: usize,
}

/// Each side's pieces off the board, one row a side: waiting to enter, borne off, and removed
/// (captured out of the game).
fn trays(engine: &Engine, pos: &Position, top: i32, narrow: bool, out: &mut String) {
    let rows: Vec<TrayRow> = engine
        .rules
        .sides
        .iter()
        .map(|(s, side)| {
            let places = pos.places(s);
            let count = |which: Place| places.iter().filter(|p| **p == which).count();
            TrayRow {
                name: &side.name,
                colour: &side.colour,
                waiting: count(Place::Waiting),
                off: count(Place::Off),
                removed: count(Place::Removed),
            }
        })
        .collect();
    tray_rows(&rows, top, narrow, out);
}

/// The trays, one row a side from `top`; for a narrow screen, each group one disc with its
/// count.
pub(super) fn tray_rows(rows: &[TrayRow], top: i32, narrow: bool, out: &mut String) {
    let height = tray_row(narrow);
    for (row, side) in (0i32..).zip(rows) {
        let y = top + row * height + height / 2;
        let _ = writeln!(
            out,
            r#"<g class="tray" data-side="{}"><text x="{MARGIN}" y="{}" font-size="13" font-weight="bold" fill="{INK}">{}</text>"#,
            esc(side.name),
            y + 5,
            esc(side.name)
        );
        let mut x = MARGIN + if narrow { NARROW_NAME } else { TRAY_NAME };
        for (word, which, count) in [
            ("waiting", Place::Waiting, side.waiting),
            ("off", Place::Off, side.off),
            ("removed", Place::Removed, side.removed),
        ] {
            if count == 0 && which == Place::Removed {
                continue;
            }
            let _ = writeln!(
                out,
                r#"<text x="{x}" y="{}" font-size="11" fill="{INK}">{word}</text>"#,
                y + 4
            );
            x += if narrow {
                NARROW_WORD
            } else if which == Place::Removed {
                TRAY_WORD + 8
            } else {
                TRAY_WORD - 12
            };
            if narrow {
                if count > 0 {
                    let count = u8::try_from(count).unwrap_or(u8::MAX);
                    piece(
                        side.name,
                        side.colour,
                        (which, count),
                        x + TRAY_STACK,
                        y,
                        TRAY_STACK,
                        out,
                    );
                }
                x += 2 * TRAY_STACK + 8;
            } else {
                for _ in 0..count {
                    piece(
                        side.name,
                        side.colour,
                        (which, 1),
                        x + TRAY_PIECE,
                        y,
                        TRAY_PIECE,
                        out,
                    );
                    x += TRAY_STEP;
                }
                x += 24;
            }
        }
        out.push_str("</g>\n");
    }
}

/// The row of a throw to come: none is in hand.
pub(super) fn awaited(top: i32, out: &mut String) {
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
    let x = MARGIN + TRAY_NAME;
    if let Some(v) = t.as_single().filter(|_| engine.rules.device.is_each()) {
        let mut x = x;
        let shown = DiceShown::of(engine, v);
        for &face in &shown.thrown {
            die(face, x, y - 14, "", out);
            x += 36;
        }
        x += 6;
        // A double played twice over says so beside the dice; the faces beneath that may follow
        // are drawn after it, outlined only.
        let faces: Vec<String> = shown.thrown.iter().map(u8::to_string).collect();
        let mut text = faces.join("-");
        if shown.played > shown.thrown.len() {
            text = format!("{text}, played {} times", shown.played);
        }
        if shown.beneath.is_some() {
            text.push_str(", then up to");
        }
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}" font-size="16" font-weight="bold" fill="{INK}">{}</text>"#,
            y + 6,
            esc(&text)
        );
        if let Some((face, n)) = shown.beneath {
            // About 8 pixels a character of bold 16-pixel text.
            let mut x = x + 8 * i32::try_from(text.chars().count()).unwrap_or(0) + 8;
            for _ in 0..n {
                die(face, x, y - 14, " beneath", out);
                x += 36;
            }
        }
        out.push_str("</g>\n");
        return;
    }
    lots(&engine.rules.device, t, x, y, out);
}

/// The row of the throw in hand of a game whose throw is one value (sticks, cowries, a die):
/// the lots as they fell, then the value.
pub(super) fn throw_lots(device: &ThrowDevice, t: Throw, top: i32, out: &mut String) {
    let y = top + TRAY_ROW / 2;
    let _ = writeln!(
        out,
        r#"<g class="throw" data-throw="{t}"><text x="{MARGIN}" y="{}" font-size="13" font-weight="bold" fill="{INK}">throw</text>"#,
        y + 5
    );
    lots(device, t, MARGIN + TRAY_NAME, y, out);
}

/// The sticks, dice or shells of a throw of one value as they fell, from `x`, then its value,
/// closing the throw's group.
fn lots(device: &ThrowDevice, t: Throw, x: i32, y: i32, out: &mut String) {
    let mut x = x;
    let fell = match (device, t.as_single()) {
        (ThrowDevice::Sticks { count, .. }, Some(v)) => {
            sticks_of(device, v).map(|(_, up, lot)| (usize::from(*count), up, lot))
        }
        _ => None,
    };
    if let Some((count, up, lot)) = fell {
        for i in 0..count {
            match lot {
                Lot::Sticks => {
                    let (fill, class) = if i < up {
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
                Lot::Tetrahedra => {
                    // A pyramid seen from the side, its top tip marked with a white dot or
                    // not.
                    let class = if i < up {
                        "tetrahedron marked"
                    } else {
                        "tetrahedron blank"
                    };
                    let dot = if i < up {
                        format!(
                            r##"<circle cx="{}" cy="{}" r="3" fill="#fbf8f0"/>"##,
                            x + 13,
                            y - 7
                        )
                    } else {
                        String::new()
                    };
                    let _ = writeln!(
                        out,
                        r##"<g class="{class}"><polygon points="{},{} {},{} {},{}" fill="#5a3d1e" stroke="{INK}" stroke-width="1"/>{dot}</g>"##,
                        x,
                        y + 12,
                        x + 26,
                        y + 12,
                        x + 13,
                        y - 14
                    );
                    x += 30;
                }
                Lot::Cowries => {
                    // A shell seen from above: mouth up, pale with its toothed slit down the
                    // middle; back up, a brown dome.
                    let (cx, cy) = (x + 9, y);
                    let shell = if i < up {
                        format!(
                            r##"<g class="cowrie mouth"><ellipse cx="{cx}" cy="{cy}" rx="9" ry="14" fill="#f3e6c4" stroke="{INK}" stroke-width="1"/><path d="M{cx} {} Q{} {cy} {cx} {}" fill="none" stroke="{INK}" stroke-width="2"/></g>"##,
                            cy - 10,
                            cx + 2,
                            cy + 10
                        )
                    } else {
                        format!(
                            r##"<g class="cowrie back"><ellipse cx="{cx}" cy="{cy}" rx="9" ry="14" fill="#a0703c" stroke="{INK}" stroke-width="1"/></g>"##
                        )
                    };
                    out.push_str(&shell);
                    out.push('\n');
                    x += 22;
                }
            }
        }
        x += 6;
    }
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{}" font-size="16" font-weight="bold" fill="{INK}">{t}</text></g>"#,
        y + 6
    );
}

/// A die showing `face`, 28 pixels a side at `(x, y)` (its top left): pips for 1 to 6, else the
/// number. `class` is added to the die's (` beneath`: a face that may follow a double, drawn
/// dashed).
fn die(face: u8, x: i32, y: i32, class: &str, out: &mut String) {
    const SIDE: i32 = 28;
    let dash = if class.is_empty() {
        ""
    } else {
        r#" stroke-dasharray="4 3""#
    };
    let _ = writeln!(
        out,
        r##"<g class="die{class}" data-face="{face}"><rect x="{x}" y="{y}" width="{SIDE}" height="{SIDE}" rx="5" fill="#fbf8f0" stroke="{INK}" stroke-width="1.5"{dash}/>"##
    );
    // Where the pips of each face stand, on a 3 x 3 grid (0, 1, 2 across and down).
    let pips: &[(i32, i32)] = match face {
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6 => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
        _ => &[],
    };
    for &(i, j) in pips {
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="2.6" fill="{INK}"/>"#,
            x + 7 + 7 * i,
            y + 7 + 7 * j
        );
    }
    if pips.is_empty() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="{INK}">{face}</text>"#,
            x + SIDE / 2,
            y + SIDE / 2 + 5
        );
    }
    out.push_str("</g>\n");
}

/// The special squares in words, one line each: what the symbols and names on the board mean.
/// A mark is said as it is drawn (a rosette on a board of squares, a ring on a board of holes, a
/// cross on a cloth board),
/// not as the terminal's `*`.
fn legend_lines(engine: &Engine, layout: &Layout) -> Vec<String> {
    let drawn = if layout.cloth {
        "cross"
    } else if layout.points {
        "ring"
    } else {
        "rosette"
    };
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
