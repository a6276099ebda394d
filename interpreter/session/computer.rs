//! `ai`: who the computer plays, at which level, and with which network.

use super::SessionError;
use super::{words, Level, Out, Session};
use crate::{ai, Engine, Status};
use std::sync::Arc;

const AI_USAGE: &str = "`ai PLAYER LEVEL`: a level is random, greedy, playouts, mcts (with a budget: `mcts 2s`, `mcts 2s wall`, `mcts 5000`), net, net2, net3 (with a time: `net3 1s`; a file: `net:FILE`), az (with a budget as mcts: `az 2s`, `az 800`) or off; e.g. `ai blue mcts`";

impl Session {
    /// Lets the computer play `player` (`all`: every player) at `level` (`off`: a
    /// person), as `ai PLAYER LEVEL` does, before the game starts: for `tabula play
    /// --vs LEVEL`. Says nothing; the intro tells who plays.
    pub fn play_computer(&mut self, player: &str, level: &str) -> Result<(), String> {
        self.hand_to_computer(player, level)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// The seat that a newcomer hands to the computer: the second (the first moves
    /// first, so he sees the board before the computer's reply).
    pub fn second_seat(&self) -> Option<&str> {
        self.game.rules.players.get(1).map(String::as_str)
    }

    /// The strongest level the game can be played at: `az` with a network taught for
    /// the searcher (one with a policy head), `net3` with another network, else `mcts`.
    pub(super) fn strongest_level(&self) -> Level {
        match &self.net {
            // A network with a policy head was taught for the searcher.
            Some(net) if net.has_policy() => Level::Az(crate::ai::DEFAULT_BUDGET),
            Some(_) => Level::Net3(None),
            None => Level::STRONGEST,
        }
    }

    /// Sets who plays `player` (or `all`); the players it names.
    fn hand_to_computer(&mut self, player: &str, level: &str) -> Result<Vec<usize>, SessionError> {
        let game = self.game.clone();
        let players: Vec<usize> = if player == "all" {
            (0..game.rules.players.len()).collect()
        } else {
            match game.rules.players.iter().position(|p| p == player) {
                Some(i) => vec![i],
                None => {
                    return Err(refused!(
                        "`{player}` is not a player; the players are {}",
                        game.rules.players.join(", ")
                    ))
                }
            }
        };
        let parsed = Level::parse_in(level, &game)?;
        let file_net = match Level::net_file(level) {
            Some(file) => {
                let bytes = crate::ai::read_net_file(file)?;
                let net = ai::net::Net::from_bytes(&game, &bytes)
                    .map_err(|e| format!("`{file}`: {e}"))?;
                Some(Arc::new(net))
            }
            None => None,
        };
        if parsed.is_some_and(Level::plays_by_net) && file_net.is_none() && self.net.is_none() {
            return Err(match &self.net_note {
                Some(note) => refused!("no network to play by: {note}"),
                None => refused!(
                    "{} has no trained network; train one with `tabula train`, or give a file: `ai PLAYER net:FILE`",
                    game.rules.name
                ),
            });
        }
        for &p in &players {
            self.computers[p] = parsed;
            if let Some(t) = self.thinkers.get_mut(p) {
                t.forget();
                if file_net.is_some() {
                    t.net = file_net.clone();
                }
            }
        }
        Ok(players)
    }

    pub(super) fn ai_command(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        let game = self.game.clone();
        let args = words(rest);
        if args.is_empty() {
            for (i, p) in game.rules.players.iter().enumerate() {
                match self.computer(i) {
                    Some(level) => out.line(format!("{p}: computer ({})", level.name_in(&game))),
                    None => out.line(format!("{p}: person")),
                }
            }
            return Ok(());
        }
        let [player, level @ ..] = &args[..] else {
            return Err(AI_USAGE.into());
        };
        if level.is_empty() || level.len() > 2 {
            return Err(AI_USAGE.into());
        }
        let level = level.join(":");
        let players = self.hand_to_computer(player, &level)?;
        for &p in &players {
            match self.computers[p] {
                Some(l) => out.line(format!(
                    "{} is played by the computer ({})",
                    game.rules.players[p],
                    l.name_in(&game)
                )),
                None => out.line(format!("{} is played by a person", game.rules.players[p])),
            }
        }
        self.decision = None;
        let state = self.timeline.current().clone();
        let to_move = matches!(Engine::new(&game).status(&state).map_err(|e| self.runtime(&e))?, Status::Player(p) if self.computer(p.index()).is_some());
        if to_move {
            self.partial.clear();
            self.changed(out);
        }
        Ok(())
    }
}
