//! The game so far as a list of played steps with the state after each, and a cursor
//! for undo and redo: moves taken back stay until a different move is played.

use crate::State;

/// Who made a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// An outcome of a chance event.
    Chance,
    /// A player's step, by the player's index.
    Player(usize),
}

/// One step of the game so far, with the state it led to.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The step as the game writes it (a chance outcome too), so a record replays.
    pub text: String,
    /// Who made it.
    pub by: By,
    /// The state after it.
    pub state: State,
    /// A move that was the player's only one (a pass): played without asking, and
    /// passed over by undo and redo, which stop only at real decisions.
    pub forced: bool,
}

#[derive(Debug, Clone)]
pub struct Timeline {
    pub start: State,
    pub entries: Vec<Entry>,
    /// How many entries are played; the rest can be redone.
    pub cursor: usize,
}

impl Timeline {
    pub fn new(start: State) -> Timeline {
        Timeline {
            start,
            entries: Vec::new(),
            cursor: 0,
        }
    }

    pub fn current(&self) -> &State {
        self.state_at(self.cursor)
    }

    /// The state after the first `k` entries.
    pub(crate) fn state_at(&self, k: usize) -> &State {
        if k == 0 {
            &self.start
        } else {
            &self.entries[k - 1].state
        }
    }

    pub fn played(&self) -> &[Entry] {
        &self.entries[..self.cursor]
    }

    /// Plays an entry, forgetting what could have been redone.
    pub fn push(&mut self, e: Entry) {
        self.entries.truncate(self.cursor);
        self.entries.push(e);
        self.cursor += 1;
    }

    /// The moves made by choice, latest first, each as the states before and after
    /// it: a run of entries of one player (forced entries and chance outcomes end it).
    pub(crate) fn moves_back(&self) -> impl Iterator<Item = (&State, &State)> + '_ {
        let played = self.played();
        let mut end = played.len();
        std::iter::from_fn(move || {
            let last = played[..end]
                .iter()
                .rposition(|e| matches!(e.by, By::Player(_)) && !e.forced)?;
            let by = played[last].by;
            let mut first = last;
            while first > 0 && played[first - 1].by == by && !played[first - 1].forced {
                first -= 1;
            }
            end = first;
            Some((self.state_at(first), self.state_at(last + 1)))
        })
    }

    /// Player moves made so far.
    pub(crate) fn moves_played(&self) -> usize {
        self.played()
            .iter()
            .filter(|e| matches!(e.by, By::Player(_)))
            .count()
    }

    /// Where `undo` goes: to just before the last move by a person (by anyone when
    /// `nobody` is a person), keeping the chance outcomes that preceded it.
    pub(crate) fn undo_target(
        &self,
        person: &dyn Fn(usize) -> bool,
        nobody: bool,
    ) -> Option<usize> {
        (0..self.cursor)
            .rev()
            .find(|&k| self.decides(k, person, nobody))
    }

    /// Whether entry `k` is a decision `undo` and `redo` stop at.
    fn decides(&self, k: usize, person: &dyn Fn(usize) -> bool, nobody: bool) -> bool {
        let e = &self.entries[k];
        !e.forced && matches!(e.by, By::Player(p) if nobody || person(p))
    }

    /// Where `redo` goes: through the next move by a person and what follows it, up to
    /// the next person's decision or the end.
    pub(crate) fn redo_target(
        &self,
        person: &dyn Fn(usize) -> bool,
        nobody: bool,
    ) -> Option<usize> {
        if self.cursor >= self.entries.len() {
            return None;
        }
        let next = (self.cursor + 1..self.entries.len()).find(|&k| self.decides(k, person, nobody));
        Some(next.unwrap_or(self.entries.len()))
    }

    /// The last chance entry right before the current decision, if any.
    pub(crate) fn trailing_chance(&self) -> Option<usize> {
        (self.cursor > 0 && self.entries[self.cursor - 1].by == By::Chance).then(|| self.cursor - 1)
    }
}
