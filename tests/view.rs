//! The encoding from the mover's side (`View::Mover`): a position and its mirror for the
//! other player read alike, and a network in that view rates each player's positions
//! as its mirror's.

mod common;

use common::*;
use serde_json::json;
use std::ops::ControlFlow;
use tabula::ai::encode::{Encoding, View};
use tabula::ai::net::{Net, Scratch};
use tabula::ai::train::{probe, train, Training};

/// A backgammon position with White to move (worked out by hand from RULES.md §1's
/// numbering: White runs 24 -> 1 from his bar to his tray, Black 1 -> 24).
fn white_to_move() -> serde_json::Value {
    json!({
        "game": "Backgammon",
        "phase": "play",
        "to_move": "white",
        "turn_of": "white",
        "in_turn": false,
        "chance": null,
        "pools": {"dice": [5, 2]},
        "scores": [0, 0],
        "counters": {"cube": 2, "cube_owner": "white", "offered": 0, "turns": 7,
                     "match_score": {"white": 0, "black": 0}},
        "cells": {
            "bar-white": {"owner": "white", "piece": "checker", "count": 1},
            "24": {"owner": "white", "piece": "checker", "count": 1},
            "13": {"owner": "white", "piece": "checker", "count": 4},
            "8": {"owner": "white", "piece": "checker", "count": 3},
            "6": {"owner": "white", "piece": "checker", "count": 5},
            "off-white": {"owner": "white", "piece": "checker", "count": 1},
            "1": {"owner": "black", "piece": "checker", "count": 2},
            "12": {"owner": "black", "piece": "checker", "count": 5},
            "17": {"owner": "black", "piece": "checker", "count": 2},
            "19": {"owner": "black", "piece": "checker", "count": 4},
            "20": {"owner": "black", "piece": "checker", "count": 2},
        }
    })
}

/// The same position for Black: each checker on the point of the other's numbering
/// (k -> 25 - k), each bar and tray the other's, the cube Black's.
fn black_to_move() -> serde_json::Value {
    json!({
        "game": "Backgammon",
        "phase": "play",
        "to_move": "black",
        "turn_of": "black",
        "in_turn": false,
        "chance": null,
        "pools": {"dice": [5, 2]},
        "scores": [0, 0],
        "counters": {"cube": 2, "cube_owner": "black", "offered": 0, "turns": 7,
                     "match_score": {"white": 0, "black": 0}},
        "cells": {
            "bar-black": {"owner": "black", "piece": "checker", "count": 1},
            "1": {"owner": "black", "piece": "checker", "count": 1},
            "12": {"owner": "black", "piece": "checker", "count": 4},
            "17": {"owner": "black", "piece": "checker", "count": 3},
            "19": {"owner": "black", "piece": "checker", "count": 5},
            "off-black": {"owner": "black", "piece": "checker", "count": 1},
            "24": {"owner": "white", "piece": "checker", "count": 2},
            "13": {"owner": "white", "piece": "checker", "count": 5},
            "8": {"owner": "white", "piece": "checker", "count": 2},
            "6": {"owner": "white", "piece": "checker", "count": 4},
            "5": {"owner": "white", "piece": "checker", "count": 2},
        }
    })
}

#[test]
fn a_backgammon_position_and_its_mirror_read_alike_from_the_movers_side() {
    let g = game("backgammon", &[]);
    let (w, b) = (state(&g, white_to_move()), state(&g, black_to_move()));
    let mover = Encoding::with_view(&g, View::Mover).expect("an encoding");
    assert!(mover.turns_cells());
    assert_eq!(mover.len(), Encoding::new(&g).expect("an encoding").len());
    assert_ne!(mover.hash(), Encoding::new(&g).expect("an encoding").hash());
    assert_eq!((mover.viewer(&w), mover.viewer(&b)), (0, 1));
    assert_eq!(mover.dense(&g, &w), mover.dense(&g, &b));
    // The board's view tells them apart.
    let board = Encoding::new(&g).expect("an encoding");
    assert_ne!(board.dense(&g, &w), board.dense(&g, &b));
    // Entry by entry, for Black to move: his checker on his bar reads as the mover's
    // on the first player's bar; White's 2 on point 24 as the next player's on point 1
    // (the same step of the first player's track); the cube as the mover's.
    let v = View::Mover;
    assert_eq!(
        entry_in(&g, &b, v, "bar-white mover checker: at least 1"),
        1.0
    );
    assert_eq!(
        entry_in(&g, &b, v, "bar-black mover+1 checker: at least 1"),
        0.0
    );
    assert_eq!(entry_in(&g, &b, v, "1 mover+1 checker: at least 2"), 1.0);
    assert_eq!(entry_in(&g, &b, v, "24 mover+1 checker: at least 1"), 0.0);
    assert_eq!(
        entry_in(&g, &b, v, "off-white mover checker: at least 1"),
        1.0
    );
    assert_eq!(entry_in(&g, &b, v, "counter cube_owner: mover"), 1.0);
    assert_eq!(entry_in(&g, &b, v, "to move: mover"), 1.0);
    assert_eq!(entry_in(&g, &b, v, "turn of: mover+1"), 0.0);
    // For White to move, the mover's view is the board's.
    assert_eq!(mover.dense(&g, &w), board.dense(&g, &w));
}

#[test]
fn a_mover_view_network_rates_a_mirror_as_the_position_for_the_other_player() {
    let g = game("backgammon", &[]);
    let (w, b) = (state(&g, white_to_move()), state(&g, black_to_move()));
    let net = Net::new(&g, 12, 3.0, 5)
        .expect("a network")
        .with_view(&g, View::Mover, 0);
    let (mut sw, mut sb) = (Scratch::default(), Scratch::default());
    net.evaluate(&g, &w, &mut sw);
    net.evaluate(&g, &b, &mut sb);
    let (ow, ob) = (sw.outputs(), sb.outputs());
    // White's chance and points in the one are Black's in the other.
    for (x, y) in [(0, 1), (1, 0), (2, 3), (3, 2)] {
        assert!((ow[x] - ob[y]).abs() < 1e-6, "{ow:?} against {ob:?}");
    }
    // A board-view network turned to the mover's view rates White's positions as
    // before: the weights are kept.
    let board = Net::new(&g, 12, 3.0, 5).expect("a network");
    let mut s = Scratch::default();
    board.evaluate(&g, &w, &mut s);
    assert_eq!(s.outputs(), ow);
    // The view is written in the file, and read back.
    let bytes = net.to_bytes();
    assert!(String::from_utf8_lossy(&bytes).contains("\"view\":\"mover\""));
    let back = Net::from_bytes(&g, &bytes).unwrap();
    assert_eq!(back.header.view, View::Mover);
    let mut s2 = Scratch::default();
    back.evaluate(&g, &b, &mut s2);
    assert_eq!(s2.outputs(), ob);
    assert!(!String::from_utf8_lossy(&board.to_bytes()).contains("\"view\""));

    // Turned keeping Black's ratings: Black's position is rated as the board's network
    // rates it, and White's as that network rates its mirror for Black.
    let kept = Net::new(&g, 12, 3.0, 5)
        .expect("a network")
        .with_view(&g, View::Mover, 1);
    let (mut kb, mut kw, mut bb) = (Scratch::default(), Scratch::default(), Scratch::default());
    kept.evaluate(&g, &b, &mut kb);
    kept.evaluate(&g, &w, &mut kw);
    board.evaluate(&g, &b, &mut bb);
    for o in 0..4 {
        assert!((kb.outputs()[o] - bb.outputs()[o]).abs() < 1e-6);
    }
    for (x, y) in [(0, 1), (1, 0), (2, 3), (3, 2)] {
        assert!((kw.outputs()[x] - bb.outputs()[y]).abs() < 1e-6);
    }
}

/// Three players, each with his own track of two cells and a cell counter: the view
/// turns the players and the cells round the table.
const RING: &str = r#"
game "Ring"
players a, b, c
board {
  line 1..6
}
piece stone
track path {
  a: 1..2;
  b: 3..4;
  c: 5..6
}
counter mark: cell
counter got per player
setup {
  put 1 stone of a at #2
  put 1 stone of b at #3
}
action pass "pass" {
  got[mover] += 1
}
phase play {
  starts a
  actions pass
}
end "ten" for p in players when got[p] >= 10
  winner p
"#;

#[test]
fn three_players_are_counted_from_the_mover_and_their_cells_with_them() {
    let g = tabula::compile(&tabula::Source::new("ring.tabula", RING), &[]).unwrap();
    let mut engine = Engine::new(&g);
    let mut s = engine.initial_state().unwrap();
    let v = View::Mover;
    // a moves: the board as it stands.
    assert_eq!(entry_in(&g, &s, v, "2 mover stone: at least 1"), 1.0);
    assert_eq!(entry_in(&g, &s, v, "3 mover+1 stone: at least 1"), 1.0);
    play(&mut engine, &mut s, "pass");
    // b moves: b is the mover, c the next, a the one after. b's stone on 3 (his step
    // 0) reads where a's step 0 is, 1; a's stone on 2 (a's step 1) as the step 1 of
    // the track of the one a stands for, mover+2 = c: 6.
    assert_eq!(entry_in(&g, &s, v, "to move: mover"), 1.0);
    assert_eq!(entry_in(&g, &s, v, "1 mover stone: at least 1"), 1.0);
    assert_eq!(entry_in(&g, &s, v, "6 mover+2 stone: at least 1"), 1.0);
    assert_eq!(entry_in(&g, &s, v, "3 mover stone: at least 1"), 0.0);
    // a's point is a's counter, shown as mover+2's.
    assert_eq!(
        entry_in(&g, &s, v, "counter got[mover+2]: sign · ln(1 + |v|) / 4"),
        2f32.ln() / 4.0
    );
    assert_eq!(
        entry_in(&g, &s, v, "counter got[mover]: sign · ln(1 + |v|) / 4"),
        0.0
    );
}

#[test]
fn a_cell_counter_is_shown_where_the_movers_view_places_the_cell() {
    let text = RING.replace("  got[mover] += 1\n", "  got[mover] += 1\n  mark = #4\n");
    let g = tabula::compile(&tabula::Source::new("ring.tabula", text), &[]).unwrap();
    let mut engine = Engine::new(&g);
    let mut s = engine.initial_state().unwrap();
    play(&mut engine, &mut s, "pass");
    // b moves; cell 4 is b's step 1, which b's view shows as a's step 1: 2.
    let v = View::Mover;
    assert_eq!(entry_in(&g, &s, v, "counter mark: 2"), 1.0);
    assert_eq!(entry_in(&g, &s, v, "counter mark: 4"), 0.0);
    assert_eq!(entry_in(&g, &s, View::Board, "counter mark: 4"), 1.0);
}

#[test]
fn a_game_without_ways_of_each_players_counts_the_players_from_the_mover_only() {
    let ttt = tabula::compile(
        &tabula::Source::new(
            "t.tabula",
            std::fs::read_to_string("examples/rules/tic-tac-toe.tabula").unwrap(),
        ),
        &[],
    )
    .unwrap();
    assert!(!Encoding::with_view(&ttt, View::Mover)
        .expect("an encoding")
        .turns_cells());
    // A short training in the mover's view still learns to beat random play.
    let t = Training {
        games: 3000,
        hidden: 20,
        seed: 7,
        threads: 1,
        explore: 0.3,
        rate: 0.1,
        lambda: 0.5,
        probe_every: 0,
        view: Some(View::Mover),
        ..Training::default()
    };
    let net = train(&ttt, &t, None, |_| ControlFlow::Continue(())).unwrap();
    assert_eq!(net.header.view, View::Mover);
    let score = probe(&ttt, &net, 200, 11).unwrap();
    assert!(score > 0.7, "{score}");
}

fn run(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn encode_prints_the_movers_view_and_says_whose() {
    // gnubg's IDs of the opening position with Black on roll, dice not yet rolled.
    let id = "4HPwATDgc/ABMA:cAkAAAAAAAAA";
    let out = run(&["encode", "backgammon", "--view", "mover", "--gnubg-id", id]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("from the side of black"), "{text}");
    assert!(text.contains("to move: mover"), "{text}");
    let json = run(&["encode", "backgammon", "--view", "mover", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(doc["view"], "mover");
    assert_eq!(doc["length"], 270);
    // A game without tracks or directions of each player's says that its cells stay as they stand.
    let ttt = run(&[
        "encode",
        "examples/rules/tic-tac-toe.tabula",
        "--view",
        "mover",
    ]);
    assert!(String::from_utf8_lossy(&ttt.stdout)
        .contains("(the cells as they stand: no track or direction of each player's)"));
}

#[test]
fn train_moves_a_network_to_the_movers_view_and_names_a_wrong_player() {
    let dir = std::env::temp_dir().join(format!("tabula-view-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.net"), dir.join("b.net"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let ttt = "examples/rules/tic-tac-toe.tabula";
    let common = ["--games", "20", "--hidden", "4", "--probe-every", "0"];
    let mut args = vec!["train", ttt, "--out", a];
    args.extend(common);
    assert!(run(&args).status.success());
    let mut more = vec!["train", ttt, "--from", a, "--view", "mover", "--keep", "o"];
    more.extend(["--out", b]);
    more.extend(common);
    let out = run(&more);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(b).unwrap();
    assert!(String::from_utf8_lossy(&bytes[..bytes.len().min(2000)]).contains("\"view\":\"mover\""));
    // The network file knows its view: it plays in it.
    let play = run(&["arena", ttt, &format!("net:{b}"), "random", "-n", "2"]);
    assert!(
        play.status.success(),
        "{}",
        String::from_utf8_lossy(&play.stderr)
    );
    // A player the game does not have.
    more[7] = "nobody";
    let out = run(&more);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`--keep nobody`: Tic-tac-toe has no player `nobody` (its players: x, o)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_invictus_position_and_its_mirror_read_alike_by_the_players_directions() {
    // Black's forward is north, White's south (RULES.md §2): White's view turns the
    // board half round, file a <-> i and rank r <-> 10 - r, so a2 shows as i8.
    let g = game("invictus", &[]);
    let reserve = |short: bool| {
        let mut r = vec![1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6];
        if short {
            r.remove(0);
        }
        r
    };
    let side = |mover: &str, at: &str, black_short: bool| {
        json!({
            "game": "Invictus",
            "phase": "setup",
            "to_move": mover,
            "turn_of": mover,
            "in_turn": true,
            "chance": null,
            "scores": [0, 0],
            "cells": {at: {"owner": mover, "piece": "die", "value": 1}},
            "pools": {"hand": {"black": [], "white": []},
                      "reserve": {"black": reserve(black_short), "white": reserve(!black_short)}},
            "counters": {"no_progress": 0}
        })
    };
    let black = state(&g, side("black", "a2", true));
    let white = state(&g, side("white", "i8", false));
    let mover = Encoding::with_view(&g, View::Mover).expect("an encoding");
    assert!(mover.turns_cells());
    assert_eq!(mover.dense(&g, &black), mover.dense(&g, &white));
    assert_ne!(
        Encoding::new(&g).expect("an encoding").dense(&g, &black),
        Encoding::new(&g).expect("an encoding").dense(&g, &white)
    );
    let v = View::Mover;
    assert_eq!(entry_in(&g, &white, v, "a2 mover die: value 1"), 1.0);
    assert_eq!(entry_in(&g, &white, v, "i8 mover die: value 1"), 0.0);
    // Another place for White's die reads elsewhere: c7 shows as g3.
    let other = state(&g, side("white", "c7", false));
    assert_eq!(entry_in(&g, &other, v, "g3 mover die: value 1"), 1.0);
}

#[test]
fn a_board_without_directions_or_tracks_of_each_players_stays_as_it_stands() {
    // Naytïn Six: the players share every way over the board.
    let g = game("naytin-six", &[]);
    assert!(!Encoding::with_view(&g, View::Mover)
        .expect("an encoding")
        .turns_cells());
}

#[test]
fn every_game_reads_its_playouts_from_the_movers_side() {
    let mut games: Vec<(String, Game)> = tabula::games::BUILT_IN
        .iter()
        .map(|(name, _)| (name.to_string(), game(name, &[])))
        .collect();
    for entry in std::fs::read_dir("examples/rules").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tabula") {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.display().to_string();
            let g = tabula::compile(&tabula::Source::new(name.clone(), text), &[]).unwrap();
            games.push((name, g));
        }
    }
    for (name, g) in &games {
        let e = Encoding::with_view(g, View::Mover).expect("an encoding");
        assert_eq!(
            e.len(),
            Encoding::new(g).expect("an encoding").len(),
            "{name}"
        );
        let mut engine = Engine::new(g);
        let mut s = engine.initial_state().unwrap();
        let mut rng = tabula::engine::rng::Rng::new(3);
        let mut choices = tabula::Choices::default();
        for _ in 0..200 {
            assert_eq!(e.dense(g, &s).len(), e.len(), "{name}");
            if matches!(engine.status(&s).unwrap(), tabula::Status::Over(_)) {
                break;
            }
            engine.legal(&s, &mut choices).unwrap();
            if choices.is_empty() {
                break;
            }
            let i = rng.weighted(&choices.weights);
            engine.play_choice(&mut s, &choices, i).unwrap();
        }
    }
}

#[test]
fn draughts_diagonals_map_the_dark_squares_and_the_light_apart() {
    // Only diagonal directions: the dark squares and the light are two parts, each
    // turned half round for White (b2 <-> g7, a1 <-> h8).
    let g = example_game("examples/rules/draughts.tabula");
    let mut engine = Engine::new(&g);
    let start = engine.initial_state().unwrap();
    let mover = Encoding::with_view(&g, View::Mover).expect("an encoding");
    assert!(mover.turns_cells());
    let mut doc = doc(&g, &start);
    doc["cells"] = json!({"b2": {"owner": "white", "piece": "king", "count": 1},
                          "a3": {"owner": "black", "piece": "man", "count": 1}});
    doc["to_move"] = json!("white");
    doc["turn_of"] = json!("white");
    let s = state(&g, doc);
    let v = View::Mover;
    assert_eq!(entry_in(&g, &s, v, "g7 mover king: at least 1"), 1.0);
    assert_eq!(entry_in(&g, &s, v, "h6 mover+1 man: at least 1"), 1.0);
    assert_eq!(
        entry_in(&g, &s, View::Board, "b2 white king: at least 1"),
        1.0
    );
}

#[test]
fn a_large_board_is_mapped_or_left_quickly() {
    // 26 x 99 cells whose only direction of each player's runs along the columns: many
    // parts, each a column, and many places to try for each.
    let text = r#"
game "Columns"
players up, down
board {
  grid 26 x 99
  dir forward = up: n, down: s
}
piece stone
action pass "pass" { }
phase play {
  starts up
  actions pass
}
end "never" when false
  winner up
"#;
    let g = tabula::compile(&tabula::Source::new("columns.tabula", text), &[]).unwrap();
    let t = std::time::Instant::now();
    let e = Encoding::with_view(&g, View::Mover).expect("an encoding");
    assert!(
        t.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(e.len(), Encoding::new(&g).expect("an encoding").len());
}
