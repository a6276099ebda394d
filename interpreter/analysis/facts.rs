//! What one game of an analysis showed: its result, its length, the choices at each
//! decision and who led by the game's score along the way.

use crate::ai::arena::{play_game_watched, Arena, Seen};
use crate::ai::AiError;
use crate::ids::PlayerId;
use crate::Game;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// The facts of one game; serializable, so that games played apart (in batches on
/// other machines) are merged into the figures of the whole run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameFacts {
    /// The game's place in the run, from 0 (its seed is the run's seed and this).
    pub index: u64,
    /// The side (0: A, 1: B) in each seat.
    pub seats: Vec<usize>,
    /// False when the game hit the decision limit.
    pub finished: bool,
    /// The winning seat; None for a draw or an unfinished game.
    pub winner: Option<usize>,
    /// What the game was worth to its winner (0 for a draw).
    pub points: i32,
    /// The players' decisions made (chance outcomes not counted).
    pub decisions: usize,
    /// Decisions that began a turn (a turn may hold several, e.g. placements that
    /// `continue`, or a decision handed to the other player).
    pub turns: usize,
    /// The number of legal choices at each decision.
    pub branching: Vec<u32>,
    /// The seat strictly ahead by the game's `score` before each decision, and at the
    /// end (None on a tie); empty when the game declares no score.
    pub leaders: Vec<Option<u8>>,
}

/// The seat with the strictly highest score, if one has it.
pub fn leader(scores: &[i32]) -> Option<u8> {
    let best = *scores.iter().max()?;
    let mut ahead = scores.iter().enumerate().filter(|&(_, &s)| s == best);
    let (seat, _) = ahead.next()?;
    ahead.next().is_none().then_some(seat as u8)
}

impl GameFacts {
    /// Plays game `index` of the arena and records its facts.
    pub fn play(
        game: &Game,
        arena: &Arena,
        index: u64,
        stop: Option<&AtomicBool>,
    ) -> Result<GameFacts, AiError> {
        let scored = game.rules.score.is_some();
        let mut facts = GameFacts {
            index,
            ..GameFacts::default()
        };
        let mut failed = None;
        let mut watch = |seen: Seen| {
            facts.branching.push(seen.choices.len() as u32);
            if !seen.state.in_turn() {
                facts.turns += 1;
            }
            if scored {
                match seen.engine.scores(seen.state) {
                    Ok(scores) => facts.leaders.push(leader(&scores)),
                    Err(e) => {
                        failed.get_or_insert(e);
                    }
                }
            }
        };
        let played = play_game_watched(game, arena, index, stop, &mut watch)?;
        if let Some(e) = failed {
            return Err(e.into());
        }
        facts.seats = played.seats;
        facts.decisions = played.decisions;
        if let Some(o) = &played.outcome {
            facts.finished = true;
            facts.winner = o.winner.map(PlayerId::index);
            facts.points = if o.winner.is_some() { o.points } else { 0 };
            if scored {
                facts.leaders.push(leader(&o.scores));
            }
        }
        Ok(facts)
    }

    /// The share of the game (0 to 1) after which the winner led by the score at every
    /// later decision and at the end; 1 when he did not lead at the end. None for a
    /// draw, an unfinished game or a game without a score.
    pub fn decided_at(&self) -> Option<f64> {
        let w = self.winner? as u8;
        if self.leaders.is_empty() {
            return None;
        }
        let m = self.leaders.len();
        match self.leaders.iter().rposition(|&l| l != Some(w)) {
            None => Some(0.0),
            Some(j) => Some((j + 1) as f64 / m as f64),
        }
    }

    /// How often the seat strictly ahead changed (ties are skipped: a lead lost to a
    /// tie and regained is no change). None without a score.
    pub fn lead_changes(&self) -> Option<usize> {
        if self.leaders.is_empty() {
            return None;
        }
        let mut last = None;
        let mut changes = 0;
        for l in self.leaders.iter().flatten() {
            if last.is_some_and(|p| p != *l) {
                changes += 1;
            }
            last = Some(*l);
        }
        Some(changes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_leaders(winner: Option<usize>, leaders: &[Option<u8>]) -> GameFacts {
        GameFacts {
            finished: true,
            winner,
            leaders: leaders.to_vec(),
            ..GameFacts::default()
        }
    }

    #[test]
    fn leader_is_strict() {
        assert_eq!(leader(&[3, 5]), Some(1));
        assert_eq!(leader(&[5, 5]), None);
        assert_eq!(leader(&[7, 5, 7]), None);
        assert_eq!(leader(&[]), None);
    }

    #[test]
    fn decided_when_the_winner_leads_to_the_end() {
        // Ten observations; the winner (seat 0) leads from the sixth on: decided after
        // five of ten, at half the game.
        let mut l = vec![None, Some(1), Some(0), Some(1), None];
        l.extend([Some(0); 5]);
        assert_eq!(with_leaders(Some(0), &l).decided_at(), Some(0.5));
        // Led throughout.
        assert_eq!(
            with_leaders(Some(1), &[Some(1), Some(1)]).decided_at(),
            Some(0.0)
        );
        // Not ahead at the end: never decided by the lead.
        assert_eq!(
            with_leaders(Some(1), &[Some(1), Some(0)]).decided_at(),
            Some(1.0)
        );
        assert_eq!(with_leaders(None, &[Some(1)]).decided_at(), None);
        assert_eq!(with_leaders(Some(0), &[]).decided_at(), None);
    }

    #[test]
    fn facts_travel_as_json_unchanged() {
        let f = GameFacts {
            index: 7,
            seats: vec![1, 0],
            finished: true,
            winner: Some(1),
            points: 2,
            decisions: 3,
            turns: 2,
            branching: vec![4, 1, 9],
            leaders: vec![None, Some(1), Some(0), Some(1)],
        };
        let text = serde_json::to_string(&f).unwrap();
        assert_eq!(serde_json::from_str::<GameFacts>(&text).unwrap(), f);
    }

    #[test]
    fn lead_changes_skip_ties() {
        let l = [
            None,
            Some(0),
            None,
            Some(0),
            Some(1),
            None,
            Some(0),
            Some(0),
        ];
        // 0 -> (tie) -> 0 is no change; 0 -> 1 and 1 -> 0 are two.
        assert_eq!(with_leaders(Some(0), &l).lead_changes(), Some(2));
        assert_eq!(with_leaders(Some(0), &[]).lead_changes(), None);
    }
}
