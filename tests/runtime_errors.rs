//! What a rules file that checks but does something impossible while playing gets: a
//! runtime error with its sentence and the statement it points at, never a panic; and
//! every message a bad state document gets.

use tabula::{compile, json, Choices, Engine, Game, Source};

/// A one-action game whose action runs `effect` on cell a1 (holding a piece of a's,
/// value 3) and empty cell b1, with a pool and a counter.
fn game_with(effect: &str) -> (Game, String) {
    let text = format!(
        r#"game "t"
players a, b
board {{ grid 2 x 2 }}
piece p value 1..6
piece q neutral
pool bag of 1..6
counter who: player
counter spin
setup {{ put p of a value 3 at #a1 }}
action go "go"
{{
  {effect}
}}
phase main {{
  starts a
  actions go
  decide turn
}}
"#
    );
    (
        compile(&Source::new("t.tabula", text.clone()), &[]).unwrap_or_else(|e| panic!("{e}")),
        text,
    )
}

/// Plays `go` and returns the runtime error's message and the text it points at.
#[track_caller]
fn fails(effect: &str, message: &str, at: &str) {
    let (game, text) = game_with(effect);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let mut choices = Choices::default();
    let err = match engine.legal(&state, &mut choices) {
        Err(e) => e,
        Ok(()) => {
            let mut s = state.clone();
            engine
                .apply(&mut s, &choices[0])
                .expect_err("the effect should fail")
        }
    };
    assert_eq!(err.to_string(), message);
    assert_eq!(&text[err.span.start..err.span.end], at);
}

#[test]
fn impossible_effects_are_errors_with_a_place() {
    fails(
        "move #b1 -> #b2",
        "`move` from `b1`, which is empty",
        "move #b1 -> #b2",
    );
    fails(
        "put q at #a1",
        "`put` onto `a1`, which holds another piece: remove it first, or give the board `layers N` so that pieces may stack on others",
        "put q at #a1",
    );
    fails(
        "put p of b at #a1\n  move #a1 -> #b1",
        "`put` onto `a1`, which holds another piece: remove it first, or give the board `layers N` so that pieces may stack on others",
        "put p of b at #a1",
    );
    fails(
        "put q at #b1\n  move #a1 -> #b1",
        "`move` onto `b1`, which holds another piece: remove it first, or give the board `layers N` so that pieces may stack on others",
        "move #a1 -> #b1",
    );
    fails(
        "take 2 from bag",
        "`take 2` from `bag`, which holds none",
        "take 2 from bag",
    );
    fails(
        "add 9 to bag",
        "`bag` holds values 1 to 6, not 9",
        "add 9 to bag",
    );
    fails(
        "set value(#b1) = 2",
        "`set value` of `b1`, which is empty",
        "set value(#b1) = 2",
    );
    fails(
        "set value(#a1) = 7",
        "a `p` shows 1 to 6, not 7",
        "set value(#a1) = 7",
    );
    fails(
        "put p of a value 0 at #b1",
        "a `p` shows 1 to 6, not 0",
        "put p of a value 0 at #b1",
    );
    fails(
        "remove step(#a1, s)",
        "`remove` names no cell (the cell is `none`)",
        "remove step(#a1, s)",
    );
    fails(
        "put p of who at #b1",
        "this names no player (is the cell empty?)",
        "put p of who at #b1",
    );
    fails(
        "put 200 q at #b1\n  put 100 q at #b1",
        "a cell holds at most 255 pieces",
        "put 100 q at #b1",
    );
    fails(
        "put 255 q at #b1\n  put 1 q at #b2\n  move #b2 -> #b1",
        "a cell holds at most 255 pieces",
        "move #b2 -> #b1",
    );
    // A full cell of another piece: the other piece is the reason given.
    fails(
        "put 255 q at #b1\n  move #a1 -> #b1",
        "`move` onto `b1`, which holds another piece: remove it first, or give the board `layers N` so that pieces may stack on others",
        "move #a1 -> #b1",
    );
}

#[test]
fn a_turn_that_never_ends_is_stopped() {
    // `go` always continues and is always legal: a whole turn would never end.
    fails(
        "spin += 1\n  continue",
        "a turn went on for more than 64 actions; does `continue` ever stop?",
        "go",
    );
}

// ---------------------------------------------------------------- state documents

fn naytin() -> Game {
    compile(
        &Source::new(
            "games/naytin-six.tabula",
            tabula::games::built_in("naytin-six").unwrap(),
        ),
        &[],
    )
    .unwrap()
}

/// Reads a state document and returns its first error: message and the text under it.
#[track_caller]
fn bad_state(doc: &str, message: &str, at: &str) {
    let game = naytin();
    let d = json::state_from_text(&game, &Source::new("s.json", doc))
        .expect_err("the state should be refused");
    let first = &d.list[0];
    assert_eq!(first.message, message);
    assert_eq!(&doc[first.span.start..first.span.end], at);
}

#[test]
fn bad_state_documents() {
    bad_state(
        "{\"phase\": \"play\", \"to_move\": \"red\",",
        "this is not valid JSON: EOF while parsing a value",
        ",",
    );
    bad_state(
        "[1]",
        "a state is an object with `phase`, `to_move`, `cells`, ...",
        "[",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "colour": 1}"#,
        "unknown field `colour`; a state has game, options, phase, to_move, turn_of, chance, in_turn, cells, pools, counters",
        "\"colour\"",
    );
    bad_state(
        r#"{"phase": "battle", "to_move": "red"}"#,
        "`battle` is not a phase; the phases are obstacles, dice, play",
        "\"battle\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "green"}"#,
        "to_move: `green` is not a player; the players are red, blue",
        "\"green\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "chance": "storm"}"#,
        "`storm` is not a chance event of this game",
        "\"storm\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "in_turn": "yes"}"#,
        "`in_turn` is true or false, not yes",
        "\"yes\"",
    );
    bad_state(
        r#"{"game": "Chess", "phase": "play", "to_move": "red"}"#,
        "this state is of `Chess`, not of `Naytïn Six`",
        "\"Chess\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "options": ["slide"]}"#,
        "this state is for options [slide], but the game was started with []",
        "[",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "cells": {"z9": {"owner": "red", "piece": "die", "value": 3}}}"#,
        "`z9` is not a cell of this board (cells run from `a1` to `e3`)",
        "\"z9\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "cells": {"a1": {"owner": "red", "piece": "die", "value": 9}}}"#,
        "cell `a1`: a `die` shows 1 to 6, not 9",
        "9",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "cells": {"a1": {"owner": "red", "piece": "obstacle"}}}"#,
        "cell `a1`: a `obstacle` has no owner",
        "\"red\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "cells": {"a1": {"piece": "die", "value": 2}}}"#,
        "cell `a1` needs an `owner`",
        "\"a1\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "pools": {"reserve": {"red": [7]}}}"#,
        "pool `reserve` holds values 0 to 6, not 7",
        "7",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "pools": {"sack": []}}"#,
        "`sack` is not a pool of this game",
        "\"sack\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "counters": {"spins": 1}}"#,
        "`spins` is not a counter of this game",
        "\"spins\"",
    );
    bad_state(
        r#"{"phase": "play", "to_move": "red", "counters": {"rolled": "six"}}"#,
        "counter `rolled` must be a whole number, not six",
        "\"six\"",
    );
}

#[test]
fn bad_yaml_is_reported_at_its_place() {
    let game = naytin();
    let doc = "phase: play\nto_move: [red\n";
    let d = json::state_from_text(&game, &Source::new("s.yaml", doc)).unwrap_err();
    assert!(
        d.list[0].message.starts_with("this is not valid YAML: "),
        "{}",
        d.list[0].message
    );
    let yaml_ok = "phase: play\nto_move: blue\n";
    let state = json::state_from_text(&game, &Source::new("s.yaml", yaml_ok)).unwrap();
    assert_eq!(state.mover(), tabula::PlayerId::new(1));
}

#[test]
fn a_rendered_state_error_shows_the_place() {
    let game = naytin();
    let doc = "{\n  \"phase\": \"play\",\n  \"to_move\": \"green\"\n}\n";
    let d = json::state_from_text(&game, &Source::new("s.json", doc)).unwrap_err();
    assert_eq!(
        d.render(false),
        "error: to_move: `green` is not a player; the players are red, blue\n  --> s.json:3:14\n  |\n3 |   \"to_move\": \"green\"\n  |              ^^^^^^^\n\n"
    );
}

#[test]
fn generation_that_would_run_for_ever_is_stopped() {
    let text = r#"game "forever"
players a, b
board { grid 2 x 2 }
piece p
action go "{x}-{y}-{z}"
  for x in 1..100000
  for y in 1..100000
  for z in 1..100000
  where x + y + z < 0
{ }
phase main { starts a actions go }
"#;
    let game = compile(&Source::new("forever.tabula", text), &[]).unwrap();
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let err = engine.legal(&state, &mut Choices::default()).unwrap_err();
    assert_eq!(err.to_string(), "finding the legal moves took more than 50000000 loop steps; does a `for` run over a huge range?");
}
