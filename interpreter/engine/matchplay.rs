//! Match play, a layer over any game: a series of games to a number of points, each
//! game's points coming from its result. The rules file reads the match through the
//! counters every game has: `match_length` (0 for a single game, money play),
//! `match_score[p]` (points before this game) and `match_score_before[p]` (points
//! before the previous game, so a rule can tell the game right after a score was
//! first reached).

use super::{Engine, Outcome, RuntimeError, State};
use crate::ir::MATCH_COUNTERS;

/// A match in progress: its length and each player's points.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Match {
    /// Points to win; 0 plays a single game.
    pub length: i32,
    /// Each player's points, before the game being played.
    pub scores: Vec<i32>,
    /// Each player's points before the previous game (the counter
    /// `match_score_before`).
    pub before: Vec<i32>,
    /// Games finished so far.
    pub games: usize,
}

impl Match {
    /// A match to `length` points (0: a single game; a negative length is 0) of
    /// `players` players, none played yet.
    pub fn new(length: i32, players: usize) -> Match {
        Match {
            length: length.max(0),
            scores: vec![0; players],
            before: vec![0; players],
            games: 0,
        }
    }

    /// Adds a finished game's points to its winner.
    pub fn record(&mut self, outcome: &Outcome) {
        self.before = self.scores.clone();
        if let Some(w) = outcome.winner {
            if let Some(s) = self.scores.get_mut(w.index()) {
                *s = s.saturating_add(outcome.points.max(0));
            }
        }
        self.games += 1;
    }

    /// Whether the match goes on, and once decided who won (money play: after one
    /// game, which a draw leaves with no winner).
    pub fn status(&self) -> MatchStatus {
        if self.length == 0 {
            if self.games == 0 {
                return MatchStatus::Playing;
            }
            let best = self.scores.iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..self.scores.len())
                .filter(|&i| self.scores[i] == best)
                .collect();
            return match leaders[..] {
                [one] => MatchStatus::Won(one),
                _ => MatchStatus::Drawn,
            };
        }
        match self.scores.iter().position(|&s| s >= self.length) {
            Some(w) => MatchStatus::Won(w),
            None => MatchStatus::Playing,
        }
    }

    /// The winner, once the match is won.
    pub fn winner(&self) -> Option<usize> {
        match self.status() {
            MatchStatus::Won(w) => Some(w),
            _ => None,
        }
    }

    /// Whether the match is decided.
    pub fn is_over(&self) -> bool {
        self.status() != MatchStatus::Playing
    }
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStatus {
    /// Not decided: another game is to be played.
    Playing,
    /// Won by this player (by seat).
    Won(usize),
    /// Over with no winner: a single game drawn.
    Drawn,
}

impl<'g> Engine<'g> {
    /// The initial state of the next game of a match.
    pub fn initial_state_in(&mut self, m: &Match) -> Result<State, RuntimeError> {
        self.match_info = Some(m.clone());
        let state = self.initial_state();
        self.match_info = None;
        state
    }

    /// Writes the match counters into a fresh state (called before setup).
    pub(crate) fn write_match(&self, state: &mut State) {
        let Some(m) = &self.match_info else { return };
        let game = self.game;
        for (name, _) in MATCH_COUNTERS {
            let Some(c) = game.rules.counters.iter().find(|c| c.name == name) else {
                continue;
            };
            match name {
                "match_length" => state.data[c.base] = m.length,
                "match_score" => {
                    for (i, s) in m.scores.iter().enumerate().take(game.rules.players.len()) {
                        state.data[c.base + i] = *s;
                    }
                }
                _ => {
                    for (i, s) in m.before.iter().enumerate().take(game.rules.players.len()) {
                        state.data[c.base + i] = *s;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(winner: usize, points: i32) -> Outcome {
        Outcome {
            winner: Some(crate::PlayerId::new(winner)),
            points,
            scores: vec![0, 0],
            reason: String::new(),
            named: None,
        }
    }

    #[test]
    fn a_match_ends_when_a_player_reaches_the_length() {
        let mut m = Match::new(5, 2);
        m.record(&won(0, 2));
        assert_eq!(m.status(), MatchStatus::Playing);
        m.record(&won(1, 4));
        assert_eq!(
            (m.scores.clone(), m.before.clone()),
            (vec![2, 4], vec![2, 0])
        );
        m.record(&won(1, 3));
        assert_eq!(m.status(), MatchStatus::Won(1));
        assert_eq!(m.scores, vec![2, 7]);
    }

    #[test]
    fn money_play_is_one_game() {
        let mut m = Match::new(0, 2);
        assert_eq!(m.status(), MatchStatus::Playing);
        m.record(&won(1, 2));
        assert_eq!(m.status(), MatchStatus::Won(1));
        assert_eq!(m.winner(), Some(1));
    }

    #[test]
    fn a_drawn_single_game_ends_money_play_with_no_winner() {
        let mut m = Match::new(0, 2);
        let mut draw = won(0, 0);
        draw.winner = None;
        m.record(&draw);
        assert_eq!(m.status(), MatchStatus::Drawn);
        assert!(m.is_over());
        assert_eq!(m.winner(), None);
    }
}
