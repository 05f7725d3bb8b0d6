//! The picture of a review (`senet review --plot FILE.svg`): the first side's chance to win after
//! each move, with the biggest mistakes marked. Plain SVG written from the review alone, every
//! number with fixed decimals: the same review gives the same bytes.

use std::fmt::Write;

use super::Review;
use crate::render::chart::{self, LINE, TEXT, TITLE};
use crate::render::svg::esc;
use senet_engine::engine::Engine;
use senet_lang::types::Side;

/// The height of the plotting area.
const PLOT: f64 = 232.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 16.0;
/// The colours of the sides' mistakes, in side order.
const COLOURS: [&str; 2] = ["#1f6f8b", "#c0392b"];

/// The curve of `review`, its `mistakes` largest losses marked, `width` pixels wide (see
/// [`chart::width`]).
pub fn svg(engine: &Engine, review: &Review, mistakes: usize, width: f64) -> String {
    let names = Side::BOTH.map(|s| engine.rules.sides[s].name.clone());
    let how = if review.exact {
        "from the solved table".to_string()
    } else {
        format!("estimated from {} playouts a move", review.playouts)
    };
    let title = chart::lines(
        &format!("Chance that {} wins after each move ({how})", names[0]),
        width - 16.0,
        TITLE,
    );
    let top = 16.0 + LINE * TITLE / TEXT * title.len() as f64;
    let bottom = top + PLOT;
    let height = bottom + 4.0 * LINE + 8.0;
    let n = review.moves.len().max(1);
    let x = |k: usize| LEFT + (width - LEFT - RIGHT) * k as f64 / n as f64;
    let y = |p: f64| top + PLOT * (1.0 - p.clamp(0.0, 1.0));
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="{TEXT:.0}">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    chart::write_lines(&mut s, 8.0, 8.0 + LINE, TITLE, "", &title);
    for pct in [0u32, 25, 50, 75, 100] {
        let py = y(f64::from(pct) / 100.0);
        let dash = if pct == 50 {
            r#" stroke-dasharray="4 3""#
        } else {
            ""
        };
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT:.1}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="#cccccc"{dash}/>"##,
            width - RIGHT
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{pct} %</text>"#,
            LEFT - 4.0,
            py + 4.0
        );
    }
    let points: Vec<String> = review
        .moves
        .iter()
        .enumerate()
        .map(|(k, m)| format!("{:.1},{:.1}", x(k + 1), y(m.chance)))
        .collect();
    if !points.is_empty() {
        let _ = writeln!(
            s,
            r##"<polyline points="{}" fill="none" stroke="#333333" stroke-width="1.5"/>"##,
            points.join(" ")
        );
    }
    for m in review.mistakes(mistakes) {
        let k = review
            .moves
            .iter()
            .position(|j| j.number == m.number)
            .unwrap_or(0);
        let _ = writeln!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="{}"><title>move {}: {} lost {:.3}</title></circle>"#,
            x(k + 1),
            y(m.chance),
            COLOURS[m.side.index()],
            m.number,
            esc(&names[m.side.index()]),
            m.loss
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">moves with a decision (1 to {})</text>"#,
        (LEFT + width - RIGHT) / 2.0,
        bottom + LINE + 4.0,
        review.moves.len()
    );
    // The legend on one line where it fits, else on two.
    let sides = format!(
        r#"<tspan fill="{}">{}</tspan>'s and <tspan fill="{}">{}</tspan>'s"#,
        COLOURS[0],
        esc(&names[0]),
        COLOURS[1],
        esc(&names[1])
    );
    let legend = "dots: the biggest mistakes, 's and 's".len() + names[0].len() + names[1].len();
    let y = bottom + 2.0 * LINE + 8.0;
    if chart::fits(legend, width - 16.0, TEXT) {
        let _ = writeln!(
            s,
            r#"<text x="8" y="{y:.1}">dots: the biggest mistakes, {sides}</text>"#
        );
    } else {
        let _ = writeln!(
            s,
            r#"<text x="8" y="{y:.1}">dots: the biggest mistakes,</text>"#
        );
        let _ = writeln!(s, r#"<text x="8" y="{:.1}">{sides}</text>"#, y + LINE);
    }
    s.push_str("</svg>\n");
    s
}
