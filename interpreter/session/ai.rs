//! Computer players: `random` picks any legal choice; `greedy` picks the choice with
//! the best immediate result (the end of the game for it, else its score minus the best
//! opposing score); `playouts` plays random games from each choice and picks the one
//! that wins most often (Monte Carlo). Ties are broken with the session's seeded
//! generator, so a seed replays the computer's moves too.

use crate::engine::rng::Rng;
use crate::{Choices, Engine, RuntimeError, State};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Random,
    Greedy,
    Playouts,
}

/// Random games the `playouts` level plays for one decision, shared among the choices.
const PLAYOUTS: usize = 300;
/// A random game longer than this many decisions counts as a draw.
const PLAYOUT_LENGTH: usize = 2000;

impl Level {
    pub const NAMES: &'static [&'static str] = &["random", "greedy", "playouts", "off"];

    /// A level by name; `Ok(None)` for `off`.
    pub fn parse(name: &str) -> Result<Option<Level>, String> {
        match name {
            "random" => Ok(Some(Level::Random)),
            "greedy" => Ok(Some(Level::Greedy)),
            "playouts" => Ok(Some(Level::Playouts)),
            "off" | "person" | "human" => Ok(None),
            other => Err(format!(
                "`{other}` is not a computer level; use random, greedy, playouts or off"
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Playouts => "playouts",
        }
    }
}

/// Worth of a won or lost game, above any score difference.
const DECISIVE: i64 = 1 << 40;

/// The index of the choice the computer plays for `player`.
pub fn choose(
    engine: &mut Engine,
    state: &State,
    choices: &Choices,
    player: usize,
    level: Level,
    rng: &mut Rng,
) -> Result<usize, RuntimeError> {
    if level == Level::Random || choices.len() <= 1 {
        return Ok(rng.below(choices.len() as u32) as usize);
    }
    let mut best = Vec::new();
    let mut best_value = i64::MIN;
    let mut first_error = None;
    let per_choice = (PLAYOUTS / choices.len()).max(4);
    let mut scratch = Choices::default();
    for i in 0..choices.len() {
        let mut next = state.clone();
        // A choice the rules file cannot play is passed over (the error is kept in case
        // no choice can be played).
        if let Err(e) = engine.play_choice(&mut next, choices, i) {
            first_error.get_or_insert(e);
            continue;
        }
        if level == Level::Playouts {
            // Points won minus points lost over random games from here.
            let mut value = 0i64;
            for _ in 0..per_choice {
                let record =
                    engine.playout_from(next.clone(), rng, PLAYOUT_LENGTH, &mut scratch)?;
                if let Some(o) = record.outcome {
                    match o.winner {
                        Some(w) if w == player => value += i64::from(o.points.max(1)),
                        Some(_) => value -= i64::from(o.points.max(1)),
                        None => {}
                    }
                }
            }
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(i);
            }
            continue;
        }
        let value = match engine.outcome(&next) {
            Some(o) => match o.winner {
                Some(w) if w == player => DECISIVE + i64::from(o.points),
                Some(_) => -DECISIVE - i64::from(o.points),
                None => 0,
            },
            None => {
                let scores = engine.scores(&next);
                let own = i64::from(scores.get(player).copied().unwrap_or(0));
                let other = scores
                    .iter()
                    .enumerate()
                    .filter(|(p, _)| *p != player)
                    .map(|(_, &s)| i64::from(s))
                    .max()
                    .unwrap_or(0);
                own - other
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
            Some(e) => Err(e),
            None => Ok(0),
        };
    }
    Ok(best[rng.below(best.len() as u32) as usize])
}
