//! Bundles every rule file under `rulesets/` into the binary, keyed by its id (its path under
//! `rulesets/` without `.rules`), so that `senet` works from any folder.

// A build script talks to Cargo through its standard output and environment: what the crate's
// `clippy.toml` forbids the library is this script's job.
#![allow(clippy::disallowed_macros, clippy::disallowed_methods)]

use std::fs;
use std::path::Path;

fn collect(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rules") {
            let rel = path.strip_prefix(root).unwrap().with_extension("");
            let id = rel.to_string_lossy().replace('\\', "/");
            out.push((
                id,
                path.canonicalize().unwrap().to_string_lossy().into_owned(),
            ));
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    files.sort();
    for (_, path) in &files {
        println!("cargo:rerun-if-changed={path}");
    }
    let mut code = String::from(
        "/// Bundled rule files: (id, text), sorted by id.\npub const BUNDLED: &[(&str, &str)] = &[\n",
    );
    for (id, path) in &files {
        code.push_str(&format!("    ({id:?}, include_str!({path:?})),\n"));
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("bundled.rs");
    fs::write(out, code).unwrap();
}
