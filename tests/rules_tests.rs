//! Tests written inside rules files (`test "name" { ... }`): every shipped game and
//! example passes its own; each form of expectation fails when it should, at the line
//! of the statement that failed; a test block changes nothing in play.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn rules_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["games", "examples/rules"] {
        for entry in std::fs::read_dir(dir).expect("folder") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "tabula") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_shipped_rules_file_passes_its_own_tests() {
    let files = rules_files();
    assert!(files.len() >= 10, "{files:?}");
    let names: Vec<&str> = files.iter().map(|p| p.to_str().unwrap()).collect();
    let mut args = vec!["test"];
    args.extend(&names);
    let out = tabula(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in &names {
        assert!(
            text.contains(&format!("{name}: ")),
            "{name} has no tests:\n{text}"
        );
    }
    assert!(text.contains(" 0 failed"), "{text}");
}

/// Tic-tac-toe without its own tests, and a file holding it with `tests` added.
fn tic_tac_toe_with(tests: &str, name: &str) -> (PathBuf, String) {
    let text = std::fs::read_to_string("examples/rules/tic-tac-toe.tabula").unwrap();
    let base = match text.find("\n// ------") {
        Some(i) => &text[..i + 1],
        None => &text,
    };
    let dir = std::env::temp_dir().join(format!("tabula-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let full = format!("{base}{tests}");
    std::fs::write(&path, &full).unwrap();
    (path, full)
}

/// The line of the first occurrence of `needle` in `text`, counted from 1.
fn line_of(text: &str, needle: &str) -> usize {
    let at = text.find(needle).unwrap_or_else(|| panic!("no `{needle}`"));
    text[..at].matches('\n').count() + 1
}

#[test]
fn each_expectation_fails_at_its_own_line() {
    let tests = r#"
test "exactly" {
  expect moves ["a1", "b2"]
}
test "include" {
  play "b2"
  expect moves include ["a1", "b2"]
}
test "exclude" {
  expect moves exclude ["c3"]
}
test "count" {
  expect count 8
}
test "perft" {
  expect perft 2 = 81
}
test "winner" {
  play "a1", "a2", "b1", "b2", "c1"
  expect winner o
}
test "points" {
  play "a1", "a2", "b1", "b2", "c1"
  expect winner x points 2
}
test "draw" {
  expect draw
}
test "ongoing" {
  play "a1", "a2", "b1", "b2", "c1"
  expect ongoing
}
test "legal after all" {
  expect illegal "a1"
}
test "another rule" {
  play "a1"
  expect illegal "a1" because "abs(x)"
}
test "score" {
  expect score x = 1
}
test "mover" {
  expect to move o
}
test "an illegal play" {
  play "a1", "a1"
}
test "play after the end" {
  play "a1", "a2", "b1", "b2", "c1", "c3"
}
test "a bad state" {
  from state "
    phase: play
    to_move: nobody
  "
}
test "passes" {
  play "a1"
  expect count 8
}
"#;
    let (path, text) = tic_tac_toe_with(tests, "failing.tabula");
    let p = path.to_str().unwrap();
    let out = tabula(&["test", p]);
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let at = |needle: &str| format!("failed at {p}:{}:", line_of(&text, needle));
    for (name, needle, says) in [
        (
            "exactly",
            r#"expect moves ["a1", "b2"]"#,
            "legal but not listed: `b1`, `c1`",
        ),
        ("include", r#"["a1", "b2"]"#, "`b2` is not legal here"),
        (
            "exclude",
            r#"expect moves exclude ["c3"]"#,
            "`c3` is legal here",
        ),
        (
            "count",
            "expect count 8\n}\ntest \"perft\"",
            "expected 8 legal moves, found 9",
        ),
        (
            "perft",
            "expect perft 2 = 81",
            "perft 2 counts 72 leaves, not 81",
        ),
        (
            "winner",
            "expect winner o",
            "expected o to win; the game ended",
        ),
        (
            "points",
            "expect winner x points 2",
            "expected x to win 2 points",
        ),
        (
            "draw",
            "expect draw",
            "expected a draw, but the game is not over",
        ),
        ("ongoing", "expect ongoing", "expected the game to go on"),
        (
            "legal after all",
            r#"expect illegal "a1""#,
            "`a1` is legal here",
        ),
        (
            "another rule",
            r#"because "abs(x)""#,
            "is illegal, but not for `abs(x)`",
        ),
        ("score", "expect score x = 1", "x's score is 0, not 1"),
        ("mover", "expect to move o", "expected o to move; it is x"),
        (
            "an illegal play",
            r#"play "a1", "a1""#,
            "`a1` is not legal here",
        ),
        ("play after the end", r#""c1", "c3""#, "the game is over"),
        ("a bad state", "nobody", "the state does not read"),
    ] {
        let block = stdout
            .split("  FAIL  ")
            .find(|b| b.starts_with(&format!("{name}\n")))
            .unwrap_or_else(|| panic!("`{name}` did not fail:\n{stdout}"));
        // The first element of a play list or a moves list is found by its own text.
        let expected_place = match name {
            "include" => format!(
                "failed at {p}:{}:",
                line_of(&text, r#"include ["a1", "b2"]"#)
            ),
            "an illegal play" => at(r#"play "a1", "a1""#),
            _ => at(needle),
        };
        assert!(
            block.contains(&expected_place),
            "{name}: {expected_place}\n{block}"
        );
        assert!(block.contains(says), "{name}: {says}\n{block}");
    }
    assert!(stdout.contains("  ok    passes"), "{stdout}");
    assert!(stdout.contains("1 passed, 16 failed"), "{stdout}");
}

#[test]
fn the_place_of_a_failure_is_the_exact_move_or_state_entry() {
    let tests = r#"
test "second move" {
  play "a1",   "a1"
}
test "state" {
  from state "
    phase: play
    to_move: nobody
  "
}
"#;
    let (path, text) = tic_tac_toe_with(tests, "places.tabula");
    let p = path.to_str().unwrap();
    let stdout = String::from_utf8_lossy(&tabula(&["test", p]).stdout).into_owned();
    // The second "a1": column of its quote's inside.
    let line = line_of(&text, r#"play "a1",   "a1""#);
    assert!(stdout.contains(&format!("{p}:{line}:17")), "{stdout}");
    // Inside the state document, at `nobody`'s line.
    let line = line_of(&text, "to_move: nobody");
    assert!(stdout.contains(&format!("{p}:{line}:")), "{stdout}");
}

#[test]
fn names_in_a_test_are_checked_when_the_file_is() {
    let tests = r#"
test "who" with misere, sideways {
  expect winner z
}
"#;
    let (path, _) = tic_tac_toe_with(tests, "names.tabula");
    let out = tabula(&["check", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`sideways` is not an option of the game"),
        "{err}"
    );
    assert!(err.contains("`z` is not a player"), "{err}");
    assert!(err.contains("the players are x, o"), "{err}");
}

#[test]
fn a_file_without_tests_is_told_so() {
    let (path, _) = tic_tac_toe_with("", "none.tabula");
    let out = tabula(&["test", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no tests"));
}

/// Play sees no difference between a file with tests and the same file without.
#[test]
fn test_blocks_do_not_change_play() {
    let with = Path::new("examples/rules/tic-tac-toe.tabula");
    let (without, _) = tic_tac_toe_with("", "plain.tabula");
    let games = |p: &Path| {
        let out = tabula(&["playout", p.to_str().unwrap(), "-n", "200", "--json"]);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| !l.contains("summary"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let a = games(with);
    assert_eq!(a.len(), 200);
    assert_eq!(a, games(&without));
}
