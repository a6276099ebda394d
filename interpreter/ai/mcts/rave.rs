//! What a random-playout search learns from each game beyond the nodes it went
//! through (RAVE): at each decision of the tree, each choice's figures over the games
//! through that decision in which its player made that choice, there or at any later
//! point (all moves as first), blended with the choice's own figures while it has few
//! visits of its own.

use super::node::Kind;
use super::{Tree, NONE};

/// RAVE's equivalence: the visits at which a choice's own figures and its
/// all-moves-as-first figures weigh alike (`beta = sqrt(k / (3 n + k))`, the weight
/// of the latter, falls from 1 with no visits to a half at k visits).
pub(super) const EQUIVALENCE: f64 = 1000.0;

/// UCT's exploration constant with RAVE: the all-moves-as-first figures explore the
/// choices already, so less than without them (`EXPLORATION`).
pub(super) const RAVE_EXPLORATION: f64 = 0.1;

/// See `Tree::rave_fits`.
const REPEATING: u64 = 10;

impl Tree {
    /// The choice at decision `at` for player `p` by RAVE: an untried choice no game
    /// has made yet first, else the best blend of a choice's own mean and its
    /// all-moves-as-first mean, plus an exploration bonus.
    pub(super) fn select_rave(&mut self, at: u32, p: usize) -> usize {
        let node = &self.nodes[at as usize];
        let weights = &node.choices.weights;
        let weighed = node.unexpanded > 0 && weights.iter().any(|&w| w > 0);
        let ordinary = |i: usize| !weighed || weights.get(i).is_some_and(|&w| w > 0);
        let fresh =
            |i: &usize| node.children[*i] == NONE && node.learnt[*i].games == 0 && ordinary(*i);
        let untouched = (0..node.children.len()).filter(fresh).count();
        if untouched > 0 {
            let k = self.rng.below(untouched as u32) as usize;
            if let Some(i) = (0..node.children.len()).filter(fresh).nth(k) {
                return i;
            }
        }
        let log_n = f64::from(node.visits.max(1)).ln();
        let scale = self.scale;
        let k = EQUIVALENCE;
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        for (i, &c) in node.children.iter().enumerate() {
            let (q, n) = if c == NONE {
                if !ordinary(i) && node.learnt[i].games == 0 {
                    continue;
                }
                (0.0, 0.0)
            } else {
                let child = &self.nodes[c as usize];
                if let Some(known) = &child.result {
                    let score = known[p] / scale;
                    if score > best_score {
                        best_score = score;
                        best = i;
                    }
                    continue;
                }
                (self.mean(c, p) / scale, f64::from(child.visits))
            };
            let score = match node.learnt[i].mean() {
                Some(all) => {
                    let beta = (k / (3.0 * n + k)).sqrt();
                    (1.0 - beta) * q + beta * all / scale
                }
                None => q,
            } + RAVE_EXPLORATION * (log_n / n.max(1.0)).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Adds the iteration's game to the figures of each choice it made (for the
    /// playouts), and to the all-moves-as-first figures of the decisions on `path`:
    /// at each, every choice its player made there or later.
    pub(super) fn learn_from(&mut self, path: &[u32]) {
        self.steps.clear_marks();
        let mut end = self.made.len();
        let mut repeated = false;
        for (d, &k) in path.iter().enumerate().rev() {
            let start = (self.made_before[d] as usize).min(end);
            for &(p, key) in &self.made[start..end] {
                repeated |= self.steps.mark(key, p as usize);
            }
            end = start;
            let node = &mut self.nodes[k as usize];
            let Kind::Decision(p) = node.kind else {
                continue;
            };
            let points = self.reward[p] as f32;
            for l in &mut node.learnt {
                if self.steps.marked(l.key, p) {
                    l.games += 1;
                    l.points += points;
                }
            }
        }
        self.games_learnt += 1;
        self.games_repeating += u64::from(repeated);
    }

    /// Whether the all-moves-as-first figures are worth following: while at most one
    /// game in `REPEATING` has seen a player make the same choice twice. A choice
    /// means the same whenever it is made (a mark put on a cell) only if it is made
    /// once a game; where choices recur (a step forward, a throw of the dice), a
    /// choice made later says little of what it is worth now.
    pub(super) fn rave_fits(&self) -> bool {
        self.games_repeating * REPEATING <= self.games_learnt
    }
}
