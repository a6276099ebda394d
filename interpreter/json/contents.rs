//! The parts of a state named by the game's own names: its cells and their layers,
//! pools and counters.

use super::document::*;
use super::locate::{Seg, Target};
use super::read::{close, given_text, Reader};
use crate::diagnostic::{escape, StateErrorKind};
use crate::engine::state::{CellWord, State, NEUTRAL};
use crate::ir::*;

impl Reader<'_> {
    pub(super) fn cells(&mut self, cells: &Given<Entries<Given<Cell>>>, state: &mut State) {
        let game = self.game;
        let entries = match &cells.0 {
            Ok(Entries(entries)) => entries,
            Err(found) => {
                let found = found.to_string();
                let kind = StateErrorKind::CellsNotMap { found };
                self.error(&[Seg::Key("cells", 0)], Target::Value, kind);
                return;
            }
        };
        for entry in entries {
            let name = entry.key.as_str();
            let at = [Seg::Key("cells", 0), Seg::Key(name, entry.nth)];
            let shown = escape(name);
            if entry.nth > 0 {
                let kind = StateErrorKind::CellTwice { cell: shown };
                self.error(&at, Target::Key, kind);
                continue;
            }
            let board = &game.rules.board;
            let Some(cell) = board.cell(name) else {
                if self.reporting() {
                    let kind = StateErrorKind::NotACell {
                        name: shown,
                        first: board.cells[0].clone(),
                        last: board.cells[board.cells.len() - 1].clone(),
                        close: close(name, board.cells.iter().map(String::as_str)),
                    };
                    self.place(&at, Target::Key, kind);
                }
                continue;
            };
            let top = match &entry.value.0 {
                Ok(Cell::Empty) => continue,
                Ok(Cell::Layer(top)) => top,
                Err(found) => {
                    let found = found.to_string();
                    let kind = StateErrorKind::CellNotObject { cell: shown, found };
                    self.error(&at, Target::Value, kind);
                    continue;
                }
            };
            self.strays(
                &top.strays,
                &at,
                &TOP_LAYER_FIELDS,
                Some(&shown),
                |field, close| StateErrorKind::UnknownCellField {
                    cell: shown.clone(),
                    field,
                    fields: TOP_LAYER_FIELDS.iter().map(|f| f.to_string()).collect(),
                    close,
                },
            );
            let Some(top_word) = self.layer(&shown, &at, top) else {
                continue;
            };
            let mut words = vec![top_word];
            if let Some(under) = &top.under {
                let under_at = [at[0], at[1], Seg::Key("under", 0)];
                self.under(&shown, &under_at, under, &mut words);
                if top_word.count() == 0 && words.len() > 1 {
                    let kind = StateErrorKind::UnderEmptyCell { cell: shown };
                    self.error(&under_at, Target::Value, kind);
                    continue;
                }
            }
            state.data[game.rules.cells_base + cell as usize] = 0;
            for w in words.iter().rev().filter(|w| w.count() > 0) {
                state.push_layer(game, cell as usize, *w);
            }
        }
    }

    /// The layers a cell lists `under` its top one (at `at`), added to `words`.
    fn under(
        &mut self,
        cell: &str,
        at: &[Seg],
        under: &Given<List<Given<Layer>>>,
        words: &mut Vec<CellWord>,
    ) {
        let game = self.game;
        let list = match &under.0 {
            Ok(List(list)) if list.len() < game.rules.stack_layers => list,
            _ if game.rules.stack_layers == 1 => {
                let kind = StateErrorKind::NothingUnder { cell: cell.into() };
                self.error(at, Target::Value, kind);
                return;
            }
            _ => {
                let kind = StateErrorKind::TooManyUnder {
                    cell: cell.into(),
                    max: game.rules.stack_layers - 1,
                };
                self.error(at, Target::Value, kind);
                return;
            }
        };
        for (i, l) in list.iter().enumerate() {
            let mut layer_at = at.to_vec();
            layer_at.push(Seg::Index(i));
            let l = match &l.0 {
                Ok(Layer(l)) => l,
                Err(found) => {
                    let kind = StateErrorKind::LayerNotObject {
                        cell: cell.into(),
                        found: found.to_string(),
                    };
                    self.error(&layer_at, Target::Value, kind);
                    continue;
                }
            };
            self.strays(
                &l.strays,
                &layer_at,
                &LAYER_FIELDS,
                Some(cell),
                |field, close| StateErrorKind::UnknownLayerField {
                    cell: cell.into(),
                    field,
                    fields: LAYER_FIELDS.iter().map(|f| f.to_string()).collect(),
                    close,
                },
            );
            match self.layer(cell, &layer_at, l) {
                Some(w) if w.count() > 0 => words.push(w),
                Some(_) => {
                    let kind = StateErrorKind::EmptyUnderLayer { cell: cell.into() };
                    self.error(&layer_at, Target::Value, kind);
                }
                None => {}
            }
        }
    }

    /// One layer of a cell: its owner and piece, value and count, each at its key under
    /// `at`; `cell` is the cell's name as messages show it.
    fn layer(&mut self, cell: &str, at: &[Seg], layer: &LayerFields) -> Option<CellWord> {
        let game = self.game;
        let field = |key| -> Vec<Seg> {
            let mut path = at.to_vec();
            path.push(Seg::Key(key, 0));
            path
        };
        let pieces = &game.rules.pieces;
        let piece = match &layer.piece {
            Some(p) => {
                let found = match &p.0 {
                    Ok(Name(n)) => pieces.iter().position(|d| &d.name == n),
                    Err(_) => None,
                };
                match found {
                    Some(i) => i,
                    None => {
                        if self.reporting() {
                            let given = given_text(p);
                            let names = pieces.iter().map(|p| p.name.as_str());
                            let kind = StateErrorKind::NotAPiece {
                                cell: cell.into(),
                                found: escape(&given),
                                pieces: names.clone().map(str::to_string).collect(),
                                close: close(&given, names),
                            };
                            self.place(&field("piece"), Target::Value, kind);
                        }
                        return None;
                    }
                }
            }
            None if pieces.len() == 1 => 0,
            None => {
                let kind = StateErrorKind::CellNeedsPiece { cell: cell.into() };
                self.error(at, Target::Key, kind);
                return None;
            }
        };
        let def = &pieces[piece];
        let owner = match (&layer.owner, def.neutral) {
            (Some(o), false) => {
                let what = format!("cell `{cell}`");
                self.player(o, &what, &field("owner"), Target::Value)? as i32
            }
            (None, true) => NEUTRAL,
            (Some(_), true) => {
                let kind = StateErrorKind::NeutralOwned {
                    cell: cell.into(),
                    piece: def.name.clone(),
                };
                self.error(&field("owner"), Target::Value, kind);
                return None;
            }
            (None, false) => {
                let kind = StateErrorKind::CellNeedsOwner { cell: cell.into() };
                self.error(at, Target::Key, kind);
                return None;
            }
        };
        let value = match &layer.value {
            Some(x) => self.whole(x, &format!("cell `{cell}`: the value"), &field("value"))?,
            None => def.values.map_or(0, |(lo, _)| lo),
        };
        if let Some((low, high)) = def.values {
            if value < low || value > high {
                let kind = StateErrorKind::ValueOutOfRange {
                    cell: cell.into(),
                    piece: def.name.clone(),
                    low,
                    high,
                    found: value,
                };
                self.error(&field("value"), Target::Value, kind);
                return None;
            }
        }
        let count = match &layer.count {
            Some(x) => self.whole(x, &format!("cell `{cell}`: the count"), &field("count"))?,
            None => 1,
        };
        if !(0..=255).contains(&count) {
            let kind = StateErrorKind::CountOutOfRange {
                cell: cell.into(),
                found: count,
            };
            self.error(&field("count"), Target::Value, kind);
            return None;
        }
        Some(if count == 0 {
            CellWord(0)
        } else {
            CellWord::new(owner, piece as u8, value, count)
        })
    }

    /// A whole number of 32 bits, reported as `what` if it is not one.
    fn whole(&mut self, x: &Given<Whole>, what: &str, at: &[Seg]) -> Option<i32> {
        match &x.0 {
            Ok(Whole(n)) => match i32::try_from(*n) {
                Ok(n) => Some(n),
                Err(_) => {
                    let what = what.to_string();
                    let kind = StateErrorKind::NumberOutOfRange { what, found: *n };
                    self.error(at, Target::Value, kind);
                    None
                }
            },
            Err(found) => {
                let kind = StateErrorKind::NotWholeNumber {
                    what: what.to_string(),
                    found: found.to_string(),
                };
                self.error(at, Target::Value, kind);
                None
            }
        }
    }

    pub(super) fn pools(&mut self, pools: &Given<Entries<Given<PoolValues>>>, state: &mut State) {
        let game = self.game;
        let entries = match &pools.0 {
            Ok(Entries(entries)) => entries,
            Err(found) => {
                let found = found.to_string();
                let kind = StateErrorKind::PoolsNotMap { found };
                self.error(&[Seg::Key("pools", 0)], Target::Value, kind);
                return;
            }
        };
        for entry in entries {
            let name = entry.key.as_str();
            let shown = escape(name);
            let at = [Seg::Key("pools", 0), Seg::Key(name, entry.nth)];
            if entry.nth > 0 {
                let kind = StateErrorKind::PoolTwice { name: shown };
                self.error(&at, Target::Key, kind);
                continue;
            }
            let Some(pi) = game.rules.pools.iter().position(|p| p.name == name) else {
                if self.reporting() {
                    let names = game.rules.pools.iter().map(|p| p.name.as_str());
                    let kind = StateErrorKind::NotAPool {
                        name: shown,
                        close: close(name, names),
                    };
                    self.place(&at, Target::Key, kind);
                }
                continue;
            };
            let def = &game.rules.pools[pi];
            let what = format!("pool `{shown}`");
            match (&entry.value.0, def.per_player) {
                (Ok(PoolValues::PerPlayer(Entries(lists))), true) => {
                    for list in lists {
                        let player_at = [at[0], at[1], Seg::Key(&list.key, list.nth)];
                        if list.nth > 0 {
                            let kind = StateErrorKind::PlayerTwice {
                                what: what.clone(),
                                player: escape(&list.key),
                            };
                            self.error(&player_at, Target::Key, kind);
                            continue;
                        }
                        let Some(player) = self.player_key(&list.key, &what, &player_at) else {
                            continue;
                        };
                        match &list.value.0 {
                            Ok(List(items)) => {
                                self.pool_copies(pi, player, items, &player_at, state)
                            }
                            Err(found) => {
                                let kind = StateErrorKind::PoolNotList {
                                    name: shown.clone(),
                                    found: found.to_string(),
                                };
                                self.error(&player_at, Target::Value, kind);
                            }
                        }
                    }
                }
                (Ok(PoolValues::Shared(items)), false) => {
                    self.pool_copies(pi, 0, items, &at, state)
                }
                (_, true) => {
                    let kind = StateErrorKind::PoolPerPlayer {
                        name: shown,
                        player: game.rules.players[0].clone(),
                    };
                    self.error(&at, Target::Value, kind);
                }
                (Ok(PoolValues::PerPlayer(_)), false) => {
                    let found = Found::Object.to_string();
                    let kind = StateErrorKind::PoolNotList { name: shown, found };
                    self.error(&at, Target::Value, kind);
                }
                (Err(found), false) => {
                    let found = found.to_string();
                    let kind = StateErrorKind::PoolNotList { name: shown, found };
                    self.error(&at, Target::Value, kind);
                }
            }
        }
    }

    /// The copies one player (or everyone, 0) holds in pool `pi`, listed at `at`.
    fn pool_copies(
        &mut self,
        pi: usize,
        player: usize,
        items: &[Given<Whole>],
        at: &[Seg],
        state: &mut State,
    ) {
        let game = self.game;
        let def = &game.rules.pools[pi];
        let name = escape(&def.name);
        if items.len() > MAX_POOL_COPIES as usize {
            let kind = StateErrorKind::PoolTooMany {
                name,
                max: MAX_POOL_COPIES,
                found: items.len(),
            };
            self.error(at, Target::Value, kind);
            return;
        }
        let what = format!("pool `{name}`: a value");
        for (i, item) in items.iter().enumerate() {
            let mut item_at = at.to_vec();
            item_at.push(Seg::Index(i));
            let Some(x) = self.whole(item, &what, &item_at) else {
                continue;
            };
            match crate::engine::eval::pool_slot(game, pi, player, x) {
                Some(slot) => state.data[slot] += 1,
                None => {
                    let kind = StateErrorKind::PoolValueOutOfRange {
                        name: name.clone(),
                        low: def.low,
                        high: def.high,
                        found: x,
                    };
                    self.error(&item_at, Target::Value, kind);
                }
            }
        }
    }

    pub(super) fn counters(
        &mut self,
        counters: &Given<Entries<Given<CounterValue>>>,
        state: &mut State,
    ) {
        let game = self.game;
        let entries = match &counters.0 {
            Ok(Entries(entries)) => entries,
            Err(found) => {
                let found = found.to_string();
                let kind = StateErrorKind::CountersNotMap { found };
                self.error(&[Seg::Key("counters", 0)], Target::Value, kind);
                return;
            }
        };
        for entry in entries {
            let name = entry.key.as_str();
            let shown = escape(name);
            let at = [Seg::Key("counters", 0), Seg::Key(name, entry.nth)];
            if entry.nth > 0 {
                let kind = StateErrorKind::CounterTwice { name: shown };
                self.error(&at, Target::Key, kind);
                continue;
            }
            let Some(c) = game.rules.counters.iter().find(|c| c.name == name) else {
                if self.reporting() {
                    let names = game.rules.counters.iter().map(|c| c.name.as_str());
                    let kind = StateErrorKind::NotACounter {
                        name: shown,
                        close: close(name, names),
                    };
                    self.place(&at, Target::Key, kind);
                }
                continue;
            };
            match (&entry.value.0, c.per_player) {
                (Ok(CounterValue::PerPlayer(Entries(values))), true) => {
                    for v in values {
                        let player_at = [at[0], at[1], Seg::Key(&v.key, v.nth)];
                        let what = format!("counter `{shown}`");
                        if v.nth > 0 {
                            let player = escape(&v.key);
                            let kind = StateErrorKind::PlayerTwice { what, player };
                            self.error(&player_at, Target::Key, kind);
                            continue;
                        }
                        if let Some(i) = self.player_key(&v.key, &what, &player_at) {
                            if let Some(x) =
                                self.counter_value(&v.value.0, c.ty, &shown, &player_at)
                            {
                                state.data[c.base + i] = x;
                            }
                        }
                    }
                }
                (Ok(CounterValue::One(v)), false) => {
                    if let Some(x) = self.counter_value(&Ok(v.clone()), c.ty, &shown, &at) {
                        state.data[c.base] = x;
                    }
                }
                (_, true) => {
                    let kind = StateErrorKind::CounterPerPlayer {
                        name: shown,
                        player: game.rules.players[0].clone(),
                    };
                    self.error(&at, Target::Value, kind);
                }
                (Err(found), false) => {
                    self.counter_value(&Err(found.clone()), c.ty, &shown, &at);
                }
                (Ok(CounterValue::PerPlayer(_)), false) => {
                    self.counter_value(&Err(Found::Object), c.ty, &shown, &at);
                }
            }
        }
    }

    /// A counter's value of type `ty`: a player or a cell by name, or `null` for none;
    /// `true` or `false`; or a whole number (a flag counter takes numbers too). `name`
    /// is the counter's as messages show it.
    fn counter_value(
        &mut self,
        v: &Result<Scalar, Found>,
        ty: Ty,
        name: &str,
        at: &[Seg],
    ) -> Option<i32> {
        let game = self.game;
        let what = format!("counter `{name}`");
        match (ty, v) {
            (Ty::Player | Ty::Cell, Ok(Scalar::Null)) => Some(-1),
            (Ty::Player, Ok(Scalar::Text(n))) => self
                .player(&Given(Ok(Name(n.clone()))), &what, at, Target::Value)
                .map(|p| p as i32),
            (Ty::Player, other) => {
                let kind = StateErrorKind::NotAPlayer {
                    what,
                    found: scalar_text(other),
                    players: game.rules.players.clone(),
                    close: None,
                };
                self.error(at, Target::Value, kind);
                None
            }
            (Ty::Cell, Ok(Scalar::Text(n))) if game.rules.board.cell(n).is_some() => {
                game.rules.board.cell(n)
            }
            (Ty::Cell, other) => {
                if self.reporting() {
                    let found = scalar_text(other);
                    let cells = game.rules.board.cells.iter().map(String::as_str);
                    let close = match other {
                        Ok(Scalar::Text(n)) => close(n, cells),
                        _ => None,
                    };
                    let kind = StateErrorKind::CounterNotACell {
                        name: name.into(),
                        found,
                        close,
                    };
                    self.place(at, Target::Value, kind);
                }
                None
            }
            (Ty::Bool, Ok(Scalar::Flag(b))) => Some(*b as i32),
            (_, Ok(Scalar::Whole(n))) => match i32::try_from(*n) {
                Ok(n) => Some(n),
                Err(_) => {
                    let kind = StateErrorKind::NumberOutOfRange { what, found: *n };
                    self.error(at, Target::Value, kind);
                    None
                }
            },
            (Ty::Bool, other) => {
                let kind = StateErrorKind::CounterNotBool {
                    name: name.into(),
                    found: scalar_text(other),
                };
                self.error(at, Target::Value, kind);
                None
            }
            (_, other) => {
                let kind = StateErrorKind::NotWholeNumber {
                    what,
                    found: scalar_text(other),
                };
                self.error(at, Target::Value, kind);
                None
            }
        }
    }
}

/// A counter's value as a message quotes it.
fn scalar_text(v: &Result<Scalar, Found>) -> String {
    match v {
        Ok(Scalar::Null) => "null".into(),
        Ok(Scalar::Flag(b)) => b.to_string(),
        Ok(Scalar::Whole(n)) => n.to_string(),
        Ok(Scalar::Text(s)) => escape(s),
        Err(found) => found.to_string(),
    }
}
