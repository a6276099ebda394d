//! Counts, threads and depths of long runs meet their documented limits
//! (docs/limits.md) before any work: a run's memory does not grow with the games
//! asked, a number no run plays is refused in plain words, and a test's count of a
//! huge tree ends at once.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

const TTT: &str = "examples/rules/tic-tac-toe.tabula";

/// Runs `tabula` from the crate's folder, with `TABULA_STOP_AFTER` when given, and
/// with the address space limited to 1 GiB where the shell can limit it, so that a
/// run that reserves room for every game asked fails instead of swapping.
fn tabula(args: &[&str], stop_after: Option<u64>) -> (Output, Duration) {
    let mut c = if cfg!(target_os = "linux") {
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
            .arg(env!("CARGO_BIN_EXE_tabula"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
    };
    c.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    if let Some(n) = stop_after {
        c.env("TABULA_STOP_AFTER", n.to_string());
    }
    let start = Instant::now();
    let out = c.output().expect("the tabula binary runs");
    (out, start.elapsed())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The run fails with exit status `code` and exactly this on standard error.
#[track_caller]
fn refused(args: &[&str], code: i32, stderr: &str) {
    let (out, took) = tabula(args, None);
    assert_eq!(text(&out.stderr), stderr, "tabula {}", args.join(" "));
    assert_eq!(out.status.code(), Some(code), "tabula {}", args.join(" "));
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn an_arena_of_a_hundred_million_games_stopped_early_keeps_little() {
    let (out, took) = tabula(
        &["arena", TTT, "random", "random", "-n", "100000000"],
        Some(5),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("interrupted: 5 of the 100000000 games asked were played"),
        "{stdout}"
    );
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn an_analysis_of_a_hundred_million_games_stopped_early_keeps_little() {
    let (out, took) = tabula(&["analyze", TTT, "-n", "100000000"], Some(5));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with("interrupted: 5 of the 100000000 games asked were played\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("5 games, random (seeds 1..100000000)"),
        "{stdout}"
    );
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn a_count_of_games_no_run_plays_is_refused_before_any_is_played() {
    let said = "error: a run plays at most 1000000000000 games, not 18446744073709551615\n";
    refused(
        &[
            "arena",
            TTT,
            "random",
            "random",
            "-n",
            "18446744073709551615",
        ],
        1,
        said,
    );
    refused(&["analyze", TTT, "-n", "18446744073709551615"], 1, said);
    refused(&["playout", TTT, "-n", "18446744073709551615"], 1, said);
    refused(
        &["arena", TTT, "random", "random", "-n", "1000000000001"],
        1,
        "error: a run plays at most 1000000000000 games, not 1000000000001\n",
    );
}

#[test]
fn threads_of_every_run_are_at_most_256() {
    let said = "error: invalid value '100000' for '--threads <THREADS>': 100000 is not in 0..=256\n\nFor more information, try '--help'.\n";
    refused(
        &["arena", TTT, "random", "random", "--threads", "100000"],
        2,
        said,
    );
    refused(&["analyze", TTT, "--threads", "100000"], 2, said);
    refused(
        &["train", TTT, "--out", "n.net", "--threads", "100000"],
        2,
        said,
    );
}

#[test]
fn a_match_is_of_at_least_one_point_in_playout_as_in_play() {
    let said = "error: invalid value '0' for '--match <POINTS>': 0 is not in 1..=2147483647\n\nFor more information, try '--help'.\n";
    refused(&["playout", TTT, "--match", "0"], 2, said);
    refused(&["play", TTT, "--match", "0"], 2, said);
}

#[test]
fn training_refuses_lambda_and_exploration_outside_zero_to_one() {
    refused(
        &["train", TTT, "--out", "n.net", "--lambda", "2"],
        1,
        "error: `--lambda 2`: λ is a number from 0 to 1\n",
    );
    refused(
        &["train", TTT, "--out", "n.net", "--explore", "nan"],
        1,
        "error: `--explore NaN`: the share of decisions made at random is a number from 0 to 1\n",
    );
    refused(
        &["train", TTT, "--out", "n.net", "--explore=-0.5"],
        1,
        "error: `--explore -0.5`: the share of decisions made at random is a number from 0 to 1\n",
    );
}

/// A scratch folder with one file in it, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn with(name: &str, text: &str) -> (Scratch, String) {
        let dir =
            std::env::temp_dir().join(format!("tabula-run-limits-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let path = dir.join(name);
        std::fs::write(&path, text).expect("a file written");
        let path = path.to_string_lossy().into_owned();
        (Scratch(dir), path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn play_from_a_state_that_is_not_one_stops_with_its_error() {
    let (_dir, path) = Scratch::with("bad.json", "{\"phase\": 3}\n");
    let (out, _) = tabula(&["play", TTT, "--state", &path], None);
    assert_eq!(out.status.code(), Some(1));
    // Nothing of the game is shown: the command ends at the error.
    assert_eq!(text(&out.stdout), "");
    let stderr = text(&out.stderr);
    // In the order of the file: the missing field at the document's start, then the
    // phase at its value.
    assert!(
        stderr.starts_with("error: a state needs `to_move`\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: `3` is not a phase; the phases are play\n"),
        "{stderr}"
    );
}

const WIDE: &str = r#"game "Wide"
players x, o
board { grid 26 x 99 }
piece mark
action place "{to}" for to in cells where empty(to) { put mark of mover at to }
phase play { starts x decide action actions place }

test "three levels of a wide board" {
  expect perft 3 = 1
}
"#;

#[test]
fn a_tests_perft_of_a_huge_tree_ends_at_once() {
    let (_dir, path) = Scratch::with("wide.tabula", WIDE);
    let (out, took) = tabula(&["test", &path], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!(
            "{path}: 1 test
  FAIL  three levels of a wide board
        failed at {path}:9:3
        error: a test's perft plays at most 1000000 moves, and perft 3 plays more here; count it with `tabula perft`
          --> {path}:9:3
          |
        9 |   expect perft 3 = 1
          |   ^^^^^^^^^^^^^^^^^^
0 passed, 1 failed
"
        )
    );
    assert!(took < Duration::from_secs(60), "took {took:?}");
}

const TWICE: &str = r#"game "Twice"
players x, o
board { grid 2 x 1 }
piece mark
action place "{to}" for to in cells where empty(to) { put mark of mover at to }
phase play { starts x decide action actions place }

test "a move listed twice" {
  expect moves ["a1", "a1", "b1"]
}
"#;

#[test]
fn expect_moves_refuses_a_move_listed_twice() {
    let (_dir, path) = Scratch::with("twice.tabula", TWICE);
    let (out, _) = tabula(&["test", &path], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!(
            "{path}: 1 test
  FAIL  a move listed twice
        failed at {path}:9:24
        error: `a1` is listed twice; list each move once
          --> {path}:9:24
          |
        9 |   expect moves [\"a1\", \"a1\", \"b1\"]
          |                        ^^
0 passed, 1 failed
"
        )
    );
}
