//! The tests a rules file carries (`test "name" { ... }`), compiled: steps and checks.

use super::*;

/// A test of the rules: the options it needs, then steps run in order.
#[derive(Debug, Clone)]
pub struct RulesTest {
    pub name: String,
    pub span: Span,
    pub options: Vec<String>,
    pub steps: Vec<TestStep>,
}

/// One step of a test, with the span a failure points at.
#[derive(Debug, Clone)]
pub struct TestStep {
    pub check: TestCheck,
    pub span: Span,
}

/// What a test step does or expects; players are indices.
#[derive(Debug, Clone)]
pub enum TestCheck {
    /// Start from a state document (YAML or JSON).
    FromState(String),
    /// Moves and chance outcomes in the game's notation, each with its span.
    Play(Vec<(String, Span)>),
    /// The legal moves: exactly these, or including or excluding them.
    Moves(MovesCheck, Vec<(String, Span)>),
    Count(u64),
    Perft(usize, u64),
    /// The game is over, won by this player (for so many points).
    Winner(usize, Option<i32>),
    Draw,
    Ongoing,
    /// A move that is not legal, and a piece of the rule that forbids it.
    Illegal(String, Option<String>),
    /// A player's score: a whole number of units and the units in one (7.5 is 75, 10).
    Score(usize, i64, i64),
    ToMove(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovesCheck {
    Exactly,
    Include,
    Exclude,
}
