//! The picture of a comparison (`senet compare --plot FILE.svg`): each row's win rates with
//! their 95 % intervals, and its distribution of game lengths. Plain SVG written from the
//! figures alone, every number with fixed decimals: the same comparison gives the same bytes.

use std::fmt::Write;

use super::compare::{Comparison, Figure};

const WIDTH: f64 = 760.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 24.0;
const BAND: f64 = 24.0;
const COLOURS: [&str; 4] = ["#1f6f8b", "#c0392b", "#7d5ba6", "#b7950b"];
/// Bins of a row's distribution of turns.
const BINS: u32 = 60;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The x of a share (0 to 1) in the plotting area.
fn x_of(share: f64) -> f64 {
    LEFT + share.clamp(0.0, 1.0) * (WIDTH - LEFT - RIGHT)
}

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

/// The series of the win-rate panel: the first-side advantage and each skill figure.
fn win_series(figures: &[Figure]) -> Vec<&Figure> {
    figures
        .iter()
        .filter(|f| f.key == "advantage" || f.key.starts_with("skill:"))
        .collect()
}

pub fn svg(c: &Comparison) -> String {
    let (figures, _) = c.figures();
    let rows = c.rows.len();
    let series: Vec<(String, usize)> = figures.first().map_or_else(Vec::new, |f| {
        win_series(f)
            .iter()
            .enumerate()
            .map(|(i, f)| (f.label.clone(), i))
            .collect()
    });
    let legend_h = 16.0 * series.len() as f64;
    let top1 = 48.0 + legend_h;
    let panel1 = BAND * rows as f64 * (series.len().max(1) as f64 * 0.5 + 0.5);
    let band1 = panel1 / rows.max(1) as f64;
    let top2 = top1 + panel1 + 64.0;
    let panel2 = 34.0 * rows as f64;
    let labels_top = top2 + panel2 + 48.0;
    let height = labels_top + 16.0 * rows as f64 + 16.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{height:.0}" viewBox="0 0 {WIDTH:.0} {height:.0}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = writeln!(
        s,
        r#"<text x="{LEFT:.1}" y="20" font-size="14">Win rates, 95 % intervals ({} against {}, {} games a row)</text>"#,
        escape(c.players.first().map_or("", String::as_str)),
        escape(c.players.get(1).map_or("", String::as_str)),
        c.games
    );
    for (label, i) in &series {
        let y = 36.0 + 16.0 * *i as f64;
        let colour = COLOURS[i % COLOURS.len()];
        let _ = writeln!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="{colour}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
            LEFT + 6.0,
            y - 4.0,
            LEFT + 16.0,
            y,
            escape(label)
        );
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
            r##"<line x1="{x:.1}" y1="{top1:.1}" x2="{x:.1}" y2="{:.1}" stroke="#cccccc"{dash}/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{} %</text>"##,
            top1 + panel1,
            top1 + panel1 + 14.0,
            tenth * 10
        );
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
    let _ = writeln!(
        s,
        r#"<text x="{LEFT:.1}" y="{:.1}" font-size="14">Turns per game (bars: share of games, each row to its own peak; line: p10 to p90; tick: median)</text>"#,
        top2 - 24.0
    );
    let x_turns = |t: f64| LEFT + (t / f64::from(end)).clamp(0.0, 1.0) * (WIDTH - LEFT - RIGHT);
    for tick in 0..=10 {
        let t = f64::from(end) * f64::from(tick) / 10.0;
        let x = x_turns(t);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{top2:.1}" x2="{x:.1}" y2="{:.1}" stroke="#eeeeee"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{t:.0}</text>"##,
            top2 + panel2,
            top2 + panel2 + 14.0
        );
    }
    let width = f64::from(end) / f64::from(BINS);
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
                x_turns(width * b as f64),
                y0 + 22.0 - bh,
                x_turns(width) - LEFT
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
    for (r, row) in c.rows.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}">({}) {}</text>"#,
            LEFT - 40.0,
            labels_top + 16.0 * r as f64,
            r + 1,
            escape(&row.label())
        );
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
