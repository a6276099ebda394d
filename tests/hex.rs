//! Hex (examples/rules/hex.tabula): move counts from sampled positions against an
//! independent implementation (tests/independent/hex.py, which wrote
//! tests/independent/hex-positions.jsonl), and wins worked out by hand.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "hex.tabula";

fn position(game: &Game, to_move: &str, stones: &[(&str, &str)]) -> State {
    let mut cells = serde_json::Map::new();
    for (c, p) in stones {
        cells.insert(c.to_string(), json!({"owner": p, "piece": "stone"}));
    }
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells,
               "counters": {"stones": stones.len()}}),
    )
}

#[test]
fn perft_from_the_start_counts_every_empty_cell() {
    let game = example(FILE, &[]);
    check_perft(&game, &[(1, 49), (2, 49 * 48), (3, 49 * 48 * 47)], 2);
}

#[test]
fn perft_matches_the_independent_implementation_from_sampled_positions() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let path = format!(
        "{}/tests/independent/hex-positions.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let stones: Vec<(String, String)> = v["stones"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(c, p)| (c.clone(), p.as_str().unwrap().to_string()))
            .collect();
        let refs: Vec<(&str, &str)> = stones
            .iter()
            .map(|(c, p)| (c.as_str(), p.as_str()))
            .collect();
        let s = position(&game, v["to_move"].as_str().unwrap(), &refs);
        let want: Vec<u64> = v["perft"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        let depth = if long() { 4 } else { 3 };
        for (d, &n) in want.iter().enumerate().take(depth) {
            assert_eq!(e.perft(&s, d + 1).unwrap(), n, "perft {} of {line}", d + 1);
        }
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn red_wins_by_joining_top_and_bottom_through_the_slanted_neighbours() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // d1 d2 c3 c4 b5 b6 a7: each cell touches the next one down-left (sw) or down (se).
    let chain = [
        ("d1", "red"),
        ("d2", "red"),
        ("c3", "red"),
        ("c4", "red"),
        ("b5", "red"),
        ("b6", "red"),
    ];
    let s = position(&game, "red", &chain);
    assert!(!is_over(&mut e, &s));
    let mut s = s;
    play(&mut e, &mut s, "a7");
    assert_eq!(result(&mut e, &s).unwrap().0, "red");
    // A chain broken between d2 and e3, which do not touch (d2's neighbours below are
    // c3 and d3).
    let s = position(
        &game,
        "red",
        &[
            ("d1", "red"),
            ("d2", "red"),
            ("e3", "red"),
            ("e4", "red"),
            ("e5", "red"),
            ("e6", "red"),
            ("e7", "red"),
        ],
    );
    assert!(!is_over(&mut e, &s));
}

#[test]
fn blue_wins_by_joining_left_and_right() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let row: Vec<(String, &str)> = "abcdefg"
        .chars()
        .map(|f| (format!("{f}4"), "blue"))
        .collect();
    let refs: Vec<(&str, &str)> = row.iter().map(|(c, p)| (c.as_str(), *p)).collect();
    let s = position(&game, "red", &refs);
    let (winner, _, reason) = result(&mut e, &s).unwrap();
    assert_eq!((winner.as_str(), reason.as_str()), ("blue", "edges joined"));
    // The same stones do not join red's edges.
    let red: Vec<(&str, &str)> = refs.iter().map(|(c, _)| (*c, "red")).collect();
    let s = position(&game, "blue", &red);
    assert!(!is_over(&mut e, &s));
}

#[test]
fn the_swap_option_takes_the_first_stone() {
    let game = example(FILE, &["swap"]);
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    assert!(!moves(&mut e, &s).contains(&"swap".to_string()));
    play(&mut e, &mut s, "d4");
    assert!(moves(&mut e, &s).contains(&"swap".to_string()));
    play(&mut e, &mut s, "swap");
    assert_eq!(cell(&game, &s, "d4").unwrap().0, "blue");
    assert_eq!(to_move(&game, &s), "red");
    assert!(!moves(&mut e, &s).contains(&"swap".to_string()));
}
