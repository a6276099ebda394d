//! GNU Backgammon IDs for any game with backgammon's shape, told by its structure and
//! not by its title, on every command that starts from a position.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// GNU Backgammon's Position ID of the starting position.
const START: &str = "4HPwATDgc/ABMA";

fn variant() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-shape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long-gammon.tabula");
    std::fs::write(&file, "include \"backgammon\"\ngame \"Long Gammon\"\n").unwrap();
    file
}

#[test]
fn a_variant_under_another_title_has_gnubg_ids() {
    let file = variant();
    let path = file.to_str().unwrap();
    let (ok, out, err) = run(&["state", path], "");
    assert!(ok, "{err}");
    assert!(out.contains("\"game\": \"Long Gammon\""), "{out}");
    assert!(out.contains(&format!("\"position\": \"{START}\"")), "{out}");
    // And it starts from IDs.
    let (ok, out, err) = run(&["state", path, "--gnubg-id", START], "");
    assert!(ok, "{err}");
    assert!(out.contains("\"game\": \"Long Gammon\""), "{out}");
}

#[test]
fn moves_take_ids_and_their_states_carry_them() {
    // The opening position with White to play 3-1: every resulting state has IDs.
    let (ok, out, err) = run(&["moves", "backgammon", "--dice", "3,1", "--json"], "");
    assert!(ok, "{err}");
    assert!(out.lines().count() > 1);
    assert!(
        out.lines().all(|l| l.contains("\"formats\":{\"gnubg\":")),
        "{out}"
    );
    // From the starting position's IDs alone (no Match ID, so no dice rolled), a roll
    // is pending: its 21 outcomes are listed.
    let (ok, out, err) = run(&["moves", "backgammon", "--gnubg-id", START], "");
    assert!(ok, "{err}");
    assert_eq!(out.lines().count(), 21, "{out}");
    assert_eq!(out.lines().next(), Some("1-1"));
}

#[test]
fn play_starts_from_a_state_or_ids() {
    let (ok, out, err) = run(
        &["play", "backgammon", "--gnubg-id", START, "--seed", "3"],
        "quit\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("playing on from the state in --gnubg-id"),
        "{out}"
    );
    let dir = std::env::temp_dir().join(format!("tabula-shape-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("s.json");
    let (_, doc, _) = run(&["state", "invictus", "--moves", "1@a2"], "");
    std::fs::write(&state, doc).unwrap();
    let (ok, out, err) = run(
        &["play", "invictus", "--state", state.to_str().unwrap()],
        "quit\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("playing on from the state in"), "{out}");
}

#[test]
fn a_game_of_another_shape_is_refused_by_its_structure() {
    let (ok, _, err) = run(&["state", "invictus", "--gnubg-id", START], "");
    assert!(!ok);
    assert!(
        err.contains("Invictus does not have backgammon's board"),
        "{err}"
    );
}
