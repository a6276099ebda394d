//! What a `for` runs over: a range, cells, a region, a track, a pool...

use super::*;

#[derive(Debug, Clone)]
pub enum Domain {
    Range(Expr, Expr),
    /// The cells from the first to the last in board order, backwards when the first
    /// comes later; none when either is `none`.
    CellRange(Expr, Expr),
    Dirs(Vec<Expr>),
    /// Directions (or piece kinds) known when compiling: `per_player[mover]` lists them.
    FixedDirs(Vec<Vec<i32>>),
    Cells,
    Players,
    Region {
        region: usize,
        player: Option<Expr>,
    },
    Track {
        track: usize,
        player: Option<Expr>,
    },
    /// The neighbours of the cell by an adjacency of the board (`Board::adjacency`).
    Neighbours(Expr, u8),
    /// The group of the cell: it and the cells joined to it through neighbours of the
    /// same owner, by an adjacency of the board (see `engine::reach`).
    Group(Expr, u8),
    Pool {
        pool: usize,
        player: Option<Expr>,
    },
    /// The cells of a named line, as written (`Board::line_cells`).
    LineCells(Expr),
    /// The lines through a cell, in declaration order (`Board::lines_through`).
    LinesThrough(Expr),
    /// The cells of `inner` holding a piece of `owner` (a filter the compiler folds in
    /// from `where owner(c) == ...`, so generation skips other cells without evaluating).
    Owned {
        inner: Box<Domain>,
        owner: Expr,
    },
}

/// The body of `Domain::exprs` and `Domain::exprs_mut`, which differ only in `&`/`&mut`.
macro_rules! domain_exprs {
    ($domain:expr, $f:expr, $recurse:ident) => {
        match $domain {
            Domain::Range(a, b) | Domain::CellRange(a, b) => {
                $f(a);
                $f(b);
            }
            Domain::Dirs(ds) => {
                for d in ds {
                    $f(d);
                }
            }
            Domain::Neighbours(c, _)
            | Domain::Group(c, _)
            | Domain::LineCells(c)
            | Domain::LinesThrough(c) => $f(c),
            Domain::Owned { inner, owner } => {
                inner.$recurse($f);
                $f(owner);
            }
            Domain::Region { player, .. }
            | Domain::Track { player, .. }
            | Domain::Pool { player, .. } => {
                if let Some(p) = player {
                    $f(p);
                }
            }
            Domain::FixedDirs(_) | Domain::Cells | Domain::Players => {}
        }
    };
}

impl Domain {
    /// Calls `f` on each expression the domain holds (those of an inner domain too).
    pub fn exprs(&self, f: &mut impl FnMut(&Expr)) {
        domain_exprs!(self, f, exprs)
    }

    /// `exprs`, to change them.
    pub(crate) fn exprs_mut(&mut self, f: &mut impl FnMut(&mut Expr)) {
        domain_exprs!(self, f, exprs_mut)
    }

    /// Whether the elements may depend on the state (see `Expr::reads_state`).
    pub(crate) fn reads_state(&self) -> bool {
        let own = match self {
            Domain::Range(..)
            | Domain::CellRange(..)
            | Domain::Dirs(_)
            | Domain::Cells
            | Domain::Players
            | Domain::Region { .. }
            | Domain::Track { .. }
            | Domain::Neighbours(..)
            | Domain::LineCells(_)
            | Domain::LinesThrough(_) => false,
            Domain::FixedDirs(_)
            | Domain::Pool { .. }
            | Domain::Owned { .. }
            | Domain::Group(..) => true,
        };
        let mut exprs = false;
        self.exprs(&mut |e| exprs |= e.reads_state());
        own || exprs
    }
}
