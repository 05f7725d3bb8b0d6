//! A compact text form of compiled rules, for tests and for debugging rule files.

use std::fmt::{self, Write};

use super::{PosFlags, Rules, SquareFlags};

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

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "rules {} ({}-cell grid, {} pieces a side, side {} first)",
            self.id,
            self.squares.len() - 1,
            self.pieces,
            self.sides[self.first as usize].name
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
        let mut flags = String::new();
        for (sq, fl) in self.squares.iter().enumerate().skip(1) {
            let mut names = Vec::new();
            for (bit, name) in [
                (SquareFlags::SAFE, "safe"),
                (SquareFlags::EXTRA_THROW, "extra"),
                (SquareFlags::STOP, "stop"),
                (SquareFlags::MARK, "mark"),
            ] {
                if fl.has(bit) {
                    names.push(name);
                }
            }
            if let Some(d) = &self.effects[sq] {
                names.push("effect");
                let _ = write!(
                    flags,
                    " {sq}:{}->{}{:?}",
                    names.join("+"),
                    d.square,
                    d.fallback
                );
            } else if !names.is_empty() {
                let _ = write!(flags, " {sq}:{}", names.join("+"));
            }
        }
        writeln!(f, "squares:{flags}")?;
        for side in &self.sides {
            let path: Vec<String> = side.path.iter().map(ToString::to_string).collect();
            writeln!(
                f,
                "side {} ({}): path {}",
                side.name,
                side.colour,
                path.join(" ")
            )?;
            let start: Vec<String> = side.start.iter().map(ToString::to_string).collect();
            writeln!(f, "  start positions: {}", start.join(" "))?;
            let mut pos = String::new();
            for (p, fl) in side.flags.iter().enumerate() {
                let mut names = Vec::new();
                for (bit, name) in [
                    (PosFlags::PRIORITY, "priority"),
                    (PosFlags::BEAR_ZONE, "bear-zone"),
                    (PosFlags::NO_BEAR_ZONE, "no-bear-zone"),
                    (PosFlags::ONLY_BEAR_OFF, "only-bear-off"),
                ] {
                    if fl.has(bit) {
                        names.push(name);
                    }
                }
                if side.exit_throws[p] != 0 {
                    names.push("exit");
                    let _ = write!(
                        pos,
                        " {p}:{}[{}]",
                        names.join("+"),
                        bits(side.exit_throws[p])
                    );
                } else if !names.is_empty() {
                    let _ = write!(pos, " {p}:{}", names.join("+"));
                }
            }
            writeln!(f, "  positions:{pos}")?;
        }
        writeln!(
            f,
            "enter: {:?}\ncapture: {:?}; pairs protect: {}; blockade: {}; backward: {}",
            self.enter, self.capture, self.protect_pairs, self.blockade, self.backward
        )?;
        writeln!(f, "seats: {:?}; opening: {:?}", self.seats, self.opening)?;
        writeln!(
            f,
            "bear off when: {:?}; win: {:?}; end: {:?}",
            self.bear_when, self.win, self.end
        )?;
        let points: Vec<String> = self
            .match_points
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0)
            .map(|(s, p)| format!("{s}:{p}"))
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
