//! Defines with parameters, named lists of directions and `let` in an expression, in
//! play: a small game whose moves and scores are worked out by hand, played by the
//! compiled rules with the rewrites on and off and by the tree walker; and what the
//! language services know of a define's parameters and of its calls.

mod cli_support;

use cli_support::Test;
use tabula::internals::{rules_with, Rewrites};
use tabula::services::{self, OutlineKind, SymbolKind};
use tabula::{Choices, Engine, Game, Source};

/// On a 3 x 3 grid, a holds b2 at the start; `forward` is north for a, south for b.
/// `go` puts a piece on an empty cell whose forward neighbour is empty too (`free` reads
/// its parameter `to`, not the `to` of the action; `here_empty` reads the action's);
/// `spread` fills the empty diagonal neighbours of one of the mover's pieces; `push`
/// moves a piece one cell forward. The score is 2 (k + 1) + 10 (pieces + 1), with k 3.
///
/// At the start a may `go` on a1, c1, a2, c2 (b1 is under b2; a third-rank cell has no
/// north), `spread` from b2 or `push` b2 to b3: 28 for a (one piece), 18 for b. After
/// a spreads, a holds b2, a1, c1, a3, c3: 8 + 60. After a pushes b2 to b3, b may go on
/// a2, b2, c2, a3, c3; after b goes on a2 and a on c1, b may go on b2 and c3, spread
/// from a2 or push it to a1, and has 8 + 20.
const RULES: &str = r#"game "defines"
players a, b
board {
  grid 3 x 3
  dir forward = a: n, b: s
}
piece p
counter k = 3

define double(x) = x + x
define tens(y) = y * 10
define plus_one_tens(x) = tens(x + 1)
define mine(who) = count(c in cells where owner(c) == who)
define ahead = [forward]
define diagonals = [ne, nw, se, sw]
// A parameter named like a local of the place of use stands for its argument there.
define free(to) = empty(to)
// Without parameters, a define reads the local names of the place of use.
define here_empty = empty(to)

setup {
  put p of a at b2
}

action go "{to}"
  for to in cells
  where here_empty and free(step(to, forward))
{
  put p of mover at to
}

action spread "x{at}"
  for at in cells
  where owner(at) == mover
{
  for d in diagonals {
    if empty(step(at, d)) {
      put p of mover at step(at, d)
    }
  }
}

action push "^{from}"
  for from in cells
  where owner(from) == mover
  for d in ahead
  where let t = step(from, d) in t != none and empty(t)
{
  move from -> step(from, d)
}

score q = double(k + 1) + plus_one_tens(mine(q))

phase play {
  starts a
  actions go, spread, push
}

test "the first moves" {
  expect moves ["a1", "c1", "a2", "c2", "xb2", "^b2"]
  expect score a = 28
  expect score b = 18
}

test "spreading along the diagonals" {
  play "xb2"
  expect score a = 68
  expect score b = 18
}

test "the other side goes south" {
  play "^b2"
  expect moves ["a2", "b2", "c2", "a3", "c3"]
  play "a2", "c1"
  expect moves ["b2", "c3", "xa2", "^a2"]
  expect score b = 28
}
"#;

fn compiled(rewrites: Rewrites) -> tabula::internals::ir::Rules {
    let source = Source::new("defines.tabula", RULES);
    match rules_with(&source, &[], rewrites) {
        Ok(rules) => rules,
        Err(e) => panic!("{}", e.render(false)),
    }
}

/// The legal moves after `moves`, as text.
fn moves_after(game: &Game, moves: &[&str]) -> Vec<String> {
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state().expect("start");
    for m in moves {
        engine.play_text(&mut state, m).expect(m);
    }
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).expect("legal");
    (0..choices.len())
        .map(|i| engine.choice_text(&state, &choices[i]).expect("text"))
        .collect()
}

#[test]
fn the_rules_file_passes_its_tests_worked_out_by_hand() {
    Test::new()
        .file("defines.tabula", RULES)
        .args(&["test", "defines.tabula"])
        .stdout(
            "defines.tabula: 3 tests
  ok    the first moves
  ok    spreading along the diagonals
  ok    the other side goes south
3 passed, 0 failed
",
        )
        .run();
}

#[test]
fn rewritten_as_written_and_tree_walked_the_moves_are_the_ones_worked_out() {
    let games = [
        ("rewritten", Game::new(compiled(Rewrites::On))),
        ("as written", Game::new(compiled(Rewrites::Off))),
        ("tree-walked", Game::interpreted(compiled(Rewrites::Off))),
    ];
    for (label, game) in &games {
        let at_start = moves_after(game, &[]);
        let mut sorted = at_start.clone();
        sorted.sort();
        assert_eq!(sorted, ["^b2", "a1", "a2", "c1", "c2", "xb2"], "{label}");
        let mut south = moves_after(game, &["^b2"]);
        south.sort();
        assert_eq!(south, ["a2", "a3", "b2", "c2", "c3"], "{label}");
        let mut later = moves_after(game, &["^b2", "a2", "c1"]);
        later.sort();
        assert_eq!(later, ["^a2", "b2", "c3", "xa2"], "{label}");
    }
}

/// The offset of the `n`th (from 0) `needle` in RULES.
fn at(needle: &str, n: usize) -> usize {
    RULES.match_indices(needle).nth(n).expect("there").0
}

#[test]
fn a_call_finds_its_define_and_a_parameter_is_a_local_of_the_value() {
    // From a call to the define.
    let call = at("plus_one_tens(mine", 0);
    let here = services::definition(RULES, call).expect("the define");
    assert_eq!(here.span.start, at("plus_one_tens(x)", 0));
    assert_eq!(&RULES[here.span.start..here.span.end], "plus_one_tens");
    // From the use of a parameter to the parameter.
    let use_of_x = at("x + 1", 0);
    let here = services::definition(RULES, use_of_x).expect("the parameter");
    assert_eq!(here.span.start, at("x) = tens", 0));
    // The parameter `to` of `free` is not the action's `to`.
    let param = at("(to) = empty(to)", 0) + 1;
    let uses = services::references(RULES, param, true);
    let spans: Vec<usize> = uses.iter().map(|l| l.span.start).collect();
    assert_eq!(spans, [param, at("empty(to)\n", 0) + 6]);
    let hover = services::hover(RULES, at("empty(to)\n", 0) + 6).expect("a hover");
    assert!(hover.text.ends_with("local name `to`"), "{}", hover.text);
    // Renaming a parameter changes it and its uses in the value only.
    let edits = services::rename(RULES, at("who) = count", 0), "side").expect("renamed");
    let changed: Vec<&str> = edits
        .iter()
        .map(|e| &RULES[e.span.start..e.span.end])
        .collect();
    assert_eq!(changed, ["who", "who"]);
    // A use of the define is a reference to it.
    let refs = services::references(RULES, at("double(x)", 0), false);
    assert_eq!(refs.len(), 1);
    assert_eq!(refs[0].span.start, at("double(k", 0));
}

#[test]
fn completion_in_the_value_offers_the_parameters_and_a_call_offers_the_define() {
    let labels = |text: &str, at: usize| -> Vec<String> {
        services::completions(text, at)
            .into_iter()
            .map(|c| c.label)
            .collect()
    };
    // Inside `owner(c) == who`, after `w`.
    let inside = at("== who)", 0) + 4;
    let text = format!("{}{}", &RULES[..inside], &RULES[inside + 2..]);
    let l = labels(&text, inside);
    assert!(l.iter().any(|w| w == "who"), "{l:?}");
    // The parameter is not a name outside its define.
    let outside = at("score q = ", 0) + "score q = ".len();
    let l = labels(RULES, outside);
    assert!(!l.iter().any(|w| w == "who"), "{l:?}");
    assert!(l.iter().any(|w| w == "plus_one_tens"), "{l:?}");
}

#[test]
fn the_outline_lists_a_define_s_parameters() {
    let items = services::outline(RULES).expect("parses");
    let mine = items.iter().find(|i| i.name == "mine").expect("listed");
    assert_eq!(mine.kind, OutlineKind::Symbol(SymbolKind::Define));
    let params: Vec<&str> = mine.children.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(params, ["who"]);
    assert_eq!(
        mine.children[0].kind,
        OutlineKind::Symbol(SymbolKind::Local)
    );
    let diagonals = items
        .iter()
        .find(|i| i.name == "diagonals")
        .expect("listed");
    assert!(diagonals.children.is_empty());
}

#[test]
fn the_layout_keeps_the_new_forms() {
    let messy = "define  f( a ,b )=let x=a+b in x*2\ndefine d=[ n,e ]\n";
    assert_eq!(
        services::formatting(messy).expect("parses"),
        "define f(a, b) = let x = a + b in x * 2\ndefine d = [n, e]\n"
    );
    assert_eq!(services::formatting(RULES).expect("parses"), RULES);
}
