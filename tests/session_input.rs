//! What a player is told and what he may type at the prompt: who decides when the
//! decision passes to another player within a turn.

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
