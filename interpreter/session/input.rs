//! What a person types: moves, whole turns step by step, undo and redo, chance set by
//! hand, `why`, and tab completion.

use super::*;

impl Session {
    /// The legal choices of `state` (the current state), cached between lines; put
    /// it back in `self.decision` when done.
    pub(super) fn take_decision(
        &mut self,
        engine: &mut Engine,
        state: &State,
    ) -> Result<turn::Decision, SessionError> {
        match self.decision.take() {
            Some(d) => Ok(d),
            None => turn::Decision::new(engine, state).map_err(|e| self.runtime(&e)),
        }
    }

    /// Whether a line is a legal move as written (a move written like a command is
    /// played as a move).
    pub(super) fn is_legal_move(&mut self, line: &str) -> bool {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        if !matches!(engine.status(&state), Ok(Status::Player(_))) {
            return false;
        }
        let Ok(decision) = self.take_decision(&mut engine, &state) else {
            return false;
        };
        let full = if self.partial.is_empty() {
            line.to_string()
        } else {
            format!("{} {line}", self.partial.join(" "))
        };
        let found = engine.find_choice(&state, &decision.choices, &full);
        self.decision = Some(decision);
        matches!(found, Ok(Some(_)))
    }

    /// A line that is not a command: a move, a step of a turn, or a move's number.
    pub(super) fn enter_move(&mut self, line: &str, out: &mut Out) -> Result<bool, SessionError> {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        let p = match engine.status(&state).map_err(|e| self.runtime(&e))? {
            Status::Over(o) => {
                return Err(refused!(
                    "the game is over ({}); `undo`, `new` or `quit`",
                    describe(&game, &o)
                ));
            }
            Status::Chance(c) => {
                return Err(refused!(
                    "the chance event `{}` is pending: set it with `dice` or `roll`",
                    game.rules.chances[c.index()].name
                ))
            }
            Status::Player(p) => p,
        };
        let partial = self.partial.clone();
        let mut decision = self.take_decision(&mut engine, &state)?;
        let full = if partial.is_empty() {
            line.to_string()
        } else {
            format!("{} {line}", partial.join(" "))
        };
        let found = engine
            .find_choice(&state, &decision.choices, &full)
            .map_err(|e| self.runtime(&e))?;
        let number = line
            .parse::<usize>()
            .ok()
            .filter(|n| partial.is_empty() && (1..=decision.choices.len()).contains(n));
        if let Some(i) = found.or(number.map(|n| n - 1)) {
            let steps = decision.choices[i].to_vec();
            self.play_steps(&mut engine, &state, &steps, p.index(), out)?;
            self.changed(out);
            return Ok(false);
        }
        if decision.whole_turns {
            let full = engine.unalias(&full, p.index()).unwrap_or(full);
            let tokens = split_ordered(&full);
            let path = decision
                .path(&mut engine, &state, &tokens)
                .map_err(|e| self.runtime(&e))?;
            match path {
                turn::Path::Complete(i) => {
                    let steps = decision.choices[i].to_vec();
                    self.play_steps(&mut engine, &state, &steps, p.index(), out)?;
                    self.changed(out);
                    return Ok(false);
                }
                turn::Path::Partial(steps) => {
                    self.decision = Some(decision);
                    self.partial = steps;
                    self.draw(out);
                    return Ok(false);
                }
                turn::Path::Invalid => {}
            }
        }
        let legal = decision
            .texts(&mut engine, &state)
            .map_err(|e| self.runtime(&e))?;
        self.decision = Some(decision);
        let shown: Vec<&str> = legal.iter().take(8).map(|s| s.as_str()).collect();
        let more = if legal.len() > shown.len() {
            format!(", ... ({} in all)", legal.len())
        } else {
            String::new()
        };
        let so_far = if partial.is_empty() {
            String::new()
        } else {
            format!(" after `{}`", partial.join(" "))
        };
        Err(refused!(
            "`{line}` is not a legal move here{so_far}; legal: {}{more}\n       `why {line}` says which rule forbids it; `help` lists the commands",
            shown.join(", ")
        ))
    }

    pub(super) fn list_moves(&mut self, out: &mut Out) -> Result<(), SessionError> {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        if let Some(o) = engine.outcome(&state).map_err(|e| self.runtime(&e))? {
            out.line(format!("the game is over: {}", describe(&game, &o)));
            return Ok(());
        }
        let partial = self.partial.clone();
        let mut decision = self.take_decision(&mut engine, &state)?;
        let texts = decision
            .texts(&mut engine, &state)
            .map_err(|e| self.runtime(&e))?;
        let keep = decision
            .extending(&mut engine, &state, &partial)
            .map_err(|e| self.runtime(&e))?;
        self.decision = Some(decision);
        let items: Vec<String> = keep
            .iter()
            .map(|&i| format!("{}. {}", i + 1, texts[i]))
            .collect();
        if items.is_empty() {
            out.line("no legal moves");
            return Ok(());
        }
        if !partial.is_empty() {
            out.line(format!("turns that go on from `{}`:", partial.join(" ")));
        }
        // Two columns to spare, as a terminal wraps a line that fills it.
        out.push(columns(
            &items,
            self.style.width.unwrap_or(80).saturating_sub(2),
        ));
        Ok(())
    }

    pub(super) fn undo(&mut self, n: usize, out: &mut Out) -> Result<(), SessionError> {
        let mut done = 0;
        for _ in 0..n {
            if let Some(step) = self.partial.pop() {
                out.line(format!("undo {step}"));
                done += 1;
                continue;
            }
            let person = |p: usize| self.person(p);
            let nobody = self.nobody();
            let k = match self.timeline.undo_target(&person, nobody) {
                Some(k) => k,
                // Nothing to take back in this game of a match: back into the previous one.
                None => {
                    let previous = self.earlier.last();
                    match previous.and_then(|f| f.timeline.undo_target(&person, nobody)) {
                        Some(k) => {
                            self.back_to_previous_game(out);
                            k
                        }
                        None => break,
                    }
                }
            };
            for e in self.timeline.entries[k..self.timeline.cursor].iter().rev() {
                if let By::Player(p) = e.by {
                    out.line(format!("undo {} ({})", e.text, self.game.rules.players[p]));
                }
            }
            self.timeline.cursor = k;
            self.decision = None;
            done += 1;
        }
        if done == 0 {
            return Err("nothing to undo".into());
        }
        self.changed(out);
        Ok(())
    }

    pub(super) fn redo(&mut self, n: usize, out: &mut Out) -> Result<(), SessionError> {
        let mut done = 0;
        for _ in 0..n {
            let person = |p: usize| self.person(p);
            let Some(k) = self.timeline.redo_target(&person, self.nobody()) else {
                break;
            };
            for i in self.timeline.cursor..k {
                let e = &self.timeline.entries[i];
                match e.by {
                    By::Player(p) => {
                        out.line(format!("redo {} ({})", e.text, self.game.rules.players[p]))
                    }
                    By::Chance => {
                        let chance = self.timeline.state_at(i).chance();
                        let name = chance.map_or("chance", |c| {
                            self.game.rules.chances[c.index()].name.as_str()
                        });
                        out.line(format!("redo {name}: {}", e.text));
                    }
                }
            }
            self.timeline.cursor = k;
            self.invalidate();
            done += 1;
        }
        if done == 0 {
            return Err("nothing to redo".into());
        }
        self.changed(out);
        Ok(())
    }

    /// `dice`/`roll`: replaces the chance outcome just drawn, or sets the next one.
    pub(super) fn set_chance(&mut self, text: &str, out: &mut Out) -> Result<(), SessionError> {
        let game = self.game.clone();
        if game.rules.chances.is_empty() {
            return Err(refused!("{} has no chance events", game.rules.name));
        }
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        let at = if state.chance().is_some() {
            Some(self.timeline.cursor)
        } else {
            self.timeline.trailing_chance()
        };
        let Some(k) = at else {
            if !engine.may_be_outcome(&state, text) {
                return Err(refused!(
                    "`{text}` is not an outcome of any chance event of {}",
                    game.rules.name
                ));
            }
            self.queued = Some(text.to_string());
            out.line(format!("the next chance outcome will be `{text}`"));
            return Ok(());
        };
        let before = self.timeline.state_at(k).clone();
        let mut next = before.clone();
        let mut rng = Rng::new(0);
        let step = engine
            .resolve_chance(&mut next, &mut rng, Some(text))
            .map_err(|e| self.play_error(e))?;
        let Some(step) = step else {
            return Err("no chance event to set here".into());
        };
        let written = engine.step_text(&before, &step, true);
        let name = before
            .chance()
            .map_or("chance", |c| game.rules.chances[c.index()].name.as_str());
        let replaced = self
            .timeline
            .entries
            .get(k)
            .filter(|_| k < self.timeline.cursor)
            .map(|e| format!(", instead of {}", e.text))
            .unwrap_or_default();
        self.timeline.cursor = k;
        out.line(format!("{name}: {written} (set by hand{replaced})"));
        self.chance_played(
            &mut engine,
            &before,
            &step,
            Entry {
                text: written.clone(),
                by: By::Chance,
                state: next,
                forced: false,
            },
            out,
        );
        self.changed(out);
        Ok(())
    }

    pub(super) fn why(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        if rest.is_empty() {
            return Err("`why MOVE` explains why a move is not legal, e.g. `why a1-b2`".into());
        }
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        let text = if self.partial.is_empty() {
            rest.to_string()
        } else {
            format!("{} {rest}", self.partial.join(" "))
        };
        let why = engine.why(&state, &text).map_err(|e| self.runtime(&e))?;
        out.push(explainer::render_why(
            &game,
            &self.source,
            &why,
            &self.style,
        ));
        Ok(())
    }

    /// Completion of the text before `pos`: commands, their arguments, legal moves.
    pub fn complete(&mut self, line: &str, pos: usize) -> Completion {
        let mut pos = pos.min(line.len());
        while !line.is_char_boundary(pos) {
            pos -= 1;
        }
        let before = &line[..pos];
        let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = &before[start..];
        let earlier: Vec<&str> = before[..start].split_whitespace().collect();
        let mut candidates: Vec<String> = Vec::new();
        let mut file = false;
        let spec = earlier.first().and_then(|w| commands::find(w));
        match spec {
            None if earlier.is_empty() => {
                candidates.extend(COMMANDS.iter().map(|c| c.name.to_string()));
                candidates.extend(self.next_steps(&[]));
            }
            None => {
                let done: Vec<String> = earlier.iter().map(|s| s.to_string()).collect();
                candidates.extend(self.next_steps(&done));
            }
            Some(spec) => {
                let n = earlier.len() - 1;
                let arg = spec.args.get(n).or(match spec.args.last() {
                    Some(a @ (Arg::Options | Arg::Move)) => Some(a),
                    _ => None,
                });
                match arg {
                    Some(Arg::Command) => {
                        candidates.extend(COMMANDS.iter().map(|c| c.name.to_string()))
                    }
                    Some(Arg::Move) => {
                        let done: Vec<String> =
                            earlier[1..].iter().map(|s| s.to_string()).collect();
                        candidates.extend(self.next_steps(&done));
                    }
                    Some(Arg::Player) => {
                        candidates.extend(self.game.rules.players.iter().cloned());
                        candidates.push("all".into());
                    }
                    Some(Arg::Level) => {
                        candidates.extend(Level::NAMES.iter().map(|s| s.to_string()))
                    }
                    Some(Arg::Switch) => candidates.extend(["on".to_string(), "off".to_string()]),
                    Some(Arg::Setting) => {
                        candidates.extend(super::commands::SETTINGS.iter().map(|s| s.to_string()))
                    }
                    Some(Arg::Format) => {
                        candidates.extend(["json".to_string(), "yaml".to_string()])
                    }
                    Some(Arg::Options) => {
                        candidates.extend(self.game.rules.options.iter().map(|(n, _)| n.clone()));
                        candidates.push("none".into());
                    }
                    Some(Arg::File) => file = true,
                    Some(Arg::Text) | None => {}
                }
            }
        }
        candidates.retain(|c| c.starts_with(word));
        candidates.sort();
        candidates.dedup();
        Completion {
            start,
            candidates,
            file,
        }
    }

    /// The steps that can follow `done` (and a turn entered so far) in a legal move.
    pub(super) fn next_steps(&mut self, done: &[String]) -> Vec<String> {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        if !matches!(engine.status(&state), Ok(Status::Player(_))) {
            return Vec::new();
        }
        let mut prefix = self.partial.clone();
        prefix.extend(done.iter().cloned());
        let Ok(mut decision) = self.take_decision(&mut engine, &state) else {
            return Vec::new();
        };
        let steps = decision
            .next_steps(&mut engine, &state, &prefix)
            .unwrap_or_default();
        self.decision = Some(decision);
        steps
    }
}

pub(super) fn count(rest: &str) -> Result<usize, SessionError> {
    match rest {
        "" => Ok(1),
        "all" => Ok(usize::MAX),
        s => s
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| refused!("`{s}` is not a number of moves")),
    }
}

/// Items laid out in columns to fit `width`.
fn columns(items: &[String], width: usize) -> String {
    let w = items.iter().map(|s| s.chars().count()).max().unwrap_or(0) + 2;
    let per_line = (width / w).max(1);
    let mut out = String::new();
    for chunk in items.chunks(per_line) {
        let line: Vec<String> = chunk.iter().map(|s| format!("{s:<w$}")).collect();
        out.push_str(line.join("").trim_end());
        out.push('\n');
    }
    out
}
