//! Confidence intervals for match results: Wilson's interval for a rate, the normal
//! interval for a mean, and the Elo difference that a score rate implies.

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_985;

/// Wilson's score interval for `successes` out of `n` (successes may count halves, as
/// a draw does in a score rate). Unlike the normal interval it stays within [0, 1]
/// and is honest for rates near 0 or 1.
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
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
pub fn mean_interval(values: &[f64]) -> (f64, f64) {
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
}
