//! Links cut in play (`links may be cut`): `cut a -- b` and `join a -- b`, the reading
//! `cut(a, b)`, every reading that goes from a cell to its neighbours kept to the links
//! not cut, `reaches(c, R)`, the state document's `cut` list and repetition, the
//! encoding's entries for the cut links in both views. Small boards, each answer
//! worked out by hand from the picture in its comment.

mod common;
use common::*;
use tabula::{compile, Choices, Source};

/// A game on a 3 x 3 grid (orthogonal adjacency) with three links cut at the setup,
/// stones of a's on a1, b2 and b3, and of b's on c2:
///
/// ```text
///   3  .   A   .        the cut links: b2 -- b3, b2 -- c2, a2 -- a3
///      -   -
///   2  .   A | B
///   1  A   .   .
///      a   b   c
/// ```
///
/// Each action's notation prints one reading, so the moves list the answers.
const CUT: &str = r#"game "cut"
players a, b
board {
  grid 3 x 3
  directions orthogonal = n, e, s, w
  adjacency orthogonal
  links may be cut
}
piece stone
region top { a3..c3 }
region centre { b2 }
setup {
  put stone of a at a1
  put stone of a at b2
  put stone of a at b3
  put stone of b at c2
  cut b2 -- b3
  cut c2 -- b2
  cut a2 -- a3
}
action near "near-{c}" for c in neighbours(b2) { }
action step "step-{d}-{c}" for d in orthogonal let c = step(b2, d) where c != none { }
action far "far-{c}" let c = step(b1, n, 2) where c != none { }
action slide "slide-{c}" let c = slide(a1, n) where c != none { }
action first "first-{c}" let c = first(b2, e) where c != none { }
action run "run-{n}" let n = run(b1, n, a) { }
action group "group-{c}" for c in group(b2) { }
action liberties "liberties-{n}" let n = liberties(b2) { }
action isolated "cut-{c}" for c in cells where cut(b2, c) { }
action top "top-{c}" for c in cells where reaches(c, top) { }
action link "link" where connected(a, centre, top) { }
phase play {
  starts a
  actions near, step, far, slide, first, run, group, liberties, isolated, top, link
  stuck end draw
}
"#;

/// CUT with no link cut at the setup.
fn uncut() -> String {
    CUT.replace("  cut b2 -- b3\n  cut c2 -- b2\n  cut a2 -- a3\n", "")
}

fn compiled(text: &str) -> Game {
    compile(&Source::new("t.tabula", text), &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The moves of the first position whose text starts with `prefix`, sorted.
fn listed(game: &Game, prefix: &str) -> Vec<String> {
    let mut engine = Engine::new(game);
    let state = engine.initial_state().expect("a start");
    moves(&mut engine, &state)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

const NONE: [&str; 0] = [];

#[test]
fn neighbours_and_steps_keep_to_the_links_not_cut() {
    let (game, open) = (compiled(CUT), compiled(&uncut()));
    // b2's neighbours are a2 and b1 only: b3 and c2 are behind cut links.
    assert_eq!(listed(&game, "near-"), ["near-a2", "near-b1"]);
    assert_eq!(
        listed(&open, "near-"),
        ["near-a2", "near-b1", "near-b3", "near-c2"]
    );
    assert_eq!(listed(&game, "step-"), ["step-s-b1", "step-w-a2"]);
    // b1 -> b2 -> b3: the second step crosses the cut link.
    assert_eq!(listed(&game, "far-"), NONE);
    assert_eq!(listed(&open, "far-"), ["far-b3"]);
    // a1 north over empty cells: a2, then a3 behind the cut link.
    assert_eq!(listed(&game, "slide-"), ["slide-a2"]);
    assert_eq!(listed(&open, "slide-"), ["slide-a3"]);
    // From b2 east, the way is cut before c2's stone.
    assert_eq!(listed(&game, "first-"), NONE);
    assert_eq!(listed(&open, "first-"), ["first-c2"]);
    // From b1 north: a's b2, then a's b3 behind the cut link.
    assert_eq!(listed(&game, "run-"), ["run-1"]);
    assert_eq!(listed(&open, "run-"), ["run-2"]);
}

#[test]
fn groups_liberties_and_chains_keep_to_the_links_not_cut() {
    let (game, open) = (compiled(CUT), compiled(&uncut()));
    // b2 and b3 touch only through the cut link.
    assert_eq!(listed(&game, "group-"), ["group-b2"]);
    assert_eq!(listed(&open, "group-"), ["group-b2", "group-b3"]);
    // b2's empty neighbours through open links: a2 and b1; uncut, b3's a3 and c3 too.
    assert_eq!(listed(&game, "liberties-"), ["liberties-2"]);
    assert_eq!(listed(&open, "liberties-"), ["liberties-4"]);
    // a's chain from b2 to rank 3 goes through b3.
    assert_eq!(listed(&game, "link"), NONE);
    assert_eq!(listed(&open, "link"), ["link"]);
}

#[test]
fn cut_reads_the_link_both_ways() {
    let game = compiled(CUT);
    assert_eq!(listed(&game, "cut-"), ["cut-b3", "cut-c2"]);
    assert_eq!(listed(&compiled(&uncut()), "cut-"), NONE);
}

#[test]
fn reaches_ignores_the_pieces_and_keeps_to_the_links() {
    let game = compiled(CUT);
    // Every cell reaches rank 3 round the cut links, stones or not (b2 by a2, a1, b1,
    // c1, c2 and c3).
    let all: Vec<String> = "a1 a2 a3 b1 b2 b3 c1 c2 c3"
        .split(' ')
        .map(|c| format!("top-{c}"))
        .collect();
    assert_eq!(listed(&game, "top-"), all);
    // Walled in: b2 with all four links cut reaches no cell of rank 3.
    let walled = CUT.replace(
        "  cut a2 -- a3\n",
        "  cut a2 -- a3\n  cut b2 -- a2\n  cut b1 -- b2\n",
    );
    let top = listed(&compiled(&walled), "top-");
    assert!(!top.contains(&"top-b2".to_string()), "{top:?}");
    assert_eq!(top.len(), 8);
}

/// A line of three cells whose one action cuts or joins the link between the first two.
const TOGGLE: &str = r#"game "toggle"
players a, b
board {
  line 1..3
  links may be cut
}
piece stone
action shut "shut" where not cut(#1, #2) { cut #1 -- #2 }
action open "open" where cut(#2, #1) { join #2 -- #1 }
phase play {
  starts a
  actions shut, open
}
end "repeated" when occurrences(cells) >= 3
  draw
"#;

#[test]
fn join_opens_what_cut_closed() {
    let game = compiled(TOGGLE);
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().expect("a start");
    assert_eq!(moves(&mut engine, &state), ["shut"]);
    play(&mut engine, &mut state, "shut");
    assert_eq!(moves(&mut engine, &state), ["open"]);
    play(&mut engine, &mut state, "open");
    assert_eq!(moves(&mut engine, &state), ["shut"]);
}

#[test]
fn a_position_with_a_link_cut_is_not_one_with_it_joined() {
    // Turns start open (1), shut (2), open (3), shut (4), open (5): the board stands
    // open at the third time at the fifth turn, and not before.
    let game = compiled(TOGGLE);
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().expect("a start");
    for (i, m) in ["shut", "open", "shut"].iter().enumerate() {
        play(&mut engine, &mut state, m);
        assert!(!is_over(&mut engine, &state), "over after {} moves", i + 1);
    }
    play(&mut engine, &mut state, "open");
    assert!(is_over(&mut engine, &state));
}

#[test]
fn the_cut_links_round_trip_through_a_state_document() {
    let game = compiled(CUT);
    let mut engine = Engine::new(&game);
    let start = engine.initial_state().expect("a start");
    let written = doc(&game, &start);
    let mut cut: Vec<String> = written["cut"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a link").to_string())
        .collect();
    cut.sort();
    assert_eq!(cut, ["a2 -- a3", "b2 -- b3", "b2 -- c2"]);
    assert_eq!(state(&game, written), start);
    // By hand, either way round, the same links.
    let by_hand = json!({
        "phase": "play", "to_move": "a",
        "cells": {
            "a1": {"owner": "a"}, "b2": {"owner": "a"}, "b3": {"owner": "a"},
            "c2": {"owner": "b"}
        },
        "cut": ["b3 -- b2", "c2 -- b2", "a3 -- a2"]
    });
    assert_eq!(state(&game, by_hand), start);
    // Other games' documents have no `cut`.
    let other = example_game("examples/rules/tic-tac-toe.tabula");
    let start = Engine::new(&other).initial_state().expect("a start");
    assert!(doc(&other, &start).get("cut").is_none());
}

/// The first problem of reading `doc` as a state of `game`: its sentence and the text
/// under its caret.
fn state_problem(game: &Game, doc: &str) -> (String, String) {
    let source = Source::new("s.json", doc);
    let d = tabula::json::state_from_text(game, &source).expect_err("a problem");
    let first = &d.list[0];
    let at = doc[first.span.start..first.span.end].to_string();
    (first.message.clone(), at)
}

#[test]
fn a_state_document_names_links_of_neighbours() {
    let game = compiled(CUT);
    let doc = r#"{"phase": "play", "to_move": "a", "cut": ["b2 -- b3", "a1 -- c3"]}"#;
    assert_eq!(
        state_problem(&game, doc),
        (
            "`a1 -- c3` is not a link between two neighbouring cells, like `a1 -- a2`".into(),
            "\"a1 -- c3\"".into()
        )
    );
    let doc = r#"{"phase": "play", "to_move": "a", "cut": "b2 -- b3"}"#;
    assert_eq!(
        state_problem(&game, doc).0,
        "`cut` is a list of links, like [\"a1 -- a2\"], not b2 -- b3"
    );
    let other = example_game("examples/rules/tic-tac-toe.tabula");
    let doc = r#"{"phase": "play", "to_move": "x", "cut": []}"#;
    assert_eq!(
        state_problem(&other, doc),
        (
            "`cut` lists links cut in play, and this game's board has none that may be cut".into(),
            "\"cut\"".into()
        )
    );
    // A game whose links may be cut lists `cut` among a state's fields.
    let doc = r#"{"phase": "play", "to_move": "a", "cuts": []}"#;
    assert_eq!(
        state_problem(&game, doc).0,
        "unknown field `cuts`; a state has game, options, phase, to_move, turn_of, chance, in_turn, cells, pools, counters, cut"
    );
}

#[test]
fn cutting_cells_that_are_not_neighbours_stops_with_an_error() {
    let text = TOGGLE.replace("cut #1 -- #2", "cut #1 -- #3");
    let game = compiled(&text);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().expect("a start");
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).expect("legal");
    let mut s = state.clone();
    let e = engine.apply(&mut s, &choices[0]).expect_err("no such link");
    assert_eq!(
        e.kind.to_string(),
        "`cut` of `1 -- 3`: the cells are not next to each other"
    );
}

#[test]
fn reaches_past_the_guided_regions_gives_the_same_answers() {
    // 70 regions, each reached: the last ones have no table of distances, and their
    // searches go in the board's order. b2 reaches c3 round its cut links (by a2, a1,
    // b1, c1, c2); walled in on all four sides it does not.
    let regions: String = (0..70).map(|i| format!("region r{i} {{ c3 }}\n")).collect();
    let tests: Vec<String> = (0..70).map(|i| format!("reaches(b2, r{i})")).collect();
    let text = CUT
        .replace(
            "region top { a3..c3 }\n",
            &format!("region top {{ a3..c3 }}\n{regions}"),
        )
        .replace(
            "action link \"link\"",
            &format!(
                "action all \"all\" where {} {{ }}\naction link \"link\"",
                tests.join(" and ")
            ),
        )
        .replace("actions near,", "actions all, near,");
    assert_eq!(listed(&compiled(&text), "all"), ["all"]);
    let walled = text.replace(
        "  cut a2 -- a3\n",
        "  cut a2 -- a3\n  cut b2 -- a2\n  cut b1 -- b2\n",
    );
    assert_eq!(listed(&compiled(&walled), "all"), NONE);
}

/// A race on a 3 x 3 grid whose links may be cut: a stone of each player's, a's
/// forward north and left west, b's south and east (the board half turned), and no
/// link cut at the start.
const RACE: &str = r#"game "race"
players a, b
board {
  grid 3 x 3
  directions orthogonal = n, e, s, w
  adjacency orthogonal
  links may be cut
  dir forward = a: n, b: s
  dir left = a: w, b: e
}
piece stone
setup {
  put stone of a at b1
  put stone of b at b3
}
action close "{c}{d}"
  for c in cells
  for d in [n, e]
  let to = step(c, d)
  where to != none
{
  cut c -- to
}
phase play {
  starts a
  actions close
  stuck end draw
}
"#;

/// `start`'s state document with `links` cut and `to_move` to move.
fn with_cut(game: &Game, start: &State, links: &[&str], to_move: &str) -> State {
    let mut written = doc(game, start);
    written["cut"] = json!(links);
    written["to_move"] = json!(to_move);
    written["turn_of"] = json!(to_move);
    state(game, written)
}

#[test]
fn the_encoding_has_an_entry_for_each_link_that_may_be_cut() {
    use tabula::ai::encode::{Encoding, View};
    let game = compiled(RACE);
    let start = Engine::new(&game).initial_state().expect("a start");
    let e = Encoding::new(&game).expect("an encoding");
    // 3 x 3 cells: 12 links along the lines and 8 across the diagonals.
    let links: Vec<&String> = (e.names().iter())
        .filter(|n| n.starts_with("link "))
        .collect();
    assert_eq!(links.len(), 20);
    assert!(links.iter().any(|n| *n == "link b2 -- b3: cut"));
    // Cutting one link changes its entry and nothing else.
    let before = e.dense(&game, &start);
    let after = e.dense(&game, &with_cut(&game, &start, &["b3 -- b2"], "a"));
    let changed: Vec<&str> = (0..e.len())
        .filter(|&i| before[i] != after[i])
        .map(|i| e.names()[i].as_str())
        .collect();
    assert_eq!(changed, ["link b2 -- b3: cut"]);
    assert_eq!(
        entry_in(&game, &start, View::Board, "link b2 -- b3: cut"),
        0.0
    );
    // A board whose links stay has the same entries less the links', hash and all.
    let fixed = compiled(
        &RACE
            .replace("  links may be cut\n", "")
            .replace("  cut c -- to\n", ""),
    );
    let stays = Encoding::new(&fixed).expect("an encoding");
    let others: Vec<&String> = (e.names().iter())
        .filter(|n| !n.starts_with("link "))
        .collect();
    assert_eq!(stays.names().iter().collect::<Vec<_>>(), others);
    assert_eq!(stays.len(), e.len() - 20);
}

#[test]
fn the_movers_view_turns_a_cut_link_with_its_cells() {
    use tabula::ai::encode::{Encoding, View};
    let game = compiled(RACE);
    let start = Engine::new(&game).initial_state().expect("a start");
    let mover = Encoding::with_view(&game, View::Mover).expect("an encoding");
    assert!(mover.turns_cells());
    // b's forward is south: his view turns the board half round, a1 <-> c3, so the
    // link a1 -- a2 shows as c3 -- c2 when b moves, and as itself when a moves.
    let b_moves = with_cut(&game, &start, &["a1 -- a2"], "b");
    let a_moves = with_cut(&game, &start, &["a1 -- a2"], "a");
    let v = View::Mover;
    assert_eq!(entry_in(&game, &b_moves, v, "link c2 -- c3: cut"), 1.0);
    assert_eq!(entry_in(&game, &b_moves, v, "link a1 -- a2: cut"), 0.0);
    assert_eq!(entry_in(&game, &a_moves, v, "link a1 -- a2: cut"), 1.0);
    assert_eq!(
        entry_in(&game, &b_moves, View::Board, "link a1 -- a2: cut"),
        1.0
    );
    // A diagonal turns too: b2 -- c3 shows as a1 -- b2.
    let diagonal = with_cut(&game, &start, &["b2 -- c3"], "b");
    assert_eq!(entry_in(&game, &diagonal, v, "link a1 -- b2: cut"), 1.0);
    // A position and its mirror for the other side read alike (the stones on b1 and
    // b3 mirror each other).
    assert_eq!(
        mover.dense(
            &game,
            &with_cut(&game, &start, &["a1 -- a2", "b2 -- b3"], "a")
        ),
        mover.dense(
            &game,
            &with_cut(&game, &start, &["c3 -- c2", "b2 -- b1"], "b")
        )
    );
}
