//! The designer's analysis for a page: games by computer players, one option set after
//! another, played a few at a time by the library's runner (one thread on wasm), so
//! that a worker can report progress and be stopped between calls; the figures, their
//! comparisons and plots as `tabula analyze` makes them.

use crate::{js_error, parse_seed, source_of, to_json};
use serde::Deserialize;
use tabula::ai::arena::{sides, Arena, Sides};
use tabula::analysis::figures::{Figures, Tally};
use tabula::analysis::{compare, plot, GameFacts};
use tabula::runner::{Job, Run, Runner};
use tabula::{compile, Game};
use wasm_bindgen::prelude::*;

/// The most games of each option set a page may ask for (as the command's `-n`).
const MAX_GAMES: u64 = 1_000_000;

/// One option set: its game, its arena and the figures of its games so far.
struct Set {
    label: String,
    options: Vec<String>,
    game: Game,
    arena: Arena,
    tally: Tally,
    /// Games of this set played so far.
    played: u64,
}

/// An analysis under way: option sets compared, each of `games` games.
#[wasm_bindgen]
pub struct Analysis {
    sets: Vec<Set>,
    games: u64,
    names: [String; 2],
    runner: Runner,
}

/// What a page asks of an analysis, as `tabula analyze` takes it.
#[derive(Deserialize)]
struct Request {
    /// The option sets: the first, then one for each `--vs`.
    sets: Vec<Vec<String>>,
    /// One or two computer players (`random`, `mcts:200,random`).
    players: String,
    /// Games of each set.
    games: u64,
    /// The seed of the first game, as text (it may not fit a JavaScript number).
    seed: String,
    max_decisions: usize,
    /// A won game is decided early when its winner led from this percentage of it on.
    early: f64,
}

fn label(options: &[String]) -> String {
    if options.is_empty() {
        "no options".into()
    } else {
        options.join(" + ")
    }
}

#[wasm_bindgen]
impl Analysis {
    /// An analysis of a built-in game (`text` absent) or of a rules text named `name`,
    /// as `request` (JSON, `Request`) asks.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, text: Option<String>, request: &str) -> Result<Analysis, JsError> {
        let Request {
            sets: lists,
            players,
            games,
            seed,
            max_decisions,
            early,
        } = serde_json::from_str(request)
            .map_err(|e| js_error(format!("the analysis asked cannot be read: {e}")))?;
        if games == 0 || games > MAX_GAMES {
            return Err(js_error(format!(
                "play from 1 to {MAX_GAMES} games of each option set, not {games}"
            )));
        }
        if !(0.0..=100.0).contains(&early) {
            return Err(js_error(
                "the share of the game for `decided early` is a percentage, from 0 to 100",
            ));
        }
        let seed = parse_seed(&seed)?;
        if lists.is_empty() {
            return Err(js_error("no option set to analyse"));
        }
        let texts: Vec<&str> = players.split(',').map(str::trim).collect();
        let texts: [&str; 2] = match texts.as_slice() {
            [one] => [one, one],
            [a, b] => [a, b],
            _ => {
                return Err(js_error(
                    "players: one or two computer players, e.g. `random` or `mcts:200,random`",
                ))
            }
        };
        let source = source_of(name, text)?;
        let mut built = Vec::with_capacity(lists.len());
        let mut names = [String::new(), String::new()];
        for options in lists {
            let game = compile(&source, &options).map_err(|e| js_error(e.render(false)))?;
            let Sides {
                levels,
                nets,
                names: side_names,
            } = tabula::ai::default_net(name, &game)
                .and_then(|net| sides(&game, texts, net.map(std::sync::Arc::new), [false; 2]))
                .map_err(js_error)?;
            names = side_names;
            let tally = Tally::new(game.players().len(), levels[0] != levels[1], early / 100.0);
            built.push(Set {
                label: label(&options),
                options,
                arena: Arena {
                    sides: levels,
                    games,
                    seed,
                    max_decisions,
                    keep_moves: false,
                    nets,
                },
                game,
                tally,
                played: 0,
            });
        }
        Ok(Analysis {
            sets: built,
            games,
            names,
            runner: Runner::new(1).map_err(js_error)?,
        })
    }

    /// The games asked in all: the games of a set times the sets.
    pub fn total(&self) -> f64 {
        (self.games * self.sets.len() as u64) as f64
    }

    /// The games played so far, of every set.
    pub fn played(&self) -> f64 {
        self.sets.iter().map(|s| s.played).sum::<u64>() as f64
    }

    /// Plays up to `count` more games, in order (the first set's games first), and
    /// says how many have been played in all.
    pub fn play(&mut self, count: u32) -> Result<f64, JsError> {
        let mut left = u64::from(count);
        for set in &mut self.sets {
            if left == 0 {
                break;
            }
            let from = set.played;
            let to = (from + left).min(self.games);
            if to == from {
                continue;
            }
            let run = Run::new(from..to).seed(set.arena.seed);
            let (game, arena, tally) = (&set.game, &set.arena, &mut set.tally);
            let ran = self
                .runner
                .run(
                    &run,
                    |job: Job| GameFacts::play(game, arena, job.index, None),
                    |facts: GameFacts| {
                        tally.add(&facts);
                        Ok(())
                    },
                )
                .map_err(|e| match e {
                    tabula::ai::AiError::Runtime(e) => js_error(e.render(game, false)),
                    tabula::ai::AiError::Interrupted => js_error("interrupted"),
                })?;
            set.played += ran.played;
            left -= ran.played;
        }
        Ok(self.played())
    }

    /// The figures of the games played so far, as JSON: the game, the players, each
    /// set's options and figures (as `tabula analyze --json` gives them), each later
    /// set compared with the first, and the plots (SVG) of every set with a game.
    pub fn result(&self) -> Result<String, JsError> {
        let done: Vec<(&Set, Figures)> = self
            .sets
            .iter()
            .filter(|s| s.played > 0)
            .map(|s| (s, s.tally.figures()))
            .collect();
        let seats = self
            .sets
            .first()
            .map(|s| s.game.players().to_vec())
            .unwrap_or_default();
        let comparisons: Vec<serde_json::Value> = (1..done.len())
            .map(|k| {
                serde_json::json!({
                    "first": done[0].0.label,
                    "second": done[k].0.label,
                    "rows": compare(&done[0].1, &done[k].1, &seats),
                })
            })
            .collect();
        let named: Vec<(&str, &Figures)> =
            done.iter().map(|(s, f)| (s.label.as_str(), f)).collect();
        let plots = if named.is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::json!({
                "lengths": plot::length_histogram(&named),
                "seats": plot::seat_wins(&named, &seats),
                "branching": plot::branching_over_game(&named),
            })
        };
        to_json(&serde_json::json!({
            "game": self.sets.first().map(|s| s.game.name().to_string()),
            "seats": seats,
            "players": self.names,
            "games": self.games,
            "played": self.played(),
            "complete": self.played() == self.total(),
            "seed": self.sets.first().map(|s| s.arena.seed.to_string()),
            "max_decisions": self.sets.first().map(|s| s.arena.max_decisions),
            "sets": done.iter().map(|(s, f)| serde_json::json!({
                "label": s.label,
                "options": s.options,
                "figures": f,
            })).collect::<Vec<_>>(),
            "comparisons": comparisons,
            "plots": plots,
        }))
    }
}
