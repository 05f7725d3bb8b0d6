//! Errors of the parse phase. Each variant has a stable code, a labelled span and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

#[derive(Debug, Error, Diagnostic)]
pub enum SyntaxError {
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(E001))]
    Unexpected {
        #[label("expected {expected} here")]
        span: SourceSpan,
        expected: String,
        found: String,
        #[help]
        help: String,
    },

    #[error("unknown statement `{word}`")]
    #[diagnostic(code(E002))]
    UnknownStatement {
        #[label("not a statement of the rule language")]
        span: SourceSpan,
        word: String,
        #[help]
        help: String,
    },

    #[error("unknown word `{word}`, did you mean `{suggestion}`?")]
    #[diagnostic(code(E003))]
    Misspelt {
        #[label("did you mean `{suggestion}`?")]
        span: SourceSpan,
        word: String,
        suggestion: String,
        #[help]
        help: String,
    },

    #[error("unterminated string")]
    #[diagnostic(code(E004), help("close the string with a `\"` on the same line"))]
    UnterminatedString {
        #[label("this string is never closed")]
        span: SourceSpan,
    },

    #[error("number `{text}` is too large")]
    #[diagnostic(
        code(E005),
        help("numbers in a rule file are small: squares, pieces, throw values")
    )]
    NumberTooLarge {
        #[label("too large")]
        span: SourceSpan,
        text: String,
    },

    #[error("the file is {size} bytes long, more than the limit of {limit}")]
    #[diagnostic(
        code(E006),
        help("a rule file is a few dozen lines; is this the right file?")
    )]
    FileTooLarge {
        #[label("the file starts here")]
        span: SourceSpan,
        size: usize,
        limit: usize,
    },

    #[error("unclosed note")]
    #[diagnostic(
        code(E007),
        help(
            "a note reads `[choice: text]` or `[source: text]` and ends with `]` on the same line"
        )
    )]
    UnclosedNote {
        #[label("this `[` is never closed")]
        span: SourceSpan,
    },

    #[error("stray `{ch}`")]
    #[diagnostic(
        code(E008),
        help(
            "the rule language has no braces or blocks: one statement per line, `#` starts a comment"
        )
    )]
    StrayCharacter {
        #[label("this character has no meaning here")]
        span: SourceSpan,
        ch: char,
    },

    #[error("an invisible control character ({code_point}) in the text")]
    #[diagnostic(
        code(E009),
        help(
            "a rule file is plain text: delete the character (it may have come with a copy from a terminal or a word processor)"
        )
    )]
    ControlCharacter {
        #[label("here (shown as `?`)")]
        span: SourceSpan,
        code_point: String,
    },

    #[error("a range is not allowed here")]
    #[diagnostic(code(E010))]
    RangeNotAllowed {
        #[label("this statement takes single numbers here")]
        span: SourceSpan,
        #[help]
        help: String,
    },
}
