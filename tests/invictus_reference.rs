//! Invictus against an independent implementation of RULES.md §2: for every sampled
//! position, the legal moves, perft counts to depth 3, scores and winner must agree
//! (tests/fixtures/invictus-s1.jsonl, described in tests/fixtures/ref-samples.md).

use serde_json::{json, Value};
use tabula::{compile, json as state_json, Choices, Engine, Source};

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
        let at = format!("ply {} of game {}", sample["ply"], sample["game_index"]);
        let mut choices = Choices::default();
        engine.legal(&state, &mut choices).unwrap();
        let mut ours: Vec<String> = (0..choices.len())
            .map(|i| engine.choice_text(&state, choices.get(i)).unwrap())
            .collect();
        ours.sort();
        let mut theirs: Vec<String> = sample["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        theirs.sort();
        if ours != theirs {
            mismatches.push(format!(
                "{at}: moves\n  ours   {ours:?}\n  theirs {theirs:?}"
            ));
            continue;
        }
        let scores = engine.scores(&state);
        let want = [
            sample["scores"]["black"].as_i64().unwrap() as i32,
            sample["scores"]["white"].as_i64().unwrap() as i32,
        ];
        if scores != want {
            mismatches.push(format!("{at}: scores ours {scores:?}, theirs {want:?}"));
        }
        if sample["terminal"].as_bool() == Some(true) {
            let outcome = engine.outcome(&state);
            let winner = outcome.as_ref().map(|o| {
                o.winner
                    .map_or("draw".to_string(), |w| game.players[w].clone())
            });
            if winner.as_deref() != sample["winner"].as_str() {
                mismatches.push(format!(
                    "{at}: winner ours {winner:?}, theirs {}",
                    sample["winner"]
                ));
            }
        }
        for depth in 1..=3 {
            let want = &sample["perft"][depth.to_string()];
            if want.is_null() {
                continue;
            }
            let got = engine.perft(&state, depth).unwrap();
            if Some(got) != want.as_u64() {
                mismatches.push(format!("{at}: perft {depth} ours {got}, theirs {want}"));
            }
        }
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
