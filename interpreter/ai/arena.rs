//! Computer against computer: games with the seats alternating, each from its own
//! seed, so the results do not depend on how many run at once.

use super::stats::{elo, wilson, Running, Z95};
use super::{choose, AiError, Decision, Level, Thinker};
use crate::engine::rng::Rng;
use crate::{Choices, Engine, Game, Outcome, RuntimeError, State, Status};
use std::sync::atomic::AtomicBool;

/// The games a run of the command line plays at most (`arena`, `analyze`): its figures
/// are taken as the games finish, so the limit bounds no memory, only counts and seeds
/// that must not wrap.
pub const MAX_RUN_GAMES: u64 = 1_000_000_000_000;

/// The games one call returns at most as a list of records (Python's `arena_games`,
/// `analyze_games`): each is kept until the caller has them all.
pub const MAX_LISTED_GAMES: u64 = 100_000;

/// What to play.
#[derive(Debug, Clone)]
pub struct Arena {
    /// The two sides, A and B.
    pub sides: [Level; 2],
    /// How many games to play (at most [`MAX_RUN_GAMES`]).
    pub games: u64,
    /// Game i is played from seed + i.
    pub seed: u64,
    /// A game still going after this many decisions is counted unfinished.
    pub max_decisions: usize,
    /// Keep each game's moves (for records).
    pub keep_moves: bool,
    /// The network of each side (the `net` level plays by it; `mcts` rates positions
    /// by it instead of by random games).
    pub nets: [Option<std::sync::Arc<super::net::Net>>; 2],
}

/// The two sides of an arena as they are written (`mcts:1000`, `net`, `net:FILE`...):
/// each side's level, its network and its name in reports.
#[derive(Debug, Clone)]
pub struct Sides {
    /// The level of side A, then of B.
    pub levels: [Level; 2],
    /// The network each side plays or searches by, if any.
    pub nets: [Option<std::sync::Arc<super::net::Net>>; 2],
    /// As written back in reports: `mcts:1000+net` for a search that rates positions by
    /// a network, `mcts:1000+guide` for one guided by it.
    pub names: [String; 2],
}

/// Reads the two sides of an arena. `default_net` is the game's own network, if it
/// has one (`ai::default_net`). A side `net:FILE` (`net2:FILE`) plays by that
/// file's network, `net` (`net2`) by the game's own; `mcts` rates positions by the
/// game's network when it has one, or is guided by it (`Header::mcts_leaf`,
/// `Header::mcts_guide`), unless `mcts_playouts` says so for its side (A, B). The error
/// is a sentence for a person.
pub fn sides(
    game: &Game,
    texts: [&str; 2],
    default_net: Option<std::sync::Arc<super::net::Net>>,
    mcts_playouts: [bool; 2],
) -> Result<Sides, String> {
    let level = |text: &str| match Level::parse_in(text, game) {
        Ok(Some(l)) => Ok(l),
        Ok(None) => Err(format!("`{text}` is not a computer player")),
        Err(e) => Err(e.to_string()),
    };
    let levels = [level(texts[0])?, level(texts[1])?];
    let mut nets = [None, None];
    for (side, text) in texts.into_iter().enumerate() {
        nets[side] = match (Level::net_file(text), levels[side]) {
            (Some(file), _) => {
                let bytes = super::read_net_file(file)?;
                let net = super::net::Net::from_bytes(game, &bytes)
                    .map_err(|e| format!("`{file}`: {e}"))?;
                Some(std::sync::Arc::new(net))
            }
            (None, Level::Net | Level::Net2(_) | Level::Net3(_) | Level::Az(_)) => match &default_net {
                Some(n) => Some(n.clone()),
                None => {
                    return Err(format!(
                        "{} has no trained network; train one with `tabula train`, or name a file: `net:FILE`",
                        game.rules.name
                    ))
                }
            },
            (None, Level::Mcts(_)) if !mcts_playouts[side] => default_net
                .clone()
                .filter(|n| n.header.mcts_leaf || n.header.mcts_guide),
            _ => None,
        };
    }
    let name = |side: usize| match (levels[side], &nets[side]) {
        (Level::Mcts(_), Some(n)) if n.header.mcts_leaf => format!("{}+net", levels[side].name()),
        (Level::Mcts(_), Some(_)) => format!("{}+guide", levels[side].name()),
        (l, _) => l.name_in(game),
    };
    let names = [name(0), name(1)];
    Ok(Sides {
        levels,
        nets,
        names,
    })
}

/// One game of the arena.
#[derive(Debug, Clone)]
pub struct ArenaGame {
    /// Its place in the run, from 0.
    pub index: u64,
    /// The seed it was played from (the arena's seed and the index).
    pub seed: u64,
    /// The side (0: A, 1: B) in each seat.
    pub seats: Vec<usize>,
    /// None when unfinished.
    pub outcome: Option<Outcome>,
    /// The players' decisions made (chance outcomes not counted).
    pub decisions: usize,
    /// Every step as the game writes it, chance outcomes included (when kept).
    pub moves: Vec<String>,
}

impl ArenaGame {
    /// The side that won, if any.
    pub fn winner(&self) -> Option<usize> {
        let w = self.outcome.as_ref()?.winner?;
        self.seats.get(w.index()).copied()
    }

    /// Points won by side A (negative when lost).
    pub fn points_a(&self) -> f64 {
        match (self.winner(), &self.outcome) {
            (Some(0), Some(o)) => f64::from(o.points.max(1)),
            (Some(_), Some(o)) => -f64::from(o.points.max(1)),
            _ => 0.0,
        }
    }
}

/// The seats of game `index`: side A moves round the seats from game to game.
pub fn seats(index: u64, players: usize) -> Vec<usize> {
    let a = (index % players.max(1) as u64) as usize;
    (0..players).map(|s| usize::from(s != a)).collect()
}

/// Plays game `index` of the arena.
pub fn play_game(
    game: &Game,
    arena: &Arena,
    index: u64,
    stop: Option<&AtomicBool>,
) -> Result<ArenaGame, AiError> {
    play_game_watched(game, arena, index, stop, &mut |_| {})
}

/// What a watcher of an arena game sees at each player's decision, before it is made.
pub struct Seen<'a, 'g> {
    /// The engine playing the game.
    pub engine: &'a Engine<'g>,
    /// The position before the decision.
    pub state: &'a State,
    /// Its choices, as listed.
    pub choices: &'a Choices,
    /// The seat to decide.
    pub player: usize,
}

/// Plays game `index` of the arena, showing `watch` every decision before it is made
/// (the analysis counts choices and follows the scores this way).
pub(crate) fn play_game_watched(
    game: &Game,
    arena: &Arena,
    index: u64,
    stop: Option<&AtomicBool>,
    watch: &mut dyn FnMut(Seen),
) -> Result<ArenaGame, AiError> {
    let seed = crate::runner::seed_of(arena.seed, index);
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(game);
    let mut state = engine.initial_state()?;
    let seats = seats(index, game.rules.players.len());
    let mut thinkers = [
        Thinker::with_net(1, arena.nets[0].clone()),
        Thinker::with_net(1, arena.nets[1].clone()),
    ];
    let mut choices = Choices::default();
    let mut moves = Vec::new();
    let mut decisions = 0;
    let mut chance = 0usize;
    let outcome = loop {
        match engine.status(&state)? {
            Status::Over(o) => break Some(o),
            Status::Chance(_) => {
                chance += 1;
                if chance > arena.max_decisions.saturating_mul(16).max(10_000) {
                    return Err(AiError::Runtime(RuntimeError::of_game(
                        crate::engine::RuntimeErrorKind::ChanceWithoutDecision,
                    )));
                }
                let before = state.clone();
                match engine.resolve_chance(&mut state, &mut rng, None) {
                    Ok(Some(step)) if arena.keep_moves => {
                        moves.push(engine.step_text(&before, &step, true))
                    }
                    Ok(_) => {}
                    Err(e) => return Err(AiError::Runtime(e.into())),
                }
            }
            Status::Player(p) => {
                if decisions >= arena.max_decisions {
                    break None;
                }
                engine.legal(&state, &mut choices)?;
                if choices.is_empty() {
                    break engine.outcome(&state)?;
                }
                watch(Seen {
                    engine: &engine,
                    state: &state,
                    choices: &choices,
                    player: p.index(),
                });
                let side = seats.get(p.index()).copied().unwrap_or(1);
                let d = Decision {
                    engine: &mut engine,
                    state: &state,
                    choices: &choices,
                    player: p,
                };
                let i = choose(d, arena.sides[side], &mut rng, &mut thinkers[side], stop)?;
                if arena.keep_moves {
                    moves.push(engine.choice_text(&state, &choices[i])?);
                }
                engine.play_choice(&mut state, &choices, i)?;
                decisions += 1;
            }
        }
    };
    Ok(ArenaGame {
        index,
        seed,
        seats,
        outcome,
        decisions,
        moves,
    })
}

/// The figures of a set of games, from side A's point of view.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Summary {
    /// The games counted.
    pub games: usize,
    /// The games A won, then those B won.
    pub wins: [usize; 2],
    /// The finished games no one won.
    pub draws: usize,
    /// The games still going at the arena's limit of decisions.
    pub unfinished: usize,
    /// A's score rate (a win 1, a draw or an unfinished game ½), from 0 to 1; 0.5 of
    /// no game.
    pub score: f64,
    /// The low end of the score rate's 95 % interval (Wilson's).
    pub score_low: f64,
    /// Its high end.
    pub score_high: f64,
    /// A's win rate and B's, each with its 95 % interval: (rate, low, high).
    pub win_rate: [(f64, f64, f64); 2],
    /// The Elo difference A − B the score implies.
    pub elo: f64,
    /// The Elo difference at the low end of the score's interval.
    pub elo_low: f64,
    /// The Elo difference at its high end.
    pub elo_high: f64,
    /// A's mean points a game (won minus lost).
    pub points: f64,
    /// The half-width of the mean points' 95 % interval.
    pub points_half: f64,
    /// A's results by seat: games and wins in each seat.
    pub by_seat: Vec<(usize, usize)>,
    /// The players' decisions of all the games together.
    pub decisions: usize,
}

impl Summary {
    /// The figures of `results`, games of a game of `players` players.
    pub fn of(results: &[ArenaGame], players: usize) -> Summary {
        let mut tally = Tally::new(players);
        results.iter().for_each(|g| tally.add(g));
        tally.summary()
    }
}

/// The figures of games taken one at a time, as they finish: what it keeps does not
/// grow with the number of games, so a run of any length is summed up in a few bytes.
#[derive(Debug, Clone)]
pub struct Tally {
    counts: Summary,
    points: Running,
}

impl Tally {
    /// No game yet, of a game of `players` players.
    pub fn new(players: usize) -> Tally {
        Tally {
            counts: Summary {
                by_seat: vec![(0, 0); players],
                ..Summary::default()
            },
            points: Running::default(),
        }
    }

    /// Counts one more game.
    pub fn add(&mut self, g: &ArenaGame) {
        let s = &mut self.counts;
        s.games += 1;
        match g.winner() {
            Some(side) => s.wins[side.min(1)] += 1,
            None if g.outcome.is_some() => s.draws += 1,
            None => s.unfinished += 1,
        }
        if let Some(seat) = g.seats.iter().position(|&x| x == 0) {
            if let Some(b) = s.by_seat.get_mut(seat) {
                b.0 += 1;
                b.1 += usize::from(g.winner() == Some(0));
            }
        }
        self.points.push(g.points_a());
        // Games handed in from outside (Python's `arena_summary`) may claim anything.
        s.decisions = s.decisions.saturating_add(g.decisions);
    }

    /// The games taken so far.
    pub fn games(&self) -> usize {
        self.counts.games
    }

    /// The figures of the games taken so far.
    pub fn summary(&self) -> Summary {
        let mut s = self.counts.clone();
        let n = s.games;
        let nf = n as f64;
        let halves = (s.draws + s.unfinished) as f64 / 2.0;
        let score = s.wins[0] as f64 + halves;
        s.score = if n > 0 { score / nf } else { 0.5 };
        (s.score_low, s.score_high) = wilson(score, nf, Z95);
        for side in 0..2 {
            let (lo, hi) = wilson(s.wins[side] as f64, nf, Z95);
            let rate = if n > 0 { s.wins[side] as f64 / nf } else { 0.0 };
            s.win_rate[side] = (rate, lo, hi);
        }
        s.elo = elo(s.score);
        s.elo_low = elo(s.score_low);
        s.elo_high = elo(s.score_high);
        (s.points, s.points_half) = self.points.interval();
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_alternate() {
        assert_eq!(seats(0, 2), vec![0, 1]);
        assert_eq!(seats(1, 2), vec![1, 0]);
        assert_eq!(seats(4, 3), vec![1, 0, 1]);
    }
}
