//! The interactive session driven line by line, without a terminal: each command's
//! output, undo and redo, records, `why`, errors that keep the game, computer players,
//! and whole games played to the end.

mod session_support;

use session_support::*;
use tabula::session::{help, Session};
use tabula::{json, Engine, Source};

#[test]
fn the_intro_draws_the_board_and_says_who_is_to_move() {
    let mut s = Session::new(Source::new("tiny.tabula", TINY), &[], 1).unwrap();
    assert_eq!(
        s.intro().text,
        "Tiny (tiny.tabula), seed 1
players north, south; options: none
Type `help` for the commands, `moves` for the legal moves.
To play against the computer: `ai south mcts` (`help ai` lists the levels).

1 N
4 of 5 cells empty
N north, S south
counters  pushes 0
north to move, phase play, move 1
north: 1>2 or boom?
"
    );
    assert_eq!(s.prompt(), "north> ");
}

#[test]
fn moves_lists_the_legal_moves_numbered_and_a_number_plays_one() {
    let mut s = tiny();
    assert_eq!(run(&mut s, "moves"), "1. 1>2   2. boom\n");
    assert_eq!(
        run(&mut s, "1"),
        "north: 1>2

2 N
4 of 5 cells empty
N north, S south
counters  pushes 1
south to move, phase play, move 2
south: 2>3 or boom?
"
    );
    assert_eq!(run(&mut s, "board"), "\n2 N\n4 of 5 cells empty\nN north, S south\ncounters  pushes 1\nsouth to move, phase play, move 2\nsouth: 2>3 or boom?\n");
}

#[test]
fn help_comes_from_the_command_table() {
    let mut s = tiny();
    let all = run(&mut s, "help");
    assert_eq!(all, help(None).unwrap());
    for c in tabula::session::COMMANDS {
        assert!(
            all.contains(&format!("\n  {} ", c.name)),
            "help misses `{}`",
            c.name
        );
    }
    assert_eq!(
        run(&mut s, "help undo"),
        "undo [N]\n  take back your last move (N moves); a turn entered in part loses its last step\n"
    );
    assert_eq!(
        run(&mut s, "help frob"),
        "error: no command `frob`; `help` lists them\n"
    );
}

#[test]
fn undo_and_redo_go_to_any_point() {
    let mut s = tiny();
    let start = s.state().clone();
    run(&mut s, "1>2");
    let one = s.state().clone();
    run(&mut s, "2>3");
    run(&mut s, "3>4");
    let three = s.state().clone();
    assert_eq!(
        run(&mut s, "undo 2"),
        "undo 3>4 (north)
undo 2>3 (south)

2 N
4 of 5 cells empty
N north, S south
counters  pushes 1
south to move, phase play, move 2
south: 2>3 or boom?
"
    );
    assert_eq!(s.state(), &one);
    run(&mut s, "undo");
    assert_eq!(s.state(), &start);
    assert_eq!(run(&mut s, "undo"), "error: nothing to undo\n");
    let redone = run(&mut s, "redo 3");
    assert!(
        redone.starts_with("redo 1>2 (north)\nredo 2>3 (south)\nredo 3>4 (north)\n"),
        "{redone}"
    );
    assert_eq!(s.state(), &three);
    assert_eq!(run(&mut s, "redo"), "error: nothing to redo\n");
    // A different move after an undo forgets what could have been redone.
    run(&mut s, "undo all");
    assert_eq!(s.state(), &start);
    run(&mut s, "1>2");
    assert_eq!(s.moves(), vec!["1>2"]);
    assert_eq!(run(&mut s, "redo"), "error: nothing to redo\n");
}

#[test]
fn a_runtime_error_of_the_rules_keeps_the_game() {
    let mut s = tiny();
    let before = s.state().clone();
    assert_eq!(
        run(&mut s, "boom"),
        "error: while playing: `move` from `3`, which is empty
   --> tiny.tabula:22:3
   |
22 |   move #3 -> #4
   |   ^^^^^^^^^^^^^
"
    );
    assert_eq!(s.state(), &before);
    assert!(s.moves().is_empty());
    run(&mut s, "1>2");
    run(&mut s, "2>3");
    // Now #3 holds the stone and the same rule works.
    assert!(run(&mut s, "boom").starts_with("north: boom\n"));
}

#[test]
fn bad_commands_and_moves_are_answered_and_the_game_goes_on() {
    let mut s = tiny();
    let before = s.state().clone();
    // A word of letters that begins no legal move is taken for a mistyped command.
    assert_eq!(
        run(&mut s, "frob"),
        "error: `frob` is neither a command nor a legal move; `help` lists the commands, `moves` the legal moves\n"
    );
    // Anything else is a move, and an illegal one is answered as such.
    assert_eq!(
        run(&mut s, "3>4"),
        "error: `3>4` is not a legal move here; legal: 1>2, boom
       `why 3>4` says which rule forbids it; `help` lists the commands
"
    );
    assert_eq!(
        run(&mut s, "bam"),
        "error: `bam` is not a legal move here; legal: 1>2, boom
       `why bam` says which rule forbids it; `help` lists the commands
"
    );
    assert_eq!(
        run(&mut s, "undo x"),
        "error: `x` is not a number of moves\n"
    );
    assert_eq!(
        run(&mut s, "trace maybe"),
        "error: `trace maybe`: say `trace on` or `trace off`\n"
    );
    assert_eq!(
        run(&mut s, "ai west random"),
        "error: `west` is not a player; the players are north, south\n"
    );
    assert_eq!(
        run(&mut s, "ai north clever"),
        "error: `clever` is not a computer level; use random, greedy, playouts, mcts (mcts:2s, mcts:2s:wall, mcts:5000), net, net2, net3 (net3:1s, net:FILE, net2:FILE, net3:FILE), az (az:2s, az:800, az:FILE) or off\n"
    );
    assert_eq!(run(&mut s, "dice 3"), "error: Tiny has no chance events\n");
    assert_eq!(
        run(&mut s, ":frob"),
        "error: no command `frob`; `help` lists them\n"
    );
    assert!(run(&mut s, "load /no/such/file.yaml")
        .starts_with("error: cannot read `/no/such/file.yaml`"));
    assert!(run(&mut s, "options frob").starts_with("error: unknown option `frob`"));
    assert_eq!(run(&mut s, ""), "");
    assert_eq!(s.state(), &before);
    assert!(s.handle("quit").quit);
    assert!(s.handle("exit").quit);
}

#[test]
fn state_prints_json_and_yaml_and_load_state_plays_on_from_a_file() {
    let mut s = tiny();
    run(&mut s, "1>2");
    let printed: serde_json::Value = serde_json::from_str(&run(&mut s, "state")).unwrap();
    let mut expected = json::state_to_json(s.game(), s.state());
    expected["scores"] = serde_json::json!([0, 0]);
    assert_eq!(printed, expected);
    let yaml: serde_json::Value = serde_yaml_ng::from_str(&run(&mut s, "state yaml")).unwrap();
    assert_eq!(yaml, expected);

    let dir = scratch("state");
    let file = dir.join("four.json");
    let mut four = json::state_to_json(s.game(), s.state());
    four["cells"] = serde_json::json!({"4": {"owner": "north", "piece": "stone"}});
    std::fs::write(&file, four.to_string()).unwrap();
    let out = run(&mut s, &format!("load-state {}", file.display()));
    assert!(
        out.starts_with(&format!(
            "playing on from the state in {}\n\n4 N\n",
            file.display()
        )),
        "{out}"
    );
    assert!(s.moves().is_empty());
    assert_eq!(run(&mut s, "moves"), "1. 4>5   2. boom\n");

    // A broken state file is reported with its place, and the game stays.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"phase": "play", "to_move": "east", "cells": {}}"#).unwrap();
    let before = s.state().clone();
    let out = run(&mut s, &format!("load-state {}", bad.display()));
    assert!(out.contains("`east` is not a player"), "{out}");
    assert!(out.contains(&format!("--> {}:1:", bad.display())), "{out}");
    assert_eq!(s.state(), &before);
}

#[test]
fn save_and_load_replay_to_the_identical_state() {
    // Naytïn Six with dice rolled before they are placed: chance outcomes are in the
    // record as text.
    let options = vec!["random-values".to_string()];
    let mut s = Session::open("naytin-six", &options, 11).unwrap();
    s.intro();
    run(&mut s, "ai all random");
    // Stop the computer part-way through: take back to a person's move.
    run(&mut s, "ai all off");
    let over = s.state().clone();
    while s.moves().len() > 12 {
        run(&mut s, "undo");
    }
    let dir = scratch("record");
    let file = dir.join("game.yaml");
    assert_eq!(
        run(&mut s, &format!("save {}", file.display())),
        format!("saved {} moves to {}\n", s.moves().len(), file.display())
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.starts_with(&format!(
            "# tabula game record: {} moves\ngame: naytin-six\noptions:\n- random-values\nseed: 11\nmoves:\n",
            s.moves().len()
        )),
        "{text}"
    );
    assert!(text.ends_with("\n# end of record\n"), "{text}");
    assert!(
        text.contains("- roll:"),
        "chance outcomes are recorded: {text}"
    );

    let mut other = Session::open("invictus", &[], 3).unwrap();
    other.intro();
    let out = run(&mut other, &format!("load {}", file.display()));
    // A record of another game says that it replaces the game being played.
    assert!(
        out.starts_with(&format!(
            "{0} is a record of Naytïn Six (games/naytin-six.tabula): it replaces the game of Invictus\nloaded {0}: {1} moves replayed\n",
            file.display(),
            s.moves().len()
        )),
        "{out}"
    );
    assert_eq!(other.game().name(), "Naytïn Six");
    assert_eq!(other.state(), s.state());
    assert_eq!(other.moves(), s.moves());
    assert_eq!(other.seed(), 11);
    // The record replays a finished game too.
    run(&mut s, "redo all");
    assert_eq!(s.state(), &over);
    run(&mut s, &format!("save {}", file.display()));
    let out = run(&mut other, &format!("load {}", file.display()));
    assert!(
        out.starts_with(&format!("loaded {}: ", file.display())),
        "{out}"
    );
    assert_eq!(other.state(), &over);
    assert!(other.outcome().unwrap().is_some());
}

#[test]
fn ai_players_move_by_themselves() {
    let mut s = Session::open("naytin-six", &[], 5).unwrap();
    s.intro();
    // Blue places the obstacles; once blue is the computer it does so at once.
    let out = run(&mut s, "ai blue greedy");
    assert!(
        out.starts_with("blue is played by the computer (greedy)\nblue (greedy): X@"),
        "{out}"
    );
    assert_eq!(out.matches("blue (greedy): X@").count(), 3, "{out}");
    assert!(out.ends_with("red to move, phase dice, move 4\n"), "{out}");
    assert_eq!(run(&mut s, "ai"), "red: person\nblue: computer (greedy)\n");
    // A person's move is answered by the computer's.
    let out = run(&mut s, "6@a2");
    assert!(out.starts_with("red: 6@a2\nblue (greedy): "), "{out}");
    // Undo takes back the computer's answer with the person's move.
    run(&mut s, "undo");
    assert_eq!(s.moves().len(), 3);
    assert_eq!(s.prompt(), "red> ");
}

#[test]
fn the_usage_of_ai_writes_a_network_file_as_the_docs_do() {
    let mut s = tiny();
    assert_eq!(
        run(&mut s, "ai south mcts 2s extra"),
        "error: `ai PLAYER LEVEL`: a level is random, greedy, playouts, mcts (with a budget: `mcts 2s`, `mcts 2s wall`, `mcts 5000`), net, net2, net3 (with a time: `net3 1s`; a file: `net:FILE`), az (with a budget as mcts: `az 2s`, `az 800`) or off; e.g. `ai blue mcts`\n"
    );
}

#[test]
fn the_result_leaves_out_scores_when_the_rules_declare_none() {
    // Tiny has no `score`: every player's would be 0, which says nothing.
    let mut s = tiny();
    for m in ["1>2", "2>3", "3>4"] {
        run(&mut s, m);
    }
    assert!(run(&mut s, "4>5").ends_with("game over: south wins (home)\n"));
    assert_eq!(
        run(&mut s, "moves"),
        "the game is over: south wins (home)\n"
    );
    // Naytïn Six declares its score, so its result gives it.
    let game = Session::open("naytin-six", &[], 1).unwrap().game().clone();
    let outcome = tabula::Outcome {
        winner: None,
        points: 1,
        scores: vec![12, 12],
        reason: "no attack after a move".into(),
        named: None,
    };
    assert_eq!(
        tabula::session::describe(&game, &outcome),
        "a draw (no attack after a move; scores red 12, blue 12)"
    );
}

#[test]
fn a_whole_game_of_naytin_six_against_the_computer() {
    let mut s = Session::open("naytin-six", &[], 2024).unwrap();
    s.intro();
    run(&mut s, "ai red random");
    let out = run(&mut s, "ai blue greedy");
    let outcome = s.outcome().unwrap().expect("the game ends");
    let game = s.game().clone();
    let mut engine = Engine::new(&game);
    assert_eq!(engine.outcome(s.state()).unwrap(), Some(outcome.clone()));
    let said = format!(
        "game over: {}\n",
        tabula::session::describe(&game, &outcome)
    );
    assert!(out.ends_with(&said), "{out}");
    assert_eq!(s.prompt(), "game over> ");
    assert!(run(&mut s, "a1-a2").starts_with("error: the game is over ("));
    // The same seed plays the same game.
    let mut again = Session::open("naytin-six", &[], 2024).unwrap();
    again.intro();
    run(&mut again, "ai red random");
    run(&mut again, "ai blue greedy");
    assert_eq!(again.moves(), s.moves());
}

#[test]
fn greedy_takes_a_winning_move() {
    let mut s = tiny();
    run(&mut s, "1>2");
    run(&mut s, "2>3");
    run(&mut s, "3>4");
    // South can push the stone home and win.
    let out = run(&mut s, "ai south greedy");
    assert!(out.contains("south (greedy): 4>5\n"), "{out}");
    assert!(out.ends_with("game over: south wins (home)\n"), "{out}");
}

#[test]
fn a_turn_can_be_entered_step_by_step() {
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    // White opens with 3-1.
    assert!(run(&mut s, "dice 3 1").starts_with("opening: 3-1 (set by hand, instead of "));
    assert_eq!(s.prompt(), "white> ");
    let out = run(&mut s, "8/5");
    assert!(
        out.ends_with("so far: 8/5 (enter the rest of the turn; `undo` takes back a step)\n"),
        "{out}"
    );
    assert_eq!(s.prompt(), "white 8/5> ");
    assert_eq!(
        run(&mut s, "moves"),
        "turns that go on from `8/5`:\n4. 24/23 8/5  8. 8/7 8/5    9. 8/7 7/4    13. 6/5 8/5\n"
    );
    let c = s.complete("", 0);
    assert!(
        c.candidates.contains(&"6/5".to_string()) && !c.candidates.contains(&"24/21".to_string()),
        "{c:?}"
    );
    assert!(run(&mut s, "undo").starts_with("undo 8/5\n"));
    assert_eq!(s.prompt(), "white> ");
    // Steps in an order the engine did not list reach the same turn.
    run(&mut s, "24/21");
    let out = run(&mut s, "21/20");
    assert!(out.starts_with("white: 24/23 23/20\n"), "{out}");
    // A whole turn in any order.
    run(&mut s, "undo");
    assert!(run(&mut s, "6/5 8/5").starts_with("white: 6/5 8/5\n"));
    // A step that no legal turn goes on from is refused, and the steps so far stay.
    run(&mut s, "undo");
    run(&mut s, "24/23");
    let out = run(&mut s, "13/12");
    assert!(
        out.starts_with("error: `13/12` is not a legal move here after `24/23`"),
        "{out}"
    );
    assert_eq!(s.prompt(), "white 24/23> ");
}

#[test]
fn completion_at_the_cube_decision_offers_double_and_roll() {
    // Seed 42 opens 6-3 for White. After 24/21 24/18 Black, the cube in the middle and
    // no dice rolled, may double or roll: each is a whole turn of one step (the double
    // hands the decision to White, the roll to chance).
    let mut s = Session::open("backgammon", &[], 42).unwrap();
    s.intro();
    run(&mut s, "24/21 24/18");
    assert_eq!(s.prompt(), "black> ");
    assert_eq!(s.complete("why ", 4).candidates, ["double", "roll"]);
    // At the prompt the command `dice` begins with `d` too.
    assert_eq!(s.complete("d", 1).candidates, ["dice", "double"]);
    // White answers the double: take (he owns the cube, Black rolls) or drop.
    run(&mut s, "double");
    assert_eq!(s.prompt(), "white> ");
    assert_eq!(s.complete("why ", 4).candidates, ["drop", "take"]);
    assert_eq!(s.complete("t", 1).candidates, ["take", "trace"]);
}

#[test]
fn a_turn_after_its_own_roll_can_be_entered_step_by_step() {
    // With the cube, black's turn begins with `roll` (an action): the rest of the turn
    // is entered a step at a time like any other.
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    run(&mut s, "dice 6 3");
    run(&mut s, "24/18 13/10");
    assert_eq!(s.prompt(), "black> ");
    run(&mut s, "roll");
    assert!(run(&mut s, "dice 3 4").starts_with("roll: 3-4 (set by hand"));
    // 24/21 lands on white's 4, which is empty; with the 4 black can go on by 24/20,
    // 13/9, 8/4 or 6/2 (21/17 lands on white's 8, which white holds).
    let why = run(&mut s, "why 24/21");
    assert!(why.starts_with("`24/21` is only part of a turn"), "{why}");
    let out = run(&mut s, "24/21");
    assert!(
        out.ends_with("so far: 24/21 (enter the rest of the turn; `undo` takes back a step)\n"),
        "{out}"
    );
    assert_eq!(s.prompt(), "black 24/21> ");
    let steps: Vec<String> = s
        .complete("", 0)
        .candidates
        .into_iter()
        .filter(|c| c.contains('/'))
        .collect();
    assert_eq!(steps, ["13/9", "24/20", "6/2", "8/4"]);
    assert_eq!(
        run(&mut s, "moves"),
        "turns that go on from `24/21`:\n1. 24/21 24/20  2. 24/21 13/9   3. 24/21 8/4    4. 24/21 6/2\n"
    );
    let out = run(&mut s, "13/9");
    assert!(out.starts_with("black: 24/21 13/9\n"), "{out}");
    assert_eq!(s.prompt(), "white> ");
}

/// Backgammon with black's checker on the bar against white's closed home board
/// (two or more white checkers on each of 1 to 6): no roll lets black enter.
fn closed_board(s: &mut Session, to_move: &str, dice: &[i32], name: &str) {
    let state = serde_json::json!({
        "game": "Backgammon",
        "phase": "play",
        "to_move": to_move,
        "counters": {"turns": 5},
        "pools": {"dice": dice},
        "cells": {
            "1": {"owner": "white", "piece": "checker", "count": 2},
            "2": {"owner": "white", "piece": "checker", "count": 2},
            "3": {"owner": "white", "piece": "checker", "count": 2},
            "4": {"owner": "white", "piece": "checker", "count": 3},
            "5": {"owner": "white", "piece": "checker", "count": 3},
            "6": {"owner": "white", "piece": "checker", "count": 3},
            "bar-black": {"owner": "black", "piece": "checker", "count": 1},
            "19": {"owner": "black", "piece": "checker", "count": 14},
        },
    });
    let file = scratch("stuck").join(name);
    std::fs::write(&file, state.to_string()).unwrap();
    run(s, &format!("load-state {}", file.display()));
}

#[test]
fn a_player_who_cannot_move_is_told_so_whether_his_roll_came_first_or_not() {
    // With the cube, black rolls as an action: the roll that cannot be played ends
    // his turn, and the session says so.
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    closed_board(&mut s, "black", &[], "cube.json");
    assert_eq!(s.prompt(), "black> ");
    let out = run(&mut s, "roll");
    assert!(out.starts_with("black: roll\nroll: "), "{out}");
    assert!(out.contains("\nblack cannot move\n"), "{out}");
    assert_eq!(s.prompt(), "white> ");
    // Setting black's roll by hand says it again.
    let out = run(&mut s, "dice 6 6");
    assert!(
        out.starts_with("roll: 6-6 (set by hand, instead of "),
        "{out}"
    );
    assert!(out.contains("\nblack cannot move\n"), "{out}");
    let out = run(&mut s, "undo");
    assert!(out.starts_with("undo roll (black)\n"), "{out}");
    assert_eq!(s.prompt(), "black> ");
    let out = run(&mut s, "roll");
    assert!(out.contains("\nblack cannot move\n"), "{out}");

    // Without the cube the turn begins with its roll, and black's only move is the
    // pass: it is played for him and said the same way.
    let options = vec!["no-cube".to_string()];
    let mut s = Session::open("backgammon", &options, 1).unwrap();
    s.intro();
    closed_board(&mut s, "white", &[6, 5], "no-cube.json");
    let out = run(&mut s, "6/off 5/off");
    assert!(out.starts_with("white: 5/off 6/off\nroll: "), "{out}");
    assert!(out.contains("\nblack cannot move\nroll: "), "{out}");
    assert!(!out.contains("black: pass"), "{out}");
    assert_eq!(s.prompt(), "white> ");
    let moves = s.moves();
    assert_eq!(
        (moves[0].as_str(), moves[2].as_str()),
        ("5/off 6/off", "pass")
    );
    // Undo passes over the pass nobody chose, back to white's move; redo plays it all
    // again.
    let out = run(&mut s, "undo");
    assert!(
        out.starts_with("undo pass (black)\nundo 5/off 6/off (white)\n"),
        "{out}"
    );
    assert_eq!(s.prompt(), "white> ");
    assert!(s.moves().is_empty());
    let out = run(&mut s, "redo");
    assert!(out.starts_with("redo 5/off 6/off (white)\n"), "{out}");
    assert_eq!(s.moves().len(), 4);
    assert_eq!(s.prompt(), "white> ");
}

#[test]
fn dice_and_roll_set_chance_by_hand() {
    let options = vec!["random-values".to_string(), "no-obstacles".to_string()];
    let mut s = Session::open("naytin-six", &options, 9).unwrap();
    let intro = s.intro().text;
    assert!(intro.contains("\nroll: roll:"), "{intro}");
    let out = run(&mut s, "dice 5");
    assert!(
        out.starts_with("roll: roll:5 (set by hand, instead of roll:"),
        "{out}"
    );
    assert!(run(&mut s, "moves").starts_with("1. 5@"));
    let out = run(&mut s, "roll roll:2");
    assert!(
        out.starts_with("roll: roll:2 (set by hand, instead of roll:5)"),
        "{out}"
    );
    let out = run(&mut s, "dice 7");
    assert!(
        out.starts_with("error: `7-` is not a legal move here")
            || out.starts_with("error: `7` is not a legal move here"),
        "{out}"
    );
}

#[test]
fn options_and_new_start_new_games() {
    let mut s = Session::open("naytin-six", &[], 4).unwrap();
    s.intro();
    let listed = run(&mut s, "options");
    assert!(listed.starts_with("options of Naytïn Six (`options NAME..` starts a new game with them on, `NAME=N` for a number, `options none` with none):\n  cross-placement "), "{listed}");
    let out = run(&mut s, "options no-obstacles slide");
    assert!(
        out.starts_with("new game of Naytïn Six with options: no-obstacles, slide (seed 4)\n"),
        "{out}"
    );
    assert!(run(&mut s, "options").contains(
        "slide            a moving die slides in a straight line across empty cells  (on)"
    ));
    assert!(s.prompt().starts_with("red"));
    let out = run(&mut s, "new 77");
    assert!(
        out.starts_with("new game of Naytïn Six, seed 77\n"),
        "{out}"
    );
    assert_eq!(s.seed(), 77);
    assert!(s.moves().is_empty());
}

#[test]
fn reload_keeps_the_game_or_says_which_move_is_no_longer_legal() {
    let dir = scratch("reload");
    let file = dir.join("tiny.tabula");
    std::fs::write(&file, TINY).unwrap();
    let mut s = Session::open(file.to_str().unwrap(), &[], 1).unwrap();
    s.intro();
    run(&mut s, "1>2");
    run(&mut s, "2>3");
    let state = s.state().clone();
    // A harmless edit: the game is replayed under the new rules.
    std::fs::write(&file, TINY.replace("pushes += 1", "pushes += 2")).unwrap();
    let out = run(&mut s, "reload");
    assert!(
        out.starts_with(&format!("reloaded {}: 2 moves replayed\n", file.display())),
        "{out}"
    );
    assert!(out.contains("counters  pushes 4\n"), "{out}");
    // An edit that forbids a move played: the old rules and game stay.
    std::fs::write(
        &file,
        TINY.replace(
            "where not empty(from)",
            "where not empty(from) and from != #2",
        ),
    )
    .unwrap();
    let out = run(&mut s, "reload");
    assert_eq!(
        out,
        "error: the edited rules do not allow move 2 (`2>3`): it is not a legal move there
       the old rules and the game in progress are kept
       to play the edited rules: take back the moves from that one on (`undo`), then `reload`; or `new`
"
    );
    assert_eq!(s.moves(), vec!["1>2", "2>3"]);
    assert!(run(&mut s, "board").contains("counters  pushes 4\n"));
    // The way on it gives works: without `2>3` the edited rules replay the game.
    run(&mut s, "undo");
    let out = run(&mut s, "reload");
    assert!(
        out.starts_with(&format!("reloaded {}: 1 moves replayed\n", file.display())),
        "{out}"
    );
    assert!(run(&mut s, "2>3").starts_with("error: `2>3` is not a legal move here"));
    // A rules file that does not compile: its errors, and the game stays.
    std::fs::write(&file, TINY.replace("empty(from)", "empy(from)")).unwrap();
    let out = run(&mut s, "reload");
    assert!(
        out.contains("`empy`") && out.contains("the game in progress is kept"),
        "{out}"
    );
    assert_ne!(s.state(), &state);
    assert_eq!(s.moves().len(), 1);
    // `new` reads the file again: refused while it does not compile, then the edited
    // rules (a push adds 5) are played from the start.
    let out = run(&mut s, "new 3");
    assert!(
        out.contains("`empy`") && out.ends_with("the game in progress is kept\n"),
        "{out}"
    );
    assert_eq!(s.moves().len(), 1);
    std::fs::write(&file, TINY.replace("pushes += 1", "pushes += 5")).unwrap();
    let out = run(&mut s, "new 3");
    assert!(
        out.starts_with(&format!(
            "{} has changed: the new game plays its rules as they are now\nnew game of Tiny, seed 3\n",
            file.display()
        )),
        "{out}"
    );
    assert!(run(&mut s, "1>2").contains("counters  pushes 5\n"));
}

#[test]
fn errors_in_colour_are_marked_once() {
    let dir = scratch("colour");
    let file = dir.join("tiny.tabula");
    std::fs::write(&file, TINY).unwrap();
    let mut s = Session::open(file.to_str().unwrap(), &[], 1).unwrap();
    s.style = tabula::session::Style::fancy();
    s.intro();
    let plain = |text: String| tabula::session::style::strip(&text);
    // A state file that is not a state: one diagnostic, marked `error:` once.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"game": "Tiny", "phase": "play"}"#).unwrap();
    let out = plain(run(&mut s, &format!("load-state {}", bad.display())));
    assert!(out.starts_with("error: a state needs `to_move`\n"), "{out}");
    assert!(!out.contains("error: error"), "{out}");
    // A rules file that no longer compiles.
    std::fs::write(&file, TINY.replace("empty(from)", "empy(from)")).unwrap();
    let out = plain(run(&mut s, "reload"));
    assert!(out.starts_with("error: unknown function `empy`\n"), "{out}");
    assert!(!out.contains("error: error"), "{out}");
    // A message of the session's own is marked in colour.
    let out = run(&mut s, "frob");
    assert!(
        out.starts_with("\x1b[1;31merror:\x1b[0m `frob` is neither a command nor a legal move"),
        "{out}"
    );
}

#[test]
fn completion_offers_commands_arguments_and_moves() {
    let mut s = tiny();
    let c = s.complete("", 0);
    assert!(
        c.candidates.contains(&"undo".to_string()) && c.candidates.contains(&"1>2".to_string()),
        "{c:?}"
    );
    assert_eq!(s.complete("re", 2).candidates, vec!["redo", "reload"]);
    assert_eq!(
        s.complete("ai ", 3).candidates,
        vec!["all", "north", "south"]
    );
    let c = s.complete("ai north g", 10);
    assert_eq!((c.start, c.candidates), (9, vec!["greedy".to_string()]));
    assert_eq!(s.complete("trace o", 7).candidates, vec!["off", "on"]);
    assert!(s.complete("save ga", 7).file);
    assert_eq!(s.complete("help mo", 7).candidates, vec!["moves"]);
    assert_eq!(s.complete("why b", 5).candidates, vec!["boom"]);
}

#[test]
fn boards_are_drawn_by_layout() {
    // Grid: files and ranks around the board.
    let mut s = Session::open("invictus", &[], 1).unwrap();
    let out = s.intro().text;
    assert!(
        out.contains("\n   a  b  c  d  e  f  g  h  i\n9  .  .  .  .  .  .  .  .  .   9\n"),
        "{out}"
    );
    // Hex: rows offset by half a cell, empty cells named.
    let mut s = Session::open("naytin-six", &[], 1).unwrap();
    let out = s.intro().text;
    assert!(out.contains("\n      a1  a2  a3\n    b1  b2  b3  b4\n  c1  c2  c3  c4  c5\n    d1  d2  d3  d4\n      e1  e2  e3\n"), "{out}");
    // Points: two halves of the line, stacks, and the zones beside.
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    let out = s.intro().text;
    assert!(
        out.contains(
            " 13 14 15 16 17 18 |    | 19 20 21 22 23 24\n  W  .  .  .  B  . |    |  B  .  .  .  .  W\n"
        ),
        "{out}"
    );
    // The bar is drawn in the middle (`layout points { middle = bar }`), not beside.
    assert!(!out.contains("bar  white"), "{out}");
    assert!(out.contains("off  white 0, black 0\n"), "{out}");
    assert!(
        out.contains(" 12 11 10  9  8  7 |    |  6  5  4  3  2  1\n"),
        "{out}"
    );
    // Colour and Unicode when asked for.
    let mut s = Session::open("naytin-six", &[], 1).unwrap();
    s.style = tabula::session::Style::fancy();
    let out = s.intro().text;
    assert!(out.contains("\x1b[") && out.contains("·"), "{out}");
}

/// Black opens 3-4 with 24/21 24/20 (white's points 1 -> 4 and 1 -> 5); white rolls 1-2
/// and hits on 5 with 6/5*. Worked out by hand on the board: the last move's points are
/// marked under the bottom row, and black's hit checker stands on the bar, drawn in the
/// middle column of black's (bottom) half.
#[test]
fn the_last_move_is_marked_and_the_bar_holds_checkers() {
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    run(&mut s, "roll 3-4");
    run(&mut s, "24/21 24/20");
    run(&mut s, "roll 1-2");
    let out = run(&mut s, "roll");
    // White to move: black's move is marked (white's 5, 4 and 1), though white's
    // `roll` came after it, since that decision moved nothing.
    assert!(
        out.contains(
            "  B  .  .  .  W  . |    |  W  B  B  .  .  .\n \
             12 11 10  9  8  7 |    |  6  5  4  3  2  1\n                   |    |     ^  ^        ^\n"
        ),
        "{out}"
    );
    // A step of the turn being entered is marked: 6, 5 and black's bar.
    let out = run(&mut s, "6/5*");
    assert!(
        out.contains(
            "  B  .  .  .  W  . |  B |  W  W  B  .  .  .\n \
             12 11 10  9  8  7 |    |  6  5  4  3  2  1\n                   |  ^ |  ^  ^\n"
        ),
        "{out}"
    );
    // Nothing of the first player's is on the bar: the top of the middle is empty.
    assert!(
        out.contains("  W  .  .  .  B  . |    |  B  .  .  .  .  W\n"),
        "{out}"
    );
}

#[test]
fn a_move_written_like_a_command_is_played_as_the_move() {
    // `boom` written `board`: the line is a legal move, so it is played (and fails, as
    // `boom` does from the start); a leading colon makes it the command.
    let rules = TINY.replace("\"boom\"", "\"board\"");
    let mut s = Session::new(Source::new("tiny.tabula", rules), &[], 1).unwrap();
    s.intro();
    assert!(
        run(&mut s, "board").starts_with("error: while playing: `move` from `3`, which is empty\n")
    );
    assert_eq!(run(&mut s, ":board"), "\n1 N\n4 of 5 cells empty\nN north, S south\ncounters  pushes 0\nnorth to move, phase play, move 1\nnorth: 1>2 or board?\n");
    // Once it is no longer a legal move (the game is over), it is the command again.
    for m in ["1>2", "2>3", "3>4", "4>5"] {
        run(&mut s, m);
    }
    assert!(run(&mut s, "board").ends_with("game over: south wins (home)\n"));
}

/// The `playouts` computer (random games from each move) beats the `random` one in most
/// games of Naytïn Six: over 20 seeded games it must win at least 14. Blue, moving
/// second, wins about 37% of games between random players (`tabula playout naytin-six`),
/// so 14 of 20 by chance has a probability near 0.0005.
#[test]
fn the_playouts_computer_beats_the_random_one() {
    let mut won = 0;
    for seed in 0..20 {
        let mut s = Session::open("naytin-six", &[], seed).unwrap();
        s.intro();
        run(&mut s, "ai red random");
        run(&mut s, "ai blue playouts");
        let outcome = s.outcome().unwrap().expect("the game ends");
        if outcome.winner == Some(tabula::PlayerId::new(1)) {
            won += 1;
        }
    }
    assert!(won >= 14, "playouts won {won} of 20");
}
