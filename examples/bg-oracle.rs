//! Checks games/backgammon.tabula against the OpenSpiel oracle
//! (described in tools/bg-oracle/README.md): for every position of a JSON-lines file, the set of
//! positions tabula's legal turns reach must equal the oracle's `results`. Each position
//! is checked twice, with the mover as White and as Black.
//!
//! cargo run --release --example bg-oracle -- tests/fixtures/bg-oracle-sample.jsonl
//!
//! Prints `N positions, M mismatches` and each mismatch as a small board with the
//! missing and extra results; exits 1 if there is any mismatch.

#[path = "../tests/backgammon_support/mod.rs"]
mod backgammon_support;

use backgammon_support::{check_all, game, parse_oracle};
use tabula::Engine;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: bg-oracle FILE.jsonl");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read `{path}`: {e}");
            std::process::exit(2);
        }
    };
    let cases = match parse_oracle(&text) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            std::process::exit(2);
        }
    };
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    let start = std::time::Instant::now();
    let mismatches = check_all(&mut engine, &cases);
    for m in &mismatches {
        println!("{m}");
    }
    let results: usize = cases.iter().map(|c| c.results.len()).sum();
    println!(
        "{} positions, {} mismatches ({} checks: each position with the mover as white and as black; {} oracle results; {:.2} s)",
        cases.len(),
        mismatches.len(),
        2 * cases.len(),
        results,
        start.elapsed().as_secs_f64()
    );
    if !mismatches.is_empty() {
        std::process::exit(1);
    }
}
