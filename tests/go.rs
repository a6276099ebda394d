//! Go (examples/rules/go.tabula) on positions worked out by hand: a capture, a suicide
//! refused and one that captures allowed, a ko refused and open again, the two ends and
//! area scores counted point by point. python/tests/test_go_vs_openspiel.py plays it
//! against OpenSpiel's `go` move by move.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "go.tabula";

/// A position of the 9x9 game: the player to move, the stones (cell, owner) and the
/// counters.
fn position(game: &Game, to_move: &str, stones: &[(&str, &str)], counters: Value) -> State {
    let mut cells = serde_json::Map::new();
    for (c, p) in stones {
        cells.insert(c.to_string(), json!({"owner": p, "piece": "stone"}));
    }
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells, "counters": counters}),
    )
}

fn owner(game: &Game, s: &State, c: &str) -> Option<String> {
    cell(game, s, c).map(|(p, _, _)| p)
}

#[test]
fn the_first_moves_are_every_point_and_a_pass() {
    let game = example(FILE, &[]);
    // 81 points and a pass; then 80 and a pass after a stone, 82 again after a pass.
    check_perft(&game, &[(1, 82), (2, 81 * 81 + 82)], 2);
    let big = example(FILE, &["nineteen"]);
    check_perft(&big, &[(1, 362)], 1);
}

#[test]
fn a_group_without_liberties_is_taken() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // White's a1 b1 have one liberty left, c1 (a2 b2 are black). Black fills it.
    let mut s = position(
        &game,
        "black",
        &[
            ("a1", "white"),
            ("b1", "white"),
            ("a2", "black"),
            ("b2", "black"),
        ],
        json!({}),
    );
    play(&mut e, &mut s, "c1");
    assert_eq!(owner(&game, &s, "a1"), None);
    assert_eq!(owner(&game, &s, "b1"), None);
    assert_eq!(owner(&game, &s, "c1").as_deref(), Some("black"));
    assert_eq!(counter(&game, &s, "taken"), 2);
    // Two stones taken: no ko, white may play back at once.
    assert!(moves(&mut e, &s).contains(&"a1".to_string()));
    // A stone that only touches diagonally takes nothing: b1's group keeps its liberties.
    let mut s = position(
        &game,
        "black",
        &[("b1", "white"), ("a2", "black")],
        json!({}),
    );
    play(&mut e, &mut s, "c2");
    assert_eq!(owner(&game, &s, "b1").as_deref(), Some("white"));
}

#[test]
fn suicide_is_refused_unless_it_takes() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // a1 is surrounded by black's a2 and b1: white may not play there.
    let s = position(
        &game,
        "white",
        &[("a2", "black"), ("b1", "black")],
        json!({}),
    );
    assert!(refused(&mut e, &s, "a1"));
    assert_eq!(moves(&mut e, &s).len(), 81 - 2 - 1 + 1);
    // Joining a group that keeps another liberty is no suicide: white's a2 still has a3
    // and b2.
    let s = position(
        &game,
        "white",
        &[("a2", "white"), ("b1", "black")],
        json!({}),
    );
    assert!(!refused(&mut e, &s, "a1"));
    // Filling the last liberty of one's own group, taking nothing, is suicide: white's
    // a2 has only a1 left (a3 and b2 are black).
    let s = position(
        &game,
        "white",
        &[
            ("a2", "white"),
            ("a3", "black"),
            ("b2", "black"),
            ("b1", "black"),
        ],
        json!({}),
    );
    assert!(refused(&mut e, &s, "a1"));
    // The same point is legal when it takes: black's b1 (c1 and b2 are white) has a1
    // for its last liberty, so white's a1 takes b1 and lives.
    let mut s = position(
        &game,
        "white",
        &[
            ("a2", "black"),
            ("b1", "black"),
            ("c1", "white"),
            ("b2", "white"),
        ],
        json!({}),
    );
    play(&mut e, &mut s, "a1");
    assert_eq!(owner(&game, &s, "b1"), None);
    assert_eq!(owner(&game, &s, "a1").as_deref(), Some("white"));
}

/// The ko of the rules: black's c2, played where all its neighbours are white, takes the
/// single stone b2; white may not take back at b2 at once, but may after a move
/// elsewhere (or a pass) by either side.
///
/// ```text
///   3  . B W .
///   2  B W . W
///   1  . B W .
///      a b c d
/// ```
#[test]
fn a_ko_is_not_retaken_at_once() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let stones = [
        ("b3", "black"),
        ("a2", "black"),
        ("b1", "black"),
        ("c3", "white"),
        ("b2", "white"),
        ("d2", "white"),
        ("c1", "white"),
    ];
    let mut s = position(&game, "black", &stones, json!({}));
    play(&mut e, &mut s, "c2");
    assert_eq!(owner(&game, &s, "b2"), None);
    assert_eq!(doc(&game, &s)["counters"]["ko"], json!("b2"));
    // White's b2 would take c2 back (its last liberty): refused now.
    assert!(refused(&mut e, &s, "b2"));
    assert!(!moves(&mut e, &s).contains(&"b2".to_string()));
    // After a move elsewhere by each side, the ko is open: white takes back.
    play_all(&mut e, &mut s, &["e5", "f5"]);
    play(&mut e, &mut s, "b2");
    assert_eq!(owner(&game, &s, "c2"), None);
    // A pass clears the closed point too.
    let mut s = position(&game, "black", &stones, json!({}));
    play_all(&mut e, &mut s, &["c2", "pass"]);
    assert_eq!(doc(&game, &s)["counters"]["ko"], json!(null));
    // Taking one stone with a stone that has a friendly neighbour (d2 black) is no ko.
    let mut friendly = stones.to_vec();
    friendly.retain(|(c, _)| *c != "d2");
    friendly.push(("d2", "black"));
    let mut s = position(&game, "black", &friendly, json!({}));
    play(&mut e, &mut s, "c2");
    assert_eq!(owner(&game, &s, "b2"), None);
    assert_eq!(doc(&game, &s)["counters"]["ko"], json!(null));
}

#[test]
fn two_passes_end_the_game_and_the_areas_are_counted() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // An empty board: the empty region reaches no stone, so no one has area; white has
    // the komi, 15 (7.5 doubled), and wins.
    let mut s = e.initial_state().unwrap();
    play_all(&mut e, &mut s, &["pass", "pass"]);
    assert!(is_over(&mut e, &s));
    assert_eq!(
        result(&mut e, &s),
        Some(("white".into(), vec![0, 15], "two passes".into()))
    );
    // Black's wall on file e, white's on file f: black has files a to e (45 points),
    // white f to i (36); doubled, 90 to 72 + 15 = 87: black wins by 1.5.
    let mut wall = Vec::new();
    let files = ["e", "f"];
    for r in 1..=9 {
        for (i, f) in files.iter().enumerate() {
            wall.push((format!("{f}{r}"), ["black", "white"][i]));
        }
    }
    let stones: Vec<(&str, &str)> = wall.iter().map(|(c, p)| (c.as_str(), *p)).collect();
    let mut s = position(&game, "black", &stones, json!({}));
    play_all(&mut e, &mut s, &["pass", "pass"]);
    assert_eq!(
        result(&mut e, &s),
        Some(("black".into(), vec![90, 87], "two passes".into()))
    );
    // A region touching both colours is no one's: black's file e and white's a1 leave a
    // to d (35 empty points) to no one; f to i (36) is black's.
    let mut s = position(
        &game,
        "black",
        &[
            ("e1", "black"),
            ("e2", "black"),
            ("e3", "black"),
            ("e4", "black"),
            ("e5", "black"),
            ("e6", "black"),
            ("e7", "black"),
            ("e8", "black"),
            ("e9", "black"),
            ("a1", "white"),
        ],
        json!({}),
    );
    assert_eq!(e.scores(&s).unwrap(), vec![2 * (9 + 36), 2 + 15]);
    // One pass does not end it; a stone between two passes starts the count again.
    play_all(&mut e, &mut s, &["pass", "a9", "pass"]);
    assert!(!is_over(&mut e, &s));
}

#[test]
fn the_game_ends_after_twice_as_many_moves_as_points() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // 161 moves played: one more (a pass) ends it at 162 = 2 x 81.
    let mut s = position(&game, "black", &[("e5", "black")], json!({"played": 161}));
    assert!(!is_over(&mut e, &s));
    play(&mut e, &mut s, "pass");
    assert!(is_over(&mut e, &s));
    let (winner, scores, reason) = result(&mut e, &s).unwrap();
    // Black's one stone reaches every empty point: 81 points, 162 to white's 15.
    assert_eq!(
        (winner.as_str(), scores, reason.as_str()),
        ("black", vec![162, 15], "move limit")
    );
    let big = example(FILE, &["nineteen"]);
    let mut e = Engine::new(&big);
    let mut s = position(&big, "black", &[], json!({"played": 721}));
    play(&mut e, &mut s, "s19");
    assert!(is_over(&mut e, &s));
    assert_eq!(result(&mut e, &s).unwrap().2, "move limit");
}
