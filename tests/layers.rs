//! Stacks of layers (`layers N` in the board): a piece unlike a stack's top starts a
//! new layer; `move`, `put` and `remove` act on the top; `owner(c, k)`, `count(c, k)`,
//! `value(c, k)`, `layers(c)` and `pieces(c, p)` read the stack; and the messages for
//! their misuse. Each expected value is worked out from the effects by hand.

mod examples_support;
use examples_support::message_and_place;
use serde_json::{json, Value};
use tabula::{compile, json, CompileError, Engine, Game, Source};

/// A game on a 3x1 line of cells whose `setup` runs `effects`, with counters to read
/// results into.
fn text(board: &str, effects: &str) -> String {
    format!(
        r#"game "t"
players a, b
board {{ grid 3 x 1 {board} }}
piece p value 1..6
piece q neutral
counter r1
counter r2
counter r3
counter r4: player
setup {{
  {effects}
}}
action go "go" {{ }}
phase main {{
  starts a
  actions go
}}
"#
    )
}

fn build(text: &str) -> Result<Game, CompileError> {
    compile(&Source::new("t.tabula", text), &[])
}

/// The state after setup, as a state document.
#[track_caller]
fn after_setup(text: &str) -> Value {
    let game = build(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap_or_else(|e| panic!("{e:?}"));
    json::state_to_json(&game, &state)
}

/// The runtime error the setup stops with.
#[track_caller]
fn setup_error(text: &str) -> String {
    let game = build(text).unwrap_or_else(|e| panic!("{e}"));
    let mut engine = Engine::new(&game);
    engine
        .initial_state()
        .expect_err("the setup should fail")
        .to_string()
}

#[test]
fn an_unlike_piece_starts_a_layer_and_leaving_uncovers_the_one_below() {
    // a1: two of a's (value 2), then one of b's put on them; b's piece moves to b1
    // (empty) and back, then one of a's leaves a1 while b's covers it: not allowed to
    // reach it, so a's pieces move only after b's is gone.
    let s = after_setup(&text(
        "layers 3",
        "put 2 p of a value 2 at #a1\n  put p of b value 5 at #a1\n  put q at #a1",
    ));
    assert_eq!(
        s["cells"]["a1"],
        json!({"piece": "q", "under": [
            {"owner": "b", "piece": "p", "value": 5},
            {"owner": "a", "piece": "p", "value": 2, "count": 2}
        ]})
    );
    // Moving the top piece away uncovers the layer below; moving it onto a stack of
    // the same pieces joins that stack.
    let s = after_setup(&text(
        "layers 2",
        "put 2 p of a value 2 at #a1\n  put p of b value 5 at #a1\n  put p of b value 5 at #b1\n  move #a1 -> #b1\n  move #a1 -> #c1",
    ));
    assert_eq!(
        s["cells"]["b1"],
        json!({"owner": "b", "piece": "p", "value": 5, "count": 2})
    );
    assert_eq!(
        s["cells"]["a1"],
        json!({"owner": "a", "piece": "p", "value": 2})
    );
    assert_eq!(
        s["cells"]["c1"],
        json!({"owner": "a", "piece": "p", "value": 2})
    );
    // `remove` takes the whole top layer.
    let s = after_setup(&text(
        "layers 2",
        "put 2 p of a at #a1\n  put 3 p of b at #a1\n  remove #a1",
    ));
    assert_eq!(
        s["cells"]["a1"],
        json!({"owner": "a", "piece": "p", "value": 1, "count": 2})
    );
}

#[test]
fn the_stack_is_read_layer_by_layer() {
    // a1 from the bottom: 2 of a's (value 2), 1 of b's (value 4), 3 of a's (value 6).
    let s = after_setup(&text(
        "layers 3",
        "put 2 p of a value 2 at #a1\n  put p of b value 4 at #a1\n  put 3 p of a value 6 at #a1
  r1 = layers(#a1) * 100 + layers(#b1)
  r2 = count(#a1, 0) * 100 + count(#a1, 1) * 10 + count(#a1, 2)
  r3 = value(#a1, 1) * 100 + pieces(#a1, a) * 10 + pieces(#a1, b)
  r4 = owner(#a1, 1)",
    ));
    let c = &s["counters"];
    assert_eq!(
        [&c["r1"], &c["r2"], &c["r3"], &c["r4"]],
        [&json!(300), &json!(312), &json!(451), &json!("b")]
    );
    // `pieces` also reads a board of one layer: the stack if the player owns it.
    let s = after_setup(&text(
        "",
        "put 2 p of a at #a1\n  r1 = pieces(#a1, a) * 10 + pieces(#a1, b)",
    ));
    assert_eq!(s["counters"]["r1"], 20);
}

#[test]
fn a_changed_value_joins_the_layer_below_when_alike() {
    let s = after_setup(&text(
        "layers 2",
        "put 2 p of a value 3 at #a1\n  put p of a value 4 at #a1\n  set value(#a1) = 3\n  r1 = layers(#a1)",
    ));
    assert_eq!(
        s["cells"]["a1"],
        json!({"owner": "a", "piece": "p", "value": 3, "count": 3})
    );
    assert_eq!(s["counters"]["r1"], 1);
}

#[test]
fn a_full_stack_refuses_another_layer() {
    assert_eq!(
        setup_error(&text(
            "layers 2",
            "put p of a at #a1\n  put p of b at #a1\n  put q at #a1"
        )),
        "`put` onto `a1`, whose stack already holds 2 layers, as many as the board's `layers 2` allows"
    );
    assert_eq!(
        setup_error(&text(
            "layers 2",
            "put p of a at #a1\n  put p of b at #a1\n  put q at #b1\n  move #b1 -> #a1"
        )),
        "`move` onto `a1`, whose stack already holds 2 layers, as many as the board's `layers 2` allows"
    );
}

#[test]
fn the_most_layers_a_board_allows_is_sixteen() {
    // 16 pieces of a and b in turn on one cell make 16 layers, a's at the bottom
    // (layer 15) and b's on top (layer 0); a 17th is refused, and so is `layers 17`.
    let sixteen = "put p of a at #a1\n  put p of b at #a1\n  ".repeat(8);
    let s = after_setup(&text(
        "layers 16",
        &format!("{sixteen}r1 = layers(#a1)\n  r4 = owner(#a1, 15)"),
    ));
    assert_eq!(s["counters"]["r1"], 16);
    assert_eq!(s["counters"]["r4"], "a");
    assert_eq!(
        setup_error(&text("layers 16", &format!("{sixteen}put p of a at #a1"))),
        "`put` onto `a1`, whose stack already holds 16 layers, as many as the board's `layers 16` allows"
    );
    assert_eq!(
        message_and_place(&text("layers 17", "")),
        (
            "a cell holds 2 to 16 layers, not 17".to_string(),
            "17".to_string()
        )
    );
}

#[test]
fn misuse_is_an_error_with_its_place() {
    assert_eq!(
        message_and_place(&text("", "r1 = layers(#a1)")),
        (
            "`layers` reads the layers of a stack, and this board's cells hold one stack of alike pieces".to_string(),
            "layers(#a1)".to_string()
        )
    );
    assert_eq!(
        message_and_place(&text("", "r1 = count(#a1, 1)")).1,
        "count(#a1, 1)"
    );
    assert_eq!(
        message_and_place(&text("layers 3", "r1 = count(#a1, 3)")),
        (
            "the layers of this board are numbered 0 (the top) to 2, not 3".to_string(),
            "3".to_string()
        )
    );
    assert_eq!(
        message_and_place(&text("layers 1", "")),
        (
            "a cell holds 2 to 16 layers, not 1".to_string(),
            "1".to_string()
        )
    );
    assert_eq!(
        message_and_place(&text("layers 2 layers 3", "")),
        (
            "the board says `layers` twice".to_string(),
            "layers 3".to_string()
        )
    );
    assert_eq!(
        message_and_place(&text("layers 2", "r1 = pieces(#a1)")).0,
        "`pieces` takes 2 arguments, not 1"
    );
}

#[test]
fn a_state_document_keeps_the_layers_under_the_top() {
    let t = text(
        "layers 3",
        "put 2 p of a value 2 at #a1\n  put p of b value 5 at #a1",
    );
    let game = build(&t).unwrap();
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let doc = json::state_to_json(&game, &state);
    let back = json::state_from_text(&game, &Source::new("s.json", doc.to_string())).unwrap();
    assert_eq!(back, state);
    // A board of one layer has nothing under its tops.
    let flat = build(&text("", "")).unwrap();
    let mut doc = json::state_to_json(&flat, &Engine::new(&flat).initial_state().unwrap());
    doc["cells"]["a1"] =
        json!({"owner": "a", "piece": "p", "under": [{"owner": "b", "piece": "p"}]});
    let err = json::state_from_text(&flat, &Source::new("s.json", doc.to_string())).unwrap_err();
    assert!(
        format!("{err:?}").contains("so nothing is `under`"),
        "{err:?}"
    );
}

#[test]
fn a_points_board_draws_a_stack_from_its_bottom_layer() {
    // Point 20: one of White's pinned under six of Black's; point 5: one of Black's
    // under two of White's. Drawn from the edge: the pinned checker first.
    let path = format!(
        "{}/examples/rules/plakoto.tabula",
        env!("CARGO_MANIFEST_DIR")
    );
    let rules = std::fs::read_to_string(&path).unwrap();
    let mut s = tabula::session::Session::new(Source::new(path, rules), &[], 1).unwrap();
    let dir = std::env::temp_dir().join(format!("tabula-layers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pinned.json");
    let doc = json!({"phase": "play", "to_move": "white", "cells": {
        "1": {"owner": "black", "count": 8},
        "5": {"owner": "white", "count": 2, "under": [{"owner": "black"}]},
        "20": {"owner": "black", "count": 6, "under": [{"owner": "white"}]},
        "24": {"owner": "white", "count": 12}
    }, "pools": {"dice": [3, 1]}, "counters": {"turns": 3}});
    std::fs::write(&file, doc.to_string()).unwrap();
    let out = s.handle(&format!("load-state {}", file.display())).text;
    let lines: Vec<&str> = out.lines().collect();
    // The character under a point's label, k rows above (negative: below) the labels.
    let at = |labels: &str, point: &str, k: isize| -> char {
        let h = lines.iter().rposition(|l| l.starts_with(labels)).unwrap();
        let col = lines[h].find(point).unwrap() + point.len() - 1;
        lines[(h as isize - k) as usize]
            .chars()
            .nth(col)
            .unwrap_or(' ')
    };
    // The top side reads downwards from its labels, the bottom side upwards.
    let twenty: String = (1..=5).map(|k| at(" 13 14", " 20", -k)).collect();
    assert_eq!(twenty, "WBBB7", "{out}");
    let five: String = (1..=3).map(|k| at(" 12 11", "  5", k)).collect();
    assert_eq!(five, "BWW", "{out}");
}
