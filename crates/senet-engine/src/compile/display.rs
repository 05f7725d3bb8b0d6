//! A compact text form of compiled rules, for tests and for debugging rule files.

use std::fmt::{self, Write};

use super::{PosFlags, Rules, SquareFlags};
use senet_lang::types::{Force, Place, Side, Square};

fn bits(mask: u32) -> String {
    let v: Vec<String> = (0..32)
        .filter(|b| mask & 1 << b != 0)
        .map(|b| b.to_string())
        .collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(",")
    }
}

/// The names of the flags set.
fn names<F: bitflags::Flags + Copy>(flags: F, table: &[(F, &'static str)]) -> Vec<&'static str> {
    table
        .iter()
        .filter(|(f, _)| flags.contains(*f))
        .map(|(_, n)| *n)
        .collect()
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "rules {} ({}-cell grid, {} pieces a side, side {} first)",
            self.id,
            self.squares.len(),
            self.pieces,
            self.sides[self.first].name
        )?;
        let t = &self.throws;
        let dist: Vec<String> = t
            .values
            .iter()
            .zip(&t.weights)
            .map(|(v, w)| format!("{v}:{w}"))
            .collect();
        writeln!(
            f,
            "throws over {}: {} (sum {})",
            t.denominator,
            dist.join(" "),
            t.weights.iter().sum::<u64>()
        )?;
        writeln!(f, "outcomes: {:?}", t.outcomes)?;
        writeln!(
            f,
            "extra throw after: {}; throw again: {}",
            bits(self.extra_after),
            bits(self.throw_again)
        )?;
        if self.throw_again != 0 {
            let how = if self.split { "split" } else { "each throw" };
            writeln!(f, "then: {how}")?;
        }
        if let Some(t) = &self.retreat {
            writeln!(
                f,
                "retreat to {}: lose turn {}, end turn {}, may end turn {}",
                t.to,
                t.lose_turn,
                t.end_turn == Some(Force::Must),
                t.end_turn == Some(Force::May)
            )?;
        }
        for t in &self.turn_rules {
            writeln!(f, "turn rule: {t:?}")?;
        }
        if let Some(m) = &self.moves_next {
            writeln!(
                f,
                "moves next at {} / {}: after retreat {}, after entering {}, ignoring pairs {}, or waiting {}",
                m.at[Side::First],
                m.at[Side::Second],
                m.after_retreat,
                m.after_entering,
                m.ignoring_pairs,
                m.or_waiting
            )?;
        }
        if self.entering_throw_again {
            writeln!(f, "entering throws again")?;
        }
        let mut squares = String::new();
        for (k, fl) in self.squares.iter().enumerate() {
            let Some(sq) = Square::from_index(k) else {
                continue;
            };
            let mut list = names(
                *fl,
                &[
                    (SquareFlags::SAFE, "safe"),
                    (SquareFlags::EXTRA_THROW, "extra"),
                    (SquareFlags::STOP, "stop"),
                    (SquareFlags::MARK, "mark"),
                ],
            );
            let [a, b] = Side::BOTH.map(|s| self.effect(s, sq));
            if a == b
                && let Some(d) = a
            {
                list.push("effect");
                let _ = write!(
                    squares,
                    " {sq}:{}->{}{:?}",
                    list.join("+"),
                    d.square,
                    d.fallback
                );
            } else if a.is_some() || b.is_some() {
                // Effects that differ by side: each side's, named.
                let mut text = list.join("+");
                for (s, d) in Side::BOTH.into_iter().zip([a, b]) {
                    if let Some(d) = d {
                        let sep = if text.is_empty() { "" } else { "+" };
                        let name = &self.sides[s].name;
                        let _ = write!(text, "{sep}effect({name})->{}{:?}", d.square, d.fallback);
                    }
                }
                let _ = write!(squares, " {sq}:{text}");
            } else if !list.is_empty() {
                let _ = write!(squares, " {sq}:{}", list.join("+"));
            }
        }
        writeln!(f, "squares:{squares}")?;
        for side in self.sides.values() {
            let path: Vec<String> = side.path.iter().map(ToString::to_string).collect();
            writeln!(
                f,
                "side {} ({}): path {}",
                side.name,
                side.colour,
                path.join(" ")
            )?;
            let start: Vec<String> = side
                .start
                .iter()
                .map(|p| match p {
                    Place::On(p) => p.to_string(),
                    other => other.to_string(),
                })
                .collect();
            writeln!(f, "  start: {}", start.join(" "))?;
            let mut pos = String::new();
            for p in side.positions() {
                let mut list = names(
                    side.flags[p.index()],
                    &[
                        (PosFlags::PRIORITY, "priority"),
                        (PosFlags::BEAR_ZONE, "bear-zone"),
                        (PosFlags::NO_BEAR_ZONE, "no-bear-zone"),
                        (PosFlags::ONLY_BEAR_OFF, "only-bear-off"),
                        (PosFlags::HOLD, "hold"),
                        (PosFlags::NO_BACKWARD, "no-backward"),
                        (PosFlags::AHEAD_EMPTY, "ahead-empty"),
                        (PosFlags::RETREAT, "retreat"),
                        (PosFlags::TO_WAITING, "to-waiting"),
                        (PosFlags::TO_REMOVED, "to-removed"),
                        (PosFlags::TOGETHER, "together"),
                        (PosFlags::NONE_WAITS, "none-waits"),
                        (PosFlags::NO_PASSING, "no-passing"),
                        (PosFlags::STOP_AND_GO, "stop-and-go"),
                        (PosFlags::OPTIONAL_EFFECT, "optional-effect"),
                        (PosFlags::EFFECT_STOPS, "effect-stops"),
                        (PosFlags::EFFECT_CAPTURES, "effect-captures"),
                    ],
                );
                let exits = side.exit_throws[p.index()];
                if exits != 0 {
                    list.push("exit");
                    let _ = write!(pos, " {p}:{}[{}]", list.join("+"), bits(exits));
                } else if !list.is_empty() {
                    let _ = write!(pos, " {p}:{}", list.join("+"));
                }
            }
            writeln!(f, "  positions:{pos}")?;
        }
        writeln!(
            f,
            "enter: {:?}\ncapture: {:?}; pairs protect: {}; blockade: {}; backward: {}",
            self.enter, self.capture, self.protect_pairs, self.blockade, self.backward
        )?;
        let opening = Side::BOTH.map(|s| self.opening[s]);
        writeln!(f, "seats: {:?}; opening: {:?}", self.seats, opening)?;
        writeln!(
            f,
            "bear off when: {:?}; win: {:?}",
            self.bear_when, self.win
        )?;
        let points: Vec<String> = self
            .match_points
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0)
            .map(|(k, p)| format!("{}:{p}", k + 1))
            .collect();
        writeln!(
            f,
            "match points: {}",
            if points.is_empty() {
                "-".into()
            } else {
                points.join(" ")
            }
        )?;
        write!(f, "turn machine\n{}", self.machine)
    }
}
