//! Random backgammon games, with and without the cube: every game keeps fifteen checkers
//! a side, ends, and scores what RULES.md §1 says its final position is worth (worked out
//! here from the position, independently of the rules file).

mod backgammon_support;

use backgammon_support::{from_state, game, totals, Colour, Neutral};
use tabula::engine::rng::Rng;
use tabula::{Choices, Engine, State, Status};

/// What a finished game is worth, from the final position seen by the winner (written
/// here from RULES.md, independently of the rules file).
fn expected_points(e: &Neutral) -> i32 {
    let loser_in_home = e[..6].iter().any(|&v| v < 0);
    if e[backgammon_support::OPPONENT_OFF] > 0 {
        1
    } else if e[backgammon_support::OPPONENT_BAR] > 0 || loser_in_home {
        3
    } else {
        2
    }
}

/// A random choice; with the cube, a player doubles only one time in a hundred (so that
/// most games are played out rather than dropped) and takes or drops at random.
fn pick(engine: &mut Engine, state: &State, choices: &Choices, rng: &mut Rng) -> usize {
    if choices.len() == 2 {
        let texts = [0, 1].map(|i| engine.choice_text(state, &choices[i]).unwrap());
        if let Some(d) = texts.iter().position(|t| t == "double") {
            return if rng.below(100) == 0 { d } else { 1 - d };
        }
    }
    rng.below(choices.len() as u32) as usize
}

/// Plays `games` random games (seeds `seed..seed + games`) and checks, after every
/// decision, that each side has 15 checkers, and at the end that the
/// game was won as RULES.md says: all 15 borne off and worth 1, 2 or 3 times the cube,
/// or a dropped double worth the cube. Returns how many games were worth 1, 2, 3 points
/// (cube aside) and how many ended by a drop.
fn random_games(options: &[&str], seed: u64, games: u64) -> [u64; 4] {
    let game = game(options);
    let mut engine = Engine::new(&game);
    let mut choices = Choices::default();
    let mut kinds = [0u64; 4];
    for g in seed..seed + games {
        let mut rng = Rng::new(g);
        let mut state = engine.initial_state().unwrap();
        let mut decisions = 0;
        loop {
            match engine.status(&state).unwrap() {
                Status::Over(o) => {
                    let winner = match o.winner.map(|w| game.players()[w.index()].as_str()) {
                        Some("white") => Colour::White,
                        Some("black") => Colour::Black,
                        other => panic!("game {g}: no winner ({other:?})"),
                    };
                    let seen = from_state(&game, &state, winner).unwrap();
                    let doc = tabula::json::state_to_json(&game, &state);
                    let cube = doc["counters"]["cube"].as_i64().unwrap_or(1) as i32;
                    if seen[backgammon_support::MOVER_OFF] == 15 {
                        let base = expected_points(&seen);
                        assert_eq!(o.points, cube * base, "game {g}: cube {cube}");
                        kinds[base as usize - 1] += 1;
                    } else {
                        // Not borne off: the loser dropped a double.
                        assert_eq!(
                            doc["counters"]["dropped"],
                            winner.other().name(),
                            "game {g}"
                        );
                        assert_eq!(o.points, cube, "game {g}");
                        kinds[3] += 1;
                    }
                    break;
                }
                Status::Chance(_) => {
                    choices.clear();
                    engine.chance_steps(&state, &mut choices).unwrap();
                    let i = rng.weighted(&choices.weights);
                    let step = choices[i][0];
                    engine.apply_step(&mut state, &step).unwrap();
                }
                Status::Player(_) => {
                    engine.legal(&state, &mut choices).unwrap();
                    assert!(
                        !choices.is_empty(),
                        "game {g}: a player to move has no choice (not even pass)"
                    );
                    let i = pick(&mut engine, &state, &choices, &mut rng);
                    let steps = choices[i].to_vec();
                    for step in &steps {
                        engine.apply_step(&mut state, step).unwrap();
                    }
                    let e = from_state(&game, &state, Colour::White).unwrap();
                    assert_eq!(totals(&e), (15, 15), "game {g}, after decision {decisions}");
                    decisions += 1;
                    assert!(decisions < 5_000, "game {g} does not end");
                }
            }
        }
    }
    eprintln!(
        "{games} games {options:?}: {} single, {} gammon, {} backgammon, {} dropped",
        kinds[0], kinds[1], kinds[2], kinds[3]
    );
    kinds
}

/// Random games without the cube (10,000 in release builds; 300 in debug builds, where
/// the engine is some twenty times slower) all end without error, with 15 checkers a
/// side throughout, and are worth what RULES.md says; over 10,000 games all three kinds
/// of win occur.
#[test]
fn random_games_keep_fifteen_checkers_a_side_and_end() {
    let games: u64 = if cfg!(debug_assertions) { 300 } else { 10_000 };
    let kinds = random_games(&["no-cube"], 0, games);
    assert_eq!(kinds[3], 0, "no cube, no drop");
    assert_eq!(kinds.iter().sum::<u64>(), games);
    if games >= 1000 {
        assert!(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0, "{kinds:?}");
    }
}

/// The same with the cube on (1,000 games in release builds, 50 in debug builds, the
/// players doubling now and then): the movement rules do not change, and a game ends
/// by bearing off (worth 1, 2 or 3 times the cube) or by a drop (worth the cube).
#[test]
fn random_games_with_the_cube_keep_fifteen_checkers_a_side_and_end() {
    let games: u64 = if cfg!(debug_assertions) { 50 } else { 1_000 };
    let kinds = random_games(&[], 100_000, games);
    assert_eq!(kinds.iter().sum::<u64>(), games);
    if games >= 1000 {
        assert!(
            kinds[3] > 0 && kinds[0] + kinds[1] + kinds[2] > 0,
            "{kinds:?}"
        );
    }
}
