//! The rule language: syntax tree, parser and diagnostics.

pub mod code;
pub mod diagnostic;
pub mod error_index;
pub mod errors;
mod excerpt;
pub mod format;
pub mod forms;
pub mod key;
mod node;
pub mod parser;
pub mod statements;
pub mod syntax;
pub mod tokens;

pub use code::{Code, Coded};
pub use diagnostic::{Diagnostic, SourceFile, Suggestion};
pub use parser::{MAX_FILE_BYTES, is_control, parse_file};
