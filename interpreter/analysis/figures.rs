//! The figures of a set of games, each with its 95 % interval: results by seat, length,
//! choices, forced moves, how early the game is decided and how often the lead changes.

use super::facts::GameFacts;
use crate::ai::stats::{mean_interval, quantile, quantile_of_counts, wilson, Running, Z95};
use serde::Serialize;
use std::collections::BTreeMap;

/// A rate: `count` of `of`, and its Wilson interval.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Rate {
    /// The games that count.
    pub count: usize,
    /// The games among which they count.
    pub of: usize,
    /// `count / of`, from 0 to 1 (0 of no game).
    pub rate: f64,
    /// The low end of the 95 % interval.
    pub low: f64,
    /// The high end of the 95 % interval.
    pub high: f64,
}

impl Rate {
    /// The rate of `count` of `of`, with its interval.
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
    /// The values averaged.
    pub n: usize,
    /// Their mean (0 of none).
    pub mean: f64,
    /// The half-width of the 95 % interval (normal): the mean is `mean ± half`; 0 of
    /// fewer than two values.
    pub half: f64,
}

impl Mean {
    /// The mean of `values`, with its interval.
    pub fn of(values: &[f64]) -> Mean {
        let (mean, half) = mean_interval(values);
        Mean {
            n: values.len(),
            mean,
            half: if half.is_finite() { half } else { 0.0 },
        }
    }
}

impl Mean {
    fn of_running(r: &Running) -> Mean {
        let (mean, half) = r.interval();
        Mean {
            n: r.count(),
            mean,
            half: if half.is_finite() { half } else { 0.0 },
        }
    }
}

/// How a quantity spreads over games: its mean (with interval), median, quartiles, max.
/// The quantiles interpolate between the two nearest values (type 7 of Hyndman and Fan,
/// R's and NumPy's default); all are 0 of no value.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Spread {
    /// The mean, with its interval.
    pub mean: Mean,
    /// The 0.5 quantile.
    pub median: f64,
    /// The 0.25 quantile.
    pub q1: f64,
    /// The 0.75 quantile.
    pub q3: f64,
    /// The greatest value (0 of none).
    pub max: f64,
}

impl Spread {
    /// The spread of `values`.
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

impl Spread {
    /// The spread of whole values taken one at a time (`running`), given also as how
    /// many games had each value (`counts`): as many numbers as there are lengths, not
    /// as there are games.
    fn of_counts(running: &Running, counts: &BTreeMap<usize, usize>) -> Spread {
        Spread {
            mean: Mean::of_running(running),
            median: quantile_of_counts(counts, 0.5),
            q1: quantile_of_counts(counts, 0.25),
            q3: quantile_of_counts(counts, 0.75),
            max: counts.keys().next_back().map_or(0.0, |&v| v as f64),
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
    /// The games counted, finished or not.
    pub games: usize,
    /// Wins by seat, among all games.
    pub seat_wins: Vec<Rate>,
    /// Finished games no one won, among all games.
    pub draws: Rate,
    /// Games still going at the decision limit.
    pub unfinished: Rate,
    /// Side A's wins when the two players differ (seats alternate), else None.
    pub side_a_wins: Option<Rate>,
    /// What a finished game was worth (a draw 0).
    pub points: Mean,
    /// The players' decisions a game (chance outcomes not counted).
    pub decisions: Spread,
    /// The turns a game: decisions that began a turn.
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
    /// How many games lasted each number of decisions, for the histogram.
    #[serde(skip)]
    pub lengths: BTreeMap<usize, usize>,
}

impl Figures {
    /// The figures of `facts`; a game counts as decided early when its winner led from
    /// the share `early` (0 to 1) of it on.
    pub fn of(facts: &[GameFacts], players: usize, sides_differ: bool, early: f64) -> Figures {
        let mut tally = Tally::new(players, sides_differ, early);
        facts.iter().for_each(|f| tally.add(f));
        tally.figures()
    }
}

/// The figures of games taken one at a time, in index order, as they finish: it keeps
/// sums, and a count of games for each length, never the games themselves.
#[derive(Debug, Clone)]
pub struct Tally {
    sides_differ: bool,
    early: f64,
    games: usize,
    seat_wins: Vec<usize>,
    finished: usize,
    draws: usize,
    side_a: usize,
    points: Running,
    decisions: Running,
    turns: Running,
    lengths: BTreeMap<usize, usize>,
    turn_counts: BTreeMap<usize, usize>,
    bins: Vec<usize>,
    part_sum: [f64; PARTS],
    part_n: [usize; PARTS],
    branching: Running,
    forced: Running,
    scored: bool,
    decided: Running,
    decided_early: usize,
    changes: Running,
}

impl Tally {
    /// A game counts as decided early when its winner led from the share `early` (0 to
    /// 1) of it on.
    pub fn new(players: usize, sides_differ: bool, early: f64) -> Tally {
        Tally {
            sides_differ,
            early,
            games: 0,
            seat_wins: vec![0; players],
            finished: 0,
            draws: 0,
            side_a: 0,
            points: Running::default(),
            decisions: Running::default(),
            turns: Running::default(),
            lengths: BTreeMap::new(),
            turn_counts: BTreeMap::new(),
            bins: vec![0; BRANCHING_BINS],
            part_sum: [0.0; PARTS],
            part_n: [0; PARTS],
            branching: Running::default(),
            forced: Running::default(),
            scored: false,
            decided: Running::default(),
            decided_early: 0,
            changes: Running::default(),
        }
    }

    /// The games taken so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Counts one more game; games are taken in index order.
    pub fn add(&mut self, f: &GameFacts) {
        self.games += 1;
        if let Some(w) = f.winner.and_then(|w| self.seat_wins.get_mut(w)) {
            *w += 1;
        }
        if f.finished {
            self.finished += 1;
            self.draws += usize::from(f.winner.is_none());
            self.points.push(f64::from(f.points));
        }
        if f.winner.and_then(|w| f.seats.get(w)) == Some(&0) {
            self.side_a += 1;
        }
        self.decisions.push(f.decisions as f64);
        self.turns.push(f.turns as f64);
        *self.lengths.entry(f.decisions).or_insert(0) += 1;
        *self.turn_counts.entry(f.turns).or_insert(0) += 1;
        let m = f.branching.len();
        for (i, &b) in f.branching.iter().enumerate() {
            self.bins[branching_bin(b)] += 1;
            // By the decision's middle, so that a short game spreads over the parts.
            let part = ((2 * i + 1) * PARTS / (2 * m)).min(PARTS - 1);
            self.part_sum[part] += f64::from(b);
            self.part_n[part] += 1;
        }
        if m > 0 {
            let sum: f64 = f.branching.iter().map(|&b| f64::from(b)).sum();
            self.branching.push(sum / m as f64);
            let single = f.branching.iter().filter(|&&b| b == 1).count();
            self.forced.push(single as f64 / m as f64);
        }
        if let Some(d) = f.decided_at() {
            self.decided.push(d);
            self.decided_early += usize::from(d <= self.early);
        }
        self.scored |= !f.leaders.is_empty();
        if f.finished {
            if let Some(c) = f.lead_changes() {
                self.changes.push(c as f64);
            }
        }
    }

    /// The figures of the games taken so far.
    pub fn figures(&self) -> Figures {
        let n = self.games;
        let scored = self.scored;
        Figures {
            games: n,
            seat_wins: self.seat_wins.iter().map(|&w| Rate::new(w, n)).collect(),
            draws: Rate::new(self.draws, n),
            unfinished: Rate::new(n - self.finished, n),
            side_a_wins: self.sides_differ.then(|| Rate::new(self.side_a, n)),
            points: Mean::of_running(&self.points),
            decisions: Spread::of_counts(&self.decisions, &self.lengths),
            turns: Spread::of_counts(&self.turns, &self.turn_counts),
            branching: Mean::of_running(&self.branching),
            branching_bins: self.bins.clone(),
            branching_by_part: (0..PARTS)
                .map(|p| {
                    if self.part_n[p] == 0 {
                        f64::NAN
                    } else {
                        self.part_sum[p] / self.part_n[p] as f64
                    }
                })
                .collect(),
            forced: Mean::of_running(&self.forced),
            decided_early: scored.then(|| Rate::new(self.decided_early, self.decided.count())),
            decided_at: scored.then(|| Mean::of_running(&self.decided)),
            lead_changes: scored.then(|| Mean::of_running(&self.changes)),
            lengths: self.lengths.clone(),
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

    #[test]
    fn each_decision_falls_in_the_tenth_its_middle_is_in() {
        // Four decisions: their middles at 12.5, 37.5, 62.5 and 87.5 % of the game, in
        // the tenths 1, 3, 6 and 8 (counting from 0); one decision: at 50 %, tenth 5.
        let f = Figures::of(&[game(&[0, 1], Some(0), &[1, 2, 3, 4])], 2, false, 0.5);
        let shown: Vec<Option<f64>> = f
            .branching_by_part
            .iter()
            .map(|&b| (!b.is_nan()).then_some(b))
            .collect();
        let n = None;
        assert_eq!(
            shown,
            vec![n, Some(1.0), n, Some(2.0), n, n, Some(3.0), n, Some(4.0), n]
        );
        let f = Figures::of(&[game(&[0, 1], Some(0), &[7])], 2, false, 0.5);
        let at: Vec<usize> = (0..PARTS)
            .filter(|&p| !f.branching_by_part[p].is_nan())
            .collect();
        assert_eq!(at, vec![5]);
        // Twenty decisions: two in each tenth, the mean of each pair.
        let twenty: Vec<u32> = (1..=20).collect();
        let f = Figures::of(&[game(&[0, 1], Some(0), &twenty)], 2, false, 0.5);
        let means: Vec<f64> = (0..PARTS).map(|p| 2.0 * p as f64 + 1.5).collect();
        assert_eq!(f.branching_by_part, means);
    }
}
