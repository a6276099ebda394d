//! Nine Men's Morris (examples/rules/nine-mens-morris.tabula) on positions worked out by
//! hand: placing, moving along the links, flying at three men, a mill's man taken (one in
//! no mill, or any when all are in mills), and each end: two men left, a player without
//! a move, a mill with no man to take, 200 turns. python/tests/test_morris_vs_openspiel.py
//! plays it against OpenSpiel's `nine_mens_morris` move by move.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "nine-mens-morris.tabula";

/// A position after the placing: the player to move, the men (cell, owner), how many
/// men each has, and the turns played.
fn position(game: &Game, to_move: &str, men: &[(&str, &str)], turns: i64) -> State {
    let mut cells = serde_json::Map::new();
    let mut count = [0, 0];
    for (c, p) in men {
        cells.insert(c.to_string(), json!({"owner": p, "piece": "man"}));
        count[usize::from(*p == "black")] += 1;
    }
    let counters = json!({
        "in_hand": {"white": 0, "black": 0},
        "men": {"white": count[0], "black": count[1]},
        "turns": turns,
    });
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells, "counters": counters}),
    )
}

#[test]
fn the_placing_puts_a_man_on_any_empty_point() {
    let game = example(FILE, &[]);
    // 24 points, then 23 for black: 24 * 23 sequences of two, 24 * 23 * 22 of three.
    check_perft(&game, &[(1, 24), (2, 552), (3, 12_144)], 3);
}

#[test]
fn a_man_moves_along_the_links_to_an_empty_point() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // White's d6 (the middle square's top, four links) and a7 (a corner, two links);
    // black's d7 blocks one of each. Four men each, so no flying.
    let men = [
        ("d6", "white"),
        ("a7", "white"),
        ("c4", "white"),
        ("g1", "white"),
        ("d7", "black"),
        ("e4", "black"),
        ("b2", "black"),
        ("f2", "black"),
    ];
    let s = position(&game, "white", &men, 20);
    let want = [
        "d6-b6", "d6-f6", "d6-d5", "a7-a4", "c4-b4", "c4-c5", "c4-c3", "g1-g4", "g1-d1",
    ];
    assert_eq!(moves(&mut e, &s), sorted(&want));
}

#[test]
fn three_men_fly_to_any_empty_point() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let men = [
        ("a7", "white"),
        ("g1", "white"),
        ("d3", "white"),
        ("d7", "black"),
        ("e4", "black"),
        ("b2", "black"),
        ("f2", "black"),
    ];
    let s = position(&game, "white", &men, 30);
    // Each of the three men to each of the 17 empty points.
    let all = moves(&mut e, &s);
    assert_eq!(all.len(), 3 * 17);
    assert!(all.contains(&"a7-d5".to_string()));
    assert!(all.contains(&"g1-a1".to_string()));
    // Black has four: he steps only.
    let s = position(&game, "black", &men, 30);
    assert!(!moves(&mut e, &s).contains(&"d7-a1".to_string()));
    assert!(moves(&mut e, &s).contains(&"d7-d6".to_string()));
}

#[test]
fn a_mill_takes_a_man_in_no_mill_or_any_when_all_are() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // White closes the top line a7 d7 g7 by a4-a7, up the left side.
    let men = [
        ("a4", "white"),
        ("d7", "white"),
        ("g7", "white"),
        ("e4", "white"),
        ("b6", "black"),
        ("d6", "black"),
        ("f6", "black"),
        ("c3", "black"),
    ];
    let mut s = position(&game, "white", &men, 40);
    play(&mut e, &mut s, "a4-a7");
    assert_eq!(to_move(&game, &s), "white");
    // b6 d6 f6 are a mill of black's: only c3 may be taken.
    assert_eq!(moves(&mut e, &s), ["xc3"]);
    play(&mut e, &mut s, "xc3");
    assert_eq!(to_move(&game, &s), "black");
    assert_eq!(counter_of(&game, &s, "men", "black"), 3);
    assert_eq!(cell(&game, &s, "c3"), None);
    // Without c3, all black's men are in a mill: any of them may be taken.
    let men = [
        ("a4", "white"),
        ("d7", "white"),
        ("g7", "white"),
        ("e4", "white"),
        ("b6", "black"),
        ("d6", "black"),
        ("f6", "black"),
        ("b2", "black"),
        ("d2", "black"),
        ("f2", "black"),
    ];
    let mut s = position(&game, "white", &men, 40);
    play(&mut e, &mut s, "a4-a7");
    let all = ["xb6", "xd6", "xf6", "xb2", "xd2", "xf2"];
    assert_eq!(moves(&mut e, &s), sorted(&all));
}

#[test]
fn two_men_left_lose() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // Black has three; white's mill on the top line takes one.
    let men = [
        ("a4", "white"),
        ("d7", "white"),
        ("g7", "white"),
        ("d5", "black"),
        ("e3", "black"),
        ("b2", "black"),
    ];
    let mut s = position(&game, "white", &men, 50);
    play_all(&mut e, &mut s, &["a4-a7", "xd5"]);
    let (winner, _, reason) = result(&mut e, &s).expect("over");
    assert_eq!(
        (winner.as_str(), reason.as_str()),
        ("white", "two men left")
    );
}

#[test]
fn a_player_without_a_move_loses() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // Black's four men (so no flying) are walled in: a7 and d7 by white's a4, g7 and
    // d6; g1 and d1 by white's g4, a1 and d2.
    let men = [
        ("a4", "white"),
        ("g7", "white"),
        ("d6", "white"),
        ("g4", "white"),
        ("a1", "white"),
        ("d2", "white"),
        ("a7", "black"),
        ("d7", "black"),
        ("g1", "black"),
        ("d1", "black"),
    ];
    let s = position(&game, "black", &men, 60);
    let (winner, _, reason) = result(&mut e, &s).expect("over");
    assert_eq!((winner.as_str(), reason.as_str()), ("white", "blocked"));
    // With white to move the game goes on.
    let s = position(&game, "white", &men, 60);
    assert!(result(&mut e, &s).is_none());
}

#[test]
fn a_mill_with_no_man_to_take_loses() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // Black has men in hand only: a mill by white finds nothing to take.
    let cells = json!({"a7": {"owner": "white", "piece": "man"},
                       "d7": {"owner": "white", "piece": "man"}});
    let counters = json!({"in_hand": {"white": 7, "black": 7}, "men": {"white": 9, "black": 7},
                          "turns": 8});
    let mut s = state(
        &game,
        json!({"phase": "play", "to_move": "white", "cells": cells, "counters": counters}),
    );
    play(&mut e, &mut s, "g7");
    let (winner, _, reason) = result(&mut e, &s).expect("over");
    assert_eq!(
        (winner.as_str(), reason.as_str()),
        ("black", "no man to take")
    );
}

#[test]
fn the_game_is_drawn_after_200_turns() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let men = [
        ("a7", "white"),
        ("g7", "white"),
        ("d6", "white"),
        ("c4", "white"),
        ("d1", "black"),
        ("e4", "black"),
        ("b2", "black"),
        ("f2", "black"),
    ];
    let mut s = position(&game, "white", &men, 199);
    assert!(result(&mut e, &s).is_none());
    play(&mut e, &mut s, "a7-a4");
    let (winner, _, reason) = result(&mut e, &s).expect("over");
    assert_eq!((winner.as_str(), reason.as_str()), ("draw", "200 turns"));
}
