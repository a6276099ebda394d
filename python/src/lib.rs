//! tabula from Python: the module `tabula._tabula`, which the package `tabula` wraps.
//! A game is loaded from a built-in name or a rules file; its states list their legal
//! actions as integers, play them, and report the result. Long runs (playouts, arena
//! games, searches) release the GIL. Every error is a Python exception whose message is
//! the one the command line prints.

mod analyze;
mod arena;
mod convert;
mod game;
mod gnubg;
mod run;
mod state;
mod tally;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    _tabula,
    TabulaError,
    PyException,
    "Any error of tabula; the message is the one the command line prints."
);
create_exception!(
    _tabula,
    RulesError,
    TabulaError,
    "A rules file (or an option) that cannot be compiled, with file:line:col, the line and a caret."
);
create_exception!(
    _tabula,
    StateError,
    TabulaError,
    "A state (JSON, YAML or GNU Backgammon IDs) that cannot be read or written for this game."
);
create_exception!(
    _tabula,
    PlayingError,
    TabulaError,
    "The rules failed while playing (a move from an empty cell, a loop over its budget...)."
);
create_exception!(
    _tabula,
    IllegalActionError,
    TabulaError,
    "An action that is not legal in the state it was given to."
);

/// The player number `current_player()` gives at a chance node (OpenSpiel's).
pub const CHANCE: i64 = -1;
/// The player number `current_player()` gives when the game is over (OpenSpiel's).
pub const TERMINAL: i64 = -4;

/// An exception of kind `E` with the message `text`, every control character but new
/// lines and tabs written as an escape (`\u{1b}`): a message may quote a rules file, a
/// record or a network file's header, which are untrusted, and Python prints messages
/// as they are (without colour, so no code is kept).
pub(crate) fn safe_err<E: pyo3::PyTypeInfo>(text: impl Into<String>) -> PyErr {
    let text: String = text.into();
    let safe: String = text
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() && c != '\n' && c != '\t' {
                c.escape_unicode().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    PyErr::new::<E, _>(safe)
}

/// How often a long call looks for a signal (Ctrl-C) while its work runs.
const SIGNAL_CHECK: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs `work` with the GIL released, on a thread of its own, while this thread looks
/// for a signal every 50 ms: Python handles signals only between its own steps, so a
/// long call would otherwise keep Ctrl-C waiting until it ends. At a signal, `stop` is
/// set (the work gives up at its next look at it), the work is waited for, and the
/// signal's exception (KeyboardInterrupt) is raised.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &std::sync::atomic::AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        // The worker wakes this thread when it is done: it sleeps until then, or until
        // the next look for a signal, and so takes no processor time from the work (a
        // thread waking every few milliseconds costs a move of `mcts:1s` a few percent
        // of its budget on a loaded machine).
        let caller = std::thread::current();
        let done = &done;
        let worker = scope.spawn(move || {
            let out = work();
            done.store(true, Ordering::Release);
            caller.unpark();
            out
        });
        loop {
            py.detach(|| {
                let until = std::time::Instant::now() + SIGNAL_CHECK;
                while !done.load(Ordering::Acquire) && !worker.is_finished() {
                    let now = std::time::Instant::now();
                    if now >= until {
                        break;
                    }
                    std::thread::park_timeout(until - now);
                }
            });
            // A worker that panicked is finished without saying so.
            if done.load(Ordering::Acquire) || worker.is_finished() {
                break;
            }
            if let Err(signal) = py.check_signals() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                let _ = worker.join();
                return Err(signal);
            }
        }
        worker
            .join()
            .map_err(|_| safe_err::<TabulaError>("error: the computation failed"))
    })
}

/// A runtime error of the rules, as a Python exception with the CLI's message.
pub(crate) fn playing_error(game: &tabula::Game, e: &tabula::RuntimeError) -> PyErr {
    crate::safe_err::<PlayingError>(e.render(game, false).trim_end().to_string())
}

/// The names of the built-in games.
#[pyfunction]
fn built_in_games() -> Vec<String> {
    tabula::games::names()
        .iter()
        .map(|n| n.to_string())
        .collect()
}

#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TabulaError", py.get_type::<TabulaError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("StateError", py.get_type::<StateError>())?;
    m.add("PlayingError", py.get_type::<PlayingError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_function(wrap_pyfunction!(game::load, m)?)?;
    m.add_function(wrap_pyfunction!(game::load_text, m)?)?;
    m.add_function(wrap_pyfunction!(built_in_games, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_games, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_sides, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_summary, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::analyze_games, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::analyze_figures, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::analyze_run, m)?)?;
    m.add_function(wrap_pyfunction!(tally::analyze_tallies, m)?)?;
    m.add_class::<tally::ArenaTally>()?;
    m.add_class::<tally::AnalysisTally>()?;
    m.add("MAX_RUN_GAMES", tabula::ai::arena::MAX_RUN_GAMES)?;
    m.add("MAX_LISTED_GAMES", tabula::ai::arena::MAX_LISTED_GAMES)?;
    Ok(())
}
