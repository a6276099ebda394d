//! The commands that set a game up and change how it is played: `setup` (the computer
//! makes a phase's placements), `set` (the settings), `new` and `options` (a new game),
//! and `rules`, the rules in words with the options on or named.

use super::*;

impl Session {
    /// `setup [LEVEL]`: the computer makes the moves of the player to move until the
    /// phase ends (the placements of a setup phase, in any game that has one).
    pub(super) fn setup(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        let state = self.timeline.current().clone();
        let Status::Player(p) = Engine::new(&self.game)
            .status(&state)
            .map_err(|e| self.runtime(&e))?
        else {
            return Err("no player is to move here".into());
        };
        if self.computer(p.index()).is_some() {
            return Err(refused!(
                "{} is played by the computer already",
                self.game.rules.players[p.index()]
            ));
        }
        let level = match rest.trim() {
            "" => Level::Random,
            text => Level::parse_in(text, &self.game)?
                .ok_or("`setup off`: `undo` takes the moves back")?,
        };
        let phase = state.phase().index();
        self.placing.retain(|&(q, _, _)| q != p.index());
        self.placing.push((p.index(), phase, level));
        out.line(format!(
            "the computer ({}) makes {}'s moves until phase {} ends",
            level.name_in(&self.game),
            self.game.rules.players[p.index()],
            self.game.rules.phases[phase].name
        ));
        self.changed(out);
        Ok(())
    }

    /// The level that makes player `p`'s moves in this phase after `setup`, if any; a
    /// request whose phase has ended is forgotten.
    pub(super) fn placing_for(&mut self, p: usize, state: &State) -> Option<Level> {
        let phase = state.phase().index();
        self.placing.retain(|&(_, ph, _)| ph == phase);
        self.placing
            .iter()
            .find(|&&(q, _, _)| q == p)
            .map(|&(_, _, level)| level)
    }

    /// `set`: shows the settings, or switches one.
    pub(super) fn set(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        let w = words(rest);
        let show = |on: bool| if on { "on" } else { "off" };
        match w.as_slice() {
            [] => out.line(format!(
                "autoroll {}, autoplay {}",
                show(self.autoroll),
                show(self.autoplay)
            )),
            [name, value @ ("on" | "off")] => {
                let on = *value == "on";
                match *name {
                    "autoroll" => self.autoroll = on,
                    "autoplay" => self.autoplay = on,
                    other => {
                        return Err(refused!(
                            "no setting `{other}`; the settings are {}",
                            SETTINGS.join(", ")
                        ))
                    }
                }
                out.line(format!("{name} {value}"));
            }
            _ => return Err("say `set`, or `set autoroll on`, `set autoplay off`, ...".into()),
        }
        Ok(())
    }

    /// A new game (a new match of the same length) of the same rules with this seed.
    pub(super) fn restart(&mut self, seed: u64, out: &mut Out) -> Result<(), SessionError> {
        let length = self.base.length;
        self.new_match(length, out)?;
        self.seed = seed;
        self.rng = Rng::new(seed);
        if length > 0 {
            out.line(format!(
                "new match to {length} of {}, seed {seed}",
                self.game.rules.name
            ));
        } else {
            out.line(format!("new game of {}, seed {seed}", self.game.rules.name));
        }
        self.changed(out);
        Ok(())
    }

    pub(super) fn options_command(
        &mut self,
        rest: &str,
        out: &mut Out,
    ) -> Result<(), SessionError> {
        let game = self.game.clone();
        if rest.is_empty() {
            if game.rules.options.is_empty() {
                out.line(format!("{} has no options", game.rules.name));
                return Ok(());
            }
            out.line(format!("options of {} (`options NAME..` starts a new game with them on, `NAME=N` for a number, `options none` with none):", game.rules.name));
            let width = game
                .rules
                .options
                .iter()
                .map(|(n, _)| n.len())
                .max()
                .unwrap_or(0);
            for (name, description) in &game.rules.options {
                let note = game.option_note(name).map(|n| format!("  ({n})"));
                let note = note.unwrap_or_default();
                out.line(format!("  {name:<width$}  {description}{note}"));
            }
            return Ok(());
        }
        let chosen: Vec<String> = if rest == "none" {
            Vec::new()
        } else {
            words(rest).iter().map(|s| s.to_string()).collect()
        };
        let (source, new_game) = self.rules_now(&chosen)?;
        let length = self.base.length;
        self.start_afresh(source, new_game, length, out)?;
        self.rng = Rng::new(self.seed);
        let list = if self.options.is_empty() {
            "none".to_string()
        } else {
            self.options.join(", ")
        };
        out.line(format!(
            "new game of {} with options: {list} (seed {})",
            self.game.rules.name, self.seed
        ));
        self.changed(out);
        Ok(())
    }

    /// `rules [NAME..]`: the rules in plain words, with the paragraphs of the options on,
    /// or of the options named (a game with them is not started).
    pub(super) fn rules_command(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        let game = &self.game;
        let named: Vec<String> = words(rest).iter().map(|s| s.to_string()).collect();
        for name in &named {
            if !game.rules.options.iter().any(|(n, _)| n == name) {
                let names: Vec<&str> = game.rules.options.iter().map(|(n, _)| n.as_str()).collect();
                return Err(match names.as_slice() {
                    [] => refused!("{} has no options", game.rules.name),
                    _ => refused!(
                        "`{name}` is not an option of {}; its options are: {}",
                        game.rules.name,
                        names.join(", ")
                    ),
                });
            }
        }
        let on = if named.is_empty() {
            &game.rules.chosen
        } else {
            &named
        };
        out.push(crate::rules_text::render_with(game, on, self.style.width));
        Ok(())
    }
}
