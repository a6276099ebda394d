//! Runs of many games from Python on the library's runner: the GIL released, Ctrl-C
//! turned into the runner's stop flag (and KeyboardInterrupt), errors into exceptions.

use crate::{playing_error, TabulaError};
use pyo3::prelude::*;
use std::ops::Range;
use std::sync::atomic::AtomicBool;
use tabula::ai::AiError;
use tabula::runner::{Job, Run, Runner, MAX_THREADS};

/// Refuses more threads than a run plays on; 0 is every core.
pub(crate) fn check_threads(threads: usize) -> PyResult<()> {
    if threads > MAX_THREADS {
        return Err(crate::safe_err::<TabulaError>(format!(
            "threads: at most {MAX_THREADS}"
        )));
    }
    Ok(())
}

/// Plays `games` of a run from `seed` on `threads` threads (0: every core) with the GIL
/// released, each by `play` with its thread's scratch value (made by `init`) and the
/// stop flag, and hands each result to `take` in index order as its block ends, so that
/// only a block's results are ever kept and the results do not depend on the threads.
/// Ctrl-C stops the games under way and raises KeyboardInterrupt. Returns the threads
/// played on.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_range<S: Send, T: Send>(
    py: Python<'_>,
    game: &tabula::Game,
    games: Range<u64>,
    seed: u64,
    threads: usize,
    init: impl Fn() -> S + Sync + Send,
    play: impl Fn(&mut S, Job, &AtomicBool) -> Result<T, AiError> + Sync + Send,
    mut take: impl FnMut(T) + Send,
) -> PyResult<usize> {
    check_threads(threads)?;
    let runner =
        Runner::new(threads).map_err(|e| crate::safe_err::<TabulaError>(format!("error: {e}")))?;
    let interrupt = AtomicBool::new(false);
    let flag = &interrupt;
    let played = crate::interruptible(py, flag, || {
        let run = Run::new(games).seed(seed).stop(flag);
        runner.run_with(
            &run,
            init,
            |s, job| play(s, job, flag),
            |t| {
                take(t);
                Ok(())
            },
        )
    })?;
    match played {
        Ok(_) => Ok(runner.threads()),
        Err(AiError::Runtime(e)) => Err(playing_error(game, &e)),
        Err(AiError::Interrupted) => Err(crate::safe_err::<TabulaError>("error: interrupted")),
    }
}
