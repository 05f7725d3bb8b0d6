//! Diagnostics: an error of any phase, tied to the source file it points into, as plain data
//! (code, severity, message, labels, help, related diagnostics, a fix), rendered by miette at
//! the edge and read field by field by editors. Each phase declares its errors as an enum
//! (label and help on each variant, and its code by [`Coded`]); [`Diagnostic::new`] takes one
//! in and keeps what it says. A warning is told by its code.
//!
//! What is shown of a file's diagnostics is bounded: at most [`MAX_PER_FILE`] of them (see
//! [`bound`]), and each long source line cut to windows around its labels (see
//! [`LINE_LIMIT`]), so that neither the count nor the size of what is printed grows with the
//! file.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use miette::{
    Diagnostic as MietteDiagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource, SourceCode,
};
use serde::Serialize;

use super::code::{Code, Coded};
use super::excerpt::Excerpt;
pub use super::excerpt::{LINE_LIMIT, WINDOW};

/// At most this many diagnostics of one file are shown (errors first, then warnings); a note
/// counts the rest. A file with more has been written by a program or gone badly wrong, and
/// its first errors, in file order, are the ones to mend first; a hundred is more than any
/// rule file written by hand has given, and keeps what is printed small.
pub const MAX_PER_FILE: usize = 100;

/// The diagnostics left out of what is shown of a file, by severity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Omitted {
    pub errors: usize,
    pub warnings: usize,
}

impl Omitted {
    pub fn is_empty(&self) -> bool {
        self.errors == 0 && self.warnings == 0
    }

    /// The note that ends what is shown of a file, if anything was left out: "and 3906 more
    /// errors in this file ...".
    pub fn note(&self) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        let count = |n: usize, what: &str| {
            (n > 0).then(|| format!("{n} more {what}{}", if n == 1 { "" } else { "s" }))
        };
        let counts: Vec<String> = [count(self.errors, "error"), count(self.warnings, "warning")]
            .into_iter()
            .flatten()
            .collect();
        Some(format!(
            "and {} in this file, not shown (at most {MAX_PER_FILE} diagnostics are shown for a file)",
            counts.join(" and ")
        ))
    }
}

/// The diagnostics of one file to show: the first [`MAX_PER_FILE`], and a count of the rest.
pub fn bound<'a>(
    diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
) -> (Vec<&'a Diagnostic>, Omitted) {
    let mut shown = Vec::new();
    let mut omitted = Omitted::default();
    for d in diagnostics {
        if shown.len() < MAX_PER_FILE {
            shown.push(d);
        } else if d.is_warning() {
            omitted.warnings += 1;
        } else {
            omitted.errors += 1;
        }
    }
    (shown, omitted)
}

/// A file's diagnostics as `senet check` prints them: the first [`MAX_PER_FILE`], each rendered
/// ([`Diagnostic::render`]) and ended by a line break, then the note that counts the rest, if
/// any (`note: and 3906 more errors in this file, ...`).
pub fn render_bounded<'a>(
    diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
    color: bool,
    width: Option<usize>,
) -> String {
    let (shown, omitted) = bound(diagnostics);
    let mut out = String::new();
    for d in shown {
        out.push_str(&d.render(color, width));
        out.push('\n');
    }
    if let Some(note) = omitted.note() {
        out.push_str(&format!("note: {note}\n"));
    }
    out
}

/// A message, help line or label of a diagnostic is shown with at most this many characters
/// (the checker's own are under 400); the rest is cut and shown as `…`.
pub const TEXT_LIMIT: usize = 1000;
/// A word (characters without a space) quoted from a file is shown whole up to this many
/// characters; a longer one as its first [`WORD_HEAD`] and last [`WORD_TAIL`] around a `…`.
pub const WORD_LIMIT: usize = 100;
pub const WORD_HEAD: usize = 60;
pub const WORD_TAIL: usize = 10;

/// A diagnostic's text as it is shown: each word over [`WORD_LIMIT`] characters cut in the
/// middle, the whole cut after [`TEXT_LIMIT`] characters, so that a word or a rule quoted from a
/// file does not make the diagnostic grow with it.
pub fn shown_text(text: &str) -> Cow<'_, str> {
    if text.chars().nth(WORD_LIMIT).is_none() {
        return Cow::Borrowed(text);
    }
    let mut out = String::new();
    let mut count = 0;
    for piece in text.split_inclusive(char::is_whitespace) {
        let word = piece.trim_end_matches(char::is_whitespace);
        let space = &piece[word.len()..];
        let chars = word.chars().count();
        if chars > WORD_LIMIT {
            out.extend(word.chars().take(WORD_HEAD));
            out.push('…');
            out.extend(word.chars().skip(chars - WORD_TAIL));
            out.push_str(space);
            count += WORD_HEAD + 1 + WORD_TAIL + space.chars().count();
        } else {
            out.push_str(piece);
            count += chars + space.chars().count();
        }
        if count > TEXT_LIMIT {
            let cut: String = out.chars().take(TEXT_LIMIT).collect();
            return Cow::Owned(format!("{cut}…"));
        }
    }
    if out == text {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(out)
    }
}

/// A rule file's text and the name it is shown under (a path or `<bundled senet/base>`).
#[derive(Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    named: NamedSource<String>,
}

/// The text as diagnostics show it: every control character (see
/// [`super::parser::is_control`]) replaced by as many `?` as it has bytes, so that no escape
/// reaches a terminal and every byte offset still points where it did.
fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if super::parser::is_control(c) && c != '\n' && c != '\r' {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    out
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<Self> {
        let name = name.into();
        let text = text.into();
        let named = NamedSource::new(name.clone(), shown(&text));
        Arc::new(SourceFile { name, text, named })
    }

    /// 1-based line and column of a byte offset, as miette computes them.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        match self.named.read_span(&(offset, 0).into(), 0, 0) {
            Ok(contents) => (contents.line() + 1, contents.column() + 1),
            Err(_) => (1, 1),
        }
    }
}

/// One error or warning, of any phase, with the file it points into, and the diagnostics
/// related to it (each in its own file: an inherited rule the error concerns).
#[derive(Clone)]
pub struct Diagnostic {
    pub file: Arc<SourceFile>,
    /// The stable code, such as `E101` (none for a note).
    pub code: Option<Code>,
    pub severity: Severity,
    /// The message as the error says it (what is shown is cut: [`Diagnostic::message`]).
    pub text: String,
    /// Where it points in its file; the primary label first where there is one.
    pub labels: Vec<Label>,
    /// The help line as the error says it ([`Diagnostic::help_text`] is what is shown).
    pub help: Option<String>,
    pub related: Vec<Diagnostic>,
    /// The fix a "did you mean" offers, for editors to apply.
    pub suggestion: Option<Suggestion>,
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    /// A related diagnostic: where an inherited rule is written.
    Note,
}

/// A labelled span of a diagnostic's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Byte offsets in the file.
    pub span: std::ops::Range<usize>,
    pub text: Option<String>,
    /// The place the diagnostic is about (else a place it names besides).
    pub primary: bool,
}

impl Label {
    fn of(l: &miette::LabeledSpan) -> Label {
        Label {
            span: l.offset()..l.offset() + l.len(),
            text: l.label().map(str::to_string),
            primary: l.primary(),
        }
    }

    fn miette(&self) -> miette::LabeledSpan {
        let span = (self.span.start, self.span.len());
        if self.primary {
            miette::LabeledSpan::new_primary_with_span(self.text.clone(), span)
        } else {
            miette::LabeledSpan::new_with_span(self.text.clone(), span)
        }
    }
}

/// A fix the diagnostic offers: `replacement` written over the bytes `span` of its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub span: std::ops::Range<usize>,
    pub replacement: String,
}

impl Diagnostic {
    /// What `error` says, with its code, placed in `file`: a warning if its code is one.
    pub fn new(file: &Arc<SourceFile>, error: impl Coded) -> Self {
        let code = Coded::code(&error);
        let severity = if code.is_warning() {
            Severity::Warning
        } else {
            Severity::Error
        };
        Self::of(file, Some(code), severity, &error)
    }

    /// What `note` says, placed in `file`: a note that goes with another diagnostic (the
    /// inherited rule an error concerns), without a code.
    pub fn note(file: &Arc<SourceFile>, note: impl MietteDiagnostic) -> Self {
        Self::of(file, None, Severity::Note, &note)
    }

    fn of(
        file: &Arc<SourceFile>,
        code: Option<Code>,
        severity: Severity,
        error: &dyn MietteDiagnostic,
    ) -> Self {
        Diagnostic {
            file: Arc::clone(file),
            code,
            severity,
            text: error.to_string(),
            labels: error
                .labels()
                .into_iter()
                .flatten()
                .map(|l| Label::of(&l))
                .collect(),
            help: error.help().map(|h| h.to_string()),
            related: Vec::new(),
            suggestion: None,
        }
    }

    /// The same diagnostic with `related` shown after it.
    #[must_use]
    pub fn with_related(mut self, related: Diagnostic) -> Self {
        self.related.push(related);
        self
    }

    /// Whether this is a warning (else an error, or a note of one).
    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning
    }

    /// The severity as JSON gives it: `error`, `warning` or `note`.
    fn severity_word(&self) -> &'static str {
        match self.severity {
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Error => "error",
        }
    }

    fn miette_severity(&self) -> miette::Severity {
        match self.severity {
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
            Severity::Error => miette::Severity::Error,
        }
    }

    /// The same diagnostic, offering to write `replacement` over `span` (a "did you mean").
    pub fn suggesting(
        mut self,
        span: std::ops::Range<usize>,
        replacement: impl Into<String>,
    ) -> Self {
        self.suggestion = Some(Suggestion {
            span,
            replacement: replacement.into(),
        });
        self
    }

    /// The message as it is shown ([`shown_text`]).
    pub fn message(&self) -> String {
        shown_text(&self.text).into_owned()
    }

    /// The help line as it is shown ([`shown_text`]).
    pub fn help_text(&self) -> Option<String> {
        let help = self.help.as_deref()?;
        Some(shown_text(help).into_owned())
    }

    /// The stable code, such as `E101` (none for a note).
    pub fn code(&self) -> Option<Code> {
        self.code
    }

    /// Where the first label points, as `file:line:col`.
    pub fn location(&self) -> String {
        let offset = self.primary_offset();
        let (line, col) = self.file.line_col(offset);
        format!("{}:{}:{}", self.file.name, line, col)
    }

    /// Where the diagnostic points: its primary label, else its first.
    pub fn primary_offset(&self) -> usize {
        self.primary_label().map_or(0, |l| l.span.start)
    }

    /// Where the diagnostic points: its primary label, else its first.
    pub fn primary_label(&self) -> Option<&Label> {
        self.labels
            .iter()
            .find(|l| l.primary)
            .or(self.labels.first())
    }

    /// Renders the diagnostic as miette draws it: without colour, at a fixed width when
    /// `width` is given (tests), else at the default width.
    pub fn render(&self, color: bool, width: Option<usize>) -> String {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let mut handler = GraphicalReportHandler::new_themed(theme);
        if let Some(w) = width {
            handler = handler.with_width(w);
        }
        let mut out = String::new();
        if handler.render_report(&mut out, &Alone::new(self)).is_err() {
            out = format!("{}: {}", self.location(), self);
        }
        // Each related diagnostic (an inherited rule) after it, as a note of its own.
        for related in &self.related {
            out.push('\n');
            out.push_str(&related.render(color, width));
        }
        out
    }

    /// The machine-readable form used by `senet check --format json`.
    pub fn to_json(&self) -> JsonDiagnostic {
        let (line, column) = self.file.line_col(self.primary_offset());
        JsonDiagnostic {
            code: self.code.map_or("", Code::as_str),
            message: self.message(),
            file: self.file.name.clone(),
            line,
            column,
            labels: self
                .labels
                .iter()
                .map(|l| JsonLabel {
                    start: l.span.start,
                    end: l.span.end,
                    text: shown_text(l.text.as_deref().unwrap_or_default()).into_owned(),
                })
                .collect(),
            help: self.help_text(),
            severity: self.severity_word(),
            related: self.related.iter().map(Diagnostic::to_json).collect(),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct JsonDiagnostic {
    /// The code (empty for a note).
    pub code: &'static str,
    pub message: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub labels: Vec<JsonLabel>,
    pub help: Option<String>,
    /// `error`, `warning`, or `note` (a related diagnostic).
    pub severity: &'static str,
    /// The diagnostics related to this one: an inherited rule, in its own file.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related: Vec<JsonDiagnostic>,
}

#[derive(Debug, Serialize)]
pub struct JsonLabel {
    pub start: usize,
    pub end: usize,
    pub text: String,
}

impl fmt::Debug for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = self.code.map_or("", Code::as_str);
        write!(f, "{code} {}: {}", self.location(), self.text)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Diagnostic {}

impl MietteDiagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.code.map(|c| Box::new(c) as Box<dyn fmt::Display + 'a>)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().map(Label::miette)))
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.file.named)
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.miette_severity())
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn MietteDiagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(
            self.related.iter().map(|r| r as &dyn MietteDiagnostic),
        ))
    }
}

/// Where an error not yet made a diagnostic points: its primary label, else its first.
pub fn primary_label(error: &dyn MietteDiagnostic) -> Option<miette::LabeledSpan> {
    let labels: Vec<_> = error.labels()?.collect();
    labels
        .iter()
        .find(|l| l.primary())
        .or(labels.first())
        .cloned()
}

/// A diagnostic without its related ones, which [`Diagnostic::render`] shows after it, as it
/// is shown: its texts cut ([`shown_text`]), over its file with long lines cut around its
/// labels.
struct Alone<'a> {
    diagnostic: &'a Diagnostic,
    message: String,
    help: Option<String>,
    /// The labels, placed in the excerpt if there is one.
    labels: Vec<miette::LabeledSpan>,
    /// The file with long lines cut, if it has any.
    excerpt: Option<Excerpt<'a>>,
}

impl<'a> Alone<'a> {
    fn new(diagnostic: &'a Diagnostic) -> Self {
        let labels: Vec<miette::LabeledSpan> =
            diagnostic.labels.iter().map(Label::miette).collect();
        let points: Vec<usize> = labels
            .iter()
            .flat_map(|l| [l.offset(), l.offset() + l.len()])
            .collect();
        let file = &diagnostic.file;
        let excerpt = Excerpt::new(&file.name, file.named.inner(), &points);
        let labels = labels
            .iter()
            .map(|l| {
                let (start, end) = match &excerpt {
                    Some(e) => (e.offset(l.offset()), e.offset(l.offset() + l.len())),
                    None => (l.offset(), l.offset() + l.len()),
                };
                let text = l.label().map(|t| shown_text(t).into_owned());
                if l.primary() {
                    miette::LabeledSpan::new_primary_with_span(text, (start, end - start))
                } else {
                    miette::LabeledSpan::new_with_span(text, (start, end - start))
                }
            })
            .collect();
        Alone {
            diagnostic,
            message: diagnostic.message(),
            help: diagnostic.help_text(),
            labels,
            excerpt,
        }
    }
}

impl fmt::Debug for Alone<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diagnostic, f)
    }
}

impl fmt::Display for Alone<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Alone<'_> {}

impl MietteDiagnostic for Alone<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        MietteDiagnostic::code(self.diagnostic)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().cloned()))
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        match &self.excerpt {
            Some(excerpt) => Some(excerpt),
            None => Some(&self.diagnostic.file.named),
        }
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.diagnostic.miette_severity())
    }
}

/// The closest of `candidates` to `word`, if it is close enough to be a likely misspelling.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let mut best: Option<(f64, &str)> = None;
    for c in candidates {
        // Edits counting transpositions: `bleu` is one from `blue`, `senet/nope` four from `senet/modern`.
        let score = strsim::normalized_damerau_levenshtein(word, c);
        let close = score >= 0.7 || strsim::damerau_levenshtein(word, c) <= 1;
        if close && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_and_words_are_shown_whole() {
        let help = "write it as `safe 26, 28..30`, `safe positions 4, 8` or `safe none`";
        assert!(matches!(shown_text(help), Cow::Borrowed(_)));
        let word = format!("found `{}`", "b".repeat(WORD_LIMIT - 2));
        assert_eq!(shown_text(&word), word);
    }

    #[test]
    fn a_long_word_is_cut_in_the_middle() {
        // `b` 200 times between backquotes: a word of 202 characters, shown as its first 60
        // (the quote and 59 `b`), `…`, and its last 10 (9 `b` and the quote).
        let text = format!("found `{}` here", "b".repeat(200));
        let expected = format!("found `{}…{}` here", "b".repeat(59), "b".repeat(9));
        assert_eq!(shown_text(&text), expected);
    }

    #[test]
    fn a_long_text_is_cut_after_the_limit() {
        // 600 words of `ab `: 1,800 characters, every word short.
        let text = "ab ".repeat(600);
        let shown = shown_text(&text);
        assert_eq!(shown.chars().count(), TEXT_LIMIT + 1);
        assert!(shown.ends_with('…'));
        assert!(text.starts_with(shown.trim_end_matches('…')));
    }
}
