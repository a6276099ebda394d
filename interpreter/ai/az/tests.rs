//! The searcher's own tests: priors, noise, the memory bound and positions whose best
//! choice is known.
use super::*;
use crate::ai::DEFAULT_MEMORY;

fn compile(text: &str) -> Game {
    crate::compile(&crate::Source::new("t.tabula", text), &[]).expect("compiles")
}

fn connect_four() -> Game {
    compile(include_str!("../../../examples/rules/connect-four.tabula"))
}

/// A network with a policy head and small random weights: it knows nothing yet.
fn untrained(game: &Game) -> std::sync::Arc<Net> {
    let net = Net::new(game, 16, 1.0, 3)
        .expect("a network")
        .with_policy(crate::ai::policy::table_size(game), 3)
        .expect("a policy head");
    std::sync::Arc::new(net)
}

#[test]
fn the_priors_of_a_decision_add_up_to_one_and_noise_keeps_them_so() {
    let game = connect_four();
    let net = untrained(&game);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().expect("a start");
    let mut tree = AzTree::new(&mut engine, &net, &state, 5, DEFAULT_MEMORY).expect("a tree");
    let sum: f32 = tree.nodes[0].prior.iter().sum();
    assert_eq!(tree.nodes[0].prior.len(), 7);
    assert!((sum - 1.0).abs() < 1e-5, "{sum}");
    // Small random weights: every column about as likely.
    assert!(tree.nodes[0]
        .prior
        .iter()
        .all(|&p| (p - 1.0 / 7.0).abs() < 0.02));
    let before = tree.nodes[0].prior.clone();
    tree.add_noise(RootNoise {
        share: 0.25,
        total: 10.0,
    });
    let sum: f32 = tree.nodes[0].prior.iter().sum();
    assert!((sum - 1.0).abs() < 1e-5, "{sum}");
    assert_ne!(before, tree.nodes[0].prior);
}

#[test]
fn gamma_draws_have_the_mean_and_variance_of_their_shape() {
    // Gamma(k, 1) has mean k and variance k; 20,000 draws put the sample mean within
    // about 4 standard errors (sqrt(k / 20,000)) of k.
    for alpha in [0.3, 1.0, 2.5] {
        let mut rng = Rng::new(11);
        let n = 20_000;
        let draws: Vec<f64> = (0..n).map(|_| gamma(&mut rng, alpha)).collect();
        let mean = draws.iter().sum::<f64>() / f64::from(n);
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / f64::from(n);
        let se = (alpha / f64::from(n)).sqrt();
        assert!(
            (mean - alpha).abs() < 4.0 * se,
            "shape {alpha}: mean {mean}"
        );
        assert!(
            (var - alpha).abs() < 0.1 * alpha,
            "shape {alpha}: variance {var}"
        );
        assert!(draws.iter().all(|&x| x > 0.0 && x.is_finite()));
    }
}

#[test]
fn a_win_in_one_is_found_by_an_untrained_network() {
    // Whoever takes the centre wins: the search sees the finished game's result,
    // whatever the network thinks.
    let game = compile(
        "players a, b\nboard { grid 3 x 3 }\npiece stone\n\
         action place \"{to}\" for to in cells where empty(to) { put stone of mover at to }\n\
         phase play { starts a actions place stuck end draw }\n\
         end \"centre\" when not empty(b2) winner owner(b2)\n",
    );
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().expect("a start");
    let mut thinker = Thinker::with_net(1, Some(untrained(&game)));
    let est = search(
        &game,
        &state,
        Budget::Iterations(200),
        9,
        &mut thinker,
        None,
    )
    .expect("searched");
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).expect("listed");
    let best = est.iter().max_by_key(|e| e.visits).expect("estimates");
    assert_eq!(
        engine.choice_text(&state, &choices[best.choice]).unwrap(),
        "b2"
    );
    assert!(best.proven && best.win == 1.0, "{best:?}");
    assert_eq!(thinker.report.expect("a report").iterations, 200);
}

#[test]
fn a_search_by_simulations_replays_from_its_seed() {
    let game = connect_four();
    let state = Engine::new(&game).initial_state().expect("a start");
    let net = untrained(&game);
    let run = |seed| {
        let mut thinker = Thinker::with_net(1, Some(net.clone()));
        search(
            &game,
            &state,
            Budget::Iterations(500),
            seed,
            &mut thinker,
            None,
        )
        .expect("searched")
        .iter()
        .map(|e| (e.visits, e.points.to_bits()))
        .collect::<Vec<_>>()
    };
    assert_eq!(run(4), run(4));
}

#[test]
fn a_long_search_keeps_its_tree_within_the_memory_bound() {
    let game = connect_four();
    let net = untrained(&game);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().expect("a start");
    let memory = 2 << 20;
    let mut tree = AzTree::new(&mut engine, &net, &state, 1, memory).expect("a tree");
    tree.run(&mut engine, &net, Some(40_000), None, None)
        .expect("searched");
    assert!(tree.full);
    assert_eq!(tree.bytes, tree.count_bytes());
    assert!(tree.bytes <= memory, "{}", tree.bytes);
    assert!(tree.bytes > memory / 2, "{}", tree.bytes);
    assert_eq!(tree.simulations, 40_000);
    // Every simulation is counted at the root, kept or not.
    assert_eq!(tree.nodes[0].visits, 40_000);
}

#[test]
fn a_search_without_a_policy_head_says_what_to_train() {
    let game = connect_four();
    let state = Engine::new(&game).initial_state().expect("a start");
    let plain = Net::new(&game, 8, 1.0, 1).expect("a network");
    let mut thinker = Thinker::with_net(1, Some(std::sync::Arc::new(plain)));
    let err = search(&game, &state, Budget::Iterations(10), 1, &mut thinker, None).unwrap_err();
    let AiError::Runtime(e) = err else {
        panic!("{err:?}")
    };
    assert_eq!(
        e.to_string(),
        "the searcher `az` needs a network with a policy head, and Connect Four's has none; train one with `tabula train GAME --searcher`, or load one with `ai PLAYER az:FILE`"
    );
}

#[test]
fn a_kept_tree_goes_on_from_the_position_the_game_reached() {
    let game = connect_four();
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().expect("a start");
    let mut thinker = Thinker::with_net(1, Some(untrained(&game)));
    search(
        &game,
        &state,
        Budget::Iterations(3000),
        7,
        &mut thinker,
        None,
    )
    .expect("searched");
    engine.play_text(&mut state, "d1").expect("legal");
    engine.play_text(&mut state, "d2").expect("legal");
    let tree = thinker.az_tree.as_ref().expect("kept");
    let below = (0..tree.nodes.len())
        .find(|&n| tree.nodes[n].state == state)
        .map(|n| tree.nodes[n].visits)
        .expect("the tree holds d1 d2");
    assert!(below > 0);
    search(
        &game,
        &state,
        Budget::Iterations(100),
        8,
        &mut thinker,
        None,
    )
    .expect("searched");
    let tree = thinker.az_tree.as_ref().expect("kept");
    // The root is the new position, with what was learnt of it before.
    assert!(tree.nodes[0].state == state);
    assert_eq!(tree.nodes[0].visits, below + 100);
    assert_eq!(tree.bytes, tree.count_bytes());
    // Every node kept lies below the new root: each is some node's child but the root.
    let mut reached = vec![false; tree.nodes.len()];
    reached[0] = true;
    for node in &tree.nodes {
        for &c in node.children.iter().filter(|&&c| c != NONE) {
            reached[c as usize] = true;
        }
    }
    assert!(reached.iter().all(|&r| r));
    // A position the tree does not hold starts a new tree.
    let mut elsewhere = engine.initial_state().expect("a start");
    engine.play_text(&mut elsewhere, "a1").expect("legal");
    search(
        &game,
        &elsewhere,
        Budget::Iterations(50),
        9,
        &mut thinker,
        None,
    )
    .expect("searched");
    assert_eq!(thinker.az_tree.as_ref().unwrap().nodes[0].visits, 50);
}

#[test]
fn a_network_that_asks_for_rollouts_blends_random_games_into_its_ratings() {
    let game = connect_four();
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().expect("a start");
    let plain = untrained(&game);
    let mut mixed = (*plain).clone();
    mixed.header.az_rollouts = 1.0;
    let mixed = std::sync::Arc::new(mixed);
    // The file keeps the share; a share past 1 is refused.
    let read = Net::from_bytes(&game, &mixed.to_bytes()).expect("it reads");
    assert_eq!(read.header.az_rollouts, 1.0);
    let mut bad = (*mixed).clone();
    bad.header.az_rollouts = 1.5;
    assert!(Net::from_bytes(&game, &bad.to_bytes()).is_err());
    // All of each rating a random game's: every first rating of a position is a game's
    // result, a win, a loss or a draw, where the untrained network's are near a half.
    let mut first_rating = |net: &std::sync::Arc<Net>| {
        let mut tree = AzTree::new(&mut engine, net, &state, 3, DEFAULT_MEMORY).expect("a tree");
        tree.run(&mut engine, net, Some(2), None, None)
            .expect("searched");
        let child = tree.nodes[0]
            .children
            .iter()
            .copied()
            .find(|&c| c != NONE)
            .expect("a child");
        tree.stats[child as usize * 4 + 2]
    };
    let win = first_rating(&mixed);
    assert!(win == 0.0 || win == 0.5 || win == 1.0, "{win}");
    let win = first_rating(&plain);
    assert!((win - 0.5).abs() < 0.2 && win != 0.5, "{win}");
}
