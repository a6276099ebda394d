//! The diagnostics of strategies (`strategy NAME "..." { play ... }`): each message's
//! exact sentence, what it points at and its hint, on the small valid game of
//! `errors_support` with a strategy added.

mod errors_support;

use errors_support::*;
use tabula::{compile, CompileError, Source};

/// BASE with `text` appended, as `tabula check t.tabula` shows its problems.
fn rendered(text: &str) -> String {
    match compile(&Source::new("t.tabula", format!("{BASE}{text}")), &[]) {
        Ok(_) => panic!("no error"),
        Err(CompileError::Rules(d)) => d.render(false),
        Err(CompileError::Option(m)) => panic!("{m}"),
    }
}

#[test]
fn a_strategy_of_the_base_game_is_valid() {
    let text = format!(
        "{BASE}strategy corner \"the first corner\" {{\n  play go where to == #a1\n  play go let n = 1 avoid k > 9 by n then 0 - n\n}}\n"
    );
    assert!(diagnostics(&text).is_empty());
}

#[test]
fn a_strategy_may_not_take_a_built_in_level_s_name() {
    case(
        "",
        "strategy mcts \"x\" { play go }",
        "the strategy `mcts` has the name of a built-in computer level",
        "mcts",
        Some("a strategy is played as a level by its name; the built-in levels are random, greedy, playouts, mcts, net, net2, net3, az, off: name it otherwise"),
    );
    // `person` and `human` mean no computer, as `off` does.
    case(
        "",
        "strategy human \"x\" { play go }",
        "the strategy `human` has the name of a built-in computer level",
        "human",
        Some("a strategy is played as a level by its name; the built-in levels are random, greedy, playouts, mcts, net, net2, net3, az, off: name it otherwise"),
    );
}

#[test]
fn a_strategy_needs_a_rule() {
    case(
        "",
        "strategy idle \"does nothing\" { }",
        "the strategy `idle` has no rule",
        "idle",
        Some("write its rules in order, each `play ACTION ...`; the first that matches a legal move decides"),
    );
}

#[test]
fn a_rule_names_each_action_once() {
    case(
        "",
        "strategy s \"x\" { play go, go }",
        "the rule names the action `go` twice",
        "go",
        Some("name it once"),
    );
}

#[test]
fn a_strategy_is_declared_once() {
    case(
        "",
        "strategy s \"x\" { play go }\nstrategy s \"y\" { play go }",
        "the strategy `s` is declared twice",
        "s",
        None,
    );
}

#[test]
fn a_rule_names_actions_and_reads_what_they_bind() {
    case(
        "",
        "strategy s \"x\" { play goo }",
        "unknown action `goo`",
        "goo",
        Some("did you mean `go`?"),
    );
    case(
        "",
        "strategy s \"x\" { play go where empty(too) }",
        "unknown name `too`",
        "too",
        Some("did you mean `to`?"),
    );
    case(
        "",
        "strategy s \"x\" { play go by empty(to) }",
        "expected a number, but this is true or false",
        "empty(to)",
        None,
    );
    case(
        "",
        "strategy s \"x\" { play go avoid k }",
        "expected true or false, but this is a number",
        "k",
        None,
    );
    // A chance event is nature's, not a move a strategy chooses.
    case(
        "",
        "strategy s \"x\" { play roll }",
        "unknown action `roll`",
        "roll",
        Some("the actions are: go"),
    );
}

#[test]
fn a_strategy_holds_rules_only() {
    case(
        "",
        "strategy s \"x\" { go }",
        "expected `}` or a strategy's rule (`play ACTION ...`), found `go`",
        "go",
        None,
    );
}

#[test]
fn a_mistake_in_a_rule_is_drawn_at_its_place() {
    // BASE is 21 lines: the strategy starts at line 22, its rule at 23.
    assert_eq!(
        rendered("strategy s \"x\" {\n  play go where empty(too)\n}\n"),
        "error: unknown name `too`
   --> t.tabula:23:23
   |
23 |   play go where empty(too)
   |                       ^^^
   |
   = hint: did you mean `to`?

"
    );
}
