//! The picture of a review (`senet review --plot FILE.svg`): the first side's chance to win after
//! each move, with the biggest mistakes marked. Plain SVG written from the review alone, every
//! number with fixed decimals: the same review gives the same bytes.

use std::fmt::Write;

use super::Review;
use senet_engine::engine::Engine;
use senet_lang::types::Side;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 320.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 48.0;
/// The colours of the sides' mistakes, in side order.
const COLOURS: [&str; 2] = ["#1f6f8b", "#c0392b"];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The curve of `review`, its `mistakes` largest losses marked.
pub fn svg(engine: &Engine, review: &Review, mistakes: usize) -> String {
    let names = Side::BOTH.map(|s| engine.rules.sides[s].name.clone());
    let n = review.moves.len().max(1);
    let x = |k: usize| LEFT + (WIDTH - LEFT - RIGHT) * k as f64 / n as f64;
    let y = |p: f64| TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - p.clamp(0.0, 1.0));
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{HEIGHT:.0}" viewBox="0 0 {WIDTH:.0} {HEIGHT:.0}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let how = if review.exact {
        "from the solved table".to_string()
    } else {
        format!("estimated from {} playouts a move", review.playouts)
    };
    let _ = writeln!(
        s,
        r#"<text x="{LEFT:.1}" y="22" font-size="14">Chance that {} wins after each move ({})</text>"#,
        escape(&names[0]),
        escape(&how)
    );
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
            WIDTH - RIGHT
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{pct} %</text>"#,
            LEFT - 6.0,
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
            escape(&names[m.side.index()]),
            m.loss
        );
    }
    let base = HEIGHT - BOTTOM;
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">moves with a decision, in order (1 to {})</text>"#,
        (LEFT + WIDTH - RIGHT) / 2.0,
        base + 22.0,
        review.moves.len()
    );
    let _ = writeln!(
        s,
        r#"<text x="{LEFT:.1}" y="{:.1}">dots: the biggest mistakes, <tspan fill="{}">{}</tspan>'s and <tspan fill="{}">{}</tspan>'s</text>"#,
        base + 40.0,
        COLOURS[0],
        escape(&names[0]),
        COLOURS[1],
        escape(&names[1])
    );
    s.push_str("</svg>\n");
    s
}
