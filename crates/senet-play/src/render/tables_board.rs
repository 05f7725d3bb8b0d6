//! A board drawn as a tables board (`draw as tables`): each square a point, a long triangle from
//! the edge of its row toward the middle of the board; the rows of the upper half point down,
//! those of the lower half up; an empty column between squares is the bar; a stack stands along
//! its point, five pieces at most drawn and the rest counted; each side's home table (where it
//! may bear off from) is named beside its points. For a narrow screen the board is drawn turned a
//! quarter (the halves side by side, their points across), its pieces larger.

use std::fmt::Write;

use super::svg::{INK, MARGIN, WOOD, WOOD_DARK, esc, paint};
use senet_engine::compile::PosFlags;
use senet_engine::engine::{Engine, Position};
use senet_lang::types::Square;

/// The width of a point, the height of its triangle, and the room between the two halves.
const POINT_WIDTH: i32 = 40;
const POINT_HEIGHT: i32 = 150;
const GAP: i32 = 44;
/// Room for the points' numbers beyond their bases.
const NUMBER_ROOM: i32 = 16;
/// The radius of a piece on a point, and how many of a stack are drawn.
const RADIUS: i32 = 14;
const DRAWN: u8 = 5;
/// The same on a board turned for a narrow screen, its points shorter: a piece as wide as a
/// point, for a finger.
const TURNED_WIDTH: i32 = 44;
const TURNED_HEIGHT: i32 = 124;
const TURNED_RADIUS: i32 = 20;
const TURNED_DRAWN: u8 = 3;

/// Where each point of the board is drawn: the middle of its base, and which way it points.
/// Positions are worked out on the board as it lies (the halves one above the other), then
/// turned where the board is (`turned`: x and y swapped).
pub(super) struct Points {
    /// Per square: its column, and whether it is in the upper half (it points down).
    at: Vec<(Square, i32, bool)>,
    columns: i32,
    /// Whether some points are in an upper half (a board of one row has only the lower).
    upper: bool,
    turned: bool,
    point_width: i32,
    point_height: i32,
    radius: i32,
    drawn: u8,
}

impl Points {
    /// The points of `engine`'s board: its squares at the points `draw ... at` gives them (else
    /// at their cells of the grid), the rows of the upper half pointing down; turned a quarter
    /// for a narrow screen.
    pub(super) fn of(engine: &Engine, narrow: bool) -> Points {
        let b = &engine.rules.board;
        let cells: Vec<(Square, u8, u8)> = if b.points.is_empty() {
            b.squares()
                .map(|sq| {
                    let (row, col) = b.cell_of(sq);
                    (sq, row, col)
                })
                .collect()
        } else {
            b.points.clone()
        };
        let rows = cells.iter().map(|c| c.1).max().unwrap_or(0);
        let at = cells
            .iter()
            .map(|&(sq, row, col)| (sq, i32::from(col), 2 * u32::from(row) < u32::from(rows)))
            .collect();
        let columns = cells.iter().map(|c| i32::from(c.2)).max().unwrap_or(0) + 1;
        let upper = rows > 0;
        Points {
            at,
            columns,
            upper,
            turned: narrow,
            point_width: if narrow { TURNED_WIDTH } else { POINT_WIDTH },
            point_height: if narrow { TURNED_HEIGHT } else { POINT_HEIGHT },
            radius: if narrow { TURNED_RADIUS } else { RADIUS },
            drawn: if narrow { TURNED_DRAWN } else { DRAWN },
        }
    }

    /// The board's length along its rows of points, and its depth across them.
    fn long(&self) -> i32 {
        self.columns * self.point_width
    }

    fn deep(&self) -> i32 {
        let half = NUMBER_ROOM + self.point_height;
        if self.upper {
            2 * half + GAP
        } else {
            half + GAP / 2
        }
    }

    pub(super) fn width(&self) -> i32 {
        if self.turned {
            self.deep()
        } else {
            self.long()
        }
    }

    pub(super) fn height(&self) -> i32 {
        if self.turned {
            self.long()
        } else {
            self.deep()
        }
    }

    /// A point of the board as it lies, where it is drawn.
    fn xy(&self, x: i32, y: i32) -> (i32, i32) {
        if self.turned { (y, x) } else { (x, y) }
    }

    fn find(&self, sq: Square) -> Option<(i32, bool)> {
        self.at
            .iter()
            .find(|p| p.0 == sq)
            .map(|&(_, col, upper)| (col, upper))
    }

    /// The middle of the base of a point on the board as it lies, and the direction it points
    /// (1 down, -1 up).
    fn base(&self, sq: Square) -> (i32, i32, i32) {
        let (col, upper) = self.find(sq).unwrap_or((0, true));
        let x = MARGIN + col * self.point_width + self.point_width / 2;
        if upper {
            (x, MARGIN + NUMBER_ROOM, 1)
        } else {
            (x, MARGIN + self.deep() - NUMBER_ROOM, -1)
        }
    }

    /// The middle of a point as drawn (for paths and marks).
    pub(super) fn centre(&self, sq: Square) -> (i32, i32) {
        let (x, y, dir) = self.base(sq);
        self.xy(x, y + dir * self.point_height / 2)
    }
}

/// The board under its points: the wood, the bar (a column with no point between points), and
/// each side's home table named beside its points.
pub(super) fn board(engine: &Engine, points: &Points, out: &mut String) {
    let _ = writeln!(
        out,
        r#"<rect class="board tables" x="{}" y="{}" width="{}" height="{}" rx="8" fill="{WOOD_DARK}" stroke="{INK}" stroke-width="2"/>"#,
        MARGIN - 6,
        MARGIN - 6,
        points.width() + 12,
        points.height() + 12
    );
    let used: Vec<i32> = points.at.iter().map(|p| p.1).collect();
    for col in 1..points.columns - 1 {
        if !used.contains(&col) {
            let (x, y) = points.xy(MARGIN + col * points.point_width, MARGIN - 6);
            let (w, h) = points.xy(points.point_width, points.deep() + 12);
            let _ = writeln!(
                out,
                r#"<rect class="bar" x="{x}" y="{y}" width="{w}" height="{h}" fill="{INK}" opacity="0.55"/>"#,
            );
        }
    }
    // Sides whose homes are the same points share one label.
    let mut homes: Vec<(Vec<Square>, Vec<&str>, &str)> = Vec::new();
    for side in engine.rules.sides.values() {
        let mut squares: Vec<Square> = side
            .positions()
            .filter(|p| side.flags[p.index()].contains(PosFlags::BEAR_ZONE))
            .map(|p| side.square(p))
            .collect();
        squares.sort();
        match homes.iter_mut().find(|h| h.0 == squares) {
            Some(h) => h.1.push(&side.name),
            None => homes.push((squares, vec![&side.name], &side.colour)),
        }
    }
    for (squares, names, colour) in homes {
        let home: Vec<(i32, i32, i32)> = squares.iter().map(|&sq| points.base(sq)).collect();
        let Some(&(_, y, dir)) = home.first() else {
            continue;
        };
        let colour = if names.len() > 1 { "black" } else { colour };
        let whose = names
            .iter()
            .map(|n| format!("{n}'s"))
            .collect::<Vec<_>>()
            .join(" and ");
        let xs = home.iter().map(|h| h.0);
        let (lo, hi) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
        // Beyond the apexes, in the room between the two halves (on a turned board, the words
        // turned with it, to fit that room).
        let at = y + dir * (points.point_height + 14) + if dir > 0 { 0 } else { 10 };
        let (fill, _, _) = paint(colour);
        let (x1, y1) = points.xy(lo - points.point_width / 2 + 4, at - dir * 6);
        let (x2, y2) = points.xy(hi + points.point_width / 2 - 4, at - dir * 6);
        let (tx, ty) = if points.turned {
            (at - dir * 6 + if dir > 0 { 12 } else { -4 }, (lo + hi) / 2)
        } else {
            ((lo + hi) / 2, at + if dir > 0 { 8 } else { -6 })
        };
        let turn = if points.turned {
            format!(r#" transform="rotate(-90 {tx} {ty})""#)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            r#"<g class="home" data-side="{}"><line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{fill}" stroke-width="4" stroke-linecap="round"/><text x="{tx}" y="{ty}" font-size="11" text-anchor="middle" fill="{INK}"{turn}>{} home</text></g>"#,
            esc(&names.join(" ")),
            esc(&whose)
        );
    }
}

/// One point: its triangle, alternately light and dark, and its number beyond the base.
pub(super) fn point(points: &Points, sq: Square, tip: &str, out: &mut String) {
    let (x, y, dir) = points.base(sq);
    let half = points.point_width / 2 - 2;
    let apex = y + dir * points.point_height;
    let fill = if sq.get().is_multiple_of(2) {
        WOOD
    } else {
        "#8c5a2b"
    };
    let corners = [(x - half, y), (x + half, y), (x, apex)].map(|(a, b)| {
        let (a, b) = points.xy(a, b);
        format!("{a},{b}")
    });
    // The number beyond the base: above or below it, or on a turned board beside it.
    let (nx, ny) = if points.turned {
        (y - dir * 8, x + 4)
    } else {
        (x, y - dir * 4 + if dir > 0 { 0 } else { 11 })
    };
    let _ = writeln!(
        out,
        r#"<g class="square point" data-square="{sq}"><title>{}</title><polygon points="{}" fill="{fill}" stroke="{INK}" stroke-width="1"/><text x="{nx}" y="{ny}" font-size="11" text-anchor="middle" fill="{INK}">{sq}</text></g>"#,
        esc(tip),
        corners.join(" ")
    );
}

/// The pieces on the points: each stack one element (`data-count` where it holds more than one
/// piece), its discs from the base of its point toward the apex, five at most drawn, the fifth
/// with the stack's count where there are more. Pieces still on their start stacks (`unstack
/// first`; `data-stacked`) are drawn piled on the first disc.
pub(super) fn pieces(engine: &Engine, points: &Points, pos: &Position, out: &mut String) {
    for (s, side) in engine.rules.sides.iter() {
        let (fill, outline, letter) = paint(&side.colour);
        for p in pos.positions(s) {
            let count = pos.count(s, p);
            let stacked = pos.stacked(&engine.rules, s).filter(|&q| q == p).count();
            let stacked = u8::try_from(stacked)
                .unwrap_or(0)
                .min(count.saturating_sub(1));
            let count = count - stacked;
            let sq = side.square(p);
            let (x, y, dir) = points.base(sq);
            let drawn = count.min(points.drawn);
            let radius = points.radius;
            // A pinned piece lies at the point's base, the stack that pins it above it.
            let held = pos.held(s).any(|q| q == p);
            let e = s.other();
            let over = engine.rules.sides[e]
                .position(sq)
                .is_some_and(|q| pos.held(e).any(|h| h == q));
            let _ = writeln!(
                out,
                r#"<g class="piece" data-side="{}" data-place="{p}"{}{}>"#,
                esc(&side.name),
                match (count + stacked, stacked) {
                    (1, _) => String::new(),
                    (all, 0) => format!(r#" data-count="{all}""#),
                    (all, n) => format!(r#" data-count="{all}" data-stacked="{n}""#),
                },
                if held { r#" data-held="true""# } else { "" }
            );
            if stacked > 0 {
                let _ = write!(out, r#"<title>{stacked} stacked on the first</title>"#);
            }
            for k in 0..drawn {
                let k = k + u8::from(over);
                let (cx, cy) =
                    points.xy(x, y + dir * (radius + 1 + i32::from(k) * (2 * radius + 1)));
                let text = if k + 1 == drawn + u8::from(over) && count > points.drawn {
                    count.to_string()
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    r#"<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}" stroke="{outline}" stroke-width="2"/><text x="{cx}" y="{}" font-size="13" font-weight="bold" text-anchor="middle" fill="{letter}">{text}</text>"#,
                    cy + 5
                );
            }
            // The stacked pieces piled on the first disc, each a little further on.
            let base = y + dir * (radius + 1);
            for j in 1..=i32::from(stacked) {
                let (cx, cy) = points.xy(x + 4 * j, base + dir * 4 * j);
                let _ = writeln!(
                    out,
                    r#"<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}" stroke="{outline}" stroke-width="2"/>"#,
                );
            }
            out.push_str("</g>\n");
        }
    }
}
