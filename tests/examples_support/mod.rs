//! Helpers for the tests of the example games in examples/rules/: compiling one,
//! counting its moves (perft) against a table, reading the counts an independent
//! implementation wrote (tests/independent/*.perft), and rendering a rules file's
//! first diagnostic the way `tabula check` prints it.
#![allow(dead_code)]

use tabula::{compile, CompileError, Engine, Game, Source};

/// An example game compiled with the given options.
pub fn example(file: &str, options: &[&str]) -> Game {
    let path = format!("{}/examples/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let source = Source::new(format!("examples/rules/{file}"), text);
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    match compile(&source, &options) {
        Ok(g) => g,
        Err(e) => panic!("{file} does not compile:\n{e}"),
    }
}

/// The counts an independent implementation printed, one `depth count` a line.
pub fn independent_counts(name: &str) -> Vec<(usize, u64)> {
    let path = format!("{}/tests/independent/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut w = l.split_whitespace();
            let d = w.next().and_then(|x| x.parse().ok()).expect("depth");
            let n = w.next().and_then(|x| x.parse().ok()).expect("count");
            (d, n)
        })
        .collect()
}

/// Checks perft from the start against `(depth, count)` pairs up to `max_depth`.
#[track_caller]
pub fn check_perft(game: &Game, counts: &[(usize, u64)], max_depth: usize) {
    let mut engine = Engine::new(game);
    let start = engine.initial_state().expect("initial state");
    for &(depth, want) in counts.iter().filter(|(d, _)| *d <= max_depth) {
        let got = engine.perft(&start, depth).expect("perft");
        assert_eq!(got, want, "perft {depth}");
    }
}

/// Whether the long checks were asked for (`TABULA_LONG=1`).
pub fn long() -> bool {
    std::env::var("TABULA_LONG").is_ok_and(|v| v == "1")
}

/// The first diagnostic of a rules text, rendered without colour, or None when it
/// compiles.
/// The first diagnostic of a rules text that does not compile: its message and the
/// text under its caret.
#[track_caller]
pub fn message_and_place(text: &str) -> (String, String) {
    match compile(&Source::new("t.tabula", text), &[]) {
        Err(CompileError::Rules(d)) => {
            let d = &d.list[0];
            (
                d.message.clone(),
                text[d.span.start..d.span.end].to_string(),
            )
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("no error for\n{text}"),
    }
}

pub fn first_error(file: &str, text: &str) -> Option<String> {
    match compile(&Source::new(file, text), &[]) {
        Ok(_) => None,
        Err(CompileError::Rules(d)) => d.list.first().map(|x| {
            tabula::Diagnostics {
                source: d.source.clone(),
                list: vec![x.clone()],
            }
            .render(false)
        }),
        Err(CompileError::Option(m)) => Some(m),
    }
}
