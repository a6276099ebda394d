//! Boards of their own points, links and named lines, on small boards worked out by
//! hand: the links are the neighbours of `neighbours`, `group` and `for`, the lines
//! through a cell are `lines(c)`, a line is a domain of its cells.

mod common;

use common::*;

/// Five points: a triangle a b c, a tail c -- d, and e joined to nothing; three lines.
const RULES: &str = r#"game "points"
players x, o
board {
  points a, b, c, d, e
  links a -- b -- c -- a, c -- d
  line left = a, b
  line tri = a, b, c
  line tail = c, d, e
}
piece stone
action put "{to}"
  for to in cells
  where empty(to)
{
  put stone of mover at to
}
// Probes of the readings, one move each; they change nothing that matters here.
action near "near-{at}-{n}"
  for at in cells
  for n in neighbours(at)
{
  continue
}
action through "through-{at}-{l}"
  for at in cells
  for l in lines(at)
{
  continue
}
action full "full-{l}-{size}"
  for l in lines(#c)
  where all(x in l where owner(x) == mover)
  let size = count(x in l)
{
  continue
}
action grouped "group-{x}"
  for x in group(#a)
{
  continue
}
phase main {
  starts x
  decide action
  actions put, near, through, full, grouped
}
"#;

fn game() -> Game {
    tabula::compile(&tabula::Source::new("points.tabula", RULES), &[])
        .unwrap_or_else(|e| panic!("does not compile:\n{e}"))
}

/// The moves whose text begins with `prefix`.
fn probes(e: &mut Engine, s: &State, prefix: &str) -> Vec<String> {
    moves(e, s)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn position(game: &Game, stones: &[(&str, &str)]) -> State {
    let mut cells = serde_json::Map::new();
    for (c, p) in stones {
        cells.insert(c.to_string(), json!({"owner": p, "piece": "stone"}));
    }
    state(
        game,
        json!({"phase": "main", "to_move": "x", "cells": cells}),
    )
}

#[test]
fn the_links_are_the_neighbours_both_ways() {
    let game = game();
    let mut e = Engine::new(&game);
    let s = position(&game, &[]);
    // a: b, c; b: a, c; c: a, b, d; d: c; e: none.
    let want = [
        "near-a-b", "near-a-c", "near-b-a", "near-b-c", "near-c-a", "near-c-b", "near-c-d",
        "near-d-c",
    ];
    assert_eq!(probes(&mut e, &s, "near-"), sorted(&want));
}

#[test]
fn a_group_follows_the_links() {
    let game = game();
    let mut e = Engine::new(&game);
    // a b c d of x: all joined through links. e of x too, but linked to nothing.
    let all = [("a", "x"), ("b", "x"), ("c", "x"), ("d", "x"), ("e", "x")];
    let s = position(&game, &all);
    let want = ["group-a", "group-b", "group-c", "group-d"];
    assert_eq!(probes(&mut e, &s, "group-"), sorted(&want));
    // d of o: a b c only, d is another owner's.
    let s = position(&game, &[("a", "x"), ("b", "x"), ("c", "x"), ("d", "o")]);
    assert_eq!(
        probes(&mut e, &s, "group-"),
        sorted(&["group-a", "group-b", "group-c"])
    );
}

#[test]
fn the_lines_through_a_cell() {
    let game = game();
    let mut e = Engine::new(&game);
    let s = position(&game, &[]);
    // a: left, tri; b: left, tri; c: tri, tail; d: tail; e: tail.
    let want = [
        "through-a-left",
        "through-a-tri",
        "through-b-left",
        "through-b-tri",
        "through-c-tri",
        "through-c-tail",
        "through-d-tail",
        "through-e-tail",
    ];
    assert_eq!(probes(&mut e, &s, "through-"), sorted(&want));
}

#[test]
fn a_line_is_a_domain_of_its_cells() {
    let game = game();
    let mut e = Engine::new(&game);
    // Lines through c: tri (a b c) and tail (c d e). Only tri is all x's.
    let s = position(&game, &[("a", "x"), ("b", "x"), ("c", "x"), ("d", "x")]);
    assert_eq!(probes(&mut e, &s, "full-"), ["full-tri-3"]);
    let s = position(
        &game,
        &[("a", "x"), ("b", "x"), ("c", "x"), ("d", "x"), ("e", "x")],
    );
    assert_eq!(
        probes(&mut e, &s, "full-"),
        sorted(&["full-tri-3", "full-tail-3"])
    );
    let s = position(&game, &[("a", "o"), ("b", "x"), ("c", "x")]);
    assert!(probes(&mut e, &s, "full-").is_empty());
}

#[test]
fn check_lists_the_links_and_lines() {
    let game = game();
    assert_eq!(game.link_count(), 4);
    assert_eq!(
        game.lines(),
        vec![
            ("left", vec!["a", "b"]),
            ("tri", vec!["a", "b", "c"]),
            ("tail", vec!["c", "d", "e"]),
        ]
    );
}
