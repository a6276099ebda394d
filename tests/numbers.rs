//! Numbers written as expressions wherever the language takes a number: put counts
//! (computed in play), board sizes, value ranges and pool ranges (known before the game
//! starts: literals, defines, options and arithmetic on them); and the messages when a
//! number is not one, or not known in time.

use serde_json::Value;
use tabula::{compile, json, CompileError, Engine, Game, Source};

/// A game whose `setup` runs `effects` on a board of `board`, with `before` declared
/// ahead of the rest.
fn text(before: &str, board: &str, effects: &str) -> String {
    format!(
        r#"game "t"
players a, b
{before}
board {{ {board} }}
piece p value 1..6
piece q neutral
counter k = 3
setup {{
  {effects}
}}
action go "go" {{ }}
phase main {{
  starts a
  actions go
}}
"#
    )
}

fn build(text: &str, options: &[&str]) -> Result<Game, CompileError> {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    compile(&Source::new("t.tabula", text), &options)
}

/// The state after setup, as a state document.
fn after_setup(text: &str, options: &[&str]) -> Value {
    let game = build(text, options).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap_or_else(|e| panic!("{e:?}"));
    json::state_to_json(&game, &state)
}

/// The first diagnostic: its message, the text under its caret and its hint.
#[track_caller]
fn first_error(text: &str) -> (String, String, Option<String>) {
    match build(text, &[]) {
        Err(CompileError::Rules(d)) => {
            let d = &d.list[0];
            (
                d.message.clone(),
                text[d.span.start..d.span.end].to_string(),
                d.hint.clone(),
            )
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("no error for\n{text}"),
    }
}

/// The runtime error the setup stops with: its message and the text it points at.
#[track_caller]
fn setup_error(text: &str) -> (String, String) {
    let game = build(text, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut engine = Engine::new(&game);
    let err = engine.initial_state().expect_err("the setup should fail");
    (
        err.to_string(),
        text[err.span.start..err.span.end].to_string(),
    )
}

#[test]
fn a_put_count_is_any_number_expression() {
    // k is 3: k - 1 = 2 pieces, (k + 1) * 2 = 8, and `k - k` puts none at all.
    let s = after_setup(
        &text(
            "",
            "grid 3 x 3",
            "put k - 1 p of a at a1\n  put (k + 1) * 2 q at b1\n  put k - k q at c1\n  put max(k, 5) p of b value k at a2",
        ),
        &[],
    );
    let cells = &s["cells"];
    assert_eq!(cells["a1"]["count"], 2);
    assert_eq!(cells["b1"]["count"], 8);
    assert!(cells.get("c1").is_none(), "{cells}");
    assert_eq!(cells["a2"]["count"], 5);
    assert_eq!(cells["a2"]["value"], 3);
    // Without a count, one piece; a name that is not a count is still the piece.
    let s = after_setup(&text("", "grid 3 x 3", "put p of a at a1"), &[]);
    assert!(s["cells"]["a1"].get("count").is_none());
}

#[test]
fn a_computed_count_out_of_range_stops_the_game_with_its_place() {
    assert_eq!(
        setup_error(&text("", "grid 3 x 3", "put k - 4 q at a1")),
        (
            "`put` places 0 to 255 pieces, not -1".to_string(),
            "put k - 4 q at a1".to_string()
        )
    );
    assert_eq!(
        setup_error(&text("", "grid 3 x 3", "put k * 100 q at a1")),
        (
            "`put` places 0 to 255 pieces, not 300".to_string(),
            "put k * 100 q at a1".to_string()
        )
    );
}

#[test]
fn sizes_and_ranges_are_worked_out_before_the_game_starts() {
    // 4 x (4 - 1) = 12 cells on the grid, 2 + 1 .. 2 * 4 = 3..8 on the line: 18 cells.
    let t = text(
        "define size = 4\noption big \"a bigger board\"\npool bag of 1..size + 2",
        "grid size x size - 1\n  line 2 + 1..2 * size",
        "",
    );
    let game = build(&t, &[]).unwrap();
    assert_eq!(game.rules().board.cells.len(), 12 + 6);
    assert_eq!(
        game.rules().board.cells.last().map(String::as_str),
        Some("8")
    );
    let bag = game.rules().pools.iter().find(|p| p.name == "bag").unwrap();
    assert_eq!((bag.low, bag.high), (1, 6));
    // An option decides a size: `hex 2 3 2` is 7 cells, with `big` `hex 3 4 5 4 3` 19.
    let t = text(
        "option big \"a bigger board\"\ndefine rows = if option(big) then 3 else 2",
        "hex rows rows + 1 rows + 2 rows + 1 rows\n  zone z",
        "",
    );
    assert_eq!(
        build(&t, &[]).unwrap().rules().board.cells.len(),
        2 + 3 + 4 + 3 + 2 + 1
    );
    assert_eq!(
        build(&t, &["big"]).unwrap().rules().board.cells.len(),
        19 + 1
    );
    // A piece's values from a define.
    let t = text("define top = 2 * 3", "grid 2 x 2", "")
        .replace("piece p value 1..6", "piece p value top - 5..top");
    assert_eq!(
        build(&t, &[]).unwrap().rules().pieces[0].values,
        Some((1, 6))
    );
}

#[test]
fn a_number_that_is_not_known_in_time_is_refused_where_it_is_written() {
    let hint = Some(
        "use numbers, `define`s of them, `option(NAME)`, `+ - * / %`, `min`, `max`, `abs` and `if ... then ... else`"
            .to_string(),
    );
    assert_eq!(
        first_error(&text("", "grid k x 3", "")),
        (
            "a board size must be known before the game starts, and `k` is not".to_string(),
            "k".to_string(),
            hint.clone()
        )
    );
    // Through a define, the caret is on its use and the part that is not known is the
    // related place.
    let through = text("define w = 1 + count(a1)", "grid w x 3", "");
    assert_eq!(
        first_error(&through),
        (
            "a board size must be known before the game starts, and `count(a1)` is not".to_string(),
            "w".to_string(),
            hint.clone()
        )
    );
    let Err(CompileError::Rules(d)) = build(&through, &[]) else {
        panic!("an error")
    };
    let r = &d.list[0].related[0];
    assert_eq!(&through[r.span.start..r.span.end], "count(a1)");
    assert_eq!(d.list[0].span.start, through.find("grid w").unwrap() + 5);
    assert_eq!(
        first_error(&text("pool bag of 1..k", "grid 3 x 3", "")),
        (
            "a pool's highest value must be known before the game starts, and `k` is not"
                .to_string(),
            "k".to_string(),
            hint
        )
    );
    assert_eq!(
        first_error(&text("", "grid 3 - 5 x 3", "")).0,
        "a board size cannot be negative; this is -2"
    );
    assert_eq!(
        first_error(&text("", "line 1..true", "")),
        (
            "a board size is a number, but this is true or false".to_string(),
            "true".to_string(),
            None
        )
    );
    assert_eq!(
        first_error(&text("define d = d + 1", "grid d x 3", "")).0,
        "`d` is defined in terms of itself"
    );
}

#[test]
fn a_put_count_of_the_wrong_type_is_refused() {
    assert_eq!(
        first_error(&text("", "grid 3 x 3", "put (k > 1) q at a1")),
        (
            "expected a number, but this is true or false".to_string(),
            "k > 1".to_string(),
            None
        )
    );
    assert_eq!(
        first_error(&text("", "grid 3 x 3", "put 0 q at a1")),
        (
            "`put` places 1 to 255 pieces".to_string(),
            "0".to_string(),
            None
        )
    );
}

#[test]
fn pieces_alike_but_for_their_value_are_told_apart_from_other_pieces() {
    // The same kind and owner with another value: removing the stack is not the advice.
    let (message, at) = setup_error(&text(
        "",
        "grid 3 x 3",
        "put p of a value 2 at a1\n  put p of a value 5 at b1\n  move b1 -> a1",
    ));
    assert_eq!(
        message,
        "`move` onto `a1`, whose pieces are alike but for their value (2 there, 5 arriving): a cell holds one stack of pieces of the same kind, owner and value"
    );
    assert_eq!(at, "move b1 -> a1");
    let (message, _) = setup_error(&text(
        "",
        "grid 3 x 3",
        "put p of a value 2 at a1\n  put p of a value 4 at a1",
    ));
    assert_eq!(
        message,
        "`put` onto `a1`, whose pieces are alike but for their value (2 there, 4 arriving): a cell holds one stack of pieces of the same kind, owner and value"
    );
    // Another owner is another piece: it must go first.
    let (message, _) = setup_error(&text(
        "",
        "grid 3 x 3",
        "put p of a value 2 at a1\n  put p of b value 2 at b1\n  move b1 -> a1",
    ));
    assert_eq!(
        message,
        "`move` onto `a1`, which holds another piece: remove it first, or give the board `layers N` so that pieces may stack on others"
    );
}

#[test]
fn piece_values_reach_4095_and_every_part_of_a_cell_keeps_its_own() {
    // A label for each cell of the largest board fits: values up to 4095, kept apart
    // from the kind, the owner and the count that share the cell's word.
    let t = text(
        "piece label value 0..4095",
        "grid 3 x 3",
        "put 255 label of b value 4095 at a1\n  put 2 label of a value 361 at b1\n  put label of a at c1\n  put q at a2\n  set value(b1) = 256",
    );
    let state = after_setup(&t, &[]);
    let cells = &state["cells"];
    assert_eq!(cells["a1"]["value"], 4095, "{state}");
    assert_eq!(cells["a1"]["count"], 255);
    assert_eq!(cells["a1"]["owner"], "b");
    assert_eq!(cells["a1"]["piece"], "label");
    assert_eq!(cells["b1"]["value"], 256);
    assert_eq!(cells["b1"]["count"], 2);
    assert_eq!(cells["b1"]["owner"], "a");
    assert_eq!(cells["c1"]["value"], 0, "the bottom of the range: {state}");
    assert_eq!(cells["a2"]["piece"], "q");
    // One more is refused where it is written.
    let t = text("piece label value 0..4096", "grid 3 x 3", "");
    let (message, under, _) = first_error(&t);
    assert_eq!(
        message,
        "piece values run from a smaller number to a larger one, at most 4095"
    );
    assert_eq!(under, "label");
}
