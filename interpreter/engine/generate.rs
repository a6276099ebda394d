//! Running a move's generators by the tree walker (`eval`), with a watcher that sees
//! each test: the runner of `trace` and of the interpreted game (`Game::interpreted`).

use super::eval::{eval, for_each_in, Locals};
use super::state::State;
use super::Game;
use crate::ir::*;

/// Watches the tree walker run generators (`generate_watched`): each test it makes,
/// a `where` or the owner test of a `for` over one player's cells, and whether it
/// passed. `trace` counts them.
pub trait GenWatcher {
    /// Whether the watcher looks at all; a `for` over one player's cells then runs
    /// over the cells and tests their owner itself, to report each test.
    const WATCHES: bool;
    /// Generator `gen` made a test that passed or not.
    fn test(&mut self, gen: usize, passed: bool);
}

/// No watcher: the generators run as `generate` runs them.
pub struct Unwatched;

impl GenWatcher for Unwatched {
    const WATCHES: bool = false;
    #[inline(always)]
    fn test(&mut self, _: usize, _: bool) {}
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
    generate_watched(game, state, gens, i, locals, &mut Unwatched, emit)
}

/// `generate`, telling `watcher` every test it makes.
pub(crate) fn generate_watched<W: GenWatcher, F: FnMut(&Game, &State, &Locals) -> bool>(
    game: &Game,
    state: &State,
    gens: &[Gen],
    i: usize,
    locals: &mut Locals,
    watcher: &mut W,
    emit: &mut F,
) -> bool {
    // `let` and `where` run in a loop; only a `for` recurses.
    let mut i = i;
    loop {
        let Some(g) = gens.get(i) else {
            return emit(game, state, locals);
        };
        match g {
            Gen::Let(slot, e) => locals[*slot as usize] = eval(game, state, e, locals),
            Gen::Where(e, _) => {
                let passed = eval(game, state, e, locals) != 0;
                watcher.test(i, passed);
                if !passed {
                    return true;
                }
            }
            Gen::For(slot, Domain::Owned { inner, owner }) if W::WATCHES => {
                let who = eval(game, state, owner, locals);
                let slot = *slot as usize;
                return for_each_in(game, state, inner, locals, &mut |game, state, x, locals| {
                    let passed = state.cell_at(game, x).owner() == who;
                    watcher.test(i, passed);
                    if !passed {
                        return true;
                    }
                    locals[slot] = x;
                    generate_watched(game, state, gens, i + 1, locals, watcher, emit)
                });
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
