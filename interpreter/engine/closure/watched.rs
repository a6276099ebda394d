//! A move's generators compiled to be watched: no loop fused with the tests after it,
//! so that a watcher (`trace`, `why`) sees every test the rules write, in order.

use super::{slot, ExprFn, GensFn};
use crate::engine::eval::Locals;
use crate::engine::state::State;
use crate::engine::Game;
use crate::ir::*;

/// Watches a chain compiled by `compile_watchable` run: each test it makes (a `where`,
/// the owner test of a `for` over one player's cells, or whether a widened `for`'s own
/// domain holds the value) and whether it passed. `trace` counts them; `why` runs
/// with its tests ignored, to find the first test a move fails.
pub(crate) trait GenWatcher {
    /// Generator `gen` made a test that passed or not; `outside` when the test was
    /// whether its `for`'s own domain holds the value (see `widen`).
    fn test(&mut self, gen: usize, passed: bool, outside: bool);
    /// Whether a failed test ends the binding, as in listing moves; otherwise the
    /// binding goes on and the watcher keeps the failure.
    fn prunes(&self) -> bool {
        true
    }
    /// A wider domain for a `for` to run over than its own; each value is then tested
    /// against its own domain.
    fn widen(&self, _game: &Game, _domain: &Domain) -> Option<Domain> {
        None
    }
    /// The `for` of generator `gen` binds its next value: what the watcher learnt at
    /// that generator and below belongs to the values before.
    fn next_value(&mut self, _gen: usize) {}
}

/// How the chain evaluates an expression: compiled (`closure::compile`), or by the tree
/// walker for the differential tests (`Game::interpreted`).
pub(crate) type ExprCompiler<'c> = &'c dyn Fn(&Expr) -> ExprFn;

/// A `let` or `where` of a chain, with the index of its generator.
enum Plain {
    Let(usize, ExprFn),
    Where(usize, ExprFn),
}

/// A move's generators as nested closures, every test told to the watcher of the
/// `Emit` they run with (none: the bindings are those of `compile_gens`, in the same
/// order).
pub(crate) fn compile_watchable(gens: &[Gen], expr: ExprCompiler<'_>) -> GensFn {
    chain(gens, 0, expr)
}

/// The chain of `gens`, whose first is generator `base` of the move.
fn chain(gens: &[Gen], base: usize, expr: ExprCompiler<'_>) -> GensFn {
    let mut plain = Vec::new();
    let mut i = 0;
    while let Some(g) = gens.get(i) {
        match g {
            Gen::Let(s, e) => plain.push(Plain::Let(slot(*s), expr(e))),
            Gen::Where(e, _) => plain.push(Plain::Where(base + i, expr(e))),
            Gen::For(..) => break,
        }
        i += 1;
    }
    let rest: GensFn = match gens.get(i) {
        Some(Gen::For(s, domain)) => {
            let next = chain(&gens[i + 1..], base + i + 1, expr);
            watched_loop(base + i, slot(*s), domain, expr, next)
        }
        _ => Box::new(|g, st, l, emit| emit.emit(g, st, l)),
    };
    if plain.is_empty() {
        return rest;
    }
    Box::new(move |g, st, l, emit| {
        for p in &plain {
            match p {
                Plain::Let(s, f) => l[*s] = f(g, st, l),
                Plain::Where(gen, f) => {
                    let passed = f(g, st, l) != 0;
                    if !emit.test(*gen, passed, false) {
                        return true;
                    }
                }
            }
        }
        rest(g, st, l, emit)
    })
}

/// The `for` of generator `gen` into local `s`. Unwatched, it runs over its domain as
/// any loop does. Watched, a loop over one player's cells runs over the cells and
/// tests their owner itself, and a domain the watcher widens is run over wider, each
/// value tested against the loop's own domain.
fn watched_loop(
    gen: usize,
    s: usize,
    domain: &Domain,
    expr: ExprCompiler<'_>,
    next: GensFn,
) -> GensFn {
    let domain = domain.clone();
    let owner = match &domain {
        Domain::Owned { owner, .. } => Some(expr(owner)),
        _ => None,
    };
    Box::new(move |g, st, l, emit| {
        let Some(watcher) = emit.watcher.as_deref() else {
            return crate::engine::loops::for_each_in(g, st, &domain, l, &mut |g, st, x, l| {
                l[s] = x;
                next(g, st, l, emit)
            });
        };
        let wider = watcher.widen(g, &domain);
        let own = match &domain {
            Domain::Owned { inner, .. } => inner.as_ref(),
            d => d,
        };
        let run_over = match &wider {
            Some(Domain::Owned { inner, .. }) => inner.as_ref(),
            Some(w) => w,
            None => own,
        };
        let who = owner.as_ref().map(|o| o(g, st, l));
        let bound = *l;
        crate::engine::loops::for_each_in(g, st, run_over, l, &mut |g, st, x, l| {
            if let Some(w) = emit.watcher.as_deref_mut() {
                w.next_value(gen);
            }
            if wider.is_some() && !emit.test(gen, holds(g, st, own, &bound, x), true) {
                return true;
            }
            if let Some(who) = who {
                if !emit.test(gen, st.cell_at(g, x).owner() == who, false) {
                    return true;
                }
            }
            l[s] = x;
            next(g, st, l, emit)
        })
    })
}

/// Whether the domain holds `x` (the locals bound before it as given).
fn holds(game: &Game, state: &State, domain: &Domain, bound: &Locals, x: i32) -> bool {
    let mut locals = *bound;
    let mut found = false;
    crate::engine::loops::for_each_in(game, state, domain, &mut locals, &mut |_, _, y, _| {
        found = y == x;
        !found
    });
    found
}
