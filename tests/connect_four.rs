//! Connect Four (examples/rules/connect-four.tabula): the published move counts from the
//! start, deeper counts from an independent implementation
//! (tests/independent/connect_four.py), and wins and draws worked out by hand.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "connect-four.tabula";

/// Published: every sequence of up to six drops is legal and no game ends before
/// the seventh, so the counts are 7^n.
#[test]
fn perft_matches_the_published_counts() {
    let game = example(FILE, &[]);
    let published = [
        (1, 7),
        (2, 49),
        (3, 343),
        (4, 2401),
        (5, 16807),
        (6, 117649),
    ];
    check_perft(&game, &published, 5);
}

#[test]
fn perft_matches_the_independent_implementation() {
    let game = example(FILE, &[]);
    let depth = if long() { 8 } else { 6 };
    check_perft(&game, &independent_counts("connect-four.perft"), depth);
}

#[test]
fn a_disc_falls_to_the_lowest_empty_cell() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["a1", "b1", "c1", "d1", "e1", "f1", "g1"])
    );
    play_all(&mut e, &mut s, &["d1", "d2", "d3"]);
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["a1", "b1", "c1", "d4", "e1", "f1", "g1"])
    );
    assert!(refused(&mut e, &s, "d6"));
}

#[test]
fn a_full_column_takes_no_more_discs() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    play_all(&mut e, &mut s, &["a1", "a2", "a3", "a4", "a5", "a6"]);
    assert!(!moves(&mut e, &s).iter().any(|m| m.starts_with('a')));
    assert_eq!(moves(&mut e, &s).len(), 6);
}

#[test]
fn four_across_up_and_diagonally_win() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // Across, the last disc in the middle of the line: c1 d1 f1 then e1.
    let mut s = e.initial_state().unwrap();
    play_all(&mut e, &mut s, &["c1", "c2", "d1", "d2", "f1", "f2"]);
    assert!(!is_over(&mut e, &s));
    play(&mut e, &mut s, "e1");
    assert_eq!(result(&mut e, &s).unwrap().0, "red");
    // Up, for yellow.
    let mut s = e.initial_state().unwrap();
    play_all(
        &mut e,
        &mut s,
        &["a1", "b1", "c1", "b2", "c2", "b3", "a2", "b4"],
    );
    assert_eq!(result(&mut e, &s).unwrap().0, "yellow");
    // Rising diagonal a1 b2 c3 d4, with yellow's discs underneath.
    let mut s = e.initial_state().unwrap();
    play_all(
        &mut e,
        &mut s,
        &["a1", "b1", "b2", "c1", "c2", "d1", "c3", "d2", "d3", "g1"],
    );
    assert!(!is_over(&mut e, &s));
    play(&mut e, &mut s, "d4");
    assert_eq!(result(&mut e, &s).unwrap().0, "red");
    // Falling diagonal d1 c2 b3 a4 for red, a4 played last.
    let mut s = e.initial_state().unwrap();
    play_all(
        &mut e,
        &mut s,
        &["d1", "c1", "c2", "b1", "b2", "a1", "b3", "a2", "g1", "a3"],
    );
    assert!(!is_over(&mut e, &s));
    play(&mut e, &mut s, "a4");
    assert_eq!(result(&mut e, &s).unwrap().0, "red");
}

#[test]
fn three_in_a_row_and_a_broken_line_do_not_win() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    // Red a1 b1 d1 e1 with yellow's c1 between: no four.
    play_all(&mut e, &mut s, &["a1", "c1", "b1", "a2", "d1", "b2", "e1"]);
    assert!(!is_over(&mut e, &s));
}

/// A full board without four in a row: a drawn game found by random play in the
/// independent implementation (tests/independent/connect_four.py).
#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    let order = [
        "d1", "e1", "e2", "g1", "a1", "d2", "f1", "c1", "g2", "f2", "a2", "g3", "f3", "a3", "d3",
        "g4", "f4", "g5", "b1", "d4", "b2", "d5", "g6", "f5", "c2", "a4", "f6", "d6", "e3", "e4",
        "a5", "b3", "b4", "b5", "a6", "b6", "e5", "c3", "e6", "c4", "c5", "c6",
    ];
    for m in order {
        assert!(!is_over(&mut e, &s), "over before {m}");
        play(&mut e, &mut s, m);
    }
    let (winner, _, reason) = result(&mut e, &s).unwrap();
    assert_eq!(
        (winner.as_str(), reason.as_str()),
        ("draw", "no legal move")
    );
}
