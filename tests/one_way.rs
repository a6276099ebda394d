//! Data flows one way: text -> AST -> IR -> engine. The layers below the engine (the
//! syntax, the board, the IR and the compiler) name nothing of the engine or of what
//! is built on it, so the IR stays plain data that the engine compiles; and the engine
//! and what is built on it name nothing of the syntax, so no spans are read back from
//! the text that the IR does not carry.

mod rust_sources;

use rust_sources::sources;
use std::path::Path;

/// Asserts that no file of `layers` (folders from the crate's root) names any of
/// `modules` of the library; returns how many files were read.
fn layers_do_not_use(layers: &[&str], modules: &[&str]) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for layer in layers {
        let mut files = Vec::new();
        let path = root.join(layer);
        if path.is_dir() {
            sources(&path, &mut files);
        } else {
            let text = std::fs::read_to_string(&path).expect("the file reads");
            files.push((path.display().to_string(), text));
        }
        for (path, text) in &files {
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for module in modules {
                    let uses = [format!("crate::{module}"), format!("tabula::{module}")];
                    assert!(
                        !uses.iter().any(|u| code.contains(u.as_str())),
                        "{path}:{}: {layer} uses `{module}`: {line}",
                        n + 1
                    );
                }
            }
        }
        checked += files.len();
    }
    checked
}

#[test]
fn the_layers_below_the_engine_do_not_use_it() {
    let above = [
        "engine", "session", "ai", "analysis", "json", "picture", "svg", "testing",
    ];
    let below = [
        "interpreter/syntax",
        "interpreter/board",
        "interpreter/ir",
        "interpreter/compile",
    ];
    let checked = layers_do_not_use(&below, &above);
    assert!(checked > 30, "only {checked} files were read");
}

#[test]
fn the_engine_and_what_is_built_on_it_do_not_read_the_syntax() {
    let above = [
        "interpreter/engine",
        "interpreter/session",
        "interpreter/ai",
        "interpreter/analysis",
        "interpreter/json",
        "interpreter/picture",
        "interpreter/svg.rs",
        "interpreter/testing.rs",
        "repl",
    ];
    let checked = layers_do_not_use(&above, &["syntax"]);
    assert!(checked > 60, "only {checked} files were read");
}
