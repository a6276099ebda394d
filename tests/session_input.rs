//! What a player is told and what he may type at the prompt: who decides when the
//! decision passes to another player within a turn; the settings that roll and play
//! forced moves for him.

use tabula::session::Session;

fn run(s: &mut Session, line: &str) -> String {
    let out = s.handle(line);
    assert!(!out.quit, "`{line}` ended the session");
    out.text
}

#[test]
fn after_a_double_the_player_who_answers_is_asked_take_or_drop() {
    // Seed 42 opens 6-3 for white (docs/repl.md shows the same opening).
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    s.intro();
    run(&mut s, "24/21 24/18");
    let text = run(&mut s, "double");
    assert!(
        text.ends_with("white to move, phase play, move 3\nwhite: take or drop?\n"),
        "{text}"
    );
    // The answer is the doubler's turn again: no question is asked.
    let text = run(&mut s, "take");
    assert!(!text.contains('?'), "{text}");
    // A player starting his own turn is not asked anything.
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    let text = s.intro().text;
    assert!(!text.contains('?'), "{text}");
}

#[test]
fn settings_are_off_at_first_and_switched_by_set() {
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    s.intro();
    assert_eq!(run(&mut s, "set"), "autoroll off, autoplay off\n");
    assert_eq!(run(&mut s, "set autoplay on"), "autoplay on\n");
    assert_eq!(run(&mut s, "set"), "autoroll off, autoplay on\n");
    assert_eq!(
        run(&mut s, "set frob on"),
        "error: no setting `frob`; the settings are autoroll, autoplay\n"
    );
}

#[test]
fn autoroll_rolls_for_a_person_who_may_roll() {
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    s.intro();
    // Off: black, to double or roll, is asked.
    let text = run(&mut s, "24/21 24/18");
    assert!(
        text.ends_with("black to move, phase play, move 2\nblack: double or roll?\n"),
        "{text}"
    );
    run(&mut s, "undo");
    run(&mut s, "set autoroll on");
    let text = run(&mut s, "24/21 24/18");
    assert!(
        text.contains("white: 24/21 24/18\nblack: roll\nroll: "),
        "{text}"
    );
}

#[test]
fn autoplay_plays_a_persons_only_move() {
    // White on the bar with 4-3, black holding the 21-point: the 4 cannot enter, so the
    // 3 must (bar/22) and the 4 is then played by the same checker (22/18): one turn.
    let dir = std::env::temp_dir().join(format!("tabula-autoplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.json");
    std::fs::write(
        &file,
        r#"{"phase": "play", "to_move": "white",
 "cells": {"bar-white": {"owner": "white", "piece": "checker"},
           "off-white": {"owner": "white", "piece": "checker", "count": 14},
           "21": {"owner": "black", "piece": "checker", "count": 2},
           "off-black": {"owner": "black", "piece": "checker", "count": 13}},
 "pools": {"dice": [4, 3]},
 "counters": {"turns": 1}}"#,
    )
    .unwrap();
    let load = format!("load-state {}", file.display());
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    s.intro();
    let text = run(&mut s, &load);
    assert!(
        text.ends_with("white to move, phase play, move 1\n"),
        "{text}"
    );
    run(&mut s, "set autoplay on");
    let text = run(&mut s, &load);
    assert!(text.contains("\nwhite: bar/22 22/18\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_opening_roll_says_what_it_means() {
    // Seed 42 opens 6-3: white's die is the first number, black's the second, and the
    // higher starts with both (the `says` of backgammon's `opening`).
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    let text = s.intro().text;
    assert!(
        text.contains(
            "\nopening: 6-3 (white's die 6, black's die 3: white starts, playing both)\n"
        ),
        "{text}"
    );
    // With first-roll-reroll the opening only decides who starts.
    let mut s = Session::open("backgammon", &["first-roll-reroll".to_string()], 42)
        .expect("a built-in game");
    let text = s.intro().text;
    assert!(
        text.contains(
            "\nopening: 6-3 (white's die 6, black's die 3: white starts, rolling again)\n"
        ),
        "{text}"
    );
    // A record keeps the outcome alone.
    let file = std::env::temp_dir().join(format!("tabula-says-{}.yaml", std::process::id()));
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    s.intro();
    run(&mut s, &format!("save {}", file.display()));
    let record = std::fs::read_to_string(&file).expect("the record is saved");
    assert!(record.contains("moves:\n- 6-3\n"), "{record}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn setup_lets_the_computer_place_for_a_player_until_the_phase_ends() {
    // Invictus: Black places his 18 dice as one turn, then White his 18.
    let mut s = Session::open("invictus", &[], 3).expect("a built-in game");
    s.intro();
    let text = run(&mut s, "setup");
    assert!(
        text.starts_with("the computer (random) makes black's moves until phase setup ends\n"),
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("black: ")).count(),
        18,
        "{text}"
    );
    assert!(
        text.ends_with("white to move, phase setup, move 19\n"),
        "{text}"
    );
    // `undo` gives the moves back: black's last placement is his to make again.
    let text = run(&mut s, "undo");
    assert!(
        text.ends_with("black to move, phase setup, move 18\n"),
        "{text}"
    );

    // Naytïn Six: the players alternate their placements; after `setup`, each of red's
    // turns in the phase is played for him while blue places by hand.
    let mut s = Session::open("naytin-six", &[], 42).expect("a built-in game");
    s.intro();
    for obstacle in ["X@c3", "X@a1", "X@e3"] {
        run(&mut s, obstacle);
    }
    let text = run(&mut s, "setup");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("red: ")).count(),
        1,
        "{text}"
    );
    assert!(
        text.ends_with("blue to move, phase dice, move 5\n"),
        "{text}"
    );
    let text = run(&mut s, "1");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("red: ")).count(),
        1,
        "{text}"
    );
    assert!(
        text.ends_with("blue to move, phase dice, move 7\n"),
        "{text}"
    );
    // An unknown level is refused (in the words of `ai`), and nothing is played.
    let mut s = Session::open("naytin-six", &[], 42).expect("a built-in game");
    s.intro();
    let text = run(&mut s, "setup frob");
    assert!(
        text.starts_with("error: `frob` is not a computer level"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1, "{text}");
}

#[test]
fn the_board_shows_declared_values_and_hides_internal_counters() {
    // Backgammon's `show "pip count"`: 2 x 24 + 5 x 13 + 3 x 8 + 5 x 6 = 167 for each
    // side at the start; white's 6-3 played 24/21 24/18 takes 9 off his.
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    let text = s.intro().text;
    assert!(
        text.contains("\npip count  white 167, black 167\n"),
        "{text}"
    );
    let text = run(&mut s, "24/21 24/18");
    assert!(
        text.contains("\npip count  white 158, black 167\n"),
        "{text}"
    );
    // `used`, `pips`, `offered`, `cube` and `cube_owner` are declared hidden (the cube
    // has a line of its own): not drawn, still in the state.
    let counters: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("counters"))
        .take_while(|l| !l.starts_with("pip count"))
        .collect();
    assert_eq!(counters, ["counters   turns 1, dropped -"]);
    let state = run(&mut s, "state");
    for name in ["used", "pips", "offered", "cube", "cube_owner"].map(|n| format!("\"{n}\"")) {
        assert!(state.contains(&name), "{name} is in the state: {state}");
    }
}

/// White bears off his last checker (on his 1-point, with a 1 to play) against three
/// black positions; the end rule names the result by what it is worth before the cube.
#[test]
fn a_result_is_named_single_gammon_or_backgammon() {
    let dir = std::env::temp_dir().join(format!("tabula-named-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        // Black has borne off one: a single game, 1 point.
        (
            r#""19": {"owner": "black", "piece": "checker", "count": 14},
           "off-black": {"owner": "black", "piece": "checker", "count": 1}"#,
            "white wins (single; all borne off)",
        ),
        // None borne off, none in white's home board: a gammon, 2 points.
        (
            r#""19": {"owner": "black", "piece": "checker", "count": 15}"#,
            "white wins 2 points (gammon; all borne off)",
        ),
        // None borne off and one on white's 3-point: a backgammon, 3 points.
        (
            r#""19": {"owner": "black", "piece": "checker", "count": 14},
           "3": {"owner": "black", "piece": "checker"}"#,
            "white wins 3 points (backgammon; all borne off)",
        ),
    ];
    for (i, (black, result)) in cases.iter().enumerate() {
        let file = dir.join(format!("end{i}.json"));
        std::fs::write(
            &file,
            format!(
                r#"{{"phase": "play", "to_move": "white",
 "cells": {{"1": {{"owner": "white", "piece": "checker"}},
           "off-white": {{"owner": "white", "piece": "checker", "count": 14}},
           {black}}},
 "pools": {{"dice": [1, 2]}},
 "counters": {{"turns": 3}}}}"#
            ),
        )
        .unwrap();
        let mut s = Session::open("backgammon", &[], 1).expect("a built-in game");
        s.intro();
        run(&mut s, &format!("load-state {}", file.display()));
        let text = run(&mut s, "1/off");
        assert!(text.contains(&format!("game over: {result}")), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cube_is_shown_with_its_owner_and_the_crawford_game_is_marked() {
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    let text = s.intro().text;
    assert!(text.contains("\ncube       1, in the middle\n"), "{text}");
    run(&mut s, "24/21 24/18");
    run(&mut s, "double");
    // White takes: the cube is at 2 and his.
    let text = run(&mut s, "take");
    assert!(text.contains("\ncube       2, white's\n"), "{text}");
    // Without the cube, no cube line.
    let mut s = Session::open("backgammon", &["no-cube".to_string()], 42).expect("a game");
    let text = s.intro().text;
    assert!(!text.contains("\ncube "), "{text}");

    // A match to 3 at 2-0, the leader's 2 won in the last game: the Crawford game.
    let dir = std::env::temp_dir().join(format!("tabula-crawford-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (before, crawford) in [(0, true), (2, false)] {
        let file = dir.join(format!("c{before}.json"));
        std::fs::write(
            &file,
            format!(
                r#"{{"phase": "play", "to_move": "white", "chance": "opening",
 "cells": {{"1": {{"owner": "white", "piece": "checker", "count": 15}},
           "24": {{"owner": "black", "piece": "checker", "count": 15}}}},
 "counters": {{"match_length": 3, "match_score": {{"white": 2, "black": 0}},
              "match_score_before": {{"white": {before}, "black": 0}}}}}}"#
            ),
        )
        .unwrap();
        let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
        s.intro();
        let text = run(&mut s, &format!("load-state {}", file.display()));
        assert_eq!(
            text.contains("\nmatch      the Crawford game: no doubling\n"),
            crawford,
            "{text}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_turn_that_begins_with_a_choice_of_actions_says_them() {
    // Seed 42 opens 6-3 for white; black may then double or roll.
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    s.intro();
    let text = run(&mut s, "24/21 24/18");
    assert!(
        text.ends_with("black to move, phase play, move 2\nblack: double or roll?\n"),
        "{text}"
    );
    // Any game's words are its own: a step or a leap, each a fixed word.
    let race = r#"game "race"
players left, right
board { grid 1 x 1 }
counter points per player
action step "step" { points[mover] += 1 }
action leap "leap" { points[mover] += 2 }
action hop "{c}" for c in cells { points[mover] += 0 }
phase play {
  starts left
  actions step, leap, hop
}
end "four points" for p in players when points[p] >= 4
  winner p
"#;
    let mut s = Session::new(tabula::Source::new("race.tabula", race), &[], 1).unwrap();
    let text = s.intro().text;
    assert!(
        text.ends_with("left to move, phase play, move 1\nleft: step, leap or a1?\n"),
        "{text}"
    );
}

#[test]
fn the_lines_of_a_block_are_run_in_order() {
    let mut s = Session::open("naytin-six", &[], 7).expect("a built-in game");
    s.intro();
    let text = run(&mut s, "X@a1\nX@c3\r\nX@e3\n");
    assert!(text.starts_with("blue: X@a1\n"), "{text}");
    assert!(text.contains("\nblue> X@c3\nblue: X@c3\n"), "{text}");
    assert!(text.contains("\nblue> X@e3\nblue: X@e3\n"), "{text}");
    assert_eq!(s.prompt(), "red> ");
    assert_eq!(s.moves(), vec!["X@a1", "X@c3", "X@e3"]);
}

#[test]
fn the_welcome_names_the_computer_and_help_ai_lists_every_level() {
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    let text = s.intro().text;
    assert!(
        text.contains("Type `help` for the commands, `rules` for the rules, `moves` for the legal moves.\nTo play against the computer: `ai black net3` (`help ai` lists the levels).\n"),
        "{text}"
    );
    let help = run(&mut s, "help ai");
    for level in [
        "random", "greedy", "playouts", "mcts", "net", "net2", "net3", "az", "off",
    ] {
        assert!(help.contains(&format!("\n  {level} ")), "{level}: {help}");
    }
    assert!(
        help.contains("\n  net3      the network three moves ahead, the strongest where a game has one; under a second of processor a move in the shipped games (`net3 1s`: at most that)\n"),
        "{help}"
    );
    // Seated before the game starts, as `tabula play --vs` does: the players line says
    // so, and the welcome no longer offers it.
    let mut s = Session::open("backgammon", &[], 42).expect("a built-in game");
    s.play_computer("black", "net3").unwrap();
    let text = s.intro().text;
    assert!(
        text.starts_with("Backgammon (games/backgammon.tabula), seed 42\nplayers white, black (computer, net3); options: none\nType `help` for the commands, `rules` for the rules, `moves` for the legal moves.\nopening: "),
        "{text}"
    );
    assert_eq!(
        s.play_computer("blue", "net3"),
        Err("`blue` is not a player; the players are white, black".to_string())
    );
}

/// `match` lists each game's result as its end said it, the result's name included.
#[test]
fn the_match_list_names_each_result() {
    let dir = std::env::temp_dir().join(format!("tabula-match-named-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("gammon.json");
    // White bears off his last checker; none of black's is off: a gammon, in a match
    // to 5.
    std::fs::write(
        &file,
        r#"{"phase": "play", "to_move": "white",
 "cells": {"1": {"owner": "white", "piece": "checker"},
           "off-white": {"owner": "white", "piece": "checker", "count": 14},
           "19": {"owner": "black", "piece": "checker", "count": 15}},
 "pools": {"dice": [1, 2]},
 "counters": {"turns": 3, "match_length": 5}}"#,
    )
    .unwrap();
    let mut s = Session::open("backgammon", &[], 1).expect("a built-in game");
    s.intro();
    run(&mut s, &format!("load-state {}", file.display()));
    let text = run(&mut s, "1/off");
    assert!(
        text.contains("white wins 2 points (gammon); match to 5: white 2, black 0"),
        "{text}"
    );
    let listed = run(&mut s, "match");
    assert!(
        listed.contains("  game 1: white wins 2 points (gammon; all borne off)"),
        "{listed}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
