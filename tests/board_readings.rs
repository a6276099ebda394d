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
