//! Diagnostics: an error of any phase, tied to the source file it points into, rendered by miette.

use std::fmt;
use std::sync::Arc;

use miette::{
    Diagnostic as MietteDiagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource, SourceCode,
};
use serde::Serialize;

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
pub struct Diagnostic {
    pub file: Arc<SourceFile>,
    pub error: Box<dyn MietteDiagnostic + Send + Sync>,
    pub related: Vec<Diagnostic>,
    /// The fix a "did you mean" offers, for editors to apply.
    pub suggestion: Option<Suggestion>,
}

/// A fix the diagnostic offers: `replacement` written over the bytes `span` of its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub span: std::ops::Range<usize>,
    pub replacement: String,
}

impl Diagnostic {
    pub fn new(
        file: &Arc<SourceFile>,
        error: impl MietteDiagnostic + Send + Sync + 'static,
    ) -> Self {
        Diagnostic {
            file: Arc::clone(file),
            error: Box::new(error),
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
        self.error.severity() == Some(miette::Severity::Warning)
    }

    /// The severity as JSON gives it: `error`, `warning` or `note`.
    fn severity_word(&self) -> &'static str {
        match self.error.severity() {
            Some(miette::Severity::Warning) => "warning",
            Some(miette::Severity::Advice) => "note",
            Some(miette::Severity::Error) | None => "error",
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

    /// The stable code, such as `E101`.
    pub fn code(&self) -> String {
        self.error.code().map(|c| c.to_string()).unwrap_or_default()
    }

    /// Where the first label points, as `file:line:col`.
    pub fn location(&self) -> String {
        let offset = self.primary_offset();
        let (line, col) = self.file.line_col(offset);
        format!("{}:{}:{}", self.file.name, line, col)
    }

    /// Where the diagnostic points: its primary label, else its first.
    pub fn primary_offset(&self) -> usize {
        primary_label(&*self.error).map_or(0, |l| l.offset())
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
        if handler.render_report(&mut out, &Alone(self)).is_err() {
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
            code: self.code(),
            message: self.to_string(),
            file: self.file.name.clone(),
            line,
            column,
            labels: json_labels(&*self.error),
            help: self.error.help().map(|h| h.to_string()),
            severity: self.severity_word(),
            related: self.related.iter().map(Diagnostic::to_json).collect(),
        }
    }
}

fn json_labels(error: &dyn MietteDiagnostic) -> Vec<JsonLabel> {
    error
        .labels()
        .map(|ls| {
            ls.map(|l| JsonLabel {
                start: l.offset(),
                end: l.offset() + l.len(),
                text: l.label().unwrap_or_default().to_string(),
            })
            .collect()
        })
        .unwrap_or_default()
}

#[derive(Debug, Serialize)]
pub struct JsonDiagnostic {
    pub code: String,
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
        write!(f, "{} {}: {}", self.code(), self.location(), self.error)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl std::error::Error for Diagnostic {}

impl MietteDiagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.help()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.error.labels()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.file.named)
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.error.severity()
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

/// Where a diagnostic points: its primary label, else its first.
pub fn primary_label(error: &dyn MietteDiagnostic) -> Option<miette::LabeledSpan> {
    let labels: Vec<_> = error.labels()?.collect();
    labels
        .iter()
        .find(|l| l.primary())
        .or(labels.first())
        .cloned()
}

/// A diagnostic without its related ones, which [`Diagnostic::render`] shows after it.
struct Alone<'a>(&'a Diagnostic);

impl fmt::Debug for Alone<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl fmt::Display for Alone<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.0, f)
    }
}

impl std::error::Error for Alone<'_> {}

impl MietteDiagnostic for Alone<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.error.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.error.help()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.0.error.labels()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.0.file.named)
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.0.error.severity()
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
