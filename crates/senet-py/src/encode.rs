//! The fixed-size forms learning and search need: a position as a vector of numbers (the
//! observation), and a move as a sequence of action numbers (docs/python.md).
//!
//! Actions: a move is chosen one step at a time, each step numbered by where its piece comes
//! from and where it lands along the mover's path, so that an action means the same piece
//! movement in every position ("the piece on 12 to 15"), whatever the number of moves listed.
//! Moves with several steps (split throws, dice played one by one) take one action a step; a
//! move is played as soon as the steps chosen leave only it. Where moves have the same steps and
//! differ in what the move also does (a retreat, declining an extra throw, ending the turn, the
//! throw of a pool it plays), a last action, a "finish", tells them apart.

use senet_engine::engine::{Engine, Move, Position, Step};
use senet_lang::types::{Place, Side, Throw};

/// Finish actions: the move's marks and the throw it plays, in ten bits.
const FINISHES: usize = 1024;
/// Per-side flags of the observation.
const FLAGS: [&str; 8] = [
    "opening_due",
    "not_begun",
    "loses_turn",
    "moves_next",
    "doubled",
    "lost",
    "reached",
    "restacking",
];

/// The sizes of a rule set's observation and actions.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The longest path of a side.
    path: usize,
    /// Throw codes shown one-hot (the largest throw or total, plus one).
    throws: usize,
}

/// The throws a side holds: the throw in hand, or the throws of a pool not yet played.
#[derive(Clone, Copy, Debug)]
pub struct Hand<'a> {
    pub throw: Option<Throw>,
    pub pool: &'a [Throw],
}

/// What the game waits for, as the observation tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    Throw,
    Move,
    Over,
}

impl Layout {
    pub fn of(engine: &Engine) -> Layout {
        let path = Side::BOTH
            .into_iter()
            .map(|s| engine.path_len(s))
            .max()
            .unwrap_or(0);
        let largest = senet_play::solve::move_chances(engine)
            .iter()
            .map(|(t, _)| usize::from(t.get()))
            .chain(engine.rules.throws.values.iter().map(|&v| usize::from(v)))
            .max()
            .unwrap_or(0);
        Layout {
            path,
            throws: (largest + 1).min(256),
        }
    }

    /// Places a step's piece may come from or land on: waiting, each path position, removed,
    /// off, and "takes" (a step that takes an enemy piece instead of moving one).
    fn slots(&self) -> usize {
        self.path + 4
    }

    pub fn action_size(&self) -> usize {
        self.slots() * self.slots() + FINISHES
    }

    fn side_size(&self) -> usize {
        2 * self.path + 3 + FLAGS.len()
    }

    pub fn observation_size(&self) -> usize {
        2 * self.side_size()
            + 2
            + 2
            + 3
            + (self.throws + 1)
            + self.throws
            + 1
            + 2
            + 1
            + 2 * self.slots()
    }

    /// The slot of a packed place (`Place::pack`); a take's own slot for `from` of a take.
    fn slot(&self, place: Place) -> usize {
        match place {
            Place::Waiting => 0,
            Place::On(p) => usize::from(p.get()),
            Place::Removed => self.path + 1,
            Place::Off => self.path + 2,
        }
    }

    /// The action number of one step.
    pub fn step_action(&self, step: Step) -> u32 {
        let (from, to) = match step.taken() {
            Some(p) => (self.path + 3, usize::from(p.get())),
            None => (self.slot(step.from()), self.slot(step.to())),
        };
        to_u32(from * self.slots() + to)
    }

    /// The finish action of `mv`: its marks and the throw of a pool it plays.
    pub fn finish_action(&self, mv: &Move) -> u32 {
        let bits = usize::from(mv.is_retreat())
            | usize::from(mv.stays()) << 1
            | usize::from(mv.one_hop()) << 2
            | usize::from(mv.declines_throw()) << 3
            | usize::from(mv.ends_turn()) << 4
            | (mv.plays().map_or(0, |t| usize::from(t.get())) & 31) << 5;
        to_u32(self.slots() * self.slots() + bits)
    }

    /// The actions of `mv`'s steps.
    pub fn steps<'a>(&'a self, mv: &'a Move) -> impl Iterator<Item = u32> + 'a {
        mv.steps().iter().map(|&s| self.step_action(s))
    }

    /// Whether `mv` begins with the actions `prefix`.
    pub fn begins_with(&self, mv: &Move, prefix: &[u32]) -> bool {
        mv.steps().len() >= prefix.len() && self.steps(mv).zip(prefix).all(|(a, &b)| a == b)
    }

    /// The actions that may follow `prefix` among `moves`, ascending, each once.
    pub fn next_actions(&self, moves: &[Move], prefix: &[u32]) -> Vec<u32> {
        let mut out: Vec<u32> = moves
            .iter()
            .filter(|m| self.begins_with(m, prefix))
            .map(|m| match m.steps().get(prefix.len()) {
                Some(&step) => self.step_action(step),
                None => self.finish_action(m),
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A slot's name: `waiting`, a path position, `removed`, `off`, or `take`.
    fn slot_name(&self, slot: usize) -> String {
        match slot {
            0 => "waiting".to_string(),
            s if s <= self.path => s.to_string(),
            s if s == self.path + 1 => "removed".to_string(),
            s if s == self.path + 2 => "off".to_string(),
            _ => "take".to_string(),
        }
    }

    /// What an action stands for, in words.
    pub fn action_text(&self, action: u32) -> String {
        let a = action as usize;
        let slots = self.slots();
        if a >= slots * slots {
            let bits = a - slots * slots;
            let mut words = vec!["finish".to_string()];
            for (bit, word) in [
                "retreat",
                "stays",
                "follows one",
                "declines throw",
                "ends turn",
            ]
            .iter()
            .enumerate()
            {
                if bits & (1 << bit) != 0 {
                    words.push((*word).to_string());
                }
            }
            if bits >> 5 != 0 {
                words.push(format!("plays {}", bits >> 5));
            }
            return words.join(" ");
        }
        let (from, to) = (a / slots, a % slots);
        if from == self.path + 3 {
            format!("take {to}")
        } else {
            format!("{} -> {}", self.slot_name(from), self.slot_name(to))
        }
    }

    /// The names of the observation's entries, in order.
    pub fn observation_names(&self, engine: &Engine) -> Vec<String> {
        let mut names = Vec::with_capacity(self.observation_size());
        for (_, side) in engine.rules.sides.iter() {
            let n = &side.name;
            names.extend((1..=self.path).map(|p| format!("{n}.on.{p}")));
            names.extend((1..=self.path).map(|p| format!("{n}.held.{p}")));
            names.extend(["waiting", "off", "removed"].map(|w| format!("{n}.{w}")));
            names.extend(FLAGS.map(|f| format!("{n}.{f}")));
        }
        for (_, side) in engine.rules.sides.iter() {
            names.push(format!("to_move.{}", side.name));
        }
        for (_, side) in engine.rules.sides.iter() {
            names.push(format!("observer.{}", side.name));
        }
        names.extend(["waiting_for.throw", "waiting_for.move", "over"].map(String::from));
        names.extend((0..self.throws).map(|t| format!("throw.{t}")));
        names.push("throw.none".into());
        names.extend((0..self.throws).map(|t| format!("pool.{t}")));
        names.push("throws_owed".into());
        names.extend(["moved.forward", "moved.backward"].map(String::from));
        names.push("passed_dice".into());
        for way in ["from", "to"] {
            names.extend((0..self.slots()).map(|s| format!("chosen.{way}.{}", self.slot_name(s))));
        }
        names
    }

    /// Writes the observation of `pos` into `out` (cleared first): see docs/python.md.
    pub fn observe(
        &self,
        pos: &Position,
        hand: Hand,
        waiting: Waiting,
        observer: Option<Side>,
        chosen: &[u32],
        out: &mut Vec<f32>,
    ) {
        out.clear();
        for s in Side::BOTH {
            let base = out.len();
            out.resize(base + 2 * self.path, 0.0);
            for p in pos.positions(s) {
                out[base + p.index()] = f32::from(pos.count(s, p));
            }
            for p in pos.held(s) {
                out[base + self.path + p.index()] += 1.0;
            }
            out.extend([pos.waiting(s), pos.off(s), pos.removed(s)].map(f32::from));
            let flags = [
                pos.opening_due(s),
                !pos.begun(s),
                pos.loses_turn(s),
                pos.moves_next(s),
                pos.doubled(s),
                pos.lost(s),
                pos.reached(s),
                pos.restacking(s),
            ];
            out.extend(flags.map(|f| f32::from(u8::from(f))));
        }
        let one_hot = |out: &mut Vec<f32>, n: usize, at: Option<usize>| {
            let base = out.len();
            out.resize(base + n, 0.0);
            if let Some(i) = at.filter(|&i| i < n) {
                out[base + i] = 1.0;
            }
        };
        let over = waiting == Waiting::Over;
        one_hot(out, 2, (!over).then(|| pos.to_move().index()));
        one_hot(out, 2, observer.map(Side::index));
        one_hot(
            out,
            3,
            Some(match waiting {
                Waiting::Throw => 0,
                Waiting::Move => 1,
                Waiting::Over => 2,
            }),
        );
        match hand.throw {
            Some(t) => {
                one_hot(
                    out,
                    self.throws,
                    Some(usize::from(t.get()).min(self.throws - 1)),
                );
                out.push(0.0);
            }
            None => {
                one_hot(out, self.throws, None);
                out.push(1.0);
            }
        }
        let base = out.len();
        out.resize(base + self.throws, 0.0);
        for t in hand.pool {
            out[base + usize::from(t.get()).min(self.throws - 1)] += 1.0;
        }
        out.push(f32::from(pos.throws_owed()));
        one_hot(
            out,
            2,
            pos.moved_this_turn().map(|w| match w {
                senet_engine::engine::Way::Forward => 0,
                senet_engine::engine::Way::Backward => 1,
            }),
        );
        out.push(f32::from(u8::from(pos.passed().is_some())));
        let base = out.len();
        let slots = self.slots();
        out.resize(base + 2 * slots, 0.0);
        for &a in chosen {
            let a = a as usize;
            if a < slots * slots {
                out[base + a / slots] += 1.0;
                out[base + slots + a % slots] += 1.0;
            }
        }
        debug_assert_eq!(out.len(), self.observation_size());
    }
}

/// An action number: every action is below `Layout::action_size`, a few thousand.
fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
