//! The computer players: the tree search finds forced wins (worked out by hand and by a
//! small independent solver below), handles chance, keeps to its budget, replays from a
//! seed, and plays only legal moves; playout weights shape random games.

mod common;

use common::*;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tabula::ai::{self, arena, Budget, Decision, Level, Thinker};
use tabula::engine::rng::Rng;

fn tic_tac_toe() -> Game {
    example_game("examples/rules/tic-tac-toe.tabula")
}

fn coin_race() -> Game {
    example_game("examples/rules/coin-race.tabula")
}

/// The position after `moves` from the start.
fn after(game: &Game, moves: &[&str]) -> State {
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state().unwrap();
    play_all(&mut engine, &mut state, moves);
    state
}

/// The move the computer plays at `state`, as text.
fn computer_move(game: &Game, state: &State, level: Level, seed: u64, threads: usize) -> String {
    let mut engine = Engine::new(game);
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    let player = state.mover();
    let mut rng = Rng::new(seed);
    let mut thinker = Thinker::new(threads);
    let d = Decision {
        engine: &mut engine,
        state,
        choices: &choices,
        player,
    };
    let i = ai::choose(d, level, &mut rng, &mut thinker, None).unwrap();
    engine.choice_text(state, &choices[i]).unwrap()
}

fn estimates(
    game: &Game,
    state: &State,
    level: Level,
    seed: u64,
    threads: usize,
) -> Vec<ai::Estimate> {
    let mut engine = Engine::new(game);
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    let mut rng = Rng::new(seed);
    let mut thinker = Thinker::new(threads);
    let d = Decision {
        engine: &mut engine,
        state,
        choices: &choices,
        player: state.mover(),
    };
    ai::estimates(d, level, &mut rng, &mut thinker, None).unwrap()
}

const MCTS_2000: Level = Level::Mcts(Budget::Iterations(2000));

// ---------------------------------------------------------------- an independent solver

/// Tic-tac-toe on a 9-cell array (index = row * 3 + column, row 0 = rank 1, column 0 =
/// file a), solved by plain recursion: the moves of `me` that win by force within
/// `turns` of its own moves, whatever the opponent does.
fn forced_wins(board: [u8; 9], me: u8, turns: u32) -> Vec<String> {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    fn won(b: &[u8; 9], p: u8) -> bool {
        LINES.iter().any(|l| l.iter().all(|&i| b[i] == p))
    }
    fn forces(b: [u8; 9], me: u8, them: u8, turns: u32) -> bool {
        // `me` has just moved.
        if won(&b, me) {
            return true;
        }
        if turns == 0 || b.iter().all(|&c| c != 0) {
            return false;
        }
        (0..9).filter(|&i| b[i] == 0).all(|i| {
            let mut r = b;
            r[i] = them;
            !won(&r, them)
                && (0..9).filter(|&j| r[j] == 0).any(|j| {
                    let mut m = r;
                    m[j] = me;
                    forces(m, me, them, turns - 1)
                })
        })
    }
    let them = 3 - me;
    (0..9)
        .filter(|&i| board[i] == 0)
        .filter(|&i| {
            let mut b = board;
            b[i] = me;
            forces(b, me, them, turns - 1)
        })
        .map(|i| format!("{}{}", ["a", "b", "c"][i % 3], i / 3 + 1))
        .collect()
}

fn board_of(x: &[usize], o: &[usize]) -> [u8; 9] {
    let mut b = [0; 9];
    for &i in x {
        b[i] = 1;
    }
    for &i in o {
        b[i] = 2;
    }
    b
}

#[test]
fn the_solver_agrees_with_hand_analysis() {
    // x: a1 b1, o: a2 b2: x wins at once on c1 (and only there).
    assert_eq!(forced_wins(board_of(&[0, 1], &[3, 4]), 1, 1), vec!["c1"]);
    // x: a1 b1, o: c1 a2: b2 threatens b3 and c3 at once, the one fork.
    assert_eq!(
        forced_wins(board_of(&[0, 1], &[2, 3]), 1, 1),
        Vec::<String>::new()
    );
    assert_eq!(forced_wins(board_of(&[0, 1], &[2, 3]), 1, 2), vec!["b2"]);
}

// ---------------------------------------------------------------- forced wins

#[test]
fn search_takes_a_win_in_one_at_tic_tac_toe() {
    let game = tic_tac_toe();
    // x: a1 b1, o: a2 b2; x to move. o threatens c2, x wins on c1.
    let state = after(&game, &["a1", "a2", "b1", "b2"]);
    let want = forced_wins(board_of(&[0, 1], &[3, 4]), 1, 1);
    for seed in 1..=3 {
        let m = computer_move(&game, &state, MCTS_2000, seed, 1);
        assert!(
            want.contains(&m),
            "seed {seed}: played {m}, wins are {want:?}"
        );
    }
}

#[test]
fn search_finds_a_fork_that_wins_in_two_at_tic_tac_toe() {
    let game = tic_tac_toe();
    // x: a1 b1, o: c1 a2; x to move; no win at once, and o threatens nothing.
    let state = after(&game, &["a1", "c1", "b1", "a2"]);
    let want = forced_wins(board_of(&[0, 1], &[2, 3]), 1, 2);
    assert_eq!(want, vec!["b2"]);
    for seed in 1..=3 {
        let m = computer_move(
            &game,
            &state,
            Level::Mcts(Budget::Iterations(4000)),
            seed,
            1,
        );
        assert!(
            want.contains(&m),
            "seed {seed}: played {m}, the fork is {want:?}"
        );
    }
}

#[test]
fn search_defends_against_a_win_in_one() {
    let game = tic_tac_toe();
    // x: a1 b1, o: b2; o to move must block c1 (anything else loses at once).
    let state = after(&game, &["a1", "b2", "b1"]);
    for seed in 1..=3 {
        assert_eq!(computer_move(&game, &state, MCTS_2000, seed, 1), "c1");
    }
}

#[test]
fn search_weighs_chance_in_a_win_in_one() {
    let game = coin_race();
    // left 3, right 0, left to move: `step` wins surely, `leap` only on heads.
    let state = after(
        &game,
        &[
            "step", "leap", "tails", "step", "leap", "tails", "step", "leap", "tails",
        ],
    );
    for seed in 1..=3 {
        assert_eq!(computer_move(&game, &state, MCTS_2000, seed, 1), "step");
    }
    let est = estimates(&game, &state, MCTS_2000, 1, 1);
    let step = est.iter().find(|e| e.choice == 0).unwrap();
    assert_eq!(step.win, 1.0, "{est:?}");
}

#[test]
fn search_weighs_chance_in_a_win_in_two() {
    let game = coin_race();
    // left 2, right 0, left to move. Two steps win whatever right does (right cannot
    // reach 4 in one turn); a leap wins at once half the time and leaves right
    // chances the other half.
    let state = after(&game, &["step", "leap", "tails", "step", "leap", "tails"]);
    for seed in 1..=3 {
        assert_eq!(
            computer_move(
                &game,
                &state,
                Level::Mcts(Budget::Iterations(3000)),
                seed,
                1
            ),
            "step"
        );
    }
}

#[test]
fn search_takes_the_gamble_when_steps_lose() {
    let game = coin_race();
    // left 2, right 3, left to move: a step leaves right a winning step; only a leap
    // (heads: 5) can win, half the time.
    let state = after(&game, &["step", "leap", "heads", "step", "leap", "tails"]);
    for seed in 1..=3 {
        assert_eq!(computer_move(&game, &state, MCTS_2000, seed, 1), "leap");
    }
    let est = estimates(&game, &state, Level::Mcts(Budget::Iterations(4000)), 1, 1);
    let leap = est.iter().find(|e| e.choice == 1).unwrap();
    assert!((leap.win - 0.5).abs() < 0.1, "{est:?}");
}

// ---------------------------------------------------------------- budget and seed

#[test]
fn an_iteration_budget_is_spent_exactly_and_replays_from_its_seed() {
    let game = tic_tac_toe();
    let state = after(&game, &["b2"]);
    for threads in [1, 2] {
        let a = estimates(
            &game,
            &state,
            Level::Mcts(Budget::Iterations(777)),
            9,
            threads,
        );
        let b = estimates(
            &game,
            &state,
            Level::Mcts(Budget::Iterations(777)),
            9,
            threads,
        );
        assert_eq!(a, b, "{threads} threads");
        let visits: u32 = a.iter().map(|e| e.visits).sum();
        assert_eq!(visits, 777, "{threads} threads");
    }
}

#[test]
fn a_time_budget_is_kept() {
    // On the wall clock: a budget of processor time takes longer on the wall when the
    // machine is busy (tests run side by side), by design.
    let game = example_game("games/invictus.tabula");
    let state = after(&game, &[]);
    let start = Instant::now();
    computer_move(
        &game,
        &state,
        Level::Mcts(Budget::Wall(Duration::from_millis(300))),
        1,
        1,
    );
    // One iteration (a random game) may run past the deadline.
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_stop_flag_interrupts_the_search() {
    let game = tic_tac_toe();
    let state = after(&game, &[]);
    let mut engine = Engine::new(&game);
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    let stop = AtomicBool::new(true);
    let d = Decision {
        engine: &mut engine,
        state: &state,
        choices: &choices,
        player: tabula::PlayerId::new(0),
    };
    let r = ai::choose(
        d,
        Level::Mcts(Budget::Time(Duration::from_secs(3600))),
        &mut Rng::new(1),
        &mut Thinker::new(1),
        Some(&stop),
    );
    assert_eq!(r, Err(ai::AiError::Interrupted));
}

#[test]
fn budgets_and_levels_are_read_and_refused_clearly() {
    assert_eq!(
        Budget::parse("2s"),
        Ok(Budget::Time(Duration::from_secs(2)))
    );
    assert_eq!(
        Budget::parse("250ms"),
        Ok(Budget::Time(Duration::from_millis(250)))
    );
    assert_eq!(Budget::parse("5000"), Ok(Budget::Iterations(5000)));
    assert_eq!(
        Budget::parse("2s:wall"),
        Ok(Budget::Wall(Duration::from_secs(2)))
    );
    assert_eq!(
        Budget::parse("500ms wall"),
        Ok(Budget::Wall(Duration::from_millis(500)))
    );
    assert_eq!(
        Budget::parse("wall"),
        Ok(Budget::Wall(Duration::from_secs(1)))
    );
    assert_eq!(
        Budget::parse("300:wall").unwrap_err().to_string(),
        "`300:wall`: the wall clock keeps a time (`2s:wall`), not a number of iterations"
    );
    assert_eq!(
        Budget::parse("2s:fast").unwrap_err().to_string(),
        "`2s:fast` is not a budget; write a number of iterations (`2000`), a time of the processor (`2s`, `500ms`) or of the wall clock (`2s:wall`)"
    );
    assert_eq!(
        Level::parse("mcts 2s wall"),
        Ok(Some(Level::Mcts(Budget::Wall(Duration::from_secs(2)))))
    );
    assert_eq!(
        Level::Mcts(Budget::Wall(Duration::from_millis(128))).name(),
        "mcts:128ms:wall"
    );
    assert!(Budget::parse("0").is_err());
    assert!(Budget::parse("-1s").is_err());
    assert!(Budget::parse("fast")
        .unwrap_err()
        .to_string()
        .contains("is not a budget"));
    assert_eq!(
        Level::parse("mcts:2s"),
        Ok(Some(Level::Mcts(Budget::Time(Duration::from_secs(2)))))
    );
    assert_eq!(
        Level::parse("mcts 300"),
        Ok(Some(Level::Mcts(Budget::Iterations(300))))
    );
    assert_eq!(Level::parse("mcts"), Ok(Some(Level::STRONGEST)));
    assert_eq!(Level::parse("off"), Ok(None));
    assert!(Level::parse("greedy:2s")
        .unwrap_err()
        .to_string()
        .contains("only `mcts`, `net2` and `net3` take a budget"));
    assert_eq!(Level::Mcts(Budget::Iterations(300)).name(), "mcts:300");
}

// ---------------------------------------------------------------- legal play

/// Plays arena games and replays each record's moves by their text from the start:
/// every move the computer made must be accepted as legal.
fn replay_arena(game: &Game, sides: [Level; 2], games: u64) {
    let a = arena::Arena {
        sides,
        games,
        seed: 5,
        max_decisions: 400,
        keep_moves: true,
        nets: [None, None],
    };
    for i in 0..games {
        let g = arena::play_game(game, &a, i, None).unwrap();
        let mut engine = Engine::new(game);
        let mut state = engine.initial_state().unwrap();
        for m in &g.moves {
            engine
                .play_text(&mut state, m)
                .unwrap_or_else(|e| panic!("game {i}: `{m}` was played but is refused: {e}"));
        }
        if g.outcome.is_some() {
            assert!(
                is_over(&mut engine, &state),
                "game {i} ends where its record ends"
            );
        }
    }
}

#[test]
fn the_computer_plays_only_legal_moves() {
    replay_arena(&tic_tac_toe(), [MCTS_2000, Level::Playouts], 4);
    replay_arena(
        &coin_race(),
        [Level::Mcts(Budget::Iterations(200)), Level::Greedy],
        4,
    );
    replay_arena(
        &game("naytin-six", &["slide"]),
        [Level::Mcts(Budget::Iterations(60)), Level::Random],
        2,
    );
}

#[test]
fn search_never_loses_tic_tac_toe_to_random_play() {
    let a = arena::Arena {
        sides: [MCTS_2000, Level::Random],
        games: 10,
        seed: 1,
        max_decisions: 20,
        keep_moves: false,
        nets: [None, None],
    };
    let game = tic_tac_toe();
    for i in 0..a.games {
        let g = arena::play_game(&game, &a, i, None).unwrap();
        assert_ne!(g.winner(), Some(1), "game {i} lost: {:?}", g.outcome);
    }
}

#[test]
fn search_plays_more_than_two_players() {
    let game = example_game("examples/rules/gem-grab.tabula");
    let a = arena::Arena {
        sides: [Level::Mcts(Budget::Iterations(40)), Level::Random],
        games: 3,
        seed: 2,
        max_decisions: 300,
        keep_moves: false,
        nets: [None, None],
    };
    for i in 0..a.games {
        let g = arena::play_game(&game, &a, i, None).unwrap();
        assert_eq!(g.seats.len(), 3);
        assert_eq!(g.seats.iter().filter(|&&s| s == 0).count(), 1);
    }
}

// ---------------------------------------------------------------- playout weights

const WEIGHTED: &str = r#"
game "Weighted"
players a, b
board { grid 3 x 1 }
piece stone
counter hits per player

action rare "rare" playout weight 0 { hits[mover] += 100 }
action heavy "heavy{to}"
  for to in cells
  where empty(to)
  playout weight if to == #c1 then 6 else 1
{
  put stone of mover at to
}

phase play {
  starts a
  actions rare, heavy
}

end "full" when not exists(c in cells where empty(c)) draw
"#;

fn weighted() -> Game {
    tabula::compile(&tabula::Source::new("weighted.tabula", WEIGHTED), &[])
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn playout_weights_are_listed_with_the_choices() {
    let game = weighted();
    assert!(game.rules().phases[0].weighted);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    let listed: Vec<(String, u32)> = (0..choices.len())
        .map(|i| {
            (
                engine.choice_text(&state, &choices[i]).unwrap(),
                choices.weights[i],
            )
        })
        .collect();
    let want: Vec<(String, u32)> = [("rare", 0), ("heavya1", 1), ("heavyb1", 1), ("heavyc1", 6)]
        .iter()
        .map(|(t, w)| (t.to_string(), *w))
        .collect();
    assert_eq!(listed, want);
}

#[test]
fn playouts_follow_the_weights_and_never_play_a_weight_of_0() {
    let game = weighted();
    let mut engine = Engine::new(&game);
    let mut choices = Choices::default();
    let (mut c1_first, games) = (0, 2000);
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let start = engine.initial_state().unwrap();
        // The first move of a random game: c1 weighs 6 of 8.
        engine.legal(&start, &mut choices).unwrap();
        let i = rng.weighted(&choices.weights);
        let text = engine.choice_text(&start, &choices[i]).unwrap();
        assert_ne!(text, "rare");
        c1_first += usize::from(text == "heavyc1");
        let mut rng = Rng::new(seed);
        let record = engine
            .playout_from(start, &mut rng, 50, &mut choices)
            .unwrap();
        // `rare` would add 100 to a counter; it is never played.
        assert_eq!(record.decisions, 3, "seed {seed}");
    }
    // 6/8 of 2000 is 1500; the standard deviation is about 19.
    assert!((1400..1600).contains(&c1_first), "{c1_first}");
}

#[test]
fn a_whole_turn_weighs_the_product_of_its_steps() {
    let text = r#"
game "Two steps"
players a, b
board { grid 2 x 1 }
piece stone
counter placed per turn
action put "{to}"
  for to in cells
  where empty(to) and placed < 2
  playout weight if to == #a1 then 2 else 3
{
  put stone of mover at to
  placed += 1
  continue
}
phase play { starts a decide turn actions put }
end "full" when not exists(c in cells where empty(c)) draw
"#;
    let game = tabula::compile(&tabula::Source::new("two.tabula", text), &[]).unwrap();
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    // One whole turn: both cells, in either order: weight 2 * 3 = 6.
    assert_eq!(choices.len(), 1);
    assert_eq!(choices.weights, vec![6]);
}

#[test]
fn a_constant_playout_weight_is_worked_out_and_bounded_when_compiling() {
    // Weights known before the game starts: 2 * 3 + max(1, 4) = 10; -(7 - 2) = -5
    // is below 0 and counts as 0; 3000 * 3000 = 9,000,000 is above the greatest
    // weight, 1,000,000, and counts as that.
    let text = r#"
game "Constant weights"
players a, b
board { grid 1 x 1 }
piece stone
action ten "ten" playout weight 2 * 3 + max(1, 4) { put stone of mover at #a1 }
action low "low" playout weight -(7 - 2) { put stone of mover at #a1 }
action most "most" playout weight 3000 * 3000 { put stone of mover at #a1 }
phase play { starts a actions ten, low, most }
end "full" when not empty(#a1) draw
"#;
    let game = tabula::compile(&tabula::Source::new("constant.tabula", text), &[]).unwrap();
    for m in &game.rules().actions {
        assert!(
            matches!(
                m.playout_weight,
                Some(tabula::internals::ir::Expr::Operand(
                    tabula::internals::ir::Operand::Const(_)
                ))
            ),
            "{}: {:?}",
            m.name,
            m.playout_weight
        );
    }
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    assert_eq!(choices.weights, vec![10, 0, 1_000_000]);
}

#[test]
fn the_double_is_not_offered_from_the_opening() {
    // After the opening move, White may double before rolling; with the position
    // even, the search rolls.
    let game = game("backgammon", &[]);
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().unwrap();
    play_all(&mut engine, &mut state, &["3-1", "8/5 6/5"]);
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    let texts: Vec<String> = (0..choices.len())
        .map(|i| engine.choice_text(&state, &choices[i]).unwrap())
        .collect();
    assert_eq!(sorted(&texts), vec!["double", "roll"]);
    for seed in 1..=2 {
        let m = computer_move(&game, &state, Level::Mcts(Budget::Iterations(300)), seed, 1);
        assert_eq!(m, "roll", "seed {seed}");
        assert_eq!(
            computer_move(&game, &state, Level::Playouts, seed, 1),
            "roll"
        );
    }
}

#[test]
fn a_hopeless_double_is_dropped() {
    // White has two checkers left on his 1-point and one on the 3-point, Black has all
    // fifteen on White's 1-point side of the board... far from home: Black loses
    // whatever the dice, and a gammon is likely. Black is offered a double.
    let game = game("backgammon", &[]);
    let state = state(
        &game,
        json!({
            "phase": "play",
            "to_move": "black",
            "turn_of": "white",
            "in_turn": true,
            "cells": {
                "1": {"owner": "white", "count": 2},
                "3": {"owner": "white"},
                "off-white": {"owner": "white", "count": 12},
                "2": {"owner": "black", "count": 15}
            },
            "counters": {"cube": 1, "cube_owner": null, "dropped": null, "turns": 30, "offered": 1}
        }),
    );
    let mut engine = Engine::new(&game);
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).unwrap();
    let texts: Vec<String> = (0..choices.len())
        .map(|i| engine.choice_text(&state, &choices[i]).unwrap())
        .collect();
    assert_eq!(sorted(&texts), vec!["drop", "take"]);
    for level in [
        Level::Mcts(Budget::Iterations(300)),
        Level::Playouts,
        Level::Greedy,
    ] {
        assert_eq!(
            computer_move(&game, &state, level, 1, 1),
            "drop",
            "{}",
            level.name()
        );
    }
}

#[test]
fn hint_lists_the_best_choices_with_estimates() {
    let mut s =
        tabula::session::Session::open("examples/rules/tic-tac-toe.tabula", &[], 1).unwrap();
    for m in ["a1", "a2", "b1", "b2"] {
        s.handle(m);
    }
    let out = s.handle("hint 2").text;
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("hint for x (mcts, "), "{out}");
    // c1 wins at once; every other move lets o win on c2, or wins nothing.
    assert!(
        lines[1].starts_with("  1. c1  win 100.0 %  points +1.00"),
        "{out}"
    );
    assert!(lines[2].starts_with("  2. "), "{out}");
    assert_eq!(lines[3], "     ... 3 more", "{out}");
    // Asking changed nothing: the same position, x still to move.
    assert_eq!(s.moves(), vec!["a1", "a2", "b1", "b2"]);
    assert!(s.handle("hint 0").text.contains("say how many choices"));
    // A word is the level asked for.
    assert!(s
        .handle("hint x")
        .text
        .starts_with("error: `hint x`: `x` is not a computer level; use random"));
}

/// A hint comes from the strongest level the game has (its network three choices
/// ahead), or the level named, with the time it took; a network's figures are ratings,
/// not games searched.
#[test]
fn hint_asks_the_strongest_level_or_the_one_named() {
    let mut s = tabula::session::Session::open("backgammon", &[], 3).unwrap();
    s.intro();
    let before = s.moves();
    let out = s.handle("hint").text;
    let first = out.lines().next().unwrap_or("");
    assert!(first.starts_with("hint for black (net3, "), "{out}");
    assert!(first.ends_with(" s):"), "{out}");
    assert!(!out.contains("games"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains(" win ")).count(),
        3,
        "{out}"
    );
    let out = s.handle("hint net 2").text;
    assert!(out.starts_with("hint for black (net, "), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains(" win ")).count(),
        2,
        "{out}"
    );
    // A number after `mcts` is its budget; the last one, how many to show.
    let out = s.handle("hint mcts 300 1").text;
    let first = out.lines().next().unwrap_or("");
    assert!(
        first.starts_with("hint for black (mcts:300, 300 games searched, "),
        "{out}"
    );
    assert_eq!(
        out.lines().filter(|l| l.contains(" win ")).count(),
        1,
        "{out}"
    );
    assert!(
        out.lines().nth(1).unwrap_or("").ends_with(" games)"),
        "{out}"
    );
    // The game is as it was: the same dice, black still to move.
    assert_eq!(s.moves(), before);
}

#[test]
fn greedy_takes_a_win_and_blocks_a_win_in_one() {
    let game = tic_tac_toe();
    // x to move wins on c1.
    let state = after(&game, &["a1", "a2", "b1", "b2"]);
    assert_eq!(computer_move(&game, &state, Level::Greedy, 1, 1), "c1");
    // o to move must block c1: any other move lets x win at once.
    let state = after(&game, &["a1", "b2", "b1"]);
    for seed in 1..=5 {
        assert_eq!(computer_move(&game, &state, Level::Greedy, seed, 1), "c1");
    }
}

#[test]
fn memory_bounds_are_read_and_refused_clearly() {
    use tabula::ai::parse_memory;
    assert_eq!(parse_memory("256MB"), Ok(256 << 20));
    assert_eq!(parse_memory("1gb"), Ok(1 << 30));
    assert_eq!(parse_memory("1.5 GB"), Ok(3 << 29));
    assert_eq!(parse_memory("2048KB"), Ok(2 << 20));
    assert_eq!(
        parse_memory("512"),
        Err("`512` is not a size; write one such as 256MB or 1GB".to_string())
    );
    assert_eq!(
        parse_memory("100KB"),
        Err("`100KB`: a search's memory is from 1MB to 1TB".to_string())
    );
    assert_eq!(tabula::ai::DEFAULT_MEMORY, 256 << 20);
}
