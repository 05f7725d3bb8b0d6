//! `senet serve`'s JSON API against the running binary (started on a free port): every route
//! gives what the command line gives for the same question, a game is played to its end by
//! requests and its record replays with `senet replay`, and every refusal of the safety model
//! comes as a JSON error with its status: another site's `Host` or `Origin`, bodies and rule files
//! too long, rule files that reach for the server's files, malformed requests (every field of
//! every route), unknown games, too many games, idle games, simulations too long or too many at
//! once, a second solve for `optimal` while one runs (and whether one can be solved, told before
//! a game as the game finds it); and the work of rules whose turns never end, stopped by its
//! deadline while the server goes on; players that would read files; the memory of games, in
//! bytes; requests half sent, too long by their length, not JSON, or not HTTP, each answered in
//! time with a JSON error and the security headers.

use crate::support::cli;
use crate::support::http;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use http::Server;
use serde_json::{Value, json};

/// A folder for one test's files, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("senet-serve-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The error of a refusal: its status, and the JSON body's `error` (which must be there).
fn refused(r: &http::Response) -> (u16, String) {
    let v = r.json();
    let msg = v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no `error` in {v}"))
        .to_string();
    (r.status, msg)
}

/// A variant with a misspelt statement on its third line.
const BROKEN: &str = "ruleset \"my/variant\"\nextends \"senet/base\"\nboart 3 x 10 snake\n";

// ---- what the command line gives ---------------------------------------------------------------

#[test]
fn rulesets_check_explain_and_moves_answer_as_the_command_line() {
    let s = Server::start(&[]);
    // GET /api/rulesets is `senet list --format json`, each with the sources `senet explain`
    // gives.
    let (_, list, _) = cli::run(&["list", "--format", "json"]);
    let r = s.get("/api/rulesets");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let mut got = r.json();
    let entries = got.as_array_mut().unwrap();
    for entry in entries.iter_mut() {
        let id = entry["id"].as_str().unwrap().to_owned();
        let (_, explained, _) = cli::run(&["explain", &id, "--format", "json"]);
        let explained: Value = serde_json::from_str(&explained).unwrap();
        let sources = entry.as_object_mut().unwrap().remove("sources");
        assert_eq!(sources.as_ref(), Some(&explained["sources"]), "{id}");
        assert!(!explained["sources"].as_array().unwrap().is_empty(), "{id}");
    }
    assert_eq!(got, serde_json::from_str::<Value>(&list).unwrap());

    // POST /api/check is `senet check --format json` on the same text.
    let dir = TempDir::new("check");
    std::fs::write(dir.path("source.rules"), BROKEN).unwrap();
    let (code, out, _) = cli::run(&["check", &dir.path("source.rules"), "--format", "json"]);
    assert_eq!(code, 1);
    let mut expected: Value = serde_json::from_str(&out).unwrap();
    expected["files"][0]["file"] = json!("source.rules");
    for d in expected["files"][0]["diagnostics"].as_array_mut().unwrap() {
        d["file"] = json!("source.rules");
    }
    let r = s.post("/api/check", &json!({ "source": BROKEN }));
    assert_eq!(r.status, 200);
    let got = r.json();
    assert_eq!(got, expected);
    // The misspelt word is on line 3, column 1.
    let d = &got["files"][0]["diagnostics"][0];
    assert_eq!(
        (d["code"].as_str(), d["line"].as_u64(), d["column"].as_u64()),
        (Some("E003"), Some(3), Some(1))
    );
    // A file that checks: its id and title.
    let good = "ruleset \"my/variant\"\ntitle \"Mine\"\nextends \"senet/base\"\nbear off only when all on 21..30\n";
    let v = s.post("/api/check", &json!({ "source": good })).json();
    assert_eq!(v["files"][0]["ok"], json!(true));
    assert_eq!(v["files"][0]["id"], json!("my/variant"));

    // POST /api/explain is `senet explain --format json`, and the text beside.
    let (_, out, _) = cli::run(&[
        "explain",
        "twenty-squares/ur",
        "--option",
        "pieces=3",
        "--format",
        "json",
    ]);
    let mut v = s
        .post(
            "/api/explain",
            &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "3" } }),
        )
        .json();
    let (_, text, _) = cli::run(&["explain", "twenty-squares/ur", "--option", "pieces=3"]);
    assert_eq!(v["text"].as_str(), Some(text.as_str()));
    v.as_object_mut().unwrap().remove("text");
    assert_eq!(v, serde_json::from_str::<Value>(&out).unwrap());

    // POST /api/diff is `senet diff`; it compares with bundled rule sets only.
    let r = s.post(
        "/api/diff",
        &json!({ "rules": "senet/base", "against": "senet/nope" }),
    );
    assert_eq!(refused(&r).0, 404);
    let r = s.post(
        "/api/diff",
        &json!({ "rules": "senet/base", "against": "senet/tait", "options": { "colour": "red" } }),
    );
    assert_eq!(refused(&r).0, 400);
    let (_, text, _) = cli::run(&["diff", "senet/base", "senet/jequier"]);
    let v = s
        .post(
            "/api/diff",
            &json!({ "rules": "senet/base", "against": "senet/jequier" }),
        )
        .json();
    assert_eq!(v["text"].as_str(), Some(text.as_str()));

    // POST /api/moves is `senet moves` on one position.
    let position = json!({"to_move":"light","throw":2,"pieces":{"light":[0,0],"dark":[0,0]}});
    let out = cli::senet()
        .args([
            "moves",
            "twenty-squares/ur",
            "--option",
            "pieces=2",
            "--position",
            "-",
        ])
        .write_stdin(position.to_string())
        .output()
        .unwrap();
    let expected: Value = serde_json::from_slice(&out.stdout).unwrap();
    let r = s.post(
        "/api/moves",
        &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "2" }, "position": position }),
    );
    assert_eq!(r.json(), expected);
    // "A waiting piece enters on the square that matches the throw": one move, 0 -> 2.
    assert_eq!(
        expected["moves"][0]["steps"],
        json!([{ "from": 0, "to": 2 }])
    );
    // A throw of 0 moves nothing: the answer has the pass, the turn gone to dark.
    let mut passing = position.clone();
    passing["throw"] = json!(0);
    let r = s.post(
        "/api/moves",
        &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "2" }, "position": passing }),
    );
    assert_eq!(
        r.json(),
        json!({ "moves": [], "pass": { "result":
            { "to_move": "dark", "throw": null, "pieces": { "light": [0, 0], "dark": [0, 0] } } } })
    );
}

#[test]
fn the_board_is_drawn_as_svg() {
    let s = Server::start(&[]);
    let r = s.get("/api/draw?rules=senet/base");
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("content-type"),
        Some("image/svg+xml; charset=utf-8")
    );
    assert_eq!(r.text(), cli::run(&["draw", "senet/base"]).1);
    // `option pieces: 5 | 1 | 2 | 3`: with 3, three pieces a side.
    let svg = s
        .get("/api/draw?rules=senet/base&option=pieces%3D3&paths=1")
        .text();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let red = doc
        .descendants()
        .filter(|n| n.attribute("data-side") == Some("red") && n.has_attribute("data-place"))
        .count();
    assert_eq!(red, 3);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("path"))
            .count(),
        2
    );
    // A position in the query, and the same by POST with a rule file's text.
    let position = r#"{"to_move":"light","throw":4,"pieces":{"light":[3,"off"],"dark":[0,0]}}"#;
    let query = format!(
        "/api/draw?rules=twenty-squares/ur&option=pieces%3D2&position={}",
        encode(position)
    );
    let svg = s.get(&query).text();
    assert!(
        svg.contains(r#"data-side="light" data-place="3""#) && svg.contains(r#"data-throw="4""#),
        "{svg}"
    );
    let source = "ruleset \"mine\"\ntitle \"Mine\"\nextends \"twenty-squares/ur\"\n";
    let r = s.post("/api/draw", &json!({ "source": source, "options": { "pieces": "2" }, "position": serde_json::from_str::<Value>(position).unwrap() }));
    assert_eq!(r.status, 200);
    assert!(r.text().contains(r#"data-rules="mine""#));
    // Refusals: an unknown rule set, a position that cannot be, an unknown parameter.
    assert_eq!(refused(&s.get("/api/draw?rules=senet/nope")).0, 404);
    let bad = format!(
        "/api/draw?rules=twenty-squares/ur&position={}",
        encode(r#"{"to_move":"nobody"}"#)
    );
    assert_eq!(refused(&s.get(&bad)).0, 400);
    assert_eq!(
        refused(&s.get("/api/draw?rules=senet/base&colour=1")).0,
        400
    );
    assert_eq!(refused(&s.get("/api/draw")).0, 400);
}

/// Percent-encodes a query value.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

// ---- games -------------------------------------------------------------------------------------

/// Plays a game of `id` by requests until it is over: throws when asked, and plays the first
/// legal move (or the hint's, every third move). At each step the log, told on from where the
/// last request left it, is the log told whole (`GET` tells a copy of the game afresh). Returns
/// the final state.
fn play_out(s: &Server, mut state: Value) -> Value {
    let id = state["id"].as_str().unwrap().to_string();
    let mut moved = 0;
    for _ in 0..10_000 {
        state = match state["awaiting"].as_str().unwrap() {
            "throw" => s.post(&format!("/api/games/{id}/throw"), &json!({})).json(),
            "move" => {
                let moves = state["moves"].as_array().unwrap();
                assert!(
                    !moves.is_empty(),
                    "a person is asked to move only with a move to make"
                );
                moved += 1;
                let index = if moved % 3 == 0 {
                    let hint = s.get(&format!("/api/games/{id}/hint")).json();
                    let i = usize::try_from(hint["index"].as_u64().unwrap()).unwrap();
                    assert!(i < moves.len());
                    assert_eq!(hint["text"], moves[i]["text"]);
                    i
                } else {
                    0
                };
                s.post(&format!("/api/games/{id}/move"), &json!({ "index": index }))
                    .json()
            }
            "over" => return state,
            other => panic!("awaiting {other}"),
        };
        assert!(state.get("error").is_none(), "{state}");
        let afresh = s.get(&format!("/api/games/{id}")).json();
        assert_eq!(afresh["log"], state["log"]);
    }
    panic!("the game did not end");
}

#[test]
fn a_game_is_played_to_its_end_and_its_record_replays() {
    let s = Server::start(&[]);
    let r = s.post(
        "/api/games",
        &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "2" }, "players": ["human", "random"], "seed": 11 }),
    );
    assert_eq!(r.status, 201);
    let state = r.json();
    // `first light`: the person, light, is to throw first.
    assert_eq!(state["awaiting"], json!("throw"));
    assert_eq!(state["to_move"], json!("light"));
    assert_eq!(state["sides"][0]["player"], json!("human"));
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32);
    // Not the time to move; no move to undo.
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/move"), &json!({ "index": 0 }))).0,
        409
    );
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/undo"), &json!({}))).0,
        409
    );
    assert_eq!(refused(&s.get(&format!("/api/games/{id}/hint"))).0, 409);

    let end = play_out(&s, state);
    assert_eq!(end["awaiting"], json!("over"));
    let winner = end["outcome"]["winner"].as_str().unwrap();
    // "The first player who gets all their pieces off the board wins".
    assert_eq!(end["position"]["pieces"][winner], json!(["off", "off"]));
    assert!(
        end["log"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .as_str()
            .unwrap()
            .starts_with("Game over")
    );
    // Over: no throw and no move.
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/throw"), &json!({}))).0,
        409
    );

    // The record, saved, replays with `senet replay`.
    let r = s.get(&format!("/api/games/{id}/record"));
    assert_eq!(r.status, 200);
    let dir = TempDir::new("record");
    std::fs::write(dir.path("game.json"), r.text()).unwrap();
    let (code, out, err) = cli::run(&["replay", &dir.path("game.json")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("{winner} wins")), "{out}");

    // Reviewed, it is valued as `senet review` values its record: Ur with two pieces solves at
    // once, so the chances are exact. The page gets the plot and the mistakes in words besides.
    let review = s.post(&format!("/api/games/{id}/review"), &json!({}));
    assert_eq!(review.status, 200);
    let mut review = review.json();
    let (code, out, err) = cli::run(&["review", &dir.path("game.json"), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let mut cli_review: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(review["values"], json!("table"));
    assert_eq!(review["record"], json!(id));
    let page = review.as_object_mut().unwrap();
    let notes = page.remove("notes").unwrap();
    let plot = page.remove("plot").unwrap();
    cli_review["record"] = json!(id);
    assert_eq!(review, cli_review);
    text_fits(plot.as_str().unwrap(), 760.0);
    let narrow = s.post(&format!("/api/games/{id}/review"), &json!({ "width": 300 }));
    assert_eq!(narrow.status, 200);
    text_fits(narrow.json()["plot"].as_str().unwrap(), 300.0);
    let wide = s.post(
        &format!("/api/games/{id}/review"),
        &json!({ "width": "wide" }),
    );
    assert_eq!(wide.status, 400);
    let mistakes = review["mistakes"].as_array().unwrap();
    let notes = notes.as_array().unwrap();
    assert_eq!(notes.len(), mistakes.len());
    for (n, m) in notes.iter().zip(mistakes) {
        assert_eq!(&n["move"], m);
        assert!(roxmltree::Document::parse(n["svg"].as_str().unwrap()).is_ok());
        assert!(!n["played_text"].as_str().unwrap().is_empty());
        assert_ne!(n["played_text"], n["best_text"]);
    }
    assert_eq!(
        refused(&s.post(
            &format!("/api/games/{id}/review"),
            &json!({ "playouts": 0 })
        )),
        (400, "`playouts` is a whole number from 1 to 1000".into())
    );

    // Loaded again, it is the same game, at its end; `at` goes back to its start.
    let again = s.post("/api/games", &json!({ "record": r.json() }));
    assert_eq!(again.status, 201);
    let again = again.json();
    assert_eq!(again["position"], end["position"]);
    assert_eq!(again["log"], end["log"]);
    let other = again["id"].as_str().unwrap();
    let start = s.get(&format!("/api/games/{other}?at=0")).json();
    assert_eq!(
        start["position"]["pieces"],
        json!({ "light": [0, 0], "dark": [0, 0] })
    );
    assert_eq!(start["at"], json!(0));
    assert!(start["decisions"].as_u64().unwrap() > 0);
    let svg = s
        .get(&format!("/api/games/{other}/draw?at=0&paths=1"))
        .text();
    assert!(roxmltree::Document::parse(&svg).is_ok());
}

// ---- games of more than two sides ---------------------------------------------------------------

#[test]
fn a_game_of_four_sides_is_played_by_requests_and_its_record_replays_and_is_taken_up() {
    let s = Server::start(&[]);
    let rules = "cross-and-circle/ashta-kashte";
    // One player a side, of those that play games of more than two sides.
    let (status, msg) = refused(&s.post(
        "/api/games",
        &json!({ "rules": rules, "players": ["human", "random"] }),
    ));
    assert_eq!(status, 400);
    assert!(msg.contains("names four players, one a side"), "{msg}");
    let (status, msg) = refused(&s.post(
        "/api/games",
        &json!({ "rules": rules, "players": ["human", "racer", "random", "random"] }),
    ));
    assert_eq!(status, 400);
    assert!(
        msg.contains("`racer` does not play the games of the engine for many sides"),
        "{msg}"
    );
    // Perfect play is for two sides, said before a game.
    let solvable = s.post("/api/solvable", &json!({ "rules": rules })).json();
    assert_eq!(solvable["solvable"], json!(false));
    assert_eq!(solvable["reason"], json!("games of two sides only"));

    let r = s.post(
        "/api/games",
        &json!({ "rules": rules, "players": ["human", "random", "greedy", "expectimax"], "seed": 3 }),
    );
    assert_eq!(r.status, 201);
    let state = r.json();
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["awaiting"], json!("throw"));
    assert_eq!(state["to_move"], json!("east"));
    let sides: Vec<(&str, &str)> = state["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["name"].as_str().unwrap(), x["player"].as_str().unwrap()))
        .collect();
    assert_eq!(
        sides,
        [
            ("east", "human"),
            ("west", "random"),
            ("south", "greedy"),
            ("north", "expectimax")
        ]
    );
    // Each plays for itself.
    assert_eq!(state["teams"], json!(["east", "west", "south", "north"]));
    // The dice of a turn and the review on the page are for two sides.
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/steps"), &json!({ "steps": [] }))).0,
        409
    );
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/review"), &json!({}))).0,
        409
    );

    // "A player may pass at will" (`sides may pass`): the pass is the last choice, taken back
    // with undo to the same choices.
    let mut state = state;
    let mut checked = false;
    for _ in 0..200 {
        state = match state["awaiting"].as_str().unwrap() {
            "throw" => s.post(&format!("/api/games/{id}/throw"), &json!({})).json(),
            "move" if !checked => {
                let moves = state["moves"].as_array().unwrap().clone();
                let pass = moves.last().unwrap();
                assert_eq!(pass["pass"], json!(true));
                assert_eq!(pass["text"], json!("pass, leaving the throw unplayed"));
                let after = s
                    .post(&format!("/api/games/{id}/move"), &json!({ "index": 0 }))
                    .json();
                assert_eq!(after["can_undo"], json!(true));
                let back = s.post(&format!("/api/games/{id}/undo"), &json!({})).json();
                assert_eq!(back["moves"], json!(moves));
                assert_eq!(back["position"], state["position"]);
                assert_eq!(
                    refused(&s.post(
                        &format!("/api/games/{id}/move"),
                        &json!({ "index": moves.len() })
                    ))
                    .0,
                    400
                );
                checked = true;
                back
            }
            _ => break,
        };
    }
    assert!(checked, "east had a choice within 200 throws");

    let end = play_out(&s, state);
    let winner = end["outcome"]["winner"].as_str().unwrap().to_string();
    assert_eq!(end["outcome"]["winners"], json!([winner]));
    assert_eq!(
        end["position"]["pieces"][&winner],
        json!(["off", "off", "off", "off"])
    );
    assert_eq!(
        end["log"].as_array().unwrap().last().unwrap(),
        &json!(format!("{winner} win."))
    );

    // The record replays with `senet replay`, and taken up again is the same game at its end.
    let r = s.get(&format!("/api/games/{id}/record"));
    let dir = TempDir::new("many-record");
    std::fs::write(dir.path("game.json"), r.text()).unwrap();
    let (code, out, err) = cli::run(&["replay", &dir.path("game.json")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!(": {winner} win")), "{out}");
    let again = s.post("/api/games", &json!({ "record": r.json() })).json();
    assert_eq!(again["position"], end["position"]);
    assert_eq!(again["log"], end["log"]);
    let other = again["id"].as_str().unwrap();
    let start = s.get(&format!("/api/games/{other}?at=0")).json();
    assert_eq!(start["position"]["pieces"]["north"], json!([0, 0, 0, 0]));
    assert!(start["decisions"].as_u64().unwrap() > 0);
    let svg = s
        .get(&format!("/api/games/{other}/draw?at=1&paths=1"))
        .text();
    assert!(roxmltree::Document::parse(&svg).is_ok());
}

#[test]
fn a_game_of_four_sides_stopped_at_the_terminal_goes_on_in_the_server() {
    let dir = TempDir::new("many-terminal");
    let path = dir.path("stopped.json");
    // Kawade Kelia at the terminal: red, a person, plays its first choice twice, then stops.
    let out = cli::senet()
        .args([
            "play",
            "cross-and-circle/kawade-kelia",
            "--players",
            "human,random,greedy,random",
            "--seed",
            "8",
            "--record",
            &path,
        ])
        .write_stdin("1\n1\nq\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record["result"], json!("stopped"));
    let s = Server::start(&[]);
    let state = s.post("/api/games", &json!({ "record": record })).json();
    // Where it stopped: red to choose, with the throw it had.
    assert_eq!(state["awaiting"], json!("move"), "{state}");
    assert_eq!(state["to_move"], json!("red"));
    let events = record["events"].as_array().unwrap();
    let thrown = events
        .iter()
        .rev()
        .find_map(|e| e["throw"]["value"].as_u64());
    assert_eq!(state["throw"].as_u64(), thrown);
    assert_eq!(state["sides"][0]["team"], json!("red + yellow"));
    // Played on to its end, a team wins: both its sides have borne off every piece.
    let end = play_out(&s, state);
    let winners = end["outcome"]["winners"].as_array().unwrap();
    assert_eq!(winners.len(), 2);
    for w in winners {
        assert_eq!(
            end["position"]["pieces"][w.as_str().unwrap()],
            json!(["off", "off", "off"])
        );
    }
    // A record whose throws are not its seed's (written by hand) replays but is not taken up.
    let mut changed = record.clone();
    changed["seed"] = json!(9);
    let (status, msg) = refused(&s.post("/api/games", &json!({ "record": changed })));
    assert_eq!(status, 400);
    assert!(
        msg.contains("its throws are not those its seed gives"),
        "{msg}"
    );
}

#[test]
fn moves_are_checked_and_undone() {
    let s = Server::start(&[]);
    // Senet's seat ritual seats player 1 on either side: find the person's side by the state.
    let state = s
        .post(
            "/api/games",
            &json!({ "rules": "twenty-squares/ur", "players": ["human", "greedy"], "seed": 4 }),
        )
        .json();
    let id = state["id"].as_str().unwrap().to_string();
    let mut state = s.post(&format!("/api/games/{id}/throw"), &json!({})).json();
    // Throw until the person has a choice to make.
    while state["awaiting"] == json!("throw") {
        state = s.post(&format!("/api/games/{id}/throw"), &json!({})).json();
    }
    assert_eq!(state["awaiting"], json!("move"));
    let moves = state["moves"].as_array().unwrap().len();
    // Each move names the squares its steps go from and to, along light's path (4..1, ...).
    let m = &state["moves"][0];
    let to = usize::try_from(m["steps"][0]["to"].as_u64().unwrap()).unwrap();
    let path: Vec<u64> = state["sides"][0]["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(m["squares"][0]["to"].as_u64(), Some(path[to - 1]));
    // A move that is not there, and requests that are not moves.
    let (status, msg) =
        refused(&s.post(&format!("/api/games/{id}/move"), &json!({ "index": moves })));
    assert_eq!(status, 400);
    assert!(
        msg.contains(&format!("there are {moves} legal moves")),
        "{msg}"
    );
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/move"), &json!({ "index": -1 }))).0,
        400
    );
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/move"), &json!({ "move": 0 }))).0,
        400
    );
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/move"), &json!([0]))).0,
        400
    );
    // Played, then taken back: the same choice again.
    let after = s
        .post(&format!("/api/games/{id}/move"), &json!({ "index": 0 }))
        .json();
    assert_eq!(after["can_undo"], json!(true));
    let back = s.post(&format!("/api/games/{id}/undo"), &json!({})).json();
    assert_eq!(back["position"], state["position"]);
    assert_eq!(back["moves"], state["moves"]);
    assert_eq!(back["log"], state["log"]);
    assert_eq!(back["can_undo"], json!(false));
    // GET shows the same.
    assert_eq!(
        s.get(&format!("/api/games/{id}")).json()["position"],
        state["position"]
    );
    // An unknown game.
    assert_eq!(
        refused(&s.get("/api/games/0123456789abcdef0123456789abcdef")).0,
        404
    );
}

/// Where the dice left may be left unplayed (Lange Puff's faces beneath a double), the steps
/// answer says the move the turn makes if it ends there (`may_end`), and that move is the steps
/// taken.
#[test]
fn a_turn_chosen_a_step_at_a_time_may_end_among_dice_that_may_be_left() {
    let s = Server::start(&[]);
    let state = s
        .post(
            "/api/games",
            &json!({ "rules": "tables/lange-puff", "players": ["human", "human"], "seed": 2 }),
        )
        .json();
    let id = state["id"].as_str().unwrap().to_string();
    let mut state = state;
    for _ in 0..200 {
        if state["awaiting"] == json!("throw") {
            state = s.post(&format!("/api/games/{id}/throw"), &json!({})).json();
            continue;
        }
        assert_eq!(state["awaiting"], json!("move"), "{state}");
        let dice = state["position"]["throw"].as_array().unwrap().clone();
        let double = dice.len() >= 4 && dice[0] == dice[1];
        if !double || state["by_steps"] != json!(true) {
            state = s
                .post(&format!("/api/games/{id}/move"), &json!({ "index": 0 }))
                .json();
            continue;
        }
        // A double: its own dice first, then the faces beneath, which may be left.
        let mut taken: Vec<Value> = Vec::new();
        let end = loop {
            let answer = s
                .post(
                    &format!("/api/games/{id}/steps"),
                    &json!({ "steps": taken }),
                )
                .json();
            if let Some(i) = answer["may_end"].as_u64() {
                break i;
            }
            assert!(answer["chosen"].is_null(), "{answer}");
            let options = answer["options"].as_array().unwrap();
            taken.push(json!({ "from": options[0]["from"], "to": options[0]["to"] }));
        };
        // It may end once the double's own dice are played (half of them, where the throw
        // lists its faces beneath), not before.
        assert_eq!(taken.len(), dice.len() / 2, "{dice:?}");
        let m = &state["moves"][usize::try_from(end).unwrap()];
        assert_eq!(m["steps"], json!(taken));
        return;
    }
    panic!("no double in 200 actions");
}

/// Dice played one by one: the state gives the dice as thrown, and a turn is chosen a step at a
/// time (`POST /api/games/{id}/steps`) until the steps make one of the turn's moves.
#[test]
fn a_turn_of_dice_is_chosen_a_step_at_a_time() {
    let s = Server::start(&[]);
    let state = s
        .post(
            "/api/games",
            &json!({ "rules": "tables/backgammon", "players": ["human", "random"], "seed": 5 }),
        )
        .json();
    let id = state["id"].as_str().unwrap().to_string();
    // Backgammon's opening throw: where white's die was the higher, white plays the two dice
    // thrown at once; else white throws after black's turn.
    let state = if state["awaiting"] == json!("throw") {
        s.post(&format!("/api/games/{id}/throw"), &json!({})).json()
    } else {
        state
    };
    assert_eq!(state["awaiting"], json!("move"));
    assert_eq!(state["by_steps"], json!(true));
    // The position's throw is the dice still to play, and the words say them as thrown.
    let dice = state["position"]["throw"].as_array().unwrap().clone();
    assert!(dice.len() == 2 || dice.len() == 4, "{dice:?}");
    assert!(
        state["throw_text"].as_str().unwrap().contains('-'),
        "{}",
        state["throw_text"]
    );
    let steps = |taken: &Value| {
        s.post(
            &format!("/api/games/{id}/steps"),
            &json!({ "steps": taken }),
        )
    };
    let mut taken: Vec<Value> = Vec::new();
    let chosen = loop {
        let answer = steps(&json!(taken)).json();
        assert!(answer["svg"].as_str().unwrap().starts_with("<svg"));
        if let Some(i) = answer["chosen"].as_u64() {
            break i;
        }
        let options = answer["options"].as_array().unwrap();
        assert!(!options.is_empty(), "{answer}");
        let die = options[0]["die"].as_u64().unwrap();
        assert!(dice.iter().any(|d| d.as_u64() == Some(die)), "{answer}");
        taken.push(json!({ "from": options[0]["from"], "to": options[0]["to"] }));
        assert!(taken.len() <= 4, "a turn plays four dice at most");
    };
    // The steps taken make the move of that index: its steps, in some order.
    let m = &state["moves"][usize::try_from(chosen).unwrap()];
    assert_eq!(m["steps"].as_array().unwrap().len(), taken.len(), "{m}");
    // Steps no move begins with are refused; so are steps where no dice are played.
    let (status, msg) = refused(&steps(&json!([{ "from": 1, "to": 24 }])));
    assert_eq!(status, 400, "{msg}");
    let played = s
        .post(
            &format!("/api/games/{id}/move"),
            &json!({ "index": chosen }),
        )
        .json();
    assert!(played["moves_played"].as_u64().unwrap() >= 1);
    let (status, _) = refused(&steps(&json!([])));
    assert_eq!(status, 409, "no person is to move a turn of dice");
}

#[test]
fn the_last_move_and_each_side_s_goal_are_in_the_state() {
    let s = Server::start(&[]);
    let mut state = s
        .post(
            "/api/games",
            &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "2" }, "players": ["human", "human"], "seed": 5 }),
        )
        .json();
    let id = state["id"].as_str().unwrap().to_string();
    // Each side's goal in the terminal's words.
    assert_eq!(
        state["sides"][0]["goal"],
        json!("Goal: bear off all 2 of your pieces before dark does.")
    );
    assert_eq!(
        state["sides"][1]["goal"],
        json!("Goal: bear off all 2 of your pieces before light does.")
    );
    assert_eq!(state["last_move"], Value::Null);
    let (mut captures, mut extra) = (0, 0);
    for _ in 0..400 {
        state = match state["awaiting"].as_str().unwrap() {
            "throw" => s.post(&format!("/api/games/{id}/throw"), &json!({})).json(),
            "move" => {
                // The last of the moves: the one furthest on, that captures when one can.
                let moves = state["moves"].as_array().unwrap();
                let m = moves.last().unwrap().clone();
                let side = state["to_move"].clone();
                let after = s
                    .post(
                        &format!("/api/games/{id}/move"),
                        &json!({ "index": m["index"] }),
                    )
                    .json();
                // Two people play: the move just played is the last one.
                let last = &after["last_move"];
                assert_eq!(last["side"], side);
                assert_eq!(last["squares"], m["squares"]);
                assert_eq!(last["steps"], m["steps"]);
                assert!(!m["steps"].as_array().unwrap().is_empty());
                assert_eq!(last["text"], m["text"]);
                assert_eq!(last["extra_throw"], m["extra_throw"]);
                let text = m["text"].as_str().unwrap();
                assert_eq!(
                    last["captures"].as_u64().unwrap() > 0,
                    text.contains("captures"),
                    "{text}"
                );
                assert_eq!(last["swaps"], json!(0));
                captures += usize::from(last["captures"].as_u64().unwrap() > 0);
                extra += usize::from(last["extra_throw"] == json!(true));
                // A game told afresh has the same.
                assert_eq!(
                    s.get(&format!("/api/games/{id}")).json()["last_move"],
                    *last
                );
                after
            }
            _ => break,
        };
    }
    assert!(
        captures > 0 && extra > 0,
        "{captures} captures, {extra} extra throws"
    );
}

#[test]
fn new_games_are_refused_when_malformed() {
    let s = Server::start(&[]);
    let cases = [
        (json!({ "rules": "senet/nope" }), 404),
        (json!({ "rules": "senet/base", "players": ["human"] }), 400),
        (
            json!({ "rules": "senet/base", "players": ["human", "grandmaster"] }),
            400,
        ),
        (json!({ "rules": "senet/base", "seed": "seven" }), 400),
        (
            json!({ "rules": "senet/base", "options": { "pieces": "6" } }),
            422,
        ),
        (
            json!({ "rules": "senet/base", "source": "ruleset \"x\"" }),
            400,
        ),
        (json!({ "source": BROKEN }), 422),
        (json!({ "record": { "format": "something else" } }), 400),
        (json!({}), 400),
    ];
    for (body, status) in cases {
        let r = s.post("/api/games", &body);
        assert_eq!(refused(&r).0, status, "{body}");
    }
    // Rules that do not check come with their diagnostics.
    let v = s.post("/api/games", &json!({ "source": BROKEN })).json();
    assert_eq!(v["diagnostics"][0]["code"], json!("E003"));
}

#[test]
fn the_optimal_player_plays_from_a_table_solved_once() {
    let s = Server::start(&[]);
    let r = s.post(
        "/api/games",
        &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "1" }, "players": ["optimal", "perfect"], "seed": 2 }),
    );
    assert_eq!(r.status, 201);
    assert_eq!(r.json()["awaiting"], json!("over"));
    // A rule set too large to solve in seconds is refused at once, saying so.
    let r = s.post(
        "/api/games",
        &json!({ "rules": "twenty-squares/ur", "players": ["human", "optimal"] }),
    );
    let (status, msg) = refused(&r);
    assert_eq!(status, 422);
    assert!(msg.contains("too large to solve"), "{msg}");
}

#[test]
fn whether_perfect_can_play_is_told_before_a_game_as_the_game_finds() {
    let s = Server::start(&[]);
    let mine = "ruleset \"my/ur\"\ntitle \"My Ur\"\nextends \"twenty-squares/ur\"\n";
    // (rules, solvable, the reason where not)
    let cases = [
        // Dense numbering: 1 piece a side fits; 4 take about 0.3 GiB, more than 256 MiB.
        (
            json!({ "rules": "twenty-squares/ur", "options": { "pieces": "1" } }),
            true,
            "",
        ),
        (
            json!({ "source": mine, "options": { "pieces": "1" } }),
            true,
            "",
        ),
        (
            json!({ "rules": "twenty-squares/ur", "options": { "pieces": "4" } }),
            false,
            "too large to solve here",
        ),
        (
            json!({ "rules": "senet/kendall" }),
            false,
            "too large to solve here",
        ),
        // The search: bounded by 5,000,000 states.
        (
            json!({ "rules": "twenty-squares/murray", "options": { "pieces": "1" } }),
            true,
            "",
        ),
        (
            json!({ "rules": "twenty-squares/murray" }),
            false,
            "too large to solve here",
        ),
        // Throws kept in hand: no table at all.
        (
            json!({ "rules": "senet/kendall-1978" }),
            false,
            "cannot be solved",
        ),
    ];
    for (rules, solvable, reason) in cases {
        let r = s.post("/api/solvable", &rules);
        assert_eq!(r.status, 200, "{rules}: {}", r.text());
        let v = r.json();
        assert_eq!(v["solvable"], json!(solvable), "{rules}: {v}");
        // A game with `perfect` starts, or is refused for the reason told.
        let mut game = rules.clone();
        game["players"] = json!(["human", "perfect"]);
        game["seed"] = json!(1);
        let g = s.post("/api/games", &game);
        if solvable {
            assert_eq!(v, json!({ "solvable": true }));
            assert_eq!(g.status, 201, "{rules}: {}", g.text());
        } else {
            assert_eq!(v["reason"], json!(reason), "{rules}: {v}");
            let detail = v["detail"].as_str().unwrap();
            assert!(detail.contains("`optimal`"), "{detail}");
            let (status, msg) = refused(&g);
            assert_eq!(status, 422, "{rules}: {msg}");
            if reason == "too large to solve here" {
                assert_eq!(msg, detail, "{rules}");
            }
        }
        // Asked again, the same answer (kept).
        assert_eq!(s.post("/api/solvable", &rules).json(), v, "{rules}");
    }
    // Malformed: as every route that takes rules.
    let r = s.post(
        "/api/solvable",
        &json!({ "rules": "twenty-squares/ur", "players": [] }),
    );
    assert_eq!(refused(&r).0, 400);
    let r = s.post("/api/solvable", &json!({ "rules": "senet/nope" }));
    assert_eq!(refused(&r).0, 404);
    let r = s.post("/api/solvable", &json!({ "source": BROKEN }));
    assert_eq!(refused(&r).0, 422);
}

/// A number, or an object's numbers by key: the chances of a solve's answer.
fn flat(v: &Value) -> Vec<(String, f64)> {
    match v {
        Value::Object(m) => m
            .iter()
            .map(|(k, x)| (k.clone(), x.as_f64().unwrap()))
            .collect(),
        x => vec![(String::new(), x.as_f64().unwrap())],
    }
}

/// The chances under perfect play: as `senet solve --format json` gives them for the options
/// asked, or (with `fewer`) for the most pieces the server's bounds solve; refused in words for
/// rules too large or that cannot be solved.
#[test]
fn perfect_play_answers_as_senet_solve() {
    let s = Server::start(&[]);
    let solve = |id: &str, pieces: &str| {
        let (code, out, err) = cli::run(&[
            "solve",
            id,
            "--option",
            &format!("pieces={pieces}"),
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let mut v: Value = serde_json::from_str(&out).unwrap();
        // How the solve ran, not what it found.
        let ran = ["seconds", "memory_bytes", "sweeps", "throw"];
        for timing in ran
            .into_iter()
            .chain(["lists_on_disk_bytes", "lists_found_again_bytes"])
            .chain(["values_in_file_bytes"])
        {
            v.as_object_mut().unwrap().remove(timing);
        }
        v
    };
    // The dense solver's threads read values that others are writing, so two solves may differ
    // below 1e-12 (see docs/solver.md): the chances are compared to that, the rest exactly.
    let same = |mut got: Value, mut want: Value| {
        for key in ["win_probability", "draw_probability"] {
            let (a, b) = (got[key].take(), want[key].take());
            let (a, b) = (flat(&a), flat(&b));
            assert_eq!(a.len(), b.len(), "{key}: {a:?} against {b:?}");
            for ((sa, x), (sb, y)) in a.iter().zip(&b) {
                assert_eq!(sa, sb);
                assert!((x - y).abs() < 1e-12, "{key} {sa}: {x} against {y}");
            }
        }
        assert_eq!(got, want);
    };
    let r = s.post(
        "/api/perfect",
        &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "2" } }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    same(r.json(), solve("twenty-squares/ur", "2"));
    // Kendall's Senet with five pieces is too large to solve here: with `fewer`, two pieces, the
    // most that solve within the bounds (three take 19 million states).
    let r = s.post(
        "/api/perfect",
        &json!({ "rules": "senet/kendall", "fewer": true }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    same(r.json(), solve("senet/kendall", "2"));
    let (status, msg) = refused(&s.post("/api/perfect", &json!({ "rules": "senet/kendall" })));
    assert_eq!(status, 422);
    assert!(msg.contains("too large to solve here"), "{msg}");
    // No pieces option: refused, told why.
    let (status, msg) = refused(&s.post(
        "/api/perfect",
        &json!({ "rules": "tables/backgammon", "fewer": true }),
    ));
    assert_eq!(status, 422);
    assert!(msg.contains("`senet solve tables/backgammon`"), "{msg}");
    let (status, msg) = refused(&s.post("/api/perfect", &json!({ "rules": "senet/kendall-1978" })));
    assert_eq!(status, 422);
    assert!(msg.contains("cannot be solved"), "{msg}");
    let r = s.post(
        "/api/perfect",
        &json!({ "rules": "twenty-squares/ur", "fewer": 1 }),
    );
    assert_eq!(refused(&r).0, 400);
}

// ---- safety ------------------------------------------------------------------------------------

#[test]
fn only_this_server_s_own_pages_reach_it() {
    let s = Server::start(&[]);
    let port = s.port;
    let ok = |headers: &[(&str, &str)]| s.request("GET", "/api/rulesets", headers, None).status;
    assert_eq!(ok(&[]), 200);
    let localhost = format!("localhost:{port}");
    assert_eq!(ok(&[("Host", &localhost)]), 200);
    let origin = format!("http://127.0.0.1:{port}");
    assert_eq!(ok(&[("Origin", &origin)]), 200);
    // Any loopback address written out: no name, so no rebinding.
    for host in [format!("127.0.0.2:{port}"), format!("[::1]:{port}")] {
        assert_eq!(ok(&[("Host", &host)]), 200, "{host}");
    }
    let origin_local = format!("http://localhost:{port}");
    assert_eq!(ok(&[("Host", &localhost), ("Origin", &origin_local)]), 200);
    // Another name (DNS rebinding), another port, no host at all.
    let rebound = format!("attacker.example:{port}");
    let other_port = format!("127.0.0.1:{}", port.wrapping_add(1));
    for host in [rebound.as_str(), other_port.as_str(), "127.0.0.1", ""] {
        let r = s.request("GET", "/api/rulesets", &[("Host", host)], None);
        assert_eq!(refused(&r).0, 403, "Host: {host}");
    }
    // Another site's page: its origin, an opaque one, or the browser saying it is cross-site.
    let https = format!("https://127.0.0.1:{port}");
    for origin in ["http://attacker.example", "null", https.as_str()] {
        let r = s.request(
            "POST",
            "/api/check",
            &[("Origin", origin)],
            Some(br#"{"source":""}"#),
        );
        assert_eq!(refused(&r).0, 403, "Origin: {origin}");
    }
    let r = s.request(
        "GET",
        "/api/rulesets",
        &[("Sec-Fetch-Site", "cross-site")],
        None,
    );
    assert_eq!(refused(&r).0, 403);
    // Every answer says how it may be used.
    let r = s.get("/api/rulesets");
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    assert!(
        r.header("content-security-policy")
            .unwrap()
            .contains("default-src 'self'")
    );
}

#[test]
fn rule_files_from_a_page_never_read_the_server_s_files() {
    let dir = TempDir::new("sandbox");
    // A rule file beside the server, which a file given on the command line could extend.
    std::fs::write(
        dir.path("secret.rules"),
        "ruleset \"secret\"\nextends \"senet/base\"\n",
    )
    .unwrap();
    let s = Server::start_in(Some(&dir.0), &[]);
    for target in [
        "secret",
        "secret.rules",
        "./secret.rules",
        &dir.path("secret.rules"),
        "/etc/passwd",
    ] {
        let source = format!("ruleset \"x\"\nextends \"{target}\"\n");
        let v = s.post("/api/check", &json!({ "source": source })).json();
        let d = &v["files"][0]["diagnostics"][0];
        assert_eq!(v["files"][0]["ok"], json!(false), "{target}");
        assert_eq!(d["line"], json!(2), "{target}: {d}");
        assert!(
            d["help"].as_str().unwrap().contains("only a bundled id"),
            "{target}: {d}"
        );
        // Nor by a game, a drawing or a simulation.
        assert_eq!(
            refused(&s.post("/api/games", &json!({ "source": source }))).0,
            422
        );
        assert_eq!(
            refused(&s.post("/api/draw", &json!({ "source": source }))).0,
            422
        );
    }
    // `rules` names bundled ids only, never a path.
    assert_eq!(
        refused(&s.post("/api/games", &json!({ "rules": dir.path("secret.rules") }))).0,
        404
    );
    assert_eq!(
        refused(&s.post("/api/games", &json!({ "rules": "secret" }))).0,
        404
    );
    // A record without its rules' text names its rules by `source`: a bundled id only.
    let record = json!({ "format": "senet-record/1", "rules": { "id": "secret", "source": dir.path("secret.rules"), "hash": "0" },
        "seed": 1, "players": ["human", "random"], "sides": ["red", "blue"], "seated": ["human", "random"],
        "events": [], "result": { "stopped": true }, "moves": 0, "turns": 0 });
    assert_eq!(
        refused(&s.post("/api/games", &json!({ "record": record }))).0,
        404
    );
}

#[test]
fn bodies_and_rule_files_are_limited_and_malformed_requests_get_json_errors() {
    let s = Server::start(&[]);
    // A rule file's limit, 64 KiB.
    let long = format!(
        "ruleset \"x\"\n{}",
        "# a comment line, one of many\n".repeat(2300)
    );
    assert!(long.len() > 64 << 10);
    let (status, msg) = refused(&s.post("/api/check", &json!({ "source": long })));
    assert_eq!(status, 413);
    assert!(msg.contains("64 KiB"), "{msg}");
    // A body's, 1 MiB.
    let huge = vec![b' '; (1 << 20) + 10];
    let r = s.request("POST", "/api/check", &[], Some(&huge));
    assert_eq!(refused(&r).0, 413);
    // Not JSON, not an object, unknown fields, wrong types.
    for body in [
        &b"{"[..],
        b"[1, 2]",
        b"\"text\"",
        br#"{"source": 3}"#,
        br#"{"source": "", "extra": 1}"#,
        b"\xff\xfe",
    ] {
        let r = s.request("POST", "/api/check", &[], Some(body));
        assert_eq!(refused(&r).0, 400, "{}", String::from_utf8_lossy(body));
    }
    // Unknown routes and methods, a game's id that is not text.
    assert_eq!(refused(&s.get("/api/nothing")).0, 404);
    assert_eq!(refused(&s.get("/api/games/%FF%FE")).0, 400);
    assert_eq!(refused(&s.get("/api/check")).0, 405);
    assert_eq!(
        refused(&s.request("DELETE", "/api/games", &[], None)).0,
        405
    );
}

#[test]
fn games_are_limited_in_number_and_forgotten_when_idle() {
    let s = Server::start(&["--max-games", "2", "--game-idle", "1"]);
    let new = || {
        s.post(
            "/api/games",
            &json!({ "rules": "twenty-squares/ur", "seed": 1 }),
        )
    };
    let a = new();
    assert_eq!(a.status, 201);
    assert_eq!(new().status, 201);
    let (status, msg) = refused(&new());
    assert_eq!(status, 503);
    assert!(msg.contains("as many games"), "{msg}");
    assert_eq!(new().json()["busy"], json!(true));
    // A second later both are forgotten, and there is room again.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let id = a.json()["id"].as_str().unwrap().to_string();
    assert_eq!(refused(&s.get(&format!("/api/games/{id}"))).0, 404);
    assert_eq!(new().status, 201);
}

// ---- simulation --------------------------------------------------------------------------------

#[test]
fn a_simulation_answers_as_senet_sim_with_the_lengths_counted() {
    let s = Server::start(&[]);
    let r = s.post("/api/sim", &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "3" }, "games": 300, "seed": 5 }));
    assert_eq!(r.status, 200);
    let mut got = r.json();
    let (_, out, _) = cli::run(&[
        "sim",
        "twenty-squares/ur",
        "--option",
        "pieces=3",
        "--games",
        "300",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    let mut expected: Value = serde_json::from_str(&out).unwrap();
    let lengths = got.as_object_mut().unwrap().remove("lengths").unwrap();
    for v in [&mut got, &mut expected] {
        for timing in ["jobs", "seconds", "games_per_second"] {
            v.as_object_mut().unwrap().remove(timing);
        }
    }
    assert_eq!(got, expected);
    // Every game is counted once in each distribution, and its longest is the report's max.
    for (key, stat) in [("moves", "moves"), ("turns", "turns")] {
        let list = lengths[key].as_array().unwrap();
        let total: u64 = list.iter().map(|p| p[1].as_u64().unwrap()).sum();
        assert_eq!(total, 300);
        assert_eq!(list.last().unwrap()[0], expected[stat]["max"]);
    }
    // Refusals: a person, too many games, another field.
    assert_eq!(
        refused(&s.post(
            "/api/sim",
            &json!({ "rules": "senet/base", "players": ["human", "random"] })
        ))
        .0,
        400
    );
    assert_eq!(
        refused(&s.post(
            "/api/sim",
            &json!({ "rules": "senet/base", "games": 100_001 })
        ))
        .0,
        400
    );
    assert_eq!(
        refused(&s.post("/api/sim", &json!({ "rules": "senet/base", "jobs": 8 }))).0,
        400
    );
}

#[test]
fn a_comparison_answers_as_senet_compare_with_its_plot() {
    let s = Server::start(&[]);
    let r = s.post(
        "/api/compare",
        &json!({ "rules": ["twenty-squares/ur", "twenty-squares/masters"], "games": 200, "seed": 3 }),
    );
    assert_eq!(r.status, 200);
    let got = r.json();
    let (_, out, _) = cli::run(&[
        "compare",
        "twenty-squares/ur",
        "twenty-squares/masters",
        "--games",
        "200",
        "--seed",
        "3",
        "--skill",
        "greedy/random",
        "--format",
        "json",
    ]);
    let mut expected: Value = serde_json::from_str(&out).unwrap();
    let mut report = got["report"].clone();
    for v in [&mut report, &mut expected] {
        for timing in ["jobs", "seconds"] {
            v.as_object_mut().unwrap().remove(timing);
        }
    }
    assert_eq!(report, expected);
    let text = got["text"].as_str().unwrap();
    assert!(
        text.contains("(1) twenty-squares/ur") && text.contains("(2) twenty-squares/masters"),
        "{text}"
    );
    assert!(got["plot"].as_str().unwrap().starts_with("<svg"));
    // Drawn for a phone's room, its text wraps to it.
    let r = s.post(
        "/api/compare",
        &json!({ "rules": ["twenty-squares/ur", "twenty-squares/masters"], "games": 20, "width": 320 }),
    );
    assert_eq!(r.status, 200);
    text_fits(r.json()["plot"].as_str().unwrap(), 320.0);
    // Without skill, no skill games.
    let r = s.post(
        "/api/compare",
        &json!({ "rules": ["twenty-squares/ur", "twenty-squares/masters"], "games": 20, "skill": false }),
    );
    assert_eq!(r.json()["report"]["skill_games"], json!(0));
}

#[test]
fn dice_passed_to_a_person_are_its_throw_and_the_state_says_so() {
    let s = Server::start(&[]);
    let game = s
        .post(
            "/api/games",
            &json!({ "rules": "tables/laquet", "players": ["human", "human"], "seed": 3 }),
        )
        .json();
    let id = game["id"].as_str().unwrap().to_string();
    assert_eq!(game["awaiting"], json!("throw"));
    assert_eq!(game["passed"], json!(false));
    let thrown = s.post(&format!("/api/games/{id}/throw"), &json!({})).json();
    // White's fourteen on 1 are shut in by black on 2-6: only the piece on 24 moves, bearing
    // off with the larger die; the smaller passes to black.
    let dice = thrown["position"]["throw"].as_array().unwrap().clone();
    assert_eq!(thrown["moves"].as_array().unwrap().len(), 1, "{thrown}");
    let after = s
        .post(&format!("/api/games/{id}/move"), &json!({ "index": 0 }))
        .json();
    assert_eq!(after["awaiting"], json!("move"), "{after}");
    assert_eq!(after["to_move"], json!("black"));
    assert_eq!(after["passed"], json!(true));
    let smaller = dice.iter().map(|d| d.as_u64().unwrap()).min().unwrap();
    assert_eq!(after["position"]["passed"], json!([smaller]));
    assert_eq!(after["position"]["throw"], json!([smaller]));
    let told = after["log"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .as_str()
        .unwrap()
        .to_string();
    assert!(told.contains("white throws"), "{told}");
}

#[test]
fn a_comparison_of_one_reading_or_of_a_person_is_refused_in_words() {
    let s = Server::start(&[]);
    let (status, msg) = refused(&s.post("/api/compare", &json!({ "rules": ["senet/kendall"] })));
    assert_eq!(status, 400);
    assert!(msg.contains("from 2 to 6 rule sets"), "{msg}");
    let (status, msg) = refused(&s.post(
        "/api/compare",
        &json!({ "rules": ["senet/kendall", "senet/base"], "players": ["human", "random"] }),
    ));
    assert_eq!(status, 400);
    assert!(msg.contains("cannot play in a comparison"), "{msg}");
    let (status, msg) = refused(&s.post(
        "/api/compare",
        &json!({ "rules": ["senet/kendall", "senet/nope"] }),
    ));
    assert_eq!(status, 404);
    assert!(msg.contains("no bundled rule set `senet/nope`"), "{msg}");
}

#[test]
fn a_simulation_too_long_for_the_time_limit_is_refused_with_what_fits() {
    let s = Server::start(&["--sim-seconds", "1"]);
    let r = s.post("/api/sim", &json!({ "rules": "senet/kendall", "players": ["expectimax", "expectimax"], "games": 100_000 }));
    let (status, msg) = refused(&r);
    assert_eq!(status, 422);
    assert!(msg.contains("more than the 1 s"), "{msg}");
    let fit = r.json()["max_games"].as_u64().unwrap();
    assert!((1..100_000).contains(&fit));
}

#[test]
fn simulations_beyond_the_queue_are_told_the_server_is_busy() {
    let s = std::sync::Arc::new(Server::start(&["--sim-queue", "0"]));
    let long = json!({ "rules": "senet/kendall", "players": ["greedy", "greedy"], "games": 3000 });
    let first = {
        let s = std::sync::Arc::clone(&s);
        let long = long.clone();
        std::thread::spawn(move || s.post("/api/sim", &long).status)
    };
    // While the first runs, a second finds no room in the queue.
    let mut busy = None;
    for _ in 0..500 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        let r = s.post(
            "/api/sim",
            &json!({ "rules": "twenty-squares/ur", "games": 10 }),
        );
        if r.status == 503 {
            busy = Some(r.json());
            break;
        }
    }
    let busy = busy.expect("a second simulation was refused while the first ran");
    assert_eq!(busy["busy"], json!(true));
    assert!(busy["error"].as_str().unwrap().contains("busy"));
    assert_eq!(first.join().unwrap(), 200);
    // Once it is done, there is room again.
    assert_eq!(
        s.post(
            "/api/sim",
            &json!({ "rules": "twenty-squares/ur", "games": 10 })
        )
        .status,
        200
    );
}

// ---- every other refusal -----------------------------------------------------------------------

#[test]
fn every_malformed_field_of_every_route_is_refused_with_its_reason() {
    let s = Server::start(&[]);
    let game = s
        .post(
            "/api/games",
            &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "2" }, "seed": 3 }),
        )
        .json();
    let id = game["id"].as_str().unwrap().to_string();
    // A record whose rules are not those it was played under.
    let mut changed = s.get(&format!("/api/games/{id}/record")).json();
    changed["rules"]["hash"] = json!("0000000000000000");
    let unknown = "0123456789abcdef0123456789abcdef";
    let too_long = format!("ruleset \"x\"\n{}", "# a comment\n".repeat(6000));
    let position = json!({"to_move":"light","throw":2,"pieces":{"light":[0,0],"dark":[0,0]}});
    // (method, route, body, status, a part of the error's message)
    let cases: Vec<(&str, String, Option<Value>, u16, &str)> = vec![
        // Rules and options, as every route that takes rules reads them.
        (
            "POST",
            "/api/explain".into(),
            Some(json!({ "rules": 3 })),
            400,
            "are strings",
        ),
        (
            "POST",
            "/api/explain".into(),
            Some(json!({ "rules": "senet/base", "options": ["pieces"] })),
            400,
            "must be an object",
        ),
        (
            "POST",
            "/api/explain".into(),
            Some(json!({ "rules": "senet/base", "options": { "pieces": true } })),
            400,
            "must be a string",
        ),
        (
            "POST",
            "/api/explain".into(),
            Some(json!({ "rules": "senet/nope" })),
            404,
            "no bundled rule set",
        ),
        (
            "POST",
            "/api/explain".into(),
            Some(json!({ "source": too_long })),
            413,
            "64 KiB",
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({ "source": too_long })),
            413,
            "64 KiB",
        ),
        (
            "POST",
            "/api/sim".into(),
            Some(json!({ "source": BROKEN })),
            422,
            "the rules have 1 error",
        ),
        (
            "POST",
            "/api/diff".into(),
            Some(json!({ "rules": "senet/base" })),
            400,
            "`against`",
        ),
        // Drawings.
        (
            "GET",
            "/api/draw?rules=senet/base&option=pieces".into(),
            None,
            400,
            "NAME=VALUE",
        ),
        (
            "GET",
            "/api/draw?rules=senet/base&position=%7B".into(),
            None,
            400,
            "`position` is not JSON",
        ),
        (
            "GET",
            "/api/draw?rules=senet/base&paths=maybe".into(),
            None,
            400,
            "`paths` is 1 or 0",
        ),
        (
            "POST",
            "/api/draw".into(),
            Some(json!({ "rules": "senet/base", "paths": "yes" })),
            400,
            "true or false",
        ),
        (
            "POST",
            "/api/draw".into(),
            Some(json!({ "rules": "senet/base", "options": { "pieces": "6" } })),
            422,
            "error",
        ),
        // Moves of a position.
        (
            "POST",
            "/api/moves".into(),
            Some(json!({ "rules": "twenty-squares/ur" })),
            400,
            "`position`",
        ),
        (
            "POST",
            "/api/moves".into(),
            Some(
                json!({ "rules": "twenty-squares/ur", "options": { "pieces": "2" },
                        "position": { "to_move": "nobody", "pieces": { "light": [0, 0], "dark": [0, 0] } } }),
            ),
            400,
            "unknown side `nobody`",
        ),
        (
            "POST",
            "/api/moves".into(),
            Some(
                json!({ "rules": "twenty-squares/ur", "options": { "pieces": "3" }, "position": position }),
            ),
            400,
            "the rules give each side 3",
        ),
        // New games.
        (
            "POST",
            "/api/games".into(),
            Some(json!({ "rules": "senet/base", "players": "human,random" })),
            400,
            "a list of two names",
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({ "rules": "senet/base", "players": ["human", 2] })),
            400,
            "a list of two names",
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({ "record": changed, "seed": 1 })),
            400,
            "takes nothing else",
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({ "record": changed })),
            400,
            "have changed",
        ),
        // A game's views.
        (
            "GET",
            format!("/api/games/{id}?at=first"),
            None,
            400,
            "`at` is a number",
        ),
        (
            "GET",
            format!("/api/games/{id}?colour=1"),
            None,
            400,
            "unknown parameter `colour`",
        ),
        (
            "GET",
            format!("/api/games/{id}/draw?paths=2"),
            None,
            400,
            "`paths` is 1 or 0",
        ),
        (
            "POST",
            format!("/api/games/{id}/throw"),
            Some(json!([1])),
            400,
            "must be a JSON object",
        ),
        (
            "POST",
            format!("/api/games/{id}/undo"),
            Some(json!({ "all": true })),
            400,
            "unknown field `all`",
        ),
        // A game that is not there, on every route of a game.
        (
            "GET",
            format!("/api/games/{unknown}"),
            None,
            404,
            "no such game",
        ),
        (
            "POST",
            format!("/api/games/{unknown}/throw"),
            Some(json!({})),
            404,
            "no such game",
        ),
        (
            "POST",
            format!("/api/games/{unknown}/move"),
            Some(json!({ "index": 0 })),
            404,
            "no such game",
        ),
        (
            "POST",
            format!("/api/games/{unknown}/undo"),
            Some(json!({})),
            404,
            "no such game",
        ),
        (
            "GET",
            format!("/api/games/{unknown}/hint"),
            None,
            404,
            "no such game",
        ),
        (
            "POST",
            format!("/api/games/{unknown}/review"),
            Some(json!({})),
            404,
            "no such game",
        ),
        (
            "GET",
            format!("/api/games/{unknown}/record"),
            None,
            404,
            "no such game",
        ),
        (
            "GET",
            format!("/api/games/{unknown}/draw"),
            None,
            404,
            "no such game",
        ),
        // Simulations.
        (
            "POST",
            "/api/sim".into(),
            Some(json!({ "rules": "senet/base", "seed": -1 })),
            400,
            "`seed` is a whole number",
        ),
        (
            "POST",
            "/api/sim".into(),
            Some(json!({ "rules": "senet/base", "games": 0 })),
            400,
            "`games` is a number from 1",
        ),
        (
            "POST",
            "/api/sim".into(),
            Some(json!({ "rules": "senet/base", "players": ["random", "grandmaster"] })),
            400,
            "grandmaster",
        ),
    ];
    for (method, route, body, status, part) in cases {
        let bytes = body.as_ref().map(|b| b.to_string().into_bytes());
        let r = s.request(method, &route, &[], bytes.as_deref());
        let (got, msg) = refused(&r);
        assert_eq!(got, status, "{method} {route} {body:?}: {msg}");
        assert!(msg.contains(part), "{method} {route} {body:?}: {msg}");
    }
}

#[test]
fn a_second_solve_while_one_runs_is_told_the_server_is_busy() {
    let s = std::sync::Arc::new(Server::start(&[]));
    // Twenty Squares with three pieces a side: a solve of a second or more.
    let optimal = json!({ "rules": "twenty-squares/ur", "options": { "pieces": "3" }, "players": ["human", "optimal"], "seed": 1 });
    let first = {
        let s = std::sync::Arc::clone(&s);
        let optimal = optimal.clone();
        std::thread::spawn(move || s.post("/api/games", &optimal))
    };
    // While one of the two requests solves, the other is refused (whichever came second).
    let mut answers = Vec::new();
    for _ in 0..100 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        let r = s.post("/api/games", &optimal);
        let refused = r.status == 503;
        answers.push(r);
        if refused {
            break;
        }
    }
    answers.push(first.join().unwrap());
    let busy = answers
        .iter()
        .find(|r| r.status == 503)
        .expect("a second solve was refused while the first ran")
        .json();
    assert_eq!(busy["busy"], json!(true));
    assert!(
        busy["error"].as_str().unwrap().contains("solving"),
        "{busy}"
    );
    assert!(answers.iter().all(|r| r.status == 201 || r.status == 503));
    // The table is kept: the next game of the same rules is not refused.
    assert_eq!(s.post("/api/games", &optimal).status, 201);
}

#[test]
fn the_log_told_on_from_request_to_request_is_the_log_told_whole() {
    let s = Server::start(&[]);
    // Seats thrown for, a throw-off, throws split among pieces, all throws first, extra throws,
    // passes; undone now and then.
    for rules in [
        "senet/base",
        "senet/bell-suggested",
        "senet/finkel",
        "senet/kendall-1978",
        "senet/piccione",
        "twenty-squares/ur",
        "hounds-and-jackals/carnarvon-carter",
    ] {
        let mut state = s
            .post(
                "/api/games",
                &json!({ "rules": rules, "players": ["human", "greedy"], "seed": 9 }),
            )
            .json();
        let id = state["id"].as_str().unwrap().to_string();
        let mut pick = 7u64;
        for step in 0..120 {
            state = match state["awaiting"].as_str().unwrap() {
                "throw" => s.post(&format!("/api/games/{id}/throw"), &json!({})).json(),
                "move" if step % 9 == 8 && state["can_undo"] == json!(true) => {
                    s.post(&format!("/api/games/{id}/undo"), &json!({})).json()
                }
                "move" => {
                    let n = state["moves"].as_array().unwrap().len() as u64;
                    pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let index = (pick >> 33) % n;
                    s.post(&format!("/api/games/{id}/move"), &json!({ "index": index }))
                        .json()
                }
                _ => break,
            };
            assert!(state.get("error").is_none(), "{rules}: {state}");
            let afresh = s.get(&format!("/api/games/{id}")).json();
            assert_eq!(afresh["log"], state["log"], "{rules}, step {step}");
        }
    }
}

// ---- work that would not end -------------------------------------------------------------------

/// Rules under which a turn never ends: each side goes round a loop of its own, so no piece is
/// ever taken, and every throw of the die (1, 2 or 3) gives another throw.
const ENDLESS_TURN: &str = "ruleset \"loop\"
board 1 x 8
path a: loop 1..4
path b: loop 5..8
sides a, b
pieces 1 each
start a on 1; b on 5
throw die 3
extra throw after 1, 2, 3
capture removed
win by capturing all
";

/// Finkel's variant with a throw again on every value but 5 (thrown by four sticks all blank, a
/// chance of 1 in 16): the totals a turn splits among seven pieces grow large.
const SPLIT_HUGE: &str = "ruleset \"split-huge\"
extends \"senet/finkel\"
turn throw again on 1, 2, 3, 4 then split
";

/// `GET /api/rulesets` answers within a second: the server goes on.
fn answers_at_once(s: &Server) {
    let start = Instant::now();
    let r = s.get("/api/rulesets");
    assert_eq!(r.status, 200);
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "the rule sets took {:?}",
        start.elapsed()
    );
}

#[test]
fn both_rule_files_check() {
    let dir = TempDir::new("killing");
    for (name, text) in [("loop.rules", ENDLESS_TURN), ("split.rules", SPLIT_HUGE)] {
        std::fs::write(dir.path(name), text).unwrap();
        let (code, out, err) = cli::run(&["check", &dir.path(name)]);
        assert_eq!(code, 0, "{name}: {out}{err}");
    }
}

/// The rules of [`ENDLESS_TURN`] with a turn that ends on a 3: the turns end, the game does
/// not (until the turn cap: 10,000 turns of three throws and three moves on average).
fn endless_game() -> String {
    ENDLESS_TURN.replace("extra throw after 1, 2, 3", "extra throw after 1, 2")
}

/// Checks a game the server stopped, or ended at a turn cap, before anyone won: over,
/// unfinished, the same when asked again, its record one that `senet replay` verifies. The
/// reason it was stopped, if the server stopped it.
fn stopped_unfinished(s: &Server, state: &Value) -> Option<String> {
    assert_eq!(state["awaiting"], json!("over"));
    assert_eq!(state["outcome"], json!({ "unfinished": true }));
    let last = state["log"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .as_str()
        .unwrap();
    let id = state["id"].as_str().unwrap();
    let again = s.get(&format!("/api/games/{id}")).json();
    for key in ["position", "log", "stopped", "moves_played", "turns"] {
        assert_eq!(again[key], state[key], "{key}");
    }
    assert_eq!(
        refused(&s.post(&format!("/api/games/{id}/throw"), &json!({}))).0,
        409
    );
    let record = s.get(&format!("/api/games/{id}/record")).json();
    let dir = TempDir::new(&format!("stopped-{id}"));
    std::fs::write(dir.path("game.json"), record.to_string()).unwrap();
    let (code, out, err) = cli::run(&["replay", &dir.path("game.json")]);
    assert_eq!(code, 0, "{err}");
    let why = state["stopped"].as_str().map(str::to_string);
    if why.is_some() {
        // Stopped where it stood: a game that is not over, as a person stops one.
        assert!(last.starts_with("Game stopped by the server"), "{last}");
        assert_eq!(record["result"], json!({ "stopped": true }));
        assert!(out.contains("stopped"), "{out}");
    } else {
        assert!(last.starts_with("Game over"), "{last}");
        assert_eq!(record["result"], json!({ "unfinished": true }));
    }
    why
}

#[test]
fn a_computer_turn_that_never_ends_is_stopped_and_the_game_kept_as_it_stood() {
    let s = Server::start(&["--work-seconds", "1"]);
    let start = Instant::now();
    let r = s.post(
        "/api/games",
        &json!({ "source": ENDLESS_TURN, "players": ["random", "random"], "seed": 1 }),
    );
    // The game's work ends by its deadline (1 s) and the 2 s the server gives an answer.
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let state = r.json();
    answers_at_once(&s);
    // Ended in side a's first turn, which no throw ends; no piece can be taken, so no one has
    // won. The server stops it (at its deadline, or at the events it plays in a game), or the
    // engine does, where it ends a turn that throws as many times as the turn cap.
    assert_eq!(state["turns"], json!(1));
    if let Some(why) = stopped_unfinished(&s, &state) {
        assert!(
            why.contains("50000 events") || why.contains("more than 1 s"),
            "{why}"
        );
    }
}

#[test]
fn a_game_that_never_ends_is_stopped_at_the_events_a_game_may_have() {
    let s = Server::start(&["--work-seconds", "60"]);
    let r = s.post(
        "/api/games",
        &json!({ "source": endless_game(), "players": ["random", "random"], "seed": 1 }),
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let state = r.json();
    let why = stopped_unfinished(&s, &state).expect("stopped by the server");
    assert_eq!(
        why,
        "it reached 50000 events, the most the server plays in a game"
    );
    // Well before the turn cap: about three throws and three moves a turn.
    let turns = state["turns"].as_u64().unwrap();
    assert!((5000..10_000).contains(&turns), "{turns}");
    let id = state["id"].as_str().unwrap();
    let events = s.get(&format!("/api/games/{id}/record")).json()["events"]
        .as_array()
        .unwrap()
        .len();
    assert!((50_000..50_010).contains(&events), "{events}");
}

#[test]
fn a_split_turn_with_a_huge_total_ends_with_an_answer_in_time() {
    // The listing of a split turn's moves is one call of the engine, which its own budget
    // bounds: the server's answer comes by the deadline either way.
    let s = Server::start(&["--work-seconds", "1"]);
    let start = Instant::now();
    let r = s.post(
        "/api/games",
        &json!({ "source": SPLIT_HUGE, "players": ["random", "random"], "seed": 1 }),
    );
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    if r.status == 201 {
        assert!(r.json()["awaiting"] == json!("over"), "{}", r.text());
    } else {
        let (status, msg) = refused(&r);
        assert_eq!(status, 503, "{msg}");
    }
    answers_at_once(&s);
}

#[test]
fn simulations_of_turns_that_never_end_are_stopped_and_the_queue_stays_bounded() {
    nine_simulations_at_once(ENDLESS_TURN);
}

#[test]
fn simulations_of_split_turns_with_huge_totals_are_stopped_and_the_queue_stays_bounded() {
    nine_simulations_at_once(SPLIT_HUGE);
}

/// Nine simulations of `source` at once: each is answered in time, and the server goes on.
fn nine_simulations_at_once(source: &'static str) {
    // A simulation may run twice `--sim-seconds`, stopped between games; the queue holds four.
    let s = std::sync::Arc::new(Server::start(&["--sim-seconds", "1"]));
    let start = Instant::now();
    let runs: Vec<_> = (0..9)
        .map(|_| {
            let s = std::sync::Arc::clone(&s);
            std::thread::spawn(move || {
                s.post(
                    "/api/sim",
                    &json!({ "source": source, "players": ["random", "random"], "games": 100 }),
                )
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    answers_at_once(&s);
    let answers: Vec<_> = runs.into_iter().map(|r| r.join().unwrap()).collect();
    // Each is answered by its deadline (2 s), waiting (2 s) or not, and the 2 s the server
    // gives an answer.
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "{:?}",
        start.elapsed()
    );
    let mut busy = 0;
    for r in &answers {
        match r.status {
            200 => assert!(r.json()["games"].as_u64().is_some()),
            _ => {
                let (status, msg) = refused(r);
                assert!(status == 422 || status == 503, "{status} {msg}");
                busy += usize::from(r.json()["busy"] == json!(true));
            }
        }
    }
    // One runs, four wait, four are refused at once.
    assert!(busy >= 4, "{busy} told the server is busy");
    answers_at_once(&s);
    let r = s.post(
        "/api/games",
        &json!({ "rules": "twenty-squares/ur", "seed": 1 }),
    );
    assert_eq!(r.status, 201);
}

// ---- players that read files -------------------------------------------------------------------

#[test]
fn no_request_can_name_a_learned_player() {
    let s = Server::start(&[]);
    let dir = TempDir::new("learned");
    std::fs::write(dir.path("secret.json"), r#"{"secret": "do not tell"}"#).unwrap();
    let fifo = dir.path("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // A finished game's record, to name other players in.
    let game = s
        .post(
            "/api/games",
            &json!({ "rules": "twenty-squares/ur", "options": { "pieces": "1" }, "players": ["random", "random"], "seed": 2 }),
        )
        .json();
    let record = s
        .get(&format!(
            "/api/games/{}/record",
            game["id"].as_str().unwrap()
        ))
        .json();
    for path in [
        dir.path("secret.json"),
        dir.path("missing.json"),
        "/dev/zero".to_string(),
        fifo,
    ] {
        let learned = format!("learned:{path}");
        let mut named = record.clone();
        named["players"] = json!([learned, "random"]);
        let cases = [
            (
                "/api/games",
                json!({ "rules": "senet/base", "players": [learned, "human"] }),
            ),
            (
                "/api/sim",
                json!({ "rules": "senet/base", "players": ["random", learned] }),
            ),
            ("/api/games", json!({ "record": named })),
        ];
        for (route, body) in cases {
            let (status, msg) = refused(&s.post(route, &body));
            assert_eq!(status, 400, "{route} {path}");
            // Refused for what it is, whatever the file: nothing read, nothing told of it.
            assert!(msg.contains("reads a file"), "{route} {path}: {msg}");
            assert!(
                !msg.contains("do not tell") && !msg.contains("No such file"),
                "{msg}"
            );
        }
    }
    answers_at_once(&s);
}

// ---- memory ------------------------------------------------------------------------------------

/// A rule file (within a rule file's 64 KiB) whose squares have names of 2,000 characters.
fn long_names(id: &str) -> String {
    let mut text = format!("ruleset \"{id}\"\nextends \"senet/base\"\n");
    for square in 1..=30 {
        let letter = char::from(b'a' + u8::try_from(square % 26).unwrap());
        text.push_str(&format!(
            "name {square} \"{}\"\n",
            letter.to_string().repeat(2000)
        ));
    }
    text
}

#[test]
fn the_games_kept_are_bounded_in_bytes_with_their_rules() {
    // Each rule file is about 62 KB, reckoned to take 64 KiB and four times its text (with the
    // text of senet/base it extends): about 330 KiB. One MiB holds three games of distinct
    // rules, not four.
    let s = Server::start(&["--max-memory", "1", "--game-idle", "1"]);
    let new = |k: usize| {
        s.post(
            "/api/games",
            &json!({ "source": long_names(&format!("long/{k}")), "players": ["human", "random"], "seed": 1 }),
        )
    };
    for k in 0..3 {
        assert_eq!(new(k).status, 201, "game {k}");
    }
    let r = new(3);
    let (status, msg) = refused(&r);
    assert_eq!(status, 503);
    assert!(msg.contains("--max-memory"), "{msg}");
    assert_eq!(r.json()["busy"], json!(true));
    // Games of rules already kept take only their own few KiB.
    assert_eq!(
        s.post(
            "/api/games",
            &json!({ "source": long_names("long/0"), "players": ["human", "random"], "seed": 2 })
        )
        .status,
        201
    );
    // Forgotten when idle, they make room again.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(new(3).status, 201);
}

/// A chain of eight rule files in `dir`, each extending the next and the last `senet/base`,
/// that name every square with 7,000 characters (four squares a file); the first file's path.
fn long_chain(dir: &TempDir) -> String {
    for k in 0..8u8 {
        let parent = if k < 7 {
            format!("f{}.rules", k + 1)
        } else {
            "senet/base".to_string()
        };
        let mut text = format!("ruleset \"long/f{k}\"\nextends \"{parent}\"\n");
        for square in (4 * k + 1..=4 * k + 4).filter(|&q| q <= 30) {
            let letter = char::from(b'a' + square % 26);
            text.push_str(&format!(
                "name {square} \"{}\"\n",
                letter.to_string().repeat(7000)
            ));
        }
        std::fs::write(dir.path(&format!("f{k}.rules")), text).unwrap();
    }
    dir.path("f0.rules")
}

/// The record of a game of [`long_chain`]'s rules (a person against `random`), stopped before
/// its end with a person to move, after about 600 events: its log in words is about 2.2 MB.
fn long_record(name: &str) -> Value {
    let dir = TempDir::new(name);
    let rules = long_chain(&dir);
    let input = format!("{}q\n", "1\n".repeat(150));
    let out = cli::senet()
        .args([
            "play",
            &rules,
            "--players",
            "human,random",
            "--seed",
            "3",
            "--record",
            &dir.path("game.json"),
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path("game.json")).unwrap()).unwrap();
    assert_eq!(record["result"], json!({ "stopped": true }));
    record
}

#[test]
fn games_taken_up_from_records_of_long_logs_keep_the_server_s_memory_bounded() {
    // A game of rules whose squares have names of 7,000 characters, stopped before its end (a
    // person to move): taken up from its record, its log is told (about 2.2 MB), but only its
    // last 256 KiB are kept.
    let record = long_record("long-log");
    let s = Server::start(&[]);
    let load = || {
        let r = s.post("/api/games", &json!({ "record": record }));
        assert_eq!(r.status, 201);
        let state = r.json();
        assert_ne!(state["awaiting"], json!("over"));
        let log = state["log"].as_array().unwrap();
        assert!(
            log[0]
                .as_str()
                .unwrap()
                .contains("earlier lines of the log are not kept")
        );
        let kept: usize = log.iter().skip(1).map(|l| l.as_str().unwrap().len()).sum();
        assert!(kept <= 256 << 10, "{kept}");
    };
    load();
    let before = s.rss_kib().unwrap();
    for _ in 0..40 {
        load();
    }
    let grown = s.rss_kib().unwrap().saturating_sub(before);
    // Forty games of at most 256 KiB of log and a few KiB more each (their rules are shared):
    // about 11 MiB, and what the answers' buffers leave (15 MiB in all, measured). Kept whole,
    // the logs took 105 MiB.
    assert!(grown < 40 << 10, "the server grew by {grown} KiB");
}

#[test]
fn a_game_keeps_the_last_256_kib_of_its_log_and_told_on_it_is_the_log_told_whole() {
    let s = Server::start(&[]);
    // Taken up from a record, with a log of about 2.2 MB, and played on, with moves undone.
    let mut state = s
        .post(
            "/api/games",
            &json!({ "record": long_record("log-told-on") }),
        )
        .json();
    let id = state["id"].as_str().unwrap().to_string();
    let mut pick = 3u64;
    let mut trimmed = false;
    for step in 0..60 {
        state = match state["awaiting"].as_str().unwrap() {
            "throw" => s.post(&format!("/api/games/{id}/throw"), &json!({})).json(),
            "move" if step % 7 == 6 && state["can_undo"] == json!(true) => {
                s.post(&format!("/api/games/{id}/undo"), &json!({})).json()
            }
            "move" => {
                let n = state["moves"].as_array().unwrap().len() as u64;
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                s.post(
                    &format!("/api/games/{id}/move"),
                    &json!({ "index": (pick >> 33) % n }),
                )
                .json()
            }
            _ => break,
        };
        assert!(state.get("error").is_none(), "{state}");
        let log: Vec<&str> = state["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        // The lines kept, after the one that says how many were not.
        let kept: usize = log.iter().skip(1).map(|l| l.len()).sum();
        assert!(kept <= 256 << 10, "{kept} bytes of log at step {step}");
        if log[0].contains("earlier lines of the log are not kept") {
            trimmed = true;
        }
        let afresh = s.get(&format!("/api/games/{id}")).json();
        assert_eq!(afresh["log"], state["log"], "step {step}");
    }
    assert!(trimmed, "the log was never cut");
}

// ---- the connection ----------------------------------------------------------------------------

/// Sends `bytes` on a new connection and reads until the server closes it (or `wait` passes):
/// what it answered, and how long that took.
fn raw(s: &Server, bytes: &[u8], wait: Duration) -> (Vec<u8>, Duration) {
    let mut stream = TcpStream::connect(&s.addr).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    let start = Instant::now();
    stream.write_all(bytes).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    (answer, start.elapsed())
}

/// The headers every answer carries, and an error's JSON body.
fn a_json_error(r: &http::Response) -> (u16, String) {
    for (name, value) in [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("cache-control", "no-store"),
    ] {
        assert_eq!(r.header(name), Some(value), "{name} on a {}", r.status);
    }
    assert!(
        r.header("content-security-policy")
            .is_some_and(|v| v.contains("default-src 'self'")),
        "{}",
        r.status
    );
    assert_eq!(r.header("content-type"), Some("application/json"));
    refused(r)
}

#[test]
fn half_sent_requests_are_answered_408_and_closed() {
    let s = Server::start(&["--request-seconds", "1"]);
    let host = format!("Host: {}\r\n", s.addr);
    let halves = [
        "GET /api/rulesets HTTP/1.1\r\n".to_string(),
        format!("GET /api/rulesets HTTP/1.1\r\n{host}"),
        format!(
            "POST /api/check HTTP/1.1\r\n{host}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"source\""
        ),
    ];
    let waiting: Vec<_> = halves
        .iter()
        .cycle()
        .take(30)
        .map(|half| {
            let mut stream = TcpStream::connect(&s.addr).unwrap();
            stream.write_all(half.as_bytes()).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(5)))
                .unwrap();
            stream
        })
        .collect();
    // Meanwhile the server answers.
    answers_at_once(&s);
    let start = Instant::now();
    for mut stream in waiting {
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        let r = http::Response::parse(&answer);
        let (status, msg) = a_json_error(&r);
        assert_eq!(status, 408);
        assert!(msg.contains("within 1 s"), "{msg}");
    }
    // All closed about a second after they were opened.
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_body_too_long_is_refused_at_once_by_its_length() {
    let s = Server::start(&[]);
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n",
        s.addr
    );
    let (answer, took) = raw(&s, head.as_bytes(), Duration::from_secs(5));
    assert!(took < Duration::from_secs(1), "{took:?}");
    let (status, msg) = a_json_error(&http::Response::parse(&answer));
    assert_eq!(status, 413);
    assert!(msg.contains("1024 KiB"), "{msg}");
    // Chunked bodies, whose length is not given, are refused too.
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        s.addr
    );
    let (answer, _) = raw(&s, head.as_bytes(), Duration::from_secs(5));
    assert_eq!(a_json_error(&http::Response::parse(&answer)).0, 411);
}

#[test]
fn only_json_bodies_are_taken() {
    let s = Server::start(&[]);
    let body = br#"{"source": "ruleset \"x\"\nextends \"senet/base\"\n"}"#;
    for (kind, status) in [
        ("text/plain", 415),
        ("application/x-www-form-urlencoded", 415),
        ("application/json; charset=utf-16", 415),
        ("application/json; charset=utf-8", 200),
        ("application/json", 200),
    ] {
        let r = s.request("POST", "/api/check", &[("Content-Type", kind)], Some(body));
        if status == 200 {
            assert_eq!(r.status, 200, "{kind}");
        } else {
            let (got, msg) = a_json_error(&r);
            assert_eq!(got, status, "{kind}");
            assert!(msg.contains("application/json"), "{msg}");
        }
    }
    // A body with no type at all.
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Length: 2\r\n\r\n{{}}",
        s.addr
    );
    let (answer, _) = raw(&s, head.as_bytes(), Duration::from_secs(5));
    assert_eq!(a_json_error(&http::Response::parse(&answer)).0, 415);
}

#[test]
fn every_error_is_json_with_the_security_headers_whatever_makes_it() {
    let s = Server::start(&[]);
    let host = format!("Host: {}\r\n", s.addr);
    let many_headers: String = (0..80).map(|i| format!("X-Header-{i}: {i}\r\n")).collect();
    let cases = [
        // Not HTTP at all, a bad header, a request line of 20 KiB, too many headers.
        ("GARBAGE\r\n\r\n".to_string(), 400),
        (
            format!("GET /api/rulesets HTTP/1.1\r\n{host}Bad Header: x\r\n\r\n"),
            400,
        ),
        (
            format!("GET /{} HTTP/1.1\r\n{host}\r\n", "a".repeat(20 << 10)),
            414,
        ),
        (format!("GET / HTTP/1.1\r\n{host}{many_headers}\r\n"), 431),
        // The guard's refusal, the router's own.
        (
            "GET /api/rulesets HTTP/1.1\r\nHost: attacker.example\r\n\r\n".to_string(),
            403,
        ),
        (format!("GET /api/nothing HTTP/1.1\r\n{host}\r\n"), 404),
        (format!("DELETE /api/games HTTP/1.1\r\n{host}\r\n"), 405),
        (format!("GET /api/games/%FF HTTP/1.1\r\n{host}\r\n"), 400),
    ];
    for (request, status) in cases {
        let (answer, _) = raw(&s, request.as_bytes(), Duration::from_secs(5));
        let r = http::Response::parse(&answer);
        let (got, msg) = a_json_error(&r);
        assert_eq!(got, status, "{msg}");
        assert!(!msg.is_empty());
    }
}

/// A plot (SVG) is `width` pixels wide and every text of it lies within, a character taken as
/// 0.6 of its size wide (the widest usual letters of a sans-serif face).
fn text_fits(svg: &str, width: f64) {
    let doc = roxmltree::Document::parse(svg).expect("a plot is XML");
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some(format!("{width}").as_str()));
    let base: f64 = root.attribute("font-size").unwrap().parse().unwrap();
    assert!(base >= 12.0, "text of {base} px");
    for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let size: f64 = t
            .attribute("font-size")
            .map_or(base, |v| v.parse().unwrap());
        let text: String = t
            .descendants()
            .filter(|n| n.is_text())
            .filter_map(|n| n.text())
            .collect();
        let x: f64 = t.attribute("x").unwrap().parse().unwrap();
        let long = text.chars().count() as f64 * 0.6 * size;
        let (from, to) = match t.attribute("text-anchor") {
            Some("middle") => (x - long / 2.0, x + long / 2.0),
            Some("end") => (x - long, x),
            _ => (x, x + long),
        };
        assert!(
            from >= 0.0 && to <= width,
            "`{text}` runs from {from:.0} to {to:.0} in a plot {width} wide"
        );
    }
}
