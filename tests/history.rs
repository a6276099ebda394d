//! Repeated positions (`occurrences`) and forbidden positions (`forbid`) on a game small
//! enough to follow by hand: a token on a line of three cells, a1 b1 c1, going one cell
//! east or west each move, starting on b1 with player a to move. Every count here is
//! worked out in the comments from the rules, not taken from the program.

mod common;

use common::*;
use tabula::session::Session;
use tabula::{CompileError, Source};

const SHUTTLE: &str = r#"game "Shuttle"
players a, b
board { grid 3 x 1 }
piece token
setup { put token of a at b1 }
action go "{to}"
  for from in cells where not empty(from)
  for d in [e, w]
  let to = step(from, d)
  where to != none
{
  move from -> to
}
phase play {
  starts a
  actions go
  stuck end draw
}
end "repeated" when occurrences(cells) >= 3
  draw
"#;

/// The problems of a rules text as `tabula check shuttle.tabula` draws them, or None
/// when it compiles.
fn first_error(text: &str, name: &str) -> Option<String> {
    match tabula::compile(&Source::new(name, text), &[]) {
        Ok(_) => None,
        Err(CompileError::Rules(d)) => Some(d.render(false)),
        Err(CompileError::Option(m)) => panic!("{m}"),
    }
}

fn compiled(text: &str) -> Game {
    tabula::compile(&Source::new("shuttle.tabula", text), &[])
        .unwrap_or_else(|e| panic!("does not compile:\n{e}"))
}

/// SHUTTLE with `from` replaced by `to`.
fn variant(from: &str, to: &str) -> String {
    assert!(SHUTTLE.contains(from), "no `{from}`");
    SHUTTLE.replacen(from, to, 1)
}

fn start(game: &Game) -> (Engine<'_>, State) {
    let mut engine = Engine::new(game);
    let state = engine.initial_state().expect("initial state");
    (engine, state)
}

#[test]
fn the_third_turn_in_a_position_draws() {
    let game = compiled(SHUTTLE);
    let (mut engine, s) = start(&game);
    // b1 (once) -> a1 or c1 -> b1 (twice) -> a1 or c1 -> b1 (three times): every one
    // of the 2 x 2 games of four moves ends drawn, and perft counts a finished game as
    // one leaf at the greater depths.
    for (depth, want) in [(1, 2), (2, 2), (3, 4), (4, 4), (5, 4), (6, 4)] {
        assert_eq!(engine.perft(&s, depth).unwrap(), want, "perft {depth}");
    }
    let mut s = s;
    play_all(&mut engine, &mut s, &["a1", "b1", "c1"]);
    // a1 and c1 once each, b1 twice: the game goes on.
    assert!(!is_over(&mut engine, &s));
    play(&mut engine, &mut s, "b1");
    assert_eq!(result(&mut engine, &s).unwrap().0, "draw");
    assert_eq!(result(&mut engine, &s).unwrap().2, "repeated");
}

#[test]
fn each_set_of_parts_is_counted_apart() {
    // The score reads two sets of parts at once: the player to move, and the cells.
    let text = variant(
        "end \"repeated\"",
        "score p = 100 * occurrences(mover) + occurrences(cells)\nend \"repeated\"",
    );
    let game = compiled(&text);
    let (mut engine, mut s) = start(&game);
    // Turn 1: a to move (once), the token on b1 (once).
    assert_eq!(engine.scores(&s).unwrap(), vec![101, 101]);
    play(&mut engine, &mut s, "c1");
    // Turn 2: b (once), c1 (once).
    assert_eq!(engine.scores(&s).unwrap(), vec![101, 101]);
    play(&mut engine, &mut s, "b1");
    // Turn 3: a (turns 1 and 3), b1 (turns 1 and 3).
    assert_eq!(engine.scores(&s).unwrap(), vec![202, 202]);
    play(&mut engine, &mut s, "a1");
    // Turn 4: b (turns 2 and 4), a1 (once).
    assert_eq!(engine.scores(&s).unwrap(), vec![201, 201]);
}

#[test]
fn a_state_read_from_a_document_starts_its_record_with_itself() {
    let game = compiled(SHUTTLE);
    let mut engine = Engine::new(&game);
    let doc =
        json!({"phase": "play", "to_move": "a", "cells": {"b1": {"owner": "a", "piece": "token"}}});
    let mut s = state(&game, doc);
    // As from the start: the position read is b1's first turn, so b1 comes back a
    // third time after four moves, not five.
    play_all(&mut engine, &mut s, &["c1", "b1", "c1"]);
    assert!(!is_over(&mut engine, &s));
    play(&mut engine, &mut s, "b1");
    assert_eq!(result(&mut engine, &s).unwrap().2, "repeated");
}

#[test]
fn a_forbidden_position_takes_the_move_away_everywhere() {
    let text = variant(
        "  stuck end draw",
        "  stuck end draw\n  forbid \"the token may not stand on a1\" when not empty(a1)",
    );
    let game = compiled(&text);
    let (mut engine, mut s) = start(&game);
    // From b1 only c1; from c1 only b1: one line of play, c1 b1 c1 b1, drawn at the
    // fifth turn (b1 on turns 1, 3 and 5).
    assert_eq!(moves(&mut engine, &s), vec!["c1"]);
    for depth in 1..=6 {
        assert_eq!(engine.perft(&s, depth).unwrap(), 1, "perft {depth}");
    }
    assert!(refused(&mut engine, &s, "a1"));
    play_all(&mut engine, &mut s, &["c1", "b1", "c1"]);
    assert_eq!(moves(&mut engine, &s), vec!["b1"]);
    play(&mut engine, &mut s, "b1");
    assert_eq!(result(&mut engine, &s).unwrap().2, "repeated");
}

#[test]
fn a_player_whose_every_move_is_forbidden_is_stuck() {
    let text = variant(
        "  stuck end draw",
        "  stuck end draw\n  forbid \"off the middle\" when empty(b1)",
    );
    let game = compiled(&text);
    let (mut engine, s) = start(&game);
    // Both moves leave b1: none is legal, and `stuck end draw` ends the game at once.
    assert!(moves(&mut engine, &s).is_empty());
    assert_eq!(result(&mut engine, &s).unwrap().0, "draw");
    assert_eq!(result(&mut engine, &s).unwrap().2, "no legal move");
    assert_eq!(engine.perft(&s, 1).unwrap(), 1);
}

#[test]
fn a_forbid_reads_the_player_who_moved() {
    // Only a is kept off a1: after c1, b1 (a's, then b's move), a has c1 alone.
    let text = variant(
        "  stuck end draw",
        "  stuck end draw\n  forbid \"a keeps off a1\" when mover == a and not empty(a1)",
    );
    let game = compiled(&text);
    let (mut engine, mut s) = start(&game);
    assert_eq!(moves(&mut engine, &s), vec!["c1"]);
    play_all(&mut engine, &mut s, &["c1", "b1"]);
    assert_eq!(moves(&mut engine, &s), vec!["c1"]);
    play(&mut engine, &mut s, "c1");
    // b, from c1, has b1 only: c1 is the east end.
    assert_eq!(moves(&mut engine, &s), vec!["b1"]);
}

#[test]
fn forbids_hold_in_each_step_of_a_whole_turn() {
    // Two steps a turn, chosen as one, on a line of four cells from b1: a1 b1, c1 b1
    // and c1 d1, which end in two positions (token on b1, on d1), so two choices.
    // With c1 forbidden, only a1 b1 is left, and d1 cannot be reached.
    let two_steps = variant(
        "  move from -> to\n",
        "  move from -> to\n  steps += 1\n  if steps < 2 { continue }\n",
    )
    .replace("grid 3 x 1", "grid 4 x 1")
    .replace("piece token\n", "piece token\ncounter steps per turn\n")
    .replace("  actions go\n", "  actions go\n  decide turn\n")
    .replace(
        "end \"repeated\" when occurrences(cells) >= 3\n  draw\n",
        "",
    );
    let game = compiled(&two_steps);
    let (mut engine, s) = start(&game);
    let listed = moves(&mut engine, &s);
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert!(listed.contains(&"c1 d1".to_string()), "{listed:?}");
    let forbidden = two_steps.replace(
        "  stuck end draw",
        "  stuck end draw\n  forbid \"the token may not stand on c1\" when not empty(c1)",
    );
    let game = compiled(&forbidden);
    let (mut engine, s) = start(&game);
    assert_eq!(moves(&mut engine, &s), vec!["a1 b1"]);
}

#[test]
fn why_names_the_forbid_rule() {
    let text = variant(
        "  stuck end draw",
        "  stuck end draw\n  forbid \"the token may not stand on a1\" when not empty(a1)",
    );
    let mut s = Session::new(Source::new("shuttle.tabula", text), &[], 1).unwrap();
    s.intro();
    assert_eq!(
        s.handle("why a1").text,
        "error: `a1` is a move of action `go`, but phase `play` forbids the position it leads to: the token may not stand on a1
   --> shuttle.tabula:18:11
   |
18 |   forbid \"the token may not stand on a1\" when not empty(a1)
   |           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

"
    );
    assert_eq!(s.handle("why c1").text, "`c1` is legal (action `go`)\n");
}

#[test]
fn occurrences_without_parts() {
    let text = variant("occurrences(cells)", "occurrences()");
    assert_eq!(
        first_error(&text, "shuttle.tabula").unwrap(),
        "error: `occurrences` needs the parts of the position it compares
   --> shuttle.tabula:19:21
   |
19 | end \"repeated\" when occurrences() >= 3
   |                     ^^^^^^^^^^^^^
   |
   = hint: name what two positions must share to count as one: `cells`, a region, `mover`, a counter or a pool, e.g. `occurrences(cells, mover)`

"
    );
}

#[test]
fn an_unknown_part_is_named_with_the_closest() {
    let text = variant("occurrences(cells)", "occurrences(cels)");
    assert_eq!(
        first_error(&text, "shuttle.tabula").unwrap(),
        "error: `cels` is not a part of the position `occurrences` can compare
   --> shuttle.tabula:19:33
   |
19 | end \"repeated\" when occurrences(cels) >= 3
   |                                 ^^^^
   |
   = hint: did you mean `cells`?

"
    );
    let text = variant("occurrences(cells)", "occurrences(cells, 1 + 2)");
    assert_eq!(
        first_error(&text, "shuttle.tabula").unwrap(),
        "error: `1 + 2` is not a part of the position `occurrences` can compare
   --> shuttle.tabula:19:40
   |
19 | end \"repeated\" when occurrences(cells, 1 + 2) >= 3
   |                                        ^^^^^
   |
   = hint: name what two positions must share to count as one: `cells`, a region, `mover`, a counter or a pool, e.g. `occurrences(cells, mover)`

"
    );
}

#[test]
fn history_is_refused_with_whole_turns() {
    let text = variant("  actions go\n", "  actions go\n  decide turn\n");
    assert_eq!(
        first_error(&text, "shuttle.tabula").unwrap(),
        "error: `occurrences` reads earlier positions, and the phase `play` decides whole turns
   --> shuttle.tabula:20:21
   |
20 | end \"repeated\" when occurrences(cells) >= 3
   |                     ^^^^^^^^^^^^^^^^^^
   |
   = hint: earlier positions are kept at each turn's start, which a search of whole turns passes over: decide the phase one action at a time (leave out `decide turn`)

"
    );
}

#[test]
fn at_most_four_sets_of_parts() {
    let text = variant(
        "end \"repeated\"",
        "counter k\nscore p = occurrences(cells) + occurrences(mover) + occurrences(k) + occurrences(phase) + occurrences(cells, k)\nend \"repeated\"",
    );
    assert_eq!(
        first_error(&text, "shuttle.tabula").unwrap(),
        "error: `occurrences` compares at most 4 different sets of parts in one game
   --> shuttle.tabula:20:91
   |
20 | score p = occurrences(cells) + occurrences(mover) + occurrences(k) + occurrences(phase) + occurrences(cells, k)
   |                                                                                           ^^^^^^^^^^^^^^^^^^^^^
   |
   = hint: compare the same parts everywhere, e.g. with a `define`

"
    );
    // The same set written twice, in another order, is one set.
    let text = variant(
        "end \"repeated\"",
        "score p = occurrences(cells, mover) + occurrences(mover, cells)\nend \"repeated\"",
    );
    assert!(first_error(&text, "shuttle.tabula").is_none());
}

#[test]
fn a_forbid_condition_is_true_or_false() {
    let text = variant(
        "  stuck end draw",
        "  stuck end draw\n  forbid \"x\" when count(a1)",
    );
    let shown = first_error(&text, "shuttle.tabula").unwrap();
    assert!(shown.contains("shuttle.tabula:18:19"), "{shown}");
}
