//! The picture of a comparison (`senet compare --plot FILE.svg`): each row's win rates with
//! their 95 % intervals, and its distribution of game lengths. Plain SVG written from the
//! figures alone, every number with fixed decimals: the same comparison gives the same bytes.

use std::fmt::Write;

use super::compare::{Comparison, Figure};
use crate::render::chart::{self, LINE, TEXT, TITLE};

const LEFT: f64 = 56.0;
const RIGHT: f64 = 24.0;
const BAND: f64 = 24.0;
const COLOURS: [&str; 4] = ["#1f6f8b", "#c0392b", "#7d5ba6", "#b7950b"];
/// Bins of a row's distribution of turns.
const BINS: u32 = 60;

/// A round number of turns at or above `max` for the axis: 1, 2 or 5 times a power of ten,
/// times 10.
fn axis_end(max: u32) -> u32 {
    let mut step = 1u32;
    loop {
        for m in [1, 2, 5] {
            let end = step.saturating_mul(m).saturating_mul(10);
            if end >= max || end == u32::MAX {
                return end;
            }
        }
        step = step.saturating_mul(10);
    }
}

/// Which of the eleven grid lines of an axis `room` pixels long have their number: every one where
/// they are far enough apart for their numbers, else every other, else the ends and the middle.
fn numbered(tenth: u32, room: f64) -> bool {
    let every = if room >= 440.0 {
        1
    } else if room >= 330.0 {
        2
    } else {
        5
    };
    tenth.is_multiple_of(every)
}

/// The series of the win-rate panel: the first-side advantage and each skill figure.
fn win_series(figures: &[Figure]) -> Vec<&Figure> {
    figures
        .iter()
        .filter(|f| f.key == "advantage" || f.key.starts_with("skill:"))
        .collect()
}

/// The plot of `c`, `width` pixels wide (see [`chart::width`]): its text wraps to the width.
pub fn svg(c: &Comparison, width: f64) -> String {
    let (figures, _) = c.figures();
    let rows = c.rows.len();
    let room = width - LEFT - RIGHT;
    let text_room = width - 16.0;
    let x_of = |share: f64| LEFT + share.clamp(0.0, 1.0) * room;
    let title1 = chart::lines(
        &format!(
            "Win rates, 95 % intervals ({} against {}, {} games a row)",
            c.players.first().map_or("", String::as_str),
            c.players.get(1).map_or("", String::as_str),
            c.games
        ),
        text_room,
        TITLE,
    );
    let series: Vec<Vec<String>> = figures.first().map_or_else(Vec::new, |f| {
        win_series(f)
            .iter()
            .map(|f| chart::lines(&f.label, width - 32.0, TEXT))
            .collect()
    });
    let title2 = chart::lines(
        "Turns per game (bars: share of games, each row to its own peak; line: p10 to p90; tick: median)",
        text_room,
        TITLE,
    );
    let labels: Vec<Vec<String>> = c
        .rows
        .iter()
        .enumerate()
        .map(|(r, row)| chart::lines(&format!("({}) {}", r + 1, row.label()), text_room, TEXT))
        .collect();
    let title_line = LINE * TITLE / TEXT;
    let count = |l: &[Vec<String>]| l.iter().map(Vec::len).sum::<usize>() as f64;
    let legend_top = 8.0 + title_line * title1.len() as f64 + 8.0;
    let top1 = legend_top + LINE * count(&series) + 4.0;
    let panel1 = BAND * rows as f64 * (series.len().max(1) as f64 * 0.5 + 0.5);
    let band1 = panel1 / rows.max(1) as f64;
    let title2_top = top1 + panel1 + 28.0;
    let top2 = title2_top + title_line * title2.len() as f64;
    let panel2 = 34.0 * rows as f64;
    let labels_top = top2 + panel2 + 40.0;
    let height = labels_top + LINE * count(&labels);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="{TEXT:.0}">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    chart::write_lines(&mut s, 8.0, 8.0 + title_line, TITLE, "", &title1);
    let mut y = legend_top + LINE - 4.0;
    for (i, label) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let _ = writeln!(
            s,
            r#"<circle cx="14" cy="{:.1}" r="4" fill="{colour}"/>"#,
            y - 4.0
        );
        y = chart::write_lines(&mut s, 24.0, y, TEXT, "", label);
    }
    // Axis: 0 to 100 %, a line each 10 %, 50 % dashed.
    for tenth in 0..=10 {
        let x = x_of(f64::from(tenth) / 10.0);
        let dash = if tenth == 5 {
            r#" stroke-dasharray="4 3""#
        } else {
            ""
        };
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{top1:.1}" x2="{x:.1}" y2="{:.1}" stroke="#cccccc"{dash}/>"##,
            top1 + panel1,
        );
        if numbered(tenth, room) {
            let _ = writeln!(
                s,
                r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{} %</text>"#,
                top1 + panel1 + 14.0,
                tenth * 10
            );
        }
    }
    for (r, row) in figures.iter().enumerate() {
        let y0 = top1 + band1 * r as f64;
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">({})</text>"#,
            LEFT - 8.0,
            y0 + band1 / 2.0 + 4.0,
            r + 1
        );
        let list = win_series(row);
        let step = band1 / (list.len() + 1) as f64;
        for (i, f) in list.iter().enumerate() {
            let Some(e) = f.estimate else { continue };
            let y = y0 + step * (i + 1) as f64;
            let colour = COLOURS[i % COLOURS.len()];
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{colour}" stroke-width="2"/><circle cx="{:.1}" cy="{y:.1}" r="4" fill="{colour}"/>"#,
                x_of(e.low),
                x_of(e.high),
                x_of(e.value)
            );
        }
    }
    // Lengths: each row's turns per game as a histogram strip, the p10 to p90 span under it.
    let end = axis_end(
        c.rows
            .iter()
            .map(|r| r.totals.turns_each.quantile(990))
            .max()
            .unwrap_or(0)
            .max(1),
    );
    chart::write_lines(&mut s, 8.0, title2_top, TITLE, "", &title2);
    let x_turns = |t: f64| LEFT + (t / f64::from(end)).clamp(0.0, 1.0) * room;
    for tick in 0..=10 {
        let t = f64::from(end) * f64::from(tick) / 10.0;
        let x = x_turns(t);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{top2:.1}" x2="{x:.1}" y2="{:.1}" stroke="#eeeeee"/>"##,
            top2 + panel2,
        );
        if numbered(tick, room) {
            let _ = writeln!(
                s,
                r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{t:.0}</text>"#,
                top2 + panel2 + 14.0
            );
        }
    }
    let bin = f64::from(end) / f64::from(BINS);
    for (r, row) in c.rows.iter().enumerate() {
        let y0 = top2 + 34.0 * r as f64;
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">({})</text>"#,
            LEFT - 8.0,
            y0 + 20.0,
            r + 1
        );
        let h = &row.totals.turns_each;
        let mut bins = vec![0u64; BINS as usize];
        for (&v, &n) in &h.0 {
            let b = u64::from(v) * u64::from(BINS) / u64::from(end);
            let b = usize::try_from(b.min(u64::from(BINS - 1))).unwrap_or(0);
            bins[b] += n;
        }
        let peak = bins.iter().copied().max().unwrap_or(0).max(1);
        let colour = COLOURS[r % COLOURS.len()];
        for (b, &n) in bins.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let bh = 20.0 * n as f64 / peak as f64;
            let _ = writeln!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{bh:.1}" fill="{colour}" fill-opacity="0.6"/>"#,
                x_turns(bin * b as f64),
                y0 + 22.0 - bh,
                x_turns(bin) - LEFT
            );
        }
        let (p10, p50, p90) = (h.percentile(1), h.percentile(5), h.percentile(9));
        let _ = writeln!(
            s,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="2"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="2"/>"#,
            x_turns(f64::from(p10)),
            y0 + 26.0,
            x_turns(f64::from(p90)),
            y0 + 26.0,
            x_turns(f64::from(p50)),
            y0 + 22.0,
            x_turns(f64::from(p50)),
            y0 + 30.0
        );
    }
    let mut y = labels_top;
    for label in &labels {
        y = chart::write_lines(&mut s, 8.0, y, TEXT, "", label);
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::axis_end;

    #[test]
    fn the_axis_ends_on_a_round_number() {
        for (max, end) in [
            (1, 10),
            (10, 10),
            (11, 20),
            (180, 200),
            (201, 500),
            (501, 1000),
        ] {
            assert_eq!(axis_end(max), end, "{max}");
        }
    }
}
