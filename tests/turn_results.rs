//! A whole-turn search plays each turn it finds, and keeps the state the turn leads to
//! (`Choices::result`), which random playouts use instead of playing the turn again.
//! Here every such state, along random games of every built-in game and option set
//! that decides turns whole, must be exactly the state reached by applying the
//! choice's steps one by one, as a player's move is applied.

mod common;
use common::*;
use tabula::engine::rng::Rng;

fn check_games(name: &str, options: &[&str], games: usize) -> usize {
    let game = game(name, options);
    let mut engine = Engine::new(&game);
    let mut rng = Rng::new(7);
    let mut choices = Choices::default();
    let mut checked = 0;
    for g in 0..games {
        let mut state = engine.initial_state().expect("initial state");
        for decision in 0..2_000 {
            engine.legal(&state, &mut choices).expect("legal");
            if choices.is_empty() {
                break;
            }
            if state.chance().is_none() {
                for i in 0..choices.len() {
                    let Some(kept) = choices.result(i) else {
                        continue;
                    };
                    let mut played = state.clone();
                    engine
                        .apply(&mut played, &choices[i])
                        .expect("apply a legal choice");
                    assert_eq!(
                        kept,
                        played.words(),
                        "{name} {options:?}, game {g}, decision {decision}, choice {i}"
                    );
                    checked += 1;
                }
            }
            let i = if state.chance().is_some() {
                rng.weighted(&choices.weights)
            } else {
                rng.below(choices.len() as u32) as usize
            };
            let steps = choices[i].to_vec();
            engine.apply(&mut state, &steps).expect("apply");
        }
    }
    checked
}

#[test]
fn kept_results_are_the_states_the_steps_reach() {
    let mut checked = 0;
    for (options, games) in [
        (&[][..], 6),
        (&["no-cube"][..], 6),
        (&["first-roll-reroll"][..], 2),
    ] {
        checked += check_games("backgammon", options, games);
    }
    // The test must have looked at whole turns at all.
    assert!(checked > 1_000, "only {checked} whole turns checked");
}

#[test]
fn single_actions_keep_no_result() {
    for name in ["invictus", "naytin-six"] {
        let game = game(name, &[]);
        let mut engine = Engine::new(&game);
        let state = engine.initial_state().expect("initial state");
        let mut choices = Choices::default();
        engine.legal(&state, &mut choices).expect("legal");
        assert!(!choices.is_empty());
        assert!(choices.result(0).is_none(), "{name}");
    }
}
