//! The game compiled to closures: expressions here, generators in `gens`, blocks of
//! effects in `stmt`. Every node of an expression tree becomes a small
//! function that calls its children directly, specialised by the node's shape and
//! operator. Evaluating then costs one short call per node instead of a pass through
//! the tree walker's large `match`, whose every call saves and restores many registers.
//! The values are exactly the tree walker's (`eval`), which stays for everything else.

mod aggregate;
mod emit;
mod gens;
mod masks;
mod stmt;
mod watched;

pub use emit::Emit;
pub(crate) use gens::compile_gens;
pub(crate) use stmt::compile_block;
pub(crate) use watched::{compile_watchable, GenWatcher};

use super::eval::{self, Locals};
use super::exec::{Fallible, Flow};
use super::state::{CellWord, State};
use super::Game;
use crate::board::NONE;
use crate::ir::*;

/// An expression as a function of the state and the locals: each node a small
/// function calling its children.
pub type ExprFn = Box<dyn Fn(&Game, &State, &mut Locals) -> i32 + Send + Sync>;

/// A block of statements as one function.
pub type BlockFn = Box<dyn Fn(&Game, &mut State, &mut Locals, &mut Flow) -> Fallible + Send + Sync>;

/// Receives each complete binding of a move's generators; returns false to stop.
pub type EmitFn<'a> = Emit<'a>;

/// A move's generators as one function; returns false when `emit` stopped it.
pub type GensFn = Box<dyn Fn(&Game, &State, &mut Locals, &mut EmitFn<'_>) -> bool + Send + Sync>;

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
        PlayerFn::of(p.as_deref())
    }

    fn of(p: Option<&Expr>) -> PlayerFn {
        match p {
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
            PlayerFn::Mover => Some(state.mover().index()),
            PlayerFn::Computed(f) => {
                let v = f(game, state, locals);
                (v >= 0 && (v as usize) < game.rules.players.len()).then_some(v as usize)
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
        Operand::Mover => Box::new(|_, st, _| st.mover().index() as i32),
        Operand::Counter(i) => Box::new(move |_, st, _| st.data.get(i).copied().unwrap_or(0)),
        Operand::Step(c, d) => {
            let (c, d) = (slot(c), slot(d));
            Box::new(move |g, _, l| g.rules.board.step(l[c], l[d]))
        }
        Operand::Owner(c) => {
            let c = slot(c);
            Box::new(move |g, st, l| st.cell_at(g, l[c]).owner())
        }
        Operand::Count(c) => {
            let c = slot(c);
            Box::new(move |g, st, l| st.cell_at(g, l[c]).count())
        }
        Operand::Value(c) => {
            let c = slot(c);
            Box::new(move |g, st, l| st.cell_at(g, l[c]).value())
        }
        Operand::Empty(c) => {
            let c = slot(c);
            Box::new(move |g, st, l| {
                let c = l[c];
                (c >= 0 && st.cell_at(g, c).count() == 0) as i32
            })
        }
        Operand::TrackPosMover(t, c) => {
            let (t, c) = (t as usize, slot(c));
            Box::new(move |g, st, l| eval::track_pos(g, t, st.mover().index(), l[c]))
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
            Box::new(move |g, st, l| f(st.cell_at(g, l[x]).owner(), st.mover().index() as i32))
        }
        (Owner(x), Opponent) => {
            let x = slot(x);
            Box::new(move |g, st, l| {
                f(
                    st.cell_at(g, l[x]).owner(),
                    eval::opponent(g, st.mover().index() as i32),
                )
            })
        }
        (Count(x), Const(c)) => {
            let x = slot(x);
            Box::new(move |g, st, l| f(st.cell_at(g, l[x]).count(), c))
        }
        (Value(x), Value(y)) => two_cells(slot(x), slot(y), CellWord::value, f),
        (Owner(x), Owner(y)) => two_cells(slot(x), slot(y), CellWord::owner, f),
        (Count(x), Count(y)) => two_cells(slot(x), slot(y), CellWord::count, f),
        (Value(x), Const(c)) => {
            let x = slot(x);
            Box::new(move |g, st, l| f(st.cell_at(g, l[x]).value(), c))
        }
        (Owner(x), Const(c)) => {
            let x = slot(x);
            Box::new(move |g, st, l| f(st.cell_at(g, l[x]).owner(), c))
        }
        (Local(x), ZoneMover(_)) | (Local(x), Counter(_)) | (Local(x), TrackPosMover(..)) => {
            let x = slot(x);
            Box::new(move |g, st, l| f(l[x], eval::operand(g, st, b, l)))
        }
        _ => Box::new(move |g, st, l| f(eval::operand(g, st, a, l), eval::operand(g, st, b, l))),
    }
}

/// The same read of two cells (in locals `x` and `y`) combined by `f`.
fn two_cells<R, F>(x: usize, y: usize, read: R, f: F) -> ExprFn
where
    R: Fn(CellWord) -> i32 + Send + Sync + Copy + 'static,
    F: Fn(i32, i32) -> i32 + Send + Sync + Copy + 'static,
{
    Box::new(move |g, st, l| f(read(st.cell_at(g, l[x])), read(st.cell_at(g, l[y]))))
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
        Expr::Numbered { expr, .. } => compile(expr),
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
        Expr::DirIn(a, mask) => {
            let (a, mask) = (compile(a), *mask);
            Box::new(move |g, st, l| crate::ir::dir_in(a(g, st, l), mask))
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
        Expr::Phase => Box::new(|_, st, _| st.phase().index() as i32),
        &Expr::Occurrences(set) => Box::new(move |g, st, _| st.occurrences(g, set as usize)),
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
            Box::new(move |g, st, l| st.cell_at(g, c(g, st, l)).owner())
        }
        Expr::Value(c) => {
            let c = compile(c);
            Box::new(move |g, st, l| st.cell_at(g, c(g, st, l)).value())
        }
        Expr::Count(c) => {
            let c = compile(c);
            Box::new(move |g, st, l| st.cell_at(g, c(g, st, l)).count())
        }
        Expr::Empty(c) => {
            let c = compile(c);
            Box::new(move |g, st, l| {
                let c = c(g, st, l);
                (c >= 0 && st.cell_at(g, c).count() == 0) as i32
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
                let w = st.cell_at(g, c(g, st, l));
                (w.count() > 0 && w.piece() == piece) as i32
            })
        }
        Expr::IsKind(c, k) => {
            let (c, k) = (compile(c), compile(k));
            Box::new(move |g, st, l| {
                let w = st.cell_at(g, c(g, st, l));
                (w.count() > 0 && i32::from(w.piece()) == k(g, st, l)) as i32
            })
        }
        Expr::Step(c, d) => {
            let (c, d) = (compile(c), compile(d));
            Box::new(move |g, st, l| {
                let c = c(g, st, l);
                let d = d(g, st, l);
                g.rules.board.step(c, d)
            })
        }
        Expr::Slide(c, d) => {
            let (c, d) = (compile(c), compile(d));
            Box::new(move |g, st, l| {
                let c = c(g, st, l);
                let d = d(g, st, l);
                g.rules.board.slide(c, d, |x| st.cell_at(g, x).count() == 0)
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
                super::reach::reach(g, st, op, &v[..args.len()], l.meter())
            })
        }
        Expr::RelDir(r) => {
            let r = *r as usize;
            Box::new(move |g, st, _| eval::rel_dir(g, r, st.mover().index()))
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
                    .map_or(0, |p| g.rules.board.tracks[t].lists[p].len() as i32)
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
            if let Some(f) = aggregate::over_cells(*op, *s, domain, filter, value) {
                return f;
            }
            // The loop itself is the tree walker's; what it evaluates per element is
            // compiled.
            let (op, s) = (*op, *s);
            let domain = domain.as_ref().clone();
            let compiled = |e: &Option<Box<Expr>>| e.as_deref().map(compile);
            let (filter, value) = (compiled(filter), compiled(value));
            Box::new(move |g, st, l| {
                crate::engine::loops::aggregate(
                    g,
                    st,
                    op,
                    s,
                    &domain,
                    filter.as_ref(),
                    value.as_ref(),
                    l,
                )
            })
        }
        Expr::Let {
            slot: s,
            value,
            body,
        } => {
            let (s, value, body) = (slot(*s), compile(value), compile(body));
            Box::new(move |g, st, l| {
                l[s] = value(g, st, l);
                body(g, st, l)
            })
        }
        Expr::Can(action) => {
            let action = *action;
            Box::new(move |g, st, l| eval::can(g, st, action, l.meter()))
        }
    }
}
