//! A game for people: the board with its pieces and special squares, the throw, the moves and
//! what they did, in words. Everything is derived from the compiled rules, never from the name
//! of a rule set.

use std::fmt::Write;

use super::board::{self, Cell, ansi, initial};
use senet_engine::compile::{BearCondition, PatternPart, PoolForm, SquareFlags, Win};
use senet_engine::engine::game::{GameSummary, Stop};
use senet_engine::engine::{
    Captured, Engine, Outcome, PassReport, Position, Report, StepReport, WinWay,
};
use senet_lang::types::{Fallback, Lot, Place, Side, Square, Throw, ThrowDevice};

/// How to draw: with ANSI colours or plain.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub colour: bool,
}

/// The colour of square marks on the board (yellow, not bold, so that pieces stand out).
const MARK_COLOUR: &str = "33";

impl Style {
    /// `text` painted with ANSI graphic parameters `code` (such as `1;31`), or plain.
    pub fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// A side's name in its colour, bold.
    pub fn side(&self, engine: &Engine, side: Side) -> String {
        let s = &engine.rules.sides[side];
        self.paint(&format!("1;{}", ansi(&s.colour)), &s.name)
    }
}

// ---- special squares ---------------------------------------------------------------------------

// The symbols a special square shows, in the order they are combined.
const NAMED: char = '☥';
const STOP: char = '!';
const EXTRA: char = '↻';
const SAFE: char = '◆';
const MARKED: char = '*';
const SENDS: char = '→';

/// Whether the board has a mark drawn on `sq` (a rosette).
fn is_marked(engine: &Engine, sq: Square) -> bool {
    engine.rules.square_flags(sq).contains(SquareFlags::MARK)
}

/// The flags (safe, extra throw, stop) that every marked square has, so that `*` alone says
/// them (the rosettes of Twenty Squares).
fn marked_flags(engine: &Engine) -> SquareFlags {
    let r = &engine.rules;
    let mut all = SquareFlags::SAFE | SquareFlags::EXTRA_THROW | SquareFlags::STOP;
    let mut any = false;
    for sq in r.squares().filter(|&sq| is_marked(engine, sq)) {
        any = true;
        all &= r.square_flags(sq);
    }
    if any { all } else { SquareFlags::empty() }
}

/// What an empty square shows on the board, derived from the compiled tables: its label if the
/// rules give one (as drawn on the real board); `*` for a marked square (a rosette); `→N` for a
/// square that sends the piece to N, `!` where every piece stops, `↻` for an extra throw, `◆`
/// for a safe square (after `*`, only what not every marked square does); `☥` for a named
/// square with none of these.
pub fn square_mark(engine: &Engine, sq: Square) -> Option<String> {
    let r = &engine.rules;
    if let Some(label) = r.board.label(sq) {
        return Some(label.to_string());
    }
    let f = r.square_flags(sq);
    let mut m = String::new();
    let mut implied = SquareFlags::empty();
    if is_marked(engine, sq) {
        m.push(MARKED);
        implied = marked_flags(engine);
    }
    let mut to: Vec<String> = Side::BOTH
        .into_iter()
        .filter_map(|s| r.effect(s, sq).map(|d| d.square.to_string()))
        .collect();
    to.dedup();
    if !to.is_empty() {
        let _ = write!(m, "{SENDS}{}", to.join("/"));
    }
    for (flag, c) in [
        (SquareFlags::STOP, STOP),
        (SquareFlags::EXTRA_THROW, EXTRA),
        (SquareFlags::SAFE, SAFE),
    ] {
        if f.contains(flag) && !implied.contains(flag) {
            m.push(c);
        }
    }
    if m.is_empty() && r.board.name(sq).is_some() {
        m.push(NAMED);
    }
    (!m.is_empty()).then_some(m)
}

/// The squares that have something to say: a name, a label, a mark or a rule of their own.
fn special_squares(engine: &Engine) -> impl Iterator<Item = Square> + '_ {
    let r = &engine.rules;
    r.squares()
        .filter(move |&sq| r.board.name(sq).is_some() || square_mark(engine, sq).is_some())
}

/// One line that says what the symbols on the board mean (only those that appear), or an empty
/// string.
pub fn key(engine: &Engine) -> String {
    let r = &engine.rules;
    let squares: Vec<Square> = special_squares(engine)
        .filter(|&sq| r.board.label(sq).is_none())
        .collect();
    let marks: Vec<String> = squares
        .iter()
        .filter_map(|&sq| square_mark(engine, sq))
        .collect();
    let has = |c: char| marks.iter().any(|m| m.contains(c));
    let mut parts = Vec::new();
    if has(MARKED) {
        let implied = marked_flags(engine);
        let what: Vec<&str> = [
            (SquareFlags::SAFE, "safe"),
            (SquareFlags::EXTRA_THROW, "throw again"),
            (SquareFlags::STOP, "stop"),
        ]
        .iter()
        .filter(|(flag, _)| implied.contains(*flag))
        .map(|(_, name)| *name)
        .collect();
        parts.push(if what.is_empty() {
            format!("{MARKED} marked")
        } else {
            format!("{MARKED} marked: {}", what.join(", "))
        });
    }
    for (c, what) in [
        (NAMED, "☥ named"),
        (SENDS, "→N sends to N"),
        (STOP, "! stop here"),
        (EXTRA, "↻ throw again"),
        (SAFE, "◆ safe"),
    ] {
        if has(c) {
            parts.push(what.to_string());
        }
    }
    if parts.is_empty() {
        return String::new();
    }
    format!("  {}\n", parts.join(";  "))
}

/// A square number with its name, if it has one: `27 River`.
fn square_text(engine: &Engine, sq: Square) -> String {
    match engine.rules.board.name(sq) {
        Some(name) => format!("{sq} {name}"),
        None => sq.to_string(),
    }
}

/// What a square does, in words (`marked`, `safe`, `extra throw`, `sends the piece to 15 House
/// of Life if it is free`, ...); empty for a plain square.
pub fn square_words(engine: &Engine, sq: Square) -> Vec<String> {
    let r = &engine.rules;
    let mut what = Vec::new();
    let f = r.square_flags(sq);
    if is_marked(engine, sq) {
        what.push("marked".to_string());
    }
    if f.contains(SquareFlags::SAFE) {
        what.push("safe".into());
    }
    if f.contains(SquareFlags::EXTRA_THROW) {
        what.push("extra throw".into());
    }
    if f.contains(SquareFlags::STOP) {
        what.push("every piece stops here".into());
    }
    let effects = Side::BOTH.map(|s| r.effect(s, sq).map(|d| (d, r.effect_captures(s, sq))));
    for (s, d) in Side::BOTH.into_iter().zip(effects) {
        let Some((d, capturing)) = d else { continue };
        // Said once where both sides' pieces go the same way.
        let whose = if effects[0] == effects[1] {
            if s == Side::Second {
                continue;
            }
            "the piece".to_string()
        } else {
            format!("a piece of {}", r.sides[s].name)
        };
        let to = square_text(engine, d.square);
        what.push(match d.fallback {
            Fallback::None if capturing => {
                format!("sends {whose} to {to}, capturing an enemy piece there")
            }
            Fallback::None => format!("sends {whose} to {to} if it is free"),
            Fallback::FirstFreeAfter => {
                format!("sends {whose} to {to}, or the first free square after it")
            }
            Fallback::FirstFreeBefore => {
                format!("sends {whose} to {to}, or the first free square before it")
            }
        });
    }
    what
}

/// The special squares, one line each: number, mark as drawn, name and what they do.
pub fn legend(engine: &Engine) -> String {
    let r = &engine.rules;
    let mut out = String::new();
    for sq in special_squares(engine) {
        let what = square_words(engine, sq);
        let mark = square_mark(engine, sq).unwrap_or_default();
        let name = r.board.name(sq).unwrap_or_default();
        let sep = if name.is_empty() || what.is_empty() {
            ""
        } else {
            ": "
        };
        let number = sq.get();
        let line = format!("  {number:>2}  {mark:<5} {name}{sep}{}", what.join(", "));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

// ---- the board ---------------------------------------------------------------------------------

/// How many of side `s`'s pieces stand on `sq` (where pieces stack, more than one).
fn stack_at(engine: &Engine, pos: &Position, s: Side, sq: Square) -> u8 {
    engine.rules.sides[s]
        .position(sq)
        .map_or(0, |p| pos.count(s, p))
}

/// A side's initial, and the pieces of a stack after it: `W`, `W5`.
fn stack_text(initial: &str, count: u8) -> String {
    if count > 1 {
        format!("{initial}{count}")
    } else {
        initial.to_string()
    }
}

/// The board with the pieces where they stand and the marks of the empty special squares, a key
/// to the marks, and each side's waiting and borne-off pieces.
pub fn draw_position(engine: &Engine, pos: &Position, style: Style) -> String {
    let r = &engine.rules;
    // A square holding a pinned piece: the side whose piece is pinned there.
    let pinned = |sq: Square| {
        Side::BOTH.into_iter().find(|&s| {
            r.sides[s]
                .position(sq)
                .is_some_and(|p| pos.held(s).any(|q| q == p))
        })
    };
    let content = |sq: Square| -> Option<Cell> {
        let held = pinned(sq);
        match held.map(Side::other).or_else(|| pos.owner(sq)) {
            Some(side) => Some(Cell {
                // The holder's stack, and the pinned piece under it: `W2(b)`.
                text: stack_text(
                    &initial(&r.sides[side].name),
                    stack_at(engine, pos, side, sq),
                ) + &held.map_or(String::new(), |h| {
                    format!("({})", initial(&r.sides[h].name).to_lowercase())
                }),
                colour: style
                    .colour
                    .then(|| format!("1;{}", ansi(&r.sides[side].colour))),
            }),
            None => square_mark(engine, sq).map(|text| Cell {
                text,
                colour: style.colour.then(|| MARK_COLOUR.to_string()),
            }),
        }
    };
    // A hole keeps the room of its mark while a piece stands on it: the board does not shift.
    let room = |sq: Square| square_mark(engine, sq).map_or(0, |m| m.chars().count());
    let mut out = board::draw_with_room(&r.board, &content, &room);
    out.push_str(&key(engine));
    for (s, side) in r.sides.iter() {
        let _ = write!(
            out,
            "  {} ({}): {} on the board",
            style.side(engine, s),
            initial(&side.name),
            pos.on_board(s)
        );
        let pinned = pos.held(s).count();
        if pinned > 0 {
            let _ = write!(out, " ({pinned} of them pinned)");
        }
        let stacked: Vec<String> = pos
            .stacked(r, s)
            .map(|p| engine.square(s, p).to_string())
            .collect();
        if !stacked.is_empty() {
            let state = if pos.restacking(s) {
                "restacked"
            } else {
                "still stacked"
            };
            let _ = write!(out, " ({state} on {})", stacked.join(", "));
        } else if pos.restacking(s) {
            out.push_str(" (restacking)");
        }
        if pos.waiting(s) > 0 {
            let _ = write!(out, ", {} waiting", pos.waiting(s));
        }
        let _ = write!(out, ", {} off", pos.off(s));
        if pos.removed(s) > 0 {
            let _ = write!(out, ", {} removed", pos.removed(s));
        }
        out.push('\n');
    }
    out
}

// ---- the start ---------------------------------------------------------------------------------

/// The places of a winning pattern for side `s`, in words: `squares 22, 23, 24, 5 on each`.
fn pattern_words(engine: &Engine, s: Side, parts: &[PatternPart]) -> String {
    let said: Vec<String> = parts
        .iter()
        .map(|part| {
            let mut squares: Vec<u32> = (0..64)
                .filter(|i| part.at[s] >> i & 1 == 1)
                .filter_map(senet_lang::types::PathPos::from_index)
                .map(|p| u32::from(engine.square(s, p).get()))
                .collect();
            squares.sort_unstable();
            let list: Vec<String> = squares.iter().map(ToString::to_string).collect();
            let more = if part.or_more { " or more" } else { "" };
            match &list[..] {
                [one] => format!("square {one}, {}{more} there", part.count),
                _ => format!("squares {}, {}{more} on each", list.join(", "), part.count),
            }
        })
        .collect();
    said.join(", and ")
}

/// What side `s` plays for, in one sentence: `Goal: bear off all 5 of your pieces before red
/// does.`
pub fn goal_text(engine: &Engine, s: Side, style: Style) -> String {
    let r = &engine.rules;
    let enemy = style.side(engine, s.other());
    let n = r.pieces;
    let yours = if n == 1 {
        "your piece".to_string()
    } else {
        format!("all {n} of your pieces")
    };
    if let Some(patterns) = &r.pattern_win {
        let said: Vec<String> = patterns
            .iter()
            .map(|parts| pattern_words(engine, s, parts))
            .collect();
        // A side that can bear off wins by bearing off all too.
        let off = if matches!(r.win, Win::FirstAllOff) && r.bear_when != BearCondition::Never {
            ", or bear them all off"
        } else {
            ""
        };
        return format!(
            "Goal: bring {yours} onto {}{off}, before {enemy} does.",
            said.join("; or onto ")
        );
    }
    // What a side must not fail to do, or lose (`lose when a piece that can be taken is left`).
    let take = if r.lose_untaken {
        format!(" A die that shows the point of a lone {enemy} piece must take it, or you lose.")
    } else {
        String::new()
    };
    match r.win {
        Win::FirstAllOff if r.enter_again => format!(
            "Goal: bear off {yours}, then enter them all again as they started, before {enemy} does."
        ),
        Win::FirstAllOff => format!("Goal: bear off {yours} before {enemy} does.{take}"),
        Win::MostBorneOff { .. } => {
            format!("Goal: bear off more pieces than {enemy} by the time no piece is left in play.")
        }
        Win::CaptureAll => format!(
            "Goal: take {} out of the game.",
            if n == 1 {
                format!("{enemy}'s piece")
            } else {
                format!("all {n} of {enemy}'s pieces")
            }
        ),
    }
}

/// The board with side `s`'s path: each square it passes shows its step along the path (two
/// where the path passes twice), so that the path reads 1, 2, 3 ... to the last step, where a
/// piece leaves the board.
pub fn draw_path(engine: &Engine, s: Side) -> String {
    let side = &engine.rules.sides[s];
    let content = |sq: Square| -> Option<Cell> {
        let steps: Vec<String> = senet_lang::types::PathPos::all_in(side.positions_of(sq))
            .map(|p| p.to_string())
            .collect();
        // On a board drawn at points the step stands beside the square's number: `13:12`.
        let sep = if engine.rules.board.points.is_empty() {
            ""
        } else {
            ":"
        };
        (!steps.is_empty()).then(|| Cell {
            text: format!("{sep}{}", steps.join("/")),
            colour: None,
        })
    };
    board::draw(&engine.rules.board, &content)
}

// ---- throws ------------------------------------------------------------------------------------

const LIGHT: char = '▯';
const DARK: char = '▮';
const TIP: char = '▲';
const BLANK: char = '△';
const MOUTH: char = '⊖';
const BACK: char = '●';

/// The glyphs of a lot that counts and of one that does not: a stick's light and dark sides, a
/// tetrahedral die's marked and blank tip, a cowrie's mouth (its slit) and its back.
fn glyphs(lot: Lot) -> (char, char) {
    match lot {
        Lot::Sticks => (LIGHT, DARK),
        Lot::Tetrahedra => (TIP, BLANK),
        Lot::Cowries => (MOUTH, BACK),
    }
}

/// The lots of a throw of `value`, those that count first (`▯▯▮▮`, `▲▲△△`, `⊖⊖●●`), how many count,
/// and what they are; `None` for dice, or a value the lots cannot give.
pub fn sticks(engine: &Engine, value: u8) -> Option<(String, usize, Lot)> {
    sticks_of(&engine.rules.device, value)
}

/// As [`sticks`], for the throwing device of any rules.
pub fn sticks_of(device: &ThrowDevice, value: u8) -> Option<(String, usize, Lot)> {
    let ThrowDevice::Sticks {
        count,
        values,
        lot,
        marks,
    } = device
    else {
        return None;
    };
    let up = if marks.contains(&value) {
        1
    } else {
        (0..values.len()).find(|&k| values[k] == value && (k != 1 || marks.is_empty()))?
    };
    let (yes, no) = glyphs(*lot);
    let shown = (0..usize::from(*count))
        .map(|i| if i < up { yes } else { no })
        .collect();
    Some((shown, up, *lot))
}

/// A throw as the device shows it, then its value. Long: `sticks ▯▯▮▮ (2 light sides up) → 2`,
/// `dice ▲▲△△ (2 marked tips up) → 2`, `cowries ⊖⊖●● (2 mouths up) → 2` or `die: 3`; short:
/// `▯▯▮▮ → 2` or `3`.
pub fn throw_text(engine: &Engine, value: u8, long: bool) -> String {
    match sticks(engine, value) {
        Some((shown, n, lot)) if long => {
            let marked = matches!(&engine.rules.device, ThrowDevice::Sticks { marks, .. } if !marks.is_empty());
            let (noun, one, many) = match lot {
                Lot::Sticks if marked => ("sticks", "marked side", "marked sides"),
                Lot::Sticks => ("sticks", "light side", "light sides"),
                Lot::Tetrahedra => ("dice", "marked tip", "marked tips"),
                Lot::Cowries => ("cowries", "mouth", "mouths"),
            };
            let up = match n {
                0 => format!("no {one} up"),
                1 => format!("1 {one} up"),
                n => format!("{n} {many} up"),
            };
            format!("{noun} {shown} ({up}) → {value}")
        }
        Some((shown, _, _)) => format!("{shown} → {value}"),
        None if engine.rules.device.is_each() => dice_text(engine, value, long),
        None if long && matches!(engine.rules.device, ThrowDevice::Die { .. }) => {
            format!("die: {value}")
        }
        None if long && matches!(engine.rules.device, ThrowDevice::Dice { .. }) => {
            format!("dice: {value}")
        }
        None => value.to_string(),
    }
}

/// What a throw of dice played one by one shows (`value` its code, or the code a side's first
/// double is played as): the dice thrown, how many dice it plays in all, and the faces beneath
/// that may follow (their face and how many).
pub struct DiceShown {
    pub thrown: Vec<u8>,
    pub played: usize,
    pub beneath: Option<(u8, usize)>,
}

impl DiceShown {
    pub fn of(engine: &Engine, value: u8) -> DiceShown {
        let (pool, form, thrown) = match &engine.rules.stacked {
            Some(t) => {
                let (dice, form) = t.pool(u16::from(value));
                let thrown = u8::try_from(t.thrown_code(u16::from(value))).unwrap_or(value);
                (Some(dice).filter(|d| !d.is_empty()), form, thrown)
            }
            None => (None, PoolForm::ANY, value),
        };
        // Dice passed by the other side are no throw of the device: their code names the dice.
        // A side's first double (where it is played once) shows the double thrown.
        let thrown = engine
            .rules
            .device
            .dice_of(thrown)
            .or_else(|| pool.map(<[u8]>::to_vec))
            .unwrap_or_default();
        let optional = usize::from(form.optional);
        let played = pool.map_or(thrown.len(), <[u8]>::len) - optional;
        let beneath = pool
            .and_then(|p| p.last())
            .filter(|_| optional > 0)
            .map(|&d| (d, optional));
        DiceShown {
            thrown,
            played,
            beneath,
        }
    }
}

/// A throw of dice played one by one (see [`DiceShown`]): `5-3` short; long, `dice: 5 and 3`,
/// for a double played twice over, `dice: 4 and 4, played four times`, and where the faces
/// beneath may follow, `dice: 2 and 2, played four times, then up to four 5s`.
fn dice_text(engine: &Engine, value: u8, long: bool) -> String {
    let shown = DiceShown::of(engine, value);
    let faces: Vec<String> = shown.thrown.iter().map(u8::to_string).collect();
    if !long {
        return faces.join("-");
    }
    let times = if shown.played > shown.thrown.len() {
        format!(", played {} times", words_count(shown.played))
    } else {
        String::new()
    };
    let beneath = match shown.beneath {
        Some((d, n)) => format!(", then up to {} {d}s", words_count(n)),
        None => String::new(),
    };
    format!("dice: {}{times}{beneath}", and_list(&faces))
}

/// A small count in words.
fn words_count(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        6 => "six".into(),
        n => n.to_string(),
    }
}

/// A throw in hand, short: its value, or where dice are played one by one their faces (`5-3`;
/// the throw's value is a code for them).
pub fn throw_short(engine: &Engine, t: senet_lang::types::Throw) -> String {
    match u8::try_from(t.get()) {
        Ok(v) if engine.rules.device.is_each() => dice_text(engine, v, false),
        _ => t.to_string(),
    }
}

/// The throws of one turn: one throw as [`throw_text`] says it; several, each short, and their
/// total.
pub fn throws_text(engine: &Engine, values: &[u8], long: bool) -> String {
    match values {
        [] => String::new(),
        [v] => throw_text(engine, *v, long),
        _ => {
            let each: Vec<String> = values
                .iter()
                .map(|&v| throw_text(engine, v, false))
                .collect();
            if !engine.rules.split {
                // Throws played one by one: no total.
                return and_list(&each);
            }
            let total: u32 = values.iter().map(|&v| u32::from(v)).sum();
            format!("{}, in all {total}", each.join(", "))
        }
    }
}

/// The throwing device and what each throw counts, for the help and the start of a game.
pub fn device_text(engine: &Engine) -> String {
    match &engine.rules.device {
        ThrowDevice::Sticks {
            count,
            values,
            lot,
            marks,
        } => {
            let (yes, no) = glyphs(*lot);
            let each: Vec<String> = values
                .iter()
                .enumerate()
                .map(|(up, &v)| {
                    let shown: String = (0..usize::from(*count))
                        .map(|i| if i < up { yes } else { no })
                        .collect();
                    if up == 1 && !marks.is_empty() {
                        let numbers: Vec<String> = marks.iter().map(u8::to_string).collect();
                        format!("{shown} → the stick's number ({})", numbers.join(", "))
                    } else {
                        format!("{shown} → {v}")
                    }
                })
                .collect();
            let what = match lot {
                Lot::Sticks if !marks.is_empty() => {
                    format!("{count} sticks, {yes} marked side up, {no} blank side up")
                }
                Lot::Sticks => format!("{count} sticks, {yes} light side up, {no} dark side up"),
                Lot::Tetrahedra => {
                    format!("{count} tetrahedral dice, {yes} a marked tip up, {no} a blank one")
                }
                Lot::Cowries => format!("{count} cowries, {yes} mouth up, {no} back up"),
            };
            format!("Throws: {what}: {}.", each.join(", "))
        }
        ThrowDevice::Die { faces } => format!("Throws: a die with faces 1 to {faces}."),
        ThrowDevice::Dice { faces, .. } => {
            let each: Vec<String> = faces.iter().map(|f| format!("1 to {f}")).collect();
            format!("Throws: dice with faces {}.", each.join(" and "))
        }
        ThrowDevice::Each { faces, .. } => {
            let each: Vec<String> = faces.iter().map(|f| format!("1 to {f}")).collect();
            format!(
                "Throws: dice with faces {}, each played on its own.",
                each.join(" and ")
            )
        }
    }
}

// ---- moves -------------------------------------------------------------------------------------

/// A move in words, and what it leads to.
pub struct MoveWords {
    /// `9 -> 11`, `24 -> 27 River (sent back to 15 House of Life)`, `21 -> 23, swaps with red
    /// (red to 21)`, `enter -> 4; captures dark (dark must enter again)`; a split move after
    /// how the total is split: `1 + 6: 2 -> 3, 4 -> 10; swaps with blue on 3 and 10`.
    pub text: String,
    /// The same side throws again.
    pub extra_throw: bool,
    /// The enemy pieces the move captured, those it swapped places with apart.
    pub captures: usize,
    /// The enemy pieces sent to the square the capturing piece came from.
    pub swaps: usize,
}

/// A place along side `s`'s path in words: a square number (with its name where the move lands),
/// `enter` or `off`.
fn place(engine: &Engine, s: Side, place: Place, named: bool) -> String {
    match place {
        Place::Waiting => "enter".into(),
        Place::Off | Place::Removed => "off".into(),
        Place::On(p) if named => square_text(engine, engine.square(s, p)),
        Place::On(p) => engine.square(s, p).to_string(),
    }
}

/// How far a step moved: the part of the throw it used.
fn distance(engine: &Engine, s: Side, from: Place, to: Place) -> usize {
    let at = |p: Place| match p {
        Place::Waiting | Place::Removed => 0,
        Place::On(q) => usize::from(q.get()),
        Place::Off => engine.path_len(s) + 1,
    };
    at(from).abs_diff(at(to))
}

/// The number each step of a move plays: its distance, but where dice are played one by one a
/// step that bears a piece off past the end plays a die larger than the distance: the smallest
/// of the throw's dice left that reaches (the dice the other steps play taken first). None
/// where the throw's dice take any piece, whatever number (`doubles played as many pieces as
/// they add up to`).
fn step_numbers(engine: &Engine, s: Side, steps: &[StepReport], throw: Throw) -> Vec<usize> {
    let mut numbers: Vec<usize> = steps
        .iter()
        .map(|st| {
            // A take plays the die of the position it takes on.
            if let Some(p) = st.step().taken() {
                return usize::from(p.get());
            }
            match st.landed() {
                // A piece taken off its start stack (or put back on) by the die of its position.
                Place::On(p) if st.unstacked() || st.restacked() => usize::from(p.get()),
                landed => distance(engine, s, st.from(), landed),
            }
        })
        .collect();
    let pool = engine
        .rules
        .stacked
        .as_ref()
        .and_then(|t| t.pools.get(usize::from(throw.get())));
    let Some(pool) = pool else {
        return numbers;
    };
    // Dice that take any one piece (a double as many pieces as it adds up to) have no number.
    if pool.contains(&0) {
        return Vec::new();
    }
    let mut left: Vec<usize> = pool.iter().map(|&d| usize::from(d)).collect();
    // A take lands nowhere: it plays the die of its number.
    let bore_off = |st: &StepReport| st.step().taken().is_none() && st.landed() == Place::Off;
    for (st, n) in steps.iter().zip(&numbers) {
        if !bore_off(st)
            && let Some(i) = left.iter().position(|d| d == n)
        {
            left.remove(i);
        }
    }
    for (st, n) in steps.iter().zip(numbers.iter_mut()) {
        if !bore_off(st) {
            continue;
        }
        let reach = (0..left.len())
            .filter(|&i| left[i] >= *n)
            .min_by_key(|&i| left[i]);
        if let Some(i) = reach {
            *n = left.remove(i);
        }
    }
    numbers
}

/// Where a captured piece went.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sent {
    /// To the square the capturing piece came from.
    Swap,
    To(Square),
    Waiting,
    Removed,
}

/// Where a captured piece went, as the capturing side sees it.
fn sent(engine: &Engine, s: Side, from: Place, c: Captured) -> Sent {
    match c.sent {
        Place::On(p) => {
            let sq = engine.square(s.other(), p);
            let from_square = from.on_path().map(|q| engine.square(s, q));
            if from_square == Some(sq) {
                Sent::Swap
            } else {
                Sent::To(sq)
            }
        }
        Place::Removed => Sent::Removed,
        Place::Waiting | Place::Off => Sent::Waiting,
    }
}

/// What a pass of side `s` did besides passing, as clauses to follow "passes" (`; its piece on
/// 1 goes back to waiting; throws again`), and the `points` it scores for the other side in a
/// match; empty where it did nothing more.
pub fn pass_words(engine: &Engine, s: Side, report: &PassReport, points: u32) -> String {
    let mut text = String::new();
    if let Some(p) = report.sent_back {
        let on = place(engine, s, Place::On(p), false);
        let _ = write!(text, "; its piece on {on} goes back to waiting");
    }
    if report.begins {
        text.push_str("; the throw lets it begin");
    }
    if report.throws_again {
        text.push_str("; throws again");
    }
    if report.loses {
        text.push_str("; a side that cannot move loses the game");
    }
    if points > 0 && !report.lost_turn {
        let other = &engine.rules.sides[s.other()].name;
        let _ = write!(
            text,
            "; {points} match point{} to {other}",
            if points == 1 { "" } else { "s" }
        );
    }
    text
}

/// Joins `1`, `1 and 2`, `1, 2 and 3`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Describes a move of side `s` from what the engine reported of it: each step with where it
/// lands and where a square effect sends the piece on, then the captures and where the captured
/// pieces went, and how the game ends if it does (`outcome`, the result of the position the move
/// led to).
pub fn move_words(
    engine: &Engine,
    s: Side,
    report: &Report,
    throw: Throw,
    outcome: Option<Outcome>,
    style: Style,
) -> MoveWords {
    let enemy = style.side(engine, s.other());
    let steps = report.steps();
    let mut parts = Vec::new();
    // (square where the capture happened, where the captured piece went)
    let mut captures: Vec<(Square, Sent)> = Vec::new();
    let mut takes = 0;
    for step in steps {
        // A take moves no piece of the side (`dice take lone pieces on their number`).
        if let Some(p) = step.step().taken() {
            let square = engine.square(s.other(), p);
            parts.push(format!(
                "takes {enemy} on {square} ({enemy} must enter again)"
            ));
            takes += 1;
            continue;
        }
        let (from, landed) = (step.from(), step.landed());
        if step.unstacked() || step.restacked() {
            let what = if step.unstacked() { "off" } else { "back on" };
            parts.push(format!(
                "{} (a piece {what} its stack)",
                place(engine, s, landed, false)
            ));
            continue;
        }
        let mut text = format!(
            "{} -> {}",
            place(engine, s, from, false),
            place(engine, s, landed, true)
        );
        if let Place::On(p) = landed {
            let square = engine.square(s, p);
            match step.rest() {
                _ if report.stays() => text.push_str(" (stays there)"),
                Place::Waiting => text.push_str(" (back to waiting: it must enter again)"),
                Place::On(rest) if rest != p => {
                    let dir = if rest < p { "back" } else { "on" };
                    let to = place(engine, s, step.rest(), true);
                    let _ = write!(text, " (sent {dir} to {to})");
                }
                _ if engine.rules.effect(s, square).is_some() => {
                    text.push_str(" (stays: no free square to go to)");
                }
                _ => {}
            }
            for c in step.captures() {
                captures.push((c.square, sent(engine, s, from, c)));
            }
        }
        if report.retreat() {
            text.push_str(" (retreats)");
        } else if step.is_backward() {
            text.push_str(" backwards");
        }
        parts.push(text);
    }
    if steps.is_empty() {
        parts.push("leaves its piece where it is".into());
    }
    let mut text = parts.join(", ");
    if steps.len() > 1 {
        let split: Vec<String> = step_numbers(engine, s, steps, throw)
            .iter()
            .map(usize::to_string)
            .collect();
        if !split.is_empty() {
            text = format!("{}: {text}", split.join(" + "));
        }
    }
    let single = steps.len() == 1;
    let sep = if single { ", " } else { "; " };
    for kind in [Sent::Swap, Sent::Waiting, Sent::Removed] {
        let on: Vec<String> = captures
            .iter()
            .filter(|c| c.1 == kind)
            .map(|c| c.0.to_string())
            .collect();
        if on.is_empty() {
            continue;
        }
        let at = if single {
            String::new()
        } else {
            format!(" on {}", and_list(&on))
        };
        let _ = match kind {
            Sent::Swap if single => {
                let from = place(engine, s, steps[0].from(), false);
                write!(text, ", swaps with {enemy} ({enemy} to {from})")
            }
            Sent::Swap => write!(text, "; swaps with {enemy}{at}"),
            // A captured piece waits only where it had no point to go back to, which loses.
            Sent::Waiting if engine.rules.lose_no_way_back => write!(
                text,
                "{sep}captures {enemy}{at} (it has no point to go back to: {enemy} loses)"
            ),
            Sent::Waiting => write!(text, "{sep}captures {enemy}{at} ({enemy} must enter again)"),
            Sent::Removed => write!(text, "{sep}captures {enemy}{at} (out of the game)"),
            // Told below, with the square each piece went to.
            Sent::To(_) => Ok(()),
        };
    }
    // Pins (`capture pin`): the enemy pieces stay, held.
    let pinned: Vec<String> = steps
        .iter()
        .filter(|st| st.pinned())
        .filter_map(|st| match st.landed() {
            Place::On(p) => Some(engine.square(s, p).to_string()),
            _ => None,
        })
        .collect();
    if !pinned.is_empty() {
        let _ = write!(text, "{sep}pins {enemy} on {}", and_list(&pinned));
    }
    for &(sq, sent) in &captures {
        if let Sent::To(to) = sent {
            let at = if single {
                String::new()
            } else {
                format!(" on {sq}")
            };
            let _ = write!(
                text,
                "{sep}captures {enemy}{at} ({enemy} to {})",
                square_text(engine, to)
            );
        }
    }
    match outcome {
        Some(Outcome::Win { side, .. }) if side == s => text.push_str("; wins the game"),
        // A move can lose only by leaving a piece it could take, where the rules say so.
        Some(Outcome::Win { .. }) if engine.rules.lose_untaken => {
            let _ = write!(
                text,
                "; leaves {enemy}'s piece it could take: loses the game"
            );
        }
        Some(Outcome::Win { .. }) => text.push_str("; loses the game"),
        Some(Outcome::Draw) => text.push_str("; ends the game in a draw"),
        None if report.declines_throw() => text.push_str("; does not throw again"),
        None if report.chose_end() => text.push_str("; ends the turn"),
        None => {}
    }
    let swaps = captures.iter().filter(|c| c.1 == Sent::Swap).count();
    MoveWords {
        text,
        extra_throw: report.extra_throw() && outcome.is_none(),
        captures: captures.len() - swaps + takes,
        swaps,
    }
}

// ---- the end -----------------------------------------------------------------------------------

/// What a win scored where the rules score it: `, a gammon: 2 points`, `, 7 pieces left: 7
/// points`.
fn game_score(
    w: &senet_engine::compile::WinScore,
    points: u32,
    plural: &dyn Fn(u32, &str) -> String,
) -> String {
    use senet_engine::compile::WinScore;
    let what = match *w {
        WinScore::PiecesLeft => format!("{} left", plural(points, "piece")),
        _ if points == 1 => "a single game".into(),
        WinScore::Gammon { behind, .. } if behind > 0 && points == behind => "a backgammon".into(),
        WinScore::Gammon { .. } => "a gammon".into(),
    };
    format!(", {what}: {}", plural(points, "point"))
}

/// The last line of a game: who won and why, after how many moves and turns, and the match
/// points where the rules count them.
pub fn end_text(engine: &Engine, summary: &GameSummary, pos: &Position, style: Style) -> String {
    let (outcome, moves, turns) = (summary.outcome.as_ref(), summary.moves, summary.turns);
    let r = &engine.rules;
    let plural = |n: u32, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let head = format!(
        "Game over after {} ({}): ",
        plural(moves, "move"),
        plural(turns, "turn")
    );
    match outcome {
        Some(&Outcome::Win { side, points }) => {
            let (w, l) = (side, side.other());
            let way = engine.win_way(pos, w);
            let why = match way {
                WinWay::OtherStuck => format!("{} could not move", style.side(engine, l)),
                WinWay::NoWayBack => {
                    format!(
                        "{}'s captured piece could not go back",
                        style.side(engine, l)
                    )
                }
                WinWay::Untaken => format!("{} left a piece it could take", style.side(engine, l)),
                WinWay::Rebuilt => {
                    "all its pieces borne off and entered again as they started".into()
                }
                WinWay::Pattern => match engine.winning_pattern(pos, w) {
                    // Of several patterns, the one made.
                    Some(parts) if r.pattern_win.as_ref().is_some_and(|p| p.len() > 1) => {
                        format!(
                            "every piece on its places: {}",
                            pattern_words(engine, w, parts)
                        )
                    }
                    Some([one]) if !one.or_more => {
                        format!("every piece on its places, {} on each", one.count)
                    }
                    _ => "every piece on its places".to_string(),
                },
                WinWay::Pinned => format!(
                    "{}'s last piece on its starting point pinned there",
                    style.side(engine, l)
                ),
                WinWay::AllOff => "all pieces borne off".to_string(),
                WinWay::CapturedAll => "every enemy piece captured".to_string(),
                WinWay::MostOff => {
                    let mut why = format!(
                        "{} borne off to {}",
                        plural(u32::from(pos.off(w)), "piece"),
                        pos.off(l)
                    );
                    if pos.in_play(l) > 0 {
                        let _ = write!(why, " ({} cannot catch up)", style.side(engine, l));
                    }
                    why
                }
            };
            let mut text = format!("{head}{} wins, {why}", style.side(engine, w));
            if way == WinWay::Pinned {
                let _ = write!(text, ": {}", plural(points, "point"));
            } else if let Some(w) = &r.win_score {
                let _ = write!(text, "{}", game_score(w, points, &plural));
            } else if r.scores_match_points() {
                let _ = write!(
                    text,
                    ", and scores {} for {}'s pieces left on the board",
                    plural(points, "match point"),
                    style.side(engine, l)
                );
            }
            text + "."
        }
        Some(Outcome::Draw) => format!(
            "{head}a draw, {} borne off each.",
            plural(u32::from(pos.off(Side::First)), "piece")
        ),
        None => format!(
            "{head}unfinished: {}.",
            summary.stop.map_or("stopped before its end", Stop::reason)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::position::parse_position;
    use senet_engine::compile::compile;

    /// The engine of `id`, the position `json` and its throw, and every legal move there.
    fn listed(id: &str, json: &str) -> (Engine, Position, Throw, Vec<senet_engine::engine::Move>) {
        let rules = senet_lang::check::check_target(id, &[]).unwrap();
        let engine = Engine::new(compile(&rules));
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        let (pos, throw) = parse_position(&engine, &v).unwrap();
        let throw = throw.unwrap();
        let mut moves = Vec::new();
        let listing = engine.legal_moves(&pos, throw, &mut moves);
        assert!(matches!(listing, senet_engine::engine::Listing::Whole));
        (engine, pos, throw, moves)
    }

    /// The first side's goal under the bundled rules `id`.
    fn goal_of(id: &str) -> String {
        let rules = senet_lang::check::check_target(id, &[]).unwrap();
        goal_text(
            &Engine::new(compile(&rules)),
            Side::First,
            Style { colour: false },
        )
    }

    /// The words of each legal move of `id` in the position `json`.
    fn words_of(id: &str, json: &str) -> Vec<String> {
        let (engine, pos, throw, moves) = listed(id, json);
        let style = Style { colour: false };
        moves
            .iter()
            .map(|mv| {
                let (after, report) = engine.apply(&pos, mv, throw);
                let outcome = engine.outcome(&after);
                move_words(&engine, pos.to_move(), &report, throw, outcome, style).text
            })
            .collect()
    }

    /// The last line of a game of `id` that ends in the position after the move of `steps`
    /// (as `from -> to` pairs) from the position `json`.
    fn end_of(id: &str, json: &str, steps: &[(u8, u8)]) -> String {
        let (engine, pos, throw, moves) = listed(id, json);
        let mv = moves
            .iter()
            .find(|m| {
                let s: Vec<(u8, u8)> = m
                    .steps()
                    .iter()
                    .map(|s| (s.from().pack(), s.to().pack()))
                    .collect();
                s == steps
            })
            .unwrap_or_else(|| panic!("no move {steps:?}"));
        let (after, _) = engine.apply(&pos, mv, throw);
        let summary = GameSummary {
            outcome: engine.outcome(&after),
            ..GameSummary::default()
        };
        end_text(&engine, &summary, &after, Style { colour: false })
    }

    #[test]
    fn a_captured_piece_with_no_point_to_go_back_to_is_told_as_a_loss() {
        // Fallas: white holds black's places 7 to 11; white's piece from its 10 hits black's
        // lone piece on black's 12 with a 3, and black loses at once.
        let json = r#"{"to_move": "white", "throw": [3, 3, 3],
            "pieces": {"white": [10, 14, 15, 16, 17, 18, "off", "off", "off", "off", "off", "off", "off", "off", "off"],
                       "black": [12, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23]}}"#;
        let text = end_of("tables/fallas", json, &[(10, 13)]);
        assert!(
            text.ends_with("white wins, black's captured piece could not go back."),
            "{text}"
        );
        let words = words_of("tables/fallas", json);
        assert!(
            words
                .iter()
                .any(|w| w.contains("captures black (it has no point to go back to: black loses)")),
            "{words:?}"
        );
    }

    #[test]
    fn a_take_and_a_piece_left_untaken_are_told() {
        // Ketch-Dolt: white throws 4 and 2; black's lone piece on its point 2 (square 23) is
        // taken by the 2, and a move that leaves it there loses.
        let json = r#"{"to_move": "white", "throw": [4, 2],
            "pieces": {"white": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5],
                       "black": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 4]}}"#;
        let words = words_of("tables/ketch-dolt", json);
        assert_eq!(
            words,
            [
                "4 + 2: enter -> 4, takes black on 23 (black must enter again)",
                "4 + 2: enter -> 4, enter -> 2; leaves black's piece it could take: loses the game",
                "4 + 2: enter -> 4, 3 -> 5; leaves black's piece it could take: loses the game",
                "4 + 2: enter -> 4, 4 -> 6; leaves black's piece it could take: loses the game",
            ]
        );
        let (engine, pos, throw, moves) = listed("tables/ketch-dolt", json);
        let (after, _) = engine.apply(&pos, &moves[1], throw);
        let summary = GameSummary {
            outcome: engine.outcome(&after),
            ..GameSummary::default()
        };
        let text = end_text(&engine, &summary, &after, Style { colour: false });
        assert!(
            text.ends_with("black wins, white left a piece it could take."),
            "{text}"
        );
        assert_eq!(
            goal_of("tables/ketch-dolt"),
            "Goal: bear off all 15 of your pieces before black does. A die that shows the point of a lone black piece must take it, or you lose."
        );
    }

    #[test]
    fn a_win_by_pinning_the_last_piece_on_the_start_is_told_as_such() {
        // White's last two pieces join on black's starting point (white's 24), pinning the last
        // black piece there: white wins with pieces still on the board.
        let text = end_of(
            "tables/plakoto",
            r#"{"to_move": "white", "throw": [3, 1],
                "pieces": {"white": [21, 23, "off", "off", "off", "off", "off", "off", "off",
                                     "off", "off", "off", "off", "off", "off"],
                           "black": [1, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19]}}"#,
            &[(21, 24), (23, 24)],
        );
        assert!(
            text.ends_with(
                "white wins, black's last piece on its starting point pinned there: 2 points."
            ),
            "{text}"
        );
    }

    #[test]
    fn a_win_by_a_pattern_is_told_as_such() {
        // Two white pieces on each of 13-17, one on 18 and one on 12; black closes 19-24. The
        // 6 from 12 to 18 makes the pattern.
        let text = end_of(
            "tables/los-doze-canes",
            r#"{"to_move": "white", "throw": [6, 6],
                "pieces": {"white": [13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 12],
                           "black": [6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]}}"#,
            &[(12, 18)],
        );
        assert!(
            text.ends_with("white wins, every piece on its places, 2 on each."),
            "{text}"
        );
        assert_eq!(
            goal_of("tables/los-doze-canes"),
            "Goal: bring all 12 of your pieces onto squares 13, 14, 15, 16, 17, 18, 2 on each, before black does."
        );
        // A pattern in parts names each part's squares and count.
        assert_eq!(
            goal_of("tables/schuster"),
            "Goal: bring all 15 of your pieces onto squares 10, 11, 12, 3 on each, and squares 7, 8, 9, 1 or more on each, or bear them all off, before black does."
        );
        // Several patterns: the one made is named at the end.
        let text = end_of(
            "tables/svensk-bradspel",
            r#"{"to_move": "white", "throw": [3, 1],
                "pieces": {"white": [22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 24, 24, 24, 24, 21],
                           "black": [20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20]}}"#,
            &[(21, 24)],
        );
        assert!(
            text.ends_with("white wins, every piece on its places: squares 22, 23, 24, 5 on each."),
            "{text}"
        );
        // Several patterns: each named, any of them wins.
        assert_eq!(
            goal_of("tables/svensk-bradspel"),
            "Goal: bring all 15 of your pieces onto squares 22, 23, 24, 5 on each; or onto squares 20, 21, 22, 23, 24, 3 on each; or onto square 22, 3 there, and square 23, 5 there, and square 24, 7 there; or onto square 24, 15 there, or bear them all off, before black does."
        );
        let text = end_of(
            "tables/schuster",
            r#"{"to_move": "white", "throw": [2, 1],
                "pieces": {"white": [7, 7, 7, 8, 8, 8, 10, 10, 10, 11, 11, 11, 12, 12, 12],
                           "black": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}}"#,
            &[(7, 9)],
        );
        assert!(
            text.ends_with("white wins, every piece on its places."),
            "{text}"
        );
    }

    #[test]
    fn a_pin_is_told() {
        // Black's lone piece on its 20 stands on white's 5 (square 5).
        let words = words_of(
            "tables/plakoto",
            r#"{"to_move": "white", "throw": [2, 1],
                "pieces": {"white": [3, 4, "off", "off", "off", "off", "off", "off", "off",
                                     "off", "off", "off", "off", "off", "off"],
                           "black": [20, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}}"#,
        );
        // The move that ends with both white pieces on 5 pins the black one there.
        let both = words
            .iter()
            .find(|w| w.contains("3 -> 5") && w.contains("4 -> 5"))
            .unwrap_or_else(|| panic!("{words:?}"));
        assert!(both.contains("pins black on 5"), "{both}");
        assert!(words.iter().all(|w| !w.contains("captures")), "{words:?}");
    }

    #[test]
    fn a_piece_borne_off_past_the_end_names_the_die_that_carried_it() {
        // White's last two pieces on its 1 and 2 points, a throw of 6 and 5: both bear off,
        // with a 6 and a 5, not with the 1 and 2 they move.
        let words = words_of(
            "tables/backgammon",
            r#"{"to_move": "white", "throw": [6, 5],
                "pieces": {"white": [24, 23, "off", "off", "off", "off", "off", "off", "off",
                                     "off", "off", "off", "off", "off", "off"],
                           "black": [19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19, 19]}}"#,
        );
        assert_eq!(words.len(), 1, "{words:?}");
        assert!(
            words[0].starts_with("6 + 5: ") || words[0].starts_with("5 + 6: "),
            "{words:?}"
        );
    }

    #[test]
    fn pieces_taken_off_their_stacks_and_still_stacked_are_told() {
        // White's point 4 (square 3) holds three, two on the bottom one; point 1 (square 6) two.
        let json = r#"{"to_move": "white", "throw": [4, 1],
            "pieces": {"white": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6],
                       "black": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]},
            "stacked": {"white": [1, 4, 4], "black": [2]}}"#;
        let words = words_of("tables/kiz-tavlasi", json);
        assert_eq!(words.len(), 1, "{words:?}");
        assert_eq!(
            words[0],
            "4 + 1: 3 (a piece off its stack), 6 (a piece off its stack)"
        );
        let (engine, pos, ..) = listed("tables/kiz-tavlasi", json);
        let text = draw_position(&engine, &pos, Style { colour: false });
        assert!(
            text.contains("15 on the board (still stacked on 6, 3, 3)"),
            "{text}"
        );
        assert!(
            text.contains("15 on the board (still stacked on 17)"),
            "{text}"
        );
        // Restacking, a die puts a piece back on its stack.
        let json = r#"{"to_move": "white", "throw": [5, 2],
            "pieces": {"white": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6],
                       "black": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]},
            "stacked": {"white": [5]}, "restacking": ["white"]}"#;
        let words = words_of("tables/yahoudieh", json);
        assert_eq!(
            words,
            ["5 + 2: 2 (a piece back on its stack), 5 (a piece back on its stack)"]
        );
        let (engine, pos, ..) = listed("tables/yahoudieh", json);
        let text = draw_position(&engine, &pos, Style { colour: false });
        assert!(text.contains("(restacked on 2)"), "{text}");
        // A double that takes any pieces names no die numbers.
        let words = words_of(
            "tables/dubblets",
            r#"{"to_move": "white", "throw": [0, 0],
                "pieces": {"white": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6],
                           "black": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]},
                "stacked": {"white": [6]}}"#,
        );
        assert_eq!(words.len(), 6, "{words:?}");
        assert!(
            words
                .iter()
                .all(|w| w.starts_with("7 (a piece off its stack), ") && w.ends_with("-> off")),
            "{words:?}"
        );
    }
}
