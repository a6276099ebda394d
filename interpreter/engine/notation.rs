//! Moves as text: printed from the rules file's templates, and read back by matching
//! against the printed forms of the legal choices, so printer and reader never disagree.

use super::eval::{eval, Locals};
use super::TurnCursor;
use super::{Choices, Engine, LegalTurns, RuntimeError, RuntimeErrorKind, State, Step, StepKind};
use crate::board::NONE;
use crate::ir::*;

impl<'g> Engine<'g> {
    /// One step in the game's notation; with `marks` false, `{cond ? text}` parts are
    /// left out (so `13/7` matches `13/7*`).
    pub fn step_text(&self, state: &State, step: &Step, marks: bool) -> String {
        let _run = self.run();
        self.template_text(state, step, if marks { Marks::Eval } else { Marks::Off })
    }

    /// What a chance outcome means, by its event's `says`, if it has one.
    pub(crate) fn step_says(&self, state: &State, step: &Step) -> Option<String> {
        if step.kind != StepKind::Chance {
            return None;
        }
        let says = &self.game.rules.chances[step.id as usize].says;
        (!says.is_empty()).then(|| self.render(state, step, says, Marks::Eval))
    }

    /// A step's text with its marks evaluated, all left out or all written.
    fn template_text(&self, state: &State, step: &Step, marks: Marks) -> String {
        let game = self.game;
        let template = match step.kind {
            StepKind::Action => &game.rules.actions[step.id as usize].template,
            StepKind::Chance => &game.rules.chances[step.id as usize].template,
            StepKind::Pass => {
                return match &game.rules.phases[state.phase().index()].stuck {
                    Stuck::Pass { template, .. } => template.clone(),
                    Stuck::End(_) => "pass".to_string(),
                };
            }
        };
        self.render(state, step, template, marks)
    }

    /// A template written with a step's bindings.
    fn render(
        &self,
        state: &State,
        step: &Step,
        template: &[TemplatePart],
        marks: Marks,
    ) -> String {
        let run = self.run();
        let mut locals = run.locals();
        locals.slots_mut()[..MAX_ARGS].copy_from_slice(&step.args);
        self.render_with(state, template, &mut locals, marks)
    }

    /// A template written with the values of `locals`, its marks evaluated.
    pub(crate) fn render_named(
        &self,
        state: &State,
        template: &[TemplatePart],
        locals: &mut Locals,
    ) -> String {
        self.render_with(state, template, locals, Marks::Eval)
    }

    fn render_with(
        &self,
        state: &State,
        template: &[TemplatePart],
        locals: &mut Locals,
        marks: Marks,
    ) -> String {
        let game = self.game;
        let mut locals = *locals;
        let mover = state.mover().index();
        let mut out = String::new();
        for part in template {
            match part {
                TemplatePart::Text(t) => out.push_str(t),
                TemplatePart::Value(e, ty) => {
                    let v = eval(game, state, e, &mut locals);
                    out.push_str(&self.format_value(v, *ty, mover));
                }
                TemplatePart::Mark(e, text) => {
                    let on = match marks {
                        Marks::Eval => eval(game, state, e, &mut locals) != 0,
                        Marks::Off => false,
                        Marks::On => true,
                    };
                    if on {
                        out.push_str(text);
                    }
                }
            }
        }
        out
    }

    /// A value as the mover would write it.
    pub(crate) fn format_value(&self, v: i32, ty: Ty, mover: usize) -> String {
        let game = self.game;
        let name = |list: &[String]| {
            usize::try_from(v)
                .ok()
                .and_then(|i| list.get(i).cloned())
                .unwrap_or_else(|| "-".into())
        };
        match ty {
            Ty::Int => v.to_string(),
            Ty::Bool => (v != 0).to_string(),
            Ty::Cell => {
                if v == NONE {
                    "-".into()
                } else {
                    name(
                        game.rules
                            .board
                            .labels
                            .get(mover)
                            .map_or(&game.rules.board.cells, |l| l),
                    )
                }
            }
            Ty::Player => name(&game.rules.players),
            Ty::Dir => name(&game.rules.board.dirs),
            Ty::Phase => name(
                &game
                    .rules
                    .phases
                    .iter()
                    .map(|p| p.name.clone())
                    .collect::<Vec<_>>(),
            ),
            Ty::Piece => name(
                &game
                    .rules
                    .pieces
                    .iter()
                    .map(|p| p.name.clone())
                    .collect::<Vec<_>>(),
            ),
            Ty::Line => usize::try_from(v)
                .ok()
                .and_then(|i| game.rules.board.lines.get(i))
                .map_or_else(|| "-".into(), |l| l.name.clone()),
        }
    }

    /// The texts of a choice's steps, each printed on the state before it.
    pub(crate) fn step_texts(
        &mut self,
        state: &State,
        steps: &[Step],
        marks: bool,
    ) -> Result<Vec<String>, RuntimeError> {
        if steps.len() == 1 {
            return Ok(vec![self.step_text(state, &steps[0], marks)]);
        }
        let mut work = state.clone();
        let mut out = Vec::with_capacity(steps.len());
        for (i, s) in steps.iter().enumerate() {
            out.push(self.step_text(&work, s, marks));
            if i + 1 < steps.len() {
                let cont = self.run_step(&mut work, s)?;
                if !cont {
                    break;
                }
            }
        }
        Ok(out)
    }

    /// A whole choice as text: steps separated by spaces, a step repeated n times
    /// written once with `(n)`.
    pub fn choice_text(&mut self, state: &State, steps: &[Step]) -> Result<String, RuntimeError> {
        let _run = self.run();
        let texts = self.step_texts(state, steps, true)?;
        Ok(join_repeats(&texts))
    }

    /// Finds the legal choice a text names: its steps in any order, `x(2)` for a step
    /// twice, with or without marks such as `*`, its cells by their labels or by the
    /// other labels the rules file lets the mover type.
    pub fn find_choice(
        &mut self,
        state: &State,
        choices: &Choices,
        text: &str,
    ) -> Result<Option<usize>, RuntimeError> {
        let _run = self.run();
        if let Some(i) = self.find_written(state, choices, text)? {
            return Ok(Some(i));
        }
        match self.unalias(text, state.mover().index()) {
            Some(t) => self.find_written(state, choices, &t),
            None => Ok(None),
        }
    }

    /// `text` with each label the player may also type for a cell (`names ... as
    /// LABEL, OTHER`) replaced by the cell's printed label; `None` if it holds none. A
    /// label is replaced where it stands alone, between characters that are not
    /// letters or digits, the longest first.
    pub(crate) fn unalias(&self, text: &str, player: usize) -> Option<String> {
        let board = &self.game.rules.board;
        let aliases = board.aliases.get(player).filter(|a| !a.is_empty())?;
        let labels = board.labels.get(player)?;
        let apart = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        let mut out = String::with_capacity(text.len());
        let mut changed = false;
        let mut i = 0;
        while i < text.len() {
            let rest = &text[i..];
            let found = apart(text[..i].chars().next_back())
                .then(|| {
                    aliases
                        .iter()
                        .filter(|(a, _)| {
                            !a.is_empty()
                                && rest.starts_with(a.as_str())
                                && apart(rest[a.len()..].chars().next())
                        })
                        .max_by_key(|(a, _)| a.len())
                })
                .flatten();
            match found.and_then(|(a, c)| Some((a, labels.get(*c as usize)?))) {
                Some((alias, label)) => {
                    out.push_str(label);
                    i += alias.len();
                    changed = true;
                }
                None => {
                    let c = rest.chars().next().unwrap_or(' ');
                    out.push(c);
                    i += c.len_utf8();
                }
            }
        }
        changed.then_some(out)
    }

    fn find_written(
        &mut self,
        state: &State,
        choices: &Choices,
        text: &str,
    ) -> Result<Option<usize>, RuntimeError> {
        let wanted = normalise(text);
        if wanted.is_empty() {
            return Ok(None);
        }
        let mut candidates: Vec<(u32, u32, usize)> = choices
            .ranges
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| (a, b, i))
            .collect();
        candidates.extend(
            choices
                .alternatives
                .iter()
                .map(|&(a, b, k)| (a, b, k as usize)),
        );
        // The choices the text names: those it writes exactly (every mark included) if
        // any, else those it writes with marks left out. Two different choices named
        // alike are the rules' mistake, told rather than settled by list order.
        let mut exact: Option<(usize, usize)> = None;
        let mut unmarked: Option<(usize, usize)> = None;
        for &(a, b, i) in &candidates {
            let steps = &choices.steps[a as usize..b as usize];
            if steps.len() != wanted.len() {
                continue;
            }
            let marked = self.step_texts(state, steps, true)?;
            let plain = self.step_texts(state, steps, false)?;
            let mut used = vec![false; marked.len()];
            let mut all_marked = true;
            let all = wanted.iter().all(|t| {
                let slot = (0..marked.len())
                    .find(|&k| !used[k] && &marked[k] == t)
                    .or_else(|| {
                        all_marked = false;
                        (0..plain.len()).find(|&k| !used[k] && &plain[k] == t)
                    });
                slot.map(|k| used[k] = true).is_some()
            });
            if !all {
                continue;
            }
            let found = if all_marked {
                &mut exact
            } else {
                &mut unmarked
            };
            match *found {
                None => *found = Some((i, a as usize)),
                Some((j, _)) if j == i => {}
                Some((_, first)) => {
                    let step = &choices.steps[first];
                    return Err(self.same_text_error(step, text));
                }
            }
        }
        if let Some((i, _)) = exact.or(unmarked) {
            return Ok(Some(i));
        }
        // A whole turn typed in an order the search did not keep: play the steps one by
        // one and compare the position reached with each choice's.
        if self.game.rules.phases[state.phase().index()].decide_turn
            && state.chance().is_none()
            && wanted.len() <= 8
        {
            return self.find_by_playing(state, choices, &wanted);
        }
        Ok(None)
    }

    /// The error of a text that names two different choices, pointing at the action (or
    /// chance event) of the first.
    fn same_text_error(&self, step: &Step, text: &str) -> RuntimeError {
        let span = match step.kind {
            StepKind::Chance => self
                .game
                .rules
                .chances
                .get(step.id as usize)
                .map(|m| m.span),
            _ => self
                .game
                .rules
                .actions
                .get(step.id as usize)
                .map(|m| m.span),
        };
        RuntimeError::new(
            span.unwrap_or_default(),
            RuntimeErrorKind::SameText {
                text: crate::diagnostic::escape(text),
            },
        )
    }

    fn find_by_playing(
        &mut self,
        state: &State,
        choices: &Choices,
        wanted: &[String],
    ) -> Result<Option<usize>, RuntimeError> {
        let legal = LegalTurns::new(self, state, choices)?;
        let mut remaining: Vec<String> = wanted.to_vec();
        let cursor = TurnCursor::new(self, state)?;
        self.play_tokens(&cursor, &mut remaining, &legal)
    }

    /// Plays the remaining typed steps in every way they match; the legal turn reached
    /// when the last is played and the turn is over.
    fn play_tokens(
        &mut self,
        cursor: &TurnCursor,
        remaining: &mut Vec<String>,
        legal: &LegalTurns,
    ) -> Result<Option<usize>, RuntimeError> {
        if remaining.is_empty() {
            return Ok(cursor.turn(legal));
        }
        let work = cursor.position();
        for step in cursor.next_steps() {
            let marked = self.step_text(work, step, true);
            let plain = self.step_text(work, step, false);
            // A token written with the step's marks before one without: a step that
            // took `a` for its `a*` could leave an `a*` that no later step writes.
            let exact = remaining.iter().position(|t| *t == marked);
            let Some(k) = exact.or_else(|| remaining.iter().position(|t| *t == plain)) else {
                continue;
            };
            let token = remaining.remove(k);
            let mut next = cursor.clone();
            next.play(self, step)?;
            let found = self.play_tokens(&next, remaining, legal)?;
            remaining.insert(k, token);
            if found.is_some() {
                return Ok(found);
            }
        }
        self.play_combined(cursor, remaining, legal)
    }

    /// Plays a typed step that stands for several: one piece going on from where the
    /// last step left it (`24/13` for `24/18 18/13`), written as the first step with
    /// the last one's destination, its marks (a hit on the way) written or left out.
    /// The steps are an action's that binds `from` and `to`; the whole turn must still
    /// reach a legal turn.
    fn play_combined(
        &mut self,
        cursor: &TurnCursor,
        remaining: &mut Vec<String>,
        legal: &LegalTurns,
    ) -> Result<Option<usize>, RuntimeError> {
        for first in cursor.next_steps() {
            let Some(slots) = self.move_slots(first) else {
                continue;
            };
            let work = cursor.position();
            let mut next = cursor.clone();
            next.play(self, first)?;
            let hit = self.step_text(work, first, true) != self.step_text(work, first, false);
            let chain = Chain {
                start: work,
                first: *first,
                slots,
            };
            if let Some(found) =
                self.extend_chain(&chain, &next, first.args[slots.1], hit, 1, remaining, legal)?
            {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    /// One more step of the piece a chain moves, from `at`; tries the chain so far as a
    /// typed step, then longer ones.
    #[allow(clippy::too_many_arguments)]
    fn extend_chain(
        &mut self,
        chain: &Chain,
        cursor: &TurnCursor,
        at: i32,
        hit: bool,
        length: usize,
        remaining: &mut Vec<String>,
        legal: &LegalTurns,
    ) -> Result<Option<usize>, RuntimeError> {
        // A chain of at most four steps covers the combined notations in use; longer
        // chains are not searched.
        if length >= 4 {
            return Ok(None);
        }
        let (from_slot, to_slot) = chain.slots;
        let work = cursor.position();
        for step in cursor.next_steps() {
            if step.id != chain.first.id || step.args[from_slot] != at {
                continue;
            }
            let mut next = cursor.clone();
            next.play(self, step)?;
            let hit = hit || self.step_text(work, step, true) != self.step_text(work, step, false);
            let mut whole = chain.first;
            whole.args[to_slot] = step.args[to_slot];
            let plain = self.template_text(chain.start, &whole, Marks::Off);
            let marked = self.template_text(chain.start, &whole, Marks::On);
            let written = remaining
                .iter()
                .position(|t| *t == plain || (hit && *t == marked));
            if let Some(k) = written {
                let token = remaining.remove(k);
                let found = self.play_tokens(&next, remaining, legal)?;
                remaining.insert(k, token);
                if found.is_some() {
                    return Ok(found);
                }
            }
            let longer = self.extend_chain(
                chain,
                &next,
                step.args[to_slot],
                hit,
                length + 1,
                remaining,
                legal,
            )?;
            if longer.is_some() {
                return Ok(longer);
            }
        }
        Ok(None)
    }

    /// The argument slots of a step's `from` and `to`, when its action binds both.
    fn move_slots(&self, step: &Step) -> Option<(usize, usize)> {
        if step.kind != StepKind::Action {
            return None;
        }
        let def = &self.game.rules.actions[step.id as usize];
        let slot = |name: &str| {
            (0..MAX_ARGS).find(|&k| super::explain::slot_name(def, k as u8) == Some(name))
        };
        Some((slot("from")?, slot("to")?))
    }
}

/// How a step's `{cond ? text}` marks are written.
#[derive(Clone, Copy)]
enum Marks {
    Eval,
    Off,
    On,
}

/// A chain of steps of one piece, written as one: where it starts and its first step.
struct Chain<'s> {
    start: &'s State,
    first: Step,
    slots: (usize, usize),
}

/// A written turn split into its steps in the order given, `x(n)` expanded.
pub(crate) fn split_ordered(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        match token.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
            Some((step, n)) if n.parse::<usize>().is_ok_and(|n| (1..=16).contains(&n)) => {
                let n: usize = n.parse().unwrap_or(1);
                out.extend(std::iter::repeat_n(step.to_string(), n));
            }
            _ => out.push(token.to_string()),
        }
    }
    out
}

/// Splits a written choice into sorted step texts, expanding `x(n)`.
pub(crate) fn normalise(text: &str) -> Vec<String> {
    let mut out = split_ordered(text);
    out.sort();
    out
}

/// Joins step texts, writing a text that occurs n > 1 times once as `text(n)`.
pub(crate) fn join_repeats(texts: &[String]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for t in texts {
        match seen.iter_mut().find(|(s, _)| *s == t.as_str()) {
            Some((_, n)) => *n += 1,
            None => seen.push((t.as_str(), 1)),
        }
    }
    seen.iter()
        .map(|(t, n)| {
            if *n > 1 {
                format!("{t}({n})")
            } else {
                (*t).to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use crate::engine::Engine;

    #[test]
    fn another_label_is_read_where_it_stands_alone() {
        let text = "game \"t\"\nplayers a, b\nboard { line 1..3 zone z }\n\
                    names a { z as z, 25; 1 as one, 10 }\npiece p\n\
                    action go \"{to}\" for to in cells where empty(to) { put p of mover at to }\n\
                    phase play { starts a actions go stuck end draw }\n";
        let game = crate::compile(&crate::Source::new("t.tabula", text), &[]).unwrap();
        let engine = Engine::new(&game);
        let read = |t: &str, player: usize| engine.unalias(t, player);
        assert_eq!(read("25/2", 0).as_deref(), Some("z/2"));
        assert_eq!(read("2-25", 0).as_deref(), Some("2-z"));
        // The longest other label first; none inside a longer word or number.
        assert_eq!(read("10x25", 0), None);
        assert_eq!(read("250/2", 0), None);
        assert_eq!(read("a25", 0), None);
        assert_eq!(read("10 25", 0).as_deref(), Some("one z"));
        // Other labels are the player's own.
        assert_eq!(read("25/2", 1), None);
        assert_eq!(read("", 0), None);
    }
}
