//! A rules file: parse, check and compile it; when it compiles, set the game up and
//! play a short random game, so the player is fuzzed by the rules as well.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::engine::rng::Rng;
use tabula::{compile, Choices, Engine, Source};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = compile(&Source::new("fuzz.tabula", text), &[]) else {
        return;
    };
    let mut engine = Engine::new(&game);
    let _ = engine.playout(&mut Rng::new(data.len() as u64), 20, &mut Choices::default());
});
