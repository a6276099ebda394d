//! How long each built-in game's rules take to compile: text to a playable `Game`
//! (parsing, checking, compiling and optimising, with the default options), measured in
//! the process, so neither process start-up nor printing is counted.
//!
//! cargo run --release --example compile-time -- [runs]
//!
//! Prints one line per game: the fastest and the median of `runs` compiles (default 50),
//! in milliseconds, after one compile to warm up. On a shared machine the fastest is the
//! least disturbed.

use std::time::Instant;

fn main() {
    let runs: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 50,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: compile-time [runs]   (runs: a whole number above 0)");
            std::process::exit(2);
        }
    };
    for name in tabula::games::names() {
        let source = match tabula::games::load_source(name) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{name}: {e}");
                std::process::exit(1);
            }
        };
        if let Err(e) = tabula::compile(&source, &[]) {
            eprintln!("{name} does not compile: {e}");
            std::process::exit(1);
        }
        let mut ms: Vec<f64> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                let game = tabula::compile(&source, &[]);
                let elapsed = start.elapsed().as_secs_f64() * 1000.0;
                drop(game);
                elapsed
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        println!(
            "{name}: compile {:.2} ms fastest, {:.2} ms median of {runs} ({} bytes of rules)",
            ms[0],
            ms[runs / 2],
            source.text.len()
        );
    }
}
