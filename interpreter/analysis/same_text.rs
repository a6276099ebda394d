//! Two different moves printed alike, found by playing random games and comparing the
//! texts of the legal choices at each position reached: a typed move or a saved game
//! cannot tell such moves apart (the engine refuses the text), so `tabula check` warns
//! of the first found.

use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::engine::rng::Rng;
use crate::{Choices, Engine, Game, RuntimeError, State, StepKind};
use std::collections::HashMap;

/// Two legal choices of one position that print the same text and lead to different
/// states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SameText {
    /// The text both print.
    pub text: String,
    /// The moves (and chance outcomes) from the start to the position, as text.
    pub after: Vec<String>,
    /// The action or chance event of each choice (of its first step): name and span.
    pub first: (String, Span),
    /// The same, of the other choice.
    pub second: (String, Span),
}

/// How many random games `same_text` plays for `tabula check`, and how many decisions
/// of each it looks at: a fraction of a second for the games shipped.
pub const CHECK_GAMES: usize = 6;
/// The decisions of each game `tabula check` looks at (see [`CHECK_GAMES`]).
pub const CHECK_DECISIONS: usize = 60;

/// The most chance outcomes in a row a game of `same_text` plays: as many as the engine
/// resolves before it says the event starts itself again.
const MAX_CHANCE_RUN: usize = 1000;

/// Plays `games` random games of `game` from seed `seed` (each at most `max_decisions`
/// decisions long) and returns the first position where two different choices print
/// alike, if any. A game in which the rules fail is left there (finding such failures
/// is the business of `tabula test` and `tabula playout`); the error is that of setting
/// the game up only.
pub fn same_text(
    game: &Game,
    games: usize,
    max_decisions: usize,
    seed: u64,
) -> Result<Option<SameText>, RuntimeError> {
    let mut engine = Engine::new(game);
    let mut rng = Rng::new(seed);
    let mut choices = Choices::default();
    let start = engine.initial_state()?;
    for _ in 0..games {
        if let Ok(Some(found)) =
            one_game(&mut engine, &start, &mut rng, &mut choices, max_decisions)
        {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// One random game of `same_text`, from `start`.
fn one_game(
    engine: &mut Engine,
    start: &State,
    rng: &mut Rng,
    choices: &mut Choices,
    max_decisions: usize,
) -> Result<Option<SameText>, RuntimeError> {
    let game = engine.game;
    let mut texts: HashMap<String, usize> = HashMap::new();
    let mut state = start.clone();
    let mut after = Vec::new();
    let mut decisions = 0;
    // Chance outcomes in a row: a chance event that starts itself again forever ends
    // the game here (`tabula playout` and `test` tell why), rather than growing `after`
    // until memory runs out.
    let mut chance_run = 0;
    while decisions < max_decisions
        && chance_run < MAX_CHANCE_RUN
        && engine.outcome(&state)?.is_none()
    {
        engine.legal(&state, choices)?;
        if choices.is_empty() {
            break;
        }
        texts.clear();
        for i in 0..choices.len() {
            let text = engine.choice_text(&state, &choices[i])?;
            let Some(&j) = texts.get(&text) else {
                texts.insert(text, i);
                continue;
            };
            // Alike in text and in the state they reach: one move in effect.
            let (mut a, mut b) = (state.clone(), state.clone());
            engine.play_choice(&mut a, choices, j)?;
            engine.play_choice(&mut b, choices, i)?;
            if a == b {
                continue;
            }
            let origin = |k: usize| {
                let step = choices[k][0];
                let def = match step.kind {
                    StepKind::Chance => &game.rules.chances[step.id as usize],
                    _ => &game.rules.actions[step.id as usize],
                };
                (def.name.clone(), def.span)
            };
            return Ok(Some(SameText {
                text,
                after,
                first: origin(j),
                second: origin(i),
            }));
        }
        let i = if state.chance().is_some() {
            rng.weighted(&choices.weights)
        } else {
            rng.below(choices.len() as u32) as usize
        };
        after.push(engine.choice_text(&state, &choices[i])?);
        if state.chance().is_none() {
            decisions += 1;
            chance_run = 0;
        } else {
            chance_run += 1;
        }
        engine.play_choice(&mut state, choices, i)?;
    }
    Ok(None)
}

impl SameText {
    /// The warnings `tabula check` shows: at the first choice's action (or chance
    /// event), and at the second's when it is another one.
    pub fn warnings(&self) -> Vec<Diagnostic> {
        const SHOWN: usize = 12;
        let kind = ErrorKind::SameText {
            text: self.text.clone(),
            after: self.after.iter().take(SHOWN).cloned().collect(),
            more: self.after.len() > SHOWN,
            action: self.first.0.clone(),
        };
        let mut out = vec![Diagnostic::of(self.first.1, kind)];
        if self.second != self.first {
            let kind = ErrorKind::SameTextOther {
                text: self.text.clone(),
                action: self.second.0.clone(),
            };
            out.push(Diagnostic::of(self.second.1, kind));
        }
        out
    }
}
