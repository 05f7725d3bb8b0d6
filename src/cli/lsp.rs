//! `senet lsp`: a language server on standard input and output. Only the protocol is here: the
//! messages (`lsp-server` frames them, `lsp-types` types them), the open documents, and the
//! conversion of the library's answers ([`senet::ide`], over byte offsets) into the protocol's
//! lines and UTF-16 columns through [`senet::ide::position`].
//!
//! One thread reads a message, answers it and reads the next; [`frame`] reads the frames with
//! bounds (a body over [`frame::MAX_BODY`] is answered and skipped, never held), and a body that
//! is not a message is answered with JSON-RPC's error. Documents are synchronised whole. A
//! bundled rule file (an `extends` target, a place in one) is written to a cache folder and
//! named by its path there, so that any editor can open it: see docs/editors.md.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use serde_json::{Value, json};

use senet::ide::position::{LineIndex, LinePos};
use senet::ide::{self, Analysis, CompletionKind, FileRef, Severity};

mod frame;

/// An open document: its text, checked.
struct Document {
    uri: lsp::Uri,
    version: Option<i32>,
    analysis: Analysis,
}

/// What the server knows between messages.
#[derive(Default)]
struct Server {
    documents: HashMap<String, Document>,
    initialized: bool,
    shut_down: bool,
}

/// Serves one client until it says `exit` or closes standard input. Exit status 0 after
/// `shutdown` then `exit`, else 1 (as the protocol asks).
pub fn run() -> ExitCode {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut server = Server::default();
    loop {
        match read(&mut input) {
            Read::Message(Message::Request(req)) => {
                let reply = server.request(req);
                if !send(&Message::Response(reply)) {
                    return ExitCode::FAILURE;
                }
            }
            Read::Message(Message::Notification(n)) if n.method == "exit" => {
                return if server.shut_down {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                };
            }
            Read::Message(Message::Notification(n)) => {
                for out in server.notification(n) {
                    if !send(&Message::Notification(out)) {
                        return ExitCode::FAILURE;
                    }
                }
            }
            // Answers to requests the server never makes.
            Read::Message(Message::Response(_)) => {}
            Read::Invalid { id, code, message } => {
                if !send_error(&id, code, &message) {
                    return ExitCode::FAILURE;
                }
            }
            Read::TooLarge(length) => {
                let message = format!(
                    "the message is {length} bytes, over the limit of {} bytes: it was not read",
                    frame::MAX_BODY
                );
                if !send_error(&Value::Null, ErrorCode::InvalidRequest as i32, &message) {
                    return ExitCode::FAILURE;
                }
                // Answered first, so that the client need not wait for the bytes to pass.
                if let Err(frame::Broken(why)) = frame::skip(&mut input, length) {
                    complain!("senet lsp: {why}");
                    return ExitCode::FAILURE;
                }
            }
            Read::End => return ExitCode::FAILURE,
        }
    }
}

enum Read {
    Message(Message),
    /// A body that is not a message, answered with this error (JSON-RPC's codes: -32700 for
    /// text that is not JSON, -32600 for JSON that is not a message); `id` is the message's
    /// if it has one that can be read, else `null`.
    Invalid {
        id: Value,
        code: i32,
        message: String,
    },
    /// A header whose body is over [`frame::MAX_BODY`] bytes: answered, then skipped.
    TooLarge(u64),
    /// The end of the input, or framing that cannot be followed (said on standard error).
    End,
}

fn read(input: &mut impl BufRead) -> Read {
    let result = match frame::header(input) {
        Ok(frame::Frame::End) => return Read::End,
        Ok(frame::Frame::Header(length)) if length > frame::MAX_BODY => {
            return Read::TooLarge(length);
        }
        Ok(frame::Frame::Header(length)) => frame::body(input, length).map(decode),
        Err(broken) => Err(broken),
    };
    result.unwrap_or_else(|frame::Broken(why)| {
        complain!("senet lsp: {why}");
        Read::End
    })
}

/// A body read whole, as a message or the error that answers it.
fn decode(body: Vec<u8>) -> Read {
    let invalid = |id, code: ErrorCode, message| Read::Invalid {
        id,
        code: code as i32,
        message,
    };
    let text = match String::from_utf8(body) {
        Ok(text) => text,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let why = format!("the message is not UTF-8 (from byte {at} on), so not JSON");
            return invalid(Value::Null, ErrorCode::ParseError, why);
        }
    };
    let value: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return invalid(Value::Null, ErrorCode::ParseError, format!("not JSON: {e}")),
    };
    // JSON-RPC answers a request it cannot read with its id, if that can be read.
    let id = value
        .get("id")
        .filter(|id| id.is_string() || id.is_number())
        .cloned();
    match serde_json::from_value::<Message>(value) {
        // A request whose id the protocol's types cannot hold reads as a notification.
        Ok(Message::Notification(_)) if id.is_some() => invalid(
            id.unwrap_or_default(),
            ErrorCode::InvalidRequest,
            "a request's id must be a string or a whole number from -2147483648 to 2147483647"
                .to_string(),
        ),
        Ok(message) => Read::Message(message),
        Err(e) => invalid(
            id.unwrap_or_default(),
            ErrorCode::InvalidRequest,
            format!("not a JSON-RPC message (a request, a response or a notification): {e}"),
        ),
    }
}

fn send(message: &Message) -> bool {
    let mut out = std::io::stdout().lock();
    message.write(&mut out).and_then(|()| out.flush()).is_ok()
}

/// An error response written as JSON-RPC has it: `id` may be `null`, which `lsp-server`'s
/// responses cannot be.
fn send_error(id: &Value, code: i32, message: &str) -> bool {
    let body = json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message},
    })
    .to_string();
    let mut out = std::io::stdout().lock();
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())
        .and_then(|()| out.flush())
        .is_ok()
}

fn error(id: RequestId, code: ErrorCode, message: impl Into<String>) -> Response {
    Response::new_err(id, code as i32, message.into())
}

impl Server {
    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        if req.method == "initialize" {
            self.initialized = true;
            return Response::new_ok(id, initialize_result());
        }
        if !self.initialized {
            return error(
                id,
                ErrorCode::ServerNotInitialized,
                "`initialize` comes first",
            );
        }
        if self.shut_down {
            return error(id, ErrorCode::InvalidRequest, "the server is shut down");
        }
        if req.method == "shutdown" {
            self.shut_down = true;
            return Response::new_ok(id, Value::Null);
        }
        // The library never panics on any text (tests/ide.rs); should it, the client gets an
        // error and the server goes on.
        match catch_unwind(AssertUnwindSafe(|| self.answer(&req.method, req.params))) {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err((code, message))) => error(id, code, message),
            Err(_) => error(
                id,
                ErrorCode::InternalError,
                "the server failed on this request",
            ),
        }
    }

    fn answer(&self, method: &str, params: Value) -> Result<Value, (ErrorCode, String)> {
        match method {
            "textDocument/hover" => {
                let p: lsp::HoverParams = parse(params)?;
                let at = &p.text_document_position_params;
                Ok(self.with_document(&at.text_document.uri, |doc| {
                    let offset = offset_of(doc, at.position);
                    let hover = doc.analysis.hover(offset)?;
                    to_value(lsp::Hover {
                        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                            kind: lsp::MarkupKind::Markdown,
                            value: hover.markdown,
                        }),
                        range: Some(range_of(doc.analysis.text(), &hover.span)),
                    })
                }))
            }
            "textDocument/completion" => {
                let p: lsp::CompletionParams = parse(params)?;
                let at = &p.text_document_position;
                Ok(self.with_document(&at.text_document.uri, |doc| {
                    let offset = offset_of(doc, at.position);
                    let items: Vec<lsp::CompletionItem> = doc
                        .analysis
                        .completions(offset)
                        .into_iter()
                        .map(|c| completion_item(doc, c))
                        .collect();
                    to_value(lsp::CompletionResponse::Array(items))
                }))
            }
            "textDocument/definition" => {
                let p: lsp::GotoDefinitionParams = parse(params)?;
                let at = &p.text_document_position_params;
                Ok(self.with_document(&at.text_document.uri, |doc| {
                    let offset = offset_of(doc, at.position);
                    let location = location(doc, &doc.analysis.definition(offset)?)?;
                    to_value(lsp::GotoDefinitionResponse::Scalar(location))
                }))
            }
            "textDocument/codeAction" => {
                let p: lsp::CodeActionParams = parse(params)?;
                Ok(self.with_document(&p.text_document.uri, |doc| {
                    let text = doc.analysis.text();
                    let index = LineIndex::new(text);
                    let span =
                        index.offset(line_pos(p.range.start))..index.offset(line_pos(p.range.end));
                    let actions: Vec<lsp::CodeActionOrCommand> = doc
                        .analysis
                        .actions(&span)
                        .into_iter()
                        .map(|a| {
                            let edit = lsp::TextEdit {
                                range: range_of(text, &a.edit.span),
                                new_text: a.edit.replacement,
                            };
                            lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                                title: a.title,
                                kind: Some(lsp::CodeActionKind::QUICKFIX),
                                edit: Some(lsp::WorkspaceEdit {
                                    changes: Some(HashMap::from([(doc.uri.clone(), vec![edit])])),
                                    ..lsp::WorkspaceEdit::default()
                                }),
                                is_preferred: Some(true),
                                ..lsp::CodeAction::default()
                            })
                        })
                        .collect();
                    to_value(actions)
                }))
            }
            "textDocument/formatting" => {
                let p: lsp::DocumentFormattingParams = parse(params)?;
                Ok(self.with_document(&p.text_document.uri, |doc| {
                    let text = doc.analysis.text();
                    // A file with a syntax error is left as it is (its diagnostics say why).
                    let formatted = ide::format(text)?;
                    let edits = if formatted == text {
                        Vec::new()
                    } else {
                        vec![lsp::TextEdit {
                            range: range_of(text, &(0..text.len())),
                            new_text: formatted,
                        }]
                    };
                    to_value(edits)
                }))
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("`{method}` is not a request this server answers"),
            )),
        }
    }

    /// The answer about an open document, `null` for a document not open or nothing to say.
    fn with_document(&self, uri: &lsp::Uri, f: impl FnOnce(&Document) -> Option<Value>) -> Value {
        self.documents
            .get(uri.as_str())
            .and_then(f)
            .unwrap_or(Value::Null)
    }

    /// Opens, changes or closes a document; returns the diagnostics to publish.
    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        if !self.initialized {
            return Vec::new();
        }
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = parse::<lsp::DidOpenTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                let doc = p.text_document;
                self.open(doc.uri, Some(doc.version), &doc.text)
            }
            "textDocument/didChange" => {
                let Ok(p) = parse::<lsp::DidChangeTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                // Full synchronisation: the last change holds the whole text.
                let Some(change) = p.content_changes.into_iter().last() else {
                    return Vec::new();
                };
                let doc = p.text_document;
                self.open(doc.uri, Some(doc.version), &change.text)
            }
            "textDocument/didClose" => {
                let Ok(p) = parse::<lsp::DidCloseTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                self.documents.remove(p.text_document.uri.as_str());
                vec![publish(p.text_document.uri, None, Vec::new())]
            }
            _ => Vec::new(),
        }
    }

    fn open(&mut self, uri: lsp::Uri, version: Option<i32>, text: &str) -> Vec<Notification> {
        let path = path_of(&uri);
        let Ok(analysis) = catch_unwind(|| Analysis::new(text, path.as_deref())) else {
            // Answers about the text it had before would be placed in the wrong text.
            self.documents.remove(uri.as_str());
            return Vec::new();
        };
        let doc = Document {
            uri: uri.clone(),
            version,
            analysis,
        };
        let diagnostics = diagnostics(&doc);
        let note = publish(uri.clone(), doc.version, diagnostics);
        self.documents.insert(uri.as_str().to_string(), doc);
        vec![note]
    }
}

fn initialize_result() -> lsp::InitializeResult {
    lsp::InitializeResult {
        capabilities: lsp::ServerCapabilities {
            text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
                lsp::TextDocumentSyncKind::FULL,
            )),
            hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
            completion_provider: Some(lsp::CompletionOptions {
                trigger_characters: Some(vec!["\"".into(), " ".into(), "/".into()]),
                ..lsp::CompletionOptions::default()
            }),
            definition_provider: Some(lsp::OneOf::Left(true)),
            code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
                lsp::CodeActionOptions {
                    code_action_kinds: Some(vec![lsp::CodeActionKind::QUICKFIX]),
                    ..lsp::CodeActionOptions::default()
                },
            )),
            document_formatting_provider: Some(lsp::OneOf::Left(true)),
            ..lsp::ServerCapabilities::default()
        },
        server_info: Some(lsp::ServerInfo {
            name: "senet".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    }
}

fn parse<T: serde::de::DeserializeOwned>(params: Value) -> Result<T, (ErrorCode, String)> {
    serde_json::from_value(params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_value(v: impl serde::Serialize) -> Option<Value> {
    serde_json::to_value(v).ok()
}

fn publish(uri: lsp::Uri, version: Option<i32>, diagnostics: Vec<lsp::Diagnostic>) -> Notification {
    Notification::new(
        "textDocument/publishDiagnostics".into(),
        lsp::PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    )
}

// ---- positions and places -----------------------------------------------------------------------

fn line_pos(p: lsp::Position) -> LinePos {
    LinePos {
        line: p.line,
        character: p.character,
    }
}

fn offset_of(doc: &Document, p: lsp::Position) -> usize {
    LineIndex::new(doc.analysis.text()).offset(line_pos(p))
}

fn range_of(text: &str, span: &std::ops::Range<usize>) -> lsp::Range {
    let (start, end) = LineIndex::new(text).range(span);
    let pos = |p: LinePos| lsp::Position {
        line: p.line,
        character: p.character,
    };
    lsp::Range {
        start: pos(start),
        end: pos(end),
    }
}

/// A place the library names, as the protocol names it.
fn location(doc: &Document, loc: &ide::Location) -> Option<lsp::Location> {
    let uri = match &loc.file {
        FileRef::Document => doc.uri.clone(),
        FileRef::Path(p) => uri_of(p)?,
        FileRef::Bundled(id) => uri_of(&bundled_copy(id)?)?,
    };
    Some(lsp::Location {
        uri,
        range: range_of(&loc.source.text, &loc.span),
    })
}

fn diagnostics(doc: &Document) -> Vec<lsp::Diagnostic> {
    let text = doc.analysis.text();
    doc.analysis
        .problems()
        .into_iter()
        .map(|p| {
            let related: Vec<lsp::DiagnosticRelatedInformation> = p
                .related
                .iter()
                .filter_map(|(loc, message)| {
                    Some(lsp::DiagnosticRelatedInformation {
                        location: location(doc, loc)?,
                        message: message.clone(),
                    })
                })
                .collect();
            lsp::Diagnostic {
                range: range_of(text, &p.span),
                severity: Some(match p.severity {
                    Severity::Error => lsp::DiagnosticSeverity::ERROR,
                    Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                    Severity::Advice => lsp::DiagnosticSeverity::HINT,
                    Severity::Information => lsp::DiagnosticSeverity::INFORMATION,
                }),
                code: p.code.map(|c| lsp::NumberOrString::String(c.to_string())),
                source: Some("senet".into()),
                message: p.message,
                related_information: (!related.is_empty()).then_some(related),
                ..lsp::Diagnostic::default()
            }
        })
        .collect()
}

// ---- files --------------------------------------------------------------------------------------

/// The path of a `file:` URI (percent-escapes decoded).
fn path_of(uri: &lsp::Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file:///p` or `file://localhost/p`: the path starts at the first `/`.
    let path = &rest[rest.find('/')?..];
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                let value = hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0);
                out.push(u8::try_from(value).unwrap_or(b'?'));
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// The `file:` URI of a path, every byte but the unreserved ones and `/` percent-escaped.
fn uri_of(path: &Path) -> Option<lsp::Uri> {
    let path = std::path::absolute(path).ok()?;
    let mut text = String::from("file://");
    for &b in path.to_str()?.as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            text.push(char::from(b));
        } else {
            text.push_str(&format!("%{b:02X}"));
        }
    }
    lsp::Uri::from_str(&text).ok()
}

/// Where bundled rule files are copied for editors to open: `$XDG_CACHE_HOME/senet/rulesets/`
/// (else `~/.cache/...`), a folder per version of `senet`.
fn bundled_dir() -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("senet")
        .join("rulesets")
        .join(env!("CARGO_PKG_VERSION"))
}

/// The copy of bundled rule set `id` on disk, written if it is missing or differs. Nothing in
/// the cache folder is followed: anyone who can write there could plant a link to make the
/// server overwrite another file. A folder of the cache that is a link gives no copy; a link
/// where the copy goes is replaced by the copy ([`senet::files::write_no_follow`]).
fn bundled_copy(id: &str) -> Option<PathBuf> {
    let text = senet::bundled::get(id)?;
    let base = bundled_dir();
    let path = base.join(format!("{id}.rules"));
    let parent = path.parent()?;
    std::fs::create_dir_all(parent).ok()?;
    // Every folder from `senet/` down to the copy's: a real folder, not a link to one.
    let top = base.parent()?.parent()?.parent()?;
    let mut folder = parent;
    while folder != top {
        if !std::fs::symlink_metadata(folder).ok()?.is_dir() {
            return None;
        }
        folder = folder.parent()?;
    }
    let is_copy = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file())
        && std::fs::read(&path).ok().as_deref() == Some(text.as_bytes());
    if !is_copy {
        senet::files::write_no_follow(&path, text.as_bytes()).ok()?;
    }
    Some(path)
}

fn completion_item(doc: &Document, c: ide::Completion) -> lsp::CompletionItem {
    let kind = match c.kind {
        CompletionKind::Keyword => lsp::CompletionItemKind::KEYWORD,
        CompletionKind::RuleSet => lsp::CompletionItemKind::MODULE,
        CompletionKind::Option => lsp::CompletionItemKind::PROPERTY,
        CompletionKind::Value | CompletionKind::Colour => lsp::CompletionItemKind::VALUE,
        CompletionKind::Side => lsp::CompletionItemKind::ENUM_MEMBER,
    };
    lsp::CompletionItem {
        label: c.label.clone(),
        kind: Some(kind),
        detail: c.detail,
        text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
            range: range_of(doc.analysis.text(), &c.replace),
            new_text: c.label,
        })),
        ..lsp::CompletionItem::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_and_paths_go_there_and_back() {
        let path = Path::new("/tmp/Jéquier rules/var#1.rules");
        let uri = uri_of(path).unwrap();
        assert_eq!(
            uri.as_str(),
            "file:///tmp/J%C3%A9quier%20rules/var%231.rules"
        );
        assert_eq!(path_of(&uri).unwrap(), path);
        let host = lsp::Uri::from_str("file://localhost/tmp/a.rules").unwrap();
        assert_eq!(path_of(&host).unwrap(), Path::new("/tmp/a.rules"));
        let other = lsp::Uri::from_str("untitled:Untitled-1").unwrap();
        assert_eq!(path_of(&other), None);
    }
}
