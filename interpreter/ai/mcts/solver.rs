//! Values proven in the tree (an MCTS-solver): a finished game's result is known, and
//! so is the value of a decision once every choice's is known (its player takes the
//! best for him) or once one choice wins him all a game can give; a chance event's
//! once every outcome's is known (their average by weight). A proven node is searched
//! no further: an iteration that reaches it adds its value, and the search ends when
//! the root is proven. Each player is taken to play for his own points, so two,
//! three or more players work alike.

use super::node::Kind;
use super::{Tree, NONE};
use crate::ai::rewards;
use crate::ir::{Expr, ResultSpec, Stuck};
use crate::{Game, Outcome};

/// A game's value for `players` players: each one's points, each one's wins, the
/// result's size (`rewards`); a draw when there is no outcome.
pub(super) fn reward_of(outcome: Option<&Outcome>, players: usize) -> Vec<f64> {
    let mut reward = vec![0.0; 2 * players + 1];
    let (points, rest) = reward.split_at_mut(players);
    let (wins, size) = rest.split_at_mut(players);
    size[0] = rewards(outcome, points, wins);
    reward
}

/// The most points a winner can gain, when every result of the game is worth a fixed
/// number of points (`winner` with no `points` or a number, `by score`, a draw);
/// None when some result is worth what the position makes it.
pub(super) fn best_result(game: &Game) -> Option<f64> {
    let stuck = game.rules.phases.iter().filter_map(|p| match &p.stuck {
        Stuck::End(r) => Some(r),
        Stuck::Pass { .. } => None,
    });
    let mut best = 1;
    for result in game.rules.ends.iter().map(|e| &e.result).chain(stuck) {
        match result {
            ResultSpec::Draw | ResultSpec::ByScore | ResultSpec::Winner { points: None, .. } => {}
            ResultSpec::Winner {
                points: Some(Expr::Const(k)),
                ..
            } => best = best.max(*k),
            ResultSpec::Winner { .. } => return None,
        }
    }
    Some(f64::from(best))
}

impl Tree {
    /// Proves node `at` if what is known below it is enough; whether it is proven.
    pub(super) fn prove(&mut self, at: u32) -> bool {
        let node = &self.nodes[at as usize];
        if node.result.is_some() {
            return true;
        }
        let players = self.players;
        let known = |c: u32| (c != NONE).then(|| self.nodes[c as usize].result.as_deref())?;
        let value = match node.kind {
            Kind::Decision(p) => {
                let wins_all = |r: &[f64]| {
                    self.best
                        .is_some_and(|best| r[players + p] >= 1.0 && r[p] >= best)
                };
                let mut best: Option<&[f64]> = None;
                let mut all = node.unexpanded == 0;
                for &c in &node.children {
                    match known(c) {
                        Some(r) if wins_all(r) => {
                            best = Some(r);
                            all = true;
                            break;
                        }
                        Some(r) => {
                            let better = best.is_none_or(|b| {
                                r[p] > b[p] || (r[p] == b[p] && r[players + p] > b[players + p])
                            });
                            if better {
                                best = Some(r);
                            }
                        }
                        None => all = false,
                    }
                }
                match (all, best) {
                    (true, Some(r)) => r.to_vec(),
                    _ => return false,
                }
            }
            Kind::Chance => {
                if node.unexpanded > 0 {
                    return false;
                }
                let weights = &node.choices.weights;
                let total: f64 = weights.iter().map(|&w| f64::from(w)).sum();
                if total <= 0.0 || weights.len() != node.children.len() {
                    return false;
                }
                let mut value = vec![0.0; 2 * players + 1];
                for (&c, &w) in node.children.iter().zip(weights) {
                    let Some(r) = known(c) else {
                        return false;
                    };
                    let share = f64::from(w) / total;
                    for (v, x) in value.iter_mut().zip(r) {
                        *v += share * x;
                    }
                }
                value
            }
            Kind::Over | Kind::Unlisted => return false,
        };
        self.bytes += value.capacity() * std::mem::size_of::<f64>();
        self.nodes[at as usize].result = Some(value);
        true
    }
}

#[cfg(test)]
pub(super) mod tests {
    use crate::ai::{self, Budget, Decision, Level, Thinker};
    use crate::engine::rng::Rng;
    use crate::{Choices, Engine, Game, Source, State};

    /// Left may flip a coin: heads wins him the game, tails is a draw; or quit, a draw.
    const COIN: &str = r#"
game "coin"
players left, right
board { grid 1 x 1 }
layout grid
counter flipper: player
counter done
counter heads
chance coin "{face == 1 ? heads}{face == 0 ? tails}" for face in 0..1 {
  heads = face
  done = 1
}
action flip "flip" {
  flipper = mover
  chance coin
}
action quit "quit" { done = 1 }
phase play {
  starts left
  actions flip, quit
}
end "heads" when done == 1 and heads == 1
  winner flipper
end "no heads" when done == 1
  draw
"#;

    fn compiled(name: &str, text: &str) -> Game {
        crate::compile(&Source::new(name, text), &[]).expect("compiles")
    }

    /// Marks on a 3 × 3 board; three of one's own in a line win, a full board is a
    /// draw.
    pub(in crate::ai::mcts) const LINES: &str = r#"game "lines"
players x, o
board { grid 3 x 3 }
piece mark
action place "{to}"
  for to in cells
  where empty(to)
{
  put mark of mover at to
}
phase play {
  starts x
  decide action
  actions place
  stuck end draw
}
end "three in a row" for p in players
  when exists(c in cells where owner(c) == p
    and exists(d in [n, e, ne, se] where
      owner(step(c, d)) == p and owner(step(step(c, d), d)) == p))
  winner p
"#;

    fn lines() -> Game {
        compiled("lines", LINES)
    }

    /// The estimates of `mcts` with `iterations` at `state`, and the iterations it used.
    fn searched(game: &Game, state: &State, iterations: u32) -> (Vec<ai::Estimate>, u64) {
        let mut engine = Engine::new(game);
        let mut choices = Choices::default();
        engine.legal(state, &mut choices).expect("legal");
        let mut thinker = Thinker::new(1);
        let d = Decision {
            engine: &mut engine,
            state,
            choices: &choices,
            player: state.mover(),
        };
        let level = Level::Mcts(Budget::Iterations(iterations));
        let est = ai::estimates(d, level, &mut Rng::new(3), &mut thinker, None).expect("searched");
        (est, thinker.report.expect("a report").iterations)
    }

    fn text_of(game: &Game, state: &State, choice: usize) -> String {
        let mut engine = Engine::new(game);
        let mut choices = Choices::default();
        engine.legal(state, &mut choices).expect("legal");
        engine.choice_text(state, &choices[choice]).expect("a text")
    }

    #[test]
    fn a_chance_event_is_proven_by_the_average_of_its_outcomes() {
        let game = compiled("coin", COIN);
        let state = Engine::new(&game).initial_state().expect("a start");
        let (est, iterations) = searched(&game, &state, 10_000);
        // flip: heads (a win, +1) or tails (a draw, 0), half and half; quit: a draw.
        let flip = est
            .iter()
            .find(|e| text_of(&game, &state, e.choice) == "flip")
            .unwrap();
        let quit = est
            .iter()
            .find(|e| text_of(&game, &state, e.choice) == "quit")
            .unwrap();
        assert!(flip.proven && quit.proven, "{est:?}");
        assert_eq!((flip.points, flip.win), (0.5, 0.75));
        assert_eq!((quit.points, quit.win), (0.0, 0.5));
        // Every line is known after a handful of iterations: the search stops there.
        assert!(iterations < 20, "{iterations}");
    }

    #[test]
    fn a_win_in_one_is_proven_and_ends_the_search() {
        // After a1 b1 a2 b2: x wins at a3.
        let game = lines();
        let mut engine = Engine::new(&game);
        let mut state = engine.initial_state().expect("a start");
        for m in ["a1", "b1", "a2", "b2"] {
            engine.play_text(&mut state, m).expect("legal");
        }
        let (est, iterations) = searched(&game, &state, 100_000);
        let best = &est[0];
        assert_eq!(text_of(&game, &state, best.choice), "a3");
        assert!(
            best.proven && best.win == 1.0 && best.points == 1.0,
            "{est:?}"
        );
        // Once a3 is tried, the root is proven: nothing is left to search.
        assert!(iterations <= 5, "{iterations}");
        let mut choices = Choices::default();
        engine.legal(&state, &mut choices).expect("legal");
        let mut thinker = Thinker::new(1);
        let d = Decision {
            engine: &mut engine,
            state: &state,
            choices: &choices,
            player: state.mover(),
        };
        let level = Level::Mcts(Budget::Iterations(50));
        let i = ai::choose(d, level, &mut Rng::new(1), &mut thinker, None).expect("a move");
        assert_eq!(text_of(&game, &state, i), "a3");
    }

    #[test]
    fn a_move_that_lets_the_opponent_win_at_once_is_proven_lost() {
        // After a1 b1 c3 b2: x has no row to make, and o threatens b3.
        // Every move of x but b3 lets o win there at once.
        let game = lines();
        let mut engine = Engine::new(&game);
        let mut state = engine.initial_state().expect("a start");
        for m in ["a1", "b1", "c3", "b2"] {
            engine.play_text(&mut state, m).expect("legal");
        }
        let (est, _) = searched(&game, &state, 20_000);
        assert_eq!(est.len(), 5);
        for e in &est {
            let text = text_of(&game, &state, e.choice);
            if text == "b3" {
                assert!(e.win > 0.0, "{e:?}");
            } else {
                assert!(
                    e.proven && e.win == 0.0 && e.points == -1.0,
                    "{text}: {e:?}"
                );
            }
        }
        assert_eq!(text_of(&game, &state, est[0].choice), "b3");
    }

    #[test]
    fn the_best_result_is_known_only_when_every_result_is_a_fixed_number() {
        assert_eq!(super::best_result(&lines()), Some(1.0));
        assert_eq!(super::best_result(&compiled("coin", COIN)), Some(1.0));
        // A win worth what a counter holds (a stake that may double) has no known best.
        let staked = COIN
            .replace("counter done\n", "counter done\ncounter stake = 1\n")
            .replace("  winner flipper\n", "  winner flipper points stake\n");
        assert_eq!(super::best_result(&compiled("staked", &staked)), None);
    }
}
