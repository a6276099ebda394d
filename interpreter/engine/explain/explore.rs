//! The watcher `why` runs generators with: their tests ignored, it keeps the first
//! test a move fails.

use crate::engine::generate::GenWatcher;
use crate::engine::Game;
use crate::ir::*;

/// The first test a candidate failed: a generator, and whether it is a `for` whose
/// domain does not hold the value.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fail {
    pub(super) gen: usize,
    pub(super) outside: bool,
}

/// Runs generators on past their failed tests, keeping the first one that failed on
/// the way to each binding. When `wide`, a `for` over a pool, a region, a track or
/// the neighbours of a cell runs over every value or cell instead, and a value
/// outside its own domain is a failed test.
pub(super) struct Explorer {
    wide: bool,
    fail: Option<Fail>,
}

impl Explorer {
    pub(super) fn new(wide: bool) -> Explorer {
        Explorer { wide, fail: None }
    }
}

impl GenWatcher for Explorer {
    const WATCHES: bool = true;
    const PRUNES: bool = false;
    type Mark = Option<Fail>;

    fn test(&mut self, gen: usize, passed: bool, outside: bool) {
        if !passed && self.fail.is_none() {
            self.fail = Some(Fail { gen, outside });
        }
    }

    fn widen(&self, game: &Game, domain: &Domain) -> Option<Domain> {
        if self.wide {
            widened(game, domain)
        } else {
            None
        }
    }

    fn mark(&self) -> Option<Fail> {
        self.fail
    }

    fn restore(&mut self, mark: Option<Fail>) {
        self.fail = mark;
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
