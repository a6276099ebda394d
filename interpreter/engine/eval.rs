//! Evaluating expressions and running generators over a state. Reads only; never
//! allocates. Out-of-range reads are total: a missing cell is empty, a missing counter 0,
//! a division by zero 0, so a rules file cannot crash the engine by reading.

use super::state::State;
use super::Game;
use crate::board::NONE;
use crate::ir::*;

pub type Locals = [i32; MAX_LOCALS];

#[inline]
pub(crate) fn player_slot(
    game: &Game,
    p: Option<&Expr>,
    state: &State,
    locals: &mut Locals,
) -> Option<usize> {
    match p {
        None => Some(0),
        Some(e) => {
            let v = eval(game, state, e, locals);
            (v >= 0 && (v as usize) < game.players.len()).then_some(v as usize)
        }
    }
}

/// The slot of a pool's count for `value`, if in range.
#[inline]
pub(crate) fn pool_slot(game: &Game, pool: usize, player: usize, value: i32) -> Option<usize> {
    let def = &game.pools[pool];
    if value < def.low || value > def.high {
        return None;
    }
    Some(def.base + player * def.width() + (value - def.low) as usize)
}

pub(crate) fn pool_size(game: &Game, state: &State, pool: usize, player: usize) -> i32 {
    let def = &game.pools[pool];
    let base = def.base + player * def.width();
    state.data[base..base + def.width()].iter().sum()
}

/// The position of `cell` on player `p`'s way along a track (NONE off it).
#[inline]
pub(crate) fn track_pos(game: &Game, track: usize, p: usize, cell: i32) -> i32 {
    if cell < 0 {
        return NONE;
    }
    game.board.tracks[track].pos[p]
        .get(cell as usize)
        .copied()
        .unwrap_or(NONE)
}

/// The cell at position `i` of player `p`'s way along a track (NONE past its ends).
#[inline]
pub(crate) fn track_at(game: &Game, track: usize, p: usize, i: i32) -> i32 {
    if i < 0 {
        return NONE;
    }
    game.board.tracks[track].lists[p]
        .get(i as usize)
        .copied()
        .unwrap_or(NONE)
}

/// Whether `cell` is in player `p`'s part of a region.
#[inline]
pub(crate) fn in_region(game: &Game, region: usize, p: usize, cell: i32) -> bool {
    cell >= 0
        && game.board.regions[region].member[p]
            .get(cell as usize)
            .copied()
            .unwrap_or(false)
}

/// Whether `cell` is on player `p`'s way along a track.
#[inline]
pub(crate) fn in_track(game: &Game, track: usize, p: usize, cell: i32) -> bool {
    track_pos(game, track, p, cell) >= 0
}

/// A zone's cell (player `p`'s, for a zone kept per player).
#[inline]
pub(crate) fn zone_cell(game: &Game, zone: usize, p: i32) -> i32 {
    let z = &game.board.zones[zone];
    if !z.per_player {
        return z.cells[0];
    }
    if p < 0 {
        return NONE;
    }
    z.cells.get(p as usize).copied().unwrap_or(NONE)
}

/// Whether player `p`'s part of a pool holds `value`.
#[inline]
pub(crate) fn pool_has(game: &Game, state: &State, pool: usize, p: usize, value: i32) -> bool {
    pool_slot(game, pool, p, value).is_some_and(|s| state.data[s] > 0)
}

/// A direction relative to the mover.
#[inline]
pub(crate) fn rel_dir(game: &Game, r: usize, mover: usize) -> i32 {
    game.board
        .rel_dirs
        .get(r)
        .and_then(|d| d.1.get(mover))
        .map_or(NONE, |&d| d as i32)
}

pub fn opponent(game: &Game, p: i32) -> i32 {
    if p < 0 {
        return NONE;
    }
    // The next player, after the last the first; without a division for players in
    // range.
    let next = p + 1;
    let n = game.players.len().max(1) as i32;
    if next < n {
        next
    } else if next == n {
        0
    } else {
        next % n
    }
}

#[inline(always)]
pub(crate) fn operand(game: &Game, state: &State, o: Operand, locals: &Locals) -> i32 {
    match o {
        Operand::Const(c) => c,
        Operand::Local(s) => locals[s as usize],
        Operand::Mover => state.mover().index() as i32,
        Operand::Opponent => opponent(game, state.mover().index() as i32),
        Operand::Owner(s) => state.cell_at(game, locals[s as usize]).owner(),
        Operand::Value(s) => state.cell_at(game, locals[s as usize]).value(),
        Operand::Count(s) => state.cell_at(game, locals[s as usize]).count(),
        Operand::Empty(s) => {
            let c = locals[s as usize];
            (c >= 0 && state.cell_at(game, c).count() == 0) as i32
        }
        Operand::Counter(slot) => state.data[slot],
        Operand::Step(c, d) => game.board.step(locals[c as usize], locals[d as usize]),
        Operand::ZoneMover(z) => game.board.zones[z as usize]
            .cells
            .get(state.mover().index())
            .copied()
            .unwrap_or(NONE),
        Operand::CounterMover(base) => state.data[base + state.mover().index()],
        Operand::TrackPosMover(t, s) => {
            track_pos(game, t as usize, state.mover().index(), locals[s as usize])
        }
    }
}

#[inline(always)]
pub(crate) fn binary(op: BinOp, x: i32, y: i32) -> i32 {
    op.apply(x, y)
}

/// The value of an expression. Leaves and two-leaf operations, the most frequent
/// nodes, are handled here without a call; the rest in `eval_node`.
#[inline]
pub fn eval(game: &Game, state: &State, e: &Expr, locals: &mut Locals) -> i32 {
    match e {
        Expr::Operand(o) => operand(game, state, *o, locals),
        Expr::Simple(op, a, b) => binary(
            *op,
            operand(game, state, *a, locals),
            operand(game, state, *b, locals),
        ),
        Expr::Numbered { id, expr } => match game.exprs.get(*id as usize) {
            Some(f) => f(game, state, locals),
            None => eval_node(game, state, expr, locals),
        },
        _ => eval_node(game, state, e, locals),
    }
}

#[inline(never)]
fn eval_node(game: &Game, state: &State, e: &Expr, locals: &mut Locals) -> i32 {
    match e {
        Expr::Operand(o) => operand(game, state, *o, locals),
        Expr::Simple(op, a, b) => binary(
            *op,
            operand(game, state, *a, locals),
            operand(game, state, *b, locals),
        ),
        Expr::Const(c) => *c,
        Expr::Local(s) => locals[*s as usize],
        Expr::Mover => state.mover().index() as i32,
        Expr::Phase => state.phase().index() as i32,
        Expr::Opponent(p) => {
            let p = eval(game, state, p, locals);
            opponent(game, p)
        }
        Expr::Counter { base, player } => match player_slot(game, player.as_deref(), state, locals)
        {
            Some(p) => state.data[base + p],
            None => 0,
        },
        Expr::Owner(c) => {
            let c = eval(game, state, c, locals);
            state.cell_at(game, c).owner()
        }
        Expr::Value(c) => {
            let c = eval(game, state, c, locals);
            state.cell_at(game, c).value()
        }
        Expr::Count(c) => {
            let c = eval(game, state, c, locals);
            state.cell_at(game, c).count()
        }
        Expr::Empty(c) => {
            let c = eval(game, state, c, locals);
            (c >= 0 && state.cell_at(game, c).count() == 0) as i32
        }
        Expr::Layer(read, c, k) => {
            let c = eval(game, state, c, locals);
            let k = eval(game, state, k, locals);
            read_layer(*read, state.layer(game, c, k))
        }
        Expr::Layers(c) => {
            let c = eval(game, state, c, locals);
            state.layer_count(game, c)
        }
        Expr::Pieces(c, p) => {
            let c = eval(game, state, c, locals);
            let p = eval(game, state, p, locals);
            state.pieces_of(game, c, p)
        }
        Expr::Is(c, piece) => {
            let c = eval(game, state, c, locals);
            let w = state.cell_at(game, c);
            (w.count() > 0 && w.piece() == *piece) as i32
        }
        Expr::Step(c, d) => {
            let c = eval(game, state, c, locals);
            let d = eval(game, state, d, locals);
            game.board.step(c, d)
        }
        Expr::Slide(c, d) => {
            let c = eval(game, state, c, locals);
            let d = eval(game, state, d, locals);
            game.board
                .slide(c, d, |x| state.cell_at(game, x).count() == 0)
        }
        Expr::Reach(op, args) => {
            let mut v = [NONE; 3];
            for (x, a) in v.iter_mut().zip(args) {
                *x = eval(game, state, a, locals);
            }
            super::reach::reach(game, state, *op, &v[..args.len().min(3)])
        }
        Expr::RelDir(r) => rel_dir(game, *r as usize, state.mover().index()),
        Expr::TrackPos {
            track,
            player,
            cell,
        } => {
            let Some(p) = player_slot(game, player.as_deref(), state, locals) else {
                return NONE;
            };
            track_pos(game, *track, p, eval(game, state, cell, locals))
        }
        Expr::TrackAt {
            track,
            player,
            index,
        } => {
            let Some(p) = player_slot(game, player.as_deref(), state, locals) else {
                return NONE;
            };
            track_at(game, *track, p, eval(game, state, index, locals))
        }
        Expr::TrackLen { track, player } => {
            let Some(p) = player_slot(game, player.as_deref(), state, locals) else {
                return 0;
            };
            game.board.tracks[*track].lists[p].len() as i32
        }
        Expr::InRegion {
            region,
            player,
            cell,
        } => {
            let Some(p) = player_slot(game, player.as_deref(), state, locals) else {
                return 0;
            };
            in_region(game, *region, p, eval(game, state, cell, locals)) as i32
        }
        Expr::InTrack {
            track,
            player,
            cell,
        } => {
            let Some(p) = player_slot(game, player.as_deref(), state, locals) else {
                return 0;
            };
            in_track(game, *track, p, eval(game, state, cell, locals)) as i32
        }
        Expr::ZoneCell { zone, player } => {
            let p = eval(game, state, player, locals);
            zone_cell(game, *zone, p)
        }
        Expr::PoolSize { pool, player } => {
            match player_slot(game, player.as_deref(), state, locals) {
                Some(p) => pool_size(game, state, *pool, p),
                None => 0,
            }
        }
        Expr::PoolHas {
            pool,
            player,
            value,
        } => {
            let Some(p) = player_slot(game, player.as_deref(), state, locals) else {
                return 0;
            };
            let v = eval(game, state, value, locals);
            pool_has(game, state, *pool, p, v) as i32
        }
        Expr::Not(a) => (eval(game, state, a, locals) == 0) as i32,
        Expr::Neg(a) => eval(game, state, a, locals).wrapping_neg(),
        Expr::And(a, b) => {
            (eval(game, state, a, locals) != 0 && eval(game, state, b, locals) != 0) as i32
        }
        Expr::Or(a, b) => {
            (eval(game, state, a, locals) != 0 || eval(game, state, b, locals) != 0) as i32
        }
        Expr::Binary(op, a, b) => {
            let x = eval(game, state, a, locals);
            let y = eval(game, state, b, locals);
            binary(*op, x, y)
        }
        Expr::If(c, a, b) => {
            if eval(game, state, c, locals) != 0 {
                eval(game, state, a, locals)
            } else {
                eval(game, state, b, locals)
            }
        }
        Expr::Min(a, b) => eval(game, state, a, locals).min(eval(game, state, b, locals)),
        Expr::Max(a, b) => eval(game, state, a, locals).max(eval(game, state, b, locals)),
        Expr::Abs(a) => eval(game, state, a, locals).wrapping_abs(),
        Expr::Aggregate {
            op,
            slot,
            domain,
            filter,
            value,
        } => aggregate(
            game,
            state,
            *op,
            *slot,
            domain,
            filter.as_deref(),
            value.as_deref(),
            locals,
        ),
        Expr::Can(action) => can(game, state, *action),
        Expr::Numbered { expr, .. } => eval(game, state, expr, locals),
    }
}

#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn aggregate<V: Evaluate + ?Sized>(
    game: &Game,
    state: &State,
    op: AggOp,
    slot: u8,
    domain: &Domain,
    filter: Option<&V>,
    value: Option<&V>,
    locals: &mut Locals,
) -> i32 {
    if let Domain::Pool { pool, player } = domain {
        return pool_aggregate(
            game,
            state,
            op,
            slot,
            *pool,
            player.as_ref(),
            filter,
            value,
            locals,
        );
    }
    let mut acc: Option<i32> = None;
    let mut count = 0i32;
    let slot = slot as usize;
    let mut stop = false;
    for_each_in(
        game,
        state,
        domain,
        locals,
        &mut |game, state, x, locals| {
            locals[slot] = x;
            if let Some(f) = filter {
                if f.evaluate(game, state, locals) == 0 {
                    if op == AggOp::All {
                        // A counterexample: not all hold.
                        stop = true;
                        return false;
                    }
                    return true;
                }
            }
            count += 1;
            match op {
                AggOp::Exists => {
                    stop = true;
                    false
                }
                AggOp::Count | AggOp::All => true,
                AggOp::Sum | AggOp::Min | AggOp::Max => {
                    let v = value.map_or(x, |v| v.evaluate(game, state, locals));
                    acc = Some(match (op, acc) {
                        (_, None) => v,
                        (AggOp::Sum, Some(a)) => a.wrapping_add(v),
                        (AggOp::Min, Some(a)) => a.min(v),
                        (_, Some(a)) => a.max(v),
                    });
                    true
                }
            }
        },
    );
    match op {
        AggOp::Count => count,
        AggOp::Exists => stop as i32,
        AggOp::All => (!stop) as i32,
        _ => acc.unwrap_or(0),
    }
}

/// An aggregate over a pool counts every item: a pool [6, 6, 1] has count 3, sum 13.
#[allow(clippy::too_many_arguments)]
fn pool_aggregate<V: Evaluate + ?Sized>(
    game: &Game,
    state: &State,
    op: AggOp,
    slot: u8,
    pool: usize,
    player: Option<&Expr>,
    filter: Option<&V>,
    value: Option<&V>,
    locals: &mut Locals,
) -> i32 {
    let Some(p) = player_slot(game, player, state, locals) else {
        return 0;
    };
    let def = &game.pools[pool];
    let base = def.base + p * def.width();
    let (mut count, mut acc): (i32, Option<i32>) = (0, None);
    for i in 0..def.width() {
        let n = state.data[base + i];
        if n <= 0 {
            continue;
        }
        let x = def.low + i as i32;
        locals[slot as usize] = x;
        let pass = filter.is_none_or(|f| f.evaluate(game, state, locals) != 0);
        match op {
            AggOp::All if !pass => return 0,
            AggOp::Exists if pass => return 1,
            _ if !pass => continue,
            AggOp::Count => count = count.wrapping_add(n),
            AggOp::Sum => {
                let v = value.map_or(x, |v| v.evaluate(game, state, locals));
                acc = Some(acc.unwrap_or(0).wrapping_add(v.wrapping_mul(n)));
            }
            AggOp::Min | AggOp::Max => {
                let v = value.map_or(x, |v| v.evaluate(game, state, locals));
                acc = Some(match (op, acc) {
                    (_, None) => v,
                    (AggOp::Min, Some(a)) => a.min(v),
                    (_, Some(a)) => a.max(v),
                });
            }
            _ => {}
        }
    }
    match op {
        AggOp::Count => count,
        AggOp::Exists => 0,
        AggOp::All => 1,
        _ => acc.unwrap_or(0),
    }
}

/// What an aggregate evaluates for each element: an expression, by the tree walker,
/// or its compiled closure.
pub(crate) trait Evaluate {
    fn evaluate(&self, game: &Game, state: &State, locals: &mut Locals) -> i32;
}

impl Evaluate for Expr {
    #[inline]
    fn evaluate(&self, game: &Game, state: &State, locals: &mut Locals) -> i32 {
        eval(game, state, self, locals)
    }
}

impl Evaluate for super::closure::ExprFn {
    #[inline]
    fn evaluate(&self, game: &Game, state: &State, locals: &mut Locals) -> i32 {
        self(game, state, locals)
    }
}

#[inline(never)]
pub(crate) fn can(game: &Game, state: &State, action: Option<usize>) -> i32 {
    let phase = &game.phases[state.phase().index().min(game.phases.len() - 1)];
    let mut frame: Locals = [0; MAX_LOCALS];
    let mut found = false;
    for &a in &phase.actions {
        if action.is_some_and(|x| x != a) {
            continue;
        }
        let mut first = |_: &Game, _: &State, _: &Locals| {
            found = true;
            false
        };
        let mut emit = super::closure::Emit::call(&mut first);
        (game.code.actions[a].generators)(game, state, &mut frame, &mut emit);
        if found {
            break;
        }
    }
    found as i32
}

/// Calls `f` with each element of a domain; stops early when `f` returns false.
/// Returns false when stopped early.
/// The cells of a region or track domain, for the player it names (none when the
/// player is none).
pub(crate) fn listed_cells<'g>(
    game: &'g Game,
    state: &State,
    domain: &Domain,
    locals: &mut Locals,
) -> &'g [i32] {
    let (lists, player) = match domain {
        Domain::Region { region, player } => (&game.board.regions[*region].lists, player),
        Domain::Track { track, player } => (&game.board.tracks[*track].lists, player),
        _ => return &[],
    };
    player_slot(game, player.as_ref(), state, locals).map_or(&[][..], |p| lists[p].as_slice())
}

/// What a loop over a domain may cost, before evaluating anything (ranges are charged
/// once their bounds are known).
fn domain_size(game: &Game, d: &Domain) -> u64 {
    match d {
        Domain::Range(..) | Domain::CellRange(..) => 1,
        Domain::Dirs(ds) => ds.len() as u64,
        Domain::FixedDirs(t) => t.first().map_or(0, Vec::len) as u64,
        Domain::Cells | Domain::Owned { .. } | Domain::Group(_) => game.board.cells.len() as u64,
        Domain::Players => game.players.len() as u64,
        Domain::Region { .. }
        | Domain::Track { .. }
        | Domain::Neighbours(_)
        | Domain::Pool { .. } => 8,
    }
}

fn for_each_in_dyn(
    game: &Game,
    state: &State,
    domain: &Domain,
    locals: &mut Locals,
    f: &mut dyn FnMut(&Game, &State, i32, &mut Locals) -> bool,
) -> bool {
    for_each_in(game, state, domain, locals, f)
}

pub(crate) fn for_each_in<F: FnMut(&Game, &State, i32, &mut Locals) -> bool + ?Sized>(
    game: &Game,
    state: &State,
    domain: &Domain,
    locals: &mut Locals,
    f: &mut F,
) -> bool {
    // Every loop spends from a budget, so nested loops over huge ranges end.
    if !super::budget::spend(domain_size(game, domain)) {
        return false;
    }
    match domain {
        Domain::Range(a, b) => {
            let a = eval(game, state, a, locals);
            let b = eval(game, state, b, locals);
            // Ranges are bounded so a rules file cannot loop for ever.
            let b = b.min(a.saturating_add(100_000));
            if b >= a && !super::budget::spend((b - a) as u64) {
                return false;
            }
            for x in a..=b {
                if !f(game, state, x, locals) {
                    return false;
                }
            }
        }
        Domain::CellRange(a, b) => {
            let a = eval(game, state, a, locals);
            let b = eval(game, state, b, locals);
            let cells = 0..game.board.cells.len() as i32;
            if !cells.contains(&a) || !cells.contains(&b) {
                return true;
            }
            if !super::budget::spend(a.abs_diff(b) as u64) {
                return false;
            }
            let step = if a <= b { 1 } else { -1 };
            let mut x = a;
            loop {
                if !f(game, state, x, locals) {
                    return false;
                }
                if x == b {
                    break;
                }
                x += step;
            }
        }
        Domain::Dirs(ds) => {
            for d in ds {
                let x = eval(game, state, d, locals);
                if x >= 0 && !f(game, state, x, locals) {
                    return false;
                }
            }
        }
        Domain::FixedDirs(per_player) => {
            for &d in &per_player[state.mover().index().min(per_player.len() - 1)] {
                if !f(game, state, d, locals) {
                    return false;
                }
            }
        }
        Domain::Cells => {
            for c in 0..game.board.cells.len() as i32 {
                if !f(game, state, c, locals) {
                    return false;
                }
            }
        }
        Domain::Players => {
            for p in 0..game.players.len() as i32 {
                if !f(game, state, p, locals) {
                    return false;
                }
            }
        }
        Domain::Region { .. } | Domain::Track { .. } => {
            for &c in listed_cells(game, state, domain, locals) {
                if !f(game, state, c, locals) {
                    return false;
                }
            }
        }
        Domain::Neighbours(c) => {
            let c = eval(game, state, c, locals);
            if c >= 0 {
                for &n in &game.board.neighbours[c as usize] {
                    if !f(game, state, n, locals) {
                        return false;
                    }
                }
            }
        }
        Domain::Group(c) => {
            let c = eval(game, state, c, locals);
            // Through a trait object, as for `Owned` below.
            let mut each = |g: &Game, s: &State, x: i32, l: &mut Locals| f(g, s, x, l);
            return super::reach::for_each_in_group(game, state, c, locals, &mut each);
        }
        Domain::Owned { inner, owner } => {
            let who = eval(game, state, owner, locals);
            let base = game.cells_base;
            let owned =
                |c: i32| super::state::CellWord(state.data[base + c as usize]).owner() == who;
            match inner.as_ref() {
                Domain::Cells => {
                    for c in 0..game.board.cells.len() as i32 {
                        if owned(c) && !f(game, state, c, locals) {
                            return false;
                        }
                    }
                }
                listed @ (Domain::Region { .. } | Domain::Track { .. }) => {
                    for &c in listed_cells(game, state, listed, locals) {
                        if owned(c) && !f(game, state, c, locals) {
                            return false;
                        }
                    }
                }
                other => {
                    // Through a trait object: a generic call here would nest closure
                    // types without end.
                    return for_each_in_dyn(
                        game,
                        state,
                        other,
                        locals,
                        &mut |game, state, c, locals| {
                            if c >= 0 && owned(c) {
                                f(game, state, c, locals)
                            } else {
                                true
                            }
                        },
                    );
                }
            }
        }
        Domain::Pool { pool, player } => {
            let Some(p) = player_slot(game, player.as_ref(), state, locals) else {
                return true;
            };
            let def = &game.pools[*pool];
            let base = def.base + p * def.width();
            for i in 0..def.width() {
                if state.data[base + i] > 0 && !f(game, state, def.low + i as i32, locals) {
                    return false;
                }
            }
        }
    }
    true
}

/// What `owner(c, k)`, `count(c, k)` or `value(c, k)` reads of a layer.
#[inline]
pub(crate) fn read_layer(read: LayerRead, w: crate::engine::state::CellWord) -> i32 {
    match read {
        LayerRead::Owner => w.owner(),
        LayerRead::Count => w.count(),
        LayerRead::Value => w.value(),
    }
}
