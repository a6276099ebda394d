//! One shape for a written state: the session's `state` and `tabula state` write the
//! same document, with `over.winner` and `over.scores` by player name, as
//! docs/state-format.md says.

use serde_json::{json, Value};
use tabula::session::Session;
use tabula::Source;

const MOVES: [&str; 5] = ["a1", "b1", "a2", "b2", "a3"];

fn rules_path() -> String {
    format!(
        "{}/examples/rules/tic-tac-toe.tabula",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn the_session_and_the_command_write_one_shape() {
    let text = std::fs::read_to_string(rules_path()).unwrap();
    let mut session = Session::new(Source::new("tic-tac-toe.tabula", text), &[], 1).unwrap();
    for m in MOVES {
        session.handle(m);
    }
    let from_session: Value =
        serde_json::from_str(&session.handle("state json").text).unwrap_or_else(|e| panic!("{e}"));
    // X has a1, a2, a3: a column, X wins one point; tic-tac-toe has no score.
    assert_eq!(
        from_session["over"],
        json!({"winner": "x", "points": 1, "scores": {"x": 0, "o": 0}, "reason": "three in a row"})
    );
    assert_eq!(from_session["scores"], json!([0, 0]));

    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["state", &rules_path(), "--moves", &MOVES.join(",")])
        .output()
        .unwrap();
    let from_command: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(from_command, from_session);
}
