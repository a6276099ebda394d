//! Invictus, rule by rule (RULES.md §2 and its Decisions), on positions built by hand:
//! the far row, the end of the game, fifty turns without progress, the score and move
//! counts (the setup, steps, captures and returned dice are in `invictus_rules.rs`).
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
// The far row

#[test]
fn a_die_reaching_the_far_row_by_a_step_leaves_and_scores() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        B,
        &[("e8", B, 4), ("c8", B, 2), ("a9", W, 6)],
        json!({}),
        json!({"no_progress": 12}),
    );
    for (m, to) in [("e8-e9", "e9"), ("e8-d9", "d9"), ("e8-f9", "f9")] {
        let mut t = s.clone();
        play(&mut e, &mut t, m);
        assert_eq!(die(&g, &t, to), None, "{m}: the die left the board");
        assert_eq!(die(&g, &t, "e8"), None);
        assert_eq!(counter_of(&g, &t, "arrived", B), 4);
        assert_eq!(counter(&g, &t, "no_progress"), 0);
        // Black: 4 arrived + c8 (2) standing in White's territory.
        assert_eq!(e.scores(&t).expect("scores"), vec![6, 0]);
        assert_eq!(to_move(&g, &t), W);
    }
    // White's far row is rank 1.
    let s = pos(&g, W, &[("c2", W, 5), ("i1", B, 1)], json!({}), json!({}));
    for (m, to) in [("c2-c1", "c1"), ("c2-b1", "b1"), ("c2-d1", "d1")] {
        let mut t = s.clone();
        play(&mut e, &mut t, m);
        assert_eq!(die(&g, &t, to), None);
        assert_eq!(counter_of(&g, &t, "arrived", W), 5);
        assert_eq!(e.scores(&t).expect("scores"), vec![0, 5]);
    }
}

#[test]
fn a_capture_onto_the_far_row_does_both() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = pos(
        &g,
        B,
        &[("e8", B, 5), ("a1", B, 1), ("d9", W, 3), ("a9", W, 6)],
        json!({}),
        json!({}),
    );
    play(&mut e, &mut s, "e8xd9");
    assert_eq!(die(&g, &s, "d9"), None);
    assert_eq!(die(&g, &s, "e8"), None);
    assert_eq!(counter_of(&g, &s, "arrived", B), 5);
    assert_eq!(pool_of(&g, &s, "hand", W), vec![2]);
    assert_eq!(e.scores(&s).expect("scores"), vec![5, 0]);
    assert_eq!(to_move(&g, &s), W);
    let territory: Vec<String> = cells_of(&[6, 7, 8, 9])
        .into_iter()
        .filter(|c| c != "a9")
        .collect();
    assert_eq!(moves(&mut e, &s), placements(&[2], &territory));

    // Taking a 1 there: 5 arrived + 1 captured.
    let mut s = pos(
        &g,
        B,
        &[("e8", B, 5), ("a1", B, 1), ("d9", W, 1), ("a9", W, 6)],
        json!({}),
        json!({}),
    );
    play(&mut e, &mut s, "e8xd9");
    assert_eq!(e.scores(&s).expect("scores"), vec![6, 0]);
    assert!(pool_of(&g, &s, "hand", W).is_empty());
}

// ---------------------------------------------------------------------------------------
// The end

#[test]
fn the_game_ends_when_a_player_has_no_die_left() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = pos(
        &g,
        B,
        &[("e8", B, 4), ("a9", W, 6), ("c4", W, 3)],
        json!({}),
        json!({"arrived": {"black": 10, "white": 5}}),
    );
    assert!(!is_over(&mut e, &s));
    // Black 10 + e8 (4, standing in White's territory); White 5 + c4 (3) in Black's.
    assert_eq!(e.scores(&s).expect("scores"), vec![14, 8]);
    play(&mut e, &mut s, "e8-e9");
    // Black's last die arrived: its 4 now counts as arrived, Black 14, White 8.
    assert_eq!(counter_of(&g, &s, "arrived", B), 14);
    assert!(is_over(&mut e, &s));
    assert_eq!(
        result(&mut e, &s),
        Some((B.to_string(), vec![14, 8], "no dice left".to_string()))
    );
}

#[test]
fn a_die_in_hand_keeps_a_player_in_the_game() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = pos(&g, B, &[("e4", B, 3), ("d5", W, 2)], json!({}), json!({}));
    play(&mut e, &mut s, "e4xd5");
    // White's only die went to his hand as a 1: he is still playing, and places it.
    assert!(!is_over(&mut e, &s));
    assert_eq!(
        moves(&mut e, &s),
        placements(&[1], &cells_of(&[6, 7, 8, 9]))
    );

    // Capturing his last die when it is a 1 leaves him nothing: Black wins 1-0.
    let mut s = pos(&g, B, &[("e4", B, 3), ("d5", W, 1)], json!({}), json!({}));
    play(&mut e, &mut s, "e4xd5");
    assert_eq!(
        result(&mut e, &s),
        Some((B.to_string(), vec![1, 0], "no dice left".to_string()))
    );
}

/// Black's 1 at a8 faces White's 2 at a9 (straight ahead), 3 at b8 (to his right) and 2
/// at b9 (forward-right, higher): Black has no step and no capture.
fn black_stuck(g: &Game, counters: Value) -> State {
    pos(
        g,
        B,
        &[("a8", B, 1), ("a9", W, 2), ("b9", W, 2), ("b8", W, 3)],
        json!({}),
        counters,
    )
}

#[test]
fn a_player_with_no_action_passes() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = black_stuck(&g, json!({"no_progress": 3}));
    assert_eq!(moves(&mut e, &s), vec!["pass".to_string()]);
    play(&mut e, &mut s, "pass");
    assert_eq!(to_move(&g, &s), W);
    assert_eq!(counter(&g, &s, "last_was_pass"), 1);
    assert_eq!(counter(&g, &s, "no_progress"), 4);
    // One pass does not end the game. White: a9 is walled in (a8 Black ahead, b9 and b8
    // his own). b9: left c9, forward-left c8, forward-right a8 holds Black's 1 (capture).
    // b8 (3): forward b7, left c8, forward-left c7, forward-right a7 (right a8 is Black's).
    assert!(!is_over(&mut e, &s));
    assert_eq!(
        moves(&mut e, &s),
        sorted(&["b9-c9", "b9-c8", "b9xa8", "b8-b7", "b8-c8", "b8-c7", "b8-a7"])
    );
    play(&mut e, &mut s, "b8-b7");
    assert_eq!(counter(&g, &s, "last_was_pass"), 0);
    assert_eq!(counter(&g, &s, "no_progress"), 0);
    // b8 is free now.
    assert_eq!(moves(&mut e, &s), vec!["a8-b8".to_string()]);
}

#[test]
fn no_action_right_after_a_pass_ends_the_game() {
    // In a real game this cannot happen (a stuck player's most advanced die always offers
    // the opponent a capture), so the position says White passed last.
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = black_stuck(&g, json!({"last_was_pass": 1}));
    assert!(is_over(&mut e, &s));
    // Black's 1 stands on rank 8, White's territory: Black 1, White 0.
    assert_eq!(
        result(&mut e, &s),
        Some((B.to_string(), vec![1, 0], "two passes".to_string()))
    );
}

// ---------------------------------------------------------------------------------------
// 50 turns without progress

#[test]
fn fifty_turns_of_sideways_steps_end_the_game() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let mut s = pos(&g, B, &[("a6", B, 3), ("i4", W, 2)], json!({}), json!({}));
    for turn in 1..=50 {
        assert!(!is_over(&mut e, &s), "over before turn {turn}");
        // Black (odd turns) goes a6-b6-a6..., White (even turns) i4-h4-i4...
        let m = match (turn % 2, (turn + 1) / 2 % 2) {
            (1, 1) => "a6-b6",
            (1, _) => "b6-a6",
            (_, 1) => "i4-h4",
            _ => "h4-i4",
        };
        play(&mut e, &mut s, m);
        assert_eq!(counter(&g, &s, "no_progress"), turn, "after {m}");
    }
    // Black's 3 stands in White's territory, White's 2 in Black's.
    assert_eq!(
        result(&mut e, &s),
        Some((B.to_string(), vec![3, 2], "no progress".to_string()))
    );
}

#[test]
fn a_forward_step_or_a_capture_resets_the_count() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        B,
        &[("a6", B, 3), ("i4", W, 2)],
        json!({}),
        json!({"no_progress": 49}),
    );
    for m in ["a6-a7", "a6-b7"] {
        let mut t = s.clone();
        play(&mut e, &mut t, m);
        assert_eq!(counter(&g, &t, "no_progress"), 0, "{m}");
        assert!(!is_over(&mut e, &t));
    }
    let mut t = s.clone();
    play(&mut e, &mut t, "a6-b6");
    assert_eq!(
        result(&mut e, &t),
        Some((B.to_string(), vec![3, 2], "no progress".to_string()))
    );

    let mut s = pos(
        &g,
        B,
        &[("e4", B, 3), ("d5", W, 2), ("a9", W, 6)],
        json!({}),
        json!({"no_progress": 49}),
    );
    play(&mut e, &mut s, "e4xd5");
    assert_eq!(counter(&g, &s, "no_progress"), 0);
    assert!(!is_over(&mut e, &s));

    // Equal scores at the end: a draw (2 each, each die in the other's territory).
    let mut s = pos(
        &g,
        B,
        &[("a6", B, 2), ("i4", W, 2)],
        json!({}),
        json!({"no_progress": 49}),
    );
    play(&mut e, &mut s, "a6-b6");
    assert_eq!(
        result(&mut e, &s),
        Some(("draw".to_string(), vec![2, 2], "no progress".to_string()))
    );
}

#[test]
fn pass_turns_and_placement_turns_count_toward_fifty() {
    let g = invictus();
    let mut e = Engine::new(&g);
    // A pass as the 50th turn: the no-progress rule fires (White can still move, so it is
    // not the two-passes rule).
    let mut s = black_stuck(&g, json!({"no_progress": 49}));
    play(&mut e, &mut s, "pass");
    assert_eq!(
        result(&mut e, &s),
        Some((B.to_string(), vec![1, 0], "no progress".to_string()))
    );

    // A placement-only turn as the 50th: Black b6 (4) stands in White's territory.
    let mut s = pos(
        &g,
        W,
        &[("a5", B, 2), ("b5", B, 3), ("b6", B, 4)],
        json!({"hand": {"white": [1]}}),
        json!({"no_progress": 49}),
    );
    play(&mut e, &mut s, "1@a6");
    assert_eq!(
        result(&mut e, &s),
        Some((B.to_string(), vec![4, 0], "no progress".to_string()))
    );

    // A placement then a sideways step: still no progress; then a forward step: progress.
    let s = pos(
        &g,
        W,
        &[("a9", W, 6), ("e4", B, 1)],
        json!({"hand": {"white": [2]}}),
        json!({"no_progress": 20}),
    );
    let mut t = s.clone();
    play_all(&mut e, &mut t, &["2@e7", "e7-f7"]);
    assert_eq!(counter(&g, &t, "no_progress"), 21);
    let mut t = s.clone();
    play_all(&mut e, &mut t, &["2@e7", "e7-e6"]);
    assert_eq!(counter(&g, &t, "no_progress"), 0);
}

// ---------------------------------------------------------------------------------------
// The score

#[test]
fn score_adds_far_row_dice_captured_ones_and_dice_in_enemy_territory() {
    let g = invictus();
    let e = Engine::new(&g);
    let s = pos(
        &g,
        B,
        &[
            ("c7", B, 4),
            ("e5", B, 6),
            ("b2", B, 5),
            ("d3", W, 5),
            ("d4", W, 2),
            ("g8", W, 6),
        ],
        json!({"hand": {"white": [4]}}),
        json!({"arrived": {"black": 9, "white": 3}, "captured_ones": {"black": 2, "white": 1}}),
    );
    // Black: 9 arrived + 2 captured 1s + c7 (4, rank 7). e5 is on the Divide, b2 at home.
    // White: 3 arrived + 1 captured 1 + d3 (5) + d4 (2); g8 is at home; the 4 in hand
    // scores nothing.
    assert_eq!(e.scores(&s).expect("scores"), vec![15, 11]);
}

// ---------------------------------------------------------------------------------------
// Move counts (perft), worked out by hand

#[test]
fn perft_two_lone_dice_on_the_a_file() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(&g, B, &[("a2", B, 1), ("a8", W, 1)], json!({}), json!({}));
    // Depth 1: Black a2 goes to a3, b2 or b3.
    // Depth 2: whatever Black did, White a8 goes to a7, b8 or b7: 3 x 3 = 9.
    // Depth 3: Black again, from a3 (a4, b3, b4: 3), from b2 (b3, a2, c2, a3, c3: 5) or
    // from b3 (b4, a3, c3, a4, c4: 5); each after 3 White moves: 3 x (3 + 5 + 5) = 39.
    assert_eq!(e.perft(&s, 1).unwrap(), 3);
    assert_eq!(e.perft(&s, 2).unwrap(), 9);
    assert_eq!(e.perft(&s, 3).unwrap(), 39);
}

/// A long count reports its progress by the choices at the root: Black's three moves
/// of the position above, each reported once, in order, for the same 39 leaves.
#[test]
fn perft_reports_progress_by_root_choice() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(&g, B, &[("a2", B, 1), ("a8", W, 1)], json!({}), json!({}));
    let mut seen = Vec::new();
    let n = e
        .perft_reporting(&s, 3, tabula::engine::play::Ended::Leaf, &mut |done, of| {
            seen.push((done, of))
        })
        .unwrap();
    assert_eq!(n, 39);
    assert_eq!(seen, [(1, 3), (2, 3), (3, 3)]);
}

#[test]
fn perft_with_a_capture_and_a_return() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(&g, B, &[("d4", B, 3), ("e5", W, 2)], json!({}), json!({}));
    // Depth 1: d4-d5, d4-c4, d4-e4, d4-c5, and d4xe5 (2 <= 3): 5.
    assert_eq!(e.perft(&s, 1).unwrap(), 5);
    // Depth 2, White's e5 (2) moves among e4 (forward), f5 (left), d5 (right), f4, d4:
    //   after d4-d5: d5 taken -> 4; after d4-c4: 5; after d4-e4: e4 taken -> 4;
    //   after d4-c5: 5; after d4xe5: White places the returned 1 on any of 36 cells.
    //   4 + 5 + 4 + 5 + 36 = 54.
    assert_eq!(e.perft(&s, 2).unwrap(), 54);
    // Depth 3:
    //   d4-d5 then each of White's 4: Black d5 has d6, c5, e5, c6, e6 free: 4 x 5 = 20.
    //   d4-c4 then e4, f5, f4: Black c4 has 5 moves; e5-d5: c4xd5 replaces the step, 5;
    //     e5-d4: right is taken, 4. 5+5+5+5+4 = 24.
    //   d4-e4 then f5 or d5: e5 opens, the other diagonal is a capture, 5 each; f4 or d4:
    //     one side is taken, 4 each. 18.
    //   d4-c5 then d5: right taken, 4; the other four: 5 each. 24.
    //   d4xe5 then 1@X and White's action from X (Black's 3 on e5 blocks, no capture):
    //     ranks 7-9: 7 inner files x 5 + 2 edge files x 3 = 41 each, 123; rank 6: a6 3,
    //     b6 5, c6 5, d6 4 (se is e5), e6 4 (forward is e5), f6 4 (sw is e5), g6 5,
    //     h6 5, i6 3 = 38. 161.
    //   20 + 24 + 18 + 24 + 161 = 247.
    assert_eq!(e.perft(&s, 3).unwrap(), 247);
}

#[test]
fn perft_with_the_far_row_and_the_end() {
    let g = invictus();
    let mut e = Engine::new(&g);
    let s = pos(
        &g,
        B,
        &[("b8", B, 2), ("a9", W, 2), ("c9", W, 3)],
        json!({}),
        json!({}),
    );
    // Depth 1: b8-b9 (arrives), b8-a8, b8-c8, b8xa9 (2 <= 2, arrives too); c9 (3) is
    // higher. 4.
    assert_eq!(e.perft(&s, 1).unwrap(), 4);
    // Depth 2: b8-b9 and b8xa9 leave Black with no die: the game is over, 1 leaf each.
    //   After b8-a8: a9 has b9, b8 (a8 is taken); c9 has c8, d9, b9, d8, b8: 7.
    //   After b8-c8: a9 has a8, b9, b8; c9 has d9, b9, d8, b8 (c8 is taken): 7.
    //   1 + 1 + 7 + 7 = 16.
    assert_eq!(e.perft(&s, 2).unwrap(), 16);
    // Depth 3 (Black a8 or c8, value 2, moves again):
    //   a8 branch: a9-b9 -> a8-a9, a8-b8, a8xb9: 3; a9-b8 -> a8-a9, a8-b9: 2;
    //     c9-c8, c9-d9, c9-d8 -> a8-b8, a8-b9: 2 each; c9-b9 (3) -> a8-b8: 1;
    //     c9-b8 -> a8-b9: 1. 3+2+2+2+2+1+1 = 13.
    //   c8 branch: a9-a8 -> b8, d8, b9, d9: 4; a9-b9 -> b8, d8, d9, c8xb9: 4;
    //     a9-b8 -> d8, b9, d9: 3; c9-d9, c9-b9, c9-d8, c9-b8 -> c9 opens, one of the
    //     four others is taken: 4 each, 16. 27.
    //   2 + 13 + 27 = 42.
    assert_eq!(e.perft(&s, 3).unwrap(), 42);
}
