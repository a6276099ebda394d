//! Every message of the state reader as `tabula moves GAME --state FILE` shows it: the
//! exact text, at the key or value the problem is in. Each document marks by hand, with
//! `«` and `»`, the text the caret must be under.

mod cli_support;
use cli_support::Test;

/// A game with one of each thing a state holds: two kinds of piece (one neutral, one
/// showing 1 to 6), stacks of two layers, a shared and a per-player pool, and counters
/// of each type.
const KIT: &str = r#"game "kit"
players red, blue
board { grid 3 x 1 layers 2 }
piece die value 1..6
piece wall neutral
pool bag of 1..6
pool hand per player of 1..3
counter tally
counter who: player
counter last: cell
counter flag: bool
counter score per player
action go "go" { }
phase main {
  starts red
  actions go
}
"#;

/// The document without its marks, and the line, column (in characters, from 1) and
/// width of the marked text.
fn unmark(marked: &str) -> (String, usize, usize, usize) {
    let open = marked.find('«').expect("a «");
    let close = marked.find('»').expect("a »");
    let doc = marked.replace(['«', '»'], "");
    let before = &marked[..open];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let width = marked[open + '«'.len_utf8()..close].chars().count();
    (doc, line, col, width)
}

/// One problem as shown: the message, the place, the line, the caret and the hint.
fn shown(file: &str, marked: &str, message: &str, hint: Option<&str>) -> String {
    let (doc, line, col, width) = unmark(marked);
    let text = doc.lines().nth(line - 1).unwrap_or("");
    let pad = " ".repeat(line.to_string().len() + 1);
    let mut out = format!(
        "error: {message}\n{pad}--> {file}:{line}:{col}\n{pad}|\n{line} | {text}\n{pad}| {}{}\n",
        " ".repeat(col - 1),
        "^".repeat(width.max(1))
    );
    if let Some(hint) = hint {
        out.push_str(&format!("{pad}|\n{pad}= hint: {hint}\n"));
    }
    out
}

/// `tabula moves GAME --state FILE` refuses `marked` with `message` at the mark.
#[track_caller]
fn refused(args: &[&str], file: &str, marked: &str, message: &str, hint: Option<&str>) {
    let (doc, ..) = unmark(marked);
    let mut all = vec!["moves"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--state", file]);
    Test::new()
        .file("kit.tabula", KIT)
        .file(file, &doc)
        .args(&all)
        .stderr(&shown(file, marked, message, hint))
        .failure()
        .run();
}

/// A kit state refused with `message` at the mark.
#[track_caller]
fn kit(marked: &str, message: &str) {
    refused(&["kit.tabula"], "s.json", marked, message, None);
}

#[track_caller]
fn kit_hint(marked: &str, message: &str, hint: &str) {
    refused(&["kit.tabula"], "s.json", marked, message, Some(hint));
}

#[test]
fn text_that_is_not_json_or_yaml() {
    kit(
        r#"{"phase": "main", "to_move": "red",«}»"#,
        "this is not valid JSON: trailing comma",
    );
    refused(
        &["kit.tabula"],
        "s.yaml",
        "phase: main\nto_move: red\n  cells«:» x\n",
        "this is not valid YAML: mapping values are not allowed in this context at line 3 column 8",
        None,
    );
    refused(
        &["kit.tabula"],
        "s.yaml",
        "phase: «!»x main\nto_move: red\n",
        "this value cannot be read: a tag (`!x`) means nothing in a state",
        None,
    );
    refused(
        &["kit.tabula"],
        "s.yaml",
        "phase: main\nto_move: red\n? «[»a, b]\n: x\n",
        "this value cannot be read: invalid type: sequence, expected a name",
        None,
    );
    let deep = format!("a: {}«[»{}", "[".repeat(64), "]".repeat(65));
    refused(
        &["kit.tabula"],
        "s.yaml",
        &deep,
        "brackets nest more than 64 deep here; a state nests four",
        None,
    );
}

#[test]
fn the_document_s_own_fields() {
    kit(
        "«[»1, 2]",
        "a state is an object with `phase`, `to_move`, `cells`, ...",
    );
    kit_hint(
        r#"{"phase": "main", "to_move": "red", «"to_mvoe"»: "blue"}"#,
        "unknown field `to_mvoe`; a state has game, options, phase, to_move, turn_of, chance, in_turn, cells, pools, counters",
        "did you mean `to_move`?",
    );
    refused(
        &["kit.tabula"],
        "s.yaml",
        "phase: main\nto_move: red\n«colour»: x\n",
        "unknown field `colour`; a state has game, options, phase, to_move, turn_of, chance, in_turn, cells, pools, counters",
        None,
    );
    kit(
        r#"{"phase": "main", "to_move": "red", «"phase"»: "main"}"#,
        "`phase` is given twice",
    );
    kit(r#"«{»"to_move": "red"}"#, "a state needs a `phase`");
    kit(r#"«{»"phase": "main"}"#, "a state needs `to_move`");
    kit_hint(
        r#"{"phase": «"mian"», "to_move": "red"}"#,
        "`mian` is not a phase; the phases are main",
        "did you mean `main`?",
    );
    kit(
        r#"{"phase": "main", "to_move": «"green"»}"#,
        "to_move: `green` is not a player; the players are red, blue",
    );
    kit_hint(
        r#"{"phase": "main", "to_move": «"redd"»}"#,
        "to_move: `redd` is not a player; the players are red, blue",
        "did you mean `red`?",
    );
    kit(
        r#"{"phase": "main", "to_move": "red", "turn_of": «2»}"#,
        "turn_of: `2` is not a player; the players are red, blue",
    );
    kit(
        r#"{"phase": "main", "to_move": "red", "chance": «"roll"»}"#,
        "`roll` is not a chance event of this game",
    );
    kit(
        r#"{"phase": "main", "to_move": "red", "in_turn": «1»}"#,
        "`in_turn` is true or false, not 1",
    );
    kit(
        r#"{"game": «"Chess"», "phase": "main", "to_move": "red"}"#,
        "this state is of `Chess`, not of `kit`",
    );
}

#[test]
fn options_are_the_game_s() {
    let naytin = |marked: &str, message: &str| {
        refused(
            &["naytin-six", "-o", "slide"],
            "s.json",
            marked,
            message,
            None,
        )
    };
    naytin(
        r#"{"options": «"slide"», "phase": "play", "to_move": "red"}"#,
        "`options` is a list of option names, like [slide], not slide",
    );
    naytin(
        r#"{"options": [«1»], "phase": "play", "to_move": "red"}"#,
        "`options` lists option names, not 1",
    );
    naytin(
        r#"{"options": «[»], "phase": "play", "to_move": "red"}"#,
        "this state is for options [], but the game was started with [slide]",
    );
}

/// A kit state whose cells are `cells`, on a line of their own.
fn with_cells(cells: &str) -> String {
    format!("{{\"phase\": \"main\", \"to_move\": \"red\",\n \"cells\": {cells}}}")
}

#[test]
fn cells_and_what_they_hold() {
    let cell = |cells: &str, message: &str| kit(&with_cells(cells), message);
    cell(
        "«[»]",
        "`cells` maps cell names to their contents, not a list",
    );
    cell(r#"{"a1": null, «"a1"»: null}"#, "cell `a1` is given twice");
    cell(
        r#"{«"a9"»: null}"#,
        "`a9` is not a cell of this board (cells run from `a1` to `c1`)",
    );
    kit_hint(
        &with_cells(r#"{«"a11"»: null}"#),
        "`a11` is not a cell of this board (cells run from `a1` to `c1`)",
        "did you mean `a1`?",
    );
    cell(
        r#"{"a1": «5»}"#,
        r#"cell `a1`: expected an object like {"owner": ..., "piece": ..., "value": ...}, not 5"#,
    );
    kit_hint(
        &with_cells(r#"{"a1": {"owner": "red", "piece": "die", «"valeu"»: 2}}"#),
        "cell `a1`: unknown field `valeu`; a cell has owner, piece, value, count, under",
        "did you mean `value`?",
    );
    kit_hint(
        &with_cells(r#"{"a1": {"owner": "red", "piece": «"dice"»}}"#),
        "cell `a1`: `dice` is not a piece; the pieces are die, wall",
        "did you mean `die`?",
    );
    cell(r#"{«"a1"»: {"owner": "red"}}"#, "cell `a1` needs a `piece`");
    cell(
        r#"{"a1": {"piece": "wall", "owner": «"red"»}}"#,
        "cell `a1`: a `wall` has no owner",
    );
    cell(
        r#"{«"a1"»: {"piece": "die"}}"#,
        "cell `a1` needs an `owner`",
    );
    cell(
        r#"{"a1": {"piece": "die", "owner": «"green"»}}"#,
        "cell `a1`: `green` is not a player; the players are red, blue",
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "value": «"six"»}}"#,
        "cell `a1`: the value must be a whole number, not six",
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "value": «4294967296»}}"#,
        "cell `a1`: the value must be a number from -2147483648 to 2147483647, not 4294967296",
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "value": «7»}}"#,
        "cell `a1`: a `die` shows 1 to 6, not 7",
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "count": «300»}}"#,
        "cell `a1`: a cell holds 0 to 255 pieces, not 300",
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "count": «1.5»}}"#,
        "cell `a1`: the count must be a whole number, not 1.5",
    );
    refused(
        &["kit.tabula"],
        "s.yaml",
        "phase: main\nto_move: red\ncells:\n  a1:\n    piece: die\n    owner: red\n    «owner»: blue\n",
        "cell `a1`: `owner` is given twice",
        None,
    );
}

#[test]
fn layers_under_the_top() {
    let cell = |cells: &str, message: &str| kit(&with_cells(cells), message);
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "under": [«3»]}}"#,
        r#"cell `a1`: a layer under the top is an object like {"owner": ..., "piece": ...}, not 3"#,
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "under": [{"owner": "blue", "piece": "die", «"under"»: []}]}}"#,
        "cell `a1`: unknown field `under`; a layer under the top has owner, piece, value, count",
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "under": [«{»"owner": "blue", "piece": "die", "count": 0}]}}"#,
        "cell `a1`: a layer under the top holds at least one piece",
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "under": «[»{"owner": "blue", "piece": "die"}, {"owner": "red", "piece": "die"}]}}"#,
        "cell `a1`: `under` lists at most 1 layer, nearest first",
    );
    cell(
        r#"{"a1": {"owner": "red", "piece": "die", "count": 0, "under": «[»{"owner": "blue", "piece": "die"}]}}"#,
        "cell `a1`: an empty cell has nothing under it",
    );
    refused(
        &["naytin-six"],
        "s.json",
        r#"{"phase": "play", "to_move": "red", "cells": {"a1": {"owner": "red", "piece": "die", "under": «[»{"owner": "blue", "piece": "die"}]}}}"#,
        "cell `a1`: this board's cells hold one layer (the board has no `layers N`), so nothing is `under`",
        None,
    );
}

/// A kit state whose pools are `pools`, on a line of their own.
fn with_pools(pools: &str) -> String {
    format!("{{\"phase\": \"main\", \"to_move\": \"red\",\n \"pools\": {pools}}}")
}

#[test]
fn pools_and_their_copies() {
    let pool = |pools: &str, message: &str| kit(&with_pools(pools), message);
    pool(
        "«[»]",
        "`pools` maps pool names to their copies, not a list",
    );
    pool(r#"{"bag": [], «"bag"»: []}"#, "pool `bag` is given twice");
    kit_hint(
        &with_pools(r#"{«"bags"»: []}"#),
        "`bags` is not a pool of this game",
        "did you mean `bag`?",
    );
    pool(
        r#"{"hand": {"red": [], «"red"»: []}}"#,
        "pool `hand`: `red` is given twice",
    );
    pool(
        r#"{"hand": {«"green"»: []}}"#,
        "pool `hand`: `green` is not a player; the players are red, blue",
    );
    pool(
        r#"{"hand": {"red": «5»}}"#,
        "pool `hand`: expected a list of values, not 5",
    );
    pool(
        r#"{"bag": «{»}}"#,
        "pool `bag`: expected a list of values, not an object",
    );
    pool(
        r#"{"hand": «[»1]}"#,
        r#"pool `hand` is kept per player: {"red": [...], ...}"#,
    );
    pool(
        r#"{"bag": [1, «"x"»]}"#,
        "pool `bag`: a value must be a whole number, not x",
    );
    pool(r#"{"bag": [«7»]}"#, "pool `bag` holds values 1 to 6, not 7");
    // A copy a line, so that the line shown is short.
    let copies = vec!["1"; 100_001].join(",\n");
    kit(
        &with_pools(&format!("{{\"bag\": «[»\n{copies}]}}")),
        "pool `bag` holds at most 100000 copies, not 100001",
    );
}

/// A kit state whose counters are `counters`, on a line of their own.
fn with_counters(counters: &str) -> String {
    format!("{{\"phase\": \"main\", \"to_move\": \"red\",\n \"counters\": {counters}}}")
}

#[test]
fn counters_of_each_type() {
    let counter = |counters: &str, message: &str| kit(&with_counters(counters), message);
    counter(
        "«5»",
        "`counters` maps counter names to their values, not 5",
    );
    counter(
        r#"{"tally": 1, «"tally"»: 2}"#,
        "counter `tally` is given twice",
    );
    kit_hint(
        &with_counters(r#"{«"scor"»: 1}"#),
        "`scor` is not a counter of this game",
        "did you mean `score`?",
    );
    counter(
        r#"{"score": {"red": 1, «"red"»: 2}}"#,
        "counter `score`: `red` is given twice",
    );
    counter(
        r#"{"score": {«"green"»: 1}}"#,
        "counter `score`: `green` is not a player; the players are red, blue",
    );
    counter(
        r#"{"score": «3»}"#,
        r#"counter `score` is kept per player: {"red": 0, ...}"#,
    );
    counter(
        r#"{"who": «"nobody"»}"#,
        "counter `who`: `nobody` is not a player; the players are red, blue",
    );
    counter(r#"{"last": «"z9"»}"#, "counter `last`: `z9` is not a cell");
    counter(
        r#"{"tally": «1.5»}"#,
        "counter `tally` must be a whole number, not 1.5",
    );
    counter(
        r#"{"tally": «{»}}"#,
        "counter `tally` must be a whole number, not an object",
    );
    counter(
        r#"{"score": {"red": «4294967296»}}"#,
        "counter `score` must be a number from -2147483648 to 2147483647, not 4294967296",
    );
    // Past what 64 bits hold with a sign, it is still a whole number too large.
    counter(
        r#"{"tally": «18446744073709551615»}"#,
        "counter `tally` must be a number from -2147483648 to 2147483647, not 18446744073709551615",
    );
    counter(
        r#"{"flag": «"yes"»}"#,
        "counter `flag` is true or false, not yes",
    );
}

#[test]
fn a_problem_is_shown_where_its_path_leads_not_where_its_text_first_appears() {
    // `a1` is first the name of a cell; the problem is the second `a1`, b1's piece.
    kit(
        &with_cells(r#"{"a1": {"piece": "wall"}, "b1": {"owner": "red", "piece": «"a1"»}}"#),
        "cell `b1`: `a1` is not a piece; the pieces are die, wall",
    );
    refused(
        &["kit.tabula"],
        "s.yaml",
        "phase: main\nto_move: red\ncells:\n  a1: {piece: wall}\n  b1: {owner: red, piece: «a1»}\n",
        "cell `b1`: `a1` is not a piece; the pieces are die, wall",
        None,
    );
    // counters.score.blue: `blue` is a key before it is the value refused.
    kit(
        &with_counters(r#"{"who": "blue", "score": {"red": 1, "blue": «"blue"»}}"#),
        "counter `score` must be a whole number, not blue",
    );
}

#[test]
fn a_counter_whose_start_cannot_be_worked_out() {
    let rules = KIT.replace(
        "counter tally\n",
        "counter tally = sum(i in 1..100000 : sum(j in 1..100000 : 1))\n",
    );
    let marked = r#"«{»"phase": "main", "to_move": "red"}"#;
    let (doc, ..) = unmark(marked);
    Test::new()
        .file("kit.tabula", &rules)
        .file("s.json", &doc)
        .args(&["moves", "kit.tabula", "--state", "s.json"])
        .stderr(&shown(
            "s.json",
            marked,
            "the counters' starting values cannot be worked out: the starting value of counter `tally` took more than 50000000 loop steps; does a `for` run over a huge range?",
            None,
        ))
        .failure()
        .run();
}

#[test]
fn past_fifty_problems_the_rest_are_counted() {
    // A cell a line: line numbers of two digits widen the margin.
    let cells: Vec<String> = (0..53).map(|i| format!("\"z{i}\": null")).collect();
    let doc = with_cells(&format!("{{\n{}\n}}", cells.join(",\n")));
    let mut expected: Vec<String> = (0..50)
        .map(|i| {
            let marked = doc.replacen(&format!("\"z{i}\""), &format!("«\"z{i}\"»"), 1);
            let m = format!("`z{i}` is not a cell of this board (cells run from `a1` to `c1`)");
            shown("s.json", &marked, &m, None)
        })
        .collect();
    expected.push(shown(
        "s.json",
        &format!("«{}»{}", &doc[..1], &doc[1..]),
        "and 3 more problems",
        None,
    ));
    Test::new()
        .file("kit.tabula", KIT)
        .file("s.json", &doc)
        .args(&["moves", "kit.tabula", "--state", "s.json"])
        .stderr(&expected.join("\n"))
        .failure()
        .run();
}

#[test]
fn yaml_is_told_by_the_name_s_ending_in_any_case() {
    let doc = "phase: main\nto_move: red\ncells:\n  a1: {owner: red, piece: die}\n";
    for name in ["S.YAML", "s.Yml", "s.yaml"] {
        Test::new()
            .file("kit.tabula", KIT)
            .file(name, doc)
            .args(&["moves", "kit.tabula", "--state", name])
            .stdout("go\n")
            .run();
    }
    refused(
        &["kit.tabula"],
        "s.Yml",
        "phase: main\nto_move: red\n  cells«:» x\n",
        "this is not valid YAML: mapping values are not allowed in this context at line 3 column 8",
        None,
    );
    // The same text in a file that is not named as YAML is read as JSON.
    kit(
        "«p»hase: main\nto_move: red\n",
        "this is not valid JSON: expected value",
    );
}

/// `marked` with only its `n`th pair of marks (counting from 0) kept.
fn nth_mark(marked: &str, n: usize) -> String {
    let mut out = String::new();
    let mut pair = 0;
    for c in marked.chars() {
        match c {
            '«' if pair == n => out.push(c),
            '»' => {
                if pair == n {
                    out.push(c);
                }
                pair += 1;
            }
            '«' => {}
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn fields_the_format_lacks_or_has_twice_are_problems_among_the_others() {
    // Every problem at once, in the order of the file.
    let marked = [
        r#"{"phase": "main", "to_move": «"green"»,"#,
        r#" «"colour"»: "x","#,
        r#" "cells": {"a1": {"owner": "red", "piece": "die", «"owner"»: "blue", «"size"»: 1}},"#,
        r#" «"phase"»: "main"}"#,
    ]
    .join("\n");
    let messages = [
        "to_move: `green` is not a player; the players are red, blue",
        "unknown field `colour`; a state has game, options, phase, to_move, turn_of, chance, in_turn, cells, pools, counters",
        "cell `a1`: `owner` is given twice",
        "cell `a1`: unknown field `size`; a cell has owner, piece, value, count, under",
        "`phase` is given twice",
    ];
    let expected: Vec<String> = messages
        .iter()
        .enumerate()
        .map(|(n, message)| shown("s.json", &nth_mark(&marked, n), message, None))
        .collect();
    let (doc, ..) = unmark(&nth_mark(&marked, 0));
    Test::new()
        .file("kit.tabula", KIT)
        .file("s.json", &doc)
        .args(&["moves", "kit.tabula", "--state", "s.json"])
        .stderr(&expected.join("\n"))
        .failure()
        .run();
}

#[test]
fn a_layer_under_the_top_given_a_field_twice() {
    refused(
        &["kit.tabula"],
        "s.yaml",
        "phase: main\nto_move: red\ncells:\n  a1:\n    piece: die\n    owner: red\n    under:\n      - {piece: die, owner: blue, «piece»: die}\n",
        "cell `a1`: `piece` is given twice",
        None,
    );
}
