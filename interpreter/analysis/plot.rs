//! The analysis as SVG plots: the length of games, the seats' win rates with their
//! intervals, and the number of choices over the course of a game; one series per set
//! of options.

use super::figures::{Figures, PARTS};
use crate::svg::{Svg, PALETTE};

const WIDTH: f64 = 680.0;
const HEIGHT: f64 = 420.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;

/// A round upper bound for an axis and its step: 1, 2 or 5 times a power of ten.
fn nice_axis(max: f64) -> (f64, f64) {
    let max = if max.is_finite() && max > 0.0 {
        max
    } else {
        1.0
    };
    let raw = max / 5.0;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power);
    ((max / step).ceil() * step, step)
}

fn number(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// A frame with a title, axes labels and a y axis from 0 to `y_max`.
struct Chart {
    svg: Svg,
    y_max: f64,
}

impl Chart {
    fn new(title: &str, x_label: &str, y_label: &str, y_max: f64, percent: bool) -> Chart {
        let mut svg = Svg::new(WIDTH, HEIGHT);
        svg.title(title);
        svg.text(WIDTH / 2.0, 24.0, 16.0, "middle", title);
        svg.text(
            LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
            HEIGHT - 14.0,
            13.0,
            "middle",
            x_label,
        );
        svg.text(14.0, TOP - 12.0, 13.0, "start", y_label);
        let (y_max, step) = nice_axis(y_max);
        svg.group("axes");
        let mut v = 0.0;
        while v <= y_max + step / 2.0 {
            let y = TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - v / y_max);
            svg.line(LEFT, y, WIDTH - RIGHT, y, "#dddddd", 1.0);
            let label = if percent {
                format!("{} %", number((v * 100.0 * 1e6).round() / 1e6))
            } else {
                number((v * 1e6).round() / 1e6)
            };
            svg.text(LEFT - 6.0, y + 4.0, 11.0, "end", &label);
            v += step;
        }
        svg.line(LEFT, TOP, LEFT, HEIGHT - BOTTOM, "black", 1.0);
        svg.line(
            LEFT,
            HEIGHT - BOTTOM,
            WIDTH - RIGHT,
            HEIGHT - BOTTOM,
            "black",
            1.0,
        );
        svg.end_group();
        Chart { svg, y_max }
    }

    fn y(&self, v: f64) -> f64 {
        TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - (v / self.y_max).clamp(0.0, 1.0))
    }

    fn x(&self, share: f64) -> f64 {
        LEFT + (WIDTH - LEFT - RIGHT) * share
    }

    fn legend(&mut self, names: &[&str]) {
        if names.len() < 2 {
            return;
        }
        self.svg.group("legend");
        for (i, name) in names.iter().enumerate() {
            let y = TOP + 8.0 + 16.0 * i as f64;
            let colour = PALETTE[i % PALETTE.len()];
            self.svg
                .rect(WIDTH - RIGHT - 170.0, y - 9.0, 10.0, 10.0, colour, colour);
            self.svg.text(WIDTH - RIGHT - 155.0, y, 11.0, "start", name);
        }
        self.svg.end_group();
    }
}

/// The share of games by length in decisions, in twenty bins.
pub fn length_histogram(sets: &[(&str, &Figures)]) -> String {
    const BINS: usize = 20;
    let lengths = || sets.iter().flat_map(|(_, f)| f.lengths.keys().copied());
    let longest = lengths().max().unwrap_or(0);
    // The bins start at a round number at or below the shortest game.
    let shortest = lengths().min().unwrap_or(0);
    let width = ((longest - shortest + 1) as f64 / BINS as f64)
        .ceil()
        .max(1.0);
    let from = (shortest as f64 / width).floor() * width;
    let shares: Vec<Vec<f64>> = sets
        .iter()
        .map(|(_, f)| {
            let mut bins = vec![0.0; BINS];
            for (&l, &games) in &f.lengths {
                bins[(((l as f64 - from) / width) as usize).min(BINS - 1)] += games as f64;
            }
            let n = f.lengths.values().sum::<usize>().max(1) as f64;
            bins.into_iter().map(|b| b / n).collect()
        })
        .collect();
    let top = shares.iter().flatten().copied().fold(0.0, f64::max);
    let mut c = Chart::new(
        "Length of games",
        "decisions a game",
        "share of games",
        top,
        true,
    );
    let bin_w = 1.0 / BINS as f64;
    let bar_w = bin_w / sets.len().max(1) as f64;
    for (s, bins) in shares.iter().enumerate() {
        let colour = PALETTE[s % PALETTE.len()];
        c.svg.group(&format!("series series-{s}"));
        for (b, &share) in bins.iter().enumerate() {
            let x0 = c.x(b as f64 * bin_w + s as f64 * bar_w);
            let x1 = c.x(b as f64 * bin_w + (s + 1) as f64 * bar_w);
            let y = c.y(share);
            c.svg
                .rect(x0, y, x1 - x0, HEIGHT - BOTTOM - y, colour, "none");
        }
        c.svg.end_group();
    }
    for b in (0..=BINS).step_by(4) {
        let x = c.x(b as f64 * bin_w);
        c.svg.text(
            x,
            HEIGHT - BOTTOM + 16.0,
            11.0,
            "middle",
            &number(from + b as f64 * width),
        );
    }
    let names: Vec<&str> = sets.iter().map(|(n, _)| *n).collect();
    c.legend(&names);
    c.svg.finish()
}

/// Each seat's win rate and the draw rate, with their 95 % intervals as error bars.
pub fn seat_wins(sets: &[(&str, &Figures)], seats: &[String]) -> String {
    let groups: Vec<String> = seats
        .iter()
        .map(|s| format!("{s} wins"))
        .chain(["draws".to_string()])
        .collect();
    let rate = |f: &Figures, g: usize| f.seat_wins.get(g).copied().unwrap_or(f.draws).triple();
    let top = sets
        .iter()
        .flat_map(|(_, f)| (0..groups.len()).map(move |g| rate(f, g).2))
        .fold(0.0, f64::max);
    let mut c = Chart::new(
        "Wins by seat, with 95 % intervals",
        "",
        "share of games",
        top,
        true,
    );
    let group_w = 1.0 / groups.len() as f64;
    let bar_w = group_w * 0.8 / sets.len().max(1) as f64;
    for (s, (_, f)) in sets.iter().enumerate() {
        let colour = PALETTE[s % PALETTE.len()];
        c.svg.group(&format!("series series-{s}"));
        for g in 0..groups.len() {
            let (r, low, high) = rate(f, g);
            let left = g as f64 * group_w + group_w * 0.1 + s as f64 * bar_w;
            let (x0, x1) = (c.x(left), c.x(left + bar_w));
            let y = c.y(r);
            c.svg
                .rect(x0, y, x1 - x0, HEIGHT - BOTTOM - y, colour, "none");
            let mid = (x0 + x1) / 2.0;
            c.svg.group("error-bar");
            c.svg.line(mid, c.y(low), mid, c.y(high), "black", 1.5);
            c.svg
                .line(mid - 5.0, c.y(low), mid + 5.0, c.y(low), "black", 1.5);
            c.svg
                .line(mid - 5.0, c.y(high), mid + 5.0, c.y(high), "black", 1.5);
            c.svg.end_group();
        }
        c.svg.end_group();
    }
    for (g, name) in groups.iter().enumerate() {
        let x = c.x((g as f64 + 0.5) * group_w);
        c.svg.text(x, HEIGHT - BOTTOM + 18.0, 12.0, "middle", name);
    }
    let names: Vec<&str> = sets.iter().map(|(n, _)| *n).collect();
    c.legend(&names);
    c.svg.finish()
}

/// The mean number of choices in each tenth of a game.
pub fn branching_over_game(sets: &[(&str, &Figures)]) -> String {
    let top = sets
        .iter()
        .flat_map(|(_, f)| f.branching_by_part.iter().copied())
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max);
    let mut c = Chart::new(
        "Choices over the game",
        "part of the game",
        "mean legal choices a decision",
        top,
        false,
    );
    for (s, (_, f)) in sets.iter().enumerate() {
        let colour = PALETTE[s % PALETTE.len()];
        let points: Vec<(f64, f64)> = f
            .branching_by_part
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_finite())
            .map(|(p, &v)| (c.x((p as f64 + 0.5) / PARTS as f64), c.y(v)))
            .collect();
        c.svg.group(&format!("series series-{s}"));
        c.svg.polyline(&points, colour, 2.0);
        for &(x, y) in &points {
            c.svg.circle(x, y, 3.0, colour, colour);
        }
        c.svg.end_group();
    }
    for p in (0..=PARTS).step_by(2) {
        let x = c.x(p as f64 / PARTS as f64);
        c.svg.text(
            x,
            HEIGHT - BOTTOM + 16.0,
            11.0,
            "middle",
            &format!("{} %", p * 10),
        );
    }
    let names: Vec<&str> = sets.iter().map(|(n, _)| *n).collect();
    c.legend(&names);
    c.svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_end_on_round_numbers() {
        assert_eq!(nice_axis(0.43), (0.5, 0.1));
        assert_eq!(nice_axis(7.0), (8.0, 2.0));
        assert_eq!(nice_axis(0.0), (1.0, 0.2));
        assert_eq!(nice_axis(130.0), (150.0, 50.0));
    }
}
