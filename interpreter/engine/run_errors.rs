//! The errors of a call into the engine that no single statement names: a chance
//! event that never settles, a list of moves cut at its bound, a loop budget run out
//! while the moves were listed or a turn settled.

use super::{Engine, RuntimeError, RuntimeErrorKind, StepKind, Work};
use crate::diagnostic::Span;

impl Engine<'_> {
    /// The error of a run of `MAX_CHANCE_RUN` chance outcomes with no decision between,
    /// at the chance event `c`.
    pub(crate) fn endless_chance(&self, c: usize) -> RuntimeError {
        let def = &self.game.rules.chances[c];
        RuntimeError::new(
            def.span,
            RuntimeErrorKind::EndlessChance {
                event: def.name.clone(),
            },
        )
    }

    /// The error of a loop budget run out outside the effects, which name their own
    /// statement: the move being generated, or else the rules that settle a turn.
    /// The error of a list of moves cut at `MAX_CHOICES`, at the move being generated.
    pub(crate) fn overflow_error(&self) -> RuntimeError {
        let game = self.game;
        let span = match self.generating.get() {
            Some((StepKind::Action, a)) => game.rules.actions.get(a).map(|d| d.span),
            Some((StepKind::Chance, c)) => game.rules.chances.get(c).map(|d| d.span),
            _ => None,
        };
        RuntimeError::new(span.unwrap_or_default(), RuntimeErrorKind::TooManyChoices)
    }

    pub(crate) fn budget_error(&self) -> RuntimeError {
        let game = self.game;
        // The move being generated is pointed at.
        let def = match self.generating.get() {
            Some((StepKind::Action, a)) => game.rules.actions.get(a).map(|d| (d, Work::LegalMoves)),
            Some((StepKind::Chance, c)) => {
                game.rules.chances.get(c).map(|d| (d, Work::ChanceOutcomes))
            }
            _ => None,
        };
        match def {
            Some((d, work)) => self.meter.exceeded(d.span, work),
            None => self.meter.exceeded(Span::default(), Work::Settling),
        }
    }
}
