//! Moves: one or more piece movements, as path positions of the moving side.

/// The most piece movements in one move (a split turn moves each piece at most once, and
/// splits into more than seven parts are not searched). Small, so that a move is 15 bytes.
pub const MAX_STEPS: usize = 7;

/// One piece movement. Positions are along the mover's path: `from` 0 enters a waiting piece,
/// `to` one past the end bears it off. `to` is where the step lands, before any square effect.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: u8,
    pub to: u8,
}

/// A legal move: its steps in order. Fixed size, so move lists never allocate per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    steps: [Step; MAX_STEPS],
    len: u8,
}

impl Move {
    pub fn single(from: u8, to: u8) -> Move {
        let mut m = Move::default();
        m.push(Step { from, to });
        m
    }

    pub fn push(&mut self, step: Step) {
        self.steps[self.len as usize] = step;
        self.len += 1;
    }

    pub fn pop(&mut self) {
        self.len -= 1;
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The total distance moved (backward steps count as distance too).
    pub fn distance(&self) -> u32 {
        self.steps()
            .iter()
            .map(|s| (s.to as i32 - s.from as i32).unsigned_abs())
            .sum()
    }

    pub fn is_backward(&self) -> bool {
        self.steps().iter().any(|s| s.to < s.from)
    }
}
