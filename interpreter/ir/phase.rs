//! A phase of play and the end rules with their results.

use super::*;

#[derive(Debug, Clone)]
pub struct PhaseDef {
    pub name: String,
    /// Where the phase's name is written.
    pub span: Span,
    pub starts: Option<Expr>,
    pub actions: Vec<usize>,
    pub decide_turn: bool,
    pub prefer: Vec<usize>,
    /// Where the names after `prefer` are written (for explanations).
    pub prefer_span: Option<Span>,
    pub maximize: Vec<Expr>,
    /// Where the keys after `maximize` are written (for explanations).
    pub maximize_span: Option<Span>,
    pub stuck: Stuck,
    pub turn_start: Vec<Stmt>,
    pub turn_end: Vec<Stmt>,
    pub until: Option<Expr>,
    /// `forbid` rules: a move of the phase whose reached position makes one hold is
    /// not legal.
    pub forbids: Vec<Forbid>,
    /// Whether any action of the phase has a `playout weight`: then each listed choice
    /// carries its playout weight (an action without one weighs 1), else all weigh 0
    /// and playouts pick uniformly.
    pub weighted: bool,
    pub locals: usize,
}

/// `forbid "reason" when EXPR` of a phase.
#[derive(Debug, Clone)]
pub struct Forbid {
    /// What the refused move would do, in the rules' words.
    pub reason: String,
    pub when: Expr,
    /// Where the reason is written.
    pub span: Span,
    /// The local slots the condition uses.
    pub locals: usize,
}

#[derive(Debug, Clone)]
pub enum Stuck {
    /// A player with no action at the start of his turn passes (with this notation and effects).
    Pass { template: String, body: Vec<Stmt> },
    /// The game ends with this result.
    End(ResultSpec),
}

#[derive(Debug, Clone)]
pub struct EndRule {
    pub name: String,
    /// The local slot bound to each player in turn, when the rule says `for p in players`.
    pub quantifier: Option<u8>,
    pub when: Expr,
    pub result: ResultSpec,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum ResultSpec {
    Winner {
        player: Expr,
        points: Option<Expr>,
        /// What the result is called (empty when not named).
        named: Vec<TemplatePart>,
    },
    Draw,
    ByScore,
}
