//! Kalah (examples/rules/kalah.tabula): move counts from the start against an
//! independent implementation (tests/independent/kalah.py), and sowing, the extra move,
//! the capture and the end worked out by hand.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "kalah.tabula";

#[test]
fn perft_matches_the_independent_implementation() {
    let game = example(FILE, &[]);
    let depth = if long() { 8 } else { 6 };
    check_perft(&game, &independent_counts("kalah.perft"), depth);
}

/// Seeds per cell (south's pits a1..f1, north's a2..f2, the two stores).
fn seeds(game: &Game, s: &State) -> Vec<i64> {
    let cells = [
        "a1",
        "b1",
        "c1",
        "d1",
        "e1",
        "f1",
        "store-south",
        "f2",
        "e2",
        "d2",
        "c2",
        "b2",
        "a2",
        "store-north",
    ];
    cells
        .iter()
        .map(|c| match doc(game, s)["cells"].get(c) {
            // A state document leaves out the count of a single piece.
            Some(x) => x["count"].as_i64().unwrap_or(1),
            None => 0,
        })
        .collect()
}

fn position(game: &Game, to_move: &str, holes: &[(&str, i64)]) -> State {
    let mut cells = serde_json::Map::new();
    for (c, n) in holes {
        cells.insert(c.to_string(), json!({"piece": "seed", "count": n}));
    }
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells}),
    )
}

#[test]
fn a_last_seed_in_the_own_store_gives_another_move() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    // c1's four seeds go to d1, e1, f1 and the store.
    play(&mut e, &mut s, "c1");
    assert_eq!(seeds(&game, &s), [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0]);
    assert_eq!(to_move(&game, &s), "south");
    // f1's five: the store, then north's f2 e2 d2 c2; north moves next.
    play(&mut e, &mut s, "f1");
    assert_eq!(seeds(&game, &s), [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0]);
    assert_eq!(to_move(&game, &s), "north");
}

#[test]
fn sowing_skips_the_opponents_store_and_laps_round() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // f2 is north's first pit; 14 seeds go e2..a2, his store, a1..f1 (6), f2 itself,
    // e2: 13 holes a lap, south's store skipped.
    let mut s = position(&game, "north", &[("f2", 14), ("a1", 1)]);
    play(&mut e, &mut s, "f2");
    assert_eq!(seeds(&game, &s), [2, 1, 1, 1, 1, 1, 0, 1, 2, 1, 1, 1, 1, 1]);
}

#[test]
fn a_last_seed_in_an_own_empty_pit_takes_the_pit_across() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // South's a1 has 2 seeds: b1, then c1, which was empty; c2 across holds 5.
    let mut s = position(&game, "south", &[("a1", 2), ("c2", 5), ("f2", 1)]);
    play(&mut e, &mut s, "a1");
    assert_eq!(seeds(&game, &s), [0, 1, 0, 0, 0, 0, 6, 1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(to_move(&game, &s), "north");
    // Nothing across: no capture.
    let mut s = position(&game, "south", &[("a1", 2), ("f2", 1)]);
    play(&mut e, &mut s, "a1");
    assert_eq!(seeds(&game, &s), [0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn the_game_ends_when_a_side_is_empty_and_each_keeps_his_seeds() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // South sows his last seed into his store; north still has 3 seeds in his pits.
    let mut s = position(
        &game,
        "south",
        &[
            ("f1", 1),
            ("store-south", 20),
            ("a2", 3),
            ("store-north", 24),
        ],
    );
    play(&mut e, &mut s, "f1");
    let (winner, scores, reason) = result(&mut e, &s).unwrap();
    assert_eq!(winner, "north");
    assert_eq!(scores, [21, 27]);
    assert_eq!(reason, "a side is empty");
}

/// A game whose only piece is a neutral one shows each pit's count alone: four seeds in
/// each of the twelve pits at the start, the stores empty.
#[test]
fn the_board_shows_each_pit_as_its_count_of_seeds() {
    let path = format!("{}/examples/rules/{FILE}", env!("CARGO_MANIFEST_DIR"));
    let mut s = tabula::session::Session::open(&path, &[], 1).unwrap();
    let out = s.intro().text;
    assert!(
        out.contains("2  4 4 4 4 4 4  2\n1  4 4 4 4 4 4  1\n"),
        "{out}"
    );
    assert!(
        out.contains("a number counts the seed pieces on a cell"),
        "{out}"
    );
}
