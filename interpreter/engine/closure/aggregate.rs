//! Aggregates (`count`, `sum`, `exists`...) over cells as closures.

use super::ExprFn;
use super::{compile, slot};
use crate::engine::eval::Locals;
use crate::engine::state::{CellWord, State, OWNER_SHIFT};
use crate::engine::Game;
use crate::ir::*;

/// An aggregate's running result over the values of its loop, as `eval::aggregate`
/// computes it, with the filter and value compiled.
struct Fold<'a> {
    op: AggOp,
    slot: usize,
    filter: Option<&'a ExprFn>,
    value: Option<&'a ExprFn>,
    count: i32,
    acc: Option<i32>,
    stop: bool,
}

impl<'a> Fold<'a> {
    fn new(op: AggOp, slot: usize, filter: Option<&'a ExprFn>, value: Option<&'a ExprFn>) -> Self {
        Fold {
            op,
            slot,
            filter,
            value,
            count: 0,
            acc: None,
            stop: false,
        }
    }

    /// Takes value `x` of the loop; false when the result is known.
    #[inline(always)]
    fn feed(&mut self, g: &Game, st: &State, l: &mut Locals, x: i32) -> bool {
        l[self.slot] = x;
        if let Some(f) = self.filter {
            if f(g, st, l) == 0 {
                if self.op == AggOp::All {
                    // A counterexample: not all hold.
                    self.stop = true;
                    return false;
                }
                return true;
            }
        }
        self.count += 1;
        match self.op {
            AggOp::Exists => {
                self.stop = true;
                false
            }
            AggOp::Count | AggOp::All => true,
            op @ (AggOp::Sum | AggOp::Min | AggOp::Max) => {
                let v = self.value.map_or(x, |v| v(g, st, l));
                self.acc = Some(match (op, self.acc) {
                    (_, None) => v,
                    (AggOp::Sum, Some(a)) => a.wrapping_add(v),
                    (AggOp::Min, Some(a)) => a.min(v),
                    (_, Some(a)) => a.max(v),
                });
                true
            }
        }
    }

    /// Takes cell `c` (word `w`) of the loop, if it holds a piece of `who` (any when
    /// none) and passes `test` (when there is one); false when the result is known.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        g: &Game,
        st: &State,
        l: &mut Locals,
        who: Option<i32>,
        test: Option<InPlace>,
        c: i32,
        w: i32,
    ) -> bool {
        let w = CellWord(w);
        if who.is_some_and(|p| w.owner() != p) {
            return true;
        }
        let passes = match test {
            None => true,
            Some(InPlace::Piece(piece)) => w.count() > 0 && w.piece() == piece,
            Some(InPlace::Empty) => w.count() == 0,
        };
        if !passes {
            l[self.slot] = c;
            return true;
        }
        self.feed(g, st, l, c)
    }

    fn result(&self) -> i32 {
        match self.op {
            AggOp::Count => self.count,
            AggOp::Exists => self.stop as i32,
            AggOp::All => (!self.stop) as i32,
            _ => self.acc.unwrap_or(0),
        }
    }
}

/// A filter of an aggregate over cells that reads only the loop's cell, tested on the
/// cell's packed word where the loop reads it rather than by a call.
#[derive(Clone, Copy)]
enum InPlace {
    /// `is(c, piece)`: a piece of this kind.
    Piece(u8),
    /// `empty(c)`: no piece.
    Empty,
}

/// The cells an aggregate loops over, when they are the board's, a region's or a
/// track's (of a given player) or a cell's neighbours, maybe only those of one owner.
enum CellList {
    All,
    Listed(Domain),
    /// The neighbours of a cell, by an adjacency of the board.
    Neighbours(ExprFn, u8),
}

/// An aggregate over cells (all of them, a region, a track or a cell's neighbours,
/// maybe only those of one owner) as one closure: the loop reads the packed cells directly and calls the
/// compiled filter and value. The same values, in the same order, and the same budget
/// spent as `eval::aggregate`. None for other domains.
pub(super) fn over_cells(
    op: AggOp,
    s: u8,
    domain: &Domain,
    filter: &Option<Box<Expr>>,
    value: &Option<Box<Expr>>,
) -> Option<ExprFn> {
    let listed = |d: &Domain| match d {
        Domain::Cells => Some(CellList::All),
        Domain::Region { .. } | Domain::Track { .. } => Some(CellList::Listed(d.clone())),
        Domain::Neighbours(c, a) => Some(CellList::Neighbours(compile(c), *a)),
        _ => None,
    };
    let (list, owner) = match domain {
        Domain::Owned { inner, owner } => (listed(inner)?, Some(compile(owner))),
        d => (listed(d)?, None),
    };
    let s = slot(s);
    let owner = match (op, filter, &list, owner) {
        (AggOp::Exists, None, CellList::All, Some(owner)) => return Some(any_owned(s, owner)),
        (.., owner) => owner,
    };
    // A filter that only tests the loop's cell for a piece, or for none, is tested on
    // the cell's word in place (not for `all`, which stops at the first cell it
    // rejects).
    let test = match filter.as_deref() {
        Some(Expr::Is(c, piece)) if op != AggOp::All && is_local(c, s) => {
            Some(InPlace::Piece(*piece))
        }
        Some(Expr::Empty(c)) if op != AggOp::All && is_local(c, s) => Some(InPlace::Empty),
        Some(Expr::Operand(Operand::Empty(c))) if op != AggOp::All && slot(*c) == s => {
            Some(InPlace::Empty)
        }
        _ => None,
    };
    let filter = filter.as_deref().filter(|_| test.is_none()).map(compile);
    let value = value.as_deref().map(compile);
    Some(Box::new(move |g, st, l| {
        let mut fold = Fold::new(op, s, filter.as_ref(), value.as_ref());
        let n = g.rules.board.cells.len();
        // What `loops::for_each_in` spends: the board's size for all cells or an owner's,
        // a region's or track's list otherwise.
        let size = match (&list, &owner) {
            (CellList::Listed(_) | CellList::Neighbours(..), None) => 8,
            // Spent below, as the neighbours' own loop.
            (CellList::Neighbours(..), Some(_)) => 0,
            _ => n as u64,
        };
        if !l.spend(size) {
            return fold.result();
        }
        let who = owner.as_ref().map(|o| o(g, st, l));
        // The neighbours of one owner: the neighbours' own loop, each tested.
        if let (CellList::Neighbours(..), Some(_)) = (&list, &owner) {
            if !l.spend(8) {
                return fold.result();
            }
        }
        let cells = &st.data[g.rules.cells_base..g.rules.cells_base + n];
        // Feeds cell `c` (word `w`) of the loop; false when the result is known.
        let mut visit = |l: &mut Locals, c: i32, w: i32| fold.visit(g, st, l, who, test, c, w);
        match &list {
            CellList::All => {
                for (c, &w) in (0..).zip(cells) {
                    if !visit(l, c, w) {
                        break;
                    }
                }
            }
            CellList::Listed(d) => {
                for &c in crate::engine::loops::listed_cells(g, st, d, l) {
                    if !visit(l, c, cells[c as usize]) {
                        break;
                    }
                }
            }
            CellList::Neighbours(at, adjacency) => {
                let c = at(g, st, l);
                if g.rules.board.cuttable {
                    let each = crate::engine::reach::each_open_neighbour;
                    each(g, st, *adjacency, c, |n| visit(l, n, cells[n as usize]));
                } else {
                    // No link is ever cut: the table as it is, in a loop of its own.
                    for &n in g.rules.board.neighbours(*adjacency, c) {
                        if !visit(l, n, cells[n as usize]) {
                            break;
                        }
                    }
                }
            }
        }
        fold.result()
    }))
}

/// Whether `e` reads local `s` and nothing else.
fn is_local(e: &Expr, s: usize) -> bool {
    matches!(e, Expr::Local(x) | Expr::Operand(Operand::Local(x)) if slot(*x) == s)
}

/// `exists(c in cells where owner(c) == p)` into local `s`: whether a cell of the board
/// holds a piece of `owner`, leaving the first such cell in `s` as `over_cells` does,
/// with the same budget spent.
fn any_owned(s: usize, owner: ExprFn) -> ExprFn {
    Box::new(move |g, st, l| {
        let n = g.rules.board.cells.len();
        if !l.spend(n as u64) {
            return 0;
        }
        let who = owner(g, st, l);
        match first_owned(&st.data[g.rules.cells_base..g.rules.cells_base + n], who) {
            Some(c) => {
                l[s] = c;
                1
            }
            None => 0,
        }
    })
}

/// The first cell (in board order) of the packed `cells` whose owner is `who`. Whole
/// runs of 32 cells are tested at once, as a mask made without branches (see
/// `masks::for_each_owned`); the shorter last run one cell at a time.
fn first_owned(cells: &[i32], who: i32) -> Option<i32> {
    let first = |from: i32, cells: &[i32]| {
        (from..)
            .zip(cells)
            .find(|&(_, &w)| CellWord(w).owner() == who)
            .map(|(c, _)| c)
    };
    if !(0..=253).contains(&who) {
        // None (empty cells) or neutral: rare.
        return first(0, cells);
    }
    // Owned: a piece (count, bits 0-7) with owner field (bits 28-31) the player + 2.
    let target = (who + 2) as u32;
    let mut runs = cells.chunks_exact(32);
    for (k, run) in (0..).zip(&mut runs) {
        let Ok(run) = <&[i32; 32]>::try_from(run) else {
            break;
        };
        let mut mask = 0u32;
        for (i, &w) in run.iter().enumerate() {
            let w = w as u32;
            mask |= ((((w & 0xff) != 0) & ((w >> OWNER_SHIFT) == target)) as u32) << i;
        }
        if mask != 0 {
            return Some(k * 32 + mask.trailing_zeros() as i32);
        }
    }
    let rest = runs.remainder();
    first((cells.len() - rest.len()) as i32, rest)
}
