//! Statements: the effects of setup, actions, chance outcomes and hooks.

use super::*;

#[derive(Debug, Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum StmtKind {
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    Let(u8, Expr),
    For(u8, Domain, Option<Expr>, Vec<Stmt>),
    Continue,
    /// `continue with NAME = EXPR`: the turn goes on, and its next decision is this
    /// action alone with NAME held to `value`: `code` (the action × 16 + NAME's slot +
    /// 1) is written to the word `at`, the value to the word after it.
    ContinueWith {
        at: usize,
        code: i32,
        value: Expr,
    },
    Move(Expr, Expr),
    Put {
        /// How many pieces: 0 to 255 in play.
        count: Expr,
        /// The kind: a piece named in the rules, or a local holding a kind (`for k in
        /// [k1, k2]`).
        piece: Expr,
        owner: Option<Expr>,
        value: Option<Expr>,
        at: Expr,
    },
    Remove(Expr),
    /// `cut a -- b` (true) or `join a -- b` (false): the link between two neighbouring
    /// cells, both ways.
    Link(bool, Expr, Expr),
    Take {
        pool: usize,
        player: Option<Expr>,
        value: Expr,
    },
    AddPool {
        pool: usize,
        player: Option<Expr>,
        value: Expr,
        times: Option<Expr>,
    },
    Clear {
        pool: usize,
        player: Option<Expr>,
    },
    SetValue(Expr, Expr),
    Chance(u16),
    SetMover(Expr),
    /// The next decision of this turn is this player's (the turn goes on).
    HandTo(Expr),
    /// The next decision of this turn is the turn owner's again.
    HandBack,
    Assign {
        counter: usize,
        player: Option<Expr>,
        op: AssignOp,
        value: Expr,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
}
