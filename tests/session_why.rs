//! `why` and `trace` in the session: the rule that rejects a move, the part of a
//! `where` that is false, the loop that leaves a move out, the rules evaluated.

mod session_support;

use session_support::*;
use tabula::session::Session;
use tabula::{json, Source};

#[test]
fn why_points_at_the_rule_that_rejects_a_move() {
    let mut s = tiny();
    assert_eq!(
        run(&mut s, "why 3>4"),
        "error: `3>4` is action `push` with from = 3, but this `where` is false
   --> tiny.tabula:13:9
   |
13 |   where not empty(from)
   |         ^^^^^^^^^^^^^^^

"
    );
    assert_eq!(run(&mut s, "why 1>2"), "`1>2` is legal (action `push`)\n");
    assert_eq!(
        run(&mut s, "why 5>6"),
        "no move here is written `5>6`; the nearest: `5>-` (not legal)
error: `5>-` is action `push` with from = 5, but this `where` is false
   --> tiny.tabula:13:9
   |
13 |   where not empty(from)
   |         ^^^^^^^^^^^^^^^

"
    );
}

#[test]
fn trace_shows_the_rules_evaluated() {
    let mut s = tiny();
    assert_eq!(
        run(&mut s, "trace on"),
        "trace on: the rules evaluated are shown as moves are listed and played
trace: moves of north in phase `play`
  action `push` (tiny.tabula:11): 1 move
    line  13  where not empty(from)                                         tested 5, false 4
    line  15  where to != none                                              tested 1, false 0
  action `boom` (tiny.tabula:20): 1 move
"
    );
    let played = run(&mut s, "1>2");
    assert!(
        played.starts_with(
            "north: 1>2
trace: `1>2` is action `push` (tiny.tabula:11) with from = 1, to = 2
  changes: 1 N -> empty; 2 empty -> N; pushes 0 -> 1; to move north -> south
"
        ),
        "{played}"
    );
    assert!(played.ends_with("trace: moves of south in phase `play`\n  action `push` (tiny.tabula:11): 1 move\n    line  13  where not empty(from)                                         tested 5, false 4\n    line  15  where to != none                                              tested 1, false 0\n  action `boom` (tiny.tabula:20): 1 move\n"), "{played}");
    assert_eq!(run(&mut s, "trace off"), "trace off\n");
    assert!(!run(&mut s, "2>3").contains("trace"));
}

/// A stone of north's on 4 and on 7 of a line of seven, a stone of south's on 5, and
/// dice 1 and 2.
const BLOCKED: &str = r#"game "Blocked"
players north, south
board {
  line 1..7
}
piece stone
pool dice of 1..2
setup {
  put stone of north at #4
  put stone of north at #7
  put stone of south at #5
  add 1 to dice
  add 2 to dice
}
action go "{from}>{to}"
  for d in dice
  for from in cells
  where owner(from) == mover
  let to = step(from, next, d)
  where to != none and empty(to)
{
  take d from dice
  move from -> to
}
phase play {
  starts north
  actions go
}
"#;

#[test]
fn trace_shows_a_where_of_several_conditions_as_one_line() {
    // North's stones on 4 and 7 with dice 1 and 2: 4>5 finds south's stone (`empty`
    // false), 4>6 is the move, 7 has no cell 1 or 2 further (`to != none` false): the
    // `where` is tested 4 times and false 3 times, on one line.
    let mut s = Session::new(Source::new("blocked.tabula", BLOCKED), &[], 1).unwrap();
    s.intro();
    let trace = run(&mut s, "trace on");
    assert!(
        trace.contains(
            "  action `go` (blocked.tabula:15): 1 move
    line  18  owner test of `from` (folded into its loop)                   tested 14, false 10
    line  20  where to != none and empty(to)                                tested 4, false 3
"
        ),
        "{trace}"
    );
    assert_eq!(trace.matches("where to != none").count(), 1, "{trace}");
}

#[test]
fn why_says_which_for_leaves_a_move_out_and_which_part_of_a_where_is_false() {
    let rules = tabula::games::built_in("invictus").unwrap();
    let mut s = Session::open("invictus", &[], 1).unwrap();
    s.intro();
    // Black places on ranks 2 and 3 only.
    let out = run(&mut s, "why 6@a1");
    assert!(
        out.starts_with("error: `6@a1` is action `place`, but a1 is not in black's `setup_rows`\n"),
        "{out}"
    );
    let line = line_of(rules, "for to in setup_rows[mover]");
    assert!(
        out.contains(&format!("--> games/invictus.tabula:{line}:7\n")),
        "{out}"
    );
    // Black has three 6s: once they are placed, his reserve has none.
    run(&mut s, "6@b2");
    run(&mut s, "6@b3");
    run(&mut s, "6@c2");
    let out = run(&mut s, "why 6@c3");
    assert!(
        out.starts_with("error: `6@c3` is action `place`, but black's `reserve` has no 6\n"),
        "{out}"
    );
    let line = line_of(rules, "for v in reserve[mover]");
    assert!(
        out.contains(&format!("--> games/invictus.tabula:{line}:7\n")),
        "{out}"
    );

    // Backgammon: with a checker on the bar, of `owner(from) == mover and from !=
    // off[mover] and (from == bar[mover] or empty(bar[mover]))` the last part is false
    // for a checker on a point.
    let rules = tabula::games::built_in("backgammon").unwrap();
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    let state = serde_json::json!({
        "game": "Backgammon",
        "phase": "play",
        "to_move": "black",
        "counters": {"turns": 5},
        "pools": {"dice": [3, 4]},
        "cells": {
            "6": {"owner": "white", "piece": "checker", "count": 15},
            "bar-black": {"owner": "black", "piece": "checker", "count": 1},
            "19": {"owner": "black", "piece": "checker", "count": 14},
        },
    });
    let file = scratch("why-where").join("bar.json");
    std::fs::write(&file, state.to_string()).unwrap();
    run(&mut s, &format!("load-state {}", file.display()));
    let out = run(&mut s, "why 6/3 6/2");
    assert!(
        out.starts_with(
            "error: `6/3` is action `move` with from = 6, but this part of its `where` is false\n"
        ),
        "{out}"
    );
    let line = line_of(rules, "(from == bar[mover] or empty(bar[mover]))");
    let text = rules.lines().nth(line - 1).unwrap();
    // The part inside the brackets.
    let column = text.find("from == bar").unwrap() + 1;
    assert!(
        out.contains(&format!("--> games/backgammon.tabula:{line}:{column}\n")),
        "{out}"
    );
}

#[test]
fn why_names_the_line_of_the_rule_in_a_built_in_game() {
    let rules = tabula::games::built_in("naytin-six").unwrap();
    let dir = scratch("why");
    // Red's 3 next to blue's 5: the attack is against the rules, a step is not
    // preferred while an attack exists.
    let mut s = Session::open("naytin-six", &[], 1).unwrap();
    s.intro();
    let mut state = json::state_to_json(s.game(), s.state());
    state["phase"] = serde_json::json!("play");
    state["to_move"] = serde_json::json!("red");
    state["counters"]["obstacles_left"] = serde_json::json!(0);
    state["pools"]["reserve"] = serde_json::json!({"red": [], "blue": []});
    state["cells"] = serde_json::json!({
        "c3": {"owner": "red", "piece": "die", "value": 3},
        "b2": {"owner": "blue", "piece": "die", "value": 5},
        "e3": {"owner": "red", "piece": "die", "value": 4},
        "d3": {"owner": "blue", "piece": "die", "value": 2},
    });
    let file = dir.join("fight.json");
    std::fs::write(&file, state.to_string()).unwrap();
    run(&mut s, &format!("load-state {}", file.display()));
    let out = run(&mut s, "why c3xb2");
    let line = line_of(rules, "where (a > d");
    assert!(
        out.starts_with(
            "error: `c3xb2` is action `attack` with a = 3, d = 5, but this `where` is false\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(&format!("--> games/naytin-six.tabula:{line}:")),
        "{out}"
    );
    let out = run(&mut s, "why c3-c4");
    let line = line_of(rules, "prefer attack");
    assert!(out.contains("but phase `play` prefers `attack`"), "{out}");
    assert!(
        out.contains(&format!("--> games/naytin-six.tabula:{line}:")),
        "{out}"
    );
    let out = run(&mut s, "why b2-b3");
    let step = rules.find("action step").unwrap();
    let line =
        line_of(rules, "action step") + line_of(&rules[step..], "where owner(from) == mover") - 1;
    assert!(
        out.contains("owner test on `from` is false (from is blue's)"),
        "{out}"
    );
    assert!(
        out.contains(&format!("--> games/naytin-six.tabula:{line}:")),
        "{out}"
    );
    assert_eq!(
        run(&mut s, "why e3xd3"),
        "`e3xd3` is legal (action `attack`)\n"
    );
}

/// `BLOCKED` with a `where` between the loop over the dice and the loop over north's
/// stones, so that the second loop is not the first generator of its run.
fn blocked_with_a_where_between() -> String {
    let with = BLOCKED.replace(
        "  for d in dice\n  for from in cells\n",
        "  for d in dice\n  where d != 0\n  for from in cells\n",
    );
    assert_ne!(with, BLOCKED);
    with
}

#[test]
fn trace_counts_a_loop_after_a_where_at_its_own_line() {
    // As above, and the new `where d != 0` is tested once per die (1 and 2), false
    // never; the owner test keeps its own line and counts (7 cells for each die, 5 of
    // them not north's).
    let rules = blocked_with_a_where_between();
    let mut s = Session::new(Source::new("blocked.tabula", &rules), &[], 1).unwrap();
    s.intro();
    let trace = run(&mut s, "trace on");
    assert!(
        trace.contains(
            "  action `go` (blocked.tabula:15): 1 move
    line  17  where d != 0                                                  tested 2, false 0
    line  19  owner test of `from` (folded into its loop)                   tested 14, false 10
    line  21  where to != none and empty(to)                                tested 4, false 3
"
        ),
        "{trace}"
    );
}

/// North's stone on 4 of a line of seven, stepping to a neighbour.
const NEIGHBOURS: &str = r#"game "Neighbours"
players north, south
board {
  line 1..7
}
piece stone
setup {
  put stone of north at #4
}
action step "{from}>{to}"
  for from in cells
  where owner(from) == mover
  for to in neighbours(from)
  where empty(to)
{
  move from -> to
}
phase play {
  starts north
  actions step
}
"#;

#[test]
fn why_tests_a_loop_over_neighbours_against_the_cell_bound_before_it() {
    // 2 is a neighbour of 1 but not of 4: the loop over the neighbours of `from` (4)
    // leaves `4>2` out.
    let mut s = Session::new(Source::new("neighbours.tabula", NEIGHBOURS), &[], 1).unwrap();
    s.intro();
    assert_eq!(run(&mut s, "why 4>5"), "`4>5` is legal (action `step`)\n");
    assert_eq!(
        run(&mut s, "why 4>2"),
        "error: `4>2` is action `step` with from = 4, but `to` = 2 is not among the values its `for` runs over
   --> neighbours.tabula:13:7
   |
13 |   for to in neighbours(from)
   |       ^^^^^^^^^^^^^^^^^^^^^^

"
    );
}

/// Two phases: north drops stones on a line of four in the first, moves them in the
/// second (never reached here).
const TWO_PHASES: &str = r#"game "Two phases"
players north, south
board {
  line 1..4
}
piece stone
setup {
  put stone of north at #1
}
action drop "+{to}"
  for to in cells
  where empty(to)
{
  put stone of mover at to
}
action go "{from}>{to}"
  for from in cells
  where owner(from) == mover
  let to = step(from, next)
  where to != none and empty(to)
{
  move from -> to
}
phase opening {
  starts north
  actions drop
}
phase play {
  actions go
}
"#;

#[test]
fn why_points_at_the_phase_that_does_not_allow_a_move() {
    // `1>2` is `go` (north's stone on 1, 2 empty), but the game is in `opening`,
    // whose only action is `drop`: the answer points at the phase's name.
    let mut s = Session::new(Source::new("phases.tabula", TWO_PHASES), &[], 1).unwrap();
    s.intro();
    assert_eq!(run(&mut s, "why +2"), "`+2` is legal (action `drop`)\n");
    assert_eq!(
        run(&mut s, "why 1>2"),
        "error: `1>2` is a move of action `go`, which phase `opening` does not allow (its actions: drop)
   --> phases.tabula:24:7
   |
24 | phase opening {
   |       ^^^^^^^

"
    );
}

#[test]
fn why_speaks_of_the_move_as_typed_and_of_what_its_failed_test_reads() {
    // Seed 42 opens with 6-3 for white. 6/1 needs a 5: the loop over the dice leaves it
    // out. The move is named as typed (the notation would mark a hit on the two black
    // checkers of point 1), and no value the rules work out before the dice (whether
    // all the mover's checkers are home, the track's last index) is shown: the
    // failed test reads none of them.
    let mut s = Session::open("backgammon", &[], 42).unwrap();
    s.intro();
    let out = run(&mut s, "why 6/1");
    assert!(
        out.starts_with("error: `6/1` is action `move`, but `dice` has no 5\n"),
        "{out}"
    );
}

#[test]
fn other_labels_the_rules_declare_are_read_as_the_cell() {
    // Backgammon declares `bar-white as bar, 25` and `off-white as off, 0`: white, on
    // the bar with 4-3 to play, enters with `25/21` (the 4), step by step or in one
    // line, and `25/20` is explained as `bar/20`, which no die reaches.
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    let state = serde_json::json!({
        "game": "Backgammon",
        "phase": "play",
        "to_move": "white",
        "counters": {"turns": 5},
        "pools": {"dice": [4, 3]},
        "cells": {
            "bar-white": {"owner": "white", "piece": "checker", "count": 1},
            "13": {"owner": "white", "piece": "checker", "count": 14},
            "19": {"owner": "black", "piece": "checker", "count": 15},
        },
    });
    let file = scratch("why-alias").join("bar.json");
    std::fs::write(&file, state.to_string()).unwrap();
    run(&mut s, &format!("load-state {}", file.display()));
    let out = run(&mut s, "why 25/20");
    assert!(
        out.starts_with("error: `bar/20` is action `move`, but `dice` has no 5\n"),
        "{out}"
    );
    let out = run(&mut s, "25/21");
    assert!(out.contains("so far: bar/21 "), "{out}");
    run(&mut s, "undo");
    let out = run(&mut s, "25/21 13/10");
    assert!(out.contains("white: bar/21 13/10\n"), "{out}");
    // A number inside another is not a label: 125 is no cell.
    run(&mut s, "undo");
    let out = run(&mut s, "125/121");
    assert!(
        out.starts_with("error: `125/121` is not a legal move here"),
        "{out}"
    );
}

#[test]
fn a_local_read_from_a_counter_of_players_prints_as_a_player() {
    // `let boss = leader` reads a counter of players: `why` prints it by name, as the
    // rules declare it, not as the number the state keeps.
    let text = r#"game "Lead"
players north, south
board { line 1..3 }
piece stone
counter leader: player = south
action claim "{at}"
  for at in cells
  let boss = leader
  where boss == mover
{
  put stone of mover at at
}
action wait "wait" { }
phase play {
  starts north
  actions claim, wait
}
"#;
    let mut s = Session::new(Source::new("lead.tabula", text), &[], 1).unwrap();
    s.intro();
    let out = run(&mut s, "why 1");
    assert!(
        out.starts_with(
            "error: `1` is action `claim` with boss = south, but this `where` is false\n"
        ),
        "{out}"
    );
}
