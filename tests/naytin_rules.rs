//! Naytïn Six, rule by rule and option by option (RULES.md §3 and its Decisions), on
//! positions built by hand. Every expected move list, count and score was worked out from
//! RULES.md (its neighbour table is in tests/common), with the reasoning in a comment;
//! none is copied from tabula's output.
//!
//! The board, for reading the comments:
//!
//! ```text
//!           a1  a2  a3
//!         b1  b2  b3  b4
//!       c1  c2  c3  c4  c5
//!         d1  d2  d3  d4
//!           e1  e2  e3
//! ```

mod common;
use common::*;

const R: &str = "red";
const BL: &str = "blue";

fn naytin(options: &[&str]) -> Game {
    game("naytin-six", options)
}

/// The `cells` object: dice, then obstacles.
fn board(list: &[(&str, &str, i32)], obstacles: &[&str]) -> Value {
    let mut cells = dice(list);
    for o in obstacles {
        assert!(cells.get(*o).is_none(), "{o} given twice");
        cells[*o] = json!({"piece": "obstacle"});
    }
    cells
}

/// A play-phase position.
fn pos(
    g: &Game,
    to_move: &str,
    list: &[(&str, &str, i32)],
    obstacles: &[&str],
    last_was_move: bool,
) -> State {
    state(
        g,
        json!({"phase": "play", "to_move": to_move, "cells": board(list, obstacles), "counters": {"last_was_move": last_was_move as i32}}),
    )
}

fn all_cells() -> Vec<String> {
    naytin_board().into_iter().map(|(c, _)| c).collect()
}

/// `{v}@{cell}` for every value and cell given.
fn placements<S: AsRef<str>>(values: &[i32], cells: &[S]) -> Vec<String> {
    sorted(
        &values
            .iter()
            .flat_map(|v| cells.iter().map(move |c| format!("{v}@{}", c.as_ref())))
            .collect::<Vec<_>>(),
    )
}

fn without(cells: &[String], taken: &[&str]) -> Vec<String> {
    cells
        .iter()
        .filter(|c| !taken.contains(&c.as_str()))
        .cloned()
        .collect()
}

// ---------------------------------------------------------------------------------------
// Setup: obstacles

#[test]
fn blue_places_three_obstacles_never_next_to_another() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().unwrap();
    assert_eq!(phase(&g, &s), "obstacles");
    assert_eq!(to_move(&g, &s), BL);
    let every: Vec<String> = all_cells().iter().map(|c| format!("X@{c}")).collect();
    assert_eq!(moves(&mut e, &s), sorted(&every));
    play(&mut e, &mut s, "X@c3");
    // Blue goes on placing. c3 and its six neighbours c4 c2 b3 b2 d3 d2 are out: 12 left.
    assert_eq!(to_move(&g, &s), BL);
    assert!(s.in_turn());
    assert_eq!(
        cell(&g, &s, "c3"),
        Some((String::new(), "obstacle".to_string(), 0))
    );
    let left = [
        "a1", "a2", "a3", "b1", "b4", "c1", "c5", "d1", "d4", "e1", "e2", "e3",
    ];
    assert_eq!(
        moves(&mut e, &s),
        sorted(&left.iter().map(|c| format!("X@{c}")).collect::<Vec<_>>())
    );
    assert!(refused(&mut e, &s, "X@c4"));
    assert!(refused(&mut e, &s, "X@c3"));
    play(&mut e, &mut s, "X@a1");
    // a1 and its neighbours a2 b2 b1 are out too.
    let left = ["a3", "b4", "c1", "c5", "d1", "d4", "e1", "e2", "e3"];
    assert_eq!(
        moves(&mut e, &s),
        sorted(&left.iter().map(|c| format!("X@{c}")).collect::<Vec<_>>())
    );
    play(&mut e, &mut s, "X@e2");
    // Three placed: the dice phase, Red first, any of his six values on the 16 free cells.
    assert_eq!(phase(&g, &s), "dice");
    assert_eq!(to_move(&g, &s), R);
    assert!(!s.in_turn());
    let free = without(&all_cells(), &["a1", "c3", "e2"]);
    assert_eq!(moves(&mut e, &s), placements(&[1, 2, 3, 4, 5, 6], &free));
    assert_eq!(moves(&mut e, &s).len(), 96);
}

// ---------------------------------------------------------------------------------------
// Setup: dice

#[test]
fn dice_are_placed_alternately_starting_with_red() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().unwrap();
    play_all(&mut e, &mut s, &["X@a1", "X@c3", "X@e2"]);
    assert_eq!(pool_of(&g, &s, "reserve", R), vec![1, 1, 2, 3, 4, 5, 6, 6]);
    play(&mut e, &mut s, "6@c1");
    assert_eq!(die(&g, &s, "c1"), Some((R.to_string(), 6)));
    assert_eq!(pool_of(&g, &s, "reserve", R), vec![1, 1, 2, 3, 4, 5, 6]);
    // Blue's turn: his six values on the 15 free cells.
    assert_eq!(to_move(&g, &s), BL);
    let free = without(&all_cells(), &["a1", "c3", "e2", "c1"]);
    assert_eq!(moves(&mut e, &s), placements(&[1, 2, 3, 4, 5, 6], &free));
    play(&mut e, &mut s, "1@c2");
    assert_eq!(to_move(&g, &s), R);
    play(&mut e, &mut s, "6@b1");
    // Both of Red's 6s are placed: 5 values on the 12 free cells.
    play(&mut e, &mut s, "2@a2");
    assert_eq!(to_move(&g, &s), R);
    let free = without(&all_cells(), &["a1", "c3", "e2", "c1", "c2", "b1", "a2"]);
    assert_eq!(moves(&mut e, &s), placements(&[1, 2, 3, 4, 5], &free));
    assert!(refused(&mut e, &s, "6@a3"));
    // The twelve others, alternately: Red, Blue, Red, ...
    let rest = [
        (R, "1@a3"),
        (BL, "3@b2"),
        (R, "1@b3"),
        (BL, "4@b4"),
        (R, "2@c4"),
        (BL, "5@c5"),
        (R, "3@d1"),
        (BL, "6@d2"),
        (R, "4@d3"),
        (BL, "6@d4"),
        (R, "5@e1"),
        (BL, "1@e3"),
    ];
    for (who, m) in rest {
        assert_eq!(phase(&g, &s), "dice");
        assert_eq!(to_move(&g, &s), who, "{m}");
        play(&mut e, &mut s, m);
    }
    // 16 dice and 3 obstacles fill the board; play starts with Red.
    assert_eq!(phase(&g, &s), "play");
    assert_eq!(to_move(&g, &s), R);
    assert!(all_cells().iter().all(|c| cell(&g, &s, c).is_some()));
    assert!(pool_of(&g, &s, "reserve", R).is_empty() && pool_of(&g, &s, "reserve", BL).is_empty());
}

#[test]
fn no_obstacles_skips_to_the_dice_and_leaves_three_cells_empty() {
    let g = naytin(&["no-obstacles"]);
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().unwrap();
    assert_eq!(phase(&g, &s), "dice");
    assert_eq!(to_move(&g, &s), R);
    assert_eq!(
        moves(&mut e, &s),
        placements(&[1, 2, 3, 4, 5, 6], &all_cells())
    );
    assert!(refused(&mut e, &s, "X@c3"));
    let order = [
        "a1", "a2", "a3", "b1", "b2", "b3", "b4", "c1", "c2", "d1", "d2", "d3", "d4", "e1", "e2",
        "e3",
    ];
    let values = [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6];
    for (c, v) in order.iter().zip(values) {
        assert_eq!(phase(&g, &s), "dice");
        play(&mut e, &mut s, &format!("{v}@{c}"));
    }
    assert_eq!(phase(&g, &s), "play");
    assert_eq!(to_move(&g, &s), R);
    let empty: Vec<String> = all_cells()
        .into_iter()
        .filter(|c| cell(&g, &s, c).is_none())
        .collect();
    assert_eq!(empty, vec!["c3", "c4", "c5"]);
}

#[test]
fn cross_placement_each_places_the_opponents_dice() {
    let g = naytin(&["cross-placement"]);
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().unwrap();
    // Blue still places the obstacles.
    assert_eq!(phase(&g, &s), "obstacles");
    assert_eq!(to_move(&g, &s), BL);
    play_all(&mut e, &mut s, &["X@a1", "X@c3", "X@e2"]);
    assert_eq!(to_move(&g, &s), R);
    play(&mut e, &mut s, "5@c1");
    // Red placed a Blue 5, taken from Blue's reserve.
    assert_eq!(die(&g, &s, "c1"), Some((BL.to_string(), 5)));
    assert_eq!(pool_of(&g, &s, "reserve", BL), vec![1, 1, 2, 3, 4, 6, 6]);
    assert_eq!(pool_of(&g, &s, "reserve", R), vec![1, 1, 2, 3, 4, 5, 6, 6]);
    assert_eq!(to_move(&g, &s), BL);
    play(&mut e, &mut s, "5@c2");
    assert_eq!(die(&g, &s, "c2"), Some((R.to_string(), 5)));
    assert_eq!(pool_of(&g, &s, "reserve", R), vec![1, 1, 2, 3, 4, 6, 6]);

    // Uneven reserves show whose values are offered: Red chooses among Blue's 5 and 6.
    let doc = json!({"phase": "dice", "to_move": "red", "cells": board(&[], &["a1", "c3", "e2"]),
                     "pools": {"reserve": {"red": [1], "blue": [5, 6]}}});
    let s = state(&g, doc.clone());
    let free = without(&all_cells(), &["a1", "c3", "e2"]);
    assert_eq!(moves(&mut e, &s), placements(&[5, 6], &free));
    // Without the option, his own 1.
    let plain = naytin(&[]);
    let mut e2 = Engine::new(&plain);
    let s2 = state(&plain, doc);
    assert_eq!(moves(&mut e2, &s2), placements(&[1], &free));
}

#[test]
fn random_values_roll_each_die_just_before_it_is_placed() {
    let g = naytin(&["random-values"]);
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().unwrap();
    // The obstacles come first, with no roll.
    assert_eq!(phase(&g, &s), "obstacles");
    assert!(s.chance().is_none());
    play_all(&mut e, &mut s, &["X@a1", "X@c3", "X@e2"]);
    // Before Red's first placement: a chance event with six equally likely outcomes.
    assert!(matches!(e.status(&s).unwrap(), Status::Chance(_)));
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["roll:1", "roll:2", "roll:3", "roll:4", "roll:5", "roll:6"])
    );
    let mut choices = Choices::default();
    e.legal(&s, &mut choices).unwrap();
    assert!(choices
        .weights
        .iter()
        .all(|&w| w == choices.weights[0] && w > 0));
    play(&mut e, &mut s, "roll:4");
    // Red places a 4, choosing only the cell.
    assert_eq!(to_move(&g, &s), R);
    assert!(s.chance().is_none());
    let free = without(&all_cells(), &["a1", "c3", "e2"]);
    assert_eq!(moves(&mut e, &s), placements(&[4], &free));
    play(&mut e, &mut s, "4@c1");
    assert_eq!(die(&g, &s, "c1"), Some((R.to_string(), 4)));
    // Blue's die is rolled in turn.
    assert_eq!(to_move(&g, &s), BL);
    assert!(s.chance().is_some());
    play(&mut e, &mut s, "roll:1");
    let free = without(&free, &["c1"]);
    assert_eq!(moves(&mut e, &s), placements(&[1], &free));
    play(&mut e, &mut s, "1@c2");
    assert_eq!(die(&g, &s, "c2"), Some((BL.to_string(), 1)));

    // With cross-placement too, Red places a Blue die showing Red's roll.
    let g = naytin(&["cross-placement", "random-values"]);
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().unwrap();
    play_all(&mut e, &mut s, &["X@a1", "X@c3", "X@e2", "roll:6", "6@c1"]);
    assert_eq!(die(&g, &s, "c1"), Some((BL.to_string(), 6)));
}

/// Obstacles c1 c3 c5; Red fills rows a and b and c2, Blue rows d and e and c4. No Red
/// die can attack: c2 (2) faces d1 (5) and d2 (6); b3 and b4 (6 each) face c4 (6).
/// The Red 1s and Blue 1s stand in their own rows.
const FULL_RED: [(&str, &str, i32); 8] = [
    ("a1", R, 1),
    ("a2", R, 1),
    ("a3", R, 3),
    ("b1", R, 4),
    ("b2", R, 5),
    ("b3", R, 6),
    ("b4", R, 6),
    ("c2", R, 2),
];
const FULL_BLUE: [(&str, &str, i32); 7] = [
    ("d1", BL, 5),
    ("d2", BL, 6),
    ("d3", BL, 1),
    ("d4", BL, 1),
    ("e1", BL, 2),
    ("e2", BL, 3),
    ("e3", BL, 4),
];

fn full_board_but_c4(g: &Game, blue_reserve: i32, chance: bool) -> State {
    let list: Vec<(&str, &str, i32)> = FULL_RED.iter().chain(FULL_BLUE.iter()).copied().collect();
    state(
        g,
        json!({"phase": "dice", "to_move": "blue", "chance": if chance { json!("roll") } else { Value::Null },
               "cells": board(&list, &["c1", "c3", "c5"]),
               "pools": {"reserve": {"red": [], "blue": [blue_reserve]}}}),
    )
}

#[test]
fn the_last_placement_starts_play_without_a_roll() {
    let g = naytin(&["random-values"]);
    let mut e = Engine::new(&g);
    let mut s = full_board_but_c4(&g, 0, true);
    play_all(&mut e, &mut s, &["roll:3", "3@c4"]);
    assert_eq!(phase(&g, &s), "play");
    assert!(s.chance().is_none());
    // Red's 6s at b3 and b4 can attack the 3 on c4.
    assert_eq!(
        e.status(&s).unwrap(),
        Status::Player(tabula::PlayerId::new(0))
    );
    assert_eq!(moves(&mut e, &s), sorted(&["b3xc4", "b4xc4"]));
}

// ---------------------------------------------------------------------------------------
// Attacks

#[test]
fn attack_table() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    // Row: attacker's value 1..6; column: defender's value 1..6. Higher beats lower,
    // except that a 6 cannot attack a 1, and a 1 attacks a 6.
    let table = [
        [0, 0, 0, 0, 0, 1],
        [1, 0, 0, 0, 0, 0],
        [1, 1, 0, 0, 0, 0],
        [1, 1, 1, 0, 0, 0],
        [1, 1, 1, 1, 0, 0],
        [0, 1, 1, 1, 1, 0],
    ];
    for a in 1..=6 {
        for d in 1..=6 {
            // e1 keeps Blue in the game; it is not next to c3.
            let s = pos(
                &g,
                R,
                &[("c3", R, a), ("c4", BL, d), ("e1", BL, 3)],
                &[],
                false,
            );
            let list = moves(&mut e, &s);
            if table[a as usize - 1][d as usize - 1] == 1 {
                // Attacking is compulsory: it is the only choice.
                assert_eq!(list, vec!["c3xc4".to_string()], "{a} against {d}");
                let mut t = s.clone();
                play(&mut e, &mut t, "c3xc4");
                // The attacker takes the cell and the defender's value.
                assert_eq!(die(&g, &t, "c3"), None);
                assert_eq!(die(&g, &t, "c4"), Some((R.to_string(), d as i64)));
                assert_eq!(to_move(&g, &t), BL);
            } else {
                // No attack: c3 moves to its five free neighbours.
                assert_eq!(
                    list,
                    sorted(&["c3-c2", "c3-b3", "c3-b2", "c3-d3", "c3-d2"]),
                    "{a} against {d}"
                );
            }
        }
    }
}

#[test]
fn attacking_is_compulsory_and_any_attack_may_be_chosen() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        R,
        &[
            ("c3", R, 4),
            ("a1", R, 2),
            ("c4", BL, 3),
            ("b2", BL, 1),
            ("c2", BL, 4),
            ("b3", BL, 5),
            ("e3", BL, 6),
        ],
        &[],
        false,
    );
    // c3 (4) beats c4 (3) and b2 (1), not c2 (4, equal) nor b3 (5). a1 (2) beats b2 (1).
    // Both dice could also move, but an attack exists.
    assert_eq!(moves(&mut e, &s), sorted(&["c3xc4", "c3xb2", "a1xb2"]));
    assert!(refused(&mut e, &s, "c3-d3"));
    let mut t = s.clone();
    play(&mut e, &mut t, "a1xb2");
    assert_eq!(die(&g, &t, "b2"), Some((R.to_string(), 1)));
    assert_eq!(die(&g, &t, "a1"), None);
}

// ---------------------------------------------------------------------------------------
// Moves

#[test]
fn a_die_moves_to_any_adjacent_empty_cell() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    let table = naytin_board();
    for (i, (name, nbrs)) in table.iter().enumerate() {
        // A Blue die on the first cell that is neither this one nor next to it.
        let far = table
            .iter()
            .enumerate()
            .find(|(j, _)| *j != i && !nbrs.contains(&Some(*j)))
            .map(|(_, (c, _))| c.clone())
            .unwrap();
        let s = pos(&g, R, &[(name, R, 3), (&far, BL, 3)], &[], false);
        let want: Vec<String> = nbrs
            .iter()
            .flatten()
            .map(|&n| format!("{name}-{}", table[n].0))
            .collect();
        assert_eq!(moves(&mut e, &s), sorted(&want), "from {name}");
    }
}

#[test]
fn slide_goes_to_the_last_empty_cell_of_each_line() {
    let g = naytin(&["slide"]);
    let mut e = Engine::new(&g);
    let plain = naytin(&[]);
    let mut pe = Engine::new(&plain);

    // c1 (4): east c2 c3 then the obstacle on c4; north-east b1 a1 then the edge;
    // south-east d1 e1 then the edge. West, north-west and south-west are off the board.
    let list = [("c1", R, 4), ("e3", BL, 2)];
    let s = pos(&g, R, &list, &["c4"], false);
    assert_eq!(moves(&mut e, &s), sorted(&["c1-c3", "c1-a1", "c1-e1"]));
    let s = pos(&plain, R, &list, &["c4"], false);
    assert_eq!(moves(&mut pe, &s), sorted(&["c1-c2", "c1-b1", "c1-d1"]));

    // A die stops the slide too, and attacks stay adjacent: c1 (4) cannot attack the 2 on
    // c3 down the line; it slides to c2.
    let s = pos(&g, R, &[("c1", R, 4), ("c3", BL, 2)], &[], false);
    assert_eq!(moves(&mut e, &s), sorted(&["c1-c2", "c1-a1", "c1-e1"]));

    // The three lines from a1 of RULES.md: east a2 a3; south-east b2 c3 d3 e3; south-west
    // b1 c1.
    let s = pos(&g, R, &[("a1", R, 2), ("e1", BL, 3)], &[], false);
    assert_eq!(moves(&mut e, &s), sorted(&["a1-a3", "a1-e3", "a1-c1"]));
    let mut t = s.clone();
    play(&mut e, &mut t, "a1-e3");
    assert_eq!(die(&g, &t, "e3"), Some((R.to_string(), 2)));
    assert_eq!(die(&g, &t, "a1"), None);

    // At least one cell: with a2 taken there is no slide east.
    let s = pos(&g, R, &[("a1", R, 2), ("a2", BL, 5)], &[], false);
    assert_eq!(moves(&mut e, &s), sorted(&["a1-e3", "a1-c1"]));

    // An attack is still compulsory and adjacent: c1 (4) next to b1 (3).
    let s = pos(&g, R, &[("c1", R, 4), ("b1", BL, 3)], &[], false);
    assert_eq!(moves(&mut e, &s), vec!["c1xb1".to_string()]);
}

#[test]
fn slide_from_every_cell_follows_the_lines_of_the_board() {
    let g = naytin(&["slide"]);
    let mut e = Engine::new(&g);
    let table = naytin_board();
    for (i, (name, _)) in table.iter().enumerate() {
        // A Blue die on e2 (or a2 when moving from e2's neighbourhood), equal values so
        // that no attack exists; it may stand on a line and cut it short.
        let blue = if ["e2", "e1", "e3", "d2", "d3"].contains(&name.as_str()) {
            "a2"
        } else {
            "e2"
        };
        let b = table.iter().position(|(c, _)| c == blue).unwrap();
        let s = pos(&g, R, &[(name, R, 3), (blue, BL, 3)], &[], false);
        let mut want = Vec::new();
        for d in 0..6 {
            let mut at = None;
            let mut next = table[i].1[d];
            while let Some(n) = next {
                if n == b {
                    break;
                }
                at = Some(n);
                next = table[n].1[d];
            }
            if let Some(n) = at {
                want.push(format!("{name}-{}", table[n].0));
            }
        }
        assert_eq!(moves(&mut e, &s), sorted(&want), "from {name}");
    }
}

// ---------------------------------------------------------------------------------------
// The end

#[test]
fn a_player_with_no_dice_left_loses_at_once() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    let mut s = pos(&g, R, &[("c3", R, 2), ("c4", BL, 1)], &[], false);
    play(&mut e, &mut s, "c3xc4");
    // Red keeps one die showing 1: 1 + 1 die = 2; Blue 0.
    assert_eq!(
        result(&mut e, &s),
        Some((R.to_string(), vec![2, 0], "no dice left".to_string()))
    );
    // The player to move having no die loses too.
    let g = naytin(&["pips-only"]);
    let mut e = Engine::new(&g);
    let s = pos(&g, BL, &[("c3", R, 1)], &[], false);
    assert_eq!(result(&mut e, &s).map(|r| r.0), Some(R.to_string()));
}

/// Red 6, 2, 1 in row a; Blue 5 and 5 in row e. Nothing is adjacent.
fn far_apart(g: &Game, to_move: &str, last_was_move: bool) -> State {
    pos(
        g,
        to_move,
        &[
            ("a1", R, 6),
            ("a2", R, 2),
            ("a3", R, 1),
            ("e1", BL, 5),
            ("e3", BL, 5),
        ],
        &[],
        last_was_move,
    )
}

#[test]
fn no_attack_right_after_a_move_ends_the_game() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    // Blue just moved and Red cannot attack: over before Red moves.
    // Red 6+2+1 + 3 dice = 12; Blue 5+5 + 2 dice = 12: a draw.
    let s = far_apart(&g, R, true);
    assert_eq!(
        result(&mut e, &s),
        Some((
            "draw".to_string(),
            vec![12, 12],
            "no attack after a move".to_string()
        ))
    );
    // Had Blue attacked instead, Red would just move.
    let s = far_apart(&g, R, false);
    assert!(!is_over(&mut e, &s));
    assert!(!moves(&mut e, &s).is_empty());
    // Played out: Blue cannot attack, moves, and then Red cannot attack.
    let mut s = far_apart(&g, BL, false);
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["e1-e2", "e1-d2", "e1-d1", "e3-e2", "e3-d4", "e3-d3"])
    );
    play(&mut e, &mut s, "e1-d1");
    assert_eq!(counter(&g, &s, "last_was_move"), 1);
    assert_eq!(
        result(&mut e, &s),
        Some((
            "draw".to_string(),
            vec![12, 12],
            "no attack after a move".to_string()
        ))
    );

    // After an attack the next player who cannot attack moves.
    let mut s = pos(
        &g,
        R,
        &[("c3", R, 4), ("c4", BL, 3), ("e1", BL, 5)],
        &[],
        true,
    );
    play(&mut e, &mut s, "c3xc4");
    assert_eq!(counter(&g, &s, "last_was_move"), 0);
    assert!(!is_over(&mut e, &s));
    assert_eq!(moves(&mut e, &s), sorted(&["e1-e2", "e1-d2", "e1-d1"]));
}

#[test]
fn pips_only_scores_only_the_values() {
    let g = naytin(&["pips-only"]);
    let mut e = Engine::new(&g);
    // Red 6+2+1 = 9, Blue 5+5 = 10: the count of dice no longer saves Red's draw.
    let s = far_apart(&g, R, true);
    assert_eq!(
        result(&mut e, &s),
        Some((
            BL.to_string(),
            vec![9, 10],
            "no attack after a move".to_string()
        ))
    );
}

#[test]
fn neither_attack_nor_move_ends_the_game() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    // Red's 2 in the corner a1 is walled in by Blue's 3 (a2), 4 (b1) and 6 (b2), none of
    // which it can attack; Blue attacked last, so only this rule applies.
    // Red 2 + 1 = 3; Blue 3+4+6 + 3 = 16.
    let s = pos(
        &g,
        R,
        &[("a1", R, 2), ("a2", BL, 3), ("b1", BL, 4), ("b2", BL, 6)],
        &[],
        false,
    );
    assert!(is_over(&mut e, &s));
    let (winner, scores, _) = result(&mut e, &s).unwrap();
    assert_eq!((winner.as_str(), scores), (BL, vec![3, 16]));
}

#[test]
fn the_first_turn_of_play_never_ends_by_the_no_attack_rule() {
    let g = naytin(&["no-obstacles"]);
    let mut e = Engine::new(&g);
    // Red fills rows a and b and c1; Blue c5 and rows d and e; c2 c3 c4 stay empty.
    // Red's 1s (c1, b4) face Blue's 1 (d1) and 2 (c5); no other Red die touches Blue.
    let red = [
        ("a1", R, 2),
        ("a2", R, 3),
        ("a3", R, 4),
        ("b1", R, 5),
        ("b2", R, 6),
        ("b3", R, 6),
        ("b4", R, 1),
        ("c1", R, 1),
    ];
    let blue = [
        ("c5", BL, 2),
        ("d1", BL, 1),
        ("d2", BL, 3),
        ("d3", BL, 4),
        ("d4", BL, 5),
        ("e1", BL, 1),
        ("e2", BL, 6),
    ];
    let list: Vec<(&str, &str, i32)> = red.iter().chain(blue.iter()).copied().collect();
    let mut s = state(
        &g,
        json!({"phase": "dice", "to_move": "blue", "cells": dice(&list), "pools": {"reserve": {"red": [], "blue": [6]}}}),
    );
    play(&mut e, &mut s, "6@e3");
    // Blue's last placement was not a move: Red cannot attack, but the game goes on and
    // Red moves into c2 (from c1, b1, b2), c3 (from b2, b3) or c4 (from b3, b4).
    assert_eq!(phase(&g, &s), "play");
    assert!(!is_over(&mut e, &s));
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["c1-c2", "b1-c2", "b2-c2", "b2-c3", "b3-c3", "b3-c4", "b4-c4"])
    );
    play(&mut e, &mut s, "b2-c3");
    // Now Blue must attack: c5 (2) takes b4 (1); nothing else (Red's 6 on c3 is out of
    // reach of d2 (3) and d3 (4), and no Blue 1 touches it).
    assert_eq!(moves(&mut e, &s), vec!["c5xb4".to_string()]);
    play(&mut e, &mut s, "c5xb4");
    assert_eq!(die(&g, &s, "b4"), Some((BL.to_string(), 1)));
}

#[test]
fn a_full_board_where_red_cannot_attack_ends_before_the_first_move() {
    // With obstacles the board is full after setup, so Red can only attack; if he cannot,
    // neither attack nor move is possible and the game ends at once. Both sides have the
    // full set: 1+1+2+3+4+5+6+6 = 28 + 8 dice = 36 each, a draw.
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    let mut s = full_board_but_c4(&g, 6, false);
    play(&mut e, &mut s, "6@c4");
    assert_eq!(phase(&g, &s), "play");
    assert_eq!(
        result(&mut e, &s).map(|r| (r.0, r.1)),
        Some(("draw".to_string(), vec![36, 36]))
    );
}

// ---------------------------------------------------------------------------------------
// Move counts (perft), worked out by hand

#[test]
fn perft_two_red_dice_against_one_blue() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        R,
        &[("a1", R, 2), ("a3", R, 5), ("c3", BL, 3)],
        &[],
        false,
    );
    // Depth 1: no attack; a1 to a2, b2, b1; a3 to a2, b4, b3: 6.
    // Depth 2: after a1-b2 Blue's 3 must take the 2 on b2 (1 move); after any other move
    //   Blue cannot attack (b3 holds a 5, the rest is out of reach) and the game is over
    //   (a leaf): 6.
    // Depth 3: after c3xb2 Red's 5 on a3 cannot reach b2 and moves to a2, b4 or b3: 5 + 3.
    // Depth 4: none of those three lets Blue's 2 on b2 attack (a2 and b3 hold a 5): 8.
    assert_eq!(e.perft(&s, 1).unwrap(), 6);
    assert_eq!(e.perft(&s, 2).unwrap(), 6);
    assert_eq!(e.perft(&s, 3).unwrap(), 8);
    assert_eq!(e.perft(&s, 4).unwrap(), 8);
}

#[test]
fn perft_two_red_dice_against_one_blue_with_slide() {
    let g = naytin(&["slide"]);
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        R,
        &[("a1", R, 2), ("a3", R, 5), ("c3", BL, 3)],
        &[],
        false,
    );
    // Depth 1: a1 slides east to a2 (a3 is taken), south-east to b2 (c3 is taken),
    //   south-west to c1; a3 west to a2, south-west to b3, south-east to c5: 6.
    // Depth 2: as without slide, only a1-b2 lets Blue attack: 6.
    // Depth 3: after c3xb2, a3 slides west to a1, south-east to c5, south-west through
    //   b3, c3 (empty now), d2 to e1: 5 + 3 = 8.
    assert_eq!(e.perft(&s, 1).unwrap(), 6);
    assert_eq!(e.perft(&s, 2).unwrap(), 6);
    assert_eq!(e.perft(&s, 3).unwrap(), 8);
    let mut t = s.clone();
    play_all(&mut e, &mut t, &["a1-b2", "c3xb2"]);
    assert_eq!(moves(&mut e, &t), sorted(&["a3-a1", "a3-c5", "a3-e1"]));
}

#[test]
fn perft_through_a_roll() {
    let g = naytin(&["random-values"]);
    let mut e = Engine::new(&g);
    let s = full_board_but_c4(&g, 0, true);
    // Depth 1: six rolls. Depth 2: each roll, one cell (c4): 6.
    // Depth 3: Red's 6s on b3 and b4 can attack the die on c4 when it shows 2-5 (two
    //   attacks each, 8); a 1 or a 6 on c4 leaves Red no attack and, the board being full,
    //   no move: the game is over, one leaf each. 8 + 2 = 10.
    assert_eq!(e.perft(&s, 1).unwrap(), 6);
    assert_eq!(e.perft(&s, 2).unwrap(), 6);
    assert_eq!(e.perft(&s, 3).unwrap(), 10);
}

#[test]
fn perft_of_the_obstacle_phase() {
    let g = naytin(&[]);
    let mut e = Engine::new(&g);
    let s = e.initial_state().unwrap();
    // Depth 1: 19 cells. Depth 2: the second obstacle avoids the first and its neighbours:
    // 19 cells minus (1 + its neighbour count). By RULES.md's table 6 cells have 3
    // neighbours, 6 have 4 and 7 have 6: 6 x 15 + 6 x 14 + 7 x 12 = 90 + 84 + 84 = 258.
    assert_eq!(e.perft(&s, 1).unwrap(), 19);
    assert_eq!(e.perft(&s, 2).unwrap(), 258);
}
