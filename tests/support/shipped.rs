//! The rule files `senet` ships and documents, for tests that go through every one.

use std::sync::OnceLock;

/// The bundled rule sets of two sides, in the order of `senet::bundled::ids()`: those the
/// two-sided engine plays. The others have more sides and play on the engine for many sides.
pub fn two_sided_ids() -> &'static [&'static str] {
    &by_sides().0
}

/// The bundled rule sets of more than two sides, in the order of `senet::bundled::ids()`.
pub fn many_sided_ids() -> &'static [&'static str] {
    &by_sides().1
}

type Split = (Vec<&'static str>, Vec<&'static str>);

fn by_sides() -> &'static Split {
    static SPLIT: OnceLock<Split> = OnceLock::new();
    SPLIT.get_or_init(|| {
        senet::bundled::ids().partition(|id| {
            let r = senet::check::check_target(id, &[])
                .unwrap_or_else(|e| panic!("the bundled rule set `{id}` does not check: {e:?}"));
            !r.plays_many()
        })
    })
}

/// Every bundled rule file and every example under `docs/examples/`, each with its name (the
/// bundled id, or the example's path from the package root) and its text.
pub fn rule_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = senet::bundled::ids()
        .map(|id| (id.to_string(), senet::bundled::get(id).unwrap().to_string()))
        .collect();
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples");
    let mut paths: Vec<_> = std::fs::read_dir(examples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy();
        files.push((
            format!("docs/examples/{name}"),
            std::fs::read_to_string(&path).unwrap(),
        ));
    }
    files
}
