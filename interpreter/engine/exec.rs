//! Running effects (statements) on a state, with an undo journal for search.

use super::eval::{eval, for_each_in, pool_slot, Locals};
use super::state::{CellWord, State, NEUTRAL};
use super::{Engine, RuntimeError};
use crate::ir::*;

/// What a block of effects asked for besides its writes.
#[derive(Debug, Default, Clone, Copy)]
pub struct Flow {
    /// `continue`: the same player acts again in this turn.
    pub cont: bool,
}

impl<'g> Engine<'g> {
    /// Writes one slot, remembering the old value when a search needs to undo.
    #[inline]
    pub(crate) fn write(&mut self, state: &mut State, idx: usize, v: i32) {
        if self.journaling {
            self.journal.push((idx as u32, state.data[idx]));
        }
        state.data[idx] = v;
    }

    /// Undoes every write made since the journal had `mark` entries.
    pub(crate) fn undo_to(&mut self, state: &mut State, mark: usize) {
        while self.journal.len() > mark {
            if let Some((i, v)) = self.journal.pop() {
                state.data[i as usize] = v;
            }
        }
    }

    fn cell_slot(&self, cell: i32, stmt: &Stmt, what: &str) -> Result<usize, RuntimeError> {
        if cell < 0 || cell as usize >= self.game.board.cells.len() {
            return Err(RuntimeError::new(
                stmt.span,
                format!("{what} names no cell (the cell is `none`)"),
            ));
        }
        Ok(self.game.cells_base + cell as usize)
    }

    fn player_of(
        &self,
        state: &State,
        p: Option<&Expr>,
        locals: &mut Locals,
        stmt: &Stmt,
    ) -> Result<usize, RuntimeError> {
        match p {
            None => Ok(0),
            Some(e) => {
                let v = eval(self.game, state, e, locals);
                if v < 0 || v as usize >= self.game.players.len() {
                    return Err(RuntimeError::new(
                        stmt.span,
                        "this names no player (is the cell empty?)",
                    ));
                }
                Ok(v as usize)
            }
        }
    }

    pub(crate) fn exec(
        &mut self,
        state: &mut State,
        stmts: &[Stmt],
        locals: &mut Locals,
        flow: &mut Flow,
    ) -> Result<(), RuntimeError> {
        for s in stmts {
            self.exec_one(state, s, locals, flow)?;
        }
        Ok(())
    }

    fn exec_one(
        &mut self,
        state: &mut State,
        s: &Stmt,
        locals: &mut Locals,
        flow: &mut Flow,
    ) -> Result<(), RuntimeError> {
        let game = self.game;
        match &s.kind {
            StmtKind::If(c, a, b) => {
                if eval(game, state, c, locals) != 0 {
                    self.exec(state, a, locals, flow)?;
                } else {
                    self.exec(state, b, locals, flow)?;
                }
            }
            StmtKind::Let(slot, e) => locals[*slot as usize] = eval(game, state, e, locals),
            StmtKind::For(slot, domain, filter, body) => {
                // Effects change the state, so the domain is fixed before the loop runs.
                let mut items = Vec::new();
                for_each_in(game, state, domain, locals, &mut |_, _, x, _| {
                    items.push(x);
                    true
                });
                for x in items {
                    locals[*slot as usize] = x;
                    if let Some(f) = filter {
                        if eval(game, state, f, locals) == 0 {
                            continue;
                        }
                    }
                    self.exec(state, body, locals, flow)?;
                }
            }
            StmtKind::Continue => flow.cont = true,
            StmtKind::Move(from, to) => {
                let a = eval(game, state, from, locals);
                let b = eval(game, state, to, locals);
                let sa = self.cell_slot(a, s, "`move` from")?;
                let sb = self.cell_slot(b, s, "`move` to")?;
                let wa = CellWord(state.data[sa]);
                if wa.count() == 0 {
                    let m = format!(
                        "`move` from `{}`, which is empty",
                        game.board.cells[a as usize]
                    );
                    return Err(RuntimeError::new(s.span, m));
                }
                let wb = CellWord(state.data[sb]);
                if wb.count() > 0
                    && (wb.owner() != wa.owner()
                        || wb.piece() != wa.piece()
                        || wb.value() != wa.value())
                {
                    let m = format!(
                        "`move` onto `{}`, which holds another piece: remove it first",
                        game.board.cells[b as usize]
                    );
                    return Err(RuntimeError::new(s.span, m));
                }
                if wb.count() >= 255 {
                    return Err(RuntimeError::new(s.span, "a cell holds at most 255 pieces"));
                }
                if a == b {
                    return Ok(());
                }
                let left = if wa.count() == 1 {
                    0
                } else {
                    CellWord::new(wa.owner(), wa.piece(), wa.value(), wa.count() - 1).0
                };
                self.write(state, sa, left);
                let arrived = CellWord::new(wa.owner(), wa.piece(), wa.value(), wb.count() + 1);
                self.write(state, sb, arrived.0);
            }
            StmtKind::Put {
                count,
                piece,
                owner,
                value,
                at,
            } => {
                let c = eval(game, state, at, locals);
                let slot = self.cell_slot(c, s, "`put` at")?;
                let o = match owner {
                    Some(o) => self.player_of(state, Some(o), locals, s)? as i32,
                    None => NEUTRAL,
                };
                let def = &game.pieces[*piece as usize];
                let v = match value {
                    Some(v) => eval(game, state, v, locals),
                    None => def.values.map_or(0, |(lo, _)| lo),
                };
                if let Some((lo, hi)) = def.values {
                    if v < lo || v > hi {
                        let m = format!("a `{}` shows {lo} to {hi}, not {v}", def.name);
                        return Err(RuntimeError::new(s.span, m));
                    }
                }
                let w = CellWord(state.data[slot]);
                if w.count() > 0 && (w.owner() != o || w.piece() != *piece || w.value() != v) {
                    let m = format!(
                        "`put` onto `{}`, which holds another piece: remove it first",
                        game.board.cells[c as usize]
                    );
                    return Err(RuntimeError::new(s.span, m));
                }
                if w.count() + count > 255 {
                    return Err(RuntimeError::new(s.span, "a cell holds at most 255 pieces"));
                }
                self.write(
                    state,
                    slot,
                    CellWord::new(o, *piece, v, w.count() + count).0,
                );
            }
            StmtKind::Remove(c) => {
                let c = eval(game, state, c, locals);
                let slot = self.cell_slot(c, s, "`remove`")?;
                self.write(state, slot, 0);
            }
            StmtKind::Take {
                pool,
                player,
                value,
            } => {
                let p = self.player_of(state, player.as_ref(), locals, s)?;
                let v = eval(game, state, value, locals);
                let name = &game.pools[*pool].name;
                let Some(slot) = pool_slot(game, *pool, p, v).filter(|&i| state.data[i] > 0) else {
                    return Err(RuntimeError::new(
                        s.span,
                        format!("`take {v}` from `{name}`, which holds none"),
                    ));
                };
                self.write(state, slot, state.data[slot] - 1);
            }
            StmtKind::AddPool {
                pool,
                player,
                value,
                times,
            } => {
                let p = self.player_of(state, player.as_ref(), locals, s)?;
                let v = eval(game, state, value, locals);
                let n = times.as_ref().map_or(1, |t| eval(game, state, t, locals));
                let def = &game.pools[*pool];
                let Some(slot) = pool_slot(game, *pool, p, v) else {
                    let m = format!(
                        "`{}` holds values {} to {}, not {v}",
                        def.name, def.low, def.high
                    );
                    return Err(RuntimeError::new(s.span, m));
                };
                if n < 0 || state.data[slot] > 1_000_000 {
                    return Err(RuntimeError::new(
                        s.span,
                        "a pool holds 0 to 1,000,000 of each value",
                    ));
                }
                self.write(state, slot, state.data[slot] + n);
            }
            StmtKind::Clear { pool, player } => {
                let p = self.player_of(state, player.as_ref(), locals, s)?;
                let def = &game.pools[*pool];
                let base = def.base + p * def.width();
                for i in base..base + def.width() {
                    if state.data[i] != 0 {
                        self.write(state, i, 0);
                    }
                }
            }
            StmtKind::SetValue(c, v) => {
                let c = eval(game, state, c, locals);
                let v = eval(game, state, v, locals);
                let slot = self.cell_slot(c, s, "`set value`")?;
                let w = CellWord(state.data[slot]);
                if w.count() == 0 {
                    let m = format!(
                        "`set value` of `{}`, which is empty",
                        game.board.cells[c as usize]
                    );
                    return Err(RuntimeError::new(s.span, m));
                }
                if let Some((lo, hi)) = game.pieces[w.piece() as usize].values {
                    if v < lo || v > hi {
                        let m = format!(
                            "a `{}` shows {lo} to {hi}, not {v}",
                            game.pieces[w.piece() as usize].name
                        );
                        return Err(RuntimeError::new(s.span, m));
                    }
                }
                self.write(
                    state,
                    slot,
                    CellWord::new(w.owner(), w.piece(), v, w.count()).0,
                );
            }
            StmtKind::Chance(c) => self.write(state, SLOT_CHANCE, *c as i32),
            StmtKind::SetMover(p) => {
                let p = self.player_of(state, Some(p), locals, s)?;
                self.write(state, SLOT_MOVER, p as i32);
                self.write(state, SLOT_OWNER, p as i32);
            }
            StmtKind::HandTo(p) => {
                let p = self.player_of(state, Some(p), locals, s)?;
                self.write(state, SLOT_MOVER, p as i32);
                flow.cont = true;
            }
            StmtKind::HandBack => {
                self.write(state, SLOT_MOVER, state.data[SLOT_OWNER]);
                flow.cont = true;
            }
            StmtKind::Assign {
                counter,
                player,
                op,
                value,
            } => {
                let p = self.player_of(state, player.as_ref(), locals, s)?;
                let v = eval(game, state, value, locals);
                let slot = game.counters[*counter].base + p;
                let old = state.data[slot];
                let new = match op {
                    AssignOp::Set => v,
                    AssignOp::Add => old.wrapping_add(v),
                    AssignOp::Sub => old.wrapping_sub(v),
                };
                if new != old {
                    self.write(state, slot, new);
                }
            }
        }
        Ok(())
    }
}
