//! The loop budget: each loop spends its size, so that no rules file can make the engine
//! run for ever; when the budget is gone loops stop and the engine reports an error.
//!
//! One call into the engine is one run with one budget. The `Engine` holds the meter
//! and says how many steps a run may take (`Engine::loop_steps`); every public method
//! that evaluates the rules opens a run (`Engine::run`), and only an open run hands out
//! the locals the evaluator works in (`Run::locals`), which carry the meter to every
//! loop. So no code can evaluate, or spend, outside a run: the compiler sees to it.
//! Calls made inside a run (the scores of an end rule met by the turn search, a step
//! played by a playout) open nested runs that spend from the same budget and never
//! refill it, so a search that runs out stays out until it returns, and its caller sees
//! the error. Each engine has a meter of its own, so two engines on one thread (or one
//! engine moved to another) never share what is left.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use crate::engine::eval::Locals;

/// Loop steps allowed for one call into the engine, unless the engine says otherwise.
pub const STEPS: u64 = 50_000_000;

/// What is left of the budget of an engine's open run. One engine's runs are on one
/// thread at a time, so the counts are atomics only to let the engine move between
/// threads: plain loads and stores, no read-modify-write.
#[derive(Debug)]
pub(crate) struct Meter {
    /// Steps left in the open run.
    left: AtomicU64,
    /// Whether the open run has run out.
    spent_out: AtomicBool,
    /// The budget of the open run, for its error.
    limit: AtomicU64,
    /// How many runs are open, one inside the other.
    depth: AtomicU32,
}

impl Meter {
    pub(crate) fn new() -> Arc<Meter> {
        Arc::new(Meter {
            left: AtomicU64::new(STEPS),
            spent_out: AtomicBool::new(false),
            limit: AtomicU64::new(STEPS),
            depth: AtomicU32::new(0),
        })
    }

    /// Opens a run of `steps` loop steps; inside another run, a part of that one,
    /// which keeps what is left of its budget.
    #[inline]
    pub(crate) fn open(self: &Arc<Meter>, steps: u64) -> Run {
        let depth = self.depth.load(Relaxed);
        if depth == 0 {
            self.left.store(steps, Relaxed);
            self.limit.store(steps, Relaxed);
            self.spent_out.store(false, Relaxed);
        }
        self.depth.store(depth + 1, Relaxed);
        Run {
            meter: Arc::clone(self),
        }
    }

    /// Spends `n` steps; false (and remembered until the run closes) when the budget
    /// is gone.
    #[inline]
    pub(crate) fn spend(&self, n: u64) -> bool {
        let left = self.left.load(Relaxed);
        if left >= n {
            self.left.store(left - n, Relaxed);
            true
        } else {
            self.spent_out.store(true, Relaxed);
            false
        }
    }

    /// Whether the open run has run out of budget.
    #[inline]
    pub(crate) fn spent_out(&self) -> bool {
        self.spent_out.load(Relaxed)
    }

    /// The error of a budget gone while doing `work` (a statement, an end rule...),
    /// which the span points at.
    #[cold]
    pub(crate) fn exceeded(
        &self,
        span: crate::diagnostic::Span,
        work: crate::engine::Work,
    ) -> crate::engine::RuntimeError {
        crate::engine::RuntimeError::new(
            span,
            crate::engine::RuntimeErrorKind::BudgetExhausted {
                work,
                steps: self.limit.load(Relaxed),
            },
        )
    }
}

/// An open run: closed when dropped (also when a panic unwinds through it). It holds
/// the engine's meter of its own, so that the engine stays free to change while the
/// run is open.
#[must_use = "the run closes when this is dropped"]
pub(crate) struct Run {
    meter: Arc<Meter>,
}

impl Run {
    /// Fresh locals (all zero) that spend from this run.
    #[inline]
    pub(crate) fn locals(&self) -> Locals<'_> {
        Locals::new(&self.meter)
    }

    /// A copy of `locals`' values that spends from this run.
    #[inline]
    pub(crate) fn locals_from(&self, locals: &Locals) -> Locals<'_> {
        let mut l = self.locals();
        *l.slots_mut() = *locals.slots();
        l
    }
}

impl Drop for Run {
    #[inline]
    fn drop(&mut self) {
        let m = &self.meter;
        m.depth
            .store(m.depth.load(Relaxed).saturating_sub(1), Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_run_spends_from_the_outer_one_and_never_refills_it() {
        let meter = Meter::new();
        let outer = meter.open(10);
        assert!(meter.spend(6));
        {
            let _inner = meter.open(1_000);
            assert!(meter.spend(4));
            assert!(!meter.spend(1));
        }
        // Still out after the inner run closed, until the outer one does.
        assert!(meter.spent_out());
        drop(outer);
        let _next = meter.open(3);
        assert!(!meter.spent_out());
        assert!(meter.spend(3));
        assert!(!meter.spend(1));
    }

    #[test]
    fn each_meter_is_its_own() {
        let (one, other) = (Meter::new(), Meter::new());
        let _a = one.open(2);
        let _b = other.open(5);
        assert!(!one.spend(3));
        assert!(other.spend(5));
        assert!(!other.spent_out());
    }

    #[test]
    fn locals_spend_from_the_run_that_made_them() {
        let meter = Meter::new();
        let run = meter.open(4);
        let locals = run.locals();
        let copy = run.locals_from(&locals);
        assert!(locals.spend(3));
        assert!(!copy.spend(2));
        assert!(meter.spent_out());
    }
}
