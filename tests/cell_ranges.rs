//! Ranges of cells (`a1..c2`) wherever a set of cells is taken: in `for` generators and
//! effects and in aggregates, with the meaning they have in regions (board order,
//! backwards when written so), and with ends computed in play.

use tabula::{compile, Choices, CompileError, Engine, Game, Source};

/// A 3 x 3 grid game (board order a1 b1 c1 a2 b2 c2 a3 b3 c3) with one action `pick`
/// whose generators are `generators`, and a counter `k` set by `setup`.
fn game(generators: &str, setup: &str) -> (Game, String) {
    let text = format!(
        r#"game "t"
players a, b
board {{ grid 3 x 3 }}
piece p
counter k
setup {{
  put p of a at b1
  put p of b at b2
  {setup}
}}
action pick "{{c}}"
  {generators}
{{ }}
phase main {{
  starts a
  actions pick
}}
"#
    );
    match compile(&Source::new("t.tabula", text.clone()), &[]) {
        Ok(g) => (g, text),
        Err(e) => panic!("{e}\n{text}"),
    }
}

/// The moves of `pick`, in the order they are generated.
fn picks(generators: &str) -> Vec<String> {
    let (game, _) = game(generators, "");
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    (0..choices.len())
        .map(|i| engine.choice_text(&state, &choices[i]).unwrap())
        .collect()
}

/// `k` after the setup.
fn k_after(setup: &str) -> i64 {
    let (game, _) = game("for c in a1..a1", setup);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let doc = tabula::json::state_to_json(&game, &state);
    doc["counters"]["k"].as_i64().unwrap()
}

#[test]
fn a_range_of_cells_runs_in_board_order() {
    assert_eq!(
        picks("for c in a1..a2"),
        ["a1", "b1", "c1", "a2"],
        "rank by rank, as in a region"
    );
    assert_eq!(picks("for c in b2..a1"), ["b2", "a2", "c1", "b1", "a1"]);
    assert_eq!(picks("for c in c3..c3"), ["c3"]);
    // With a filter on the owner (the loop the optimiser narrows to owned cells).
    assert_eq!(picks("for c in a1..c3\n  where owner(c) == mover"), ["b1"]);
}

#[test]
fn a_range_of_cells_in_aggregates_and_effects() {
    // a1..c2 is six cells, of which b1 and b2 are occupied.
    assert_eq!(k_after("k = count(c in a1..c2)"), 6);
    assert_eq!(k_after("k = count(c in a1..c2 where empty(c))"), 4);
    assert_eq!(
        k_after("for c in c1..a1 { k = k * 10 + count(c) + 1 }"),
        121
    );
    // Ends computed in play: from a1 to the cell north of b1 (b2): a1 b1 c1 a2 b2.
    assert_eq!(k_after("k = count(c in a1..step(b1, n))"), 5);
    // An end that is `none` (north of c3 is off the board) gives no cells.
    assert_eq!(k_after("k = count(c in a1..step(c3, n))"), 0);
}

#[test]
fn cells_named_by_numbers_are_written_with_a_hash() {
    let text = r#"game "t"
players a, b
board { line 1..6 }
piece p
counter k
setup { k = count(c in #5..#2) }
action go "go" { }
phase main { actions go }
"#;
    let game = compile(&Source::new("t.tabula", text), &[]).unwrap();
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let doc = tabula::json::state_to_json(&game, &state);
    assert_eq!(doc["counters"]["k"], 4);
}

#[test]
fn a_range_between_a_cell_and_something_else_is_refused() {
    let first = |generators: &str| {
        let text = format!(
            "game \"t\"\nplayers a, b\nboard {{ grid 3 x 3 }}\naction pick \"{{c}}\"\n  {generators}\n{{ }}\nphase main {{ actions pick }}\n"
        );
        match compile(&Source::new("t.tabula", text.clone()), &[]) {
            Err(CompileError::Rules(d)) => (
                d.list[0].message.clone(),
                text[d.list[0].span.start..d.list[0].span.end].to_string(),
            ),
            _ => panic!("no error for {text}"),
        }
    };
    assert_eq!(
        first("for c in a1..3"),
        (
            "this range starts at a cell and ends at a number: it runs between two numbers or two cells".to_string(),
            "3".to_string()
        )
    );
    assert_eq!(
        first("for c in mover..opponent"),
        (
            "a range runs between two numbers or two cells, but this is a player".to_string(),
            "mover".to_string()
        )
    );
}
