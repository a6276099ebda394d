//! What an end rule's result says: a winner named by an expression, `none` for no
//! winner (alone, or in either branch of an `if`): a draw. Worked out from the rules by hand.

use tabula::{compile, Engine, Source};

/// Two cells; a and b fill one each, and the full board ends the game with `winner`.
fn game(setup: &str, winner: &str) -> tabula::Game {
    let text = format!(
        "game \"t\"\nplayers a, b\nboard {{ grid 2 x 1 }}\npiece p\ncounter gave: player\n\
         setup {{ {setup} }}\n\
         action go \"{{c}}\" for c in cells where empty(c) {{ put p of mover at c }}\n\
         phase play {{ starts a actions go }}\n\
         end \"full\" when not exists(c in cells where empty(c))\n  winner {winner}\n"
    );
    compile(&Source::new("t.tabula", text), &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The winner's name after both cells are filled, or None for no winner.
fn winner_of(game: &tabula::Game) -> Option<String> {
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state().unwrap();
    engine.play_text(&mut state, "a1").unwrap();
    engine.play_text(&mut state, "b1").unwrap();
    let outcome = engine.outcome(&state).unwrap().expect("the board is full");
    outcome.winner.map(|w| game.players()[w.index()].clone())
}

#[test]
fn none_in_either_branch_of_an_if_is_no_winner() {
    // `gave` starts as none: the `else` branch, none, holds.
    let g = game("", "(if gave == a then b else none)");
    assert_eq!(winner_of(&g), None);
    // With `gave = a`, the `then` branch: b.
    let g = game("gave = a", "(if gave == a then b else none)");
    assert_eq!(winner_of(&g), Some("b".to_string()));
    // `none` first.
    let g = game("gave = a", "(if gave == none then none else b)");
    assert_eq!(winner_of(&g), Some("b".to_string()));
    let g = game("", "(if gave == none then none else b)");
    assert_eq!(winner_of(&g), None);
}

#[test]
fn none_as_the_whole_winner_or_in_nested_branches_is_no_winner() {
    // The mover once the board is full is a (a then b played): opponent is b.
    let g = game("", "(if gave == none then opponent else none)");
    assert_eq!(winner_of(&g), Some("b".to_string()));
    let g = game("gave = a", "(if gave == none then opponent else none)");
    assert_eq!(winner_of(&g), None);
    // `winner none` alone: nobody wins.
    let g = game("", "none");
    assert_eq!(winner_of(&g), None);
    // Nested: the inner `if` takes the player type from `a`, the outer from the inner.
    let g = game(
        "gave = b",
        "(if gave == a then a else (if gave == b then none else b))",
    );
    assert_eq!(winner_of(&g), None);
    let g = game(
        "",
        "(if gave == a then a else (if gave == b then none else b))",
    );
    assert_eq!(winner_of(&g), Some("b".to_string()));
}

#[test]
fn a_result_of_no_winner_is_a_draw_to_the_rules_tests() {
    let text = "game \"t\"\nplayers a, b\nboard { grid 2 x 1 }\npiece p\n\
        action go \"{c}\" for c in cells where empty(c) { put p of mover at c }\n\
        phase play { starts a actions go }\n\
        end \"full\" when not exists(c in cells where empty(c))\n\
          winner (if owner(a1) == b then opponent else none)\n\
        test \"a1 is a's: nobody wins\" { play \"a1\", \"b1\" expect draw }\n";
    let results = tabula::testing::run_file(&Source::new("t.tabula", text), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(results.len(), 1);
    assert!(results[0].failure.is_none(), "{:?}", results[0].failure);
}
