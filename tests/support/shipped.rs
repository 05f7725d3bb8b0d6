//! The rule files `senet` ships and documents, for tests that go through every one.

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
