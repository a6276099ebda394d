//! `include "GAME"`: a variant written as a difference from a built-in game.

use tabula::{compile, json, Choices, CompileError, Engine, Game, Source};

fn variant(options: &[&str]) -> Game {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/rules/naytin-six-plus.tabula"
    ))
    .unwrap();
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    compile(&Source::new("naytin-six-plus.tabula", text), &options).unwrap()
}

fn moves(game: &Game, state: &str) -> Vec<String> {
    let mut engine = Engine::new(game);
    let state = json::state_from_text(game, &Source::new("s.json", state)).unwrap();
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    let mut out: Vec<String> = (0..choices.len())
        .map(|i| engine.choice_text(&state, &choices[i]).unwrap())
        .collect();
    out.sort();
    out
}

/// Red's 2 on c3 next to Blue's 6 on c4, nothing else near: in the base game a 2 cannot
/// attack a 6, so Red can only move (c3 to its five empty neighbours b2, b3, c2, d2, d3);
/// with `two-beats-six` the attack `c3xc4` is compulsory and the only move.
const TWO_BY_SIX: &str = r#"{"phase": "play", "to_move": "red",
  "cells": {"c3": {"owner": "red", "piece": "die", "value": 2}, "c4": {"owner": "blue", "piece": "die", "value": 6}},
  "counters": {"obstacles_left": 0}}"#;

#[test]
fn the_replaced_action_takes_the_option_into_account() {
    assert_eq!(
        moves(&variant(&[]), TWO_BY_SIX),
        ["c3-b2", "c3-b3", "c3-c2", "c3-d2", "c3-d3"]
    );
    assert_eq!(moves(&variant(&["two-beats-six"]), TWO_BY_SIX), ["c3xc4"]);
}

#[test]
fn everything_else_comes_from_the_included_game() {
    let game = variant(&["slide"]);
    assert_eq!(game.name(), "Naytïn Six, with twos that beat sixes");
    let names: Vec<&str> = game.options().iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "cross-placement",
            "random-values",
            "pips-only",
            "no-obstacles",
            "slide",
            "two-beats-six"
        ]
    );
    // The replaced action keeps its place among the actions.
    let actions: Vec<&str> = game
        .rules()
        .actions
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(actions, ["obstacle", "place", "attack", "step"]);
    let phases: Vec<&str> = game
        .rules()
        .phases
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(phases, ["obstacles", "dice", "play"]);
}

#[test]
fn include_errors() {
    let err = |text: &str| match compile(&Source::new("v.tabula", text), &[]) {
        Err(CompileError::Rules(d)) => (
            d.list[0].message.clone(),
            text[d.list[0].span.start..d.list[0].span.end].to_string(),
            d.list[0].hint.clone(),
        ),
        other => panic!("{:?}", other.map(|_| ())),
    };
    assert_eq!(
        err("include \"chess\"\n"),
        (
            "`chess` is not a built-in game".to_string(),
            "chess".to_string(),
            Some("`include` takes one of: backgammon, invictus, naytin-six".to_string())
        )
    );
    // Redeclaring a counter of the base game with another type breaks the base game's
    // uses of it: the mistake is shown at the include line, with the base game's line.
    let (message, at, _) = err("include \"naytin-six\"\ncounter rolled: player\n");
    assert_eq!(at, "naytin-six");
    assert!(
        message.starts_with("in the included game `naytin-six` (line "),
        "{message}"
    );
}

/// The line of the first occurrence of `text` in the built-in Naytïn Six, counted from 1.
fn naytin_line(text: &str) -> usize {
    let rules = tabula::games::built_in("naytin-six").unwrap();
    let at = rules
        .find(text)
        .unwrap_or_else(|| panic!("`{text}` not in the rules"));
    rules[..at].matches('\n').count() + 1
}

#[test]
fn a_runtime_error_in_an_included_rule_is_shown_in_the_included_file() {
    // The first moves listed are the obstacles of the included game; with one loop
    // step the loop over the cells runs out there, and the error points at that
    // action's line in games/naytin-six.tabula (not past the end of the variant).
    let game = variant(&[]);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    engine.set_loop_steps(1);
    let error = engine.legal(&state, &mut Choices::default()).unwrap_err();
    let shown = error.render(&game, false);
    let line = naytin_line("action obstacle");
    assert!(
        shown.contains(&format!("--> games/naytin-six.tabula:{line}:8\n")),
        "{shown}"
    );
    assert!(
        shown.contains(&format!("{line} | action obstacle \"X@{{to}}\"\n")),
        "{shown}"
    );
}

#[test]
fn why_and_trace_point_into_the_included_file() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/rules/naytin-six-plus.tabula"
    ))
    .unwrap();
    let mut s =
        tabula::session::Session::new(Source::new("naytin-six-plus.tabula", text), &[], 1).unwrap();
    s.intro();
    // The game starts with the obstacles: `6@a1` is a move of `place`, a later phase's.
    let why = s.handle("why 6@a1").text;
    let phase = naytin_line("phase obstacles");
    assert!(
        why.contains(&format!("--> games/naytin-six.tabula:{phase}:7\n")),
        "{why}"
    );
    let trace = s.handle("trace on").text;
    let action = naytin_line("action obstacle");
    assert!(
        trace.contains(&format!(
            "action `obstacle` (games/naytin-six.tabula:{action}): 19 moves\n"
        )),
        "{trace}"
    );
    let test = naytin_line("where empty(to) and not exists");
    assert!(
        trace.contains(&format!("line {test:>3}  where empty(to) and not exists")),
        "{trace}"
    );
    let played = s.handle("X@a1").text;
    assert!(
        played.contains(&format!(
            "trace: `X@a1` is action `obstacle` (games/naytin-six.tabula:{action})"
        )),
        "{played}"
    );
}

#[test]
fn a_file_that_includes_a_game_plays_by_its_network_when_it_fits() {
    // A strategy added to Invictus changes nothing the network reads: the built-in
    // game's network is the file's own, with no copy of it beside the file.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/rules/invictus-heuristic.tabula"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let game = compile(&Source::new(path, text), &[]).unwrap();
    let net = tabula::ai::default_net(path, &game)
        .expect("it fits")
        .expect("the included game's network");
    let builtin = tabula::games::built_in_net("invictus").expect("shipped");
    assert_eq!(net.to_bytes(), builtin);
    // A counter more changes the encoding: the included game's network does not fit,
    // and the file has none (rather than one that would read it wrong).
    let changed = "include \"invictus\"\ncounter extra\n";
    let game = compile(&Source::new("more.tabula", changed), &[]).unwrap();
    assert!(tabula::ai::default_net("more.tabula", &game)
        .unwrap()
        .is_none());
}
