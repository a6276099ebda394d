//! Naytïn Six against an independent implementation of RULES.md §3: for every sampled
//! position, the legal moves and perft counts to depth 3 must agree
//! (tests/fixtures/naytin-*.jsonl, described in tests/fixtures/ref-samples.md).

use serde_json::{json, Value};
mod reference;

use tabula::{compile, json as state_json, Engine, Source};

/// The reference's state encoding, rewritten in tabula's state format.
fn convert(v: &Value, options: &[String]) -> Value {
    let mut cells = serde_json::Map::new();
    let mut obstacles = 0;
    for (name, c) in v["cells"].as_object().unwrap() {
        if c.get("obstacle").is_some() {
            obstacles += 1;
            cells.insert(name.clone(), json!({"piece": "obstacle"}));
        } else if !c.is_null() {
            cells.insert(
                name.clone(),
                json!({"owner": c["owner"], "piece": "die", "value": c["value"]}),
            );
        }
    }
    let reserve = |p: &str| -> Vec<i64> {
        v["reserve"][p]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap_or(0))
            .collect()
    };
    let random = options.iter().any(|o| o == "random-values");
    let phase = v["phase"].as_str().unwrap();
    let chance = if random && phase == "dice" && v["roll"].is_null() {
        json!("roll")
    } else {
        Value::Null
    };
    let left = if options.iter().any(|o| o == "no-obstacles") {
        0
    } else {
        3 - obstacles
    };
    json!({
        "options": options,
        "phase": phase,
        "to_move": v["to_move"],
        "chance": chance,
        "in_turn": phase == "obstacles" && obstacles > 0,
        "cells": cells,
        "pools": {"reserve": {"red": reserve("red"), "blue": reserve("blue")}},
        "counters": {
            "obstacles_left": left,
            "rolled": v["roll"].as_i64().unwrap_or(0),
            "last_was_move": v["last_was_move"].as_bool().unwrap_or(false) as i32,
        },
    })
}

fn check_file(file: &str) {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let source = Source::new(
        "games/naytin-six.tabula",
        tabula::games::built_in("naytin-six").unwrap(),
    );
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let sample: Value = serde_json::from_str(line).unwrap();
        let options: Vec<String> = sample["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap().to_string())
            .collect();
        let game = compile(&source, &options).unwrap();
        let mut engine = Engine::new(&game);
        let converted = convert(&sample["state"], &options);
        let state =
            state_json::state_from_text(&game, &Source::new("sample.json", converted.to_string()))
                .unwrap_or_else(|d| panic!("{d}\n{converted}"));
        mismatches.extend(reference::compare(&mut engine, &game, &state, &sample));
        checked += 1;
    }
    assert!(
        mismatches.is_empty(),
        "{file}: {} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert!(checked > 10, "{file}: only {checked} positions");
}

#[test]
fn base() {
    check_file("naytin-base-s1.jsonl");
}

#[test]
fn cross_placement() {
    check_file("naytin-cross-placement-s1.jsonl");
}

#[test]
fn random_values() {
    check_file("naytin-random-values-s1.jsonl");
}

#[test]
fn pips_only() {
    check_file("naytin-pips-only-s1.jsonl");
}

#[test]
fn no_obstacles() {
    check_file("naytin-no-obstacles-s1.jsonl");
}

#[test]
fn slide() {
    check_file("naytin-slide-s1.jsonl");
}

#[test]
fn all_options() {
    check_file("naytin-all-s1.jsonl");
}
