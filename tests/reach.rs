//! The readings along lines and through groups (`step(c, d, n)`, `run`, `group`,
//! `liberties`, `connected`) on small boards whose answers are counted by hand, a
//! capture of surrounded groups written with them, and the checker's errors for their
//! misuse, each with its place.

mod common;
mod examples_support;

use common::*;
use examples_support::first_error;
use tabula::{compile, Source};

/// A 5x5 grid game whose two scores are the expressions given, read in `cells`.
fn scores(board: &str, a: &str, b: &str, cells: Value) -> Vec<i64> {
    let text = format!(
        "game \"t\"\nplayers a, b\nboard {{ {board} }}\npiece stone\n\
         region top {{ a1..c1 }}\nregion bottom {{ a3..c3 }}\n\
         action go \"{{to}}\" for to in cells where empty(to) {{ put stone of mover at to }}\n\
         phase main {{ starts a actions go }}\n\
         score p = if p == a then {a} else {b}\n"
    );
    let game =
        compile(&Source::new("t.tabula", text.as_str()), &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = state(
        &game,
        json!({"phase": "main", "to_move": "a", "cells": cells}),
    );
    let scores = Engine::new(&game).scores(&s).expect("scores");
    scores.into_iter().map(i64::from).collect()
}

fn stones(list: &[(&str, &str)]) -> Value {
    let mut cells = serde_json::Map::new();
    for (c, p) in list {
        cells.insert(c.to_string(), json!({"owner": p, "piece": "stone"}));
    }
    Value::Object(cells)
}

#[test]
fn step_n_goes_n_cells_and_stops_at_the_edge() {
    let grid = "grid 5 x 5";
    let none = stones(&[]);
    assert_eq!(
        scores(
            grid,
            "count(c in cells where c == step(a1, ne, 3))",
            "count(c in cells where c == step(a1, e, 0) and c == a1)",
            none.clone()
        ),
        [1, 1]
    );
    // d4 is three steps north-east of a1; five steps leave the board.
    assert_eq!(
        scores(
            grid,
            "if step(a1, ne, 3) == d4 then 1 else 0",
            "if step(a1, ne, 5) == none and step(a1, n, -1) == none then 1 else 0",
            none
        ),
        [1, 1]
    );
}

#[test]
fn run_counts_the_pieces_of_a_player_in_a_row() {
    let grid = "grid 5 x 5";
    // b1 c1 d1 are a's, e1 is b's: from a1 going east, three of a's, none of b's.
    let cells = stones(&[
        ("b1", "a"),
        ("c1", "a"),
        ("d1", "a"),
        ("e1", "b"),
        ("a1", "b"),
    ]);
    assert_eq!(
        scores(grid, "run(a1, e, a)", "run(a1, e, b)", cells.clone()),
        [3, 0]
    );
    // From e1 going west: d1 c1 b1 are a's, then a1 is b's. From d1 east: e1, then the edge.
    assert_eq!(
        scores(grid, "run(e1, w, a)", "run(d1, e, b)", cells.clone()),
        [3, 1]
    );
    // The cell itself is not counted, and none has no run.
    assert_eq!(
        scores(grid, "run(b1, e, a)", "run(none, e, a)", cells.clone()),
        [2, 0]
    );
    // A run of none is a run of empty cells: from a1 north, a2 to a5; from e1 west, none.
    assert_eq!(
        scores(grid, "run(a1, n, none)", "run(e1, w, none)", cells),
        [4, 0]
    );
}

#[test]
fn group_and_liberties_follow_the_neighbours_of_one_owner() {
    let rhombus = "rhombus 3 x 3";
    // a's stones a1 b1 a2 form one group; c3 is a's too but apart. b2's neighbours are
    // b1, c1 (above), a2, c2 (beside), a3, b3 (below): four of them empty.
    let cells = stones(&[
        ("a1", "a"),
        ("b1", "a"),
        ("a2", "a"),
        ("c3", "a"),
        ("b2", "b"),
    ]);
    assert_eq!(
        scores(
            rhombus,
            "count(g in group(a1))",
            "count(g in group(c3))",
            cells.clone()
        ),
        [3, 1]
    );
    // The group's empty neighbours: c1 (next to b1) and a3 (below a2); b2 is taken.
    assert_eq!(
        scores(rhombus, "liberties(a1)", "liberties(b2)", cells.clone()),
        [2, 4]
    );
    // An empty cell's group is the empty region around it; its liberties are 0.
    assert_eq!(
        scores(
            rhombus,
            "count(g in group(c1))",
            "liberties(c1) + (if b1 in group(a2) then 10 else 0)",
            cells
        ),
        [4, 10]
    );
}

#[test]
fn connected_is_a_chain_of_one_player_between_two_regions() {
    let grid = "grid 3 x 3";
    let yes = "if connected(a, top, bottom) then 1 else 0";
    let no = "if connected(b, top, bottom) then 1 else 0";
    // a1, b2 (diagonal: a grid's neighbours include the diagonals), b3.
    let cells = stones(&[
        ("a1", "a"),
        ("b2", "a"),
        ("b3", "a"),
        ("c1", "b"),
        ("c2", "b"),
    ]);
    assert_eq!(scores(grid, yes, no, cells), [1, 0]);
    let cells = stones(&[
        ("a1", "a"),
        ("b3", "a"),
        ("c1", "b"),
        ("c2", "b"),
        ("c3", "b"),
    ]);
    assert_eq!(scores(grid, yes, no, cells), [0, 1]);
}

const ROOK: &str = "grid 5 x 5 directions rook = n, e, s, w directions bishop = ne, nw, se, sw";

/// A direction set names the neighbours the readings follow: on a grid, `rook` the four
/// along the lines, `bishop` the four across the diagonals.
#[test]
fn a_direction_set_chooses_the_neighbours() {
    let none = stones(&[]);
    // a1 (a corner): 3 neighbours in all, 2 along the lines, 1 across; c3 (the middle):
    // 8, 4 and 4.
    assert_eq!(
        scores(
            ROOK,
            "100 * count(n in neighbours(a1)) + 10 * count(n in neighbours(a1, rook)) + count(n in neighbours(a1, bishop))",
            "100 * count(n in neighbours(c3)) + 10 * count(n in neighbours(c3, rook)) + count(n in neighbours(c3, bishop))",
            none.clone()
        ),
        [321, 844]
    );
    // b2 in the rook neighbours of b1 but not of a1; a1 a bishop neighbour of b2.
    assert_eq!(
        scores(
            ROOK,
            "(if b2 in neighbours(b1, rook) then 1 else 0) + (if b2 in neighbours(a1, rook) then 10 else 0)",
            "if a1 in neighbours(b2, bishop) and not (a1 in neighbours(b2, rook)) then 1 else 0",
            none.clone()
        ),
        [1, 1]
    );
    // The directions of a set, as a domain and after `in`: n e s w, in that order.
    assert_eq!(
        scores(
            ROOK,
            "count(d in rook) + 10 * count(d in bishop where d == ne or d == n)",
            "(if step(c3, nw) == b4 and nw in bishop and not (nw in rook) then 1 else 0) \
             + (if sum(d in rook : if d == n then 1 else 0) == 1 then 10 else 0)",
            none
        ),
        [14, 11]
    );
}

/// Stones that touch across a diagonal are one group by all directions, two by `rook`;
/// the liberties are the empty cells next to the group along the set's directions.
#[test]
fn group_liberties_and_connected_follow_the_set_given() {
    // a's stones b2 c3 d4 on the diagonal, and c2 beside b2; b's stone at c4.
    let cells = stones(&[
        ("b2", "a"),
        ("c3", "a"),
        ("d4", "a"),
        ("c2", "a"),
        ("c4", "b"),
    ]);
    assert_eq!(
        scores(
            ROOK,
            "10 * count(g in group(b2)) + count(g in group(b2, rook))",
            "10 * count(g in group(d4, bishop)) + count(g in group(d4, rook))",
            cells.clone()
        ),
        // All: b2 c2 c3 d4; rook: b2 c2 c3; bishop: d4 c3 b2 (c2 is across from none of
        // them); d4 by rook alone (c4 is b's).
        [43, 31]
    );
    // By rook the group b2 c2 c3 touches b1 b3 a2 (b2's), c1 d2 (c2's), d3 (c3's; c4 is
    // b's): 6 liberties. By bishop the group b2 c3 d4 touches a1 c1 a3 (b2's), b4 d2
    // (c3's), e5 c5 e3 (d4's): 8.
    assert_eq!(
        scores(
            ROOK,
            "liberties(b2, rook)",
            "liberties(b2, bishop)",
            cells.clone()
        ),
        [6, 8]
    );
    // c3 (in `bottom`, a3..c3) joins b1 (in `top`, a1..c1) through c2, and c2 touches b1
    // across a diagonal only.
    let cells = stones(&[("b1", "a"), ("c2", "a"), ("c3", "a")]);
    assert_eq!(
        scores(
            ROOK,
            "if connected(a, bottom, top) then 1 else 0",
            "if connected(a, bottom, top, rook) then 1 else 0",
            cells
        ),
        [1, 0]
    );
}

/// A comparison of `liberties` with a number counts only as far as it needs (the
/// compiler caps the count), and answers as the whole count does, on either side.
#[test]
fn liberties_compared_with_a_number_answer_as_the_whole_count() {
    // The rook group b2 c2 c3 has 6 liberties (counted in the test above).
    let cells = stones(&[
        ("b2", "a"),
        ("c3", "a"),
        ("d4", "a"),
        ("c2", "a"),
        ("c4", "b"),
    ]);
    let tests = [
        ("liberties(b2, rook) == 6", true),
        ("liberties(b2, rook) == 5", false),
        ("liberties(b2, rook) != 6", false),
        ("liberties(b2, rook) > 5", true),
        ("liberties(b2, rook) > 6", false),
        ("liberties(b2, rook) >= 6", true),
        ("liberties(b2, rook) >= 7", false),
        ("liberties(b2, rook) < 6", false),
        ("liberties(b2, rook) < 7", true),
        ("liberties(b2, rook) <= 5", false),
        ("liberties(b2, rook) <= 6", true),
        ("6 == liberties(b2, rook)", true),
        ("5 < liberties(b2, rook)", true),
        ("6 < liberties(b2, rook)", false),
        ("7 > liberties(b2, rook)", true),
        ("6 >= liberties(b2, rook)", true),
        ("liberties(b2, rook) > 0", true),
        ("liberties(b2, rook) >= 0", true),
        ("liberties(b2, rook) < 0", false),
        ("liberties(b2, rook) > -1", true),
        ("liberties(c4, rook) == 2", true),
    ];
    for (test, holds) in tests {
        let value = format!("if {test} then 1 else 0");
        let got = scores(ROOK, &value, "liberties(b2, rook)", cells.clone());
        assert_eq!(got, [i64::from(holds), 6], "{test}");
    }
}

/// `adjacency SET` makes the set the one the readings use when given none.
#[test]
fn the_board_adjacency_is_the_default_of_the_readings() {
    let board = format!("{ROOK} adjacency rook");
    let cells = stones(&[("b2", "a"), ("c3", "a")]);
    assert_eq!(
        scores(
            &board,
            "10 * count(n in neighbours(c3)) + count(g in group(b2))",
            "liberties(b2)",
            cells.clone()
        ),
        [41, 4]
    );
    // A set given still wins, and all the directions are a set like any other.
    let board = format!("{board} directions every = n, s, e, w, ne, nw, se, sw");
    assert_eq!(
        scores(
            &board,
            "count(g in group(b2, every))",
            "count(n in neighbours(c3, every))",
            cells
        ),
        [2, 8]
    );
}

/// Stones with no liberty left are taken: the group of b's b2 (alone, in the middle of
/// a 3x3 rhombus) is taken when a fills its last neighbour.
#[test]
fn a_surrounded_group_is_captured() {
    let text = r#"game "t"
players a, b
board { rhombus 3 x 3 }
piece stone
action place "{to}" for to in cells where empty(to) {
  put stone of mover at to
  for n in neighbours(to) where owner(n) == opponent and liberties(n) == 0 {
    for g in group(n) { remove g }
  }
}
phase main { starts a actions place }
"#;
    let game = compile(&Source::new("t.tabula", text), &[]).unwrap();
    let mut e = Engine::new(&game);
    // b's group is b2 and c2; of its neighbours (b1 c1 a2 a3 b3 c3) only b3 is empty.
    let cells = stones(&[
        ("b1", "a"),
        ("c1", "a"),
        ("a2", "a"),
        ("a3", "a"),
        ("b2", "b"),
        ("c2", "b"),
        ("c3", "a"),
    ]);
    let mut s = state(
        &game,
        json!({"phase": "main", "to_move": "a", "cells": cells}),
    );
    play(&mut e, &mut s, "b3");
    assert_eq!(cell(&game, &s, "b2"), None);
    assert_eq!(cell(&game, &s, "c2"), None);
    assert_eq!(cell(&game, &s, "b3").unwrap().0, "a");
}

const BASE: &str = "game \"t\"\nplayers a, b\nboard { grid 3 x 3 }\npiece stone\ncounter k\n\
    region top { a1..c1 }\npool bag of 1..6\n\
    action go \"{to}\" for to in cells where empty(to) { put stone of mover at to }\n\
    phase main { starts a actions go }\n";

/// The rendered first error of BASE with `line` added (it is line 10).
fn error(line: &str) -> String {
    first_error("t.tabula", &format!("{BASE}{line}\n")).expect("an error")
}

#[test]
fn misuse_is_answered_with_its_place() {
    assert_eq!(
        error("score p = run(a1, e)"),
        "error: `run` takes 3 arguments, not 2\n   --> t.tabula:10:11\n   |\n10 | score p = run(a1, e)\n   |           ^^^^^^^^^^\n\n"
    );
    assert!(error("score p = run(a1, 3, p)")
        .contains("expected a direction, but this is a number\n   --> t.tabula:10:19"));
    assert!(error("score p = run(a1, e, 2)")
        .contains("expected a player, but this is a number\n   --> t.tabula:10:22"));
    assert!(error("score p = count(step(a1, e, a))")
        .contains("expected a number, but this is a player\n   --> t.tabula:10:29"));
    assert!(error("score p = count(step(a1, e, 1, 2))")
        .contains("`step` takes 2 or 3 arguments, not 4\n   --> t.tabula:10:17"));
    assert!(error("score p = liberties(p)")
        .contains("expected a cell, but this is a player\n   --> t.tabula:10:21"));
    let e = error("score p = if connected(p, top, bag) then 1 else 0");
    assert!(
        e.contains("`connected` joins two regions\n   --> t.tabula:10:32"),
        "{e}"
    );
    assert!(
        e.contains("hint: declare the cells it joins as a `region`"),
        "{e}"
    );
    assert!(error("score p = if connected(p, top) then 1 else 0")
        .contains("`connected` takes 3 arguments (a player and two regions) and maybe a direction set, not 2\n   --> t.tabula:10:14"));
    let e = error("score p = count(group(a1))");
    assert!(
        e.contains("`group(c)` is a set of cells\n   --> t.tabula:10:17"),
        "{e}"
    );
    assert!(error("score p = count(g in group(a1, a2))")
        .contains("unknown direction set `a2`\n   --> t.tabula:10:32"));
    assert!(error("score p = count(g in group())")
        .contains("`group` takes a cell and, maybe, a direction set\n   --> t.tabula:10:22"));
    assert!(error("score p = count(g in group(k))")
        .contains("expected a cell, but this is a number\n   --> t.tabula:10:28"));
}

#[test]
fn a_rhombus_out_of_bounds_is_refused_at_its_place() {
    let text = "game \"t\"\nplayers a, b\nboard { rhombus 27 x 3 }\npiece stone\nphase main { }\n";
    let e = first_error("t.tabula", text).unwrap();
    assert!(
        e.starts_with("error: a rhombus has 1 to 26 files and 1 to 99 ranks\n  --> t.tabula:3:9"),
        "{e}"
    );
}

/// A reading that fills a group costs the board's size from the loop budget, so a loop
/// of fills over a large board ends with the budget's error instead of running on.
#[test]
fn fills_spend_the_loop_budget() {
    let text = "game \"t\"\nplayers a, b\nboard { grid 26 x 99 }\npiece stone\n\
        region top { a1..z1 }\n\
        action go \"{to}\" for to in cells where empty(to) { put stone of mover at to }\n\
        phase main { starts a actions go }\n\
        end \"big\" when count(i in 1..30000 where connected(a, top, top)) > 0 draw\n";
    let game = compile(&Source::new("t.tabula", text), &[]).unwrap();
    let mut e = Engine::new(&game);
    let s = e.initial_state().unwrap();
    let err = e.legal(&s, &mut Choices::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the end rule \"big\" took more than 50000000 loop steps; does a `for` run over a huge range?"
    );
}
