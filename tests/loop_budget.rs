//! The loop budget belongs to one call into the engine: nothing that runs inside a
//! search (an end rule, its scores) refills it, and a search that runs out of it is an
//! error at the move being generated, never a shorter list of moves.

use tabula::{compile, Choices, Engine, Source};

/// A whole-turn game of three moves, each of which ends the game by score, so that the
/// turn search works out the scores after each move it tries. Each working out takes
/// 2 players x (150 + 150 x 100) = 30,300 loop steps (a loop over `1..n` spends n):
/// the three of them, 90,900, are more than the 50,000 the engine below allows one
/// listing of the legal moves.
const COSTLY_TURN: &str = r#"game "costly"
players a, b
board { grid 2 x 2 }
piece p
counter moved
action go "{x}" for x in 1..3 { moved = x }
score p = sum(i in 1..150 : sum(j in 1..100 : 1))
end "moved" when moved > 0 by score
phase play {
  starts a
  decide turn
  actions go
}
"#;

#[test]
fn a_turn_search_that_runs_out_of_budget_is_an_error_not_a_list() {
    let game = compile(&Source::new("costly.tabula", COSTLY_TURN), &[]).unwrap();
    let mut engine = Engine::new(&game);
    engine.set_loop_steps(50_000);
    let state = engine.initial_state().unwrap();
    let mut choices = Choices::default();
    let err = match engine.legal(&state, &mut choices) {
        Ok(()) => panic!("{} moves listed within the budget", choices.len()),
        Err(e) => e,
    };
    assert_eq!(
        err.to_string(),
        "the end rule \"moved\" took more than 50000 loop steps; does a `for` run over a huge range?"
    );
    assert_eq!(&COSTLY_TURN[err.span.start..err.span.end], "moved");
    assert!(choices.is_empty());
}

#[test]
fn each_call_into_the_engine_has_its_own_budget() {
    let game = compile(&Source::new("costly.tabula", COSTLY_TURN), &[]).unwrap();
    let mut engine = Engine::new(&game);
    engine.set_loop_steps(40_000);
    let state = engine.initial_state().unwrap();
    // 30,300 steps each: two calls, each within its own 40,000.
    let expected = vec![15_000, 15_000];
    assert_eq!(engine.scores(&state).expect("within budget"), expected);
    assert_eq!(engine.scores(&state).expect("within budget"), expected);
    // A random game runs out at its first decision, and says where.
    let err = engine
        .playout(
            &mut tabula::engine::rng::Rng::new(1),
            10,
            &mut Choices::default(),
        )
        .unwrap_err();
    assert_eq!(&COSTLY_TURN[err.span.start..err.span.end], "moved");
}

#[test]
fn the_explainer_spends_from_a_budget_of_its_own_call() {
    // A call that runs out leaves nothing in the meter; what the explainer lists
    // after it (the three single steps of `go`, which cost 3 loop steps; then the
    // turn search) comes from a budget of its own call.
    let game = compile(&Source::new("costly.tabula", COSTLY_TURN), &[]).unwrap();
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let run_out = |engine: &mut Engine, then: u64| {
        engine.set_loop_steps(50_000);
        assert!(engine.legal(&state, &mut Choices::default()).is_err());
        engine.set_loop_steps(then);
    };
    run_out(&mut engine, 50);
    assert_eq!(engine.single_steps(&state).len(), 3);
    run_out(&mut engine, 1_000_000);
    let trace = engine.trace_moves(&state);
    assert_eq!(trace.map(|t| t.actions[0].moves).ok(), Some(3));
}

/// An action whose loops run over 10^10 pairs (no `where` can be tested before the
/// inner loop), then an action with no move, in a phase that ends the game when the
/// player to act has none.
const HUGE_THEN_NOTHING: &str = r#"game "huge"
players a, b
board { grid 2 x 2 }
piece p
action go "{x}.{y}"
  for x in 1..100000
  for y in 1..100000
  where x * y == 0 - 1
{ }
action wait "wait"
  for c in cells
  where not empty(c)
{ }
phase play {
  starts a
  actions go, wait
  stuck end draw
}
"#;

#[test]
fn a_player_whose_moves_run_out_of_budget_is_not_stuck() {
    // Finding no action because the budget ran out is not having none: the game is
    // not over by `stuck end draw`. Where it stands is an error at the phase (as
    // `any_action` says), and listing the moves and tracing them are each an error at
    // `go`, the action whose loops ran out (not at `wait`, generated after it).
    let game = compile(&Source::new("huge.tabula", HUGE_THEN_NOTHING), &[]).unwrap();
    let mut engine = Engine::new(&game);
    engine.set_loop_steps(1_000_000);
    let state = engine.initial_state().unwrap();
    let err = engine.status(&state).unwrap_err();
    assert_eq!(
        err.to_string(),
        "finding the legal moves took more than 1000000 loop steps; does a `for` run over a huge range?"
    );
    assert_eq!(&HUGE_THEN_NOTHING[err.span.start..err.span.end], "play");
    assert_eq!(
        engine.outcome(&state).unwrap_err().to_string(),
        err.to_string()
    );
    let err = engine.legal(&state, &mut Choices::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "finding the legal moves took more than 1000000 loop steps; does a `for` run over a huge range?"
    );
    assert_eq!(&HUGE_THEN_NOTHING[err.span.start..err.span.end], "go");
    // `trace` runs the same loops, watched: the same error, not counts cut short.
    let err = engine.trace_moves(&state).unwrap_err();
    assert_eq!(
        err.to_string(),
        "finding the legal moves took more than 1000000 loop steps; does a `for` run over a huge range?"
    );
    assert_eq!(&HUGE_THEN_NOTHING[err.span.start..err.span.end], "go");
}

/// A game whose counter starts at the number of empty cells (9: loops over the 9
/// cells spend 9 steps), whose score and `show` line each loop over `1..150` for
/// each player (150 steps each, 300 in all), and whose moves loop over `1..100000`.
const COUNTED: &str = r#"game "counted"
players a, b
board { grid 3 x 3 }
piece p
counter empties = count(c in cells where empty(c))
show "total" p = sum(i in 1..150 : 1)
score p = sum(i in 1..150 : 1)
action go "{x}" for x in 1..100000 where x == 0 { }
action wait "wait" { }
phase play {
  starts a
  actions go, wait
}
"#;

#[test]
fn scores_and_shown_lines_that_run_out_of_budget_are_errors() {
    let game = compile(&Source::new("counted.tabula", COUNTED), &[]).unwrap();
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    // Within the budget: 150 each.
    assert_eq!(engine.scores(&state).expect("within budget"), [150, 150]);
    engine.set_loop_steps(10);
    let err = engine.scores(&state).expect_err("10 steps are too few");
    assert_eq!(
        err.to_string(),
        "working out the scores took more than 10 loop steps; does a `for` run over a huge range?"
    );
    assert_eq!(
        &COUNTED[err.span.start..err.span.end],
        "sum(i in 1..150 : 1)"
    );
    let err = engine.shown(&state).expect_err("10 steps are too few");
    assert_eq!(
        err.to_string(),
        "the `show` line \"total\" took more than 10 loop steps; does a `for` run over a huge range?"
    );
    assert_eq!(&COUNTED[err.span.start..err.span.end], "total");
    // Is there an action? The budget runs out in `go` before `wait` is reached.
    let err = engine.any_action(&state).expect_err("10 steps are too few");
    assert_eq!(
        err.to_string(),
        "finding the legal moves took more than 10 loop steps; does a `for` run over a huge range?"
    );
    // At the phase, named where it is declared.
    assert_eq!(&COUNTED[err.span.start..err.span.end], "play");
    // A counter's starting value: 9 loop steps are too many for a budget of 5.
    engine.set_loop_steps(5);
    let err = engine.initial_state().expect_err("5 steps are too few");
    assert_eq!(
        err.to_string(),
        "the starting value of counter `empties` took more than 5 loop steps; does a `for` run over a huge range?"
    );
    assert_eq!(&COUNTED[err.span.start..err.span.end], "empties");
}

/// The value of counter `empties` in the state a document that sets no cell and no
/// counter reads as.
fn empties_read(game: &tabula::Game) -> i32 {
    let doc = r#"{"phase": "play", "to_move": "a"}"#;
    let state = tabula::json::state_from_text(game, &Source::new("s.json", doc))
        .unwrap_or_else(|d| panic!("{}", d.render(false)));
    let base = game
        .rules()
        .counters
        .iter()
        .find(|c| c.name == "empties")
        .expect("the counter")
        .base;
    state.words()[base]
}

#[test]
fn a_state_document_reads_alike_whatever_ran_out_before() {
    // The document sets no cell and no counter: `empties` starts as the count of the
    // empty cells, 9, on a fresh thread and after a call that ran out of budget.
    let game = compile(&Source::new("counted.tabula", COUNTED), &[]).unwrap();
    let fresh = std::thread::scope(|s| s.spawn(|| empties_read(&game)).join().unwrap());
    assert_eq!(fresh, 9);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    engine.set_loop_steps(10);
    assert!(engine.legal(&state, &mut Choices::default()).is_err());
    assert!(engine.scores(&state).is_err());
    assert_eq!(empties_read(&game), 9);
}

/// A game that ends when a loop over `1..200` finds a number above 300 (never: 200
/// loop steps to find out), and otherwise goes on.
const LONG_END: &str = r#"game "long end"
players a, b
board { grid 3 x 3 }
piece p
end "never" when exists(i in 1..200 where i > 300)
  winner a
action place "{to}" for to in cells where empty(to) { put p of mover at to }
phase play {
  starts a
  actions place
  stuck end draw
}
"#;

#[test]
fn an_end_rule_that_runs_out_of_budget_is_an_error_where_the_game_stands() {
    let game = compile(&Source::new("long.tabula", LONG_END), &[]).unwrap();
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    assert!(matches!(
        engine.status(&state).unwrap(),
        tabula::Status::Player(p) if p.index() == 0
    ));
    assert_eq!(engine.outcome(&state).unwrap(), None);
    // With 100 steps the rule cannot be told to hold or not: neither "not over" nor a
    // result, but the error, at the end rule.
    engine.set_loop_steps(100);
    let want =
        "the end rule \"never\" took more than 100 loop steps; does a `for` run over a huge range?";
    let err = engine.status(&state).unwrap_err();
    assert_eq!(err.to_string(), want);
    assert_eq!(&LONG_END[err.span.start..err.span.end], "never");
    assert_eq!(engine.outcome(&state).unwrap_err().to_string(), want);
}
