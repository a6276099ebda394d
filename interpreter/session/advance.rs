//! Moving the game on: the computer's moves, chance and forced passes are played until
//! a person decides or the game ends.

use super::style::Paint;
use super::SessionError;
use super::{explainer, turn, By, Entry, Out, Session, COMPUTER_LIMIT, INTERRUPTED};
use crate::ai;
use crate::engine::play::PlayError;
use crate::ir::StmtKind;
use crate::{Choices, Engine, State, Status};
use std::sync::atomic::Ordering;

impl Session {
    /// Resolves chance and lets the computer play until a person is to move or the
    /// game is over.
    pub(super) fn advance(&mut self, out: &mut Out) {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let mut computer_moves = 0;
        let mut games = 0;
        let mut chance_run = 0;
        loop {
            let state = self.timeline.current().clone();
            let status = match engine.status(&state) {
                Ok(status) => status,
                Err(e) => {
                    out.push(self.error(self.runtime(&e)));
                    break;
                }
            };
            match status {
                Status::Over(o) => {
                    if self.base.length == 0 {
                        break;
                    }
                    // A game over before any move would begin again and again.
                    if self.timeline.cursor == 0 && games > 0 {
                        out.push(
                            self.error("the game is over before any move; the match cannot go on"),
                        );
                        break;
                    }
                    // In a match, the next game begins, until the match is decided.
                    if !self.end_of_game(&mut engine, &o, out) {
                        break;
                    }
                    games += 1;
                }
                Status::Chance(c) => {
                    chance_run += 1;
                    if chance_run > crate::engine::MAX_CHANCE_RUN {
                        out.push(self.error(self.runtime(&engine.endless_chance(c.index()))));
                        break;
                    }
                    let fixed = self.queued.take();
                    let mut next = state.clone();
                    match engine.resolve_chance(&mut next, &mut self.rng, fixed.as_deref()) {
                        Ok(Some(step)) => {
                            let text = engine.step_text(&state, &step, true);
                            let by_hand = if fixed.is_some() {
                                " (set by hand)"
                            } else {
                                ""
                            };
                            // What the outcome means, when the rules file says.
                            let says = engine
                                .step_says(&state, &step)
                                .map(|m| format!(" ({m})"))
                                .unwrap_or_default();
                            out.line(format!(
                                "{}: {text}{says}{by_hand}",
                                game.rules.chances[c.index()].name
                            ));
                            if self.trace {
                                out.push(explainer::render_changes(
                                    &game,
                                    &state,
                                    &next,
                                    &self.style,
                                ));
                            }
                            let entry = Entry {
                                text,
                                by: By::Chance,
                                state: next,
                                forced: false,
                            };
                            self.chance_played(&mut engine, &state, &step, entry, out);
                        }
                        Ok(None) => {
                            out.push(self.error(refused!(
                                "the chance event `{}` has no outcome here; the game cannot go on",
                                game.rules.chances[c.index()].name
                            )));
                            break;
                        }
                        Err(PlayError::Illegal { text, legal }) => {
                            out.push(self.error(refused!("`{text}` is not an outcome of `{}` (those are: {legal}); drawn at random instead", game.rules.chances[c.index()].name)));
                        }
                        Err(e) => {
                            out.push(self.error(self.play_error(e)));
                            break;
                        }
                    }
                }
                Status::Player(p) => {
                    chance_run = 0;
                    if self.person(p.index())
                        && computer_moves < COMPUTER_LIMIT
                        && self.pass_if_stuck(&mut engine, &state, p.index(), out)
                    {
                        computer_moves += 1;
                        continue;
                    }
                    let Some(level) = self
                        .computer(p.index())
                        .or_else(|| self.placing_for(p.index(), &state))
                    else {
                        break;
                    };
                    if self.stop.load(Ordering::Relaxed) {
                        out.line(INTERRUPTED);
                        break;
                    }
                    if let Some(print) = &mut self.live {
                        if !out.text.is_empty() {
                            print(&out.text);
                            out.text.clear();
                        }
                    }
                    if computer_moves >= COMPUTER_LIMIT {
                        out.line(format!("the computer stopped after {COMPUTER_LIMIT} moves; enter any command to let it go on"));
                        break;
                    }
                    self.show_trace(out);
                    let mut choices = Choices::default();
                    if let Err(e) = engine.legal(&state, &mut choices) {
                        out.push(self.error(self.runtime(&e)));
                        break;
                    }
                    if choices.is_empty() {
                        out.push(self.error(
                            "no legal move, yet the game is not over (the rules give no way on)",
                        ));
                        break;
                    }
                    let decision = ai::Decision {
                        engine: &mut engine,
                        state: &state,
                        choices: &choices,
                        player: p,
                    };
                    let stop = Some(&*self.stop);
                    let Some(thinker) = self.thinkers.get_mut(p.index()) else {
                        break;
                    };
                    let choice = match ai::choose(decision, level, &mut self.rng, thinker, stop) {
                        Ok(i) => i,
                        Err(ai::AiError::Interrupted) => {
                            out.line(INTERRUPTED);
                            break;
                        }
                        Err(ai::AiError::Runtime(e)) => {
                            out.push(self.error(self.runtime(&e)));
                            break;
                        }
                    };
                    let steps = choices[choice].to_vec();
                    if let Err(m) = self.play_steps(&mut engine, &state, &steps, p.index(), out) {
                        out.push(self.error(m));
                        break;
                    }
                    computer_moves += 1;
                }
            }
        }
    }

    /// Plays a choice of player `p` and records it.
    pub(super) fn play_steps(
        &mut self,
        engine: &mut Engine,
        state: &State,
        steps: &[crate::Step],
        p: usize,
        out: &mut Out,
    ) -> Result<(), SessionError> {
        let game = engine.game;
        let text = engine
            .choice_text(state, steps)
            .map_err(|e| self.runtime(&e))?;
        let mut next = state.clone();
        engine
            .apply(&mut next, steps)
            .map_err(|e| self.runtime(&e))?;
        let forced = matches!(steps, [s] if s.kind == crate::StepKind::Pass);
        let who = match self.computer(p) {
            Some(level) => format!("{} ({})", game.rules.players[p], level.name()),
            None => game.rules.players[p].clone(),
        };
        if forced {
            out.line(self.cannot_move(p));
        } else {
            out.line(format!(
                "{}: {text}",
                self.style
                    .paint(Paint::player(p, &game.rules.players[p]), &who)
            ));
        }
        if self.trace {
            let mut work = state.clone();
            for s in steps {
                let name = match s.kind {
                    crate::StepKind::Action => {
                        format!("action `{}`", game.rules.actions[s.id as usize].name)
                    }
                    _ => "a pass".to_string(),
                };
                let at = match s.kind {
                    crate::StepKind::Action => {
                        let span = game.rules.actions[s.id as usize].span;
                        let (source, span) = game.rules.source_of(&self.source, span);
                        let (line, _) = source.line_col(span.start);
                        format!(" ({}:{line})", source.name)
                    }
                    _ => String::new(),
                };
                let bound: Vec<String> = engine
                    .step_bindings(&work, s)
                    .iter()
                    .map(|(n, v)| format!("{n} = {v}"))
                    .collect();
                let with = if bound.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", bound.join(", "))
                };
                let step_text = engine.step_text(&work, s, true);
                out.push(self.style.paint(
                    Paint::Dim,
                    &format!("trace: `{step_text}` is {name}{at}{with}\n"),
                ));
                let before = work.clone();
                engine
                    .apply_step(&mut work, s)
                    .map_err(|e| self.runtime(&e))?;
                out.push(explainer::render_changes(game, &before, &work, &self.style));
            }
        }
        self.push(Entry {
            text,
            by: By::Player(p),
            state: next,
            forced,
        });
        Ok(())
    }

    /// Says what the player to move may do when it is not a plain move: choices of
    /// several actions, one of them a fixed word (`white: roll or double?`), or a decision passed to another
    /// player in the middle of a turn (`black: take or drop?`). With many choices, each
    /// action is named once, by its one move's text or by its name and its count.
    pub(super) fn say_what_next(&mut self, state: &State, out: &mut Out) {
        let p = state.mover().index();
        if state.chance().is_some()
            || self.computer(p).is_some()
            || !self.partial.is_empty()
            || !matches!(self.outcome(), Ok(None))
        {
            return;
        }
        let owner = state.turn_of().index();
        let passed = state.in_turn() && owner != p;
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let Ok(mut decision) = self.take_decision(&mut engine, state) else {
            return;
        };
        let texts = decision.texts(&mut engine, state).unwrap_or_default();
        // Each action with the indices of its choices, in the order `moves` lists them.
        let mut actions: Vec<(Option<u16>, Vec<usize>)> = Vec::new();
        for i in 0..decision.choices.len() {
            let action = decision
                .choices
                .get(i)
                .and_then(|steps| steps.first())
                .filter(|s| s.kind == crate::StepKind::Action)
                .map(|s| s.id);
            match actions.iter_mut().find(|(a, _)| *a == action) {
                Some((_, of)) => of.push(i),
                None => actions.push((action, vec![i])),
            }
        }
        self.decision = Some(decision);
        // Actions that all place or move pieces are the game's plain moves; an action
        // written as a fixed word (`roll`, `double`) beside them is a choice of another
        // kind, easy to miss in a long list.
        let a_word = |action: &Option<u16>| {
            action.is_some_and(|a| {
                game.rules.actions[usize::from(a)]
                    .template
                    .iter()
                    .all(|part| matches!(part, crate::ir::TemplatePart::Text(_)))
            })
        };
        if !passed && (actions.len() < 2 || !actions.iter().any(|(a, _)| a_word(a))) {
            return;
        }
        let name = &game.rules.players[p];
        let who = self.style.paint(Paint::player(p, name), name);
        let either = |items: &[String]| match items {
            [first @ .., last] if !first.is_empty() => format!("{} or {last}", first.join(", ")),
            _ => items.join(""),
        };
        let line = match texts.len() {
            0 | 1 => return,
            2..=4 => format!("{who}: {}?", either(&texts)),
            _ if actions.len() >= 2 => {
                let named: Vec<String> = actions
                    .iter()
                    .map(|(action, of)| match (action, of.as_slice()) {
                        (_, [only]) => texts[*only].clone(),
                        (Some(a), _) => {
                            format!(
                                "{} ({} choices)",
                                game.rules.actions[usize::from(*a)].name,
                                of.len()
                            )
                        }
                        (None, _) => format!("{} other choices", of.len()),
                    })
                    .collect();
                format!("{who}: {}? (`moves` lists them)", either(&named))
            }
            _ => format!(
                "{who} decides now, in {}'s turn: `moves` lists the choices",
                game.rules.players[owner]
            ),
        };
        out.line(line);
    }

    /// What is said when player `p` cannot move: his only move is a pass, or the roll
    /// of a turn he began cannot be played.
    fn cannot_move(&self, p: usize) -> String {
        let name = &self.game.rules.players[p];
        format!(
            "{} cannot move",
            self.style.paint(Paint::player(p, name), name)
        )
    }

    /// Whether a choice is a roll: one step of an action whose only effect is to start
    /// a chance event (and go on with the turn).
    fn is_roll(&self, steps: &[crate::Step]) -> bool {
        let [step] = steps else { return false };
        if step.kind != crate::StepKind::Action {
            return false;
        }
        let body = &self.game.rules.actions[step.id as usize].body;
        body.iter().any(|s| matches!(s.kind, StmtKind::Chance(_)))
            && body
                .iter()
                .all(|s| matches!(s.kind, StmtKind::Chance(_) | StmtKind::Continue))
    }

    /// Plays the pass of a person whose only move it is, as the computer would; with
    /// `autoplay`, his only move, and with `autoroll` his roll. Whether it did.
    fn pass_if_stuck(
        &mut self,
        engine: &mut Engine,
        state: &State,
        p: usize,
        out: &mut Out,
    ) -> bool {
        let decision = match self.take_decision(engine, state) {
            Ok(d) => d,
            Err(m) => {
                out.push(self.error(m));
                return false;
            }
        };
        let choices = &decision.choices;
        let chosen = if turn::only_a_pass(choices) {
            Some(0)
        } else if !self.partial.is_empty() {
            None
        } else if self.autoplay && choices.len() == 1 {
            Some(0)
        } else if self.autoroll {
            (0..choices.len()).find(|&i| self.is_roll(&choices[i]))
        } else {
            None
        };
        let Some(chosen) = chosen else {
            self.decision = Some(decision);
            return false;
        };
        let steps = decision.choices[chosen].to_vec();
        match self.play_steps(engine, state, &steps, p, out) {
            Ok(()) => true,
            Err(m) => {
                out.push(self.error(m));
                false
            }
        }
    }

    /// Records a chance outcome resolved in `before`, saying so when it leaves the mover
    /// nothing to play, which ends his turn.
    pub(super) fn chance_played(
        &mut self,
        engine: &mut Engine,
        before: &State,
        step: &crate::Step,
        entry: Entry,
        out: &mut Out,
    ) {
        let stuck = engine.chance_left_mover_stuck(before, step);
        self.push(entry);
        match stuck {
            Ok(true) => out.line(self.cannot_move(before.mover().index())),
            Ok(false) => {}
            Err(e) => out.push(self.error(self.runtime(&e))),
        }
    }
}
