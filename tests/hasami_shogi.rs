//! Hasami Shogi (examples/rules/hasami-shogi.tabula): move counts from the start and from
//! sampled positions against an independent implementation
//! (tests/independent/hasami_shogi.py, which wrote tests/independent/hasami-shogi.txt),
//! and custodial captures worked out by hand.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "hasami-shogi.tabula";

fn reference() -> (Vec<u64>, Vec<Value>) {
    let path = format!(
        "{}/tests/independent/hasami-shogi.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let start = lines.next().unwrap().trim_start_matches("start ");
    let start: Vec<u64> = serde_json::from_str(start).unwrap();
    let samples = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
    (start, samples)
}

fn position(game: &Game, to_move: &str, quiet: i64, pieces: &[(&str, &str)]) -> State {
    let mut cells = serde_json::Map::new();
    for (c, p) in pieces {
        cells.insert(c.to_string(), json!({"owner": p, "piece": "pawn"}));
    }
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells,
               "counters": {"quiet": quiet}}),
    )
}

#[test]
fn perft_from_the_start_matches_the_independent_implementation() {
    let game = example(FILE, &[]);
    let (start, _) = reference();
    let counts: Vec<(usize, u64)> = start.iter().enumerate().map(|(i, &n)| (i + 1, n)).collect();
    check_perft(&game, &counts, if long() { 3 } else { 2 });
}

#[test]
fn perft_from_sampled_positions_matches_the_independent_implementation() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let (_, samples) = reference();
    assert_eq!(samples.len(), 6);
    for v in samples {
        let pieces: Vec<(String, String)> = v["pieces"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(c, p)| (c.clone(), p.as_str().unwrap().to_string()))
            .collect();
        let refs: Vec<(&str, &str)> = pieces
            .iter()
            .map(|(c, p)| (c.as_str(), p.as_str()))
            .collect();
        let s = position(
            &game,
            v["to_move"].as_str().unwrap(),
            v["quiet"].as_i64().unwrap(),
            &refs,
        );
        for (d, n) in v["perft"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                e.perft(&s, d + 1).unwrap(),
                n.as_u64().unwrap(),
                "perft {} of {v}",
                d + 1
            );
        }
    }
}

#[test]
fn a_line_closed_by_the_moving_piece_is_taken() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // White's d5 and e5 lie between black's c5 and the cell f5 that black's f1 reaches.
    let mut s = position(
        &game,
        "black",
        0,
        &[
            ("c5", "black"),
            ("d5", "white"),
            ("e5", "white"),
            ("f1", "black"),
            ("a9", "white"),
        ],
    );
    play(&mut e, &mut s, "f1-f5");
    assert_eq!(cell(&game, &s, "d5"), None);
    assert_eq!(cell(&game, &s, "e5"), None);
    assert_eq!(cell(&game, &s, "c5").unwrap().0, "black");
}

#[test]
fn a_piece_moving_between_two_enemies_is_safe_and_the_edge_does_not_close() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // White's e1 goes to e5 between black's d5 and f5: nothing is taken.
    let mut s = position(
        &game,
        "white",
        0,
        &[
            ("d5", "black"),
            ("f5", "black"),
            ("e1", "white"),
            ("a9", "white"),
        ],
    );
    play(&mut e, &mut s, "e1-e5");
    assert_eq!(cell(&game, &s, "e5").unwrap().0, "white");
    assert_eq!(cell(&game, &s, "d5").unwrap().0, "black");
    // Black's a8 lies against the edge: white's b8 does not take it from the side.
    let mut s = position(
        &game,
        "white",
        0,
        &[("a8", "black"), ("b1", "white"), ("i1", "black")],
    );
    play(&mut e, &mut s, "b1-b8");
    assert_eq!(cell(&game, &s, "a8").unwrap().0, "black");
}

#[test]
fn taking_the_last_piece_wins() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = position(
        &game,
        "black",
        0,
        &[("a5", "black"), ("b5", "white"), ("c1", "black")],
    );
    play(&mut e, &mut s, "c1-c5");
    let (winner, _, reason) = result(&mut e, &s).unwrap();
    assert_eq!((winner.as_str(), reason.as_str()), ("black", "all taken"));
}
