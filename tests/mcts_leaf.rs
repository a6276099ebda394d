//! A network can say that `mcts` should not rate positions by it (`Header::mcts_leaf`):
//! the search then plays random games from its new positions, exactly as without a
//! network, while `net` and `net2` still play by it; or that it guides the search that
//! keeps its random games (`Header::mcts_guide`).

mod common;

use common::*;
use std::sync::Arc;
use tabula::ai::net::Net;
use tabula::ai::{self, arena, Budget, Decision, Level, Thinker};
use tabula::engine::rng::Rng;

fn tic_tac_toe() -> Game {
    let path = "examples/rules/tic-tac-toe.tabula";
    let text = std::fs::read_to_string(path).unwrap();
    tabula::compile(&tabula::Source::new(path, text), &[]).unwrap()
}

/// `mcts`'s estimates of the first move, on one thread, from seed 5.
fn mcts_estimates(game: &Game, net: Option<Net>) -> Vec<(usize, u32, String)> {
    let mut engine = Engine::new(game);
    let state = engine.initial_state().unwrap();
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    let mut thinker = Thinker::with_net(1, net.map(Arc::new));
    let d = Decision {
        engine: &mut engine,
        state: &state,
        choices: &choices,
        player: state.mover(),
    };
    let level = Level::Mcts(Budget::Iterations(300));
    ai::estimates(d, level, &mut Rng::new(5), &mut thinker, None)
        .unwrap()
        .into_iter()
        .map(|e| (e.choice, e.visits, format!("{:.6}", e.win)))
        .collect()
}

#[test]
fn a_network_that_guides_no_search_leaves_mcts_to_random_games() {
    let ttt = tic_tac_toe();
    let guiding = Net::new(&ttt, 6, 1.0, 9).expect("a network");
    let mut aside = guiding.clone();
    aside.header.mcts_leaf = false;

    let plain = mcts_estimates(&ttt, None);
    assert_eq!(mcts_estimates(&ttt, Some(aside)), plain);
    // The same network guiding the search rates new positions by its (random) weights
    // instead, and the search's figures differ.
    assert_ne!(mcts_estimates(&ttt, Some(guiding)), plain);
}

#[test]
fn the_flag_is_kept_in_the_file_and_older_files_guide_the_search() {
    let ttt = tic_tac_toe();
    let net = Net::new(&ttt, 4, 1.0, 1).expect("a network");
    assert!(net.header.mcts_leaf);
    // Written only when it says no, so files made before it read as they did.
    let bytes = net.to_bytes();
    assert!(!String::from_utf8_lossy(&bytes).contains("mcts_leaf"));
    assert!(Net::from_bytes(&ttt, &bytes).unwrap().header.mcts_leaf);

    let mut aside = net;
    aside.header.mcts_leaf = false;
    let bytes = aside.to_bytes();
    assert!(String::from_utf8_lossy(&bytes).contains("\"mcts_leaf\":false"));
    let back = Net::from_bytes(&ttt, &bytes).unwrap();
    assert!(!back.header.mcts_leaf);
    assert_eq!(back.to_bytes(), bytes);
}

#[test]
fn an_arena_names_mcts_by_what_rates_its_positions() {
    let ttt = tic_tac_toe();
    let net = Net::new(&ttt, 4, 1.0, 1).expect("a network");
    let sides = |n: &Net| {
        arena::sides(
            &ttt,
            ["mcts:50", "net"],
            Some(Arc::new(n.clone())),
            [false; 2],
        )
        .unwrap()
    };
    let s = sides(&net);
    assert_eq!(s.names, ["mcts:50+net".to_string(), "net".to_string()]);
    assert!(s.nets[0].is_some());

    let mut aside = net;
    aside.header.mcts_leaf = false;
    let s = sides(&aside);
    assert_eq!(s.names, ["mcts:50".to_string(), "net".to_string()]);
    assert!(s.nets[0].is_none());
    // `net` still plays by it.
    assert!(s.nets[1].as_ref().is_some_and(|n| !n.header.mcts_leaf));
}

#[test]
fn train_records_what_mcts_rates_by() {
    let dir = std::env::temp_dir().join(format!("tabula-leaf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("ttt.net");
    let out_text = out.display().to_string();
    let train = |extra: &[&str]| {
        let mut args = vec![
            "train",
            "examples/rules/tic-tac-toe.tabula",
            "--games",
            "20",
            "--hidden",
            "4",
            "--probe-every",
            "0",
            "--threads",
            "1",
        ];
        args.extend_from_slice(extra);
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(&args)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let ttt = tic_tac_toe();
        Net::from_bytes(&ttt, &std::fs::read(&out).unwrap())
            .unwrap()
            .header
            .mcts_leaf
    };
    assert!(train(&["--out", &out_text]));
    assert!(!train(&["--out", &out_text, "--mcts-leaf", "playouts"]));
    assert!(!train(&["--out", &out_text, "--mcts-leaf", "guide"]));
    let ttt = tic_tac_toe();
    assert!(
        Net::from_bytes(&ttt, &std::fs::read(&out).unwrap())
            .unwrap()
            .header
            .mcts_guide
    );
    assert!(!train(&["--out", &out_text, "--mcts-leaf", "playouts"]));
    // With no games, a network is written as it is but for the flag.
    let before = Net::from_bytes(&ttt, &std::fs::read(&out).unwrap()).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["train", "examples/rules/tic-tac-toe.tabula", "--games", "0"])
        .args([
            "--from",
            &out_text,
            "--mcts-leaf",
            "guide",
            "--out",
            &out_text,
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let after = Net::from_bytes(&ttt, &std::fs::read(&out).unwrap()).unwrap();
    assert!(after.header.mcts_guide && !after.header.mcts_leaf);
    let (w0, w1) = (before.to_bytes(), after.to_bytes());
    let weights = |b: &[u8]| b[b.len() - 4 * 100..].to_vec();
    assert_eq!(weights(&w0), weights(&w1));
    assert_eq!(after.header.games, before.header.games);
    // Without a network to start from, no games is refused.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["train", "examples/rules/tic-tac-toe.tabula", "--games", "0"])
        .args(["--out", &out_text])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--from"));
    assert!(!train(&["--out", &out_text, "--mcts-leaf", "playouts"]));
    // Trained further, a network keeps what it said unless told otherwise.
    let from = dir.join("from.net");
    std::fs::copy(&out, &from).unwrap();
    let from = from.display().to_string();
    assert!(!train(&["--from", &from, "--out", &out_text]));
    assert!(train(&[
        "--from",
        &from,
        "--out",
        &out_text,
        "--mcts-leaf",
        "net"
    ]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_guiding_network_orders_the_search_but_leaves_its_random_games() {
    let ttt = tic_tac_toe();
    let mut guide = Net::new(&ttt, 6, 1.0, 9).expect("a network");
    guide.header.mcts_leaf = false;
    guide.header.mcts_guide = true;
    let plain = mcts_estimates(&ttt, None);
    let guided = mcts_estimates(&ttt, Some(guide.clone()));
    assert_ne!(guided, plain);
    // Its leaves are random games, not the network's ratings.
    let mut leaf = guide.clone();
    leaf.header.mcts_leaf = true;
    assert_ne!(guided, mcts_estimates(&ttt, Some(leaf)));

    // Kept in the file only when set; `train --mcts-leaf guide` sets it.
    let bytes = guide.to_bytes();
    assert!(String::from_utf8_lossy(&bytes).contains("\"mcts_guide\":true"));
    assert!(Net::from_bytes(&ttt, &bytes).unwrap().header.mcts_guide);
    assert!(
        !String::from_utf8_lossy(&Net::new(&ttt, 4, 1.0, 1).expect("a network").to_bytes())
            .contains("mcts_guide")
    );

    // An arena names the search by it.
    let s = arena::sides(
        &ttt,
        ["mcts:50", "net"],
        Some(Arc::new(guide.clone())),
        [false; 2],
    )
    .unwrap();
    assert_eq!(s.names, ["mcts:50+guide".to_string(), "net".to_string()]);
    let s = arena::sides(&ttt, ["mcts:50", "random"], None, [false; 2]).unwrap();
    assert_eq!(s.names[0], "mcts:50");
}

#[test]
fn an_arena_can_leave_one_side_s_search_to_random_games() {
    // Backgammon's network rates mcts's positions; `--mcts-playouts=b` keeps side B's
    // search to random games, so one arena compares the two.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "arena",
            "backgammon",
            "mcts:2",
            "mcts:2",
            "-n",
            "1",
            "-o",
            "no-cube",
        ])
        .args(["--threads", "1", "--json", "--mcts-playouts=b"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["a"], "mcts:2+net");
    assert_eq!(v["b"], "mcts:2");
    let ttt = tic_tac_toe();
    let mut guide = Net::new(&ttt, 4, 1.0, 1).expect("a network");
    guide.header.mcts_leaf = false;
    guide.header.mcts_guide = true;
    let s = arena::sides(
        &ttt,
        ["mcts:5", "mcts:5"],
        Some(Arc::new(guide)),
        [true, false],
    )
    .unwrap();
    assert_eq!(s.names, ["mcts:5".to_string(), "mcts:5+guide".to_string()]);
}
