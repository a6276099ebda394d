//! Monte Carlo tree search (UCT) over the engine's choices, whole turns included, and
//! its chance outcomes. Each iteration walks down the tree (a player's choice by UCT
//! on his own results, a chance outcome drawn by its weight), adds one node, plays a
//! random game from it (by the actions' playout weights) and adds the result, for
//! every player, to each node on the way; each decision on the way also learns which
//! of its choices its player made later in the game, and blends those figures with
//! each choice's own while it has few visits (RAVE). A network may rate the new nodes in place of
//! the random games, or guide a search that keeps them: the choices tried in the order
//! it rates them, and a bias toward its best in UCT that fades with the visits.
//! Several trees are searched side by side, one per thread, and their root figures
//! added up; a tree is kept for the next decision and reused when the game went where
//! it expected.

mod node;
mod rave;
mod reuse;
pub(crate) use reuse::{record_teardown, teardown, MEASURED as MEASURED_TREE};
mod solver;
mod steps;

use super::budget::{ClockKind, Deadline};
use super::net::Net;
use super::{rewards, stopped, AiError, Budget, Estimate, Thinker};
use crate::engine::rng::Rng;
use crate::{Choices, Engine, Game, State, Status};
use node::{Kind, Node};
use solver::reward_of;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use steps::StepTable;

const NONE: u32 = u32::MAX;
/// UCT's exploration constant, for results scaled to [-1, 1] by the largest result
/// seen.
const EXPLORATION: f64 = 1.0;
/// UCT's exploration constant when each choice's mean is placed between its siblings'
/// lowest and highest, 0 to 1: a range half as wide as [-1, 1], so the same weight.
const RELATIVE_EXPLORATION: f64 = 0.5;
/// The weight of a guiding network's rating in UCT (progressive bias): a choice's
/// rating, 0 to 1 among its siblings, over its visits plus one.
const PRIOR_WEIGHT: f64 = 1.0;

/// One search tree, kept between decisions.
#[derive(Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    root: u32,
    rng: Rng,
    /// The largest result seen so far, in points: UCT scales results by it.
    scale: f64,
    /// Whether a network rates the new nodes: UCT then weighs each choice's mean
    /// against its siblings' (`select`).
    relative: bool,
    players: usize,
    scratch: Choices,
    path: Vec<u32>,
    /// Scratch space of the network, when positions are rated by one.
    rating: super::net::Scratch,
    /// Each node's figures, one after the other: the sums over the games through it
    /// of each player's points, then of each player's wins.
    stats: Vec<f64>,
    /// The bytes the nodes hold (`Node::heap_bytes`, and the lists of nodes and
    /// figures).
    bytes: usize,
    /// The most bytes the nodes may hold: once the next node would pass it, the tree
    /// stops growing and the search goes on in the tree as it is, each iteration's
    /// random game starting where the tree ends.
    memory: usize,
    /// Whether the tree has reached its bound.
    full: bool,
    /// Iterations of the last search.
    iterations: u64,
    /// How many trees the search grows side by side (each of them given back, one
    /// after the other, when the search is done).
    trees_searched: usize,
    /// The value of the game an iteration played (a `Reward`).
    reward: Vec<f64>,
    /// The most points a player can win, when the end rules say (every result worth a
    /// fixed number): a decision with a proven choice worth that much to its player is
    /// proven too. None when results are worth what the game makes them.
    best: Option<f64>,
    /// Whether the search learns all-moves-as-first figures from its random games
    /// (`rave`): not when a network rates or guides it.
    learn: bool,
    /// The choices numbered by what they are.
    steps: StepTable,
    /// The choices an iteration's game made, each with its player, in order.
    made: Vec<(u32, u32)>,
    /// For each node on the iteration's path, how many choices were made before it.
    made_before: Vec<u32>,
    /// The games the figures were learnt from, and those of them in which a player
    /// made the same choice twice (`rave_fits`).
    games_learnt: u64,
    games_repeating: u64,
}

/// What a search used: its iterations, and the nodes and bytes of its trees once it
/// was done (the trees are kept for the next decision).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchReport {
    /// The iterations of the search, all threads together.
    pub iterations: u64,
    /// The nodes of the trees, all threads together.
    pub nodes: usize,
    /// The bytes the trees hold, all threads together.
    pub bytes: usize,
    /// The bound the trees were kept within.
    pub memory: usize,
}

impl Tree {
    fn new(state: &State, players: usize, seed: u64, memory: usize) -> Tree {
        let mut tree = Tree {
            nodes: vec![Node::new(state.clone())],
            stats: vec![0.0; 2 * players],
            root: 0,
            rng: Rng::new(seed),
            scale: 1.0,
            relative: false,
            players,
            scratch: Choices::default(),
            path: Vec::new(),
            rating: super::net::Scratch::default(),
            bytes: 0,
            memory,
            full: false,
            iterations: 0,
            trees_searched: 1,
            reward: vec![0.0; 2 * players + 1],
            best: None,
            learn: false,
            steps: StepTable::new(players),
            made: Vec::new(),
            made_before: Vec::new(),
            games_learnt: 0,
            games_repeating: 0,
        };
        tree.bytes = tree.count_bytes();
        tree
    }

    /// The bytes of one slot of the lists of nodes and figures.
    fn slot_bytes(&self) -> usize {
        std::mem::size_of::<Node>() + 2 * self.players * std::mem::size_of::<f64>()
    }

    /// Whether `more` bytes fit: with the lists grown by one slot, if they must grow.
    fn has_room(&self, more: usize) -> bool {
        let growth = if self.nodes.len() == self.nodes.capacity() {
            self.slot_bytes()
        } else {
            0
        };
        self.nodes.len() < NONE as usize - 1 && self.bytes + more + growth <= self.memory
    }

    /// Adds a node, counting its bytes (and the lists' growth, if they grow). Full
    /// lists double, or grow by what the bound leaves when doubling would pass it.
    fn push(&mut self, node: Node) -> u32 {
        let id = self.nodes.len() as u32;
        let (capacity, stats) = (self.nodes.capacity(), self.stats.capacity());
        if self.nodes.len() == self.nodes.capacity() {
            let left = self.memory.saturating_sub(self.bytes + node.heap_bytes());
            let slots = self
                .nodes
                .capacity()
                .max(4)
                .min(left / self.slot_bytes())
                .max(1);
            self.nodes.reserve_exact(slots);
            self.stats.reserve_exact(slots * 2 * self.players);
        }
        self.bytes += node.heap_bytes();
        self.nodes.push(node);
        self.stats
            .extend(std::iter::repeat_n(0.0, 2 * self.players));
        self.bytes += (self.nodes.capacity() - capacity) * std::mem::size_of::<Node>()
            + (self.stats.capacity() - stats) * std::mem::size_of::<f64>();
        id
    }

    /// Figure `k` of node `id`: a player's points (`k` below the number of players)
    /// or, after them, a player's wins, summed over the games through it.
    fn stat(&self, id: u32, k: usize) -> f64 {
        self.stats[id as usize * 2 * self.players + k]
    }

    /// Player `p`'s mean points over the games through node `id`.
    fn mean(&self, id: u32, p: usize) -> f64 {
        self.stat(id, p) / f64::from(self.nodes[id as usize].visits.max(1))
    }

    /// Lists a node's choices (or its result) on its second visit; with a guide, rates
    /// a decision's choices by it.
    fn list(&mut self, engine: &mut Engine, at: u32, guide: Option<&Net>) -> Result<(), AiError> {
        let before = self.nodes[at as usize].heap_bytes();
        self.list_choices(engine, at, guide)?;
        let after = self.nodes[at as usize].heap_bytes();
        self.bytes = (self.bytes + after).saturating_sub(before);
        if at != self.root && !self.has_room(0) {
            // Past the bound: the node stays a leaf, and the tree grows no more.
            let node = &mut self.nodes[at as usize];
            node.kind = Kind::Unlisted;
            node.choices = Choices::default();
            node.children = Vec::new();
            node.unexpanded = 0;
            node.result = None;
            node.prior = Vec::new();
            node.learnt = Vec::new();
            let now = node.heap_bytes();
            self.bytes = (self.bytes + now).saturating_sub(after);
            self.full = true;
        }
        Ok(())
    }

    fn list_choices(
        &mut self,
        engine: &mut Engine,
        at: u32,
        guide: Option<&Net>,
    ) -> Result<(), AiError> {
        let node = &mut self.nodes[at as usize];
        let mut choices = std::mem::take(&mut node.choices);
        let kind = match engine.status(&node.state)? {
            Status::Over(o) => {
                node.result = Some(reward_of(Some(&o), self.players));
                Kind::Over
            }
            Status::Chance(_) => {
                engine.legal(&node.state, &mut choices)?;
                Kind::Chance
            }
            Status::Player(p) => {
                engine.legal(&node.state, &mut choices)?;
                Kind::Decision(p.index())
            }
        };
        let kind = if kind != Kind::Over && choices.is_empty() {
            // No way on, yet not over: counted as a draw.
            node.result = Some(reward_of(None, self.players));
            Kind::Over
        } else {
            kind
        };
        node.kind = kind;
        node.children = vec![NONE; choices.len()];
        node.unexpanded = choices.len();
        if self.learn && matches!(kind, Kind::Decision(_)) {
            node.learnt = (0..choices.len())
                .map(|i| node::Learnt::new(self.steps.key(&choices[i])))
                .collect();
        }
        node.choices = choices;
        if let (Some(net), Kind::Decision(p)) = (guide, kind) {
            self.guide(engine, at, net, p)?;
        }
        Ok(())
    }

    /// Each choice of decision `at` rated by the network for player `p`, one choice
    /// ahead, placed between the lowest and the highest.
    fn guide(&mut self, engine: &mut Engine, at: u32, net: &Net, p: usize) -> Result<(), AiError> {
        let node = &self.nodes[at as usize];
        if node.choices.len() < 2 {
            return Ok(());
        }
        let (mut w, mut pts) = (vec![0.0; self.players], vec![0.0; self.players]);
        let mut prior = Vec::with_capacity(node.choices.len());
        for i in 0..node.choices.len() {
            let mut next = node.state.clone();
            engine.play_choice(&mut next, &node.choices, i)?;
            super::netplay::rate(net, engine, &next, &mut self.rating, &mut w, &mut pts, 0)?;
            prior.push(pts[p]);
        }
        let (lo, hi) = prior
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        let width = (hi - lo).max(1e-9);
        for x in &mut prior {
            *x = (*x - lo) / width;
        }
        self.nodes[at as usize].prior = prior;
        Ok(())
    }

    /// The child to go down to from a decision of player `p`: a choice not yet tried
    /// (ordinary ones by their playout weights before those playouts never make), else
    /// the best by UCT.
    fn select(&mut self, at: u32, p: usize) -> usize {
        let node = &self.nodes[at as usize];
        if !node.learnt.is_empty() && self.rave_fits() {
            return self.select_rave(at, p);
        }
        if node.unexpanded > 0 && !node.prior.is_empty() {
            // Guided: the untried choice the network rates best, ordinary ones first.
            let weights = &node.choices.weights;
            let ordinary = |i: usize| weights.get(i).copied().unwrap_or(0) > 0;
            let open = |i: &usize| node.children[*i] == NONE;
            let any_ordinary = (0..node.children.len()).filter(open).any(ordinary);
            let mut best = None;
            for i in (0..node.children.len())
                .filter(open)
                .filter(|&i| !any_ordinary || ordinary(i))
            {
                if best.is_none_or(|b: usize| node.prior[i] > node.prior[b]) {
                    best = Some(i);
                }
            }
            if let Some(i) = best {
                return i;
            }
        }
        if node.unexpanded > 0 {
            let weights = &node.choices.weights;
            let open = |i: &usize| node.children[*i] == NONE;
            let total: u64 = (0..node.children.len())
                .filter(open)
                .map(|i| u64::from(weights.get(i).copied().unwrap_or(0)))
                .sum();
            if total > 0 && total <= u64::from(u32::MAX) {
                let mut r = u64::from(self.rng.below(total as u32));
                for i in (0..node.children.len()).filter(open) {
                    let w = u64::from(weights.get(i).copied().unwrap_or(0));
                    if r < w {
                        return i;
                    }
                    r -= w;
                }
            }
            // All untried choices weigh the same (or nothing): one of them at random.
            let k = self.rng.below(node.unexpanded as u32) as usize;
            if let Some(i) = (0..node.children.len()).filter(open).nth(k) {
                return i;
            }
        }
        let log_n = f64::from(node.visits.max(1)).ln();
        let mean = |c: u32| self.mean(c, p);
        // Results scaled to [-1, 1] by the largest seen; or, with a network's ratings,
        // each choice's mean placed between its siblings' lowest and highest (0 to 1).
        let (low, width, exploration) = if self.relative {
            let (lo, hi) = node
                .children
                .iter()
                .fold((f64::MAX, f64::MIN), |(lo, hi), &c| {
                    let m = mean(c);
                    (lo.min(m), hi.max(m))
                });
            (lo, (hi - lo).max(1e-9), RELATIVE_EXPLORATION)
        } else {
            (0.0, self.scale, EXPLORATION)
        };
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        for (i, &c) in node.children.iter().enumerate() {
            let child = &self.nodes[c as usize];
            let n = f64::from(child.visits.max(1));
            let score = match &child.result {
                // A proven value is certain: it needs no exploring, and a proven loss
                // is taken only when every other choice looks as bad.
                Some(known) => (known[p] - low) / width,
                None => {
                    let q = (mean(c) - low) / width;
                    let bias = node
                        .prior
                        .get(i)
                        .map_or(0.0, |x| PRIOR_WEIGHT * x / (n + 1.0));
                    q + exploration * (log_n / n).sqrt() + bias
                }
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// One iteration: down the tree, one new node, a random game, the result back up.
    fn iterate(
        &mut self,
        engine: &mut Engine,
        net: Option<&Net>,
        guide: Option<&Net>,
    ) -> Result<(), AiError> {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        self.made.clear();
        self.made_before.clear();
        let table = self.steps.heap_bytes();
        let mut at = self.root;
        path.push(at);
        self.made_before.push(0);
        loop {
            let node = &self.nodes[at as usize];
            if let Some(known) = &node.result {
                // A finished game, or a position whose value is proven.
                self.reward.copy_from_slice(known);
                break;
            }
            if node.kind == Kind::Unlisted {
                if self.full && at != self.root {
                    // The tree is as large as it may be: the game goes on from here.
                    let from = node.state.clone();
                    self.evaluate(engine, net, from)?;
                    break;
                }
                self.list(engine, at, guide)?;
                continue;
            }
            let i = match node.kind {
                Kind::Decision(p) => self.select(at, p),
                Kind::Chance => self.rng.weighted(&node.choices.weights),
                Kind::Over | Kind::Unlisted => {
                    self.reward.copy_from_slice(&reward_of(None, self.players));
                    break;
                }
            };
            let node = &self.nodes[at as usize];
            if let (Kind::Decision(p), Some(l)) = (node.kind, node.learnt.get(i)) {
                self.made.push((p as u32, l.key));
            }
            let child = node.children[i];
            if child != NONE {
                at = child;
                path.push(at);
                self.made_before.push(self.made.len() as u32);
                continue;
            }
            let node = &self.nodes[at as usize];
            let mut next = node.state.clone();
            engine.play_choice(&mut next, &node.choices, i)?;
            let mut child = Node::new(next.clone());
            // A finished game is known at once: the solver needs it.
            if let Status::Over(o) = engine.status(&next)? {
                child.kind = Kind::Over;
                child.result = Some(reward_of(Some(&o), self.players));
            }
            if !self.full && self.has_room(child.heap_bytes()) {
                let known = child.result.clone();
                let id = self.push(child);
                let node = &mut self.nodes[at as usize];
                node.children[i] = id;
                node.unexpanded -= 1;
                if node.unexpanded == 0 {
                    // Each child holds its position now.
                    let freed = node.forget_choices();
                    self.bytes -= freed;
                }
                path.push(id);
                self.made_before.push(self.made.len() as u32);
                if let Some(known) = known {
                    self.reward.copy_from_slice(&known);
                    break;
                }
            } else {
                self.full = true;
            }
            self.evaluate(engine, net, next)?;
            break;
        }
        let n = self.players;
        let size = self.reward[2 * n];
        self.scale = self.scale.max(size);
        for &k in &path {
            let node = &mut self.nodes[k as usize];
            node.visits += 1;
            node.size += size;
            let at = k as usize * 2 * n;
            for (s, r) in self.stats[at..at + 2 * n].iter_mut().zip(&self.reward) {
                *s += r;
            }
        }
        if self.learn {
            self.learn_from(&path);
        }
        self.bytes = (self.bytes + self.steps.heap_bytes()).saturating_sub(table);
        // A value proven below may prove the nodes above it, up to the first that is
        // not.
        for &k in path.iter().rev().skip(1) {
            if !self.prove(k) {
                break;
            }
        }
        self.path = path;
        Ok(())
    }

    /// The value of a position where the tree ends, into `reward`: by the network, or
    /// a random game.
    fn evaluate(
        &mut self,
        engine: &mut Engine,
        net: Option<&Net>,
        from: State,
    ) -> Result<(), AiError> {
        let n = self.players;
        let (points, rest) = self.reward.split_at_mut(n);
        let (wins, size) = rest.split_at_mut(n);
        match net {
            Some(net) => {
                super::netplay::rate(net, engine, &from, &mut self.rating, wins, points, 0)?;
                size[0] = points.iter().fold(0.0f64, |a, x| a.max(x.abs()));
            }
            None if self.learn => {
                let mut policy = steps::Recorded {
                    table: &mut self.steps,
                    made: &mut self.made,
                };
                let record = engine.playout_with(
                    from,
                    &mut self.rng,
                    super::flat::PLAYOUT_LENGTH,
                    &mut self.scratch,
                    &mut policy,
                )?;
                size[0] = rewards(record.outcome.as_ref(), points, wins);
            }
            None => {
                let record = engine.playout_from(
                    from,
                    &mut self.rng,
                    super::flat::PLAYOUT_LENGTH,
                    &mut self.scratch,
                )?;
                size[0] = rewards(record.outcome.as_ref(), points, wins);
            }
        }
        Ok(())
    }

    /// Searches until the budget is spent.
    fn run(
        &mut self,
        game: &Game,
        net: Option<&Net>,
        guide: Option<&Net>,
        iterations: Option<u32>,
        time: Option<(ClockKind, Duration)>,
        stop: Option<&AtomicBool>,
    ) -> Result<(), AiError> {
        // Started on the thread that searches: a processor clock counts its own time.
        let deadline = time.map(|(kind, left)| Deadline::start(kind, left));
        let mut engine = Engine::new(game);
        self.relative = net.is_some();
        self.learn = net.is_none() && guide.is_none();
        self.best = solver::best_result(game);
        if self.nodes[self.root as usize].kind == Kind::Unlisted {
            let table = self.steps.heap_bytes();
            self.list(&mut engine, self.root, guide)?;
            self.bytes = (self.bytes + self.steps.heap_bytes()).saturating_sub(table);
        }
        let mut done = 0u32;
        self.iterations = 0;
        loop {
            if iterations.is_some_and(|n| done >= n) {
                return Ok(());
            }
            // The time to give the tree back is kept out of the budget: a tree is
            // given back after its move (or at the next, when it is kept), and that
            // time is the move's too.
            let teardown = reuse::teardown(self.nodes.len() * self.trees_searched);
            if done > 0
                && deadline
                    .as_ref()
                    .is_some_and(|d| d.passed_keeping(teardown))
            {
                return Ok(());
            }
            if stopped(stop) {
                return Err(AiError::Interrupted);
            }
            if self.nodes[self.root as usize].result.is_some() {
                // Every line is known: searching on would change nothing.
                return Ok(());
            }
            self.iterate(&mut engine, net, guide)?;
            done += 1;
            self.iterations += 1;
        }
    }
}

/// Searches the decision at `state` within the budget; the estimate of each choice.
/// Reproducible for an iteration budget, a seed and a number of threads.
pub(super) fn search(
    game: &Game,
    state: &State,
    budget: Budget,
    seed: u64,
    thinker: &mut Thinker,
    stop: Option<&AtomicBool>,
) -> Result<Vec<Estimate>, AiError> {
    // The budget counts from here: what is done before the trees are searched (trees
    // made or moved to the new position) is part of the move's time.
    let clock = budget
        .time()
        .map(|(kind, time)| (Deadline::start(kind, time), kind));
    let threads = crate::clock::threads(thinker.threads).clamp(1, 64);
    let players = game.rules.players.len();
    if thinker.trees.len() != threads {
        thinker.trees.clear();
    }
    let seed_of = |k: usize| seed ^ (k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    // The bound is the player's: each tree has its share.
    let memory = thinker.memory / threads;
    if thinker.trees.is_empty() {
        thinker.trees = (0..threads)
            .map(|k| Tree::new(state, players, seed_of(k), memory))
            .collect();
    } else {
        for (k, t) in thinker.trees.iter_mut().enumerate() {
            if t.reroot(state) {
                t.rng = Rng::new(seed_of(k));
                t.memory = memory;
                t.full = false;
            } else {
                // The old tree is given back before the new one grows.
                *t = Tree::new(state, players, seed_of(k), 0);
                t.memory = memory;
            }
        }
    }
    for t in &mut thinker.trees {
        t.trees_searched = threads;
    }
    let share = match budget {
        Budget::Iterations(n) => Some(n),
        Budget::Time(_) | Budget::Wall(_) => None,
    };
    // What is left, for each thread's own clock.
    let time = clock.map(|(deadline, kind)| (kind, deadline.left()));
    let iterations_of = |k: usize| {
        share.map(|n| {
            let t = threads as u32;
            n / t + u32::from((k as u32) < n % t)
        })
    };
    let all = thinker.net.clone();
    // A network that says it guides no search leaves the leaves to random games.
    let net = all.as_deref().filter(|n| n.header.mcts_leaf);
    // One that keeps the random games may still guide the choices.
    let guide = all
        .as_deref()
        .filter(|n| !n.header.mcts_leaf && n.header.mcts_guide);
    #[cfg(not(target_arch = "wasm32"))]
    let results: Vec<Result<(), AiError>> = if threads == 1 {
        vec![thinker.trees[0].run(game, net, guide, iterations_of(0), time, stop)]
    } else {
        use rayon::prelude::*;
        thinker
            .trees
            .par_iter_mut()
            .enumerate()
            .map(|(k, t)| t.run(game, net, guide, iterations_of(k), time, stop))
            .collect()
    };
    // One thread, so one tree (`clock::threads`).
    #[cfg(target_arch = "wasm32")]
    let results = vec![thinker.trees[0].run(game, net, guide, iterations_of(0), time, stop)];
    for r in results {
        r?;
    }
    thinker.report = Some(SearchReport {
        iterations: thinker.trees.iter().map(|t| t.iterations).sum(),
        nodes: thinker.trees.iter().map(|t| t.nodes.len()).sum(),
        bytes: thinker.trees.iter().map(|t| t.bytes).sum(),
        memory: thinker.memory,
    });
    // The root figures of all trees, added up.
    let first = &thinker.trees[0];
    let root = &first.nodes[first.root as usize];
    let player = match root.kind {
        Kind::Decision(p) => p,
        _ => state.mover().index(),
    };
    let mut out: Vec<Estimate> = (0..root.children.len())
        .map(|choice| Estimate {
            choice,
            ..Estimate::default()
        })
        .collect();
    let mut sums = vec![(0.0f64, 0.0f64, 0.0f64); out.len()];
    // A choice proven in any tree is worth its proven value.
    let mut proven: Vec<Option<&[f64]>> = vec![None; out.len()];
    for t in &thinker.trees {
        let r = &t.nodes[t.root as usize];
        if r.children.len() != out.len() {
            continue;
        }
        for (i, &c) in r.children.iter().enumerate() {
            if c == NONE {
                continue;
            }
            let child = &t.nodes[c as usize];
            out[i].visits += child.visits;
            sums[i].0 += t.stat(c, player);
            sums[i].1 += t.stat(c, players + player);
            sums[i].2 += child.size;
            if let Some(known) = &child.result {
                proven[i] = Some(known);
            }
        }
    }
    for ((e, (p, w, s)), known) in out.iter_mut().zip(sums).zip(proven) {
        let n = f64::from(e.visits.max(1));
        e.points = p / n;
        e.win = w / n;
        e.size = s / n;
        if let Some(known) = known {
            e.points = known[player];
            e.win = known[players + player];
            e.size = known[2 * players];
            e.proven = true;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod learn_tests;
#[cfg(test)]
mod tests;
