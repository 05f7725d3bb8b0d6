//! Scenario tests as data: for every bundled rule set, `tests/scenarios/<id with / as __>.json`
//! holds positions with a throw and the exact answer `senet moves` must give for each (every
//! legal move, its steps and its resulting position), derived by hand from the rule sets'
//! sources and their worked examples.
//!
//! A file reads:
//!
//! ```json
//! { "rules": "senet/base", "options": { "pieces": "7" },
//!   "cases": [ { "name": "...", "rule": "the words of the rule this checks",
//!                "position": { "to_move": "red", "throw": 2, "pieces": { ... } },
//!                "moves": [ { "steps": [ { "from": 11, "to": 13 } ],
//!                             "result": { "to_move": "blue", "throw": null, "pieces": { ... } } } ] } ] }
//! ```
//!
//! - `moves` is the whole answer: an empty list means the side must pass. Moves are compared as a
//!   set (their order does not matter), and so are the pieces of a side in a position.
//! - A case whose side must pass may give `"pass": { "result": { ... } }`: the position the pass
//!   leads to (where it leaves something behind, such as dice passed to the other side), and
//!   its `outcome` where the pass ends the game (a side that cannot move loses).
//! - Instead of `moves`, a case may give `"error": "substring"`: the position must be refused with
//!   a message that contains it.
//! - A case may give its own `options`, which replace the file's options of the same name.
//! - A move of a split turn (several steps) may list `"steps_any"`: every step sequence that
//!   reaches its result. The engine reports one move per distinct result, so for such a move any
//!   listed sequence is accepted.
//! - A case of a rule set that plays a match may give `"match"` instead of a position: the games
//!   of a match as they went, and what the match must say after them:
//!   `{ "games": [ { "rules": "tables/portes", "first": null, "began": "white", "winner": "white",
//!   "points": 2 }, ... ], "expect": { "points": [2, 0], "winner": null, "next_rules":
//!   "tables/plakoto", "next_first": "white" } }`. Each game's `rules` and `first` (the side the
//!   match puts first; null: as the game's rules say) are checked before it is counted; `began`
//!   (default: that side, else the rules' first side), `winner` (a side, or null for a draw),
//!   `points` and `passes` (the turns each side, in side order, could not play) say how it went.
//!   Player 1 plays the first side in every game.
//! - `"known_bug": "why"` marks a case where the program is believed to be wrong: the test then
//!   checks that the program still disagrees (so that a fix is noticed) and prints the case.
//!
//! Each file has its own test; `every_bundled_rule_set_has_a_scenario_file` keeps the files and
//! the bundled rule sets in step.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use senet::check::check_target;
use senet::compile::compile;
use senet::engine::Engine;
use serde_json::{Map, Value, json};

/// The engine that answers a rule set's positions: the two-sided one, or the one for many sides
/// where the rules have more than two, as `senet moves` chooses.
enum Answerer {
    Two(Box<Engine>),
    Many(Box<senet::multi::MultiRules>),
}

fn answer(engine: &Answerer, v: &Value) -> Result<Value, String> {
    match engine {
        Answerer::Two(e) => {
            senet::notation::position::moves_json(e, v, &mut Vec::new()).map_err(|e| e.to_string())
        }
        Answerer::Many(r) => senet::notation::multi::moves_json(r, v).map_err(|e| e.to_string()),
    }
}

// ---- files ---------------------------------------------------------------------------------------

fn scenario_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

fn file_for(id: &str) -> String {
    format!("{}.json", id.replace('/', "__"))
}

fn load(file: &str) -> Value {
    let path = scenario_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file} is not valid JSON: {e}"))
}

/// Options as NAME -> VALUE (numbers are accepted and written as text).
fn options_of(v: Option<&Value>, what: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Some(v) = v else { return out };
    let obj = v
        .as_object()
        .unwrap_or_else(|| panic!("{what}: `options` must be an object NAME -> VALUE"));
    for (k, val) in obj {
        let text = match val {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            other => panic!("{what}: option `{k}` has the value {other}, not text or a number"),
        };
        out.insert(k.clone(), text);
    }
    out
}

fn engine_for(rules: &str, options: &BTreeMap<String, String>) -> Answerer {
    let list: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let ruleset = check_target(rules, &list)
        .unwrap_or_else(|e| panic!("{rules} with options {options:?} does not check: {e:?}"));
    if ruleset.plays_many() {
        let many = senet::multi::MultiRules::compile(&ruleset)
            .unwrap_or_else(|e| panic!("{rules} does not play on the engine for many sides: {e}"));
        Answerer::Many(Box::new(many))
    } else {
        Answerer::Two(Box::new(Engine::new(compile(&ruleset))))
    }
}

// ---- normal forms --------------------------------------------------------------------------------

/// A place in a canonical form and a sort key: path positions ascending, then off, then removed.
fn place(v: &Value) -> (u8, u64, Value) {
    match v {
        Value::String(s) if s == "waiting" => (0, 0, json!(0)),
        Value::Number(n) => (0, n.as_u64().unwrap_or(u64::MAX), v.clone()),
        Value::String(s) if s == "off" => (1, 0, v.clone()),
        Value::String(s) if s == "removed" => (2, 0, v.clone()),
        _ => (3, 0, v.clone()),
    }
}

/// A position with each side's pieces sorted and the `opening` list sorted, so that equal
/// positions compare equal whatever order their lists were written in.
fn normal_position(v: &Value) -> Value {
    let mut out = v.clone();
    if let Some(Value::Object(pieces)) = v.get("pieces") {
        let mut sorted = Map::new();
        for (side, list) in pieces {
            let mut items: Vec<(u8, u64, Value)> = list
                .as_array()
                .map(|l| l.iter().map(place).collect())
                .unwrap_or_default();
            items.sort_by_key(|a| (a.0, a.1));
            sorted.insert(
                side.clone(),
                Value::Array(items.into_iter().map(|(_, _, p)| p).collect()),
            );
        }
        out["pieces"] = Value::Object(sorted);
    }
    if let Some(Value::Array(list)) = v.get("opening") {
        let mut names: Vec<String> = list.iter().map(|n| n.to_string()).collect();
        names.sort();
        let names: Vec<Value> = names
            .iter()
            .map(|n| serde_json::from_str(n).unwrap())
            .collect();
        out["opening"] = Value::Array(names);
    }
    out
}

/// One line for a move: its steps and its result.
fn show_move(m: &Value) -> String {
    let steps = m
        .get("steps")
        .and_then(Value::as_array)
        .map(|s| {
            s.iter()
                .map(|st| format!("{}->{}", st["from"], st["to"]))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default();
    let retreat = if m.get("retreat").is_some() {
        " (retreat)"
    } else {
        ""
    };
    let mut text = format!("[{steps}]{retreat} => {}", normal_position(&m["result"]));
    if let Some(any) = m.get("steps_any") {
        let _ = write!(text, " (or steps {any})");
    }
    text
}

// ---- comparing -----------------------------------------------------------------------------------

/// Whether the program's move `got` is the expected move `want`.
fn same_move(want: &Value, got: &Value) -> bool {
    if normal_position(&want["result"]) != normal_position(&got["result"])
        || want.get("retreat") != got.get("retreat")
        || want.get("stays") != got.get("stays")
        || want.get("follows") != got.get("follows")
    {
        return false;
    }
    match want.get("steps_any").and_then(Value::as_array) {
        Some(any) => any.contains(&got["steps"]) || want["steps"] == got["steps"],
        None => want["steps"] == got["steps"],
    }
}

/// The differences between the expected answer of a case and the program's, empty when they agree.
fn differences(case: &Value, got: &Result<Value, String>) -> Vec<String> {
    let mut diffs = Vec::new();
    if let Some(err) = case.get("error").and_then(Value::as_str) {
        match got {
            Err(msg) if msg.contains(err) => {}
            Err(msg) => diffs.push(format!(
                "expected an error containing {err:?}, got the error {msg:?}"
            )),
            Ok(v) => diffs.push(format!(
                "expected an error containing {err:?}, got an answer: {v}"
            )),
        }
        return diffs;
    }
    let want = case["moves"].as_array().cloned().unwrap_or_default();
    if let (Some(pass), Ok(v)) = (case.get("pass"), got) {
        let given = &v["pass"]["result"];
        if normal_position(&pass["result"]) != normal_position(given) {
            diffs.push(format!(
                "the pass leads to {}, not {}",
                normal_position(given),
                normal_position(&pass["result"])
            ));
        }
        if pass.get("outcome") != v["pass"].get("outcome") {
            diffs.push(format!(
                "the pass ends the game {}, not {}",
                v["pass"].get("outcome").unwrap_or(&Value::Null),
                pass.get("outcome").unwrap_or(&Value::Null)
            ));
        }
    }
    let got = match got {
        Ok(v) => v["moves"].as_array().cloned().unwrap_or_default(),
        Err(msg) => {
            diffs.push(format!("expected moves, got the error {msg:?}"));
            return diffs;
        }
    };
    let mut used = vec![false; got.len()];
    let mut missing = Vec::new();
    for w in &want {
        match (0..got.len()).find(|&i| !used[i] && same_move(w, &got[i])) {
            Some(i) => used[i] = true,
            None => missing.push(w),
        }
    }
    let unexpected: Vec<&Value> = got
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(m, _)| m)
        .collect();
    if missing.is_empty() && unexpected.is_empty() {
        return diffs;
    }
    if want.is_empty() {
        diffs.push("expected no legal move (a pass)".into());
    }
    if got.is_empty() {
        diffs.push("the program gives no legal move (a pass)".into());
    }
    for m in missing {
        diffs.push(format!("expected, not given:  {}", show_move(m)));
    }
    for m in unexpected {
        diffs.push(format!("given, not expected: {}", show_move(m)));
    }
    diffs
}

/// The differences between a match case's expectations and what the match of `rules` says
/// after the games it lists.
fn match_differences(rules: &str, options: &BTreeMap<String, String>, m: &Value) -> Vec<String> {
    use senet::engine::Outcome;
    use senet::engine::game::GameSummary;
    use senet::matches::MatchScore;
    use senet::types::{PerSide, Side};
    let list: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let r = check_target(rules, &list).unwrap_or_else(|e| panic!("{rules}: {e:?}"));
    let Some(plan) = &r.matched else {
        return vec![format!("{rules} plays no match")];
    };
    let side = |g: &senet::check::RuleSet, v: &Value| -> Option<Side> {
        v.as_str().map(|n| {
            g.side_named(n)
                .and_then(senet::types::SideId::two_sided)
                .unwrap_or_else(|| panic!("{rules}: `{n}` is no side of {}", g.id))
        })
    };
    let mut diffs = Vec::new();
    let mut score = MatchScore::new(plan);
    for (j, g) in m["games"].as_array().into_iter().flatten().enumerate() {
        let game = plan.games.get(score.next_game(plan)).unwrap_or(&r);
        if let Some(id) = g["rules"].as_str()
            && id != game.id
        {
            diffs.push(format!(
                "game {}: expected the rules {id}, the match plays {}",
                j + 1,
                game.id
            ));
        }
        let first = score.next_first(plan);
        if let Some(want) = g.get("first")
            && side(game, want) != first
        {
            diffs.push(format!(
                "game {}: expected {want} first, the match puts {:?} first",
                j + 1,
                first.map(|s| game.sides[s].name.clone())
            ));
        }
        let began = side(game, &g["began"])
            .or(first)
            .or(game.first.two_sided())
            .expect("a two-sided game begins with one of its sides");
        let outcome = match side(game, &g["winner"]) {
            Some(s) => Outcome::Win {
                side: s,
                points: u32::try_from(g["points"].as_u64().unwrap_or(1)).unwrap_or(1),
            },
            None => Outcome::Draw,
        };
        // The turns each side passed (no legal move), where the case says.
        let passes = |i: usize| u32::try_from(g["passes"][i].as_u64().unwrap_or(0)).unwrap_or(0);
        let summary = GameSummary {
            outcome: Some(outcome),
            seat: PerSide::new(0, 1),
            ..GameSummary::default()
        };
        let engine = senet::engine::Engine::new(compile(game));
        score.add(&summary, began, senet::matches::scores_points(&engine));
        score.add_passes(PerSide::new(passes(0), passes(1)), summary.seat);
    }
    let e = &m["expect"];
    let mut check = |what: &str, want: &Value, got: Value| {
        // Only what the case states is checked (a stated null too).
        if e.get(what).is_some() && *want != got {
            diffs.push(format!("{what}: expected {want}, the match gives {got}"));
        }
    };
    check("points", &e["points"], json!(score.points));
    check(
        "winner",
        &e["winner"],
        json!(score.winner(plan).map(|p| p + 1)),
    );
    let next = plan.games.get(score.next_game(plan)).unwrap_or(&r);
    check("next_rules", &e["next_rules"], json!(next.id));
    check(
        "next_first",
        &e["next_first"],
        json!(score.next_first(plan).map(|s| next.sides[s].name.clone())),
    );
    diffs
}

const CASE_KEYS: [&str; 10] = [
    "name",
    "rule",
    "position",
    "moves",
    "pass",
    "error",
    "known_bug",
    "options",
    "note",
    "match",
];
const GAME_KEYS: [&str; 6] = ["rules", "first", "began", "winner", "points", "passes"];
const EXPECT_KEYS: [&str; 4] = ["points", "winner", "next_rules", "next_first"];
const MOVE_KEYS: [&str; 6] = [
    "steps",
    "steps_any",
    "result",
    "retreat",
    "stays",
    "follows",
];

/// Mistakes in the file itself (not in the program): missing fields, typos in field names.
fn check_shape(file: &str, data: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let cases = data["cases"].as_array().cloned().unwrap_or_default();
    if cases.len() < 3 {
        problems.push(format!("{file}: fewer than 3 cases"));
    }
    let mut names = std::collections::HashSet::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap_or("<no name>");
        if !names.insert(name.to_string()) {
            problems.push(format!("{file}: two cases named {name:?}"));
        }
        for key in case.as_object().into_iter().flat_map(|o| o.keys()) {
            if !CASE_KEYS.contains(&key.as_str()) {
                problems.push(format!("{file}: case {name:?}: unknown field `{key}`"));
            }
        }
        if case["rule"].as_str().is_none_or(str::is_empty) {
            problems.push(format!("{file}: case {name:?}: no `rule`"));
        }
        if let Some(m) = case.get("match") {
            let games = m["games"].as_array().cloned().unwrap_or_default();
            if games.is_empty() || !m["expect"].is_object() {
                problems.push(format!(
                    "{file}: case {name:?}: a `match` needs `games` (a list) and `expect`"
                ));
            }
            let keys = |v: &Value| -> Vec<String> {
                v.as_object()
                    .map(|o| o.keys().cloned().collect())
                    .unwrap_or_default()
            };
            for key in games.iter().flat_map(keys) {
                if !GAME_KEYS.contains(&key.as_str()) {
                    problems.push(format!(
                        "{file}: case {name:?}: a game has the unknown field `{key}`"
                    ));
                }
            }
            for key in keys(&m["expect"]) {
                if !EXPECT_KEYS.contains(&key.as_str()) {
                    problems.push(format!(
                        "{file}: case {name:?}: `expect` has the unknown field `{key}`"
                    ));
                }
            }
            continue;
        }
        if !case["position"].is_object() {
            problems.push(format!("{file}: case {name:?}: no `position`"));
        }
        match (case.get("moves"), case.get("error")) {
            (Some(Value::Array(moves)), None) => {
                for m in moves {
                    for key in m.as_object().into_iter().flat_map(|o| o.keys()) {
                        if !MOVE_KEYS.contains(&key.as_str()) {
                            problems.push(format!(
                                "{file}: case {name:?}: a move has the unknown field `{key}`"
                            ));
                        }
                    }
                    if !m["steps"].is_array() || !m["result"].is_object() {
                        problems.push(format!(
                            "{file}: case {name:?}: a move needs `steps` and `result`"
                        ));
                    }
                }
            }
            (None, Some(Value::String(_))) => {}
            _ => problems.push(format!(
                "{file}: case {name:?}: give either a `moves` list or an `error` text"
            )),
        }
    }
    problems
}

/// Runs every case of one scenario file; panics with a readable report of every failure.
fn run_file(file: &str) {
    let data = load(file);
    let rules = data["rules"]
        .as_str()
        .unwrap_or_else(|| panic!("{file}: no `rules`"));
    assert_eq!(
        file,
        file_for(rules),
        "{file} holds the scenarios of {rules}: name it {}",
        file_for(rules)
    );
    let problems = check_shape(file, &data);
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    let file_options = options_of(data.get("options"), file);
    let mut engines: BTreeMap<BTreeMap<String, String>, Answerer> = BTreeMap::new();
    let mut report = String::new();
    let mut failures = 0;
    let cases = data["cases"].as_array().unwrap();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let mut options = file_options.clone();
        options.extend(options_of(case.get("options"), name));
        let diffs = if let Some(m) = case.get("match") {
            match_differences(rules, &options, m)
        } else {
            let engine = engines
                .entry(options.clone())
                .or_insert_with(|| engine_for(rules, &options));
            differences(case, &answer(engine, &case["position"]))
        };
        let known_bug = case.get("known_bug").and_then(Value::as_str);
        match (known_bug, diffs.is_empty()) {
            (None, true) => {}
            (Some(why), false) => {
                println!("known bug, still present: {rules}: {name}: {why}");
                for d in &diffs {
                    println!("    {d}");
                }
            }
            (Some(why), true) => {
                failures += 1;
                let _ = writeln!(
                    report,
                    "\n--- {rules}: {name}\n    marked known_bug ({why}), but the program now \
                     agrees with the expected answer: remove the `known_bug` marker"
                );
            }
            (None, false) => {
                failures += 1;
                let _ = writeln!(report, "\n--- {rules}: {name}");
                let _ = writeln!(report, "    rule:     {}", case["rule"].as_str().unwrap());
                if !options.is_empty() {
                    let _ = writeln!(report, "    options:  {options:?}");
                }
                match case.get("match") {
                    Some(m) => {
                        let _ = writeln!(report, "    match:    {m}");
                    }
                    None => {
                        let _ = writeln!(report, "    position: {}", case["position"]);
                    }
                }
                for d in diffs {
                    let _ = writeln!(report, "    {d}");
                }
            }
        }
    }
    assert!(
        failures == 0,
        "{failures} of {} scenario cases of {rules} fail:\n{report}",
        cases.len()
    );
}

macro_rules! scenario_files {
    ($($test:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $test() {
                run_file($file);
            }
        )*
        /// The files that have a test above.
        const FILES: &[&str] = &[$($file),*];
    };
}

scenario_files! {
    senet_base => "senet__base.json",
    senet_jequier => "senet__jequier.json",
    senet_jequier_1930 => "senet__jequier-1930.json",
    senet_kendall_14 => "senet__kendall-14.json",
    senet_bell_1960 => "senet__bell-1960.json",
    senet_bell_1979 => "senet__bell-1979.json",
    senet_thirty_six => "senet__thirty-six.json",
    senet_tait => "senet__tait.json",
    senet_finkel => "senet__finkel.json",
    senet_bell_thirty_squares => "senet__bell-thirty-squares.json",
    senet_modern => "senet__modern.json",
    senet_ivde => "senet__ivde.json",
    senet_kendall => "senet__kendall.json",
    twenty_squares_sawah => "twenty-squares__sawah.json",
    twenty_squares_ur => "twenty-squares__ur.json",
    twenty_squares_ur_finkel => "twenty-squares__ur-finkel.json",
    twenty_squares_babylonian => "twenty-squares__babylonian.json",
    twenty_squares_marks_throw_only => "twenty-squares__marks-throw-only.json",
    twenty_squares_masters => "twenty-squares__masters.json",
    twenty_squares_blitz => "twenty-squares__blitz.json",
    twenty_squares_aseb => "twenty-squares__aseb.json",
    twenty_squares_seleucid => "twenty-squares__seleucid.json",
    hounds_and_jackals_carnarvon_carter => "hounds-and-jackals__carnarvon-carter.json",
    hounds_and_jackals_carter => "hounds-and-jackals__carter.json",
    senet_kendall_1978 => "senet__kendall-1978.json",
    senet_piccione => "senet__piccione.json",
    senet_bell_suggested => "senet__bell-suggested.json",
    twenty_squares_murray => "twenty-squares__murray.json",
    hounds_and_jackals_carter_crossover => "hounds-and-jackals__carter-crossover.json",
    hounds_and_jackals_tab => "hounds-and-jackals__tab.json",
    tables_backgammon => "tables__backgammon.json",
    tables_hypergammon => "tables__hypergammon.json",
    tables_baralie => "tables__baralie.json",
    tables_fevga => "tables__fevga.json",
    tables_jacquet => "tables__jacquet.json",
    tables_ludus_anglicorum => "tables__ludus-anglicorum.json",
    tables_ludus_lombardorum => "tables__ludus-lombardorum.json",
    tables_verquere => "tables__verquere.json",
    tables_plakoto => "tables__plakoto.json",
    tables_mahbouseh => "tables__mahbouseh.json",
    tables_mughrabieh => "tables__mughrabieh.json",
    tables_xii_scripta => "tables__xii-scripta.json",
    tables_cab_e_quinal => "tables__cab-e-quinal.json",
    tables_frangieh => "tables__frangieh.json",
    tables_imperial => "tables__imperial.json",
    tables_medio_emperador => "tables__medio-emperador.json",
    tables_nard => "tables__nard.json",
    tables_paumecary => "tables__paumecary.json",
    tables_emperador => "tables__emperador.json",
    tables_los_doze_canes => "tables__los-doze-canes.json",
    tables_todas_tablas => "tables__todas-tablas.json",
    tables_buffa_de_baldrac => "tables__buffa-de-baldrac.json",
    tables_pareia_de_entrada => "tables__pareia-de-entrada.json",
    tables_portes => "tables__portes.json",
    tables_provincial => "tables__provincial.json",
    tables_quinze_tablas => "tables__quinze-tablas.json",
    tables_seys_dos_y_as => "tables__seys-dos-y-as.json",
    tables_shuanglu => "tables__shuanglu.json",
    tables_ssang_ryouk => "tables__ssang-ryouk.json",
    tables_tavli => "tables__tavli.json",
    tables_doblet => "tables__doblet.json",
    tables_kiz_tavlasi => "tables__kiz-tavlasi.json",
    tables_ofanfelling => "tables__ofanfelling.json",
    tables_yahoudieh => "tables__yahoudieh.json",
    tables_garanguet => "tables__garanguet.json",
    tables_jacquet_de_versailles => "tables__jacquet-de-versailles.json",
    tables_kotra => "tables__kotra.json",
    tables_laquet => "tables__laquet.json",
    tables_lange_puff => "tables__lange-puff.json",
    tables_contrare_puff => "tables__contrare-puff.json",
    tables_piprjall => "tables__piprjall.json",
    tables_fallas => "tables__fallas.json",
    tables_svensk_bradspel => "tables__svensk-bradspel.json",
    tables_julbahar => "tables__julbahar.json",
    tables_ketch_dolt => "tables__ketch-dolt.json",
    tables_tawula => "tables__tawula.json",
    tables_rabbatuees => "tables__rabbatuees.json",
    tables_myles => "tables__myles.json",
    tables_cab_e_quinal_fixed_die => "tables__cab-e-quinal-fixed-die.json",
    tables_dubblets => "tables__dubblets.json",
    tables_schuster => "tables__schuster.json",
    cross_and_circle_pancha_keliya => "cross-and-circle__pancha-keliya.json",
    cross_and_circle_panchi => "cross-and-circle__panchi.json",
    cross_and_circle_kints => "cross-and-circle__kints.json",
    cross_and_circle_kawade_kelia => "cross-and-circle__kawade-kelia.json",
    cross_and_circle_kawade_kelia_two => "cross-and-circle__kawade-kelia-two.json",
    cross_and_circle_barjis => "cross-and-circle__barjis.json",
    cross_and_circle_pachesi => "cross-and-circle__pachesi.json",
    cross_and_circle_pachih => "cross-and-circle__pachih.json",
    cross_and_circle_sokkattan => "cross-and-circle__sokkattan.json",
    cross_and_circle_pachisi => "cross-and-circle__pachisi.json",
    cross_and_circle_thaayam => "cross-and-circle__thaayam.json",
    cross_and_circle_nyout => "cross-and-circle__nyout.json",
    cross_and_circle_nyout_three => "cross-and-circle__nyout-three.json",
    cross_and_circle_nyout_four => "cross-and-circle__nyout-four.json",
    cross_and_circle_ashta_kashte => "cross-and-circle__ashta-kashte.json",
    cross_and_circle_ashta_kashte_two => "cross-and-circle__ashta-kashte-two.json",
}

#[test]
fn every_bundled_rule_set_has_a_scenario_file() {
    let mut problems = Vec::new();
    for id in senet::bundled::ids() {
        let file = file_for(id);
        if !scenario_dir().join(&file).is_file() {
            problems.push(format!("{id} has no scenario file tests/scenarios/{file}"));
        } else if !FILES.contains(&file.as_str()) {
            problems.push(format!(
                "tests/scenarios/{file} has no test: add it to `scenario_files!`"
            ));
        }
    }
    let ids: Vec<String> = senet::bundled::ids().map(file_for).collect();
    for entry in std::fs::read_dir(scenario_dir()).expect("read tests/scenarios") {
        let name = entry.expect("a folder entry").file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".json") && !ids.iter().any(|f| *f == name) {
            problems.push(format!(
                "tests/scenarios/{name} is not the file of a bundled rule set"
            ));
        }
    }
    for file in FILES {
        if !ids.iter().any(|f| f == file) {
            problems.push(format!(
                "`scenario_files!` lists {file}, which is not the file of a bundled rule set"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `senet moves` on the positions of two scenario files (those with a throw) answers byte for
/// byte as the binary did before a move's marks were one type: `tests/fixtures/moves/`, with
/// `follows`, `stays` and `retreat` among the moves.
#[test]
fn moves_answer_as_they_did_before() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for name in [
        "hounds-and-jackals__carter-crossover",
        "senet__kendall-1978",
    ] {
        let file = root.join(format!("tests/scenarios/{name}.json"));
        let scenario: Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let positions: String = scenario["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["position"])
            .filter(|p| !p["throw"].is_null())
            .map(|p| format!("{p}\n"))
            .collect();
        let rules = scenario["rules"].as_str().unwrap();
        let out = crate::support::cli::senet()
            .args(["moves", rules, "--position", "-"])
            .write_stdin(positions)
            .output()
            .unwrap();
        let before =
            std::fs::read_to_string(root.join(format!("tests/fixtures/moves/{name}.jsonl")))
                .unwrap();
        assert!(
            String::from_utf8(out.stdout).unwrap() == before,
            "{name}: the answers differ from those written before"
        );
    }
}
