//! Generators run with their tests ignored, to find the first test a move fails.

use crate::engine::eval::{eval, for_each_in, Locals};
use crate::engine::Game;
use crate::engine::State;
use crate::ir::*;

/// The first test a candidate failed: a generator, and whether it is a `for` whose
/// domain does not hold the value.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fail {
    pub(super) gen: usize,
    pub(super) outside: bool,
}

/// Runs generators ignoring their tests, telling `emit` the first test that failed.
/// When `wide`, a `for` over a pool, a region, a track or the neighbours of a cell runs
/// over every value or cell instead, and a value outside its own domain is a failed
/// test. Returns false once the budget is spent.
#[allow(clippy::too_many_arguments)]
pub(super) fn explore(
    game: &Game,
    state: &State,
    gens: &[Gen],
    i: usize,
    locals: &mut Locals,
    fail: Option<Fail>,
    wide: bool,
    budget: &mut usize,
    emit: &mut dyn FnMut(&Locals, Option<Fail>),
) -> bool {
    if *budget == 0 {
        return false;
    }
    let Some(g) = gens.get(i) else {
        *budget -= 1;
        emit(locals, fail);
        return true;
    };
    let failed_at = |outside: bool| Fail { gen: i, outside };
    match g {
        Gen::Let(slot, e) => {
            locals[*slot as usize] = eval(game, state, e, locals);
            explore(game, state, gens, i + 1, locals, fail, wide, budget, emit)
        }
        Gen::Where(e, _) => {
            let failed = fail.or((eval(game, state, e, locals) == 0).then_some(failed_at(false)));
            explore(game, state, gens, i + 1, locals, failed, wide, budget, emit)
        }
        Gen::For(slot, domain) => {
            let slot = *slot as usize;
            let wider = if wide { widened(game, domain) } else { None };
            let (inner, owner) = match domain {
                Domain::Owned { inner, owner } => (inner.as_ref(), Some(owner)),
                d => (d, None),
            };
            let who = owner.map(|o| eval(game, state, o, locals));
            let run_over = match &wider {
                Some(Domain::Owned { inner, .. }) => inner.as_ref(),
                Some(w) => w,
                None => inner,
            };
            let bound = *locals;
            for_each_in(
                game,
                state,
                run_over,
                locals,
                &mut |game, state, x, locals| {
                    locals[slot] = x;
                    let outside = wider.is_some() && !holds(game, state, inner, &bound, x);
                    let not_owned = who.is_some_and(|w| state.cell_at(game, x).owner() != w);
                    let failed = fail
                        .or(outside.then_some(failed_at(true)))
                        .or(not_owned.then_some(failed_at(false)));
                    explore(game, state, gens, i + 1, locals, failed, wide, budget, emit)
                },
            )
        }
    }
}

/// The wider domain a `for` is explained over: a pool's every value, every cell for a
/// region, a track or the neighbours of a cell; none for the others.
fn widened(game: &Game, domain: &Domain) -> Option<Domain> {
    match domain {
        Domain::Pool { pool, .. } => {
            let def = &game.pools[*pool];
            Some(Domain::Range(Expr::Const(def.low), Expr::Const(def.high)))
        }
        Domain::Region { .. } | Domain::Track { .. } | Domain::Neighbours(_) => Some(Domain::Cells),
        Domain::Owned { inner, owner } => widened(game, inner).map(|w| Domain::Owned {
            inner: Box::new(w),
            owner: owner.clone(),
        }),
        _ => None,
    }
}

/// Whether the domain holds `x` (the locals bound before it as given).
fn holds(game: &Game, state: &State, domain: &Domain, bound: &Locals, x: i32) -> bool {
    let mut locals = *bound;
    let mut found = false;
    for_each_in(game, state, domain, &mut locals, &mut |_, _, y, _| {
        found = y == x;
        !found
    });
    found
}
