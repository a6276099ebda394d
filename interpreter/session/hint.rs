//! `hint`: the computer's best choices at the current decision, with its estimates.

use super::SessionError;
use super::{Out, Session};
use crate::ai::{self, Level};
use crate::engine::rng::Rng;
use crate::{Choices, Engine, Status};

/// Choices shown when `hint` is not given a number.
const DEFAULT_SHOWN: usize = 3;

impl Session {
    pub(super) fn hint(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        // `hint`, `hint 5`, `hint net3`, `hint mcts 5s 2`: a number alone is how many
        // choices to show; the rest names the level.
        let mut shown = DEFAULT_SHOWN;
        let mut named = Vec::new();
        let words: Vec<&str> = rest.split_whitespace().collect();
        for (i, w) in words.iter().enumerate() {
            // A number after `mcts` or `az` is its budget, not a count.
            let budget = i > 0 && matches!(words[i - 1], "mcts" | "az");
            match w.parse::<usize>() {
                Ok(n) if n > 0 && !budget => shown = n,
                Ok(_) if !budget => {
                    return Err(refused!(
                        "`hint {rest}`: say how many choices to show, e.g. `hint 5`"
                    ))
                }
                _ => named.push(*w),
            }
        }
        let named = match named.as_slice() {
            [] => None,
            words => match Level::parse_in(&words.join(" "), &self.game) {
                // A strategy rates nothing: it has its rules, not figures.
                Ok(Some(Level::Strategy(_))) => {
                    return Err(refused!(
                        "`hint {rest}`: a strategy plays by its rules and rates no choice; `ai PLAYER {rest}` lets it play"
                    ))
                }
                Ok(Some(level)) => Some(level),
                Ok(None) => {
                    return Err(refused!(
                        "`hint {rest}`: `off` is no level to ask; name one, e.g. `hint net3`"
                    ))
                }
                Err(e) => return Err(refused!("`hint {rest}`: {e}")),
            },
        };
        let game = self.game.clone();
        let state = self.timeline.current().clone();
        let mut engine = Engine::new(&game);
        let player = match engine.status(&state).map_err(|e| self.runtime(&e))? {
            Status::Over(_) => return Err("the game is over: there is nothing to choose".into()),
            Status::Chance(c) => {
                return Err(refused!(
                    "chance moves next (`{}`), not a player",
                    game.rules.chances[c.index()].name
                ))
            }
            Status::Player(p) => p,
        };
        let mut choices = Choices::default();
        engine
            .legal(&state, &mut choices)
            .map_err(|e| self.runtime(&e))?;
        if choices.is_empty() {
            return Err("there is no legal move here".into());
        }
        // The level asked for; else the player's own computer level; else the strongest
        // the game has (its network three choices ahead, or the tree search). A
        // strategy rates nothing, so a player it plays is given the strongest's figures.
        let level = named
            .or_else(|| {
                self.computer(player.index())
                    .filter(|l| !matches!(l, Level::Strategy(_)))
            })
            .unwrap_or_else(|| self.strongest_level());
        // A generator of its own, so that asking for a hint changes no later dice.
        let mut rng = Rng::new(self.seed ^ state.hash64());
        // The player's own threads and network, with a tree of its own.
        let (threads, net) = self
            .thinkers
            .get(player.index())
            .map_or((0, None), |t| (t.threads, t.net.clone()));
        let net = net.or_else(|| self.net.clone());
        let mut thinker = ai::Thinker::with_net(threads, net);
        let started = crate::clock::Instant::now();
        let decision = ai::Decision {
            engine: &mut engine,
            state: &state,
            choices: &choices,
            player,
        };
        let stop = self.stop.clone();
        let est = match ai::estimates(decision, level, &mut rng, &mut thinker, Some(&stop)) {
            Ok(e) => e,
            Err(ai::AiError::Interrupted) => {
                out.line("interrupted: no hint");
                return Ok(());
            }
            Err(ai::AiError::Runtime(e)) => return Err(self.runtime(&e)),
        };
        let seconds = started.elapsed().as_secs_f64();
        // The levels that play random games say how many are behind their figures; the
        // network's levels rate positions, and say nothing of games.
        let searched = !matches!(level, Level::Net | Level::Net2(_) | Level::Net3(_));
        // The searcher plays no game: each visit is a position the network rated.
        let unit = if matches!(level, Level::Az(_)) {
            "positions"
        } else {
            "games"
        };
        let games: u32 = est.iter().map(|e| e.visits).sum();
        let behind = if searched {
            format!(", {games} {unit} searched")
        } else {
            String::new()
        };
        // A tree search says what its trees hold, against their bound.
        let tree = match (level, thinker.report) {
            (Level::Mcts(_) | Level::Az(_), Some(r)) => format!(
                ", tree {} of {}",
                ai::megabytes(r.bytes),
                ai::megabytes(r.memory)
            ),
            _ => String::new(),
        };
        out.line(format!(
            "hint for {} ({}{behind}, {seconds:.1} s{tree}):",
            game.rules.players[player.index()],
            level.name_in(&game),
        ));
        let mut rows = Vec::new();
        for e in est.iter().take(shown) {
            let text = engine
                .choice_text(&state, &choices[e.choice])
                .map_err(|err| self.runtime(&err))?;
            rows.push((text, e));
        }
        let width = rows
            .iter()
            .map(|(t, _)| t.chars().count())
            .max()
            .unwrap_or(0);
        for (i, (text, e)) in rows.iter().enumerate() {
            let games = if searched && e.proven {
                format!("  ({} {unit}, proven)", e.visits)
            } else if searched {
                format!("  ({} {unit})", e.visits)
            } else {
                String::new()
            };
            out.line(format!(
                "{:>3}. {text:<width$}  win {:>5.1} %  points {:+.2}{games}",
                i + 1,
                e.win * 100.0,
                e.points,
            ));
        }
        if est.len() > shown {
            out.line(format!("     ... {} more", est.len() - shown));
        }
        Ok(())
    }
}
