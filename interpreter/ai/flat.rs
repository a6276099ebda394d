//! The levels that look one choice ahead: `greedy` (the immediate result) and
//! `playouts` (random games from each choice, flat Monte Carlo).

use super::{rewards, stopped, AiError, Decision, Estimate};
use crate::engine::rng::Rng;
use crate::{Choices, Engine, PlayerId, State, Status};
use std::sync::atomic::AtomicBool;

/// Random games the `playouts` level plays for one decision, shared among the choices.
pub const PLAYOUTS: usize = 300;
/// The fewest random games behind one choice's estimate.
const PER_CHOICE: usize = 4;
/// A random game longer than this many decisions counts as a draw.
pub(crate) const PLAYOUT_LENGTH: usize = 2000;

/// Worth of a won or lost game, above any score difference.
const DECISIVE: i64 = 1 << 40;

/// Whether every choice is one that playouts never make (a phase with playout weights,
/// all of them 0): such a decision needs an estimate, not a random pick.
pub(super) fn all_rare(engine: &Engine, state: &State, choices: &Choices) -> bool {
    state.chance().is_none()
        && choices.len() > 1
        && engine.game.rules.phases[state.phase().index()].weighted
        && choices.weights.iter().all(|&w| w == 0)
}

/// The choice with the best immediate result: the end of the game for the player, else
/// a loss if it lets another player win with his next choice, else its score minus the
/// best opposing score; equals are told apart by the actions' playout weights. A
/// decision playouts never make is rated by playouts.
pub(super) fn greedy(
    d: Decision,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
) -> Result<usize, AiError> {
    let Decision {
        engine,
        state,
        choices,
        player,
    } = d;
    let player = player.index();
    if all_rare(engine, state, choices) {
        let est = estimates(engine, state, choices, player, rng, stop)?;
        return Ok(super::pick(
            engine.game,
            state,
            choices,
            &est,
            super::RARE_MARGIN,
            rng,
        ));
    }
    let mut best = Vec::new();
    let mut best_value = i64::MIN;
    let mut first_error = None;
    let mut replies = Choices::default();
    for i in 0..choices.len() {
        let mut next = state.clone();
        // A choice the rules file cannot play is passed over (the error is kept in case
        // no choice can be played).
        if let Err(e) = engine.play_choice(&mut next, choices, i) {
            first_error.get_or_insert(e);
            continue;
        }
        let value = match engine.outcome(&next)? {
            Some(o) => match o.winner {
                Some(w) if w.index() == player => DECISIVE + i64::from(o.points),
                Some(_) => -DECISIVE - i64::from(o.points),
                None => 0,
            },
            None => {
                let scores = engine.scores(&next)?;
                let own = i64::from(scores.get(player).copied().unwrap_or(0));
                let other = scores
                    .iter()
                    .enumerate()
                    .filter(|(p, _)| *p != player)
                    .map(|(_, &s)| i64::from(s))
                    .max()
                    .unwrap_or(0);
                // A move after which another player can win at once is worth that loss.
                match opponent_wins_at_once(engine, &next, player, &mut replies)? {
                    Some(points) => -DECISIVE - i64::from(points),
                    None => own - other,
                }
            }
        };
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(i);
        }
    }
    if best.is_empty() {
        return match first_error {
            Some(e) => Err(e.into()),
            None => Ok(0),
        };
    }
    let weights: Vec<u32> = best
        .iter()
        .map(|&i| choices.weights.get(i).copied().unwrap_or(0))
        .collect();
    Ok(best[rng.weighted(&weights)])
}

/// The points another player wins if, at `state`, he has a choice that ends the game
/// in his favour at once (none where chance moves next).
fn opponent_wins_at_once(
    engine: &mut Engine,
    state: &State,
    player: usize,
    replies: &mut Choices,
) -> Result<Option<i32>, AiError> {
    let q = match engine.status(state)? {
        Status::Player(q) if q.index() != player => q.index(),
        _ => return Ok(None),
    };
    engine.legal(state, replies)?;
    for r in 0..replies.len() {
        let mut after = state.clone();
        if engine.play_choice(&mut after, replies, r).is_err() {
            continue;
        }
        if let Some(o) = engine.outcome(&after)? {
            if o.winner == Some(PlayerId::new(q)) {
                return Ok(Some(o.points));
            }
        }
    }
    Ok(None)
}

/// Each choice rated by random games from it (at least `PER_CHOICE` each, `PLAYOUTS`
/// in all). When a choice hands a decision that playouts never make to another player
/// (an offer to accept or refuse), that player's answer is rated the same way and the
/// best for him is taken.
pub(super) fn estimates(
    engine: &mut Engine,
    state: &State,
    choices: &Choices,
    player: usize,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
) -> Result<Vec<Estimate>, AiError> {
    let per_choice = (PLAYOUTS / choices.len().max(1)).max(PER_CHOICE);
    let players = engine.game.rules.players.len();
    let mut out = Vec::with_capacity(choices.len());
    let mut replies = Choices::default();
    for i in 0..choices.len() {
        let mut next = state.clone();
        engine.play_choice(&mut next, choices, i)?;
        let mut sums = Sums::new(players);
        // Only a decision handed to another player in the middle of a turn can be an
        // offer.
        let answer = match engine.status(&next)? {
            Status::Player(q)
                if q.index() != player && next.data[crate::ir::SLOT_OWNER] != q.index() as i32 =>
            {
                engine.legal(&next, &mut replies)?;
                all_rare(engine, &next, &replies).then_some(q.index())
            }
            _ => None,
        };
        match answer {
            Some(q) => {
                // The other player's best answer, by his own estimate.
                let each = (per_choice / replies.len()).max(PER_CHOICE);
                let mut best: Option<Sums> = None;
                for r in 0..replies.len() {
                    let mut after = next.clone();
                    engine.play_choice(&mut after, &replies, r)?;
                    let mut s = Sums::new(players);
                    s.play(engine, &after, each, rng, stop)?;
                    if best.as_ref().is_none_or(|b| s.mean(q) > b.mean(q)) {
                        best = Some(s);
                    }
                }
                if let Some(b) = best {
                    sums = b;
                }
            }
            None => sums.play(engine, &next, per_choice, rng, stop)?,
        }
        out.push(sums.estimate(i, player));
    }
    Ok(out)
}

/// Results of random games from one position, for every player.
struct Sums {
    games: u32,
    points: Vec<f64>,
    wins: Vec<f64>,
    size: f64,
}

impl Sums {
    fn new(players: usize) -> Sums {
        Sums {
            games: 0,
            points: vec![0.0; players],
            wins: vec![0.0; players],
            size: 0.0,
        }
    }

    fn play(
        &mut self,
        engine: &mut Engine,
        from: &State,
        games: usize,
        rng: &mut Rng,
        stop: Option<&AtomicBool>,
    ) -> Result<(), AiError> {
        let n = self.points.len();
        let (mut points, mut wins) = (vec![0.0; n], vec![0.0; n]);
        let mut scratch = Choices::default();
        for _ in 0..games {
            if stopped(stop) {
                return Err(AiError::Interrupted);
            }
            let record = engine.playout_from(from.clone(), rng, PLAYOUT_LENGTH, &mut scratch)?;
            self.size += rewards(record.outcome.as_ref(), &mut points, &mut wins);
            for p in 0..n {
                self.points[p] += points[p];
                self.wins[p] += wins[p];
            }
            self.games += 1;
        }
        Ok(())
    }

    fn mean(&self, p: usize) -> f64 {
        self.points[p] / f64::from(self.games.max(1))
    }

    fn estimate(&self, choice: usize, p: usize) -> Estimate {
        let g = f64::from(self.games.max(1));
        Estimate {
            choice,
            visits: self.games,
            win: self.wins[p] / g,
            points: self.points[p] / g,
            size: self.size / g,
            proven: false,
        }
    }
}
