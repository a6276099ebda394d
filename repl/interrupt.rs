//! Ctrl-C in a long run of games (`arena`, `analyze`, `train`): the first one starts no
//! new game and lets those under way finish, so the figures of the games played are
//! still reported; a second one ends the program at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Whether the user asked a run to stop. Cheap to clone and to ask from every thread.
#[derive(Clone, Default)]
pub struct Interrupt {
    stop: Arc<AtomicBool>,
}

impl Interrupt {
    /// Catches Ctrl-C for the rest of the program. `what` names what is under way, for
    /// the line printed at the first Ctrl-C ("the games under way"). Without a handler
    /// (another was installed, or the platform refuses), Ctrl-C ends the program as usual.
    pub fn install(what: &'static str) -> Interrupt {
        let interrupt = Interrupt::default();
        let stop = interrupt.stop.clone();
        let handler = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::Relaxed) {
                std::process::exit(130);
            }
            eprintln!("\nstopping: finishing {what} (Ctrl-C again to quit at once)");
        });
        if let Err(e) = handler {
            eprintln!("warning: Ctrl-C will end the run without its figures ({e})");
        }
        interrupt
    }

    /// Whether Ctrl-C was pressed.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The flag Ctrl-C sets, for a run of games to look at.
    pub fn flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// For tests and scripts: stop as if Ctrl-C had been pressed after `games` games
    /// were started (`TABULA_STOP_AFTER`), so that the report of an interrupted run can
    /// be checked without sending signals.
    pub fn stop_after(&self, started: u64) -> bool {
        if let Some(limit) = stop_after_limit() {
            if started >= limit {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        self.stopped()
    }

    /// The games of a run of `asked` that may start, `started` having been started by
    /// earlier runs: all of them, unless `TABULA_STOP_AFTER` says to stop as if Ctrl-C
    /// had been pressed once that many were started. Games start in index order, so a
    /// run cut there plays the very games Ctrl-C would have left it; `cut_short` then
    /// marks it stopped.
    pub fn games_to_start(&self, asked: u64, started: u64) -> u64 {
        match stop_after_limit() {
            Some(limit) => asked.min(limit.saturating_sub(started)),
            None => asked,
        }
    }

    /// Marks the run stopped when it played fewer games than it asked, as Ctrl-C would.
    pub fn cut_short(&self, played: u64, asked: u64) {
        if played < asked {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

fn stop_after_limit() -> Option<u64> {
    std::env::var("TABULA_STOP_AFTER").ok()?.parse().ok()
}
