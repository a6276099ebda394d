//! The draw of a random game that judges only what it draws (`pick_allowed`) against
//! the legal moves' weights worked out by hand: the same distribution, never a refused
//! step, and nothing when every step is refused.

use crate::engine::rng::Rng;
use crate::engine::{Choices, Engine};
use std::collections::BTreeMap;

/// A man on b2 of a 3x3 grid steps to any of its 8 neighbours, never onto the a-file
/// (a forbidden position); a step weighs its rank plus its file (a = 1) when `weights`.
fn game(weights: bool, forbid: &str) -> crate::Game {
    let weight = if weights {
        "playout weight rank(to) + file(to)"
    } else {
        ""
    };
    let text = format!(
        "game \"t\"\nplayers a, b\nboard {{ grid 3 x 3 }}\npiece man\n\
         region edge {{ a1, a2, a3 }}\n\
         action go \"{{to}}\" for from in cells where owner(from) == mover\n\
           for to in neighbours(from) where empty(to) {weight} {{ move from -> to }}\n\
         setup {{ put man of a at b2 }}\n\
         phase play {{ starts a actions go forbid \"on the edge\" when {forbid} }}\n"
    );
    crate::compile(&crate::Source::new("t", text.as_str()), &[]).expect("compiles")
}

/// How often each step is drawn in `n` draws, by its text.
fn draws(game: &crate::Game, n: usize) -> BTreeMap<String, usize> {
    let mut engine = Engine::new(game);
    let state = engine.initial_state().expect("a start");
    let mut rng = Rng::new(1);
    let mut choices = Choices::default();
    let mut seen = BTreeMap::new();
    for _ in 0..n {
        let i = engine
            .pick_allowed(&state, &mut choices, &mut rng)
            .expect("a step");
        let text = engine.choice_text(&state, &choices[i]).expect("a text");
        *seen.entry(text).or_insert(0) += 1;
    }
    seen
}

/// Pearson's chi-square of `seen` against the expected shares `expected` (weights).
fn chi_square(seen: &BTreeMap<String, usize>, expected: &[(&str, f64)], n: usize) -> f64 {
    let total: f64 = expected.iter().map(|(_, w)| w).sum();
    assert_eq!(seen.len(), expected.len(), "{seen:?}");
    expected
        .iter()
        .map(|(cell, w)| {
            let e = n as f64 * w / total;
            let o = *seen
                .get(*cell)
                .unwrap_or_else(|| panic!("{cell} never drawn")) as f64;
            (o - e) * (o - e) / e
        })
        .sum()
}

/// The chi-square with 4 degrees of freedom that chance exceeds once in 1,000.
const CHI2_4_P001: f64 = 18.47;

#[test]
fn a_draw_is_by_weight_among_the_legal_steps_only() {
    let on_edge = "exists(c in edge where owner(c) == a)";
    let n = 23_000;
    // Legal: b1 (weight 2 + 1), c1 (3 + 1), c2 (3 + 2), b3 (2 + 3), c3 (3 + 3); a1, a2
    // and a3 are refused.
    let seen = draws(&game(true, on_edge), n);
    let expected = [
        ("b1", 3.0),
        ("c1", 4.0),
        ("c2", 5.0),
        ("b3", 5.0),
        ("c3", 6.0),
    ];
    let x = chi_square(&seen, &expected, n);
    assert!(x < CHI2_4_P001, "chi-square {x}: {seen:?}");
    // Without weights: each of the five legal steps alike.
    let seen = draws(&game(false, on_edge), n);
    let expected = [
        ("b1", 1.0),
        ("c1", 1.0),
        ("c2", 1.0),
        ("b3", 1.0),
        ("c3", 1.0),
    ];
    let x = chi_square(&seen, &expected, n);
    assert!(x < CHI2_4_P001, "chi-square {x}: {seen:?}");
}

#[test]
fn every_step_refused_draws_nothing() {
    let g = game(true, "true");
    let mut engine = Engine::new(&g);
    let state = engine.initial_state().expect("a start");
    let mut choices = Choices::default();
    assert_eq!(
        engine.pick_allowed(&state, &mut choices, &mut Rng::new(1)),
        None
    );
    // The legal moves say the same: none.
    engine.legal(&state, &mut choices).expect("legal");
    assert!(choices.is_empty());
}
