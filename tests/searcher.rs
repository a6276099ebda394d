//! The self-taught searcher (`az`): its level, its network file with a policy head,
//! training by its own self-play, reproducible from a seed on any thread count, and
//! what it learns.

mod common;

use common::*;
use std::ops::ControlFlow;
use std::time::Duration;
use tabula::ai::az::train::Searching;
use tabula::ai::net::Net;
use tabula::ai::train::{train, Training};
use tabula::ai::{arena, Budget, Level};

fn searcher_training(threads: usize) -> Training {
    Training {
        games: 400,
        hidden: 24,
        seed: 5,
        threads,
        rate: 0.03,
        probe_every: 0,
        searcher: Some(Searching {
            simulations: 30,
            ..Searching::default()
        }),
        ..Training::default()
    }
}

#[test]
fn the_searcher_level_is_read_with_its_budget_and_its_file() {
    let one_second = Budget::Time(Duration::from_secs(1));
    assert_eq!(Level::parse("az"), Ok(Some(Level::Az(one_second))));
    assert_eq!(
        Level::parse("az:800"),
        Ok(Some(Level::Az(Budget::Iterations(800))))
    );
    assert_eq!(
        Level::parse("az 500ms"),
        Ok(Some(Level::Az(Budget::Time(Duration::from_millis(500)))))
    );
    assert_eq!(
        Level::parse("az:2s:wall"),
        Ok(Some(Level::Az(Budget::Wall(Duration::from_secs(2)))))
    );
    assert_eq!(
        Level::parse("az:2s:wall:my.net"),
        Ok(Some(Level::Az(Budget::Wall(Duration::from_secs(2)))))
    );
    assert_eq!(Level::parse("az:my.net"), Ok(Some(Level::Az(one_second))));
    assert_eq!(Level::net_file("az:my.net"), Some("my.net"));
    assert_eq!(Level::net_file("az:1s:my.net"), Some("my.net"));
    assert_eq!(Level::net_file("az:2s:wall:my.net"), Some("my.net"));
    assert_eq!(Level::net_file("az:800"), None);
    assert_eq!(Level::net_file("az"), None);
    assert_eq!(Level::Az(Budget::Iterations(800)).name(), "az:800");
    assert_eq!(Level::Az(one_second).name(), "az");
    assert_eq!(
        Level::parse("az:0").unwrap_err().to_string(),
        "`0`: a search needs at least one iteration"
    );
}

#[test]
fn searcher_training_gives_the_same_network_on_one_thread_and_two() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let one = train(&ttt, &searcher_training(1), None, |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    let two = train(&ttt, &searcher_training(2), None, |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(one.has_policy());
    assert_eq!(one.to_bytes(), two.to_bytes());
    // The search is judged by the network alone: `mcts` keeps its random games.
    assert!(!one.header.mcts_leaf && !one.header.mcts_guide);
    // The file holds the policy head: read back, it is the same network.
    let again = Net::from_bytes(&ttt, &one.to_bytes()).expect("it reads");
    assert_eq!(again.header.policy, one.header.policy);
    assert_eq!(again.to_bytes(), one.to_bytes());
    // A file whose policy table is cut short is refused, not read wrong.
    let mut bytes = one.to_bytes();
    bytes.truncate(bytes.len() - 4);
    assert!(Net::from_bytes(&ttt, &bytes).is_err());
}

#[test]
fn a_short_searcher_training_beats_random_play_and_the_untrained_searcher() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let trained = std::sync::Arc::new(
        train(&ttt, &searcher_training(0), None, |_| {
            ControlFlow::Continue(())
        })
        .unwrap(),
    );
    let untrained = std::sync::Arc::new(
        train(
            &ttt,
            &Training {
                games: 0,
                ..searcher_training(1)
            },
            None,
            |_| ControlFlow::Continue(()),
        )
        .unwrap(),
    );
    assert_eq!(untrained.header.games, 0);
    let score = |a: arena::Arena| {
        let mut points = 0.0;
        for i in 0..a.games {
            let g = arena::play_game(&ttt, &a, i, None).unwrap();
            points += match g.winner() {
                Some(0) => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        points / a.games as f64
    };
    let az = Level::Az(Budget::Iterations(30));
    let against_random = score(arena::Arena {
        sides: [az, Level::Random],
        games: 100,
        seed: 9,
        max_decisions: 20,
        keep_moves: false,
        nets: [Some(trained.clone()), None],
    });
    assert!(against_random > 0.85, "{against_random}");
    // Against itself before training, at 4 simulations a move, where the priors decide
    // most (at 30 both draw every game of tic-tac-toe).
    let few = Level::Az(Budget::Iterations(4));
    let against_untrained = score(arena::Arena {
        sides: [few, few],
        games: 100,
        seed: 9,
        max_decisions: 20,
        keep_moves: false,
        nets: [Some(trained), Some(untrained)],
    });
    assert!(against_untrained > 0.6, "{against_untrained}");
}

#[test]
fn the_searcher_needs_a_network_with_a_policy_head() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let plain = std::sync::Arc::new(Net::new(&ttt, 8, 1.0, 1).unwrap());
    let a = arena::Arena {
        sides: [Level::Az(Budget::Iterations(10)), Level::Random],
        games: 1,
        seed: 1,
        max_decisions: 20,
        keep_moves: false,
        nets: [Some(plain), None],
    };
    let err = match arena::play_game(&ttt, &a, 0, None) {
        Err(tabula::ai::AiError::Runtime(e)) => e,
        other => panic!("a runtime error was expected, not {other:?}"),
    };
    assert_eq!(
        *err.kind,
        tabula::RuntimeErrorKind::NoPolicy {
            game: "Tic-tac-toe".into()
        }
    );
}

#[test]
fn train_searcher_writes_a_network_that_the_arena_plays_by() {
    let dir = std::env::temp_dir().join(format!("tabula-az-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("ttt.net");
    let tabula = env!("CARGO_BIN_EXE_tabula");
    let run = std::process::Command::new(tabula)
        .args(["train", "examples/rules/tic-tac-toe.tabula", "--searcher"])
        .args(["--simulations", "20", "--games", "64", "--rate", "0.03"])
        .args(["--threads", "1", "--probe-every", "0", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let side = format!("az:50:{}", out.display());
    let arena = std::process::Command::new(tabula)
        .args([
            "arena",
            "examples/rules/tic-tac-toe.tabula",
            &side,
            "random",
        ])
        .args(["-n", "4", "--threads", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&arena.stdout);
    assert!(
        arena.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&arena.stderr)
    );
    assert!(text.contains("az:50"), "{text}");
    // A network of temporal differences has no policy head: `az` says what to train.
    let plain = dir.join("plain.net");
    let run = std::process::Command::new(tabula)
        .args([
            "train",
            "examples/rules/tic-tac-toe.tabula",
            "--games",
            "16",
        ])
        .args(["--threads", "1", "--probe-every", "0", "--out"])
        .arg(&plain)
        .output()
        .unwrap();
    assert!(run.status.success());
    let side = format!("az:50:{}", plain.display());
    let arena = std::process::Command::new(tabula)
        .args([
            "arena",
            "examples/rules/tic-tac-toe.tabula",
            &side,
            "random",
        ])
        .args(["-n", "2", "--threads", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&arena.stderr);
    assert!(!arena.status.success());
    assert!(err.contains("needs a network with a policy head"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_shipped_connect_four_network_makes_the_searcher_stronger_than_mcts() {
    let path = "examples/rules/connect-four.tabula";
    let c4 = example_game(path);
    // The network beside the rules file is the game's own: it has a policy head, and
    // leaves `mcts` its random games.
    let net = tabula::ai::default_net(path, &c4)
        .expect("it reads")
        .expect("examples/rules/connect-four.net");
    assert!(net.has_policy());
    assert!(!net.header.mcts_leaf && !net.header.mcts_guide);
    let a = arena::Arena {
        sides: [
            Level::Az(Budget::Iterations(200)),
            Level::Mcts(Budget::Iterations(200)),
        ],
        games: 40,
        seed: 1,
        max_decisions: 60,
        keep_moves: false,
        nets: [Some(std::sync::Arc::new(net)), None],
    };
    let mut score = 0.0;
    for i in 0..a.games {
        let g = arena::play_game(&c4, &a, i, None).unwrap();
        score += g.points_a().signum() * 0.5 + 0.5;
    }
    let share = score / a.games as f64;
    assert!(share > 0.6, "az:200 scored {share} against mcts:200");
}
