//! Data flows one way: text -> AST -> IR -> engine. The layers below the engine (the
//! syntax, the board, the IR and the compiler) name nothing of the engine or of what
//! is built on it, so the IR stays plain data that the engine compiles.

use std::path::Path;

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("the folder reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("the file reads");
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn the_layers_below_the_engine_do_not_use_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("interpreter");
    let above = [
        "engine", "session", "ai", "analysis", "json", "picture", "svg", "testing",
    ];
    let mut checked = 0;
    for layer in ["syntax", "board", "ir", "compile"] {
        let mut files = Vec::new();
        sources(&root.join(layer), &mut files);
        for (path, text) in &files {
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for module in above {
                    let uses = [format!("crate::{module}"), format!("tabula::{module}")];
                    assert!(
                        !uses.iter().any(|u| code.contains(u.as_str())),
                        "{path}:{}: the {layer} layer uses `{module}`: {line}",
                        n + 1
                    );
                }
            }
        }
        checked += files.len();
    }
    assert!(checked > 30, "only {checked} files were read");
}
