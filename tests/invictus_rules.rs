//! Invictus, rule by rule (RULES.md §2 and its Decisions), on positions built by hand:
//! the setup, steps, captures and returned dice (the far row, the end, the score and
//! move counts are in `invictus_end.rs`).
//! Every expected move list, count and score below was worked out from RULES.md, with
//! the reasoning in a comment; none is copied from tabula's output.
//!
//! Reminders used throughout: files a-i, ranks 1-9. Black's forward is +rank, his left
//! is file-1 and his right file+1; White's forward is -rank, his left is file+1 and his
//! right file-1. Territories: Black ranks 1-4, White ranks 6-9 (rank 5 is neither).
//! Far rows: rank 9 for Black, rank 1 for White.

mod common;
mod invictus_support;
use common::*;
use invictus_support::*;

// ---------------------------------------------------------------------------------------
// Setup

#[test]
fn setup_black_places_first_on_ranks_2_and_3() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = e.initial_state().unwrap();
    assert_eq!(phase(&g, &s), "setup");
    assert_eq!(to_move(&g, &s), B);
    // Black holds three each of 1-6: six values, each on any of the 18 cells of ranks 2-3.
    assert_eq!(
        moves(&mut e, &s),
        placements(&[1, 2, 3, 4, 5, 6], &cells_of(&[2, 3]))
    );
    assert_eq!(moves(&mut e, &s).len(), 108);
    // White has no die on the board and none in hand, but the end rule only applies in play.
    assert!(!is_over(&mut e, &s));
    // Not on rank 4, not on White's rows, no value 7, no value 0.
    for bad in ["6@e4", "6@e1", "6@e7", "7@e2", "0@e2"] {
        assert!(refused(&mut e, &s, bad), "{bad}");
    }
}

#[test]
fn setup_is_36_single_placements_then_play_starts_with_black() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().unwrap();
    // Black fills a2..i2 then a3..i3, the k-th die showing k mod 6 + 1 (three of each).
    let black_cells = cells_of(&[2, 3]);
    for (k, c) in black_cells.iter().enumerate() {
        assert_eq!(to_move(&g, &s), B, "placement {k}");
        assert_eq!(phase(&g, &s), "setup");
        if k == 1 {
            // a2 is taken now.
            assert!(refused(&mut e, &s, "2@a2"));
        }
        if k == 13 {
            // Placements 0, 6 and 12 used the three 1s.
            assert!(refused(&mut e, &s, &format!("1@{c}")));
            assert!(!moves(&mut e, &s).iter().any(|m| m.starts_with("1@")));
        }
        play(&mut e, &mut s, &format!("{}@{c}", k % 6 + 1));
        if k < 17 {
            // Black keeps placing: the same turn goes on.
            assert_eq!(to_move(&g, &s), B);
            assert!(s.in_turn());
        }
    }
    // After Black's 18th, White places on ranks 8 and 7 (his rows are 7-8).
    assert_eq!(to_move(&g, &s), W);
    assert_eq!(phase(&g, &s), "setup");
    assert!(!s.in_turn());
    assert_eq!(
        moves(&mut e, &s),
        placements(&[1, 2, 3, 4, 5, 6], &cells_of(&[7, 8]))
    );
    assert!(refused(&mut e, &s, "6@e6"));
    assert!(refused(&mut e, &s, "6@e9"));
    let white_cells = cells_of(&[8, 7]);
    for (k, c) in white_cells.iter().enumerate() {
        assert_eq!(phase(&g, &s), "setup", "White's placement {k}");
        assert_eq!(to_move(&g, &s), W);
        play(&mut e, &mut s, &format!("{}@{c}", 6 - k % 6));
    }
    // The 36th placement ends setup; Black moves first; no turn has counted yet.
    assert_eq!(phase(&g, &s), "play");
    assert_eq!(to_move(&g, &s), B);
    assert!(!s.in_turn());
    assert_eq!(counter(&g, &s, "no_progress"), 0);
    for (k, c) in black_cells.iter().enumerate() {
        assert_eq!(die(&g, &s, c), Some((B.to_string(), (k % 6 + 1) as i64)));
    }
    for (k, c) in white_cells.iter().enumerate() {
        assert_eq!(die(&g, &s, c), Some((W.to_string(), (6 - k % 6) as i64)));
    }
    // Ranks 2-3 are full, so only rank 3 can move, onto the empty rank 4.
    assert_eq!(moves(&mut e, &s), front_row_moves(3, 4));
    assert_eq!(moves(&mut e, &s).len(), 25);
    assert_eq!(e.scores(&s).expect("scores"), vec![0, 0]);
}

// ---------------------------------------------------------------------------------------
// Steps

#[test]
fn black_steps_forward_sideways_and_diagonally_forward_never_back() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(&g, B, &[("e5", B, 3), ("a9", W, 1)], json!({}), json!({}));
    // Forward e6, left d5, right f5, forward-left d6, forward-right f6.
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["e5-e6", "e5-d5", "e5-f5", "e5-d6", "e5-f6"])
    );
    for back in ["e5-e4", "e5-d4", "e5-f4"] {
        assert!(refused(&mut e, &s, back), "{back}");
    }
    for (m, to) in [("e5-e6", "e6"), ("e5-d5", "d5"), ("e5-f6", "f6")] {
        let mut t = s.clone();
        play(&mut e, &mut t, m);
        assert_eq!(die(&g, &t, "e5"), None);
        assert_eq!(die(&g, &t, to), Some((B.to_string(), 3)), "{m}");
        assert_eq!(to_move(&g, &t), W);
    }
}

#[test]
fn white_steps_toward_rank_1() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(&g, W, &[("e5", W, 3), ("i1", B, 1)], json!({}), json!({}));
    // Forward e4, left f5, right d5, forward-left f4, forward-right d4.
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["e5-e4", "e5-f5", "e5-d5", "e5-f4", "e5-d4"])
    );
    for back in ["e5-e6", "e5-d6", "e5-f6"] {
        assert!(refused(&mut e, &s, back), "{back}");
    }
}

#[test]
fn steps_stop_at_the_edge() {
    let g = invictus();
    let mut e = Engine::new(&g);
    // Black on the a-file: no left, no forward-left.
    let s = pos(&g, B, &[("a5", B, 2), ("i9", W, 2)], json!({}), json!({}));
    assert_eq!(moves(&mut e, &s), sorted(&["a5-a6", "a5-b5", "a5-b6"]));
    // White on the i-file: his left (east) and forward-left (south-east) are off the board.
    let s = pos(&g, W, &[("i5", W, 2), ("a1", B, 2)], json!({}), json!({}));
    assert_eq!(moves(&mut e, &s), sorted(&["i5-i4", "i5-h5", "i5-h4"]));
}

#[test]
fn steps_need_an_empty_cell() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        B,
        &[("e5", B, 3), ("e6", B, 3), ("d6", W, 5), ("f5", W, 5)],
        json!({}),
        json!({}),
    );
    // e5: forward e6 is his own, right f5 is White's, forward-left d6 is a higher White die
    //     (no capture): only left d5 and forward-right f6.
    // e6: left d6 is White's; forward e7, right f6, forward-left d7, forward-right f7 are free.
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["e5-d5", "e5-f6", "e6-e7", "e6-f6", "e6-d7", "e6-f7"])
    );
}

// ---------------------------------------------------------------------------------------
// Captures

#[test]
fn capture_is_diagonally_forward_onto_equal_or_lower() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        B,
        &[
            ("e4", B, 3),
            ("d5", W, 3),
            ("f5", W, 4),
            ("e5", W, 1),
            ("d4", W, 1),
        ],
        json!({}),
        json!({}),
    );
    // Straight ahead e5 holds a lower die but a die never captures forward; left d4 holds a
    // lower die but never sideways; f5 (4) is higher; d5 (3) is equal: capturable.
    // The only free cell is right, f4.
    assert_eq!(moves(&mut e, &s), sorted(&["e4-f4", "e4xd5"]));
    for bad in ["e4xe5", "e4xd4", "e4xf5", "e4-d5"] {
        assert!(refused(&mut e, &s, bad), "{bad}");
    }
}

#[test]
fn white_captures_toward_rank_1() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        W,
        &[("e6", W, 5), ("d5", B, 5), ("f5", B, 6), ("e5", B, 1)],
        json!({}),
        json!({}),
    );
    // White's forward-right is d5 (equal: capture), forward-left f5 (6, higher: no),
    // forward e5 (no straight capture); left f6 and right d6 are free.
    assert_eq!(moves(&mut e, &s), sorted(&["e6-d6", "e6-f6", "e6xd5"]));
    let mut t = s.clone();
    play(&mut e, &mut t, "e6xd5");
    assert_eq!(die(&g, &t, "d5"), Some((W.to_string(), 5)));
    assert_eq!(die(&g, &t, "e6"), None);
    // The captured 5 goes back to Black turned down to 4.
    assert_eq!(pool_of(&g, &t, "hand", B), vec![4]);
    assert_eq!(to_move(&g, &t), B);
}

#[test]
fn capture_table_and_what_becomes_of_the_captured_die() {
    let g = invictus();
    let mut e = Engine::new(&g);
    // Row a (capturer's value 1..6), column d (captured value 1..6): 1 when e4xf5 is legal,
    // i.e. when d <= a.
    let table = [
        [1, 0, 0, 0, 0, 0],
        [1, 1, 0, 0, 0, 0],
        [1, 1, 1, 0, 0, 0],
        [1, 1, 1, 1, 0, 0],
        [1, 1, 1, 1, 1, 0],
        [1, 1, 1, 1, 1, 1],
    ];
    for a in 1..=6 {
        for d in 1..=6 {
            let s = pos(
                &g,
                B,
                &[("e4", B, a), ("f5", W, d), ("a9", W, 6)],
                json!({}),
                json!({}),
            );
            let list = moves(&mut e, &s);
            let legal = list.contains(&"e4xf5".to_string());
            assert_eq!(
                legal,
                table[a as usize - 1][d as usize - 1] == 1,
                "{a} takes {d}: {list:?}"
            );
            assert!(!list.contains(&"e4-f5".to_string()));
            if legal {
                let mut t = s.clone();
                play(&mut e, &mut t, "e4xf5");
                assert_eq!(
                    die(&g, &t, "f5"),
                    Some((B.to_string(), a as i64)),
                    "the capturer keeps its value"
                );
                if d > 1 {
                    assert_eq!(pool_of(&g, &t, "hand", W), vec![d as i64 - 1]);
                    assert_eq!(counter_of(&g, &t, "captured_ones", B), 0);
                } else {
                    assert_eq!(pool_of(&g, &t, "hand", W), Vec::<i64>::new());
                    assert_eq!(counter_of(&g, &t, "captured_ones", B), 1);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Returned dice

#[test]
fn captured_die_returns_one_lower_at_the_start_of_its_owners_next_turn() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = pos(
        &g,
        B,
        &[("e4", B, 4), ("d5", W, 3), ("a9", W, 6)],
        json!({}),
        json!({"no_progress": 7}),
    );
    play(&mut e, &mut s, "e4xd5");
    assert_eq!(die(&g, &s, "d5"), Some((B.to_string(), 4)));
    assert_eq!(die(&g, &s, "e4"), None);
    assert_eq!(pool_of(&g, &s, "hand", W), vec![2]);
    // A capture is progress.
    assert_eq!(counter(&g, &s, "no_progress"), 0);
    // White's turn starts with the placement, on any empty cell of ranks 6-9 (a9 is taken).
    assert_eq!(to_move(&g, &s), W);
    assert!(!s.in_turn());
    let territory: Vec<String> = cells_of(&[6, 7, 8, 9])
        .into_iter()
        .filter(|c| c != "a9")
        .collect();
    assert_eq!(moves(&mut e, &s), placements(&[2], &territory));
    assert!(refused(&mut e, &s, "2@e5"), "rank 5 is no one's territory");
    assert!(refused(&mut e, &s, "2@e4"), "rank 4 is Black's");
    play(&mut e, &mut s, "2@e6");
    assert_eq!(die(&g, &s, "e6"), Some((W.to_string(), 2)));
    assert!(pool_of(&g, &s, "hand", W).is_empty());
    // Then White's normal action, in the same turn.
    assert_eq!(to_move(&g, &s), W);
    assert!(s.in_turn());
    // a9: forward a8, left b9, forward-left b8. e6 (2): forward e5, left f6, right d6,
    // forward-left f5; forward-right d5 holds Black's 4, higher than 2.
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["a9-a8", "a9-b9", "a9-b8", "e6-e5", "e6-f6", "e6-d6", "e6-f5"])
    );
    play(&mut e, &mut s, "e6-e5");
    assert_eq!(to_move(&g, &s), B);
    assert!(!s.in_turn());
    assert_eq!(counter(&g, &s, "no_progress"), 0);
}

#[test]
fn a_placement_with_no_action_after_it_ends_the_turn() {
    let g = invictus();
    let mut e = Engine::new(&g);
    // White has only a 1 in hand. Black dice at a5, b5, b6 wall in a6. (The position
    // also says Black passed last, which cannot precede a placement in a real game: it
    // shows that a placement is an action, not a pass.)
    let mut s = pos(
        &g,
        W,
        &[("a5", B, 2), ("b5", B, 3), ("b6", B, 4)],
        json!({"hand": {"white": [1]}}),
        json!({"no_progress": 10, "last_was_pass": 1}),
    );
    let territory: Vec<String> = cells_of(&[6, 7, 8, 9])
        .into_iter()
        .filter(|c| c != "b6")
        .collect();
    assert_eq!(moves(&mut e, &s), placements(&[1], &territory));
    // From a6 White's 1 has forward a5, left b6, forward-left b5: all Black dice, all
    // higher than 1; right and forward-right are off the board. So his turn ends.
    play(&mut e, &mut s, "1@a6");
    assert_eq!(to_move(&g, &s), B);
    assert!(!s.in_turn());
    assert!(!is_over(&mut e, &s));
    // A placement-only turn counts as a turn without progress.
    assert_eq!(counter(&g, &s, "no_progress"), 11);
    assert_eq!(counter(&g, &s, "last_was_pass"), 0);
    // Black: a5 is walled in (a6 White, b5 and b6 his own). b5: right c5, forward-left a6
    // holds White's 1 (capture), forward-right c6. b6: forward b7, right c6, forward-left
    // a7, forward-right c7; left a6 is taken.
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["b5-c5", "b5xa6", "b5-c6", "b6-b7", "b6-c6", "b6-a7", "b6-c7"])
    );
}

#[test]
fn several_returned_dice_are_placed_one_at_a_time() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = pos(
        &g,
        W,
        &[("a9", W, 6), ("e4", B, 1)],
        json!({"hand": {"white": [2, 5]}}),
        json!({}),
    );
    let territory: Vec<String> = cells_of(&[6, 7, 8, 9])
        .into_iter()
        .filter(|c| c != "a9")
        .collect();
    // Either die first, on any of the 35 free cells.
    assert_eq!(moves(&mut e, &s), placements(&[2, 5], &territory));
    play(&mut e, &mut s, "5@e7");
    assert_eq!(to_move(&g, &s), W);
    let territory: Vec<String> = territory.into_iter().filter(|c| c != "e7").collect();
    // Still a die in hand: only its placement.
    assert_eq!(moves(&mut e, &s), placements(&[2], &territory));
    play(&mut e, &mut s, "2@d7");
    assert_eq!(to_move(&g, &s), W);
    // Now the normal action. a9: a8, b9, b8. e7 (5): forward e6, left f7, forward-left f6,
    // forward-right d6 (right d7 is his own). d7 (2): forward d6, right c7, forward-left e6,
    // forward-right c6 (left e7 is his own).
    assert_eq!(
        moves(&mut e, &s),
        sorted(&[
            "a9-a8", "a9-b9", "a9-b8", "e7-e6", "e7-f7", "e7-f6", "e7-d6", "d7-d6", "d7-c7",
            "d7-e6", "d7-c6"
        ])
    );
    play(&mut e, &mut s, "d7-d6");
    assert_eq!(to_move(&g, &s), B);
}

#[test]
fn a_full_territory_makes_the_returned_die_wait() {
    // Not reachable in a real game (36 territory cells, at most 35 dice on the board
    // while one is in hand), but the rule is written down: the die waits.
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut list: Vec<(String, &str, i32)> = cells_of(&[6, 7, 8, 9])
        .into_iter()
        .map(|c| (c, W, 6))
        .collect();
    list.push(("a1".to_string(), B, 1));
    let list: Vec<(&str, &str, i32)> = list.iter().map(|(c, o, v)| (c.as_str(), *o, *v)).collect();
    let mut s = pos(&g, W, &list, json!({"hand": {"white": [3]}}), json!({}));
    // No free cell: White plays normally. Only rank 6 can move, onto the empty rank 5.
    assert_eq!(moves(&mut e, &s), front_row_moves(6, 5));
    play(&mut e, &mut s, "e6-e5");
    assert_eq!(pool_of(&g, &s, "hand", W), vec![3]);
    assert_eq!(to_move(&g, &s), B);
    assert_eq!(moves(&mut e, &s), sorted(&["a1-a2", "a1-b1", "a1-b2"]));
    play(&mut e, &mut s, "a1-a2");
    // e6 is free now: the waiting die must go there first.
    assert_eq!(moves(&mut e, &s), vec!["3@e6".to_string()]);
    play(&mut e, &mut s, "3@e6");
    assert_eq!(die(&g, &s, "e6"), Some((W.to_string(), 3)));
    assert_eq!(to_move(&g, &s), W);
    assert!(s.in_turn());
}

#[test]
fn a_captured_1_is_kept_by_the_capturer() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = pos(
        &g,
        B,
        &[("e4", B, 2), ("d5", W, 1), ("a9", W, 6)],
        json!({}),
        json!({}),
    );
    play(&mut e, &mut s, "e4xd5");
    assert!(pool_of(&g, &s, "hand", W).is_empty());
    assert_eq!(counter_of(&g, &s, "captured_ones", B), 1);
    // Black: the captured 1 (d5 is on rank 5, no one's territory). White: a9 is his own.
    assert_eq!(e.scores(&s).expect("scores"), vec![1, 0]);
    // White has nothing to place: his usual moves.
    assert_eq!(moves(&mut e, &s), sorted(&["a9-a8", "a9-b9", "a9-b8"]));

    // The same for White capturing a Black 1.
    let mut s = pos(
        &g,
        W,
        &[("e6", W, 3), ("d5", B, 1), ("a1", B, 2)],
        json!({}),
        json!({}),
    );
    play(&mut e, &mut s, "e6xd5");
    assert_eq!(counter_of(&g, &s, "captured_ones", W), 1);
    assert!(pool_of(&g, &s, "hand", B).is_empty());
    assert_eq!(e.scores(&s).expect("scores"), vec![0, 1]);
}
