//! The learned evaluator: the encoding of a state, the network file, self-play training
//! and the `net` level.

mod common;

use common::*;
use std::ops::ControlFlow;
use tabula::ai::encode::Encoding;
use tabula::ai::net::{Net, NetError, Scratch};
use tabula::ai::train::{probe, train, Training};
use tabula::ai::{arena, Level};

/// The value of the entry named `name`, in the board's view.
fn entry(game: &Game, state: &State, name: &str) -> f32 {
    entry_in(game, state, tabula::ai::encode::View::Board, name)
}

#[test]
fn every_built_in_game_is_encoded_with_a_meaning_for_each_entry() {
    for (name, _) in tabula::games::BUILT_IN {
        let g = game(name, &[]);
        let e = Encoding::new(&g).expect("an encoding");
        assert_eq!(e.names().len(), e.len(), "{name}");
        assert!(e.names().iter().all(|n| !n.is_empty()), "{name}");
        let mut engine = Engine::new(&g);
        let start = engine.initial_state().unwrap();
        assert_eq!(e.dense(&g, &start).len(), e.len(), "{name}");
    }
}

#[test]
fn the_backgammon_start_is_encoded_as_counted_by_hand() {
    let g = game("backgammon", &[]);
    let mut engine = Engine::new(&g);
    let s = engine.initial_state().unwrap();
    // White: 2 on 24, 5 on 13, 3 on 8, 5 on 6 (RULES.md §1).
    assert_eq!(entry(&g, &s, "24 white checker: at least 1"), 1.0);
    assert_eq!(entry(&g, &s, "24 white checker: at least 2"), 1.0);
    assert_eq!(entry(&g, &s, "24 white checker: at least 3"), 0.0);
    assert_eq!(entry(&g, &s, "13 white checker: at least 3"), 1.0);
    assert_eq!(entry(&g, &s, "13 white checker: (count - 3) / 4"), 0.5);
    assert_eq!(entry(&g, &s, "8 white checker: (count - 3) / 4"), 0.0);
    assert_eq!(entry(&g, &s, "24 black checker: at least 1"), 0.0);
    assert_eq!(entry(&g, &s, "1 black checker: at least 2"), 1.0);
    // The opening roll is pending; the cube is 1: ln(2) / 4.
    assert_eq!(entry(&g, &s, "pending chance: opening"), 1.0);
    assert!((entry(&g, &s, "counter cube: sign · ln(1 + |v|) / 4") - 2f32.ln() / 4.0).abs() < 1e-6);
    assert_eq!(entry(&g, &s, "counter cube_owner: none"), 1.0);
}

#[test]
fn an_encoding_survives_a_state_file_and_tells_positions_apart() {
    let g = game("invictus", &[]);
    let mut engine = Engine::new(&g);
    let mut s = engine.initial_state().unwrap();
    let e = Encoding::new(&g).expect("an encoding");
    let before = e.dense(&g, &s);
    play(&mut engine, &mut s, "1@a2");
    let after = e.dense(&g, &s);
    assert_ne!(before, after);
    // Written as a state document and read back: the same numbers.
    let doc = doc(&g, &s);
    let back = state(&g, doc);
    assert_eq!(e.dense(&g, &back), after);
    // A die of value 1 on a2 for black, taken from the reserve.
    assert_eq!(entry(&g, &s, "a2 black die: value 1"), 1.0);
    assert_eq!(entry(&g, &s, "a2 black die: value 2"), 0.0);
}

#[test]
fn a_network_file_reads_back_the_same_and_refuses_another_game() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let net = Net::new(&ttt, 8, 1.0, 3).expect("a network");
    let bytes = net.to_bytes();
    let back = Net::from_bytes(&ttt, &bytes).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    let mut engine = Engine::new(&ttt);
    let s = engine.initial_state().unwrap();
    let (mut a, mut b) = Default::default();
    net.evaluate(&ttt, &s, &mut a);
    back.evaluate(&ttt, &s, &mut b);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));

    let coin = example_game("examples/rules/coin-race.tabula");
    assert_eq!(
        Net::from_bytes(&coin, &bytes).unwrap_err().to_string(),
        "this network was trained for Tic-tac-toe, not for Coin race"
    );
    // The same title, other rules: another encoding.
    let other = tabula::compile(
        &tabula::Source::new(
            "t.tabula",
            std::fs::read_to_string("examples/rules/tic-tac-toe.tabula")
                .unwrap()
                .replace("grid 3 x 3", "grid 4 x 4"),
        ),
        &[],
    )
    .unwrap();
    let err = Net::from_bytes(&other, &bytes).unwrap_err();
    assert!(matches!(err, NetError::OtherEncoding { .. }));
    assert!(err.to_string().contains("its encoding differs"));
    assert_eq!(
        Net::from_bytes(&ttt, b"hello\n").unwrap_err().to_string(),
        "this is not a tabula network file"
    );
    let cut = &bytes[..bytes.len() - 4];
    assert!(Net::from_bytes(&ttt, cut)
        .unwrap_err()
        .to_string()
        .contains("bytes of weights"));
}

/// A network file carries a checksum: a flipped bit anywhere in its header or weights,
/// a missing checksum line or a weight beyond what training makes is refused, and so
/// is a file that is too long, even one whose size the system does not tell.
#[test]
fn a_damaged_network_file_is_refused() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let bytes = Net::new(&ttt, 8, 1.0, 3).expect("a network").to_bytes();
    let text = String::from_utf8_lossy(&bytes[..40]).to_string();
    assert!(text.starts_with("tabula-net 2\n{"), "{text}");
    let lines: Vec<usize> = bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .map(|(i, _)| i + 1)
        .take(3)
        .collect();
    // The third line is the checksum: `crc32 ` and eight hex digits.
    assert!(bytes[lines[1]..lines[2]].starts_with(b"crc32 "));
    assert_eq!(lines[2] - lines[1], 15);
    let damaged = "the network file is damaged: its checksum does not match its contents";
    // One bit of a weight, of the last weight, and of the header's hidden-layer name.
    for at in [lines[2] + 5, bytes.len() - 1] {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0x10;
        let err = Net::from_bytes(&ttt, &flipped).unwrap_err();
        assert_eq!(err.to_string(), damaged, "a bit flipped at byte {at}");
    }
    let trained_by = String::from_utf8_lossy(&bytes)
        .find("\"games\":")
        .expect("the header counts the games trained");
    let mut flipped = bytes.clone();
    flipped[trained_by + 8] ^= 0x01;
    assert_eq!(
        Net::from_bytes(&ttt, &flipped).unwrap_err().to_string(),
        damaged
    );
    // Without its checksum line.
    let mut cut = bytes[..lines[1]].to_vec();
    cut.extend_from_slice(&bytes[lines[2]..]);
    assert_eq!(
        Net::from_bytes(&ttt, &cut).unwrap_err().to_string(),
        "the network file has no checksum line after its header (a damaged file)"
    );
    // A file of format 1 (no checksum) with a huge weight, finite as it is.
    let mut old = b"tabula-net 1\n".to_vec();
    old.extend_from_slice(&bytes[lines[0]..lines[1]]);
    old.extend_from_slice(&bytes[lines[2]..]);
    Net::from_bytes(&ttt, &old).expect("a file of format 1 is read");
    let at = old.len() - 4;
    old[at..].copy_from_slice(&1.0e30f32.to_le_bytes());
    assert_eq!(
        Net::from_bytes(&ttt, &old).unwrap_err().to_string(),
        "the network file holds a weight larger than 1000 (a damaged file, or training that diverged)"
    );
    // A file that says its size is 0 but goes on and on is read up to the limit only.
    if std::path::Path::new("/proc/self/pagemap").exists() {
        let err = tabula::ai::read_net_file("/proc/self/pagemap").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`/proc/self/pagemap` is larger than a network file may be (64 MB)"
        );
    } else {
        eprintln!("skipped: no /proc/self/pagemap to read");
    }
}

fn tiny_training(threads: usize) -> Training {
    Training {
        games: 3000,
        hidden: 20,
        seed: 7,
        threads,
        explore: 0.3,
        rate: 0.1,
        lambda: 0.5,
        probe_every: 0,
        ..Training::default()
    }
}

#[test]
fn a_short_training_beats_random_play_and_replays_from_its_seed() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let untrained = Net::new(&ttt, 20, 1.0, 7).expect("a network");
    let before = probe(&ttt, &untrained, 400, 99).unwrap();
    let net = train(&ttt, &tiny_training(1), None, |_| ControlFlow::Continue(())).unwrap();
    let after = probe(&ttt, &net, 400, 99).unwrap();
    // Random against random scores about 50 %. Even untrained, looking one move ahead
    // takes the wins in one; training adds the rest.
    assert!(after >= 0.8, "score {after} (untrained {before})");
    assert!(after > before + 0.05, "score {after} (untrained {before})");
    // The same seed makes the same network, on any number of threads.
    let again = train(&ttt, &tiny_training(2), None, |_| ControlFlow::Continue(())).unwrap();
    assert_eq!(again.to_bytes(), net.to_bytes());
}

#[test]
fn self_play_by_a_search_teaches_a_network_that_beats_random_play() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let by_search = |threads| Training {
        games: 1000,
        hidden: 20,
        seed: 5,
        threads,
        explore: 0.1,
        rate: 0.1,
        lambda: 0.5,
        probe_every: 0,
        self_play: Level::Mcts(tabula::ai::Budget::Iterations(50)),
        ..Training::default()
    };
    let untrained = Net::new(&ttt, 20, 1.0, 5).expect("a network");
    let before = probe(&ttt, &untrained, 400, 99).unwrap();
    let net = train(&ttt, &by_search(1), None, |_| ControlFlow::Continue(())).unwrap();
    let after = probe(&ttt, &net, 400, 99).unwrap();
    assert!(after >= 0.8, "score {after} (untrained {before})");
    assert!(after > before + 0.05, "score {after} (untrained {before})");
    let again = train(&ttt, &by_search(2), None, |_| ControlFlow::Continue(())).unwrap();
    assert_eq!(again.to_bytes(), net.to_bytes());
}

#[test]
fn training_toward_values_one_choice_ahead_beats_random_play() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let ahead = |threads| Training {
        lookahead: true,
        ..tiny_training(threads)
    };
    let untrained = Net::new(&ttt, 20, 1.0, 7).expect("a network");
    let before = probe(&ttt, &untrained, 400, 99).unwrap();
    let net = train(&ttt, &ahead(1), None, |_| ControlFlow::Continue(())).unwrap();
    let after = probe(&ttt, &net, 400, 99).unwrap();
    assert!(after >= 0.8, "score {after} (untrained {before})");
    assert!(after > before + 0.05, "score {after} (untrained {before})");
    // Not the network of the same games learnt from the next position's rating.
    let plain = train(&ttt, &tiny_training(1), None, |_| ControlFlow::Continue(())).unwrap();
    assert_ne!(plain.to_bytes(), net.to_bytes());
    let again = train(&ttt, &ahead(2), None, |_| ControlFlow::Continue(())).unwrap();
    assert_eq!(again.to_bytes(), net.to_bytes());
}

#[test]
fn the_net_level_plays_legal_moves_and_needs_a_network() {
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let net = std::sync::Arc::new(
        train(&ttt, &tiny_training(1), None, |_| ControlFlow::Continue(())).unwrap(),
    );
    let a = arena::Arena {
        sides: [Level::Net, Level::Random],
        games: 6,
        seed: 3,
        max_decisions: 20,
        keep_moves: true,
        nets: [Some(net.clone()), None],
    };
    for i in 0..a.games {
        let g = arena::play_game(&ttt, &a, i, None).unwrap();
        let mut engine = Engine::new(&ttt);
        let mut s = engine.initial_state().unwrap();
        play_all(
            &mut engine,
            &mut s,
            &g.moves.iter().map(String::as_str).collect::<Vec<_>>(),
        );
    }
    let none = arena::Arena {
        nets: [None, None],
        ..a
    };
    let err = match arena::play_game(&ttt, &none, 0, None) {
        Err(tabula::ai::AiError::Runtime(e)) => e,
        other => panic!("a runtime error was expected, not {other:?}"),
    };
    assert_eq!(
        *err.kind,
        tabula::RuntimeErrorKind::NoNetwork {
            game: "Tic-tac-toe".into()
        }
    );
    assert!(
        err.to_string()
            .starts_with("no network is loaded for Tic-tac-toe; "),
        "{err}"
    );

    // At the prompt: `ai x net:FILE` loads a network file; a wrong file is refused.
    let dir = std::env::temp_dir().join(format!("tabula-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ttt.net");
    std::fs::write(&file, net.to_bytes()).unwrap();
    let mut s =
        tabula::session::Session::open("examples/rules/tic-tac-toe.tabula", &[], 1).unwrap();
    s.intro();
    let out = s.handle("ai x net").text;
    assert!(out.contains("has no trained network"), "{out}");
    let out = s.handle(&format!("ai o net:{}", file.display())).text;
    assert!(out.contains("o is played by the computer (net)"), "{out}");
    let out = s.handle("b2").text;
    assert!(out.contains("o (net): "), "{out}");
    let coin_file = dir.join("coin.net");
    let coin = example_game("examples/rules/coin-race.tabula");
    std::fs::write(
        &coin_file,
        Net::new(&coin, 4, 1.0, 1).expect("a network").to_bytes(),
    )
    .unwrap();
    let out = s.handle(&format!("ai x net:{}", coin_file.display())).text;
    assert!(
        out.contains("trained for Coin race, not for Tic-tac-toe"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_built_in_game_ships_a_network_that_loads_and_plays() {
    for name in tabula::games::names() {
        let g = game(name, &[]);
        let bytes = tabula::games::built_in_net(name)
            .unwrap_or_else(|| panic!("games/{name}.net is built in"));
        let net = Net::from_bytes(&g, bytes).unwrap();
        assert_eq!(net.header.game, g.name());
        assert_eq!(
            net.to_bytes(),
            bytes,
            "{name}: the file reads back the same"
        );
        assert!(
            net.header.trained_by.starts_with(&format!("train {name} ")),
            "{name}: the file names the command that made it: {}",
            net.header.trained_by
        );
        // The same network reads the game with each of its options: no option changes
        // an entry of the encoding.
        for (option, _) in g.options() {
            let varied = game(name, &[option.as_str()]);
            Net::from_bytes(&varied, bytes).unwrap_or_else(|e| panic!("{name} -o {option}: {e}"));
        }
        let mut s = tabula::session::Session::open(name, &[], 4).unwrap();
        s.intro();
        assert!(s.network().is_some(), "{name}");
        let out = s.handle("ai all net").text;
        assert!(out.contains("game over: "), "{name}: {out}");
    }
}

#[test]
fn a_rules_file_finds_its_network_beside_it_and_a_stale_one_is_named() {
    let dir = std::env::temp_dir().join(format!("tabula-net-beside-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("ttt.tabula");
    let text = std::fs::read_to_string("examples/rules/tic-tac-toe.tabula").unwrap();
    std::fs::write(&rules, &text).unwrap();
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    std::fs::write(
        dir.join("ttt.net"),
        Net::new(&ttt, 4, 1.0, 1).expect("a network").to_bytes(),
    )
    .unwrap();
    let mut s = tabula::session::Session::open(rules.to_str().unwrap(), &[], 1).unwrap();
    let intro = s.intro().text;
    assert!(s.network().is_some(), "{intro}");
    assert!(!intro.contains("note:"), "{intro}");
    // The rules change the board: the network no longer fits, and the session says so.
    std::fs::write(&rules, text.replace("grid 3 x 3", "grid 4 x 4")).unwrap();
    let mut s = tabula::session::Session::open(rules.to_str().unwrap(), &[], 1).unwrap();
    let intro = s.intro().text;
    assert!(s.network().is_none());
    assert!(intro.contains("note: the network of"), "{intro}");
    assert!(intro.contains("its encoding differs"), "{intro}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------- net2: two choices ahead

/// A network for `game` with one hidden unit, built from its weights by hand: `input`
/// names the entries feeding the unit and their weights; the outputs are each player's
/// win (`wins`: weight from the unit, bias) and points (`points`: weight, bias), in the
/// order of the players.
fn hand_made_net(
    game: &Game,
    input: &[(&str, f32)],
    wins: &[(f32, f32)],
    points: &[(f32, f32)],
) -> Net {
    let shape = Net::new(game, 1, 1.0, 0).expect("a network").to_bytes();
    // The header line stays; the weights are replaced, in a file of format 1, which
    // carries no checksum (and is still read).
    let lines: Vec<usize> = shape
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .map(|(i, _)| i + 1)
        .take(2)
        .collect();
    let names = Encoding::new(game).expect("an encoding").names().to_vec();
    let mut w1 = vec![0f32; names.len()];
    for (name, w) in input {
        let i = names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("no entry `{name}`"));
        w1[i] = *w;
    }
    let b1 = [0f32];
    let w2: Vec<f32> = wins.iter().chain(points).map(|&(w, _)| w).collect();
    let b2: Vec<f32> = wins.iter().chain(points).map(|&(_, b)| b).collect();
    let mut bytes = b"tabula-net 1\n".to_vec();
    bytes.extend_from_slice(&shape[lines[0]..lines[1]]);
    for w in w1.iter().chain(&b1).chain(&w2).chain(&b2) {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    Net::from_bytes(game, &bytes).unwrap()
}

/// A network for a game of two that rates every position alike: 0 points and a win
/// chance of 1/2 for each player.
fn alike_net(game: &Game) -> Net {
    hand_made_net(
        game,
        &[],
        &[(0.0, 0.0), (0.0, 0.0)],
        &[(0.0, 0.0), (0.0, 0.0)],
    )
}

/// Each choice's text and points by the network level `level`, best first.
fn net_estimates(game: &Game, state: &State, net: Net, level: Level) -> Vec<(String, f64, f64)> {
    let mut engine = Engine::new(game);
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    let mut thinker = tabula::ai::Thinker::with_net(1, Some(std::sync::Arc::new(net)));
    let d = tabula::ai::Decision {
        engine: &mut engine,
        state,
        choices: &choices,
        player: state.mover(),
    };
    let mut rng = tabula::engine::rng::Rng::new(1);
    let est = tabula::ai::estimates(d, level, &mut rng, &mut thinker, None).unwrap();
    est.iter()
        .map(|e| {
            let text = engine.choice_text(state, &choices[e.choice]).unwrap();
            (text, e.points, e.win)
        })
        .collect()
}

/// The move the network level `level` plays.
fn net_move(game: &Game, state: &State, net: &Net, level: Level) -> String {
    let mut engine = Engine::new(game);
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    let mut thinker = tabula::ai::Thinker::with_net(1, Some(std::sync::Arc::new(net.clone())));
    let d = tabula::ai::Decision {
        engine: &mut engine,
        state,
        choices: &choices,
        player: state.mover(),
    };
    let mut rng = tabula::engine::rng::Rng::new(1);
    let i = tabula::ai::choose(d, level, &mut rng, &mut thinker, None).unwrap();
    engine.choice_text(state, &choices[i]).unwrap()
}

#[test]
fn two_choices_ahead_sees_the_answer_that_one_choice_ahead_misses() {
    // Tic-tac-toe after c3 a2 b1 b2: x (b1, c3) must block o's row a2 b2 at c2.
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let mut engine = Engine::new(&ttt);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &["c3", "a2", "b1", "b2"]);
    // A network that likes x's mark on a1: its one hidden unit is sigmoid(4) with x on
    // a1 and sigmoid(0) = 1/2 without; x's points are the unit less 1/2 (0.4820 or 0),
    // o's their opposite; both win outputs are sigmoid(0) = 1/2.
    let net = hand_made_net(
        &ttt,
        &[("a1 x mark: at least 1", 4.0)],
        &[(0.0, 0.0), (0.0, 0.0)],
        &[(1.0, -0.5), (-1.0, 0.5)],
    );
    let lure = 1.0 / (1.0 + (-4f64).exp()) - 0.5;
    // One choice ahead: no move of x ends the game, so each is rated by the network,
    // and a1 is the only one it likes.
    let one = net_estimates(&ttt, &s, net.clone(), Level::Net);
    assert_eq!(one[0].0, "a1");
    assert!((one[0].1 - lure).abs() < 1e-6, "{one:?}");
    assert!(one[1..].iter().all(|e| e.1 == 0.0), "{one:?}");
    assert_eq!(net_move(&ttt, &s, &net, Level::Net), "a1");
    // Two choices ahead: after any move but c2, o answers c2 and wins (x: -1 point, no
    // win). After c2 no answer of o wins, none puts x on a1, so each is rated 0 points
    // and a win chance of 1/2.
    let two = net_estimates(&ttt, &s, net.clone(), Level::Net2(None));
    assert_eq!(two[0], ("c2".to_string(), 0.0, 0.5), "{two:?}");
    let mut rest: Vec<_> = two[1..].to_vec();
    rest.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        rest,
        ["a1", "a3", "b3", "c1"]
            .iter()
            .map(|m| (m.to_string(), -1.0, 0.0))
            .collect::<Vec<_>>()
    );
    assert_eq!(net_move(&ttt, &s, &net, Level::Net2(None)), "c2");
}

#[test]
fn two_choices_ahead_averages_chance_by_its_weights() {
    // Coin race, left 1 point, right 3, left to move. A network that rates every
    // position alike: 0 points and a win chance of 1/2 for each player.
    let coin = example_game("examples/rules/coin-race.tabula");
    let mut engine = Engine::new(&coin);
    let mut s = engine.initial_state().unwrap();
    play_all(
        &mut engine,
        &mut s,
        &[
            "step", "step", "leap", "tails", "step", "leap", "tails", "step",
        ],
    );
    let net = alike_net(&coin);
    // Step: left has 2, right answers with a step to 4 and wins: -1. (His leap is rated
    // one choice ahead: heads wins, tails is rated 0; +1/2 for him, less than the step.)
    // Leap: heads (1 in 2) gives left 4 and the game, +1; tails leaves right to step
    // to 4, -1; on average 0, and half the games won.
    let two = net_estimates(&coin, &s, net.clone(), Level::Net2(None));
    assert_eq!(
        two,
        [
            ("leap".to_string(), 0.0, 0.5),
            ("step".to_string(), -1.0, 0.0)
        ]
    );
    // One choice ahead: the step is rated 0 by the network, the leap half a win
    // (heads) and half the network's 0 (tails).
    let one = net_estimates(&coin, &s, net, Level::Net);
    assert_eq!(
        one,
        [
            ("leap".to_string(), 0.5, 0.75),
            ("step".to_string(), 0.0, 0.5)
        ]
    );
}

#[test]
fn two_choices_ahead_weighs_an_unfair_coin_by_its_weights() {
    // The same coin race with a coin that falls heads 3 times in 4. A network that
    // rates every position alike: 0 points and a win chance of 1/2 for each player.
    let text = std::fs::read_to_string("examples/rules/coin-race.tabula")
        .unwrap()
        .replace(
            "  for face in 0..1\n",
            "  for face in 0..1 weight 1 + 2 * face\n",
        );
    let coin = tabula::compile(&tabula::Source::new("unfair.tabula", text), &[])
        .map_err(|e| e.render(false))
        .unwrap();
    let mut engine = Engine::new(&coin);
    let mut s = engine.initial_state().unwrap();
    play_all(
        &mut engine,
        &mut s,
        &[
            "step", "step", "leap", "tails", "step", "leap", "tails", "step",
        ],
    );
    let net = alike_net(&coin);
    // Left 1 point, right 3, left to move. Step: right steps to 4 and wins: -1.
    // Leap: heads (3 in 4) gives left 4 and the game, +1; tails (1 in 4) leaves right
    // to step to 4, -1: on average +1/2, and 3 games in 4 won (by equal weights it
    // would be 0 and a half).
    let two = net_estimates(&coin, &s, net.clone(), Level::Net2(None));
    assert_eq!(
        two,
        [
            ("leap".to_string(), 0.5, 0.75),
            ("step".to_string(), -1.0, 0.0)
        ]
    );
    // One choice ahead: the leap is 3/4 of a won game (heads) and 1/4 of the network's
    // rating (0 points, half a win): 0.75 points, 0.875 of a win.
    let one = net_estimates(&coin, &s, net, Level::Net);
    assert_eq!(
        one,
        [
            ("leap".to_string(), 0.75, 0.875),
            ("step".to_string(), 0.0, 0.5)
        ]
    );
}

#[test]
fn three_choices_ahead_follows_the_answer_to_the_reply_after_it() {
    // Coin race, 2 points each, left to move; a network that rates every position
    // alike: 0 points and a win chance of 1/2 for each player.
    let coin = example_game("examples/rules/coin-race.tabula");
    let mut engine = Engine::new(&coin);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &["step", "step", "step", "step"]);
    let net = alike_net(&coin);
    // Two choices ahead, right answers either move by his leap (one choice ahead:
    // heads wins him the game, tails is rated 0: +1/2 to his step's 0).
    // Step (left 3): after right's leap, -1/2 for left, a quarter of the games won.
    // Leap: heads gives left 5 and the game (+1); tails leaves right his leap, -1/2.
    // On average +1/4, and 5/8 of the games won.
    let two = net_estimates(&coin, &s, net.clone(), Level::Net2(None));
    assert_eq!(
        two,
        [
            ("leap".to_string(), 0.25, 0.625),
            ("step".to_string(), -0.5, 0.25)
        ]
    );
    // Three choices ahead, right's two answers are each followed (his leap through its
    // coin) to left's reply, each reply rated through the coin after it; right takes
    // the answer worth more to him.
    // Step (left 3): after right's leap, heads gives him 5 and the game (-1); tails,
    // left steps to 4 and wins (+1, where a leap is worth heads' win or tails' 0:
    // +1/2). On average 0, half the games won. After right's step (3 each) left steps
    // to 4 and wins: -1 for right, so he leaps.
    // Leap: heads, left wins (+1). Tails (2 each): right leaps; heads, he wins (-1);
    // tails, left's best is a leap (heads makes 5: +1/2 on average and 3/4 of the
    // games, where a step to 3 is rated 0 and 1/2): -1/4 and 3/8. Right's step to 3
    // instead leaves left the same leap, +1/2 for left: right leaps. On average +3/8,
    // and 11/16 of the games won.
    let three = net_estimates(&coin, &s, net.clone(), Level::Net3(None));
    assert_eq!(
        three,
        [
            ("leap".to_string(), 0.375, 0.6875),
            ("step".to_string(), 0.0, 0.5)
        ]
    );
    assert_eq!(net_move(&coin, &s, &net, Level::Net3(None)), "leap");

    assert_eq!(Level::parse("net3"), Ok(Some(Level::Net3(None))));
    assert_eq!(Level::parse("net3:my.net"), Ok(Some(Level::Net3(None))));
    assert_eq!(Level::Net3(None).name(), "net3");
    assert_eq!(Level::net_file("net3:my.net"), Some("my.net"));
    assert_eq!(Level::net_file("net3"), None);
}

#[test]
fn three_choices_ahead_follows_the_next_best_answer_too() {
    // Tic-tac-toe after a1 b1 c1 c2: x (a1, c1) to move, o (b1, c2). A network that
    // rates every position alike: 0 points and a win chance of 1/2 for each player.
    // Neither side can win at once, so one choice ahead o rates all his answers 0, and
    // his answer by `net` is the first of them (a2, b2, a3, b3, c3 in that order).
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let mut engine = Engine::new(&ttt);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &["a1", "b1", "c1", "c2"]);
    let net = alike_net(&ttt);
    // Each move of x is followed to o's first two answers, and each of those to x's
    // reply: a reply that completes a row is worth +1 to x, any other 0.
    // b2 threatens a3 and c3; a3 threatens a2 and b2. Whichever of his first two
    // answers o plays, x completes a row: +1, every game won.
    // a2 threatens a3 alone. Followed to his first answer alone (b2), o would leave it
    // open and a2 would look won; his second answer, a3, blocks it: 0 for o against -1,
    // so o blocks, and a2 is worth 0. So is c3: its threat b2 is o's second answer.
    // b3 threatens nothing: 0.
    let mut three = net_estimates(&ttt, &s, net.clone(), Level::Net3(None));
    three.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    assert_eq!(
        three,
        [
            ("a3".to_string(), 1.0, 1.0),
            ("b2".to_string(), 1.0, 1.0),
            ("a2".to_string(), 0.0, 0.5),
            ("b3".to_string(), 0.0, 0.5),
            ("c3".to_string(), 0.0, 0.5),
        ]
    );
    // Of the two forks, the first: b2.
    assert_eq!(net_move(&ttt, &s, &net, Level::Net3(None)), "b2");
}

#[test]
fn three_choices_ahead_plays_three_players() {
    // Gem Grab: three players and a spinner of chance; the games replay legally.
    gem_grab_replays(Level::Net3(None), 2);
}

/// `games` games of Gem Grab (three players and a spinner of chance) between `level`,
/// with an untrained network, and `random`: each replays legally move by move.
fn gem_grab_replays(level: Level, games: u64) {
    let gems = example_game("examples/rules/gem-grab.tabula");
    let net = std::sync::Arc::new(Net::new(&gems, 8, 1.0, 5).expect("a network"));
    let a = arena::Arena {
        sides: [level, Level::Random],
        games,
        seed: 1,
        max_decisions: 200,
        keep_moves: true,
        nets: [Some(net), None],
    };
    for i in 0..a.games {
        let g = arena::play_game(&gems, &a, i, None).unwrap();
        let mut engine = Engine::new(&gems);
        let mut s = engine.initial_state().unwrap();
        play_all(
            &mut engine,
            &mut s,
            &g.moves.iter().map(String::as_str).collect::<Vec<_>>(),
        );
    }
}

#[test]
fn two_choices_ahead_plays_three_players_and_is_written_as_a_level() {
    gem_grab_replays(Level::Net2(None), 3);

    assert_eq!(Level::parse("net2"), Ok(Some(Level::Net2(None))));
    assert_eq!(Level::parse("net2:my.net"), Ok(Some(Level::Net2(None))));
    assert_eq!(Level::Net2(None).name(), "net2");
    assert_eq!(Level::net_file("net2:my.net"), Some("my.net"));
    assert_eq!(Level::net_file("net:my.net"), Some("my.net"));
    assert_eq!(Level::net_file("net2"), None);

    // At the prompt, `ai o net2 FILE`; a record naming `net2` loads back.
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let dir = std::env::temp_dir().join(format!("tabula-net2-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ttt.net");
    std::fs::write(
        &file,
        Net::new(&ttt, 4, 1.0, 1).expect("a network").to_bytes(),
    )
    .unwrap();
    let mut s =
        tabula::session::Session::open("examples/rules/tic-tac-toe.tabula", &[], 1).unwrap();
    s.intro();
    let out = s.handle("ai x net2").text;
    assert!(out.contains("has no trained network"), "{out}");
    let out = s.handle(&format!("ai o net2 {}", file.display())).text;
    assert!(out.contains("o is played by the computer (net2)"), "{out}");
    let out = s.handle("b2").text;
    assert!(out.contains("o (net2): "), "{out}");
    let record = dir.join("game.yaml");
    let out = s.handle(&format!("save {}", record.display())).text;
    assert!(!out.contains("error"), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("net2"), "{saved}");
    let mut again =
        tabula::session::Session::open("examples/rules/tic-tac-toe.tabula", &[], 1).unwrap();
    again.intro();
    let out = again.handle(&format!("load {}", record.display())).text;
    assert!(out.contains("loaded"), "{out}");
    let out = again.handle("ai").text;
    assert!(out.contains("o: computer (net2)"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_falling_rate_goes_geometrically_from_the_first_game_to_the_last() {
    let t = Training {
        games: 3,
        rate: 0.01,
        final_rate: Some(0.001),
        ..Training::default()
    };
    // Over 2 steps from 0.01 to 0.001: a factor of √0.1 a step.
    assert!((t.rate_at(0) - 0.01).abs() < 1e-9);
    assert!((t.rate_at(1) - 0.01 * 0.1f32.sqrt()).abs() < 1e-7);
    assert!((t.rate_at(2) - 0.001).abs() < 1e-9);
    let constant = Training {
        final_rate: None,
        ..t
    };
    assert_eq!(constant.rate_at(2), 0.01);
}

#[test]
fn two_choices_ahead_makes_an_offer_and_its_answer_as_one_choice_ahead_does() {
    // Backgammon after the opening 3-1: White may double before rolling, and Black then
    // takes or drops. These decisions hold choices that playouts never make; `net2`
    // rates them as `net` does. The move after the dice is searched deeper.
    let g = game("backgammon", &[]);
    let bytes = tabula::games::built_in_net("backgammon").unwrap();
    let net = Net::from_bytes(&g, bytes).unwrap();
    let mut engine = Engine::new(&g);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &["3-1", "8/5 6/5"]);
    let offer = s.clone();
    play(&mut engine, &mut s, "double");
    for state in [&offer, &s] {
        let one = net_estimates(&g, state, net.clone(), Level::Net);
        let two = net_estimates(&g, state, net.clone(), Level::Net2(None));
        assert_eq!(one.len(), 2);
        assert_eq!(one, two);
    }
    play_all(&mut engine, &mut s, &["take", "6-5"]);
    let one = net_estimates(&g, &s, net.clone(), Level::Net);
    let two = net_estimates(&g, &s, net, Level::Net2(None));
    assert_eq!(one.len(), two.len());
    assert_ne!(one, two);
}

#[test]
fn a_network_offers_when_the_offer_rates_better_by_any_amount() {
    // Backgammon after White's opening 3-1: Black may double or roll. A network whose
    // one hidden unit reads only whether White owns the cube: s = sigmoid(-4) when he
    // does, sigmoid(0) = 1/2 when the cube is in the middle. Black's points per unit
    // of the cube are 0.2 × unit + 0.1, White's their opposite.
    let g = game("backgammon", &[]);
    let mut engine = Engine::new(&g);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &["3-1", "8/5 6/5"]);
    assert_eq!(to_move(&g, &s), "black");
    let net = hand_made_net(
        &g,
        &[("counter cube_owner: white", -4.0)],
        &[(0.0, 0.0), (0.0, 0.0)],
        &[(-0.2, -0.1), (0.2, 0.1)],
    );
    let unit = 1.0 / (1.0 + 4f64.exp());
    // Roll: the cube stays in the middle, 0.2 × 1/2 + 0.1 = 0.2 after every roll.
    let roll = 0.2;
    // Double: White takes (-2 × (0.2 s + 0.1), about -0.207, beats -1 for a drop),
    // and Black rolls with the cube at 2 on White's side.
    let double = 2.0 * (0.2 * unit + 0.1);
    let est = net_estimates(&g, &s, net.clone(), Level::Net);
    let points = |text: &str| est.iter().find(|e| e.0 == text).unwrap().1;
    assert!((points("roll") - roll).abs() < 1e-6, "{est:?}");
    assert!((points("double") - double).abs() < 1e-6, "{est:?}");
    // Doubling is better by 0.007 of a point, far below the quarter of what a game is
    // worth here (about 0.05) that a level sampling random games asks of an offer. A
    // network's rating already holds what owning the cube is worth: it doubles.
    assert!(double > roll && double - roll < 0.25 * (double + roll) / 2.0);
    assert_eq!(net_move(&g, &s, &net, Level::Net), "double");
    assert_eq!(net_move(&g, &s, &net, Level::Net2(None)), "double");
    play(&mut engine, &mut s, "double");
    assert_eq!(net_move(&g, &s, &net, Level::Net), "take");
}

#[test]
fn a_widened_network_rates_as_before_and_is_refused_narrower() {
    let g = game("backgammon", &[]);
    let mut engine = Engine::new(&g);
    let s = engine.initial_state().unwrap();
    let net = Net::new(&g, 6, 3.0, 2).expect("a network");
    let wide = net.clone().widen(10, 1).expect("a network");
    assert_eq!(wide.header.hidden, 10);
    let (mut a, mut b) = (Scratch::default(), Scratch::default());
    net.evaluate(&g, &s, &mut a);
    wide.evaluate(&g, &s, &mut b);
    for (x, y) in a.outputs().iter().zip(b.outputs()) {
        assert!(
            (x - y).abs() < 1e-6,
            "{:?} against {:?}",
            a.outputs(),
            b.outputs()
        );
    }
    // It reads back from its file with the new size.
    let back = Net::from_bytes(&g, &wide.to_bytes()).unwrap();
    assert_eq!(back.header.hidden, 10);
    // Narrower: refused by `train`, with the sizes.
    let dir = std::env::temp_dir().join(format!("tabula-widen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wide.net");
    std::fs::write(&file, wide.to_bytes()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "train",
            "backgammon",
            "--from",
            file.to_str().unwrap(),
            "--hidden",
            "8",
        ])
        .args(["--games", "1", "--out", dir.join("x.net").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "`--hidden 8`: the network has 10 hidden units; a network is widened, not narrowed"
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_lookahead_on_the_command_line_is_recorded_in_the_network() {
    let dir = std::env::temp_dir().join(format!("tabula-lookahead-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, more: &[&str]| {
        let file = dir.join(name);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args([
                "train",
                "examples/rules/tic-tac-toe.tabula",
                "--games",
                "64",
            ])
            .args(["--threads", "1", "--probe-every", "0", "--hidden", "8"])
            .args(more)
            .args(["--out", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read(file).unwrap()
    };
    let ahead = run("ahead.net", &["--lookahead"]);
    let plain = run("plain.net", &[]);
    let ttt = example_game("examples/rules/tic-tac-toe.tabula");
    let net = Net::from_bytes(&ttt, &ahead).unwrap();
    assert!(
        net.header.trained_by.contains("--lookahead"),
        "{}",
        net.header.trained_by
    );
    // Not the network the same games teach without it.
    let start = Engine::new(&ttt).initial_state().unwrap();
    let (mut a, mut b) = (Scratch::default(), Scratch::default());
    net.evaluate(&ttt, &start, &mut a);
    Net::from_bytes(&ttt, &plain)
        .unwrap()
        .evaluate(&ttt, &start, &mut b);
    assert_ne!(a.outputs(), b.outputs());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A rules file within every limit of the rules that makes far too many encoding
/// entries (8 players, 250 kinds of piece, 1,040 cells: 8,320,000 for the cells alone).
fn huge_rules() -> String {
    let mut text = String::from(
        "game \"Huge\"\nplayers red, blue, green, gold, pink, gray, teal, plum\nboard { grid 26 x 40 }\n",
    );
    for k in 1..=250 {
        text.push_str(&format!("piece kind{k}\n"));
    }
    text.push_str("action pass \"pass\" { }\nphase play { actions pass }\n");
    text
}

/// The error of a result, without printing what it holds when it is not one.
fn error_text<T>(r: Result<T, impl std::fmt::Display>) -> Option<String> {
    r.err().map(|e| e.to_string())
}

#[test]
fn an_encoding_too_large_is_refused_before_it_is_made() {
    let game = tabula::compile(&tabula::Source::new("huge.tabula", huge_rules()), &[])
        .map_err(|e| e.render(false))
        .expect("within the limits of the rules");
    let refusal = "this game's encoding would have more than 1000000 entries (one for each kind of piece each player may have on each cell, and more): too many for a network; the board, the players or the kinds of piece are too many";
    assert_eq!(error_text(Encoding::new(&game)).as_deref(), Some(refusal));
    assert_eq!(
        error_text(Net::new(&game, 8, 1.0, 1)).as_deref(),
        Some(refusal)
    );
    // The command line says so at once.
    let dir = std::env::temp_dir().join(format!("tabula-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("huge.tabula");
    std::fs::write(&file, huge_rules()).unwrap();
    for args in [
        vec!["encode", file.to_str().unwrap()],
        vec![
            "train",
            file.to_str().unwrap(),
            "--games",
            "1",
            "--out",
            dir.join("huge.net").to_str().unwrap(),
        ],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(refusal), "{args:?}: {stderr}");
    }
    // Nothing was written, not even an empty file.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "{left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_network_too_large_for_its_file_is_refused_before_its_weights_are_made() {
    // 520 cells of one kind of piece with six values, for two players: 10,400 entries
    // for the cells. 4096 hidden units over them make more weights than a network file
    // may hold (16,777,216).
    let text = "game \"Wide\"\nplayers red, blue\nboard { grid 26 x 20 }\npiece die value 1..6\naction pass \"pass\" { }\nphase play { actions pass }\n";
    let game = tabula::compile(&tabula::Source::new("wide.tabula", text), &[])
        .map_err(|e| e.render(false))
        .expect("compiles");
    let inputs = Encoding::new(&game).expect("an encoding").len();
    assert!(inputs > 10_400, "{inputs}");
    let fits = (16_777_216 - 4) / (inputs + 4 + 1);
    let err = format!("a network of 4096 hidden units over this game's {inputs} inputs would hold more than 16777216 weights (what a network file may hold); at most {fits} hidden units fit");
    assert_eq!(error_text(Net::new(&game, 4096, 1.0, 1)), Some(err.clone()));
    // Widening a network past it is refused the same way.
    let small = Net::new(&game, 2, 1.0, 1).expect("a network");
    assert_eq!(error_text(small.widen(4096, 1)), Some(err.clone()));
    // And `tabula train` says so before it plays.
    let dir = std::env::temp_dir().join(format!("tabula-wide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("wide.tabula"), text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "train",
            "wide.tabula",
            "--hidden",
            "4096",
            "--games",
            "1",
            "--out",
            "w.net",
        ])
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("error: {err}\n")
    );
}

#[test]
fn net2_and_net3_take_a_time_and_a_file() {
    use std::time::Duration;
    use tabula::ai::Budget;
    let second = Some(Budget::Time(Duration::from_secs(1)));
    assert_eq!(Level::parse("net3:1s"), Ok(Some(Level::Net3(second))));
    assert_eq!(Level::parse("net3 1s"), Ok(Some(Level::Net3(second))));
    assert_eq!(Level::net_file("net3:1s"), None);
    assert_eq!(
        Level::parse("net2:1s:my.net"),
        Ok(Some(Level::Net2(second)))
    );
    assert_eq!(Level::net_file("net2:1s:my.net"), Some("my.net"));
    assert_eq!(Level::net_file("net2 my.net"), Some("my.net"));
    let wall = Some(Budget::Wall(Duration::from_millis(500)));
    assert_eq!(
        Level::parse("net3:500ms:wall:my.net"),
        Ok(Some(Level::Net3(wall)))
    );
    assert_eq!(Level::net_file("net3:500ms:wall:my.net"), Some("my.net"));
    assert_eq!(Level::Net3(wall).name(), "net3:500ms:wall");
    assert_eq!(Level::Net2(second).name(), "net2:1s");
    assert_eq!(
        Level::parse("net3:300").unwrap_err().to_string(),
        "`net3:300`: `net2` and `net3` take a time (`net3:1s`, `net3:500ms`), not a number of iterations"
    );
    assert_eq!(
        Level::parse("net:1s").unwrap_err().to_string(),
        "`net:1s`: `net` looks one choice ahead at once; only `net2` and `net3` take a time (`net3:1s`)"
    );
}

/// `net3` in backgammon after the opening 6-5, within `budget`: the move and how long
/// it took.
fn net3_within(
    budget: &str,
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> (Result<usize, tabula::ai::AiError>, std::time::Duration) {
    let g = game("backgammon", &["no-cube"]);
    let net = Net::from_bytes(&g, tabula::games::built_in_net("backgammon").unwrap()).unwrap();
    let mut engine = Engine::new(&g);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &["6-5", "24/13", "4-2"]);
    let mut choices = Choices::default();
    engine.legal(&s, &mut choices).unwrap();
    assert!(choices.len() > 6, "{}", choices.len());
    let mut thinker = tabula::ai::Thinker::with_net(1, Some(std::sync::Arc::new(net)));
    let d = tabula::ai::Decision {
        engine: &mut engine,
        state: &s,
        choices: &choices,
        player: s.mover(),
    };
    let level = Level::parse(budget).unwrap().unwrap();
    let started = std::time::Instant::now();
    let mut rng = tabula::engine::rng::Rng::new(1);
    let r = tabula::ai::choose(d, level, &mut rng, &mut thinker, stop);
    (r, started.elapsed())
}

#[test]
fn net3_answers_within_its_time_with_the_best_found_so_far() {
    // Unbounded, a debug build takes many seconds over this move (6 moves, each
    // followed through 21 rolls to 2 answers and 21 more rolls); 200 ms of the wall
    // clock cut it short, with a legal move.
    let (r, took) = net3_within("net3:200ms:wall", None);
    assert!(r.is_ok(), "{r:?}");
    assert!(took < std::time::Duration::from_millis(1500), "{took:?}");
    // Ctrl-C still gives up the move.
    let stop = std::sync::atomic::AtomicBool::new(true);
    let (r, _) = net3_within("net3:200ms", Some(&stop));
    assert_eq!(r, Err(tabula::ai::AiError::Interrupted));
}
