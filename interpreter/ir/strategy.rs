//! A file's strategies: named ways of playing, each a computer level of its own.

use super::*;

/// The built-in computer levels, as a person writes them (`help ai`, the checker's
/// hint); `ai::Level::NAMES` is this list.
pub const LEVEL_NAMES: &[&str] = &[
    "random", "greedy", "playouts", "mcts", "net", "net2", "net3", "az", "off",
];

/// The other words a level may be written as, each meaning no computer.
pub const NO_COMPUTER_NAMES: &[&str] = &["person", "human"];

/// Whether a strategy may not take `name`: a level's name must never mean two players.
pub fn names_a_level(name: &str) -> bool {
    LEVEL_NAMES.contains(&name) || NO_COMPUTER_NAMES.contains(&name)
}

/// `strategy NAME "description" { play ... }`: rules tried in order; the first with a
/// legal move that matches decides among its matching moves (engine-free reading in
/// ai/strategy.rs).
#[derive(Debug, Clone)]
pub struct Strategy {
    pub name: String,
    pub description: String,
    /// Where its name is written.
    pub span: Span,
    pub rules: Vec<StrategyRule>,
}

/// One `play ACTIONS ...` of a strategy, compiled once for each action it names (a
/// name in it means what that action binds).
#[derive(Debug, Clone)]
pub struct StrategyRule {
    /// The word `play`.
    pub span: Span,
    pub actions: Vec<RuleForAction>,
}

/// A rule as it reads for one action: its tests and keys in that action's scope, the
/// action's bound values in the first slots.
#[derive(Debug, Clone)]
pub struct RuleForAction {
    /// The action, by its place among the rules' actions.
    pub action: usize,
    /// `let` and `where` in order (no `for`), judged before the move.
    pub tests: Vec<Gen>,
    /// Judged on the position the move leads to: the move is left out when it holds.
    pub avoid: Option<Expr>,
    /// The keys that rank the moves, highest first, compared in order.
    pub by: Vec<Expr>,
    /// The local slots the rule uses, the action's bound values included.
    pub locals: usize,
}
