//! Invictus against an independent implementation of RULES.md §2: for every sampled
//! position, the legal moves, perft counts to depth 3, scores and winner must agree
//! (tests/fixtures/invictus-s1.jsonl, described in tests/fixtures/ref-samples.md).

use serde_json::{json, Value};
mod reference;

use tabula::{compile, json as state_json, Engine, Source};

/// The reference's state encoding, rewritten in tabula's state format.
fn convert(v: &Value) -> Value {
    let mut cells = serde_json::Map::new();
    for (name, c) in v["cells"].as_object().unwrap() {
        if !c.is_null() {
            cells.insert(
                name.clone(),
                json!({"owner": c["owner"], "piece": "die", "value": c["value"]}),
            );
        }
    }
    let sum = |x: &Value| -> i64 {
        x.as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_i64().unwrap())
            .sum()
    };
    let phase = match v["phase"].as_str().unwrap() {
        "setup" => "setup",
        _ => "play",
    };
    json!({
        "phase": phase,
        "to_move": v["to_move"],
        "cells": cells,
        "pools": {"reserve": v["reserve"], "hand": v["hand"]},
        "counters": {
            "arrived": {"black": sum(&v["arrived"]["black"]), "white": sum(&v["arrived"]["white"])},
            "captured_ones": v["captured_ones"],
            "no_progress": v["no_progress"],
            "last_was_pass": v["last_was_pass"].as_bool().unwrap_or(false) as i32,
        },
    })
}

#[test]
fn agrees_with_reference_positions() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/invictus-s1.jsonl",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let source = Source::new(
        "games/invictus.tabula",
        tabula::games::built_in("invictus").unwrap(),
    );
    let game = compile(&source, &[]).unwrap();
    let mut engine = Engine::new(&game);
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let sample: Value = serde_json::from_str(line).unwrap();
        let converted = convert(&sample["state"]);
        let state =
            state_json::state_from_text(&game, &Source::new("sample.json", converted.to_string()))
                .unwrap_or_else(|d| panic!("{d}\n{converted}"));
        mismatches.extend(reference::compare(&mut engine, &game, &state, &sample));
        checked += 1;
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert!(checked > 10, "only {checked} positions");
}
