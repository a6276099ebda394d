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
        let shown = match rest {
            "" => DEFAULT_SHOWN,
            t => match t.parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    return Err(refused!(
                        "`hint {t}`: say how many choices to show, e.g. `hint 5`"
                    ))
                }
            },
        };
        let game = self.game.clone();
        let state = self.timeline.current().clone();
        let mut engine = Engine::new(&game);
        let player = match engine.status(&state) {
            Status::Over(_) => return Err("the game is over: there is nothing to choose".into()),
            Status::Chance(c) => {
                return Err(refused!(
                    "chance moves next (`{}`), not a player",
                    game.chances[c.index()].name
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
        let level = match self.computer(player.index()) {
            Some(l @ Level::Mcts(_)) => l,
            _ => Level::STRONGEST,
        };
        // A generator of its own, so that asking for a hint changes no later dice.
        let mut rng = Rng::new(self.seed ^ state.hash64());
        // The player's own threads and network, with a tree of its own.
        let (threads, net) = self
            .thinkers
            .get(player.index())
            .map_or((0, None), |t| (t.threads, t.net.clone()));
        let mut thinker = ai::Thinker::with_net(threads, net);
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
        let games: u32 = est.iter().map(|e| e.visits).sum();
        out.line(format!(
            "hint for {} ({}, {} games searched):",
            game.players[player.index()],
            level.name(),
            games
        ));
        let mut rows = Vec::new();
        for e in est.iter().take(shown) {
            let text = engine
                .choice_text(&state, choices.get(e.choice))
                .map_err(|err| self.runtime(&err))?;
            rows.push((text, e));
        }
        let width = rows
            .iter()
            .map(|(t, _)| t.chars().count())
            .max()
            .unwrap_or(0);
        for (i, (text, e)) in rows.iter().enumerate() {
            out.line(format!(
                "{:>3}. {text:<width$}  win {:>5.1} %  points {:+.2}  ({} games)",
                i + 1,
                e.win * 100.0,
                e.points,
                e.visits
            ));
        }
        if est.len() > shown {
            out.line(format!("     ... {} more", est.len() - shown));
        }
        Ok(())
    }
}
