//! Readings of a grid board worked out by hand: `first(c, d)`, the first piece a line
//! of sight meets; directions declared by an offset (`leap`), and the cells they reach;
//! `file(c)` and `rank(c)`. And the checker's answer to each misuse, with its place.

mod common;
mod examples_support;

use common::*;
use examples_support::first_error;
use tabula::{compile, Source};

/// Whether `cond` holds on a board `board` with the extra board items `extra`, with
/// the stones `cells` on it.
fn holds(board: &str, cond: &str, cells: &[(&str, &str)]) -> bool {
    let text = format!(
        "game \"t\"\nplayers a, b\nboard {{ {board} }}\npiece stone\n\
         action go \"{{to}}\" for to in cells where empty(to) {{ put stone of mover at to }}\n\
         phase main {{ starts a actions go }}\n\
         score p = if {cond} then 1 else 0\n"
    );
    let game =
        compile(&Source::new("t.tabula", text.as_str()), &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut map = serde_json::Map::new();
    for (c, p) in cells {
        map.insert(c.to_string(), json!({"owner": p, "piece": "stone"}));
    }
    let s = state(
        &game,
        json!({"phase": "main", "to_move": "a", "cells": Value::Object(map)}),
    );
    let scores = Engine::new(&game).scores(&s).expect("scores");
    scores[0] == 1
}

/// The rendered first error of a small grid game with `board` and the line `line`
/// added at its end (line 7).
fn error(board: &str, line: &str) -> String {
    let text = format!(
        "game \"t\"\nplayers a, b\nboard {{ {board} }}\npiece stone\n\
         action go \"{{to}}\" for to in cells where empty(to) {{ put stone of mover at to }}\n\
         phase main {{ starts a actions go }}\n{line}\n"
    );
    first_error("t.tabula", &text).expect("an error")
}

/// Stones on a 5x5 grid: c3 and e5 are a's, c5 is b's.
const STONES: [(&str, &str); 3] = [("c3", "a"), ("c5", "b"), ("e5", "a")];

#[test]
fn first_is_what_a_line_of_sight_meets() {
    let grid = "grid 5 x 5";
    for cond in [
        // Up the c file: c2 is empty, c3 is not; from c3, c4 is empty and c5 is b's.
        "first(c1, n) == c3",
        "first(c3, n) == c5",
        "owner(first(c3, n)) == b",
        "first(c4, s) == c3",
        // From c5 north is the edge at once; along the empty first rank, the edge too.
        "first(c5, n) == none",
        "first(a1, e) == none",
        // The long diagonal a1 b2 c3 d4 e5: b2 is empty, c3 is the first piece.
        "first(a1, ne) == c3",
        "first(d4, ne) == e5",
        "first(d4, sw) == c3",
        // Along the third rank from both ends.
        "first(a3, e) == c3",
        "first(e3, w) == c3",
        // The cell itself is left out: from c3, south, nothing is met.
        "first(c3, s) == none",
        // From none, none.
        "first(none, n) == none",
    ] {
        assert!(holds(grid, cond, &STONES), "{cond}");
    }
    assert!(!holds(grid, "first(c1, n) == c4", &STONES));
}

#[test]
fn first_is_the_step_past_the_run_of_empty_cells_from_every_cell_every_way() {
    // The same question asked the long way, for every cell and direction of the board,
    // with and without leaps.
    let same = "all(c in cells where all(d in [n, s, e, w, ne, nw, se, sw, nne, ssw, wnw] \
        where first(c, d) == step(c, d, run(c, d, none) + 1)))";
    let stones = [
        ("c3", "a"),
        ("c5", "b"),
        ("e5", "a"),
        ("d1", "b"),
        ("a4", "a"),
        ("f6", "b"),
    ];
    assert!(holds(KNIGHT, same, &stones));
    assert!(holds(KNIGHT, same, &[]));
}

#[test]
fn first_misused_is_answered_with_its_place() {
    assert_eq!(
        error("grid 3 x 3", "score p = count(first(a1))"),
        "error: `first` takes 2 arguments, not 1\n  --> t.tabula:7:17\n  |\n7 | score p = count(first(a1))\n  |                 ^^^^^^^^^\n\n"
    );
    assert!(error("grid 3 x 3", "score p = count(first(a1, 2))")
        .contains("expected a direction, but this is a number\n  --> t.tabula:7:27"));
    assert!(error("grid 3 x 3", "score p = first(a1, n)")
        .contains("expected a number, but this is a cell\n  --> t.tabula:7:11"));
}

/// An 8x8 grid with a knight's eight leaps and the set of them.
const KNIGHT: &str = "grid 8 x 8\n\
    leap nne = 1, 2\nleap ene = 2, 1\nleap ese = 2, -1\nleap sse = 1, -2\n\
    leap ssw = -1, -2\nleap wsw = -2, -1\nleap wnw = -2, 1\nleap nnw = -1, 2\n\
    directions knight = nne, ene, ese, sse, ssw, wsw, wnw, nnw";

/// The same leaps, declared two lines of four.
const KNIGHT_LISTED: &str = "grid 8 x 8\n\
    leap nne = 1, 2, ene = 2, 1, ese = 2, -1, sse = 1, -2\n\
    leap ssw = -1, -2, wsw = -2, -1, wnw = -2, 1, nnw = -1, 2\n\
    directions knight = nne, ene, ese, sse, ssw, wsw, wnw, nnw";

#[test]
fn leaps_listed_in_one_line_are_declared_one_by_one() {
    for cond in [
        "step(a1, nne) == b3",
        "step(d4, ese) == f3",
        "step(d4, ssw) == c2",
        "step(d4, nnw) == c6",
        "step(h8, nne) == none",
        "count(to in neighbours(d4, knight)) == 8",
        "count(to in neighbours(a1, knight)) == 2",
    ] {
        assert!(holds(KNIGHT_LISTED, cond, &[]), "{cond}");
    }
    // A leap in a list is placed at itself; the first one from the keyword.
    assert_eq!(
        error("grid 3 x 3\nleap far = 1, 2, still = 0, 0", "score p = 0"),
        "error: a leap of 0 files and 0 ranks goes nowhere\n  --> t.tabula:4:18\n  |\n4 | leap far = 1, 2, still = 0, 0 }\n  |                  ^^^^^^^^^^^^\n\n"
    );
    assert_eq!(
        error("grid 3 x 3\nleap still = 0, 0, far = 1, 2", "score p = 0"),
        "error: a leap of 0 files and 0 ranks goes nowhere\n  --> t.tabula:4:1\n  |\n4 | leap still = 0, 0, far = 1, 2 }\n  | ^^^^^^^^^^^^^^^^^\n\n"
    );
}

#[test]
fn a_direction_is_in_a_set_exactly_when_the_set_lists_it() {
    // `d in S` is one test of a mask; it must say what a search of the set says, for
    // every direction of the board, leaps and the grid's own alike.
    let every = "[n, e, s, w, ne, nw, se, sw, nne, ene, ese, sse, ssw, wsw, wnw, nnw]";
    let sets = format!("{KNIGHT}\ndirections straight = n, e, s, w\ndirections mixed = ne, ssw, w");
    for set in ["knight", "straight", "mixed"] {
        let cond =
            format!("all(d in {every} where (d in {set}) == exists(x in {set} where x == d))");
        assert!(holds(&sets, &cond, &[]), "{cond}");
    }
    // By hand: of n, e, ne, nne and ssw, the knight's set holds nne and ssw.
    assert!(holds(
        &sets,
        "count(d in [n, e, ne, nne, ssw] where d in knight) == 2",
        &[]
    ));
    assert!(holds(
        &sets,
        "count(d in [n, e, ne, nne, ssw] where d in mixed) == 2",
        &[]
    ));
    assert!(holds(
        &sets,
        "not (nne in straight) and w in mixed and w in straight",
        &[]
    ));
    // Past the mask's 64 directions a set is searched, with the same answers: the grid's
    // 8 directions and 60 leaps, the last ones numbered 64 to 67.
    let leaps: String = (0..60)
        .map(|i| format!("leap l{i} = {}, {}\n", i % 7 + 1, i / 7))
        .collect();
    let far = format!("grid 8 x 8\n{leaps}directions far = n, l58, l59\ndirections near = l0, l1");
    for cond in [
        "l59 in far and l58 in far and n in far and not (l57 in far) and not (e in far)",
        "count(d in [n, e, l0, l1, l58, l59] where d in far) == 3",
        "l0 in near and not (l59 in near)",
    ] {
        assert!(holds(&far, cond, &[]), "{cond}");
    }
}

#[test]
fn a_leap_goes_its_offset_and_off_the_board_is_none() {
    for cond in [
        "step(a1, nne) == b3",
        "step(a1, ene) == c2",
        "step(d4, ssw) == c2",
        "step(d4, wnw) == b5",
        "step(a1, ssw) == none",
        "step(a1, wnw) == none",
        "step(h8, nne) == none",
        "step(g7, nne) == none",
        "step(g6, nne) == h8",
    ] {
        assert!(holds(KNIGHT, cond, &[]), "{cond}");
    }
}

#[test]
fn a_set_of_leaps_reaches_two_cells_from_a_corner_and_eight_from_the_middle() {
    // By hand: a1 reaches b3 and c2; b1 a3, c3 and d2; b2 a4, c4, d3 and d1; from
    // c3 and d4 all eight land on the board; h8 reaches g6 and f7.
    for (cell, n) in [
        ("a1", 2),
        ("b1", 3),
        ("b2", 4),
        ("c3", 8),
        ("d4", 8),
        ("h8", 2),
    ] {
        let cond = format!("count(to in neighbours({cell}, knight)) == {n}");
        assert!(holds(KNIGHT, &cond, &[]), "{cond}");
        let cond = format!("count(d in knight where step({cell}, d) != none) == {n}");
        assert!(holds(KNIGHT, &cond, &[]), "{cond}");
    }
    // A list of leaps is a list of directions.
    assert!(holds(
        KNIGHT,
        "count(d in [nne, ene, ssw] where step(a1, d) != none) == 2",
        &[]
    ));
    // The board's neighbours without a set stay those next to a cell.
    assert!(holds(KNIGHT, "count(c in neighbours(d4)) == 8", &[]));
    assert!(holds(KNIGHT, "count(c in neighbours(a1)) == 3", &[]));
    assert!(holds(KNIGHT, "not (b3 in neighbours(a1))", &[]));
}

#[test]
fn slide_first_and_run_repeat_a_leap() {
    // a1 b3 c5 d7, then off the board.
    for cond in [
        "slide(a1, nne) == d7",
        "run(a1, nne, none) == 3",
        "first(a1, nne) == none",
        "step(a1, nne, 2) == c5",
    ] {
        assert!(holds(KNIGHT, cond, &[]), "{cond}");
    }
    let stones = [("c5", "b")];
    for cond in [
        "slide(a1, nne) == b3",
        "run(a1, nne, none) == 1",
        "first(a1, nne) == c5",
        "run(a1, nne, b) == 0",
        "run(b3, nne, b) == 1",
    ] {
        assert!(holds(KNIGHT, cond, &stones), "{cond}");
    }
}

#[test]
fn a_direction_for_each_player_may_be_a_leap() {
    let board = format!("{KNIGHT}\ndir hop = a: nne, b: ssw");
    // The mover is a: hop is nne.
    assert!(holds(&board, "step(a1, hop) == b3", &[]));
}

#[test]
fn file_and_rank_count_from_one_as_the_name_reads() {
    let board = "grid 5 x 4\nzone pot";
    for cond in [
        "file(a1) == 1 and rank(a1) == 1",
        "file(e3) == 5 and rank(e3) == 3",
        "file(b4) == 2 and rank(b4) == 4",
        "file(e4) == 5 and rank(e4) == 4",
        // Off the grid (a zone's cell) and none: 0.
        "file(pot) == 0 and rank(pot) == 0",
        "file(none) == 0 and rank(none) == 0",
        // A knight's move is one file and two ranks, or two and one.
        "sum(c in cells where file(c) > 0 : file(c)) == 4 * (1 + 2 + 3 + 4 + 5)",
        "count(c in cells where rank(c) == 4) == 5",
        "abs(file(c3) - file(d1)) == 1 and abs(rank(c3) - rank(d1)) == 2",
    ] {
        assert!(holds(board, cond, &[]), "{cond}");
    }
}

#[test]
fn leaps_and_coordinates_misused_are_answered_with_their_place() {
    assert_eq!(
        error("hex 2 3 2\nleap far = 1, 2", "score p = 0"),
        "error: a leap is an offset in files and ranks: only a board with a `grid` has them\n  --> t.tabula:4:1\n  |\n4 | leap far = 1, 2 }\n  | ^^^^^^^^^^^^^^^\n\n"
    );
    assert_eq!(
        error("grid 3 x 3\nleap still = 0, 0", "score p = 0"),
        "error: a leap of 0 files and 0 ranks goes nowhere\n  --> t.tabula:4:1\n  |\n4 | leap still = 0, 0 }\n  | ^^^^^^^^^^^^^^^^^\n\n"
    );
    assert_eq!(
        error("grid 3 x 3\nleap ne = 1, 2", "score p = 0"),
        "error: the direction `ne` is declared twice\n  --> t.tabula:4:6\n  |\n4 | leap ne = 1, 2 }\n  |      ^^\n\n"
    );
    assert!(error("grid 3 x 3\nleap far = 1, far", "score p = 0").contains("t.tabula:4:15"));
    let many: String = (0..65)
        .map(|i| format!("leap l{i} = {}, 1\n", i + 1))
        .collect();
    assert!(error(&format!("grid 3 x 3\n{many}"), "score p = 0")
        .starts_with("error: a board declares at most 64 leaps\n   --> t.tabula:68:1\n"));
    assert_eq!(
        error("hex 2 3 2", "score p = file(a1)"),
        "error: `file` reads a cell's place on a grid, and this board has no `grid` or `rhombus`\n  --> t.tabula:7:11\n  |\n7 | score p = file(a1)\n  |           ^^^^\n\n"
    );
    assert!(error("grid 3 x 3", "score p = rank(p)")
        .contains("expected a cell, but this is a player\n  --> t.tabula:7:16"));
}
