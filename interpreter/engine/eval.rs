//! Evaluating expressions and running generators over a state. Reads only; never
//! allocates. Out-of-range reads are total: a missing cell is empty, a missing counter 0,
//! a division by zero 0, so a rules file cannot crash the engine by reading.

use super::budget::Meter;
use super::state::State;
use super::Game;
use crate::board::NONE;
use crate::ir::*;

/// The evaluator's working memory: the values of a rule's locals (its `for`s'
/// bindings and its `let`s), and the meter of the run they belong to, which every loop
/// spends from. Only an open run makes them (`budget::Run::locals`), so nothing can
/// evaluate outside one.
#[derive(Clone, Copy)]
pub struct Locals<'m> {
    slots: [i32; MAX_LOCALS],
    meter: &'m Meter,
}

impl<'m> Locals<'m> {
    /// All zero, spending from `meter`: made by an open run (`budget::Run::locals`),
    /// or from the meter of locals already in hand (`can`).
    #[inline]
    pub(super) fn new(meter: &'m Meter) -> Locals<'m> {
        Locals {
            slots: [0; MAX_LOCALS],
            meter,
        }
    }

    /// The meter of the run these locals belong to.
    #[inline(always)]
    pub(crate) fn meter(&self) -> &'m Meter {
        self.meter
    }

    /// Spends `n` loop steps of the run; false when its budget is gone.
    #[inline(always)]
    pub(crate) fn spend(&self, n: u64) -> bool {
        self.meter.spend(n)
    }

    /// The values, slot by slot.
    #[inline]
    pub(crate) fn slots(&self) -> &[i32; MAX_LOCALS] {
        &self.slots
    }

    /// The values, to write.
    #[inline]
    pub(crate) fn slots_mut(&mut self) -> &mut [i32; MAX_LOCALS] {
        &mut self.slots
    }
}

impl std::ops::Index<usize> for Locals<'_> {
    type Output = i32;
    #[inline(always)]
    fn index(&self, i: usize) -> &i32 {
        &self.slots[i]
    }
}

impl std::ops::IndexMut<usize> for Locals<'_> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut i32 {
        &mut self.slots[i]
    }
}

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
            (v >= 0 && (v as usize) < game.rules.players.len()).then_some(v as usize)
        }
    }
}

/// The slot of a pool's count for `value`, if in range.
#[inline]
pub(crate) fn pool_slot(game: &Game, pool: usize, player: usize, value: i32) -> Option<usize> {
    let def = &game.rules.pools[pool];
    if value < def.low || value > def.high {
        return None;
    }
    Some(def.base + player * def.width() + (value - def.low) as usize)
}

pub(crate) fn pool_size(game: &Game, state: &State, pool: usize, player: usize) -> i32 {
    let def = &game.rules.pools[pool];
    let base = def.base + player * def.width();
    state.data[base..base + def.width()].iter().sum()
}

/// The position of `cell` on player `p`'s way along a track (NONE off it).
#[inline]
pub(crate) fn track_pos(game: &Game, track: usize, p: usize, cell: i32) -> i32 {
    if cell < 0 {
        return NONE;
    }
    game.rules.board.tracks[track].pos[p]
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
    game.rules.board.tracks[track].lists[p]
        .get(i as usize)
        .copied()
        .unwrap_or(NONE)
}

/// Whether `cell` is in player `p`'s part of a region.
#[inline]
pub(crate) fn in_region(game: &Game, region: usize, p: usize, cell: i32) -> bool {
    cell >= 0
        && game.rules.board.regions[region].member[p]
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
    let z = &game.rules.board.zones[zone];
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
    game.rules
        .board
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
    let n = game.rules.players.len().max(1) as i32;
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
        Operand::Step(c, d) => game
            .rules
            .board
            .step(locals[c as usize], locals[d as usize]),
        Operand::ZoneMover(z) => game.rules.board.zones[z as usize]
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
        Expr::Occurrences(set) => state.occurrences(game, *set as usize),
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
        Expr::IsKind(c, k) => {
            let c = eval(game, state, c, locals);
            let k = eval(game, state, k, locals);
            let w = state.cell_at(game, c);
            (w.count() > 0 && i32::from(w.piece()) == k) as i32
        }
        Expr::Step(c, d) => {
            let c = eval(game, state, c, locals);
            let d = eval(game, state, d, locals);
            game.rules.board.step(c, d)
        }
        Expr::Slide(c, d) => {
            let c = eval(game, state, c, locals);
            let d = eval(game, state, d, locals);
            game.rules
                .board
                .slide(c, d, |x| state.cell_at(game, x).count() == 0)
        }
        Expr::Reach(op, args) => {
            let mut v = [NONE; 3];
            for (x, a) in v.iter_mut().zip(args) {
                *x = eval(game, state, a, locals);
            }
            super::reach::reach(game, state, *op, &v[..args.len().min(3)], locals.meter())
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
            game.rules.board.tracks[*track].lists[p].len() as i32
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
        Expr::DirIn(a, mask) => crate::ir::dir_in(eval(game, state, a, locals), *mask),
        Expr::Let { slot, value, body } => {
            let v = eval(game, state, value, locals);
            locals[*slot as usize % MAX_LOCALS] = v;
            eval(game, state, body, locals)
        }
        Expr::Aggregate {
            op,
            slot,
            domain,
            filter,
            value,
        } => super::loops::aggregate(
            game,
            state,
            *op,
            *slot,
            domain,
            filter.as_deref(),
            value.as_deref(),
            locals,
        ),
        Expr::Can(action) => can(game, state, *action, locals.meter()),
        Expr::Numbered { expr, .. } => eval(game, state, expr, locals),
    }
}

#[inline(never)]
pub(crate) fn can(game: &Game, state: &State, action: Option<usize>, meter: &Meter) -> i32 {
    let phase = &game.rules.phases[state.phase().index().min(game.rules.phases.len() - 1)];
    let mut frame = Locals::new(meter);
    let mut found = false;
    for &a in &phase.actions {
        if action.is_some_and(|x| x != a) {
            continue;
        }
        let mut first = |g: &Game, s: &State, l: &Locals| {
            if g.rules.has_forbids && super::forbid::refused(g, s, l, a).is_some() {
                return true;
            }
            if !super::generate::goes_on_with(g, s, a, l) {
                return true;
            }
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

/// What `owner(c, k)`, `count(c, k)` or `value(c, k)` reads of a layer.
#[inline]
pub(crate) fn read_layer(read: LayerRead, w: crate::engine::state::CellWord) -> i32 {
    match read {
        LayerRead::Owner => w.owner(),
        LayerRead::Count => w.count(),
        LayerRead::Value => w.value(),
    }
}
