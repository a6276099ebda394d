//! Quoridor (examples/rules/quoridor.tabula) on positions worked out by hand: the pawn's
//! steps and jumps, the walls that may stand, the path rule, the goal, the move limit
//! and the pass. python/tests/test_quoridor_vs_openspiel.py plays it against OpenSpiel's
//! `quoridor` move by move.

mod common;
mod examples_support;

use common::*;
use examples_support::*;

const FILE: &str = "quoridor.tabula";

/// A position: the player to move, each pawn's square, the links cut, the walls left and
/// the moves made.
fn position(
    game: &Game,
    to_move: &str,
    pawns: [&str; 2],
    cut: &[&str],
    walls: [i64; 2],
    made: i64,
) -> State {
    let cells = json!({
        pawns[0]: {"owner": "north", "piece": "pawn"},
        pawns[1]: {"owner": "south", "piece": "pawn"}
    });
    let counters = json!({
        "at": {"north": pawns[0], "south": pawns[1]},
        "walls": {"north": walls[0], "south": walls[1]},
        "played": made
    });
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells, "counters": counters, "cut": cut}),
    )
}

/// The pawn moves among the legal moves: those without a wall's `h` or `v`.
fn pawn_moves(engine: &mut Engine, state: &State) -> Vec<String> {
    let all = moves(engine, state);
    all.into_iter()
        .filter(|m| !m.ends_with('h') && !m.ends_with('v'))
        .collect()
}

/// The four links a wall cuts (its two sides and the two diagonals at its middle), from
/// its square and the squares north, east and north-east of it.
fn wall(sw: &str, n: &str, e: &str, ne: &str, across: bool) -> Vec<String> {
    let sides = if across {
        [format!("{sw} -- {n}"), format!("{e} -- {ne}")]
    } else {
        [format!("{sw} -- {e}"), format!("{n} -- {ne}")]
    };
    let mut links = sides.to_vec();
    links.push(format!("{sw} -- {ne}"));
    links.push(format!("{e} -- {n}"));
    links
}

#[test]
fn the_start_has_three_steps_and_every_wall() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let s = e.initial_state().expect("a start");
    // North on e9: west, east and south; 8 x 8 places for a wall, each across or upright.
    assert_eq!(pawn_moves(&mut e, &s), sorted(&["d9", "e8", "f9"]));
    assert_eq!(moves(&mut e, &s).len(), 3 + 2 * 64);
}

#[test]
fn a_pawn_jumps_straight_over_the_other_or_beside_it_at_the_edge() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // North on e5, south on e4, nothing behind south: over it to e3.
    let s = position(&game, "north", ["e5", "e4"], &[], [10, 10], 8);
    assert_eq!(pawn_moves(&mut e, &s), sorted(&["d5", "f5", "e6", "e3"]));
    // North on e2, south on e1 against the edge: beside it, d1 and f1.
    let s = position(&game, "north", ["e2", "e1"], &[], [10, 10], 8);
    assert_eq!(
        pawn_moves(&mut e, &s),
        sorted(&["d2", "f2", "e3", "d1", "f1"])
    );
}

#[test]
fn a_wall_behind_the_other_pawn_turns_the_jump_aside_and_one_beside_it_stops_it() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // North on e5, south on e4; the wall d3h cuts d3 -- d4 and e3 -- e4 (behind south),
    // and e4v cuts e4 -- f4 (beside it, east): only d4 is left of the jump.
    let mut cut = wall("d3", "d4", "e3", "e4", true);
    cut.extend(wall("e4", "e5", "f4", "f5", false));
    let cut: Vec<&str> = cut.iter().map(String::as_str).collect();
    let s = position(&game, "north", ["e5", "e4"], &cut, [8, 10], 8);
    // e4v also cuts e5 -- f5: north's own step east is gone.
    assert_eq!(pawn_moves(&mut e, &s), sorted(&["d5", "e6", "d4"]));
}

#[test]
fn walls_may_not_overlap_or_cross_nor_close_a_pawn_in() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // South on a1 behind the wall a1v (a1 and a2 cut from b1 and b2): its only way out
    // is a2 -- a3, which the wall a2h would cut.
    let cut = wall("a1", "a2", "b1", "b2", false);
    let cut: Vec<&str> = cut.iter().map(String::as_str).collect();
    let s = position(&game, "north", ["e9", "a1"], &cut, [10, 9], 1);
    let listed = moves(&mut e, &s);
    // Refused: a2h by the path rule; a1v itself (its place taken), a1h (it crosses
    // a1v at its middle), a2v (it overlaps a1v's a2 -- b2).
    for refused in ["a2h", "a1v", "a1h", "a2v"] {
        assert!(
            !listed.contains(&refused.to_string()),
            "{refused} in {listed:?}"
        );
    }
    // Beside them: b2h, a3v, b1v stand.
    for stands in ["b2h", "a3v", "b1v", "a3h"] {
        assert!(
            listed.contains(&stands.to_string()),
            "{stands} not in {listed:?}"
        );
    }
    assert_eq!(listed.len(), 3 + 128 - 4);
}

#[test]
fn the_goal_rank_wins_and_the_move_limit_draws_whatever_it_reached() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    let mut s = position(&game, "north", ["e2", "a5"], &[], [10, 10], 40);
    play(&mut e, &mut s, "e1");
    let (winner, _, reason) = result(&mut e, &s).expect("over");
    assert_eq!((winner.as_str(), reason.as_str()), ("north", "goal"));
    // The 324th move reaches the goal too: OpenSpiel calls it a draw.
    let mut s = position(&game, "north", ["e2", "a5"], &[], [10, 10], 323);
    play(&mut e, &mut s, "e1");
    let (winner, _, reason) = result(&mut e, &s).expect("over");
    assert_eq!((winner.as_str(), reason.as_str()), ("draw", "move limit"));
}

#[test]
fn a_pawn_with_a_way_to_its_goal_always_has_a_step_or_a_jump() {
    let game = example(FILE, &[]);
    let mut e = Engine::new(&game);
    // North on a9, no walls left, its link east cut and south on a8: it jumps to a7.
    // With a7 cut off behind south too, it goes beside south, to b8. OpenSpiel's pass
    // (the pawn's own square, `stay`) is never needed while the path rule holds.
    let s = position(&game, "north", ["a9", "a8"], &["a9 -- b9"], [0, 10], 30);
    assert_eq!(moves(&mut e, &s), ["a7"]);
    let s = position(
        &game,
        "north",
        ["a9", "a8"],
        &["a9 -- b9", "a7 -- a8"],
        [0, 10],
        30,
    );
    assert_eq!(moves(&mut e, &s), ["b8"]);
}
