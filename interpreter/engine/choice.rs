//! What a position offers and how a game ends: the steps a player or chance may take
//! (`Step`), a position's list of them with their weights and results (`Choices`), the
//! game's status (`Status`) and its outcome (`Outcome`).

use super::Locals;
use crate::ids::{ChanceId, PlayerId};
use crate::ir::MAX_ARGS;

/// What a step is: what its `id` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// A player's action; `id` is the action's place among the rules' actions.
    Action,
    /// An outcome of a chance event; `id` is the event's place among the rules' chance
    /// events.
    Chance,
    /// A pass of a player who has no move, in a phase that says `stuck pass "..."`; `id`
    /// is 0.
    Pass,
}

/// One action of a player, one outcome of a chance event, or a pass; with the values
/// its generators bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Whether it is an action, a chance outcome or a pass.
    pub kind: StepKind,
    /// Which action or chance event, by its place among the rules' actions or chance
    /// events (see [`StepKind`]).
    pub id: u16,
    /// The values the action's (or event's) generators bound, in the order it declares
    /// them (a cell by its index); 0 in the slots it does not use.
    pub args: [i32; MAX_ARGS],
}

impl Step {
    /// The step of move `id` with the values of `locals` in the slots of `bound` (a
    /// mask of argument slots, `MoveCode::bound`), 0 in the others.
    #[inline(always)]
    pub(crate) fn new(
        kind: StepKind,
        id: usize,
        locals: &Locals,
        bound: &super::game::ArgMask,
    ) -> Step {
        let mut args = [0; MAX_ARGS];
        for ((a, l), m) in args.iter_mut().zip(locals.slots()).zip(bound) {
            *a = l & m;
        }
        Step {
            kind,
            id: id as u16,
            args,
        }
    }
}

/// The legal choices at a decision point: each a run of steps (one step, or a whole
/// turn). `alternatives` also lists every other step sequence that reaches the same
/// result as choice `i` (for reading a turn written in another order).
#[derive(Debug, Clone, Default)]
pub struct Choices {
    /// The steps of every choice, one choice after another (and then the steps of the
    /// alternatives).
    pub steps: Vec<Step>,
    /// For each choice, its steps: the range `start..end` of `steps`.
    pub ranges: Vec<(u32, u32)>,
    /// Other orders of a whole turn: the range `start..end` of `steps` and the choice
    /// whose result they reach.
    pub alternatives: Vec<(u32, u32, u32)>,
    /// Probability weights, for chance outcomes. For player choices, their playout
    /// weights when the phase declares any (0: never in playouts; a whole turn weighs
    /// the product of its steps' weights), else all 0 (playouts pick uniformly).
    pub weights: Vec<u32>,
    /// For whole turns, the state each choice leads to (the search has already played
    /// it), one after the other; empty otherwise.
    pub results: Vec<i32>,
}

impl Choices {
    /// How many choices there are.
    pub fn len(&self) -> usize {
        self.ranges.len()
    }
    /// Whether there is no choice (the game is over, or the player is stuck).
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
    /// The steps of choice `i` (one step, or the steps of a whole turn); `None` past
    /// the end. `choices[i]` is the same, and panics past the end as a slice does.
    pub fn get(&self, i: usize) -> Option<&[Step]> {
        let &(a, b) = self.ranges.get(i)?;
        self.steps.get(a as usize..b as usize)
    }
    /// Empties the list, keeping its memory for the next position.
    pub fn clear(&mut self) {
        self.steps.clear();
        self.ranges.clear();
        self.alternatives.clear();
        self.weights.clear();
        self.results.clear();
    }

    /// The state choice `i` leads to, when the search that found it kept it.
    pub fn result(&self, i: usize) -> Option<&[i32]> {
        let width = self.results.len() / self.ranges.len().max(1);
        if width == 0 || self.results.len() != width * self.ranges.len() {
            return None;
        }
        self.results.get(i * width..(i + 1) * width)
    }
    pub(super) fn push_one(&mut self, s: Step, weight: u32) {
        let a = self.steps.len() as u32;
        self.steps.push(s);
        self.ranges.push((a, a + 1));
        self.weights.push(weight);
    }
}

/// A line the rules file shows with the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// A value for each player, in the order the players are declared.
    PerPlayer(Vec<i32>),
    /// A line of text, its template filled in.
    Text(String),
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Outcome {
    /// The winner, or None for a draw.
    pub winner: Option<PlayerId>,
    /// What the game is worth to the winner.
    pub points: i32,
    /// Each player's score by the game's `score`, in the order the players are
    /// declared; all 0 when the game declares none.
    pub scores: Vec<i32>,
    /// The end rule that fired.
    pub reason: String,
    /// What the result is called, when the end rule names it (`named`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub named: Option<String>,
}

/// Where a state stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// The game is over, with this outcome.
    Over(Outcome),
    /// A chance event is to be resolved.
    Chance(ChanceId),
    /// This player is to act.
    Player(PlayerId),
}

impl std::ops::Index<usize> for Choices {
    type Output = [Step];

    /// The steps of choice `i`; panics past the end, as a slice does (`get` does not).
    fn index(&self, i: usize) -> &[Step] {
        match self.get(i) {
            Some(steps) => steps,
            None => panic!("choice {i} of {}", self.len()),
        }
    }
}
