//! Explaining the rules at work, for people: why a move is not legal (the `where`, the
//! owner test, `prefer` or `maximize` that rejects it) and a trace of the rules
//! evaluated while moves are generated. Slow on purpose: generators are re-run with
//! bookkeeping, and only when someone asks.

use crate::diagnostic::Span;
use crate::engine::Game;

mod bindings;
mod explore;
mod rejection;
mod trace;
mod why;

pub(crate) use bindings::{local_types, slot_name};

/// The most bindings one explanation enumerates (a rules file with huge loops is cut
/// short rather than left to run for ever).
const BUDGET: usize = 1_000_000;

/// The place in the rules file a finding is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Anchor {
    None,
    /// A `where` condition, or an action's declaration.
    Span(Span),
    /// A `where owner(x) == P` that the compiler folded into the loop over `x`: the
    /// action and the loop variable's slot.
    OwnerTest {
        action: usize,
        slot: u8,
    },
    /// The `prefer` line of a phase.
    Prefer(usize),
    /// The `maximize` line of a phase.
    Maximize(usize),
    /// A phase's declaration.
    Phase(usize),
}

impl Anchor {
    /// Where in the rules text the anchor points, if anywhere.
    pub fn span(&self, game: &Game) -> Option<Span> {
        let phase = |p: usize| game.rules.phases.get(p);
        match self {
            Anchor::None => None,
            Anchor::Span(s) => Some(*s),
            Anchor::OwnerTest { action, slot } => game
                .rules
                .actions
                .get(*action)?
                .loop_tests
                .iter()
                .find(|(s, _)| s == slot)
                .map(|(_, span)| *span),
            Anchor::Prefer(p) => phase(*p)?.prefer_span,
            Anchor::Maximize(p) => phase(*p)?.maximize_span,
            Anchor::Phase(p) => phase(*p).map(|ph| ph.span),
        }
    }
}

/// One thing the explainer found, in words, with the rule it is about.
#[derive(Debug, Clone)]
pub struct Finding {
    pub message: String,
    pub anchor: Anchor,
}

/// The answer to "why is this move (not) legal?".
#[derive(Debug, Clone)]
pub struct Why {
    pub legal: bool,
    pub findings: Vec<Finding>,
}

impl Why {
    fn rejected(message: String, anchor: Anchor) -> Why {
        Why {
            legal: false,
            findings: vec![Finding { message, anchor }],
        }
    }
}

/// How often a generator ran and how often its test was false.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GenCount {
    pub tested: u64,
    pub rejected: u64,
}

/// One action's generators run over a state.
#[derive(Debug, Clone)]
pub struct ActionTrace {
    pub action: usize,
    /// False when the action was not tried because a preferred action had moves.
    pub tried: bool,
    pub moves: u64,
    /// Per generator (same index as the action's `generators`).
    pub gens: Vec<GenCount>,
}

/// Complete turns searched for a `decide turn` phase.
#[derive(Debug, Clone)]
pub struct TurnTrace {
    /// Complete step sequences, each order of the same steps counted.
    pub complete: u64,
    /// The best `maximize` keys of the sequences that do not end the game, and how
    /// many sequences are kept: those that reach them and those that end the game.
    pub best: Vec<i32>,
    pub kept: u64,
    /// Legal turns left: the distinct positions the kept sequences lead to (a pass
    /// when there is none and the phase passes), as `legal` lists them.
    pub distinct: usize,
}

/// The rules evaluated to list the legal moves of one state.
#[derive(Debug, Clone)]
pub struct MoveTrace {
    pub phase: usize,
    pub mover: usize,
    /// The pending chance event and its number of outcomes.
    pub chance: Option<(usize, usize)>,
    pub actions: Vec<ActionTrace>,
    /// The preferred actions that had moves (so the others were skipped).
    pub preferred: Vec<usize>,
    pub turns: Option<TurnTrace>,
}
