//! Running effects (statements) on a state: the blocks compiled to closures
//! (`closure::stmt`) call the effects here, each one function of its evaluated
//! operands (`effect`).

use super::closure;
use super::eval::{for_each_in, pool_slot, Locals};
use super::state::{CellWord, State, NEUTRAL};
use super::{Engine, RuntimeError};
use crate::diagnostic::Span;
use crate::ir::*;

/// What a block of effects asked for besides its writes.
#[derive(Debug, Default, Clone, Copy)]
pub struct Flow {
    /// `continue`: the same player acts again in this turn.
    pub cont: bool,
}

/// The result of an effect: its error boxed, so that the common case returns in a
/// register.
pub type Fallible = Result<(), Box<RuntimeError>>;

impl<'g> Engine<'g> {
    /// Runs a block of effects: its closures, compiled with the game; a block of a game
    /// that was not lowered is compiled here first.
    pub(crate) fn run_block(
        &mut self,
        state: &mut State,
        compiled: Option<&CompiledBlock>,
        stmts: &[Stmt],
        locals: &mut Locals,
        flow: &mut Flow,
    ) -> Result<(), RuntimeError> {
        let result = match compiled {
            Some(c) => (c.0)(self.game, state, locals, flow),
            None => run_uncompiled(self.game, state, stmts, locals, flow),
        };
        result.map_err(|e| *e)
    }
}

/// Compiles a block and runs it once: out of the way of the compiled path.
#[cold]
#[inline(never)]
fn run_uncompiled(
    game: &Game,
    state: &mut State,
    stmts: &[Stmt],
    locals: &mut Locals,
    flow: &mut Flow,
) -> Fallible {
    closure::compile_block(stmts)(game, state, locals, flow)
}

/// The effects, each a function of its evaluated operands. A player operand is `None`
/// when the statement names none (player 0 of a shared pool or counter).
pub(crate) mod effect {
    use super::*;

    #[inline]
    fn cell_slot(
        game: &Game,
        cell: i32,
        span: Span,
        what: &str,
    ) -> Result<usize, Box<RuntimeError>> {
        if cell < 0 || cell as usize >= game.board.cells.len() {
            return Err(RuntimeError::new(
                span,
                format!("{what} names no cell (the cell is `none`)"),
            )
            .into());
        }
        Ok(game.cells_base + cell as usize)
    }

    /// The player a statement names, which must be one.
    #[inline]
    pub fn player_of(game: &Game, p: Option<i32>, span: Span) -> Result<usize, Box<RuntimeError>> {
        match p {
            None => Ok(0),
            Some(v) if v >= 0 && (v as usize) < game.players.len() => Ok(v as usize),
            Some(_) => {
                Err(RuntimeError::new(span, "this names no player (is the cell empty?)").into())
            }
        }
    }

    /// The elements of a `for` domain, fixed before the loop runs (its effects change
    /// the state).
    pub fn domain_items(
        game: &Game,
        state: &State,
        domain: &Domain,
        locals: &mut Locals,
    ) -> Vec<i32> {
        let mut items = Vec::new();
        for_each_in(game, state, domain, locals, &mut |_, _, x, _| {
            items.push(x);
            true
        });
        items
    }

    #[inline]
    pub fn move_piece(game: &Game, state: &mut State, a: i32, b: i32, span: Span) -> Fallible {
        let sa = cell_slot(game, a, span, "`move` from")?;
        let sb = cell_slot(game, b, span, "`move` to")?;
        let wa = CellWord(state.data[sa]);
        let wb = CellWord(state.data[sb]);
        if wa.count() == 0 || (wb.count() > 0 && (wb.0 ^ wa.0) & !0xff != 0) || wb.count() >= 255 {
            return Err(move_error(game, a, b, wa, wb, span));
        }
        if a == b {
            return Ok(());
        }
        // The count is the word's low byte; the rest (owner, piece, value) moves along.
        let left = if wa.count() == 1 { 0 } else { wa.0 - 1 };
        let arrived = if wb.count() == 0 {
            (wa.0 & !0xff) | 1
        } else {
            wb.0 + 1
        };
        state.data[sa] = left;
        state.data[sb] = arrived;
        Ok(())
    }

    /// Why a `move` could not be made.
    #[cold]
    fn move_error(
        game: &Game,
        a: i32,
        b: i32,
        wa: CellWord,
        wb: CellWord,
        span: Span,
    ) -> Box<RuntimeError> {
        let m = if wa.count() == 0 {
            format!(
                "`move` from `{}`, which is empty",
                game.board.cells[a as usize]
            )
        } else if wb.count() > 0 && (wb.0 ^ wa.0) & !0xff != 0 {
            unlike("`move`", game, b, wa, wb)
        } else {
            "a cell holds at most 255 pieces".to_string()
        };
        Box::new(RuntimeError::new(span, m))
    }

    /// Why pieces cannot join the stack `there` on cell `c`. A stack is alike pieces;
    /// pieces that differ from it only in value need their values made equal, not the
    /// stack removed.
    #[cold]
    fn unlike(verb: &str, game: &Game, c: i32, arriving: CellWord, there: CellWord) -> String {
        let cell = &game.board.cells[c as usize];
        let value = arriving.value();
        if arriving.owner() == there.owner() && arriving.piece() == there.piece() {
            format!(
                "{verb} onto `{cell}`, whose pieces are alike but for their value ({} there, {value} arriving): a cell holds one stack of pieces of the same kind, owner and value",
                there.value()
            )
        } else {
            format!("{verb} onto `{cell}`, which holds another piece: remove it first")
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn put(
        game: &Game,
        state: &mut State,
        c: i32,
        count: i32,
        piece: u8,
        owner: Option<i32>,
        value: Option<i32>,
        span: Span,
    ) -> Fallible {
        let slot = cell_slot(game, c, span, "`put` at")?;
        let o = match owner {
            Some(o) => player_of(game, Some(o), span)? as i32,
            None => NEUTRAL,
        };
        let def = &game.pieces[piece as usize];
        let v = value.unwrap_or_else(|| def.values.map_or(0, |(lo, _)| lo));
        if let Some((lo, hi)) = def.values {
            if v < lo || v > hi {
                let m = format!("a `{}` shows {lo} to {hi}, not {v}", def.name);
                return Err(RuntimeError::new(span, m).into());
            }
        }
        if !(0..=255).contains(&count) {
            let m = format!("`put` places 0 to 255 pieces, not {count}");
            return Err(RuntimeError::new(span, m).into());
        }
        if count == 0 {
            return Ok(());
        }
        let w = CellWord(state.data[slot]);
        if w.count() > 0 && (w.owner() != o || w.piece() != piece || w.value() != v) {
            let arriving = CellWord::new(o, piece, v, count);
            return Err(RuntimeError::new(span, unlike("`put`", game, c, arriving, w)).into());
        }
        if w.count() + count > 255 {
            return Err(RuntimeError::new(span, "a cell holds at most 255 pieces").into());
        }
        state.data[slot] = CellWord::new(o, piece, v, w.count() + count).0;
        Ok(())
    }

    pub fn remove(game: &Game, state: &mut State, c: i32, span: Span) -> Fallible {
        let slot = cell_slot(game, c, span, "`remove`")?;
        state.data[slot] = 0;
        Ok(())
    }

    #[inline]
    pub fn take(
        game: &Game,
        state: &mut State,
        pool: usize,
        player: Option<i32>,
        v: i32,
        span: Span,
    ) -> Fallible {
        let p = player_of(game, player, span)?;
        let Some(slot) = pool_slot(game, pool, p, v).filter(|&i| state.data[i] > 0) else {
            let name = &game.pools[pool].name;
            return Err(RuntimeError::new(
                span,
                format!("`take {v}` from `{name}`, which holds none"),
            )
            .into());
        };
        state.data[slot] -= 1;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub fn add_pool(
        game: &Game,
        state: &mut State,
        pool: usize,
        player: Option<i32>,
        v: i32,
        n: i32,
        span: Span,
    ) -> Fallible {
        let p = player_of(game, player, span)?;
        let def = &game.pools[pool];
        let Some(slot) = pool_slot(game, pool, p, v) else {
            let m = format!(
                "`{}` holds values {} to {}, not {v}",
                def.name, def.low, def.high
            );
            return Err(RuntimeError::new(span, m).into());
        };
        // Checked before adding, against the copies of every value, so that no count
        // can go beyond the limit or wrap round.
        let held = crate::engine::eval::pool_size(game, state, pool, p);
        if n < 0 || n > MAX_POOL_COPIES - held {
            let m = format!(
                "a pool holds at most {MAX_POOL_COPIES} copies in all; `{}` holds {held}, and {n} cannot be added",
                def.name
            );
            return Err(RuntimeError::new(span, m).into());
        }
        state.data[slot] += n;
        Ok(())
    }

    pub fn clear(
        game: &Game,
        state: &mut State,
        pool: usize,
        player: Option<i32>,
        span: Span,
    ) -> Fallible {
        let p = player_of(game, player, span)?;
        let def = &game.pools[pool];
        let base = def.base + p * def.width();
        state.data[base..base + def.width()].fill(0);
        Ok(())
    }

    pub fn set_value(game: &Game, state: &mut State, c: i32, v: i32, span: Span) -> Fallible {
        let slot = cell_slot(game, c, span, "`set value`")?;
        let w = CellWord(state.data[slot]);
        if w.count() == 0 {
            let m = format!(
                "`set value` of `{}`, which is empty",
                game.board.cells[c as usize]
            );
            return Err(RuntimeError::new(span, m).into());
        }
        if let Some((lo, hi)) = game.pieces[w.piece() as usize].values {
            if v < lo || v > hi {
                let m = format!(
                    "a `{}` shows {lo} to {hi}, not {v}",
                    game.pieces[w.piece() as usize].name
                );
                return Err(RuntimeError::new(span, m).into());
            }
        }
        state.data[slot] = CellWord::new(w.owner(), w.piece(), v, w.count()).0;
        Ok(())
    }

    pub fn set_mover(game: &Game, state: &mut State, p: i32, span: Span) -> Fallible {
        let p = player_of(game, Some(p), span)?;
        state.data[SLOT_MOVER] = p as i32;
        state.data[SLOT_OWNER] = p as i32;
        Ok(())
    }

    pub fn hand_to(
        game: &Game,
        state: &mut State,
        p: i32,
        flow: &mut Flow,
        span: Span,
    ) -> Fallible {
        let p = player_of(game, Some(p), span)?;
        state.data[SLOT_MOVER] = p as i32;
        flow.cont = true;
        Ok(())
    }

    pub fn hand_back(state: &mut State, flow: &mut Flow) {
        state.data[SLOT_MOVER] = state.data[SLOT_OWNER];
        flow.cont = true;
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn assign(
        game: &Game,
        state: &mut State,
        counter: usize,
        player: Option<i32>,
        op: AssignOp,
        v: i32,
        span: Span,
    ) -> Fallible {
        let p = player_of(game, player, span)?;
        let slot = game.counters[counter].base + p;
        let old = state.data[slot];
        state.data[slot] = match op {
            AssignOp::Set => v,
            AssignOp::Add => old.wrapping_add(v),
            AssignOp::Sub => old.wrapping_sub(v),
        };
        Ok(())
    }
}
