//! Expressions compiled to closures: every node of an expression tree becomes a small
//! function that calls its children directly, specialised by the node's shape and
//! operator. Evaluating then costs one short call per node instead of a pass through
//! the tree walker's large `match`, whose every call saves and restores many registers.
//! The values are exactly the tree walker's (`eval`), which stays for everything else.

use std::sync::Arc;

use super::eval::{self, Locals};
use super::exec::effect;
use super::state::State;
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
fn slot(s: u8) -> usize {
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

/// A `let` or `where` of a generator chain.
enum Plain {
    Let(usize, ExprFn),
    Where(ExprFn),
}

/// After a loop over directions into local `dir`: `let to = step(from, dir)` and maybe
/// `where to != none`. Gives the slots of `from` and `to`, whether cells off the board
/// are skipped, and the generators after them.
fn neighbour_step(gens: &[Gen], dir: usize) -> Option<(usize, usize, bool, &[Gen])> {
    let Some(Gen::Let(to, Expr::Operand(Operand::Step(from, d)))) = gens.first() else {
        return None;
    };
    let (to, from) = (slot(*to), slot(*from));
    if slot(*d) != dir || from == dir || to == dir || to == from {
        return None;
    }
    let rest = &gens[1..];
    let off_board = |e: &Expr| match e {
        Expr::Simple(BinOp::Ne, Operand::Local(x), Operand::Const(NONE))
        | Expr::Simple(BinOp::Ne, Operand::Const(NONE), Operand::Local(x)) => slot(*x) == to,
        _ => false,
    };
    match rest.first() {
        Some(Gen::Where(e, _)) if off_board(e) => Some((from, to, true, &rest[1..])),
        _ => Some((from, to, false, rest)),
    }
}

/// A move's generators as nested closures: each loop calls the rest of the chain for
/// each value, and the `let`s and `where`s between two loops run in one closure. The
/// bindings are those of `eval::generate`, in the same order.
pub fn compile_gens(gens: &[Gen]) -> GensFn {
    let mut plain = Vec::new();
    let mut i = 0;
    while let Some(g) = gens.get(i) {
        match g {
            Gen::Let(s, e) => plain.push(Plain::Let(slot(*s), compile(e))),
            Gen::Where(e, _) => plain.push(Plain::Where(compile(e))),
            Gen::For(..) => break,
        }
        i += 1;
    }
    let rest: GensFn = match gens.get(i) {
        Some(Gen::For(s, Domain::FixedDirs(table))) if !table.is_empty() => {
            // Directions fixed per player: a loop over the mover's row of the table.
            let (s, table) = (slot(*s), table.clone());
            let size = table[0].len() as u64;
            if let Some((from, to, skip_none, rest)) = neighbour_step(&gens[i + 1..], s) {
                // `let to = step(from, d)`, maybe with `where to != none`: the neighbour
                // is read from the board's table inside the loop.
                let next = compile_gens(rest);
                return Box::new(move |g, st, l, emit| {
                    if !eval::budget::spend(size) {
                        return false;
                    }
                    let c = l[from];
                    for &d in &table[st.mover().min(table.len() - 1)] {
                        let n = g.board.step(c, d);
                        if skip_none && n == NONE {
                            continue;
                        }
                        l[s] = d;
                        l[to] = n;
                        if !next(g, st, l, emit) {
                            return false;
                        }
                    }
                    true
                });
            }
            let next = compile_gens(&gens[i + 1..]);
            Box::new(move |g, st, l, emit| {
                if !eval::budget::spend(size) {
                    return false;
                }
                for &d in &table[st.mover().min(table.len() - 1)] {
                    l[s] = d;
                    if !next(g, st, l, emit) {
                        return false;
                    }
                }
                true
            })
        }
        Some(Gen::For(s, Domain::Owned { inner, owner }))
            if matches!(**inner, Domain::Cells)
                && matches!(owner, Expr::Mover | Expr::Operand(Operand::Mover)) =>
        {
            // The cells the mover occupies: one scan of the packed cells.
            let next = compile_gens(&gens[i + 1..]);
            let s = slot(*s);
            Box::new(move |g, st, l, emit| {
                let n = g.board.cells.len();
                if !eval::budget::spend(n as u64) {
                    return false;
                }
                let who = st.mover() as i32;
                let cells = &st.data[g.cells_base..g.cells_base + n];
                for (c, &w) in cells.iter().enumerate() {
                    if super::state::CellWord(w).owner() == who {
                        l[s] = c as i32;
                        if !next(g, st, l, emit) {
                            return false;
                        }
                    }
                }
                true
            })
        }
        Some(Gen::For(s, domain)) => {
            let next = compile_gens(&gens[i + 1..]);
            let (s, domain) = (slot(*s), domain.clone());
            Box::new(move |g, st, l, emit| {
                eval::for_each_in(g, st, &domain, l, &mut |g, st, x, l| {
                    l[s] = x;
                    next(g, st, l, emit)
                })
            })
        }
        _ => Box::new(|g, st, l, emit| emit(g, st, l)),
    };
    // The most frequent runs between two loops get a closure without a loop.
    let mut items = plain.into_iter();
    let plain: Vec<Plain> = match (items.next(), items.next(), items.next()) {
        (None, ..) => return rest,
        (Some(Plain::Let(s, f)), None, _) => {
            return Box::new(move |g, st, l, emit| {
                l[s] = f(g, st, l);
                rest(g, st, l, emit)
            })
        }
        (Some(Plain::Where(f)), None, _) => {
            return Box::new(move |g, st, l, emit| f(g, st, l) == 0 || rest(g, st, l, emit))
        }
        (Some(Plain::Let(s, f)), Some(Plain::Where(w)), None) => {
            return Box::new(move |g, st, l, emit| {
                l[s] = f(g, st, l);
                w(g, st, l) == 0 || rest(g, st, l, emit)
            })
        }
        (Some(Plain::Let(s, f)), Some(Plain::Where(w)), Some(Plain::Where(v)))
            if items.len() == 0 =>
        {
            return Box::new(move |g, st, l, emit| {
                l[s] = f(g, st, l);
                w(g, st, l) == 0 || v(g, st, l) == 0 || rest(g, st, l, emit)
            })
        }
        (a, b, c) => [a, b, c].into_iter().flatten().chain(items).collect(),
    };
    Box::new(move |g, st, l, emit| {
        for p in &plain {
            match p {
                Plain::Let(s, f) => l[*s] = f(g, st, l),
                Plain::Where(f) => {
                    if f(g, st, l) == 0 {
                        return true;
                    }
                }
            }
        }
        rest(g, st, l, emit)
    })
}

/// One statement as a closure.
type StmtFn = BlockFn;

/// A block of statements as one closure running each in turn, with the same effects
/// and errors as the tree runner (`exec`).
pub fn compile_block(stmts: &[Stmt]) -> BlockFn {
    let mut fns: Vec<StmtFn> = stmts.iter().map(compile_stmt).collect();
    match fns.len() {
        0 => Box::new(|_, _, _, _, _| Ok(())),
        1 => fns.remove(0),
        _ => Box::new(move |g, j, st, l, flow| {
            for f in &fns {
                f(g, j, st, l, flow)?;
            }
            Ok(())
        }),
    }
}

/// A player operand of a statement: `None` when it names none.
fn opt(e: &Option<Expr>) -> Option<Arg> {
    e.as_ref().map(arg)
}

/// Evaluates an optional player operand.
#[inline(always)]
fn opt_value(f: &Option<Arg>, g: &Game, st: &State, l: &mut Locals) -> Option<i32> {
    f.as_ref().map(|f| f.get(g, st, l))
}

/// An operand of a statement: a constant or a local is read in place (a statement's
/// effect costs far more than the test), anything else is a call.
enum Arg {
    Const(i32),
    Local(usize),
    Call(ExprFn),
}

impl Arg {
    #[inline(always)]
    fn get(&self, g: &Game, st: &State, l: &mut Locals) -> i32 {
        match self {
            Arg::Const(c) => *c,
            Arg::Local(s) => l[*s],
            Arg::Call(f) => f(g, st, l),
        }
    }
}

fn arg(e: &Expr) -> Arg {
    match e {
        Expr::Const(c) | Expr::Operand(Operand::Const(c)) => Arg::Const(*c),
        Expr::Local(s) | Expr::Operand(Operand::Local(s)) => Arg::Local(slot(*s)),
        _ => Arg::Call(compile(e)),
    }
}

fn compile_stmt(s: &Stmt) -> StmtFn {
    let span = s.span;
    match &s.kind {
        StmtKind::If(c, a, b) => {
            let (c, a, b) = (arg(c), compile_block(a), compile_block(b));
            Box::new(move |g, j, st, l, flow| {
                if c.get(g, st, l) != 0 {
                    a(g, j, st, l, flow)
                } else {
                    b(g, j, st, l, flow)
                }
            })
        }
        StmtKind::Let(s, e) => {
            let (s, e) = (slot(*s), arg(e));
            Box::new(move |g, _, st, l, _| {
                l[s] = e.get(g, st, l);
                Ok(())
            })
        }
        StmtKind::For(s, domain, filter, body) => {
            let (s, body) = (slot(*s), compile_block(body));
            let filter = opt(filter);
            let mut domain = domain.clone();
            lower_domain(&mut domain);
            Box::new(move |g, j, st, l, flow| {
                for x in effect::domain_items(g, st, &domain, l) {
                    l[s] = x;
                    if let Some(f) = &filter {
                        if f.get(g, st, l) == 0 {
                            continue;
                        }
                    }
                    body(g, j, st, l, flow)?;
                }
                Ok(())
            })
        }
        StmtKind::Continue => Box::new(|_, _, _, _, flow| {
            flow.cont = true;
            Ok(())
        }),
        StmtKind::Move(from, to) => {
            let (from, to) = (arg(from), arg(to));
            Box::new(move |g, j, st, l, _| {
                let a = from.get(g, st, l);
                let b = to.get(g, st, l);
                effect::move_piece(g, j, st, a, b, span)
            })
        }
        StmtKind::Put {
            count,
            piece,
            owner,
            value,
            at,
        } => {
            let (count, piece) = (*count, *piece);
            let (owner, value, at) = (opt(owner), opt(value), arg(at));
            Box::new(move |g, j, st, l, _| {
                let c = at.get(g, st, l);
                let o = opt_value(&owner, g, st, l);
                let v = opt_value(&value, g, st, l);
                effect::put(g, j, st, c, count, piece, o, v, span)
            })
        }
        StmtKind::Remove(c) => {
            let c = arg(c);
            Box::new(move |g, j, st, l, _| {
                let c = c.get(g, st, l);
                effect::remove(g, j, st, c, span)
            })
        }
        StmtKind::Take {
            pool,
            player,
            value,
        } => {
            let (pool, player, value) = (*pool, opt(player), arg(value));
            Box::new(move |g, j, st, l, _| {
                let p = opt_value(&player, g, st, l);
                let v = value.get(g, st, l);
                effect::take(g, j, st, pool, p, v, span)
            })
        }
        StmtKind::AddPool {
            pool,
            player,
            value,
            times,
        } => {
            let (pool, player, value, times) = (*pool, opt(player), arg(value), opt(times));
            Box::new(move |g, j, st, l, _| {
                let p = opt_value(&player, g, st, l);
                let v = value.get(g, st, l);
                let n = opt_value(&times, g, st, l).unwrap_or(1);
                effect::add_pool(g, j, st, pool, p, v, n, span)
            })
        }
        StmtKind::Clear { pool, player } => {
            let (pool, player) = (*pool, opt(player));
            Box::new(move |g, j, st, l, _| {
                let p = opt_value(&player, g, st, l);
                effect::clear(g, j, st, pool, p, span)
            })
        }
        StmtKind::SetValue(c, v) => {
            let (c, v) = (arg(c), arg(v));
            Box::new(move |g, j, st, l, _| {
                let c = c.get(g, st, l);
                let v = v.get(g, st, l);
                effect::set_value(g, j, st, c, v, span)
            })
        }
        StmtKind::Chance(c) => {
            let c = i32::from(*c);
            Box::new(move |_, j, st, _, _| {
                j.write(st, SLOT_CHANCE, c);
                Ok(())
            })
        }
        StmtKind::SetMover(p) => {
            let p = arg(p);
            Box::new(move |g, j, st, l, _| {
                let p = p.get(g, st, l);
                effect::set_mover(g, j, st, p, span)
            })
        }
        StmtKind::HandTo(p) => {
            let p = arg(p);
            Box::new(move |g, j, st, l, flow| {
                let p = p.get(g, st, l);
                effect::hand_to(g, j, st, p, flow, span)
            })
        }
        StmtKind::HandBack => Box::new(|_, j, st, _, flow| {
            effect::hand_back(j, st, flow);
            Ok(())
        }),
        StmtKind::Assign {
            counter,
            player,
            op,
            value,
        } => {
            let (counter, player, op, value) = (*counter, opt(player), *op, arg(value));
            Box::new(move |g, j, st, l, _| {
                let p = opt_value(&player, g, st, l);
                let v = value.get(g, st, l);
                effect::assign(g, j, st, counter, p, op, v, span)
            })
        }
    }
}
