//! How long a computer player may think, and the clock that keeps it to that: a
//! number of iterations, the processor time of the thread that searches, or the wall
//! clock.

use super::LevelError;
use crate::clock::Instant;
use std::cell::Cell;
use std::time::Duration;

/// How long a search may think: a number of iterations (reproducible from a seed), a
/// time of the processor (the default: a loaded machine makes a move slower, not
/// weaker) or a time of the wall clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// So many iterations of the search, from 1 to 100,000,000: the same moves from
    /// the same seed on any machine.
    Iterations(u32),
    /// The processor time of each thread that searches.
    Time(Duration),
    /// The time on the wall clock, whatever else the machine runs.
    Wall(Duration),
}

/// The word that puts a time budget on the wall clock (`2s:wall`, `2s wall`).
const WALL: &str = "wall";

/// The most iterations one move may be given.
pub(crate) const MAX_ITERATIONS: u32 = 100_000_000;

impl Budget {
    /// `2000` (iterations), `2s`, `500ms`, `1.5s` (processor time), `2s:wall` or `2s
    /// wall` (the wall clock), `wall` (a second on the wall clock).
    pub fn parse(text: &str) -> Result<Budget, LevelError> {
        let t = text.trim();
        let words: Vec<&str> = t.split([':', ' ']).filter(|w| !w.is_empty()).collect();
        match words.as_slice() {
            [WALL] => Ok(Budget::Wall(super::DEFAULT_TIME)),
            [amount, WALL] => match Budget::parse_one(amount, t)? {
                Budget::Time(d) => Ok(Budget::Wall(d)),
                _ => Err(LevelError::WallIterations {
                    text: t.to_string(),
                }),
            },
            [amount] => Budget::parse_one(amount, t),
            _ => Err(LevelError::NotABudget {
                text: t.to_string(),
            }),
        }
    }

    /// One amount: a number of iterations or a time; `whole` is the text to quote.
    fn parse_one(amount: &str, whole: &str) -> Result<Budget, LevelError> {
        let bad = || LevelError::NotABudget {
            text: whole.to_string(),
        };
        let time = |number: &str, scale: f64| -> Result<Budget, LevelError> {
            let v: f64 = number.parse().map_err(|_| bad())?;
            if !v.is_finite() || v <= 0.0 || v * scale > 3600.0 {
                return Err(LevelError::TimeOutOfRange {
                    text: whole.to_string(),
                });
            }
            Ok(Budget::Time(Duration::from_secs_f64(v * scale)))
        };
        if let Some(ms) = amount.strip_suffix("ms") {
            return time(ms, 0.001);
        }
        if let Some(s) = amount.strip_suffix('s') {
            return time(s, 1.0);
        }
        match amount.parse::<u32>() {
            Ok(0) => Err(LevelError::NoIteration {
                text: whole.to_string(),
            }),
            Ok(n) if n <= MAX_ITERATIONS => Ok(Budget::Iterations(n)),
            Ok(_) => Err(LevelError::TooManyIterations {
                text: whole.to_string(),
                max: MAX_ITERATIONS,
            }),
            Err(_) => Err(bad()),
        }
    }

    /// Whether the text reads as a time budget (`1s`, `500ms`, `2s:wall`): how a level
    /// that also takes a file's name (`net3:1s`, `net3:FILE`) tells the two apart.
    pub(crate) fn looks_like_time(word: &str) -> bool {
        let number = word
            .strip_suffix("ms")
            .or_else(|| word.strip_suffix('s'))
            .unwrap_or("");
        word == WALL || (!number.is_empty() && number.parse::<f64>().is_ok())
    }

    /// The clock a time budget is kept by, and the time; None for iterations.
    pub(crate) fn time(self) -> Option<(ClockKind, Duration)> {
        match self {
            Budget::Iterations(_) => None,
            Budget::Time(d) => Some((ClockKind::Processor, d)),
            Budget::Wall(d) => Some((ClockKind::Wall, d)),
        }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let time = |f: &mut std::fmt::Formatter<'_>, d: &Duration| {
            if d.subsec_millis() == 0 {
                write!(f, "{}s", d.as_secs())
            } else {
                write!(f, "{}ms", d.as_millis())
            }
        };
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Time(d) => time(f, d),
            Budget::Wall(d) => {
                time(f, d)?;
                write!(f, ":{WALL}")
            }
        }
    }
}

/// Which clock a time budget is kept by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClockKind {
    /// The processor time of the thread that reads it.
    Processor,
    Wall,
}

/// How often the processor's clock is read, at most: reading it is a call into the
/// system (a fraction of a microsecond), where the wall clock is read in user space.
/// Between two readings the thread cannot have used more processor time than the wall
/// clock shows, so the budget is overrun by at most this, and by the one iteration
/// under way.
const PROCESSOR_CHECK: Duration = Duration::from_millis(1);

/// A time budget being spent, on the thread that made it (a processor clock counts
/// the time of the thread that reads it).
#[derive(Debug)]
pub(crate) struct Deadline {
    kind: ClockKind,
    budget: Duration,
    started: Instant,
    #[cfg(not(target_arch = "wasm32"))]
    processor: Option<cpu_time::ThreadTime>,
    /// The wall time before which the processor's clock need not be read again.
    next_check: Cell<Instant>,
}

impl Deadline {
    /// Starts spending `budget` by the clock `kind` on this thread. Where the system
    /// has no processor clock for threads, the wall clock keeps it.
    pub(crate) fn start(kind: ClockKind, budget: Duration) -> Deadline {
        let started = Instant::now();
        #[cfg(not(target_arch = "wasm32"))]
        let processor = match kind {
            ClockKind::Processor => cpu_time::ThreadTime::try_now().ok(),
            ClockKind::Wall => None,
        };
        Deadline {
            kind,
            budget,
            started,
            #[cfg(not(target_arch = "wasm32"))]
            processor,
            next_check: Cell::new(started),
        }
    }

    /// The time spent so far by this deadline's clock.
    pub(crate) fn spent(&self) -> Duration {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(p) = &self.processor {
            if let Ok(d) = p.try_elapsed() {
                return d;
            }
        }
        self.started.elapsed()
    }

    /// What is left of the budget.
    pub(crate) fn left(&self) -> Duration {
        self.budget.saturating_sub(self.spent())
    }

    /// Whether the budget is spent; cheap enough to ask after every iteration.
    pub(crate) fn passed(&self) -> bool {
        self.passed_keeping(Duration::ZERO)
    }

    /// Whether the budget is spent but for `kept`: the time the work will take to
    /// finish once it stops (a search's trees given back).
    pub(crate) fn passed_keeping(&self, kept: Duration) -> bool {
        let budget = self.budget.saturating_sub(kept);
        let now = Instant::now();
        if self.kind == ClockKind::Wall || !self.has_processor_clock() {
            return now.duration_since(self.started) >= budget;
        }
        if now < self.next_check.get() {
            return false;
        }
        let left = budget.saturating_sub(self.spent());
        if left.is_zero() {
            return true;
        }
        self.next_check.set(now + left.min(PROCESSOR_CHECK));
        false
    }

    fn has_processor_clock(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.processor.is_some();
        #[cfg(target_arch = "wasm32")]
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_processor_budget_is_not_spent_while_the_thread_sleeps() {
        let d = Deadline::start(ClockKind::Processor, Duration::from_millis(20));
        std::thread::sleep(Duration::from_millis(40));
        assert!(!d.passed(), "a sleeping thread uses no processor time");
        let w = Deadline::start(ClockKind::Wall, Duration::from_millis(20));
        std::thread::sleep(Duration::from_millis(40));
        assert!(w.passed());
    }

    #[test]
    fn a_processor_budget_is_spent_by_work() {
        let d = Deadline::start(ClockKind::Processor, Duration::from_millis(30));
        let mut x = 0u64;
        while !d.passed() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        let spent = d.spent();
        assert!(spent >= Duration::from_millis(30), "{spent:?}");
        // Read at most every millisecond, after at most as much time as the wall shows.
        assert!(spent < Duration::from_millis(40), "{spent:?} ({x})");
    }
}
