//! Runs of many seeded games (or any numbered units of work) on a pool of threads,
//! with results that do not depend on the number of threads.
//!
//! Game `i` of a run is played from the seed `seed_of(seed, i)` and depends on nothing
//! else, so any thread may play it. Games are handed out in index order, one at a
//! time, to whichever thread is free; their results are taken back in index order a
//! block at a time (`BLOCK_PER_THREAD` games a thread), so a run keeps one block of
//! results, never one for every game asked. A stop flag (set at Ctrl-C) starts no new
//! game: since games start in index order, the games played are always the first ones
//! of the run, and every one of them is taken. The first failing game, in index order,
//! ends the run with its error after the games before it are taken; which game that is
//! does not depend on the threads either.
//!
//! On one thread, the games are played on the caller's thread, each taken as it ends.
//!
//! The runner knows nothing of terminals or of Python: a caller draws its progress bar
//! from the `progress` callback and turns Ctrl-C into the stop flag.
//!
//! ```
//! use tabula::engine::rng::Rng;
//! use tabula::runner::{Job, Run, Runner};
//! use tabula::{compile, Choices, Engine, RuntimeError, Source};
//!
//! // Whoever takes the centre wins: random games last 1 to 9 decisions.
//! let rules = r#"
//! players a, b
//! board { grid 3 x 3 }
//! piece stone
//! action place "{to}" for to in cells where empty(to) { put stone of mover at to }
//! phase play { starts a actions place stuck end draw }
//! end "centre" when not empty(b2) winner owner(b2)
//! "#;
//! let game = compile(&Source::new("centre.tabula", rules), &[]).expect("it compiles");
//! // Each thread keeps an engine and its list of moves from game to game.
//! let scratch = || (Engine::new(&game), Choices::default());
//! let play = |(engine, choices): &mut (Engine, Choices), job: Job| {
//!     let record = engine.playout(&mut Rng::new(job.seed), 100, choices)?;
//!     let winner = record.outcome.and_then(|o| o.winner).map(|p| p.index());
//!     Ok::<_, RuntimeError>((winner, record.decisions))
//! };
//! let run = Run::new(0..200).seed(7);
//! let games_on = |threads| {
//!     let mut games = Vec::new();
//!     let runner = Runner::new(threads).expect("the threads start");
//!     let ran = runner
//!         .run_with(&run, scratch, play, |g| Ok(games.push(g)))
//!         .expect("every game plays");
//!     assert_eq!((ran.played, ran.stopped), (200, false));
//!     games
//! };
//! let one = games_on(1);
//! assert_eq!(one, games_on(2));
//! // Every game is won: the centre is taken by the ninth move at the latest.
//! assert!(one.iter().all(|&(winner, decisions)| winner.is_some() && decisions <= 9));
//! ```

use std::ops::Range;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::AtomicU64;
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Mutex;

/// The most threads a run plays on (`--threads`, Python's `threads=`).
pub const MAX_THREADS: usize = 256;

/// Games a block holds per thread: results are taken a block at a time, so a run keeps
/// this many results a thread at most.
pub const BLOCK_PER_THREAD: u64 = 64;

/// The seed game `index` of a run from `seed` is played from.
pub fn seed_of(seed: u64, index: u64) -> u64 {
    seed.wrapping_add(index)
}

/// One game of a run: its index and the seed it is played from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    /// The game's place in the run.
    pub index: u64,
    /// Its seed: [`seed_of`] the run's seed and the index.
    pub seed: u64,
}

/// What a run is to play.
#[derive(Clone, Copy)]
pub struct Run<'a> {
    games: (u64, u64),
    seed: u64,
    stop: Option<&'a AtomicBool>,
    progress: Option<&'a (dyn Fn(u64) + Sync)>,
}

impl<'a> Run<'a> {
    /// Games `games.start..games.end`, from seed 0, never stopped, unwatched.
    pub fn new(games: Range<u64>) -> Run<'a> {
        Run {
            games: (games.start, games.end.max(games.start)),
            seed: 0,
            stop: None,
            progress: None,
        }
    }

    /// Game `i` is played from `seed_of(seed, i)`.
    pub fn seed(self, seed: u64) -> Run<'a> {
        Run { seed, ..self }
    }

    /// Once `flag` is set, no game starts; those under way are finished and taken.
    pub fn stop(self, flag: &'a AtomicBool) -> Run<'a> {
        Run {
            stop: Some(flag),
            ..self
        }
    }

    /// `progress` is called, on the thread that played it, as each game ends, with the
    /// number of this run's games ended so far.
    pub fn progress(self, progress: &'a (dyn Fn(u64) + Sync)) -> Run<'a> {
        Run {
            progress: Some(progress),
            ..self
        }
    }

    /// The games asked.
    pub fn len(&self) -> u64 {
        self.games.1 - self.games.0
    }

    /// Whether the run asks for no game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ran {
    /// The games played and taken: the first `played` of the run.
    pub played: u64,
    /// Whether the stop flag left games of the run unplayed.
    pub stopped: bool,
}

/// A pool of threads could not be started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartError {
    /// How many threads were to be started.
    pub threads: usize,
    /// The system's reason.
    pub reason: String,
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot start {} threads: {}", self.threads, self.reason)
    }
}

impl std::error::Error for StartError {}

/// A pool of threads that plays runs of games.
pub struct Runner {
    // No threads where the library runs in a page: games are played on the caller's.
    #[cfg(not(target_arch = "wasm32"))]
    pool: rayon::ThreadPool,
    threads: usize,
}

impl Runner {
    /// A runner on `threads` threads; 0 is one for every core.
    pub fn new(threads: usize) -> Result<Runner, StartError> {
        let threads = crate::clock::threads(threads);
        #[cfg(target_arch = "wasm32")]
        return Ok(Runner { threads });
        #[cfg(not(target_arch = "wasm32"))]
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| StartError {
                threads,
                reason: e.to_string(),
            })?;
        #[cfg(not(target_arch = "wasm32"))]
        Ok(Runner { pool, threads })
    }

    /// The threads games are played on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Plays the games of `run` by `play` and hands each result to `take`, in index
    /// order, as their block ends. Returns how many were played and whether the stop
    /// flag cut the run short, or the first error in index order (of `play`, or of
    /// `take`, which is not called again).
    pub fn run<T: Send, E: Send>(
        &self,
        run: &Run,
        play: impl Fn(Job) -> Result<T, E> + Sync,
        take: impl FnMut(T) -> Result<(), E>,
    ) -> Result<Ran, E> {
        self.run_with(run, || (), |_, job| play(job), take)
    }

    /// As `run`, with a scratch value for each thread (an engine and its lists of
    /// moves, say), made by `init` when the thread plays its first game and handed to
    /// each game the thread plays. A game must not depend on what earlier games left
    /// in it.
    pub fn run_with<S: Send, T: Send, E: Send>(
        &self,
        run: &Run,
        init: impl Fn() -> S + Sync,
        play: impl Fn(&mut S, Job) -> Result<T, E> + Sync,
        take: impl FnMut(T) -> Result<(), E>,
    ) -> Result<Ran, E> {
        if self.threads == 1 || cfg!(target_arch = "wasm32") {
            return run_here(run, init, play, take);
        }
        self.run_parallel(run, init, play, take)
    }

    #[cfg(target_arch = "wasm32")]
    fn run_parallel<S: Send, T: Send, E: Send>(
        &self,
        run: &Run,
        init: impl Fn() -> S + Sync,
        play: impl Fn(&mut S, Job) -> Result<T, E> + Sync,
        take: impl FnMut(T) -> Result<(), E>,
    ) -> Result<Ran, E> {
        run_here(run, init, play, take)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn run_parallel<S: Send, T: Send, E: Send>(
        &self,
        run: &Run,
        init: impl Fn() -> S + Sync,
        play: impl Fn(&mut S, Job) -> Result<T, E> + Sync,
        mut take: impl FnMut(T) -> Result<(), E>,
    ) -> Result<Ran, E> {
        let (start, end) = run.games;
        let block = BLOCK_PER_THREAD.saturating_mul(self.threads as u64);
        let scratch: Vec<Mutex<Option<S>>> = (0..self.threads).map(|_| Mutex::new(None)).collect();
        let ended = AtomicU64::new(0);
        let mut played = 0;
        let mut next = start;
        while next < end {
            let block_end = end.min(next.saturating_add(block));
            let (results, failed) =
                self.play_block(run, next..block_end, &scratch, &ended, &init, &play);
            let mut slots: Vec<Option<Result<T, E>>> = (next..block_end).map(|_| None).collect();
            for (index, result) in results.into_iter().flatten() {
                slots[(index - next) as usize] = Some(result);
            }
            // The games started are the first ones of the block: the first empty slot
            // ends what was played.
            for slot in slots {
                match slot {
                    Some(Ok(t)) => {
                        take(t)?;
                        played += 1;
                    }
                    Some(Err(e)) => return Err(e),
                    None => break,
                }
            }
            if failed {
                // The failing game's slot was filled: it returned above.
                break;
            }
            if played < block_end - start {
                return Ok(Ran {
                    played,
                    stopped: true,
                });
            }
            next = block_end;
        }
        Ok(Ran {
            played,
            stopped: false,
        })
    }

    /// Plays the games of `block` on every thread, each taking the next game not yet
    /// started until none is left, the run is stopped or a game failed. Returns each
    /// thread's results with their indices, and whether a game failed.
    #[allow(clippy::type_complexity)]
    #[cfg(not(target_arch = "wasm32"))]
    fn play_block<S: Send, T: Send, E: Send>(
        &self,
        run: &Run,
        block: Range<u64>,
        scratch: &[Mutex<Option<S>>],
        ended: &AtomicU64,
        init: &(impl Fn() -> S + Sync),
        play: &(impl Fn(&mut S, Job) -> Result<T, E> + Sync),
    ) -> (Vec<Vec<(u64, Result<T, E>)>>, bool) {
        let next = AtomicU64::new(block.start);
        let failed = AtomicBool::new(false);
        let results = self.pool.broadcast(|ctx| {
            let mut results = Vec::new();
            // Each thread locks only its own scratch value: the lock is never waited for.
            let Ok(mut own) = scratch[ctx.index()].lock() else {
                return results;
            };
            loop {
                if run.stopped() || failed.load(Ordering::Relaxed) {
                    break;
                }
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= block.end {
                    break;
                }
                let s = own.get_or_insert_with(init);
                let job = Job {
                    index,
                    seed: seed_of(run.seed, index),
                };
                let result = play(s, job);
                if result.is_err() {
                    failed.store(true, Ordering::Relaxed);
                }
                let n = ended.fetch_add(1, Ordering::Relaxed) + 1;
                if let Some(progress) = run.progress {
                    progress(n);
                }
                results.push((index, result));
            }
            results
        });
        (results, failed.load(Ordering::Relaxed))
    }
}

/// A run on one thread, played on the caller's: each game is taken as it ends, and no
/// game waits for another thread to be woken (on a busy machine, a wait at every block).
fn run_here<S, T, E>(
    run: &Run,
    init: impl Fn() -> S,
    play: impl Fn(&mut S, Job) -> Result<T, E>,
    mut take: impl FnMut(T) -> Result<(), E>,
) -> Result<Ran, E> {
    let (start, end) = run.games;
    let mut scratch = None;
    let mut played = 0;
    for index in start..end {
        if run.stopped() {
            return Ok(Ran {
                played,
                stopped: true,
            });
        }
        let s = scratch.get_or_insert_with(&init);
        let result = play(
            s,
            Job {
                index,
                seed: seed_of(run.seed, index),
            },
        );
        if let Some(progress) = run.progress {
            progress(played + 1);
        }
        take(result?)?;
        played += 1;
    }
    Ok(Ran {
        played,
        stopped: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose length depends on its index, so that games end out of order on
    /// several threads: its result is worked out from its job alone.
    fn uneven(job: Job) -> Result<(u64, u64), String> {
        let spin = (job.index * 7919) % 13;
        let mut x = job.seed;
        for _ in 0..spin * 2000 {
            x = std::hint::black_box(x.rotate_left(5) ^ 0x9e37);
        }
        std::hint::black_box(x);
        Ok((job.index, job.seed))
    }

    fn all(threads: usize, run: &Run) -> (Vec<(u64, u64)>, Ran) {
        let runner = Runner::new(threads).unwrap();
        let mut taken = Vec::new();
        let ran = runner
            .run(run, uneven, |r| {
                taken.push(r);
                Ok::<(), String>(())
            })
            .unwrap();
        (taken, ran)
    }

    #[test]
    fn every_game_is_taken_once_in_index_order_with_its_seed() {
        // Three blocks and a part on two threads.
        let run = Run::new(5..5 + 3 * 128 + 17).seed(u64::MAX - 9);
        for threads in [1, 2, 3] {
            let (taken, ran) = all(threads, &run);
            let want: Vec<(u64, u64)> = (5..5 + 3 * 128 + 17)
                .map(|i| (i, (u64::MAX - 9).wrapping_add(i)))
                .collect();
            assert_eq!(taken, want, "{threads} threads");
            assert_eq!(
                ran,
                Ran {
                    played: 3 * 128 + 17,
                    stopped: false
                }
            );
        }
    }

    #[test]
    fn an_empty_run_plays_nothing() {
        let (taken, ran) = all(2, &Run::new(7..7));
        assert!(taken.is_empty());
        assert_eq!(
            ran,
            Ran {
                played: 0,
                stopped: false
            }
        );
        // A range that ends before it starts is empty too.
        let (start, end) = (7, std::hint::black_box(3));
        let (taken, _) = all(2, &Run::new(start..end));
        assert!(taken.is_empty());
    }

    #[test]
    fn a_run_stopped_after_k_games_holds_exactly_the_games_that_ended_in_order() {
        for threads in [1, 2, 4] {
            for k in [1, 5, 64, 200] {
                let stop = AtomicBool::new(false);
                let played = AtomicU64::new(0);
                let runner = Runner::new(threads).unwrap();
                let mut taken = Vec::new();
                let run = Run::new(0..10_000).seed(3).stop(&stop);
                let ran = runner
                    .run(
                        &run,
                        |job| {
                            played.fetch_add(1, Ordering::Relaxed);
                            if job.index == k - 1 {
                                stop.store(true, Ordering::Relaxed);
                            }
                            uneven(job)
                        },
                        |r| {
                            taken.push(r.0);
                            Ok::<(), String>(())
                        },
                    )
                    .unwrap();
                let played = played.load(Ordering::Relaxed);
                // Every game played is taken, and they are the first of the run.
                assert_eq!(
                    taken,
                    (0..played).collect::<Vec<_>>(),
                    "{threads} threads, k {k}"
                );
                assert!(ran.stopped);
                assert_eq!(ran.played, played);
                // The stop came as game k - 1 was under way: on one thread, it is the
                // last; on more, those under way on the others are finished too.
                if threads == 1 {
                    assert_eq!(played, k);
                } else {
                    assert!(played >= k && played < k + threads as u64, "{played}");
                }
            }
        }
    }

    #[test]
    fn a_run_stopped_before_it_starts_plays_nothing() {
        let stop = AtomicBool::new(true);
        let (taken, ran) = all(2, &Run::new(0..100).stop(&stop));
        assert!(taken.is_empty());
        assert_eq!(
            ran,
            Ran {
                played: 0,
                stopped: true
            }
        );
    }

    #[test]
    fn the_first_failing_game_in_index_order_ends_the_run() {
        for threads in [1, 2, 3] {
            let runner = Runner::new(threads).unwrap();
            let mut taken = Vec::new();
            let result = runner.run(
                &Run::new(0..1000),
                |job| match job.index {
                    // A later game fails too, and may fail first on another thread.
                    150 | 151 | 700 => Err(format!("game {}", job.index)),
                    _ => uneven(job),
                },
                |r| {
                    taken.push(r.0);
                    Ok(())
                },
            );
            assert_eq!(result, Err("game 150".to_string()), "{threads} threads");
            assert_eq!(taken, (0..150).collect::<Vec<_>>());
        }
    }

    #[test]
    fn an_error_of_take_ends_the_run_there() {
        let runner = Runner::new(2).unwrap();
        let mut taken = 0;
        let result = runner.run(&Run::new(0..500), uneven, |r| {
            taken += 1;
            if r.0 == 9 {
                Err("full".to_string())
            } else {
                Ok(())
            }
        });
        assert_eq!(result, Err("full".to_string()));
        assert_eq!(taken, 10);
    }

    #[test]
    fn results_are_taken_a_block_at_a_time_not_at_the_end() {
        for threads in [1, 2] {
            let played = AtomicU64::new(0);
            let runner = Runner::new(threads).unwrap();
            let mut most = 0;
            runner
                .run(
                    &Run::new(0..5000),
                    |job| {
                        played.fetch_add(1, Ordering::Relaxed);
                        uneven(job)
                    },
                    |r| {
                        // Game i is taken once its block has ended, before the next
                        // block starts: no more than one block is played ahead of it.
                        let ahead = played.load(Ordering::Relaxed) - r.0;
                        most = most.max(ahead);
                        Ok::<(), String>(())
                    },
                )
                .unwrap();
            assert!(most <= BLOCK_PER_THREAD * threads as u64, "{most}");
        }
    }

    #[test]
    fn each_thread_makes_its_scratch_value_once_and_keeps_it() {
        let runner = Runner::new(2).unwrap();
        let made = AtomicU64::new(0);
        let mut seen = Vec::new();
        runner
            .run_with(
                &Run::new(0..1000),
                || {
                    made.fetch_add(1, Ordering::Relaxed);
                    0u64
                },
                |games: &mut u64, job| {
                    *games += 1;
                    Ok::<_, String>((job.index, *games))
                },
                |r| {
                    seen.push(r);
                    Ok(())
                },
            )
            .unwrap();
        assert!(made.load(Ordering::Relaxed) <= 2);
        // Each thread's count runs on from block to block (a block is 128 games here),
        // so some thread has played more than a block's share of the run.
        assert_eq!(seen.len(), 1000);
        assert!(seen.iter().map(|&(_, n)| n).max().unwrap() > BLOCK_PER_THREAD * 2);
    }

    #[test]
    fn progress_counts_every_game_as_it_ends() {
        let calls = AtomicU64::new(0);
        let last = AtomicU64::new(0);
        let watch = |n: u64| {
            calls.fetch_add(1, Ordering::Relaxed);
            last.fetch_max(n, Ordering::Relaxed);
        };
        let (taken, _) = all(3, &Run::new(0..777).progress(&watch));
        assert_eq!(taken.len(), 777);
        assert_eq!(calls.load(Ordering::Relaxed), 777);
        assert_eq!(last.load(Ordering::Relaxed), 777);
    }

    #[test]
    fn no_threads_asked_is_one_for_every_core() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(Runner::new(0).unwrap().threads(), cores);
        assert_eq!(Runner::new(3).unwrap().threads(), 3);
    }
}
