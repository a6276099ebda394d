//! Self-play training of the network by temporal differences (TD(λ), the method of
//! the first self-taught game programs): the network plays both sides, one choice
//! ahead, with a little exploration; after each game every position it met (each
//! decision and each chance event, since a choice is rated by the state it leads to,
//! which is often one where chance is to come) is moved toward its λ-return, the blend
//! of the network's later estimates and the game's result. Games are played in batches
//! with one copy of the weights and learnt from in the order of their seeds, so a seed
//! gives the same network on any number of threads.

use super::encode::View;
use super::net::{to_board, to_view, Net, Scratch};
use super::{netplay, rewards, AiError, Decision, Level, Thinker};
use crate::engine::rng::Rng;
use crate::runner::{seed_of, Job, Run, Runner};
use crate::{Choices, Engine, Game, State, Status};
use std::ops::ControlFlow;

/// How to train.
#[derive(Debug, Clone)]
pub struct Training {
    /// The games of self-play to learn from.
    pub games: u64,
    /// Hidden units of a new network; from a starting network, more than it has widen
    /// it (`Net::widen`), fewer or as many keep it as it is.
    pub hidden: usize,
    /// The seed of the games and of a new network's weights: the same seed trains the
    /// same network.
    pub seed: u64,
    /// Threads playing games (0: every core); the network does not depend on it.
    pub threads: usize,
    /// TD(λ)'s λ: how far back a result reaches.
    pub lambda: f32,
    /// The learning rate. Each position is one step of gradient descent, and a board
    /// position has tens of entries that are not 0: a rate much above 0.01 makes the
    /// weights swing from batch to batch and the outputs stop depending on the position.
    pub rate: f32,
    /// The rate at the last game, if it falls: from `rate` at the first game,
    /// geometrically, so that late games fine-tune what early ones learnt instead of
    /// moving the weights as far.
    pub final_rate: Option<f32>,
    /// The share of decisions made at random (by the playout weights), to explore.
    pub explore: f32,
    /// How self-play chooses the other moves: `net` (the network being trained, one
    /// choice ahead), `net2`, or a level that knows no network (`mcts:300` with random
    /// playouts), whose moves the network learns to value.
    pub self_play: Level,
    /// A self-play game longer than this many decisions is not learnt from.
    pub max_decisions: usize,
    /// Every this many games, play `probe_games` against `random` (0: never).
    pub probe_every: u64,
    /// The games of each probe against `random`.
    pub probe_games: u64,
    /// How the network sees a state; `None` keeps the starting network's (the board's
    /// for a new one). A network of the other view starts it (`Net::with_view`).
    pub view: Option<View>,
    /// Moving a network of the board's view to the mover's: the player whose positions
    /// it keeps rating as it did (`Net::with_view`).
    pub keep: usize,
    /// Each position's λ-return blends, instead of the network's rating of the next
    /// position met, the position's own value one choice ahead (`netplay::lookahead`):
    /// at chance, the best choice after every outcome averaged by weight, not only after
    /// the outcome the game met. Costs a rating per choice after each outcome.
    pub lookahead: bool,
    /// Train a network with a policy head by the searcher's own self-play (`az`,
    /// `ai::az::train`) instead of by temporal differences; `self_play`, `lambda`,
    /// `explore` and `lookahead` are then not used.
    pub searcher: Option<super::az::train::Searching>,
}

impl Default for Training {
    fn default() -> Training {
        Training {
            games: 10_000,
            hidden: 40,
            seed: 1,
            threads: 0,
            lambda: 0.7,
            rate: 0.002,
            final_rate: None,
            explore: 0.05,
            self_play: Level::Net,
            max_decisions: 2000,
            probe_every: 2000,
            probe_games: 100,
            view: None,
            keep: 0,
            lookahead: false,
            searcher: None,
        }
    }
}

impl Training {
    /// The learning rate after `done` of this run's games.
    pub fn rate_at(&self, done: u64) -> f32 {
        match self.final_rate {
            Some(last) if last > 0.0 && self.rate > 0.0 && self.games > 1 => {
                let share = done as f64 / (self.games - 1) as f64;
                let ratio = f64::from(last) / f64::from(self.rate);
                (f64::from(self.rate) * ratio.powf(share.min(1.0))) as f32
            }
            _ => self.rate,
        }
    }
}

/// Where training stands.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The games of self-play played so far.
    pub games: u64,
    /// Games not learnt from (too long).
    pub unfinished: u64,
    /// The wall-clock seconds since training started.
    pub seconds: f64,
    /// The last probe: games played and the network's score against `random`.
    pub probe: Option<(u64, f64)>,
    /// The games played when the last probe was made.
    pub probe_at: u64,
}

/// Games played with one copy of the weights.
pub const BATCH: u64 = 16;

/// The largest points target, in units of the points scale.
const MAX_TARGET: f32 = 4.0;

/// The points scale of a new network: the largest result of a few random games.
fn points_scale(game: &Game, seed: u64) -> Result<f32, AiError> {
    let mut engine = Engine::new(game);
    let mut choices = Choices::default();
    let mut largest = 1i32;
    for i in 0..64 {
        let mut rng = Rng::new(seed.wrapping_add(i));
        let r = engine.playout(&mut rng, 2000, &mut choices)?;
        if let Some(o) = r.outcome {
            largest = largest.max(o.points.abs());
        }
    }
    Ok(largest as f32)
}

/// One self-play game's positions and the targets to learn.
struct Lesson {
    inputs: Vec<Vec<(u32, f32)>>,
    targets: Vec<Vec<f32>>,
}

/// Plays one game with `net` and works out the λ-returns of its positions; `None`
/// when it ran past the decision limit.
fn self_play(game: &Game, net: &Net, t: &Training, seed: u64) -> Result<Option<Lesson>, AiError> {
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state()?;
    let mut choices = Choices::default();
    let mut scratch = Scratch::default();
    let mut inputs = Vec::new();
    // Whose view each position was read from (the first player's in the board's view).
    let mut viewers: Vec<usize> = Vec::new();
    // The stake at each position learnt: its targets are per unit of it.
    let mut stakes: Vec<f32> = Vec::new();
    let mut decisions = 0;
    let n = game.rules.players.len();
    // With `lookahead`, each position's value one choice ahead, as `value` gives it.
    let mut looks: Vec<Vec<f32>> = Vec::new();
    let mut look_scratch = Scratch::default();
    let mut look = |engine: &mut Engine, state: &State| -> Result<(), AiError> {
        if !t.lookahead {
            return Ok(());
        }
        let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
        netplay::lookahead(net, engine, state, &mut look_scratch, &mut w, &mut p)?;
        let scale = net.header.points_scale * net.stake_of(game, state);
        looks.push(value_targets(&w, &p, scale));
        Ok(())
    };
    let explore = (t.explore.clamp(0.0, 1.0) * 1_000_000.0) as u32;
    // A searching level keeps its tree from one decision to the next, as in a game.
    let mut thinker = match t.self_play {
        Level::Net => None,
        Level::Net2(_) | Level::Net3(_) => {
            Some(Thinker::with_net(1, Some(std::sync::Arc::new(net.clone()))))
        }
        _ => Some(Thinker::new(1)),
    };
    let (wins, points) = loop {
        match engine.status(&state)? {
            Status::Over(o) => break result_of(Some(&o), n),
            Status::Chance(_) => {
                // Chance states are learnt too: self-play rates a choice by the state it
                // leads to, which is often one where chance is to come.
                let mut input = Vec::new();
                viewers.push(net.encoding().sparse(game, &state, &mut input));
                inputs.push(input);
                stakes.push(net.stake_of(game, &state));
                look(&mut engine, &state)?;
                engine
                    .resolve_chance(&mut state, &mut rng, None)
                    .map_err(|e| AiError::Runtime(e.into()))?;
            }
            Status::Player(p) => {
                if decisions >= t.max_decisions {
                    return Ok(None);
                }
                decisions += 1;
                engine.legal(&state, &mut choices)?;
                if choices.is_empty() {
                    break result_of(engine.outcome(&state)?.as_ref(), n);
                }
                let mut input = Vec::new();
                viewers.push(net.encoding().sparse(game, &state, &mut input));
                inputs.push(input);
                stakes.push(net.stake_of(game, &state));
                look(&mut engine, &state)?;
                let i = if choices.len() == 1 {
                    0
                } else if rng.below(1_000_000) < explore {
                    rng.weighted(&choices.weights)
                } else if let Some(thinker) = thinker.as_mut() {
                    let d = Decision {
                        engine: &mut engine,
                        state: &state,
                        choices: &choices,
                        player: p,
                    };
                    super::choose(d, t.self_play, &mut rng, thinker, None)?
                } else {
                    // Self-play makes offers with the sampling levels' margin: the
                    // shipped networks learnt so, and without it a network learnt its
                    // offers no better (docs/ai.md, "Rare decisions").
                    let est = netplay::estimates(
                        net,
                        &mut engine,
                        &state,
                        &choices,
                        p.index(),
                        &mut scratch,
                        None,
                    )?;
                    super::pick(game, &state, &choices, &est, super::RARE_MARGIN, &mut rng)
                };
                engine.play_choice(&mut state, &choices, i)?;
            }
        }
    };
    // Points are learnt per unit of the stake where the position stood (1 in a game
    // without one), so the result is taken per unit of the last position's stake.
    let scale = net.header.points_scale * stakes.last().copied().unwrap_or(1.0);
    let last = value_targets(&wins, &points, scale);
    // Returns are worked out in the players' order and learnt in each position's view.
    let mut targets = lambda_returns(last, &stakes, n, t.lambda, |k| {
        if let Some(before) = looks.get(k - 1) {
            // Position k − 1's own value, in units of position k's stake as the
            // network's rating of k would be.
            let ratio = stakes[k - 1] / stakes[k];
            let mut v = before.clone();
            v[n..].iter_mut().for_each(|x| *x *= ratio);
            return v;
        }
        scratch.input.clone_from(&inputs[k]);
        net.forward(&mut scratch);
        to_board(&mut scratch.out, n, viewers[k]);
        scratch.out.clone()
    });
    for (target, &viewer) in targets.iter_mut().zip(&viewers) {
        to_view(target, n, viewer);
    }
    Ok(Some(Lesson { inputs, targets }))
}

/// Win chances and points as a network learns them: points in units of `scale`. A
/// result far beyond the usual (a stake raised many times) is learnt as a large one,
/// not as itself: one such game must not throw the weights off.
pub(crate) fn value_targets(wins: &[f64], points: &[f64], scale: f32) -> Vec<f32> {
    wins.iter()
        .map(|&w| w as f32)
        .chain(
            points
                .iter()
                .map(|&p| (p as f32 / scale).clamp(-MAX_TARGET, MAX_TARGET)),
        )
        .collect()
}

/// The targets of a game's positions, from the end: G(T − 1) = `last` (the result),
/// G(k − 1) = (1 − λ) V(k) + λ G(k), with V(k) = `value(k)`, the network's outputs at
/// position k. Points (the outputs from `players` on) are per unit of the stake where
/// each position stood: carried from position k to k − 1 they are converted from the
/// one stake to the other (a doubled stake doubles them).
fn lambda_returns(
    last: Vec<f32>,
    stakes: &[f32],
    players: usize,
    lambda: f32,
    mut value: impl FnMut(usize) -> Vec<f32>,
) -> Vec<Vec<f32>> {
    let mut targets = vec![Vec::new(); stakes.len()];
    let mut g = last;
    for k in (0..stakes.len()).rev() {
        targets[k] = g.clone();
        if k > 0 {
            let v = value(k);
            let ratio = stakes[k] / stakes[k - 1];
            for (o, (gi, &v)) in g.iter_mut().zip(&v).enumerate() {
                *gi = (1.0 - lambda) * v + lambda * *gi;
                if o >= players && ratio != 1.0 {
                    *gi = (*gi * ratio).clamp(-MAX_TARGET, MAX_TARGET);
                }
            }
        }
    }
    targets
}

/// One step of gradient descent toward `target` (cross-entropy for the win outputs,
/// squared error for the points).
fn learn(net: &mut Net, scratch: &mut Scratch, input: &[(u32, f32)], target: &[f32], rate: f32) {
    scratch.input.clear();
    scratch.input.extend_from_slice(input);
    net.forward(scratch);
    let mut back = vec![0.0f32; net.header.hidden];
    descend_value(net, scratch, input, target, &mut back, rate);
}

/// After a forward pass over `input`, one step of the value outputs toward `target`
/// and, through the hidden layer, of the first layer; `back` holds what another head
/// (the searcher's policy) adds to the hidden layer's gradient, from its weights
/// before they moved.
pub(crate) fn descend_value(
    net: &mut Net,
    scratch: &Scratch,
    input: &[(u32, f32)],
    target: &[f32],
    back: &mut [f32],
    rate: f32,
) {
    let h = net.header.hidden;
    for (o, &y) in scratch.out.iter().enumerate() {
        let d = y - target[o];
        let row = &mut net.w2[o * h..(o + 1) * h];
        for ((b, w), &a) in back.iter_mut().zip(row.iter_mut()).zip(&scratch.hidden) {
            *b += d * *w;
            *w -= rate * d * a;
        }
        net.b2[o] -= rate * d;
    }
    for ((b, bias), &a) in back.iter_mut().zip(net.b1.iter_mut()).zip(&scratch.hidden) {
        *b *= a * (1.0 - a);
        *bias -= rate * *b;
    }
    for &(i, x) in input {
        let row = &mut net.w1[i as usize * h..(i as usize + 1) * h];
        for (w, &b) in row.iter_mut().zip(back.iter()) {
            *w -= rate * b * x;
        }
    }
}

/// Each player's wins and points of a game's result (`None`: unfinished, a draw).
pub(crate) fn result_of(outcome: Option<&crate::Outcome>, players: usize) -> (Vec<f64>, Vec<f64>) {
    let (mut points, mut wins) = (vec![0.0; players], vec![0.0; players]);
    rewards(outcome, &mut points, &mut wins);
    (wins, points)
}

/// The network's score against `random` (a win 1, a draw ½), one choice ahead,
/// seats alternating.
pub fn probe(game: &Game, net: &Net, games: u64, seed: u64) -> Result<f64, AiError> {
    let mut score = 0.0;
    for g in 0..games {
        score += probe_game(game, net, g, seed_of(seed, g))?;
    }
    Ok(score / games.max(1) as f64)
}

/// As `probe`, the games played on `runner`'s threads (and added up in their order, so
/// the score does not depend on the threads).
pub fn probe_on(
    runner: &Runner,
    game: &Game,
    net: &Net,
    games: u64,
    seed: u64,
) -> Result<f64, AiError> {
    let mut score = 0.0;
    let play = |job: Job| probe_game(game, net, job.index, job.seed);
    runner.run(&Run::new(0..games).seed(seed), play, |s| {
        score += s;
        Ok(())
    })?;
    Ok(score / games.max(1) as f64)
}

/// The network's score in probe game `g`, played from `seed`.
fn probe_game(game: &Game, net: &Net, g: u64, seed: u64) -> Result<f64, AiError> {
    let mut scratch = Scratch::default();
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state()?;
    let mut choices = Choices::default();
    let seat = (g % game.rules.players.len() as u64) as usize;
    let mut decisions = 0;
    let winner = loop {
        match engine.status(&state)? {
            Status::Over(o) => break o.winner,
            Status::Chance(_) => {
                if engine.resolve_chance(&mut state, &mut rng, None).is_err() {
                    break None;
                }
            }
            Status::Player(p) => {
                engine.legal(&state, &mut choices)?;
                if choices.is_empty() || decisions > 5000 {
                    break engine.outcome(&state)?.and_then(|o| o.winner);
                }
                let i = if p.index() == seat {
                    netplay::best(net, &mut engine, &state, &choices, p.index(), &mut scratch)?
                } else {
                    rng.weighted(&choices.weights)
                };
                engine.play_choice(&mut state, &choices, i)?;
                decisions += 1;
            }
        }
    };
    Ok(match winner {
        Some(w) if w.index() == seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

/// A network that cannot be made for the game, as the error of a training run.
pub(crate) fn network_error(e: super::net::NetError) -> AiError {
    AiError::Runtime(crate::RuntimeError::of_game(
        crate::engine::RuntimeErrorKind::Network(Box::new(e)),
    ))
}

/// The network training starts from: `start` (learning per unit of the game's stake,
/// if it has one), else small random weights; widened to `t.hidden` and moved to
/// `t.view` where they ask for it.
pub(crate) fn starting_net(game: &Game, t: &Training, start: Option<Net>) -> Result<Net, AiError> {
    let mut net = match start {
        // A network trained further learns per unit of the game's stake, if it has one.
        Some(n) => n.with_stake(game),
        None => {
            Net::new(game, t.hidden, points_scale(game, t.seed)?, t.seed).map_err(network_error)?
        }
    };
    if t.hidden > net.header.hidden {
        net = net.widen(t.hidden, t.seed).map_err(network_error)?;
    }
    if let Some(view) = t.view.filter(|&v| v != net.header.view) {
        net = net.with_view(game, view, t.keep);
    }
    Ok(net)
}

/// The threads self-play's games are played on.
pub(crate) fn runner(threads: usize) -> Result<Runner, AiError> {
    Runner::new(threads).map_err(|e| {
        AiError::Runtime(crate::RuntimeError::of_game(
            crate::engine::RuntimeErrorKind::Threads {
                threads: e.threads,
                reason: e.reason,
            },
        ))
    })
}

/// An error when a weight is no longer a number, or past what a network file may hold
/// (its file would be refused): training diverged by game `games`.
pub(crate) fn check_diverged(net: &Net, games: u64) -> Result<(), AiError> {
    let diverged = |w: &f32| !w.is_finite() || w.abs() > super::net::MAX_WEIGHT;
    if net
        .w1
        .iter()
        .chain(&net.b1)
        .chain(&net.w2)
        .chain(&net.b2)
        .chain(&net.wp)
        .chain(&net.bp)
        .any(diverged)
    {
        return Err(AiError::Runtime(crate::RuntimeError::of_game(
            crate::engine::RuntimeErrorKind::Diverged { games },
        )));
    }
    Ok(())
}

/// Trains a network for `game` (from `start`, or from small random weights), calling
/// `progress` after each batch; when it answers `Break`, training stops there and the
/// network trained so far is returned (its header counts the games it learnt from).
pub fn train(
    game: &Game,
    t: &Training,
    start: Option<Net>,
    mut progress: impl FnMut(&Report) -> ControlFlow<()>,
) -> Result<Net, AiError> {
    if let Some(s) = &t.searcher {
        return super::az::train::train(game, t, s, start, progress);
    }
    let mut net = starting_net(game, t, start)?;
    let runner = runner(t.threads)?;
    let started = crate::clock::Instant::now();
    let mut report = Report::default();
    let mut scratch = Scratch::default();
    let first = net.header.games;
    let mut done = 0;
    while done < t.games {
        let end = t.games.min(done + BATCH);
        let snapshot = net.clone();
        let rate = t.rate_at(done);
        // Game i of the run is played from seed + i, counting the games the starting
        // network learnt from.
        let batch = Run::new(done..end).seed(t.seed.wrapping_add(first));
        let play = |job: Job| self_play(game, &snapshot, t, job.seed);
        runner.run(&batch, play, |lesson| {
            match lesson {
                Some(l) => {
                    for (x, y) in l.inputs.iter().zip(&l.targets) {
                        learn(&mut net, &mut scratch, x, y, rate);
                    }
                }
                None => report.unfinished += 1,
            }
            Ok(())
        })?;
        check_diverged(&net, end)?;
        let before = done;
        done = end;
        net.header.games = first + done;
        if t.probe_every > 0 && (done / t.probe_every > before / t.probe_every || done == t.games) {
            let score = probe_on(&runner, game, &net, t.probe_games, t.seed ^ 0x9e37)?;
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
    use super::{lambda_returns, learn};
    use crate::ai::net::{Net, Scratch};

    /// The loss one step of `learn` descends: cross-entropy of each win output,
    /// half the squared error of each points output, in f64 from the network's
    /// weights (written out again here rather than through `Net::forward`).
    fn loss(net: &Net, input: &[(u32, f32)], target: &[f32]) -> f64 {
        let h = net.header.hidden;
        let n = net.header.players;
        let sig = |x: f64| 1.0 / (1.0 + (-x).exp());
        let hidden: Vec<f64> = (0..h)
            .map(|j| {
                let z = f64::from(net.b1[j])
                    + input
                        .iter()
                        .map(|&(i, x)| f64::from(x) * f64::from(net.w1[i as usize * h + j]))
                        .sum::<f64>();
                sig(z)
            })
            .collect();
        (0..2 * n)
            .map(|o| {
                let z = f64::from(net.b2[o])
                    + (0..h)
                        .map(|j| hidden[j] * f64::from(net.w2[o * h + j]))
                        .sum::<f64>();
                let t = f64::from(target[o]);
                if o < n {
                    let y = sig(z);
                    -(t * y.ln() + (1.0 - t) * (1.0 - y).ln())
                } else {
                    0.5 * (z - t) * (z - t)
                }
            })
            .sum()
    }

    #[test]
    fn a_learning_step_moves_every_weight_and_bias_down_its_gradient() {
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
        let net = Net::new(&game, 3, 1.0, 7).unwrap();
        let input = [(0u32, 1.0f32), (2, 0.5), (4, 1.0)];
        let target = [1.0f32, 0.0, 0.75, -0.75];
        // A step of rate r changes each parameter by -r times its gradient.
        let rate = 0.01f32;
        let mut after = net.clone();
        learn(&mut after, &mut Scratch::default(), &input, &target, rate);
        let tables = |n: &Net| [n.w1.clone(), n.b1.clone(), n.w2.clone(), n.b2.clone()];
        let (was, now) = (tables(&net), tables(&after));
        for (t, (a, b)) in was.iter().zip(&now).enumerate() {
            for k in 0..a.len() {
                let step = f64::from(a[k] - b[k]) / f64::from(rate);
                // The gradient by central differences of the loss.
                let mut plus = net.clone();
                let mut minus = net.clone();
                let eps = 1e-3f32;
                let nudge = |n: &mut Net, d: f32| {
                    let table = match t {
                        0 => &mut n.w1,
                        1 => &mut n.b1,
                        2 => &mut n.w2,
                        _ => &mut n.b2,
                    };
                    table[k] += d;
                };
                nudge(&mut plus, eps);
                nudge(&mut minus, -eps);
                let g = (loss(&plus, &input, &target) - loss(&minus, &input, &target))
                    / (2.0 * f64::from(eps));
                assert!(
                    (step - g).abs() < 1e-3 + 1e-2 * g.abs(),
                    "table {t}, entry {k}: the step moved it by {step} times the rate, its gradient is {g}"
                );
            }
        }
        // The inputs not given move nothing; the hidden biases do move.
        assert!(was[1].iter().zip(&now[1]).any(|(a, b)| a != b));
    }

    fn close(a: &[f32], b: &[f32]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-6)
    }

    #[test]
    fn returns_carried_across_a_raised_stake_are_converted() {
        // Two players; three positions, the stake doubled between the second and the
        // third; the result is a win for the first player worth one point at the third
        // position's stake of 2 (2 points in all): per unit 0.5 for him, -0.5 for the other.
        let last = vec![1.0, 0.0, 0.5, -0.5];
        let stakes = [1.0, 1.0, 2.0];
        let values = [
            vec![0.0; 4],
            vec![0.5, 0.5, 0.25, -0.25],
            vec![0.8, 0.2, 0.4, -0.4],
        ];
        let g = lambda_returns(last.clone(), &stakes, 2, 0.5, |k| values[k].clone());
        assert_eq!(g[2], last);
        // (1 − λ) V(2) + λ G(2) = [0.9, 0.1, 0.45, -0.45]; the points, per unit of the
        // stake 2, are 0.9 and -0.9 per unit of the stake 1.
        assert!(close(&g[1], &[0.9, 0.1, 0.9, -0.9]), "{:?}", g[1]);
        // No change of stake: (1 − λ) V(1) + λ G(1).
        assert!(close(&g[0], &[0.7, 0.3, 0.575, -0.575]), "{:?}", g[0]);
    }

    #[test]
    fn without_a_stake_returns_are_plain_lambda_returns() {
        let g = lambda_returns(vec![1.0, 0.0, 1.0, -1.0], &[1.0, 1.0], 2, 0.7, |_| {
            vec![0.5, 0.5, 0.0, 0.0]
        });
        assert!(close(&g[0], &[0.85, 0.15, 0.7, -0.7]), "{:?}", g[0]);
    }
}
