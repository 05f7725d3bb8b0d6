//! The analysis of one rule file for editors: its diagnostics and their fixes, what a word
//! means (hover), what may be written at a place (completion), where a rule comes from
//! (definition), and its canonical layout. Plain data over byte offsets of the document's
//! text; [`position`] turns them into an editor's lines and columns. `senet lsp` speaks the
//! protocol around it.
//!
//! An [`Analysis`] is made once per version of the text: it reads the `extends` chain and
//! checks the file with the options' defaults, as `senet check` would, warnings included.

mod complete;
mod hover;
pub mod position;
pub mod reference;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use senet_lang::check::load::{Layer, Origin, find_extended, load_chain};
use senet_lang::check::{CheckFailure, RuleSet, Source, Warnings, check};
use senet_lang::lang::diagnostic::{self, Label, shown_text};
use senet_lang::lang::syntax::{Span, Statement, StatementKind};
use senet_lang::lang::{Code, Diagnostic, SourceFile, Suggestion};

pub use complete::{Completion, CompletionKind};
pub use hover::Hover;

/// Which file a place is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileRef {
    /// The file being analysed.
    Document,
    /// A rule set shipped in the binary, by id.
    Bundled(String),
    /// A file on disk.
    Path(PathBuf),
}

/// A place in some file, with that file's text (to find its lines).
#[derive(Clone, Debug)]
pub struct Location {
    pub file: FileRef,
    pub span: Span,
    pub source: Arc<SourceFile>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Advice,
    /// The note that counts the problems left out (see [`Analysis::problems`]).
    Information,
}

/// A diagnostic, placed in the document.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Where it points in the document: its primary label; for an error in a file the
    /// document extends, the `extends` target.
    pub span: Span,
    pub severity: Severity,
    /// The stable code, such as `E003` (none for the note that counts the problems left out).
    pub code: Option<Code>,
    /// The message and its help line.
    pub message: String,
    /// The other places it names, each with its label; then those of its related diagnostics
    /// (the inherited rule an error concerns, in its own file), each named by the note.
    pub related: Vec<(Location, String)>,
    /// The fix of a "did you mean" in the document.
    pub fix: Option<Suggestion>,
}

/// A change to the document that fixes a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub title: String,
    pub edit: Suggestion,
}

/// One version of a rule file, read with the files it extends and checked.
pub struct Analysis {
    file: Arc<SourceFile>,
    /// The `extends` chain, the base first and the document last.
    layers: Vec<Layer>,
    /// The rules, or every diagnostic of the chain.
    checked: Result<RuleSet, Vec<Diagnostic>>,
    /// The warnings about the document, as `senet check` shows them.
    warnings: Vec<Diagnostic>,
}

impl Analysis {
    /// Reads `text`, the file at `path` if it has one (its `extends` resolve from its folder,
    /// and it is shown by that path).
    pub fn new(text: &str, path: Option<&Path>) -> Self {
        let name = path.map_or_else(
            || "untitled.rules".to_string(),
            |p| p.to_string_lossy().into_owned(),
        );
        let dir = path.and_then(Path::parent).map(Path::to_path_buf);
        let file = SourceFile::new(name.clone(), text);
        let mut ignored = Vec::new();
        let layers = load_chain(
            Arc::clone(&file),
            Origin::Text { dir: dir.clone() },
            &mut ignored,
        );
        let source = Source::Text {
            name: &name,
            text,
            dir,
        };
        let checked = check(source, &[], Warnings::Find);
        Analysis {
            file,
            layers,
            checked: checked.output.map_err(CheckFailure::into_diagnostics),
            warnings: checked.warnings,
        }
    }

    /// The document's text.
    pub fn text(&self) -> &str {
        &self.file.text
    }

    /// The checked rules, if the file has no error.
    pub fn rules(&self) -> Option<&RuleSet> {
        self.checked.as_ref().ok()
    }

    fn document(&self) -> &Layer {
        self.layers.last().expect("a chain holds the document")
    }

    /// The statement on the line of `offset`.
    fn statement_at(&self, offset: usize) -> Option<&Statement> {
        let (start, end) = line_bounds(self.text(), offset);
        self.document()
            .ast
            .statements
            .iter()
            .find(|s| s.span.start >= start && s.span.end <= end)
    }

    /// The span of the document's `extends` target (its string, quotes included).
    fn extends_span(&self) -> Option<Span> {
        self.document().extends().map(|t| t.span.clone())
    }

    /// Which file a diagnostic's source is, by the chain's files.
    fn file_ref(&self, source: &SourceFile) -> Option<FileRef> {
        if source.name == self.file.name {
            return Some(FileRef::Document);
        }
        self.layers
            .iter()
            .find(|l| l.file.name == source.name)
            .and_then(|l| origin_ref(&l.origin))
    }

    /// The diagnostics of the file and of the files it extends, placed in the document: the
    /// errors, then the warnings, as many as `senet check` shows
    /// ([`senet_lang::lang::diagnostic::MAX_PER_FILE`]); if there are more, a last problem (of
    /// severity [`Severity::Information`], without a code, where the first one left out is)
    /// counts them.
    pub fn problems(&self) -> Vec<Problem> {
        let errors = match &self.checked {
            Ok(_) => &[][..],
            Err(diags) => diags.as_slice(),
        };
        let all = errors.iter().chain(&self.warnings);
        let (shown, omitted) = senet_lang::lang::diagnostic::bound(all.clone());
        let mut problems: Vec<Problem> = shown.iter().map(|d| self.problem(d)).collect();
        if let (Some(note), Some(first)) = (omitted.note(), all.clone().nth(shown.len())) {
            problems.push(Problem {
                span: self.problem(first).span,
                severity: Severity::Information,
                code: None,
                message: note,
                related: Vec::new(),
                fix: None,
            });
        }
        problems
    }

    fn problem(&self, d: &Diagnostic) -> Problem {
        let severity = match d.severity {
            diagnostic::Severity::Warning => Severity::Warning,
            diagnostic::Severity::Note => Severity::Advice,
            diagnostic::Severity::Error => Severity::Error,
        };
        let mut message = d.message();
        if let Some(help) = d.help_text() {
            message.push_str(&format!("\nhelp: {help}"));
        }
        let labels = &d.labels;
        let primary = labels
            .iter()
            .position(|l| l.primary)
            .or((!labels.is_empty()).then_some(0));
        let at = |l: &Label| l.span.clone();
        let file = self.file_ref(&d.file);
        let here = file == Some(FileRef::Document);
        let mut related = Vec::new();
        for (i, label) in labels.iter().enumerate() {
            if here && Some(i) == primary {
                continue;
            }
            if let Some(file) = &file {
                related.push((
                    Location {
                        file: file.clone(),
                        span: at(label),
                        source: Arc::clone(&d.file),
                    },
                    label
                        .text
                        .as_deref()
                        .map_or(message.clone(), |l| shown_text(l).into_owned()),
                ));
            }
        }
        // Its related diagnostics (the inherited rule an error concerns, in its own file):
        // each label a place, named by the note and the label's text.
        for note in &d.related {
            let Some(file) = self.file_ref(&note.file) else {
                continue;
            };
            let title = note.message();
            let labels = &note.labels;
            let place = |span: Span, text: String| {
                let location = Location {
                    file: file.clone(),
                    span,
                    source: Arc::clone(&note.file),
                };
                (location, text)
            };
            if labels.is_empty() {
                related.push(place(0..0, title.clone()));
            }
            for label in labels {
                let text = match label.text.as_deref() {
                    Some(l) => format!("{title}: {}", shown_text(l)),
                    None => title.clone(),
                };
                related.push(place(at(label), text));
            }
        }
        let span = if here {
            primary.map_or(0..0, |i| at(&labels[i]))
        } else {
            // An error in a file the document extends is shown on its `extends`.
            self.extends_span().unwrap_or(0..0)
        };
        Problem {
            span,
            severity,
            code: d.code(),
            message,
            related,
            fix: d.suggestion.clone().filter(|_| here),
        }
    }

    /// The fixes of the problems that touch `span`.
    pub fn actions(&self, span: &Span) -> Vec<Action> {
        self.problems()
            .into_iter()
            .filter(|p| p.span.start <= span.end && span.start <= p.span.end)
            .filter_map(|p| {
                let edit = p.fix?;
                let written = self.text().get(edit.span.clone()).unwrap_or_default();
                Some(Action {
                    title: format!("Replace `{written}` with `{}`", edit.replacement),
                    edit,
                })
            })
            .collect()
    }

    /// Where the word at `offset` is defined: an `extends` target's file; the option a `when`
    /// names; for any other rule, the line of the nearest file it extends that states the same
    /// rule (the one it replaces).
    pub fn definition(&self, offset: usize) -> Option<Location> {
        let stmt = self.statement_at(offset)?;
        if let StatementKind::Extends(target) = &stmt.kind
            && contains(&target.span, offset)
        {
            let (source, origin) = find_extended(&target.value, &self.document().origin)?;
            return Some(Location {
                file: origin_ref(&origin)?,
                span: 0..0,
                source,
            });
        }
        if let Some(cond) = &stmt.condition
            && contains(&cond.option.span, offset)
        {
            return self.find_in_chain(true, |s| {
                matches!(&s.kind, StatementKind::Option { name, .. } if name.value == cond.option.value)
            });
        }
        let key = stmt.kind.key()?;
        self.find_in_chain(false, |s| s.kind.key().as_ref() == Some(&key))
    }

    /// The nearest statement along the chain, from the document (if `with_document`) up to
    /// the base, that `is` accepts.
    fn find_in_chain(
        &self,
        with_document: bool,
        is: impl Fn(&Statement) -> bool,
    ) -> Option<Location> {
        let skip = usize::from(!with_document);
        self.layers.iter().rev().skip(skip).find_map(|layer| {
            let stmt = layer.ast.statements.iter().rev().find(|s| is(s))?;
            Some(Location {
                file: origin_ref(&layer.origin)?,
                span: stmt.span.clone(),
                source: Arc::clone(&layer.file),
            })
        })
    }
}

/// The canonical layout of a rule file; `None` if it has a syntax error.
pub fn format(text: &str) -> Option<String> {
    senet_lang::lang::format::format(text)
}

fn origin_ref(origin: &Origin) -> Option<FileRef> {
    match origin {
        Origin::Bundled(id) => Some(FileRef::Bundled(id.clone())),
        Origin::Path(p) => Some(FileRef::Path(p.clone())),
        Origin::Text { .. } | Origin::Sandboxed => Some(FileRef::Document),
        Origin::Embedded { .. } => None,
    }
}

/// Whether `offset` is in the span or just after it (a cursor at the end of a word).
fn contains(span: &Span, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

/// The bytes of the line holding `offset` (clamped to the text), without its line end.
fn line_bounds(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let end = if text[start..end].ends_with('\r') {
        end - 1
    } else {
        end
    };
    (start, end.max(start))
}

#[cfg(test)]
mod tests;
