//! An action or a chance event: its generators, notation and effects.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    Action,
    Chance,
}

/// An action or a chance event: generators that bind its arguments, then effects.
#[derive(Debug, Clone)]
pub struct MoveDef {
    pub name: String,
    pub kind: MoveKind,
    pub template: Vec<TemplatePart>,
    /// A chance event's `says`: what an outcome means (empty when not given).
    pub says: Vec<TemplatePart>,
    pub generators: Vec<Gen>,
    pub weight: Option<Expr>,
    /// An action's `playout weight`: how often playouts pick it (see `PhaseDef::weighted`).
    pub playout_weight: Option<Expr>,
    pub body: Vec<Stmt>,
    /// Names of the generator variables, by local slot.
    pub arg_names: Vec<String>,
    /// The type of each of them, as the checker found it (for printing their values).
    pub arg_types: Vec<Ty>,
    pub span: Span,
    /// Where each `for` is written, by the slot it binds (for explanations).
    pub for_spans: Vec<(u8, Span)>,
    /// The `where` written right after a `for`, by the slot the `for` binds: where an
    /// owner test the compiler folds into the loop was written (for explanations).
    pub loop_tests: Vec<(u8, Span)>,
    /// The parts of each `where` written as `a and b and ...`, by the `where`'s span,
    /// each compiled alone, so an explanation can name the part that is false.
    pub where_parts: Vec<(Span, Vec<(Expr, Span)>)>,
}

impl MoveDef {
    /// Whether the outcomes (bindings and weights) may depend on the state; a chance
    /// event that does not, like a roll of dice, has the same outcomes everywhere.
    pub(crate) fn outcomes_read_state(&self) -> bool {
        self.weight.as_ref().is_some_and(Expr::reads_state)
            || self.generators.iter().any(|g| match g {
                Gen::For(_, d) => d.reads_state(),
                Gen::Let(_, e) | Gen::Where(e, _) => e.reads_state(),
            })
    }
}

#[derive(Debug, Clone)]
pub enum TemplatePart {
    Text(String),
    Value(Expr, Ty),
    Mark(Expr, String),
}

#[derive(Debug, Clone)]
pub enum Gen {
    For(u8, Domain),
    Let(u8, Expr),
    Where(Expr, Span),
}
