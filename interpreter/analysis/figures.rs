//! The figures of a set of games, each with its 95 % interval: results by seat, length,
//! choices, forced moves, how early the game is decided and how often the lead changes.

use super::facts::GameFacts;
use crate::ai::stats::{mean_interval, quantile, wilson, Z95};
use serde::Serialize;

/// A rate: `count` of `of`, and its Wilson interval.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Rate {
    pub count: usize,
    pub of: usize,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    pub fn new(count: usize, of: usize) -> Rate {
        let (low, high) = wilson(count as f64, of as f64, Z95);
        let rate = if of > 0 {
            count as f64 / of as f64
        } else {
            0.0
        };
        Rate {
            count,
            of,
            rate,
            low,
            high,
        }
    }

    pub(crate) fn triple(&self) -> (f64, f64, f64) {
        (self.rate, self.low, self.high)
    }
}

/// A mean over games and the half-width of its 95 % interval.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Mean {
    pub n: usize,
    pub mean: f64,
    pub half: f64,
}

impl Mean {
    pub fn of(values: &[f64]) -> Mean {
        let (mean, half) = mean_interval(values);
        Mean {
            n: values.len(),
            mean,
            half: if half.is_finite() { half } else { 0.0 },
        }
    }
}

/// How a quantity spreads over games: its mean (with interval), median, quartiles, max.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Spread {
    pub mean: Mean,
    pub median: f64,
    pub q1: f64,
    pub q3: f64,
    pub max: f64,
}

impl Spread {
    pub fn of(values: &[f64]) -> Spread {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        Spread {
            mean: Mean::of(values),
            median: quantile(&sorted, 0.5),
            q1: quantile(&sorted, 0.25),
            q3: quantile(&sorted, 0.75),
            max: sorted.last().copied().unwrap_or(0.0),
        }
    }
}

/// The number of bins of the branching factor's distribution: 1, 2, 3-4, 5-8, ...
/// up to 2^18 and above.
pub(crate) const BRANCHING_BINS: usize = 20;

/// The bin of a number of choices: 0 for 1, then k for 2^(k-1) < n <= 2^k.
pub(crate) fn branching_bin(n: u32) -> usize {
    let k = (n.max(1) - 1).checked_ilog2().map_or(0, |l| l as usize + 1);
    k.min(BRANCHING_BINS - 1)
}

/// The label of a branching bin.
pub fn branching_bin_label(k: usize) -> String {
    match k {
        0 => "1".into(),
        1 => "2".into(),
        k if k == BRANCHING_BINS - 1 => format!("{}+", (1u64 << (k - 1)) + 1),
        k => format!("{}-{}", (1u64 << (k - 1)) + 1, 1u64 << k),
    }
}

/// Parts of a game over which the branching factor is averaged (tenths).
pub(crate) const PARTS: usize = 10;

/// Every figure of a set of games.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Figures {
    pub games: usize,
    /// Wins by seat, among all games.
    pub seat_wins: Vec<Rate>,
    pub draws: Rate,
    /// Games still going at the decision limit.
    pub unfinished: Rate,
    /// Side A's wins when the two players differ (seats alternate), else None.
    pub side_a_wins: Option<Rate>,
    /// What a finished game was worth (a draw 0).
    pub points: Mean,
    pub decisions: Spread,
    pub turns: Spread,
    /// Each game's mean number of choices a decision, averaged over games.
    pub branching: Mean,
    /// Decisions by number of choices (bins of `branching_bin`).
    pub branching_bins: Vec<usize>,
    /// The mean number of choices in each tenth of a game (decisions of all games);
    /// NaN (null in JSON) for a tenth no decision fell in.
    pub branching_by_part: Vec<f64>,
    /// Each game's share of decisions with a single choice, averaged over games.
    pub forced: Mean,
    /// Won games whose winner led by the score from `early` of the game on (None when
    /// the game declares no score).
    pub decided_early: Option<Rate>,
    /// The share of the game after which the winner led to the end, over won games.
    pub decided_at: Option<Mean>,
    /// Changes of the seat ahead by the score, a game.
    pub lead_changes: Option<Mean>,
    /// Game lengths in decisions, for the histogram.
    #[serde(skip)]
    pub lengths: Vec<usize>,
}

impl Figures {
    /// The figures of `facts`; a game counts as decided early when its winner led from
    /// the share `early` (0 to 1) of it on.
    pub fn of(facts: &[GameFacts], players: usize, sides_differ: bool, early: f64) -> Figures {
        let n = facts.len();
        let finished: Vec<&GameFacts> = facts.iter().filter(|f| f.finished).collect();
        let mut seat_wins = vec![0; players];
        for f in facts {
            if let Some(w) = f.winner.and_then(|w| seat_wins.get_mut(w)) {
                *w += 1;
            }
        }
        let draws = finished.iter().filter(|f| f.winner.is_none()).count();
        let side_a = facts
            .iter()
            .filter(|f| f.winner.and_then(|w| f.seats.get(w)) == Some(&0))
            .count();
        let per_game =
            |value: &dyn Fn(&GameFacts) -> f64| -> Vec<f64> { facts.iter().map(value).collect() };
        let mut bins = vec![0; BRANCHING_BINS];
        let mut part_sum = [0f64; PARTS];
        let mut part_n = [0usize; PARTS];
        for f in facts {
            let m = f.branching.len();
            for (i, &b) in f.branching.iter().enumerate() {
                bins[branching_bin(b)] += 1;
                // By the decision's middle, so that a short game spreads over the parts.
                let part = ((2 * i + 1) * PARTS / (2 * m)).min(PARTS - 1);
                part_sum[part] += f64::from(b);
                part_n[part] += 1;
            }
        }
        let with_decisions: Vec<&GameFacts> =
            facts.iter().filter(|f| !f.branching.is_empty()).collect();
        let branching: Vec<f64> = with_decisions
            .iter()
            .map(|f| {
                f.branching.iter().map(|&b| f64::from(b)).sum::<f64>() / f.branching.len() as f64
            })
            .collect();
        let forced: Vec<f64> = with_decisions
            .iter()
            .map(|f| {
                f.branching.iter().filter(|&&b| b == 1).count() as f64 / f.branching.len() as f64
            })
            .collect();
        let decided: Vec<f64> = facts.iter().filter_map(GameFacts::decided_at).collect();
        let scored = facts.iter().any(|f| !f.leaders.is_empty());
        let changes: Vec<f64> = facts
            .iter()
            .filter(|f| f.finished)
            .filter_map(|f| f.lead_changes().map(|c| c as f64))
            .collect();
        Figures {
            games: n,
            seat_wins: seat_wins.iter().map(|&w| Rate::new(w, n)).collect(),
            draws: Rate::new(draws, n),
            unfinished: Rate::new(n - finished.len(), n),
            side_a_wins: sides_differ.then(|| Rate::new(side_a, n)),
            points: Mean::of(
                &finished
                    .iter()
                    .map(|f| f64::from(f.points))
                    .collect::<Vec<_>>(),
            ),
            decisions: Spread::of(&per_game(&|f| f.decisions as f64)),
            turns: Spread::of(&per_game(&|f| f.turns as f64)),
            branching: Mean::of(&branching),
            branching_bins: bins,
            branching_by_part: (0..PARTS)
                .map(|p| {
                    if part_n[p] == 0 {
                        f64::NAN
                    } else {
                        part_sum[p] / part_n[p] as f64
                    }
                })
                .collect(),
            forced: Mean::of(&forced),
            decided_early: scored.then(|| {
                Rate::new(
                    decided.iter().filter(|&&d| d <= early).count(),
                    decided.len(),
                )
            }),
            decided_at: scored.then(|| Mean::of(&decided)),
            lead_changes: scored.then(|| Mean::of(&changes)),
            lengths: facts.iter().map(|f| f.decisions).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branching_bins_are_powers_of_two() {
        let bins: Vec<usize> = [1, 2, 3, 4, 5, 8, 9, 16, 17].map(branching_bin).to_vec();
        assert_eq!(bins, vec![0, 1, 2, 2, 3, 3, 4, 4, 5]);
        assert_eq!(branching_bin(0), 0);
        assert_eq!(branching_bin(u32::MAX), BRANCHING_BINS - 1);
        assert_eq!(branching_bin_label(0), "1");
        assert_eq!(branching_bin_label(2), "3-4");
        assert_eq!(branching_bin_label(3), "5-8");
    }

    fn game(seats: &[usize], winner: Option<usize>, branching: &[u32]) -> GameFacts {
        GameFacts {
            seats: seats.to_vec(),
            finished: true,
            winner,
            points: i32::from(winner.is_some()),
            decisions: branching.len(),
            turns: branching.len(),
            branching: branching.to_vec(),
            ..GameFacts::default()
        }
    }

    #[test]
    fn figures_of_three_games_worked_by_hand() {
        let facts = [
            game(&[0, 1], Some(0), &[1, 3]),       // seat 0 wins; A sits there
            game(&[1, 0], Some(0), &[2, 2, 1, 1]), // seat 0 wins; B sits there
            game(&[0, 1], None, &[4, 4]),          // a draw
        ];
        let f = Figures::of(&facts, 2, true, 0.5);
        assert_eq!(f.seat_wins[0].count, 2);
        assert_eq!(f.seat_wins[1].count, 0);
        assert_eq!(f.draws.count, 1);
        assert_eq!(f.side_a_wins.map(|r| r.count), Some(1));
        // Points 1, 1, 0.
        assert!((f.points.mean - 2.0 / 3.0).abs() < 1e-12);
        // Lengths 2, 4, 2: median 2, max 4.
        assert_eq!(f.decisions.median, 2.0);
        assert_eq!(f.decisions.max, 4.0);
        // Per-game mean choices 2, 1.5, 4: mean 2.5.
        assert!((f.branching.mean - 2.5).abs() < 1e-12);
        // Forced shares 1/2, 2/4, 0: mean 1/3.
        assert!((f.forced.mean - 1.0 / 3.0).abs() < 1e-12);
        // Bins: 1 x3, 2 x2, 3 x1 (bin 2), 4 x2 (bin 2).
        assert_eq!(&f.branching_bins[..3], &[3, 2, 3]);
        assert!(f.decided_early.is_none());
    }
}
