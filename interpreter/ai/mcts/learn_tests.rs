//! The all-moves-as-first figures worked out by hand: the choices' numbers, the
//! counts after games whose choices are set, and RAVE's choice in the tree.
use super::*;
use crate::ai::DEFAULT_MEMORY;

/// Marks on a 3 × 3 board, x first (the solver's tests' game).
fn lines() -> Game {
    let text = super::solver::tests::LINES;
    crate::compile(&crate::Source::new("lines", text), &[]).expect("compiles")
}

/// The index of the choice written `text` among `choices` at `state`.
fn index_of(engine: &mut Engine, state: &State, choices: &Choices, text: &str) -> usize {
    (0..choices.len())
        .find(|&i| engine.choice_text(state, &choices[i]).expect("a text") == text)
        .unwrap_or_else(|| panic!("no choice {text}"))
}

/// A learning tree at the start with x's choices listed, and its child
/// after x takes a1, o's choices listed: the root, the child, and the numbers of
/// a1, b1 and c3 in the tree's table.
fn two_levels(game: &Game) -> (Tree, u32, [u32; 3]) {
    let mut engine = Engine::new(game);
    let state = engine.initial_state().expect("a start");
    let mut tree = Tree::new(&state, 2, 1, DEFAULT_MEMORY);
    tree.learn = true;
    tree.list(&mut engine, 0, None).expect("listed");
    let choices = tree.nodes[0].choices.clone();
    let [a1, b1, c3] = ["a1", "b1", "c3"].map(|t| index_of(&mut engine, &state, &choices, t));
    let keys = [a1, b1, c3].map(|i| tree.nodes[0].learnt[i].key);
    let mut next = state.clone();
    engine.play_choice(&mut next, &choices, a1).expect("played");
    let child = tree.push(Node::new(next));
    tree.nodes[0].children[a1] = child;
    tree.nodes[0].unexpanded -= 1;
    tree.list(&mut engine, child, None).expect("listed");
    (tree, child, keys)
}

#[test]
fn the_same_choice_has_the_same_number_wherever_it_is_listed() {
    let game = lines();
    let (tree, child, [a1, b1, c3]) = two_levels(&game);
    let keys = |n: u32| -> Vec<u32> {
        tree.nodes[n as usize]
            .learnt
            .iter()
            .map(|l| l.key)
            .collect()
    };
    assert_eq!(keys(0).len(), 9);
    assert_eq!(keys(child).len(), 8);
    // o's b1 and c3 are x's: the same step, numbered once.
    for key in [b1, c3] {
        assert!(keys(child).contains(&key));
    }
    assert!(!keys(child).contains(&a1));
    let mut all = keys(0);
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 9);
}

#[test]
fn two_games_count_at_each_decision_the_choices_its_player_made_then_or_later() {
    let game = lines();
    let (mut tree, child, [a1, b1, c3]) = two_levels(&game);
    let path = [0, child];
    // Game 1: x a1, o b1, x c3, and x wins (x +1, o -1).
    tree.made = vec![(0, a1), (1, b1), (0, c3)];
    tree.made_before = vec![0, 1];
    tree.reward = vec![1.0, -1.0, 1.0, 0.0, 1.0];
    tree.learn_from(&path);
    // Game 2: x a1, o c3, x b1, a draw.
    tree.made = vec![(0, a1), (1, c3), (0, b1)];
    tree.reward = vec![0.0, 0.0, 0.5, 0.5, 0.0];
    tree.learn_from(&path);
    // RAVE at the root (x to choose): every choice x made in a game, at once or
    // later; o's choices are not x's.
    let at = |tree: &Tree, node: u32, key: u32| {
        let n = &tree.nodes[node as usize];
        let l = n.learnt.iter().find(|l| l.key == key).expect("a choice");
        (l.points, l.games)
    };
    assert_eq!(at(&tree, 0, a1), (1.0, 2));
    assert_eq!(at(&tree, 0, c3), (1.0, 1));
    assert_eq!(at(&tree, 0, b1), (0.0, 1));
    let touched = tree.nodes[0].learnt.iter().filter(|a| a.games > 0).count();
    assert_eq!(touched, 3);
    // After a1 (o to choose): o's b1 in game 1, his c3 in game 2.
    assert_eq!(at(&tree, child, b1), (-1.0, 1));
    assert_eq!(at(&tree, child, c3), (0.0, 1));
    let touched = tree.nodes[child as usize]
        .learnt
        .iter()
        .filter(|a| a.games > 0);
    assert_eq!(touched.count(), 2);
}

#[test]
fn rave_blends_a_choices_own_mean_with_its_later_games() {
    let game = lines();
    let (mut tree, child, _) = two_levels(&game);
    // The root (200 visits) has a1 tried: 100 visits, mean 0.2, and an
    // all-moves-as-first mean of 0.9 over 100 games. Of the eight untried choices,
    // b1 has an all-moves-as-first mean of 0.4 over 40 games, the others -0.5.
    let root = &mut tree.nodes[0];
    root.visits = 200;
    let a1 = root.children.iter().position(|&c| c == child).expect("a1");
    for (i, l) in root.learnt.iter_mut().enumerate() {
        (l.points, l.games) = if i == a1 { (90.0, 100) } else { (-20.0, 40) };
    }
    let b1 = (0..9).find(|&i| i != a1).expect("another choice");
    (root.learnt[b1].points, root.learnt[b1].games) = (16.0, 40);
    tree.nodes[child as usize].visits = 100;
    tree.stats[child as usize * 4] = 20.0;
    // a1: beta = sqrt(1000 / (3 * 100 + 1000)) = 0.877; 0.123 * 0.2 + 0.877 * 0.9
    // + 0.1 * sqrt(ln 200 / 100) = 0.025 + 0.789 + 0.023 = 0.837. b1, untried, beta
    // = 1: 0.4 + 0.1 * sqrt(ln 200) = 0.4 + 0.230 = 0.630; the others -0.270. Its
    // later games lift a1 above b1, which its own mean (0.2) would not.
    assert_eq!(tree.select_rave(0, 0), a1);
    // With b1's later games at 0.7: 0.930, above a1's 0.837.
    tree.nodes[0].learnt[b1].points = 28.0;
    assert_eq!(tree.select_rave(0, 0), b1);
    // An untried choice that no game has made comes first.
    (
        tree.nodes[0].learnt[b1].points,
        tree.nodes[0].learnt[b1].games,
    ) = (0.0, 0);
    assert_eq!(tree.select_rave(0, 0), b1);
}
