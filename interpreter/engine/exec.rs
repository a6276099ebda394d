//! Running effects (statements) on a state: the blocks compiled to closures
//! (`closure::stmt`) call the effects here, each one function of its evaluated
//! operands (`effect`).

use super::closure::BlockFn;
use super::eval::{pool_slot, Locals};
use super::loops::for_each_in;
use super::state::{CellWord, State, NEUTRAL};
use super::Game;
use super::{Engine, RuntimeError, RuntimeErrorKind as Kind};
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
    /// Runs a block of effects, compiled with the game (`Game::new`).
    pub(crate) fn run_block(
        &mut self,
        state: &mut State,
        block: &BlockFn,
        locals: &mut Locals,
        flow: &mut Flow,
    ) -> Result<(), RuntimeError> {
        block(self.game, state, locals, flow).map_err(|e| *e)
    }
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
        effect: &'static str,
    ) -> Result<usize, Box<RuntimeError>> {
        if cell < 0 || cell as usize >= game.rules.board.cells.len() {
            return Err(RuntimeError::new(span, Kind::NoCell { effect }).into());
        }
        Ok(game.rules.cells_base + cell as usize)
    }

    /// The player a statement names, which must be one.
    #[inline]
    pub(crate) fn player_of(
        game: &Game,
        p: Option<i32>,
        span: Span,
    ) -> Result<usize, Box<RuntimeError>> {
        match p {
            None => Ok(0),
            Some(v) if v >= 0 && (v as usize) < game.rules.players.len() => Ok(v as usize),
            Some(_) => Err(RuntimeError::new(span, Kind::NoPlayer).into()),
        }
    }

    /// The elements of a `for` domain, fixed before the loop runs (its effects change
    /// the state).
    pub(crate) fn domain_items(
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
    pub(crate) fn move_piece(
        game: &Game,
        state: &mut State,
        a: i32,
        b: i32,
        span: Span,
    ) -> Fallible {
        let sa = cell_slot(game, a, span, "`move` from")?;
        let sb = cell_slot(game, b, span, "`move` to")?;
        let wa = CellWord(state.data[sa]);
        let wb = CellWord(state.data[sb]);
        if wa.count() == 0 || (wb.count() > 0 && (wb.0 ^ wa.0) & !0xff != 0) || wb.count() >= 255 {
            if game.rules.stack_layers > 1 && wa.count() > 0 && wb.count() < 255 {
                return move_onto_layer(game, state, a, b, span);
            }
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
        if left == 0 && game.rules.stack_layers > 1 {
            state.pop_layer(game, a as usize);
        }
        Ok(())
    }

    /// A `move` onto a stack whose top differs from the moving piece, on a board whose
    /// cells hold layers: the piece starts a new layer there.
    #[cold]
    #[inline(never)]
    fn move_onto_layer(game: &Game, state: &mut State, a: i32, b: i32, span: Span) -> Fallible {
        let wa = state.cell_at(game, a);
        let moving = CellWord((wa.0 & !0xff) | 1);
        if state.layer_count(game, b) >= game.rules.stack_layers as i32 {
            return Err(full(game, "`move`", b, span));
        }
        if wa.count() == 1 {
            state.pop_layer(game, a as usize);
        } else {
            state.data[game.rules.cells_base + a as usize] = wa.0 - 1;
        }
        state.push_layer(game, b as usize, moving);
        Ok(())
    }

    /// Why a new layer cannot go on a cell.
    #[cold]
    fn full(game: &Game, effect: &'static str, c: i32, span: Span) -> Box<RuntimeError> {
        let kind = Kind::StackFull {
            effect,
            cell: game.rules.board.cells[c as usize].clone(),
            layers: game.rules.stack_layers,
        };
        Box::new(RuntimeError::new(span, kind))
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
        let kind = if wa.count() == 0 {
            Kind::MoveFromEmpty {
                cell: game.rules.board.cells[a as usize].clone(),
            }
        } else if wb.count() > 0 && (wb.0 ^ wa.0) & !0xff != 0 {
            unlike("`move`", game, b, wa, wb)
        } else {
            Kind::CellOverflow
        };
        Box::new(RuntimeError::new(span, kind))
    }

    /// Why pieces cannot join the stack `there` on cell `c`. A stack is alike pieces;
    /// pieces that differ from it only in value need their values made equal, not the
    /// stack removed.
    #[cold]
    fn unlike(
        effect: &'static str,
        game: &Game,
        c: i32,
        arriving: CellWord,
        there: CellWord,
    ) -> Kind {
        let cell = game.rules.board.cells[c as usize].clone();
        if arriving.owner() == there.owner() && arriving.piece() == there.piece() {
            Kind::UnlikeValue {
                effect,
                cell,
                there: there.value(),
                arriving: arriving.value(),
            }
        } else {
            Kind::Occupied { effect, cell }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn put(
        game: &Game,
        state: &mut State,
        c: i32,
        count: i32,
        piece: i32,
        owner: Option<i32>,
        value: Option<i32>,
        span: Span,
    ) -> Fallible {
        let slot = cell_slot(game, c, span, "`put` at")?;
        // The checker lets only a kind of the game stand here: a name, or a local
        // holding one.
        let Some(def) = usize::try_from(piece)
            .ok()
            .and_then(|p| game.rules.pieces.get(p))
        else {
            return Ok(());
        };
        let piece = piece as u8;
        // A kind chosen in play is put with an owner, which a neutral kind has not.
        let o = match owner {
            Some(_) if def.neutral => NEUTRAL,
            Some(o) => player_of(game, Some(o), span)? as i32,
            None => NEUTRAL,
        };
        let v = value.unwrap_or_else(|| def.values.map_or(0, |(lo, _)| lo));
        if let Some((lo, hi)) = def.values {
            if v < lo || v > hi {
                let kind = Kind::PieceValue {
                    piece: def.name.clone(),
                    low: lo,
                    high: hi,
                    value: v,
                };
                return Err(RuntimeError::new(span, kind).into());
            }
        }
        if !(0..=255).contains(&count) {
            return Err(RuntimeError::new(span, Kind::PutCount { count }).into());
        }
        if count == 0 {
            return Ok(());
        }
        let w = CellWord(state.data[slot]);
        if w.count() > 0 && (w.owner() != o || w.piece() != piece || w.value() != v) {
            let arriving = CellWord::new(o, piece, v, count);
            if game.rules.stack_layers > 1 {
                if !state.push_layer(game, c as usize, arriving) {
                    return Err(full(game, "`put`", c, span));
                }
                return Ok(());
            }
            return Err(RuntimeError::new(span, unlike("`put`", game, c, arriving, w)).into());
        }
        if w.count() + count > 255 {
            return Err(RuntimeError::new(span, Kind::CellOverflow).into());
        }
        state.data[slot] = CellWord::new(o, piece, v, w.count() + count).0;
        Ok(())
    }

    /// `cut a -- b` (`cut`) or `join a -- b`: sets or clears the bit of the link
    /// between two neighbouring cells.
    pub fn link(game: &Game, state: &mut State, cut: bool, a: i32, b: i32, span: Span) -> Fallible {
        let effect = if cut { "`cut`" } else { "`join`" };
        cell_slot(game, a, span, effect)?;
        cell_slot(game, b, span, effect)?;
        let Some(pair) = game.rules.board.pair(a, b) else {
            let name = |c: i32| game.rules.board.cells[c as usize].clone();
            let kind = Kind::NotNeighbours {
                effect,
                a: name(a),
                b: name(b),
            };
            return Err(RuntimeError::new(span, kind).into());
        };
        state.set_cut(game, pair, cut);
        Ok(())
    }

    pub fn remove(game: &Game, state: &mut State, c: i32, span: Span) -> Fallible {
        cell_slot(game, c, span, "`remove`")?;
        // The top layer goes; on a board of layers the one under it is uncovered.
        state.pop_layer(game, c as usize);
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
            let kind = Kind::TakeFromEmpty {
                pool: game.rules.pools[pool].name.clone(),
                value: v,
            };
            return Err(RuntimeError::new(span, kind).into());
        };
        state.data[slot] -= 1;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add_pool(
        game: &Game,
        state: &mut State,
        pool: usize,
        player: Option<i32>,
        v: i32,
        n: i32,
        span: Span,
    ) -> Fallible {
        let p = player_of(game, player, span)?;
        let def = &game.rules.pools[pool];
        let Some(slot) = pool_slot(game, pool, p, v) else {
            let kind = Kind::PoolValue {
                pool: def.name.clone(),
                low: def.low,
                high: def.high,
                value: v,
            };
            return Err(RuntimeError::new(span, kind).into());
        };
        // Checked before adding, against the copies of every value, so that no count
        // can go beyond the limit or wrap round.
        let held = crate::engine::eval::pool_size(game, state, pool, p);
        if n < 0 || n > MAX_POOL_COPIES - held {
            let kind = Kind::PoolOverflow {
                pool: def.name.clone(),
                held,
                adding: n,
            };
            return Err(RuntimeError::new(span, kind).into());
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
        let def = &game.rules.pools[pool];
        let base = def.base + p * def.width();
        state.data[base..base + def.width()].fill(0);
        Ok(())
    }

    pub(crate) fn set_value(
        game: &Game,
        state: &mut State,
        c: i32,
        v: i32,
        span: Span,
    ) -> Fallible {
        let slot = cell_slot(game, c, span, "`set value`")?;
        let w = CellWord(state.data[slot]);
        if w.count() == 0 {
            let kind = Kind::SetValueOfEmpty {
                cell: game.rules.board.cells[c as usize].clone(),
            };
            return Err(RuntimeError::new(span, kind).into());
        }
        if let Some((lo, hi)) = game.rules.pieces[w.piece() as usize].values {
            if v < lo || v > hi {
                let kind = Kind::PieceValue {
                    piece: game.rules.pieces[w.piece() as usize].name.clone(),
                    low: lo,
                    high: hi,
                    value: v,
                };
                return Err(RuntimeError::new(span, kind).into());
            }
        }
        state.data[slot] = CellWord::new(w.owner(), w.piece(), v, w.count()).0;
        state.join_top(game, c as usize);
        Ok(())
    }

    pub(crate) fn set_mover(game: &Game, state: &mut State, p: i32, span: Span) -> Fallible {
        let p = player_of(game, Some(p), span)?;
        state.data[SLOT_MOVER] = p as i32;
        state.data[SLOT_OWNER] = p as i32;
        Ok(())
    }

    pub(crate) fn hand_to(
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

    pub(crate) fn hand_back(state: &mut State, flow: &mut Flow) {
        state.data[SLOT_MOVER] = state.data[SLOT_OWNER];
        flow.cont = true;
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn assign(
        game: &Game,
        state: &mut State,
        counter: usize,
        player: Option<i32>,
        op: AssignOp,
        v: i32,
        span: Span,
    ) -> Fallible {
        let p = player_of(game, player, span)?;
        let slot = game.rules.counters[counter].base + p;
        let old = state.data[slot];
        state.data[slot] = match op {
            AssignOp::Set => v,
            AssignOp::Add => old.wrapping_add(v),
            AssignOp::Sub => old.wrapping_sub(v),
        };
        Ok(())
    }
}
