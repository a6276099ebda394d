//! Cell lists by a condition (`c in cells where rank(c) == size`): regions and tracks
//! that follow a board size given by a `define` or an option, on a grid and a rhombus,
//! checked against the cells listed by hand; a condition mixed with names and ranges;
//! the board order a track keeps; `file(c)` and `rank(c)` on a rhombus in play; the
//! messages for a condition that is not known before the game starts, not true or
//! false, or names nothing; and the layout `tabula fmt` keeps.

mod common;

use common::*;
use tabula::format::format;
use tabula::{compile, CompileError, Engine, Game, Source};

/// A game of two players `a` and `b` with `before` ahead of the board `board` and
/// `after` behind it, one action placing a stone on any empty cell.
fn text(before: &str, board: &str, after: &str) -> String {
    format!(
        "game \"t\"\nplayers a, b\n{before}\nboard {{ {board} }}\npiece stone\n\
         counter k = 3\n{after}\n\
         action go \"{{to}}\" for to in cells where empty(to) {{ put stone of mover at to }}\n\
         phase main {{ starts a actions go }}\n"
    )
}

fn build(text: &str, options: &[&str]) -> Game {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    compile(&Source::new("t.tabula", text), &options).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The cells of each list of the region or track `name`, by name, in the list's order.
fn lists(game: &Game, name: &str) -> Vec<Vec<String>> {
    let board = &game.rules().board;
    let lists = board
        .regions
        .iter()
        .find(|r| r.name == name)
        .map(|r| &r.lists)
        .or_else(|| {
            board
                .tracks
                .iter()
                .find(|t| t.name == name)
                .map(|t| &t.lists)
        })
        .unwrap_or_else(|| panic!("no region or track `{name}`"));
    lists
        .iter()
        .map(|l| l.iter().map(|&c| board.cells[c as usize].clone()).collect())
        .collect()
}

fn names(list: &str) -> Vec<String> {
    list.split_whitespace().map(str::to_string).collect()
}

/// The first diagnostic: its message, the text under its caret and its hint.
#[track_caller]
fn first_error(text: &str) -> (String, String, Option<String>) {
    match compile(&Source::new("t.tabula", text), &[]) {
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

/// The rendered first diagnostic, without colour.
fn rendered(text: &str) -> String {
    match compile(&Source::new("t.tabula", text), &[]) {
        Err(CompileError::Rules(d)) => tabula::Diagnostics {
            source: d.source.clone(),
            list: vec![d.list[0].clone()],
        }
        .render(false),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("no error for\n{text}"),
    }
}

/// A grid whose side is 3, or 5 with the option `big`, and sets of cells by condition.
const GRID_SETS: &str = "\
region top { c in cells where rank(c) == size }
region rim { c in cells where file(c) == 1 or file(c) == size or rank(c) == 1 or rank(c) == size }
region home { a: c in cells where rank(c) == 1; b: c in cells where rank(c) == size }
track diagonal { c in cells where file(c) == rank(c) }
track back { a: c in cells where rank(c) == 1; b: c in cells where rank(c) == size }";

fn grid_game(options: &[&str]) -> Game {
    let before = "option big \"a board of 5 by 5\"\ndefine size = if option(big) then 5 else 3";
    build(&text(before, "grid size x size", GRID_SETS), options)
}

#[test]
fn regions_and_tracks_follow_a_size_given_by_a_define() {
    let game = grid_game(&[]);
    assert_eq!(game.rules().board.cells.len(), 9);
    assert_eq!(lists(&game, "top"), [names("a3 b3 c3")]);
    // All but the middle of a 3 by 3 board.
    assert_eq!(lists(&game, "rim"), [names("a1 b1 c1 a2 c2 a3 b3 c3")]);
    assert_eq!(lists(&game, "home"), [names("a1 b1 c1"), names("a3 b3 c3")]);
    assert_eq!(lists(&game, "diagonal"), [names("a1 b2 c3")]);
    assert_eq!(lists(&game, "back"), [names("a1 b1 c1"), names("a3 b3 c3")]);
}

#[test]
fn regions_and_tracks_follow_a_size_chosen_by_an_option() {
    let game = grid_game(&["big"]);
    assert_eq!(game.rules().board.cells.len(), 25);
    assert_eq!(lists(&game, "top"), [names("a5 b5 c5 d5 e5")]);
    assert_eq!(
        lists(&game, "rim"),
        [names("a1 b1 c1 d1 e1 a2 e2 a3 e3 a4 e4 a5 b5 c5 d5 e5")]
    );
    assert_eq!(
        lists(&game, "home"),
        [names("a1 b1 c1 d1 e1"), names("a5 b5 c5 d5 e5")]
    );
    assert_eq!(lists(&game, "diagonal"), [names("a1 b2 c3 d4 e5")]);
}

#[test]
fn a_rhombus_has_files_and_ranks_as_its_names_read() {
    let sets = "region top { c in cells where rank(c) == 1 }\n\
                region right { c in cells where file(c) == size }\n\
                region corner { c in cells where file(c) + rank(c) == 2 * size }\n\
                track long { c in cells where file(c) + rank(c) == size + 1 }";
    let game = build(&text("define size = 4", "rhombus size x size", sets), &[]);
    assert_eq!(lists(&game, "top"), [names("a1 b1 c1 d1")]);
    assert_eq!(lists(&game, "right"), [names("d1 d2 d3 d4")]);
    assert_eq!(lists(&game, "corner"), [names("d4")]);
    // The short diagonal, in board order: rank by rank.
    assert_eq!(lists(&game, "long"), [names("d1 c2 b3 a4")]);
}

#[test]
fn file_and_rank_are_read_in_play_on_a_rhombus() {
    let text = "game \"t\"\nplayers a, b\nboard { rhombus 4 x 3 }\npiece stone\n\
                action go \"{to}\" for to in cells where empty(to) and file(to) == 3 and rank(to) >= 2 \
                { put stone of mover at to }\n\
                phase main { starts a actions go }\n";
    let game = build(text, &[]);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    assert_eq!(moves(&mut engine, &state), ["c2", "c3"]);
}

#[test]
fn a_condition_mixes_with_names_and_ranges_in_their_order() {
    let sets = "region mixed { c3, c in cells where rank(c) == 2, a1..b1 }\n\
                track path { c3, c in cells where rank(c) == 2, a1 }\n\
                track column { c in cells where file(c) == 2 }\n\
                track down { c3..a3, c in cells where file(c) == 2 and rank(c) < 3 }";
    let game = build(&text("", "grid 3 x 3", sets), &[]);
    assert_eq!(lists(&game, "mixed"), [names("c3 a2 b2 c2 a1 b1")]);
    assert_eq!(lists(&game, "path"), [names("c3 a2 b2 c2 a1")]);
    // Board order, the first rank first, whatever the condition.
    assert_eq!(lists(&game, "column"), [names("b1 b2 b3")]);
    assert_eq!(lists(&game, "down"), [names("c3 b3 a3 b1 b2")]);
    let track = &game.rules().board.tracks[0];
    let board = &game.rules().board;
    let pos = |c: &str| track.pos[0][board.cell(c).unwrap() as usize];
    assert_eq!(
        (pos("c3"), pos("a2"), pos("c2"), pos("a1"), pos("b3")),
        (0, 1, 3, 4, -1)
    );
}

#[test]
fn steps_cells_and_earlier_regions_in_a_condition() {
    let sets = "region north { c in cells where step(c, n) == none }\n\
                region far { c in cells where step(c, e, 2) != none }\n\
                region named { c in cells where c == a1 or c == #c3 }\n\
                region home { a: a1..c1; b: a3..c3 }\n\
                region rest { c in cells where c in north and c != a3 }\n\
                region own { c in cells where c in home[a] or c in far and rank(c) == 2 }\n\
                region corners { c in cells where not (step(c, n) != none and step(c, s) != none) \
                and (step(c, e) == none or step(c, w) == none) }\n\
                region every { c in cells where c in cells and true }\n\
                region knight { c in cells where step(c, nne) == c3 }";
    let board = "grid 3 x 3\nleap nne = 1, 2";
    let game = build(&text("", board, sets), &[]);
    assert_eq!(lists(&game, "north"), [names("a3 b3 c3")]);
    assert_eq!(lists(&game, "far"), [names("a1 a2 a3")]);
    assert_eq!(lists(&game, "named"), [names("a1 c3")]);
    assert_eq!(lists(&game, "rest"), [names("b3 c3")]);
    assert_eq!(lists(&game, "own"), [names("a1 b1 c1 a2")]);
    assert_eq!(lists(&game, "corners"), [names("a1 c1 a3 c3")]);
    assert_eq!(lists(&game, "every")[0].len(), 9);
    assert_eq!(lists(&game, "knight"), [names("b1")]);
}

#[test]
fn defines_with_parameters_and_lets_in_a_condition() {
    let before = "define size = 4\n\
                  define edge(x) = step(x, n) == none or step(x, s) == none\n\
                  define far(x, least) = file(x) + rank(x) >= least\n\
                  define top = rank(c) == size";
    let sets = "region rims { c in cells where edge(c) and file(c) == 2 }\n\
                region high { c in cells where far(c, 2 * size) }\n\
                region near { c in cells where let d = abs(file(c) - rank(c)) in d == 3 }\n\
                region upper { c in cells where top and file(c) > 3 }";
    let game = build(&text(before, "grid size x size", sets), &[]);
    assert_eq!(lists(&game, "rims"), [names("b1 b4")]);
    assert_eq!(lists(&game, "high"), [names("d4")]);
    assert_eq!(lists(&game, "near"), [names("d1 a4")]);
    assert_eq!(lists(&game, "upper"), [names("d4")]);
    let (message, caret, _) = first_error(&text(
        "define edge(x) = step(x, n) == none",
        "grid 3 x 3",
        "region r { c in cells where edge(c, 1) }",
    ));
    assert_eq!(message, "the define `edge` takes one argument, not 2");
    assert_eq!(caret, "edge(c, 1)");
}

#[test]
fn a_condition_that_changes_in_play_is_refused_where_it_is_written() {
    let hint = "the cells are chosen when the rules are read: use numbers, `define`s, \
                `option(NAME)`, `file(c)`, `rank(c)`, `step(c, d)`, cells, `none` and \
                regions declared above, not what changes in play";
    for (condition, at) in [
        ("k > 1", "k"),
        ("empty(c)", "empty(c)"),
        ("rank(c) == 1 and owner(c) == a", "owner(c)"),
        (
            "count(x in cells where empty(x)) > 0",
            "count(x in cells where empty(x))",
        ),
        ("c in later", "later"),
    ] {
        let sets = format!("region r {{ c in cells where {condition} }}\nregion later {{ a1 }}");
        let (message, caret, h) = first_error(&text("", "grid 3 x 3", &sets));
        assert_eq!(
            message,
            format!(
                "the condition of a cell list must be known before the game starts, and `{at}` is not"
            ),
            "{condition}"
        );
        assert_eq!(caret, at, "{condition}");
        assert_eq!(h.as_deref(), Some(hint), "{condition}");
    }
    let sets = "region r { a1, c in cells where empty(c) }";
    assert_eq!(
        rendered(&text("", "grid 3 x 3", sets)),
        "error: the condition of a cell list must be known before the game starts, and `empty(c)` is not\n  \
         --> t.tabula:7:33\n  |\n7 | region r { a1, c in cells where empty(c) }\n  |                                 \
         ^^^^^^^^\n  |\n  = hint: the cells are chosen when the rules are read: use numbers, `define`s, \
         `option(NAME)`, `file(c)`, `rank(c)`, `step(c, d)`, cells, `none` and regions declared above, \
         not what changes in play\n\n"
    );
}

#[test]
fn a_condition_must_be_true_or_false() {
    for (condition, found) in [("rank(c) + 1", "a number"), ("step(c, n)", "a cell")] {
        let sets = format!("region r {{ a: c in cells where {condition}; b: a1 }}");
        let (message, caret, hint) = first_error(&text("", "grid 3 x 3", &sets));
        assert_eq!(
            message,
            format!("the condition of a cell list is true or false, but this is {found}")
        );
        assert_eq!(caret, condition);
        assert_eq!(hint.as_deref(), Some("compare it: `rank(c) == size`"));
    }
    let (message, caret, _) = first_error(&text(
        "",
        "grid 3 x 3",
        "track t { c in cells where c == 1 }",
    ));
    assert_eq!(message, "cannot compare a cell with a number");
    assert_eq!(caret, "1");
}

#[test]
fn a_condition_that_names_nothing_is_refused() {
    let before = "define size = 3";
    let (message, caret, hint) = first_error(&text(
        before,
        "grid size x size",
        "region r { c in cells where rank(c) == sise }",
    ));
    assert_eq!(message, "unknown name `sise`");
    assert_eq!(caret, "sise");
    assert_eq!(hint.as_deref(), Some("did you mean `size`?"));
    let (message, caret, _) = first_error(&text(
        before,
        "grid size x size",
        "region r { c in cells where rank(d) == 1 }",
    ));
    assert_eq!(message, "unknown name `d`");
    assert_eq!(caret, "d");
    let (message, caret, _) = first_error(&text(
        "",
        "grid 3 x 3",
        "region r { c in cells where step(c, up) == none }",
    ));
    assert!(message.starts_with("unknown direction `up`"), "{message}");
    assert_eq!(caret, "up");
    let (message, caret, _) = first_error(&text(
        "",
        "hex 2 3 2",
        "region r { c in cells where file(c) == 1 }",
    ));
    assert_eq!(
        message,
        "`file` reads a cell's place on a grid, and this board has no `grid` or `rhombus`"
    );
    assert_eq!(caret, "file");
}

#[test]
fn a_condition_is_worked_out_within_bounds() {
    // Each cell's condition doubles 13 times: over 16384 parts a cell, 64 cells.
    let mut defines = String::from("define part0 = rank(a1)\n");
    for i in 1..=13 {
        defines.push_str(&format!("define part{i} = part{} + part{}\n", i - 1, i - 1));
    }
    let sets = "region r { c in cells where file(c) + part13 > 0 }";
    let (message, caret, _) = first_error(&text(&defines, "grid 8 x 8", sets));
    assert_eq!(
        message,
        "the condition of a cell list is too complex to work out"
    );
    assert_eq!(caret, "file(c) + part13 > 0");
}

#[test]
fn fmt_keeps_a_condition_as_it_is_written() {
    let canonical = "game \"t\"\nplayers red, blue\n\ndefine size = 5\n\nboard {\n  rhombus size x size\n}\n\n\
                     region home {\n  red: c in cells where rank(c) == 1;\n  blue: a1, c in cells where file(c) == 1 and c != a1\n}\n\
                     track edge { c in cells where step(c, ne) == none or (rank(c) == size and not c in home[red]) }\n";
    assert_eq!(format(canonical).unwrap(), canonical);
    let messy = canonical
        .replace(
            "c in cells where rank(c)",
            "c  in   cells\n    where rank( c )",
        )
        .replace("; ", " ;");
    let formatted = format(&messy).unwrap();
    assert_eq!(format(&formatted).unwrap(), formatted);
    assert!(
        formatted.contains("red: c in cells\n    where rank(c) == 1;"),
        "{formatted}"
    );
}

#[test]
fn the_editor_services_read_a_condition() {
    use tabula::services::{completions, definition, diagnostics, highlights, hover, references};
    let text = std::fs::read_to_string("examples/rules/hex.tabula").unwrap();
    assert!(diagnostics("hex.tabula", &text).is_empty());
    assert!(highlights(&text).is_ok());
    let at = text.find("rank(c) == size").unwrap();
    let region = text[..at].rfind("region goal").unwrap();
    for offset in region..at + 20 {
        let _ = hover(&text, offset);
        let _ = completions(&text, offset);
        let _ = references(&text, offset, true);
        let _ = definition(&text, offset);
    }
    // The `c` read in the condition is the one bound before `in`.
    let bound = text[region..].find("c in cells").unwrap() + region;
    let read = at + "rank(".len();
    let found = definition(&text, read).expect("a definition");
    assert_eq!(found.span.start, bound);
    // The define the condition reads is used there.
    let size = at + "rank(c) == ".len();
    let uses = references(&text, size, false);
    assert!(uses.iter().any(|l| l.span.start == size), "{uses:?}");
}
