//! Property tests of the engine over every bundled rule set (and the bundled options' other
//! values): random games played through [`Game`] with seeded throws and random choices, checked
//! after every step.
//!
//! After every step of a game:
//! - pieces are conserved: per side, on the board + waiting + off + removed = the rules' count;
//! - no two pieces share a square, and the two occupancy views (`on` by path position, `squares`
//!   by square) agree;
//! - the position reads back from its own JSON (`position_json` -> `parse_position`), with the
//!   throw in hand when there is one;
//! - a position where the game is over is never played on.
//!
//! At every choice: the move list is not empty and holds no duplicates, and every move applies
//! to a position that passes the same checks (and its JSON round trip).
//!
//! Besides: random (not only reachable) positions with a random throw give moves that apply;
//! every random game ends before a turn cap of 20 000 turns; the same seed gives the same game
//! twice.
//!
//! Runtime is kept small in debug builds: Finkel's split turns search every way to share the
//! total, so its games get fewer cases.

use crate::common;
use crate::support::shipped::two_sided_ids;

use std::collections::HashSet;
use std::sync::OnceLock;

use common::{check_json, check_position, random_position};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use senet::agents::{GreedyAgent, RandomAgent};
use senet::check::check_target;
use senet::compile::{PosFlags, compile};
use senet::engine::game::{Action, Game, GameEvent, GameSummary, Player, play, random_throw};
use senet::engine::{Engine, Listing, Move, Position};
use senet::notation::position::{parse_position, throw_possible};
use senet::types::{Opening, PathPos, Place, Side, Throw};

/// The turn cap of every game here.
const TURN_CAP: u32 = 20_000;

/// The bundled rule sets of two sides by id, which the two-sided engine plays;
/// `every_bundled_rule_set_has_its_property_test` keeps this list and the bundled rule sets of
/// two sides the same (those of more are tested in `multi_sided`).
const IDS: [&str; 84] = [
    "cross-and-circle/kints",
    "cross-and-circle/pancha-keliya",
    "cross-and-circle/panchi",
    "hounds-and-jackals/carnarvon-carter",
    "hounds-and-jackals/carter",
    "hounds-and-jackals/carter-crossover",
    "hounds-and-jackals/tab",
    "senet/base",
    "senet/bell-1960",
    "senet/bell-1979",
    "senet/bell-suggested",
    "senet/bell-thirty-squares",
    "senet/finkel",
    "senet/ivde",
    "senet/jequier",
    "senet/jequier-1930",
    "senet/kendall",
    "senet/kendall-14",
    "senet/kendall-1978",
    "senet/modern",
    "senet/piccione",
    "senet/tait",
    "senet/thirty-six",
    "tables/backgammon",
    "tables/baralie",
    "tables/buffa-de-baldrac",
    "tables/cab-e-quinal",
    "tables/cab-e-quinal-fixed-die",
    "tables/contrare-puff",
    "tables/doblet",
    "tables/dubblets",
    "tables/emperador",
    "tables/fallas",
    "tables/fevga",
    "tables/frangieh",
    "tables/garanguet",
    "tables/hypergammon",
    "tables/imperial",
    "tables/jacquet",
    "tables/jacquet-de-versailles",
    "tables/julbahar",
    "tables/ketch-dolt",
    "tables/kiz-tavlasi",
    "tables/kotra",
    "tables/lange-puff",
    "tables/laquet",
    "tables/los-doze-canes",
    "tables/ludus-anglicorum",
    "tables/ludus-lombardorum",
    "tables/mahbouseh",
    "tables/medio-emperador",
    "tables/mughrabieh",
    "tables/myles",
    "tables/nard",
    "tables/ofanfelling",
    "tables/pareia-de-entrada",
    "tables/paumecary",
    "tables/piprjall",
    "tables/plakoto",
    "tables/portes",
    "tables/provincial",
    "tables/quinze-tablas",
    "tables/rabbatuees",
    "tables/schuster",
    "tables/seys-dos-y-as",
    "tables/shuanglu",
    "tables/ssang-ryouk",
    "tables/svensk-bradspel",
    "tables/tavli",
    "tables/tawula",
    "tables/todas-tablas",
    "tables/verquere",
    "tables/xii-scripta",
    "tables/yahoudieh",
    "twenty-squares/aseb",
    "twenty-squares/babylonian",
    "twenty-squares/blitz",
    "twenty-squares/marks-throw-only",
    "twenty-squares/masters",
    "twenty-squares/murray",
    "twenty-squares/sawah",
    "twenty-squares/seleucid",
    "twenty-squares/ur",
    "twenty-squares/ur-finkel",
];

/// Option values other than the defaults, played as variants of their own.
pub(crate) const OPTION_VARIANTS: [(&str, &str, &str); 16] = [
    ("senet/kendall-1978", "pieces", "5"),
    ("senet/kendall-1978", "home-row", "on"),
    ("senet/kendall-1978", "trap", "on"),
    ("senet/kendall-1978", "starting-throw", "on"),
    ("senet/kendall", "pieces", "7"),
    ("senet/kendall", "pieces", "4"),
    ("senet/base", "pieces", "4"),
    ("senet/kendall", "extra-throws", "off"),
    ("senet/ivde", "pieces", "7"),
    ("twenty-squares/masters", "dice", "four"),
    ("hounds-and-jackals/carter-crossover", "board", "2"),
    ("hounds-and-jackals/carter-crossover", "board", "3"),
    ("hounds-and-jackals/carter-crossover", "board", "4"),
    ("hounds-and-jackals/carter-crossover", "board", "5"),
    ("hounds-and-jackals/tab", "holes", "throw"),
    ("hounds-and-jackals/tab", "holes", "safe"),
];

// ---- rule sets ---------------------------------------------------------------------------------

struct Variant {
    /// The id, with its option if any (`senet/kendall pieces=7`).
    name: String,
    engine: Engine,
    /// Split turns (throw all, then share the total): much slower per move.
    split: bool,
    /// Random play wanders and rarely ends (see [`WANDERING`]): its games are checked for a
    /// shorter while, and games between greedy players must end instead.
    wanders: bool,
    /// A throw may play more than four dice one by one, or dice combined: turns of thousands
    /// of sequences, each checked, so the seeded sweep plays fewer games.
    wide: bool,
    /// Some dice of a throw may be left unplayed (a double's opposite faces): a double's turn
    /// may list tens of thousands of moves, so the sweeps play only a few games.
    vast: bool,
}

/// Rule sets (and option values) whose random games may not end, by the rules, not by a fault:
/// in `senet/jequier-1930` every piece with no forward move may move back, and captured pieces
/// go back to the start, so random players walk to and fro (98 % of 2,000 random games reach
/// 10,000 turns), while greedy players finish in about 300 moves. In `senet/kendall-1978` with
/// its home row, a side can lock itself: its piece in the Water may not bear off (a piece of
/// its own is in the home row), nor retreat (15 is taken), and no other piece may move (about
/// one random game in 200).
const WANDERING: [&str; 2] = ["senet/jequier-1930", "senet/kendall-1978 home-row=on"];

/// How many turns a checked game of `v` is played at most.
fn cap(v: &Variant) -> u32 {
    if v.wanders { 2_000 } else { TURN_CAP }
}

fn load(id: &str, options: &[(String, String)]) -> Engine {
    match check_target(id, options) {
        Ok(r) => Engine::new(compile(&r)),
        Err(_) => panic!("the bundled rule set `{id}` {options:?} does not check"),
    }
}

fn variant(name: String, engine: Engine) -> Variant {
    let split = engine.rules.split;
    let wanders = WANDERING.contains(&name.as_str());
    let wide = engine
        .rules
        .stacked
        .as_ref()
        .is_some_and(|t| t.combined || t.pools.iter().any(|p| p.len() > 4));
    let vast = engine
        .rules
        .stacked
        .as_ref()
        .is_some_and(|t| t.forms.iter().any(|f| f.optional > 0));
    Variant {
        name,
        engine,
        split,
        wanders,
        wide,
        vast,
    }
}

/// Every bundled rule set of two sides with its default options, then the other option values.
fn variants() -> &'static [Variant] {
    static ALL: OnceLock<Vec<Variant>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Variant> = two_sided_ids()
            .iter()
            .map(|id| variant(id.to_string(), load(id, &[])))
            .collect();
        for (id, name, value) in OPTION_VARIANTS {
            let engine = load(id, &[(name.to_string(), value.to_string())]);
            all.push(variant(format!("{id} {name}={value}"), engine));
        }
        all
    })
}

fn by_name(name: &str) -> &'static Variant {
    variants()
        .iter()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("no rule set `{name}`"))
}

// ---- invariants --------------------------------------------------------------------------------

/// The most moves of one listing [`check_moves`] applies one by one: a double whose faces
/// beneath may follow it lists tens of thousands, of which it applies an even sample.
const CHECKED_MOVES: usize = 512;

/// Every move of `moves` (the legal moves of `pos` for `throw`): no duplicates, each applies to
/// a sound position that reads back from JSON, and the right side throws next (of more than
/// [`CHECKED_MOVES`], that many spread evenly over the list).
fn check_moves(
    engine: &Engine,
    pos: &Position,
    throw: Throw,
    moves: &[Move],
) -> Result<(), String> {
    let mut seen = HashSet::new();
    for mv in moves {
        if !seen.insert(*mv) {
            return Err(format!("the move {:?} is listed twice", mv.steps()));
        }
    }
    let s = pos.to_move();
    let stride = moves.len().div_ceil(CHECKED_MOVES).max(1);
    for mv in moves.iter().step_by(stride) {
        let Some(first) = mv.steps().first() else {
            // Leaving a piece where it is: only where every other move is of a piece that may
            // retreat (such a piece is never forced to move).
            let may_retreat = |m: &Move| match m.steps().first().map(|st| st.from()) {
                Some(Place::On(p)) => {
                    engine.rules.sides[s].flags[p.index()].contains(PosFlags::RETREAT)
                }
                _ => false,
            };
            if !moves
                .iter()
                .filter(|m| !m.steps().is_empty())
                .all(may_retreat)
            {
                return Err(
                    "a move with no steps beside moves of pieces that may not retreat".into(),
                );
            }
            continue;
        };
        // A take (`dice take lone pieces on their number`) starts where the other side has a
        // lone piece.
        let has_piece = match first.taken() {
            Some(p) => pos.on(s.other()) & p.bit() != 0,
            None => match first.from() {
                Place::Waiting => pos.waiting(s) > 0,
                Place::On(p) => pos.on(s) & p.bit() != 0,
                Place::Off | Place::Removed => false,
            },
        };
        if !has_piece {
            return Err(format!(
                "the move {:?} starts where {s} has no piece",
                mv.steps()
            ));
        }
        let (next, report) = engine.apply(pos, mv, throw);
        if next != engine.successor(pos, mv, throw) {
            return Err(format!(
                "the move {:?}: apply and successor differ",
                mv.steps()
            ));
        }
        check_position(engine, &next)
            .map_err(|e| format!("after the move {:?}: {e}", mv.steps()))?;
        let expected = if report.extra_throw() { s } else { s.other() };
        if next.to_move() != expected {
            return Err(format!(
                "after the move {:?} (extra throw: {}) {} is to move",
                mv.steps(),
                report.extra_throw(),
                next.to_move()
            ));
        }
        if report.steps().len() != mv.steps().len()
            || report
                .steps()
                .iter()
                .zip(mv.steps())
                .any(|(r, m)| r.step() != *m)
        {
            return Err(format!(
                "the report of {:?} tells other steps: {:?}",
                mv.steps(),
                report.steps()
            ));
        }
        // Each step tells whether it earns an extra throw: by the square it lands on or rests
        // on (no bundled rule set sends a piece through a third square), or by a capture where
        // captures throw again.
        // A take lands nowhere, and earns nothing.
        for step in report
            .steps()
            .iter()
            .filter(|st| st.step().taken().is_none())
        {
            let flags = |p: Place| match p {
                Place::On(p) => engine.rules.sides[s].flags[p.index()],
                _ => PosFlags::empty(),
            };
            // A capture where it landed, or at the end of a line that sent it on capturing.
            let capture_throws = step.captures().any(|c| {
                let at = match step.landed() {
                    Place::On(p) if engine.square(s, p) == c.square => step.landed(),
                    _ => engine.rules.sides[s]
                        .position(c.square)
                        .map_or(Place::Off, Place::On),
                };
                flags(at).contains(PosFlags::CAPTURE_THROW)
            });
            let earns = flags(step.rest()).contains(PosFlags::EXTRA_THROW)
                || flags(step.landed()).contains(PosFlags::EXTRA_THROW)
                || capture_throws;
            if step.earns_extra_throw() != earns {
                return Err(format!("the report of {:?}: {step:?}", mv.steps()));
            }
        }
        check_json(engine, &next, None)
            .map_err(|e| format!("after the move {:?}: {e}", mv.steps()))?;
    }
    Ok(())
}

// ---- games -------------------------------------------------------------------------------------

/// A game played through [`Game`]: its summary, every event, and whether it ended.
#[derive(Debug, PartialEq)]
struct Played {
    summary: GameSummary,
    events: Vec<GameEvent>,
    finished: bool,
}

/// Plays one game with throws and choices from `seed`; with `check`, checks every step.
fn drive(engine: &Engine, seed: u64, check: bool, cap: u32) -> Result<Played, String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::new(engine, cap);
    let mut events = Vec::new();
    let mut step = 0u64;
    check_position(engine, &game.pos).map_err(|e| format!("start position: {e}"))?;
    loop {
        step += 1;
        let action = game.next_action();
        events.append(&mut game.events);
        if check {
            let at = |e: String| format!("step {step} ({action:?}): {e}");
            check_position(engine, &game.pos).map_err(at)?;
            let over = engine.outcome(&game.pos);
            match action {
                Action::Over if game.summary.outcome.is_some() && game.summary.outcome != over => {
                    return Err(at(format!(
                        "the game ended with {:?} but the position gives {over:?}",
                        game.summary.outcome
                    )));
                }
                Action::Over => {}
                _ if over.is_some() => {
                    return Err(at(format!("the game goes on in a won position ({over:?})")));
                }
                Action::Throw { side } | Action::Choose { side } if side != game.pos.to_move() => {
                    return Err(at(format!("{} is to move", game.pos.to_move())));
                }
                _ => {}
            }
            let throw = match action {
                // In a turn that plays each throw whole, each move carries its throw.
                Action::Choose { .. } => {
                    for i in 0..game.moves().len() {
                        let t = game.throw_of(i);
                        // Dice passed by the other side are no throw, but the position's.
                        if !throw_possible(engine, t) && game.pos.passed() != Some(t) {
                            return Err(at(format!(
                                "the throw in hand, {t}, is not a throw the rules can give"
                            )));
                        }
                    }
                    game.moves().first().map(|_| game.throw_of(0))
                }
                _ => None,
            };
            check_json(engine, &game.pos, throw).map_err(at)?;
            if let Action::Choose { .. } = action {
                if game.moves().is_empty() {
                    return Err(at("a choice among no moves".into()));
                }
                check_moves(engine, &game.pos, game.throw_of(0), game.moves()).map_err(at)?;
            }
        }
        match action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                let v = random_throw(engine, &mut rng);
                game.give_throw(v);
            }
            Action::Choose { .. } => {
                let i = rng.random_range(0..game.moves().len());
                game.choose(i);
            }
            Action::Over => break,
        }
        events.append(&mut game.events);
        if check {
            check_position(engine, &game.pos).map_err(|e| format!("step {step}, after: {e}"))?;
        }
    }
    let finished = game.summary.outcome.is_some();
    if check {
        let moves = events
            .iter()
            .filter(|e| matches!(e, GameEvent::Move { .. }))
            .count();
        let captures: usize = events
            .iter()
            .map(|e| match e {
                GameEvent::Move { report, .. } => report.captures().count(),
                _ => 0,
            })
            .sum();
        let ends = events
            .iter()
            .filter(|e| matches!(e, GameEvent::End { .. }))
            .count();
        if moves != game.summary.moves as usize || captures != game.summary.captures as usize {
            return Err(format!(
                "the summary counts {} moves and {} captures, the events {moves} and {captures}",
                game.summary.moves, game.summary.captures
            ));
        }
        if ends != usize::from(finished)
            || (finished && !matches!(events.last(), Some(GameEvent::End { .. })))
        {
            return Err(format!(
                "{ends} end events for a game that {}",
                if finished { "ended" } else { "was capped" }
            ));
        }
    }
    Ok(Played {
        summary: game.summary,
        events,
        finished,
    })
}

/// Plays one game with [`play`] and two [`RandomAgent`]s; returns the summary and the events.
fn play_agents(engine: &Engine, seed: u64) -> (GameSummary, Vec<GameEvent>) {
    let mut a = RandomAgent::new(seed ^ 1);
    let mut b = RandomAgent::new(seed ^ 2);
    play_with(engine, seed, [&mut a, &mut b])
}

/// A game between greedy players.
fn play_greedy(engine: &Engine, seed: u64) -> (GameSummary, Vec<GameEvent>) {
    let mut a = GreedyAgent::new(seed ^ 1);
    let mut b = GreedyAgent::new(seed ^ 2);
    play_with(engine, seed, [&mut a, &mut b])
}

fn play_with(
    engine: &Engine,
    seed: u64,
    mut players: [&mut dyn Player; 2],
) -> (GameSummary, Vec<GameEvent>) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut events = Vec::new();
    let summary = play(engine, &mut players, &mut rng, TURN_CAP, |e| {
        events.push(*e)
    });
    (summary, events)
}

/// A full checked game, then the same seed again (unchecked) for determinism.
fn game_property(name: &str, seed: u64) -> Result<(), TestCaseError> {
    let v = by_name(name);
    let first = drive(&v.engine, seed, true, cap(v))
        .map_err(|e| TestCaseError::fail(format!("{name}, seed {seed}: {e}")))?;
    prop_assert!(
        first.finished || v.wanders,
        "{name}, seed {seed}: no result after {TURN_CAP} turns"
    );
    let again = drive(&v.engine, seed, false, cap(v)).map_err(TestCaseError::fail)?;
    prop_assert!(
        first == again,
        "{name}, seed {seed}: the same seed gave another game"
    );
    Ok(())
}

// ---- property tests: one per rule set ----------------------------------------------------------

macro_rules! game_properties {
    ($($test:ident: $name:literal, $cases:literal;)*) => {
        $(
            proptest! {
                #![proptest_config(ProptestConfig {
                    cases: $cases,
                    failure_persistence: None,
                    ..ProptestConfig::default()
                })]
                #[test]
                fn $test(seed in any::<u64>()) {
                    game_property($name, seed)?;
                }
            }
        )*

        /// The test names of the macro, so that a new rule set cannot go untested.
        const PROPERTY_TESTED: &[&str] = &[$($name),*];
    };
}

game_properties! {
    games_cross_and_circle_pancha_keliya: "cross-and-circle/pancha-keliya", 8;
    games_cross_and_circle_panchi: "cross-and-circle/panchi", 8;
    games_cross_and_circle_kints: "cross-and-circle/kints", 8;
    games_hounds_and_jackals_carnarvon_carter: "hounds-and-jackals/carnarvon-carter", 8;
    games_hounds_and_jackals_carter: "hounds-and-jackals/carter", 8;
    games_hounds_and_jackals_carter_crossover: "hounds-and-jackals/carter-crossover", 8;
    games_hounds_and_jackals_tab: "hounds-and-jackals/tab", 8;
    games_hounds_and_jackals_tab_throw: "hounds-and-jackals/tab holes=throw", 4;
    games_hounds_and_jackals_tab_safe: "hounds-and-jackals/tab holes=safe", 4;
    games_hounds_and_jackals_carter_crossover_2: "hounds-and-jackals/carter-crossover board=2", 4;
    games_hounds_and_jackals_carter_crossover_3: "hounds-and-jackals/carter-crossover board=3", 4;
    games_hounds_and_jackals_carter_crossover_4: "hounds-and-jackals/carter-crossover board=4", 4;
    games_hounds_and_jackals_carter_crossover_5: "hounds-and-jackals/carter-crossover board=5", 4;
    games_senet_base: "senet/base", 16;
    games_senet_bell_1960: "senet/bell-1960", 16;
    games_senet_bell_1979: "senet/bell-1979", 16;
    games_senet_bell_thirty_squares: "senet/bell-thirty-squares", 16;
    games_senet_finkel: "senet/finkel", 3;
    games_senet_ivde: "senet/ivde", 16;
    games_senet_ivde_7: "senet/ivde pieces=7", 8;
    games_senet_jequier: "senet/jequier", 16;
    games_senet_jequier_1930: "senet/jequier-1930", 4;
    games_senet_kendall: "senet/kendall", 16;
    games_senet_kendall_7: "senet/kendall pieces=7", 8;
    games_senet_kendall_4: "senet/kendall pieces=4", 8;
    games_senet_base_4: "senet/base pieces=4", 8;
    games_senet_kendall_no_extra: "senet/kendall extra-throws=off", 8;
    games_senet_kendall_14: "senet/kendall-14", 16;
    games_senet_kendall_1978: "senet/kendall-1978", 16;
    games_senet_kendall_1978_five: "senet/kendall-1978 pieces=5", 8;
    games_senet_kendall_1978_home_row: "senet/kendall-1978 home-row=on", 8;
    games_senet_kendall_1978_trap: "senet/kendall-1978 trap=on", 8;
    games_senet_kendall_1978_starting_throw: "senet/kendall-1978 starting-throw=on", 8;
    games_senet_piccione: "senet/piccione", 8;
    games_senet_bell_suggested: "senet/bell-suggested", 16;
    games_senet_modern: "senet/modern", 16;
    games_senet_tait: "senet/tait", 16;
    games_senet_thirty_six: "senet/thirty-six", 16;
    games_tables_backgammon: "tables/backgammon", 4;
    games_tables_hypergammon: "tables/hypergammon", 4;
    games_tables_baralie: "tables/baralie", 4;
    games_tables_fevga: "tables/fevga", 4;
    games_tables_jacquet: "tables/jacquet", 4;
    games_tables_ludus_anglicorum: "tables/ludus-anglicorum", 4;
    games_tables_ludus_lombardorum: "tables/ludus-lombardorum", 4;
    games_tables_verquere: "tables/verquere", 4;
    games_tables_plakoto: "tables/plakoto", 4;
    games_tables_mahbouseh: "tables/mahbouseh", 4;
    games_tables_mughrabieh: "tables/mughrabieh", 4;
    games_tables_tavli: "tables/tavli", 2;
    games_tables_xii_scripta: "tables/xii-scripta", 4;
    games_tables_cab_e_quinal: "tables/cab-e-quinal", 4;
    games_tables_frangieh: "tables/frangieh", 4;
    games_tables_imperial: "tables/imperial", 4;
    games_tables_medio_emperador: "tables/medio-emperador", 4;
    games_tables_nard: "tables/nard", 4;
    games_tables_paumecary: "tables/paumecary", 4;
    games_tables_emperador: "tables/emperador", 2;
    games_tables_los_doze_canes: "tables/los-doze-canes", 2;
    games_tables_todas_tablas: "tables/todas-tablas", 2;
    games_tables_buffa_de_baldrac: "tables/buffa-de-baldrac", 2;
    games_tables_pareia_de_entrada: "tables/pareia-de-entrada", 2;
    games_tables_doblet: "tables/doblet", 2;
    games_tables_kiz_tavlasi: "tables/kiz-tavlasi", 2;
    games_tables_ofanfelling: "tables/ofanfelling", 2;
    games_tables_yahoudieh: "tables/yahoudieh", 2;
    games_tables_garanguet: "tables/garanguet", 2;
    games_tables_jacquet_de_versailles: "tables/jacquet-de-versailles", 2;
    games_tables_kotra: "tables/kotra", 2;
    games_tables_dubblets: "tables/dubblets", 2;
    games_tables_schuster: "tables/schuster", 2;
    games_tables_laquet: "tables/laquet", 2;
    games_tables_lange_puff: "tables/lange-puff", 2;
    games_tables_contrare_puff: "tables/contrare-puff", 2;
    games_tables_piprjall: "tables/piprjall", 2;
    games_tables_fallas: "tables/fallas", 2;
    games_tables_svensk_bradspel: "tables/svensk-bradspel", 2;
    games_tables_julbahar: "tables/julbahar", 2;
    games_tables_ketch_dolt: "tables/ketch-dolt", 4;
    games_tables_tawula: "tables/tawula", 4;
    games_tables_rabbatuees: "tables/rabbatuees", 4;
    games_tables_myles: "tables/myles", 4;
    games_tables_cab_e_quinal_fixed_die: "tables/cab-e-quinal-fixed-die", 4;
    games_tables_portes: "tables/portes", 4;
    games_tables_provincial: "tables/provincial", 4;
    games_tables_quinze_tablas: "tables/quinze-tablas", 4;
    games_tables_seys_dos_y_as: "tables/seys-dos-y-as", 4;
    games_tables_shuanglu: "tables/shuanglu", 4;
    games_tables_ssang_ryouk: "tables/ssang-ryouk", 4;
    games_twenty_squares_aseb: "twenty-squares/aseb", 16;
    games_twenty_squares_babylonian: "twenty-squares/babylonian", 16;
    games_twenty_squares_blitz: "twenty-squares/blitz", 16;
    games_twenty_squares_marks_throw_only: "twenty-squares/marks-throw-only", 16;
    games_twenty_squares_masters: "twenty-squares/masters", 16;
    games_twenty_squares_masters_four: "twenty-squares/masters dice=four", 8;
    games_twenty_squares_murray: "twenty-squares/murray", 8;
    games_twenty_squares_sawah: "twenty-squares/sawah", 16;
    games_twenty_squares_seleucid: "twenty-squares/seleucid", 16;
    games_twenty_squares_ur: "twenty-squares/ur", 16;
    games_twenty_squares_ur_finkel: "twenty-squares/ur-finkel", 16;
}

#[test]
fn every_bundled_rule_set_has_its_property_test() {
    let bundled: Vec<&str> = two_sided_ids().to_vec();
    let mut sorted = bundled.clone();
    sorted.sort();
    assert_eq!(sorted, IDS, "the bundled rule sets changed: update IDS");
    for v in variants() {
        assert!(
            PROPERTY_TESTED.contains(&v.name.as_str()),
            "`{}` has no property test in `game_properties!`",
            v.name
        );
    }
}

// ---- random positions --------------------------------------------------------------------------

/// A random position of the rule set (see [`common::random_position`]) and a throw the rules can
/// give.
fn random_position_and_throw(engine: &Engine, seed: u64) -> (Position, Throw) {
    let r = &engine.rules;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let pos = random_position(engine, &mut rng);
    let throw = loop {
        let t = if r.split {
            Throw::new(rng.random_range(0..=3 * u16::from(r.throws.max)))
        } else {
            Throw::from(r.throws.values[rng.random_range(0..r.throws.values.len())])
        };
        if throw_possible(engine, t) {
            break t;
        }
    };
    (pos, throw)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 32,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// In any position of any rule set, the moves for any throw apply to sound positions.
    #[test]
    fn moves_of_random_positions_apply(seed in any::<u64>()) {
        let mut buf = Vec::new();
        for v in variants() {
            let seed = seed ^ v.name.len() as u64;
            let (pos, throw) = random_position_and_throw(&v.engine, seed);
            let fail = |e: String| TestCaseError::fail(format!("{}, {pos:?}, throw {throw}: {e}", v.name));
            check_position(&v.engine, &pos).map_err(fail)?;
            check_json(&v.engine, &pos, Some(throw)).map_err(fail)?;
            if v.engine.outcome(&pos).is_some() {
                continue;
            }
            assert_eq!(v.engine.legal_moves(&pos, throw, &mut buf), Listing::Whole);
            check_moves(&v.engine, &pos, throw, &buf).map_err(fail)?;
        }
    }
}

// ---- plain tests -------------------------------------------------------------------------------

/// Games per rule set for the seeded sweeps; split turns and turns of a great many moves get
/// fewer.
fn games_for(v: &Variant, games: u64, split_games: u64) -> u64 {
    if v.split || v.wanders || v.vast {
        split_games
    } else {
        games
    }
}

/// How many games a sweep plays of each rule set: `games` in general, fewer where each game is
/// dear (split turns or dice that may be left unplayed search every way to use a throw; dice
/// that play many pieces list thousands of moves; the tables games, where pieces stack, last two
/// hundred turns and more, each listing tens of moves).
#[derive(Clone, Copy)]
struct Sweep {
    games: u64,
    stacked: u64,
    wide: u64,
    split: u64,
}

impl Sweep {
    fn games(self, v: &Variant) -> u64 {
        if v.wide && !v.vast {
            self.wide
        } else if v.engine.rules.stacked.is_some() {
            games_for(v, self.stacked, self.split)
        } else {
            games_for(v, self.games, self.split)
        }
    }
}

/// The seeded sweep of `cargo test`, kept within its time (the property tests of
/// `game_properties!` add as many games again), and the larger one of CI's long checks.
const SEEDED: Sweep = Sweep {
    games: 12,
    stacked: 5,
    wide: 3,
    split: 2,
};
const SEEDED_MANY: Sweep = Sweep {
    games: 50,
    stacked: 20,
    wide: 10,
    split: 3,
};

/// Seeded games of every rule set, every step checked: the rule sets in four shares, one test
/// each, so that they run side by side.
fn seeded_games_keep_the_invariants(share: usize, sweep: Sweep) {
    for (k, v) in variants().iter().enumerate() {
        if k % 4 != share {
            continue;
        }
        for seed in 0..sweep.games(v) {
            if let Err(e) = drive(&v.engine, seed, true, cap(v)) {
                panic!("{}, seed {seed}: {e}", v.name);
            }
        }
    }
}

#[test]
fn seeded_games_keep_the_invariants_1_of_4() {
    seeded_games_keep_the_invariants(0, SEEDED);
}

#[test]
fn seeded_games_keep_the_invariants_2_of_4() {
    seeded_games_keep_the_invariants(1, SEEDED);
}

#[test]
fn seeded_games_keep_the_invariants_3_of_4() {
    seeded_games_keep_the_invariants(2, SEEDED);
}

#[test]
fn seeded_games_keep_the_invariants_4_of_4() {
    seeded_games_keep_the_invariants(3, SEEDED);
}

/// The larger sweep, optimised in CI's long checks (other seeds than the default sweep's first
/// ones are not needed: it plays those and more).
#[test]
#[ignore = "long: run by CI optimised"]
fn many_seeded_games_keep_the_invariants() {
    for share in 0..4 {
        seeded_games_keep_the_invariants(share, SEEDED_MANY);
    }
}

/// Random games of every rule set all end before the turn cap; where random play wanders, games
/// between greedy players.
fn random_games_end(sweep: Sweep) {
    let mut report = Vec::new();
    for v in variants() {
        let games = sweep.games(v);
        let mut unfinished = 0;
        let mut turns = 0u64;
        let mut longest = 0;
        for seed in 0..games {
            let (summary, _) = if v.wanders {
                play_greedy(&v.engine, 1000 + seed)
            } else {
                play_agents(&v.engine, 1000 + seed)
            };
            if summary.outcome.is_none() {
                unfinished += 1;
            }
            turns += u64::from(summary.turns);
            longest = longest.max(summary.turns);
        }
        report.push(format!(
            "{:<36} {games:>3} games, {unfinished} unfinished, {:>6.1} turns a game (longest {longest})",
            v.name,
            turns as f64 / games as f64
        ));
        assert_eq!(
            unfinished, 0,
            "{}: {unfinished} of {games} random games reached the turn cap of {TURN_CAP}",
            v.name
        );
    }
    eprintln!("{}", report.join("\n"));
}

#[test]
fn thirty_random_games_end() {
    random_games_end(Sweep {
        games: 30,
        stacked: 10,
        wide: 10,
        split: 3,
    });
}

#[test]
#[ignore = "long: run by CI optimised"]
fn two_hundred_random_games_end() {
    random_games_end(Sweep {
        games: 200,
        stacked: 200,
        wide: 200,
        split: 6,
    });
}

/// The same seed gives the same summary and events, through `play` and through `Game`; other
/// seeds give other games. (`game_property` plays each proptest seed twice as well.)
#[test]
fn the_same_seed_gives_the_same_game() {
    for v in variants() {
        // Split turns and the long tables games (pieces stack) are dear: two seeds.
        let seeds: &[u64] = if v.split || v.engine.rules.stacked.is_some() {
            &[0, 7]
        } else {
            &[0, 7, u64::MAX]
        };
        let mut games = HashSet::new();
        for &seed in seeds {
            let a = play_agents(&v.engine, seed);
            let b = play_agents(&v.engine, seed);
            assert_eq!(a, b, "{}, seed {seed}: `play` differs", v.name);
            games.insert(format!("{:?}", a.1));
            if !v.split {
                let c = drive(&v.engine, seed, false, cap(v)).unwrap();
                let d = drive(&v.engine, seed, false, cap(v)).unwrap();
                assert_eq!(c, d, "{}, seed {seed}: `Game` differs", v.name);
            }
        }
        assert_eq!(
            games.len(),
            seeds.len(),
            "{}: different seeds, one game",
            v.name
        );
    }
}

/// Conserved pieces and no shared squares hold at the start of every rule set too, and the
/// start position reads back from JSON with every throw the device can give.
#[test]
fn start_positions_are_sound() {
    for v in variants() {
        let pos = v.engine.start();
        check_position(&v.engine, &pos).unwrap_or_else(|e| panic!("{}: {e}", v.name));
        assert_eq!(
            v.engine.outcome(&pos),
            None,
            "{}: over at the start",
            v.name
        );
        // With split turns a total that ends on a throw-again value is no total (Finkel: 1).
        let totals = (0..=255u16)
            .map(Throw::new)
            .filter(|&t| throw_possible(&v.engine, t));
        for t in totals.take(40) {
            check_json(&v.engine, &pos, Some(t)).unwrap_or_else(|e| panic!("{}: {e}", v.name));
        }
        check_json(&v.engine, &pos, None).unwrap_or_else(|e| panic!("{}: {e}", v.name));
        for s in Side::BOTH {
            let opening = &v.engine.rules.opening[s];
            if matches!(opening, Some(Opening::FrontPieceMoves { .. })) {
                assert!(pos.opening_due(s), "{}: opening not pending", v.name);
            }
        }
    }
}

/// How far the steps of a move go in all: to a square, or one past the end to bear off.
fn distance(engine: &Engine, mv: &Move) -> usize {
    let len = engine.path_len(Side::First);
    let at = |p: Place| match p {
        Place::On(q) => usize::from(q.get()),
        Place::Off => len + 1,
        Place::Waiting | Place::Removed => 0,
    };
    mv.steps()
        .iter()
        .map(|s| at(s.from()).abs_diff(at(s.to())))
        .sum()
}

/// The legal moves of a Finkel position (red to move) for each total, checked like those of a
/// game.
fn finkel_totals(red: &str, blue: &str, totals: &[u16]) {
    let v = by_name("senet/finkel");
    let mut buf = Vec::new();
    for &total in totals {
        assert!(
            throw_possible(&v.engine, Throw::new(total)),
            "{total} is no total"
        );
        let json: serde_json::Value = serde_json::from_str(&format!(
            r#"{{"to_move":"red","throw":{total},"pieces":{{"red":{red},"blue":{blue}}}}}"#
        ))
        .unwrap();
        let (pos, throw) = parse_position(&v.engine, &json).unwrap();
        let throw = throw.unwrap();
        assert_eq!(v.engine.legal_moves(&pos, throw, &mut buf), Listing::Whole);
        check_moves(&v.engine, &pos, throw, &buf).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert!(!buf.is_empty(), "{json}: no moves");
        // The whole total is used when some sequence can use it; never more.
        for mv in &buf {
            let used = distance(&v.engine, mv);
            assert!(
                used <= usize::from(total),
                "{json}: the move {:?} goes {used} squares",
                mv.steps(),
            );
        }
    }
}

/// Split turns with a large total and seven pieces free to move: the search for ways to share
/// the total once overflowed its candidate buffer of 128 single movements (seven pieces times
/// 19 or more distances): `senet play senet/finkel --players random,random --seed 1942`
/// panicked at `crates/senet-engine/src/engine/split.rs:77`.
#[test]
fn split_turns_with_a_large_total() {
    let off = r#""off","off","off","off","off","off""#;
    finkel_totals("[1,2,3,4,5,6,7]", &format!("[30,{off}]"), &[23]);
    finkel_totals("[1,3,5,7,9,11,13]", "[2,4,6,8,10,12,14]", &[25]);
}

/// Totals of 32 and more (eight 4s and a 2 make 34): `forward_target` tests `exit_throws[p] &
/// (1 << d)` on a `u32`, which panics in debug builds and wraps in release, where a piece on 30
/// then bears off "with 33" and the whole total counts as used.
#[test]
fn split_turns_with_a_total_over_31() {
    let off = r#""off","off","off","off","off""#;
    finkel_totals(
        &format!("[10,30,{off}]"),
        &format!("[1,\"off\",{off}]"),
        &[33, 34, 60],
    );
    finkel_totals("[1,3,5,7,9,11,13]", "[2,4,6,8,10,12,14]", &[32]);
    // With 34, the most that can be used is 21: 30 bears off with 1, then 10 goes to 30.
    let v = by_name("senet/finkel");
    let json = serde_json::json!({ "to_move": "red", "throw": 34, "pieces": {
        "red": [10, 30, "off", "off", "off", "off", "off"],
        "blue": [1, "off", "off", "off", "off", "off", "off"] } });
    let (pos, _) = parse_position(&v.engine, &json).unwrap();
    let mut buf = Vec::new();
    assert_eq!(
        v.engine.legal_moves(&pos, Throw::new(34), &mut buf),
        Listing::Whole
    );
    let steps: Vec<Vec<(Place, Place)>> = buf
        .iter()
        .map(|m| m.steps().iter().map(|s| (s.from(), s.to())).collect())
        .collect();
    let on = |p| Place::On(PathPos::new(p).unwrap());
    assert_eq!(steps, [[(on(30), Place::Off), (on(10), on(30))]]);
}

/// `senet/kendall-1978` in all sixteen combinations of its options: each checks, and seeded
/// games keep every invariant (greedy players finish them; with the home row a side may lock
/// itself, see [`WANDERING`], so those games are only checked).
#[test]
fn kendall_1978_plays_in_every_combination_of_its_options() {
    for bits in 0u8..16 {
        let options: Vec<(String, String)> = [
            ("pieces", ["7", "5"]),
            ("home-row", ["off", "on"]),
            ("trap", ["off", "on"]),
            ("starting-throw", ["off", "on"]),
        ]
        .iter()
        .enumerate()
        .map(|(i, (name, values))| {
            (
                name.to_string(),
                values[usize::from(bits >> i & 1)].to_string(),
            )
        })
        .collect();
        let engine = load("senet/kendall-1978", &options);
        for seed in 0..3 {
            if let Err(e) = drive(&engine, seed, true, 3_000) {
                panic!("senet/kendall-1978 {options:?}, seed {seed}: {e}");
            }
        }
        if bits & 2 == 0 {
            let (summary, _) = play_greedy(&engine, 7);
            assert!(
                summary.outcome.is_some(),
                "senet/kendall-1978 {options:?}: a greedy game did not end"
            );
        }
    }
}
