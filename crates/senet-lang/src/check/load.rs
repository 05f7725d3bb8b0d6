//! Finding and reading rule files: bundled ids and paths, and the `extends` chain.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::errors::CheckError;
use crate::bundled;
use crate::lang::syntax::{File, Spanned, StatementKind};
use crate::lang::{Diagnostic, SourceFile, parse_file};

/// How deep `extends` may go.
pub const MAX_EXTENDS_DEPTH: usize = 8;

/// Where a rule file came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Bundled(String),
    Path(PathBuf),
    /// Text handed over directly (tests, standard input); relative `extends` resolve from `dir`.
    Text {
        dir: Option<PathBuf>,
    },
    /// Text from someone who may not read this machine's files (a page of `senet serve`): its
    /// `extends` resolves to a bundled id only, and nothing is looked for on disk.
    Sandboxed,
    /// File `at` of a chain carried whole (a game record's rules): its `extends` resolves to the
    /// next file of the chain, never to a bundled file or the disk.
    Embedded {
        files: Arc<[ChainFile]>,
        at: usize,
    },
}

/// One file of an `extends` chain as text: what a game record carries so that it replays
/// anywhere. `name` is how the file was named: by the command line for the first file (a bundled
/// id, or the file's name without its folders), by the `extends` of the file before it for the
/// others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainFile {
    pub name: String,
    pub text: String,
}

/// The files of a loaded chain, the file checked first and each file it extends after it.
pub fn chain_files(layers: &[Layer]) -> Vec<ChainFile> {
    let mut files = Vec::with_capacity(layers.len());
    for (i, layer) in layers.iter().enumerate().rev() {
        let name = match (layers.get(i + 1), &layer.origin) {
            // Named by its child's `extends`.
            (Some(child), _) => child.extends().map(|t| t.value.clone()).unwrap_or_default(),
            (None, Origin::Bundled(id)) => id.clone(),
            (None, Origin::Embedded { files, at }) => files[*at].name.clone(),
            // The folders a file was found in are the author's own business.
            (None, _) => Path::new(&layer.file.name).file_name().map_or_else(
                || layer.file.name.clone(),
                |n| n.to_string_lossy().into_owned(),
            ),
        };
        files.push(ChainFile {
            name,
            text: layer.file.text.clone(),
        });
    }
    files
}

/// One file of an `extends` chain, parsed.
pub struct Layer {
    pub file: Arc<SourceFile>,
    pub ast: File,
    pub origin: Origin,
}

impl Layer {
    /// The id the file gives itself, else the name it was loaded by.
    pub fn id(&self) -> String {
        self.ast
            .statements
            .iter()
            .rev()
            .find_map(|s| match &s.kind {
                StatementKind::Ruleset(id) if s.condition.is_none() => Some(id.value.clone()),
                _ => None,
            })
            .unwrap_or_else(|| match &self.origin {
                Origin::Bundled(id) => id.clone(),
                _ => self.file.name.clone(),
            })
    }

    /// The target of the file's `extends`, the one the chain follows: the first unconditional
    /// one (a conditional `extends` is reported by the merge; it is never followed).
    pub fn extends(&self) -> Option<&Spanned<String>> {
        self.ast.statements.iter().find_map(|s| match &s.kind {
            StatementKind::Extends(t) if s.condition.is_none() => Some(t),
            _ => None,
        })
    }
}

/// A rule file that cannot be read: which, why, and what was probably meant.
#[derive(Debug, thiserror::Error)]
#[error("cannot read `{target}`: {reason}{}", match hint {
    Some(OpenHint::Bundled(id)) => format!("\n  help: did you mean the bundled rule set `{id}`?"),
    Some(OpenHint::List) => "\n  help: `senet list` shows the bundled rule sets".to_string(),
    None => String::new(),
})]
pub struct OpenError {
    pub target: String,
    pub reason: std::io::Error,
    pub hint: Option<OpenHint>,
}

/// What a target that cannot be read was probably meant to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenHint {
    /// A bundled rule set with a name close to it.
    Bundled(String),
    /// One of the bundled rule sets, which `senet list` shows.
    List,
}

/// Reads a bundled id or a path given on the command line.
pub fn open(target: &str) -> Result<(Arc<SourceFile>, Origin), OpenError> {
    if let Some(text) = bundled::get(target) {
        return Ok((
            SourceFile::new(format!("{target}.rules"), text),
            Origin::Bundled(target.into()),
        ));
    }
    let path = Path::new(target);
    match read_rule_file(path) {
        Ok(text) => Ok((
            SourceFile::new(target, text),
            Origin::Path(path.to_path_buf()),
        )),
        Err(reason) => {
            let hint = if !target.ends_with(".rules")
                && let Some(s) = crate::lang::diagnostic::did_you_mean(target, bundled::ids())
            {
                Some(OpenHint::Bundled(s.to_string()))
            } else if !target.contains('.') && !target.contains('/')
                || target.starts_with("senet/")
                || target.starts_with("twenty-squares/")
            {
                Some(OpenHint::List)
            } else {
                None
            };
            Err(OpenError {
                target: target.into(),
                reason,
                hint,
            })
        }
    }
}

/// Reads a rule file from disk: a regular file (not a directory, device or pipe), at most one
/// byte more than a rule file may hold (the parser refuses a larger one, so a huge file is never
/// read whole).
fn read_rule_file(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "it is a folder"
        } else {
            "it is not a regular file"
        };
        return Err(std::io::Error::other(what));
    }
    let limit = u64::try_from(crate::lang::MAX_FILE_BYTES + 1).unwrap_or(u64::MAX);
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit)
        .read_to_end(&mut bytes)?;
    if bytes.len() > crate::lang::MAX_FILE_BYTES {
        // Too long: the parser says so; a character cut at the limit is no matter.
        return Ok(String::from_utf8_lossy(&bytes).into_owned());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it is not UTF-8 text (byte {at} is not a character)"),
        )
    })
}

/// Whether a file read from disk is a rule file: its first line that is not blank or a comment
/// begins with `ruleset`. Anything else is never parsed, so that its lines are never quoted
/// back in diagnostics.
pub fn looks_like_rules(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| {
            l.strip_prefix("ruleset")
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '"']))
        })
}

/// What makes two loads the same file, for finding `extends` cycles.
fn identity(origin: &Origin, file: &SourceFile) -> String {
    let canonical = |p: &Path| {
        p.canonicalize()
            .unwrap_or_else(|_| p.to_path_buf())
            .to_string_lossy()
            .into_owned()
    };
    match origin {
        Origin::Bundled(id) => format!("bundled:{id}"),
        Origin::Path(p) => canonical(p),
        // Text named after a file on disk is that file (a cycle may come back to it by path).
        Origin::Text { .. } if Path::new(&file.name).is_file() => canonical(Path::new(&file.name)),
        Origin::Text { .. } => "<text>".into(),
        Origin::Sandboxed => "<sandboxed>".into(),
        Origin::Embedded { at, .. } => format!("embedded:{at}"),
    }
}

fn display(origin: &Origin, file: &SourceFile) -> String {
    match origin {
        Origin::Bundled(id) => id.clone(),
        _ => file.name.clone(),
    }
}

/// Reads `first` and every file it extends. Returns the chain base first. Syntax errors of every
/// file are collected; a chain that cannot be followed stops where it breaks.
pub fn load_chain(
    file: Arc<SourceFile>,
    origin: Origin,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Layer> {
    let mut chain: Vec<Layer> = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut next = Some((file, origin));
    while let Some((file, origin)) = next.take() {
        let (ast, errors) = parse_file(&file);
        diags.extend(errors);
        seen.push((identity(&origin, &file), display(&origin, &file)));
        let layer = Layer { file, ast, origin };
        if let Some(target) = layer.extends().cloned() {
            if seen.len() > MAX_EXTENDS_DEPTH {
                diags.push(Diagnostic::new(
                    &layer.file,
                    CheckError::ExtendsTooDeep {
                        span: target.span.clone().into(),
                        limit: MAX_EXTENDS_DEPTH,
                    },
                ));
            } else {
                match resolve(&target.value, &layer.origin) {
                    Ok((f, o)) => {
                        let id = identity(&o, &f);
                        if matches!(o, Origin::Path(_)) && !looks_like_rules(&f.text) {
                            diags.push(Diagnostic::new(
                                &layer.file,
                                CheckError::NotARuleFile {
                                    span: target.span.clone().into(),
                                    target: target.value.clone(),
                                },
                            ));
                        } else if seen.iter().any(|(s, _)| *s == id) {
                            let mut names: Vec<String> =
                                seen.iter().map(|(_, d)| d.clone()).collect();
                            names.push(display(&o, &f));
                            diags.push(Diagnostic::new(
                                &layer.file,
                                CheckError::ExtendsCycle {
                                    span: target.span.clone().into(),
                                    chain: names.join(" -> "),
                                },
                            ));
                        } else {
                            next = Some((f, o));
                        }
                    }
                    Err(Unresolved::NotFound) => {
                        let guess =
                            crate::lang::diagnostic::did_you_mean(&target.value, bundled::ids());
                        let help = match &guess {
                            Some(s) => format!("did you mean `{s}`?"),
                            None if layer.origin == Origin::Sandboxed => "only a bundled id can be extended here (see `senet list`)".into(),
                            None => "write a bundled id (see `senet list`) or the path of a `.rules` file, relative to this file (`.rules` may be left out)".into(),
                        };
                        let d = Diagnostic::new(
                            &layer.file,
                            CheckError::ExtendsNotFound {
                                span: target.span.clone().into(),
                                target: target.value.clone(),
                                help,
                            },
                        );
                        // The string is quoted: the fix writes the quotes too.
                        diags.push(match guess {
                            Some(s) => d.suggesting(target.span.clone(), format!("\"{s}\"")),
                            None => d,
                        });
                    }
                    Err(Unresolved::Unreadable(reason)) => diags.push(Diagnostic::new(
                        &layer.file,
                        CheckError::ExtendsUnreadable {
                            span: target.span.clone().into(),
                            target: target.value.clone(),
                            reason,
                        },
                    )),
                }
            }
        }
        chain.push(layer);
    }
    chain.reverse();
    chain
}

/// The file `extends "target"` leads to from a file of `from`, as the chain would read it:
/// the file and where it came from, or `None` where the chain would stop with an error.
pub fn find_extended(target: &str, from: &Origin) -> Option<(Arc<SourceFile>, Origin)> {
    resolve(target, from).ok()
}

enum Unresolved {
    NotFound,
    Unreadable(String),
}

fn resolve(target: &str, from: &Origin) -> Result<(Arc<SourceFile>, Origin), Unresolved> {
    if let Origin::Embedded { files, at } = from {
        // A carried chain is complete: its files extend each other and nothing else.
        return match files.get(at + 1) {
            Some(next) if next.name == target => Ok((
                SourceFile::new(next.name.clone(), next.text.clone()),
                Origin::Embedded {
                    files: Arc::clone(files),
                    at: at + 1,
                },
            )),
            _ => Err(Unresolved::NotFound),
        };
    }
    if let Some(text) = bundled::get(target) {
        return Ok((
            SourceFile::new(format!("{target}.rules"), text),
            Origin::Bundled(target.into()),
        ));
    }
    let dir = match from {
        Origin::Bundled(_) | Origin::Embedded { .. } | Origin::Sandboxed => {
            return Err(Unresolved::NotFound);
        }
        Origin::Path(p) => p.parent().map(Path::to_path_buf).unwrap_or_default(),
        Origin::Text { dir } => dir.clone().unwrap_or_default(),
    };
    // Only rule files: a path is read as `NAME.rules`, whatever it names.
    let path = if target.ends_with(".rules") {
        dir.join(target)
    } else {
        dir.join(format!("{target}.rules"))
    };
    // A link that leads nowhere, or round in a loop, is there but cannot be read: say why.
    if std::fs::symlink_metadata(&path).is_err() {
        return Err(Unresolved::NotFound);
    }
    match read_rule_file(&path) {
        Ok(text) => Ok((
            SourceFile::new(path.to_string_lossy(), text),
            Origin::Path(path),
        )),
        Err(e) => Err(Unresolved::Unreadable(e.to_string())),
    }
}
