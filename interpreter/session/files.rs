//! Records, states and rules files: `save`, `load`, `state`, `load-state`, `reload`.

use super::matches::{match_of_state, replay_match};
use super::*;
use std::sync::atomic::{AtomicBool, Ordering};

impl Session {
    /// The game so far as a record.
    pub fn record(&self) -> Record {
        let computer = self
            .computers
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                c.map(|l| (self.game.rules.players[i].clone(), l.name().to_string()))
            })
            .collect();
        let mut games = self.games();
        let moves = games.pop().unwrap_or_default();
        Record {
            game: self.origin.name().to_string(),
            options: self.options.clone(),
            seed: self.seed,
            match_length: self.base.length,
            start: self.start_json.clone(),
            games,
            moves,
            drawn: self.rng.drawn(),
            computer,
        }
    }

    /// Has `save FILE.EXTENSION` write the record with `write` instead of as YAML
    /// (the REPL adds the formats of its game-specific crates).
    pub fn add_export(&mut self, extension: &str, write: Export) {
        self.exports
            .push((extension.trim_start_matches('.').to_string(), write));
    }

    pub(super) fn save(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        let (force, path) = match rest.strip_prefix("--force") {
            Some(path) if path.is_empty() || path.starts_with(char::is_whitespace) => {
                (true, path.trim())
            }
            _ => (false, rest),
        };
        if path.is_empty() {
            return Err("`save FILE`, e.g. `save game.yaml`".into());
        }
        if !force {
            let rules = match &self.origin {
                Origin::Path(p) => vec![crate::output::Input {
                    path: p,
                    what: "the rules file being played",
                }],
                Origin::BuiltIn(_) => Vec::new(),
            };
            crate::output::refuse_inputs(path, &rules, &format!("`save --force {path}`"))?;
        }
        let record = self.record();
        let export = self.exports.iter().find(|(extension, _)| {
            std::path::Path::new(path)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(extension))
        });
        let text = match export {
            Some((extension, write)) => write(&self.game, &record)
                .map_err(|e| format!("cannot save as .{extension}: {e}"))?,
            None => record.to_yaml()?,
        };
        crate::output::write(path, text.as_bytes())?;
        out.line(format!("saved {} to {path}", count_moves(&record)));
        Ok(())
    }

    pub(super) fn load(&mut self, path: &str, out: &mut Out) -> Result<(), SessionError> {
        if path.is_empty() {
            return Err("`load FILE`, e.g. `load game.yaml`".into());
        }
        let text = crate::input::read(path, crate::input::Kind::Record)?;
        let record = Record::from_yaml(&text)?;
        let (name, source) = (self.game.rules.name.clone(), self.source.name.clone());
        self.load_record(&record)?;
        if self.source.name != source {
            out.line(format!(
                "{path} is a record of {} ({}): it replaces the game of {name}",
                self.game.rules.name, self.source.name
            ));
        }
        out.line(format!("loaded {path}: {} replayed", count_moves(&record)));
        self.changed(out);
        Ok(())
    }

    /// Replaces the game with a record given as YAML text (`name` says where it came
    /// from), as `load` does with a file: replayed, then played on (chance drawn); the
    /// game stays as it was when the text is not a record of a game that replays.
    pub fn load_record_text(&mut self, name: &str, text: &str) -> super::Output {
        let mut out = super::Out::default();
        self.start(&mut out);
        let loaded = Record::from_yaml(text)
            .map_err(SessionError::from)
            .and_then(|record| self.load_record(&record).map(|()| record));
        match loaded {
            Ok(record) => {
                out.line(format!("loaded {name}: {} replayed", count_moves(&record)));
                self.changed(&mut out);
            }
            Err(e) => out.push(self.error(e)),
        }
        super::Output {
            text: out.text,
            quit: false,
        }
    }

    /// Replaces the game with a record's, replayed; the current game stays on failure.
    pub fn load_record(&mut self, record: &Record) -> Result<(), SessionError> {
        let (origin, source) = if record.game == self.origin.name() {
            (self.origin.clone(), self.source.clone())
        } else {
            let origin = Origin::of_record(&record.game)?;
            let source = origin.read()?;
            (origin, source)
        };
        let game =
            compile(&source, &record.options).map_err(|e| compile_error(e, self.style.color))?;
        // Every position of the replayed game is kept (for undo): a long record of a
        // game with a large state is refused before it is replayed.
        let moves = record.moves.len() + record.games.iter().map(Vec::len).sum::<usize>();
        if moves.saturating_mul(game.rules.data_len) > MAX_REPLAY_WORDS {
            return Err(refused!(
                "this record of {moves} moves is too long to replay for {}: its positions would take more than {} MiB",
                game.rules.name,
                MAX_REPLAY_WORDS / (1 << 18)
            ));
        }
        let color = self.style.color;
        let length = record.match_length.max(0);
        let (base, start) = start_state(&game, &source, record.start.as_ref(), length, color)?;
        let mut games = record.games.clone();
        games.push(record.moves.clone());
        let (earlier, timeline) =
            replay_match(&game, &source, start, &base, &games, color, &self.stop)
                .map_err(|e| e.describe(games.len() > 1, " of the record"))?;
        let mut computers = vec![None; game.rules.players.len()];
        for (player, level) in &record.computer {
            let Some(p) = game.rules.players.iter().position(|x| x == player) else {
                return Err(refused!(
                    "the record names a computer player `{player}`, who is not in the game"
                ));
            };
            computers[p] = Level::parse_in(level, &game)?;
        }
        self.origin = origin;
        self.source = source;
        self.options = game.rules.chosen.clone();
        self.game = Arc::new(game);
        self.load_net();
        self.seed = record.seed;
        self.rng = Rng::at(record.seed, record.drawn);
        self.base = base;
        self.earlier = earlier;
        self.timeline = timeline;
        self.start_json = record.start.clone();
        self.computers = computers;
        self.queued = None;
        self.invalidate();
        Ok(())
    }

    pub(super) fn print_state(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current();
        let value = json::state_report(&game, &mut engine, state).map_err(|e| self.runtime(&e))?;
        match rest {
            "" | "json" => {
                out.line(serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?)
            }
            "yaml" => out.push(serde_yaml_ng::to_string(&value).map_err(|e| e.to_string())?),
            other => {
                return Err(refused!(
                    "`state {other}`: say `state json` or `state yaml`"
                ))
            }
        }
        Ok(())
    }

    pub(super) fn load_state(&mut self, path: &str, out: &mut Out) -> Result<(), SessionError> {
        if path.is_empty() {
            return Err("`load-state FILE`, e.g. `load-state position.json`".into());
        }
        let text = crate::input::read(path, crate::input::Kind::State)?;
        self.start_from(path, text, out)
    }

    /// Plays on from a state document given as text (`name` says where it came from);
    /// the game stays as it was when the text is not a state of it.
    pub fn load_state_text(&mut self, name: &str, text: &str) -> super::Output {
        let mut out = super::Out::default();
        if let Err(e) = self.start_from(name, text.to_string(), &mut out) {
            out.push(self.error(e));
        }
        super::Output {
            text: out.text,
            quit: false,
        }
    }

    fn start_from(&mut self, path: &str, text: String, out: &mut Out) -> Result<(), SessionError> {
        let state = json::state_from_text(&self.game, &Source::new(path, text))
            .map_err(|d| SessionError::State(d.render(self.style.color)))?;
        self.start_json = Some(json::state_to_json(&self.game, &state));
        // The state's match counters say which match it is played in.
        self.base = match_of_state(&self.game, &state);
        self.earlier.clear();
        self.timeline = Timeline::new(state);
        self.queued = None;
        self.invalidate();
        out.line(format!("playing on from the state in {path}"));
        self.changed(out);
        Ok(())
    }

    /// The rules as their file reads now (as last read when it cannot be read),
    /// compiled with `options`, for a new game.
    pub(super) fn rules_now(&self, options: &[String]) -> Result<(Source, Game), SessionError> {
        let source = self.origin.read().unwrap_or_else(|_| self.source.clone());
        self.compile_rules(source, options)
    }

    /// Compiles rules text; the game in progress is kept when it does not compile.
    pub(super) fn compile_rules(
        &self,
        source: Source,
        options: &[String],
    ) -> Result<(Source, Game), SessionError> {
        const KEPT: &str = "the game in progress is kept";
        let game =
            compile(&source, options).map_err(|e| match compile_error(e, self.style.color) {
                SessionError::Rules(drawn) => {
                    SessionError::Rules(format!("{}\n{KEPT}", drawn.trim_end()))
                }
                SessionError::Option(m) => SessionError::Option(format!("{m}\n{KEPT}")),
                other => other,
            })?;
        Ok((source, game))
    }

    pub(super) fn reload(&mut self, out: &mut Out) -> Result<(), SessionError> {
        let (source, game) = self.compile_rules(self.origin.read()?, &self.options)?;
        let color = self.style.color;
        let (base, start) = start_state(
            &game,
            &source,
            self.start_json.as_ref(),
            self.base.length,
            color,
        )?;
        let games = self.games();
        let (earlier, timeline) =
            replay_match(&game, &source, start, &base, &games, color, &self.stop)
            .map_err(|e| {
                // The way on: take back what the edited rules refuse, or start anew.
                let (what, way) = match e.at {
                    Some(_) => (
                        format!(
                            "the edited rules do not allow {}",
                            e.describe(games.len() > 1, "")
                        ),
                        "take back the moves from that one on (`undo`), then `reload`; or `new`",
                    ),
                    None => (
                        format!(
                            "under the edited rules, {}",
                            e.describe(games.len() > 1, "")
                        ),
                        "`new`",
                    ),
                };
                format!("{what}\n       the old rules and the game in progress are kept\n       to play the edited rules: {way}")
            })?;
        self.source = source;
        // A strategy is known by its name: the edited rules may have moved it, or
        // left it out (its player is then a person).
        for level in &mut self.computers {
            if let Some(crate::ai::Level::Strategy(i)) = *level {
                let name = self.game.rules.strategies.get(i).map(|s| s.name.as_str());
                *level = game
                    .rules
                    .strategies
                    .iter()
                    .position(|s| Some(s.name.as_str()) == name)
                    .map(crate::ai::Level::Strategy);
            }
        }
        self.game = Arc::new(game);
        self.load_net();
        self.base = base;
        self.earlier = earlier;
        self.timeline = timeline;
        self.invalidate();
        let moves = games.iter().map(Vec::len).sum::<usize>();
        let of_games = if games.len() > 1 {
            format!(" in {} games", games.len())
        } else {
            String::new()
        };
        out.line(format!(
            "reloaded {}: {moves} moves{of_games} replayed",
            self.source.name
        ));
        self.changed(out);
        Ok(())
    }
}

/// The most words of positions that replaying a record may keep: 256 MiB.
pub(crate) const MAX_REPLAY_WORDS: usize = 1 << 26;

/// The start of the first game and the match it is in: a state given in a record
/// (its match counters give the match), or the initial state of a match of `length`.
fn start_state(
    game: &Game,
    source: &Source,
    given: Option<&serde_json::Value>,
    length: i32,
    color: bool,
) -> Result<(Match, State), SessionError> {
    match given {
        Some(v) => {
            let text = serde_json::to_string_pretty(v).map_err(|e| e.to_string())?;
            let state = json::state_from_text(game, &Source::new("start state", text))
                .map_err(|d| SessionError::State(d.render(color)))?;
            Ok((match_of_state(game, &state), state))
        }
        None => {
            let base = Match::new(length, game.rules.players.len());
            let state = matches::first_state(&mut Engine::new(game), &base)
                .map_err(|e| SessionError::Runtime(runtime_text(game, source, &e, color)))?;
            Ok((base, state))
        }
    }
}

/// Why a replay stopped at Ctrl-C.
const INTERRUPTED: &str = "interrupted (Ctrl-C): nothing was loaded, the game is as it was";

/// "12 moves", "40 moves in 3 games".
fn count_moves(record: &Record) -> String {
    let moves = record.moves.len() + record.games.iter().map(Vec::len).sum::<usize>();
    if record.games.is_empty() {
        format!("{moves} moves")
    } else {
        format!("{moves} moves in {} games", record.games.len() + 1)
    }
}

/// Replays steps written as text (chance outcomes when chance is pending); gives up,
/// saying so, as soon as `stop` is set (Ctrl-C during a long `load`).
pub fn replay(
    game: &Game,
    start: &State,
    moves: &[String],
    stop: &AtomicBool,
) -> Result<Vec<Entry>, (usize, String)> {
    let mut engine = Engine::new(game);
    let mut state = start.clone();
    let mut entries = Vec::new();
    let mut rng = Rng::new(0);
    let mut choices = Choices::default();
    for (k, text) in moves.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return Err((k, INTERRUPTED.to_string()));
        }
        let mut forced = false;
        let by = match engine.status(&state).map_err(|e| (k, e.to_string()))? {
            Status::Over(o) => {
                return Err((
                    k,
                    format!("the game was already over ({})", describe(game, &o)),
                ))
            }
            Status::Chance(_) => {
                engine
                    .resolve_chance(&mut state, &mut rng, Some(text))
                    .map_err(|e| (k, e.to_string()))?;
                By::Chance
            }
            Status::Player(p) => {
                engine
                    .legal(&state, &mut choices)
                    .map_err(|e| (k, e.to_string()))?;
                let Some(i) = engine
                    .find_choice(&state, &choices, text)
                    .map_err(|e| (k, e.to_string()))?
                else {
                    return Err((k, "it is not a legal move there".to_string()));
                };
                forced = turn::only_a_pass(&choices);
                engine
                    .apply(&mut state, &choices[i])
                    .map_err(|e| (k, e.to_string()))?;
                By::Player(p.index())
            }
        };
        entries.push(Entry {
            text: text.clone(),
            by,
            state: state.clone(),
            forced,
        });
    }
    Ok(entries)
}
