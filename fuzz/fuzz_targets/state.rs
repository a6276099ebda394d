//! A state file, as JSON and as YAML, read by each built-in game; a state that reads
//! is written back and its moves listed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tabula::{compile, json, Choices, Engine, Game, Source};

fn games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        tabula::games::BUILT_IN
            .iter()
            .filter_map(|(name, text)| compile(&Source::new(*name, *text), &[]).ok())
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let games = games();
    let game = &games[pick as usize % games.len()];
    let name = if pick & 0x80 != 0 { "s.yaml" } else { "s.json" };
    if let Ok(state) = json::state_from_text(game, &Source::new(name, text)) {
        let _ = json::state_to_json(game, &state);
        let _ = Engine::new(game).legal(&state, &mut Choices::default());
    }
});
