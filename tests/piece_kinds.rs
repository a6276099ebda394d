//! A move that chooses a piece kind: `for k in [queen, rook, ...]` lists kinds, `put k`
//! puts the chosen one, `is(c, k)` and `k == queen` read it, and the notation prints its
//! name. The moves are counted by hand; each misuse is answered with its place.

mod common;
mod examples_support;

use common::*;
use examples_support::first_error;
use tabula::{compile, Source};

/// A 3x3 grid where a white pawn on a2 steps to a3 and becomes a piece of the kinds
/// listed; black has a rook on b3 and a wall (neutral) stands on b1.
const GAME: &str = r#"game "t"
players white, black
board { grid 3 x 3 }
piece pawn
piece queen
piece rook
piece knight
piece wall neutral

action promote "{from}{to}={k}"
  for from in cells where is(from, pawn) and owner(from) == mover
  let to = step(from, n)
  where to != none and empty(to)
  for k in [queen, rook, knight, wall]
{
  remove from
  put k of mover at to
}

// A rook or a queen takes a piece of the other side next to it.
action take "{from}x{to}"
  for k in [rook, queen]
  for from in cells where is(from, k) and owner(from) == mover
  for to in neighbours(from) where owner(to) == opponent
{
  remove to
  move from -> to
}

phase play {
  starts white
  actions promote, take
}

setup {
  put pawn of white at a2
  put rook of black at b3
  put wall at b1
}

score p = count(k in [queen, rook] where exists(c in cells where is(c, k) and owner(c) == p))

// Every kind, in the order declared: pawn, queen, rook, knight, wall.
show "kinds on the board" "{count(k in pieces where exists(c in cells where is(c, k)))}"
show "kinds" "{count(k in pieces)} {sum(k in pieces where k == wall : 10) + sum(k in pieces where k == pawn : 1)}"
"#;

fn start() -> (tabula::Game, State) {
    let game = compile(&Source::new("t.tabula", GAME), &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = Engine::new(&game).initial_state().expect("a start");
    (game, s)
}

#[test]
fn a_move_chooses_a_kind_and_its_notation_names_it() {
    let (game, s) = start();
    let mut engine = Engine::new(&game);
    // One pawn, one empty cell ahead, four kinds.
    assert_eq!(
        moves(&mut engine, &s),
        ["a2a3=knight", "a2a3=queen", "a2a3=rook", "a2a3=wall"]
    );
    let mut t = s.clone();
    play(&mut engine, &mut t, "a2a3=knight");
    assert_eq!(
        cell(&game, &t, "a3"),
        Some(("white".into(), "knight".into(), 0))
    );
    assert_eq!(cell(&game, &t, "a2"), None);
    // A neutral kind chosen is put without the owner.
    let mut t = s.clone();
    play(&mut engine, &mut t, "a2a3=wall");
    let at = doc(&game, &t)["cells"]["a3"].clone();
    assert_eq!(at["piece"], "wall");
    assert!(at.get("owner").is_none_or(|o| o.is_null()), "{at}");
}

#[test]
fn pieces_is_every_kind_in_the_order_declared() {
    let (game, s) = start();
    let engine = Engine::new(&game);
    let shown = engine.shown(&s).expect("shown");
    let text = |label: &str| {
        shown
            .iter()
            .find_map(|(l, t)| match t {
                tabula::engine::Shown::Text(t) if l == label => Some(t.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{label}: {shown:?}"))
    };
    // Five kinds; wall and pawn each once. On the board at the start: pawn, rook, wall.
    assert_eq!(text("kinds"), "5 11");
    assert_eq!(text("kinds on the board"), "3");
}

#[test]
fn a_local_kind_is_read_by_is_and_compared() {
    let (game, s) = start();
    let mut engine = Engine::new(&game);
    // Black's rook and nothing of white's: scores count kinds of rook and queen held.
    assert_eq!(Engine::new(&game).scores(&s).expect("scores"), [0, 1]);
    let mut t = s.clone();
    play(&mut engine, &mut t, "a2a3=queen");
    assert_eq!(Engine::new(&game).scores(&t).expect("scores"), [1, 1]);
    // Black's rook on b3 takes the queen next to it on a3.
    assert_eq!(moves(&mut engine, &t), ["b3xa3"]);
    // Whatever white chose, black's rook takes it; then a3 holds black's rook.
    let mut t = s;
    play(&mut engine, &mut t, "a2a3=knight");
    assert_eq!(moves(&mut engine, &t), ["b3xa3"]);
    play(&mut engine, &mut t, "b3xa3");
    assert_eq!(
        cell(&game, &t, "a3"),
        Some(("black".into(), "rook".into(), 0))
    );
}

#[test]
fn kinds_listed_in_one_line_are_declared_one_by_one_in_that_order() {
    let listed = GAME.replacen(
        "piece pawn\npiece queen\npiece rook\npiece knight\n",
        "piece pawn, queen, rook, knight\n",
        1,
    );
    assert_ne!(listed, GAME);
    let game =
        compile(&Source::new("t.tabula", listed.as_str()), &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut engine = Engine::new(&game);
    let s = engine.initial_state().expect("a start");
    assert_eq!(
        moves(&mut engine, &s),
        ["a2a3=knight", "a2a3=queen", "a2a3=rook", "a2a3=wall"]
    );
    // Still five kinds, pawn first and wall last, as `pieces` counts them.
    let shown = engine.shown(&s).expect("shown");
    assert!(
        shown.iter().any(
            |(l, t)| l == "kinds" && matches!(t, tabula::engine::Shown::Text(t) if t == "5 11")
        ),
        "{shown:?}"
    );
    // An attribute after the list is each kind's: both are neutral, put without owner.
    let neutral = GAME.replacen("piece wall neutral", "piece wall, post neutral", 1);
    assert!(compile(&Source::new("t.tabula", neutral.as_str()), &[]).is_ok());
    assert!(first_error(
        "t.tabula",
        &neutral.replacen("put wall at b1", "put post of white at b1", 1)
    )
    .is_some_and(|e| e.contains("`post` is neutral: it has no owner")));
}

/// The first error of GAME with `from` replaced by `to`.
fn error(from: &str, to: &str) -> String {
    assert!(GAME.contains(from), "{from}");
    first_error("t.tabula", &GAME.replacen(from, to, 1)).expect("an error")
}

#[test]
fn mixing_kinds_and_directions_and_other_misuse_are_answered() {
    assert_eq!(
        error("[queen, rook, knight, wall]", "[queen, rook, n, wall]"),
        "error: expected a piece type, but this is a direction\n   --> t.tabula:14:26\n   |\n14 |   for k in [queen, rook, n, wall]\n   |                          ^\n\n"
    );
    assert!(error("[queen, rook, knight, wall]", "[n, rook]")
        .contains("expected a direction, but this is a piece type\n   --> t.tabula:14:16"));
    assert!(error("put k of mover at to", "put k at to")
        .starts_with("error: whose `k` is this?\n   --> t.tabula:17:3"));
    assert!(error("[rook, queen]", "[n, e]")
        .contains("expected a piece type, but this is a direction\n   --> t.tabula:23:36"));
    assert!(error("is(from, k)", "is(from, mover)")
        .contains("expected a piece type, but this is a player"));
}
