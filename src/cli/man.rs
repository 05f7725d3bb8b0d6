//! `senet man`: manual pages from the command line's own definition (clap_mangen). The text
//! after each help (examples, the exit status) becomes a section of its own, kept line for line:
//! filled as prose, the examples would run together.

use std::path::Path;

use senet::files::{WriteError, write_bytes};

use clap::CommandFactory;

use super::args::Cli;

/// The page of `senet` itself.
pub fn page() -> Vec<u8> {
    // No page is written for `help`, so the list of commands does not name one.
    render(Cli::command().disable_help_subcommand(true))
}

/// Writes `senet.1` and a page per command (`senet-play.1`, ...) into `dir`, made if missing;
/// each page whole ([`senet::files::write`]).
pub fn write_pages(dir: &Path) -> Result<(), WriteError> {
    std::fs::create_dir_all(dir).map_err(|source| WriteError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut cli = Cli::command().disable_help_subcommand(true);
    // Building names each command `senet-NAME`, the name of its page.
    cli.build();
    for command in cli.get_subcommands() {
        let name = command.get_display_name().unwrap_or(command.get_name());
        write_bytes(&dir.join(format!("{name}.1")), &render(command.clone()))?;
    }
    write_bytes(&dir.join("senet.1"), &render(cli))
}

fn render(command: clap::Command) -> Vec<u8> {
    let after = command.get_after_help().map(ToString::to_string);
    let mut page = Vec::new();
    clap_mangen::Man::new(command.after_help(None::<&str>))
        .render(&mut page)
        .expect("writing into memory cannot fail");
    if let Some(text) = after {
        page.extend_from_slice(section(&text).as_bytes());
    }
    page
}

/// `Heading:` and the lines under it as a roff section, not filled.
fn section(text: &str) -> String {
    let (heading, body) = text.split_once('\n').unwrap_or((text, ""));
    let mut roff = format!(
        ".SH \"{}\"\n.nf\n",
        heading.trim_end_matches(':').to_uppercase()
    );
    for line in body.lines() {
        let line = line.strip_prefix("  ").unwrap_or(line);
        let escaped = line.replace('\\', "\\e").replace('-', "\\-");
        // A line that starts with `.` or `'` would be read as a request.
        roff.push_str("\\&");
        roff.push_str(&escaped);
        roff.push('\n');
    }
    roff.push_str(".fi\n");
    roff
}
