//! Plakoto (examples/rules/plakoto.tabula) against an independent move generator
//! written in Python from the same rules (tests/plakoto_ref/plakoto.py): for every
//! sampled position and roll, the positions reached by tabula's legal whole turns, and
//! how the game ends when a turn ends it, must be exactly the reference's `results`.
//!
//! The fixture tests/fixtures/plakoto-ref.jsonl was written by the two commands in
//! tests/plakoto_ref/plakoto.py's header (random games from the start, and from late
//! positions with a pinned checker, for bearing off); run them again to regenerate it.

use serde_json::{json, Map, Value};
use std::collections::BTreeSet;
use tabula::{compile, json as state_json, Choices, Engine, Game, Source, State};

fn game() -> Game {
    let path = format!(
        "{}/examples/rules/plakoto.tabula",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    compile(&Source::new(path, text), &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The reference's position as a tabula state document, its mover to play `dice`.
fn to_state(game: &Game, case: &Value) -> State {
    let initial = Engine::new(game).initial_state().unwrap();
    let mut doc = state_json::state_to_json(game, &initial);
    let mut cells = Map::new();
    let layer = |l: &Value| json!({"owner": l[0], "piece": "checker", "count": l[1]});
    for (point, layers) in case["points"].as_object().unwrap() {
        let layers = layers.as_array().unwrap();
        let mut top = layer(&layers[layers.len() - 1]);
        let under: Vec<Value> = layers.iter().rev().skip(1).map(layer).collect();
        if !under.is_empty() {
            top["under"] = Value::Array(under);
        }
        cells.insert(point.clone(), top);
    }
    for p in ["white", "black"] {
        let n = case["off"][p].as_i64().unwrap();
        if n > 0 {
            cells.insert(
                format!("off-{p}"),
                json!({"owner": p, "piece": "checker", "count": n}),
            );
        }
    }
    doc["phase"] = json!("play");
    doc["to_move"] = case["mover"].clone();
    doc["turn_of"] = case["mover"].clone();
    doc["chance"] = Value::Null;
    doc["in_turn"] = json!(false);
    doc["cells"] = Value::Object(cells);
    doc["pools"]["dice"] = case["dice"].clone();
    doc["counters"]["turns"] = json!(1);
    let source = Source::new("position.json", doc.to_string());
    state_json::state_from_text(game, &source).unwrap_or_else(|d| panic!("{d}\n{doc}"))
}

/// A position written as the reference writes it, read through the state format.
fn canon(game: &Game, state: &State, engine: &Engine) -> String {
    let doc = state_json::state_to_json(game, state);
    let cells = &doc["cells"];
    let mut parts = Vec::new();
    let layer = |l: &Value| {
        let o = &l["owner"].as_str().unwrap()[..1];
        format!("{o}{}", l.get("count").and_then(Value::as_i64).unwrap_or(1))
    };
    for k in 1..=24 {
        let Some(c) = cells.get(k.to_string()) else {
            continue;
        };
        let mut layers: Vec<String> = c
            .get("under")
            .and_then(Value::as_array)
            .map(|u| u.iter().rev().map(layer).collect())
            .unwrap_or_default();
        layers.push(layer(c));
        parts.push(format!("{k}:{}", layers.concat()));
    }
    let off = |p: &str| {
        cells
            .get(format!("off-{p}"))
            .map_or(0, |c| c.get("count").and_then(Value::as_i64).unwrap_or(1))
    };
    parts.push(format!("off:w{},b{}", off("white"), off("black")));
    if let Some(o) = engine.end_outcome(state).expect("end rules") {
        let who = o
            .winner
            .map_or("draw".to_string(), |w| game.players()[w.index()].clone());
        parts.push(format!("end:{who}/{}", o.points));
    }
    parts.join(" ")
}

#[test]
fn agrees_with_the_reference_generator() {
    let game = game();
    let mut engine = Engine::new(&game);
    let path = format!(
        "{}/tests/fixtures/plakoto-ref.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let state = to_state(&game, &case);
        let mut choices = Choices::default();
        engine.legal(&state, &mut choices).unwrap();
        let mut got = BTreeSet::new();
        let mut listed = 0;
        for i in 0..choices.len() {
            let mut s = state.clone();
            engine.apply(&mut s, &choices[i]).unwrap();
            got.insert(canon(&game, &s, &engine));
            listed += 1;
        }
        let want: BTreeSet<String> = case["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        // No legal turn: tabula offers one pass that leaves the board as it was.
        let want = if want.is_empty() {
            BTreeSet::from([canon(&game, &state, &engine)])
        } else {
            want
        };
        if got != want || listed != want.len() {
            mismatches.push(format!(
                "game {} ply {}: {} {:?}\n  tabula only: {:?}\n  reference only: {:?}\n  turns listed: {listed}",
                case["game"], case["ply"], case["mover"], case["dice"],
                got.difference(&want).collect::<Vec<_>>(),
                want.difference(&got).collect::<Vec<_>>()
            ));
        }
        checked += 1;
    }
    assert_eq!(checked, 483, "positions in the fixture");
    assert!(
        mismatches.is_empty(),
        "{} of {checked} positions differ; the first ones:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(5)].join("\n")
    );
}
