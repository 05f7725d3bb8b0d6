//! A dense numbering of every state of a race game whose sides have private and shared squares.
//!
//! A state is the side to move (the mover) and, for each side, which of its path positions hold
//! a piece and how many pieces are off (the rest wait). Each side's positions are split into
//! private ones (squares the other path does not pass) and shared squares, numbered the same way
//! for both sides so that "both sides on one square" is a clash of bits. States are grouped into
//! layers by (mover, pieces off of the mover, pieces off of the opponent); inside a layer, into
//! rows by the mover's pieces; inside a row, the opponent's pieces are ranked among the placings
//! that avoid the mover's shared squares (by number of pieces, then by bits). Every index is used
//! by exactly one state, so values take 8 bytes a state and nothing else.
//!
//! When the two sides' rules mirror each other (same squares' kinds at the same positions, the
//! shared squares paired symmetrically), a state and its mirror image (sides swapped) have the
//! same value for the side to move, and only the mover-first states are numbered: half as many.
//! Where pieces stack, each side's placing is a multiset instead, ranked by arithmetic
//! ([`super::stacks`]).
//!
//! See docs/solver.md.

use super::stacks::Stacks;
use senet_engine::compile::{Rules, SideTable, Win};
use senet_engine::engine::Position;
use senet_lang::types::{Capture, PathPos, PerSide, Side};

/// Why a rule set cannot be numbered densely (the solver then falls back to searching).
pub type NotDense = String;

/// The largest number of bits (private positions plus shared squares) a side's placing may
/// have: the rank tables grow as 2^bits.
const MAX_BITS: u32 = 20;

/// The most the tables that locate rows may take.
const MAX_TABLE_BYTES: u64 = 1 << 30;

/// Where a position sits in the numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Located {
    /// The game is over: this side has won.
    Over { winner: Side },
    /// State `index`; its value is the chance that `mover` (the side to move) wins.
    State { index: usize, mover: Side },
}

/// How one side's pieces, as bits of path positions, map to (private bits, shared bits) and
/// back, in the role of mover or of opponent.
#[derive(Clone, Debug)]
struct Role {
    /// Private positions: bit `k` of the private bits is this path position (1-based).
    private: Vec<u8>,
    /// Shared squares: bit `j` of the shared bits is this path position.
    shared: Vec<u8>,
    /// Per byte of the path bits, per byte value: its (private bits, shared bits).
    split: Vec<[(u32, u32); 256]>,
}

impl Role {
    fn new(private: Vec<u8>, shared: Vec<u8>, len: u8) -> Role {
        let bytes = (len as usize).div_ceil(8);
        let mut split = vec![[(0u32, 0u32); 256]; bytes];
        for (b, table) in split.iter_mut().enumerate() {
            for (value, entry) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    if value & (1 << bit) == 0 {
                        continue;
                    }
                    let p = (b * 8 + bit + 1) as u8;
                    if let Some(k) = private.iter().position(|&q| q == p) {
                        entry.0 |= 1 << k;
                    }
                    if let Some(j) = shared.iter().position(|&q| q == p) {
                        entry.1 |= 1 << j;
                    }
                }
            }
        }
        Role {
            private,
            shared,
            split,
        }
    }

    fn bits(&self) -> u32 {
        self.private.len() as u32
    }

    #[inline]
    fn split(&self, on: u64) -> (u32, u32) {
        let (mut private, mut shared) = (0, 0);
        for (b, table) in self.split.iter().enumerate() {
            let (p, s) = table[(on >> (8 * b)) as usize & 0xff];
            private |= p;
            shared |= s;
        }
        (private, shared)
    }

    /// The path positions of a placing, for [`Position::put`].
    fn positions(&self, private: u32, shared: u32) -> impl Iterator<Item = PathPos> + '_ {
        let p = self
            .private
            .iter()
            .enumerate()
            .filter(move |(k, _)| private & (1 << k) != 0);
        let s = self
            .shared
            .iter()
            .enumerate()
            .filter(move |(j, _)| shared & (1 << j) != 0);
        p.chain(s).filter_map(|(_, &q)| PathPos::new(u32::from(q)))
    }
}

/// One layer: the mover's side, both sides' pieces off, and where each row starts.
#[derive(Clone, Debug)]
pub struct Layer {
    pub mover: Side,
    pub off: PerSide<u8>,
    /// The layer's first index.
    pub base: u64,
    pub size: u64,
    /// Indexed by the mover's key (private bits | shared bits << private count): the index of
    /// its row's first state, or `u64::MAX` when that placing has too many pieces for the layer.
    /// Where placings are ranked as subsets, indexed by the mover's pieces on the board: where
    /// the rows of that many pieces begin, from the layer's first index. Where pieces stack,
    /// empty: rows are all as long, the opponent's placings.
    rows: Vec<u64>,
}

impl Layer {
    /// Both sides' pieces off: the layer's super-layer (a move never lowers it).
    pub fn total_off(&self) -> usize {
        self.off.values().map(|&n| usize::from(n)).sum()
    }

    /// The indices of the layer's states.
    pub fn states(&self) -> std::ops::Range<usize> {
        self.base as usize..(self.base + self.size) as usize
    }
}

/// The dense numbering of a rule set's states.
#[derive(Clone, Debug)]
pub struct DenseIndex {
    pub pieces: u8,
    /// Only mover-first states are numbered; the other side's are their mirror images.
    pub mirrored: bool,
    /// Per perspective (the mover's side; one perspective when mirrored): (mover, opponent).
    roles: Vec<[Role; 2]>,
    /// Shared squares.
    shared: u32,
    /// `compress[m << 8 | y]`: the bits of byte `y` at the places where byte `m` is clear, packed.
    compress: Vec<u8>,
    /// `rank[n][bits]`: the rank of an `n`-bit placing among all `n`-bit placings ordered by
    /// number of pieces, then by value.
    rank: Vec<Vec<u32>>,
    /// `fewer[n][k]`: how many `n`-bit placings have at most `k` pieces.
    fewer: Vec<Vec<u64>>,
    /// Placings ranked by arithmetic over subsets of the shared squares, not by tables.
    subsets: bool,
    /// `choose[n][k]`: the binomial coefficient, for the ranks of [`DenseIndex::subsets`].
    choose: Vec<Vec<u64>>,
    pub layers: Vec<Layer>,
    pub states: u64,
    /// Throw values a turn can have: each state keeps one chosen successor of each while solving.
    pub throws: usize,
    /// The most pieces one turn can bear off: one, or where the stacked form plays a throw's
    /// dice one by one, as many as a throw has dice (and pieces). The solver parks the values
    /// of the super-layers no turn can reach (see `dense::parked`).
    pub bears_off: usize,
    /// Where pieces stack: placings are multisets, ranked by arithmetic (the fields above that
    /// rank bit sets are then empty). Boxed: most rule sets have none.
    stacks: Option<Box<Stacks>>,
}

/// Whether side 1's rules are side 0's seen from the other seat: both the same on one path
/// ([`Rules::same_for_both_sides`]), or the same kinds of squares at the same path positions,
/// and the squares both paths share paired symmetrically.
fn mirror_image(r: &Rules) -> bool {
    // Both sides on one path by the same rules (Senet): the sides swapped are the same game,
    // whatever its squares do. Openings may differ: no numbered state owes one.
    if r.same_for_both_sides() {
        return true;
    }
    let (a, b) = (&r.sides[Side::First], &r.sides[Side::Second]);
    if a.path.len() != b.path.len() || a.flags != b.flags || a.exit_throws != b.exit_throws {
        return false;
    }
    // Where pieces stack, the positions a piece may bear off from are a side's own.
    if r.stacked
        .as_ref()
        .is_some_and(|t| t.bear_from[Side::First] != t.bear_from[Side::Second])
    {
        return false;
    }
    // Squares that send pieces on, trap moves or send captured pieces elsewhere are squares of
    // the board, not of a seat: taken as not mirrored.
    if r.opening[Side::First] != r.opening[Side::Second]
        || r.sides
            .values()
            .any(|s| s.effects.iter().any(Option::is_some))
        || r.sides.values().any(|s| {
            s.flags
                .iter()
                .any(|f| f.contains(senet_engine::compile::PosFlags::TO_WAITING))
        })
        || r.passing.iter().any(Option::is_some)
        || r.captured_at.iter().any(Option::is_some)
    {
        return false;
    }
    if !matches!(
        r.capture,
        Capture::None | Capture::ToWaiting | Capture::Swap
    ) {
        return false;
    }
    // Position p of each side is the same kind of square, and a's p is b's q exactly when
    // b's p is a's q (the shared squares pair up the same way from either seat).
    a.path.iter().zip(&b.path).all(|(&sa, &sb)| {
        r.square_flags(sa) == r.square_flags(sb) && b.position(sa) == a.position(sb)
    })
}

impl DenseIndex {
    /// The numbering for these rules, or why they do not fit it.
    pub fn new(r: &Rules) -> Result<DenseIndex, NotDense> {
        // The stacked form plays dice one by one as whole turns, each throw one value.
        if r.stacked.is_none() && r.device.is_each() {
            return Err("dice are played one by one, and the numbering holds single throws".into());
        }
        if r.win != Win::FirstAllOff {
            return Err("the winner is not simply the first to bear off all".into());
        }
        // Seats are settled before the first position; positions that still owe an opening
        // move are not numbered (their values are found from the numbered ones: see
        // `dense::opening_values`).
        if r.begin != 0 {
            return Err("whether a side has begun is state the numbering does not hold".into());
        }
        if r.retreat.is_some() || r.moves_next.is_some() {
            return Err("a retreat leaves state (a lost turn, a piece that must move next) the numbering does not hold".into());
        }
        if r.extra_add_up {
            return Err(
                "the extra throws a side is owed are state the numbering does not hold".into(),
            );
        }
        if r.tracks_unmoved() {
            return Err(
                "which pieces have not moved yet is state the numbering does not hold".into(),
            );
        }
        if r.one_direction {
            return Err(
                "which way a side has moved in its turn is state the numbering does not hold"
                    .into(),
            );
        }
        if r.may_lose_turn() {
            return Err("a lost turn to come is state the numbering does not hold".into());
        }
        if r.throw_again != 0 {
            return Err("throws that add up before a move are not numbered".into());
        }
        if r.pieces_can_be_removed() {
            return Err("pieces removed from the game are not numbered".into());
        }
        if r.capture == Capture::Pin {
            return Err("pinned pieces are state the numbering does not hold".into());
        }
        if r.unstacking().is_some() {
            return Err(
                "pieces on their start stacks are state the numbering does not hold".into(),
            );
        }
        for s in r.sides.values() {
            let mut squares = s.path.clone();
            squares.sort_unstable();
            squares.dedup();
            if squares.len() != s.path.len() {
                return Err("a path passes a square twice".into());
            }
            if s.segment_ends != 0 {
                return Err("a path in parts is not numbered".into());
            }
        }
        let mirrored = mirror_image(r);
        let perspectives: &[Side] = if mirrored {
            &[Side::First]
        } else {
            &Side::BOTH
        };
        if r.stacked.is_some() {
            return DenseIndex::new_stacked(r, mirrored, perspectives);
        }
        let mut roles = Vec::new();
        for &t in perspectives {
            let (me, them) = (&r.sides[t], &r.sides[t.other()]);
            let len = u8::try_from(me.len()).unwrap_or(u8::MAX);
            let private = |side: &SideTable, other: &SideTable| {
                side.positions()
                    .filter(|&p| other.position(side.square(p)).is_none())
                    .map(PathPos::get)
                    .collect::<Vec<u8>>()
            };
            // Shared squares in the order of the mover's path; the opponent's bit j is the
            // same square.
            let mine: Vec<PathPos> = me
                .positions()
                .filter(|&p| them.position(me.square(p)).is_some())
                .collect();
            let theirs: Vec<u8> = mine
                .iter()
                .filter_map(|&p| them.position(me.square(p)))
                .map(PathPos::get)
                .collect();
            let mine: Vec<u8> = mine.into_iter().map(PathPos::get).collect();
            roles.push([
                Role::new(private(me, them), mine, len),
                Role::new(
                    private(them, me),
                    theirs,
                    u8::try_from(them.len()).unwrap_or(u8::MAX),
                ),
            ]);
        }
        let shared = roles[0][0].shared.len() as u32;
        let too_many_bits = roles
            .iter()
            .any(|[me, them]| me.bits() + shared > MAX_BITS || them.bits() + shared > MAX_BITS);
        // The row tables: one entry per mover's placing per layer.
        let n = u64::from(r.pieces);
        let row_bytes: u64 = roles
            .iter()
            .map(|[me, _]| n * n * (8u64 << (me.bits() + shared).min(63)))
            .sum();
        // Where every square is shared (Senet's one path), placings are subsets of the board,
        // ranked by arithmetic: no table grows with the board.
        let no_private = roles.iter().all(|[me, them]| me.bits() + them.bits() == 0);
        let subsets = (too_many_bits || row_bytes > MAX_TABLE_BYTES) && no_private;
        if !subsets && too_many_bits {
            return Err(format!(
                "a side has more than {MAX_BITS} private and shared squares, some of them private"
            ));
        }
        if !subsets && row_bytes > MAX_TABLE_BYTES {
            return Err(format!(
                "its row tables alone would take {} MiB",
                row_bytes >> 20
            ));
        }
        if subsets && shared > 32 {
            return Err("the board has more than 32 squares".into());
        }
        let mut compress = vec![0u8; 1 << 16];
        for m in 0..256usize {
            for y in 0..256usize {
                let (mut out, mut k) = (0u8, 0);
                for bit in 0..8 {
                    if m & (1 << bit) == 0 {
                        out |= (((y >> bit) & 1) as u8) << k;
                        k += 1;
                    }
                }
                compress[m << 8 | y] = out;
            }
        }
        let n_max = roles
            .iter()
            .map(|[a, b]| a.bits().max(b.bits()))
            .max()
            .unwrap_or(0)
            + shared;
        let pieces = r.pieces;
        let mut rank = Vec::new();
        let mut fewer = Vec::new();
        for n in 0..=n_max {
            if !subsets {
                let mut order: Vec<u32> = (0..1u32 << n).collect();
                order.sort_by_key(|&m| (m.count_ones(), m));
                let mut table = vec![0u32; 1 << n];
                for (i, &m) in order.iter().enumerate() {
                    table[m as usize] = i as u32;
                }
                rank.push(table);
            }
            let mut counts = vec![0u64; pieces as usize + 1];
            for (k, c) in counts.iter_mut().enumerate() {
                *c = (0..=k as u64)
                    .map(|i| binomial(u64::from(n), i))
                    .sum::<u64>();
            }
            fewer.push(counts);
        }
        let mut index = DenseIndex {
            pieces,
            mirrored,
            roles,
            shared,
            compress,
            rank,
            fewer,
            subsets,
            choose: (0..=u64::from(shared))
                .map(|n| (0..=u64::from(pieces)).map(|k| binomial(n, k)).collect())
                .collect(),
            layers: Vec::new(),
            states: 0,
            throws: r.throws.values.len(),
            bears_off: 1,
            stacks: None,
        };
        index.number_layers(perspectives);
        Ok(index)
    }

    /// The numbering where pieces stack (the rules' stacked form: its moves are whole turns,
    /// and a position of it is only where the pieces are, by `stacked::key` in the engine):
    /// multisets, and layers as [`DenseIndex::number_layers`] makes them. Refused where it
    /// would number more than [`super::MAX_STATES`] states.
    fn new_stacked(
        r: &Rules,
        mirrored: bool,
        perspectives: &[Side],
    ) -> Result<DenseIndex, NotDense> {
        let len = |s: Side| u8::try_from(r.sides[s].len()).unwrap_or(u8::MAX);
        let lens = perspectives.iter().map(|&s| [len(s), len(s.other())]);
        let stacks = Stacks::new(lens.collect(), r.pieces);
        let n = r.pieces;
        let mut layers = Vec::new();
        let mut base = 0u64;
        for (&mover, &[me, them]) in perspectives.iter().zip(&stacks.lens) {
            for off_me in 0..n {
                for off_them in 0..n {
                    // An opponent's placing is a group's key, in 32 bits.
                    let width = Some(stacks.placings(them, n - off_them))
                        .filter(|&w| w <= u64::from(u32::MAX));
                    let size = width.and_then(|w| stacks.placings(me, n - off_me).checked_mul(w));
                    let end = size.and_then(|size| base.checked_add(size));
                    let Some(end) = end.filter(|&e| e <= super::MAX_STATES) else {
                        return Err(format!(
                            "its stacks make more than {} states to number, or more than {} \
                             placings of a side",
                            super::MAX_STATES,
                            u32::MAX
                        ));
                    };
                    push_layer(
                        &mut layers,
                        mover,
                        [off_me, off_them],
                        base..end,
                        Vec::new(),
                    );
                    base = end;
                }
            }
        }
        Ok(DenseIndex {
            pieces: n,
            mirrored,
            roles: Vec::new(),
            shared: 0,
            compress: Vec::new(),
            rank: Vec::new(),
            fewer: Vec::new(),
            subsets: false,
            choose: Vec::new(),
            layers,
            states: base,
            throws: r.throws.values.len(),
            bears_off: r.stacked.as_ref().map_or(1, |t| {
                let dice = t.pools.iter().map(Vec::len).max().unwrap_or(1);
                dice.min(usize::from(n))
            }),
            stacks: Some(Box::new(stacks)),
        })
    }

    /// Whether placings are multisets (pieces stack).
    pub fn stacked(&self) -> bool {
        self.stacks.is_some()
    }

    /// Where pieces stack: the opponent's placings of layer `l`, the length of each row.
    fn stacked_width(&self, stacks: &Stacks, l: usize) -> u64 {
        let layer = &self.layers[l];
        let them = stacks.lens[self.perspective(layer.mover)][1];
        stacks.placings(them, self.pieces - layer.off[layer.mover.other()])
    }

    fn number_layers(&mut self, perspectives: &[Side]) {
        if self.subsets {
            self.number_subset_layers(perspectives);
            return;
        }
        let n = self.pieces;
        let mut base = 0u64;
        for (t, &mover) in perspectives.iter().enumerate() {
            let [me, them] = &self.roles[t];
            let key_bits = me.bits() + self.shared;
            for off_me in 0..n {
                for off_them in 0..n {
                    let mut rows = vec![u64::MAX; 1 << key_bits];
                    let start = base;
                    for (key, row) in rows.iter_mut().enumerate() {
                        if key.count_ones() > u32::from(n - off_me) {
                            continue;
                        }
                        let shared_mine = (key >> me.bits()) as u32;
                        let free = them.bits() + self.shared - shared_mine.count_ones();
                        *row = base;
                        base += self.fewer[free as usize][(n - off_them) as usize];
                    }
                    push_layer(
                        &mut self.layers,
                        mover,
                        [off_me, off_them],
                        start..base,
                        rows,
                    );
                }
            }
        }
        self.states = base;
    }

    /// The layers where placings are subsets of the `N` shared squares: in a layer where the
    /// mover may have up to `K` pieces on the board and the opponent up to `J`, the rows of `k`
    /// mover's pieces come in turn (k = 0 to K), each row a subset (ranked by
    /// [`DenseIndex::colex`]) and holding every opponent's placing of at most `J` pieces on
    /// the `N - k` squares left.
    fn number_subset_layers(&mut self, perspectives: &[Side]) {
        let n = self.pieces;
        let squares = self.shared as usize;
        let mut base = 0u64;
        for &mover in perspectives {
            for off_me in 0..n {
                for off_them in 0..n {
                    let (most_me, most_them) = (usize::from(n - off_me), usize::from(n - off_them));
                    let start = base;
                    let mut rows = Vec::with_capacity(most_me + 1);
                    for k in 0..=most_me.min(squares) {
                        rows.push(base - start);
                        base += self.choose[squares][k] * self.fewer[squares - k][most_them];
                    }
                    push_layer(
                        &mut self.layers,
                        mover,
                        [off_me, off_them],
                        start..base,
                        rows,
                    );
                }
            }
        }
        self.states = base;
    }

    /// The rank of a placing among those of as many pieces on as many squares, ordered by
    /// value (the combinatorial number system: the i-th lowest piece, on square c, counts
    /// `choose(c, i + 1)`).
    #[inline]
    fn colex(&self, bits: u32) -> u64 {
        let (mut rank, mut rest, mut i) = (0u64, bits, 1usize);
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rank += self.choose[c].get(i).copied().unwrap_or(0);
            rest &= rest - 1;
            i += 1;
        }
        rank
    }

    /// The index of the state of layer `l` with the mover on shared squares `sm` and the
    /// opponent on `st` (subset ranking).
    #[inline]
    fn subset_index(&self, l: usize, sm: u32, st: u32) -> u64 {
        let layer = &self.layers[l];
        let squares = self.shared as usize;
        let most_them = usize::from(self.pieces - layer.off[layer.mover.other()]);
        let k = sm.count_ones() as usize;
        let left = squares - k;
        let row = layer.base + layer.rows[k] + self.colex(sm) * self.fewer[left][most_them];
        let j = st.count_ones() as usize;
        let fewer_pieces = if j == 0 { 0 } else { self.fewer[left][j - 1] };
        row + fewer_pieces + self.colex(self.pack(st, sm))
    }

    /// Which of [`DenseIndex::roles`] numbers the states where `mover` is to move.
    fn perspective(&self, mover: Side) -> usize {
        if self.mirrored { 0 } else { mover.index() }
    }

    fn layer_of(&self, perspective: usize, off_me: u8, off_them: u8) -> usize {
        let n = self.pieces as usize;
        (perspective * n + off_me as usize) * n + off_them as usize
    }

    /// `bits` of the shared squares packed into the places `mine` leaves free.
    #[inline]
    fn pack(&self, bits: u32, mine: u32) -> u32 {
        let (mut out, mut shift) = (0u32, 0u32);
        let mut b = 0;
        while b < self.shared {
            let m = (mine >> b) & 0xff;
            let y = (bits >> b) & 0xff;
            out |= u32::from(self.compress[(m << 8 | y) as usize]) << shift;
            shift += 8.min(self.shared - b) - (m.count_ones());
            b += 8;
        }
        out
    }

    /// The layer that holds state `i` (layers are numbered one after the other).
    pub fn layer_holding(&self, i: u64) -> usize {
        self.layers
            .partition_point(|l| l.base <= i)
            .saturating_sub(1)
    }

    /// The most pieces off in total (both sides) that a numbered state can have: the first
    /// super-layer solved.
    pub fn top_total(&self) -> usize {
        self.layers.iter().map(Layer::total_off).max().unwrap_or(0)
    }

    /// Where a position is: over, or which state (its value is the mover's chance).
    #[inline]
    pub fn locate(&self, pos: &Position) -> Located {
        let n = self.pieces;
        for s in Side::BOTH {
            if pos.off(s) == n {
                return Located::Over { winner: s };
            }
        }
        let mover = pos.to_move();
        let t = self.perspective(mover);
        if let Some(stacks) = &self.stacks {
            let l = self.layer_of(t, pos.off(mover), pos.off(mover.other()));
            let row = stacks.rank(pos, mover) * self.stacked_width(stacks, l);
            return Located::State {
                index: (self.layers[l].base + row + stacks.rank(pos, mover.other())) as usize,
                mover,
            };
        }
        let [me, them] = &self.roles[t];
        let (pm, sm) = me.split(pos.on(mover));
        let (pt, st) = them.split(pos.on(mover.other()));
        let l = self.layer_of(t, pos.off(mover), pos.off(mover.other()));
        if self.subsets {
            return Located::State {
                index: self.subset_index(l, sm, st) as usize,
                mover,
            };
        }
        let layer = &self.layers[l];
        let row = layer.rows[(pm | sm << me.bits()) as usize];
        let free = them.bits() + self.shared - sm.count_ones();
        let key = pt | self.pack(st, sm) << them.bits();
        Located::State {
            index: (row + u64::from(self.rank[free as usize][key as usize])) as usize,
            mover,
        }
    }

    /// Calls `f(index, position)` for every state of layer `l` whose opponent's placing is
    /// `them_key` (see [`DenseIndex::opponent_keys`]), the mover's placings in turn. The position has the layer's mover
    /// to move.
    pub fn for_row(
        &self,
        rules: &Rules,
        l: usize,
        them_key: u32,
        mut f: impl FnMut(usize, &Position),
    ) {
        if let Some(stacks) = &self.stacks {
            self.for_stacked_row(stacks, rules, l, them_key, f);
            return;
        }
        let layer = &self.layers[l];
        let mover = layer.mover;
        let t = self.perspective(mover);
        let [me, them] = &self.roles[t];
        let n = self.pieces;
        let (pt, st) = (them_key & ((1 << them.bits()) - 1), them_key >> them.bits());
        let mut base = Position::empty(mover);
        base.set_off(layer.off);
        for q in them.positions(pt, st) {
            base.put(rules, mover.other(), q);
        }
        base.set_waiting(
            mover.other(),
            n - layer.off[mover.other()] - count(them_key),
        );
        let free = them.bits() + self.shared;
        let limit = u32::from(n - layer.off[mover]);
        if self.subsets {
            // The mover's placings of the squares the opponent leaves, most pieces first, from
            // the furthest on (as above).
            let open: Vec<u32> = (0..self.shared)
                .rev()
                .filter(|&b| st & (1 << b) == 0)
                .collect();
            for k in (0..=limit.min(open.len() as u32)).rev() {
                for_each_subset(&open, k as usize, |sm| {
                    let mut pos = base;
                    for q in me.positions(0, sm) {
                        pos.put(rules, mover, q);
                    }
                    pos.set_waiting(mover, n - layer.off[mover] - count(sm));
                    f(self.subset_index(l, sm, st) as usize, &pos);
                });
            }
            return;
        }
        let all_private = 1u32 << me.bits();
        let free_shared = !st & ((1u32 << self.shared) - 1);
        let mut sm = free_shared;
        // The mover's placings from the furthest on: a piece that lands on a square with an
        // extra throw leads to a state of this same group, then already updated in the sweep
        // (a third fewer sweeps than the other way round, measured on Ur).
        loop {
            // Shared placings of the mover that avoid the opponent's: subsets of !st.
            if sm.count_ones() <= limit {
                let key = pt | self.pack(st, sm) << them.bits();
                let rank = u64::from(self.rank[(free - sm.count_ones()) as usize][key as usize]);
                for pm in (0..all_private).rev() {
                    let on = count(pm) + count(sm);
                    if u32::from(on) > limit {
                        continue;
                    }
                    let row = layer.rows[(pm | sm << me.bits()) as usize];
                    let mut pos = base;
                    for q in me.positions(pm, sm) {
                        pos.put(rules, mover, q);
                    }
                    pos.set_waiting(mover, n - layer.off[mover] - on);
                    f((row + rank) as usize, &pos);
                }
            }
            if sm == 0 {
                break;
            }
            sm = (sm - 1) & free_shared;
        }
    }

    /// [`DenseIndex::for_row`] where pieces stack: `them_key` is the opponent's rank; the
    /// mover's placings from the highest rank down (pieces furthest on first), those that share
    /// a square with the opponent left out (no position holds them: see [`super::stacks`]).
    fn for_stacked_row(
        &self,
        stacks: &Stacks,
        rules: &Rules,
        l: usize,
        them_key: u32,
        mut f: impl FnMut(usize, &Position),
    ) {
        let layer = &self.layers[l];
        let mover = layer.mover;
        let n = self.pieces;
        let mut base = Position::empty(mover);
        base.set_off(layer.off);
        let them = u64::from(them_key);
        stacks.place(
            &mut base,
            rules,
            mover.other(),
            n - layer.off[mover.other()],
            them,
        );
        let theirs = base.squares(mover.other());
        let width = self.stacked_width(stacks, l);
        let me = stacks.lens[self.perspective(mover)][0];
        for rank in (0..stacks.placings(me, n - layer.off[mover])).rev() {
            let mut pos = base;
            stacks.place(&mut pos, rules, mover, n - layer.off[mover], rank);
            if pos.squares(mover) & theirs == 0 {
                f((layer.base + rank * width + them) as usize, &pos);
            }
        }
    }

    /// The position of state `i` (the layer's mover to move): the inverse of
    /// [`DenseIndex::locate`], for a solve that finds a state's successors again instead of
    /// keeping them. `tables` come from [`DenseIndex::unranking`].
    pub fn position(&self, rules: &Rules, tables: &Unranking, i: u64) -> Position {
        let l = self.layer_holding(i);
        let layer = &self.layers[l];
        let mover = layer.mover;
        let n = self.pieces;
        let most = |s: Side| n - layer.off[s];
        let mut pos = Position::empty(mover);
        pos.set_off(layer.off);
        if let Some(stacks) = &self.stacks {
            let width = self.stacked_width(stacks, l);
            let (mine, theirs) = ((i - layer.base) / width, (i - layer.base) % width);
            stacks.place(&mut pos, rules, mover.other(), most(mover.other()), theirs);
            stacks.place(&mut pos, rules, mover, most(mover), mine);
            return pos;
        }
        let [me, them] = &self.roles[self.perspective(mover)];
        let ((pm, sm), (pt, st)) = if self.subsets {
            self.subset_placings(layer, i - layer.base)
        } else {
            // The mover's key: the last whose row begins at or before `i`.
            let keys = &tables.keys[self.perspective(mover)][usize::from(layer.off[mover])];
            let k = keys[keys.partition_point(|&k| layer.rows[k as usize] <= i) - 1];
            let (pm, sm) = (k & ((1 << me.bits()) - 1), k >> me.bits());
            let free = them.bits() + self.shared - sm.count_ones();
            let key = tables.order[free as usize][(i - layer.rows[k as usize]) as usize];
            let (pt, packed) = (key & ((1 << them.bits()) - 1), key >> them.bits());
            ((pm, sm), (pt, self.unpack(packed, sm)))
        };
        for q in them.positions(pt, st) {
            pos.put(rules, mover.other(), q);
        }
        pos.set_waiting(mover.other(), most(mover.other()) - count(pt) - count(st));
        for q in me.positions(pm, sm) {
            pos.put(rules, mover, q);
        }
        pos.set_waiting(mover, most(mover) - count(pm) - count(sm));
        pos
    }

    /// The tables [`DenseIndex::position`] needs besides the numbering's own.
    pub fn unranking(&self) -> Unranking {
        if self.subsets || self.stacks.is_some() {
            return Unranking::default();
        }
        // Per perspective and pieces off of the mover: the mover's keys that may hold its
        // pieces, in increasing order, as are their rows' first indices.
        let keys = (self.roles.iter())
            .map(|[me, _]| {
                let all = 1u32 << (me.bits() + self.shared);
                (0..self.pieces)
                    .map(|off| {
                        let limit = u32::from(self.pieces - off);
                        (0..all).filter(|k| k.count_ones() <= limit).collect()
                    })
                    .collect()
            })
            .collect();
        let order = (self.rank.iter())
            .map(|rank| {
                let mut order = vec![0u32; rank.len()];
                for (bits, &r) in rank.iter().enumerate() {
                    order[r as usize] = bits as u32;
                }
                order
            })
            .collect();
        Unranking { keys, order }
    }

    /// Where placings are subsets: the mover's and the opponent's (private, shared) bits of the
    /// state `r` places after its layer's first.
    fn subset_placings(&self, layer: &Layer, r: u64) -> ((u32, u32), (u32, u32)) {
        let squares = self.shared as usize;
        let most_them = usize::from(self.pieces - layer.off[layer.mover.other()]);
        // The mover's pieces on the board: the last count whose rows begin at or before `r`.
        let k = layer.rows.partition_point(|&start| start <= r) - 1;
        let left = squares - k;
        let per = self.fewer[left][most_them];
        let within = r - layer.rows[k];
        let sm = self.uncolex(within / per, k, squares);
        let mut rest = within % per;
        // The opponent's pieces: the first count whose placings reach past `rest`.
        let j = (0..=most_them)
            .find(|&j| rest < self.fewer[left][j])
            .unwrap_or(most_them);
        if j > 0 {
            rest -= self.fewer[left][j - 1];
        }
        let st = self.unpack(self.uncolex(rest, j, left), sm);
        ((0, sm), (0, st))
    }

    /// The placing of `k` pieces on `n` squares of rank `rank` by [`DenseIndex::colex`].
    fn uncolex(&self, mut rank: u64, k: usize, n: usize) -> u32 {
        let (mut bits, mut c) = (0u32, n);
        for i in (1..=k).rev() {
            // The highest square below the last chosen whose count fits in what is left.
            c -= 1;
            while self.choose[c][i] > rank {
                c -= 1;
            }
            bits |= 1 << c;
            rank -= self.choose[c][i];
        }
        bits
    }

    /// The shared squares' bits that `packed` holds packed into the places `mine` leaves free:
    /// the inverse of [`DenseIndex::pack`].
    fn unpack(&self, packed: u32, mine: u32) -> u32 {
        let (mut out, mut k) = (0u32, 0);
        for b in 0..self.shared {
            if mine & (1 << b) == 0 {
                out |= ((packed >> k) & 1) << b;
                k += 1;
            }
        }
        out
    }

    /// The opponent's keys (private bits | shared bits << private count; where pieces stack,
    /// its rank) of layer `l`, each the opponent's placing of one group of states.
    pub fn opponent_keys(&self, l: usize) -> Vec<u32> {
        if let Some(stacks) = &self.stacks {
            // Below 2^32, checked when the layers were numbered.
            return (0..self.stacked_width(stacks, l) as u32).collect();
        }
        let layer = &self.layers[l];
        let t = self.perspective(layer.mover);
        let them = &self.roles[t][1];
        let limit = u32::from(self.pieces - layer.off[layer.mover.other()]);
        if self.subsets {
            let all: Vec<u32> = (0..self.shared).collect();
            let mut keys = Vec::new();
            for k in 0..=limit.min(self.shared) {
                for_each_subset(&all, k as usize, |key| keys.push(key));
            }
            return keys;
        }
        (0..1u32 << (them.bits() + self.shared))
            .filter(move |k| k.count_ones() <= limit)
            .collect()
    }
}

/// What finding a state's position from its index needs beyond the numbering's tables (made
/// only by a solve that finds successors again): where placings are ranked by tables, per
/// perspective and pieces off of the mover, the mover's keys in the order of their rows; and
/// per count of bits, the placings in the order of their ranks. Empty where placings are
/// ranked by arithmetic.
#[derive(Clone, Debug, Default)]
pub struct Unranking {
    keys: Vec<Vec<Vec<u32>>>,
    order: Vec<Vec<u32>>,
}

/// Adds the layer of `mover` with `off` pieces off (the mover's, then the opponent's),
/// numbered over `states`, its rows starting at `rows`.
fn push_layer(
    layers: &mut Vec<Layer>,
    mover: Side,
    off: [u8; 2],
    states: std::ops::Range<u64>,
    rows: Vec<u64>,
) {
    let mut by_side = PerSide::default();
    by_side[mover] = off[0];
    by_side[mover.other()] = off[1];
    layers.push(Layer {
        mover,
        off: by_side,
        base: states.start,
        size: states.end - states.start,
        rows,
    });
}

/// Calls `f` with every subset of `k` of the bits `bits` (each a bit number), as a bit set.
fn for_each_subset(bits: &[u32], k: usize, mut f: impl FnMut(u32)) {
    if k > bits.len() {
        return;
    }
    // The chosen bits' places in `bits`, the last moved first.
    let mut at: Vec<usize> = (0..k).collect();
    loop {
        f(at.iter().fold(0u32, |acc, &i| acc | 1 << bits[i]));
        // The rightmost place that can move on, then the ones after it packed behind it.
        let Some(i) = (0..k).rev().find(|&i| at[i] < bits.len() - k + i) else {
            return;
        };
        at[i] += 1;
        for j in i + 1..k {
            at[j] = at[j - 1] + 1;
        }
    }
}

/// Pieces in a placing (a count of bits of a u32: at most 32).
fn count(bits: u32) -> u8 {
    u8::try_from(bits.count_ones()).unwrap_or(u8::MAX)
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}
