//! Choices known by what they are, wherever they are played: each choice's steps
//! (kind, action and arguments) numbered once in a table, which marks the choices an
//! iteration's game made, each with its player, for the tree's all-moves-as-first
//! figures; and the playout that records them.

use crate::engine::play::PlayoutPolicy;
use crate::engine::rng::Rng;
use crate::{Choices, Step, StepKind};

/// No number: a choice past the table's bound.
pub(super) const UNKNOWN: u32 = u32::MAX;

/// The most choices the table numbers; the others are played as a random playout
/// plays them and are not counted.
const MOST_KEYS: usize = 1 << 16;

/// A hash of a choice's steps, never 0 (0 marks an empty slot).
fn hash_of(steps: &[Step]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for s in steps {
        let kind = match s.kind {
            StepKind::Action => 1u64,
            StepKind::Chance => 2,
            StepKind::Pass => 3,
        };
        h = (h ^ (kind << 16 | u64::from(s.id))).wrapping_mul(K);
        for &a in &s.args {
            h = (h ^ u64::from(a as u32)).wrapping_mul(K);
        }
        h ^= h >> 29;
    }
    h | 1
}

/// The numbered choices, kept with the tree from move to move, and the marks of an
/// iteration's game.
#[derive(Debug)]
pub(super) struct StepTable {
    players: usize,
    /// Open addressing: each slot a hash (0 for none) and its number.
    slots: Vec<(u64, u32)>,
    keys: usize,
    /// For each number and player, the iteration whose game made it last (`mark`).
    marks: Vec<u32>,
    stamp: u32,
}

impl StepTable {
    pub(super) fn new(players: usize) -> StepTable {
        StepTable {
            players,
            slots: Vec::new(),
            keys: 0,
            marks: Vec::new(),
            stamp: 0,
        }
    }

    /// The number of the choice made of `steps`, numbering it if it is new (or
    /// `UNKNOWN` once the table is full).
    pub(super) fn key(&mut self, steps: &[Step]) -> u32 {
        if self.keys >= MOST_KEYS {
            return self.find(hash_of(steps));
        }
        if self.slots.len() < 2 * (self.keys + 1) {
            self.grow();
        }
        let h = hash_of(steps);
        let mask = self.slots.len() - 1;
        let mut at = (h as usize) & mask;
        loop {
            match self.slots[at] {
                (0, _) => {
                    let key = self.keys as u32;
                    self.slots[at] = (h, key);
                    self.keys += 1;
                    self.marks.extend(std::iter::repeat_n(0, self.players));
                    return key;
                }
                (x, key) if x == h => return key,
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn find(&self, h: u64) -> u32 {
        let mask = self.slots.len() - 1;
        let mut at = (h as usize) & mask;
        loop {
            match self.slots[at] {
                (0, _) => return UNKNOWN,
                (x, key) if x == h => return key,
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        let mask = size - 1;
        for (h, key) in old.into_iter().filter(|s| s.0 != 0) {
            let mut at = (h as usize) & mask;
            while self.slots[at].0 != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = (h, key);
        }
    }

    /// A new set of marks: none of the choices is marked.
    pub(super) fn clear_marks(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
    }

    /// Marks choice `key` as made by player `p`; whether it was marked already.
    pub(super) fn mark(&mut self, key: u32, p: usize) -> bool {
        match self.marks.get_mut(key as usize * self.players + p) {
            Some(m) => std::mem::replace(m, self.stamp) == self.stamp,
            None => false,
        }
    }

    /// Whether player `p` made choice `key` since the marks were cleared.
    pub(super) fn marked(&self, key: u32, p: usize) -> bool {
        self.marks.get(key as usize * self.players + p) == Some(&self.stamp)
    }

    /// The bytes the table holds.
    pub(super) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<(u64, u32)>()
            + self.marks.capacity() * std::mem::size_of::<u32>()
    }
}

/// The random playout's choices (by the playout weights), each recorded with its
/// player for the all-moves-as-first figures.
pub(super) struct Recorded<'t> {
    pub(super) table: &'t mut StepTable,
    pub(super) made: &'t mut Vec<(u32, u32)>,
}

impl PlayoutPolicy for Recorded<'_> {
    fn choose(&mut self, player: usize, choices: &Choices, rng: &mut Rng) -> usize {
        let i = rng.weighted(&choices.weights);
        let key = choices.get(i).map_or(UNKNOWN, |s| self.table.key(s));
        self.made.push((player as u32, key));
        i
    }
}
