//! Every diagnostic a rules file can get: its exact sentence, the text it points at and
//! its hint. Each case starts from a small valid game and breaks one thing.

use tabula::{compile, CompileError, Diagnostic, Source};

const BASE: &str = r#"game "t"
players a, b
board { grid 3 x 3 }
piece p value 1..6
piece wall neutral
counter k
counter who: player
pool bag per player of 1..6
region home { a: a1..c1; b: a3..c3 }
chance roll "r{v}" for v in 1..6 { k = v }
action go "{to}"
  for to in cells
  where empty(to)
{
  put p of mover value 1 at to
}
phase main {
  starts a
  actions go
}
score q = k
"#;

fn diagnostics(text: &str) -> Vec<Diagnostic> {
    match compile(&Source::new("t.tabula", text), &[]) {
        Ok(_) => Vec::new(),
        Err(CompileError::Rules(d)) => d.list,
        Err(CompileError::Option(m)) => panic!("option error: {m}"),
    }
}

/// Compiles BASE with `from` replaced by `to` (or `to` appended when `from` is empty)
/// and checks the first diagnostic: message, the text under the caret, and the hint.
#[track_caller]
fn case(from: &str, to: &str, message: &str, at: &str, hint: Option<&str>) {
    let text = if from.is_empty() {
        format!("{BASE}{to}\n")
    } else {
        assert!(BASE.contains(from), "BASE has no `{from}`");
        BASE.replacen(from, to, 1)
    };
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
    assert!(diagnostics(BASE).is_empty());
}

// ---------------------------------------------------------------- syntax

#[test]
fn syntax_errors_name_what_was_expected() {
    case(
        "phase main {",
        "phase main",
        "expected `{`, found `starts`",
        "starts",
        None,
    );
    case("  starts a\n", "  starts a\n  bogus\n", "expected `}` or a phase item (`starts`, `actions`, `prefer`, `stuck`, `turn start`, `until`, ...), found `bogus`", "bogus", None);
    case(
        "where empty(to)",
        "where empty(to) and",
        "expected an expression, found `{`",
        "{",
        None,
    );
    case(
        "",
        "frobnicate",
        "expected a declaration (`game`, `board`, `action`, `phase`, ...), found `frobnicate`",
        "frobnicate",
        None,
    );
    case(
        "score q = k\n",
        "score q = k +",
        "expected an expression, found the end of the file",
        "",
        None,
    );
    // Each token is named once, though `=` is tried alone and as an assignment.
    case(
        "  put p of mover value 1 at to\n",
        "  k 3\n",
        "expected `+=`, `-=`, `=` or a statement, found `3`",
        "3",
        None,
    );
}

#[test]
fn a_missing_closing_brace_names_the_block_left_open() {
    // The action's body (opened on line 14) is not closed: the next declaration is
    // where the parser stops, whatever it tried to read `phase` as.
    case(
        "  put p of mover value 1 at to\n}\n",
        "  put p of mover value 1 at to\n",
        "expected `}` to close the block opened at line 14 (in `action go`), found `phase`",
        "phase",
        Some("every `{` needs its `}` before the next declaration"),
    );
    // A `{` inside a string or a comment opens nothing: the block of `phase main`.
    case(
        "  actions go\n}\n",
        "  // not a block: {\n  actions go\n",
        "expected `}` to close the block opened at line 17 (in `phase main`), found `score`",
        "score",
        Some("every `{` needs its `}` before the next declaration"),
    );
}

#[test]
fn template_errors() {
    case(
        "action go \"{to}\"",
        "action go \"{to\"",
        "this `{` is never closed",
        "{",
        Some("a template writes a value as `{name}`"),
    );
    case(
        "action go \"{to}\"",
        "action go \"{emptyy(to)}\"",
        "unknown function `emptyy`",
        "emptyy",
        Some("did you mean `empty`?"),
    );
    case(
        "action go \"{to}\"",
        "action go \"{empty(to)}\"",
        "a template cannot print true or false",
        "empty(to)",
        Some("write `{cond ? text}` to print text when cond holds"),
    );
}

// ---------------------------------------------------------------- declarations

#[test]
fn declarations() {
    case(
        "players a, b",
        "players a, a",
        "the player `a` is named twice",
        "a",
        None,
    );
    case(
        "piece wall neutral",
        "piece p neutral",
        "the piece `p` is declared twice",
        "p",
        None,
    );
    case(
        "piece p value 1..6",
        "piece p value 6..1",
        "piece values run from a smaller number to a larger one, at most 255",
        "p",
        None,
    );
    case(
        "pool bag per player of 1..6",
        "pool bag per player of 6..1",
        "a pool holds values from a smaller number to a larger one, at most 256 of them",
        "pool bag per player of 6..1",
        None,
    );
    case(
        "counter k\n",
        "counter k\ncounter k\n",
        "`k` is already the name of a counter or pool",
        "k",
        None,
    );
    case(
        "counter k\n",
        "counter k\ncounter match_score\n",
        "`match_score` is a counter of every game, kept by the match: it cannot be declared again",
        "match_score",
        None,
    );
    case(
        "counter who: player",
        "counter who: colour",
        "unknown counter type `colour`",
        "colour",
        Some("a counter holds an `int` (the default), a `player`, a `cell` or a `bool`"),
    );
    case(
        "",
        "action go \"x\" { }",
        "the action `go` is declared twice",
        "go",
        None,
    );
    case(
        "",
        "phase main { }",
        "the phase `main` is declared twice",
        "main",
        None,
    );
    case(
        "board { grid 3 x 3 }",
        "board { grid 30 x 3 }",
        "a grid has 1 to 26 files and 1 to 99 ranks",
        "grid 30 x 3",
        None,
    );
    case(
        "board { grid 3 x 3 }",
        "board { hex 0 }",
        "a hex board has 1 to 26 rows of 1 to 99 cells",
        "hex 0",
        None,
    );
    case(
        "board { grid 3 x 3 }",
        "board { line 9..2 }",
        "a line runs from a smaller number to a larger one, at most 999 cells",
        "line 9..2",
        None,
    );
}

#[test]
fn board_directions_regions_and_names() {
    case(
        "board { grid 3 x 3 }",
        "board { grid 3 x 3 dir up = a: n, b: north }",
        "unknown direction `north`",
        "north",
        Some("this board's directions are n, s, e, w, ne, nw, se, sw"),
    );
    case(
        "board { grid 3 x 3 }",
        "board { grid 3 x 3 dir up = a: n, c: s }",
        "unknown player `c`",
        "c",
        None,
    );
    case(
        "board { grid 3 x 3 }",
        "board { grid 3 x 3 dir up = a: n }",
        "the direction `up` does not say what it is for b",
        "up",
        None,
    );
    case(
        "region home { a: a1..c1; b: a3..c3 }",
        "region home { a: a1..c9; b: a3..c3 }",
        "unknown cell `c9`",
        "c9",
        Some("this board's cells run from `a1` to `c3`"),
    );
    case(
        "region home { a: a1..c1; b: a3..c3 }",
        "region home { a: a1..c1 }",
        "`home` gives no cells for b",
        "home",
        None,
    );
    case(
        "region home { a: a1..c1; b: a3..c3 }",
        "region home { a: a1..c1; b: a3..c3 }\nregion home { a1 }",
        "`home` is already the name of a region, track or zone",
        "home",
        None,
    );
    case(
        "",
        "names a { a1..c1 as 1..2 }",
        "3 cells are given 2 names",
        "1",
        None,
    );
    case(
        "",
        "names a { a1..c1 as x..y }",
        "a range of names runs between two numbers",
        "x",
        None,
    );
    case("", "names z { a1 as x }", "unknown player `z`", "z", None);
    case(
        "",
        "layout points { middle = bar }",
        "`middle` names a zone to draw in the board's middle, and this board has no zones",
        "middle",
        None,
    );
}

#[test]
fn the_middle_of_a_points_layout_is_a_zone_per_player() {
    let board = "board {\n  grid 3 x 3\n  zone pile\n  zone tray per player\n}";
    let with = |layout: &str| {
        let text = BASE.replacen("board { grid 3 x 3 }", board, 1) + layout + "\n";
        diagnostics(&text)
    };
    assert!(with("layout points { middle = tray }").is_empty());
    let d = with("layout points { middle = pile }");
    assert_eq!(
        d[0].message,
        "the zone `pile` has one cell, not one per player: only a `per player` zone can be drawn in the middle"
    );
    let d = with("layout points { middle = trey }");
    assert_eq!(
        d[0].message,
        "`middle` names a zone to draw in the board's middle; `trey` is not one (the zones: pile, tray)"
    );
}

// ---------------------------------------------------------------- names and types

#[test]
fn names() {
    case(
        "where empty(to)",
        "where empty(too)",
        "unknown name `too`",
        "too",
        Some("did you mean `to`?"),
    );
    case(
        "where empty(to)",
        "where empty(to) and qqq",
        "unknown name `qqq`",
        "qqq",
        Some("a name is a local variable, counter, player, phase, direction, piece, zone or cell"),
    );
    case(
        "where empty(to)",
        "where empty(to) and k-x > 0",
        "unknown name `k-x`",
        "k-x",
        Some("for a subtraction, put spaces around the minus: `k - x`"),
    );
    case(
        "where empty(to)",
        "where empty(to) and bag > 0",
        "`bag` is a set of cells or values, not one value",
        "bag",
        Some("use it as `x in bag`, `for x in bag` or `size(bag)`"),
    );
    case(
        "where empty(to)",
        "where empty(#z9)",
        "unknown cell `z9`",
        "#z9",
        Some("this board's cells run from `a1` to `c3`"),
    );
    case(
        "score q = k",
        "score q = size(bag)",
        "`bag` is kept per player",
        "bag",
        Some("write `bag[mover]` or `bag[p]`"),
    );
    case(
        "score q = k",
        "score q = k[q]",
        "`k` is shared, not kept per player: drop the `[...]`",
        "q",
        None,
    );
    case(
        "score q = k",
        "score q = home[q]",
        "`home[...]` is a set, not one value",
        "home[q]",
        Some("use it as `x in home[p]`, `for x in home[p]` or `size(home[p])`"),
    );
    case(
        "score q = k",
        "score q = option(fast)",
        "unknown option `fast`",
        "fast",
        Some("declare it with `option fast \"...\"`; the options are: "),
    );
}

#[test]
fn types() {
    case(
        "where empty(to)",
        "where to",
        "expected true or false, but this is a cell",
        "to",
        None,
    );
    case(
        "where empty(to)",
        "where empty(to) and to == 3",
        "cannot compare a cell with a number",
        "3",
        None,
    );
    case(
        "where empty(to)",
        "where empty(to) and to + 1 > 0",
        "expected a number, but this is a cell",
        "to",
        None,
    );
    case(
        "score q = k",
        "score q = if k > 0 then a else 1",
        "both branches must have one type: the first is a player, this one is a number",
        "1",
        None,
    );
    case(
        "where empty(to)",
        "where empty(a)",
        "expected a cell, but this is a player",
        "a",
        None,
    );
    case(
        "where empty(to)",
        "where empty(to, to)",
        "`empty` takes one argument, not 2",
        "empty(to, to)",
        None,
    );
    case(
        "where empty(to)",
        "where is(to, 3)",
        "expected a piece type, but this is a number",
        "3",
        None,
    );
    case(
        "score q = k",
        "score q = count(c in cells : 1)",
        "`count`, `exists` and `all` take no `: value`",
        "1",
        None,
    );
    case(
        "score q = k",
        "score q = sum(c in cells)",
        "this needs a value to add up or compare",
        "sum(c in cells)",
        Some("write `sum(c in cells where ... : value(c))`"),
    );
    case(
        "score q = k",
        "score q = size(home[q])",
        "`size` counts the values in a pool",
        "home[q]",
        Some("to count cells write `count(c in region where ...)`"),
    );
    case(
        "score q = k",
        "score q = pos(bag[q], #a1)",
        "`pos` takes a track",
        "bag[q]",
        None,
    );
    case("where empty(to)", "where frob(to)", "unknown function `frob`", "frob", Some("the functions are owner, layers, pieces, value, count, empty, is, step, slide, opponent, pos, at, length, size, has, min, max, abs, option, can, neighbours, run, group, liberties, connected"));
    case(
        "where empty(to)",
        "where neighbours(to)",
        "`neighbours(c)` is a set of cells",
        "neighbours(to)",
        Some("use it as `for n in neighbours(c)` or `exists(n in neighbours(c) where ...)`"),
    );
}

// ---------------------------------------------------------------- effects

#[test]
fn effects() {
    case(
        "  put p of mover value 1 at to",
        "  put pp of mover at to",
        "unknown piece `pp`",
        "pp",
        Some("did you mean `p`?"),
    );
    case(
        "  put p of mover value 1 at to",
        "  put p at to",
        "whose `p` is this?",
        "put p at to",
        Some("write `put p of mover at ...`"),
    );
    case(
        "  put p of mover value 1 at to",
        "  put wall of mover at to",
        "`wall` is neutral: it has no owner",
        "put wall of mover at to",
        None,
    );
    case(
        "  put p of mover value 1 at to",
        "  take 1 from bags[mover]",
        "unknown pool `bags`",
        "bags",
        Some("did you mean `bag`?"),
    );
    case(
        "  put p of mover value 1 at to",
        "  chance rol",
        "unknown chance event `rol`",
        "rol",
        Some("did you mean `roll`?"),
    );
    case(
        "  put p of mover value 1 at to",
        "  kk = 1",
        "unknown counter `kk`",
        "kk",
        Some("did you mean `k`?"),
    );
    case(
        "  put p of mover value 1 at to",
        "  bag = 1",
        "`bag` is a pool: change it with `add`, `take` or `clear`",
        "bag",
        Some("declare a counter with `counter NAME`"),
    );
    case(
        "  put p of mover value 1 at to",
        "  who += 1",
        "`who` holds a player: only `=` assigns it",
        "who += 1",
        None,
    );
    case(
        "  put p of mover value 1 at to",
        "  who = 1",
        "expected a player, but this is a number",
        "1",
        None,
    );
}

// ---------------------------------------------------------------- phases, moves, ends

#[test]
fn phases_moves_and_ends() {
    case(
        "  actions go\n",
        "  actions goo\n",
        "unknown action `goo`",
        "goo",
        Some("did you mean `go`?"),
    );
    case(
        "  actions go\n",
        "  actions go\n  prefer go2\n",
        "unknown action `go2`",
        "go2",
        Some("did you mean `go`?"),
    );
    case(
        "  actions go\n",
        "  actions go\n  maximize k\n",
        "`maximize` compares whole turns",
        "main",
        Some("add `decide turn` to the phase"),
    );
    case(
        "  starts a\n",
        "  starts 1\n",
        "expected a player, but this is a number",
        "1",
        None,
    );
    case(
        "action go \"{to}\"\n  for to in cells",
        "action go \"{to}\"\n  for to in bag",
        "`bag` is kept per player",
        "bag",
        Some("write `bag[mover]` or `bag[p]`"),
    );
    case(
        "action go \"{to}\"\n",
        "action go \"{to}\"\n  weight 2\n",
        "expected `for`, `let`, `playout weight`, `where` or `{`, found `weight`",
        "weight",
        None,
    );
    case(
        "",
        "end \"x\" when k winner 1",
        "expected true or false, but this is a number",
        "k",
        None,
    );
    case(
        "",
        "end \"x\" when k > 0 winner 1",
        "expected a player, but this is a number",
        "1",
        None,
    );
    case(
        "",
        "define loop = loop + 1\nend \"x\" when loop > 0 by score",
        "`loop` is defined in terms of itself",
        "loop",
        None,
    );
}

#[test]
fn missing_parts() {
    let no_phase = "game \"t\"\nplayers a, b\nboard { grid 3 x 3 }\n";
    assert_eq!(
        diagnostics(no_phase)[0].message,
        "a game needs at least one `phase`"
    );
    let no_players = "game \"t\"\nboard { grid 3 x 3 }\nphase p { }\n";
    assert_eq!(
        diagnostics(no_players)[0].message,
        "a game needs `players`, e.g. `players white, black`"
    );
    let no_board = "game \"t\"\nplayers a, b\nphase p { }\n";
    assert_eq!(
        diagnostics(no_board)[0].message,
        "a game needs a `board { ... }`"
    );
}

#[test]
fn every_error_is_collected_at_once() {
    let text = BASE
        .replacen("where empty(to)", "where empty(too) and qq", 1)
        .replacen("starts a", "starts zz", 1);
    let messages: Vec<String> = diagnostics(&text).into_iter().map(|d| d.message).collect();
    assert_eq!(
        messages,
        [
            "unknown name `too`",
            "unknown name `qq`",
            "unknown name `zz`"
        ]
    );
}

#[test]
fn the_rendered_error_shows_file_line_column_and_caret() {
    let text = BASE.replacen("where empty(to)", "where empti(to)", 1);
    let Err(CompileError::Rules(d)) = compile(&Source::new("t.tabula", text), &[]) else {
        panic!()
    };
    assert_eq!(
        d.render(false),
        "error: unknown function `empti`\n   --> t.tabula:13:9\n   |\n13 |   where empti(to)\n   |         ^^^^^\n   |\n   = hint: did you mean `empty`?\n\n"
    );
}

#[test]
fn options_on_the_command_line() {
    let source = Source::new(
        "games/naytin-six.tabula",
        tabula::games::built_in("naytin-six").unwrap(),
    );
    let err = |o: &str| match compile(&source, &[o.to_string()]) {
        Err(CompileError::Option(m)) => m,
        other => panic!("{:?}", other.map(|_| ())),
    };
    assert_eq!(
        err("slid"),
        "unknown option `slid` for games/naytin-six.tabula; did you mean `slide`?"
    );
    assert_eq!(
        err("bogus"),
        "unknown option `bogus` for games/naytin-six.tabula; its options are: cross-placement, random-values, pips-only, no-obstacles, slide"
    );
}

#[test]
fn notation_keys_match_counters_and_name_clashes() {
    case(
        "action go \"{to}\"",
        "action go \"to {to}\"",
        "a move's notation cannot contain a space",
        " ",
        Some("moves typed together are separated by spaces; write `a-b` or `a_b`"),
    );
    case(
        "  actions go\n",
        "  actions go\n  decide turn\n  maximize k then k then k then k then k\n",
        "`maximize` compares at most 4 keys",
        "k",
        None,
    );
    case(
        "  put p of mover value 1 at to",
        "  match_length = 3",
        "`match_length` is kept by the match: rules read it but cannot change it",
        "match_length",
        None,
    );
    case(
        "counter k\n",
        "counter k\ncounter a1\n",
        "`a1` names both a cell and a counter",
        "a1",
        Some("give one of them another name"),
    );
    case(
        "phase main {",
        "phase b {",
        "`b` names both a player and a phase",
        "b",
        Some("give one of them another name"),
    );
}

/// Rules files are untrusted: one nesting thousands of levels deep gets a sentence and a
/// place, never a stack overflow, and nesting of a realistic depth still compiles.
#[test]
fn nesting_too_deep_to_run() {
    // A chain of 300 additions nests 299 operations deep.
    let sum = vec!["k"; 300].join(" + ");
    let text = BASE.replacen("score q = k", &format!("score q = {sum}"), 1);
    let list = diagnostics(&text);
    assert_eq!(list.len(), 1, "said once: {list:?}");
    assert_eq!(
        list[0].message,
        "this expression nests more than 200 levels deep; split it with `let` or `define`"
    );
    assert!(text[list[0].span.start..].starts_with("k + k + k"));

    // 5,000 `else if`s, and 2,000 blocks inside each other.
    let chain = (1..5_000)
        .map(|i| format!("else if k == {i} {{ k = 0 }}"))
        .collect::<Vec<_>>()
        .join(" ");
    let nested = format!(
        "{}k = 0{}",
        "if k == 0 { ".repeat(2_000),
        " }".repeat(2_000)
    );
    for body in [format!("if k == 0 {{ k = 1 }} {chain}"), nested] {
        let text = BASE.replacen("  put p of mover value 1 at to", &body, 1);
        let list = diagnostics(&text);
        assert_eq!(list.len(), 1);
        assert_eq!(
            list[0].message,
            "the rules nest too deeply here (blocks, `else if`s or brackets inside each other)"
        );
        assert_eq!(
            list[0].hint.as_deref(),
            Some("split it with `define`, `let` or smaller blocks")
        );
    }

    // Realistic depths compile and run: 60 `else if`s, 20 blocks, a sum of 150 terms.
    let chain = (1..60)
        .map(|i| format!("else if k == {i} {{ k = {} }}", i + 1))
        .collect::<Vec<_>>()
        .join(" ");
    let nested = format!("{}k = 1{}", "if k == 0 { ".repeat(20), " }".repeat(20));
    let sum = vec!["k"; 150].join(" + ");
    let body = format!("if k == 0 {{ k = 1 }} {chain}\n  {nested}\n  k = {sum}");
    let text = BASE.replacen("  put p of mover value 1 at to", &body, 1);
    let game = compile(&Source::new("t.tabula", text.as_str()), &[]).expect("compiles");
    let mut engine = tabula::Engine::new(&game);
    let mut state = engine.initial_state().expect("initial state");
    let mut choices = tabula::Choices::default();
    engine.legal(&state, &mut choices).expect("legal");
    let steps = choices.get(0).to_vec();
    engine.apply(&mut state, &steps).expect("apply");
}

/// A chance event's `says` is a template over the outcome's names, checked like one.
#[test]
fn says_is_checked_like_a_template() {
    case(
        r#"chance roll "r{v}" for v"#,
        r#"chance roll "r{v}" says "rolled {vv}" for v"#,
        "unknown name `vv`",
        "vv",
        Some("did you mean `v`?"),
    );
    // `says` belongs to chance events only.
    case(
        r#"action go "{to}""#,
        r#"action go "{to}" says "to {to}""#,
        "expected `for`, `let`, `playout weight`, `where` or `{`, found `says`",
        "says",
        None,
    );
}

/// `show` values: a label, once; a number per player, over the names in scope.
#[test]
fn shown_values() {
    case(
        "",
        "show \"k\" q = k\nshow \"k\" q = k + 1\n",
        "`show \"k\"` is declared twice",
        "k",
        None,
    );
    case(
        "",
        "show \"\" q = k\n",
        "a shown value needs a label",
        "",
        Some("write it as `show \"pip count\" p = ...`"),
    );
    case(
        "",
        "show \"k\" q = kk\n",
        "unknown name `kk`",
        "kk",
        Some("did you mean `k`?"),
    );
}

/// A result's `named` is a template over the end rule's names, checked like one.
#[test]
fn named_results_are_checked_like_templates() {
    case(
        "",
        "end \"e\" for p in players when k > 9 winner p named \"{kk ? big}\"\n",
        "unknown name `kk`",
        "kk",
        Some("did you mean `k`?"),
    );
}

/// A `show` line of text: its `when` is a condition, its text a template.
#[test]
fn shown_lines_of_text() {
    case(
        "",
        "show \"k\" when k \"{k}\"\n",
        "expected true or false, but this is a number",
        "k",
        None,
    );
    case(
        "",
        "show \"k\" \"{kk}\"\n",
        "unknown name `kk`",
        "kk",
        Some("did you mean `k`?"),
    );
}
