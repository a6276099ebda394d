//! Positions and move lists shared by the Invictus rules tests (`invictus_rules.rs`,
//! `invictus_end.rs`). It lives in a folder so that cargo does not build it as a test
//! of its own.

#![allow(dead_code)]

use crate::common::*;

pub const B: &str = "black";
pub const W: &str = "white";
pub const FILES: [char; 9] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

pub fn invictus() -> Game {
    game("invictus", &[])
}

/// A play-phase position: dice on the board, then pools and counters as documents.
pub fn pos(
    g: &Game,
    to_move: &str,
    list: &[(&str, &str, i32)],
    pools: Value,
    counters: Value,
) -> State {
    state(
        g,
        json!({"phase": "play", "to_move": to_move, "cells": dice(list), "pools": pools, "counters": counters}),
    )
}

/// The cells of the given ranks, a..i each.
pub fn cells_of(ranks: &[u32]) -> Vec<String> {
    ranks
        .iter()
        .flat_map(|r| FILES.iter().map(move |f| format!("{f}{r}")))
        .collect()
}

/// `{v}@{cell}` for every value and every cell given.
pub fn placements(values: &[i32], cells: &[String]) -> Vec<String> {
    sorted(
        &values
            .iter()
            .flat_map(|v| cells.iter().map(move |c| format!("{v}@{c}")))
            .collect::<Vec<_>>(),
    )
}

/// The 25 moves of a full row of dice facing an empty row: for each file, straight
/// forward, and diagonally forward to each side that exists (9 + 8 + 8). Sideways steps
/// are blocked by the neighbours in the same row, and the row behind cannot move.
pub fn front_row_moves(from_rank: u32, to_rank: u32) -> Vec<String> {
    let mut out = Vec::new();
    for (i, f) in FILES.iter().enumerate() {
        out.push(format!("{f}{from_rank}-{f}{to_rank}"));
        if i > 0 {
            out.push(format!("{f}{from_rank}-{}{to_rank}", FILES[i - 1]));
        }
        if i < 8 {
            out.push(format!("{f}{from_rank}-{}{to_rank}", FILES[i + 1]));
        }
    }
    sorted(&out)
}
