//! Builds the list of built-in games from the rules files in games/: every
//! `games/NAME.tabula` is embedded in the binary under NAME, with its trained network
//! `games/NAME.net` when there is one.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it is compiled: a build directory shared by
    // two checkouts of the package runs one compiled script for both.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
    let dir = Path::new(&manifest_dir).join("games");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter_map(|f| f.strip_suffix(".tabula").map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut code = String::from(
        "/// Every built-in game: its name and its rules text, in the order of their names.\n\
         pub const BUILT_IN: &[(&str, &str)] = &[\n",
    );
    for name in &names {
        let path = dir.join(format!("{name}.tabula"));
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(
            code,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    code.push_str("];\n");
    code.push_str(
        "/// The trained network of each built-in game that has one: its name and the bytes\n\
         /// of its network file.\n\
         pub const BUILT_IN_NETS: &[(&str, &[u8])] = &[\n",
    );
    for name in &names {
        let path = dir.join(format!("{name}.net"));
        println!("cargo:rerun-if-changed={}", path.display());
        if path.is_file() {
            let _ = writeln!(
                code,
                "    ({name:?}, include_bytes!({:?})),",
                path.display().to_string()
            );
        }
    }
    code.push_str("];\n");
    let out =
        Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("built_in.rs");
    if let Err(e) = std::fs::write(&out, code) {
        panic!("cannot write {}: {e}", out.display());
    }
}
