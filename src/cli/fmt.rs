//! `senet fmt`: rule files rewritten in the canonical layout ([`senet::lang::format`]), or with
//! `--check` only told which are not in it.

use std::path::Path;
use std::process::ExitCode;

use senet::lang::format::format;
use senet::lang::{MAX_FILE_BYTES, SourceFile, parse_file};

/// Formats each file in place (`-`: standard input to standard output), replacing it whole
/// ([`senet::files::write`]: a full disk leaves it as it was). Exit 0 when every file is (now)
/// laid out canonically; 1 when `check` finds one that is not, or a file has a syntax error (it
/// is left as it is); 2 when a file cannot be read or written.
pub fn run(files: &[String], check: bool) -> ExitCode {
    let mut worst = 0u8;
    for path in files {
        let text = match super::input::read_text(path, MAX_FILE_BYTES) {
            Ok(t) => t,
            Err(e) => {
                complain!("error: cannot read `{path}`: {e}");
                worst = 2;
                continue;
            }
        };
        let Some(formatted) = format(&text) else {
            let shown = if path == "-" { "<stdin>" } else { path };
            let (_, diags) = parse_file(&SourceFile::new(shown, text.as_str()));
            super::commands::print_diagnostics(&diags);
            complain!("error: `{shown}` was not formatted: it has syntax errors");
            worst = worst.max(1);
            continue;
        };
        if check {
            if formatted != text {
                say!("{path}: not in the canonical layout (`senet fmt {path}` lays it out)");
                worst = worst.max(1);
            }
        } else if path == "-" {
            super::output::write_stdout(formatted.as_bytes());
        } else if formatted != text
            && let Err(e) = senet::files::write_bytes(Path::new(path), formatted.as_bytes())
        {
            complain!("error: {e}");
            worst = 2;
        }
    }
    ExitCode::from(worst)
}
