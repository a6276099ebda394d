//! The library builds for a page's WebAssembly, which has neither std's clock nor
//! threads: `Instant::now()` from std panics there. Every reading of the clock goes
//! through interpreter/clock.rs, which picks the page's clock on wasm32.

mod rust_sources;

use rust_sources::sources;
use std::path::Path;

#[test]
fn the_library_reads_the_clock_only_through_its_clock_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("interpreter");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 100, "the library's files are read");
    let mut found = Vec::new();
    for (path, text) in &files {
        if path.ends_with("clock.rs") {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let std_instant = code.contains("std::time::Instant")
                || (code.contains("std::time::{") && code.contains("Instant"))
                || code.contains("SystemTime");
            if std_instant {
                found.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert_eq!(found, Vec::<String>::new());
}
