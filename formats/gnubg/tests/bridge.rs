//! The bridge between tabula's backgammon states and gnubg's IDs, checked on
//! states met in games played inside the real GNU Backgammon
//! (`tests/fixtures/gnubg/make_states.py`, gnubg 1.1.0a16 from PyPI): each
//! fixture gives the state in tabula's own terms (cells in White's numbering,
//! who is to move, the dice, the cube, the match counters) beside the IDs
//! gnubg wrote for it.

use serde_json::{json, Map, Value};
use tabula_gnubg::{
    ids_from_state, parse_match_id, state_from_ids, state_from_ids_with_options, BridgeError,
    CubeOwner,
};

const STATES: &str = include_str!("../../../tests/fixtures/gnubg/states.jsonl");

fn fixtures() -> Vec<Value> {
    STATES
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| serde_json::from_str(line).expect("a fixture line is JSON"))
        .collect()
}

/// The fixture as a document in tabula's state format, written here by hand
/// from the fixture's fields (not by the bridge).
fn tabula_state(f: &Value) -> Value {
    let mut cells = Map::new();
    for (name, content) in f["cells"].as_object().unwrap() {
        cells.insert(
            name.clone(),
            json!({"owner": content["owner"], "piece": "checker", "count": content["count"]}),
        );
    }
    let dice: Vec<u64> = f["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    let pool = match dice.as_slice() {
        [a, b] if a == b => vec![*a; 4],
        other => other.to_vec(),
    };
    json!({
        "game": "Backgammon",
        "options": [],
        "phase": "play",
        "to_move": f["to_move"],
        "turn_of": f["turn_of"],
        "chance": null,
        "in_turn": f["offered"] == 1,
        "cells": cells,
        "pools": {"dice": pool},
        "counters": {
            "cube": f["cube"],
            "cube_owner": f["cube_owner"],
            "offered": f["offered"],
            "dropped": null,
            "turns": 3,
            "match_length": f["match_length"],
            "match_score": f["match_score"],
            "match_score_before": f["match_score_before"],
        },
    })
}

/// A cells object as (name, owner, count) triples, sorted.
fn cell_list(cells: &Value) -> Vec<(String, String, u64)> {
    let mut list: Vec<(String, String, u64)> = cells
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, c)| {
            (
                name.clone(),
                c["owner"].as_str().unwrap().to_string(),
                c.get("count").map_or(1, |n| n.as_u64().unwrap()),
            )
        })
        .collect();
    list.sort();
    list
}

fn sorted_dice(pool: &Value) -> Vec<u64> {
    let mut v: Vec<u64> = pool
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    v.sort_unstable();
    v
}

/// tabula's Crawford test, as in games/backgammon.tabula.
fn crawford(counters: &Value) -> bool {
    let n = counters["match_length"].as_i64().unwrap();
    let max = |name: &str| {
        ["white", "black"]
            .iter()
            .map(|p| counters[name][p].as_i64().unwrap())
            .max()
            .unwrap()
    };
    n > 0 && max("match_score") == n - 1 && max("match_score_before") < n - 1
}

#[test]
fn the_fixture_covers_the_cases() {
    let all = fixtures();
    assert!(all.len() >= 60, "{} fixtures", all.len());
    let count = |pred: &dyn Fn(&Value) -> bool| all.iter().filter(|f| pred(f)).count();
    assert!(count(&|f| f["offered"] == 1) >= 5, "doubles offered");
    assert!(count(&|f| f["to_move"] == "black") >= 20, "Black on roll");
    assert!(count(&|f| f["to_move"] == "white") >= 20, "White on roll");
    assert!(count(&|f| f["crawford"] == true) >= 5, "Crawford games");
    assert!(
        count(&|f| f["cube_owner"] == "white") >= 3,
        "White owns the cube"
    );
    assert!(
        count(&|f| f["cube_owner"] == "black") >= 3,
        "Black owns the cube"
    );
    assert!(count(&|f| f["match_length"] == 0) >= 3, "money play");
    assert!(
        count(&|f| f["cells"].get("bar-white").is_some()) >= 3,
        "White on the bar"
    );
    assert!(
        count(&|f| f["cells"].get("bar-black").is_some()) >= 3,
        "Black on the bar"
    );
    assert!(
        count(&|f| f["cells"].get("off-white").is_some()) >= 1,
        "White bearing off"
    );
    assert!(
        count(&|f| f["cells"].get("off-black").is_some()) >= 1,
        "Black bearing off"
    );
    assert!(
        count(&|f| f["dice"][0] == f["dice"][1]) >= 3,
        "doubles rolled"
    );
}

#[test]
fn ids_from_state_match_gnubg() {
    for f in fixtures() {
        let state = tabula_state(&f);
        let ids = ids_from_state(&state).unwrap_or_else(|e| panic!("{e}: {f}"));
        assert_eq!(ids.0, f["position_id"], "Position ID of {f}");
        assert_eq!(ids.1, f["match_id"], "Match ID of {f}");
        // gnubg's own GNUbgID differs at most in the Jacoby flag, which is read
        // and ignored.
        let full = f["gnubg_id"].as_str().unwrap();
        let (position, match_id) = full.split_once(':').unwrap();
        assert_eq!(position, ids.0);
        assert_eq!(parse_match_id(match_id), parse_match_id(&ids.1));
    }
}

#[test]
fn state_from_ids_matches_the_fixture() {
    for f in fixtures() {
        let position = f["position_id"].as_str().unwrap();
        let match_id = f["match_id"].as_str().unwrap();
        let state = state_from_ids(position, Some(match_id)).unwrap_or_else(|e| panic!("{e}: {f}"));
        let expected = tabula_state(&f);
        assert_eq!(state["phase"], "play");
        assert_eq!(state["to_move"], f["to_move"], "{f}");
        assert_eq!(state["turn_of"], f["turn_of"], "{f}");
        assert_eq!(
            cell_list(&state["cells"]),
            cell_list(&expected["cells"]),
            "{f}"
        );
        assert_eq!(
            sorted_dice(&state["pools"]["dice"]),
            sorted_dice(&expected["pools"]["dice"]),
            "{f}"
        );
        let counters = &state["counters"];
        for name in [
            "cube",
            "cube_owner",
            "offered",
            "match_length",
            "match_score",
        ] {
            assert_eq!(counters[name], f[name], "{name} of {f}");
        }
        assert_eq!(counters["turns"], 1, "past the opening roll");
        // match_score_before is not in a Match ID; the bridge writes one that
        // gives gnubg's Crawford flag.
        assert_eq!(crawford(counters), f["crawford"] == true, "Crawford of {f}");
        assert_eq!(state["in_turn"], f["offered"] == 1);
        // gnubg rolls at once for a player it does not let double, so a state
        // without dice and without an offer is one where it waits for him to
        // double or roll; the bridge leaves that decision pending (no chance),
        // and other states have the dice rolled or a double to answer.
        assert_eq!(state["chance"], Value::Null, "{f}");
    }
}

#[test]
fn round_trips() {
    for f in fixtures() {
        let ids = (
            f["position_id"].as_str().unwrap().to_string(),
            f["match_id"].as_str().unwrap().to_string(),
        );
        // IDs -> state -> IDs.
        let state = state_from_ids(&ids.0, Some(&ids.1)).unwrap();
        assert_eq!(ids_from_state(&state).unwrap(), ids, "{f}");
        // state -> IDs -> state: the same board, players, dice, cube and scores.
        let original = tabula_state(&f);
        let (p, m) = ids_from_state(&original).unwrap();
        let back = state_from_ids(&p, Some(&m)).unwrap();
        for key in ["to_move", "turn_of", "in_turn"] {
            assert_eq!(back[key], original[key], "{key} of {f}");
        }
        assert_eq!(cell_list(&back["cells"]), cell_list(&original["cells"]));
        assert_eq!(
            sorted_dice(&back["pools"]["dice"]),
            sorted_dice(&original["pools"]["dice"])
        );
        for name in [
            "cube",
            "cube_owner",
            "offered",
            "match_length",
            "match_score",
        ] {
            assert_eq!(back["counters"][name], original["counters"][name]);
        }
        assert_eq!(crawford(&back["counters"]), crawford(&original["counters"]));
    }
}

/// States before the roll: who decides, and whether a chance is pending.
#[test]
fn before_the_roll() {
    let start = "4HPwATDgc/ABMA";
    // Black owns a 2-cube, White on roll without dice (9-point match, 0-0): he
    // may not double, so the roll is pending. Fields from the gnubg manual's
    // layout: cube log 1, owner 1, dice owner 0, game state 1, turn 0.
    let info = tabula_gnubg::MatchInfo {
        cube_value: 2,
        cube_owner: CubeOwner::Player(1),
        dice_owner: 0,
        crawford: false,
        game_state: 1,
        turn: 0,
        double_offered: false,
        resigned: 0,
        dice: None,
        match_length: 9,
        score: [0, 0],
    };
    let id = tabula_gnubg::match_id(&info);
    let state = state_from_ids(start, Some(&id)).unwrap();
    assert_eq!(state["chance"], "roll");
    assert_eq!(state["to_move"], "white");
    // The same with White owning the cube: he decides.
    let own = tabula_gnubg::match_id(&tabula_gnubg::MatchInfo {
        cube_owner: CubeOwner::Player(0),
        ..info
    });
    assert_eq!(
        state_from_ids(start, Some(&own)).unwrap()["chance"],
        Value::Null
    );
    // ... unless the game is played without the cube, where a cube of 2 is an
    // error and a centred cube of 1 leaves the roll pending.
    let no_cube = ["no-cube".to_string()];
    assert!(matches!(
        state_from_ids_with_options(start, Some(&own), &no_cube),
        Err(BridgeError::Unsupported(_))
    ));
    let fresh = state_from_ids_with_options(start, Some("MAEAAAAAAAAA"), &no_cube).unwrap();
    assert_eq!(fresh["chance"], "roll");
    assert_eq!(fresh["options"], json!(["no-cube"]));
    // The Crawford game (5-point match, White 4, Black 2): no one may double.
    let crawford_id = tabula_gnubg::match_id(&tabula_gnubg::MatchInfo {
        cube_value: 1,
        cube_owner: CubeOwner::Centred,
        crawford: true,
        match_length: 5,
        score: [4, 2],
        ..info
    });
    let state = state_from_ids(start, Some(&crawford_id)).unwrap();
    assert_eq!(state["chance"], "roll");
    assert_eq!(
        state["counters"]["match_score_before"],
        json!({"white": 0, "black": 2})
    );
    assert_eq!(ids_from_state(&state).unwrap().1, crawford_id);
    // After it (post-Crawford), doubling is allowed again.
    let post = tabula_gnubg::match_id(&tabula_gnubg::MatchInfo {
        crawford: false,
        ..tabula_gnubg::parse_match_id(&crawford_id).unwrap()
    });
    let state = state_from_ids(start, Some(&post)).unwrap();
    assert_eq!(state["chance"], Value::Null);
    assert_eq!(ids_from_state(&state).unwrap().1, post);
}

#[test]
fn a_double_offered() {
    // gnubg, 5-point match 0-0: player 0 (White) doubled before his roll and
    // player 1 (Black) is to answer; the Position ID stays White's.
    let state = state_from_ids("4HPiASHgc/ABMA", Some("MBmgAAAAAAAA")).unwrap();
    assert_eq!(state["to_move"], "black");
    assert_eq!(state["turn_of"], "white");
    assert_eq!(state["counters"]["offered"], 1);
    assert_eq!(state["counters"]["cube"], 1, "the cube doubles when taken");
    assert_eq!(state["in_turn"], true);
    assert_eq!(state["chance"], Value::Null);
    // Black moved 24/20 13/10 (his points) = cells 1 -> 5 and 12 -> 15.
    assert_eq!(state["cells"]["5"]["owner"], "black");
    assert_eq!(state["cells"]["15"]["owner"], "black");
    assert_eq!(state["cells"]["12"]["count"], 4);
    assert_eq!(
        ids_from_state(&state).unwrap(),
        ("4HPiASHgc/ABMA".to_string(), "MBmgAAAAAAAA".to_string())
    );
}

fn message(result: Result<Value, BridgeError>) -> String {
    result.expect_err("expected an error").to_string()
}

#[test]
fn bad_ids_are_plain_sentences() {
    let start = "4HPwATDgc/ABMA";
    assert_eq!(
        message(state_from_ids("4HPwATDgc", None)),
        "a Position ID has 14 characters, this one has 9"
    );
    assert_eq!(
        message(state_from_ids(start, Some("QYkqASAAIAA"))),
        "a Match ID has 12 characters, this one has 11"
    );
    // A fresh money game before any roll (game state 0).
    assert_eq!(
        message(state_from_ids(start, Some("MAAAAAAAAAAA"))),
        "the Match ID says no game has started (game state 0); a tabula state is a game in play"
    );
    // Both players on one point: White's 24-point is Black's 1-point.
    let mut board = tabula_gnubg::Board::default();
    board.on_roll[23] = 1;
    board.opponent[0] = 1;
    let clash = tabula_gnubg::position_id(&board);
    assert_eq!(
        message(state_from_ids(&clash, None)),
        "the Position ID puts checkers of both players on point 24 (White's numbering), but a \
         point holds the checkers of one player"
    );
    // The Crawford flag in a 1-point match.
    let info = tabula_gnubg::MatchInfo {
        cube_value: 1,
        cube_owner: CubeOwner::Centred,
        dice_owner: 0,
        crawford: true,
        game_state: 1,
        turn: 0,
        double_offered: false,
        resigned: 0,
        dice: Some((3, 1)),
        match_length: 1,
        score: [0, 0],
    };
    assert_eq!(
        message(state_from_ids(start, Some(&tabula_gnubg::match_id(&info)))),
        "the Match ID marks the Crawford game, but at 0-0 in a match to 1 no game is the \
         Crawford game (it is the game right after a player first reaches 0)"
    );
}

#[test]
fn bad_states_are_plain_sentences() {
    let err = |state: Value| ids_from_state(&state).expect_err("an error").to_string();
    // Any title: the cells and counters tell whether a state is one of backgammon's.
    assert_eq!(
        err(json!({"game": "Invictus", "to_move": "white"})),
        "the cube value must be a power of two from 1 to 32768, not 0"
    );
    assert_eq!(
        err(
            json!({"game": "Invictus", "to_move": "white", "cells": {"e5": {"owner": "white"}}, "counters": {"cube": 1}})
        ),
        "`e5` is not a cell of the backgammon board (the cells are 1 to 24, bar-white, \
         bar-black, off-white and off-black)"
    );
    assert_eq!(
        err(json!({"to_move": "red"})),
        "`to_move` is \"red\", but the players are white and black"
    );
    assert_eq!(
        err(json!({"to_move": "white", "cells": {"25": {"owner": "white"}}})),
        "`25` is not a cell of the backgammon board (the cells are 1 to 24, bar-white, \
         bar-black, off-white and off-black)"
    );
    assert_eq!(
        err(json!({"to_move": "white", "pools": {"dice": [3]}})),
        "the pool `dice` holds [3], dice partly played; a Match ID records a whole roll (two \
         different dice, or four of a kind for a double)"
    );
    assert_eq!(
        err(json!({"to_move": "white", "counters": {"cube": 3}})),
        "the cube value must be a power of two from 1 to 32768, not 3"
    );
    assert_eq!(
        err(json!({"to_move": "white", "turn_of": "black"})),
        "`to_move` and `turn_of` differ, but no double is offered (`offered` is not 1)"
    );
}

#[test]
fn a_finished_game() {
    // White has borne off all 15; Black has one off: the game is over.
    let state = json!({
        "to_move": "black",
        "cells": {
            "off-white": {"owner": "white", "count": 15},
            "off-black": {"owner": "black", "count": 1},
            "20": {"owner": "black", "count": 14},
        },
        "counters": {"cube": 1, "cube_owner": null, "dropped": null},
    });
    let (_, id) = ids_from_state(&state).unwrap();
    assert_eq!(parse_match_id(&id).unwrap().game_state, 2);
    assert_eq!(
        message(state_from_ids("AAAAAAAAAAAAAA", Some(&id))),
        "the Match ID says the game is over; a tabula state from gnubg IDs is a game in play"
    );
    // A dropped double: the game ends in gnubg's state 4.
    let dropped = json!({
        "to_move": "black",
        "turn_of": "white",
        "counters": {"cube": 1, "cube_owner": null, "offered": 1, "dropped": "black"},
    });
    let info = parse_match_id(&ids_from_state(&dropped).unwrap().1).unwrap();
    assert_eq!((info.game_state, info.double_offered), (4, false));
}

/// A counter left out is read as tabula reads it: 0, or for a player counter the
/// first player, White.
#[test]
fn counters_left_out_are_read_as_tabula_reads_them() {
    let id = |state: Value| parse_match_id(&ids_from_state(&state).unwrap().1).unwrap();
    let info = id(json!({"to_move": "white", "counters": {"cube": 1}}));
    assert_eq!(info.cube_owner, CubeOwner::Player(0));
    assert_eq!(
        info.game_state, 4,
        "`dropped` left out is White: a dropped game"
    );
    let info = id(json!({
        "to_move": "white",
        "counters": {"cube": 1, "cube_owner": null, "dropped": null},
    }));
    assert_eq!((info.cube_owner, info.game_state), (CubeOwner::Centred, 1));
    assert_eq!(
        ids_from_state(&json!({"to_move": "white"}))
            .unwrap_err()
            .to_string(),
        "the cube value must be a power of two from 1 to 32768, not 0"
    );
}
