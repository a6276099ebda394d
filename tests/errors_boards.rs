//! The diagnostics of a board's own points, links and named lines: their exact
//! sentences, the text under the caret and the hint, and one as `tabula check` draws it.

mod errors_support;

use errors_support::diagnostics;
use tabula::{compile, CompileError, Source};

/// A small valid game on a board of points, links and a named line.
const BASE: &str = r#"game "t"
players a, b
board {
  points a1, b1, c1 (2, 0), middle (1, 1)
  links a1 -- b1 -- c1, b1 -- middle
  line row = a1, b1, c1
}
piece p
action go "{to}"
  for to in cells
  where empty(to)
{
  put p of mover at to
}
phase main {
  starts a
  actions go
}
"#;

/// BASE with `from` replaced by `to`; checks the first diagnostic's sentence, the text
/// under its caret and its hint.
#[track_caller]
fn case(from: &str, to: &str, message: &str, at: &str, hint: Option<&str>) {
    assert!(BASE.contains(from), "BASE has no `{from}`");
    let text = BASE.replacen(from, to, 1);
    let list = diagnostics(&text);
    let Some(d) = list.first() else {
        panic!("no error for:\n{text}")
    };
    assert_eq!(d.message, message, "\n{text}");
    assert_eq!(
        &text[d.span.start..d.span.end],
        at,
        "span of `{}`",
        d.message
    );
    assert_eq!(d.hint.as_deref(), hint, "hint of `{}`", d.message);
}

#[test]
fn the_base_game_is_valid() {
    assert!(diagnostics(BASE).is_empty(), "{:?}", diagnostics(BASE));
}

#[test]
fn a_link_names_points_of_the_board() {
    case(
        "b1 -- middle",
        "b1 -- midle",
        "unknown cell `midle`",
        "midle",
        Some("did you mean `middle`?"),
    );
    case(
        "b1 -- middle",
        "b1 -- b1",
        "a link joins two points; this one joins `b1` to itself",
        "b1 -- b1",
        None,
    );
    case(
        "b1 -- middle",
        "c1 -- b1",
        "the link `c1 -- b1` is given twice",
        "c1 -- b1",
        None,
    );
}

#[test]
fn a_point_is_declared_once_and_placed_on_the_board() {
    case(
        "middle (1, 1)",
        "middle (1, 1), a1",
        "the point `a1` is declared twice",
        "a1",
        None,
    );
    case(
        "middle (1, 1)",
        "middle (1, 100)",
        "a point is placed at a column and a row, each from 0 to 99",
        "(1, 100)",
        None,
    );
    case(
        "middle (1, 1)",
        "middle (-1, 0)",
        "a point is placed at a column and a row, each from 0 to 99",
        "(-1, 0)",
        None,
    );
    case(
        "board {\n",
        "board {\n  grid 2 x 1\n",
        "the point `a1` is declared twice",
        "a1",
        None,
    );
}

#[test]
fn a_line_names_cells_of_the_board_once() {
    case(
        "line row = a1, b1, c1",
        "line row = a1, b1, d1",
        "unknown cell `d1`",
        "d1",
        Some("this board's cells run from `a1` to `middle`"),
    );
    case(
        "line row = a1, b1, c1",
        "line row = a1, b1, a1",
        "the line `row` names `a1` twice",
        "row",
        None,
    );
    case(
        "line row = a1, b1, c1",
        "line row = a1, b1 line row = b1, c1",
        "`row` is already the name of a region, track, zone, line or direction set",
        "row",
        None,
    );
}

#[test]
fn lines_of_a_cell_are_a_set() {
    case(
        "where empty(to)",
        "where empty(to) and lines(to) == 1",
        "`lines(c)` is a set of lines",
        "lines(to)",
        Some("use it as `for l in lines(c)` or `exists(l in lines(c) where ...)`"),
    );
    case(
        "where empty(to)",
        "where exists(l in lines(to, to))",
        "`lines` takes 1 argument",
        "lines(to, to)",
        None,
    );
    case(
        "where empty(to)",
        "where to in lines(to)",
        "expected a line here, but this is a cell",
        "to",
        None,
    );
}

#[test]
fn tabula_check_draws_a_link_given_twice() {
    let text = BASE.replacen("b1 -- middle", "b1 -- middle, middle -- b1", 1);
    let shown = match compile(&Source::new("t.tabula", text), &[]) {
        Ok(_) => panic!("no error"),
        Err(CompileError::Rules(d)) => d.render(false),
        Err(CompileError::Option(m)) => panic!("{m}"),
    };
    assert_eq!(
        shown,
        "error: the link `middle -- b1` is given twice
  --> t.tabula:5:39
  |
5 |   links a1 -- b1 -- c1, b1 -- middle, middle -- b1
  |                                       ^^^^^^^^^^^^

"
    );
}

#[test]
fn links_are_cut_only_on_a_board_that_says_they_may_be() {
    case(
        "  put p of mover at to\n",
        "  put p of mover at to\n  cut a1 -- b1\n",
        "`cut` is about links cut in play, and this board's links are never cut (`links may be cut` in the board lets them be)",
        "cut a1 -- b1",
        None,
    );
    case(
        "  put p of mover at to\n",
        "  put p of mover at to\n  join a1 -- b1\n",
        "`join` is about links cut in play, and this board's links are never cut (`links may be cut` in the board lets them be)",
        "join a1 -- b1",
        None,
    );
    case(
        "where empty(to)",
        "where empty(to) and not cut(to, b1)",
        "`cut(...)` is about links cut in play, and this board's links are never cut (`links may be cut` in the board lets them be)",
        "cut",
        None,
    );
}

#[test]
fn reaches_goes_from_a_cell_to_a_region() {
    case(
        "where empty(to)",
        "where empty(to) and reaches(to)",
        "`reaches` takes 2 arguments (a cell and a region) and maybe a direction set, not 1",
        "reaches(to)",
        None,
    );
    case(
        "where empty(to)",
        "where empty(to) and reaches(to, row)",
        "`reaches` goes from a cell to a region",
        "row",
        Some("declare the cells to reach as a `region`: `region goal { a9..i9 }`"),
    );
}
