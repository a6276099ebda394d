//! Move text: moves typed at the prompt, played one after another from the start of a
//! built-in game (chance outcomes too, when chance is pending).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tabula::{compile, Engine, Game, Source};

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
    let mut engine = Engine::new(game);
    let Ok(mut state) = engine.initial_state() else {
        return;
    };
    for m in text.split(',').take(64) {
        if engine.play_text(&mut state, m.trim()).is_err() {
            break;
        }
    }
});
