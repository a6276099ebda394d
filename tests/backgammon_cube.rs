//! Backgammon's doubling cube (RULES.md §1, "Doubling cube"), through the engine:
//! who may double and when, take and drop, ownership, what a game is then worth,
//! the `no-cube` option, and agreement with GNU Backgammon on states met in real
//! gnubg games (tests/fixtures/gnubg/states.jsonl).
//!
//! Every expected value is worked out from the rules by hand, or comes from gnubg.

mod common;

use common::*;
use tabula::engine::rng::Rng;

fn backgammon() -> Game {
    game("backgammon", &[])
}

/// The legal choices, sorted; chance outcomes when chance is pending.
fn legal(engine: &mut Engine, state: &State) -> Vec<String> {
    moves(engine, state)
}

/// Plays the first legal turn in sorted order (or the pass).
fn any_turn(engine: &mut Engine, state: &mut State) {
    assert!(state.chance().is_none());
    let list = legal(engine, state);
    assert!(
        !list.iter().any(|m| m == "double" || m == "take"),
        "a cube decision where a checker move was expected: {list:?}"
    );
    play(engine, state, &list[0]);
}

fn cube(game: &Game, state: &State) -> (i64, Value) {
    let d = doc(game, state);
    (
        d["counters"]["cube"].as_i64().unwrap(),
        d["counters"]["cube_owner"].clone(),
    )
}

fn outcome(engine: &mut Engine, state: &State) -> (String, i32, String) {
    let game = engine.game();
    let o = engine.outcome(state).unwrap().expect("the game is over");
    (
        game.players()[o.winner.expect("a winner").index()].clone(),
        o.points,
        o.reason,
    )
}

/// The start of a money game: White wins the opening 3-1 and plays 8/5 6/5; Black
/// is then at the start of his first turn.
fn black_to_start(engine: &mut Engine) -> State {
    let mut state = engine.initial_state().unwrap();
    play_all(engine, &mut state, &["3-1", "8/5 6/5"]);
    state
}

#[test]
fn no_double_on_the_opening_roll() {
    let g = backgammon();
    let mut engine = Engine::new(&g);
    let mut state = engine.initial_state().unwrap();
    // Before anything: the opening roll, one die each, never equal: 30 outcomes.
    assert_eq!(
        state
            .chance()
            .map(|c| g.rules().chances[c.index()].name.as_str()),
        Some("opening")
    );
    let opening = legal(&mut engine, &state);
    assert_eq!(opening.len(), 30);
    assert!(!opening.contains(&"double".to_string()));
    // The winner plays the opening numbers at once: checker moves only, the 16
    // distinct turns gnubg lists for 3-1 from the start.
    play(&mut engine, &mut state, "3-1");
    assert_eq!(to_move(&g, &state), "white");
    let first = legal(&mut engine, &state);
    assert_eq!(first.len(), 16);
    assert!(first.iter().all(|m| m.contains('/')), "{first:?}");
    // The opponent's first turn starts with the cube decision.
    play(&mut engine, &mut state, "8/5 6/5");
    assert_eq!(to_move(&g, &state), "black");
    assert_eq!(state.chance(), None);
    assert_eq!(legal(&mut engine, &state), ["double", "roll"]);
}

#[test]
fn no_double_on_the_opening_roll_with_first_roll_reroll() {
    let g = game("backgammon", &["first-roll-reroll"]);
    let mut engine = Engine::new(&g);
    let mut state = engine.initial_state().unwrap();
    play(&mut engine, &mut state, "2-5");
    // Black won the opening and rolls anew, without a cube decision.
    assert_eq!(to_move(&g, &state), "black");
    assert_eq!(
        state
            .chance()
            .map(|c| g.rules().chances[c.index()].name.as_str()),
        Some("roll")
    );
    let rolls = legal(&mut engine, &state);
    assert_eq!(rolls.len(), 21);
    assert!(!rolls.contains(&"double".to_string()));
    play(&mut engine, &mut state, "6-6");
    assert!(!legal(&mut engine, &state).iter().any(|m| m == "double"));
}

#[test]
fn double_take_redouble_and_ownership() {
    let g = backgammon();
    let mut engine = Engine::new(&g);
    let mut state = black_to_start(&mut engine);
    assert_eq!(cube(&g, &state), (1, Value::Null));

    // Black doubles; White decides.
    play(&mut engine, &mut state, "double");
    assert_eq!(to_move(&g, &state), "white");
    assert_eq!(legal(&mut engine, &state), ["drop", "take"]);
    assert_eq!(counter(&g, &state, "offered"), 1);
    assert_eq!(
        cube(&g, &state),
        (1, Value::Null),
        "not doubled before the take"
    );

    // White takes: the cube is 2 and White's; Black rolls and moves.
    play(&mut engine, &mut state, "take");
    assert_eq!(cube(&g, &state), (2, json!("white")));
    assert_eq!(to_move(&g, &state), "black");
    assert_eq!(
        state
            .chance()
            .map(|c| g.rules().chances[c.index()].name.as_str()),
        Some("roll")
    );
    play(&mut engine, &mut state, "6-5");
    assert!(!legal(&mut engine, &state).iter().any(|m| m == "double"));
    any_turn(&mut engine, &mut state);

    // White owns the cube: his turn starts with the decision.
    assert_eq!(to_move(&g, &state), "white");
    assert_eq!(legal(&mut engine, &state), ["double", "roll"]);
    play(&mut engine, &mut state, "roll");
    play(&mut engine, &mut state, "4-2");
    any_turn(&mut engine, &mut state);

    // Black, the doubler, no longer may double: his roll comes at once.
    assert_eq!(to_move(&g, &state), "black");
    assert_eq!(
        state
            .chance()
            .map(|c| g.rules().chances[c.index()].name.as_str()),
        Some("roll")
    );
    let rolls = legal(&mut engine, &state);
    assert_eq!(rolls.len(), 21);
    assert!(!rolls.contains(&"double".to_string()));
    play(&mut engine, &mut state, "3-1");
    any_turn(&mut engine, &mut state);

    // White redoubles to 4; Black takes and owns it.
    assert_eq!(legal(&mut engine, &state), ["double", "roll"]);
    play(&mut engine, &mut state, "double");
    assert_eq!(to_move(&g, &state), "black");
    play(&mut engine, &mut state, "take");
    assert_eq!(cube(&g, &state), (4, json!("black")));
    assert_eq!(to_move(&g, &state), "white");
    play(&mut engine, &mut state, "2-1");
    any_turn(&mut engine, &mut state);

    // Now Black may (re)double and White may not.
    assert_eq!(to_move(&g, &state), "black");
    assert_eq!(legal(&mut engine, &state), ["double", "roll"]);
    play(&mut engine, &mut state, "roll");
    play(&mut engine, &mut state, "5-3");
    any_turn(&mut engine, &mut state);
    assert_eq!(to_move(&g, &state), "white");
    assert!(state.chance().is_some());
    assert!(!legal(&mut engine, &state).contains(&"double".to_string()));
}

#[test]
fn a_drop_loses_at_the_cube_before_doubling() {
    let g = backgammon();
    let mut engine = Engine::new(&g);

    // Centred cube of 1: Black doubles, White drops: Black wins 1 point.
    let mut state = black_to_start(&mut engine);
    play_all(&mut engine, &mut state, &["double", "drop"]);
    assert_eq!(
        outcome(&mut engine, &state),
        ("black".to_string(), 1, "double dropped".to_string())
    );
    assert!(legal(&mut engine, &state).is_empty());

    // Black doubles, White takes (2, White's); later White redoubles and Black
    // drops: White wins 2, the cube before the redouble.
    let mut state = black_to_start(&mut engine);
    play_all(&mut engine, &mut state, &["double", "take", "6-5"]);
    any_turn(&mut engine, &mut state);
    play(&mut engine, &mut state, "double");
    play(&mut engine, &mut state, "drop");
    assert_eq!(
        outcome(&mut engine, &state),
        ("white".to_string(), 2, "double dropped".to_string())
    );

    // A third double, at 4 by Black, dropped by White: Black wins 4.
    let mut state = black_to_start(&mut engine);
    play_all(&mut engine, &mut state, &["double", "take", "6-5"]);
    any_turn(&mut engine, &mut state);
    play_all(&mut engine, &mut state, &["double", "take", "3-3"]);
    any_turn(&mut engine, &mut state);
    assert_eq!(cube(&g, &state), (4, json!("black")));
    play_all(&mut engine, &mut state, &["double", "drop"]);
    assert_eq!(
        outcome(&mut engine, &state),
        ("black".to_string(), 4, "double dropped".to_string())
    );
}

/// White to bear off his last checker from his 1-point with 6-5, the cube at
/// `cube` (owned by Black), Black's 15 checkers placed by `black`.
fn last_checker(g: &Game, cube: i64, black: Value) -> State {
    let mut cells = black.as_object().unwrap().clone();
    cells.insert("1".into(), json!({"owner": "white", "piece": "checker"}));
    cells.insert(
        "off-white".into(),
        json!({"owner": "white", "piece": "checker", "count": 14}),
    );
    state(
        g,
        json!({
            "phase": "play",
            "to_move": "white",
            "cells": cells,
            "pools": {"dice": [5, 6]},
            "counters": {"cube": cube, "cube_owner": "black", "dropped": null, "turns": 40},
        }),
    )
}

#[test]
fn the_cube_multiplies_single_gammon_and_backgammon() {
    let g = backgammon();
    let mut engine = Engine::new(&g);
    let bear_off = |engine: &mut Engine, mut s: State| {
        play(engine, &mut s, "1/off");
        let (winner, points, _) = outcome(engine, &s);
        assert_eq!(winner, "white");
        points
    };
    // Black has borne off one checker: a single game, 1 x 4 = 4.
    let single = json!({
        "20": {"owner": "black", "piece": "checker", "count": 14},
        "off-black": {"owner": "black", "piece": "checker"},
    });
    assert_eq!(bear_off(&mut engine, last_checker(&g, 4, single)), 4);
    // None borne off, all in Black's home board: a gammon, 2 x 2 = 4.
    let gammon = json!({"20": {"owner": "black", "piece": "checker", "count": 15}});
    assert_eq!(
        bear_off(&mut engine, last_checker(&g, 2, gammon.clone())),
        4
    );
    assert_eq!(bear_off(&mut engine, last_checker(&g, 1, gammon)), 2);
    // None borne off and one still in White's home board: 3 x 2 = 6.
    let backgammon = json!({
        "20": {"owner": "black", "piece": "checker", "count": 14},
        "4": {"owner": "black", "piece": "checker"},
    });
    assert_eq!(bear_off(&mut engine, last_checker(&g, 2, backgammon)), 6);
    // ... or on the bar: 3 x 8 = 24.
    let on_bar = json!({
        "20": {"owner": "black", "piece": "checker", "count": 14},
        "bar-black": {"owner": "black", "piece": "checker"},
    });
    assert_eq!(bear_off(&mut engine, last_checker(&g, 8, on_bar)), 24);
}

/// Random games with random decisions; calls `check` on every decision point.
fn random_games(g: &Game, games: u64, mut check: impl FnMut(&State, &[String])) -> Vec<i32> {
    let mut engine = Engine::new(g);
    let mut points = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut state = engine.initial_state().unwrap();
        for _ in 0..2000 {
            if let Some(o) = engine.outcome(&state).unwrap() {
                points.push(o.points);
                break;
            }
            if state.chance().is_some() {
                engine.resolve_chance(&mut state, &mut rng, None).unwrap();
                continue;
            }
            let list = legal(&mut engine, &state);
            check(&state, &list);
            let pick = list[rng.below(list.len() as u32) as usize].clone();
            play(&mut engine, &mut state, &pick);
        }
    }
    assert_eq!(points.len() as u64, games, "every game ends");
    points
}

#[test]
fn no_cube_removes_the_double() {
    let g = game("backgammon", &["no-cube"]);
    let points = random_games(&g, 30, |_, list| {
        for cube_action in ["double", "take", "drop", "roll"] {
            assert!(
                !list.iter().any(|m| m == cube_action),
                "`{cube_action}` among {list:?}"
            );
        }
    });
    // The cube stays at 1: a game is worth 1, 2 or 3.
    assert!(points.iter().all(|p| (1..=3).contains(p)), "{points:?}");
}

#[test]
fn with_the_cube_decisions_come_only_before_the_roll() {
    let g = backgammon();
    let mut doubles = 0;
    random_games(&g, 30, |state, list| {
        let d = doc(&g, state);
        let cube_actions = list
            .iter()
            .filter(|m| ["double", "roll", "take", "drop"].contains(&m.as_str()))
            .count();
        if d["counters"]["offered"] == 1 {
            assert_eq!(list, ["drop", "take"]);
        } else if cube_actions > 0 {
            assert_eq!(list, ["double", "roll"]);
            assert_eq!(d["pools"]["dice"], json!([]));
            // The mover owns the cube, or it is in the middle.
            let owner = &d["counters"]["cube_owner"];
            assert!(owner.is_null() || owner == &d["to_move"], "{d}");
            doubles += 1;
        }
    });
    assert!(doubles > 10, "random games met {doubles} cube decisions");
}

// --- Agreement with gnubg -------------------------------------------------------

const GNUBG_STATES: &str = include_str!("fixtures/gnubg/states.jsonl");

fn gnubg_fixtures() -> Vec<Value> {
    GNUBG_STATES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The fixture as a tabula state document (written here from the fixture's own
/// fields), optionally without its dice: the same position before the roll.
fn fixture_state(g: &Game, f: &Value, with_dice: bool) -> State {
    let mut cells = serde_json::Map::new();
    for (name, c) in f["cells"].as_object().unwrap() {
        cells.insert(
            name.clone(),
            json!({"owner": c["owner"], "piece": "checker", "count": c["count"]}),
        );
    }
    let dice: Vec<i64> = f["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_i64().unwrap())
        .collect();
    let pool = match dice.as_slice() {
        _ if !with_dice => vec![],
        [a, b] if a == b => vec![*a; 4],
        other => other.to_vec(),
    };
    state(
        g,
        json!({
            "phase": "play",
            "to_move": f["to_move"],
            "turn_of": f["turn_of"],
            "in_turn": f["offered"] == 1,
            "cells": cells,
            "pools": {"dice": pool},
            "counters": {
                "turns": 5,
                "cube": f["cube"],
                "cube_owner": f["cube_owner"],
                "offered": f["offered"],
                "dropped": null,
                "match_length": f["match_length"],
                "match_score": f["match_score"],
                "match_score_before": f["match_score_before"],
            },
        }),
    )
}

/// gnubg refuses a double that cannot gain anything (verified in gnubg: the
/// `double` command is refused and the roll made at once): when the doubler's
/// score plus the cube reaches the match length, and for the leader after the
/// Crawford game. RULES.md allows these doubles, and so does tabula.
fn gnubg_dead_cube(f: &Value) -> bool {
    let n = f["match_length"].as_i64().unwrap();
    let me = f["turn_of"].as_str().unwrap();
    let score = f["match_score"][me].as_i64().unwrap();
    n > 0 && (score + f["cube"].as_i64().unwrap() >= n || score == n - 1)
}

#[test]
fn gnubg_states_have_the_same_choices() {
    let g = backgammon();
    let mut engine = Engine::new(&g);
    let (mut moves_checked, mut decisions, mut refused) = (0, 0, 0);
    for f in gnubg_fixtures() {
        let s = fixture_state(&g, &f, true);
        let list = legal(&mut engine, &s);
        if f["offered"] == 1 {
            // A double to answer.
            assert_eq!(list, ["drop", "take"], "{f}");
            continue;
        }
        if f["dice"].as_array().unwrap().is_empty() {
            // gnubg waits for the player to double or roll.
            assert_eq!(list, ["double", "roll"], "{f}");
            decisions += 1;
            continue;
        }
        // The dice rolled: as many distinct turns as gnubg lists.
        let gnubg_count = f["legal_turns"].as_u64().unwrap() as usize;
        assert_eq!(list.len(), gnubg_count, "legal turns of {f}:\n{list:?}");
        moves_checked += 1;
        // Before that roll: gnubg let the player choose ("asked"), or rolled for
        // him at once ("auto") because he could not double.
        let before = fixture_state(&g, &f, false);
        let choice = legal(&mut engine, &before);
        match f["rolled"].as_str().unwrap() {
            "asked" => assert_eq!(choice, ["double", "roll"], "{f}"),
            "auto"
                if gnubg_dead_cube(&f) && f["crawford"] == false && {
                    let owner = &f["cube_owner"];
                    owner.is_null() || owner == &f["turn_of"]
                } =>
            {
                assert_eq!(choice, ["double", "roll"], "{f}");
                refused += 1;
            }
            "auto" => assert_eq!(choice, ["pass"], "no cube action in {f}"),
            _ => {}
        }
    }
    assert!(moves_checked > 40 && decisions > 10 && refused > 0);
}
