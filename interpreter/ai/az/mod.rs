//! The self-taught searcher (`az`, after AlphaZero): a tree search over the engine's
//! choices and chance outcomes in which a network with a policy head does all the
//! judging. Each new position is rated by the network's value outputs (no random game),
//! and its choices get priors from the policy head (`ai::policy`); a decision's next
//! choice to follow is the one with the best PUCT score, its player's mean result plus
//! an exploration bonus in proportion to its prior, which falls with its visits. The
//! network is taught by self-play through this very search (`az::train`): the values
//! toward the games' results, the priors toward the search's visits.

pub mod train;

use super::budget::{ClockKind, Deadline};
use super::net::{Net, Scratch};
use super::policy::{softmax, ChoiceFeatures};
use super::{rewards, stopped, AiError, Budget, Estimate, Thinker};
use crate::engine::rng::Rng;
use crate::{Choices, Engine, Game, State, Status};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const NONE: u32 = u32::MAX;

/// The most chance events in a row one simulation adds to the tree.
const MAX_CHANCE_RUN: usize = 10_000;

/// How many levels below the old root a kept tree is searched for the new position.
const REUSE_DEPTH: usize = 4;

/// PUCT's exploration weight, for results scaled to [-1, 1] by the largest seen:
/// AlphaZero's range of 1 to 2.5, in its lower half (the priors of a small network are
/// rough, and its values not much better, so each visit is trusted a little more than
/// its prior).
pub(crate) const EXPLORATION: f64 = 1.5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Decision(usize),
    Chance,
    Over,
}

#[derive(Debug)]
struct Node {
    state: State,
    kind: Kind,
    choices: Choices,
    children: Vec<u32>,
    /// For a decision, each choice's prior (the policy head's softmax).
    prior: Vec<f32>,
    visits: u32,
    /// The value of a finished game (each player's points, then his wins).
    result: Option<Vec<f64>>,
}

impl Node {
    fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        let c = &self.choices;
        self.state.data.capacity() * size_of::<i32>()
            + c.steps.capacity() * size_of::<crate::Step>()
            + c.ranges.capacity() * size_of::<(u32, u32)>()
            + c.alternatives.capacity() * size_of::<(u32, u32, u32)>()
            + c.weights.capacity() * size_of::<u32>()
            + c.results.capacity() * size_of::<i32>()
            + self.children.capacity() * size_of::<u32>()
            + self.prior.capacity() * size_of::<f32>()
            + self.result.as_ref().map_or(0, Vec::capacity) * size_of::<f64>()
    }
}

/// Noise mixed into the root's priors in self-play, so that it tries what the network
/// does not yet favour (AlphaZero's Dirichlet noise).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RootNoise {
    /// The share of the prior that is noise.
    pub(crate) share: f32,
    /// The Dirichlet concentration times the number of choices (AlphaZero's 0.3 for
    /// chess's 30-odd choices is 10 in these units).
    pub(crate) total: f64,
}

/// One search tree of the searcher.
#[derive(Debug)]
pub(crate) struct AzTree {
    nodes: Vec<Node>,
    /// Each node's sums over the simulations through it: each player's points, then
    /// his wins.
    stats: Vec<f64>,
    players: usize,
    rng: Rng,
    scratch: Scratch,
    features: ChoiceFeatures,
    logits: Vec<f32>,
    /// The choices of a random game's decisions, with `az_rollouts`.
    rollout: Choices,
    path: Vec<u32>,
    value: Vec<f64>,
    /// The largest result seen, in points: PUCT scales results by it.
    scale: f64,
    bytes: usize,
    memory: usize,
    /// Whether the tree has reached its bound (new positions are then rated, not kept).
    full: bool,
    pub(crate) simulations: u64,
    /// The network the tree was searched by (its address): a tree is kept for the next
    /// decision only while the same network judges.
    net_id: usize,
}

impl AzTree {
    /// A tree of `state`, a decision, with the network's priors at its root.
    pub(crate) fn new(
        engine: &mut Engine,
        net: &Net,
        state: &State,
        seed: u64,
        memory: usize,
    ) -> Result<AzTree, AiError> {
        let players = engine.game.rules.players.len();
        let mut tree = AzTree {
            nodes: Vec::new(),
            stats: Vec::new(),
            players,
            rng: Rng::new(seed),
            scratch: Scratch::default(),
            features: ChoiceFeatures::default(),
            logits: Vec::new(),
            rollout: Choices::default(),
            path: Vec::new(),
            value: vec![0.0; 2 * players],
            scale: 1.0,
            bytes: 0,
            memory,
            full: false,
            simulations: 0,
            net_id: net as *const Net as usize,
        };
        let root = tree.make(engine, net, state.clone())?;
        tree.push(root);
        Ok(tree)
    }

    /// The bytes of one slot of the lists of nodes and figures.
    fn slot_bytes(&self) -> usize {
        std::mem::size_of::<Node>() + 2 * self.players * std::mem::size_of::<f64>()
    }

    /// Whether a node of `more` bytes fits, with the lists grown by a slot if they must.
    fn has_room(&self, more: usize) -> bool {
        let growth = if self.nodes.len() == self.nodes.capacity() {
            self.slot_bytes()
        } else {
            0
        };
        self.nodes.len() < NONE as usize - 1 && self.bytes + more + growth <= self.memory
    }

    /// Adds a node, counting its bytes and the lists' growth: full lists double, or grow
    /// by what the bound leaves when doubling would pass it.
    fn push(&mut self, node: Node) -> u32 {
        let (capacity, stats) = (self.nodes.capacity(), self.stats.capacity());
        if self.nodes.len() == capacity {
            let left = self.memory.saturating_sub(self.bytes + node.heap_bytes());
            let slots = capacity.max(4).min(left / self.slot_bytes()).max(1);
            self.nodes.reserve_exact(slots);
            self.stats.reserve_exact(slots * 2 * self.players);
        }
        self.bytes += node.heap_bytes();
        self.nodes.push(node);
        self.stats
            .extend(std::iter::repeat_n(0.0, 2 * self.players));
        self.bytes += (self.nodes.capacity() - capacity) * std::mem::size_of::<Node>()
            + (self.stats.capacity() - stats) * std::mem::size_of::<f64>();
        (self.nodes.len() - 1) as u32
    }

    /// The bytes the tree holds, counted afresh (`bytes` is counted on the way).
    #[cfg(test)]
    fn count_bytes(&self) -> usize {
        self.nodes.iter().map(Node::heap_bytes).sum::<usize>()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.stats.capacity() * std::mem::size_of::<f64>()
    }

    /// A node for `state`, its value in `self.value` when it has one (a decision is
    /// rated by the network, a finished game by its result; a chance event has none:
    /// the simulation goes on through one of its outcomes).
    fn make(&mut self, engine: &mut Engine, net: &Net, state: State) -> Result<Node, AiError> {
        let n = self.players;
        let mut node = Node {
            state,
            kind: Kind::Over,
            choices: Choices::default(),
            children: Vec::new(),
            prior: Vec::new(),
            visits: 0,
            result: None,
        };
        let status = engine.status(&node.state)?;
        match status {
            Status::Over(o) => {
                let (points, wins) = self.value.split_at_mut(n);
                rewards(Some(&o), points, wins);
                node.result = Some(self.value.clone());
                return Ok(node);
            }
            Status::Chance(_) => node.kind = Kind::Chance,
            Status::Player(p) => node.kind = Kind::Decision(p.index()),
        }
        engine.legal(&node.state, &mut node.choices)?;
        if node.choices.is_empty() {
            // No way on, yet not over: a draw, as every search counts it.
            let (points, wins) = self.value.split_at_mut(n);
            rewards(None, points, wins);
            node.kind = Kind::Over;
            node.result = Some(self.value.clone());
            return Ok(node);
        }
        node.children = vec![NONE; node.choices.len()];
        if let Kind::Decision(_) = node.kind {
            self.rate(engine, net, &node.state)?;
            self.features.read(&node.choices, net.header.policy.max(1));
            net.logits(&self.scratch.hidden, &self.features, &mut self.logits);
            softmax(&mut self.logits);
            node.prior = self.logits.clone();
        }
        Ok(node)
    }

    /// The network's value of `state` into `self.value`, blended with a random game's
    /// result from it by the network's `az_rollouts` share.
    fn rate(&mut self, engine: &mut Engine, net: &Net, state: &State) -> Result<(), AiError> {
        let n = self.players;
        net.evaluate(engine.game, state, &mut self.scratch);
        let out = self.scratch.outputs();
        for p in 0..n {
            self.value[p] = f64::from(out[n + p]);
            self.value[n + p] = f64::from(out[p]);
        }
        let share = f64::from(net.header.az_rollouts);
        if share > 0.0 {
            let record = engine.playout_from(
                state.clone(),
                &mut self.rng,
                super::flat::PLAYOUT_LENGTH,
                &mut self.rollout,
            )?;
            let (mut points, mut wins) = (vec![0.0; n], vec![0.0; n]);
            rewards(record.outcome.as_ref(), &mut points, &mut wins);
            for p in 0..n {
                self.value[p] = (1.0 - share) * self.value[p] + share * points[p];
                self.value[n + p] = (1.0 - share) * self.value[n + p] + share * wins[p];
            }
        }
        Ok(())
    }

    /// Mixes Dirichlet noise into the root's priors.
    pub(crate) fn add_noise(&mut self, noise: RootNoise) {
        let k = self.nodes[0].prior.len();
        if k < 2 || noise.share <= 0.0 {
            return;
        }
        let alpha = (noise.total / k as f64).clamp(0.01, 10.0);
        let draws: Vec<f64> = (0..k).map(|_| gamma(&mut self.rng, alpha)).collect();
        let sum: f64 = draws.iter().sum();
        if sum <= 0.0 || !sum.is_finite() {
            return;
        }
        for (p, d) in self.nodes[0].prior.iter_mut().zip(draws) {
            *p = (1.0 - noise.share) * *p + noise.share * (d / sum) as f32;
        }
    }

    /// Player `p`'s mean points over the simulations through node `id`.
    fn mean(&self, id: u32, p: usize) -> f64 {
        self.stats[id as usize * 2 * self.players + p]
            / f64::from(self.nodes[id as usize].visits.max(1))
    }

    /// PUCT: the choice of decision `at` of player `p` to follow.
    fn select(&self, at: u32, p: usize) -> usize {
        let node = &self.nodes[at as usize];
        let sqrt_n = f64::from(node.visits.max(1)).sqrt();
        // A choice not yet visited counts at its parent's mean: it is not thought
        // better than the position as a whole until it is tried.
        let unvisited = if node.visits > 0 {
            self.mean(at, p) / self.scale
        } else {
            0.0
        };
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        for (i, &c) in node.children.iter().enumerate() {
            let (q, n) = if c == NONE {
                (unvisited, 0.0)
            } else {
                let child = &self.nodes[c as usize];
                let q = match &child.result {
                    Some(known) => known[p] / self.scale,
                    None => self.mean(c, p) / self.scale,
                };
                (q, f64::from(child.visits))
            };
            let prior = f64::from(node.prior.get(i).copied().unwrap_or(0.0));
            let score = q + EXPLORATION * prior * sqrt_n / (1.0 + n);
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// One simulation: down the tree to a new position, rated by the network (or a
    /// finished game by its result), the value added on the way back.
    fn simulate(&mut self, engine: &mut Engine, net: &Net) -> Result<(), AiError> {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let mut at = 0u32;
        path.push(at);
        // Chance outcomes met in a row: a rules file whose chance goes on and on without
        // a decision is told so, not searched until memory runs out.
        let mut chance_run = 0usize;
        loop {
            let node = &self.nodes[at as usize];
            if let Some(known) = &node.result {
                self.value.copy_from_slice(known);
                break;
            }
            let i = match node.kind {
                Kind::Decision(p) => self.select(at, p),
                Kind::Chance => self.rng.weighted(&node.choices.weights),
                // A finished node holds its result (above); never reached.
                Kind::Over => break,
            };
            let child = node.children[i];
            if child != NONE {
                at = child;
                path.push(at);
                continue;
            }
            let mut next = node.state.clone();
            engine.play_choice(&mut next, &node.choices, i)?;
            let new = self.make(engine, net, next)?;
            let room = !self.full && self.has_room(new.heap_bytes());
            if !room {
                self.full = true;
                if new.kind == Kind::Chance {
                    // Not kept: rated as it stands.
                    let state = new.state;
                    self.rate(engine, net, &state)?;
                }
                break;
            }
            let chance = new.kind == Kind::Chance;
            chance_run = if chance { chance_run + 1 } else { 0 };
            if chance_run > MAX_CHANCE_RUN {
                return Err(AiError::Runtime(crate::RuntimeError::of_game(
                    crate::engine::RuntimeErrorKind::ChanceWithoutDecision,
                )));
            }
            let id = self.push(new);
            self.nodes[at as usize].children[i] = id;
            path.push(id);
            if !chance {
                break;
            }
            at = id;
        }
        let n = self.players;
        let size = self.value[..n].iter().fold(0.0f64, |a, x| a.max(x.abs()));
        self.scale = self.scale.max(size);
        for &k in &path {
            self.nodes[k as usize].visits += 1;
            let at = k as usize * 2 * n;
            for (s, v) in self.stats[at..at + 2 * n].iter_mut().zip(&self.value) {
                *s += v;
            }
        }
        self.path = path;
        self.simulations += 1;
        Ok(())
    }

    /// Simulations until the budget is spent (or the flag says stop).
    pub(crate) fn run(
        &mut self,
        engine: &mut Engine,
        net: &Net,
        simulations: Option<u64>,
        deadline: Option<&Deadline>,
        stop: Option<&AtomicBool>,
    ) -> Result<(), AiError> {
        let mut done = 0u64;
        loop {
            if simulations.is_some_and(|n| done >= n) {
                return Ok(());
            }
            // The time to give the tree back is the move's too (as `mcts` keeps it).
            let teardown = super::mcts::teardown(self.nodes.len());
            if done > 0 && deadline.is_some_and(|d| d.passed_keeping(teardown)) {
                return Ok(());
            }
            if stopped(stop) {
                return Err(AiError::Interrupted);
            }
            self.simulate(engine, net)?;
            done += 1;
        }
    }

    /// Moves the root to the node of `state`, if the tree holds it within a few
    /// decisions of its root, keeping what lies below it and giving back the rest;
    /// false when it holds no such node.
    fn reroot(&mut self, state: &State, net: &Net) -> bool {
        if self.net_id != net as *const Net as usize {
            return false;
        }
        // Breadth first from the root, a few levels down: the position after the
        // player's move and his opponents' answers (chance in between).
        let mut level = vec![0u32];
        let mut found = None;
        'search: for _ in 0..REUSE_DEPTH {
            let mut next = Vec::new();
            for &id in &level {
                for &c in &self.nodes[id as usize].children {
                    if c == NONE {
                        continue;
                    }
                    let node = &self.nodes[c as usize];
                    if node.state == *state && matches!(node.kind, Kind::Decision(_)) {
                        found = Some(c);
                        break 'search;
                    }
                    next.push(c);
                }
            }
            level = next;
        }
        let Some(root) = found else {
            return false;
        };
        // The nodes under the new root, renumbered in the order they are met.
        let mut old: Vec<Option<Node>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        let old_stats = std::mem::take(&mut self.stats);
        let width = 2 * self.players;
        let mut order = vec![root];
        let mut renumber = vec![NONE; old.len()];
        renumber[root as usize] = 0;
        let mut k = 0;
        while k < order.len() {
            let id = order[k] as usize;
            if let Some(node) = &old[id] {
                for &c in &node.children {
                    if c != NONE && renumber[c as usize] == NONE {
                        renumber[c as usize] = order.len() as u32;
                        order.push(c);
                    }
                }
            }
            k += 1;
        }
        let mut nodes = Vec::with_capacity(order.len());
        let mut stats = Vec::with_capacity(order.len() * width);
        for &id in &order {
            let Some(mut node) = old[id as usize].take() else {
                continue;
            };
            for c in &mut node.children {
                if *c != NONE {
                    *c = renumber[*c as usize];
                }
            }
            nodes.push(node);
            let at = id as usize * width;
            stats.extend_from_slice(&old_stats[at..at + width]);
        }
        self.nodes = nodes;
        self.stats = stats;
        self.bytes = self.nodes.iter().map(Node::heap_bytes).sum::<usize>()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.stats.capacity() * std::mem::size_of::<f64>();
        self.full = self.bytes > self.memory;
        self.simulations = 0;
        true
    }

    /// The visits of each of the root's choices.
    pub(crate) fn root_visits(&self) -> Vec<u32> {
        self.nodes[0]
            .children
            .iter()
            .map(|&c| {
                if c == NONE {
                    0
                } else {
                    self.nodes[c as usize].visits
                }
            })
            .collect()
    }

    /// The estimates of the root's choices for its player.
    fn estimates(&self) -> Vec<Estimate> {
        let root = &self.nodes[0];
        let p = match root.kind {
            Kind::Decision(p) => p,
            _ => 0,
        };
        let n = self.players;
        root.children
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let mut e = Estimate {
                    choice: i,
                    ..Estimate::default()
                };
                if c == NONE {
                    // Never visited: the position's own mean, as PUCT counted it.
                    e.points = self.mean(0, p);
                    e.win = self.stats[n + p] / f64::from(root.visits.max(1));
                    return e;
                }
                let child = &self.nodes[c as usize];
                e.visits = child.visits;
                match &child.result {
                    Some(known) => {
                        e.points = known[p];
                        e.win = known[n + p];
                        e.proven = true;
                    }
                    None => {
                        e.points = self.mean(c, p);
                        e.win =
                            self.stats[c as usize * 2 * n + n + p] / f64::from(child.visits.max(1));
                    }
                }
                e.size = e.points.abs();
                e
            })
            .collect()
    }
}

impl Drop for AzTree {
    fn drop(&mut self) {
        let n = self.nodes.len();
        if n < super::mcts::MEASURED_TREE {
            return;
        }
        let started = crate::clock::Instant::now();
        drop(std::mem::take(&mut self.nodes));
        drop(std::mem::take(&mut self.stats));
        super::mcts::record_teardown(n, started.elapsed());
    }
}

/// A draw from the gamma distribution of shape `alpha` (and scale 1), by Marsaglia and
/// Tsang's method (for a shape below 1, a draw of shape `alpha + 1` times `u^(1/alpha)`),
/// its normal draws by Box and Muller; written out from the seeded generator's numbers
/// rather than taken from a library whose method could change, so that a seed trains
/// the same network in every version.
fn gamma(rng: &mut Rng, alpha: f64) -> f64 {
    let uniform = |rng: &mut Rng| (f64::from(rng.below(1 << 30)) + 0.5) / f64::from(1u32 << 30);
    if alpha < 1.0 {
        let u = uniform(rng);
        return gamma(rng, alpha + 1.0) * u.powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let (u1, u2) = (uniform(rng), uniform(rng));
        let x = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = uniform(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// Searches the decision at `state` within the budget, by the thinker's network; the
/// estimate of each choice. One tree, on one thread; reproducible for a number of
/// simulations and a seed.
pub(super) fn search(
    game: &Game,
    state: &State,
    budget: Budget,
    seed: u64,
    thinker: &mut Thinker,
    stop: Option<&AtomicBool>,
) -> Result<Vec<Estimate>, AiError> {
    let deadline = budget
        .time()
        .map(|(kind, time): (ClockKind, Duration)| Deadline::start(kind, time));
    let net = policy_net(game, thinker)?;
    let mut engine = Engine::new(game);
    // The tree of the last decision, if the game went where it looked.
    let kept = thinker
        .az_tree
        .take()
        .and_then(|mut t| t.reroot(state, &net).then_some(t));
    let mut tree = match kept {
        Some(mut t) => {
            t.rng = Rng::new(seed);
            t.memory = thinker.memory;
            t
        }
        // The old tree is given back before the new one grows.
        None => AzTree::new(&mut engine, &net, state, seed, thinker.memory)?,
    };
    let simulations = match budget {
        Budget::Iterations(n) => Some(u64::from(n)),
        Budget::Time(_) | Budget::Wall(_) => None,
    };
    tree.run(&mut engine, &net, simulations, deadline.as_ref(), stop)?;
    thinker.report = Some(super::mcts::SearchReport {
        iterations: tree.simulations,
        nodes: tree.nodes.len(),
        bytes: tree.bytes,
        memory: thinker.memory,
    });
    let estimates = tree.estimates();
    thinker.az_tree = Some(tree);
    Ok(estimates)
}

/// The thinker's network, if it has a policy head.
fn policy_net(game: &Game, thinker: &Thinker) -> Result<std::sync::Arc<Net>, AiError> {
    match &thinker.net {
        Some(net) if net.has_policy() => Ok(net.clone()),
        _ => Err(AiError::Runtime(crate::RuntimeError::of_game(
            crate::engine::RuntimeErrorKind::NoPolicy {
                game: game.rules.name.clone(),
            },
        ))),
    }
}

#[cfg(test)]
mod tests;
