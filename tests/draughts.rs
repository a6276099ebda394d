//! English draughts (examples/rules/draughts.tabula): the published move counts from
//! the start, and compulsory capture, multiple jumps, crowning and kings worked out by
//! hand.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "draughts.tabula";

/// Published perft of English draughts from the start (Aart Bik's table); a capture of
/// several jumps counts as one move.
const PUBLISHED: [(usize, u64); 9] = [
    (1, 7),
    (2, 49),
    (3, 302),
    (4, 1469),
    (5, 7361),
    (6, 36768),
    (7, 179740),
    (8, 845931),
    (9, 3963680),
];

#[test]
fn perft_matches_the_published_counts() {
    let game = example(FILE, &[]);
    check_perft(&game, &PUBLISHED, if long() { 8 } else { 5 });
}

/// A position with black to move: (cell, owner, piece) for each piece.
fn position(game: &Game, to_move: &str, pieces: &[(&str, &str, &str)]) -> State {
    let mut cells = serde_json::Map::new();
    for (c, owner, piece) in pieces {
        cells.insert(c.to_string(), json!({"owner": owner, "piece": piece}));
    }
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells}),
    )
}

#[test]
fn the_opening_moves_are_the_seven_steps_of_the_front_men() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let s = e.initial_state().unwrap();
    let want = [
        "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
    ];
    assert_eq!(moves(&mut e, &s), sorted(&want));
}

#[test]
fn capturing_is_compulsory() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let s = position(
        &game,
        "black",
        &[
            ("a1", "black", "man"),
            ("c3", "black", "man"),
            ("d4", "white", "man"),
        ],
    );
    assert_eq!(moves(&mut e, &s), ["c3xe5"]);
}

#[test]
fn a_capture_goes_on_while_the_piece_can_jump_and_the_jumped_pieces_go() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = position(
        &game,
        "black",
        &[
            ("c3", "black", "man"),
            ("d4", "white", "man"),
            ("f6", "white", "man"),
        ],
    );
    assert_eq!(moves(&mut e, &s), ["c3xe5 e5xg7"]);
    // Typed as one word from the first cell to the last.
    play(&mut e, &mut s, "c3xg7");
    assert_eq!(cell(&game, &s, "d4"), None);
    assert_eq!(cell(&game, &s, "f6"), None);
    assert_eq!(cell(&game, &s, "g7").unwrap().0, "black");
    assert_eq!(to_move(&game, &s), "white");
}

#[test]
fn a_fork_gives_one_move_per_way_and_stopping_early_is_not_allowed() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // From e5 black can go on over d6 or over f6; the single jump c3xe5 is no move.
    let s = position(
        &game,
        "black",
        &[
            ("c3", "black", "man"),
            ("d4", "white", "man"),
            ("d6", "white", "man"),
            ("f6", "white", "man"),
        ],
    );
    assert_eq!(moves(&mut e, &s), sorted(&["c3xe5 e5xc7", "c3xe5 e5xg7"]));
}

#[test]
fn a_man_crowned_by_a_jump_stops_there() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // d6xf8 crowns; the new king could jump g7 to h6, but the move ends.
    let mut s = position(
        &game,
        "black",
        &[
            ("d6", "black", "man"),
            ("e7", "white", "man"),
            ("g7", "white", "man"),
        ],
    );
    assert_eq!(moves(&mut e, &s), ["d6xf8"]);
    play(&mut e, &mut s, "d6xf8");
    assert_eq!(cell(&game, &s, "f8").map(|c| c.1), Some("king".to_string()));
    assert_eq!(cell(&game, &s, "g7").unwrap().0, "white");
}

#[test]
fn kings_move_and_jump_backwards_men_do_not() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let s = position(
        &game,
        "black",
        &[("d4", "black", "king"), ("h8", "white", "man")],
    );
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["d4-c3", "d4-c5", "d4-e3", "d4-e5"])
    );
    let s = position(
        &game,
        "black",
        &[("d4", "black", "man"), ("h8", "white", "man")],
    );
    assert_eq!(moves(&mut e, &s), sorted(&["d4-c5", "d4-e5"]));
    // White's men go down the board, and a king of white's jumps up it.
    let s = position(
        &game,
        "white",
        &[
            ("d4", "white", "king"),
            ("e5", "black", "man"),
            ("a1", "black", "man"),
        ],
    );
    assert_eq!(moves(&mut e, &s), ["d4xf6"]);
}

/// A king round a diamond of four men: each is jumped once, and the two ways round reach
/// one position, so they are one move.
#[test]
fn a_piece_is_jumped_once_and_ways_to_one_position_are_one_move() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = position(
        &game,
        "black",
        &[
            ("c1", "black", "king"),
            ("d2", "white", "man"),
            ("d4", "white", "man"),
            ("b4", "white", "man"),
            ("b2", "white", "man"),
            ("h8", "white", "man"),
        ],
    );
    let m = moves(&mut e, &s);
    assert_eq!(m.len(), 1, "{m:?}");
    play(&mut e, &mut s, &m[0]);
    for c in ["d2", "d4", "b4", "b2"] {
        assert_eq!(cell(&game, &s, c), None, "{c}");
    }
    assert_eq!(cell(&game, &s, "c1").unwrap().0, "black");
}

#[test]
fn a_player_without_a_move_loses() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // White's only man, on c3, is blocked by b2 and d2, which cannot be jumped: a1 and
    // e1 behind them are taken.
    let s = position(
        &game,
        "white",
        &[
            ("c3", "white", "man"),
            ("b2", "black", "man"),
            ("d2", "black", "man"),
            ("a1", "black", "man"),
            ("e1", "black", "man"),
        ],
    );
    let (winner, _, reason) = result(&mut e, &s).unwrap();
    assert_eq!(
        (winner.as_str(), reason.as_str()),
        ("black", "no legal move")
    );
}
