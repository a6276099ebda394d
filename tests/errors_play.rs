//! Every diagnostic a rules file can get: its exact sentence, the text it points at and
//! its hint. Each case starts from a small valid game and breaks one thing. Here:
//! effects, phases, moves and ends, options, notation, nesting and shown text; syntax,
//! declarations, names and types are in `errors.rs`.

mod errors_support;

use errors_support::*;
use tabula::{compile, CompileError, Source};

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
    let steps = choices[0].to_vec();
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
