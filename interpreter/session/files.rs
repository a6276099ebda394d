//! Records, states and rules files: `save`, `load`, `state`, `load-state`, `reload`.

use super::*;

impl Session {
    /// The game so far as a record.
    pub fn record(&self) -> Record {
        let computer = self
            .computers
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|l| (self.game.players[i].clone(), l.name().to_string())))
            .collect();
        Record {
            game: self.origin.name().to_string(),
            options: self.options.clone(),
            seed: self.seed,
            start: self.start_json.clone(),
            moves: self.moves(),
            computer,
        }
    }

    pub(super) fn save(&mut self, path: &str, out: &mut Out) -> Result<(), String> {
        if path.is_empty() {
            return Err("`save FILE`, e.g. `save game.yaml`".into());
        }
        let text = self.record().to_yaml()?;
        std::fs::write(path, text)
            .map_err(|e| format!("cannot write `{path}`: {}", e.to_string().to_lowercase()))?;
        out.line(format!("saved {} moves to {path}", self.timeline.cursor));
        Ok(())
    }

    pub(super) fn load(&mut self, path: &str, out: &mut Out) -> Result<(), String> {
        if path.is_empty() {
            return Err("`load FILE`, e.g. `load game.yaml`".into());
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read `{path}`: {}", e.to_string().to_lowercase()))?;
        let record = Record::from_yaml(&text)?;
        self.load_record(&record)?;
        out.line(format!(
            "loaded {path}: {} moves replayed",
            record.moves.len()
        ));
        self.changed(out);
        Ok(())
    }

    /// Replaces the game with a record's, replayed; the current game stays on failure.
    pub fn load_record(&mut self, record: &Record) -> Result<(), String> {
        let (origin, source) = if record.game == self.origin.name() {
            (self.origin.clone(), self.source.clone())
        } else {
            let origin = Origin::of(&record.game);
            let source = origin.read()?;
            (origin, source)
        };
        let game =
            compile(&source, &record.options).map_err(|e| compile_error(e, self.style.color))?;
        let start = start_state(&game, &source, record.start.as_ref(), self.style.color)?;
        let entries = replay(&game, &start, &record.moves).map_err(|(k, m)| {
            format!("move {} of the record (`{}`): {m}", k + 1, record.moves[k])
        })?;
        let mut computers = vec![None; game.players.len()];
        for (player, level) in &record.computer {
            let Some(p) = game.players.iter().position(|x| x == player) else {
                return Err(format!(
                    "the record names a computer player `{player}`, who is not in the game"
                ));
            };
            computers[p] = Level::parse(level)?;
        }
        self.index = RulesIndex::new(&source.text);
        self.origin = origin;
        self.source = source;
        self.options = game.chosen.clone();
        self.game = Arc::new(game);
        self.seed = record.seed;
        self.rng = Rng::new(record.seed);
        let mut timeline = Timeline::new(start);
        for e in entries {
            timeline.push(e);
        }
        self.timeline = timeline;
        self.start_json = record.start.clone();
        self.computers = computers;
        self.queued = None;
        self.invalidate();
        Ok(())
    }

    pub(super) fn print_state(&mut self, rest: &str, out: &mut Out) -> Result<(), String> {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current();
        let mut value = json::state_to_json(&game, state);
        if let Some(o) = engine.outcome(state) {
            value["over"] = serde_json::json!(o);
        }
        value["scores"] = serde_json::json!(engine.scores(state));
        match rest {
            "" | "json" => {
                out.line(serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?)
            }
            "yaml" => out.push(serde_yaml_ng::to_string(&value).map_err(|e| e.to_string())?),
            other => return Err(format!("`state {other}`: say `state json` or `state yaml`")),
        }
        Ok(())
    }

    pub(super) fn load_state(&mut self, path: &str, out: &mut Out) -> Result<(), String> {
        if path.is_empty() {
            return Err("`load-state FILE`, e.g. `load-state position.json`".into());
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read `{path}`: {}", e.to_string().to_lowercase()))?;
        let state = json::state_from_text(&self.game, &Source::new(path, text))
            .map_err(|d| d.render(self.style.color))?;
        self.start_json = Some(json::state_to_json(&self.game, &state));
        self.timeline = Timeline::new(state);
        self.queued = None;
        self.invalidate();
        out.line(format!("playing on from the state in {path}"));
        self.changed(out);
        Ok(())
    }

    pub(super) fn reload(&mut self, out: &mut Out) -> Result<(), String> {
        let source = self.origin.read()?;
        let game = compile(&source, &self.options).map_err(|e| {
            format!(
                "{}the game in progress is kept",
                compile_error(e, self.style.color)
            )
        })?;
        let start = start_state(&game, &source, self.start_json.as_ref(), self.style.color)?;
        let moves = self.moves();
        let entries = replay(&game, &start, &moves).map_err(|(k, m)| {
            format!("the edited rules do not allow move {} (`{}`): {m}\n       the old rules and the game in progress are kept", k + 1, moves[k])
        })?;
        self.index = RulesIndex::new(&source.text);
        self.source = source;
        self.game = Arc::new(game);
        let mut timeline = Timeline::new(start);
        for e in entries {
            timeline.push(e);
        }
        self.timeline = timeline;
        self.invalidate();
        out.line(format!(
            "reloaded {}: {} moves replayed",
            self.source.name,
            moves.len()
        ));
        self.changed(out);
        Ok(())
    }
}

/// The start of a game: a state given in a record, or the initial state.
fn start_state(
    game: &Game,
    source: &Source,
    given: Option<&serde_json::Value>,
    color: bool,
) -> Result<State, String> {
    match given {
        Some(v) => {
            let text = serde_json::to_string_pretty(v).map_err(|e| e.to_string())?;
            json::state_from_text(game, &Source::new("start state", text))
                .map_err(|d| d.render(color))
        }
        None => Engine::new(game)
            .initial_state()
            .map_err(|e| runtime_text(source, &e, color)),
    }
}

/// Replays steps written as text (chance outcomes when chance is pending).
pub fn replay(game: &Game, start: &State, moves: &[String]) -> Result<Vec<Entry>, (usize, String)> {
    let mut engine = Engine::new(game);
    let mut state = start.clone();
    let mut entries = Vec::new();
    let mut rng = Rng::new(0);
    let mut choices = Choices::default();
    for (k, text) in moves.iter().enumerate() {
        let by = match engine.status(&state) {
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
                engine
                    .apply(&mut state, choices.get(i))
                    .map_err(|e| (k, e.to_string()))?;
                By::Player(p)
            }
        };
        entries.push(Entry {
            text: text.clone(),
            by,
            state: state.clone(),
        });
    }
    Ok(entries)
}
