//! Errors that a file brings about in the rules it inherits. A later file's statement can make an
//! inherited rule wrong (a child's `gaps 30` makes its parent's `name 30` name a gap); the author
//! can edit the child, not the parent. Such an error is shown at the child's statement, with the
//! inherited rule beside it (a related diagnostic in the parent's file) and a help line that says
//! how to override that rule in the child.

use std::fmt;

use miette::{Diagnostic as MietteDiagnostic, LabeledSpan, SourceSpan};

use super::errors::CheckError;
use crate::lang::code::{Code, Coded};
use crate::lang::syntax::RuleKey;

/// An error of the check phase shown at the statement of the file its author edits (the
/// inherited rule it concerns goes with it as a related diagnostic, an [`InheritedRule`]). Its
/// code and message are the error's own; its labels and help are about the override.
#[derive(Debug)]
pub struct Inherited {
    pub error: CheckError,
    /// Labels in the file the diagnostic belongs to (the first is the primary one).
    pub labels: Vec<(SourceSpan, String)>,
    pub help: String,
}

impl fmt::Display for Inherited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl std::error::Error for Inherited {}

impl Coded for Inherited {
    fn code(&self) -> Code {
        self.error.code()
    }
}

impl MietteDiagnostic for Inherited {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.help))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().enumerate().map(
            |(i, (span, text))| {
                if i == 0 {
                    LabeledSpan::new_primary_with_span(Some(text.clone()), *span)
                } else {
                    LabeledSpan::new_with_span(Some(text.clone()), *span)
                }
            },
        )))
    }
}

/// The inherited rule an [`Inherited`] error concerns: where it is written and what is wrong
/// there. A note, not an error of its own.
#[derive(Debug)]
pub struct InheritedRule {
    pub message: String,
    pub labels: Vec<LabeledSpan>,
}

impl fmt::Display for InheritedRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InheritedRule {}

impl MietteDiagnostic for InheritedRule {
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

/// How a file overrides the inherited rule `key` (from the rule set `origin`, where it reads
/// `text`): its form that takes it away, if it has one, or the rule restated.
pub fn override_help(key: &RuleKey, origin: &str, text: &str) -> String {
    match key.removal() {
        Some(removal) => format!(
            "override the inherited rule in this file: `{removal}` takes it away, or restate it so that it fits ({origin} says `{text}`)"
        ),
        None => format!(
            "override the inherited rule in this file: restate it so that it fits ({origin} says `{text}`)"
        ),
    }
}
