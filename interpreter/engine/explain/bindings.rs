//! The names and printed values of the locals an action binds, and the name and type
//! of each slot (the IR keeps names only).

use crate::engine::eval::Locals;
use crate::engine::{Engine, State, Step, StepKind};
use crate::ir::*;

impl<'g> Engine<'g> {
    /// The slots, names and printed values of the locals bound by an action's first
    /// `upto` generators.
    pub(crate) fn bindings(
        &self,
        state: &State,
        def: &MoveDef,
        locals: &Locals,
        upto: usize,
    ) -> Vec<(usize, String, String)> {
        let types = local_types(def);
        let mut slots: Vec<usize> = def
            .generators
            .iter()
            .take(upto)
            .filter_map(|g| match g {
                Gen::For(s, _) | Gen::Let(s, _) => Some(*s as usize),
                Gen::Where(..) => None,
            })
            .collect();
        // In the order they were declared.
        slots.sort_unstable();
        let mut out = Vec::new();
        for slot in slots {
            if let Some(name) = slot_name(def, slot as u8) {
                let ty = types.get(slot).copied().unwrap_or(Ty::Int);
                out.push((
                    slot,
                    name.to_string(),
                    self.format_value(locals[slot], ty, state.mover().index()),
                ));
            }
        }
        out
    }

    /// The names and printed values of a step's arguments.
    pub(crate) fn step_bindings(&self, state: &State, step: &Step) -> Vec<(String, String)> {
        let game = self.game;
        let def = match step.kind {
            StepKind::Action => &game.actions[step.id as usize],
            StepKind::Chance => &game.chances[step.id as usize],
            StepKind::Pass => return Vec::new(),
        };
        let mut locals: Locals = [0; MAX_LOCALS];
        locals[..MAX_ARGS].copy_from_slice(&step.args);
        self.bindings(state, def, &locals, def.generators.len())
            .into_iter()
            .map(|(_, name, value)| (name, value))
            .collect()
    }
}

/// The name of the generator variable in a local slot. `arg_names` lists the names in
/// the order they were declared, and slots are handed out in that order; but a slot
/// may be skipped (a `define` with an aggregate takes one) and the compiler may move a
/// `let` earlier, so names are matched to the binders' slots in increasing order.
pub(crate) fn slot_name(def: &MoveDef, slot: u8) -> Option<&str> {
    let mut slots: Vec<u8> = def
        .generators
        .iter()
        .filter_map(|g| match g {
            Gen::For(s, _) | Gen::Let(s, _) => Some(*s),
            Gen::Where(..) => None,
        })
        .collect();
    slots.sort_unstable();
    slots.dedup();
    let k = slots.iter().position(|&s| s == slot)?;
    def.arg_names.get(k).map(|n| n.as_str())
}

/// The type of each local an action's generators bind, for printing its value (the IR
/// keeps names only).
pub(crate) fn local_types(def: &MoveDef) -> Vec<Ty> {
    let mut types = vec![Ty::Int; MAX_LOCALS];
    for g in &def.generators {
        match g {
            Gen::For(slot, d) => {
                if let Some(t) = types.get_mut(*slot as usize) {
                    *t = domain_type(d);
                }
            }
            Gen::Let(slot, e) => {
                let ty = expr_type(e, &types);
                if let Some(t) = types.get_mut(*slot as usize) {
                    *t = ty;
                }
            }
            Gen::Where(..) => {}
        }
    }
    types
}

fn domain_type(d: &Domain) -> Ty {
    match d {
        Domain::Range(..) | Domain::Pool { .. } => Ty::Int,
        Domain::Players => Ty::Player,
        Domain::Dirs(_) | Domain::FixedDirs(_) => Ty::Dir,
        _ => Ty::Cell,
    }
}

fn expr_type(e: &Expr, locals: &[Ty]) -> Ty {
    let local = |s: u8| locals.get(s as usize).copied().unwrap_or(Ty::Int);
    match e {
        Expr::Numbered { expr, .. } => expr_type(expr, locals),
        Expr::Local(s) | Expr::Operand(Operand::Local(s)) => local(*s),
        Expr::Mover | Expr::Opponent(_) | Expr::Owner(_) => Ty::Player,
        Expr::Layer(LayerRead::Owner, ..) => Ty::Player,
        Expr::Operand(Operand::Mover | Operand::Opponent | Operand::Owner(_)) => Ty::Player,
        Expr::Step(..)
        | Expr::Slide(..)
        | Expr::TrackAt { .. }
        | Expr::ZoneCell { .. }
        | Expr::Reach(ReachOp::StepN, _)
        | Expr::Operand(Operand::Step(..)) => Ty::Cell,
        Expr::Reach(ReachOp::Connected(..), _) => Ty::Bool,
        Expr::RelDir(_) => Ty::Dir,
        Expr::Phase => Ty::Phase,
        Expr::Not(_)
        | Expr::And(..)
        | Expr::Or(..)
        | Expr::Is(..)
        | Expr::Empty(_)
        | Expr::InRegion { .. }
        | Expr::InTrack { .. }
        | Expr::PoolHas { .. }
        | Expr::Can(_)
        | Expr::Operand(Operand::Empty(_)) => Ty::Bool,
        Expr::Binary(op, ..) | Expr::Simple(op, ..) if is_comparison(*op) => Ty::Bool,
        Expr::If(_, a, b) => match expr_type(a, locals) {
            Ty::Int => expr_type(b, locals),
            t => t,
        },
        Expr::Min(a, _) | Expr::Max(a, _) => expr_type(a, locals),
        _ => Ty::Int,
    }
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    )
}
