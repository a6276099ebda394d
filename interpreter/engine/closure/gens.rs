//! A move's generators as nested closures.

use super::masks::{for_each_kept, for_each_owned, for_each_set};
use super::{compile, slot, PlayerFn};
use super::{EmitFn, ExprFn, GensFn};
use crate::board::NONE;
use crate::engine::eval::Locals;
use crate::engine::state::{CellWord, State};
use crate::engine::Game;
use crate::ir::*;

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

/// The cells a loop over the mover's own cells looks at: all of them, or the mover's
/// list of a region or track.
#[derive(Clone, Copy)]
enum OwnedCells {
    All,
    Region(usize),
    Track(usize),
}

fn is_mover(e: &Expr) -> bool {
    matches!(e, Expr::Mover | Expr::Operand(Operand::Mover))
}

/// The cells of `d`, if `d` is all cells or the mover's list of a region or track.
fn owned_cells(d: &Domain) -> Option<OwnedCells> {
    match d {
        Domain::Cells => Some(OwnedCells::All),
        Domain::Region {
            region,
            player: Some(p),
        } if is_mover(p) => Some(OwnedCells::Region(*region)),
        Domain::Track {
            track,
            player: Some(p),
        } if is_mover(p) => Some(OwnedCells::Track(*track)),
        _ => None,
    }
}

/// A loop over any domain into local `s`, through the tree walker's `for_each_in`.
fn any_loop<T: Tail>(s: usize, domain: &Domain, next: T) -> GensFn {
    let domain = domain.clone();
    Box::new(move |g, st, l, emit| {
        crate::engine::loops::for_each_in(g, st, &domain, l, &mut |g, st, x, l| {
            l[s] = x;
            next(g, st, l, emit)
        })
    })
}

/// A loop into local `s` over the mover's own cells (of the board, or of his region or
/// track): one pass reading each cell's owner from the packed cells.
fn owned_loop<T: Tail>(s: usize, list: OwnedCells, next: T) -> GensFn {
    Box::new(move |g, st, l, emit| {
        let n = g.rules.board.cells.len();
        if !l.spend(n as u64) {
            return false;
        }
        let mover = st.mover().index();
        let who = mover as i32;
        let cells = &st.data[g.rules.cells_base..g.rules.cells_base + n];
        let mut visit = |c: i32, w: i32| {
            if CellWord(w).owner() != who {
                return true;
            }
            l[s] = c;
            next(g, st, l, emit)
        };
        let listed = match list {
            OwnedCells::All => {
                let kept = (0..=253)
                    .contains(&who)
                    .then(|| emit.masks.owned(cells, who))
                    .flatten();
                return match kept {
                    Some(runs) => for_each_set(&runs, n, |c| {
                        l[s] = c;
                        next(g, st, l, emit)
                    }),
                    None => for_each_owned(cells, who, |c| {
                        l[s] = c;
                        next(g, st, l, emit)
                    }),
                };
            }
            OwnedCells::Region(r) => &g.rules.board.regions[r].lists,
            OwnedCells::Track(t) => &g.rules.board.tracks[t].lists,
        };
        let listed = listed.get(mover).map_or(&[][..], Vec::as_slice);
        listed.iter().all(|&c| visit(c, cells[c as usize]))
    })
}

/// What a loop calls for each of its values: the rest of the chain. Loops are generic
/// over it, so that the short ends most chains have (nothing more, or one or two
/// `where`s before the binding is emitted) are fused into the loop's own closure, with
/// no call between the loop and the emit.
trait Tail: Fn(&Game, &State, &mut Locals, &mut EmitFn<'_>) -> bool + Send + Sync + 'static {}

impl<T> Tail for T where
    T: Fn(&Game, &State, &mut Locals, &mut EmitFn<'_>) -> bool + Send + Sync + 'static
{
}

/// The end of a chain after a loop, by its shape.
enum TailForm {
    /// The binding is complete.
    Emit,
    /// `where empty(x)`, then complete.
    WhereEmpty(usize),
    /// One `where`, then complete.
    Where(ExprFn),
    /// Two `where`s, then complete.
    Where2(ExprFn, ExprFn),
    /// Anything else: the rest of the chain as its own closure.
    Chain(GensFn),
}

fn tail_form(rest: &[Gen]) -> TailForm {
    match rest {
        [] => TailForm::Emit,
        [Gen::Where(Expr::Operand(Operand::Empty(c)), _)] => TailForm::WhereEmpty(slot(*c)),
        [Gen::Where(e, _)] => TailForm::Where(compile(e)),
        [Gen::Where(e, _), Gen::Where(f, _)] => TailForm::Where2(compile(e), compile(f)),
        _ => TailForm::Chain(compile_gens(rest)),
    }
}

/// Builds a loop with the rest of the chain `rest` fused in as `$next`.
macro_rules! with_tail {
    ($rest:expr, |$next:ident| $build:expr) => {
        match tail_form($rest) {
            TailForm::Emit => {
                let $next = |g: &Game, st: &State, l: &mut Locals, emit: &mut EmitFn<'_>| {
                    emit.emit(g, st, l)
                };
                $build
            }
            TailForm::WhereEmpty(c) => {
                let $next = move |g: &Game, st: &State, l: &mut Locals, emit: &mut EmitFn<'_>| {
                    let x = l[c];
                    !(x >= 0 && st.cell_at(g, x).count() == 0) || emit.emit(g, st, l)
                };
                $build
            }
            TailForm::Where(f) => {
                let $next = move |g: &Game, st: &State, l: &mut Locals, emit: &mut EmitFn<'_>| {
                    f(g, st, l) == 0 || emit.emit(g, st, l)
                };
                $build
            }
            TailForm::Where2(f, h) => {
                let $next = move |g: &Game, st: &State, l: &mut Locals, emit: &mut EmitFn<'_>| {
                    f(g, st, l) == 0 || h(g, st, l) == 0 || emit.emit(g, st, l)
                };
                $build
            }
            TailForm::Chain(rest) => {
                let $next = move |g: &Game, st: &State, l: &mut Locals, emit: &mut EmitFn<'_>| {
                    rest(g, st, l, emit)
                };
                $build
            }
        }
    };
}

/// A loop over the mover's row of fixed directions into local `s`.
fn dirs_loop<T: Tail>(s: usize, table: Vec<Vec<i32>>, next: T) -> GensFn {
    let size = table[0].len() as u64;
    Box::new(move |g, st, l, emit| {
        if !l.spend(size) {
            return false;
        }
        for &d in &table[st.mover().index().min(table.len() - 1)] {
            l[s] = d;
            if !next(g, st, l, emit) {
                return false;
            }
        }
        true
    })
}

/// A loop over every cell into local `s`.
fn cells_loop<T: Tail>(s: usize, next: T) -> GensFn {
    Box::new(move |g, st, l, emit| {
        let n = g.rules.board.cells.len();
        if !l.spend(n as u64) {
            return false;
        }
        for c in 0..n as i32 {
            l[s] = c;
            if !next(g, st, l, emit) {
                return false;
            }
        }
        true
    })
}

/// A loop into local `s` over the empty cells (count 0) of the board, for
/// `for s in cells where empty(s)`: the same cells, in the same order, and the same
/// budget spent as a loop over every cell followed by the `where`.
fn empty_cells_loop<T: Tail>(s: usize, next: T) -> GensFn {
    Box::new(move |g, st, l, emit| {
        let n = g.rules.board.cells.len();
        if !l.spend(n as u64) {
            return false;
        }
        let cells = &st.data[g.rules.cells_base..g.rules.cells_base + n];
        match emit.masks.empty(cells) {
            Some(runs) => for_each_set(&runs, n, |c| {
                l[s] = c;
                next(g, st, l, emit)
            }),
            None => for_each_kept(
                cells,
                |w| w & 0xff == 0,
                |c| {
                    l[s] = c;
                    next(g, st, l, emit)
                },
            ),
        }
    })
}

/// A loop into local `s` over the values a player's pool holds, in increasing order:
/// the same values and the same budget spent as `loops::for_each_in`.
fn pool_loop<T: Tail>(s: usize, pool: usize, player: PlayerFn, next: T) -> GensFn {
    Box::new(move |g, st, l, emit| {
        if !l.spend(8) {
            return false;
        }
        let Some(p) = player.get(g, st, l) else {
            return true;
        };
        let def = &g.rules.pools[pool];
        let base = def.base + p * def.width();
        let Some(counts) = st.data.get(base..base + def.width()) else {
            return true;
        };
        for (v, &k) in (def.low..).zip(counts) {
            if k > 0 {
                l[s] = v;
                if !next(g, st, l, emit) {
                    return false;
                }
            }
        }
        true
    })
}

/// A loop into local `s` over a player's list of a region or track (`for c in
/// region[p]`): the same cells, in the same order, and the same budget spent as
/// `loops::for_each_in`.
fn listed_loop<T: Tail>(s: usize, list: OwnedCells, player: PlayerFn, next: T) -> GensFn {
    Box::new(move |g, st, l, emit| {
        if !l.spend(8) {
            return false;
        }
        let Some(p) = player.get(g, st, l) else {
            return true;
        };
        let lists = match list {
            OwnedCells::Region(r) => &g.rules.board.regions[r].lists,
            OwnedCells::Track(t) => &g.rules.board.tracks[t].lists,
            OwnedCells::All => return true,
        };
        for &c in lists.get(p).map_or(&[][..], Vec::as_slice) {
            l[s] = c;
            if !next(g, st, l, emit) {
                return false;
            }
        }
        true
    })
}

/// The cell whose neighbours `d` lists, and the owner they are kept for, if any.
fn neighbours_of(d: &Domain) -> Option<(&Expr, u8, Option<&Expr>)> {
    match d {
        Domain::Neighbours(c, a) => Some((c, *a, None)),
        Domain::Owned { inner, owner } => match inner.as_ref() {
            Domain::Neighbours(c, a) => Some((c, *a, Some(owner))),
            _ => None,
        },
        _ => None,
    }
}

/// A loop into local `s` over the neighbours of a cell, maybe only those of one owner:
/// the same cells, in the same order, and the same budget spent as `loops::for_each_in`.
fn neighbours_loop<T: Tail>(
    s: usize,
    cell: ExprFn,
    adjacency: u8,
    owner: Option<ExprFn>,
    next: T,
) -> GensFn {
    Box::new(move |g, st, l, emit| {
        let who = owner.as_ref().map(|owner| owner(g, st, l));
        if !l.spend(8) {
            return false;
        }
        let c = cell(g, st, l);
        let Some(table) = g.rules.board.adjacency.get(adjacency as usize) else {
            return true;
        };
        let cells = &st.data[g.rules.cells_base..];
        for (i, &n) in table.of(c).iter().enumerate() {
            let open = !crate::engine::reach::cut_at(g, st, table, c, i);
            let kept =
                open && who.is_none_or(|p| n >= 0 && CellWord(cells[n as usize]).owner() == p);
            if kept {
                l[s] = n;
                if !next(g, st, l, emit) {
                    return false;
                }
            }
        }
        true
    })
}

/// For each row of a table of fixed directions and each cell, the (direction,
/// neighbour) pairs a loop over the row visits: `starts[row * cells + cell]` is where
/// the cell's run begins in `pairs`.
struct NeighbourTable {
    cells: usize,
    starts: Vec<u32>,
    pairs: Vec<(i32, i32)>,
}

impl NeighbourTable {
    fn new(board: &crate::board::Board, table: &[Vec<i32>], skip_none: bool) -> Self {
        let cells = board.cells.len();
        let mut starts = vec![0];
        let mut pairs = Vec::new();
        for row in table {
            for c in 0..cells as i32 {
                for &d in row {
                    let n = board.step(c, d);
                    if !(skip_none && n == NONE) {
                        pairs.push((d, n));
                    }
                }
                starts.push(pairs.len() as u32);
            }
        }
        NeighbourTable {
            cells,
            starts,
            pairs,
        }
    }

    /// The pairs of cell `c` in row `row`, if `c` is a cell.
    #[inline(always)]
    fn of(&self, row: usize, c: i32) -> Option<&[(i32, i32)]> {
        if c < 0 || c as usize >= self.cells {
            return None;
        }
        let i = row * self.cells + c as usize;
        let (a, b) = (*self.starts.get(i)?, *self.starts.get(i + 1)?);
        self.pairs.get(a as usize..b as usize)
    }
}

/// A loop over the mover's row of fixed directions into local `s`, each followed by
/// `let to = step(from, s)` (and `where to != none` when `skip_none`): the pairs of
/// direction and neighbour are read from a table made for the board on the first call.
fn neighbour_loop<T: Tail>(
    s: usize,
    table: Vec<Vec<i32>>,
    from: usize,
    to: usize,
    skip_none: bool,
    next: T,
) -> GensFn {
    Box::new(neighbour_tail(s, table, from, to, skip_none, next))
}

/// The loop of `neighbour_loop` as a tail, for a loop that runs it for each of its
/// values without a call through a trait object.
fn neighbour_tail<T: Tail>(
    s: usize,
    table: Vec<Vec<i32>>,
    from: usize,
    to: usize,
    skip_none: bool,
    next: T,
) -> impl Tail {
    let size = table[0].len() as u64;
    let pairs = std::sync::OnceLock::new();
    #[inline(always)]
    move |g: &Game, st: &State, l: &mut Locals, emit: &mut EmitFn<'_>| {
        if !l.spend(size) {
            return false;
        }
        let c = l[from];
        let row = st.mover().index().min(table.len() - 1);
        let pairs = pairs.get_or_init(|| NeighbourTable::new(&g.rules.board, &table, skip_none));
        if let Some(run) = pairs.of(row, c) {
            for &(d, n) in run {
                l[s] = d;
                l[to] = n;
                if !next(g, st, l, emit) {
                    return false;
                }
            }
            return true;
        }
        // Not a cell: every neighbour is none.
        for &d in &table[row] {
            let n = g.rules.board.step(c, d);
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
    }
}

/// A loop into local `s` over the mover's own cells `list`, then the generators `rest`:
/// when these begin with a loop over fixed directions and `let to = step(from, d)`,
/// that loop runs inside the first without a call between the two.
fn owned_then(s: usize, list: OwnedCells, rest: &[Gen]) -> GensFn {
    if let Some(Gen::For(d, Domain::FixedDirs(table))) = rest.first() {
        let d = slot(*d);
        if let (false, Some((from, to, skip_none, after))) =
            (table.is_empty(), neighbour_step(&rest[1..], d))
        {
            return with_tail!(after, |next| owned_loop(
                s,
                list,
                neighbour_tail(d, table.clone(), from, to, skip_none, next)
            ));
        }
    }
    with_tail!(rest, |next| owned_loop(s, list, next))
}

/// A move's generators as nested closures: each loop calls the rest of the chain for
/// each value, and the `let`s and `where`s between two loops run in one closure. The
/// bindings are those of `compile_watchable`'s chain run unwatched, in the same order.
pub(crate) fn compile_gens(gens: &[Gen]) -> GensFn {
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
            match neighbour_step(&gens[i + 1..], s) {
                // `let to = step(from, d)`, maybe with `where to != none`: the neighbour
                // is read from the board's table inside the loop.
                Some((from, to, skip_none, rest)) => {
                    with_tail!(rest, |next| neighbour_loop(
                        s, table, from, to, skip_none, next
                    ))
                }
                None => with_tail!(&gens[i + 1..], |next| dirs_loop(s, table, next)),
            }
        }
        Some(Gen::For(s, domain @ Domain::Owned { inner, owner })) if is_mover(owner) => {
            let s = slot(*s);
            match owned_cells(inner) {
                Some(list) => owned_then(s, list, &gens[i + 1..]),
                None => with_tail!(&gens[i + 1..], |next| any_loop(s, domain, next)),
            }
        }
        Some(Gen::For(s, Domain::Cells)) => {
            let s = slot(*s);
            match gens.get(i + 1) {
                Some(Gen::Where(Expr::Operand(Operand::Empty(c)), _)) if slot(*c) == s => {
                    with_tail!(&gens[i + 2..], |next| empty_cells_loop(s, next))
                }
                _ => with_tail!(&gens[i + 1..], |next| cells_loop(s, next)),
            }
        }
        Some(Gen::For(s, Domain::Pool { pool, player })) => {
            let (s, pool) = (slot(*s), *pool);
            let player = PlayerFn::of(player.as_ref());
            with_tail!(&gens[i + 1..], |next| pool_loop(s, pool, player, next))
        }
        Some(Gen::For(s, Domain::Region { region, player })) => {
            let (s, list) = (slot(*s), OwnedCells::Region(*region));
            let player = PlayerFn::of(player.as_ref());
            with_tail!(&gens[i + 1..], |next| listed_loop(s, list, player, next))
        }
        Some(Gen::For(s, Domain::Track { track, player })) => {
            let (s, list) = (slot(*s), OwnedCells::Track(*track));
            let player = PlayerFn::of(player.as_ref());
            with_tail!(&gens[i + 1..], |next| listed_loop(s, list, player, next))
        }
        Some(Gen::For(s, domain)) => {
            let s = slot(*s);
            match neighbours_of(domain) {
                Some((cell, adjacency, owner)) => {
                    let (cell, owner) = (compile(cell), owner.map(compile));
                    with_tail!(&gens[i + 1..], |next| {
                        neighbours_loop(s, cell, adjacency, owner, next)
                    })
                }
                None => with_tail!(&gens[i + 1..], |next| any_loop(s, domain, next)),
            }
        }
        _ => Box::new(|g, st, l, emit| emit.emit(g, st, l)),
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
