//! Random games played in one loop: the same games as a [`Game`](super::game::Game) between
//! two random agents (the same throws, the same choices, the same counts), without a list of
//! moves. Where moves are judged all at once, the legal moves of a throw are the pieces of one
//! bit set, then the entry: a random legal move is the k-th of them, found in the set itself.
//! A game's beginning (seats, a throw-off, opening moves, sides that have not begun) is played
//! through a `Game` until the first ordinary throw, then the loop takes over. Split turns have
//! a loop of their own: the turn's throws added up, then the random player's draw
//! ([`Engine::draw_split`]) or, where it lists, its uniform choice. Rules whose turns need more
//! (pooled throws, per-side duties, retreats, optional effects) play through the `Game`
//! throughout.

// Bit counts and bit indices of a 64-bit word are below 65: they fit any integer type.
#![allow(clippy::cast_possible_truncation)]

use rand::Rng;

use super::game::{
    Action, Game, GameSummary, Stop, Tally, draw_below, fresh_summary, random_throw,
    random_throw_for,
};
use super::generate::{Movable, OFF, between, bit, lowest};
use super::split_draw::{DrawRoom, Drawn};
use super::{Engine, Listing, Move, Position, Step};
use crate::compile::{Event, Next, Phase, Win};
use senet_lang::types::limits::{MAX_SQUARES, THROW_VALUES};
use senet_lang::types::{PerSide, Side, Throw};

/// A random game in progress: its position and counts, and a buffer for the rare turn whose
/// moves are listed (backward moves).
pub struct Playout<'e> {
    pub engine: &'e Engine,
    pub summary: GameSummary,
    /// Piece movements that landed on each square (before square effects), by square index.
    pub landings: [u32; MAX_SQUARES],
    pos: Position,
    moves: Vec<Move>,
    /// Per side, what each throw value means for the loop.
    rows: PerSide<[ThrowRow; THROW_VALUES]>,
    /// Plays the beginning of each game, where the rules have one (see [`Playout::begin`]).
    beginning: Option<Game<'e>>,
    /// Room for the draws of split turns.
    room: DrawRoom,
}

impl Engine {
    /// Whether random games of these rules can be played by [`Playout`]: after the game's
    /// beginning, nothing is kept per side, and a turn is one throw and one move chosen among
    /// pieces judged all at once, or throws added up and split ([`Engine::splits_in_one_loop`]).
    pub fn plays_out(&self) -> bool {
        let r = &self.rules;
        let turns = if r.split {
            self.splits_in_one_loop()
        } else {
            self.moving == Phase::Move && r.throw_again == 0
        };
        turns
            && r.stacked.is_none()
            && !self.plays_each
            && !(self.extras || self.retreats || self.optional_effects)
            && !(self.after_hook || self.locks || self.one_way)
            && !r.backward_per_piece
            && (!r.protect_pairs || self.shared_path)
            && self
                .masks
                .values()
                .all(|m| !m.per_piece && m.enter_barred == 0)
    }

    /// Whether the turn machine of split turns goes as [`Playout`]'s loop plays it: no
    /// beginning (its moves would be drawn from a list, where the random player draws split
    /// turns unlisted), then throws, again on the values that throw again, then a move or a
    /// pass, after which a side throws.
    fn splits_in_one_loop(&self) -> bool {
        let m = &self.rules.machine;
        let to = |phase, event| m.next(phase, event).map(|(p, _)| p);
        m.start == Phase::Throw
            && self.start().flags == 0
            && to(Phase::Throw, Event::Thrown) == Some(self.moving)
            && (self.rules.throw_again == 0
                || to(Phase::Throw, Event::ThrownAgain) == Some(Phase::Throw))
            && [
                Event::Moved,
                Event::MovedExtraThrow,
                Event::Passed,
                Event::PassedExtraThrow,
            ]
            .into_iter()
            .all(|e| matches!(to(self.moving, e), Some(Phase::Throw) | None))
    }

    /// Whether `pos` may end the game: a cheap test before [`Engine::outcome`]. Where the first
    /// to bear off all wins, a game is not over while both sides have pieces in play.
    #[inline(always)]
    fn may_be_over(&self, pos: &Position) -> bool {
        match self.rules.win {
            Win::FirstAllOff => Side::BOTH
                .into_iter()
                .any(|s| pos.on[s] == 0 && pos.waiting[s] == 0),
            _ => true,
        }
    }
}

impl<'e> Playout<'e> {
    /// The position the last game ended in.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// For rules where [`Engine::plays_out`] holds.
    pub fn new(engine: &'e Engine) -> Playout<'e> {
        debug_assert!(engine.plays_out());
        // A beginning: who sits where, who starts, an opening move due or a side not begun.
        let begins = engine.rules.machine.start != Phase::Throw || engine.start().flags != 0;
        Playout {
            engine,
            summary: fresh_summary(),
            landings: [0; MAX_SQUARES],
            pos: engine.start(),
            moves: Vec::with_capacity(16),
            rows: PerSide::from_fn(|s| ThrowRow::rows(engine, s)),
            beginning: begins.then(|| {
                let mut game = Game::new(engine, 0);
                game.keep_events = false;
                game
            }),
            room: DrawRoom::default(),
        }
    }

    /// Starts a game (fresh counts, the start position) and plays its beginning, if it has
    /// one, through the `Game`, as a game between random agents plays it (the same throws, the
    /// same choices), up to the first throw of an ordinary turn: no seat to take, no opening
    /// move due, every side begun (none of it comes back). Whether the game goes on from there,
    /// the side that moved last and the throws of its turn so far.
    #[cold]
    fn begin<R: Rng + ?Sized, C: Rng>(
        &mut self,
        throws: &mut R,
        choosers: &mut [C; 2],
        turn_cap: u32,
    ) -> (bool, Option<Side>, u32) {
        let engine = self.engine;
        self.summary = fresh_summary();
        self.landings = [0; MAX_SQUARES];
        self.pos = engine.start();
        let Some(game) = self.beginning.as_mut() else {
            return (true, None, 0);
        };
        game.turn_cap = turn_cap;
        game.reset();
        let goes_on = loop {
            if game.phase == Phase::Throw && game.pos.flags == 0 {
                break true;
            }
            match game.next_action() {
                action @ (Action::SeatThrow { .. }
                | Action::StartThrow { .. }
                | Action::Throw { .. }) => {
                    game.give_throw(random_throw_for(engine, action, throws));
                }
                Action::Choose { side } => {
                    let n = game.moves().len();
                    let player = usize::from(game.summary.seat[side]);
                    let k = if n == 1 {
                        0
                    } else {
                        draw_below(&mut choosers[player], n)
                    };
                    game.choose(k);
                }
                Action::Over => break false,
            }
        };
        self.pos = game.pos;
        self.summary = game.summary;
        self.landings = game.landings;
        (goes_on, game.last_side, game.turn_throws)
    }

    /// Plays a game to its end, or to `turn_cap` turns, with throws from `throws` and each
    /// side's choices from `choosers[side]` (drawn as a random agent draws them).
    pub fn play<R: Rng + ?Sized, C: Rng + Clone>(
        &mut self,
        throws: &mut R,
        choosers: &mut [C; 2],
        turn_cap: u32,
    ) {
        if self.engine.rules.split {
            return self.play_split(throws, choosers, turn_cap);
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
        {
            // SAFETY: the processor has the instructions `play_bmi` is compiled for.
            return unsafe { self.play_bmi(throws, choosers, turn_cap) };
        }
        self.play_with::<_, _, Broadword>(throws, choosers, turn_cap)
    }

    /// [`Playout::play`] compiled for processors with BMI2 and POPCNT (x86-64 since 2013): the
    /// k-th piece is found by one deposit instruction instead of broadword arithmetic, and
    /// shifts, masks and bit counts take one instruction each. The same games.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    fn play_bmi<R: Rng + ?Sized, C: Rng + Clone>(
        &mut self,
        throws: &mut R,
        choosers: &mut [C; 2],
        turn_cap: u32,
    ) {
        self.play_with::<_, _, Deposit>(throws, choosers, turn_cap)
    }

    #[inline(always)]
    fn play_with<R: Rng + ?Sized, C: Rng + Clone, S: Select>(
        &mut self,
        throws: &mut R,
        choosers: &mut [C; 2],
        turn_cap: u32,
    ) {
        let engine = self.engine;
        let (goes_on, last_side, mut run) = self.begin(throws, choosers, turn_cap);
        if !goes_on {
            return;
        }
        // Which player plays each side (seats may have swapped them).
        let seat = self.summary.seat.map(usize::from);
        let outcomes = &engine.rules.throws.outcomes[..];
        // The position and the counts the loop changes on every throw, held here rather than
        // in `self` so that they can stay in registers.
        let mut pos = self.pos;
        let mut sum = self.summary;
        let mut last_side = last_side.map_or(u8::MAX, |s| s.index() as u8);
        let mut stop = None;
        loop {
            let s = pos.to_move;
            // A new turn where the side changed, counted without a branch on it: whether a
            // side throws again is a coin the predictor cannot call.
            let new_turn = last_side != s.index() as u8;
            // A new turn is one more turn, and else one more throw of this one (`run`, its
            // throws so far): either stops at the cap.
            // This turn's throws, this one included: 1 on a new turn (masked, not chosen).
            run = (run & u32::from(new_turn).wrapping_sub(1)) + 1;
            if (new_turn & (sum.turns >= turn_cap)) | (run > turn_cap) {
                stop = Some(if new_turn {
                    Stop::TurnCap
                } else {
                    Stop::LongTurn
                });
                break;
            }
            last_side = s.index() as u8;
            sum.turns += u32::from(new_turn);
            let v = outcomes[draw_below(throws, outcomes.len())];
            let row = self.rows[s][usize::from(v)];
            let chooser = &mut choosers[seat[s]];
            let step = match pick::<C, S>(engine, &pos, s, v, &row, chooser) {
                Pick::Plain(p, t) => {
                    // A piece moved on to an empty square with no effect: the step as
                    // `Engine::apply_step` plays it, without what cannot happen here.
                    let m = &engine.masks[s];
                    let (i, j) = (usize::from(p - 1), usize::from(t - 1));
                    pos.on[s] = pos.on[s] & !bit(p) | bit(t);
                    pos.squares[s] = pos.squares[s] & !m.square_bit[i] | m.square_bit[j];
                    pos.cross[s.other()] = pos.cross[s.other()] & !m.cross_bit[i] | m.cross_bit[j];
                    self.landings[m.square_bit[j].trailing_zeros() as usize] += 1;
                    let extra = row.extra | (m.extra & bit(t) != 0);
                    pos.to_move = if extra { s } else { s.other() };
                    sum.moves += 1;
                    sum.extra_throws += u32::from(extra);
                    continue;
                }
                Pick::Step(step) => step,
                Pick::Listed => match self.backward(&pos, s, v, chooser) {
                    Some(step) => step,
                    None => {
                        pos.to_move = if row.pass_again { s } else { s.other() };
                        sum.passes += 1;
                        sum.extra_throws += u32::from(row.pass_extra);
                        continue;
                    }
                },
            };
            let mut tally = Tally::new(&mut self.landings, &mut sum);
            let landed = engine.apply_step(&mut pos, s, step, &mut tally, u8::MAX);
            let (left_play, backward) = (tally.left_play, tally.backward);
            // The end of a move as `Engine::play_in_place` makes it, for the turns played
            // here: an extra throw (by the square, a capture or the throw's value) keeps the
            // side to move, and nothing else is kept per side.
            let extra = landed.extra | row.extra;
            pos.to_move = if extra { s } else { s.other() };
            sum.moves += 1;
            sum.extra_throws += u32::from(extra);
            sum.backward += u32::from(backward);
            // Only a piece leaving play (borne off, captured or removed) can end a game.
            if left_play
                && engine.may_be_over(&pos)
                && let Some(outcome) = engine.outcome(&pos)
            {
                sum.outcome = Some(outcome);
                break;
            }
        }
        sum.stop = stop;
        self.pos = pos;
        self.summary = sum;
    }

    /// [`Playout::play`] for split turns: the throws of a turn added up, then the move a
    /// random agent draws ([`Engine::draw_split`]), or, where it lists the moves, chooses
    /// uniformly among them; the move made and counted as a `Game` makes it.
    fn play_split<R: Rng + ?Sized, C: Rng>(
        &mut self,
        throws: &mut R,
        choosers: &mut [C; 2],
        turn_cap: u32,
    ) {
        let engine = self.engine;
        let (goes_on, mut last_side, mut run) = self.begin(throws, choosers, turn_cap);
        if !goes_on {
            return;
        }
        let seat = self.summary.seat.map(usize::from);
        let mut pos = self.pos;
        let mut sum = self.summary;
        'game: loop {
            let s = pos.to_move;
            if last_side != Some(s) {
                if sum.turns >= turn_cap {
                    sum.stop = Some(Stop::TurnCap);
                    break;
                }
                last_side = Some(s);
                sum.turns += 1;
                run = 0;
            }
            let mut total = Throw::ZERO;
            loop {
                if run >= turn_cap {
                    sum.stop = Some(Stop::LongTurn);
                    break 'game;
                }
                run += 1;
                let v = Throw::from(random_throw(engine, throws));
                total = total.plus(v);
                if !engine.throws_again(v) {
                    break;
                }
            }
            let chooser = &mut choosers[seat[s]];
            let chosen = if engine.draws_split(&pos) {
                match engine.draw_split(&pos, total, chooser, &mut self.room) {
                    Drawn::Move(mv) => Some(mv),
                    Drawn::Pass => None,
                    Drawn::TooLarge => {
                        sum.stop = Some(Stop::TooManyMoves);
                        break;
                    }
                }
            } else {
                self.moves.clear();
                if engine.legal_moves(&pos, total, &mut self.moves) == Listing::Cut {
                    sum.stop = Some(Stop::TooManyMoves);
                    break;
                }
                match self.moves.len() {
                    0 => None,
                    1 => Some(self.moves[0]),
                    n => Some(self.moves[draw_below(chooser, n)]),
                }
            };
            let Some(mv) = chosen else {
                let event = engine.pass_in_place(&mut pos, total);
                sum.passes += 1;
                sum.extra_throws += u32::from(event == Event::PassedExtraThrow);
                continue;
            };
            let mut tally = Tally::new(&mut self.landings, &mut sum);
            engine.play_in_place(&mut pos, &mv, total, &mut tally);
            let (event, left_play, backward) = (tally.event, tally.left_play, tally.backward);
            sum.moves += 1;
            sum.extra_throws += u32::from(matches!(
                event,
                Event::MovedExtraThrow | Event::OpeningMovedThrowAgain
            ));
            sum.backward += u32::from(backward);
            // Only a piece leaving play (borne off, captured or removed) can end a game.
            if left_play && let Some(outcome) = engine.outcome(&pos) {
                sum.outcome = Some(outcome);
                break;
            }
        }
        self.pos = pos;
        self.summary = sum;
    }

    /// Where no piece moves forward: a backward move if the rules have them (listed, as the
    /// engine lists them).
    #[cold]
    fn backward<C: Rng>(
        &mut self,
        pos: &Position,
        s: Side,
        v: u8,
        chooser: &mut C,
    ) -> Option<Step> {
        if v == 0 || !self.engine.rules.backward {
            return None;
        }
        self.moves.clear();
        self.engine
            .backward_moves(pos, s, Throw::from(v), u64::MAX, &mut self.moves);
        let k = match self.moves.len() {
            0 => return None,
            1 => 0,
            n => draw_below(chooser, n),
        };
        Some(self.moves[k].steps()[0])
    }
}

/// What the loop reads for a throw of one value, worked out once per side.
#[derive(Clone, Copy)]
struct ThrowRow {
    /// The pieces a throw of this value may move: none for a throw of 0 (its side passes).
    movers: u64,
    /// The position a waiting piece enters onto with this throw, as its bit (0: none enters).
    entry: u64,
    /// The positions an entering piece passes over: no barrier may stand there.
    entry_path: u64,
    /// The square an entering piece lands on where it may enter only onto an empty square.
    entry_square: u64,
    /// Whether a move with this throw earns an extra throw.
    extra: bool,
    /// Whether a pass with this throw counts as an extra throw, and whether its side throws
    /// next (the turn machine's answer).
    pass_extra: bool,
    pass_again: bool,
}

impl ThrowRow {
    /// Every throw value's row for side `s`: the engine's rules, worked out for the throw.
    fn rows(engine: &Engine, s: Side) -> [ThrowRow; THROW_VALUES] {
        let r = &engine.rules;
        let m = &engine.masks[s];
        std::array::from_fn(|v| {
            let value = Throw::from(v as u8);
            let mask = value.mask_bit();
            let pass_extra = r.extra_after_pass & mask != 0;
            let pass = if pass_extra {
                Event::PassedExtraThrow
            } else {
                Event::Passed
            };
            // Where `Engine::entry_target` lets a piece enter with this throw, before it
            // looks at the position.
            let onto = r.enter.as_ref().filter(|e| e.allows(value)).map(|e| {
                let v = u32::try_from(v).unwrap_or(u32::MAX);
                u8::try_from(e.onto.lands(v)).unwrap_or(u8::MAX)
            });
            let (entry, entry_path, entry_square) = match onto {
                Some(t) if (1..=m.len).contains(&t) => {
                    let square = m.square_bit[usize::from(t - 1)];
                    let if_empty = r.enter.as_ref().is_some_and(|e| e.if_empty);
                    (bit(t), between(0, t), if if_empty { square } else { 0 })
                }
                _ => (0, 0, 0),
            };
            ThrowRow {
                movers: if v == 0 { 0 } else { u64::MAX },
                entry,
                entry_path,
                entry_square,
                extra: r.extra_after & mask != 0,
                pass_extra,
                pass_again: matches!(r.machine.next(Phase::Move, pass), Some((_, Next::Same))),
            }
        })
    }
}

/// The move the random player makes with a throw.
enum Pick {
    /// A piece moved from one path position to another, onto an empty square with no effect.
    Plain(u8, u8),
    /// Any other move of one piece.
    Step(Step),
    /// No piece moves forward: backward moves, if any, are listed.
    Listed,
}

/// The move side `s` makes with throw `v` in `pos`, drawn from `chooser` where there is a
/// choice. Whether a piece enters, and whether the side has a choice, are found without a
/// branch: the game is random, so the predictor would miss half of such branches.
#[inline(always)]
fn pick<C: Rng + Clone, S: Select>(
    engine: &Engine,
    pos: &Position,
    s: Side,
    v: u8,
    row: &ThrowRow,
    chooser: &mut C,
) -> Pick {
    let m = &engine.masks[s];
    let barrier = engine.barrier(pos, s);
    let can_bear = engine.can_bear_off(pos, s);
    let Movable {
        normal,
        exits,
        landable,
        ..
    } = engine.movable::<false>(pos, s, Throw::from(v), row.movers, barrier, can_bear);
    // `Engine::entry_target` where moves are judged all at once: a piece entering lands where
    // a piece moving on could (`landable`).
    let mut entry = (pos.waiting[s] != 0)
        & (landable & row.entry != 0)
        & (barrier & row.entry_path == 0)
        & (pos.occupied() & row.entry_square == 0);
    let mut pieces = normal | exits;
    // Where a piece on a priority square can move, only those move (no entry).
    let claimed = pieces & m.priority;
    if claimed != 0 {
        pieces = claimed;
        entry = false;
    }
    let (counts, on_board) = S::count(pieces);
    let n = on_board + u64::from(entry);
    if n == 0 {
        return Pick::Listed;
    }
    // The legal moves in the order the engine lists them: the pieces from the first position
    // on, then the entry. A single move draws nothing: the draw is made on a copy, kept only
    // where there was a choice (a select, not a branch).
    let mut drawn = chooser.clone();
    let k = draw_below(&mut drawn, n as usize) as u64;
    *chooser = std::hint::select_unpredictable(n > 1, drawn, chooser.clone());
    if k == on_board {
        return Pick::Step(Step::packed(0, lowest(row.entry)));
    }
    let p = S::select(pieces, counts, k);
    // `normal` lands on the path: within 64.
    let t = p + v;
    // Bearing off, or onto an enemy piece or a square with an effect: the engine's step
    // plays it.
    if (exits | (pos.cross[s] | m.effect) >> v) & bit(p) == 0 {
        return Pick::Plain(p, t);
    }
    Pick::Step(Step::packed(p, if exits & bit(p) != 0 { OFF } else { t }))
}

/// Counting the set bits of a word and finding the k-th of them.
trait Select {
    type Counts: Copy;
    /// What [`Select::select`] needs of `x`, and the number of its set bits.
    fn count(x: u64) -> (Self::Counts, u64);
    /// The position (from 1) of the set bit of `x` with `k` set bits below it (`k` below
    /// their number).
    fn select(x: u64, counts: Self::Counts, k: u64) -> u8;
}

/// By broadword arithmetic: on any processor.
struct Broadword;

impl Select for Broadword {
    type Counts = u64;
    #[inline(always)]
    fn count(x: u64) -> (u64, u64) {
        byte_counts(x)
    }
    #[inline(always)]
    fn select(x: u64, counts: u64, k: u64) -> u8 {
        select(x, counts, k)
    }
}

/// By BMI2's deposit: bit `k` of a word put where the k-th set bit of `x` is. Only within
/// [`Playout::play_bmi`].
#[cfg(target_arch = "x86_64")]
struct Deposit;

#[cfg(target_arch = "x86_64")]
impl Select for Deposit {
    type Counts = ();
    #[inline(always)]
    fn count(x: u64) -> ((), u64) {
        ((), u64::from(x.count_ones()))
    }
    #[inline(always)]
    fn select(x: u64, (): (), k: u64) -> u8 {
        // SAFETY: only `play_bmi` selects with `Deposit`, and only on a processor with BMI2.
        let b = unsafe { std::arch::x86_64::_pdep_u64(1 << k, x) };
        b.trailing_zeros() as u8 + 1
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Per byte of `x`, the number of its set bits in that byte and every byte below it, and the
/// number in all of `x` (broadword counting: no loop, no branch).
#[inline(always)]
fn byte_counts(x: u64) -> (u64, u64) {
    let mut c = x - ((x >> 1) & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
    c = ((c + (c >> 4)) & 0x0f0f_0f0f_0f0f_0f0f).wrapping_mul(ONES);
    (c, c >> 56)
}

/// The position (from 1) of the set bit of `x` with `k` set bits below it, `counts` being
/// [`byte_counts`]`(x)` and `k` below their total. After Vigna's broadword select ("Broadword
/// implementation of rank/select queries", 2008): the byte is found by comparing every byte's
/// running count with `k` at once, the bit within it by a table. The move is drawn at random,
/// so a loop over the bits would end at an unpredictable place on most moves.
#[inline(always)]
fn select(x: u64, counts: u64, k: u64) -> u8 {
    let kk = k.wrapping_mul(ONES);
    // The high bit of each byte: whether its running count is at most k.
    let at_most = (((kk | HIGHS) - (counts & !HIGHS)) ^ kk ^ counts) & HIGHS;
    // Bytes whose running count is at most k come first: their number, times 8.
    let byte = ((at_most >> 7).wrapping_mul(ONES) >> 53) & !7;
    let before = ((counts << 8) >> byte) & 0xff;
    let within = ((x >> byte) & 0xff) as usize;
    (byte as u8) + SELECT_IN_BYTE[within * 8 + (k - before) as usize] + 1
}

/// `SELECT_IN_BYTE[b * 8 + j]`: the index of the set bit of byte `b` with `j` set bits below it.
static SELECT_IN_BYTE: [u8; 256 * 8] = {
    let mut table = [0u8; 256 * 8];
    let mut b = 0;
    while b < 256 {
        let (mut j, mut i) = (0usize, 0u8);
        while i < 8 {
            if b & (1usize << i) != 0 {
                table[b * 8 + j] = i;
                j += 1;
            }
            i += 1;
        }
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    use super::{Broadword, Playout, byte_counts, select};
    use crate::compile::compile;
    use crate::engine::Engine;
    use senet_lang::check::check_target;

    /// The form `play` takes on this processor plays the games of the one every processor
    /// can run, on every bundled rule set the loop plays (split turns draw their own way).
    #[test]
    fn both_forms_play_the_same_games() {
        let mut played = 0;
        for id in senet_lang::bundled::ids() {
            let rules = check_target(id, &[]).expect(id);
            // Rule sets of the engine for many sides are not this engine's.
            if rules.plays_many() {
                continue;
            }
            let engine = Engine::new(compile(&rules));
            if !engine.plays_out() || engine.rules.split {
                continue;
            }
            played += 1;
            let (mut a, mut b) = (Playout::new(&engine), Playout::new(&engine));
            for seed in 0..40 {
                let mut choosers = [1, 2].map(|k| Pcg64Mcg::seed_from_u64(seed * 3 + k));
                a.play(&mut Pcg64Mcg::seed_from_u64(seed), &mut choosers, 10_000);
                let mut choosers = [1, 2].map(|k| Pcg64Mcg::seed_from_u64(seed * 3 + k));
                b.play_with::<_, _, Broadword>(
                    &mut Pcg64Mcg::seed_from_u64(seed),
                    &mut choosers,
                    10_000,
                );
                assert_eq!(a.summary, b.summary, "{id}, seed {seed}");
                assert_eq!(a.landings, b.landings, "{id}, seed {seed}");
            }
        }
        assert!(played > 10, "{played}");
    }

    /// Every set bit of `x`, found the plain way, against [`select`].
    fn check(x: u64) {
        let (counts, total) = byte_counts(x);
        assert_eq!(total, u64::from(x.count_ones()), "{x:#x}");
        let mut bits = x;
        for k in 0..total {
            let p = bits.trailing_zeros() as u8 + 1;
            assert_eq!(select(x, counts, k), p, "{x:#x}, k = {k}");
            bits &= bits - 1;
        }
    }

    #[test]
    fn selects_every_set_bit() {
        for x in [
            0,
            1,
            1 << 63,
            u64::MAX,
            0x8000_0000_0000_0001,
            0xff00,
            0x0123_4567_89ab_cdef,
        ] {
            check(x);
        }
        for p in 0..64 {
            check(1 << p);
            check(u64::MAX << p);
            check(u64::MAX >> p);
        }
        // A fixed pseudo-random series (SplitMix64), sparse and dense words.
        let mut z: u64 = 1;
        for _ in 0..20_000 {
            z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut w = z;
            w = (w ^ (w >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            w = (w ^ (w >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            w ^= w >> 31;
            check(w);
            check(w & (w >> 7) & (w >> 13));
        }
    }
}
