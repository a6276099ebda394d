//! Dots and Boxes (examples/rules/dots-and-boxes.tabula) on positions worked out by hand:
//! every line a move whoever draws it, the fourth side of a box scored with another
//! line to draw, a line that closes two boxes, and the end by the boxes counted.
//! python/tests/test_dots_vs_openspiel.py plays it against OpenSpiel's `dots_and_boxes`
//! move by move.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "dots-and-boxes.tabula";

/// A position: the player to move, the lines drawn (line, by whom), the boxes each has.
fn position(game: &Game, to_move: &str, drawn: &[(&str, &str)], boxes: [i64; 2]) -> State {
    let mut cells = serde_json::Map::new();
    for (c, p) in drawn {
        cells.insert(c.to_string(), json!({"owner": p, "piece": "stroke"}));
    }
    let counters = json!({"boxes": {"one": boxes[0], "two": boxes[1]}});
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells, "counters": counters}),
    )
}

#[test]
fn every_line_not_drawn_is_a_move() {
    let game = example(FILE, &[]);
    // Each move draws one of the lines left, whoever draws it, and the game lasts
    // until all 12 are drawn: 12, 12 x 11, ... sequences.
    let counts = [(1, 12), (2, 132), (3, 1_320), (4, 11_880), (5, 95_040)];
    check_perft(&game, &counts, 5);
}

#[test]
fn the_fourth_side_of_a_box_scores_and_draws_again() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // Box a (h00 h10 v00 v01) has three sides; two draws the fourth.
    let drawn = [("h00", "one"), ("h10", "two"), ("v00", "one")];
    let mut s = position(&game, "two", &drawn, [0, 0]);
    play(&mut e, &mut s, "v01");
    assert_eq!(to_move(&game, &s), "two");
    assert_eq!(counter_of(&game, &s, "boxes", "two"), 1);
    assert_eq!(moves(&mut e, &s).len(), 8);
    // A line that closes nothing passes the turn.
    play(&mut e, &mut s, "h21");
    assert_eq!(to_move(&game, &s), "one");
    assert_eq!(counter_of(&game, &s, "boxes", "two"), 1);
}

#[test]
fn the_last_line_closing_two_boxes_wins() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // All but v01, the side boxes a and b share; c and d are one each.
    let all = [
        "h00", "h01", "h10", "h11", "h20", "h21", "v00", "v02", "v10", "v11", "v12",
    ];
    let drawn: Vec<(&str, &str)> = all.iter().map(|&c| (c, "one")).collect();
    let mut s = position(&game, "two", &drawn, [1, 1]);
    assert_eq!(moves(&mut e, &s), ["v01"]);
    play(&mut e, &mut s, "v01");
    let (winner, scores, reason) = result(&mut e, &s).expect("over");
    assert_eq!(
        (winner.as_str(), scores, reason.as_str()),
        ("two", vec![1, 3], "all lines drawn")
    );
    // All but v12: boxes a, b and c are closed (two of them one's); v12 closes box d
    // for two, and two each is a draw.
    let all = [
        "h00", "h01", "h10", "h11", "h20", "h21", "v00", "v01", "v02", "v10", "v11",
    ];
    let drawn: Vec<(&str, &str)> = all.iter().map(|&c| (c, "two")).collect();
    let mut s = position(&game, "two", &drawn, [2, 1]);
    play(&mut e, &mut s, "v12");
    let (winner, scores, _) = result(&mut e, &s).expect("over");
    assert_eq!((winner.as_str(), scores), ("draw", vec![2, 2]));
}
