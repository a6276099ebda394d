//! `tabula analyze`: many games by computer players, and the figures a designer asks of
//! a rule change (who wins from which seat, how long, how many choices, how early the
//! game is decided), each with its 95 % interval; with `--vs`, the option sets side by
//! side with their differences.

use crate::error::{refused, CliError};

use crate::arena::{ai_error, check_games, play_in_order, runner};
use crate::cli::common::{games_bar, load};
use crate::cli::GameArgs;
use crate::interrupt::Interrupt;
use tabula::ai::arena::{sides, Arena, Sides};
use tabula::analysis::figures::{branching_bin_label, Figures, Tally};
use tabula::analysis::{compare, plot, GameFacts, Row};

pub const EXAMPLES: &str = "Examples:\n  tabula analyze naytin-six -n 2000\n  tabula analyze naytin-six --vs -o slide --vs -o cross-placement --svg plots\n  tabula analyze invictus --players mcts:200 -n 100";

/// `tabula analyze`'s command line.
#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    /// A built-in game (e.g. naytin-six) or the path of a rules file.
    pub game: String,
    /// Turn on an option of the game, or give a number option its value (`-o
    /// target=50`), repeat for several; after a `--vs`, an option of that set.
    #[arg(short = 'o', long = "option")]
    pub options: Vec<String>,
    /// Start another option set to compare with the first (its options follow it).
    // Each occurrence is kept (with its place on the command line), unlike a counted
    // flag, which keeps one place only.
    #[arg(long, action = clap::ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub vs: Vec<bool>,
    /// The computer players: one for every seat, or two (A,B) whose seats alternate
    /// from game to game: random, greedy, playouts, mcts:200, net...
    #[arg(long, value_delimiter = ',', default_value = "random")]
    pub players: Vec<String>,
    /// Number of games of each option set.
    #[arg(short = 'n', long = "games", default_value_t = 1000)]
    pub games: u64,
    /// Seed of the first game; game i uses seed + i, whatever the number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still going after this many decisions is counted unfinished.
    #[arg(long, default_value_t = 10_000)]
    pub max_decisions: usize,
    /// Games played at once (0: every core; at most 256); the results do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=256))]
    pub threads: u16,
    /// One JSON object with every figure.
    #[arg(long)]
    pub json: bool,
    /// Write plots into this folder: lengths.svg, seats.svg, branching.svg.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<String>,
    /// A won game counts as decided early when its winner led by the score from this
    /// percentage of the game on.
    #[arg(long, default_value_t = 50.0, value_name = "PERCENT")]
    pub early: f64,
}

/// The places on the command line of `analyze`'s `-o` values and of its `--vs` flags.
pub struct Places {
    pub options: Vec<usize>,
    pub vs: Vec<usize>,
}

impl Places {
    pub fn of(matches: &clap::ArgMatches) -> Places {
        let Some(m) = matches.subcommand_matches("analyze") else {
            return Places {
                options: Vec::new(),
                vs: Vec::new(),
            };
        };
        let at = |id: &str| {
            m.indices_of(id)
                .map(|i| i.collect::<Vec<_>>())
                .unwrap_or_default()
        };
        let vs = at("vs");
        Places {
            options: at("options"),
            vs,
        }
    }
}

/// Runs `tabula analyze` as the command line asks.
pub fn run_args(a: AnalyzeArgs, places: Places) -> Result<(), CliError> {
    let placed: Vec<(usize, String)> = places.options.into_iter().zip(a.options).collect();
    run(AnalyzeOptions {
        game: a.game,
        sets: option_sets(&placed, &places.vs),
        players: a.players,
        games: a.games,
        seed: a.seed,
        max_decisions: a.max_decisions,
        threads: usize::from(a.threads),
        json: a.json,
        svg: a.svg,
        early: a.early,
    })
}

/// How `tabula analyze` was asked to run.
pub struct AnalyzeOptions {
    pub game: String,
    /// The option sets: the first, then one per `--vs`.
    pub sets: Vec<Vec<String>>,
    pub players: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub max_decisions: usize,
    pub threads: usize,
    pub json: bool,
    pub svg: Option<String>,
    /// A won game is decided early when its winner led from this share of it on.
    pub early: f64,
}

/// One option set's figures.
struct SetResult {
    label: String,
    options: Vec<String>,
    figures: Figures,
    seconds: f64,
}

/// Splits `-o` values into option sets at each `--vs`, by their places on the command
/// line: options before the first `--vs` make the first set.
pub fn option_sets(options: &[(usize, String)], vs: &[usize]) -> Vec<Vec<String>> {
    let mut sets = vec![Vec::new(); vs.len() + 1];
    for (at, name) in options {
        let set = vs.iter().filter(|&&v| v < *at).count();
        sets[set].push(name.clone());
    }
    sets
}

fn label(options: &[String]) -> String {
    if options.is_empty() {
        "no options".into()
    } else {
        options.join(" + ")
    }
}

pub fn run(o: AnalyzeOptions) -> Result<(), CliError> {
    check_games(o.games)?;
    if !(0.0..=100.0).contains(&o.early) {
        return Err(refused!(
            "--early is a share of the game in percent, from 0 to 100"
        ));
    }
    let texts: [&str; 2] = match o.players.as_slice() {
        [one] => [one, one],
        [a, b] => [a, b],
        _ => {
            return Err(refused!(
                "--players takes one or two computer players, e.g. `random` or `mcts:200,random`"
            ))
        }
    };
    let runner = runner(o.threads)?;
    let threads = runner.threads();
    let bar = games_bar(o.games.saturating_mul(o.sets.len() as u64), !o.json);
    let mut results = Vec::new();
    let mut seat_names = Vec::new();
    let mut player_names = Vec::new();
    let interrupt = Interrupt::install("the games under way");
    let mut started = 0;
    let progress = |_| {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    for options in &o.sets {
        if interrupt.stopped() {
            break;
        }
        let game = load(&GameArgs {
            game: o.game.clone(),
            options: options.clone(),
        })?;
        let Sides {
            levels,
            nets,
            names,
        } = tabula::ai::default_net(&o.game, &game)
            .and_then(|net| sides(&game, texts, net.map(std::sync::Arc::new), [false; 2]))
            .map_err(|e| refused!("{e}"))?;
        let arena = Arena {
            sides: levels,
            games: o.games,
            seed: o.seed,
            max_decisions: o.max_decisions,
            keep_moves: false,
            nets,
        };
        if let Some(b) = &bar {
            b.set_message(label(options));
        }
        let start = std::time::Instant::now();
        let mut tally = Tally::new(
            game.players().len(),
            levels[0] != levels[1],
            o.early / 100.0,
        );
        let play = |job: tabula::runner::Job| {
            GameFacts::play(&game, &arena, job.index, None).map_err(|e| ai_error(&game, e))
        };
        let take = |f: GameFacts| {
            tally.add(&f);
            Ok(())
        };
        play_in_order(
            &runner,
            o.games,
            o.seed,
            &interrupt,
            &mut started,
            &progress,
            play,
            take,
        )?;
        let seconds = start.elapsed().as_secs_f64();
        if tally.games() == 0 {
            break;
        }
        let figures = tally.figures();
        seat_names = game.players().to_vec();
        player_names = names.to_vec();
        results.push((
            game.name().to_string(),
            SetResult {
                label: label(options),
                options: options.clone(),
                figures,
                seconds,
            },
        ));
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if results.is_empty() {
        return Err(refused!("interrupted before any game was played"));
    }
    let interrupted = interrupt.stopped();
    let title = results.first().map(|(n, _)| n.clone()).unwrap_or_default();
    let sets: Vec<SetResult> = results.into_iter().map(|(_, r)| r).collect();
    let comparisons: Vec<(usize, Vec<Row>)> = (1..sets.len())
        .map(|k| (k, compare(&sets[0].figures, &sets[k].figures, &seat_names)))
        .collect();
    if let Some(dir) = &o.svg {
        write_plots(dir, &sets, &seat_names)?;
    }
    let players_text = if player_names[0] == player_names[1] {
        player_names[0].clone()
    } else {
        format!(
            "A {} against B {}, seats alternating",
            player_names[0], player_names[1]
        )
    };
    if o.json {
        let out = serde_json::json!({
            "game": title,
            "players": player_names,
            "games": o.games,
            "interrupted": interrupted,
            "seed": o.seed,
            "max_decisions": o.max_decisions,
            "early": o.early / 100.0,
            "threads": threads,
            "sets": sets.iter().map(|s| serde_json::json!({
                "options": s.options,
                "figures": s.figures,
                "seconds": s.seconds,
                "games_per_second": s.figures.games as f64 / s.seconds.max(1e-9),
            })).collect::<Vec<_>>(),
            "comparisons": comparisons.iter().map(|(k, rows)| serde_json::json!({
                "first": sets[0].options,
                "second": sets[*k].options,
                "rows": rows,
            })).collect::<Vec<_>>(),
        });
        println!("{out}");
        return Ok(());
    }
    if interrupted {
        let asked = o.games.saturating_mul(o.sets.len() as u64);
        let played: u64 = sets.iter().map(|s| s.figures.games as u64).sum();
        println!("interrupted: {played} of the {asked} games asked were played");
    }
    for s in &sets {
        print_set(&title, &players_text, s, &seat_names, &o, threads);
    }
    for (k, rows) in &comparisons {
        print_comparison(&sets[0].label, &sets[*k].label, rows);
    }
    Ok(())
}

/// Games a second: whole numbers, but two decimals for slow runs (tree search).
fn rate_text(rate: f64) -> String {
    if rate < 10.0 {
        format!("{rate:.2}")
    } else {
        format!("{rate:.0}")
    }
}

fn pct(x: f64) -> String {
    format!("{:.1} %", 100.0 * x)
}

fn rate_line(name: &str, r: &tabula::analysis::figures::Rate, of: &str) {
    println!(
        "  {name:<16} {:>7}  (95 % interval {} to {}){of}",
        pct(r.rate),
        pct(r.low),
        pct(r.high)
    );
}

fn spread_line(name: &str, s: &tabula::analysis::figures::Spread) {
    println!(
        "  {name:<16} mean {:.1} ± {:.1}, median {}, quartiles {} to {}, max {}",
        s.mean.mean, s.mean.half, s.median, s.q1, s.q3, s.max
    );
}

fn print_set(
    title: &str,
    players: &str,
    s: &SetResult,
    seats: &[String],
    o: &AnalyzeOptions,
    threads: usize,
) {
    let f = &s.figures;
    println!(
        "{title}, {}: {} games, {players} (seeds {}..{})",
        s.label,
        f.games,
        o.seed,
        o.seed.wrapping_add(o.games - 1)
    );
    for (seat, r) in seats.iter().zip(&f.seat_wins) {
        rate_line(&format!("{seat} wins"), r, "");
    }
    rate_line("draws", &f.draws, "");
    if let Some(r) = &f.side_a_wins {
        rate_line("A wins", r, "");
    }
    if f.unfinished.count > 0 {
        rate_line(
            "unfinished",
            &f.unfinished,
            &format!(
                ": {} games reached {} decisions",
                f.unfinished.count, o.max_decisions
            ),
        );
    } else {
        println!(
            "  unfinished       none (limit {} decisions)",
            o.max_decisions
        );
    }
    println!(
        "  points a game    {:.2} ± {:.2}",
        f.points.mean, f.points.half
    );
    spread_line("decisions", &f.decisions);
    spread_line("turns", &f.turns);
    println!(
        "  choices          {:.1} ± {:.1} a decision",
        f.branching.mean, f.branching.half
    );
    let total: usize = f.branching_bins.iter().sum();
    let bins: Vec<String> = f
        .branching_bins
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(k, &n)| {
            format!(
                "{}: {:.0} %",
                branching_bin_label(k),
                100.0 * n as f64 / total.max(1) as f64
            )
        })
        .collect();
    println!("    by decisions   {}", bins.join(", "));
    let parts: Vec<String> = f
        .branching_by_part
        .iter()
        .map(|v| {
            if v.is_nan() {
                "-".to_string()
            } else {
                format!("{v:.1}")
            }
        })
        .collect();
    println!("    by tenth       {}", parts.join(" "));
    println!(
        "  forced moves     {} ± {} of decisions (a single legal choice)",
        pct(f.forced.mean),
        pct(f.forced.half)
    );
    match (&f.decided_early, &f.decided_at, &f.lead_changes) {
        (Some(e), Some(at), Some(ch)) => {
            rate_line(
                "decided early",
                e,
                &format!(
                    " of won games: the winner led by the score from {:.0} % of the game on",
                    o.early
                ),
            );
            println!(
                "  decided at       {} ± {} of the game, on average",
                pct(at.mean),
                pct(at.half)
            );
            println!("  lead changes     {:.2} ± {:.2} a game", ch.mean, ch.half);
        }
        _ => println!("  decided early    not measured: the game declares no `score`"),
    }
    println!(
        "  speed            {:.1} s, {} games/s on {threads} thread{}",
        s.seconds,
        rate_text(f.games as f64 / s.seconds.max(1e-9)),
        if threads == 1 { "" } else { "s" }
    );
    println!();
}

fn print_comparison(first: &str, second: &str, rows: &[Row]) {
    println!(
        "{second} against {first}: the difference ({second} minus {first}) and its 95 % interval"
    );
    let w = first.len().max(10);
    let v = second.len().max(10);
    println!("  {:<16} {first:>w$} {second:>v$}   difference", "");
    let show = |r: &Row, x: f64| {
        if r.percent {
            pct(x)
        } else {
            format!("{x:.2}")
        }
    };
    let diff = |r: &Row, x: f64| {
        if r.percent {
            format!("{:+.1}", 100.0 * x)
        } else {
            format!("{x:+.2}")
        }
    };
    for r in rows {
        println!(
            "  {:<16} {:>w$} {:>v$}   {} ({} to {}){}  {}",
            r.figure,
            show(r, r.first),
            show(r, r.second),
            diff(r, r.difference),
            diff(r, r.low),
            diff(r, r.high),
            if r.percent { " points" } else { "" },
            if r.significant {
                "significant"
            } else {
                "not significant"
            }
        );
    }
    let significant: Vec<&str> = rows
        .iter()
        .filter(|r| r.significant)
        .map(|r| r.figure.as_str())
        .collect();
    if significant.is_empty() {
        println!("  No difference is significant at 95 %: with these games, {second} cannot be told from {first}; play more games to look closer.");
    } else {
        println!(
            "  Significant at 95 %: {}. The other differences are within what chance alone gives.",
            significant.join(", ")
        );
    }
    println!();
}

fn write_plots(dir: &str, sets: &[SetResult], seats: &[String]) -> Result<(), CliError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| refused!("cannot make `{dir}`: {}", e.to_string().to_lowercase()))?;
    let named: Vec<(&str, &Figures)> = sets
        .iter()
        .map(|s| (s.label.as_str(), &s.figures))
        .collect();
    for (file, text) in [
        ("lengths.svg", plot::length_histogram(&named)),
        ("seats.svg", plot::seat_wins(&named, seats)),
        ("branching.svg", plot::branching_over_game(&named)),
    ] {
        let path = std::path::Path::new(dir).join(file);
        tabula::output::write(&path.to_string_lossy(), text.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_fall_into_sets_at_each_vs() {
        let o = |at: usize, n: &str| (at, n.to_string());
        // tabula analyze g -o a --vs -o b -o c --vs
        let sets = option_sets(&[o(3, "a"), o(6, "b"), o(8, "c")], &[4, 9]);
        assert_eq!(
            sets,
            vec![vec!["a".to_string()], vec!["b".into(), "c".into()], vec![]]
        );
    }
}
