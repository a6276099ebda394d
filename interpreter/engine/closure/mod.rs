//! The game compiled to closures: expressions here, generators in `gens`, blocks of
//! effects in `stmt`. Every node of an expression tree becomes a small
//! function that calls its children directly, specialised by the node's shape and
//! operator. Evaluating then costs one short call per node instead of a pass through
//! the tree walker's large `match`, whose every call saves and restores many registers.
//! The values are exactly the tree walker's (`eval`), which stays for everything else.

mod gens;
mod stmt;

pub use gens::compile_gens;
pub use stmt::compile_block;

use std::sync::Arc;

use super::eval::{self, Locals};
use super::state::{CellWord, State};
use crate::board::NONE;
use crate::ir::*;

/// Replaces a compound expression by its compiled form; leaves and two-leaf nodes,
/// which the tree walker evaluates without a call, stay as they are.
pub fn lower(e: &mut Expr) {
    match e {
        Expr::Operand(_)
        | Expr::Simple(..)
        | Expr::Const(_)
        | Expr::Local(_)
        | Expr::Mover
        | Expr::Compiled(_) => {}
        _ => {
            let f = compile(e);
            let source = std::mem::replace(e, Expr::Const(0));
            *e = Expr::Compiled(Arc::new(Compiled { f, source }));
        }
    }
}

/// Lowers the expressions a domain holds.
pub fn lower_domain(d: &mut Domain) {
    d.exprs_mut(&mut lower);
}

const SLOTS: usize = MAX_LOCALS;

/// A local slot index that is in range by construction.
pub(super) fn slot(s: u8) -> usize {
    s as usize % SLOTS
}

/// The player a per-player read names: none given (player 0), the mover, or computed.
enum PlayerFn {
    Zero,
    Mover,
    Computed(ExprFn),
}

impl PlayerFn {
    fn new(p: &Option<Box<Expr>>) -> PlayerFn {
        match p.as_deref() {
            None => PlayerFn::Zero,
            Some(Expr::Mover | Expr::Operand(Operand::Mover)) => PlayerFn::Mover,
            Some(e) => PlayerFn::Computed(compile(e)),
        }
    }

    /// The player, if the value names one (as `eval::player_slot`).
    #[inline(always)]
    fn get(&self, game: &Game, state: &State, locals: &mut Locals) -> Option<usize> {
        match self {
            PlayerFn::Zero => Some(0),
            PlayerFn::Mover => Some(state.mover()),
            PlayerFn::Computed(f) => {
                let v = f(game, state, locals);
                (v >= 0 && (v as usize) < game.players.len()).then_some(v as usize)
            }
        }
    }
}

/// A read of player `p`'s part of something at a computed place: `missing` when the
/// player operand names no player, as the tree walker does.
fn by_player<F>(player: &Option<Box<Expr>>, at: ExprFn, missing: i32, read: F) -> ExprFn
where
    F: Fn(&Game, &State, usize, i32) -> i32 + Send + Sync + 'static,
{
    let p = PlayerFn::new(player);
    Box::new(move |g, st, l| {
        let Some(p) = p.get(g, st, l) else {
            return missing;
        };
        let x = at(g, st, l);
        read(g, st, p, x)
    })
}

/// A leaf read.
fn leaf(o: Operand) -> ExprFn {
    match o {
        Operand::Const(c) => Box::new(move |_, _, _| c),
        Operand::Local(s) => {
            let s = slot(s);
            Box::new(move |_, _, l| l[s])
        }
        Operand::Mover => Box::new(|_, st, _| st.mover() as i32),
        Operand::Counter(i) => Box::new(move |_, st, _| st.data.get(i).copied().unwrap_or(0)),
        Operand::Step(c, d) => {
            let (c, d) = (slot(c), slot(d));
            Box::new(move |g, _, l| g.board.step(l[c], l[d]))
        }
        Operand::Owner(c) => {
            let c = slot(c);
            Box::new(move |g, st, l| st.cell(g, l[c]).owner())
        }
        Operand::Count(c) => {
            let c = slot(c);
            Box::new(move |g, st, l| st.cell(g, l[c]).count())
        }
        Operand::Value(c) => {
            let c = slot(c);
            Box::new(move |g, st, l| st.cell(g, l[c]).value())
        }
        Operand::Empty(c) => {
            let c = slot(c);
            Box::new(move |g, st, l| {
                let c = l[c];
                (c >= 0 && st.cell(g, c).count() == 0) as i32
            })
        }
        Operand::TrackPosMover(t, c) => {
            let (t, c) = (t as usize, slot(c));
            Box::new(move |g, st, l| eval::track_pos(g, t, st.mover(), l[c]))
        }
        o => Box::new(move |g, st, l| eval::operand(g, st, o, l)),
    }
}

/// An operator as a function of two values, specialised per operator by `F`.
macro_rules! by_operator {
    ($op:expr, $build:ident ( $($arg:expr),* )) => {
        match $op {
            BinOp::Eq => $build($($arg,)* |x, y| (x == y) as i32),
            BinOp::Ne => $build($($arg,)* |x, y| (x != y) as i32),
            BinOp::Lt => $build($($arg,)* |x, y| (x < y) as i32),
            BinOp::Le => $build($($arg,)* |x, y| (x <= y) as i32),
            BinOp::Gt => $build($($arg,)* |x, y| (x > y) as i32),
            BinOp::Ge => $build($($arg,)* |x, y| (x >= y) as i32),
            BinOp::Add => $build($($arg,)* |x: i32, y| x.wrapping_add(y)),
            BinOp::Sub => $build($($arg,)* |x: i32, y| x.wrapping_sub(y)),
            BinOp::Mul => $build($($arg,)* |x: i32, y| x.wrapping_mul(y)),
            BinOp::Div => $build($($arg,)* |x: i32, y| x.checked_div(y).unwrap_or(0)),
            BinOp::Rem => $build($($arg,)* |x: i32, y| x.checked_rem(y).unwrap_or(0)),
        }
    };
}

/// Two leaves combined by `f`, specialised for the most frequent shapes.
fn two_leaves<F>(a: Operand, b: Operand, f: F) -> ExprFn
where
    F: Fn(i32, i32) -> i32 + Send + Sync + Copy + 'static,
{
    use Operand::*;
    match (a, b) {
        (Local(x), Local(y)) => {
            let (x, y) = (slot(x), slot(y));
            Box::new(move |_, _, l| f(l[x], l[y]))
        }
        (Local(x), Const(c)) => {
            let x = slot(x);
            Box::new(move |_, _, l| f(l[x], c))
        }
        (Const(c), Local(y)) => {
            let y = slot(y);
            Box::new(move |_, _, l| f(c, l[y]))
        }
        (Owner(x), Mover) => {
            let x = slot(x);
            Box::new(move |g, st, l| f(st.cell(g, l[x]).owner(), st.mover() as i32))
        }
        (Owner(x), Opponent) => {
            let x = slot(x);
            Box::new(move |g, st, l| {
                f(
                    st.cell(g, l[x]).owner(),
                    eval::opponent(g, st.mover() as i32),
                )
            })
        }
        (Count(x), Const(c)) => {
            let x = slot(x);
            Box::new(move |g, st, l| f(st.cell(g, l[x]).count(), c))
        }
        (Local(x), ZoneMover(_)) | (Local(x), Counter(_)) | (Local(x), TrackPosMover(..)) => {
            let x = slot(x);
            Box::new(move |g, st, l| f(l[x], eval::operand(g, st, b, l)))
        }
        _ => Box::new(move |g, st, l| f(eval::operand(g, st, a, l), eval::operand(g, st, b, l))),
    }
}

/// Two compiled expressions combined by `f`.
fn two<F>(a: ExprFn, b: ExprFn, f: F) -> ExprFn
where
    F: Fn(i32, i32) -> i32 + Send + Sync + Copy + 'static,
{
    Box::new(move |g, st, l| {
        let x = a(g, st, l);
        let y = b(g, st, l);
        f(x, y)
    })
}

/// A compiled expression combined with a constant by `f`.
fn with_const<F>(a: ExprFn, c: i32, f: F) -> ExprFn
where
    F: Fn(i32, i32) -> i32 + Send + Sync + Copy + 'static,
{
    Box::new(move |g, st, l| f(a(g, st, l), c))
}

/// The value of `e` as a closure, the same as `eval::eval` would give.
pub fn compile(e: &Expr) -> ExprFn {
    match e {
        Expr::Const(c) => leaf(Operand::Const(*c)),
        Expr::Local(s) => leaf(Operand::Local(*s)),
        Expr::Mover => leaf(Operand::Mover),
        Expr::Operand(o) => leaf(*o),
        Expr::Simple(op, a, b) => by_operator!(*op, two_leaves(*a, *b)),
        Expr::Compiled(c) => compile(&c.source),
        Expr::Binary(op, a, b) => match b.as_ref() {
            Expr::Const(c) | Expr::Operand(Operand::Const(c)) => {
                by_operator!(*op, with_const(compile(a), *c))
            }
            _ => by_operator!(*op, two(compile(a), compile(b))),
        },
        Expr::Min(a, b) => two(compile(a), compile(b), i32::min),
        Expr::Max(a, b) => two(compile(a), compile(b), i32::max),
        Expr::And(a, b) => {
            let (a, b) = (compile(a), compile(b));
            Box::new(move |g, st, l| (a(g, st, l) != 0 && b(g, st, l) != 0) as i32)
        }
        Expr::Or(a, b) => {
            let (a, b) = (compile(a), compile(b));
            Box::new(move |g, st, l| (a(g, st, l) != 0 || b(g, st, l) != 0) as i32)
        }
        Expr::Not(a) => {
            let a = compile(a);
            Box::new(move |g, st, l| (a(g, st, l) == 0) as i32)
        }
        Expr::Neg(a) => {
            let a = compile(a);
            Box::new(move |g, st, l| a(g, st, l).wrapping_neg())
        }
        Expr::Abs(a) => {
            let a = compile(a);
            Box::new(move |g, st, l| a(g, st, l).wrapping_abs())
        }
        Expr::If(c, a, b) => {
            let (c, a, b) = (compile(c), compile(a), compile(b));
            Box::new(move |g, st, l| {
                if c(g, st, l) != 0 {
                    a(g, st, l)
                } else {
                    b(g, st, l)
                }
            })
        }
        Expr::Phase => Box::new(|_, st, _| st.phase() as i32),
        Expr::Opponent(p) => {
            let p = compile(p);
            Box::new(move |g, st, l| eval::opponent(g, p(g, st, l)))
        }
        Expr::Counter { base, player } => {
            let (base, p) = (*base, PlayerFn::new(player));
            Box::new(move |g, st, l| {
                p.get(g, st, l)
                    .and_then(|p| st.data.get(base + p).copied())
                    .unwrap_or(0)
            })
        }
        Expr::Owner(c) => {
            let c = compile(c);
            Box::new(move |g, st, l| st.cell(g, c(g, st, l)).owner())
        }
        Expr::Value(c) => {
            let c = compile(c);
            Box::new(move |g, st, l| st.cell(g, c(g, st, l)).value())
        }
        Expr::Count(c) => {
            let c = compile(c);
            Box::new(move |g, st, l| st.cell(g, c(g, st, l)).count())
        }
        Expr::Empty(c) => {
            let c = compile(c);
            Box::new(move |g, st, l| {
                let c = c(g, st, l);
                (c >= 0 && st.cell(g, c).count() == 0) as i32
            })
        }
        Expr::Layer(read, c, k) => {
            let (read, c, k) = (*read, compile(c), compile(k));
            Box::new(move |g, st, l| {
                let (c, k) = (c(g, st, l), k(g, st, l));
                eval::read_layer(read, st.layer(g, c, k))
            })
        }
        Expr::Layers(c) => {
            let c = compile(c);
            Box::new(move |g, st, l| st.layer_count(g, c(g, st, l)))
        }
        Expr::Pieces(c, p) => {
            let (c, p) = (compile(c), compile(p));
            Box::new(move |g, st, l| {
                let (c, p) = (c(g, st, l), p(g, st, l));
                st.pieces_of(g, c, p)
            })
        }
        Expr::Is(c, piece) => {
            let (c, piece) = (compile(c), *piece);
            Box::new(move |g, st, l| {
                let w = st.cell(g, c(g, st, l));
                (w.count() > 0 && w.piece() == piece) as i32
            })
        }
        Expr::Step(c, d) => {
            let (c, d) = (compile(c), compile(d));
            Box::new(move |g, st, l| {
                let c = c(g, st, l);
                let d = d(g, st, l);
                g.board.step(c, d)
            })
        }
        Expr::Slide(c, d) => {
            let (c, d) = (compile(c), compile(d));
            Box::new(move |g, st, l| {
                let c = c(g, st, l);
                let d = d(g, st, l);
                g.board.slide(c, d, |x| st.cell(g, x).count() == 0)
            })
        }
        Expr::Reach(op, args) => {
            let op = *op;
            let args: Vec<ExprFn> = args.iter().take(3).map(compile).collect();
            Box::new(move |g, st, l| {
                let mut v = [NONE; 3];
                for (x, a) in v.iter_mut().zip(&args) {
                    *x = a(g, st, l);
                }
                super::reach::reach(g, st, op, &v[..args.len()])
            })
        }
        Expr::RelDir(r) => {
            let r = *r as usize;
            Box::new(move |g, st, _| eval::rel_dir(g, r, st.mover()))
        }
        Expr::TrackPos {
            track,
            player,
            cell,
        } => by_player(player, compile(cell), NONE, {
            let t = *track;
            move |g, _, p, c| eval::track_pos(g, t, p, c)
        }),
        Expr::TrackAt {
            track,
            player,
            index,
        } => by_player(player, compile(index), NONE, {
            let t = *track;
            move |g, _, p, i| eval::track_at(g, t, p, i)
        }),
        Expr::InRegion {
            region,
            player,
            cell,
        } => by_player(player, compile(cell), 0, {
            let r = *region;
            move |g, _, p, c| eval::in_region(g, r, p, c) as i32
        }),
        Expr::InTrack {
            track,
            player,
            cell,
        } => by_player(player, compile(cell), 0, {
            let t = *track;
            move |g, _, p, c| eval::in_track(g, t, p, c) as i32
        }),
        Expr::PoolHas {
            pool,
            player,
            value,
        } => by_player(player, compile(value), 0, {
            let pool = *pool;
            move |g, st, p, v| eval::pool_has(g, st, pool, p, v) as i32
        }),
        Expr::TrackLen { track, player } => {
            let (t, p) = (*track, PlayerFn::new(player));
            Box::new(move |g, st, l| {
                p.get(g, st, l)
                    .map_or(0, |p| g.board.tracks[t].lists[p].len() as i32)
            })
        }
        Expr::ZoneCell { zone, player } => {
            let (z, p) = (*zone, compile(player));
            Box::new(move |g, st, l| eval::zone_cell(g, z, p(g, st, l)))
        }
        Expr::PoolSize { pool, player } => {
            let (pool, p) = (*pool, PlayerFn::new(player));
            Box::new(move |g, st, l| {
                p.get(g, st, l)
                    .map_or(0, |p| eval::pool_size(g, st, pool, p))
            })
        }
        Expr::Aggregate {
            op,
            slot: s,
            domain,
            filter,
            value,
        } => {
            if let Some(f) = cell_aggregate(*op, *s, domain, filter, value) {
                return f;
            }
            // The loop itself is the tree walker's; what it evaluates per element is
            // compiled.
            let (op, s) = (*op, *s);
            let mut domain = domain.as_ref().clone();
            lower_domain(&mut domain);
            let compiled = |e: &Option<Box<Expr>>| {
                e.as_deref().map(|e| {
                    let mut e = e.clone();
                    lower(&mut e);
                    e
                })
            };
            let (filter, value) = (compiled(filter), compiled(value));
            Box::new(move |g, st, l| {
                eval::aggregate(g, st, op, s, &domain, filter.as_ref(), value.as_ref(), l)
            })
        }
        Expr::Can(action) => {
            let action = *action;
            Box::new(move |g, st, _| eval::can(g, st, action))
        }
    }
}

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

    fn result(&self) -> i32 {
        match self.op {
            AggOp::Count => self.count,
            AggOp::Exists => self.stop as i32,
            AggOp::All => (!self.stop) as i32,
            _ => self.acc.unwrap_or(0),
        }
    }
}

/// The cells an aggregate loops over, when they are the board's, a region's or a
/// track's (of a given player) or a cell's neighbours, maybe only those of one owner.
enum CellList {
    All,
    Listed(Domain),
    /// The neighbours of a cell.
    Neighbours(ExprFn),
}

/// An aggregate over cells (all of them, a region, a track or a cell's neighbours,
/// maybe only those of one owner) as one closure: the loop reads the packed cells directly and calls the
/// compiled filter and value. The same values, in the same order, and the same budget
/// spent as `eval::aggregate`. None for other domains.
fn cell_aggregate(
    op: AggOp,
    s: u8,
    domain: &Domain,
    filter: &Option<Box<Expr>>,
    value: &Option<Box<Expr>>,
) -> Option<ExprFn> {
    let listed = |d: &Domain| match d {
        Domain::Cells => Some(CellList::All),
        Domain::Region { .. } | Domain::Track { .. } => {
            let mut d = d.clone();
            lower_domain(&mut d);
            Some(CellList::Listed(d))
        }
        Domain::Neighbours(c) => Some(CellList::Neighbours(compile(c))),
        _ => None,
    };
    let (list, owner) = match domain {
        Domain::Owned { inner, owner } => (listed(inner)?, Some(compile(owner))),
        d => (listed(d)?, None),
    };
    let s = slot(s);
    let filter = filter.as_deref().map(compile);
    let value = value.as_deref().map(compile);
    Some(Box::new(move |g, st, l| {
        let mut fold = Fold::new(op, s, filter.as_ref(), value.as_ref());
        let n = g.board.cells.len();
        // What `eval::for_each_in` spends: the board's size for all cells or an owner's,
        // a region's or track's list otherwise.
        let size = match (&list, &owner) {
            (CellList::Listed(_) | CellList::Neighbours(_), None) => 8,
            _ => n as u64,
        };
        if !crate::engine::budget::spend(size) {
            return fold.result();
        }
        let who = owner.as_ref().map(|o| o(g, st, l));
        // The neighbours of one owner: the owner's loop, then the neighbours' own.
        if let (CellList::Neighbours(_), Some(_)) = (&list, &owner) {
            if !crate::engine::budget::spend(8) {
                return fold.result();
            }
        }
        let cells = &st.data[g.cells_base..g.cells_base + n];
        let keep = |w: i32| who.is_none_or(|p| CellWord(w).owner() == p);
        match &list {
            CellList::All => {
                for (c, &w) in (0..).zip(cells) {
                    if keep(w) && !fold.feed(g, st, l, c) {
                        break;
                    }
                }
            }
            CellList::Listed(d) => {
                for &c in eval::listed_cells(g, st, d, l) {
                    if keep(cells[c as usize]) && !fold.feed(g, st, l, c) {
                        break;
                    }
                }
            }
            CellList::Neighbours(at) => {
                let c = at(g, st, l);
                let list = usize::try_from(c)
                    .ok()
                    .and_then(|c| g.board.neighbours.get(c));
                for &c in list.map_or(&[][..], Vec::as_slice) {
                    if c >= 0 && keep(cells[c as usize]) && !fold.feed(g, st, l, c) {
                        break;
                    }
                }
            }
        }
        fold.result()
    }))
}

/// Calls `f` with each cell (in board order) of the packed `cells` whose owner is
/// `who`, until it returns false; returns false then. For a player, each run of 32
/// cells is first turned into a mask of the owned ones, a loop without branches the
/// compiler makes wide, so that the cells of the other players cost almost nothing.
#[inline(always)]
pub(super) fn for_each_owned(cells: &[i32], who: i32, mut f: impl FnMut(i32) -> bool) -> bool {
    if !(0..=253).contains(&who) {
        // None (empty cells) or neutral: rare, one cell at a time.
        return (0..)
            .zip(cells)
            .all(|(c, &w)| CellWord(w).owner() != who || f(c));
    }
    // A cell is the player's when it holds a piece (count, bits 0-7) and its owner
    // field (bits 24-31) is the player + 2 (`CellWord`).
    let target = (who + 2) as u32;
    for (k, chunk) in (0..).zip(cells.chunks(32)) {
        let mut mask = 0u32;
        for (i, &w) in chunk.iter().enumerate() {
            let w = w as u32;
            mask |= ((((w & 0xff) != 0) & ((w >> 24) == target)) as u32) << i;
        }
        while mask != 0 {
            let i = mask.trailing_zeros() as i32;
            mask &= mask - 1;
            if !f(k * 32 + i) {
                return false;
            }
        }
    }
    true
}
