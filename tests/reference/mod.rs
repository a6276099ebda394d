//! Comparing tabula with the independent implementation's sampled positions
//! (tests/fixtures/ref-samples.md): legal moves, scores, the winner of a finished game
//! and perft to depth 3. Shared by tests/invictus_reference.rs and
//! tests/naytin_reference.rs, which only convert the reference's state encoding.

use serde_json::Value;
use tabula::{Choices, Engine, Game, State};

/// Every disagreement between tabula and one sample, as readable lines.
pub fn compare(engine: &mut Engine, game: &Game, state: &State, sample: &Value) -> Vec<String> {
    let at = format!("ply {} of game {}", sample["ply"], sample["game_index"]);
    let mut mismatches = Vec::new();
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    let mut ours: Vec<String> = (0..choices.len())
        .map(|i| engine.choice_text(state, &choices[i]).unwrap())
        .collect();
    ours.sort();
    let mut theirs: Vec<String> = sample["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    theirs.sort();
    if ours != theirs {
        return vec![format!(
            "{at}: moves\n  ours   {ours:?}\n  theirs {theirs:?}"
        )];
    }
    let scores = engine.scores(state).expect("scores");
    let want: Vec<i32> = game
        .players()
        .iter()
        .map(|p| sample["scores"][p].as_i64().unwrap() as i32)
        .collect();
    if scores != want {
        mismatches.push(format!("{at}: scores ours {scores:?}, theirs {want:?}"));
    }
    if sample["terminal"].as_bool() == Some(true) {
        let winner = engine.outcome(state).unwrap().map(|o| {
            o.winner
                .map_or("draw".to_string(), |w| game.players()[w.index()].clone())
        });
        if winner.as_deref() != sample["winner"].as_str() {
            mismatches.push(format!(
                "{at}: winner ours {winner:?}, theirs {}",
                sample["winner"]
            ));
        }
    }
    for depth in 1..=3 {
        let want = &sample["perft"][depth.to_string()];
        if want.is_null() {
            continue;
        }
        let got = engine.perft(state, depth).unwrap();
        if Some(got) != want.as_u64() {
            mismatches.push(format!("{at}: perft {depth} ours {got}, theirs {want}"));
        }
    }
    mismatches
}
