//! `replace DECLARATION` in a file that includes a built-in game: the declaration takes
//! the place of the included one (for `setup`, of the included setup); a `replace` that
//! matches nothing is an error; a setup that puts pieces on top of an included one that
//! does too is a warning. Hypergammon (examples/rules/hypergammon.tabula) is the example.

use serde_json::json;
use tabula::{compile, json, CompileError, Engine, Game, Source};

fn build(text: &str) -> Result<Game, CompileError> {
    compile(&Source::new("v.tabula", text), &[])
}

fn hypergammon() -> (Game, String) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/rules/hypergammon.tabula"
    ))
    .unwrap();
    (build(&text).unwrap_or_else(|e| panic!("{e}")), text)
}

/// The cells holding checkers after the setup, as (cell, owner, count), sorted.
fn setup_cells(game: &Game) -> Vec<(String, String, i64)> {
    let mut engine = Engine::new(game);
    let state = engine.initial_state().unwrap();
    let doc = json::state_to_json(game, &state);
    let mut cells: Vec<(String, String, i64)> = doc["cells"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(c, v)| {
            (
                c.clone(),
                v["owner"].as_str().unwrap().to_string(),
                v["count"].as_i64().unwrap_or(1),
            )
        })
        .collect();
    cells.sort();
    cells
}

#[test]
fn a_replaced_setup_is_the_only_one() {
    let (game, _) = hypergammon();
    assert!(game.warnings().is_empty());
    let own = |c: &str, o: &str| (c.to_string(), o.to_string(), 1);
    assert_eq!(
        setup_cells(&game),
        [
            own("1", "black"),
            own("2", "black"),
            own("22", "white"),
            own("23", "white"),
            own("24", "white"),
            own("3", "black"),
        ]
    );
}

#[test]
fn a_replaced_define_changes_the_included_end_rule() {
    // White's last checker on his 1 point, two borne off, to play 6-5; black's three
    // checkers on the 20 point, in black's home board (19-24). Either die bears the
    // checker off and ends the game at once: one move, whichever die is named. Black
    // has borne off none and has no checker on the bar or in white's home board (1-6):
    // a gammon, 2 points at cube 1.
    let (game, _) = hypergammon();
    let doc = json!({
        "phase": "play", "to_move": "white",
        "cells": {
            "1": {"owner": "white", "piece": "checker"},
            "off-white": {"owner": "white", "piece": "checker", "count": 2},
            "20": {"owner": "black", "piece": "checker", "count": 3}
        },
        "pools": {"dice": [6, 5]},
        "counters": {"turns": 3}
    });
    let state = json::state_from_text(&game, &Source::new("s.json", doc.to_string()))
        .unwrap_or_else(|d| panic!("{}", d.render(false)));
    let mut engine = Engine::new(&game);
    let mut s = state.clone();
    let mut choices = tabula::Choices::default();
    engine.legal(&s, &mut choices).unwrap();
    let texts: Vec<String> = (0..choices.len())
        .map(|i| engine.choice_text(&s, &choices[i]).unwrap())
        .collect();
    assert_eq!(
        texts,
        ["1/off"],
        "bearing off the last checker is the one move"
    );
    engine.play_choice(&mut s, &choices, 0).unwrap();
    let over = engine
        .end_outcome(&s)
        .expect("the end rules")
        .expect("three borne off end the game");
    assert_eq!(over.winner, Some(tabula::PlayerId::new(0)));
    assert_eq!(over.points, 2);
    assert_eq!(over.named.as_deref(), Some("gammon"));
}

#[test]
fn a_setup_added_on_top_of_the_included_one_is_a_warning() {
    let text = "include \"backgammon\"\nsetup {\n  put 3 checker of white at #1\n}\n";
    let game = build(text).unwrap();
    assert_eq!(game.warnings().len(), 1);
    let w = &game.warnings()[0];
    assert!(w.warning);
    assert_eq!(
        w.message,
        "this setup runs after the included game's, which also puts pieces: both sets will be on the board"
    );
    assert_eq!(&text[w.span.start..w.span.end], "setup");
    assert_eq!(
        w.hint.as_deref(),
        Some("write `replace setup { ... }` to set the board up in place of the included game's setup")
    );
    // A setup that puts nothing (it sets a counter) adds to the included one quietly.
    let game = build("include \"backgammon\"\nsetup { turns = 1 }\n").unwrap();
    assert!(game.warnings().is_empty());
}

#[test]
fn a_replace_that_matches_nothing_is_an_error() {
    let first = |text: &str| match build(text) {
        Err(CompileError::Rules(d)) => (
            d.list[0].message.clone(),
            text[d.list[0].span.start..d.list[0].span.end].to_string(),
            d.list[0].hint.clone(),
        ),
        other => panic!("{:?}", other.map(|_| ())),
    };
    assert_eq!(
        first("include \"backgammon\"\nreplace end \"all off\" when false draw\n"),
        (
            "`replace` finds no end \"all off\" in the included game".to_string(),
            "replace".to_string(),
            Some("its end declarations are: all borne off, double dropped".to_string())
        )
    );
    assert_eq!(
        first("include \"backgammon\"\nreplace define checker = 3\n").0,
        "`replace` finds no define `checker` in the included game"
    );
    assert_eq!(
        first("game \"g\"\nreplace setup { }\n"),
        (
            "`replace` takes the place of a declaration of an included game, and this file includes none".to_string(),
            "replace".to_string(),
            Some("start the file with `include \"GAME\"`, or leave out `replace`".to_string())
        )
    );
}
