//! Each kind of runtime error is produced where it is expected, with the data it
//! carries worked out from the rules file by hand (tests/runtime_errors.rs checks the
//! sentences). Small rules files written for the test.

use tabula::ai::{arena, AiError, Level};
use tabula::engine::rng::Rng;
use tabula::engine::Work;
use tabula::{compile, Choices, Engine, Game, RuntimeError, RuntimeErrorKind as Kind, Source};

/// A one-action game whose action runs `effect` on cell a1 (holding a piece of a's,
/// value 3) and empty cell b1, on a board of `board` (`layers 2`, or nothing), with a
/// pool and counters.
fn game_with(board: &str, effect: &str) -> Game {
    let text = format!(
        r#"game "t"
players a, b
board {{ grid 2 x 2 {board} }}
piece p value 1..6
piece q neutral
pool bag of 1..6
counter who: player
counter many
counter spin
setup {{ put p of a value 3 at #a1 }}
action go "go"
{{
  {effect}
}}
phase main {{
  starts a
  actions go
  decide turn
}}
"#
    );
    compile(&Source::new("t.tabula", text), &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The error of listing the moves of `game`, or else of playing its first move.
#[track_caller]
fn error_of(game: &Game) -> RuntimeError {
    let mut engine = Engine::new(game);
    let state = engine.initial_state().unwrap_or_else(|e| panic!("{e}"));
    let mut choices = Choices::default();
    match engine.legal(&state, &mut choices) {
        Err(e) => e,
        Ok(()) => {
            let mut s = state.clone();
            engine
                .apply(&mut s, &choices[0])
                .expect_err("the move should fail")
        }
    }
}

/// The kind of error that `go` running `effect` stops with.
#[track_caller]
fn kind_of(effect: &str) -> Kind {
    *error_of(&game_with("", effect)).kind
}

fn cell(name: &str) -> String {
    name.to_string()
}

#[test]
fn effects_on_cells_give_their_kinds() {
    assert_eq!(
        kind_of("move #b1 -> #b2"),
        Kind::MoveFromEmpty { cell: cell("b1") }
    );
    assert_eq!(
        kind_of("set value(#b1) = 2"),
        Kind::SetValueOfEmpty { cell: cell("b1") }
    );
    assert_eq!(
        kind_of("remove step(#a1, s)"),
        Kind::NoCell { effect: "`remove`" }
    );
    assert_eq!(
        kind_of("move #a1 -> step(#a1, s)"),
        Kind::NoCell {
            effect: "`move` to"
        }
    );
    assert_eq!(
        kind_of("put q at #a1"),
        Kind::Occupied {
            effect: "`put`",
            cell: cell("a1")
        }
    );
    assert_eq!(
        kind_of("put q at #b1\n  move #a1 -> #b1"),
        Kind::Occupied {
            effect: "`move`",
            cell: cell("b1")
        }
    );
    assert_eq!(
        kind_of("put p of a value 5 at #a1"),
        Kind::UnlikeValue {
            effect: "`put`",
            cell: cell("a1"),
            there: 3,
            arriving: 5
        }
    );
    assert_eq!(
        kind_of("put 200 q at #b1\n  put 100 q at #b1"),
        Kind::CellOverflow
    );
    assert_eq!(
        kind_of("many = 256\n  put many q at #b1"),
        Kind::PutCount { count: 256 }
    );
    assert_eq!(
        kind_of("set value(#a1) = 7"),
        Kind::PieceValue {
            piece: "p".into(),
            low: 1,
            high: 6,
            value: 7
        }
    );
    let full = game_with(
        "layers 2",
        "put p of b at #a1\n  put q at #b1\n  move #b1 -> #a1",
    );
    assert_eq!(
        *error_of(&full).kind,
        Kind::StackFull {
            effect: "`move`",
            cell: cell("a1"),
            layers: 2
        }
    );
}

#[test]
fn effects_on_players_and_pools_give_their_kinds() {
    assert_eq!(kind_of("put p of who at #b1"), Kind::NoPlayer);
    assert_eq!(
        kind_of("take 2 from bag"),
        Kind::TakeFromEmpty {
            pool: "bag".into(),
            value: 2
        }
    );
    assert_eq!(
        kind_of("add 9 to bag"),
        Kind::PoolValue {
            pool: "bag".into(),
            low: 1,
            high: 6,
            value: 9
        }
    );
    assert_eq!(
        kind_of("add 2 x 60000 to bag\n  add 3 x 50000 to bag"),
        Kind::PoolOverflow {
            pool: "bag".into(),
            held: 60000,
            adding: 50000
        }
    );
}

#[test]
fn limits_of_a_turn_give_their_kinds() {
    assert_eq!(
        kind_of("spin += 1\n  continue"),
        Kind::EndlessTurn { max: 64 }
    );

    let listed = compile(
        &Source::new(
            "many.tabula",
            "players a, b\nboard { grid 1 x 1 }\ncounter k\naction pick \"{x}-{y}\" for x in 0..100000 for y in 0..400 { k += 1 }\nphase p { actions pick }\n",
        ),
        &[],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(*error_of(&listed).kind, Kind::TooManyChoices);
}

#[test]
fn a_budget_run_out_says_what_the_engine_was_doing() {
    let text = "players a, b\nboard { grid 1 x 1 }\ncounter k\naction go \"{x}\" for x in 1..100000 where k + x < 0 { }\nphase p { actions go }\n";
    let game = compile(&Source::new("slow.tabula", text), &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut engine = Engine::new(&game);
    engine.set_loop_steps(1000);
    let state = engine.initial_state().unwrap_or_else(|e| panic!("{e}"));
    let err = engine.legal(&state, &mut Choices::default()).unwrap_err();
    assert_eq!(
        *err.kind,
        Kind::BudgetExhausted {
            work: Work::LegalMoves,
            steps: 1000
        }
    );
    assert_eq!(&text[err.span.start..err.span.end], "go");

    let text = "players a, b\nboard { grid 1 x 1 }\ncounter k\nsetup { for x in 1..100000 { k += 1 } }\naction go \"go\" { }\nphase p { actions go }\n";
    let game = compile(&Source::new("slow.tabula", text), &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut engine = Engine::new(&game);
    engine.set_loop_steps(1000);
    let err = engine.initial_state().unwrap_err();
    assert_eq!(
        *err.kind,
        Kind::BudgetExhausted {
            work: Work::Statement,
            steps: 1000
        }
    );
}

/// A chance event one of whose outcomes starts it again, for ever.
const ENDLESS_CHANCE: &str = r#"players a, b
board { grid 3 x 3 }
piece stone
chance flip "{n}" for n in 1..2 { chance flip }
action place "{c}" for c in cells where empty(c) { put stone of mover at c  chance flip }
phase p { actions place }
setup { chance flip }
"#;

#[test]
fn chance_that_never_settles_gives_its_kinds() {
    let game = compile(&Source::new("endless.tabula", ENDLESS_CHANCE), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut engine = Engine::new(&game);
    let err = engine
        .playout(&mut Rng::new(1), 10, &mut Choices::default())
        .unwrap_err();
    assert_eq!(
        *err.kind,
        Kind::EndlessChance {
            event: "flip".into()
        }
    );

    // The arena counts chance events itself, between the computer's decisions.
    let sides = arena::Arena {
        sides: [Level::Random, Level::Random],
        games: 1,
        seed: 1,
        max_decisions: 10,
        keep_moves: false,
        nets: [None, None],
    };
    match arena::play_game(&game, &sides, 0, None) {
        Err(AiError::Runtime(e)) => assert_eq!(*e.kind, Kind::ChanceWithoutDecision),
        other => panic!("a runtime error was expected, not {other:?}"),
    }
}

#[test]
fn a_chance_event_without_outcomes_gives_its_kind() {
    let text = "players a, b\nboard { grid 1 x 1 }\ncounter k\nchance roll \"{n}\" for n in 1..6 where n > k + 6 { }\naction go \"go\" { chance roll }\nphase p { actions go }\n";
    let game = compile(&Source::new("none.tabula", text), &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut engine = Engine::new(&game);
    let err = engine
        .playout(&mut Rng::new(1), 10, &mut Choices::default())
        .unwrap_err();
    assert_eq!(*err.kind, Kind::NoChanceOutcome);
}
