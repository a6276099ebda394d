//! Self-play training of a network with a policy head, for the searcher (`tabula train
//! --searcher`): the recipe of AlphaZero on one hidden layer. Each self-play game is
//! played by the search itself (so many simulations a decision, noise mixed into the
//! root's priors, the first decisions drawn in proportion to the visits and the rest
//! the most visited); each decision of more than one choice is kept with its visits and,
//! once the game is over, its result. After each batch of games, steps of gradient
//! descent on positions drawn from the most recent ones move the value outputs toward
//! the results and the priors toward the visits. Games are played in batches with one
//! copy of the weights and kept in the order of their seeds, and the positions learnt
//! are drawn from a generator of the seed, so a seed gives the same network on any
//! number of threads.

use super::{AzTree, RootNoise};
use crate::ai::net::{to_view, Net, Scratch};
use crate::ai::policy::{softmax, ChoiceFeatures};
use crate::ai::train::{descend_value, result_of, value_targets, Report, Training, BATCH};
use crate::ai::AiError;
use crate::engine::rng::Rng;
use crate::runner::{Job, Run};
use crate::{Choices, Engine, Game, Status};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// How the searcher plays its self-play games and learns from them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Searching {
    /// Simulations of the search at each decision.
    pub simulations: u32,
    /// The decisions of a game, from its start, whose choice is drawn in proportion to
    /// the visits (to see varied positions); the later ones play the most visited.
    pub drawn_decisions: usize,
    /// The steps of gradient descent after each batch, per position the batch added.
    pub reuse: u32,
    /// The positions kept to learn from: those of the latest games.
    pub window: usize,
    /// The share of a random game's result in the search's rating of a new position
    /// (`Header::az_rollouts`), in self-play and in play; `None` keeps the starting
    /// network's (0 for a new one).
    pub rollouts: Option<f32>,
}

impl Default for Searching {
    fn default() -> Searching {
        Searching {
            simulations: 100,
            drawn_decisions: 8,
            reuse: 3,
            window: 50_000,
            rollouts: None,
        }
    }
}

/// The noise of self-play's roots: a quarter of the prior, AlphaZero's share.
const NOISE: RootNoise = RootNoise {
    share: 0.25,
    total: 10.0,
};

/// The bound of a self-play search tree: its simulations are few.
const TREE_MEMORY: usize = 64 << 20;

/// One position of self-play, to learn from.
#[derive(Debug, Clone)]
struct Position {
    input: Vec<(u32, f32)>,
    /// The value targets in the position's view: each player's win, then his points in
    /// units of the points scale (per unit of the stake there).
    target: Vec<f32>,
    features: ChoiceFeatures,
    /// The share of the search's visits each choice had.
    visits: Vec<f32>,
}

/// Plays one game by the search; its positions, or `None` when it ran past the
/// decision limit.
fn self_play(
    game: &Game,
    net: &Net,
    t: &Training,
    s: &Searching,
    seed: u64,
) -> Result<Option<Vec<Position>>, AiError> {
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state()?;
    let mut choices = Choices::default();
    let n = game.rules.players.len();
    let mut kept: Vec<(Position, usize, f32)> = Vec::new();
    let mut decisions = 0usize;
    let mut chance = 0usize;
    let table = net.header.policy.max(1);
    let (wins, points) = loop {
        match engine.status(&state)? {
            Status::Over(o) => break result_of(Some(&o), n),
            Status::Chance(_) => {
                chance += 1;
                if chance > t.max_decisions.saturating_mul(16).max(10_000) {
                    return Err(AiError::Runtime(crate::RuntimeError::of_game(
                        crate::engine::RuntimeErrorKind::ChanceWithoutDecision,
                    )));
                }
                engine
                    .resolve_chance(&mut state, &mut rng, None)
                    .map_err(|e| AiError::Runtime(e.into()))?;
            }
            Status::Player(_) => {
                if decisions >= t.max_decisions {
                    return Ok(None);
                }
                decisions += 1;
                engine.legal(&state, &mut choices)?;
                if choices.is_empty() {
                    break result_of(engine.outcome(&state)?.as_ref(), n);
                }
                if choices.len() == 1 {
                    engine.play_choice(&mut state, &choices, 0)?;
                    continue;
                }
                let tree_seed =
                    u64::from(rng.below(u32::MAX)) << 32 | u64::from(rng.below(u32::MAX));
                let mut tree = AzTree::new(&mut engine, net, &state, tree_seed, TREE_MEMORY)?;
                tree.add_noise(NOISE);
                tree.run(&mut engine, net, Some(u64::from(s.simulations)), None, None)?;
                let visits = tree.root_visits();
                let total: u32 = visits.iter().sum();
                let i = if decisions <= s.drawn_decisions && total > 0 {
                    rng.weighted(&visits)
                } else {
                    let most = visits.iter().copied().max().unwrap_or(0);
                    visits.iter().position(|&v| v == most).unwrap_or(0)
                };
                let mut input = Vec::new();
                let viewer = net.encoding().sparse(game, &state, &mut input);
                let mut features = ChoiceFeatures::default();
                features.read(&choices, table);
                let share = |v: u32| v as f32 / total.max(1) as f32;
                let position = Position {
                    input,
                    target: Vec::new(),
                    features,
                    visits: visits.iter().map(|&v| share(v)).collect(),
                };
                kept.push((position, viewer, net.stake_of(game, &state)));
                engine.play_choice(&mut state, &choices, i)?;
            }
        }
    };
    let positions = kept
        .into_iter()
        .map(|(mut p, viewer, stake)| {
            // Points are learnt per unit of the stake where the position stood.
            let mut target = value_targets(&wins, &points, net.header.points_scale * stake);
            to_view(&mut target, n, viewer);
            p.target = target;
            p
        })
        .collect();
    Ok(Some(positions))
}

/// One step of gradient descent on `position`: cross-entropy of each win output and
/// half the squared error of each points output toward the targets, and the
/// cross-entropy of the priors (the policy head's softmax over the position's choices)
/// toward the visits.
fn learn(net: &mut Net, scratch: &mut Scratch, position: &Position, rate: f32) {
    scratch.input.clear();
    scratch.input.extend_from_slice(&position.input);
    net.forward(scratch);
    let h = net.header.hidden;
    let mut back = vec![0.0f32; h];
    // The policy: d loss / d logit of choice c is its prior minus its share of visits.
    let mut logits = Vec::new();
    net.logits(&scratch.hidden, &position.features, &mut logits);
    softmax(&mut logits);
    let deltas: Vec<f32> = logits
        .iter()
        .zip(&position.visits)
        .map(|(p, v)| p - v)
        .collect();
    // The hidden layer's gradient from the old weights, before any is moved.
    for (c, &d) in deltas.iter().enumerate() {
        for &f in position.features.of(c) {
            let row = &net.wp[f as usize * h..(f as usize + 1) * h];
            for (b, w) in back.iter_mut().zip(row) {
                *b += d * w;
            }
        }
    }
    for (c, &d) in deltas.iter().enumerate() {
        for &f in position.features.of(c) {
            let f = f as usize;
            let row = &mut net.wp[f * h..(f + 1) * h];
            for (w, &a) in row.iter_mut().zip(&scratch.hidden) {
                *w -= rate * d * a;
            }
            net.bp[f] -= rate * d;
        }
    }
    descend_value(
        net,
        scratch,
        &position.input,
        &position.target,
        &mut back,
        rate,
    );
}

/// The searcher's score against `random` at self-play's simulations a move (a win 1, a
/// draw ½), seats alternating, the games on `runner`'s threads and added up in their
/// order.
fn probe(
    runner: &crate::runner::Runner,
    game: &Game,
    net: &Net,
    s: &Searching,
    games: u64,
    seed: u64,
) -> Result<f64, AiError> {
    use crate::ai::arena::{play_game, Arena};
    use crate::ai::{Budget, Level};
    let arena = Arena {
        sides: [Level::Az(Budget::Iterations(s.simulations)), Level::Random],
        games,
        seed,
        max_decisions: 2000,
        keep_moves: false,
        nets: [Some(std::sync::Arc::new(net.clone())), None],
    };
    let mut score = 0.0;
    let play = |job: Job| play_game(game, &arena, job.index, None);
    runner.run(&Run::new(0..games).seed(seed), play, |g| {
        score += match g.winner() {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        Ok(())
    })?;
    Ok(score / games.max(1) as f64)
}

/// Trains a network with a policy head for `game` by the searcher's self-play (from
/// `start`, given a policy head if it has none, or from small random weights), calling
/// `progress` after each batch; when it answers `Break`, training stops there.
pub fn train(
    game: &Game,
    t: &Training,
    s: &Searching,
    start: Option<Net>,
    mut progress: impl FnMut(&Report) -> ControlFlow<()>,
) -> Result<Net, AiError> {
    let mut net = crate::ai::train::starting_net(game, t, start)?;
    if !net.has_policy() {
        net = net
            .with_policy(crate::ai::policy::table_size(game), t.seed)
            .map_err(crate::ai::train::network_error)?;
    }
    // `mcts` keeps its random games beside a network taught for the searcher.
    net.header.mcts_leaf = false;
    net.header.mcts_guide = false;
    if let Some(share) = s.rollouts {
        net.header.az_rollouts = share.clamp(0.0, 1.0);
    }
    let runner = crate::ai::train::runner(t.threads)?;
    let started = crate::clock::Instant::now();
    let mut report = Report::default();
    let mut scratch = Scratch::default();
    let first = net.header.games;
    let mut window: VecDeque<Position> = VecDeque::new();
    let mut draws = Rng::new(t.seed ^ 0xa2e5_7e1f_0000_0001);
    let mut done = 0;
    while done < t.games {
        let end = t.games.min(done + BATCH);
        let snapshot = net.clone();
        let rate = t.rate_at(done);
        let batch = Run::new(done..end).seed(t.seed.wrapping_add(first));
        let play = |job: Job| self_play(game, &snapshot, t, s, job.seed);
        let mut added = 0usize;
        runner.run(&batch, play, |positions| {
            match positions {
                Some(p) => {
                    added += p.len();
                    window.extend(p);
                }
                None => report.unfinished += 1,
            }
            Ok(())
        })?;
        while window.len() > s.window.max(1) {
            window.pop_front();
        }
        let steps = added.saturating_mul(s.reuse as usize);
        for _ in 0..steps {
            let k = draws.below(window.len() as u32) as usize;
            learn(&mut net, &mut scratch, &window[k], rate);
        }
        crate::ai::train::check_diverged(&net, end)?;
        let before = done;
        done = end;
        net.header.games = first + done;
        if t.probe_every > 0 && (done / t.probe_every > before / t.probe_every || done == t.games) {
            let score = probe(&runner, game, &net, s, t.probe_games, t.seed ^ 0x9e37)?;
            report.probe = Some((t.probe_games, score));
            report.probe_at = done;
        }
        report.games = done;
        report.seconds = started.elapsed().as_secs_f64();
        if progress(&report).is_break() {
            break;
        }
    }
    Ok(net)
}

#[cfg(test)]
mod tests {
    use super::{learn, Position};
    use crate::ai::net::{Net, Scratch};
    use crate::ai::policy::ChoiceFeatures;

    /// The loss one step of `learn` descends, in f64 from the weights, written out
    /// again here: the value's (cross-entropy of each win output, half the squared
    /// error of each points output) and the policy's cross-entropy.
    fn loss(net: &Net, p: &Position) -> f64 {
        let h = net.header.hidden;
        let n = net.header.players;
        let sig = |x: f64| 1.0 / (1.0 + (-x).exp());
        let hidden: Vec<f64> = (0..h)
            .map(|j| {
                let z = f64::from(net.b1[j])
                    + p.input
                        .iter()
                        .map(|&(i, x)| f64::from(x) * f64::from(net.w1[i as usize * h + j]))
                        .sum::<f64>();
                sig(z)
            })
            .collect();
        let value: f64 = (0..2 * n)
            .map(|o| {
                let z = f64::from(net.b2[o])
                    + (0..h)
                        .map(|j| hidden[j] * f64::from(net.w2[o * h + j]))
                        .sum::<f64>();
                let t = f64::from(p.target[o]);
                if o < n {
                    let y = sig(z);
                    -(t * y.ln() + (1.0 - t) * (1.0 - y).ln())
                } else {
                    0.5 * (z - t) * (z - t)
                }
            })
            .sum();
        let logits: Vec<f64> = (0..p.features.len())
            .map(|c| {
                p.features
                    .of(c)
                    .iter()
                    .map(|&f| {
                        let f = f as usize;
                        f64::from(net.bp[f])
                            + (0..h)
                                .map(|j| hidden[j] * f64::from(net.wp[f * h + j]))
                                .sum::<f64>()
                    })
                    .sum()
            })
            .collect();
        let top = logits.iter().copied().fold(f64::MIN, f64::max);
        let log_sum = logits.iter().map(|z| (z - top).exp()).sum::<f64>().ln() + top;
        let policy: f64 = logits
            .iter()
            .zip(&p.visits)
            .map(|(z, &v)| -f64::from(v) * (z - log_sum))
            .sum();
        value + policy
    }

    #[test]
    fn a_learning_step_moves_every_weight_down_the_gradient_of_value_and_policy() {
        let game = crate::compile(
            &crate::Source::new(
                "t.tabula",
                "game \"t\"\nplayers a, b\nboard { grid 3 x 1 }\npiece p\n\
                 action go \"{to}\" for to in cells where empty(to) { put p of mover at to }\n\
                 phase play { starts a actions go stuck end draw }\n",
            ),
            &[],
        )
        .unwrap();
        let net = Net::new(&game, 3, 1.0, 7)
            .unwrap()
            .with_policy(8, 3)
            .unwrap();
        // Three choices; the first two share feature 5, and feature 2 appears twice in
        // the last (two steps of a turn may share one).
        let features = ChoiceFeatures {
            features: vec![1, 5, 5, 6, 2, 2, 7],
            ends: vec![2, 4, 7],
        };
        let position = Position {
            input: vec![(0, 1.0), (2, 0.5), (4, 1.0)],
            target: vec![1.0, 0.0, 0.75, -0.75],
            features,
            visits: vec![0.5, 0.2, 0.3],
        };
        let rate = 0.01f32;
        let mut after = net.clone();
        learn(&mut after, &mut Scratch::default(), &position, rate);
        let tables = |n: &Net| {
            [
                n.w1.clone(),
                n.b1.clone(),
                n.w2.clone(),
                n.b2.clone(),
                n.wp.clone(),
                n.bp.clone(),
            ]
        };
        let (was, now) = (tables(&net), tables(&after));
        for (t, (a, b)) in was.iter().zip(&now).enumerate() {
            for k in 0..a.len() {
                let step = f64::from(a[k] - b[k]) / f64::from(rate);
                let nudge = |d: f32| {
                    let mut n = net.clone();
                    let table = match t {
                        0 => &mut n.w1,
                        1 => &mut n.b1,
                        2 => &mut n.w2,
                        3 => &mut n.b2,
                        4 => &mut n.wp,
                        _ => &mut n.bp,
                    };
                    table[k] += d;
                    n
                };
                let eps = 1e-3f32;
                let g = (loss(&nudge(eps), &position) - loss(&nudge(-eps), &position))
                    / (2.0 * f64::from(eps));
                assert!(
                    (step - g).abs() < 2e-3 + 2e-2 * g.abs(),
                    "table {t}, entry {k}: the step moved it by {step} times the rate, its gradient is {g}"
                );
            }
        }
        // A feature no choice has moves nothing.
        assert_eq!(was[5][0], now[5][0]);
        assert_ne!(was[5][2], now[5][2]);
    }
}
