//! Backgammon against an independent move generator: DeepMind OpenSpiel's `backgammon`
//! (described in tools/bg-oracle/README.md). For every sampled position and roll, the positions
//! reached by tabula's legal whole turns must be exactly the oracle's `results`; each
//! position is checked twice, the mover playing White and playing Black.
//!
//! Fixtures:
//! - `tests/fixtures/bg-oracle-sample.jsonl`: `oracle.py --games 50 --seed 1` (1,277
//!   positions), the whole file in every build (5 to 10 s in debug, about 1 s in release).
//! - `tests/fixtures/bg-oracle-higher-die.jsonl`: the 39 positions tagged
//!   `higher_die_forced` (both dice playable alone but not together, and the lower one
//!   would give another position) from `oracle.py --games 2000 --seed 7 --p-sample 0.02`;
//!   the sample has none of those.
//!
//! The same check on any oracle file: `cargo run --release --example bg-oracle -- FILE`.

mod backgammon_support;

use backgammon_support::{
    check_all, flip, from_state, game, neutral, parse_oracle, to_state, Colour, START,
};
use tabula::Engine;

fn check_fixture(name: &str, expected_positions: usize) {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases = parse_oracle(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        cases.len(),
        expected_positions,
        "{path}: number of positions"
    );
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    let mismatches = check_all(&mut engine, &cases);
    let shown: Vec<String> = mismatches.iter().take(10).map(|m| m.to_string()).collect();
    assert!(
        mismatches.is_empty(),
        "{} positions, {} mismatches; the first ones:\n{}",
        cases.len(),
        mismatches.len(),
        shown.join("\n")
    );
}

#[test]
fn agrees_with_openspiel_on_the_sample() {
    check_fixture("bg-oracle-sample.jsonl", 1277);
}

#[test]
fn agrees_with_openspiel_where_the_higher_die_is_forced() {
    check_fixture("bg-oracle-higher-die.jsonl", 39);
}

/// The conversion itself, on the oracle's documented start position: White's and
/// Black's setups of games/backgammon.tabula are both `START` from their own side.
#[test]
fn start_position_converts_both_ways() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    let initial = engine.initial_state().unwrap();
    assert_eq!(from_state(&game, &initial, Colour::White).unwrap(), START);
    assert_eq!(from_state(&game, &initial, Colour::Black).unwrap(), START);
    // A lopsided position (bar and trays too): the mover has 2 on his 24-point, 3 on
    // his 5, 1 on the bar and 9 off; the opponent 4 on the mover's 1-point, 1 on the
    // mover's 20, 2 on his bar and 8 off.
    let lopsided = neutral(&[(24, 2), (5, 3)], &[(1, 4), (20, 1)], (1, 2), (9, 8));
    for colour in Colour::BOTH {
        let state = to_state(&game, &lopsided, colour, &[3, 1]).unwrap();
        assert_eq!(from_state(&game, &state, colour).unwrap(), lopsided);
        // Seen by the other player, the same board is the mirror image.
        assert_eq!(
            from_state(&game, &state, colour.other()).unwrap(),
            flip(&lopsided)
        );
    }
    let expected = neutral(&[(24, 4), (5, 1)], &[(1, 2), (20, 3)], (2, 1), (8, 9));
    assert_eq!(flip(&lopsided), expected);
    assert_eq!(flip(&flip(&lopsided)), lopsided);
}
