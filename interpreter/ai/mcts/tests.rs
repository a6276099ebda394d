//! The tree search's own tests: selection, guidance and the figures it keeps.
use super::*;
use crate::ai::DEFAULT_MEMORY;

fn connect_four() -> Game {
    let text = include_str!("../../../examples/rules/connect-four.tabula");
    crate::compile(&crate::Source::new("c4", text), &[]).expect("compiles")
}

#[test]
fn a_long_search_keeps_its_tree_within_the_memory_bound() {
    let game = connect_four();
    let state = Engine::new(&game).initial_state().expect("a start");
    let mut thinker = Thinker::new(2);
    thinker.memory = 4 << 20;
    let iterations = 60_000;
    search(
        &game,
        &state,
        Budget::Iterations(iterations),
        7,
        &mut thinker,
        None,
    )
    .expect("searched");
    let report = thinker.report.expect("a report");
    assert_eq!(report.iterations, u64::from(iterations));
    assert!(report.bytes <= 4 << 20, "{report:?}");
    // The bound was reached: the search went on without growing the tree.
    assert!(report.bytes > 3 << 20, "{report:?}");
    assert!(report.nodes < iterations as usize / 2, "{report:?}");
    for t in &thinker.trees {
        assert!(t.full);
        // The bytes counted on the way are the bytes the nodes hold.
        assert_eq!(t.bytes, t.count_bytes());
    }
}

#[test]
fn a_kept_tree_gives_back_the_lines_the_game_left() {
    let game = connect_four();
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().expect("a start");
    let mut thinker = Thinker::new(1);
    search(
        &game,
        &state,
        Budget::Iterations(5000),
        7,
        &mut thinker,
        None,
    )
    .expect("searched");
    let before = thinker.trees[0].nodes.len();
    engine.play_text(&mut state, "d1").expect("legal");
    engine.play_text(&mut state, "c1").expect("legal");
    let tree = &mut thinker.trees[0];
    let new_root = (0..tree.nodes.len())
        .find(|&n| tree.nodes[n].state == state)
        .expect("the tree holds d1 c1");
    let visits = tree.nodes[new_root].visits;
    // The nodes below d1 c1, counted by hand.
    let mut below = 0;
    let mut stack = vec![new_root as u32];
    while let Some(n) = stack.pop() {
        below += 1;
        stack.extend(
            tree.nodes[n as usize]
                .children
                .iter()
                .filter(|&&c| c != NONE),
        );
    }
    assert!(below < before, "{below} of {before}");
    assert!(tree.reroot(&state));
    assert_eq!(tree.root, 0);
    assert_eq!(tree.nodes[0].visits, visits);
    assert_eq!(tree.nodes.len(), below);
    assert_eq!(tree.bytes, tree.count_bytes());
    search(
        &game,
        &state,
        Budget::Iterations(1000),
        7,
        &mut thinker,
        None,
    )
    .expect("searched again");
    assert_eq!(thinker.trees[0].nodes[0].visits, visits + 1000);
}

#[test]
fn a_time_budget_is_kept_within_five_percent_of_the_processor_time() {
    // The move's time: the search, and its tree given back after it.
    let game = connect_four();
    let state = Engine::new(&game).initial_state().expect("a start");
    let budget = Duration::from_millis(200);
    for _ in 0..2 {
        let mut thinker = Thinker::new(1);
        let clock = Deadline::start(ClockKind::Processor, Duration::from_secs(3600));
        search(&game, &state, Budget::Time(budget), 1, &mut thinker, None).expect("searched");
        drop(thinker);
        let spent = clock.spent();
        assert!(spent >= budget * 95 / 100, "{spent:?}");
        assert!(spent <= budget * 105 / 100, "{spent:?}");
    }
}

/// A root with two children: `a` has mean 1.0 over 1,000 visits, `b` mean 0.9 over
/// 100; the largest result seen is 10 points.
fn two_children(relative: bool) -> Tree {
    let name = crate::games::names()[0];
    let text = crate::games::built_in(name).expect("a built-in game");
    let game = crate::compile(&crate::Source::new("t", text), &[]).expect("compiles");
    let state = State::new(&game);
    let mut tree = Tree::new(&state, 2, 1, DEFAULT_MEMORY);
    tree.scale = 10.0;
    tree.relative = relative;
    for (visits, mean) in [(1000u32, 1.0), (100, 0.9)] {
        let mut child = Node::new(state.clone());
        child.visits = visits;
        let id = tree.push(child);
        tree.stats[id as usize * 4] = mean * f64::from(visits);
    }
    let root = &mut tree.nodes[0];
    root.kind = Kind::Decision(0);
    root.visits = 1100;
    root.children = vec![1, 2];
    tree
}

#[test]
fn results_scaled_by_the_largest_favour_the_less_visited_choice() {
    // a: 1.0 / 10 + sqrt(ln 1100 / 1000) = 0.100 + 0.084 = 0.184;
    // b: 0.9 / 10 + sqrt(ln 1100 / 100) = 0.090 + 0.265 = 0.355.
    assert_eq!(two_children(false).select(0, 0), 1);
}

#[test]
fn a_guided_decision_tries_its_best_rated_ordinary_choice_first() {
    // Three untried choices: two ordinary (weight 1) rated 0.2 and 0.9, and one
    // playouts never make (weight 0) rated best.
    let mut tree = two_children(false);
    let root = &mut tree.nodes[0];
    root.children = vec![NONE; 3];
    root.unexpanded = 3;
    root.choices.weights = vec![1, 1, 0];
    root.prior = vec![0.2, 0.9, 1.0];
    assert_eq!(tree.select(0, 0), 1);
    // Once both ordinary ones are tried, the other.
    tree.nodes[0].children = vec![1, 2, NONE];
    tree.nodes[0].unexpanded = 1;
    assert_eq!(tree.select(0, 0), 2);
}

#[test]
fn a_guide_favours_the_better_rated_of_two_equal_choices_less_as_they_are_searched() {
    // Both children 1.0 over 100 visits; rated 1 and 0.3 by the network. The bias
    // is PRIOR_WEIGHT × rating / (visits + 1): 1/101 against 0.3/101.
    let mut tree = two_children(false);
    for c in [1, 2] {
        tree.nodes[c].visits = 100;
        tree.stats[c * 4] = 100.0;
    }
    tree.nodes[0].prior = vec![0.3, 1.0];
    assert_eq!(tree.select(0, 0), 1);
    // The bias fades as a choice is searched: rated best but searched 1,000 times,
    // the first gains 1/1001. a: 1.0/10 + sqrt(ln 1100 / 1000) + 0.001 = 0.185;
    // b: 0.9/10 + sqrt(ln 1100 / 100) + 0 = 0.355.
    let mut tree = two_children(false);
    tree.nodes[0].prior = vec![1.0, 0.0];
    assert_eq!(tree.select(0, 0), 1);
}

#[test]
fn means_placed_between_their_siblings_favour_the_better_choice() {
    // a: (1.0 - 0.9) / 0.1 + 0.5 * 0.084 = 1.042; b: 0 + 0.5 * 0.265 = 0.132.
    assert_eq!(two_children(true).select(0, 0), 0);
}
