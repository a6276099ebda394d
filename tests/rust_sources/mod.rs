//! The library's own source files, read as text by the tests that hold its code to a
//! rule (which modules a layer may name, where the clock is read).

use std::path::Path;

/// Every `.rs` file under `dir`, with its text.
pub fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
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
