//! The watcher `why` runs generators with: their tests ignored, it keeps the first
//! test a move fails.

use std::cell::Cell;

use crate::engine::closure::GenWatcher;
use crate::engine::Game;
use crate::ir::*;

/// The first test a candidate failed: a generator, and whether it is a `for` whose
/// domain does not hold the value.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fail {
    pub(super) gen: usize,
    pub(super) outside: bool,
}

/// Runs generators on past their failed tests, keeping in `fail` the first one that
/// failed on the way to the binding at hand. When `wide`, a `for` over a pool, a
/// region, a track or the neighbours of a cell runs over every value or cell instead,
/// and a value outside its own domain is a failed test.
pub(super) struct Explorer<'f> {
    wide: bool,
    fail: &'f Cell<Option<Fail>>,
}

impl<'f> Explorer<'f> {
    pub(super) fn new(wide: bool, fail: &'f Cell<Option<Fail>>) -> Explorer<'f> {
        fail.set(None);
        Explorer { wide, fail }
    }
}

impl GenWatcher for Explorer<'_> {
    fn prunes(&self) -> bool {
        false
    }

    fn test(&mut self, gen: usize, passed: bool, outside: bool) {
        if !passed && self.fail.get().is_none() {
            self.fail.set(Some(Fail { gen, outside }));
        }
    }

    fn widen(&self, game: &Game, domain: &Domain) -> Option<Domain> {
        if self.wide {
            widened(game, domain)
        } else {
            None
        }
    }

    /// A failure at this `for` or after it was of the value before; one before it
    /// holds for every value.
    fn next_value(&mut self, gen: usize) {
        if self.fail.get().is_some_and(|f| f.gen >= gen) {
            self.fail.set(None);
        }
    }
}

/// The wider domain a `for` is explained over: a pool's every value, every cell for a
/// region, a track or the neighbours of a cell; none for the others.
fn widened(game: &Game, domain: &Domain) -> Option<Domain> {
    match domain {
        Domain::Pool { pool, .. } => {
            let def = &game.rules.pools[*pool];
            Some(Domain::Range(Expr::Const(def.low), Expr::Const(def.high)))
        }
        Domain::Region { .. }
        | Domain::Track { .. }
        | Domain::Neighbours(..)
        | Domain::LineCells(_) => Some(Domain::Cells),
        Domain::Owned { inner, owner } => widened(game, inner).map(|w| Domain::Owned {
            inner: Box::new(w),
            owner: owner.clone(),
        }),
        _ => None,
    }
}
