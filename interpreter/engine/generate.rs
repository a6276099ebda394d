//! Running a move's generators by the tree walker (`eval`), with a watcher that sees
//! each test: the runner of `trace`, of `why` and of the interpreted game
//! (`Game::interpreted`).

use super::eval::{eval, for_each_in, Locals};
use super::state::State;
use super::Game;
use crate::ir::*;

/// Watches the tree walker run generators (`generate_watched`): each test it makes,
/// a `where`, the owner test of a `for` over one player's cells, or whether a widened
/// `for`'s own domain holds the value, and whether it passed. `trace` counts them;
/// `why` runs with its tests ignored, to find the first test a move fails.
pub trait GenWatcher {
    /// Whether the watcher looks at all; a `for` over one player's cells then runs
    /// over the cells and tests their owner itself, to report each test.
    const WATCHES: bool;
    /// Whether a failed test ends the binding, as in listing moves; otherwise the
    /// binding goes on and the watcher keeps the failure.
    const PRUNES: bool = true;
    /// What the watcher knows of the binding so far: taken before a `for` and put back
    /// before each of its values, and handed to `emit` with each complete binding.
    type Mark: Copy;
    /// Generator `gen` made a test that passed or not; `outside` when the test was
    /// whether its `for`'s own domain holds the value (see `widen`).
    fn test(&mut self, gen: usize, passed: bool, outside: bool);
    /// A wider domain for a `for` to run over than its own; each value is then tested
    /// against its own domain.
    fn widen(&self, _game: &Game, _domain: &Domain) -> Option<Domain> {
        None
    }
    fn mark(&self) -> Self::Mark;
    fn restore(&mut self, _mark: Self::Mark) {}
}

/// No watcher: the generators run as `generate` runs them.
pub struct Unwatched;

impl GenWatcher for Unwatched {
    const WATCHES: bool = false;
    type Mark = ();
    #[inline(always)]
    fn test(&mut self, _: usize, _: bool, _: bool) {}
    #[inline(always)]
    fn mark(&self) {}
}

/// Runs generators from index `i`, calling `emit` with the bound locals for each
/// complete binding; stops when `emit` returns false. Returns false when stopped.
pub fn generate<F: FnMut(&Game, &State, &Locals) -> bool>(
    game: &Game,
    state: &State,
    gens: &[Gen],
    i: usize,
    locals: &mut Locals,
    emit: &mut F,
) -> bool {
    generate_watched(
        game,
        state,
        gens,
        i,
        locals,
        &mut Unwatched,
        &mut |g, s, l, ()| emit(g, s, l),
    )
}

/// `generate`, telling `watcher` every test it makes.
pub(crate) fn generate_watched<W, F>(
    game: &Game,
    state: &State,
    gens: &[Gen],
    i: usize,
    locals: &mut Locals,
    watcher: &mut W,
    emit: &mut F,
) -> bool
where
    W: GenWatcher,
    F: FnMut(&Game, &State, &Locals, W::Mark) -> bool,
{
    // `let` and `where` run in a loop; only a `for` recurses.
    let mut i = i;
    loop {
        let Some(g) = gens.get(i) else {
            return emit(game, state, locals, watcher.mark());
        };
        match g {
            Gen::Let(slot, e) => locals[*slot as usize] = eval(game, state, e, locals),
            Gen::Where(e, _) => {
                let passed = eval(game, state, e, locals) != 0;
                watcher.test(i, passed, false);
                if !passed && W::PRUNES {
                    return true;
                }
            }
            Gen::For(slot, domain) if W::WATCHES => {
                let slot = *slot as usize;
                let wider = watcher.widen(game, domain);
                let (own, owner) = match domain {
                    Domain::Owned { inner, owner } => (inner.as_ref(), Some(owner)),
                    d => (d, None),
                };
                let who = owner.map(|o| eval(game, state, o, locals));
                let run_over = match &wider {
                    Some(Domain::Owned { inner, .. }) => inner.as_ref(),
                    Some(w) => w,
                    None => own,
                };
                let bound = *locals;
                let mark = watcher.mark();
                return for_each_in(
                    game,
                    state,
                    run_over,
                    locals,
                    &mut |game, state, x, locals| {
                        watcher.restore(mark);
                        if wider.is_some() {
                            let held = holds(game, state, own, &bound, x);
                            watcher.test(i, held, true);
                            if !held && W::PRUNES {
                                return true;
                            }
                        }
                        if let Some(who) = who {
                            let passed = state.cell_at(game, x).owner() == who;
                            watcher.test(i, passed, false);
                            if !passed && W::PRUNES {
                                return true;
                            }
                        }
                        locals[slot] = x;
                        generate_watched(game, state, gens, i + 1, locals, watcher, emit)
                    },
                );
            }
            Gen::For(slot, domain) => {
                let slot = *slot as usize;
                return for_each_in(
                    game,
                    state,
                    domain,
                    locals,
                    &mut |game, state, x, locals| {
                        locals[slot] = x;
                        generate_watched(game, state, gens, i + 1, locals, watcher, emit)
                    },
                );
            }
        }
        i += 1;
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
