//! One node of the search tree: a position, its choices once listed, and the figures
//! of the games through it; and what it costs in memory.

use crate::{Choices, State};
use std::mem::size_of;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Reached once; its choices are listed on the next visit.
    Unlisted,
    Decision(usize),
    Chance,
    Over,
}

#[derive(Debug)]
pub(super) struct Node {
    pub(super) state: State,
    pub(super) kind: Kind,
    pub(super) choices: Choices,
    pub(super) children: Vec<u32>,
    /// Children not yet added.
    pub(super) unexpanded: usize,
    pub(super) visits: u32,
    /// Sum of the results' sizes in points.
    pub(super) size: f64,
    /// The node's value when it is known for certain (a finished game, or a position
    /// whose every line below is known: proven): each player's points, each player's
    /// wins, and the size of the result (a `Reward`).
    pub(super) result: Option<Vec<f64>>,
    /// For a decision guided by a network, each choice's rating by it for the player
    /// to choose, placed between the lowest (0) and the highest (1); else empty.
    pub(super) prior: Vec<f64>,
    /// For a decision searched with learnt figures, each choice's number in the
    /// tree's table and its all-moves-as-first figures; else empty.
    pub(super) learnt: Vec<Learnt>,
}

/// A choice of a decision as the search learns it: its number in the tree's table
/// (`StepTable`), and the games through the decision in which its player made it,
/// there or later on: their number and the sum of his points in them.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Learnt {
    pub(super) key: u32,
    pub(super) games: u32,
    pub(super) points: f32,
}

impl Learnt {
    pub(super) fn new(key: u32) -> Learnt {
        Learnt {
            key,
            ..Learnt::default()
        }
    }

    /// The mean of the player's points over the games, if there were any.
    pub(super) fn mean(self) -> Option<f64> {
        (self.games > 0).then(|| f64::from(self.points) / f64::from(self.games))
    }
}

impl Node {
    pub(super) fn new(state: State) -> Node {
        Node {
            state,
            kind: Kind::Unlisted,
            choices: Choices::default(),
            children: Vec::new(),
            unexpanded: 0,
            visits: 0,
            size: 0.0,
            result: None,
            prior: Vec::new(),
            learnt: Vec::new(),
        }
    }
}

impl Node {
    /// What the node holds outside its own slot of the tree's list: the position, the
    /// choices, the children and the figures (the capacity of each list).
    pub(super) fn heap_bytes(&self) -> usize {
        let c = &self.choices;
        let choices = c.steps.capacity() * size_of::<crate::Step>()
            + c.ranges.capacity() * size_of::<(u32, u32)>()
            + c.alternatives.capacity() * size_of::<(u32, u32, u32)>()
            + c.weights.capacity() * size_of::<u32>()
            + c.results.capacity() * size_of::<i32>();
        let result = self.result.as_ref().map_or(0, Vec::capacity) * size_of::<f64>();
        self.state.data.capacity() * size_of::<i32>()
            + choices
            + self.children.capacity() * size_of::<u32>()
            + self.prior.capacity() * size_of::<f64>()
            + self.learnt.capacity() * size_of::<Learnt>()
            + result
    }

    /// Once every child is added, each holds its position: the listed choices are no
    /// longer needed, only a chance event's weights (it draws its outcomes by them).
    /// Returns the bytes freed.
    pub(super) fn forget_choices(&mut self) -> usize {
        let before = self.heap_bytes();
        let weights = match self.kind {
            Kind::Chance => std::mem::take(&mut self.choices.weights),
            _ => Vec::new(),
        };
        self.choices = Choices {
            weights,
            ..Choices::default()
        };
        before - self.heap_bytes()
    }
}
