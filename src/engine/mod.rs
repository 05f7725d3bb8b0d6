//! The engine: positions, legal moves, applying moves, the end of a game. Generic over compiled
//! rules: nothing here knows which rule set it plays.

mod apply;
pub mod game;
mod generate;
pub mod moves;
pub mod position;
mod split;

pub use apply::Report;
pub use moves::{MAX_STEPS, Move, Step};
pub use position::Position;

use crate::check::ruleset::{End, Win};
use crate::compile::{BearCondition, PosFlags, Rules, SquareFlags};

/// Per-side masks over path positions (bit `p - 1` for position `p`), derived once from the
/// compiled tables so that move generation is a few bit operations.
#[derive(Clone, Debug)]
struct SideMasks {
    len: u8,
    /// Positions whose square may not be passed over.
    stop: u64,
    priority: u64,
    only_bear_off: u64,
    bear_zone: u64,
    no_bear_zone: u64,
    /// Indexed by square - 1: the position of that square on this side's path (0 if none).
    pos_of_square: [u8; 64],
    /// Indexed by position: the bit of its square (0 for waiting and off).
    square_bit: [u64; 66],
    /// Positions whose square is safe.
    safe: u64,
    /// Positions whose square gives an extra throw.
    extra: u64,
    /// Positions whose square has an effect (sends the piece on).
    effect: u64,
    /// Indexed by position: the enemy's positions next to the enemy's position of the same
    /// square (the neighbours that protect an enemy piece standing there).
    enemy_neighbours: [u64; 66],
    /// Indexed by position: bit `v` set when a throw of `v` bears a piece off from there.
    exit_throws: [u32; 66],
    /// Indexed by throw value: the positions a throw of that value bears a piece off from.
    exit_from: [u64; 32],
    /// Every position of the path.
    on_path: u64,
    /// Indexed by position: the bit of the same square among the enemy's positions (0 if the
    /// enemy's path does not pass it).
    cross_bit: [u64; 66],
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { side: u8, points: u32 },
    Draw,
}

/// A rule set ready to play: the compiled rules and the masks the hot path uses.
#[derive(Clone, Debug)]
pub struct Engine {
    pub rules: Rules,
    masks: [SideMasks; 2],
    /// Whether landing on an enemy piece can ever capture it.
    can_capture: bool,
    /// Whether both sides walk the same path (then positions are the same for both).
    shared_path: bool,
}

fn pos_mask(flags: &[PosFlags], flag: u8) -> u64 {
    flags
        .iter()
        .enumerate()
        .filter(|(p, f)| *p >= 1 && f.has(flag))
        .fold(0, |m, (p, _)| m | 1 << (p - 1))
}

impl Engine {
    pub fn new(rules: Rules) -> Engine {
        let position_of = |s: usize, sq: u16| rules.sides[s].position_of[sq as usize];
        let masks = [0, 1].map(|s| {
            let side = &rules.sides[s];
            let enemy = &rules.sides[1 - s];
            let mut pos_of_square = [0u8; 64];
            let mut square_bit = [0u64; 66];
            let mut enemy_neighbours = [0u64; 66];
            let mut exit_throws = [0u32; 66];
            let mut cross_bit = [0u64; 66];
            let (mut stop, mut safe, mut extra, mut effect) = (0, 0, 0, 0);
            for (k, &sq) in side.path.iter().enumerate() {
                pos_of_square[sq as usize - 1] = k as u8 + 1;
                square_bit[k + 1] = 1 << (sq - 1);
                if rules.squares[sq as usize].has(SquareFlags::STOP) {
                    stop |= 1 << k;
                }
                if rules.squares[sq as usize].has(SquareFlags::SAFE) {
                    safe |= 1 << k;
                }
                if rules.squares[sq as usize].has(SquareFlags::EXTRA_THROW) {
                    extra |= 1 << k;
                }
                if rules.effects[sq as usize].is_some() {
                    effect |= 1 << k;
                }
                let ep = position_of(1 - s, sq) as u64;
                if ep > 0 {
                    cross_bit[k + 1] = 1 << (ep - 1);
                    // Bits ep - 2 and ep are the enemy's positions ep - 1 and ep + 1.
                    let after = if (ep as usize) < enemy.path.len() {
                        1u64 << ep
                    } else {
                        0
                    };
                    let before = if ep >= 2 { 1u64 << (ep - 2) } else { 0 };
                    enemy_neighbours[k + 1] = after | before;
                }
            }
            let mut exit_from = [0u64; 32];
            for (p, &e) in side.exit_throws.iter().enumerate() {
                exit_throws[p] = e;
                for (v, from) in exit_from.iter_mut().enumerate() {
                    if p >= 1 && e & (1 << v) != 0 {
                        *from |= 1 << (p - 1);
                    }
                }
            }
            let len = side.path.len();
            let on_path = if len >= 64 {
                u64::MAX
            } else {
                (1u64 << len) - 1
            };
            SideMasks {
                cross_bit,
                exit_from,
                on_path,
                square_bit,
                safe,
                extra,
                effect,
                enemy_neighbours,
                exit_throws,
                len: side.len(),
                stop,
                priority: pos_mask(&side.flags, PosFlags::PRIORITY),
                only_bear_off: pos_mask(&side.flags, PosFlags::ONLY_BEAR_OFF),
                bear_zone: pos_mask(&side.flags, PosFlags::BEAR_ZONE),
                no_bear_zone: pos_mask(&side.flags, PosFlags::NO_BEAR_ZONE),
                pos_of_square,
            }
        });
        let can_capture = !matches!(rules.capture, crate::check::ruleset::Capture::None);
        let shared_path = rules.sides[0].path == rules.sides[1].path;
        Engine {
            rules,
            masks,
            can_capture,
            shared_path,
        }
    }

    /// The start position of a game.
    pub fn start(&self) -> Position {
        Position::start(&self.rules)
    }

    /// The length of side `s`'s path; position `len + 1` is off the board.
    pub fn path_len(&self, s: usize) -> u8 {
        self.masks[s].len
    }

    /// Whether the side to move owes a forced opening move that takes no throw.
    pub fn forced_opening(&self, pos: &Position) -> bool {
        let s = pos.to_move as usize;
        pos.opening & (1 << s) != 0
            && matches!(
                self.rules.opening[s],
                Some(crate::check::ruleset::Opening::FrontPieceMoves { .. })
            )
    }

    /// Whether the throw in hand lets the side to move throw again before moving (a
    /// throw-all-then-split turn).
    pub fn throws_again(&self, value: u8) -> bool {
        value < 32 && self.rules.throw_again & (1 << value) != 0
    }

    /// The result, if the game is over in this position.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        let r = &self.rules;
        let play = [pos.in_play(0), pos.in_play(1)];
        let win = |side: usize| Outcome::Win {
            side: side as u8,
            points: self.match_points(pos, side),
        };
        match r.win {
            Win::FirstAllOff => {
                // The side that just moved is the one that can have finished; check both anyway.
                (0..2).find(|&s| play[s] == 0 && pos.off[s] > 0).map(win)
            }
            Win::MostBorneOff => {
                let (a, b) = (pos.off[0] as u32, pos.off[1] as u32);
                if r.end == End::Decided {
                    if a > b + play[1] as u32 {
                        return Some(win(0));
                    }
                    if b > a + play[0] as u32 {
                        return Some(win(1));
                    }
                }
                if play == [0, 0] {
                    return Some(match a.cmp(&b) {
                        std::cmp::Ordering::Greater => win(0),
                        std::cmp::Ordering::Less => win(1),
                        std::cmp::Ordering::Equal => Outcome::Draw,
                    });
                }
                None
            }
        }
    }

    /// Match points for `winner`: the points of the squares where the loser's pieces still stand.
    pub fn match_points(&self, pos: &Position, winner: usize) -> u32 {
        let loser = 1 - winner;
        let mut bits = pos.squares[loser];
        let mut points = 0;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize + 1;
            bits &= bits - 1;
            points += self.rules.match_points[sq];
        }
        points
    }

    fn can_bear_off(&self, pos: &Position, s: usize) -> bool {
        let m = &self.masks[s];
        match self.rules.bear_when {
            BearCondition::Always => true,
            BearCondition::AllInZone => pos.waiting[s] == 0 && pos.on[s] & !m.bear_zone == 0,
            BearCondition::NoneInZone => pos.on[s] & m.no_bear_zone == 0,
        }
    }
}
