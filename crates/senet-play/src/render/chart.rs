//! What the plots of a review and of a comparison share: their width (the command line's, or
//! the width a page has for them, so that a phone shows their text at its size rather than
//! scaled down), and text wrapped to it.

use std::fmt::Write;

use super::svg::esc;
use super::wrap;

/// The width of a plot written by the command line, in pixels.
pub const WIDE: f64 = 760.0;
/// The narrowest plot drawn: a phone's width less the page's margins.
pub const NARROW: f64 = 280.0;
/// The size of a plot's text (ticks, labels, legends): no smaller than a page's.
pub const TEXT: f64 = 12.0;
/// The size of a plot's titles.
pub const TITLE: f64 = 14.0;
/// The height of a line of text.
pub const LINE: f64 = 16.0;

/// A plot's width for the width asked (a page's), or the command line's.
pub fn width(asked: Option<f64>) -> f64 {
    asked.map_or(WIDE, |w| w.clamp(NARROW, WIDE))
}

/// The width of a character of sans-serif text, as a share of its size: enough for the widest
/// usual words.
const CHAR: f64 = 0.6;

/// Whether `chars` characters of text at `size` fit `room` pixels.
pub fn fits(chars: usize, room: f64, size: f64) -> bool {
    chars as f64 * CHAR * size <= room
}

/// `text` in lines that fit `room` pixels at `size`.
pub fn lines(text: &str, room: f64, size: f64) -> Vec<String> {
    let chars = (room / (CHAR * size)).floor().clamp(8.0, 1000.0);
    // A whole number from 8 to 1000: the cast loses nothing.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let chars = chars as usize;
    wrap(text, chars)
}

/// Writes `lines` from `(x, y)` (the first line's baseline) down, one [`LINE`] apart (more for
/// text larger than [`TEXT`]), with `attrs` on the text; returns the baseline after the last.
pub fn write_lines(
    s: &mut String,
    x: f64,
    y: f64,
    size: f64,
    attrs: &str,
    lines: &[String],
) -> f64 {
    let step = LINE * size / TEXT;
    let mut at = y;
    for line in lines {
        let sized = if size == TEXT {
            String::new()
        } else {
            format!(r#" font-size="{size:.0}""#)
        };
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{at:.1}"{sized}{attrs}>{}</text>"#,
            esc(line)
        );
        at += step;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_asked_are_kept_within_bounds() {
        assert_eq!(width(None), WIDE);
        assert_eq!(width(Some(100.0)), NARROW);
        assert_eq!(width(Some(350.0)), 350.0);
        assert_eq!(width(Some(5000.0)), WIDE);
    }

    #[test]
    fn lines_fit_their_room() {
        let text = "Chance that light wins after each move (estimated from 100 playouts a move)";
        let got = lines(text, 300.0, TITLE);
        assert!(got.len() > 1);
        // 300 / (0.6 * 14) = 35.7
        let most = 35;
        assert!(got.iter().all(|l| l.chars().count() <= most), "{got:?}");
        assert_eq!(got.join(" "), text);
        assert_eq!(lines(text, WIDE, TEXT), [text]);
    }
}
