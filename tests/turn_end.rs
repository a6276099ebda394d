//! A whole turn that ends the game before all its steps are made: the step that ends
//! it makes a complete turn, which `maximize` does not weigh against turns that go on,
//! and turns that end the game with the same board and result are one move.
//!
//! The game is a race written for these tests: each player's runners go along the line
//! 1..5 and off; the first runner off wins; two dice, each moving one runner; use as
//! many dice as possible. The expected moves are worked out by hand below.

use serde_json::json;
use tabula::{compile, json, Choices, Engine, Game, Source, State};

const RACE: &str = r#"game "Race to the first runner off"
players white, black
option overshoot "a runner may go off with more than it needs"
option any-dice "a player need not use both dice"
board {
  line 1..5
  zone off per player
}
piece runner
pool dice of 1..6
counter used per turn hidden
track path { white: 1..5, off-white; black: 5..1, off-black }
chance roll "{a}-{b}" for a in 1..6 for b in 1..6 {
  add a to dice
  add b to dice
}
action run "{from}/{to}"
  for d in dice
  for from in path[mover]
  where owner(from) == mover and from != off[mover]
  let i = pos(path[mover], from) + d
  let last = length(path[mover]) - 1
  where i <= last or option(overshoot)
  let to = at(path[mover], min(i, last))
{
  take d from dice
  move from -> to
  used += 1
  if size(dice) > 0 { continue }
}
phase race {
  starts white
  decide turn
  actions run
  maximize if option(any-dice) then 0 else used
  stuck pass "pass"
  turn start { chance roll }
  turn end { clear dice }
}
end "first runner off" for p in players when count(off[p]) > 0 winner p
"#;

fn race(options: &[&str]) -> Game {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    compile(&Source::new("race.tabula", RACE), &options).unwrap_or_else(|e| panic!("{e}"))
}

/// White to play 2-1 with runners on the given points.
fn white_to_play(game: &Game, runners: &[&str]) -> State {
    let cells: serde_json::Map<String, serde_json::Value> = runners
        .iter()
        .map(|c| (c.to_string(), json!({"owner": "white", "piece": "runner"})))
        .collect();
    let doc =
        json!({"phase": "race", "to_move": "white", "cells": cells, "pools": {"dice": [1, 2]}});
    json::state_from_text(game, &Source::new("s.json", doc.to_string()))
        .unwrap_or_else(|d| panic!("{}", d.render(false)))
}

/// The legal turns: for each, the occupied cells it leaves (sorted) and whether the
/// game is over after it.
fn turns(game: &Game, state: &State) -> Vec<(Vec<String>, bool)> {
    let mut engine = Engine::new(game);
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    let mut out: Vec<(Vec<String>, bool)> = (0..choices.len())
        .map(|i| {
            let mut s = state.clone();
            engine.play_choice(&mut s, &choices, i).unwrap();
            let doc = json::state_to_json(game, &s);
            let mut cells: Vec<String> = doc["cells"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(c, v)| format!("{c}x{}", v["count"].as_i64().unwrap_or(1)))
                .collect();
            cells.sort();
            (cells, engine.end_outcome(&s).expect("end rules").is_some())
        })
        .collect();
    out.sort();
    out
}

fn turn(cells: &[&str], over: bool) -> (Vec<String>, bool) {
    (cells.iter().map(|c| c.to_string()).collect(), over)
}

#[test]
fn a_step_that_ends_the_game_is_a_complete_turn() {
    // Runners on 4 and 1, dice 2-1, going off needs the exact number (off is 2 from 4).
    //   2: 4/off            ends the game, one die used     -> off, 1
    //   1: 1/2, 2: 4/off    ends the game                   -> off, 2
    //   1: 4/5, 2: 1/3      (5 cannot use the 2)            -> 3, 5
    //   2: 1/3, 1: 4/5      the same position               -> 3, 5
    //   2: 1/3, 1: 3/4      and 1: 1/2, 2: 2/4              -> 4 (two runners)
    // Four turns; without the rule, the first (one die) would lose to those using two.
    let game = race(&[]);
    let state = white_to_play(&game, &["4", "1"]);
    assert_eq!(
        turns(&game, &state),
        [
            turn(&["1x1", "off-whitex1"], true),
            turn(&["2x1", "off-whitex1"], true),
            turn(&["3x1", "5x1"], false),
            turn(&["4x2"], false),
        ]
    );
}

#[test]
fn turns_that_end_the_game_alike_are_one_move() {
    // One runner on 4, dice 2-1, any larger number may go off (overshoot):
    //   2: 4/off            ends the game with the 1 unused
    //   1: 4/5, 2: 5/off    ends the game with both dice used
    // The same board and the same result: one move, not two.
    // With `any-dice` every turn counts alike; without it, the one-die turn is kept
    // because it ends the game: one move either way.
    for options in [&["overshoot"][..], &["overshoot", "any-dice"]] {
        let game = race(options);
        let state = white_to_play(&game, &["4"]);
        assert_eq!(
            turns(&game, &state),
            [turn(&["off-whitex1"], true)],
            "{options:?}"
        );
        // Both ways of writing it are accepted as that move.
        let mut engine = Engine::new(&game);
        let mut choices = Choices::default();
        engine.legal(&state, &mut choices).unwrap();
        for text in ["4/off-white", "4/5 5/off-white"] {
            let found = engine.find_choice(&state, &choices, text).unwrap();
            assert_eq!(found, Some(0), "`{text}`");
        }
    }
}

#[test]
fn without_an_ending_the_dice_are_still_used_in_full() {
    // Runners on 1 and 2, dice 2-1: nothing can go off, so every turn uses both dice.
    //   1: 1/2, 2: 2/4                          -> 2, 4
    //   1: 2/3, then 2: 1/3 or 3/5              -> 3, 3 or 1, 5
    //   2: 1/3, then 1: 2/3 or 3/4              -> 3, 3 or 2, 4
    //   2: 2/4, then 1: 1/2 or 4/5              -> 2, 4 or 1, 5
    let game = race(&[]);
    let state = white_to_play(&game, &["1", "2"]);
    let got = turns(&game, &state);
    assert_eq!(
        got,
        [
            turn(&["1x1", "5x1"], false),
            turn(&["2x1", "4x1"], false),
            turn(&["3x2"], false),
        ]
    );
}
