//! `senet lsp` end to end: the built binary as a child process, spoken to in LSP over its
//! standard input and output, as an editor would. Every expected line and column is counted
//! by hand from the text sent (columns in UTF-16 code units).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde_json::{Value, json};

/// A folder of its own under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-lsp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `file:` URI of a path made of unreserved characters.
fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// How long a test waits for a message before it fails (a generous bound against a server that
/// never answers, not a measure of speed).
const PATIENCE: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    input: ChildStdin,
    /// The messages the server writes, read by a thread of their own so that a server that
    /// never answers fails the test instead of hanging it.
    output: Receiver<Value>,
    next_id: i64,
    /// Notifications that came while waiting for a response.
    notifications: Vec<Value>,
    /// Where the server copies bundled files (its `XDG_CACHE_HOME`).
    cache: PathBuf,
}

impl Client {
    /// Starts `senet lsp` and initializes it.
    fn start(name: &str) -> Client {
        Client::start_with(name, Stdio::inherit())
    }

    /// Starts `senet lsp` with its standard error sent to `stderr`, and initializes it.
    fn start_with(name: &str, stderr: Stdio) -> Client {
        let cache = scratch(&format!("{name}-cache"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_senet"))
            .arg("lsp")
            .env("XDG_CACHE_HOME", &cache)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("start senet lsp");
        let input = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, output) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(message) = read_message(&mut stdout) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            input,
            output,
            next_id: 1,
            notifications: Vec::new(),
            cache,
        };
        let init = client.request("initialize", json!({"capabilities": {}}));
        let caps = &init["result"]["capabilities"];
        assert_eq!(caps["textDocumentSync"], 1, "{init}");
        for cap in [
            "hoverProvider",
            "completionProvider",
            "definitionProvider",
            "codeActionProvider",
            "documentFormattingProvider",
        ] {
            assert!(!caps[cap].is_null(), "{cap}: {init}");
        }
        client.notify("initialized", json!({}));
        client
    }

    /// Bytes as they are, a header or a body or both.
    fn write_bytes(&mut self, bytes: &[u8]) {
        // The server may have ended: what it said is what the test reads.
        let _ = self.input.write_all(bytes);
        let _ = self.input.flush();
    }

    /// Closes the server's input and waits for it: its exit status and standard error (when
    /// started with it piped).
    fn end(self) -> (Option<i32>, String) {
        let Client {
            mut child,
            input,
            cache,
            ..
        } = self;
        drop(input);
        let status = child.wait().unwrap();
        let mut stderr = String::new();
        if let Some(mut e) = child.stderr.take() {
            e.read_to_string(&mut stderr).unwrap();
        }
        let _ = std::fs::remove_dir_all(&cache);
        (status.code(), stderr)
    }

    fn write_raw(&mut self, body: &[u8]) {
        write!(self.input, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        self.input.write_all(body).unwrap();
        self.input.flush().unwrap();
    }

    fn send(&mut self, message: &Value) {
        self.write_raw(message.to_string().as_bytes());
    }

    fn read(&mut self) -> Value {
        match self.output.recv_timeout(PATIENCE) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server in {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server hung up"),
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its whole response, keeping notifications for later.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.response(&json!(id))
    }

    fn response(&mut self, id: &Value) -> Value {
        loop {
            let message = self.read();
            if message.get("id") == Some(id) && message.get("method").is_none() {
                return message;
            }
            self.notifications.push(message);
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let message = match self.notifications.iter().position(|n| {
                n["method"] == "textDocument/publishDiagnostics" && n["params"]["uri"] == uri
            }) {
                Some(i) => self.notifications.remove(i),
                None => self.read(),
            };
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return message["params"]["diagnostics"].as_array().unwrap().clone();
            }
            self.notifications.push(message);
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "senet", "version": 1, "text": text}}),
        );
        self.diagnostics(uri)
    }

    fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        self.request(
            method,
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        )
    }

    /// `shutdown`, then `exit`: the server ends with status 0.
    fn stop(mut self) {
        let reply = self.request("shutdown", Value::Null);
        assert_eq!(reply["result"], Value::Null, "{reply}");
        assert!(reply.get("error").is_none(), "{reply}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert_eq!(status.code(), Some(0));
        let _ = std::fs::remove_dir_all(&self.cache);
    }
}

/// The next message on the server's output, `None` at its end.
fn read_message(output: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if output.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = Some(n.parse::<usize>().unwrap());
        }
    }
    let mut body = vec![0; length.expect("a Content-Length header")];
    output.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).unwrap())
}

fn range(l1: u32, c1: u32, l2: u32, c2: u32) -> Value {
    json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}})
}

/// A variant of Senet's base rules with three mistakes: a misspelt keyword (line 4) and a
/// name given twice (lines 5 and 6), whose strings hold `é` (one UTF-16 unit, two bytes) and
/// an ankh `𓋹` (two units, four bytes).
const BROKEN: &str = "ruleset \"my/variant\"\ntitle   \"Jéquier's last row\"\nextends \"senet/base\"\n\nsfae 26, 28\nname 26 \"Bonheur 𓋹\"\nname 26 \"Joie é\"\n";

#[test]
fn a_broken_file_gets_its_diagnostics_with_utf16_ranges() {
    let mut client = Client::start("broken");
    let doc = "file:///tmp/senet-lsp-test/broken.rules";
    let diags = client.open(doc, BROKEN);
    assert_eq!(diags.len(), 2, "{diags:?}");
    // `sfae` on line 4, columns 0 to 4.
    let misspelt = &diags[0];
    assert_eq!(misspelt["range"], range(4, 0, 4, 4));
    assert_eq!(misspelt["severity"], 1);
    assert_eq!(misspelt["code"], "E003");
    assert_eq!(misspelt["source"], "senet");
    assert!(
        misspelt["message"]
            .as_str()
            .unwrap()
            .starts_with("unknown word `sfae`, did you mean `safe`?"),
        "{misspelt}"
    );
    // `name 26 "Joie é"`: 16 characters, 17 bytes.
    let twice = &diags[1];
    assert_eq!(twice["code"], "E101");
    assert_eq!(twice["range"], range(6, 0, 6, 16));
    // First defined on line 5: `name 26 "Bonheur 𓋹"`, 19 characters, 20 units, 22 bytes.
    let related = &twice["relatedInformation"][0];
    assert_eq!(related["location"]["uri"], doc);
    assert_eq!(related["location"]["range"], range(5, 0, 5, 20));
    assert_eq!(related["message"], "first defined here");

    // Fixed as the editor sends it: the whole text again, and no diagnostic.
    let fixed = BROKEN
        .replace("sfae", "safe")
        .replace("name 26 \"Joie é\"\n", "");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": doc, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    assert_eq!(client.diagnostics(doc), Vec::<Value>::new());
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": doc}}),
    );
    assert_eq!(client.diagnostics(doc), Vec::<Value>::new());
    client.stop();
}

#[test]
fn an_error_in_an_inherited_file_points_there_from_the_extends() {
    let dir = scratch("inherited");
    let parent = "ruleset \"parent\"\nextends \"senet/base\"\ncolour red: purple\n";
    std::fs::write(dir.join("parent.rules"), parent).unwrap();
    let child = "ruleset \"child\"\nextends \"parent\"\nblockade 2\n";
    let child_path = dir.join("child.rules");
    std::fs::write(&child_path, child).unwrap();
    let mut client = Client::start("inherited");
    let doc = uri(&child_path);
    let diags = client.open(&doc, child);
    assert_eq!(diags.len(), 2, "{diags:?}");
    let d = &diags[0];
    assert_eq!(d["code"], "E133");
    // Shown on the child's `extends "parent"`: line 1, the string at columns 8 to 16.
    assert_eq!(d["range"], range(1, 8, 1, 16));
    // Its place: `purple` on the parent's line 2, columns 12 to 18.
    let related = &d["relatedInformation"][0];
    assert_eq!(related["location"]["uri"], uri(&dir.join("parent.rules")));
    assert_eq!(related["location"]["range"], range(2, 12, 2, 18));
    assert_eq!(related["message"], "not a terminal colour");
    // The child changes a rule and keeps the title it inherits: a warning (severity 2) on its
    // `extends "parent"`, line 1, columns 0 to 16.
    let warning = &diags[1];
    assert_eq!(warning["code"], "W002");
    assert_eq!(warning["severity"], 2);
    assert_eq!(warning["range"], range(1, 0, 1, 16));
    client.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_inherited_rule_a_line_breaks_is_shown_on_that_line_and_related() {
    let dir = scratch("broken-inherited");
    let parent = "ruleset \"parent\"\nextends \"senet/base\"\nextra throw after 1, 5\n";
    std::fs::write(dir.join("parent.rules"), parent).unwrap();
    // A four-sided die never gives the parent's 5.
    let child = "ruleset \"child\"\ntitle \"Child\"\nextends \"parent\"\nthrow die 4\n";
    let child_path = dir.join("child.rules");
    std::fs::write(&child_path, child).unwrap();
    let mut client = Client::start("broken-inherited");
    let doc = uri(&child_path);
    let diags = client.open(&doc, child);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let d = &diags[0];
    assert_eq!(d["code"], "E143");
    assert_eq!(d["severity"], 1);
    // On the child's own line: `throw die 4`, line 3, columns 0 to 11.
    assert_eq!(d["range"], range(3, 0, 3, 11));
    let message = d["message"].as_str().unwrap();
    assert!(
        message.starts_with("the throw never gives 5\nhelp: override the inherited rule in this file: `extra throw after none`"),
        "{message}"
    );
    // The parent's rule as related information: the `5` of `extra throw after 1, 5`, line 2,
    // columns 21 to 22.
    let related = d["relatedInformation"].as_array().unwrap();
    assert_eq!(related.len(), 1, "{related:?}");
    assert_eq!(
        related[0]["location"]["uri"],
        uri(&dir.join("parent.rules"))
    );
    assert_eq!(related[0]["location"]["range"], range(2, 21, 2, 22));
    assert_eq!(
        related[0]["message"],
        "the inherited rule `extra throw after`, from parent: not a possible throw"
    );
    client.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

const VARIANT: &str = "ruleset \"my/variant\"\ntitle   \"Jéquier's last row\"\nextends \"senet/base\"\n\nbear off only when all on 21..30\nsafe 26, 28\nsquare 27: go to first free after 15\n";

#[test]
fn hover_on_a_keyword_a_square_and_an_extends_target() {
    let mut client = Client::start("hover");
    let doc = "file:///tmp/senet-lsp-test/hover.rules";
    assert_eq!(client.open(doc, VARIANT), Vec::<Value>::new());
    // `safe` (line 5, columns 0 to 4): the reference's entry.
    let keyword = client.at("textDocument/hover", doc, 5, 2);
    let result = &keyword["result"];
    assert_eq!(result["contents"]["kind"], "markdown");
    assert_eq!(result["range"], range(5, 0, 5, 4));
    let text = result["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("**`safe SET`**\n\nA piece on one of these squares cannot be captured."),
        "{text}"
    );
    // Square 27 (line 6, columns 7 to 9): the House of Water of senet/base, sending a piece on.
    let square = client.at("textDocument/hover", doc, 6, 8);
    let text = square["result"]["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("**Square 27**: House of Water"), "{text}");
    assert!(text.contains("goes to square 15"), "{text}");
    assert_eq!(square["result"]["range"], range(6, 7, 6, 9));
    // `"senet/base"` (line 2): its title.
    let target = client.at("textDocument/hover", doc, 2, 12);
    let text = target["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("**senet/base**: Senet: main rules of the Italian encyclopedia page"),
        "{text}"
    );
    // A blank line: nothing.
    assert_eq!(
        client.at("textDocument/hover", doc, 3, 0)["result"],
        Value::Null
    );
    client.stop();
}

#[test]
fn completion_after_extends_quote_lists_the_bundled_ids() {
    let mut client = Client::start("completion");
    let doc = "file:///tmp/senet-lsp-test/completion.rules";
    let text = "ruleset \"x\"\nextends \"senet/ke";
    client.open(doc, text);
    // The cursor after `ke`: line 1, column 17.
    let reply = client.at("textDocument/completion", doc, 1, 17);
    let items = reply["result"].as_array().unwrap();
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    for id in ["senet/base", "senet/kendall", "twenty-squares/ur"] {
        assert!(labels.contains(&id), "{labels:?}");
    }
    let kendall = items
        .iter()
        .find(|i| i["label"] == "senet/kendall")
        .unwrap();
    // It replaces `senet/ke`: columns 9 to 17.
    assert_eq!(kendall["textEdit"]["range"], range(1, 9, 1, 17));
    assert_eq!(kendall["textEdit"]["newText"], "senet/kendall");
    client.stop();
}

#[test]
fn definition_of_an_extends_target_and_of_an_inherited_rule() {
    let mut client = Client::start("definition");
    let doc = "file:///tmp/senet-lsp-test/definition.rules";
    client.open(doc, VARIANT);
    // `senet/base` is copied to the cache folder and named there.
    let target = client.at("textDocument/definition", doc, 2, 12);
    let copy = client
        .cache
        .join("senet/rulesets")
        .join(env!("CARGO_PKG_VERSION"));
    let base_path = copy.join("senet/base.rules");
    assert_eq!(target["result"]["uri"], uri(&base_path));
    assert_eq!(target["result"]["range"], range(0, 0, 0, 0));
    let base = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/senet/base.rules"),
    )
    .unwrap();
    assert_eq!(std::fs::read_to_string(&base_path).unwrap(), base);
    // `safe 26, 28` (line 5) replaces the base's `safe 26, 28, 29, 30`.
    let rule = client.at("textDocument/definition", doc, 5, 1);
    assert_eq!(rule["result"]["uri"], uri(&base_path));
    let line = base
        .lines()
        .position(|l| l.starts_with("safe 26, 28, 29, 30"))
        .unwrap();
    let line = u32::try_from(line).unwrap();
    assert_eq!(rule["result"]["range"], range(line, 0, line, 19));
    client.stop();
}

#[test]
fn a_code_action_writes_what_did_you_mean_suggests() {
    let mut client = Client::start("action");
    let doc = "file:///tmp/senet-lsp-test/action.rules";
    let diags = client.open(doc, BROKEN);
    let reply = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": doc},
            "range": range(4, 1, 4, 1),
            "context": {"diagnostics": [diags[0].clone()]},
        }),
    );
    let actions = reply["result"].as_array().unwrap();
    assert_eq!(actions.len(), 1, "{reply}");
    let action = &actions[0];
    assert_eq!(action["title"], "Replace `sfae` with `safe`");
    assert_eq!(action["kind"], "quickfix");
    assert_eq!(
        action["edit"]["changes"][doc],
        json!([{"range": range(4, 0, 4, 4), "newText": "safe"}])
    );
    client.stop();
}

#[test]
fn formatting_lays_the_file_out() {
    let mut client = Client::start("formatting");
    let doc = "file:///tmp/senet-lsp-test/formatting.rules";
    let text = "ruleset   \"x\"\nextends \"senet/base\"\nsafe   26 ,28\n";
    client.open(doc, text);
    let reply = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": doc}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    // The whole text, from line 0 to the end (line 3, column 0), replaced.
    assert_eq!(
        reply["result"],
        json!([{
            "range": range(0, 0, 3, 0),
            "newText": "ruleset \"x\"\nextends \"senet/base\"\nsafe 26, 28\n",
        }])
    );
    client.stop();
}

#[test]
fn malformed_requests_get_error_responses_and_the_server_goes_on() {
    let mut client = Client::start("malformed");
    // Parameters that are not a hover's.
    let bad = client.request("textDocument/hover", json!({"position": "here"}));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    // A method no one knows.
    let unknown = client.request("senet/nothing", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    // Content that is not JSON: a parse error, with no id.
    client.write_raw(b"{not json");
    let parse = client.response(&Value::Null);
    assert_eq!(parse["error"]["code"], -32700, "{parse}");
    // A document never opened: nothing to say.
    let none = client.at("textDocument/hover", "file:///nowhere.rules", 0, 0);
    assert_eq!(none["result"], Value::Null, "{none}");
    client.stop();
}

#[test]
fn exit_without_shutdown_is_status_1() {
    let mut client = Client::start("exit");
    client.notify("exit", Value::Null);
    assert_eq!(client.child.wait().unwrap().code(), Some(1));
    let _ = std::fs::remove_dir_all(&client.cache);
}

/// A hover on a document never opened: `null`, which shows that the server still reads and
/// answers.
fn still_answers(client: &mut Client) {
    let none = client.at("textDocument/hover", "file:///nowhere.rules", 0, 0);
    assert_eq!(none["result"], Value::Null, "{none}");
}

/// The limit of a message's body that docs/editors.md gives: 4 MiB.
const MAX_BODY: u64 = 4 * 1024 * 1024;

#[test]
fn a_body_over_the_limit_is_answered_then_skipped_and_the_session_goes_on() {
    let mut client = Client::start("too-large");
    let length = MAX_BODY + 1;
    client.write_bytes(format!("Content-Length: {length}\r\n\r\n").as_bytes());
    // Answered before its bytes are sent: an Invalid Request, with no id (none can be read).
    let reply = client.response(&Value::Null);
    assert_eq!(reply["error"]["code"], -32600, "{reply}");
    let message = reply["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("4194305 bytes") && message.contains("limit of 4194304 bytes"),
        "{message}"
    );
    // The body: an `exit` notification's frame, then spaces. Dropped unread, it does not end
    // the server.
    let exit = br#"{"jsonrpc":"2.0","method":"exit"}"#;
    let mut body = format!("Content-Length: {}\r\n\r\n", exit.len()).into_bytes();
    body.extend_from_slice(exit);
    body.resize(usize::try_from(length).unwrap(), b' ');
    client.write_bytes(&body);
    still_answers(&mut client);
    client.stop();
}

#[test]
fn a_huge_content_length_is_answered_and_never_allocated() {
    for length in ["3000000000", "18446744073709551615"] {
        let mut client = Client::start_with("huge", Stdio::piped());
        client.write_bytes(format!("Content-Length: {length}\r\n\r\n").as_bytes());
        let reply = client.response(&Value::Null);
        assert_eq!(reply["error"]["code"], -32600, "{reply}");
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(message.contains(&format!("{length} bytes")), "{message}");
        // A hundred bytes of it, then the input ends: the server ends with status 1 (not
        // killed by a signal, as an abort would be) and says why.
        client.write_bytes(&[b'x'; 100]);
        let (code, stderr) = client.end();
        assert_eq!(code, Some(1), "{length}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "the input ended inside a message (100 of its {length} bytes)"
            )),
            "{length}: {stderr}"
        );
    }
}

#[test]
fn bodies_that_are_not_messages_get_json_rpc_errors_and_the_session_goes_on() {
    let mut client = Client::start("not-messages");
    // JSON-RPC: -32700 Parse error for text that is not JSON (and JSON text is UTF-8), -32600
    // Invalid Request for JSON that is not a message; the id is the message's if it can be
    // read, else null.
    let cases: [(&[u8], i64, Value); 6] = [
        (
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\xff\"}",
            -32700,
            Value::Null,
        ),
        (b"{\"jsonrpc\":\"2.0\",\"id\":", -32700, Value::Null),
        (b"[]", -32600, Value::Null),
        (b"42", -32600, Value::Null),
        (
            b"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":42}",
            -32600,
            json!(7),
        ),
        // An id past what the protocol's integers hold (2^31 - 1): not read as a notification.
        (
            b"{\"jsonrpc\":\"2.0\",\"id\":4294967296,\"method\":\"shutdown\"}",
            -32600,
            json!(4_294_967_296_u64),
        ),
    ];
    for (body, code, id) in cases {
        client.write_raw(body);
        let reply = client.response(&id);
        let shown = String::from_utf8_lossy(body);
        assert_eq!(reply["error"]["code"], code, "{shown}: {reply}");
        assert!(reply.get("result").is_none(), "{shown}: {reply}");
        still_answers(&mut client);
    }
    client.stop();
}

#[test]
fn framing_that_cannot_be_followed_ends_the_session_with_a_message() {
    let endless = vec![b'x'; 16 * 1024];
    let cases: [(&[u8], &str); 4] = [
        (
            b"Content-Length: lots\r\n\r\n{}",
            "the Content-Length `lots` is not a number of bytes",
        ),
        (
            b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}",
            "a message without a `Content-Length` header",
        ),
        (
            b"Content-Length: 10\r\n\r\n{}",
            "the input ended inside a message (2 of its 10 bytes)",
        ),
        (
            &endless,
            "a message's header is over the limit of 8192 bytes",
        ),
    ];
    for (bytes, why) in cases {
        let mut client = Client::start_with("broken-framing", Stdio::piped());
        client.write_bytes(bytes);
        let (code, stderr) = client.end();
        assert_eq!(code, Some(1), "{why}: {stderr}");
        assert!(stderr.contains(why), "{why}: {stderr}");
    }
}

#[test]
fn a_file_with_thousands_of_errors_publishes_a_hundred_and_a_note_counting_the_rest() {
    // `gaps` with 4,000 ranges `1..1000000` over Ur's 24 squares (48 KB): each range runs off
    // the board (E122, one error per range); the gaps take the first square of each of the six
    // parts of the two inherited paths (E123, shown first: they point at the whole statement);
    // the title is Ur's (W002). 4,006 errors and a warning: 6 E123 and 94 E122 shown, then a
    // note for the 3,906 errors and the warning left.
    let ranges = vec!["1..1000000"; 4000].join(", ");
    let text = format!("ruleset \"x\"\nextends \"twenty-squares/ur\"\ngaps {ranges}\n");
    let mut client = Client::start("many-errors");
    let doc = "file:///tmp/senet-lsp-test/many.rules";
    let diags = client.open(doc, &text);
    assert_eq!(diags.len(), 101);
    let codes: Vec<&str> = diags[..100]
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes[..6], ["E123"; 6]);
    assert_eq!(codes[6..], ["E122"; 94]);
    // The 94th E122 is on the 94th range (index 93): line 2, from column 5 + 12 * 93.
    assert_eq!(diags[99]["range"], range(2, 1121, 2, 1131));
    let note = &diags[100];
    assert_eq!(note["severity"], 3, "{note}");
    assert!(note.get("code").is_none(), "{note}");
    assert_eq!(
        note["message"],
        "and 3906 more errors and 1 more warning in this file, not shown (at most 100 diagnostics are shown for a file)"
    );
    // Where the first one left out is: the 95th range.
    assert_eq!(note["range"], range(2, 1133, 2, 1143));
    client.stop();
}
