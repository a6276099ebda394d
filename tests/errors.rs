//! Every diagnostic a rules file can get: its exact sentence, the text it points at and
//! its hint. Each case starts from a small valid game and breaks one thing. Here: syntax,
//! declarations, names and types; effects, phases, moves, ends and the rest are in
//! `errors_play.rs`.

mod errors_support;

use errors_support::*;

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
    // Each token is named once, though `=` is tried alone and as an assignment. After
    // a counter's name only an assignment can follow (or its index, `[`, which could
    // follow any expression and so is named only when nothing else is expected).
    case(
        "  put p of mover value 1 at to\n",
        "  k 3\n",
        "expected `+=`, `-=` or `=`, found `3`",
        "3",
        None,
    );
    // The words of a two-word token are named together, where the second is missing.
    case(
        "counter k\n",
        "counter k per ( turn\n",
        "expected `per player` or `per turn`, found `(`",
        "(",
        None,
    );
    // `per` is named with the word it begins, where that word is missing.
    case(
        "pool bag per player of 1..6",
        "pool bag 1..6",
        "expected `of` or `per player`, found `1..6`",
        "1..6",
        None,
    );
    // Everything a counter may have next, each once (`:` begins its type).
    case(
        "counter k\n",
        "counter k points\n",
        "expected `:`, `=`, `hidden`, `per player` or `per turn`, found `points`",
        "points",
        None,
    );
    case(
        "  actions go\n",
        "  actions go\n  stuck draw\n",
        "expected `end` or `pass`, found `draw`",
        "draw",
        None,
    );
    // Each attribute a piece may have next is named once.
    case(
        "piece p value 1..6",
        "piece p value 1..6 6",
        "expected `neutral` or `value`, found `6`",
        "6",
        None,
    );
    // A block is not a statement: `{` is not named among what a block may hold.
    case(
        "  put p of mover value 1 at to\n",
        "  { put p of mover value 1 at to\n",
        "expected `for`, `let`, `}`, a name or a statement, found `{`",
        "{",
        None,
    );
    // The caret is on the word that cannot be there (`where`), not on a later one.
    case(
        "  put p of mover value 1 at to\n",
        "  put where p of mover value 1 at to\n",
        "expected `+=`, `-=`, `=`, a name or an expression, found `where`",
        "where",
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
    // A value's text ends at its `}`, not at the end of the file.
    case(
        "action go \"{to}\"",
        "action go \"{to +}\"",
        "expected an expression, found `}`",
        "",
        None,
    );
    case(
        "action go \"{to}\"",
        "action go \"{to where}\"",
        "expected `}`, found `where`",
        "where",
        None,
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
        "piece values run from a smaller number to a larger one, at most 4095",
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
        "`home` is already the name of a region, track, zone, line or direction set",
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
    // A label a player may also type must name one cell.
    case(
        "",
        "names a { a1 as x, a2 }",
        "`a2` already names a2 for a; a label names one cell",
        "a2",
        None,
    );
    case(
        "",
        "names a { a1 as x, y; b1 as z, y }",
        "`y` already names a1 for a; a label names one cell",
        "y",
        None,
    );
    case(
        "",
        "layout points { middle = bar }",
        "`middle` names a zone to draw in the board's middle, and this board has no zones",
        "middle",
        None,
    );
}

/// A board names sets of its directions, and the readings take one: every misuse is
/// answered at its place.
#[test]
fn direction_sets() {
    let board = "board { grid 3 x 3 }";
    let with = |items: &str| format!("board {{ grid 3 x 3 {items} }}");
    case(
        board,
        &with("directions rook = n, e, sw, ww"),
        "the direction set `rook` names `ww`, which is not a direction of this board",
        "ww",
        Some("did you mean `w`?"),
    );
    case(
        board,
        &with("directions rook = n, e, up"),
        "the direction set `rook` names `up`, which is not a direction of this board",
        "up",
        Some("this board's directions are n, s, e, w, ne, nw, se, sw"),
    );
    case(
        board,
        &with("dir ahead = a: n, b: s directions rook = ahead, e"),
        "the direction set `rook` names `ahead`, a direction relative to the player",
        "ahead",
        Some("a set holds the board's own directions, the same for every player; loop over relative ones with `for d in [forward, left]`"),
    );
    case(
        board,
        &with("directions ne = n, e"),
        "the direction `ne` is declared twice",
        "ne",
        None,
    );
    case(
        board,
        &with("directions rook = n, e directions rook = s"),
        "the direction `rook` is declared twice",
        "rook",
        None,
    );
    case(
        board,
        &with("directions rook = n, e, s, w adjacency rooks"),
        "unknown direction set `rooks`",
        "rooks",
        Some("did you mean `rook`?"),
    );
    case(
        board,
        &with("adjacency orthogonal"),
        "unknown direction set `orthogonal`",
        "orthogonal",
        Some("name one in the board: `directions orthogonal = n, e, s, w`"),
    );
    case(
        board,
        &with("directions rook = n, e directions bishop = ne, nw adjacency rook adjacency bishop"),
        "the board says `adjacency` twice",
        "bishop",
        None,
    );
    let many: String = (0..17).map(|i| format!("directions d{i} = n ")).collect();
    case(
        board,
        &with(&many),
        "a board has at most 16 direction sets",
        "d16",
        None,
    );
    let rook =
        "board { grid 3 x 3 directions rook = n, e, s, w directions bishop = ne, nw, se, sw }";
    let region = BASE
        .replace(board, rook)
        .replace("region home", "region rook");
    let d = diagnostics(&region);
    assert_eq!(
        d[0].message,
        "`rook` is already the name of a region, track, zone, line or direction set"
    );
    let sets = "this board's direction sets are rook, bishop";
    let read = |at: &str| BASE.replace(board, rook).replace("where empty(to)", at);
    let check = |at: &str, message: &str, under: &str, hint: Option<&str>| {
        let text = read(at);
        let d = diagnostics(&text);
        let d = d.first().unwrap_or_else(|| panic!("no error for {at}"));
        assert_eq!(d.message, message, "{at}");
        assert_eq!(&text[d.span.start..d.span.end], under, "{at}");
        assert_eq!(d.hint.as_deref(), hint, "{at}");
    };
    check(
        "where exists(n in neighbours(to, rock) where empty(n))",
        "unknown direction set `rock`",
        "rock",
        Some("did you mean `rook`?"),
    );
    check(
        "where exists(n in neighbours(to, queen) where empty(n))",
        "unknown direction set `queen`",
        "queen",
        Some(sets),
    );
    check(
        "where liberties(to, 4) > 0",
        "expected a direction set, by its name",
        "4",
        Some(sets),
    );
    check(
        "where step(to, rook) == none",
        "`rook` is a set of directions, not one value",
        "rook",
        Some("use it as `for d in rook`, `d in rook` or `neighbours(c, rook)`"),
    );
    check(
        "where count(to) == rook",
        "`rook` is a set of directions, not one value",
        "rook",
        Some("use it as `for d in rook`, `d in rook` or `neighbours(c, rook)`"),
    );
    check(
        "where liberties(to, rook, bishop) > 0",
        "`liberties` takes a cell and, maybe, a direction set",
        "liberties(to, rook, bishop)",
        Some("write `liberties(c)` or `liberties(c, SET)` with a set of `directions`"),
    );
    check(
        "where exists(g in group(to, rook, 1) where empty(g))",
        "`group` takes a cell and, maybe, a direction set",
        "group(to, rook, 1)",
        Some("write `group(c)` or `group(c, SET)` with a set of `directions`"),
    );
    check(
        "where exists(g in group(rook) where empty(g))",
        "`rook` is a set of directions, not one value",
        "rook",
        Some("use it as `for d in rook`, `d in rook` or `neighbours(c, rook)`"),
    );
    check(
        "where connected(mover, home[mover], home[mover], rook, rook)",
        "`connected` takes 3 arguments (a player and two regions) and maybe a direction set, not 5",
        "connected(mover, home[mover], home[mover], rook, rook)",
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
    // A misspelt aggregate gets its "did you mean" whether its `where` stops the parse
    // or it reads as a call of a function with an `in` test.
    case(
        "where empty(to)",
        "where not exist(c in cells where owner(c) == mover)",
        "unknown function `exist`",
        "exist",
        Some("did you mean `exists`?"),
    );
    case(
        "where empty(to)",
        "where cont(c in cells where empty(c)) > 2",
        "unknown function `cont`",
        "cont",
        Some("did you mean `count`?"),
    );
    case(
        "where empty(to)",
        "where exist(c in cells)",
        "unknown function `exist`",
        "exist",
        Some("did you mean `exists`?"),
    );
    case("where empty(to)", "where frob(to)", "unknown function `frob`", "frob", Some("the functions are owner, layers, pieces, value, count, empty, is, step, slide, opponent, pos, at, length, size, has, min, max, abs, option, can, neighbours, run, first, file, rank, group, lines, liberties, connected, occurrences, cut, reaches"));
    case(
        "where empty(to)",
        "where neighbours(to)",
        "`neighbours(c)` is a set of cells",
        "neighbours(to)",
        Some("use it as `for n in neighbours(c)` or `exists(n in neighbours(c) where ...)`"),
    );
}
