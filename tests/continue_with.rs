//! A step repeated within one turn: `continue with NAME = EXPR` goes on with the same
//! action alone, NAME held to EXPR; `may continue ... else "TEXT"` lets the mover stop
//! there instead, a choice written TEXT. The moves are worked out by hand.
//! (examples/rules/draughts.tabula's multiple jumps use `continue with`, and
//! tests/draughts.rs holds them to the published counts.)

mod common;

mod examples_support;
use common::*;
use examples_support::message_and_place;
use tabula::{compile, CompileError, Engine, Game, Source};

/// Seven cells in a row; white hops over any piece onto the empty cell beyond, and may
/// hop on with the same piece or stop. White starts on a1 and g1, with blockers on b1,
/// d1 and f1; black has nothing to move and passes.
fn hops(phase_extra: &str) -> String {
    format!(
        r#"game "hops"
players white, black
board {{ grid 7 x 1 }}
piece peg
piece block neutral
setup {{
  put peg of white at a1
  put peg of white at g1
  put block at b1
  put block at d1
  put block at f1
}}
action hop "{{from}}-{{to}}"
  for from in cells where owner(from) == mover
  for d in [e, w]
  let over = step(from, d)
  where over != none and not empty(over)
  let to = step(from, d, 2)
  where to != none and empty(to)
{{
  move from -> to
  may continue with from = to else "stop"
}}
phase play {{
  starts white
  actions hop
  {phase_extra}
  stuck pass "pass"
}}
"#
    )
}

fn build(text: &str) -> Result<Game, CompileError> {
    compile(&Source::new("t.tabula", text), &[])
}

#[test]
fn the_same_piece_hops_on_or_stops() {
    let game = build(&hops("")).unwrap_or_else(|e| panic!("{e}"));
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    // Each white peg over its neighbouring blocker; nothing to stop yet.
    assert_eq!(moves(&mut e, &s), ["a1-c1", "g1-e1"]);
    play(&mut e, &mut s, "a1-c1");
    // Only the peg on c1, on over d1 or back over b1, or stop; g1 waits.
    assert_eq!(to_move(&game, &s), "white");
    assert_eq!(moves(&mut e, &s), ["c1-a1", "c1-e1", "stop"]);
    assert!(refused(&mut e, &s, "g1-e1"));
    // A state file written mid-turn keeps the turn's going on.
    let again = state(&game, doc(&game, &s));
    assert_eq!(moves(&mut e, &again), ["c1-a1", "c1-e1", "stop"]);
    play(&mut e, &mut s, "c1-e1");
    // From e1: g1 beyond f1 is white's own, so back over d1, or stop.
    assert_eq!(moves(&mut e, &s), ["e1-c1", "stop"]);
    play(&mut e, &mut s, "stop");
    // Black has no peg: he passes; then white may move either peg, and not stop.
    assert_eq!(moves(&mut e, &s), ["pass"]);
    play(&mut e, &mut s, "pass");
    assert_eq!(moves(&mut e, &s), ["e1-c1"]);
    // Stopping at once leaves both pegs free next turn.
    let mut s = e.initial_state().unwrap();
    play_all(&mut e, &mut s, &["a1-c1", "stop", "pass"]);
    assert_eq!(moves(&mut e, &s), ["c1-a1", "c1-e1", "g1-e1"]);
}

#[test]
fn a_stop_needs_no_may_and_a_plain_continue_with_must_go_on() {
    // Without `may`, the peg must go on while it can, and the turn ends when it cannot.
    let text = hops("").replace(
        "may continue with from = to else \"stop\"",
        "if to != c1 { continue with from = to }",
    );
    let game = build(&text).unwrap_or_else(|e| panic!("{e}"));
    let mut e = Engine::new(&game);
    let mut s = e.initial_state().unwrap();
    play(&mut e, &mut s, "g1-e1");
    // On from e1 only: over d1 to c1 (f1's far side, g1, is empty now: back too).
    assert_eq!(moves(&mut e, &s), ["e1-c1", "e1-g1"]);
    play(&mut e, &mut s, "e1-c1");
    // Landing on c1 ends the turn: black passes.
    assert_eq!(moves(&mut e, &s), ["pass"]);
}

#[test]
fn in_a_whole_turn_phase_a_stop_ends_the_turn() {
    // Hops that take the piece jumped over (so that no hop comes back): from a1 over
    // b1 to c1, then over d1 to e1; each may stop.
    let text = hops("decide turn")
        .replace("  move from -> to\n", "  move from -> to\n  remove over\n")
        .replace("put peg of white at g1", "put block at g1");
    let game = build(&text).unwrap_or_else(|e| panic!("{e}"));
    let mut e = Engine::new(&game);
    let s = e.initial_state().unwrap();
    let turns = moves(&mut e, &s);
    // a1-c1 then stop, or on to e1; from e1 nothing is left to hop over (d1 is gone,
    // and beyond f1 stands g1's blocker), and the stop is written out.
    assert_eq!(turns, ["a1-c1 c1-e1 stop", "a1-c1 stop"], "{turns:?}");
}

#[test]
fn continue_with_holds_a_name_of_its_action_and_lives_in_an_action() {
    let text = hops("").replace("may continue with from = to", "may continue with spot = to");
    assert_eq!(
        message_and_place(&text),
        (
            "`spot` is not a name the generators of `hop` bind: `continue with` holds one of them"
                .to_string(),
            "spot".to_string()
        )
    );
    let text = hops("").replace(
        "  put block at f1\n",
        "  put block at f1\n  continue with from = a1\n",
    );
    assert_eq!(
        message_and_place(&text),
        (
            "`continue with` goes on with the action it is written in, so it belongs in an action's effects".to_string(),
            "continue with from = a1".to_string()
        )
    );
    // The value has the name's type: a cell here.
    let text = hops("").replace("may continue with from = to", "may continue with from = 3");
    assert!(
        message_and_place(&text).0.contains("cell"),
        "{:?}",
        message_and_place(&text)
    );
}
