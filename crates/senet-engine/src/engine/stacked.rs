//! The stacked form of move generation, for the tables games: pieces of a side stack on a
//! position, a square held by enough enemy pieces is closed, fewer are captured, and a throw of
//! several dice is played one die at a time, each die's number moved whole by one piece (the
//! same piece may move again with the next die).
//!
//! A move is the whole turn: the sequence of single steps that plays the dice. Of all the
//! sequences, only those that use as many dice as some sequence can are legal, and where only
//! one die can be used, the larger if it can (`use most dice, then the larger`). Sequences that
//! end in the same position are one move. The checker keeps rules with stacks to what this form
//! plays: paths from start to end, entering, capture to waiting or removal, closed and safe
//! squares, bearing off, and the first side to bear off all.
//!
//! The search keeps its buffers between calls (one set per thread), so a turn allocates nothing
//! once they have grown to the largest turn seen.

use std::cell::RefCell;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use super::SideMasks;
use super::apply::NoRecord;
use super::generate::{OFF, bit};
use super::moves::TAKES;
use super::position::{RESTACKING, all_stacked, reached_latch};
use super::word_hash::Fast;
use super::{Engine, Move, Position, Step};
use crate::compile::{BearCondition, PoolForm, Rules, Stacked, Unstacking};
use senet_lang::types::limits::MAX_POOL;
use senet_lang::types::{Capture, PathPos, PerSide, Side};

/// The buffers of one search, kept between searches.
#[derive(Default)]
struct Search {
    /// The moves of the best sequences found so far (by [`Search::rank`]), each leading to a
    /// position not listed before.
    moves: Vec<Move>,
    /// The rank of the sequences in `moves`.
    best: u16,
    /// Whether only one die used ranks by the larger (`use most dice, then the larger`).
    use_larger: bool,
    /// The positions `moves` lead to (by [`key`]).
    seen: HashSet<Key, Fast>,
    /// The positions reached with each number of dice left, for not searching one twice.
    visited: HashSet<(Key, u64), Fast>,
    /// Keep every sequence, whatever position it passes through (for a person choosing a turn
    /// step by step), with the dice its steps played.
    every: bool,
    /// Whether two orders of the dice can reach one position with the same dice left: only
    /// where a die's value repeats (a double); else `visited` is not kept.
    repeats: bool,
    /// Whether the dice are all one number and their steps are tried rearmost first only
    /// ([`orders_doubles`]): then `visited` is not kept either.
    ordered: bool,
    /// With `every`, each sequence that can go no further, with the dice its steps played and
    /// how many of them count (see [`Search::leaf`]).
    sequences: Vec<(Move, Played, u8)>,
    /// The dice are played in the order given ([`PoolForm::in_order`]).
    in_order: bool,
    /// How many dice count towards the rank: the last ones beyond may be left unplayed
    /// ([`PoolForm::optional`]): a sequence may stop anywhere among them.
    required: u8,
    /// Where a turn that cannot use the smaller die uses none (`use most dice, the smaller or
    /// none`): that die (0: no such rule).
    smaller: u8,
}

impl Search {
    /// How a sequence that can go no further ranks: by the dice it used (optional dice not
    /// counted), and where it used one and the larger must be played, by that die. A sequence
    /// that leaves out the smaller die, where that must be played, ranks as none. The legal
    /// moves are those of the best rank.
    fn rank(&self, used: u8, played: &Played) -> u16 {
        if self.smaller != 0 {
            let dice = &played.dice[..usize::from(played.used).min(MAX_POOL)];
            if !dice.contains(&self.smaller) {
                return 0;
            }
        }
        let used = used.min(self.required);
        let larger = if self.use_larger && used == 1 {
            played.top
        } else {
            0
        };
        u16::from(used) << 8 | u16::from(larger)
    }

    /// Whether `pos` with the dice `left_key` left is reached for the first time in this search
    /// (kept out of line: the searches of dice in order or left unplayed are few; and by
    /// `replace`, so that the set's `insert` keeps the one caller that inlines it).
    #[inline(never)]
    fn visit(&mut self, pos: &Position, left_key: u64) -> bool {
        self.visited.replace((key(pos), left_key)).is_none()
    }

    /// Records a sequence that stops here: `mv`, leading to `next`, having played `played` (with
    /// `used` dice counted).
    fn leaf(&mut self, next: &Position, mv: Move, used: u8, played: Played) {
        if self.every {
            self.sequences.push((mv, played, used));
            return;
        }
        let rank = self.rank(used, &played);
        if rank > self.best {
            // A sequence playing more dice (or the larger one): those found before are not legal.
            self.best = rank;
            self.moves.clear();
            self.seen.clear();
        }
        if rank == self.best && self.seen.insert(key(next)) {
            self.moves.push(mv);
        }
    }
}

/// The dice a sequence of steps has played so far: how many, the largest, and each step's dice
/// in order (`dice`, step by step, `widths[k]` of them for step `k`: one, or several where dice
/// may be combined).
#[derive(Clone, Copy, Default)]
struct Played {
    used: u8,
    top: u8,
    dice: [u8; MAX_POOL],
    widths: [u8; MAX_POOL],
    steps: u8,
}

impl Played {
    /// The dice of each step, in order.
    fn per_step(&self) -> Vec<Vec<u8>> {
        let mut at = 0;
        self.widths[..usize::from(self.steps)]
            .iter()
            .map(|&w| {
                let end = (at + usize::from(w)).min(self.dice.len());
                let one = self.dice[at..end].to_vec();
                at = end;
                one
            })
            .collect()
    }
}

/// What tells two positions of one turn apart: where each side's pieces stand (the bit sets, the
/// counts of stacks, the pieces held and those still stacked at the start) and how many wait or
/// are off or removed. The squares and crossing sets follow from the pieces, the side to move
/// does not change within a turn, and the stacked form keeps no other state (where unused dice
/// pass to the other side, the larger die is played where only one can be: the dice left unused
/// follow from the position reached).
#[derive(Clone, Copy, Debug, Eq)]
struct Key([u64; 11]);

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        // Every word compared, without a branch or a call per word.
        self.0.iter().zip(&other.0).fold(0, |d, (a, b)| d | (a ^ b)) == 0
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Each word (its high half folded onto its low one) times its own odd constant, summed:
        // multiplications that do not wait on one another, where a hasher fed word by word
        // chains them (a search hashes each position it reaches).
        const ODD: [u64; 11] = [
            0x9e37_79b9_7f4a_7c15,
            0xc2b2_ae3d_27d4_eb4f,
            0x1656_67b1_9e37_79f9,
            0x85eb_ca77_c2b2_ae63,
            0x27d4_eb2f_1656_67c5,
            0xff51_afd7_ed55_8ccd,
            0xc4ce_b9fe_1a85_ec53,
            0x94d0_49bb_1331_11eb,
            0xbf58_476d_1ce4_e5b9,
            0x2545_f491_4f6c_dd1d,
            0x9fb2_1c65_1e98_df25,
        ];
        let sum = self.0.iter().zip(ODD).fold(0u64, |h, (&w, k)| {
            h.wrapping_add((w ^ w >> 32).wrapping_mul(k))
        });
        state.write_u64(sum ^ sum >> 29);
    }
}

fn key(pos: &Position) -> Key {
    // Each count is at most 15 pieces: four bits each, then the pieces on their start stacks.
    let [a, b] = [Side::First, Side::Second].map(|s| {
        u64::from(pos.waiting[s])
            | u64::from(pos.off[s]) << 4
            | u64::from(pos.removed[s]) << 8
            | u64::from(pos.unmoved[s]) << 12
    });
    let (m0, m1) = (pos.more[Side::First], pos.more[Side::Second]);
    Key([
        pos.on[Side::First],
        pos.on[Side::Second],
        a | b << 32,
        m0[0],
        m0[1],
        m0[2],
        m1[0],
        m1[1],
        m1[2],
        // Positions hold 48 bits at most: the latches above them.
        pos.held[Side::First] | u64::from(pos.latches) << 56,
        pos.held[Side::Second],
    ])
}

/// Whether the steps of a throw of one number several times (a double) may be searched in one
/// order only, each starting no further back than the one before (the rearmost piece first, as
/// gnubg's move generator plays doubles), without losing a position any order reaches.
///
/// Sorted so, a legal sequence stays legal and ends where it did, under rules where a step's
/// legality depends on nothing its order changes: a point closed at the start of the turn stays
/// closed and an open one open (a capture only takes enemy pieces off, to wait or out of the
/// game); bearing off waits for pieces behind, whose steps all come first; a piece a step moves
/// is there, since any step that brought it came from further back. Rules where order matters
/// are left to the full search: a limit on a stack (a piece lands before another leaves), a
/// rule on stacks or landing counted during the turn, a piece that must leave the start first,
/// pins, entering only onto an empty point, square effects, captures that put a piece back on
/// the board, a pattern that ends the game, unstacking, dice combined, and a bearing-off zone
/// other than the end of the path (or a zone to be left that is not its beginning).
pub(super) fn orders_doubles(rules: &Rules, masks: &PerSide<SideMasks>, extras: bool) -> bool {
    let Some(t) = &rules.stacked else {
        return false;
    };
    let pieces = rules.pieces;
    let unlimited =
        t.limit >= pieces && (t.zone_limit >= pieces || t.zone.values().all(|&z| z == 0));
    let captures_off = matches!(
        rules.capture,
        Capture::None | Capture::Removed | Capture::ToWaiting
    ) && rules.captured_at.iter().all(Option::is_none);
    let zones = masks.values().all(|m| {
        let path = u128::from(u64::MAX) >> (64 - u32::from(m.len).min(64));
        let zone = |z: u64| u128::from(z);
        match rules.bear_when {
            BearCondition::Always | BearCondition::Never => true,
            // The end of the path: the zone and the lowest bit of it add up past the path.
            BearCondition::AllInZone => {
                let z = zone(m.bear_zone);
                z != 0 && z + (z & z.wrapping_neg()) == path + 1
            }
            // Its beginning: positions 1 to some k.
            BearCondition::NoneInZone => {
                let z = zone(m.no_bear_zone);
                z & (z + 1) == 0
            }
        }
    });
    unlimited
        && captures_off
        && zones
        && !extras
        && !t.combined
        && t.unstack.is_none()
        && t.leave_after.is_none()
        && t.landing_rules.values().all(|&l| l == 0)
        && rules.pattern_win.is_none()
        && rules.enter.is_none_or(|e| !e.if_empty)
        && masks.values().all(|m| m.effect == 0)
}

impl Search {
    /// Sets how the dice `dice` (as [`dice_of`] gives them) are played: in order or not, how
    /// many count, the smaller die where it must be played, and whether a die's value repeats.
    fn set_form(&mut self, t: &Stacked, dice: &[u8], form: PoolForm) {
        let n = u8::try_from(dice.len()).unwrap_or(u8::MAX);
        self.in_order = form.in_order;
        // Where no die is optional, every sequence stops only where it can go no further.
        self.required = if form.optional == 0 {
            u8::MAX
        } else {
            n.saturating_sub(form.optional)
        };
        let counted = &dice[..usize::from(n.saturating_sub(form.optional))];
        self.smaller = if t.use_smaller {
            counted.iter().copied().min().unwrap_or(0)
        } else {
            0
        };
        self.repeats = (1..dice.len()).any(|k| dice[..k].contains(&dice[k]));
    }
}

/// Whether every piece side `s` has in play stands on `zone` (none waiting to enter).
#[cold]
fn all_on(pos: &Position, s: Side, zone: u64) -> bool {
    pos.waiting[s] == 0 && pos.on[s] & !zone == 0
}

/// The room a set kept between searches keeps in any case.
const KEPT_CAPACITY: usize = 1 << 12;

/// `set` emptied for the next search. Clearing a set costs its capacity: where it is far more
/// than the last search used (one turn of tens of thousands of positions, a double with the faces
/// beneath it, grew it), it shrinks back, so that the searches after it are not slowed.
fn emptied<T: Eq + Hash>(set: &mut HashSet<T, Fast>) {
    let keep = set.len().max(KEPT_CAPACITY);
    set.clear();
    if set.capacity() > 16 * keep {
        set.shrink_to(2 * keep);
    }
}

/// The dice of `pool` as the search plays them: largest first, or in the order given where the
/// form says so; and how many.
fn dice_of(pool: &[u8], form: PoolForm) -> ([u8; MAX_POOL], usize) {
    let mut dice = [0u8; MAX_POOL];
    for (slot, &d) in dice.iter_mut().zip(pool) {
        *slot = d;
    }
    let n = pool.len().min(dice.len());
    if !form.in_order {
        dice[..n].sort_unstable_by(|a, b| b.cmp(a));
    }
    (dice, n)
}

/// The most sequences [`Engine::dice_sequences`] lists: beyond it (a double taken as many
/// pieces as it adds up to, twelve dice of 0 over six points, has billions of orders) it gives
/// none.
pub const MAX_SEQUENCES: usize = 100_000;

thread_local! {
    static SEARCH: RefCell<Search> = RefCell::new(Search::default());
}

impl Engine {
    /// The legal moves of the side to move for the dice `pool` (the dice still to play, played
    /// as `form` says), each a whole turn, written into `out`. An empty list means the side
    /// passes.
    pub(super) fn stacked_moves(
        &self,
        pos: &Position,
        pool: &[u8],
        form: PoolForm,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        let Some(t) = &self.rules.stacked else {
            return;
        };
        let (dice, n) = dice_of(pool, form);
        SEARCH.with(|cell| {
            let search = &mut *cell.borrow_mut();
            // The moves are listed in `out` itself, its buffer kept with the search's.
            std::mem::swap(&mut search.moves, out);
            search.moves.clear();
            emptied(&mut search.seen);
            emptied(&mut search.visited);
            search.best = 0;
            search.use_larger = t.use_larger;
            search.every = false;
            search.set_form(t, &dice[..n], form);
            search.ordered = self.ordered_doubles
                && n > 1
                && dice[0] != 0
                && dice[..n].iter().all(|&d| d == dice[0]);
            search.repeats = !search.ordered && search.repeats;
            self.search_from(t, pos, &dice[..n], form, search);
            if search.best == 0 {
                // No die can be used: the side passes.
                search.moves.clear();
            }
            std::mem::swap(&mut search.moves, out);
        });
    }

    /// Every legal sequence of steps for the dice `pool` (the turn's moves of
    /// [`Engine::dice_moves`], each in every order of its steps that is legal), with the dice each
    /// step plays (one, or several where dice may be combined): for a person who chooses a turn
    /// one step at a time. Empty where the side passes, and for rules without dice played one by
    /// one; `None` where the sequences are more than [`MAX_SEQUENCES`].
    pub fn dice_sequences(
        &self,
        pos: &Position,
        pool: &[u8],
        form: PoolForm,
    ) -> Option<Vec<(Move, Vec<Vec<u8>>)>> {
        let Some(t) = &self.rules.stacked else {
            return Some(Vec::new());
        };
        let (dice, n) = dice_of(pool, form);
        let mut search = Search {
            every: true,
            use_larger: t.use_larger,
            ..Search::default()
        };
        search.set_form(t, &dice[..n], form);
        self.search_from(t, pos, &dice[..n], form, &mut search);
        if search.sequences.len() >= MAX_SEQUENCES {
            return None;
        }
        let best = search
            .sequences
            .iter()
            .map(|(_, p, used)| search.rank(*used, p))
            .max()
            .unwrap_or(0);
        if best == 0 {
            return Some(Vec::new());
        }
        let found = search
            .sequences
            .iter()
            .filter(|(_, p, used)| search.rank(*used, p) == best)
            .map(|(mv, played, _)| (*mv, played.per_step()))
            .collect();
        Some(found)
    }

    /// Searches every sequence of steps for the dice `dice` from `pos` (see [`Engine::play_dice`]),
    /// with the search's copy for dice played in order or left unplayed where `form` has them.
    fn search_from(
        &self,
        t: &Stacked,
        pos: &Position,
        dice: &[u8],
        form: PoolForm,
        search: &mut Search,
    ) {
        let play = if form == PoolForm::ANY {
            Self::play_dice::<false>
        } else {
            Self::play_dice::<true>
        };
        play(
            self,
            t,
            pos,
            dice,
            Move::default(),
            Played::default(),
            0,
            search,
        );
    }

    /// Plays the dice left (largest first, each distinct value tried in turn; where dice may be
    /// combined, each distinct set of them too) from `pos`, recording every sequence that can go
    /// no further with the dice it played. Where the search is `ordered`, only steps from
    /// `floor` or beyond. `FORMS`: the dice may be played in order, or some left unplayed
    /// ([`PoolForm`]).
    #[allow(clippy::too_many_arguments)]
    fn play_dice<const FORMS: bool>(
        &self,
        t: &Stacked,
        pos: &Position,
        left: &[u8],
        mv: Move,
        played: Played,
        floor: u8,
        search: &mut Search,
    ) {
        // The dice left, four bits each (a die shows at most 12), after a leading 1 so that dice
        // of 0 (`doubles played as many pieces as they add up to`) count.
        let left_key = left.iter().fold(1u64, |k, &d| k << 4 | u64::from(d));
        // Every sequence listed, past the most: the listing is given up.
        if search.every && search.sequences.len() >= MAX_SEQUENCES {
            return;
        }
        if played.used > 0 && search.repeats && !search.every {
            // One place inlines the set's insertion: the plain searches'.
            let first = if FORMS {
                search.visit(pos, left_key)
            } else {
                search.visited.insert((key(pos), left_key))
            };
            if !first {
                return;
            }
        }
        // Among dice the player may leave unplayed, the sequence may stop at any point. (Only
        // searches of such dice, or in order, are `FORMS`: the others compile without it.)
        let stop = FORMS && played.used >= search.required;
        if stop {
            search.leaf(pos, mv, played.used, played);
        }
        let s = pos.to_move;
        let mut moved = false;
        let r = left.len();
        // Each distinct choice of dice: one die (largest first), or where dice may be combined
        // any set of them; of equal dice only the first ones, so that each set is tried once.
        let all: u32 = (1 << r) - 1;
        let mut mask = 0u32;
        loop {
            // Dice played in order: the first left only, on its own.
            let in_order = FORMS && search.in_order;
            mask = match (t.combined && !in_order, mask) {
                (true, _) => mask + 1,
                (false, 0) => 1,
                (false, _) if in_order => break,
                (false, _) => mask << 1,
            };
            if mask > all {
                break;
            }
            let repeat = |k: usize| left[k] == left[k - 1] && mask >> (k - 1) & 1 == 0;
            if (1..r).any(|k| mask >> k & 1 == 1 && repeat(k)) {
                continue;
            }
            let mut rest = [0u8; MAX_POOL];
            let mut kept = 0;
            let (mut sum, mut top, mut width) = (0u16, 0u8, 0u8);
            let mut chosen = [0u8; MAX_POOL];
            for (k, &d) in left.iter().enumerate() {
                if mask & (1 << k) != 0 {
                    chosen[usize::from(width)] = d;
                    width += 1;
                    sum += u16::from(d);
                    top = top.max(d);
                } else {
                    rest[kept] = d;
                    kept += 1;
                }
            }
            let Ok(d) = u8::try_from(sum) else { continue };
            let mut steps = [Step::default(); 16];
            let count = self.die_steps(t, pos, s, d, &mut steps);
            for &step in &steps[..count] {
                if search.ordered && step.packed_from() < floor {
                    continue;
                }
                let mut next = *pos;
                // A take moves no piece (`dice take lone pieces on their number`).
                if step.packed_from() == TAKES {
                    self.take(&mut next, s, step, &mut NoRecord);
                } else {
                    self.apply_step(&mut next, s, step, &mut NoRecord, u8::MAX);
                }
                let mut longer = mv;
                if longer.push(step).is_none() {
                    continue;
                }
                moved = true;
                let mut after = played;
                for &c in &chosen[..usize::from(width)] {
                    if let Some(slot) = after.dice.get_mut(usize::from(after.used)) {
                        *slot = c;
                    }
                    after.used += 1;
                }
                if let Some(w) = after.widths.get_mut(usize::from(after.steps)) {
                    *w = width;
                }
                after.steps += 1;
                after.top = after.top.max(top);
                if self.ends_at_step(&next, s) {
                    // A step that makes the winning pattern (or makes the other side lose) ends
                    // the game there: the dice left are not played, and the sequence counts as
                    // playing them all.
                    let all = after.used.saturating_add(u8::try_from(kept).unwrap_or(0));
                    search.leaf(&next, longer, all, after);
                    continue;
                }
                let floor = if search.ordered {
                    step.packed_from()
                } else {
                    0
                };
                self.play_dice::<FORMS>(t, &next, &rest[..kept], longer, after, floor, search);
            }
        }
        if !moved && !stop {
            search.leaf(pos, mv, played.used, played);
        }
    }

    /// The single steps side `s` may make with one die of `d`, written into `out`; how many.
    fn die_steps(
        &self,
        t: &Stacked,
        pos: &Position,
        s: Side,
        d: u8,
        out: &mut [Step; 16],
    ) -> usize {
        // While a side unstacks (or restacks) its start stacks, a die only takes a piece off
        // (or puts one back on) the stack on its own number's position.
        if pos.unmoved[s] != 0
            && let Some(u) = &t.unstack
        {
            if d == 0 {
                return self.any_stack_steps(u, pos, s, out);
            }
            out[0] = Step::packed(d, d);
            return usize::from(stack_slot(u, pos, s, d).is_some());
        }
        // A side entering again all it has borne off only enters.
        if self.rules.enter_again && pos.waiting[s] > 0 {
            return self.again_steps(t, pos, s, d, out);
        }
        if d == 0 {
            return self.any_off_steps(t, pos, s, out);
        }
        let mut n = 0;
        let mut push = |step: Step| {
            if let Some(slot) = out.get_mut(n) {
                *slot = step;
                n += 1;
            }
        };
        // A die of d may take the other side's piece alone on its own position d (`dice take
        // lone pieces on their number`).
        if t.take_by_die {
            let e = s.other();
            if d <= self.masks[e].len
                && pos.on[e] & bit(d) != 0
                && pos.more_at(e, usize::from(d - 1)) == 0
            {
                push(Step::packed(TAKES, d));
            }
        }
        let len = self.masks[s].len;
        // A pinned piece does not move.
        let mut bits = pos.on[s] & !pos.held[s];
        let mut may_enter = true;
        if t.holds {
            (bits, may_enter) = self.unheld(pos, s, bits);
        }
        if pos.waiting[s] > 0 {
            if may_enter
                && let Some(e) = self.rules.enter
                && e.allows(d.into())
            {
                let onto = u8::try_from(e.onto.lands(d.into())).unwrap_or(u8::MAX);
                let empty = !e.if_empty || self.square_empty(pos, s, onto);
                if (1..=len).contains(&onto)
                    && empty
                    && self.stack_lands(t, pos, s, onto)
                    && (t.landing_rules[s] & bit(onto) == 0
                        || !self.landing_barred(t, pos, s, 0, onto))
                    && pos.on[s] & self.masks[s].enter_barred == 0
                {
                    push(Step::packed(0, onto));
                }
            }
            if t.enter_first {
                return n;
            }
        }
        let may_bear = self.can_bear_off(pos, s);
        let restricted = t.landing_rules[s];
        if self.start_held(t, pos, s) {
            bits &= !bit(1);
        }
        while bits != 0 {
            let p = u8::try_from(bits.trailing_zeros() + 1).unwrap_or(0);
            bits &= bits - 1;
            let to = u16::from(p) + u16::from(d);
            if to <= u16::from(len) {
                let to = u8::try_from(to).unwrap_or(0);
                if self.stack_lands(t, pos, s, to)
                    && (restricted & bit(to) == 0 || !self.landing_barred(t, pos, s, p, to))
                {
                    push(Step::packed(p, to));
                }
            } else if may_bear && t.bear_from[s] & bit(p) != 0 {
                let exact = to == u16::from(len) + 1;
                // No piece of the side behind this one, nor waiting to enter.
                let hindmost = pos.waiting[s] == 0 && pos.on[s] & (bit(p) - 1) == 0;
                if exact
                    || t.bear_past
                    || (t.bear_hindmost && hindmost)
                    || (t.bear_past_when[s] != 0 && all_on(pos, s, t.bear_past_when[s]))
                {
                    push(Step::packed(p, OFF));
                }
            }
        }
        n
    }

    /// The pieces of side `s` among `bits` that may move, and whether a waiting piece may
    /// enter: while a piece stands where it holds the others (`only pieces on SET may move
    /// while one is there`), only such pieces, and none enters unless the rule lets it (`or
    /// waiting`); while a piece waits to enter, none of those `move only when none waits`.
    #[inline(never)]
    fn unheld(&self, pos: &Position, s: Side, bits: u64) -> (u64, bool) {
        let m = &self.masks[s];
        let mut bits = bits;
        let mut may_enter = true;
        if pos.on[s] & m.hold != 0 {
            bits &= m.hold;
            may_enter = self.rules.hold_lets_enter;
        }
        if pos.waiting[s] > 0 {
            bits &= !m.none_waits;
        }
        (bits, may_enter)
    }

    /// Whether a piece of side `s` may end a step on its position `to`: its own stack there has
    /// room, and the enemy pieces there are fewer than close the square and may be captured.
    #[inline(always)]
    fn stack_lands(&self, t: &Stacked, pos: &Position, s: Side, to: u8) -> bool {
        let m = &self.masks[s];
        let i = usize::from(to - 1);
        if pos.on[s] & bit(to) != 0 {
            // Its own piece there is pinned: the enemy holds the point.
            if pos.held[s] & bit(to) != 0 {
                return false;
            }
            // Kotra's and Emperador's starting sides hold it at every step: kept inline.
            let most = if t.zone[s] & bit(to) != 0 && pos.latches & reached_latch(s) == 0 {
                t.zone_limit
            } else {
                t.limit
            };
            return 1 + pos.more_at(s, i) < most;
        }
        if pos.squares[s.other()] & m.square_bit[i] == 0 {
            return true;
        }
        let e = s.other();
        let ep = self.masks[e].pos_of_square[m.square_index(to)];
        let enemies = 1 + pos.more_at(e, usize::from(ep.max(1) - 1));
        enemies < t.closed_with && self.can_capture && m.safe & bit(to) == 0
    }

    /// A die of 0 while side `s` unstacks (or restacks): a step on every position where it may
    /// take a piece off its stack (or put one back).
    fn any_stack_steps(
        &self,
        u: &Unstacking,
        pos: &Position,
        s: Side,
        out: &mut [Step; 16],
    ) -> usize {
        let mut n = 0;
        let mut last = 0;
        for &p in &u.stacked[s] {
            if p != last && stack_slot(u, pos, s, p).is_some() && n < out.len() {
                out[n] = Step::packed(p, p);
                n += 1;
            }
            last = p;
        }
        n
    }

    /// The steps of side `s` entering again the pieces it has borne off, with a die of `d`:
    /// onto position `d` while fewer of its pieces stand there than started there; a die of 0
    /// (`doubles played as many pieces as they add up to`) onto any such position.
    #[cold]
    fn again_steps(
        &self,
        t: &Stacked,
        pos: &Position,
        s: Side,
        d: u8,
        out: &mut [Step; 16],
    ) -> usize {
        let started = &t.again[s];
        let len = self.masks[s].len;
        let short = |p: u8| {
            let here = PathPos::new(p.into()).map_or(0, |q| pos.count(s, q));
            here < started[usize::from(p - 1)] && self.stack_lands(t, pos, s, p)
        };
        let mut n = 0;
        let targets = if d == 0 { 1..=len } else { d..=d.min(len) };
        for p in targets {
            if short(p) && n < out.len() {
                out[n] = Step::packed(0, p);
                n += 1;
            }
        }
        n
    }

    /// A die of 0 once side `s` moves: a piece borne off from any position, where it may bear
    /// off.
    fn any_off_steps(&self, t: &Stacked, pos: &Position, s: Side, out: &mut [Step; 16]) -> usize {
        if !self.can_bear_off(pos, s) {
            return 0;
        }
        let mut n = 0;
        let mut bits = pos.on[s] & !pos.held[s];
        if t.holds {
            bits = self.unheld(pos, s, bits).0;
        }
        while bits != 0 && n < out.len() {
            let p = u8::try_from(bits.trailing_zeros() + 1).unwrap_or(0);
            bits &= bits - 1;
            out[n] = Step::packed(p, OFF);
            n += 1;
        }
        n
    }

    /// Whether a piece of side `s` from `from` (0: entering) may not end on `to`: too many of its
    /// pieces are still at the start (`pieces land on SET only after N have left the start`), or
    /// it would make a stack there beyond those `stacks on at most N of SET` allows, counted as
    /// they would stand after the step (a stack of two it leaves is one no longer).
    fn landing_barred(&self, t: &Stacked, pos: &Position, s: Side, from: u8, to: u8) -> bool {
        if t.land_zone[s] & bit(to) != 0 {
            // Not yet: too many pieces wait or stand on position 1.
            let at_start = if pos.on[s] & bit(1) != 0 {
                1 + pos.more_at(s, 0)
            } else {
                0
            };
            if pos.waiting[s] + at_start > t.land_start_max {
                return true;
            }
        }
        if t.crowd[s] & bit(to) == 0 {
            return false;
        }
        let one_there = pos.on[s] & bit(to) != 0 && pos.more_at(s, usize::from(to - 1)) == 0;
        if !one_there {
            return false;
        }
        let mut bits = pos.on[s] & t.crowd[s];
        let mut stacks = 0u8;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let p = u8::try_from(i + 1).unwrap_or(0);
            let more = pos.more_at(s, usize::from(p - 1));
            // The stack the piece leaves, if it leaves one of two.
            stacks += u8::from(more > 1 || (more == 1 && p != from));
        }
        stacks >= t.crowd_max
    }

    /// Whether no throw would move a piece of either side (`draw when neither side can move`):
    /// no die of any throw, nor where dice may be combined any sum of a throw's dice, gives a
    /// step.
    #[cold]
    pub(super) fn stuck(&self, pos: &Position) -> bool {
        let Some(t) = &self.rules.stacked else {
            return false;
        };
        let mut steps = [Step::default(); 16];
        for s in Side::BOTH {
            for pool in &t.pools {
                let choices: u32 = if t.combined {
                    (1 << pool.len().min(8)) - 1
                } else {
                    0
                };
                for d in pool
                    .iter()
                    .map(|&d| u16::from(d))
                    .chain((1..=choices).map(|mask| {
                        (0..pool.len())
                            .filter(|k| mask >> k & 1 == 1)
                            .map(|k| u16::from(pool[k]))
                            .sum()
                    }))
                {
                    let Ok(d) = u8::try_from(d) else { continue };
                    if self.die_steps(t, pos, s, d, &mut steps) > 0 {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether no piece of side `s` may leave position 1 (`pieces leave the start after the
    /// first reaches N`): one piece only has left it, and it stands on the board before N.
    fn start_held(&self, t: &Stacked, pos: &Position, s: Side) -> bool {
        let Some(reach) = t.leave_after else {
            return false;
        };
        let rest = pos.on[s] & !bit(1);
        let at_start = if pos.on[s] & bit(1) != 0 {
            1 + pos.more_at(s, 0)
        } else {
            0
        };
        at_start > 0
            && self.rules.pieces - at_start == 1
            && rest.count_ones() == 1
            && rest < bit(reach)
    }

    /// Whether side `s`'s position `p` stands on a square with no piece on it.
    fn square_empty(&self, pos: &Position, s: Side, p: u8) -> bool {
        pos.occupied() & self.masks[s].square_bit[usize::from(p - 1)] == 0
    }
}

/// Where side `s` unstacks (or restacks) its start stacks: the slot of [`Position::unmoved`] a
/// die of `d` takes off its stack (the last on it), or puts back on (the first not on it), if
/// any. The pieces on a stack are so always its first slots, one state for one position.
pub(super) fn stack_slot(u: &Unstacking, pos: &Position, s: Side, d: u8) -> Option<usize> {
    let state = pos.unmoved[s];
    let on = |k: usize| state >> k & 1 == 1;
    let mut slots = (0..u.stacked[s].len()).filter(|&k| u.stacked[s][k] == d);
    if state & RESTACKING != 0 {
        slots.find(|&k| !on(k))
    } else {
        slots.rfind(|&k| on(k))
    }
}

impl Engine {
    /// Plays a step of side `s` from position `p` to itself: takes a piece off its start stack
    /// there (or, restacking, puts one back on). The last unstacked begins the restacking where
    /// the rules restack; the last restacked (or, without, unstacked) frees the side's pieces.
    pub(super) fn unstack_step(&self, pos: &mut Position, s: Side, p: u8) {
        let Some(u) = self.rules.unstacking() else {
            return;
        };
        if let Some(k) = stack_slot(u, pos, s, p) {
            pos.unmoved[s] ^= 1 << k;
        }
        let all = all_stacked(u, s);
        pos.unmoved[s] = match pos.unmoved[s] {
            0 if u.restack => RESTACKING,
            state if state == all | RESTACKING => 0,
            state => state,
        };
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64Mcg;
    use senet_lang::bundled;
    use senet_lang::check::check_target;

    use crate::compile::compile;
    use crate::engine::game::{Action, Game, random_throw_for};
    use crate::engine::{Engine, Move, Position};
    use senet_lang::types::Throw;

    /// Where each of `moves` leads from `pos`.
    fn results(engine: &Engine, pos: &Position, moves: &[Move]) -> HashSet<super::Key> {
        moves
            .iter()
            .map(|m| super::key(&engine.apply(pos, m, Throw::new(1)).0))
            .collect()
    }

    /// Searching a double's steps rearmost first finds every position the search of every order
    /// finds, and no other, in random games of each bundled rule set that allows it; the rule
    /// sets that do not (order matters under their rules) are searched in every order.
    #[test]
    fn doubles_in_order_reach_what_every_order_reaches() {
        let mut ordered = Vec::new();
        let mut compared = 0;
        for id in bundled::ids() {
            let Ok(rules) = check_target(id, &[]) else {
                continue;
            };
            // Rule sets of the engine for many sides are not this engine's.
            if rules.plays_many() {
                continue;
            }
            let engine = Engine::new(compile(&rules));
            let Some(t) = &engine.rules.stacked else {
                continue;
            };
            if !engine.ordered_doubles {
                continue;
            }
            ordered.push(id);
            let mut every_order = engine.clone();
            every_order.ordered_doubles = false;
            let doubles: Vec<Vec<u8>> = t
                .pools
                .iter()
                .filter(|p| p.len() > 1 && p.iter().all(|&d| d == p[0] && d != 0))
                .cloned()
                .collect();
            let (mut fast, mut full) = (Vec::new(), Vec::new());
            for seed in 0..2 {
                let mut rng = Pcg64Mcg::seed_from_u64(seed);
                let mut choices = Pcg64Mcg::seed_from_u64(seed ^ 1);
                let mut game = Game::new(&engine, 400);
                loop {
                    match game.next_action() {
                        Action::Over => break,
                        Action::Choose { .. } => {
                            for pool in &doubles {
                                engine.dice_moves(&game.pos, pool, &mut fast);
                                every_order.dice_moves(&game.pos, pool, &mut full);
                                assert_eq!(
                                    results(&engine, &game.pos, &fast),
                                    results(&engine, &game.pos, &full),
                                    "{id}: {pool:?} in {:?}",
                                    game.pos
                                );
                                assert_eq!(fast.len(), full.len(), "{id}: {pool:?}");
                                compared += 1;
                            }
                            let i = choices.random_range(0..game.moves().len());
                            game.choose(i);
                        }
                        action => game.give_throw(random_throw_for(&engine, action, &mut rng)),
                    }
                }
            }
        }
        assert!(ordered.contains(&"tables/backgammon"), "{ordered:?}");
        assert!(compared > 20_000, "{compared} in {ordered:?}");
    }
}
