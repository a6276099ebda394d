//! The diagnostics of defines, as `tabula check` draws them: a define with parameters
//! called wrongly or declared with bad parameters, a list of directions used as a value,
//! and a problem inside a define shown at each place it is used, with the place in the
//! define as a second label.

mod errors_support;

use errors_support::diagnostics;
use tabula::diagnostic::RelatedLabel;
use tabula::{compile, CompileError, Source};

/// A small valid game with a define of parameters and a list of directions.
const BASE: &str = r#"game "t"
players a, b
board { grid 3 x 3 }
piece p
counter k
define near(c, who) = exists(d in diagonals where owner(step(c, d)) == who)
define diagonals = [ne, nw, se, sw]
action go "{to}"
  for to in cells
  where empty(to) and not near(to, opponent)
{
  put p of mover at to
}
phase main {
  starts a
  actions go
}
"#;

/// BASE with `from` replaced by `to`, as `tabula check t.tabula` shows its problems.
#[track_caller]
fn rendered(from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "BASE has no `{from}`");
    let text = BASE.replacen(from, to, 1);
    match compile(&Source::new("t.tabula", text), &[]) {
        Ok(_) => panic!("no error"),
        Err(CompileError::Rules(d)) => d.render(false),
        Err(CompileError::Option(m)) => panic!("{m}"),
    }
}

#[test]
fn the_base_game_is_valid() {
    assert!(diagnostics(BASE).is_empty());
}

#[test]
fn a_call_with_the_wrong_number_of_arguments() {
    assert_eq!(
        rendered("not near(to, opponent)", "not near(to)"),
        "error: the define `near` takes 2 arguments, not 1
   --> t.tabula:10:27
   |
10 |   where empty(to) and not near(to)
   |                           ^^^^^^^^

"
    );
    assert_eq!(
        rendered("not near(to, opponent)", "not near(to, a, 1)"),
        "error: the define `near` takes 2 arguments, not 3
   --> t.tabula:10:27
   |
10 |   where empty(to) and not near(to, a, 1)
   |                           ^^^^^^^^^^^^^^

"
    );
}

#[test]
fn a_define_without_parameters_called_with_brackets() {
    assert_eq!(
        rendered(
            "counter k\n",
            "counter k\ndefine big = k > 2\nscore q = if big() then 1 else 0\n"
        ),
        "error: the define `big` takes no arguments
  --> t.tabula:7:14
  |
7 | score q = if big() then 1 else 0
  |              ^^^^^
  |
  = hint: write `big` alone, without brackets

"
    );
    let text = BASE.replacen("not near(to, opponent)", "diagonals() == n", 1);
    let d = &diagnostics(&text)[0];
    assert_eq!(
        d.message,
        "`diagonals` is a list of directions, not one value"
    );
    assert_eq!(&text[d.span.start..d.span.end], "diagonals()");
}

#[test]
fn a_define_of_parameters_named_without_its_arguments() {
    assert_eq!(
        rendered("not near(to, opponent)", "not near"),
        "error: the define `near` takes arguments
   --> t.tabula:10:27
   |
10 |   where empty(to) and not near
   |                           ^^^^
   |
   = hint: write `near(c, who)`

"
    );
}

#[test]
fn an_argument_of_the_wrong_type_is_shown_at_the_argument() {
    assert_eq!(
        rendered("not near(to, opponent)", "not near(to, 1)"),
        "error: cannot compare a player with a number
   --> t.tabula:10:36
   |
 6 | define near(c, who) = exists(d in diagonals where owner(step(c, d)) == who)
   |                                                                        --- in the define `near`, declared here
   .
10 |   where empty(to) and not near(to, 1)
   |                                    ^

"
    );
}

#[test]
fn a_parameter_named_twice_or_like_something_of_the_game() {
    let twice = rendered("define near(c, who)", "define near(c, who, c)");
    assert!(
        twice.starts_with(
            "error: the parameter `c` is declared twice
  --> t.tabula:6:21
  |
6 | define near(c, who, c) = exists(d in diagonals where owner(step(c, d)) == who)
  |             -       ^
  |             |        
  |             first declared here

"
        ),
        "{twice}"
    );
    let hint = "inside the define the parameter would hide it: give the parameter another name";
    for (param, kind) in [
        ("a2", "a cell"),
        ("k", "a counter"),
        ("n", "a direction"),
        ("b", "a player"),
        ("main", "a phase"),
        ("diagonals", "a definition"),
        ("mover", "a word of the language"),
        ("cells", "a set"),
    ] {
        let text = BASE.replacen("(c, who)", &format!("(c, {param})"), 1);
        let d = &diagnostics(&text)[0];
        assert_eq!(
            d.message,
            format!("the parameter `{param}` has the name of {kind}")
        );
        assert_eq!(&text[d.span.start..d.span.end], param);
        assert_eq!(d.hint.as_deref(), Some(hint));
    }
    assert_eq!(
        rendered("define near(c, who)", "define near(a1, who)")
            .split("\n\n")
            .next()
            .unwrap(),
        "error: the parameter `a1` has the name of a cell
  --> t.tabula:6:13
  |
6 | define near(a1, who) = exists(d in diagonals where owner(step(c, d)) == who)
  |             ^^
  |
  = hint: inside the define the parameter would hide it: give the parameter another name"
    );
}

#[test]
fn a_define_of_parameters_named_like_a_built_in_function() {
    assert_eq!(
        rendered("counter k\n", "counter k\ndefine count(c) = 1\n"),
        "error: `count` is a built-in function: a define with parameters cannot take its name
  --> t.tabula:6:8
  |
6 | define count(c) = 1
  |        ^^^^^

"
    );
    // Without parameters the name is free: `count(c)` still calls the function.
    let text = BASE.replacen("counter k\n", "counter k\ndefine count = 2\n", 1);
    let text = text.replacen("where empty(to)", "where count(to) == 0", 1);
    assert!(diagnostics(&text).is_empty(), "{:?}", diagnostics(&text));
}

#[test]
fn a_define_of_parameters_does_not_see_the_locals_of_its_use() {
    assert_eq!(
        rendered("owner(step(c, d))", "owner(step(to, d))"),
        "error: the define `near` cannot see `to`, a local name of the place it is used in
   --> t.tabula:10:27
   |
 6 | define near(c, who) = exists(d in diagonals where owner(step(to, d)) == who)
   |                                                              -- in the define `near`, declared here
   .
10 |   where empty(to) and not near(to, opponent)
   |                           ^^^^^^^^^^^^^^^^^^
   |
   = hint: a define with parameters sees only them and the game's names: add a parameter to `near` and pass `to` to it

"
    );
}

#[test]
fn a_list_of_directions_is_not_a_value() {
    assert_eq!(
        rendered("not near(to, opponent)", "step(to, diagonals) != none"),
        "error: `diagonals` is a list of directions, not one value
   --> t.tabula:10:32
   |
10 |   where empty(to) and step(to, diagonals) != none
   |                                ^^^^^^^^^
   |
   = hint: go through it: `for d in diagonals`, `exists(d in diagonals where ...)`

"
    );
}

#[test]
fn a_define_that_uses_itself_is_refused_at_its_use() {
    assert_eq!(
        rendered(
            "counter k\n",
            "counter k\ndefine down(x) = if x == 0 then 0 else down(x - 1)\nscore q = down(3)\n"
        ),
        "error: `down` is defined in terms of itself
  --> t.tabula:7:11
  |
6 | define down(x) = if x == 0 then 0 else down(x - 1)
  |                                        ----------- in the define `down`, declared here
7 | score q = down(3)
  |           ^^^^^^^

"
    );
}

/// The mistake of the original report: a define named like a cell of the board. The
/// problem is said once at each use, and points at the define.
#[test]
fn a_problem_inside_a_define_is_shown_at_each_use() {
    let text = BASE
        .replacen("counter k\n", "counter k\ndefine corner = a1 + 1\n", 1)
        .replacen(
            "phase main",
            "score q = corner\nshow \"c\" p = corner * 2\nphase main",
            1,
        );
    let list = diagnostics(&text);
    assert_eq!(list.len(), 2, "{list:?}");
    for (d, at) in list.iter().zip(["corner\nshow", "corner * 2"]) {
        assert_eq!(d.message, "expected a number, but this is a cell");
        let start = text.find(at).unwrap();
        assert_eq!((d.span.start, d.span.end), (start, start + "corner".len()));
        assert_eq!(d.related.len(), 1);
        let r = &d.related[0];
        assert_eq!(&text[r.span.start..r.span.end], "a1");
        assert_eq!(r.label, RelatedLabel::InDefine("corner".to_string()));
    }
    let Err(CompileError::Rules(d)) = compile(&Source::new("t.tabula", text), &[]) else {
        panic!()
    };
    assert_eq!(
        d.render(false).split("\n\n").next().unwrap(),
        "error: expected a number, but this is a cell
   --> t.tabula:15:11
   |
 6 | define corner = a1 + 1
   |                 -- in the define `corner`, declared here
   .
15 | score q = corner
   |           ^^^^^^"
    );
}

/// A define used inside another: each define the problem passes through is a label.
#[test]
fn a_problem_through_two_defines_names_both() {
    assert_eq!(
        rendered(
            "define diagonals = [ne, nw, se, sw]",
            "define diagonals = [ne, nw, up, sw]"
        ),
        "error: unknown name `up`
   --> t.tabula:10:27
   |
 6 | define near(c, who) = exists(d in diagonals where owner(step(c, d)) == who)
   |                                   --------- in the define `near`, declared here
 7 | define diagonals = [ne, nw, up, sw]
   |                             -- in the define `diagonals`, declared here
   .
10 |   where empty(to) and not near(to, opponent)
   |                           ^^^^^^^^^^^^^^^^^^
   |
   = hint: a name is a local variable, counter, player, phase, direction, piece, zone or cell

"
    );
}

#[test]
fn the_value_of_a_let_ends_at_its_in() {
    // Without brackets, `c in home` would be read as the value and `in` then missing.
    let text = BASE.replacen(
        "not near(to, opponent)",
        "(let h = (to in cells) in h and count(to) == 0)",
        1,
    );
    assert!(diagnostics(&text).is_empty(), "{:?}", diagnostics(&text));
    let text = BASE.replacen("not near(to, opponent)", "(let total = 1 in totl == 0)", 1);
    let d = &diagnostics(&text)[0];
    assert_eq!(d.message, "unknown name `totl`");
    assert_eq!(d.hint.as_deref(), Some("did you mean `total`?"));
    // The name is the body's only.
    let text = BASE.replacen(
        "not near(to, opponent)",
        "(let total = 1 in total == 1) and total == 1",
        1,
    );
    let d = &diagnostics(&text)[0];
    assert_eq!(d.message, "unknown name `total`");
}
