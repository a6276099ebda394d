//! Two sets of games side by side: each figure's difference and its 95 % interval, and
//! whether the interval leaves out zero.

use super::figures::{Figures, Mean, Rate};
use crate::ai::stats::{mean_difference, rate_difference};
use serde::Serialize;

/// One figure of two sets and their difference (second minus first).
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// The figure's name as a report shows it (`draws`, `points a game`).
    pub figure: String,
    /// Its value in the first set (a rate from 0 to 1, or a mean).
    pub first: f64,
    /// Its value in the second set.
    pub second: f64,
    /// `second - first`.
    pub difference: f64,
    /// The low end of the difference's 95 % interval.
    pub low: f64,
    /// The high end of the difference's 95 % interval.
    pub high: f64,
    /// A share, shown in percent (a rate, or a mean of shares).
    pub percent: bool,
    /// The interval leaves out zero.
    pub significant: bool,
}

fn rate_row(figure: String, a: &Rate, b: &Rate) -> Row {
    let (d, low, high) = rate_difference(b.triple(), a.triple());
    Row {
        figure,
        first: a.rate,
        second: b.rate,
        difference: d,
        low,
        high,
        percent: true,
        significant: a.of > 0 && b.of > 0 && (low > 0.0 || high < 0.0),
    }
}

fn mean_row(figure: &str, a: &Mean, b: &Mean, percent: bool) -> Row {
    let (d, half) = mean_difference((b.mean, b.half), (a.mean, a.half));
    Row {
        figure: figure.into(),
        first: a.mean,
        second: b.mean,
        difference: d,
        low: d - half,
        high: d + half,
        percent,
        significant: a.n > 1 && b.n > 1 && (d - half > 0.0 || d + half < 0.0),
    }
}

/// Every figure that has an interval, the second set against the first.
pub fn compare(a: &Figures, b: &Figures, seats: &[String]) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, name) in seats.iter().enumerate() {
        if let (Some(x), Some(y)) = (a.seat_wins.get(i), b.seat_wins.get(i)) {
            rows.push(rate_row(format!("{name} wins"), x, y));
        }
    }
    rows.push(rate_row("draws".into(), &a.draws, &b.draws));
    rows.push(rate_row("unfinished".into(), &a.unfinished, &b.unfinished));
    if let (Some(x), Some(y)) = (&a.side_a_wins, &b.side_a_wins) {
        rows.push(rate_row("A wins".into(), x, y));
    }
    rows.push(mean_row("points a game", &a.points, &b.points, false));
    rows.push(mean_row(
        "decisions",
        &a.decisions.mean,
        &b.decisions.mean,
        false,
    ));
    rows.push(mean_row("turns", &a.turns.mean, &b.turns.mean, false));
    rows.push(mean_row("choices", &a.branching, &b.branching, false));
    rows.push(mean_row("forced moves", &a.forced, &b.forced, true));
    if let (Some(x), Some(y)) = (&a.decided_early, &b.decided_early) {
        rows.push(rate_row("decided early".into(), x, y));
    }
    if let (Some(x), Some(y)) = (&a.lead_changes, &b.lead_changes) {
        rows.push(mean_row("lead changes", x, y, false));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_is_significant_when_its_interval_leaves_out_zero() {
        // 56/70 against 48/80 (Newcombe's example): significant, second minus first.
        let row = rate_row("x".into(), &Rate::new(48, 80), &Rate::new(56, 70));
        assert!(row.significant);
        assert!((row.difference - 0.2).abs() < 1e-12);
        // 50/100 against 55/100: the interval holds zero.
        let row = rate_row("x".into(), &Rate::new(50, 100), &Rate::new(55, 100));
        assert!(!row.significant);
        let m = |mean, half| Mean { n: 100, mean, half };
        assert!(mean_row("x", &m(10.0, 1.0), &m(13.0, 1.0), false).significant);
        assert!(!mean_row("x", &m(10.0, 1.0), &m(11.0, 1.0), false).significant);
    }

    #[test]
    fn a_mean_of_one_game_is_never_significant() {
        // One game has no spread to measure: its interval is unknown, not zero wide.
        let one = |mean| Mean {
            n: 1,
            mean,
            half: 0.0,
        };
        let many = |mean| Mean {
            n: 100,
            mean,
            half: 0.0,
        };
        assert!(!mean_row("x", &one(10.0), &one(30.0), false).significant);
        assert!(!mean_row("x", &one(10.0), &many(30.0), false).significant);
        assert!(!mean_row("x", &many(10.0), &one(30.0), false).significant);
        assert!(mean_row("x", &many(10.0), &many(30.0), false).significant);
    }
}
