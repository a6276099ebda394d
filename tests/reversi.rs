//! Reversi (examples/rules/reversi.tabula): the published move counts from the start,
//! and flips, passes and the end worked out by hand.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "reversi.tabula";

/// Published perft of Reversi/Othello from the standard start (no pass occurs this early).
const PUBLISHED: [(usize, u64); 8] = [
    (1, 4),
    (2, 12),
    (3, 56),
    (4, 244),
    (5, 1396),
    (6, 8200),
    (7, 55092),
    (8, 390216),
];

#[test]
fn perft_matches_the_published_counts() {
    let game = example(FILE, &[]);
    check_perft(&game, &PUBLISHED, if long() { 8 } else { 6 });
}

fn owners(game: &Game, s: &State, cells: &[&str]) -> Vec<String> {
    cells
        .iter()
        .map(|c| cell(game, s, c).map_or("-".to_string(), |(o, _, _)| o))
        .collect()
}

#[test]
fn a_placed_disc_turns_over_each_line_it_closes() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    assert_eq!(moves(&mut e, &s), sorted(&["c4", "d3", "e6", "f5"]));
    // Black d3 closes d4 (white) against d5 (black).
    play(&mut e, &mut s, "d3");
    assert_eq!(
        owners(&game, &s, &["d3", "d4", "d5", "e4", "e5"]),
        ["black", "black", "black", "black", "white"]
    );
    // White c5 closes d5 against e5; c3 closes d4 against e5 diagonally.
    assert_eq!(moves(&mut e, &s), sorted(&["c3", "c5", "e3"]));
    play(&mut e, &mut s, "c3");
    assert_eq!(
        owners(&game, &s, &["c3", "d4", "e5", "d3", "d5", "e4"]),
        ["white", "white", "white", "black", "black", "black"]
    );
}

#[test]
fn a_disc_closing_two_lines_turns_both() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // Black at b1 and b2, white at c1 and c3: white's a1 closes b1 (east, against c1)
    // and b2 (north-east, against c3).
    let s = state(
        &game,
        json!({"phase": "play", "to_move": "white", "cells": {
            "b1": {"owner": "black", "piece": "disc"},
            "c1": {"owner": "white", "piece": "disc"},
            "b2": {"owner": "black", "piece": "disc"},
            "c3": {"owner": "white", "piece": "disc"},
        }}),
    );
    let mut s = s;
    assert!(moves(&mut e, &s).contains(&"a1".to_string()));
    play(&mut e, &mut s, "a1");
    assert_eq!(
        owners(&game, &s, &["a1", "b1", "c1", "b2", "c3"]),
        ["white"; 5]
    );
}

#[test]
fn a_player_who_cannot_place_passes_and_the_game_ends_when_neither_can() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // White cannot close black's a1 (it sits in the corner); black can place c1.
    let mut s = state(
        &game,
        json!({"phase": "play", "to_move": "white", "cells": {
            "a1": {"owner": "black", "piece": "disc"},
            "b1": {"owner": "white", "piece": "disc"},
        }}),
    );
    assert_eq!(moves(&mut e, &s), ["pass"]);
    play(&mut e, &mut s, "pass");
    assert_eq!(moves(&mut e, &s), ["c1"]);
    play(&mut e, &mut s, "c1");
    let (winner, scores, reason) = result(&mut e, &s).unwrap();
    assert_eq!(winner, "black");
    assert_eq!(scores, [3, 0]);
    assert_eq!(reason, "neither can place");
}

#[test]
fn a_position_where_neither_can_place_ends_without_a_pass() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let s = state(
        &game,
        json!({"phase": "play", "to_move": "black", "cells": {
            "a1": {"owner": "black", "piece": "disc"},
            "h8": {"owner": "white", "piece": "disc"},
            "h7": {"owner": "white", "piece": "disc"},
        }}),
    );
    let (winner, scores, _) = result(&mut e, &s).unwrap();
    assert_eq!((winner.as_str(), scores), ("white", vec![1, 2]));
}
