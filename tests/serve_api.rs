//! `senet serve`'s JSON API against the running binary (started on a free port): every route
//! gives what the command line gives for the same question, a game is played to its end by
//! requests and its record replays with `senet replay`, and every refusal of the safety model
//! comes as a JSON error with its status: another site's `Host` or `Origin`, bodies and rule files
//! too long, rule files that reach for the server's files, malformed requests (every field of
//! every route), unknown games, too many games, idle games, simulations too long or too many at
//! once, a second solve for `optimal` while one runs.

#[path = "support/cli.rs"]
mod cli;
#[path = "support/http.rs"]
#[allow(dead_code)] // the load test's part of it (the server's memory and processor time)
mod http;

use std::path::PathBuf;

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
    // GET /api/rulesets is `senet list --format json`.
    let (_, list, _) = cli::run(&["list", "--format", "json"]);
    let r = s.get("/api/rulesets");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(r.json(), serde_json::from_str::<Value>(&list).unwrap());

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
            json!({ "rules": "senet/base", "options": { "pieces": "4" } }),
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
            Some(json!({ "rules": "senet/base", "options": { "pieces": "4" } })),
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
                json!({ "rules": "twenty-squares/ur", "options": { "pieces": "2" }, "position": { "to_move": "nobody" } }),
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
