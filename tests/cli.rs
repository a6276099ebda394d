//! The command line as a script sees it: the exact text on standard output and
//! standard error, and the exit status. Expected results are worked out by hand or
//! taken from published counts, never from the program's own output.

mod cli_support;

use cli_support::Test;
use serde_json::{json, Value};
use std::process::Command;

fn tabula(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Every game is played from its own seed, so the games do not depend on the threads.
#[test]
fn playouts_are_the_same_on_any_number_of_threads() {
    let games = |threads: &str| -> Vec<String> {
        tabula(&[
            "playout",
            "naytin-six",
            "-o",
            "random-values",
            "-n",
            "300",
            "--json",
            "--threads",
            threads,
        ])
        .lines()
        .filter(|l| !l.contains("\"summary\""))
        .map(str::to_string)
        .collect()
    };
    let one = games("1");
    assert_eq!(one.len(), 300);
    assert_eq!(one, games("2"));
}

#[test]
fn moves_can_be_piped_into_a_program_that_stops_reading() {
    // `tabula moves ... | head -1` must not fail when head closes the pipe.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["moves", "invictus"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let status = child.wait().expect("it ends");
    assert!(status.success(), "{status:?}");
}

/// A misspelt built-in game is answered with the name meant.
#[test]
fn a_misspelt_game_name_is_answered_with_the_built_in_game_meant() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["moves", "backgamon"])
        .output()
        .expect("the binary runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.lines().next(),
        Some("error: cannot read `backgamon`: no such file or directory (os error 2); did you mean the built-in game `backgammon`?")
    );
    // A name close to none keeps the list of the built-in games.
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["moves", "chess"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "it is not a built-in game either (those are: backgammon, invictus, naytin-six)"
        ),
        "{stderr}"
    );
}

const TIC_TAC_TOE: &str = include_str!("../examples/rules/tic-tac-toe.tabula");

#[test]
fn check_summarises_a_good_file() {
    Test::new()
        .file("ttt.tabula", TIC_TAC_TOE)
        .args(&["check", "ttt.tabula", "-o", "misere"])
        .stdout(
            "ttt.tabula: ok
  game     Tic-tac-toe
  players  x, o
  board    9 cells, directions n s e w ne nw se sw
  phases   play
  actions  place
  options
    misere               three in a row loses instead of winning (on)
",
        )
        .stderr("")
        .run();
}

#[test]
fn check_points_at_the_mistake_in_a_broken_file() {
    let broken = TIC_TAC_TOE.replace("where empty(to)", "where empy(to)");
    // The line of the `where`, two digits (the file begins with its rules in words).
    let line = TIC_TAC_TOE[..TIC_TAC_TOE.find("where empty(to)").unwrap()]
        .matches('\n')
        .count()
        + 1;
    Test::new()
        .file("my-game.tabula", &broken)
        .args(&["check", "my-game.tabula"])
        .stdout("")
        .stderr(&format!(
            "error: unknown function `empy`
   --> my-game.tabula:{line}:9
   |
{line} |   where empy(to)
   |         ^^^^
   |
   = hint: did you mean `empty`?
"
        ))
        .failure()
        .run();
}

#[test]
fn perft_counts_published_tic_tac_toe_and_connect_four_figures() {
    // Tic-tac-toe: 9 x 8 games of two moves. Six moves deep: 15,120 positions after
    // five moves, of which 1,440 are won by x (the published enumeration of the game
    // tree); a won game is a leaf, each other one has four moves: 1,440 + 13,680 x 4.
    let run = |file: &str, text: &str, depth: &str, want: &str| {
        Test::new()
            .file(file, text)
            .args(&["perft", file, "--depth", depth])
            .stdout(want)
            .run();
    };
    run("ttt.tabula", TIC_TAC_TOE, "2", "72\n");
    run("ttt.tabula", TIC_TAC_TOE, "6", "56160\n");
    // Connect Four: seven columns, and no column fills and no game ends in four
    // moves: 7^4 (tests/independent/connect-four.perft has the deeper counts).
    let connect_four = include_str!("../examples/rules/connect-four.tabula");
    run("c4.tabula", connect_four, "4", "2401\n");
}

/// A tic-tac-toe cell's contents in a state document.
fn mark(owner: &str) -> Value {
    json!({"owner": owner, "piece": "mark"})
}

#[test]
fn moves_json_gives_each_move_with_the_state_it_leads_to() {
    // x o x / x o o / . x . with o to move (rows from a1, seven marks): o takes a3 or
    // c3, neither making a line.
    let moves = "a1,b1,c1,b2,a2,c2,b3";
    let stdout = Test::new()
        .file("ttt.tabula", TIC_TAC_TOE)
        .args(&["moves", "ttt.tabula", "--moves", moves, "--json"])
        .run();
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let before = json!({
        "a1": mark("x"), "b1": mark("o"), "c1": mark("x"),
        "a2": mark("x"), "b2": mark("o"), "c2": mark("o"),
        "b3": mark("x"),
    });
    let after = |cell: &str| {
        let mut cells = before.clone();
        cells[cell] = mark("o");
        json!({
            "move": cell,
            "state": {
                "game": "Tic-tac-toe",
                "options": [],
                "phase": "play",
                "to_move": "x",
                "turn_of": "x",
                "chance": null,
                "in_turn": false,
                "cells": cells,
                "pools": {},
                "counters": {
                    "match_length": 0,
                    "match_score": {"x": 0, "o": 0},
                    "match_score_before": {"x": 0, "o": 0}
                }
            }
        })
    };
    assert_eq!(lines, [after("a3"), after("c3")]);
    // Keys are written in alphabetical order, so a line is the same text every time.
    let first = stdout.lines().next().unwrap_or("");
    assert!(
        first.starts_with(r#"{"move":"a3","state":{"cells":{"a1":"#),
        "{first}"
    );
    // x o x / x o o / o x x: the board full without a line, a draw, and no move.
    Test::new()
        .file("ttt.tabula", TIC_TAC_TOE)
        .args(&[
            "moves",
            "ttt.tabula",
            "--moves",
            "a1,b1,c1,b2,a2,c2,b3,a3,c3",
            "--json",
        ])
        .stdout(
            r#"{"over":{"points":0,"reason":"no legal move","scores":{"o":0,"x":0},"winner":null}}
"#,
        )
        .run();
}

/// White to roll, two checkers left on his 6 and 5 points, thirteen borne off; Black's
/// fifteen checkers are out of the way.
const BEAR_OFF: &str = r#"{
  "phase": "play", "to_move": "white", "chance": "roll",
  "cells": {
    "6": {"owner": "white", "piece": "checker"},
    "5": {"owner": "white", "piece": "checker"},
    "off-white": {"owner": "white", "piece": "checker", "count": 13},
    "19": {"owner": "black", "piece": "checker", "count": 15}
  },
  "counters": {"turns": 20}
}"#;

#[test]
fn dice_fix_the_roll_before_listing_the_moves() {
    let moves = |dice: &str, want: &str| {
        Test::new()
            .file("off.json", BEAR_OFF)
            .args(&["moves", "backgammon", "--state", "off.json", "--dice", dice])
            .stdout(want)
            .stderr("")
            .run();
    };
    // 2-1: the checkers end on 5 and 3, on 4 and 4, or on 6 and 2 (each written as
    // the turn search first finds it).
    moves("2,1", "6/5 5/3\n5/4 6/4\n5/4 4/2\n");
    // The order of the numbers does not matter.
    moves("1,2", "6/5 5/3\n5/4 6/4\n5/4 4/2\n");
    // 6-5: both borne off exactly, or the 6-point checker moved 5 to the 1 point and
    // the other, now the farthest back, borne off with the 6.
    moves("6,5", "6/1 5/off\n5/off 6/off\n");
    // 2-2, four moves: end on 2 and 1, or the first borne off and the other on 3.
    moves("2,2", "6/4 5/3 4/2 3/1\n6/4 5/3 4/2 2/off\n");
}

#[test]
fn dice_that_are_not_a_roll_here_are_refused() {
    // The opening roll is one die each, never a double.
    let opening = (1..=6)
        .flat_map(|a| {
            (1..=6)
                .filter(move |&b| b != a)
                .map(move |b| format!("{a}-{b}"))
        })
        .collect::<Vec<_>>()
        .join(", ");
    Test::new()
        .args(&["moves", "backgammon", "--dice", "6,6"])
        .stdout("")
        .stderr(&format!(
            "error: `6-6` is not a legal move here; the legal moves are: {opening}\n"
        ))
        .failure()
        .run();
    // No chance event is waiting after a tic-tac-toe move.
    Test::new()
        .file("ttt.tabula", TIC_TAC_TOE)
        .args(&["moves", "ttt.tabula", "--dice", "3,1"])
        .stderr("error: --dice fixes a chance outcome, but no chance event is pending here\n")
        .failure()
        .run();
    // Backgammon's opening 3-1 has sixteen turns (README).
    let stdout = Test::new()
        .args(&["moves", "backgammon", "--dice", "3,1"])
        .run();
    assert_eq!(stdout.lines().count(), 16, "{stdout}");
}

/// A game whose only action moves from an empty cell.
const MOVES_FROM_NOTHING: &str = r#"game "t"
players a, b
board { grid 2 x 2 }
piece p
setup { put p of a at #a1 }
action go "go"
{
  move #b1 -> #b2
}
phase main {
  starts a
  actions go
}
"#;

#[test]
fn a_runtime_error_is_shown_at_its_statement() {
    Test::new()
        .file("rt.tabula", MOVES_FROM_NOTHING)
        .args(&["perft", "rt.tabula", "--depth", "2"])
        .stdout("")
        .stderr(
            "error: while playing: `move` from `b1`, which is empty
  --> rt.tabula:8:3
  |
8 |   move #b1 -> #b2
  |   ^^^^^^^^^^^^^^^
",
        )
        .failure()
        .run();
}

/// The line shown is the one compiled, kept with the game: the rules need not be on
/// disk (nor be the same there) when the error is rendered.
#[test]
fn a_runtime_error_is_rendered_from_the_compiled_text() {
    let source = tabula::Source::new("nowhere/rt.tabula", MOVES_FROM_NOTHING);
    let game = tabula::compile(&source, &[]).expect("it compiles");
    let mut engine = tabula::Engine::new(&game);
    let mut state = engine.initial_state().expect("a start");
    let error = engine.play_text(&mut state, "go").expect_err("b1 is empty");
    let tabula::engine::play::PlayError::Runtime(error) = error else {
        panic!("{error}");
    };
    assert_eq!(
        error.render(&game, false).trim_end(),
        "error: while playing: `move` from `b1`, which is empty
  --> nowhere/rt.tabula:8:3
  |
8 |   move #b1 -> #b2
  |   ^^^^^^^^^^^^^^^"
    );
}

#[test]
fn a_record_whose_game_cannot_be_opened_is_named_once_as_an_error() {
    // The session's error is a kind, not a sentence starting with `error:`: the
    // export says `error:` once, then the record, then why.
    Test::new()
        .file("r.yaml", "game: nowhere.tabula\nmoves: []\n")
        .args(&["export", "--mat", "r.yaml"])
        .stdout("")
        .stderr("error: r.yaml: cannot read `nowhere.tabula`: no such file or directory (os error 2); it is not a built-in game either (those are: backgammon, invictus, naytin-six)\n")
        .failure()
        .run();
    Test::new()
        .file("r.yaml", "game: backgammon\noptions: [frob]\nmoves: []\n")
        .args(&["export", "--mat", "r.yaml"])
        .stderr("error: r.yaml: unknown option `frob` for games/backgammon.tabula; its options are: first-roll-reroll, no-cube\n")
        .failure()
        .run();
    // At the prompt, the same errors before any game.
    Test::new()
        .args(&["play", "backgammon", "-o", "frob"])
        .stderr("error: unknown option `frob` for games/backgammon.tabula; its options are: first-roll-reroll, no-cube\n")
        .failure()
        .run();
}

#[test]
fn a_state_written_by_tabula_state_reads_back_the_same_and_plays_on() {
    // White opens 3-1 (8/5 6/5); Black, whose turn it is, doubles; White must answer.
    let doubled = Test::new()
        .args(&["state", "backgammon", "--moves", "3-1,8/5 6/5,double"])
        .run();
    let doc: Value = serde_json::from_str(&doubled).expect("a JSON state");
    assert_eq!(
        (&doc["to_move"], &doc["turn_of"]),
        (&json!("white"), &json!("black"))
    );
    // Read back, it is written the same, to the byte.
    Test::new()
        .file("doubled.json", &doubled)
        .args(&["state", "backgammon", "--state", "doubled.json"])
        .stdout(&doubled)
        .run();
    Test::new()
        .file("doubled.json", &doubled)
        .args(&["moves", "backgammon", "--state", "doubled.json"])
        .stdout("take\ndrop\n")
        .run();
    // After the take, the cube is White's at 2, and Black rolls.
    let taken = Test::new()
        .file("doubled.json", &doubled)
        .args(&[
            "state",
            "backgammon",
            "--state",
            "doubled.json",
            "--moves",
            "take",
        ])
        .run();
    let doc: Value = serde_json::from_str(&taken).expect("a JSON state");
    assert_eq!(doc["chance"], "roll");
    assert_eq!(doc["to_move"], "black");
    assert_eq!(doc["counters"]["cube"], 2);
    assert_eq!(doc["counters"]["cube_owner"], "white");
}

/// A network trained further with `--from` names every command that made it, in order;
/// `--final-rate` is accepted with them.
#[test]
fn a_network_trained_further_keeps_the_commands_that_made_it() {
    let dir = std::env::temp_dir().join(format!("tabula-train-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = dir.join("a.net");
    let second = dir.join("b.net");
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    let common = ["--games", "40", "--hidden", "4", "--probe-every", "0"];
    let mut args = vec!["train", "examples/rules/tic-tac-toe.tabula", "--out", first];
    args.extend(common);
    tabula(&args);
    let mut more = vec![
        "train",
        "examples/rules/tic-tac-toe.tabula",
        "--from",
        first,
        "--final-rate",
        "0.0005",
        "--out",
        second,
    ];
    more.extend(common);
    tabula(&more);
    let bytes = std::fs::read(second).unwrap();
    let header = String::from_utf8_lossy(&bytes[..bytes.len().min(2000)]).to_string();
    let made = format!(
        "\"trained_by\":\"train examples/rules/tic-tac-toe.tabula --out {first} --games 40 --hidden 4 --probe-every 0; then train examples/rules/tic-tac-toe.tabula --from {first} --final-rate 0.0005 --out {second} --games 40 --hidden 4 --probe-every 0\""
    );
    assert!(header.contains(&made), "{header}");
    assert!(header.contains("\"games\":80"), "{header}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A reader that stops early (`tabula encode invictus --all | head -1`) ends the
/// command quietly: no panic, no message, success.
#[test]
fn output_cut_short_by_its_reader_ends_quietly() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["encode", "invictus", "--all"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe is closed here, with most of the 1,715 entries still to print.
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(out.status.success(), "{:?}", out.status);
}

/// Two moves of one action that print alike but score differently: `take` for 1
/// point and `take` for 5.
const SAME_TEXT: &str = r#"game "Same"
players a, b
board { grid 2 x 1 }
piece stone
counter points per player

action take "take"
  for n in 1..2
{
  points[mover] += n * n * 4 - 3
}

action place "{c}"
  for c in cells
  where empty(c)
{
  put stone of mover at c
}

phase play {
  starts a
  actions take, place
}

end "full" when count(c in cells where empty(c)) == 0 by score
score p = points[p]
"#;

#[test]
fn check_warns_of_two_moves_printed_alike() {
    Test::new()
        .file("same.tabula", SAME_TEXT)
        .args(&["check", "same.tabula"])
        .stderr(
            "warning: two different moves are printed `take` (at the start): a typed move or a saved game cannot tell them apart
  --> same.tabula:7:8
  |
7 | action take \"take\"
  |        ^^^^
  |
  = hint: make the template of `take` show what tells them apart

",
        )
        .run();
}

#[test]
fn check_warns_of_an_option_nothing_reads() {
    let rules = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/rules/tic-tac-toe.tabula"
    ))
    .unwrap()
    .replace(
        "option misere \"three in a row loses instead of winning\"",
        "option misere \"three in a row loses instead of winning\"\noption blitz \"a faster game\"",
    );
    Test::new()
        .file("ttt.tabula", &rules)
        .args(&["check", "ttt.tabula"])
        .stderr(
            "warning: the option `blitz` is declared but nothing reads it
  --> ttt.tabula:7:8
  |
7 | option blitz \"a faster game\"
  |        ^^^^^
  |
  = hint: read it with `option(blitz)` in a rule, or remove it

",
        )
        .run();
}

#[test]
fn a_text_of_two_moves_is_refused_not_played_as_the_first() {
    Test::new()
        .file("same.tabula", SAME_TEXT)
        .args(&["state", "same.tabula", "--moves", "take"])
        .stderr(
            "error: while playing: `take` is the text of two different moves here, so it cannot say which is meant; the rules must print each move its own way (a template showing what tells them apart)
  --> same.tabula:7:8
  |
7 | action take \"take\"
  |        ^^^^
",
        )
        .failure()
        .run();
}

/// `check` looks for moves printed alike in random games; rules that fail in one of
/// them (here a 17th layer, after 16 marks alternating on one cell) are still checked
/// as before: the failure is the business of `tabula test` and `playout`.
#[test]
fn check_is_not_failed_by_a_rules_error_in_its_random_games() {
    Test::new()
        .file(
            "layers.tabula",
            "game \"Layers\"\nplayers a, b\nboard { grid 2 x 1\n  layers 16 }\npiece p\naction put \"{c}\" for c in cells { put p of mover at c }\nphase play { actions put }\n",
        )
        .args(&["check", "layers.tabula"])
        .stdout(
            "layers.tabula: ok
  game     Layers
  players  a, b
  board    2 cells, directions n s e w ne nw se sw
  phases   play
  actions  put
  options  none
",
        )
        .stderr("")
        .run();
}

#[test]
fn play_against_the_computer_names_its_level_and_seat() {
    Test::new()
        .args(&["play", "backgammon", "--vs", "frob"])
        .stderr("error: `--vs frob`: `frob` is not a computer level; use random, greedy, playouts, mcts (mcts:2s, mcts:2s:wall, mcts:5000), net, net2, net3 (net3:1s, net:FILE, net2:FILE, net3:FILE), az (az:2s, az:800, az:FILE) or off\n")
        .failure()
        .run();
    Test::new()
        .args(&["play", "backgammon", "--ai", "black"])
        .stderr("error: `--ai black`: write SEAT=LEVEL, e.g. `--ai black=mcts`\n")
        .failure()
        .run();
    Test::new()
        .args(&["play", "backgammon", "--ai", "blue=mcts"])
        .stderr("error: `--ai blue=mcts`: `blue` is not a player; the players are white, black\n")
        .failure()
        .run();
}

/// Tic-tac-toe to depth 6 and 9: 1,440 games end on the fifth move. Counted as leaves,
/// the 9×8×7×6×5×4 = 60,480 sequences of six moves less the 4 continuations of each of
/// those 1,440 games, plus the 1,440: 56,160; at exactly depth 6, 54,720. To depth 9, all
/// 255,168 games, of which 127,872 last nine moves (published counts).
#[test]
fn perft_counts_a_game_ended_sooner_as_a_leaf_unless_asked_for_the_exact_depth() {
    let file = std::fs::read_to_string("examples/rules/tic-tac-toe.tabula").unwrap();
    for (depth, leaves, exact) in [("6", "56160\n", "54720\n"), ("9", "255168\n", "127872\n")] {
        Test::new()
            .file("t.tabula", &file)
            .args(&["perft", "t.tabula", "-d", depth])
            .stdout(leaves)
            .run();
        Test::new()
            .file("t.tabula", &file)
            .args(&["perft", "t.tabula", "-d", depth, "--exact"])
            .stdout(exact)
            .run();
    }
}

/// Tic-tac-toe's tree counted by a plain enumeration of its own (three in a row, or a
/// full board, ends a game): the leaves `depth` moves deep, a finished game counting
/// one (when `finished` leaves count) or nothing at every greater depth.
fn tic_tac_toe_leaves(board: &mut [u8; 9], player: u8, depth: u32, finished: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let won = LINES
        .iter()
        .any(|l| board[l[0]] != 0 && board[l[0]] == board[l[1]] && board[l[1]] == board[l[2]]);
    if won || board.iter().all(|&c| c != 0) {
        return finished as u64;
    }
    let mut n = 0;
    for c in 0..9 {
        if board[c] == 0 {
            board[c] = player;
            n += tic_tac_toe_leaves(board, 3 - player, depth - 1, finished);
            board[c] = 0;
        }
    }
    n
}

/// `--no-finished-leaves`, chess programs' convention, at every depth of tic-tac-toe;
/// the default at two: both as the enumeration above counts (at depth 5, 15,120 move
/// sequences, none finished before; at 9, 127,872 games of nine moves, 255,168 games in
/// all).
#[test]
fn perft_without_finished_leaves_counts_as_an_enumeration_of_the_game_does() {
    let file = std::fs::read_to_string("examples/rules/tic-tac-toe.tabula").unwrap();
    assert_eq!(tic_tac_toe_leaves(&mut [0; 9], 1, 5, false), 15_120);
    assert_eq!(tic_tac_toe_leaves(&mut [0; 9], 1, 9, false), 127_872);
    assert_eq!(tic_tac_toe_leaves(&mut [0; 9], 1, 9, true), 255_168);
    for depth in 1..=9u32 {
        let exact = tic_tac_toe_leaves(&mut [0; 9], 1, depth, false);
        Test::new()
            .file("t.tabula", &file)
            .args(&[
                "perft",
                "t.tabula",
                "-d",
                &depth.to_string(),
                "--no-finished-leaves",
            ])
            .stdout(&format!("{exact}\n"))
            .run();
    }
    for depth in [5u32, 7] {
        let leaves = tic_tac_toe_leaves(&mut [0; 9], 1, depth, true);
        Test::new()
            .file("t.tabula", &file)
            .args(&["perft", "t.tabula", "-d", &depth.to_string()])
            .stdout(&format!("{leaves}\n"))
            .run();
    }
}

/// Two dice after the opening: a double is 1 roll in 36, any other pair 2 in 36.
#[test]
fn moves_gives_a_chance_event_s_outcomes_with_their_probabilities() {
    let out = Test::new()
        .args(&[
            "moves",
            "backgammon",
            "--moves",
            "3-1,8/5 6/5,roll",
            "--probabilities",
        ])
        .run();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[0], "1-1  1/36 (2.8 %)");
    assert_eq!(lines[1], "1-2  1/18 (5.6 %)");
    assert_eq!(lines[20], "6-6  1/36 (2.8 %)");
    let json = Test::new()
        .args(&[
            "moves",
            "backgammon",
            "--moves",
            "3-1,8/5 6/5,roll",
            "--json",
        ])
        .run();
    let first: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["move"], "1-1");
    assert!((first["probability"].as_f64().unwrap() - 1.0 / 36.0).abs() < 1e-12);
}

/// A bound on the search trees that does not read is refused before any work.
#[test]
fn a_memory_bound_that_does_not_read_is_refused() {
    let run = |value: &str| {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args([
                "arena",
                "examples/rules/tic-tac-toe.tabula",
                "mcts:50",
                "random",
                "-n",
                "2",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("TABULA_MCTS_MEMORY", value)
            .output()
            .expect("the binary runs")
    };
    let out = run("lots");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "TABULA_MCTS_MEMORY=lots: `lots` is not a size; write one such as 256MB or 1GB\n"
    );
    let out = run("16MB");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
