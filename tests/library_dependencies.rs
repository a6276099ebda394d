//! The library links none of the command line's crates: a program built on it alone
//! (the Python module, the fuzz targets) compiles no argument parser, line editor,
//! progress bar, signal handler or language server protocol. They are the binary's, behind the default feature
//! `cli` (Cargo.toml says why).

use std::process::Command;

const CLI_ONLY: [&str; 6] = [
    "clap",
    "rustyline",
    "indicatif",
    "ctrlc",
    "lsp_server",
    "lsp_types",
];

/// The names of the crates `cargo tree` lists for the library with `features`.
fn library_crates(features: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--edges", "normal", "--prefix", "none"])
        .args(["--package", "tabula", "--format", "{lib}"])
        .args(features)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim_end_matches(" (*)").trim().to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_library_alone_links_no_command_line_crate() {
    let alone = library_crates(&["--no-default-features"]);
    assert!(alone.iter().any(|n| n == "pest"), "{alone:?}");
    for name in CLI_ONLY {
        assert!(!alone.iter().any(|n| n == name), "{name} in {alone:?}");
    }
    // With the default feature, as `cargo build` and `cargo install` build it, the
    // binary has them.
    let default = library_crates(&[]);
    for name in CLI_ONLY {
        assert!(
            default.iter().any(|n| n == name),
            "{name} not in {default:?}"
        );
    }
}

#[test]
fn the_python_module_and_the_fuzz_targets_take_the_library_without_them() {
    for manifest in ["python/Cargo.toml", "fuzz/Cargo.toml"] {
        let path = format!("{}/{manifest}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the manifest");
        assert!(
            text.contains(r#"tabula = { path = "..", default-features = false }"#),
            "{manifest}"
        );
    }
}
