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

/// One error, of any phase, with the file it points into.
pub struct Diagnostic {
    pub file: Arc<SourceFile>,
    pub error: Box<dyn MietteDiagnostic + Send + Sync>,
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
            suggestion: None,
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
        let Some(labels) = self.error.labels() else {
            return 0;
        };
        let labels: Vec<_> = labels.collect();
        labels
            .iter()
            .find(|l| l.primary())
            .or(labels.first())
            .map_or(0, |l| l.offset())
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
        if handler.render_report(&mut out, self).is_err() {
            out = format!("{}: {}", self.location(), self);
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
            labels: self
                .error
                .labels()
                .map(|ls| {
                    ls.map(|l| JsonLabel {
                        start: l.offset(),
                        end: l.offset() + l.len(),
                        text: l.label().unwrap_or_default().to_string(),
                    })
                    .collect()
                })
                .unwrap_or_default(),
            help: self.error.help().map(|h| h.to_string()),
        }
    }
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
