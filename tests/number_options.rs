//! Number options (`option target = 100 in 10..1000 "..."`): chosen as `NAME=VALUE`,
//! read by `option(NAME)` in play and in sizes, refused with a sentence when the value
//! does not fit, kept by states and shown by the session and the rules text.

use tabula::session::Session;
use tabula::{compile, json, CompileError, Engine, Game, Source};

/// A line of cells as long as the option says, and a counter that ends the game when it
/// reaches the option `goal`.
const LINE: &str = r#"game "steps"
players a, b
option length = 4 in 2..30 "how many cells"
option goal = 3 in 1..9 "the steps that win"
option fast "two steps at once"
board { line 1..option(length) }
counter steps per player
action step "step" { steps[mover] += if option(fast) then 2 else 1 }
phase play { starts a  actions step }
end "goal" for p in players when steps[p] >= option(goal) winner p
rules """Step until the goal."""
rules with goal """The goal may be any number from 1 to 9."""
"#;

fn game(options: &[&str]) -> Result<Game, CompileError> {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    compile(&Source::new("steps.tabula", LINE), &options)
}

fn refusal(options: &[&str]) -> String {
    match game(options) {
        Err(CompileError::Option(m)) => m,
        other => panic!("not refused for its options: {other:?}"),
    }
}

/// The winner's index after `a` and `b` step in turn until the game ends, and the
/// steps it took.
fn race(game: &Game) -> (usize, usize) {
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state().unwrap();
    let mut choices = tabula::Choices::default();
    for played in 0.. {
        if let tabula::Status::Over(o) = engine.status(&state).unwrap() {
            return (o.winner.expect("a winner").index(), played);
        }
        engine.legal(&state, &mut choices).unwrap();
        engine.play_choice(&mut state, &choices, 0).unwrap();
    }
    unreachable!()
}

#[test]
fn an_option_reads_as_its_value_or_its_default() {
    // The line is `length` cells long: a size known before the game starts.
    assert_eq!(game(&[]).unwrap().cells().len(), 4);
    assert_eq!(game(&["length=11"]).unwrap().cells().len(), 11);
    // a steps first: with a goal of 3, a's third step (the fifth of the game) wins;
    // with 5, his fifth (the ninth); stepping two at once, his third step reaches 5.
    assert_eq!(race(&game(&[]).unwrap()), (0, 5));
    assert_eq!(race(&game(&["goal=5"]).unwrap()), (0, 9));
    assert_eq!(race(&game(&["goal=5", "fast"]).unwrap()), (0, 5));
}

#[test]
fn the_chosen_options_and_the_game_say_each_value() {
    let g = game(&["goal=5", "fast", "goal=5"]).unwrap();
    assert_eq!(g.chosen_options(), ["fast", "goal=5"]);
    let goal = g.number_option("goal").unwrap();
    assert_eq!(
        (goal.default, goal.low, goal.high, goal.value),
        (3, 1, 9, 5)
    );
    assert_eq!(g.number_option("length").unwrap().value, 4);
    assert!(g.number_option("fast").is_none());
    assert_eq!(g.option_note("goal").as_deref(), Some("5, from 1 to 9"));
    assert_eq!(g.option_note("fast").as_deref(), Some("on"));
    assert_eq!(game(&[]).unwrap().option_note("fast"), None);
}

#[test]
fn a_value_that_does_not_fit_is_refused_in_a_sentence() {
    assert_eq!(
        refusal(&["goal"]),
        "option `goal` of steps.tabula is a number from 1 to 9 (3 unless given): write `goal=N`"
    );
    assert_eq!(
        refusal(&["goal=10"]),
        "option `goal` of steps.tabula is a number from 1 to 9 (3 unless given); `10` is not"
    );
    assert_eq!(
        refusal(&["goal=two"]),
        "option `goal` of steps.tabula is a number from 1 to 9 (3 unless given); `two` is not"
    );
    assert_eq!(
        refusal(&["fast=2"]),
        "option `fast` of steps.tabula is on or off, not a number: write `fast` to turn it on"
    );
    assert_eq!(
        refusal(&["goal=2", "goal=4"]),
        "option `goal` is given two values, `2` and `4`"
    );
    assert_eq!(
        refusal(&["gaol=2"]),
        "unknown option `gaol` for steps.tabula; did you mean `goal`?"
    );
}

/// The first problem the checker finds in LINE with its `goal` declared as `decl`.
fn declared(decl: &str) -> String {
    let text = LINE.replace(
        r#"option goal = 3 in 1..9 "the steps that win""#,
        &format!(r#"option goal {decl} "the steps that win""#),
    );
    match compile(&Source::new("steps.tabula", text), &[]) {
        Err(CompileError::Rules(d)) => d.render(false),
        other => panic!("the rules compiled: {other:?}"),
    }
}

#[test]
fn a_range_that_holds_no_number_or_misses_its_default_is_refused() {
    assert_eq!(
        declared("= 3 in 9..1"),
        "error: the option `goal` runs from 9 to 1, which holds no number (default 3)
  --> steps.tabula:4:13
  |
4 | option goal = 3 in 9..1 \"the steps that win\"
  |             ^^^^^^^^^^^

"
    );
    assert_eq!(
        declared("= 0 in 1..9"),
        "error: the option `goal` is 0 unless given, outside its range 1..9
  --> steps.tabula:4:13
  |
4 | option goal = 0 in 1..9 \"the steps that win\"
  |             ^^^^^^^^^^^

"
    );
    assert_eq!(
        declared("= 3 in -1..99999999999"),
        "error: an option's numbers are at most 1000000000 either way
  --> steps.tabula:4:13
  |
4 | option goal = 3 in -1..99999999999 \"the steps that win\"
  |             ^^^^^^^^^^^^^^^^^^^^^^

"
    );
}

#[test]
fn a_state_keeps_its_values_and_a_game_of_other_values_refuses_it() {
    let g = game(&["goal=5"]).unwrap();
    let mut engine = Engine::new(&g);
    let state = engine.initial_state().unwrap();
    let text = json::state_to_json(&g, &state).to_string();
    assert!(text.contains(r#""options":["goal=5"]"#), "{text}");
    let back = json::state_from_text(&g, &Source::new("s.json", text.clone()));
    assert!(back.is_ok());
    let other = game(&["goal=6"]).unwrap();
    let refused = json::state_from_text(&other, &Source::new("s.json", text));
    assert!(refused.is_err());
}

#[test]
fn the_session_lists_a_value_and_starts_a_game_with_another() {
    let mut s = Session::new(Source::new("steps.tabula", LINE), &[], 1).unwrap();
    let listed = s.handle("options").text;
    assert!(
        listed.contains("  goal    the steps that win  (3, from 1 to 9)\n"),
        "{listed}"
    );
    let started = s.handle("options goal=7 fast").text;
    assert!(
        started.starts_with("new game of steps with options: fast, goal=7 (seed 1)"),
        "{started}"
    );
    assert_eq!(s.game().number_option("goal").unwrap().value, 7);
    let refused = s.handle("options goal=70").text;
    assert!(refused.contains("`70` is not"), "{refused}");
    assert_eq!(s.game().number_option("goal").unwrap().value, 7);
}

#[test]
fn the_rules_text_heads_a_number_options_paragraph_with_its_value() {
    let text = tabula::rules_text::render(&game(&["goal=4"]).unwrap(), None);
    assert!(
        text.contains(
            "With goal = 4: the steps that win.\nThe goal may be any number from 1 to 9."
        ),
        "{text}"
    );
    assert!(text.contains("Options off: fast."), "{text}");
    let data = tabula::rules_text::to_json(&game(&[]).unwrap());
    assert_eq!(data["options"][1]["number"]["value"], 3);
    assert_eq!(data["options"][1]["on"], true);
    assert_eq!(data["options"][2]["number"], serde_json::Value::Null);
}
