//! GNU Backgammon Position and Match IDs: parsed on their own and as a state, and a
//! state made from them read by the backgammon rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tabula::{compile, json, Game, Source};

fn backgammon() -> Option<&'static Game> {
    static GAME: OnceLock<Option<Game>> = OnceLock::new();
    GAME.get_or_init(|| {
        let source = tabula::games::load_source("backgammon").ok()?;
        compile(&source, &[]).ok()
    })
    .as_ref()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (position, match_id) = match text.split_once(':') {
        Some((p, m)) => (p, Some(m)),
        None => (text, None),
    };
    let _ = tabula_gnubg::parse_position_id(position);
    if let Some(m) = match_id {
        let _ = tabula_gnubg::parse_match_id(m);
    }
    let Ok(value) = tabula_gnubg::state_from_ids(position, match_id) else {
        return;
    };
    let _ = tabula_gnubg::ids_from_state(&value);
    if let Some(game) = backgammon() {
        let text = value.to_string();
        let _ = json::state_from_text(game, &Source::new("gnubg.json", text));
    }
});
