//! Expressions: the tree, its operands and operators, and the walks over it.

use super::*;

#[derive(Debug, Clone)]
pub enum Expr {
    Const(i32),
    Local(u8),
    Mover,
    Phase,
    /// `occurrences(parts)`: how many of the game's recorded turn starts had the
    /// current position's words of part set `.0` (`Rules::history`), the current one
    /// included when it is a turn's start.
    Occurrences(u8),
    Opponent(Box<Expr>),
    Counter {
        base: usize,
        player: Option<Box<Expr>>,
    },
    Owner(Box<Expr>),
    Value(Box<Expr>),
    Count(Box<Expr>),
    Empty(Box<Expr>),
    Is(Box<Expr>, u8),
    /// `is(c, k)` of a kind held by a local (`for k in [k1, k2]`).
    IsKind(Box<Expr>, Box<Expr>),
    /// `owner(c, k)`, `count(c, k)`, `value(c, k)`: the layer `k` from the top of a
    /// cell's stack (0 the top one).
    Layer(LayerRead, Box<Expr>, Box<Expr>),
    /// `layers(c)`: how many layers the cell's stack holds.
    Layers(Box<Expr>),
    /// `pieces(c, p)`: how many of player p's pieces the cell holds, in all its layers.
    Pieces(Box<Expr>, Box<Expr>),
    Step(Box<Expr>, Box<Expr>),
    Slide(Box<Expr>, Box<Expr>),
    /// A reading along lines and through groups of cells, of its evaluated operands
    /// (see `engine::reach`).
    Reach(ReachOp, Vec<Expr>),
    RelDir(u8),
    TrackPos {
        track: usize,
        player: Option<Box<Expr>>,
        cell: Box<Expr>,
    },
    TrackAt {
        track: usize,
        player: Option<Box<Expr>>,
        index: Box<Expr>,
    },
    TrackLen {
        track: usize,
        player: Option<Box<Expr>>,
    },
    InRegion {
        region: usize,
        player: Option<Box<Expr>>,
        cell: Box<Expr>,
    },
    InTrack {
        track: usize,
        player: Option<Box<Expr>>,
        cell: Box<Expr>,
    },
    ZoneCell {
        zone: usize,
        player: Box<Expr>,
    },
    PoolSize {
        pool: usize,
        player: Option<Box<Expr>>,
    },
    PoolHas {
        pool: usize,
        player: Option<Box<Expr>>,
        value: Box<Expr>,
    },
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Min(Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
    Abs(Box<Expr>),
    /// Whether a direction is one of a set, each direction a bit of the mask (`d in
    /// knight`, a set of the board's with directions numbered under 64: a wider mask would widen every `Expr`).
    DirIn(Box<Expr>, u64),
    Aggregate {
        op: AggOp,
        slot: u8,
        domain: Box<Domain>,
        filter: Option<Box<Expr>>,
        value: Option<Box<Expr>>,
    },
    /// `let` in an expression, and the arguments of a `define` with parameters: the
    /// value is put in the slot, then the body evaluated.
    Let {
        slot: u8,
        value: Box<Expr>,
        body: Box<Expr>,
    },
    /// Whether the mover has a legal action (of this one, or of any in the phase).
    Can(Option<usize>),
    /// A leaf read in one step (the compiler folds simple shapes into these).
    Operand(Operand),
    /// A comparison or arithmetic of two leaves, without recursion.
    Simple(BinOp, Operand, Operand),
    /// A compound expression at the top of a rule, numbered by the engine when it
    /// compiles the rules, so that it keeps the expression's closure in a table
    /// (`engine::Game::new`); the compiler never makes one.
    Numbered {
        id: u32,
        expr: Box<Expr>,
    },
}

/// The body of `Expr::children` and `Expr::children_mut`.
macro_rules! expr_children {
    ($e:expr, $f:expr, $domain:ident) => {
        match $e {
            Expr::Opponent(a)
            | Expr::Owner(a)
            | Expr::Value(a)
            | Expr::Count(a)
            | Expr::Empty(a)
            | Expr::Layers(a)
            | Expr::Is(a, _)
            | Expr::Not(a)
            | Expr::Neg(a)
            | Expr::Abs(a)
            | Expr::DirIn(a, _)
            | Expr::ZoneCell { player: a, .. } => $f(a),
            Expr::Step(a, b)
            | Expr::Layer(_, a, b)
            | Expr::Pieces(a, b)
            | Expr::IsKind(a, b)
            | Expr::Slide(a, b)
            | Expr::Binary(_, a, b)
            | Expr::And(a, b)
            | Expr::Or(a, b)
            | Expr::Min(a, b)
            | Expr::Max(a, b)
            | Expr::Let {
                value: a, body: b, ..
            } => {
                $f(a);
                $f(b);
            }
            Expr::If(a, b, c) => {
                $f(a);
                $f(b);
                $f(c);
            }
            Expr::Reach(_, args) => {
                for a in args {
                    $f(a);
                }
            }
            Expr::Counter { player, .. }
            | Expr::TrackLen { player, .. }
            | Expr::PoolSize { player, .. } => {
                if let Some(p) = player {
                    $f(p);
                }
            }
            Expr::TrackPos {
                player, cell: x, ..
            }
            | Expr::InRegion {
                player, cell: x, ..
            }
            | Expr::InTrack {
                player, cell: x, ..
            }
            | Expr::TrackAt {
                player, index: x, ..
            }
            | Expr::PoolHas {
                player, value: x, ..
            } => {
                if let Some(p) = player {
                    $f(p);
                }
                $f(x);
            }
            Expr::Aggregate {
                domain,
                filter,
                value,
                ..
            } => {
                domain.$domain($f);
                if let Some(x) = filter {
                    $f(x);
                }
                if let Some(x) = value {
                    $f(x);
                }
            }
            Expr::Const(_)
            | Expr::Local(_)
            | Expr::Mover
            | Expr::Phase
            | Expr::Occurrences(_)
            | Expr::RelDir(_)
            | Expr::Can(_)
            | Expr::Operand(_)
            | Expr::Simple(..) => {}
            Expr::Numbered { expr, .. } => $f(expr),
        }
    };
}

impl Expr {
    /// Calls `f` on each direct subexpression, those of an aggregate's domain included
    /// (and the expression a `Numbered` one holds).
    pub fn children(&self, f: &mut impl FnMut(&Expr)) {
        expr_children!(self, f, exprs)
    }

    /// `children`, to change them.
    pub(crate) fn children_mut(&mut self, f: &mut impl FnMut(&mut Expr)) {
        expr_children!(self, f, exprs_mut)
    }

    /// Whether the value may depend on the state (the mover included), and not only on
    /// the locals and the board. Every kind is named, so a new one must be decided.
    pub(crate) fn reads_state(&self) -> bool {
        let own = match self {
            Expr::Reach(op, _) => op.reads_state(),
            Expr::Const(_)
            | Expr::Local(_)
            | Expr::Opponent(_)
            | Expr::Step(..)
            | Expr::TrackPos { .. }
            | Expr::TrackAt { .. }
            | Expr::TrackLen { .. }
            | Expr::InRegion { .. }
            | Expr::InTrack { .. }
            | Expr::ZoneCell { .. }
            | Expr::Not(_)
            | Expr::Neg(_)
            | Expr::Binary(..)
            | Expr::And(..)
            | Expr::Or(..)
            | Expr::If(..)
            | Expr::Min(..)
            | Expr::Max(..)
            | Expr::Abs(_)
            | Expr::DirIn(..)
            | Expr::Let { .. } => false,
            Expr::Aggregate { domain, .. } => domain.reads_state(),
            Expr::Mover
            | Expr::Phase
            | Expr::Occurrences(_)
            | Expr::Counter { .. }
            | Expr::Owner(_)
            | Expr::Value(_)
            | Expr::Count(_)
            | Expr::Empty(_)
            | Expr::Is(..)
            | Expr::IsKind(..)
            | Expr::Layer(..)
            | Expr::Layers(_)
            | Expr::Pieces(..)
            | Expr::Slide(..)
            | Expr::RelDir(_)
            | Expr::PoolSize { .. }
            | Expr::PoolHas { .. }
            | Expr::Can(_) => true,
            Expr::Operand(o) => o.reads_state(),
            Expr::Simple(_, a, b) => a.reads_state() || b.reads_state(),
            Expr::Numbered { .. } => false,
        };
        let mut children = false;
        self.children(&mut |e| children |= e.reads_state());
        own || children
    }
}

impl Expr {
    /// Marks in `read` each local slot the expression reads (a slot an aggregate
    /// inside it binds included).
    pub(crate) fn locals_read(&self, read: &mut [bool]) {
        let mut mark = |slot: u8| {
            if let Some(r) = read.get_mut(slot as usize) {
                *r = true;
            }
        };
        match self {
            Expr::Local(s) => mark(*s),
            Expr::Operand(o) => o.locals_read(&mut mark),
            Expr::Simple(_, a, b) => {
                a.locals_read(&mut mark);
                b.locals_read(&mut mark);
            }
            _ => {}
        }
        self.children(&mut |e| e.locals_read(read));
    }
}

impl Operand {
    fn locals_read(self, mark: &mut impl FnMut(u8)) {
        match self {
            Operand::Local(s)
            | Operand::Owner(s)
            | Operand::Value(s)
            | Operand::Count(s)
            | Operand::Empty(s)
            | Operand::TrackPosMover(_, s) => mark(s),
            Operand::Step(a, b) => {
                mark(a);
                mark(b);
            }
            Operand::Const(_)
            | Operand::Mover
            | Operand::Opponent
            | Operand::Counter(_)
            | Operand::ZoneMover(_)
            | Operand::CounterMover(_) => {}
        }
    }

    /// Whether the value may depend on the state (see `Expr::reads_state`).
    pub(crate) fn reads_state(self) -> bool {
        match self {
            Operand::Const(_) | Operand::Local(_) | Operand::Step(..) => false,
            Operand::Mover
            | Operand::Opponent
            | Operand::Owner(_)
            | Operand::Value(_)
            | Operand::Count(_)
            | Operand::Empty(_)
            | Operand::Counter(_)
            | Operand::ZoneMover(_)
            | Operand::CounterMover(_)
            | Operand::TrackPosMover(..) => true,
        }
    }
}

/// A value read without evaluating a subexpression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    Const(i32),
    Local(u8),
    Mover,
    Opponent,
    Owner(u8),
    Value(u8),
    Count(u8),
    Empty(u8),
    Counter(usize),
    /// The neighbour of the cell in local `.0` in the direction in local `.1`.
    Step(u8, u8),
    /// The mover's cell of a zone kept per player.
    ZoneMover(u16),
    /// The mover's entry of a per-player counter.
    CounterMover(usize),
    /// The position on the mover's track `.0` of the cell in local `.1`.
    TrackPosMover(u16, u8),
}

/// What `Expr::Layer` reads of a layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerRead {
    Owner,
    Count,
    Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    /// The operation on two values, as the language defines it: comparisons give 1 or
    /// 0, arithmetic wraps, and dividing by 0 gives 0. Plain data, so that the compiler
    /// folds constants without the engine.
    #[inline(always)]
    pub fn apply(self, x: i32, y: i32) -> i32 {
        match self {
            BinOp::Eq => (x == y) as i32,
            BinOp::Ne => (x != y) as i32,
            BinOp::Lt => (x < y) as i32,
            BinOp::Le => (x <= y) as i32,
            BinOp::Gt => (x > y) as i32,
            BinOp::Ge => (x >= y) as i32,
            BinOp::Add => x.wrapping_add(y),
            BinOp::Sub => x.wrapping_sub(y),
            BinOp::Mul => x.wrapping_mul(y),
            BinOp::Div => x.checked_div(y).unwrap_or(0),
            BinOp::Rem => x.checked_rem(y).unwrap_or(0),
        }
    }
}

/// What an `Expr::Reach` reads; its operands are listed with each kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReachOp {
    /// `step(c, d, n)`: [cell, direction, steps] -> the cell n steps away, or none.
    StepN,
    /// `run(c, d, p)`: [cell, direction, player] -> how many cells in a row after the
    /// cell, in the direction, hold pieces of the player (are empty, for none).
    Run,
    /// `liberties(c)`: \[cell\] -> the empty cells next to the cell's group, by an
    /// adjacency of the board (`Board::adjacency`), counted up to a cap (`i32::MAX`
    /// unless a comparison with a number needs less, see `compile::optimize`).
    Liberties(u8, i32),
    /// `connected(p, A, B)`: [player, A's player, B's player] -> whether a chain of
    /// neighbouring cells of the player (by an adjacency) joins a cell of region A to
    /// one of region B.
    Connected(u16, u16, u8),
    /// `step(c, d)` and `step(c, d, n)` on a board whose links may be cut: [cell,
    /// direction, steps] -> the cell n steps away over links not cut, or none.
    StepOpen,
    /// `slide(c, d)` on a board whose links may be cut: [cell, direction] -> the
    /// farthest empty cell going in the direction over links not cut, or none.
    SlideOpen,
    /// `cut(a, b)`: [cell, cell] -> whether the link between the two cells is cut.
    Cut,
    /// `reaches(c, R)`: [cell, R's player] -> whether a chain of neighbouring cells (by
    /// an adjacency) joined by links not cut goes from the cell to one of region R,
    /// whatever stands on them; R and the adjacency are those of the guide
    /// (`Rules::reach_guides`) numbered.
    Reaches(u16),
    /// `first(c, d)`: [cell, direction] -> the first cell that is not empty going from
    /// the cell in the direction (the cell itself left out), or none at the edge.
    First,
    /// `file(c)`, `rank(c)`: \[cell\] -> its file or rank on the board's grid, counted
    /// from 1 (`a1` is file 1, rank 1); 0 for a cell off the grid, or none.
    File,
    Rank,
}

impl ReachOp {
    /// Whether the value depends on the state, and not only on the operands.
    pub(crate) fn reads_state(self) -> bool {
        !matches!(self, ReachOp::StepN | ReachOp::File | ReachOp::Rank)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggOp {
    Count,
    Sum,
    Exists,
    All,
    Min,
    Max,
}

/// Whether direction `d` is a bit of `mask` (`Expr::DirIn`), 1 or 0; a number outside
/// the directions is in no set.
#[inline]
pub(crate) fn dir_in(d: i32, mask: u64) -> i32 {
    ((0..64).contains(&d) && (mask >> d) & 1 == 1) as i32
}
