//! A game of more than two sides in words: its events, its moves and its teams, as `senet play`
//! tells them at the terminal and `senet serve` logs them on the page.

use senet_engine::multi::{MultiEvent, MultiMove, MultiOutcome, MultiPosition, MultiRules};
use senet_lang::types::{PathPos, Place};

/// What a game event says to the players (nothing for a game stopped unfinished).
pub fn event_line(rules: &MultiRules, event: &MultiEvent) -> Option<String> {
    let name = |s: u8| &rules.sides[usize::from(s)].name;
    Some(match *event {
        MultiEvent::Throw { side, value } => match rules.banks {
            Some(again) if again & 1 << value != 0 => {
                format!("{} throws {value}, and throws again", name(side))
            }
            _ => format!("{} throws {value}", name(side)),
        },
        // Where a side may pass at will, a pass says nothing of the moves it had.
        MultiEvent::Pass { side, .. } if rules.pass_at_will => format!("  {} passes", name(side)),
        MultiEvent::Pass { side, .. } => format!("  {} has no move", name(side)),
        MultiEvent::Move {
            side, mv, report, ..
        } => {
            let with = if rules.holds_several() {
                format!("with {}, ", mv.throw())
            } else {
                String::new()
            };
            let mut text = format!("  {}: {with}{}", name(side), step_text(rules, side, mv));
            if let Some((taken, _)) = report.captured {
                text.push_str(&format!(", taking {}'s piece", name(taken)));
            }
            if report.extra_throw {
                text.push_str(", and throws again");
            }
            text
        }
        MultiEvent::End {
            outcome: Some(outcome),
        } => outcome_text(rules, outcome),
        MultiEvent::End { outcome: None } => return None,
    })
}

/// Throws held, in words: `25, 10 and 3`.
pub fn throws_text(pool: &[u8]) -> String {
    let words: Vec<String> = pool.iter().map(u8::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

/// How a game ended: `red + yellow win.`, `A draw.`
pub fn outcome_text(rules: &MultiRules, outcome: MultiOutcome) -> String {
    match outcome {
        MultiOutcome::Win { team } => format!("{} win.", team_name(rules, team)),
        MultiOutcome::Draw => "A draw.".into(),
    }
}

/// A team's sides' names: `red + yellow`.
pub fn team_name(rules: &MultiRules, team: u8) -> String {
    let names: Vec<&str> = rules
        .sides
        .iter()
        .filter(|s| s.team == team)
        .map(|s| s.name.as_str())
        .collect();
    names.join(" + ")
}

/// A move of `side` in words: `enters on 3 (square 3)`, `5 -> 8 (square 12)`, `17 -> off`.
pub fn step_text(rules: &MultiRules, side: u8, mv: MultiMove) -> String {
    let path = &rules.sides[usize::from(side)].path;
    let square = |p: PathPos| path[p.index()] + 1;
    match (mv.from(), mv.to()) {
        (Place::Waiting, Place::On(t)) => format!("enters on {t} (square {})", square(t)),
        (Place::On(f), Place::On(t)) => format!("{f} -> {t} (square {})", square(t)),
        (Place::On(f), Place::Off) => format!("{f} -> off"),
        (from, to) => format!("{from} -> {to}"),
    }
}

/// A legal move of the side to move in `pos`, in words, with what it would do: `5 -> 8 (square
/// 12), takes blue's piece, throws again`; where a turn banks its throws, the throw it plays
/// first: `with 10: 5 -> 15 (square 19)`.
pub fn move_text(rules: &MultiRules, pos: &MultiPosition, mv: MultiMove) -> String {
    let (_, report) = rules.apply(pos, mv);
    let mut text = if rules.holds_several() {
        format!("with {}: ", mv.throw())
    } else {
        String::new()
    };
    text.push_str(&step_text(rules, pos.to_move(), mv));
    if let Some((taken, _)) = report.captured {
        text.push_str(&format!(
            ", takes {}'s piece",
            rules.sides[usize::from(taken)].name
        ));
    }
    if report.extra_throw {
        text.push_str(", throws again");
    }
    text
}
