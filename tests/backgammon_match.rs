//! Backgammon match play (RULES.md §1, "Match play"): the match counters, the
//! Crawford rule, whole matches played with scripted cube decisions, and the
//! command line's `state --gnubg-id` with the IDs it prints.
//!
//! Every expected value is worked out by hand from the rules and the script, or
//! comes from GNU Backgammon.

mod common;

use common::*;
use std::collections::VecDeque;
use tabula::engine::matchplay::Match;
use tabula::engine::rng::Rng;
use tabula::Outcome;

fn backgammon() -> Game {
    game("backgammon", &[])
}

/// A match to `length` with White and Black at `scores`, having been at `before`
/// before the last game.
fn at(length: i32, scores: [i32; 2], before: [i32; 2]) -> Match {
    Match {
        length,
        scores: scores.to_vec(),
        before: before.to_vec(),
        games: 1,
    }
}

/// At the start of `player`'s turn: whether it starts with the cube decision
/// (`double` or `roll`; then he rolls) or with the roll already pending.
fn decide(engine: &mut Engine, state: &mut State, player: &str) -> bool {
    let g = engine.game();
    assert_eq!(to_move(g, state), player);
    let list = moves(engine, state);
    if state.chance().is_some() {
        assert_eq!(list.len(), 21, "the roll is pending: {list:?}");
        assert!(!list.contains(&"double".to_string()));
        false
    } else {
        assert_eq!(list, ["double", "roll"]);
        play(engine, state, "roll");
        true
    }
}

/// Whether each player may double in the first game of `m`: White wins the opening
/// 3-1 and plays 8/5 6/5; at Black's first turn and White's second, the turn
/// starts either with the cube decision (`double` or `roll`) or with the roll
/// already pending.
fn may_double(m: &Match) -> [bool; 2] {
    let g = backgammon();
    let mut engine = Engine::new(&g);
    let mut state = engine.initial_state_in(m).unwrap();
    let d = doc(&g, &state);
    assert_eq!(d["counters"]["match_length"], m.length);
    assert_eq!(
        d["counters"]["match_score"],
        json!({"white": m.scores[0], "black": m.scores[1]})
    );
    assert_eq!(
        d["counters"]["match_score_before"],
        json!({"white": m.before[0], "black": m.before[1]})
    );
    play_all(&mut engine, &mut state, &["3-1", "8/5 6/5"]);
    let black = decide(&mut engine, &mut state, "black");
    play(&mut engine, &mut state, "6-5");
    let list = moves(&mut engine, &state);
    play(&mut engine, &mut state, &list[0]);
    let white = decide(&mut engine, &mut state, "white");
    [white, black]
}

#[test]
fn the_crawford_game_has_no_doubling() {
    // 5-point match, White 4 - Black 2, having been 3-2: White has just reached
    // 4 = 5 - 1 for the first time, so this is the Crawford game.
    assert_eq!(may_double(&at(5, [4, 2], [3, 2])), [false, false]);
    // The same with Black one point short: 2-4, having been 2-3.
    assert_eq!(may_double(&at(5, [2, 4], [2, 3])), [false, false]);
    // Reached with a gammon from further back: 7-point match, 0-6 after 0-4.
    assert_eq!(may_double(&at(7, [0, 6], [0, 4])), [false, false]);
}

#[test]
fn doubling_is_allowed_outside_the_crawford_game() {
    // The game after the Crawford game: 4-3, having been 4-2.
    assert_eq!(may_double(&at(5, [4, 3], [4, 2])), [true, true]);
    // Both one point short after the Crawford game: 4-4, having been 4-3.
    assert_eq!(may_double(&at(5, [4, 4], [4, 3])), [true, true]);
    // No one one point short: 3-2, having been 2-2.
    assert_eq!(may_double(&at(5, [3, 2], [2, 2])), [true, true]);
    // The first game of a match.
    assert_eq!(may_double(&Match::new(5, 2)), [true, true]);
    // A 1-point match: both start one point short; no game comes after a player
    // reached it, so none is the Crawford game.
    assert_eq!(may_double(&Match::new(1, 2)), [true, true]);
    // Money play, as a match of length 0 and as a plain game.
    assert_eq!(may_double(&Match::new(0, 2)), [true, true]);
    let g = backgammon();
    let mut engine = Engine::new(&g);
    let mut state = engine.initial_state().unwrap();
    play_all(&mut engine, &mut state, &["3-1", "8/5 6/5"]);
    assert_eq!(moves(&mut engine, &state), ["double", "roll"]);
}

/// The cube actions of one game, in order: (player, action). At a decision
/// before the roll a player doubles when the next planned action is his
/// `double`, and otherwise rolls; a double offered is answered by the next
/// planned `take` or `drop`.
type Plan = &'static [(&'static str, &'static str)];

struct Played {
    outcome: Outcome,
    /// Whether a double was among the legal choices at some point.
    doubling_offered: bool,
}

/// Plays one game of `m` from the opening roll `opening` (e.g. "3-1": White 3,
/// Black 1), the dice from `rng`, each checker turn the first legal one in sorted
/// order, the cube actions from `plan`.
fn play_game(engine: &mut Engine, m: &Match, opening: &str, plan: Plan, rng: &mut Rng) -> Played {
    let g = engine.game();
    let mut plan: VecDeque<(&str, &str)> = plan.iter().copied().collect();
    let mut state = engine.initial_state_in(m).unwrap();
    let d = doc(g, &state);
    assert_eq!(
        d["counters"]["match_score"],
        json!({"white": m.scores[0], "black": m.scores[1]})
    );
    play(engine, &mut state, opening);
    let mut doubling_offered = false;
    for _ in 0..5000 {
        if let Some(outcome) = engine.outcome(&state).unwrap() {
            assert!(plan.is_empty(), "the game ended before {plan:?}");
            return Played {
                outcome,
                doubling_offered,
            };
        }
        if state.chance().is_some() {
            engine.resolve_chance(&mut state, rng, None).unwrap();
            continue;
        }
        let player = to_move(g, &state);
        let list = moves(engine, &state);
        doubling_offered |= list.iter().any(|m| m == "double");
        let choice = match list.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["double", "roll"] => match plan.front() {
                Some(&(p, "double")) if p == player => plan.pop_front().unwrap().1.to_string(),
                _ => "roll".to_string(),
            },
            ["drop", "take"] => {
                let (p, answer) = plan.pop_front().expect("a planned answer");
                assert_eq!(p, player, "{player} answers the double");
                answer.to_string()
            }
            _ => list[0].clone(),
        };
        play(engine, &mut state, &choice);
    }
    panic!("the game did not end");
}

/// A 3-point match scripted to its end; the dice come from the seed but the
/// script decides every game by a dropped double, so the result does not depend
/// on them:
///
/// - game 1, White opens: White doubles at his first chance, Black drops: White
///   wins 1 (cube 1): 1-0;
/// - game 2, Black opens: Black doubles at his first chance, White drops: Black
///   wins 1: 1-1 (no one has 2 = 3 - 1, so no Crawford game follows);
/// - game 3, White opens: Black doubles at his first turn, White takes (cube 2,
///   White's); White redoubles at his next turn and Black drops: White wins 2,
///   the cube before the redouble: 3-1, and White has won the match in 3 games.
#[test]
fn a_whole_match_with_scripted_cube_decisions() {
    let g = backgammon();
    let mut engine = Engine::new(&g);
    let mut rng = Rng::new(2024);
    let mut m = Match::new(3, 2);
    let script: [(&str, Plan); 3] = [
        ("3-1", &[("white", "double"), ("black", "drop")]),
        ("1-3", &[("black", "double"), ("white", "drop")]),
        (
            "3-1",
            &[
                ("black", "double"),
                ("white", "take"),
                ("white", "double"),
                ("black", "drop"),
            ],
        ),
    ];
    let expected = [
        ([1, 0], "white", 1),
        ([1, 1], "black", 1),
        ([3, 1], "white", 2),
    ];
    for ((opening, plan), (scores, winner, points)) in script.iter().zip(expected) {
        assert_eq!(m.winner(), None, "the match is not over yet");
        let played = play_game(&mut engine, &m, opening, plan, &mut rng);
        let o = &played.outcome;
        assert_eq!(g.players()[o.winner.unwrap().index()], winner);
        assert_eq!(o.points, points);
        assert_eq!(o.reason, "double dropped");
        m.record(o);
        assert_eq!(m.scores, scores);
    }
    assert_eq!(m.games, 3);
    assert_eq!(m.winner(), Some(0), "White wins the match");
    assert_eq!(m.scores, [3, 1]);
}

/// A 3-point match that reaches the Crawford game: 1-0, 1-1, then White doubles
/// and Black drops: 2-1, White one point short for the first time. The fourth game
/// is the Crawford game: no double is legal at any point of it, and it is played
/// out. If Black wins it with a single game (2-2), the fifth game is
/// post-Crawford: Black doubles at his first turn and White drops, 2-3.
#[test]
fn a_match_through_the_crawford_game() {
    let g = backgammon();
    let mut engine = Engine::new(&g);
    let mut rng = Rng::new(1);
    let mut m = Match::new(3, 2);
    let scripted: [(&str, Plan); 3] = [
        ("3-1", &[("white", "double"), ("black", "drop")]),
        ("1-3", &[("black", "double"), ("white", "drop")]),
        ("3-1", &[("white", "double"), ("black", "drop")]),
    ];
    for (opening, plan) in scripted {
        let played = play_game(&mut engine, &m, opening, plan, &mut rng);
        assert!(played.doubling_offered);
        m.record(&played.outcome);
    }
    assert_eq!(
        (m.scores.clone(), m.before.clone()),
        (vec![2, 1], vec![1, 1])
    );

    let crawford = play_game(&mut engine, &m, "3-1", &[], &mut rng);
    assert!(!crawford.doubling_offered, "a double in the Crawford game");
    let o = crawford.outcome;
    assert_eq!(o.reason, "all borne off");
    assert!((1..=3).contains(&o.points), "the cube stayed at 1");
    m.record(&o);
    assert_eq!(m.games, 4);
    match (o.winner.map(|w| w.index()), o.points) {
        // White reaches 3 or more: the match is his.
        (Some(0), p) => {
            assert_eq!(m.scores, [2 + p, 1]);
            assert_eq!(m.winner(), Some(0));
        }
        // Black wins a gammon or backgammon: 3 or 4 points, the match is his.
        (Some(1), p) if p >= 2 => {
            assert_eq!(m.scores, [2, 1 + p]);
            assert_eq!(m.winner(), Some(1));
        }
        // Black wins a single game: 2-2, and a post-Crawford game.
        (Some(1), 1) => {
            assert_eq!(m.scores, [2, 2]);
            assert_eq!(m.winner(), None);
            let plan: Plan = &[("black", "double"), ("white", "drop")];
            let last = play_game(&mut engine, &m, "3-1", plan, &mut rng);
            m.record(&last.outcome);
            assert_eq!(m.scores, [2, 3]);
            assert_eq!(m.winner(), Some(1));
            assert_eq!(m.games, 5);
        }
        other => panic!("unexpected result {other:?}"),
    }
}

/// gnubg's Crawford flag on every state met in gnubg's matches agrees with the
/// rules file's test on the match counters; where the cube is in the middle,
/// gnubg rolled at once for the player exactly in the Crawford game.
#[test]
fn gnubg_crawford_games() {
    let text = include_str!("fixtures/gnubg/states.jsonl");
    let mut seen = [0, 0];
    for f in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
    {
        let n = f["match_length"].as_i64().unwrap();
        let max = |name: &str| {
            ["white", "black"]
                .iter()
                .map(|p| f[name][p].as_i64().unwrap())
                .max()
                .unwrap()
        };
        // games/backgammon.tabula's `define crawford`.
        let rules = n > 0 && max("match_score") == n - 1 && max("match_score_before") < n - 1;
        assert_eq!(rules, f["crawford"] == true, "{f}");
        if rules {
            seen[0] += 1;
            // In the Crawford game gnubg never waits for a cube decision.
            assert!(f["offered"] == 0 && !f["dice"].as_array().unwrap().is_empty());
            assert_ne!(f["rolled"], "asked");
        } else if n > 0 && max("match_score") == n - 1 {
            seen[1] += 1;
        }
    }
    assert!(
        seen[0] >= 5 && seen[1] >= 5,
        "Crawford and post-Crawford states: {seen:?}"
    );
}

// --- The command line ---------------------------------------------------------

fn tabula(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run tabula");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn state_json(args: &[&str]) -> Value {
    let mut all = vec!["state", "backgammon"];
    all.extend_from_slice(args);
    let (ok, stdout, stderr) = tabula(&all);
    assert!(ok, "tabula {all:?} failed: {stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// The manual's example (9-point match, 2-4, White owns a 2-cube, Black rolled
/// 5-2) played on in tabula and in gnubg (1.1.0a16, `set gnubgid`, `move 13/8
/// 13/11`, `double`, `take`; gnubg rolled 3-2 for White): gnubg printed the IDs
/// below, each Match ID with its Jacoby flag (bit 66), which tabula does not
/// write, cleared.
#[test]
fn state_from_gnubg_ids_on_the_command_line() {
    let id = "4HPwATDgc/ABMA:QYkqASAAIAAA";
    let s = state_json(&["--gnubg-id", id]);
    assert_eq!(s["to_move"], "black");
    assert_eq!(s["pools"]["dice"], json!([2, 5]));
    assert_eq!(s["counters"]["cube"], 2);
    assert_eq!(s["counters"]["cube_owner"], "white");
    assert_eq!(s["counters"]["match_length"], 9);
    assert_eq!(
        s["counters"]["match_score"],
        json!({"white": 2, "black": 4})
    );
    assert_eq!(
        s["formats"]["gnubg"],
        json!({"position": "4HPwATDgc/ABMA", "match": "QYkqASAAIAAA"})
    );

    // Black plays 13/8 13/11; White owns the cube and decides (gnubg:
    // 4PPIATDgc/ABMA:AQEgASAAIAAE).
    let s = state_json(&["--gnubg-id", id, "--moves", "13/8 13/11"]);
    assert_eq!(s["to_move"], "white");
    assert_eq!(s["chance"], Value::Null);
    assert_eq!(
        s["formats"]["gnubg"],
        json!({"position": "4PPIATDgc/ABMA", "match": "AQEgASAAIAAA"})
    );
    // White doubles (gnubg: 4PPIATDgc/ABMA:ARkgASAAIAAE).
    let s = state_json(&["--gnubg-id", id, "--moves", "13/8 13/11,double"]);
    assert_eq!(
        (&s["to_move"], &s["turn_of"]),
        (&json!("black"), &json!("white"))
    );
    assert_eq!(
        s["formats"]["gnubg"],
        json!({"position": "4PPIATDgc/ABMA", "match": "ARkgASAAIAAA"})
    );
    // Black takes; White rolls 3-2 (gnubg: 4PPIATDgc/ABMA:EoEpASAAIAAE).
    let s = state_json(&[
        "--gnubg-id",
        id,
        "--moves",
        "13/8 13/11,double,take",
        "--dice",
        "3,2",
    ]);
    assert_eq!(s["counters"]["cube"], 4);
    assert_eq!(s["counters"]["cube_owner"], "black");
    assert_eq!(
        s["formats"]["gnubg"],
        json!({"position": "4PPIATDgc/ABMA", "match": "EoEpASAAIAAA"})
    );

    // A Position ID alone: White about to roll in a money game.
    let s = state_json(&["--gnubg-id", "4HPwATDgc/ABMA"]);
    assert_eq!(
        (&s["to_move"], &s["chance"]),
        (&json!("white"), &json!("roll"))
    );
    let s = state_json(&["--gnubg-id", "4HPwATDgc/ABMA", "--dice", "6,5"]);
    assert_eq!(s["pools"]["dice"], json!([5, 6]));

    // YAML shows the IDs too.
    let (ok, yaml, _) = tabula(&["state", "backgammon", "--gnubg-id", id, "--yaml"]);
    assert!(ok);
    assert!(
        yaml.contains(
            "formats:\n  gnubg:\n    match: QYkqASAAIAAA\n    position: 4HPwATDgc/ABMA\n"
        ),
        "{yaml}"
    );
}

#[test]
fn every_backgammon_state_shows_its_gnubg_ids() {
    // The start, before the opening roll: shown as White to act before rolling,
    // cube centred, money play (gnubg.match_id of that cube and position info).
    let s = state_json(&[]);
    assert_eq!(
        s["formats"]["gnubg"],
        json!({"position": "4HPwATDgc/ABMA", "match": "MAEAAAAAAAAA"})
    );
    // After the opening 3-1 and 8/5 6/5, Black decides before rolling: gnubg's
    // position_id((White's side, Black's side)) with White on 24 (2), 13 (5), 8 (2),
    // 6 (4), 5 (2), and its match_id for player 1 to act, no dice, money play.
    let s = state_json(&["--moves", "3-1,8/5 6/5"]);
    assert_eq!(s["to_move"], "black");
    assert_eq!(
        s["formats"]["gnubg"],
        json!({"position": "sGfwATDgc/ABMA", "match": "cAkAAAAAAAAA"})
    );
    // Other games have no gnubg IDs.
    let (ok, out, _) = tabula(&["state", "naytin-six"]);
    assert!(ok);
    assert!(!out.contains("\"gnubg\""));
}

#[test]
fn bad_gnubg_ids_are_plain_errors() {
    let (ok, out, err) = tabula(&["state", "backgammon", "--gnubg-id", "4HPwATDgc/ABM"]);
    assert!(!ok);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: a Position ID has 14 characters, this one has 13\n"
    );
    let (ok, _, err) = tabula(&[
        "state",
        "backgammon",
        "--gnubg-id",
        "4HPwATDgc/ABMA:MAAAAAAAAAAA",
    ]);
    assert!(!ok);
    assert_eq!(
        err,
        "error: the Match ID says no game has started (game state 0); a tabula state is a \
         game in play\n"
    );
    let (ok, _, err) = tabula(&["state", "naytin-six", "--gnubg-id", "4HPwATDgc/ABMA"]);
    assert!(!ok);
    assert!(
        err.starts_with("error: --gnubg-id reads GNU Backgammon IDs"),
        "{err}"
    );
    // The cube in a game without it.
    let (ok, _, err) = tabula(&[
        "state",
        "backgammon",
        "-o",
        "no-cube",
        "--gnubg-id",
        "4HPwATDgc/ABMA:QYkqASAAIAAA",
    ]);
    assert!(!ok);
    assert!(err.contains("without the cube"), "{err}");
}
