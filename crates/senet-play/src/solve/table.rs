//! Solved tables on disk, for the `optimal` agent: a header line of JSON (format, rules, hash,
//! options, states, a checksum of the body) and then, in little-endian binary, either each
//! state's position and values (the search's tables) or each state's value in the order of the
//! dense numbering, which the rules rebuild: in f32 for a whole table, which only play reads, and
//! in f64 for a table of some super-layers, whose values the runs below it start from. Nothing in a table is trusted: the body must match
//! its checksum, every value must be a chance (0 to 1) and every position one the rules reach.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use super::dense::{Cutting, DenseIndex, DenseSolution, Known, Mapped, Values};
use super::{Solution, Solved};
use crate::files;
use senet_engine::compile::Rules;
use senet_engine::engine::{Engine, Position, Setup};
use senet_lang::types::{PathPos, PerSide, Place, Side};

const MAGIC: &str = "senet-table/3";
/// Dense values in f64: tables of some super-layers (`senet solve --layers`), and whole tables
/// of earlier versions.
const DENSE: &str = "senet-dense/2";
/// Dense values in f32: whole tables.
const DENSE_F32: &str = "senet-dense/3";
/// The formats of earlier versions, which kept no checksum: read no more.
const OLDER: [&str; 3] = ["senet-table/1", "senet-table/2", "senet-dense/1"];

/// What a table was solved for: a table is refused for other rules or options.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TableHeader {
    pub format: String,
    pub rules: String,
    pub hash: String,
    pub options: Vec<(String, String)>,
    pub states: usize,
    /// Dense tables solved from a position: the pieces off below which values mean nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor: Option<[u8; 2]>,
    /// Dense tables of a run of some super-layers (`senet solve --layers`): the lowest and
    /// highest pieces off in total it holds; the body holds only their layers' values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layers: Option<[u8; 2]>,
    /// Dense tables of one part of a super-layer (`senet solve --part K/N`): K and N; the body
    /// holds the part's values in the order of [`super::dense::for_each_state`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<[usize; 2]>,
    /// With `part`: the most any of its values moved from those its run started from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved: Option<f64>,
    /// FNV-1a (64 bits, hexadecimal) of every byte after the header line.
    #[serde(default)]
    pub checksum: String,
}

impl TableHeader {
    /// The header of a table for rules `rules` (hash of its text `hash`) with every option at
    /// the value chosen (see [`senet_lang::check::RuleSet::resolved_options`]).
    pub fn new(rules: &str, hash: &str, options: &[(String, String)], states: usize) -> Self {
        let mut options = options.to_vec();
        options.sort();
        TableHeader {
            format: MAGIC.into(),
            rules: rules.into(),
            hash: hash.into(),
            options,
            states,
            floor: None,
            layers: None,
            part: None,
            moved: None,
            checksum: String::new(),
        }
    }
}

/// FNV-1a over the bytes written after a table's header.
struct Checksum(u64);

impl Checksum {
    fn new() -> Self {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Options as people write them: `pieces=3, extra-throws=off`, or `no options`.
fn options_text(options: &[(String, String)]) -> String {
    if options.is_empty() {
        return "no options".into();
    }
    let list: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("options {}", list.join(", "))
}

/// Whether `v` is a chance: a finite number from 0 to 1 (rounding may step a hair outside).
fn is_chance(v: f64) -> bool {
    (-1e-9..=1.0 + 1e-9).contains(&v)
}

/// A state on disk: each side's path positions as a bit set, its waiting, borne-off and removed
/// counts, the side to move and the pending openings (bit per side).
fn put_position(out: &mut Vec<u8>, p: &Position) {
    for s in Side::BOTH {
        out.extend_from_slice(&p.on(s).to_le_bytes());
    }
    for s in Side::BOTH {
        out.extend_from_slice(&[p.waiting(s), p.off(s), p.removed(s)]);
    }
    // Bit s: the opening is due; bit 2 + s: the side has not begun.
    let flags = Side::BOTH.into_iter().fold(0u8, |bits, s| {
        bits | u8::from(p.opening_due(s)) << s.index()
            | u8::from(!p.begun(s)) << (2 + s.index())
            | u8::from(p.loses_turn(s)) << (4 + s.index())
            | u8::from(p.moves_next(s)) << (6 + s.index())
    });
    out.extend_from_slice(&[u8::from(p.to_move() == Side::Second), flags]);
}

/// The longest header line read.
const MAX_HEADER: u64 = 64 << 10;

/// The bytes of one state and its two values.
const RECORD: usize = 2 * 8 + 2 * 3 + 2 + 16;

/// A record read back: the position rebuilt through [`Setup::position`], which refuses what
/// the rules cannot reach; `None` for a damaged record.
fn get_record(b: &[u8], rules: &Rules) -> Option<(Position, f64, f64)> {
    let word = |i: usize| {
        b.get(i..i + 8)
            .map(|w| u64::from_le_bytes(w.try_into().unwrap_or([0; 8])))
    };
    let f = |i: usize| word(i).map(f64::from_bits);
    let mut pieces = PerSide::<Vec<Place>>::default();
    for s in Side::BOTH {
        let on = word(8 * s.index())?;
        let counts = b.get(16 + 3 * s.index()..19 + 3 * s.index())?;
        let list = &mut pieces[s];
        list.extend(std::iter::repeat_n(Place::Waiting, usize::from(counts[0])));
        list.extend(PathPos::all_in(on).map(Place::On));
        list.extend(std::iter::repeat_n(Place::Off, usize::from(counts[1])));
        list.extend(std::iter::repeat_n(Place::Removed, usize::from(counts[2])));
    }
    let setup = Setup {
        to_move: Side::from_index(usize::from(*b.get(22)?))?,
        pieces,
        opening: PerSide::from_fn(|s| b.get(23).is_some_and(|o| o & (1 << s.index()) != 0)),
        not_begun: PerSide::from_fn(|s| b.get(23).is_some_and(|o| o & (4 << s.index()) != 0)),
        loses_turn: PerSide::from_fn(|s| b.get(23).is_some_and(|o| o & (16 << s.index()) != 0)),
        moves_next: PerSide::from_fn(|s| b.get(23).is_some_and(|o| o & (64 << s.index()) != 0)),
        // Tables are refused for rules where a first move needs given throws, or the moves of
        // a turn go one way.
        unmoved: PerSide::default(),
        moved_this_turn: None,
        throws_owed: 0,
        held: PerSide::default(),
        stacked: PerSide::default(),
        restacking: PerSide::default(),
        passed: Vec::new(),
        doubled: PerSide::default(),
        lost: PerSide::default(),
        reached: PerSide::default(),
    };
    let pos = setup.position(rules).ok()?;
    Some((pos, f(24)?, f(32)?))
}

/// Writes a solved table to `path`, whole ([`files::write`]: a full disk leaves the file that
/// was there as it was).
pub fn save(path: &str, header: &TableHeader, solved: &Solved) -> Result<(), TableError> {
    let s = match solved {
        Solved::Search(s) => s,
        Solved::Dense(d) => return save_dense(path, header, d),
    };
    // The body's records, each written twice: once for the checksum the header holds, once to
    // the file (a record is made again rather than a table's worth kept in memory).
    let record = |k: usize, buf: &mut Vec<u8>| {
        buf.clear();
        put_position(buf, &s.positions[k]);
        buf.extend_from_slice(&s.score[k].to_le_bytes());
        buf.extend_from_slice(&s.draw[k].to_le_bytes());
    };
    let mut buf = Vec::with_capacity(RECORD);
    let mut sum = Checksum::new();
    for k in 0..s.positions.len() {
        record(k, &mut buf);
        sum.add(&buf);
    }
    let header = TableHeader {
        format: MAGIC.into(),
        checksum: sum.hex(),
        ..header.clone()
    };
    let head = serde_json::to_string(&header).map_err(|e| TableError::Unwritable(e.to_string()))?;
    files::write(Path::new(path), |w| {
        writeln!(w, "{head}")?;
        for k in 0..s.positions.len() {
            record(k, &mut buf);
            w.write_all(&buf)?;
        }
        Ok(())
    })
    .map_err(|e| TableError::Unwritable(e.to_string()))
}

/// The bytes of each value a dense table holds, in the numbering's order: every state's in f32,
/// or for a run of some super-layers, those of their layers in f64; for a run of a part, its
/// states' in f64, in the order its values are listed.
fn held_values<'a>(d: &'a DenseSolution) -> Box<dyn Iterator<Item = ([u8; 8], usize)> + 'a> {
    if let Some(part) = &d.part {
        return Box::new(part.values.iter().map(|v| (v.to_le_bytes(), 8)));
    }
    let layers = d.layers;
    let values = d
        .index
        .layers
        .iter()
        .filter(move |l| {
            layers
                .is_none_or(|[lo, hi]| (usize::from(lo)..=usize::from(hi)).contains(&l.total_off()))
        })
        .flat_map(|l| l.states())
        .map(move |i| {
            let v = d.values.get(i);
            if layers.is_some() {
                (v.to_le_bytes(), 8)
            } else {
                let b = nearest_f32(v).to_le_bytes();
                ([b[0], b[1], b[2], b[3], 0, 0, 0, 0], 4)
            }
        });
    Box::new(values)
}

/// `v` rounded to the nearest f32: a chance stays a chance, within 3e-8.
#[allow(clippy::cast_possible_truncation)]
fn nearest_f32(v: f64) -> f32 {
    v as f32
}

fn save_dense(path: &str, header: &TableHeader, d: &DenseSolution) -> Result<(), TableError> {
    let mut sum = Checksum::new();
    let mut states = 0;
    for (bytes, n) in held_values(d) {
        sum.add(&bytes[..n]);
        states += 1;
    }
    let header = TableHeader {
        format: if d.layers.is_some() { DENSE } else { DENSE_F32 }.into(),
        states,
        floor: (d.floor != PerSide::default()).then_some(d.floor.0),
        layers: d.layers,
        part: d.part.as_ref().map(|p| [p.part.k, p.part.n]),
        moved: d.part.as_ref().map(|p| p.moved),
        checksum: sum.hex(),
        ..header.clone()
    };
    let head = serde_json::to_string(&header).map_err(|e| TableError::Unwritable(e.to_string()))?;
    files::write(Path::new(path), |w| {
        writeln!(w, "{head}")?;
        for (bytes, n) in held_values(d) {
            w.write_all(&bytes[..n])?;
        }
        Ok(())
    })
    .map_err(|e| TableError::Unwritable(e.to_string()))
}

/// A table whose header was read and checked against the rules it is for; its body is next.
struct Opened {
    header: TableHeader,
    reader: BufReader<std::fs::File>,
    /// The body's length in bytes.
    body: u64,
}

/// Why a table could not be written, read or used. Each message names the table's file.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Writing the file failed (the message says how).
    #[error("{0}")]
    Unwritable(String),
    #[error("cannot read the table `{path}`: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("`{path}` is not a senet table (made by `senet solve --table`)")]
    NotATable { path: String },
    #[error(
        "the table `{path}` was made by an earlier version of senet, whose tables carry no \
         checksum: solve it again with `senet solve --table`"
    )]
    Older { path: String },
    #[error(
        "the table `{path}` was solved for `{rules}` with {options}, not for `{wanted_rules}` \
         with {wanted_options}"
    )]
    OtherRules {
        path: String,
        rules: String,
        options: String,
        wanted_rules: String,
        wanted_options: String,
    },
    #[error(
        "the table `{path}` was solved for other rules of `{rules}` (its rule files have \
         changed since): solve it again"
    )]
    RulesChanged { path: String, rules: String },
    #[error("the table `{path}` is damaged: {what}")]
    Damaged { path: String, what: String },
    #[error("the table `{path}`{size} does not fit in the memory senet may use here")]
    TooBig {
        path: String,
        /// Its size in words (` (1.2 GiB)`), where it is known.
        size: String,
    },
    /// A table of some super-layers given where a whole one is needed, or the other way round.
    #[error("the table `{path}` {what}")]
    NotForThis { path: String, what: String },
}

fn cannot(path: &str, e: &dyn std::fmt::Display) -> TableError {
    TableError::Unreadable {
        path: path.into(),
        reason: e.to_string(),
    }
}

fn damaged(path: &str, what: impl Into<String>) -> TableError {
    TableError::Damaged {
        path: path.into(),
        what: what.into(),
    }
}

fn too_big(path: &str) -> TableError {
    TableError::TooBig {
        path: path.into(),
        size: String::new(),
    }
}

fn not_a_table(path: &str) -> TableError {
    TableError::NotATable { path: path.into() }
}

/// Opens a table and checks its header: a senet table of this version, for these rules and
/// options.
fn open(path: &str, expected: &TableHeader, engine: &Engine) -> Result<Opened, TableError> {
    let meta = std::fs::metadata(path).map_err(|e| cannot(path, &e))?;
    if !meta.is_file() {
        return Err(cannot(path, &"it is not a regular file"));
    }
    let file = std::fs::File::open(path).map_err(|e| cannot(path, &e))?;
    let mut reader = BufReader::new(file);
    // The header is one short line: read no more than a header could be.
    let mut head = Vec::new();
    (&mut reader)
        .take(MAX_HEADER)
        .read_until(b'\n', &mut head)
        .map_err(|e| cannot(path, &e))?;
    let line = String::from_utf8_lossy(&head);
    let header: TableHeader = serde_json::from_str(line.trim()).map_err(|_| not_a_table(path))?;
    if OLDER.contains(&header.format.as_str()) {
        return Err(TableError::Older { path: path.into() });
    }
    if ![MAGIC, DENSE, DENSE_F32].contains(&header.format.as_str()) {
        return Err(not_a_table(path));
    }
    if (&header.rules, &header.options) != (&expected.rules, &expected.options) {
        return Err(TableError::OtherRules {
            path: path.into(),
            rules: header.rules,
            options: options_text(&header.options),
            wanted_rules: expected.rules.clone(),
            wanted_options: options_text(&expected.options),
        });
    }
    if header.hash != expected.hash {
        return Err(TableError::RulesChanged {
            path: path.into(),
            rules: header.rules,
        });
    }
    let pieces = engine.rules.pieces;
    if header.floor.is_some_and(|f| f.iter().any(|&n| n > pieces)) {
        return Err(damaged(
            path,
            format!("its floor of pieces off is more than the {pieces} pieces a side has"),
        ));
    }
    let body = meta.len().saturating_sub(head.len() as u64);
    Ok(Opened {
        header,
        reader,
        body,
    })
}

impl Opened {
    /// The message for a body that does not hold what the header says.
    fn damaged(&self, path: &str) -> TableError {
        damaged(
            path,
            format!("{} bytes for {} states", self.body, self.header.states),
        )
    }

    /// Reads the body (whose size the caller has checked), and checks it against its checksum.
    fn read_body(&mut self, path: &str) -> Result<Vec<u8>, TableError> {
        let too_big = || TableError::TooBig {
            path: path.into(),
            size: format!(" ({:.1} GiB)", self.body as f64 / f64::from(1u32 << 30)),
        };
        let mut bytes = Vec::new();
        bytes
            .try_reserve_exact(usize::try_from(self.body).map_err(|_| too_big())?)
            .map_err(|_| too_big())?;
        (&mut self.reader)
            .take(self.body)
            .read_to_end(&mut bytes)
            .map_err(|e| cannot(path, &e))?;
        let mut sum = Checksum::new();
        sum.add(&bytes);
        if sum.hex() != self.header.checksum {
            return Err(damaged(path, "its contents do not match its checksum"));
        }
        Ok(bytes)
    }
}

fn not_chance(path: &str, v: f64) -> TableError {
    damaged(
        path,
        format!("it holds {v}, which is not a chance from 0 to 1"),
    )
}

/// The bytes of a value in a dense table of format `format`.
fn value_bytes(format: &str) -> usize {
    if format == DENSE_F32 { 4 } else { 8 }
}

/// Bytes of a body read at a time by a [`Stream`] (whole values of either size).
const PIECE: usize = 1 << 20;

/// A dense body's values (its size checked by the caller), read in turn a piece at a time and
/// checked against the body's checksum at the end ([`Stream::finish`]): where it does not
/// match, the values given are to be thrown away with the error. A table larger than memory is
/// so read into the values it gives, never whole.
struct Stream {
    path: String,
    opened: Opened,
    piece: Vec<u8>,
    /// Where the next value begins in the piece.
    at: usize,
    /// Bytes of the body not yet in a piece.
    left: u64,
    sum: Checksum,
}

impl Stream {
    fn new(path: String, opened: Opened) -> Stream {
        let left = opened.body;
        Stream {
            path,
            opened,
            piece: Vec::new(),
            at: 0,
            left,
            sum: Checksum::new(),
        }
    }

    /// The next value, checked to be a chance.
    fn next(&mut self) -> Result<f64, TableError> {
        let size = value_bytes(&self.opened.header.format);
        if self.at + size > self.piece.len() {
            let n = usize::try_from(self.left).map_or(PIECE, |l| l.min(PIECE));
            if n < size {
                return Err(self.opened.damaged(&self.path));
            }
            self.piece.resize(n, 0);
            self.opened
                .reader
                .read_exact(&mut self.piece)
                .map_err(|e| cannot(&self.path, &e))?;
            self.sum.add(&self.piece);
            self.left -= n as u64;
            self.at = 0;
        }
        let bytes = &self.piece[self.at..self.at + size];
        self.at += size;
        let v = dense_values(&self.opened.header.format, bytes)
            .next()
            .unwrap_or(f64::NAN);
        if !is_chance(v) {
            return Err(not_chance(&self.path, v));
        }
        Ok(v)
    }

    /// Checks that every value was read, and the body against its checksum.
    fn finish(self) -> Result<(), TableError> {
        if self.left > 0 || self.at < self.piece.len() {
            return Err(self.opened.damaged(&self.path));
        }
        if self.sum.hex() != self.opened.header.checksum {
            return Err(damaged(
                &self.path,
                "its contents do not match its checksum",
            ));
        }
        Ok(())
    }
}

/// A dense body's values, in f32 or f64 as the table holds them.
fn dense_values<'a>(format: &str, bytes: &'a [u8]) -> impl Iterator<Item = f64> + 'a {
    let f32s = format == DENSE_F32;
    bytes.chunks_exact(value_bytes(format)).map(move |b| {
        if f32s {
            f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        } else {
            f64::from_le_bytes(b.try_into().unwrap_or([0; 8]))
        }
    })
}

/// A dense body's values, each checked to be a chance, kept as precise as the table holds them.
fn dense_solution_values(path: &str, format: &str, bytes: &[u8]) -> Result<Values, TableError> {
    if let Some(v) = dense_values(format, bytes).find(|&v| !is_chance(v)) {
        return Err(not_chance(path, v));
    }
    let too_big = || too_big(path);
    let n = bytes.len() / value_bytes(format);
    if format == DENSE_F32 {
        let mut values: Vec<f32> = Vec::new();
        values.try_reserve_exact(n).map_err(|_| too_big())?;
        values.extend(
            bytes
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        );
        Ok(Values::F32(values))
    } else {
        let mut values = Mapped::zeroed(n, n);
        for (slot, v) in values.iter_mut().zip(dense_values(format, bytes)) {
            *slot = v;
        }
        Ok(Values::F64(values))
    }
}

/// Loads a table; `expected` is the header the caller's rules and options give, `engine` plays
/// those rules (a dense table's numbering is rebuilt from them).
pub fn load(path: &str, expected: &TableHeader, engine: &Engine) -> Result<Solved, TableError> {
    let mut opened = open(path, expected, engine)?;
    let header = opened.header.clone();
    if let Some([lo, hi]) = header.layers {
        return Err(TableError::NotForThis {
            path: path.into(),
            what: format!(
                "holds only the states with {lo} to {hi} pieces off in total (a run of `senet \
                 solve --layers`); play needs a whole table: make one with `senet solve {} \
                 --from FILE ... --table FILE`, giving every such table",
                header.rules
            ),
        });
    }
    // The body holds exactly what the header says: its size is known before it is read.
    let dense = header.format != MAGIC;
    let record = if dense {
        value_bytes(&header.format)
    } else {
        RECORD
    };
    if header
        .states
        .checked_mul(record)
        .and_then(|n| u64::try_from(n).ok())
        != Some(opened.body)
    {
        return Err(opened.damaged(path));
    }
    // A dense table's states follow from the rules: a header that claims others is refused
    // before its body is read.
    let dense_index = if dense {
        let index = DenseIndex::new(&engine.rules).map_err(|_| opened.damaged(path))?;
        if index.states != header.states as u64 {
            return Err(opened.damaged(path));
        }
        Some(index)
    } else {
        None
    };
    let bytes = opened.read_body(path)?;
    if let Some(index) = dense_index {
        let values = dense_solution_values(path, &header.format, &bytes)?;
        drop(bytes);
        let floor = PerSide(header.floor.unwrap_or([0, 0]));
        let mut solution = DenseSolution {
            held: vec![true; index.layers.len()],
            index,
            floor,
            solved: header.states as u64,
            values,
            layers: None,
            sweeps: 0,
            lists_on_disk: 0,
            lists_found_again: 0,
            values_in_file: 0,
            openings: std::collections::HashMap::new(),
            part: None,
        };
        // The positions before the openings are not in the table: found again from its values.
        if floor == PerSide::default() {
            solution.openings = super::dense::opening_values(engine, &solution, &engine.start())
                .map_err(|_| TableError::NotForThis {
                    path: path.into(),
                    what: "has openings that lead to a split turn with more ways to share its \
                           total than a listing of the moves visits"
                        .into(),
                })?;
        }
        return Ok(Solved::Dense(solution));
    }
    let too_big = || too_big(path);
    let mut s = Solution {
        positions: Vec::new(),
        index: HashMap::new(),
        score: Vec::new(),
        draw: Vec::new(),
        sweeps: 0,
    };
    let n = header.states;
    s.positions.try_reserve_exact(n).map_err(|_| too_big())?;
    s.index.try_reserve(n).map_err(|_| too_big())?;
    s.score.try_reserve_exact(n).map_err(|_| too_big())?;
    s.draw.try_reserve_exact(n).map_err(|_| too_big())?;
    for (k, chunk) in (0u32..).zip(bytes.chunks_exact(RECORD)) {
        let (pos, score, draw) =
            get_record(chunk, &engine.rules).ok_or_else(|| opened.damaged(path))?;
        if let Some(v) = [score, draw].into_iter().find(|&v| !is_chance(v)) {
            return Err(not_chance(path, v));
        }
        s.positions.push(pos);
        s.index.insert(pos, k);
        s.score.push(score);
        s.draw.push(draw);
    }
    Ok(Solved::Search(s))
}

/// A table of one part of a super-layer, checked against the tables given before it, its
/// values not read yet: [`read_parts`] reads every part given of a super-layer in one pass over
/// its states.
pub struct PartTable {
    path: String,
    opened: Opened,
    total: usize,
    part: super::dense::Part,
}

/// Checks a table of part `[k, n]` of super-layer `total` against `known` (and the part tables
/// checked before it), and marks the part in `known.parts` (see
/// [`super::dense::Known::parts`]): its values are read by [`read_parts`].
fn check_part(
    path: &str,
    opened: Opened,
    [k, n]: [usize; 2],
    total: usize,
    index: &DenseIndex,
    known: &mut Known,
) -> Result<PartTable, TableError> {
    use super::dense::Part;
    let header = &opened.header;
    if header.layers.is_none_or(|[lo, hi]| lo != hi)
        || !(1..=n).contains(&k)
        || header.format != DENSE
        || total > index.top_total()
    {
        return Err(opened.damaged(path));
    }
    let part = Part { k, n };
    let refuse = |what: String| TableError::NotForThis {
        path: path.into(),
        what,
    };
    if known.has_total(index, total) {
        return Err(refuse(format!(
            "holds part {k} of the states with {total} pieces off in total, which another \
                 table given holds whole"
        )));
    }
    if let Some((_, other)) = known.parts.iter().find(|(t, _)| *t == total) {
        if other.n != n {
            return Err(refuse(format!(
                "holds part {k} of {n} of the states with {total} pieces off in total, and \
                 another table given part {} of {}: give parts of one cutting",
                other.k, other.n
            )));
        }
        if other.k == k {
            return Err(refuse(format!(
                "holds part {k} of {n} of the states with {total} pieces off in total, which \
                 another table given holds too"
            )));
        }
    }
    known.parts.push((total, part));
    Ok(PartTable {
        path: path.into(),
        opened,
        total,
        part,
    })
}

/// Reads the part tables `tables` (checked by [`read_layers`]) into `known`: the parts of each
/// super-layer in one pass over its states, each state's value from its part's table in turn.
/// `cut`: a super-layer's cutting already found, used for the tables of its parts (one pass
/// fewer); the others' are found here.
pub fn read_parts(
    tables: Vec<PartTable>,
    engine: &Engine,
    index: &DenseIndex,
    known: &mut Known,
    cut: Option<&Cutting>,
) -> Result<(), TableError> {
    let mut totals: Vec<usize> = tables.iter().map(|t| t.total).collect();
    totals.sort_unstable();
    totals.dedup();
    let mut tables = tables;
    for total in totals {
        let (group, rest): (Vec<PartTable>, Vec<PartTable>) =
            tables.into_iter().partition(|t| t.total == total);
        tables = rest;
        let n = group[0].part.n;
        let found;
        let cutting = match cut {
            Some(c) if c.cuts(total, n) => c,
            _ => {
                found = Cutting::of(engine, index, total, n);
                &found
            }
        };
        // Per part: its table's values, where it was given.
        let mut streams: Vec<Option<Stream>> = (0..n).map(|_| None).collect();
        for t in &group {
            let states = cutting.range(t.part.k).map_or(0, |r| r.states);
            let opened = &t.opened;
            if opened.header.states as u64 != states || opened.body != 8 * states {
                return Err(opened.damaged(&t.path));
            }
        }
        for t in group {
            streams[t.part.k - 1] = Some(Stream::new(t.path, t.opened));
        }
        let mut failed = None;
        let values = &mut known.values;
        cutting.for_each_state(engine, index, |i, k| {
            if failed.is_none()
                && let Some(stream) = &mut streams[k - 1]
            {
                match stream.next() {
                    Ok(v) => values.set(i, v),
                    Err(e) => failed = Some(e),
                }
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        for stream in streams.into_iter().flatten() {
            stream.finish()?;
        }
    }
    Ok(())
}

/// Reads the values of a dense table, whole (not solved from a position) or of some
/// super-layers, into `known`, for a run of the super-layers below (`senet solve --from`):
/// only those of the pieces off in total `held` (what the run holds: see
/// [`super::dense::held_totals`]), a table of none of them checked but not read. A table of a
/// part is checked and added to `parts`, whose values [`read_parts`] reads once every table is
/// checked. Returns the lowest and highest pieces off in total the table holds.
pub fn read_layers(
    path: &str,
    expected: &TableHeader,
    engine: &Engine,
    index: &DenseIndex,
    known: &mut Known,
    (held, parts): (&std::ops::RangeInclusive<usize>, &mut Vec<PartTable>),
) -> Result<[usize; 2], TableError> {
    let opened = open(path, expected, engine)?;
    let header = opened.header.clone();
    if header.format == MAGIC {
        return Err(TableError::NotForThis {
            path: path.into(),
            what: "was solved by the search: only tables of the dense numbering are made of \
                   super-layers"
                .into(),
        });
    }
    if header.floor.is_some() {
        return Err(TableError::NotForThis {
            path: path.into(),
            what: "was solved from a position, so it lacks states of its super-layers: give a \
                   table solved from the start or with `--layers`"
                .into(),
        });
    }
    let top = index.top_total();
    let [lo, hi] = header
        .layers
        .map_or([0, top], |range| range.map(usize::from));
    let wanted = |total: usize| held.contains(&total);
    if let Some(part) = header.part {
        if wanted(lo) {
            parts.push(check_part(path, opened, part, lo, index, known)?);
        }
        return Ok([lo, hi]);
    }
    if let Some((total, _)) = known.parts.iter().find(|(t, _)| (lo..=hi).contains(t)) {
        return Err(TableError::NotForThis {
            path: path.into(),
            what: format!(
                "holds the states with {total} pieces off in total, whose parts another table \
                 given holds"
            ),
        });
    }
    let holds = |l: &&super::dense::Layer| (lo..=hi).contains(&l.total_off());
    let states: u64 = index.layers.iter().filter(holds).map(|l| l.size).sum();
    let size = value_bytes(&header.format) as u64;
    if lo > hi || hi > top || header.states as u64 != states || opened.body != states * size {
        return Err(opened.damaged(path));
    }
    if let Some(l) = (index.layers.iter().zip(&known.layers)).find(|(l, k)| **k && holds(l)) {
        return Err(TableError::NotForThis {
            path: path.into(),
            what: format!(
                "holds the states with {} pieces off in total, which another table given holds \
                 too",
                l.0.total_off()
            ),
        });
    }
    if !(lo..=hi).any(wanted) {
        return Ok([lo, hi]);
    }
    // The body holds its layers in turn; those the run does not hold are read past.
    let mut stream = Stream::new(path.into(), opened);
    for (l, known_layer) in index.layers.iter().zip(known.layers.iter_mut()) {
        if !holds(&l) {
            continue;
        }
        let want = wanted(l.total_off());
        for i in l.states() {
            let v = stream.next()?;
            if want {
                known.values.set(i, v);
            }
        }
        *known_layer = want;
    }
    stream.finish()?;
    Ok([lo, hi])
}
