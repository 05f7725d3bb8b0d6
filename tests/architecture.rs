//! The workspace is the drawing of docs/architecture.md: each crate depends on exactly the crates
//! of the project its row names, holds exactly the modules it lists, and no library crate
//! depends on what only the binary needs (its command line, server and language server).
//! The compiler keeps a crate from using one it does not depend on; this keeps the drawing and the
//! manifests from drifting apart.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Crates that only the binary may depend on.
const BINARY_ONLY: &[&str] = &[
    "clap",
    "clap_complete",
    "clap_mangen",
    "axum",
    "tokio",
    "httparse",
    "tower-service",
    "lsp-server",
    "lsp-types",
    "indicatif",
    "getrandom",
];

/// One row of the table of crates: its name, the project's crates it depends on, its modules.
struct Row {
    name: String,
    depends_on: BTreeSet<String>,
    modules: BTreeSet<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The words in backticks of a table cell.
fn quoted(cell: &str) -> BTreeSet<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The table under "## The crates" in docs/architecture.md.
fn drawing() -> Vec<Row> {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the page");
    let section = doc
        .split("\n## The crates\n")
        .nth(1)
        .expect("a section \"## The crates\"");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let name = quoted(cells[1]).into_iter().next().expect("a crate name");
            Row {
                name,
                depends_on: quoted(cells[2]),
                modules: quoted(cells[3]),
            }
        })
        .collect()
}

/// The names of a manifest's `[dependencies]` (not its dev-dependencies, nor the workspace's
/// shared list; target-specific tables count too).
fn dependencies(manifest: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(manifest).expect("a manifest");
    let mut out = BTreeSet::new();
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]"
                || (line.ends_with(".dependencies]") && !line.starts_with("[workspace"));
            continue;
        }
        if inside && let Some((key, _)) = line.split_once(['=', '.']) {
            let key = key.trim();
            if !key.is_empty() && !key.starts_with('#') {
                out.insert(key.to_owned());
            }
        }
    }
    out
}

/// The modules a crate's `lib.rs` declares, or re-exports from the project's crates.
fn modules(lib: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(lib).expect("a lib.rs");
    let mut out = BTreeSet::new();
    // Statements, not lines: rustfmt writes a long `pub use` over several lines. Comments and
    // attributes go first (a doc comment may hold a `;`).
    let code: String = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    for statement in code.split(';') {
        let statement = statement.trim();
        if let Some(name) = statement.strip_prefix("pub mod ") {
            out.insert(name.trim().to_owned());
        } else if let Some(list) = statement.strip_prefix("pub use senet_") {
            let names = match list.split_once("::{") {
                Some((_, names)) => names.trim_end_matches('}').to_owned(),
                None => list.rsplit(' ').next().unwrap_or(list).to_owned(),
            };
            out.extend(
                names
                    .split(',')
                    .map(|n| n.trim().to_owned())
                    .filter(|n| !n.is_empty()),
            );
        }
    }
    out
}

#[test]
fn the_workspace_is_the_drawing() {
    let rows = drawing();
    let mut crates: BTreeSet<String> = std::fs::read_dir(root().join("crates"))
        .expect("crates/")
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    crates.insert("senet".into());
    let drawn: BTreeSet<String> = rows.iter().map(|r| r.name.clone()).collect();
    assert_eq!(
        drawn, crates,
        "the crates drawn and the crates in crates/ and at the top"
    );
    for row in &rows {
        let dir = if row.name == "senet" {
            root()
        } else {
            root().join("crates").join(&row.name)
        };
        let deps = dependencies(&dir.join("Cargo.toml"));
        let ours: BTreeSet<String> = deps
            .iter()
            .filter(|d| d.starts_with("senet"))
            .cloned()
            .collect();
        assert_eq!(ours, row.depends_on, "what {} depends on", row.name);
        assert_eq!(
            modules(&dir.join("src/lib.rs")),
            row.modules,
            "the modules of {}",
            row.name
        );
        if row.name != "senet" {
            let forbidden: Vec<&String> = deps
                .iter()
                .filter(|d| BINARY_ONLY.contains(&d.as_str()))
                .collect();
            assert!(
                forbidden.is_empty(),
                "{} depends on {forbidden:?}",
                row.name
            );
        }
    }
}

/// No library crate reaches a later step: each crate's sources name only the project's crates
/// it depends on (the compiler refuses the others; this also covers doc links and tests).
#[test]
fn no_crate_names_a_later_one() {
    for row in drawing().iter().filter(|r| r.name != "senet") {
        let mut stack = vec![root().join("crates").join(&row.name).join("src")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("a folder").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).expect("a source file");
                for other in ["senet_lang", "senet_engine", "senet_play", "senet_ide"] {
                    let own = other.replace('_', "-") == row.name;
                    let allowed = row.depends_on.contains(&other.replace('_', "-"));
                    assert!(
                        own || allowed || !text.contains(&format!("{other}::")),
                        "{} names {other}, which its row does not list",
                        path.display()
                    );
                }
            }
        }
    }
}

/// The most lines a function of the language's syntax and checker may take: what a statement
/// means is read one family of statements at a time.
const MAX_FUNCTION_LINES: usize = 150;

/// No function in `senet-lang`'s `lang/` or `check/` is longer than [`MAX_FUNCTION_LINES`]
/// (counted from its `fn` line to its closing brace, as rustfmt lays it out).
#[test]
fn no_long_function_in_the_language() {
    let mut long = Vec::new();
    for folder in ["lang", "check"] {
        let mut stack = vec![root().join("crates/senet-lang/src").join(folder)];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("a folder").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    long.extend(
                        long_functions(&text)
                            .map(|(name, n)| format!("{}: {name} ({n} lines)", path.display())),
                    );
                }
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines: {long:#?}"
    );
}

/// The functions of `text` longer than [`MAX_FUNCTION_LINES`], with their lengths.
fn long_functions(text: &str) -> impl Iterator<Item = (String, usize)> + '_ {
    let lines: Vec<&str> = text.lines().collect();
    (0..lines.len()).filter_map(move |i| {
        let line = lines[i];
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let rest = ["pub ", "pub(crate) ", "pub(super) ", "const "]
            .iter()
            .fold(body, |b, p| b.strip_prefix(p).unwrap_or(b));
        let name = rest.strip_prefix("fn ")?;
        if line.trim_end().ends_with(';') {
            return None;
        }
        let close = format!("{indent}}}");
        let end = (i + 1..lines.len()).find(|&j| lines[j].trim_end() == close)?;
        let n = end - i + 1;
        let name: String = name
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        (n > MAX_FUNCTION_LINES).then_some((name, n))
    })
}
