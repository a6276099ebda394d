//! Confidence intervals for match results: Wilson's interval for a rate, the normal
//! interval for a mean, the intervals of a difference of two rates or two means,
//! quantiles, and the Elo difference that a score rate implies.

/// The normal quantile of a two-sided 95 % interval.
pub(crate) const Z95: f64 = 1.959_963_985;

/// Wilson's score interval for `successes` out of `n` (successes may count halves, as
/// a draw does in a score rate). Unlike the normal interval it stays within [0, 1]
/// and is honest for rates near 0 or 1.
pub(crate) fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The mean of `values` and the half-width of its 95 % interval (normal
/// approximation, sample standard deviation).
pub(crate) fn mean_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, f64::INFINITY);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Z95 * (var / n).sqrt())
}

/// A mean and variance taken one value at a time (Welford's method), so that a run of
/// any number of games keeps three numbers, not every value.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Running {
    n: usize,
    mean: f64,
    m2: f64,
}

impl Running {
    pub(crate) fn push(&mut self, value: f64) {
        self.n += 1;
        let delta = value - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (value - self.mean);
    }

    pub(crate) fn count(&self) -> usize {
        self.n
    }

    /// The mean and the half-width of its 95 % interval, as `mean_interval` gives them.
    pub(crate) fn interval(&self) -> (f64, f64) {
        match self.n {
            0 => (0.0, 0.0),
            1 => (self.mean, f64::INFINITY),
            n => (
                self.mean,
                Z95 * (self.m2 / (n - 1) as f64 / n as f64).sqrt(),
            ),
        }
    }
}

/// The `q` quantile of whole values given as how many times each occurs, as `quantile`
/// gives it for the sorted list they make.
pub(crate) fn quantile_of_counts(counts: &std::collections::BTreeMap<usize, usize>, q: f64) -> f64 {
    let n: usize = counts.values().sum();
    if n == 0 {
        return 0.0;
    }
    let h = (n - 1) as f64 * q.clamp(0.0, 1.0);
    let i = h.floor() as usize;
    let at = |rank: usize| {
        let mut seen = 0;
        for (&value, &times) in counts {
            seen += times;
            if rank < seen {
                return value as f64;
            }
        }
        0.0
    };
    let low = at(i);
    low + (h - i as f64) * (at((i + 1).min(n - 1)) - low)
}

/// The interval of the difference p1 − p2 of two independent rates, from each rate's
/// Wilson interval (Newcombe 1998, method 10): honest near 0 and 1 like Wilson's.
pub(crate) fn rate_difference(p1: (f64, f64, f64), p2: (f64, f64, f64)) -> (f64, f64, f64) {
    let ((r1, l1, u1), (r2, l2, u2)) = (p1, p2);
    let d = r1 - r2;
    let low = d - ((r1 - l1).powi(2) + (u2 - r2).powi(2)).sqrt();
    let high = d + ((u1 - r1).powi(2) + (r2 - l2).powi(2)).sqrt();
    (d, low.max(-1.0), high.min(1.0))
}

/// The difference m1 − m2 of two independent means and the half-width of its 95 %
/// interval, from each mean's own half-width (normal approximation, unequal variances:
/// the half-widths add in quadrature).
pub(crate) fn mean_difference(m1: (f64, f64), m2: (f64, f64)) -> (f64, f64) {
    (m1.0 - m2.0, (m1.1.powi(2) + m2.1.powi(2)).sqrt())
}

/// The `q` quantile (0 to 1) of sorted values, interpolating linearly between the two
/// nearest ranks (Hyndman and Fan's type 7, the default of R and NumPy).
pub(crate) fn quantile(sorted: &[f64], q: f64) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n => {
            let h = (n - 1) as f64 * q.clamp(0.0, 1.0);
            let i = h.floor() as usize;
            let next = sorted[(i + 1).min(n - 1)];
            sorted[i] + (h - i as f64) * (next - sorted[i])
        }
    }
}

/// The Elo difference that a score rate implies (400 · log10(s / (1 − s))); infinite
/// at 0 and 1.
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    400.0 * (score / (1.0 - score)).log10()
}

/// An Elo figure as text: `+123`, or `> +1000` style bounds for the infinite ends.
pub fn elo_text(v: f64) -> String {
    if v == f64::INFINITY {
        "+inf".into()
    } else if v == f64::NEG_INFINITY {
        "-inf".into()
    } else {
        format!("{v:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263 (Wilson 1927 worked example as tabulated by Newcombe 1998,
        // method 3): 0.2553 to 0.3662.
        let (lo, hi) = wilson(81.0, 263.0, Z95);
        assert!((lo - 0.2553).abs() < 5e-4, "{lo}");
        assert!((hi - 0.3662).abs() < 5e-4, "{hi}");
        // 0 of 10 (Newcombe 1998, table I): 0 to 0.2775.
        let (lo, hi) = wilson(0.0, 10.0, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 5e-4, "{hi}");
    }

    #[test]
    fn rate_difference_matches_newcombe() {
        // Newcombe 1998, table II, example (a): 56/70 − 48/80 = 0.2000, method 10
        // interval 0.0524 to 0.3339.
        let r = |k: f64, n: f64| {
            let (lo, hi) = wilson(k, n, Z95);
            (k / n, lo, hi)
        };
        let (d, lo, hi) = rate_difference(r(56.0, 70.0), r(48.0, 80.0));
        assert!((d - 0.2).abs() < 1e-12);
        assert!((lo - 0.0524).abs() < 5e-4, "{lo}");
        assert!((hi - 0.3339).abs() < 5e-4, "{hi}");
    }

    #[test]
    fn mean_difference_adds_half_widths_in_quadrature() {
        // Half-widths 3 and 4 make 5.
        assert_eq!(mean_difference((10.0, 3.0), (4.0, 4.0)), (6.0, 5.0));
    }

    #[test]
    fn quantiles_interpolate() {
        let v = [1.0, 2.0, 3.0, 4.0];
        // Type 7: h = 3q; the median is halfway between 2 and 3, the first quartile a
        // quarter of the way from 1 to 2... h = 0.75: 1.75.
        assert_eq!(quantile(&v, 0.5), 2.5);
        assert_eq!(quantile(&v, 0.25), 1.75);
        assert_eq!(quantile(&v, 0.75), 3.25);
        assert_eq!(quantile(&v, 1.0), 4.0);
        assert_eq!(quantile(&[7.0], 0.5), 7.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }

    #[test]
    fn elo_of_even_and_three_to_one() {
        assert_eq!(elo(0.5), 0.0);
        // 3:1 odds are 400 · log10(3) = 190.85 points.
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!((elo(0.25) + 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), f64::INFINITY);
    }

    #[test]
    fn mean_interval_of_known_sample() {
        // 1..=5: mean 3, sample sd sqrt(2.5); half width 1.96 * sqrt(2.5 / 5).
        let (m, h) = mean_interval(&[1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(m, 3.0);
        assert!((h - Z95 * 0.5f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn running_figures_match_those_of_the_whole_list() {
        let values = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0];
        let mut running = Running::default();
        values.iter().for_each(|&v| running.push(v));
        let (m, h) = mean_interval(&values);
        let (rm, rh) = running.interval();
        assert!((m - rm).abs() < 1e-12 && (h - rh).abs() < 1e-12);
        let mut counts = std::collections::BTreeMap::new();
        for v in values {
            *counts.entry(v as usize).or_insert(0) += 1;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        for q in [0.0, 0.25, 0.5, 0.75, 1.0] {
            assert_eq!(quantile_of_counts(&counts, q), quantile(&sorted, q));
        }
    }
}
