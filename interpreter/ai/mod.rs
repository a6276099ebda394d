//! Computer players for any rules file. `random` plays as a playout would; `greedy`
//! looks one choice ahead; `playouts` rates each choice by random games from it
//! (flat Monte Carlo); `mcts` searches the tree of choices and chance outcomes (UCT);
//! `net`, `net2` and `net3` rate choices by a learned network, one, two and three
//! choices ahead; a file's strategy (`strategy NAME ...`) plays by its written rules.
//! None of them knows a game: they see the engine's choices, its chance outcomes with
//! their weights, the actions' playout weights and the end rules' points.

pub mod arena;
pub mod az;
mod budget;
pub mod encode;
mod flat;
mod level_error;
mod mcts;
pub mod net;
mod net_error;
mod net_file;
mod netplay;
mod policy;
pub mod stake;
pub mod stats;
pub mod strategy;
pub mod train;
mod view;

pub use budget::Budget;
pub use level_error::LevelError;
pub use mcts::{SearchReport, Tree};
pub use net_file::{default_net, read_net_file};

use crate::engine::rng::Rng;
use crate::{Choices, Engine, Game, RuntimeError, State};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The time of `mcts` when none is given, and of a budget that names only its clock
/// (`wall`).
pub(crate) const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// The budget of `mcts` when none is given: a second of processor time.
pub(crate) const DEFAULT_BUDGET: Budget = Budget::Time(DEFAULT_TIME);

/// A computer player's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Any legal choice, drawn by the actions' playout weights as a random game draws.
    Random,
    /// One choice ahead: the best immediate result (a win, else no loss to the next
    /// player's answer, else the best score over the others').
    Greedy,
    /// The choice that wins most of 300 random games shared among the choices (flat
    /// Monte Carlo).
    Playouts,
    /// A tree search of choices and chance outcomes (UCT) within the budget, rating
    /// the positions it reaches by the network where the thinker has one, else by
    /// random games.
    Mcts(Budget),
    /// The learned network, one choice ahead.
    Net,
    /// The learned network, two choices ahead: the best few of the mover's choices by
    /// `net` are searched through the chance that follows and the next decision; within
    /// a time, if one is given (the choices searched by then are compared).
    Net2(Option<Budget>),
    /// The learned network, three choices ahead: `net2`'s search, with the next
    /// player's answer followed through the chance after it to the decision after that.
    Net3(Option<Budget>),
    /// The self-taught searcher: a tree search in which the network's policy head
    /// gives each choice its prior and its value outputs rate the positions reached
    /// (PUCT, as AlphaZero), within the budget.
    Az(Budget),
    /// The file's strategy of this index (`strategy NAME ...`), named by its name
    /// ([`Level::parse_in`]).
    Strategy(usize),
}

/// What follows `net2:` or `net3:`: a time budget (`1s`, `500ms`, `1s:wall`), a
/// network file, or both (`1s:FILE`). `text` is the whole level, to quote.
fn net_parts<'t>(
    text: &str,
    rest: &'t str,
) -> Result<(Option<Budget>, Option<&'t str>), LevelError> {
    let rest = rest.trim();
    let (first, tail) = rest.split_once([':', ' ']).unwrap_or((rest, ""));
    if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LevelError::NetIterations {
            text: text.to_string(),
        });
    }
    if !Budget::looks_like_time(first) {
        return Ok((None, Some(rest).filter(|f| !f.is_empty())));
    }
    let tail = tail.trim_start_matches([':', ' ']);
    let (wall, file) = match tail.split_once([':', ' ']).unwrap_or((tail, "")) {
        ("wall", file) if first != "wall" => (true, file),
        _ => (false, tail),
    };
    let budget = match Budget::parse(first)? {
        Budget::Time(d) if wall => Budget::Wall(d),
        b => b,
    };
    let file = file.trim_start_matches([':', ' ']).trim();
    Ok((Some(budget), Some(file).filter(|f| !f.is_empty())))
}

/// What follows `az:`: a budget as `mcts` takes it (`2s`, `800`, `2s:wall`), a network
/// file, or both (`1s:FILE`): the budget's text and the file's.
fn az_parts(rest: &str) -> (Option<String>, Option<&str>) {
    fn file(f: &str) -> Option<&str> {
        Some(f.trim()).filter(|f| !f.is_empty())
    }
    let rest = rest.trim();
    let (first, tail) = rest.split_once([':', ' ']).unwrap_or((rest, ""));
    let budget_like = Budget::looks_like_time(first)
        || (!first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()));
    if !budget_like {
        return (None, file(rest));
    }
    let tail = tail.trim_start_matches([':', ' ']);
    let (second, after) = tail.split_once([':', ' ']).unwrap_or((tail, ""));
    if second == "wall" && first != "wall" {
        return (
            Some(format!("{first}:wall")),
            file(after.trim_start_matches([':', ' '])),
        );
    }
    (Some(first.to_string()), file(tail))
}

/// The budget of `az:REST`.
fn az_budget(rest: &str) -> Result<Budget, LevelError> {
    match az_parts(rest).0 {
        Some(b) => Budget::parse(&b),
        None => Ok(DEFAULT_BUDGET),
    }
}

impl Level {
    /// The names, for help and completion.
    pub(crate) const NAMES: &'static [&'static str] = crate::ir::LEVEL_NAMES;

    /// Each level with what it is worth and what it costs, weakest first, for `help ai`.
    pub const HELP: &'static [(&'static str, &'static str)] = &[
        ("random", "any legal move, as a random game plays; instant"),
        (
            "greedy",
            "the best immediate result (a win, no loss in one, the score); instant",
        ),
        (
            "playouts",
            "the move that wins most of 300 random games from it; a moment (milliseconds to a fraction of a second of processor a move, by how long the game's games are; docs/ai.md has the figures)",
        ),
        (
            "mcts",
            "a tree search of moves and chance, by the game's network where it has one; 1 s of processor time a move, or as given (`mcts 5s`, `mcts 5s wall`, `mcts 20000`)",
        ),
        (
            "net",
            "the game's trained network, one move ahead; instant (`net:FILE`: another network)",
        ),
        (
            "net2",
            "the network two moves ahead: the opponent's best answer; a fraction of a second of processor a move (`net2 500ms`: at most that)",
        ),
        (
            "net3",
            "the network three moves ahead, the strongest where a game has one; under a second of processor a move in the shipped games (`net3 1s`: at most that)",
        ),
        (
            "az",
            "the self-taught searcher: a tree search judged by a network trained with `tabula train --searcher`; 1 s of processor time a move, or as given (`az 5s`, `az 800`)",
        ),
        ("off", "a person plays"),
    ];

    /// The strongest level with its default budget.
    pub const STRONGEST: Level = Level::Mcts(DEFAULT_BUDGET);

    /// A level by name (`mcts:2s`, `mcts:5000`, `mcts 2s`, `mcts:2s:wall` or `mcts`;
    /// `net3`, `net3:1s`, `net3:FILE`, `net3:1s:FILE`); `Ok(None)` for `off`.
    pub fn parse(text: &str) -> Result<Option<Level>, LevelError> {
        let t = text.trim();
        let (name, rest) = match t.split_once([':', ' ']) {
            Some((n, b)) => (n, Some(b)),
            None => (t, None),
        };
        // The file is the caller's to load (`Level::net_file`).
        let net_budget = || -> Result<Option<Budget>, LevelError> {
            Ok(match rest {
                Some(r) => net_parts(t, r)?.0,
                None => None,
            })
        };
        let level = match name {
            "random" => Level::Random,
            "greedy" => Level::Greedy,
            "playouts" => Level::Playouts,
            "mcts" => Level::Mcts(match rest {
                Some(b) => Budget::parse(b)?,
                None => DEFAULT_BUDGET,
            }),
            "net" => {
                return match net_budget()? {
                    Some(_) => Err(LevelError::NetBudget {
                        text: t.to_string(),
                    }),
                    None => Ok(Some(Level::Net)),
                }
            }
            "az" => {
                return Ok(Some(Level::Az(match rest {
                    Some(r) => az_budget(r)?,
                    None => DEFAULT_BUDGET,
                })))
            }
            "net2" => return Ok(Some(Level::Net2(net_budget()?))),
            "net3" => return Ok(Some(Level::Net3(net_budget()?))),
            "off" | "person" | "human" => return Ok(None),
            other => {
                return Err(LevelError::Unknown {
                    name: other.to_string(),
                })
            }
        };
        if rest.is_some() && !matches!(level, Level::Mcts(_)) {
            return Err(LevelError::BudgetNotTaken {
                text: t.to_string(),
            });
        }
        Ok(Some(level))
    }

    /// A level of `game` by name: one of its strategies by its bare name (the checker
    /// keeps strategies off the built-in levels' names), else as [`Level::parse`]
    /// reads it; an unknown name is told with the strategies the file has.
    pub fn parse_in(text: &str, game: &Game) -> Result<Option<Level>, LevelError> {
        let t = text.trim();
        let strategies = &game.rules.strategies;
        let index = |name: &str| strategies.iter().position(|s| s.name == name);
        if let Some(i) = index(t) {
            return Ok(Some(Level::Strategy(i)));
        }
        let name = t.split_once([':', ' ']).map_or(t, |(n, _)| n);
        if index(name).is_some() {
            return Err(LevelError::BudgetNotTaken {
                text: t.to_string(),
            });
        }
        match Level::parse(t) {
            Err(LevelError::Unknown { name }) if !strategies.is_empty() => {
                let names: Vec<&str> = strategies.iter().map(|s| s.name.as_str()).collect();
                Err(LevelError::UnknownHere {
                    name,
                    strategies: names.join(", "),
                })
            }
            other => other,
        }
    }

    /// The level as it is written, a strategy by its name in `game`.
    pub fn name_in(self, game: &Game) -> String {
        match self {
            Level::Strategy(i) => game
                .rules
                .strategies
                .get(i)
                .map_or_else(|| self.name(), |s| s.name.clone()),
            _ => self.name(),
        }
    }

    /// The network file named in `net:FILE`, `net2:FILE`, `net3:1s:FILE` (or with
    /// spaces: `net2 FILE`), if any.
    pub fn net_file(text: &str) -> Option<&str> {
        let t = text.trim();
        let (name, rest) = t.split_once([':', ' '])?;
        match name {
            "net" | "net2" | "net3" => net_parts(t, rest).ok()?.1,
            "az" => az_parts(rest).1,
            _ => None,
        }
    }

    /// Whether the level plays by a network (and needs one).
    pub(crate) fn plays_by_net(self) -> bool {
        matches!(
            self,
            Level::Net | Level::Net2(_) | Level::Net3(_) | Level::Az(_)
        )
    }

    /// For a level that searches past `net`'s one choice ahead, how many decisions it
    /// follows after the next player's answer: 0 for `net2`, 1 for `net3`.
    fn further(self) -> Option<usize> {
        match self {
            Level::Net2(_) => Some(0),
            Level::Net3(_) => Some(1),
            _ => None,
        }
    }

    /// The level as it is written (`mcts:2s`).
    pub fn name(self) -> String {
        match self {
            Level::Random => "random".into(),
            Level::Greedy => "greedy".into(),
            Level::Playouts => "playouts".into(),
            Level::Mcts(b) if b == DEFAULT_BUDGET => "mcts".into(),
            Level::Mcts(b) => format!("mcts:{b}"),
            Level::Net => "net".into(),
            Level::Net2(None) => "net2".into(),
            Level::Net3(None) => "net3".into(),
            Level::Net2(Some(b)) => format!("net2:{b}"),
            Level::Net3(Some(b)) => format!("net3:{b}"),
            Level::Az(b) if b == DEFAULT_BUDGET => "az".into(),
            Level::Az(b) => format!("az:{b}"),
            // Its name is the game's to give (`name_in`).
            Level::Strategy(i) => format!("strategy {}", i + 1),
        }
    }
}

/// Why the computer made no choice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AiError {
    /// Thinking was interrupted (Ctrl-C).
    Interrupted,
    /// The rules file failed while the computer played it.
    Runtime(RuntimeError),
}

impl From<RuntimeError> for AiError {
    fn from(e: RuntimeError) -> AiError {
        AiError::Runtime(e)
    }
}

/// What the computer thinks of one choice, from the point of view of the player
/// choosing.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct Estimate {
    /// The choice's index in the listed choices.
    pub choice: usize,
    /// Games (playouts or search iterations) behind the figures.
    pub visits: u32,
    /// The share of those games the player won (a draw counts a half).
    pub win: f64,
    /// The points the player may expect: what a won game is worth, minus what a lost
    /// one costs.
    pub points: f64,
    /// The mean size of those games' results in points, won or lost.
    #[serde(skip)]
    pub size: f64,
    /// Whether the figures are certain: a tree search found the value of every line
    /// of play from the choice (or one that wins its player all there is to win).
    pub proven: bool,
}

/// How a computer player thinks: its threads, a flag that stops it, and the trees
/// kept from its last search (reused when the game went where it expected).
#[derive(Debug)]
pub struct Thinker {
    /// Threads of one search (trees searched side by side); 0: every core.
    pub threads: usize,
    trees: Vec<Tree>,
    /// The searcher's tree (`az`), kept for the next decision like `trees`.
    az_tree: Option<az::AzTree>,
    /// The learned network: the `net` level plays by it, and `mcts` rates the positions
    /// it reaches by it instead of by random games.
    pub net: Option<std::sync::Arc<net::Net>>,
    /// The most bytes the search trees may hold, all threads together
    /// (`TABULA_MCTS_MEMORY`, else `DEFAULT_MEMORY`).
    pub memory: usize,
    /// What the last tree search used.
    pub report: Option<SearchReport>,
}

impl Default for Thinker {
    fn default() -> Thinker {
        Thinker::new(0)
    }
}

/// The bound of a player's search trees when `TABULA_MCTS_MEMORY` sets none: 256 MB.
/// A tree of a small board game grows by about 0.8 KB an iteration, some 60 MB a second of
/// one core; a bound of 256 MB holds four seconds of it, and an arena of two games at
/// once keeps four such trees (each player's, between his moves) within 1 GB, what a
/// laptop can spare, as can a page (wasm32 has 4 GB at most). Past the bound the
/// search goes on in the tree it has.
pub const DEFAULT_MEMORY: usize = 256 << 20;

/// The variable that sets the bound of a player's search trees (`512MB`, `1GB`).
pub const MEMORY_VARIABLE: &str = "TABULA_MCTS_MEMORY";

/// The bound set by `TABULA_MCTS_MEMORY`, else `DEFAULT_MEMORY`; an error that says
/// what is wrong with the variable.
pub fn memory_bound() -> Result<usize, String> {
    match std::env::var(MEMORY_VARIABLE) {
        Ok(text) => parse_memory(&text).map_err(|e| format!("{MEMORY_VARIABLE}={text}: {e}")),
        Err(std::env::VarError::NotPresent) => Ok(DEFAULT_MEMORY),
        Err(std::env::VarError::NotUnicode(_)) => Err(format!(
            "{MEMORY_VARIABLE} is not text; write a size such as 512MB"
        )),
    }
}

/// A size in bytes: `512MB`, `1GB`, `64mb`, `300KB` (1 KB = 1,024 bytes), from 1 MB
/// to 1 TB.
pub fn parse_memory(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let upper = t.to_ascii_uppercase();
    let (number, unit) = [
        ("KB", 1u64 << 10),
        ("MB", 1 << 20),
        ("GB", 1 << 30),
        ("TB", 1 << 40),
    ]
    .iter()
    .find_map(|(suffix, unit)| {
        upper
            .strip_suffix(suffix)
            .map(|n| (n.trim().to_string(), *unit))
    })
    .ok_or_else(|| format!("`{t}` is not a size; write one such as 256MB or 1GB"))?;
    let v: f64 = number
        .parse()
        .map_err(|_| format!("`{t}` is not a size; write one such as 256MB or 1GB"))?;
    let bytes = v * unit as f64;
    if !bytes.is_finite() || bytes < (1u64 << 20) as f64 || bytes > (1u64 << 40) as f64 {
        return Err(format!("`{t}`: a search's memory is from 1MB to 1TB"));
    }
    Ok(bytes.min(usize::MAX as f64) as usize)
}

/// A number of bytes as people read it: `12 KB`, `1.4 MB`, `61 MB`, `1.5 GB`.
pub fn megabytes(bytes: usize) -> String {
    let mb = bytes as f64 / f64::from(1u32 << 20);
    if mb < 1.0 {
        format!("{:.0} KB", mb * 1024.0)
    } else if mb >= 1024.0 {
        format!("{:.1} GB", mb / 1024.0)
    } else if mb >= 10.0 {
        format!("{mb:.0} MB")
    } else {
        format!("{mb:.1} MB")
    }
}

impl Thinker {
    /// A thinker of `threads` threads (0: every core) without a network, its trees
    /// bound by `TABULA_MCTS_MEMORY` (else [`DEFAULT_MEMORY`]).
    pub fn new(threads: usize) -> Thinker {
        Thinker {
            threads,
            trees: Vec::new(),
            az_tree: None,
            net: None,
            // A variable that does not read was refused where the program started
            // (`memory_bound`); here it leaves the default.
            memory: memory_bound().unwrap_or(DEFAULT_MEMORY),
            report: None,
        }
    }

    /// The same, with a network.
    pub fn with_net(threads: usize, net: Option<std::sync::Arc<net::Net>>) -> Thinker {
        Thinker {
            net,
            ..Thinker::new(threads)
        }
    }

    /// Forgets the kept trees (a new game, an undo).
    pub(crate) fn forget(&mut self) {
        self.trees.clear();
        self.az_tree = None;
    }
}

/// Whether the flag says stop.
pub(crate) fn stopped(flag: Option<&AtomicBool>) -> bool {
    flag.is_some_and(|f| f.load(Ordering::Relaxed))
}

/// A decision to make: the engine, the position and its listed choices.
pub struct Decision<'a, 'g> {
    /// The engine of the game; the search plays on it and leaves it as it was.
    pub engine: &'a mut Engine<'g>,
    /// The position, with a decision to make.
    pub state: &'a State,
    /// The position's choices as [`Engine::legal`] listed them.
    pub choices: &'a Choices,
    /// The player who chooses (the one the estimates favour).
    pub player: crate::PlayerId,
}

/// The index of the choice the computer plays.
///
/// ```
/// use tabula::ai::{choose, Budget, Decision, Level, Thinker};
/// use tabula::engine::rng::Rng;
/// use tabula::{compile, Choices, Engine, Source, Status};
///
/// // Whoever takes the centre wins.
/// let rules = r#"
/// players a, b
/// board { grid 3 x 3 }
/// piece stone
/// action place "{to}" for to in cells where empty(to) { put stone of mover at to }
/// phase play { starts a actions place stuck end draw }
/// end "centre" when not empty(b2) winner owner(b2)
/// "#;
/// let game = compile(&Source::new("centre.tabula", rules), &[]).expect("it compiles");
/// let mut engine = Engine::new(&game);
/// let state = engine.initial_state().expect("it sets up");
/// let Ok(Status::Player(player)) = engine.status(&state) else { panic!("a decides") };
/// let mut choices = Choices::default();
/// engine.legal(&state, &mut choices).expect("the moves list");
///
/// let level = Level::parse("greedy").expect("a level").expect("not `off`");
/// let decision = Decision { engine: &mut engine, state: &state, choices: &choices, player };
/// let mut thinker = Thinker::new(1);
/// let i = choose(decision, level, &mut Rng::new(1), &mut thinker, None).expect("a choice");
/// assert_eq!(engine.choice_text(&state, &choices[i]).expect("its text"), "b2");
///
/// assert_eq!(Level::parse("mcts:500"), Ok(Some(Level::Mcts(Budget::Iterations(500)))));
/// assert_eq!(Level::parse("off"), Ok(None));
/// assert_eq!(
///     Level::parse("mcts:0").unwrap_err().to_string(),
///     "`0`: a search needs at least one iteration"
/// );
/// ```
pub fn choose(
    d: Decision,
    level: Level,
    rng: &mut Rng,
    thinker: &mut Thinker,
    stop: Option<&AtomicBool>,
) -> Result<usize, AiError> {
    let n = d.choices.len();
    if n <= 1 {
        return Ok(0);
    }
    let (est, margin) = match level {
        Level::Random => return Ok(rng.weighted(&d.choices.weights)),
        Level::Greedy => return flat::greedy(d, rng, stop),
        Level::Strategy(i) => return strategy::choose(d, i, rng),
        Level::Playouts => {
            let est = flat::estimates(d.engine, d.state, d.choices, d.player.index(), rng, stop)?;
            (est, RARE_MARGIN)
        }
        Level::Mcts(budget) => {
            let seed = u64::from(rng.below(u32::MAX)) << 32 | u64::from(rng.below(u32::MAX));
            let est = mcts::search(d.engine.game, d.state, budget, seed, thinker, stop)?;
            (est, RARE_MARGIN)
        }
        Level::Net | Level::Net2(_) | Level::Net3(_) => {
            (net_estimates(&d, level, thinker, stop)?, NET_RARE_MARGIN)
        }
        Level::Az(budget) => {
            let seed = u64::from(rng.below(u32::MAX)) << 32 | u64::from(rng.below(u32::MAX));
            let est = az::search(d.engine.game, d.state, budget, seed, thinker, stop)?;
            (est, NET_RARE_MARGIN)
        }
    };
    Ok(pick(d.engine.game, d.state, d.choices, &est, margin, rng))
}

/// The `net`, `net2` or `net3` level's estimates: an error when no network is loaded.
fn net_estimates(
    d: &Decision,
    level: Level,
    thinker: &Thinker,
    stop: Option<&AtomicBool>,
) -> Result<Vec<Estimate>, AiError> {
    let Some(net) = thinker.net.clone() else {
        return Err(AiError::Runtime(RuntimeError::of_game(
            crate::engine::RuntimeErrorKind::NoNetwork {
                game: d.engine.game.rules.name.clone(),
            },
        )));
    };
    let mut scratch = net::Scratch {
        average_chance: true,
        ..net::Scratch::default()
    };
    let mut engine = crate::Engine::new(d.engine.game);
    if let Some(further) = level.further() {
        let deadline = match level {
            Level::Net2(Some(b)) | Level::Net3(Some(b)) => b.time(),
            _ => None,
        }
        .map(|(kind, time)| budget::Deadline::start(kind, time));
        let search = netplay::Limits {
            stop,
            deadline: deadline.as_ref(),
        };
        return netplay::deeper_estimates(
            &net,
            &mut engine,
            d.state,
            d.choices,
            d.player.index(),
            &mut scratch,
            further,
            search,
        );
    }
    netplay::estimates(
        &net,
        &mut engine,
        d.state,
        d.choices,
        d.player.index(),
        &mut scratch,
        stop,
    )
}

/// The estimates of every choice, best first, by the level's own method (`hint`).
pub fn estimates(
    d: Decision,
    level: Level,
    rng: &mut Rng,
    thinker: &mut Thinker,
    stop: Option<&AtomicBool>,
) -> Result<Vec<Estimate>, AiError> {
    let mut est = match level {
        Level::Mcts(budget) => {
            let seed = u64::from(rng.below(u32::MAX)) << 32 | u64::from(rng.below(u32::MAX));
            mcts::search(d.engine.game, d.state, budget, seed, thinker, stop)?
        }
        Level::Net | Level::Net2(_) | Level::Net3(_) => net_estimates(&d, level, thinker, stop)?,
        Level::Az(budget) => {
            let seed = u64::from(rng.below(u32::MAX)) << 32 | u64::from(rng.below(u32::MAX));
            az::search(d.engine.game, d.state, budget, seed, thinker, stop)?
        }
        _ => flat::estimates(d.engine, d.state, d.choices, d.player.index(), rng, stop)?,
    };
    if level.further().is_some() {
        // The choices searched deeper first: their figures are not comparable with the
        // one-ahead figures of the others.
        est.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.points.total_cmp(&a.points)));
        return Ok(est);
    }
    est.sort_by(|a, b| b.points.total_cmp(&a.points).then(b.visits.cmp(&a.visits)));
    Ok(est)
}

/// A choice that playouts never make (playout weight 0 where other choices have
/// weight) is one the random games cannot value well: an offer to raise the stake is
/// the usual example. A level that samples random games (`playouts`,
/// `mcts`) makes it only when its estimate beats the best ordinary choice by this share
/// of what a game is usually worth.
pub(crate) const RARE_MARGIN: f64 = 0.25;

/// The same margin for a network's estimates (`net`, `net2`): none. A network learnt
/// from games played with the offer in them, so its ratings already hold what random
/// games cannot see (what the right to the next offer is worth); a margin on top only
/// makes it offer too late.
pub(crate) const NET_RARE_MARGIN: f64 = 0.0;

/// The choice to play from the estimates: the ordinary choice searched most (the
/// most robust estimate), unless a rare choice is better by `margin` (a share of what
/// a game is usually worth: `RARE_MARGIN` or `NET_RARE_MARGIN`).
pub(crate) fn pick(
    game: &Game,
    state: &State,
    choices: &Choices,
    est: &[Estimate],
    margin: f64,
    rng: &mut Rng,
) -> usize {
    if let Some(i) = proven_pick(est) {
        return i;
    }
    let rare = |i: usize| is_rare(game, state, choices, i);
    let all_rare = (0..choices.len()).all(rare);
    let better = |a: &Estimate, b: &Estimate| {
        a.visits
            .cmp(&b.visits)
            .then(a.points.total_cmp(&b.points))
            .is_gt()
    };
    // A choice proven lost is not played while another looks better (a loss of
    // fewer points than the others risk may be the best there is).
    let top = est.iter().map(|e| e.points).fold(f64::MIN, f64::max);
    let lost = |e: &Estimate| e.proven && e.win <= 0.0 && e.points < top;
    let all_lost = est.iter().all(lost);
    let mut ordinary: Option<&Estimate> = None;
    for e in est
        .iter()
        .filter(|e| all_rare || !rare(e.choice))
        .filter(|e| all_lost || !lost(e))
    {
        if ordinary.is_none_or(|o| better(e, o)) {
            ordinary = Some(e);
        }
    }
    let Some(ordinary) = ordinary else {
        return rng.below(choices.len() as u32) as usize;
    };
    if all_rare {
        return ordinary.choice;
    }
    let worth = typical_worth(est);
    // A sampled estimate needs some games behind it; a network's is whole at once.
    let enough = if ordinary.visits <= 1 {
        0
    } else {
        (ordinary.visits / 20).max(8)
    };
    let mut choice = ordinary.choice;
    let mut best = ordinary.points + margin * worth;
    for e in est.iter().filter(|e| rare(e.choice) && e.visits >= enough) {
        if e.points > best {
            best = e.points;
            choice = e.choice;
        }
    }
    choice
}

/// The choice to play by what a tree search proved, if that decides it: a proven win
/// worth at least what any other choice is (proven or expected), or, when every
/// choice is proven, the best of them.
fn proven_pick(est: &[Estimate]) -> Option<usize> {
    let best_of = |it: &mut dyn Iterator<Item = &Estimate>| {
        it.max_by(|a, b| {
            a.points
                .total_cmp(&b.points)
                .then(a.win.total_cmp(&b.win))
                .then(a.visits.cmp(&b.visits))
        })
        .map(|e| e.choice)
    };
    if !est.is_empty() && est.iter().all(|e| e.proven) {
        return best_of(&mut est.iter());
    }
    let most = est.iter().map(|e| e.points).fold(f64::MIN, f64::max);
    best_of(
        &mut est
            .iter()
            .filter(|e| e.proven && e.win >= 1.0 && e.points >= most),
    )
}

/// Whether choice `i` is one that playouts never make (playout weight 0 in a phase
/// with playout weights).
pub(crate) fn is_rare(game: &Game, state: &State, choices: &Choices, i: usize) -> bool {
    state.chance().is_none()
        && game.rules.phases[state.phase().index()].weighted
        && choices.weights.get(i) == Some(&0)
}

/// What a game is usually worth here: the mean size of the results behind all the
/// estimates (1 when none was decided).
fn typical_worth(est: &[Estimate]) -> f64 {
    let visits: f64 = est.iter().map(|e| f64::from(e.visits)).sum();
    let sum: f64 = est.iter().map(|e| f64::from(e.visits) * e.size).sum();
    if visits == 0.0 || sum == 0.0 {
        return 1.0;
    }
    sum / visits
}

/// Each player's points and win share from a game's result (`None`: unfinished, which
/// counts as a draw); returns the result's size in points. A winner gains the game's
/// points and the others share the loss; a draw shares the win.
pub fn rewards(outcome: Option<&crate::Outcome>, points: &mut [f64], wins: &mut [f64]) -> f64 {
    let n = points.len();
    match outcome.and_then(|o| o.winner.map(|w| (w.index(), o.points))) {
        Some((w, pts)) if w < n => {
            let pts = f64::from(pts.max(1));
            let loss = if n > 1 { pts / (n - 1) as f64 } else { 0.0 };
            for p in 0..n {
                points[p] = if p == w { pts } else { -loss };
                wins[p] = if p == w { 1.0 } else { 0.0 };
            }
            pts
        }
        _ => {
            points.fill(0.0);
            wins.fill(1.0 / n.max(1) as f64);
            0.0
        }
    }
}
