//! A state written as a document (interpreter/json/, docs/state-format.md) and read
//! back is the same state: every field round-trips, `turn_of` among them (in
//! backgammon it decides who rolls after a take, while `to_move` is the taker).

mod common;
use common::*;
use tabula::engine::matchplay::Match;
use tabula::engine::rng::Rng;
use tabula::session::Session;

/// The state written as JSON text and read back.
fn round_trip(game: &Game, state: &State) -> State {
    let doc = tabula::json::state_to_json(game, state);
    let text = serde_json::to_string_pretty(&doc).expect("a document");
    tabula::json::state_from_text(game, &tabula::Source::new("s.json", text))
        .unwrap_or_else(|d| panic!("{}", d.render(false)))
}

/// The state written as YAML text and read back.
fn round_trip_yaml(game: &Game, state: &State) -> State {
    let doc = tabula::json::state_to_json(game, state);
    let text = serde_yaml_ng::to_string(&doc).expect("a document");
    tabula::json::state_from_text(game, &tabula::Source::new("s.yaml", text))
        .unwrap_or_else(|d| panic!("{}", d.render(false)))
}

/// Black has doubled (cube in the middle, this is his turn) and White, to move, must
/// take or drop. Black has two checkers left, on 20 and 22 (his 5 and 3 points); White
/// has borne off five.
fn black_has_doubled() -> Value {
    json!({
        "game": "Backgammon",
        "phase": "play",
        "to_move": "white",
        "turn_of": "black",
        "in_turn": true,
        "cells": {
            "1": {"owner": "white", "piece": "checker", "count": 3},
            "2": {"owner": "white", "piece": "checker", "count": 3},
            "3": {"owner": "white", "piece": "checker", "count": 4},
            "off-white": {"owner": "white", "piece": "checker", "count": 5},
            "20": {"owner": "black", "piece": "checker"},
            "22": {"owner": "black", "piece": "checker"},
            "off-black": {"owner": "black", "piece": "checker", "count": 13}
        },
        "counters": {"cube": 1, "cube_owner": null, "offered": 1, "turns": 30}
    })
}

#[test]
fn after_a_take_the_doubler_rolls_also_in_a_state_read_back() {
    let game = game("backgammon", &[]);
    let mut engine = Engine::new(&game);
    let doubled = state(&game, black_has_doubled());
    for state in [
        doubled.clone(),
        round_trip(&game, &doubled),
        round_trip_yaml(&game, &doubled),
    ] {
        assert_eq!(state, doubled);
        assert_eq!(to_move(&game, &state), "white");
        assert_eq!(game.players()[state.turn_of().index()], "black");
        assert_eq!(moves(&mut engine, &state), ["drop", "take"]);
        // White takes: the cube is worth 2 and is his, and Black, whose turn it is,
        // rolls.
        let mut taken = state.clone();
        play(&mut engine, &mut taken, "take");
        assert_eq!(round_trip(&game, &taken), taken);
        assert_eq!(counter(&game, &taken, "cube"), 2);
        assert_eq!(doc(&game, &taken)["counters"]["cube_owner"], "white");
        assert!(matches!(engine.status(&taken).unwrap(), Status::Chance(_)));
        play(&mut engine, &mut taken, "6-5");
        assert_eq!(to_move(&game, &taken), "black");
        // Whatever the order, both checkers are borne off: one turn, which wins a
        // single game (White has borne off checkers) at the cube's 2.
        assert_eq!(moves(&mut engine, &taken).len(), 1);
        play(&mut engine, &mut taken, "5/off 3/off");
        let (winner, _, reason) = result(&mut engine, &taken).expect("the game is over");
        assert_eq!(
            (winner.as_str(), reason.as_str()),
            ("black", "all borne off")
        );
        assert_eq!(engine.outcome(&taken).unwrap().map(|o| o.points), Some(2));
    }
    // Without `turn_of` the document means that the turn is White's (the documented
    // default): then White rolls after taking. The field is what tells them apart.
    let mut without = black_has_doubled();
    without.as_object_mut().unwrap().remove("turn_of");
    let mut state = state(&game, without);
    play(&mut engine, &mut state, "take");
    play(&mut engine, &mut state, "6-5");
    assert_eq!(to_move(&game, &state), "white");
}

#[test]
fn the_prompt_writes_a_state_that_load_state_reads_back_the_same() {
    let mut session = Session::open("backgammon", &[], 42).expect("a built-in game");
    session.intro();
    let loaded = session.load_state_text("doubled.json", &black_has_doubled().to_string());
    assert!(
        loaded
            .text
            .starts_with("playing on from the state in doubled.json\n"),
        "{}",
        loaded.text
    );
    let before = session.state().clone();
    for format in ["json", "yaml"] {
        let written = session.handle(&format!("state {format}")).text;
        let name = format!("written.{format}");
        let out = session.load_state_text(&name, &written);
        assert!(!out.text.contains("error"), "{}", out.text);
        assert_eq!(session.state(), &before, "state {format}");
    }
    let text = session.handle("take").text;
    assert!(text.contains("black to move"), "{text}");
}

/// Plays random games (uniform over the legal choices, so that every action, a
/// double too, is taken; or by the playout weights), each game a match to `length`
/// points (a single game when 0), and checks at every decision that the state written
/// and read back is the same, in JSON and in YAML.
fn random_states_read_back(name: &str, options: &[&str], games: u64, length: i32) {
    let game = game(name, options);
    let mut engine = Engine::new(&game);
    let mut choices = Choices::default();
    let mut differing_owner = 0;
    let mut later_games = 0;
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut m = Match::new(length, game.players().len());
        while m.winner().is_none() && m.games < 20 {
            later_games += usize::from(m.games > 0);
            let mut state = engine.initial_state_in(&m).expect("an initial state");
            for _ in 0..2_000 {
                let at = format!("{name} {options:?} seed {seed} game {}", m.games + 1);
                assert_eq!(round_trip(&game, &state), state, "{at}");
                assert_eq!(round_trip_yaml(&game, &state), state, "{at}");
                differing_owner += usize::from(state.turn_of() != state.mover());
                if state.chance().is_some() && engine.outcome(&state).unwrap().is_none() {
                    engine
                        .resolve_chance(&mut state, &mut rng, None)
                        .expect("chance");
                    continue;
                }
                engine.legal(&state, &mut choices).expect("legal");
                if choices.is_empty() {
                    break;
                }
                let i = if seed % 2 == 0 {
                    rng.below(choices.len() as u32) as usize
                } else {
                    rng.weighted(&choices.weights)
                };
                engine
                    .play_choice(&mut state, &choices, i)
                    .expect("a legal choice");
            }
            match engine.outcome(&state).unwrap() {
                Some(o) => m.record(&o),
                None => break,
            }
        }
    }
    if name == "backgammon" && !options.contains(&"no-cube") {
        assert!(
            differing_owner > 0,
            "no double was offered in {games} games"
        );
    }
    if length > 0 {
        assert!(later_games > 0, "no match went past its first game");
    }
}

#[test]
fn states_of_random_backgammon_games_read_back_the_same() {
    let games = random_game_count(6);
    random_states_read_back("backgammon", &[], games, 0);
    random_states_read_back("backgammon", &["first-roll-reroll", "no-cube"], games, 0);
    // Matches: the match counters, and the Crawford game, read back too.
    random_states_read_back("backgammon", &[], 3, 5);
}

#[test]
fn states_of_random_invictus_games_read_back_the_same() {
    random_states_read_back("invictus", &[], random_game_count(4), 0);
}

#[test]
fn states_of_random_naytin_six_games_read_back_the_same() {
    let games = random_game_count(6);
    random_states_read_back("naytin-six", &[], games, 0);
    random_states_read_back(
        "naytin-six",
        &["random-values", "slide", "cross-placement"],
        games,
        0,
    );
    random_states_read_back("naytin-six", &["no-obstacles", "pips-only"], games, 3);
}

#[test]
fn a_record_saved_from_a_loaded_state_starts_from_it_again() {
    let dir = std::env::temp_dir().join(format!("tabula-round-trip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let record = dir.join("doubled.yaml");
    let record = record.to_string_lossy();
    let mut session = Session::open("backgammon", &[], 42).expect("a built-in game");
    session.intro();
    session.load_state_text("doubled.json", &black_has_doubled().to_string());
    let start = session.state().clone();
    let saved = session.handle(&format!("save {record}")).text;
    assert_eq!(saved, format!("saved 0 moves to {record}\n"));
    let mut other = Session::open("backgammon", &[], 7).expect("a built-in game");
    other.intro();
    let loaded = other.handle(&format!("load {record}")).text;
    assert!(
        loaded.starts_with(&format!("loaded {record}: 0 moves replayed\n")),
        "{loaded}"
    );
    assert_eq!(other.state(), &start);
    let text = other.handle("take").text;
    assert!(text.contains("black to move"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
