//! A count of the turns a whole-turn search accounts for, kept only when `trace` asks:
//! every complete step sequence with its `maximize` keys, those below a position the
//! search reached before by another order (and did not search again) included.

use crate::ir::MAX_TURN_KEYS;
use std::collections::{BTreeMap, HashMap};

/// The complete sequences below one position of the search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Every complete sequence.
    pub complete: u64,
    /// Those that end the game: the keys do not weigh them.
    pub ended: u64,
    /// The others, by their `maximize` keys (all zero when the phase has none).
    pub by_keys: BTreeMap<[i32; MAX_TURN_KEYS], u64>,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.complete = self.complete.saturating_add(other.complete);
        self.ended = self.ended.saturating_add(other.ended);
        for (keys, n) in &other.by_keys {
            let here = self.by_keys.entry(*keys).or_default();
            *here = here.saturating_add(*n);
        }
    }

    /// The best keys of the sequences that do not end the game, and how many
    /// sequences the search keeps: those with the best keys and those that end it.
    pub fn kept(&self) -> (Option<[i32; MAX_TURN_KEYS]>, u64) {
        match self.by_keys.last_key_value() {
            Some((keys, n)) => (Some(*keys), n.saturating_add(self.ended)),
            None => (None, self.ended),
        }
    }
}

/// The tallies of a search under way.
#[derive(Debug)]
pub(crate) struct Census {
    /// The positions being searched, each with its words and its tally so far; the
    /// first is the turn's start.
    open: Vec<(Vec<i32>, Tally)>,
    /// The tally of each position searched to the end, by its words.
    done: HashMap<Vec<i32>, Tally>,
}

impl Default for Census {
    fn default() -> Census {
        Census {
            open: vec![(Vec::new(), Tally::default())],
            done: HashMap::new(),
        }
    }
}

impl Census {
    /// The search goes on from a position it had not reached before.
    pub fn enter(&mut self, data: &[i32]) {
        self.open.push((data.to_vec(), Tally::default()));
    }

    /// The search is done with the position entered last.
    pub fn leave(&mut self) {
        if self.open.len() < 2 {
            return;
        }
        if let Some((data, tally)) = self.open.pop() {
            if let Some((_, parent)) = self.open.last_mut() {
                parent.add(&tally);
            }
            self.done.insert(data, tally);
        }
    }

    /// The search reached a position again by another order and does not search it:
    /// its sequences count again. (A position still being searched, reached again
    /// below itself, adds nothing: the search cuts that loop.)
    pub(crate) fn reached_again(&mut self, data: &[i32]) {
        if let Some(t) = self.done.get(data) {
            if let Some((_, open)) = self.open.last_mut() {
                open.add(t);
            }
        }
    }

    /// A complete sequence: `None` for one that ends the game, else its keys.
    pub fn complete(&mut self, keys: Option<[i32; MAX_TURN_KEYS]>) {
        if let Some((_, t)) = self.open.last_mut() {
            t.complete = t.complete.saturating_add(1);
            match keys {
                None => t.ended = t.ended.saturating_add(1),
                Some(k) => {
                    let n = t.by_keys.entry(k).or_default();
                    *n = n.saturating_add(1);
                }
            }
        }
    }

    /// The tally of the whole turn.
    pub fn total(&self) -> Tally {
        self.open
            .first()
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_reached_again_counts_its_sequences_again() {
        // From the start, `a` then `b` and `b` then `a` reach one position P, below
        // which are two complete sequences (keys 1 and 2); a third move ends the game.
        let mut c = Census::default();
        c.enter(&[1]); // after a
        c.enter(&[3]); // P
        c.complete(Some([1, 0, 0, 0]));
        c.complete(Some([2, 0, 0, 0]));
        c.leave();
        c.leave();
        c.enter(&[2]); // after b
        c.reached_again(&[3]);
        c.leave();
        c.enter(&[4]);
        c.complete(None);
        c.leave();
        let t = c.total();
        assert_eq!(t.complete, 5);
        assert_eq!(t.ended, 1);
        // Keys 2: one sequence through each order, and the one that ends the game.
        assert_eq!(t.kept(), (Some([2, 0, 0, 0]), 3));
    }

    #[test]
    fn a_position_still_searched_adds_nothing() {
        let mut c = Census::default();
        c.enter(&[1]);
        c.reached_again(&[1]);
        c.complete(Some([0; MAX_TURN_KEYS]));
        c.leave();
        assert_eq!(c.total().complete, 1);
    }
}
