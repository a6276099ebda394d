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

    /// The cells an action's step names, in the order its names were declared (a
    /// move's `from` before its `to`), each once: what a board a person clicks lights
    /// up and takes. None for a chance outcome or a pass.
    pub fn step_cells(&self, step: &Step) -> Vec<crate::CellId> {
        let mut cells = Vec::new();
        if step.kind != StepKind::Action {
            return cells;
        }
        let Some(def) = self.game.rules.actions.get(step.id as usize) else {
            return cells;
        };
        let types = local_types(def);
        let mut slots: Vec<usize> = def
            .generators
            .iter()
            .filter_map(|g| match g {
                Gen::For(s, _) | Gen::Let(s, _) => Some(*s as usize),
                Gen::Where(..) => None,
            })
            .collect();
        slots.sort_unstable();
        slots.dedup();
        let n = self.game.rules.board.cells.len();
        for slot in slots {
            if types.get(slot) != Some(&Ty::Cell) {
                continue;
            }
            let value = step.args.get(slot).and_then(|&v| usize::try_from(v).ok());
            if let Some(c) = value.filter(|&c| c < n).map(crate::CellId::new) {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
        }
        cells
    }

    /// The names and printed values of a step's arguments.
    pub(crate) fn step_bindings(&self, state: &State, step: &Step) -> Vec<(String, String)> {
        let game = self.game;
        let def = match step.kind {
            StepKind::Action => &game.rules.actions[step.id as usize],
            StepKind::Chance => &game.rules.chances[step.id as usize],
            StepKind::Pass => return Vec::new(),
        };
        let run = self.run();
        let mut locals = run.locals();
        locals.slots_mut()[..MAX_ARGS].copy_from_slice(&step.args);
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
    let k = binder_index(def, slot)?;
    def.arg_names.get(k).map(|n| n.as_str())
}

/// Which of the names bound, in the order they were declared, a slot holds.
fn binder_index(def: &MoveDef, slot: u8) -> Option<usize> {
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
    slots.iter().position(|&s| s == slot)
}

/// The type of each local an action's generators bind, by slot, as the checker found
/// it (matched to the slots as `slot_name` matches names).
pub(crate) fn local_types(def: &MoveDef) -> Vec<Ty> {
    let mut types = vec![Ty::Int; MAX_LOCALS];
    for (slot, t) in types.iter_mut().enumerate() {
        if let Some(ty) = binder_index(def, slot as u8).and_then(|k| def.arg_types.get(k)) {
            *t = *ty;
        }
    }
    types
}
