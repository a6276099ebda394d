//! The loop budget: each loop spends its size, so that no rules file can make the engine
//! run for ever; when the budget is gone loops stop and the engine reports an error.
//!
//! One call into the engine is one run with one budget. The `Engine` says how many
//! steps a run may take (`Engine::loop_steps`) and opens the run (`Run::open`) in
//! every public method that evaluates the rules (the explainer's and the notation's
//! too, so none spends what an earlier call left); calls
//! made inside it (the scores of an end rule met by the turn search, a step played by a
//! playout) open nested runs that spend from the same budget and never refill it. So a
//! search that runs out stays out until it returns, and its caller sees the error.
//!
//! The meter the loops spend from is kept per thread, because the evaluator reaches it
//! without a handle to the engine; only the outermost run of a thread fills it.

use std::cell::Cell;

/// Loop steps allowed for one call into the engine, unless the engine says otherwise.
pub const STEPS: u64 = 50_000_000;

/// The meter of the open run on this thread.
struct Meter {
    /// Steps left in the open run.
    left: Cell<u64>,
    /// Whether the open run has run out.
    spent_out: Cell<bool>,
    /// The budget of the open run, for its error.
    limit: Cell<u64>,
    /// How many runs are open on this thread, one inside the other.
    depth: Cell<u32>,
}

thread_local! {
    static METER: Meter = const {
        Meter {
            left: Cell::new(STEPS),
            spent_out: Cell::new(false),
            limit: Cell::new(STEPS),
            depth: Cell::new(0),
        }
    };
}

/// An open run: closed when dropped (also when a panic unwinds through it).
#[must_use = "the run closes when this is dropped"]
pub(crate) struct Run {
    /// Runs belong to the thread that opened them.
    _thread: std::marker::PhantomData<*const ()>,
}

impl Run {
    /// Opens a run of `steps` loop steps; inside another run, a part of that one,
    /// which keeps what is left of its budget.
    #[inline]
    pub(crate) fn open(steps: u64) -> Run {
        METER.with(|m| {
            let depth = m.depth.get();
            if depth == 0 {
                m.left.set(steps);
                m.limit.set(steps);
                m.spent_out.set(false);
            }
            m.depth.set(depth + 1);
        });
        Run {
            _thread: std::marker::PhantomData,
        }
    }
}

impl Drop for Run {
    #[inline]
    fn drop(&mut self) {
        METER.with(|m| m.depth.set(m.depth.get().saturating_sub(1)));
    }
}

/// Spends `n` steps; false (and remembered until the run closes) when the budget is gone.
#[inline]
pub(crate) fn spend(n: u64) -> bool {
    METER.with(|m| {
        let left = m.left.get();
        if left >= n {
            m.left.set(left - n);
            true
        } else {
            m.spent_out.set(true);
            false
        }
    })
}

/// Whether the open run has run out of budget.
#[inline]
pub(crate) fn spent_out() -> bool {
    METER.with(|m| m.spent_out.get())
}

/// The error of a budget gone while doing `work` (a statement, an end rule...),
/// which the span points at.
#[cold]
pub(crate) fn exceeded(
    span: crate::diagnostic::Span,
    work: crate::engine::Work,
) -> crate::engine::RuntimeError {
    let steps = METER.with(|m| m.limit.get());
    crate::engine::RuntimeError::new(
        span,
        crate::engine::RuntimeErrorKind::BudgetExhausted { work, steps },
    )
}
