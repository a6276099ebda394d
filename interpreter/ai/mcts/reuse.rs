//! A tree kept from one decision to the next: the node of the new position found a
//! few levels below the old root, and the tree cut down to what lies below it, so
//! that the memory of the lines the game left is given back.

use super::node::Node;
use super::{Tree, NONE};
use crate::clock::Instant;
use crate::State;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// What giving back a node's memory costs, in nanoseconds per 1,024 nodes: measured
/// on each large tree given back, a running mean (a quarter of each new measure),
/// from a first guess of 0.2 µs a node.
static TEARDOWN: AtomicU64 = AtomicU64::new(200 * 1024);
/// The last measure alone. The cost grows as the allocator's memory is reused (the
/// first tree given back costs a third of the later ones), faster than the mean
/// follows, so the larger of the two is kept back.
static LAST_TEARDOWN: AtomicU64 = AtomicU64::new(0);

/// Trees smaller than this are given back too fast to measure well.
const MEASURED_TREE: usize = 4096;

/// The time to give back `nodes` nodes (of either search's trees: their nodes are
/// alike, a position and a few lists).
pub(crate) fn teardown(nodes: usize) -> Duration {
    let per = TEARDOWN
        .load(Ordering::Relaxed)
        .max(LAST_TEARDOWN.load(Ordering::Relaxed));
    Duration::from_nanos(nodes as u64 * per / 1024)
}

/// Adds the time `took` to give back a tree of `nodes` nodes to the running mean.
pub(crate) fn record_teardown(nodes: usize, took: Duration) {
    let per = took.as_nanos() as u64 * 1024 / nodes.max(1) as u64;
    let old = TEARDOWN.load(Ordering::Relaxed);
    TEARDOWN.store((3 * old + per) / 4, Ordering::Relaxed);
    LAST_TEARDOWN.store(per, Ordering::Relaxed);
}

/// Trees smaller than this are given back too fast to measure well.
pub(crate) const MEASURED: usize = MEASURED_TREE;

impl Drop for Tree {
    fn drop(&mut self) {
        let n = self.nodes.len();
        if n < MEASURED_TREE {
            return;
        }
        let started = Instant::now();
        drop(std::mem::take(&mut self.nodes));
        drop(std::mem::take(&mut self.stats));
        record_teardown(n, started.elapsed());
    }
}

/// How deep below the old root a kept tree is searched for the new position.
const REUSE_DEPTH: usize = 8;

impl Tree {
    /// Makes the node of `state` the root, if the tree holds it a few levels below the
    /// old root, and keeps only the nodes below it; false if the tree does not hold it.
    pub(super) fn reroot(&mut self, state: &State) -> bool {
        let mut level = vec![self.root];
        for _ in 0..=REUSE_DEPTH {
            let mut next = Vec::new();
            for &n in &level {
                let node = &self.nodes[n as usize];
                if node.state == *state {
                    self.keep_below(n);
                    return true;
                }
                next.extend(node.children.iter().copied().filter(|&c| c != NONE));
            }
            if next.is_empty() {
                break;
            }
            level = next;
        }
        false
    }

    /// Keeps node `root` and the nodes below it, numbered afresh in the order they are
    /// reached (breadth first), and drops the others.
    fn keep_below(&mut self, root: u32) {
        let mut old: Vec<Option<Node>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        let mut kept = Vec::new();
        let mut stats = Vec::new();
        let width = 2 * self.players;
        let mut queue = std::collections::VecDeque::from([root]);
        let mut renumbered = vec![NONE; old.len()];
        renumbered[root as usize] = 0;
        let mut next_id = 1u32;
        while let Some(n) = queue.pop_front() {
            let Some(mut node) = old[n as usize].take() else {
                continue;
            };
            for c in node.children.iter_mut().filter(|c| **c != NONE) {
                if renumbered[*c as usize] == NONE {
                    renumbered[*c as usize] = next_id;
                    next_id += 1;
                    queue.push_back(*c);
                }
                *c = renumbered[*c as usize];
            }
            kept.push(node);
            let at = n as usize * width;
            stats.extend_from_slice(&self.stats[at..at + width]);
        }
        drop(old);
        self.nodes = kept;
        self.stats = stats;
        self.root = 0;
        self.bytes = self.count_bytes();
    }

    /// The bytes the tree holds, counted node by node.
    pub(super) fn count_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.stats.capacity() * std::mem::size_of::<f64>()
            + self.nodes.iter().map(Node::heap_bytes).sum::<usize>()
            + self.steps.heap_bytes()
    }
}
