//! `decide turn when COND`: one rules file whose phase decides whole turns or single
//! actions by an option, on a token that moves twice a turn along a line of four cells
//! (a1 b1 c1 d1), starting on b1. The moves are worked out by hand in the comments.

mod common;

use common::*;
use tabula::{CompileError, Source};

const TWO_STEPS: &str = r#"game "Two steps"
players a, b
option whole "a turn is chosen whole"
board { grid 4 x 1 }
piece token
counter steps per turn
setup { put token of a at b1 }
action go "{to}"
  for from in cells where not empty(from)
  for d in [e, w]
  let to = step(from, d)
  where to != none
{
  move from -> to
  steps += 1
  if steps < 2 { continue }
}
phase play {
  starts a
  actions go
  decide turn when option(whole)
  stuck end draw
}
"#;

fn compiled(text: &str, options: &[&str]) -> Result<Game, String> {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    match tabula::compile(&Source::new("two.tabula", text), &options) {
        Ok(g) => Ok(g),
        Err(CompileError::Rules(d)) => Err(d.render(false)),
        Err(CompileError::Option(m)) => Err(m.to_string()),
    }
}

fn first_moves(game: &Game) -> Vec<String> {
    let mut engine = Engine::new(game);
    let s = engine.initial_state().expect("initial state");
    moves(&mut engine, &s)
}

#[test]
fn the_option_chooses_whole_turns_or_single_actions() {
    // Whole turns: a1 b1, c1 b1 (the same position: one choice) and c1 d1.
    let whole = compiled(TWO_STEPS, &["whole"]).unwrap();
    let listed = first_moves(&whole);
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert!(listed.contains(&"c1 d1".to_string()), "{listed:?}");
    // One action at a time: the first step, a1 or c1.
    let single = compiled(TWO_STEPS, &[]).unwrap();
    assert_eq!(first_moves(&single), vec!["a1", "c1"]);
    // Either way the same game: a's turn played one action at a time is a1 then b1,
    // or c1 then b1 or d1.
    let mut e1 = Engine::new(&single);
    let s1 = e1.initial_state().unwrap();
    // a1 -> b1; c1 -> b1 or d1: three ways of playing a's turn.
    assert_eq!(e1.perft(&s1, 2).unwrap(), 3);
    // `decide action when` turns it round.
    let turned = TWO_STEPS.replace(
        "decide turn when option(whole)",
        "decide action when option(whole)",
    );
    assert_eq!(
        first_moves(&compiled(&turned, &["whole"]).unwrap()),
        vec!["a1", "c1"]
    );
    assert_eq!(first_moves(&compiled(&turned, &[]).unwrap()).len(), 2);
}

#[test]
fn the_condition_must_be_known_before_the_game_starts() {
    let text = TWO_STEPS.replace(
        "decide turn when option(whole)",
        "decide turn when steps == 0",
    );
    assert_eq!(
        compiled(&text, &[]).unwrap_err(),
        "error: what a phase decides must be known before the game starts, and `steps` is not
   --> two.tabula:21:20
   |
21 |   decide turn when steps == 0
   |                    ^^^^^
   |
   = hint: use numbers, `define`s of them, `option(NAME)`, `+ - * / %`, `min`, `max`, `abs` and `if ... then ... else`

"
    );
}
