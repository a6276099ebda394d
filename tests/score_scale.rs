//! A score counted in Nths (`score p = EXPR scale N`): the rules work in whole numbers
//! and every reader divides by N, exactly: the board's score line, the result in words,
//! the state's and the result's JSON, and `expect score` in a rules file's tests. The
//! values are worked out by hand.

mod examples_support;
use examples_support::message_and_place;
use std::process::Command;
use tabula::{compile, json, CompileError, Engine, Game, Source};

/// Two cells filled by a and b in turn, scored `3 * cells held, and 1 more for b`, with
/// `scale` after the score; the full board ends the game by score.
fn text(scale: &str) -> String {
    format!(
        "game \"t\"\nplayers a, b\nboard {{ grid 2 x 1 }}\npiece p\ncounter k\n\
         action go \"{{c}}\" for c in cells where empty(c) {{ put p of mover at c }}\n\
         phase play {{ starts a actions go }}\n\
         end \"full\" when not exists(c in cells where empty(c))\n  by score\n\
         score p = 3 * count(c in cells where owner(c) == p) + (if p == b then 1 else 0){scale}\n\
         test \"halves\" {{\n  play \"a1\", \"b1\"\n  expect winner b\n  expect score a = 1.5\n  expect score b = 2.0\n}}\n"
    )
}

fn build(text: &str) -> Result<Game, CompileError> {
    compile(&Source::new("t.tabula", text), &[])
}

/// The game played to its end (a1, then b1), with the engine.
fn finished(game: &Game) -> (Engine<'_>, tabula::State) {
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state().unwrap();
    engine.play_text(&mut state, "a1").unwrap();
    engine.play_text(&mut state, "b1").unwrap();
    (engine, state)
}

#[test]
fn every_reader_divides_the_score_by_its_scale() {
    let game = build(&text(" scale 2")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.score_scale(), 2);
    let (mut engine, state) = finished(&game);
    // The rules' own numbers: a holds one cell (3), b one cell and the extra 1 (4).
    assert_eq!(engine.scores(&state).unwrap(), vec![3, 4]);
    let outcome = engine.outcome(&state).unwrap().expect("the board is full");
    assert_eq!(
        tabula::session::describe(&game, &outcome),
        "b wins (full; scores a 1.5, b 2)"
    );
    let doc = json::outcome_to_json(&game, &outcome);
    assert_eq!(doc["scores"], serde_json::json!({"a": 1.5, "b": 2.0}));
    let picture =
        tabula::session::position_text(&game, &state, &tabula::session::style::Style::plain())
            .unwrap();
    let line = picture
        .lines()
        .find(|l| l.starts_with("score"))
        .unwrap_or_else(|| panic!("{picture}"));
    assert!(line.contains("a 1.5") && line.contains("b 2"), "{line}");
}

#[test]
fn a_scale_that_is_no_power_of_ten_reads_as_a_fraction() {
    let game = build(&text(" scale 3")).unwrap();
    let (mut engine, state) = finished(&game);
    let outcome = engine.outcome(&state).unwrap().unwrap();
    // 3 thirds are 1; 4 thirds stay a fraction.
    assert_eq!(
        tabula::session::describe(&game, &outcome),
        "b wins (full; scores a 1, b 4/3)"
    );
    // Without a scale the numbers are the scores, and JSON keeps them whole.
    let game = build(&text("")).unwrap();
    let (mut engine, state) = finished(&game);
    let outcome = engine.outcome(&state).unwrap().unwrap();
    assert_eq!(
        json::outcome_to_json(&game, &outcome)["scores"],
        serde_json::json!({"a": 3, "b": 4})
    );
}

#[test]
fn expect_score_takes_a_decimal_and_compares_it_exactly() {
    let dir = std::env::temp_dir().join(format!("tabula-scale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["test", path.to_str().unwrap()])
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (ok, out) = run("halves.tabula", &text(" scale 2"));
    assert!(ok, "{out}");
    // 1.5 is not 1.25: the failure says both as players read them.
    let (ok, out) = run(
        "quarters.tabula",
        &text(" scale 2").replace("expect score a = 1.5", "expect score a = 1.25"),
    );
    assert!(!ok);
    assert!(out.contains("a's score is 1.5, not 1.25"), "{out}");
    // Unscaled, 1.5 is not the whole 3.
    let (ok, out) = run("whole.tabula", &text(""));
    assert!(!ok);
    assert!(out.contains("a's score is 3, not 1.5"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_scale_out_of_range_or_not_known_in_time_is_refused_where_it_is_written() {
    assert_eq!(
        message_and_place(&text(" scale 0")),
        (
            "a score's scale counts it in Nths, N from 1 to 1000000".to_string(),
            "0".to_string()
        )
    );
    assert_eq!(
        message_and_place(&text(" scale 1000 * 1001")).0,
        "a score's scale counts it in Nths, N from 1 to 1000000"
    );
    let (message, under) = message_and_place(&text(" scale k"));
    assert_eq!(
        message,
        "a score's scale must be known before the game starts, and `k` is not"
    );
    assert_eq!(under, "k");
}
