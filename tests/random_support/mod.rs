//! What the random-game tests (`random_invictus.rs`, `random_naytin.rs`) share: the
//! legal choices as text, the end compared with a model's, and small list helpers.
//! It lives in a folder so that cargo does not build it as a test of its own.

#![allow(dead_code)]

use crate::common::*;

/// A game that runs past this many decisions fails the test (neither game comes near it:
/// Invictus needs a few hundred, Naytïn Six a few dozen).
pub const MAX_DECISIONS: usize = 20_000;

/// The legal choices as text (in the engine's order) with their chance weights.
pub fn choices_text(engine: &mut Engine, state: &State, choices: &mut Choices) -> Vec<String> {
    engine.legal(state, choices).expect("legal");
    (0..choices.len())
        .map(|i| {
            engine
                .choice_text(state, choices.get(i))
                .expect("choice_text")
        })
        .collect()
}

pub fn winner_by_score(scores: &[i32; 2]) -> Option<usize> {
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// Compares the engine's end with the model's: (winner, scores, reason).
pub fn check_end(
    engine: &mut Engine,
    state: &State,
    want: &Option<(Option<usize>, [i32; 2], &str)>,
    at: &str,
) {
    let got = engine.outcome(state).unwrap().map(|o| {
        (
            o.winner.map(|w| w.index()),
            o.scores.clone(),
            o.reason.clone(),
        )
    });
    let want = want
        .as_ref()
        .map(|(w, s, r)| (*w, s.to_vec(), r.to_string()));
    assert_eq!(got, want, "{at}: the end");
}

pub fn distinct(v: &[i32]) -> Vec<i32> {
    let mut d = v.to_vec();
    d.sort();
    d.dedup();
    d
}

pub fn take(v: &mut Vec<i32>, x: i32) {
    let k = v
        .iter()
        .position(|&y| y == x)
        .unwrap_or_else(|| panic!("no {x} in {v:?}"));
    v.remove(k);
}
