//! Errors of the parse phase. Each variant has a stable code, a labelled span and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use super::code::{Code, Coded};

#[derive(Debug, Error, Diagnostic)]
pub enum SyntaxError {
    #[error("expected {expected}, found {found}")]
    Unexpected {
        #[label("expected {expected} here")]
        span: SourceSpan,
        expected: String,
        found: String,
        #[help]
        help: String,
    },

    #[error("unknown statement `{word}`")]
    UnknownStatement {
        #[label("not a statement of the rule language")]
        span: SourceSpan,
        word: String,
        #[help]
        help: String,
    },

    #[error("unknown word `{word}`, did you mean `{suggestion}`?")]
    Misspelt {
        #[label("did you mean `{suggestion}`?")]
        span: SourceSpan,
        word: String,
        suggestion: String,
        #[help]
        help: String,
    },

    #[error("unterminated string")]
    #[diagnostic(help("close the string with a `\"` on the same line"))]
    UnterminatedString {
        #[label("this string is never closed")]
        span: SourceSpan,
    },

    #[error("number `{text}` is too large")]
    #[diagnostic(help("numbers in a rule file are small: squares, pieces, throw values"))]
    NumberTooLarge {
        #[label("too large")]
        span: SourceSpan,
        text: String,
    },

    #[error("the file is {size} bytes long, more than the limit of {limit}")]
    #[diagnostic(help("a rule file is a few dozen lines; is this the right file?"))]
    FileTooLarge {
        #[label("the file starts here")]
        span: SourceSpan,
        size: usize,
        limit: usize,
    },

    #[error("unclosed note")]
    #[diagnostic(help(
        "a note reads `[choice: text]` or `[source: text]` and ends with `]` on the same line"
    ))]
    UnclosedNote {
        #[label("this `[` is never closed")]
        span: SourceSpan,
    },

    #[error("stray `{ch}`")]
    #[diagnostic(help(
        "the rule language has no braces or blocks: one statement per line, `#` starts a comment"
    ))]
    StrayCharacter {
        #[label("this character has no meaning here")]
        span: SourceSpan,
        ch: char,
    },

    #[error("an invisible control character ({code_point}) in the text")]
    #[diagnostic(help(
        "a rule file is plain text: delete the character (it may have come with a copy from a terminal or a word processor)"
    ))]
    ControlCharacter {
        #[label("here (shown as `?`)")]
        span: SourceSpan,
        code_point: String,
    },

    #[error("a range is not allowed here")]
    RangeNotAllowed {
        #[label("this statement takes single numbers here")]
        span: SourceSpan,
        #[help]
        help: String,
    },
}

impl SyntaxError {
    /// The stable code of each variant.
    pub fn code(&self) -> Code {
        match self {
            SyntaxError::Unexpected { .. } => Code::E001,
            SyntaxError::UnknownStatement { .. } => Code::E002,
            SyntaxError::Misspelt { .. } => Code::E003,
            SyntaxError::UnterminatedString { .. } => Code::E004,
            SyntaxError::NumberTooLarge { .. } => Code::E005,
            SyntaxError::FileTooLarge { .. } => Code::E006,
            SyntaxError::UnclosedNote { .. } => Code::E007,
            SyntaxError::StrayCharacter { .. } => Code::E008,
            SyntaxError::ControlCharacter { .. } => Code::E009,
            SyntaxError::RangeNotAllowed { .. } => Code::E010,
        }
    }
}

impl Coded for SyntaxError {
    fn code(&self) -> Code {
        SyntaxError::code(self)
    }
}
