//! Chess (examples/rules/chess.tabula) against the published perft counts of the start
//! position and of the chess programming wiki's test positions (read from the state
//! files examples/rules/chess-positions/ made from their FEN by fen.py there), and on
//! positions worked out by hand: castling and its conditions, en passant, promotion,
//! check, checkmate, stalemate, and the two draws of the options.
//! python/tests/test_chess_vs_python_chess.py plays it against python-chess.

mod common;
mod examples_support;

use common::*;
use examples_support::*;
use tabula::engine::play::Ended;

const FILE: &str = "chess.tabula";

/// A test position, from its state file.
fn position(game: &Game, name: &str) -> State {
    let path = format!(
        "{}/examples/rules/chess-positions/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    tabula::json::state_from_text(game, &tabula::Source::new(path, text))
        .unwrap_or_else(|d| panic!("{}", d.render(false)))
}

/// Perft as chess programs count it: a finished game is no leaf at a greater depth.
fn perft(game: &Game, state: &State, depth: usize) -> u64 {
    Engine::new(game)
        .perft_reporting(state, depth, Ended::Nothing, &mut |_, _| {})
        .expect("perft")
}

/// A position given by its pieces (square, owner, kind), `to_move` to play, with the
/// counters given.
fn board(game: &Game, to_move: &str, pieces: &[(&str, &str, &str)], counters: Value) -> State {
    let mut cells = serde_json::Map::new();
    for (c, p, k) in pieces {
        cells.insert(c.to_string(), json!({"owner": p, "piece": k}));
    }
    state(
        game,
        json!({"phase": "play", "to_move": to_move, "cells": cells, "counters": counters}),
    )
}

fn no_castling() -> Value {
    json!({"kside": {"white": false, "black": false}, "qside": {"white": false, "black": false}})
}

#[test]
fn perft_from_the_start() {
    let game = example(FILE, &[]);
    let start = Engine::new(&game).initial_state().unwrap();
    let depth = if long() { 5 } else { 3 };
    for (d, want) in [(1, 20), (2, 400), (3, 8_902), (4, 197_281), (5, 4_865_609)] {
        if d <= depth {
            assert_eq!(perft(&game, &start, d), want, "perft {d}");
        }
    }
}

#[test]
fn perft_of_the_test_positions() {
    let game = example(FILE, &[]);
    let deep = long();
    let cases: [(&str, &[u64]); 4] = [
        ("kiwipete", &[48, 2_039, 97_862, 4_085_603]),
        ("position-3", &[14, 191, 2_812, 43_238, 674_624]),
        ("position-4", &[6, 264, 9_467, 422_333]),
        ("position-5", &[44, 1_486, 62_379, 2_103_487]),
    ];
    for (name, counts) in cases {
        let s = position(&game, name);
        for (i, &want) in counts.iter().enumerate() {
            let d = i + 1;
            if d <= 2 || (d == 3 && name != "kiwipete") || deep {
                assert_eq!(perft(&game, &s, d), want, "{name} perft {d}");
            }
        }
    }
}

#[test]
fn a_check_leaves_one_answer() {
    // 1. e4 f5 2. Qh5+: only g6 covers the king (g7g6); the same from the position
    // written as a state, which keeps no check.
    let game = example(FILE, &[]);
    let mut engine = Engine::new(&game);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &["e2e4", "f7f5", "d1h5"]);
    assert_eq!(moves(&mut engine, &s), vec!["g7g6"]);
    let again = state(&game, doc(&game, &s));
    assert_eq!(moves(&mut engine, &again), vec!["g7g6"]);
}

#[test]
fn castling_and_its_conditions() {
    let game = example(FILE, &[]);
    let mut engine = Engine::new(&game);
    let rights =
        json!({"kside": {"white": true, "black": false}, "qside": {"white": true, "black": false}});
    let pieces = [
        ("e1", "white", "king"),
        ("a1", "white", "rook"),
        ("h1", "white", "rook"),
        ("e8", "black", "king"),
    ];
    let s = board(&game, "white", &pieces, rights.clone());
    let listed = moves(&mut engine, &s);
    assert!(
        listed.contains(&"e1g1".to_string()) && listed.contains(&"e1c1".to_string()),
        "{listed:?}"
    );
    // Castled: the rook stands beside the king, and the rights are gone.
    let mut after = s.clone();
    play(&mut engine, &mut after, "e1g1");
    assert_eq!(
        cell(&game, &after, "f1").map(|c| c.1),
        Some("rook".to_string())
    );
    assert_eq!(
        cell(&game, &after, "g1").map(|c| c.1),
        Some("king".to_string())
    );
    assert_eq!(
        doc(&game, &after)["counters"]["qside"]["white"],
        json!(false)
    );
    // A black rook on f8 attacks f1, which the king passes: no short castling; the
    // long one passes d1 and c1, free.
    let mut with_rook = pieces.to_vec();
    with_rook.push(("f8", "black", "rook"));
    let listed = moves(
        &mut engine,
        &board(&game, "white", &with_rook, rights.clone()),
    );
    assert!(
        !listed.contains(&"e1g1".to_string()) && listed.contains(&"e1c1".to_string()),
        "{listed:?}"
    );
    // In check from e8's rook on the e-file: no castling at all.
    let checked = [
        ("e1", "white", "king"),
        ("a1", "white", "rook"),
        ("h1", "white", "rook"),
        ("a8", "black", "king"),
        ("e7", "black", "rook"),
    ];
    let listed = moves(
        &mut engine,
        &board(&game, "white", &checked, rights.clone()),
    );
    assert!(
        !listed.iter().any(|m| m == "e1g1" || m == "e1c1"),
        "{listed:?}"
    );
    // b1 taken (the king does not pass it, but the rook does): no long castling.
    let mut blocked = pieces.to_vec();
    blocked.push(("b1", "white", "knight"));
    let listed = moves(
        &mut engine,
        &board(&game, "white", &blocked, rights.clone()),
    );
    assert!(
        listed.contains(&"e1g1".to_string()) && !listed.contains(&"e1c1".to_string()),
        "{listed:?}"
    );
    // The h1 rook goes and comes back: the short right is lost for good.
    let mut s = s;
    play_all(&mut engine, &mut s, &["h1h2", "e8d8", "h2h1", "d8e8"]);
    let listed = moves(&mut engine, &s);
    assert!(
        !listed.contains(&"e1g1".to_string()) && listed.contains(&"e1c1".to_string()),
        "{listed:?}"
    );
}

#[test]
fn en_passant_on_the_next_move_only() {
    let game = example(FILE, &[]);
    let mut engine = Engine::new(&game);
    let pieces = [
        ("e1", "white", "king"),
        ("e5", "white", "pawn"),
        ("e8", "black", "king"),
        ("d7", "black", "pawn"),
        ("h7", "black", "pawn"),
    ];
    let mut s = board(&game, "black", &pieces, no_castling());
    play(&mut engine, &mut s, "d7d5");
    assert!(moves(&mut engine, &s).contains(&"e5d6".to_string()));
    let mut taken = s.clone();
    play(&mut engine, &mut taken, "e5d6");
    assert_eq!(
        cell(&game, &taken, "d5"),
        None,
        "the pawn taken en passant is gone"
    );
    // Not taken at once, the right is lost.
    play_all(&mut engine, &mut s, &["e1d1", "h7h6"]);
    assert!(!moves(&mut engine, &s).contains(&"e5d6".to_string()));
}

#[test]
fn a_pawn_on_the_last_rank_becomes_one_of_four_pieces() {
    let game = example(FILE, &[]);
    let mut engine = Engine::new(&game);
    let pieces = [
        ("a1", "white", "king"),
        ("b7", "white", "pawn"),
        ("h8", "black", "king"),
        ("c8", "black", "rook"),
    ];
    let s = board(&game, "white", &pieces, no_castling());
    let pawn: Vec<String> = moves(&mut engine, &s)
        .into_iter()
        .filter(|m| m.starts_with("b7"))
        .collect();
    assert_eq!(
        pawn,
        vec!["b7b8b", "b7b8n", "b7b8q", "b7b8r", "b7c8b", "b7c8n", "b7c8q", "b7c8r"]
    );
    let mut s = s;
    play(&mut engine, &mut s, "b7c8n");
    assert_eq!(
        cell(&game, &s, "c8"),
        Some(("white".to_string(), "knight".to_string(), 0))
    );
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    let game = example(FILE, &[]);
    let mut engine = Engine::new(&game);
    let mut s = engine.initial_state().unwrap();
    // Fool's mate.
    play_all(&mut engine, &mut s, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    let (winner, _, reason) = result(&mut engine, &s).unwrap();
    assert_eq!(
        (winner.as_str(), reason.as_str()),
        ("black", "no legal move")
    );
    let named = engine.outcome(&s).unwrap().unwrap().named;
    assert_eq!(named.as_deref(), Some("checkmate"));
    // Black king a8, white queen b6 and king c8... black to move has none and is not
    // in check: a8's neighbours a7, b7, b8 are all seen by the queen on b6.
    let pieces = [
        ("a8", "black", "king"),
        ("b6", "white", "queen"),
        ("c1", "white", "king"),
    ];
    let s = board(&game, "black", &pieces, no_castling());
    let (winner, _, _) = result(&mut engine, &s).unwrap();
    assert_eq!(winner, "draw");
    let named = engine.outcome(&s).unwrap().unwrap().named;
    assert_eq!(named.as_deref(), Some("stalemate"));
}

#[test]
fn threefold_repetition_and_fifty_moves_are_options() {
    let game = example(FILE, &["threefold"]);
    let mut engine = Engine::new(&game);
    let mut s = engine.initial_state().unwrap();
    // The start, then twice again after four knight moves: the third time draws.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play_all(&mut engine, &mut s, &shuffle);
    play_all(&mut engine, &mut s, &shuffle[..3]);
    assert!(!is_over(&mut engine, &s));
    play(&mut engine, &mut s, "f6g8");
    assert_eq!(result(&mut engine, &s).unwrap().2, "threefold repetition");
    // Without the option the game goes on.
    let plain = example(FILE, &[]);
    let mut engine = Engine::new(&plain);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &shuffle);
    play_all(&mut engine, &mut s, &shuffle);
    assert!(!is_over(&mut engine, &s));

    let game = example(FILE, &["fifty-moves"]);
    let mut engine = Engine::new(&game);
    let pieces = [
        ("e1", "white", "king"),
        ("a2", "white", "rook"),
        ("e8", "black", "king"),
        ("h7", "black", "pawn"),
    ];
    let mut counters = no_castling();
    counters["quiet"] = json!(98);
    let s = board(&game, "white", &pieces, counters);
    // A rook move makes 99, a king's 100: the draw.
    let mut quiet = s.clone();
    play_all(&mut engine, &mut quiet, &["a2a3", "e8d8"]);
    assert_eq!(result(&mut engine, &quiet).unwrap().2, "fifty moves");
    // A pawn move starts the count again.
    let mut pawn = s;
    play_all(&mut engine, &mut pawn, &["a2a3", "h7h6"]);
    assert!(!is_over(&mut engine, &pawn));
}
