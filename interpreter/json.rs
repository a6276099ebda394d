//! States as JSON or YAML documents: written with every field, read back losslessly,
//! and simple enough for another program to write one by hand (docs/state-format.md).
//!
//! ```
//! use tabula::json::{state_from_text, state_to_json};
//! use tabula::{compile, Engine, Source};
//!
//! let rules = r#"
//! players a, b
//! board { grid 3 x 3 }
//! piece stone
//! action place "{to}" for to in cells where empty(to) { put stone of mover at to }
//! phase play { starts a actions place stuck end draw }
//! "#;
//! let game = compile(&Source::new("fill.tabula", rules), &[]).expect("it compiles");
//! let mut engine = Engine::new(&game);
//! let mut state = engine.initial_state().expect("it sets up");
//! engine.play_text(&mut state, "b2").expect("a legal move");
//!
//! let json = state_to_json(&game, &state);
//! assert_eq!(json["to_move"], "b");
//! assert_eq!(json["cells"]["b2"]["owner"], "a");
//! let read = state_from_text(&game, &Source::new("state.json", json.to_string()));
//! assert_eq!(read.expect("it reads back"), state);
//!
//! // A document by hand: only the phase and the player to move are required.
//! let by_hand = r#"{"phase": "play", "to_move": "b", "cells": {"b2": {"owner": "a"}}}"#;
//! let read = state_from_text(&game, &Source::new("by-hand.json", by_hand));
//! assert_eq!(read.expect("it reads"), state);
//! // One that names no player is refused, at its place.
//! let wrong = r#"{"phase": "play", "to_move": "c"}"#;
//! let refused = state_from_text(&game, &Source::new("wrong.json", wrong)).unwrap_err();
//! assert_eq!(refused.list[0].code(), Some("state-not-a-player"));
//! ```

use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind, Source, Span, StateErrorKind};
use crate::engine::state::{CellWord, State, NEUTRAL};
use crate::engine::Game;
use crate::ir::*;
use serde_json::{json, Map, Value};

/// The game's first state as a document that names no game (its `game` field left
/// out), so that a format judging a position by its board takes a variant as well.
pub fn first_state_unnamed(game: &Game) -> Result<Value, crate::RuntimeError> {
    let start = crate::Engine::new(game).initial_state()?;
    let mut value = state_to_json(game, &start);
    if let Some(object) = value.as_object_mut() {
        object.remove("game");
    }
    Ok(value)
}

/// The state as a JSON value.
pub fn state_to_json(game: &Game, state: &State) -> Value {
    let mut cells = Map::new();
    for (i, name) in game.rules.board.cells.iter().enumerate() {
        let w = CellWord(state.data[game.rules.cells_base + i]);
        if w.count() == 0 {
            continue;
        }
        let mut c = layer_json(game, w);
        let under: Vec<Value> = (1..game.rules.stack_layers as i32)
            .map(|k| state.layer(game, i as i32, k))
            .take_while(|w| w.count() > 0)
            .map(|w| Value::Object(layer_json(game, w)))
            .collect();
        if !under.is_empty() {
            c.insert("under".into(), Value::Array(under));
        }
        cells.insert(name.clone(), Value::Object(c));
    }
    state_json_rest(game, state, cells)
}

/// One layer of a cell: its piece, owner, value (of pieces that show one) and count
/// (when not 1).
fn layer_json(game: &Game, w: CellWord) -> Map<String, Value> {
    let mut c = Map::new();
    if w.owner() != NEUTRAL {
        c.insert(
            "owner".into(),
            json!(game.rules.players.get(w.owner() as usize)),
        );
    }
    c.insert(
        "piece".into(),
        json!(game.rules.pieces.get(w.piece() as usize).map(|p| &p.name)),
    );
    if game
        .rules
        .pieces
        .get(w.piece() as usize)
        .is_some_and(|p| p.values.is_some())
    {
        c.insert("value".into(), json!(w.value()));
    }
    if w.count() != 1 {
        c.insert("count".into(), json!(w.count()));
    }
    c
}

/// The state as a JSON value, given its cells.
fn state_json_rest(game: &Game, state: &State, cells: Map<String, Value>) -> Value {
    let mut pools = Map::new();
    for p in &game.rules.pools {
        let list = |player: usize| {
            let base = p.base + player * p.width();
            let mut v = Vec::new();
            for i in 0..p.width() {
                for _ in 0..state.data[base + i].max(0) {
                    v.push(p.low + i as i32);
                }
            }
            json!(v)
        };
        let value = if p.per_player {
            Value::Object(
                game.rules
                    .players
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (n.clone(), list(i)))
                    .collect(),
            )
        } else {
            list(0)
        };
        pools.insert(p.name.clone(), value);
    }
    let mut counters = Map::new();
    for c in &game.rules.counters {
        let typed = |v: i32| match c.ty {
            Ty::Player => json!(usize::try_from(v)
                .ok()
                .and_then(|i| game.rules.players.get(i))),
            Ty::Cell => json!(usize::try_from(v)
                .ok()
                .and_then(|i| game.rules.board.cells.get(i))),
            Ty::Bool => json!(v != 0),
            _ => json!(v),
        };
        let value = if c.per_player {
            Value::Object(
                game.rules
                    .players
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (n.clone(), typed(state.data[c.base + i])))
                    .collect(),
            )
        } else {
            typed(state.data[c.base])
        };
        counters.insert(c.name.clone(), value);
    }
    json!({
        "game": game.rules.name,
        "options": game.rules.chosen,
        "phase": game.rules.phases[state.phase().index()].name,
        "to_move": game.rules.players[state.mover().index()],
        "chance": state.chance().map(|c| &game.rules.chances[c.index()].name),
        "in_turn": state.in_turn(),
        "turn_of": game.rules.players.get(state.turn_of().index()).unwrap_or(&game.rules.players[0]),
        "cells": cells,
        "pools": pools,
        "counters": counters,
    })
}

/// A state as `tabula state` and the session's `state` write it: the state document,
/// with `over` (the result, when the game is over) and `scores` (in `players` order)
/// added for the reader; both are ignored when a state is read.
pub fn state_report(
    game: &Game,
    engine: &mut crate::engine::Engine,
    state: &State,
) -> Result<Value, crate::RuntimeError> {
    let mut value = state_to_json(game, state);
    if let Some(o) = engine.outcome(state)? {
        value["over"] = outcome_to_json(game, &o);
    }
    value["scores"] = json!(engine.scores(state)?);
    Ok(value)
}

/// A game's result with players by name: winner (null for a draw), points, scores by
/// player, and the end rule that decided it.
pub fn outcome_to_json(game: &Game, o: &crate::engine::Outcome) -> Value {
    let scores: Map<String, Value> = game
        .rules
        .players
        .iter()
        .zip(&o.scores)
        .map(|(p, s)| (p.clone(), json!(s)))
        .collect();
    let mut value = json!({
        "winner": o.winner.and_then(|w| game.rules.players.get(w.index())),
        "points": o.points,
        "scores": scores,
        "reason": o.reason,
    });
    if let Some(named) = &o.named {
        value["named"] = json!(named);
    }
    value
}

/// Reads a state written as JSON or YAML (`source.name` ending in .yaml/.yml, or text
/// that is not JSON). Every problem is reported with its place in the text.
pub fn state_from_text(game: &Game, source: &Source) -> Result<State, Diagnostics> {
    let fail = |list: Vec<Diagnostic>| Diagnostics {
        source: source.clone(),
        list,
    };
    let limit = crate::input::MAX_STATE_BYTES;
    if source.text.len() as u64 > limit {
        let size = source.text.len();
        let kind = StateErrorKind::TooLong { limit, size };
        return Err(fail(vec![state_error(Span::default(), kind)]));
    }
    if let Some(at) = crate::input::too_deep(&source.text) {
        let max = crate::input::MAX_DOCUMENT_NESTING;
        let kind = StateErrorKind::TooDeep { max };
        return Err(fail(vec![state_error(Span::new(at, at + 1), kind)]));
    }
    let name = source.name.to_ascii_lowercase();
    let yaml = name.ends_with(".yaml") || name.ends_with(".yml");
    let value: Value = if yaml {
        serde_yaml_ng::from_str(&source.text).map_err(|e| {
            let at = e.location().map_or(0, |l| l.index());
            let reason = e.to_string();
            fail(vec![state_error(
                Span::new(at, at + 1),
                StateErrorKind::NotYaml { reason },
            )])
        })?
    } else {
        serde_json::from_str(&source.text).map_err(|e| {
            let at = offset_of(&source.text, e.line(), e.column());
            let msg = e.to_string();
            let reason = msg.split(" at line").next().unwrap_or(&msg).to_string();
            fail(vec![state_error(
                Span::new(at, at + 1),
                StateErrorKind::NotJson { reason },
            )])
        })?
    };
    let mut reader = Reader {
        game,
        text: &source.text,
        errors: Vec::new(),
        unreported: 0,
    };
    let state = reader.state(&value);
    if reader.unreported > 0 {
        let kind = ErrorKind::MoreProblems {
            count: reader.unreported,
        };
        reader.errors.push(Diagnostic::of(Span::default(), kind));
    }
    if reader.errors.is_empty() {
        Ok(state)
    } else {
        Err(fail(reader.errors))
    }
}

fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split('\n').enumerate() {
        if i + 1 == line {
            return (off + col.saturating_sub(1)).min(text.len());
        }
        off += l.len() + 1;
    }
    text.len().saturating_sub(1)
}

struct Reader<'a> {
    game: &'a Game,
    text: &'a str,
    errors: Vec<Diagnostic>,
    unreported: usize,
}

impl<'a> Reader<'a> {
    /// Where a key or value appears in the text (its first quoted occurrence).
    fn find(&self, token: &str) -> Span {
        let quoted = format!("\"{token}\"");
        if let Some(i) = self.text.find(&quoted) {
            return Span::new(i, i + quoted.len());
        }
        match self.text.find(token) {
            Some(i) if !token.is_empty() => Span::new(i, i + token.len()),
            _ => Span::new(0, 0),
        }
    }

    /// Reports a problem at `token`'s place. Names from the file are quoted escaped and
    /// cut short; past `MAX_REPORTED` problems, they are only counted (finding each
    /// place reads the text).
    fn error(&mut self, token: &str, kind: StateErrorKind) {
        if self.errors.len() >= MAX_REPORTED {
            self.unreported += 1;
            return;
        }
        let span = self.find(token);
        let mut d = state_error(span, kind);
        if token.chars().count() > 60 || token.chars().any(char::is_control) {
            d.message = d.message.replace(token, &crate::diagnostic::escape(token));
        }
        self.errors.push(d);
    }

    fn player(&mut self, v: &Value, what: &str) -> Option<usize> {
        let name = v.as_str().unwrap_or("");
        match self.game.rules.players.iter().position(|p| p == name) {
            Some(p) => Some(p),
            None => {
                let kind = StateErrorKind::NotAPlayer {
                    what: what.to_string(),
                    found: value_text(v),
                    players: self.game.rules.players.clone(),
                };
                self.error(name, kind);
                None
            }
        }
    }

    fn int(&mut self, v: &Value, what: &str, key: &str) -> i32 {
        match v.as_i64().and_then(|n| i32::try_from(n).ok()) {
            Some(n) => n,
            None => {
                let kind = StateErrorKind::NotWholeNumber {
                    what: what.to_string(),
                    found: value_text(v),
                };
                self.error(key, kind);
                0
            }
        }
    }

    fn state(&mut self, v: &Value) -> State {
        let game = self.game;
        let mut state = State::new(game);
        // A counter the document leaves out has its declared starting value, worked
        // out by the engine as for a new game.
        if let Err(e) = crate::engine::Engine::new(game).start_counters(&mut state) {
            let reason = e.to_string();
            let kind = StateErrorKind::CountersNotWorkedOut { reason };
            self.errors.push(state_error(Span::new(0, 1), kind));
        }
        let Some(obj) = v.as_object() else {
            let kind = StateErrorKind::NotAnObject;
            self.errors.push(state_error(Span::new(0, 1), kind));
            return state;
        };
        let known = [
            "game", "options", "phase", "to_move", "turn_of", "chance", "in_turn", "cells",
            "pools", "counters", "over", "scores", "formats",
        ];
        for k in obj.keys() {
            if !known.contains(&k.as_str()) {
                let kind = StateErrorKind::UnknownField {
                    field: crate::diagnostic::escape(k),
                    fields: known[..10].iter().map(|f| f.to_string()).collect(),
                };
                self.error(k, kind);
            }
        }
        if let Some(opts) = obj.get("options").filter(|o| !o.is_array()) {
            let kind = StateErrorKind::OptionsNotList {
                chosen: game.rules.chosen.clone(),
                found: value_text(opts),
            };
            self.error("options", kind);
        }
        if let Some(opts) = obj.get("options").and_then(|o| o.as_array()) {
            if let Some(odd) = opts.iter().find(|o| !o.is_string()) {
                let found = value_text(odd);
                self.error("options", StateErrorKind::OptionNotName { found });
            }
            let mut given: Vec<String> = opts
                .iter()
                .filter_map(|o| o.as_str().map(str::to_string))
                .collect();
            given.sort();
            if given != game.rules.chosen {
                let chosen = game.rules.chosen.clone();
                self.error("options", StateErrorKind::OtherOptions { given, chosen });
            }
        }
        match obj.get("phase") {
            Some(p) => match game
                .rules
                .phases
                .iter()
                .position(|ph| Some(ph.name.as_str()) == p.as_str())
            {
                Some(i) => state.data[SLOT_PHASE] = i as i32,
                None => {
                    let kind = StateErrorKind::NotAPhase {
                        found: value_text(p),
                        phases: game.rules.phases.iter().map(|p| p.name.clone()).collect(),
                    };
                    self.error(p.as_str().unwrap_or("phase"), kind);
                }
            },
            None => self.error("", StateErrorKind::NoPhase),
        }
        match obj.get("to_move") {
            Some(p) => {
                if let Some(i) = self.player(p, "to_move") {
                    state.data[SLOT_MOVER] = i as i32;
                    state.data[SLOT_OWNER] = i as i32;
                }
            }
            None => self.error("", StateErrorKind::NoToMove),
        }
        if let Some(c) = obj.get("chance").filter(|c| !c.is_null()) {
            match game
                .rules
                .chances
                .iter()
                .position(|ch| Some(ch.name.as_str()) == c.as_str())
            {
                Some(i) => state.data[SLOT_CHANCE] = i as i32,
                None => {
                    let found = value_text(c);
                    let kind = StateErrorKind::NotAChance { found };
                    self.error(c.as_str().unwrap_or("chance"), kind);
                }
            }
        }
        if let Some(p) = obj.get("turn_of") {
            if let Some(i) = self.player(p, "turn_of") {
                state.data[SLOT_OWNER] = i as i32;
            }
        }
        if let Some(t) = obj.get("in_turn") {
            match t.as_bool() {
                Some(b) => state.data[SLOT_IN_TURN] = b as i32,
                None => {
                    let found = value_text(t);
                    self.error("in_turn", StateErrorKind::InTurnNotBool { found });
                }
            }
        }
        if let Some(g) = obj.get("game") {
            if g.as_str() != Some(game.rules.name.as_str()) {
                let kind = StateErrorKind::OtherGame {
                    found: value_text(g),
                    game: game.rules.name.clone(),
                };
                self.error("game", kind);
            }
        }
        if let Some(cells) = obj.get("cells") {
            self.cells(cells, &mut state);
        }
        if let Some(pools) = obj.get("pools") {
            self.pools(pools, &mut state);
        }
        if let Some(counters) = obj.get("counters") {
            self.counters(counters, &mut state);
        }
        state
    }

    fn cells(&mut self, v: &Value, state: &mut State) {
        let game = self.game;
        let Some(map) = v.as_object() else {
            self.error("cells", StateErrorKind::CellsNotMap);
            return;
        };
        for (name, c) in map {
            let Some(cell) = game.rules.board.cell(name) else {
                let kind = StateErrorKind::NotACell {
                    name: name.clone(),
                    first: game.rules.board.cells[0].clone(),
                    last: game.rules.board.cells[game.rules.board.cells.len() - 1].clone(),
                };
                self.error(name, kind);
                continue;
            };
            if c.is_null() {
                continue;
            }
            let Some(top) = self.layer(name, c) else {
                continue;
            };
            let mut words = vec![top];
            match c.get("under") {
                None => {}
                Some(Value::Array(list)) if list.len() < game.rules.stack_layers => {
                    for l in list {
                        match self.layer(name, l) {
                            Some(w) if w.count() > 0 => words.push(w),
                            Some(_) => {
                                let cell = name.clone();
                                self.error(name, StateErrorKind::EmptyUnderLayer { cell });
                            }
                            None => {}
                        }
                    }
                }
                Some(_) if game.rules.stack_layers == 1 => {
                    let cell = name.clone();
                    self.error(name, StateErrorKind::NothingUnder { cell });
                }
                Some(_) => {
                    let kind = StateErrorKind::TooManyUnder {
                        cell: name.clone(),
                        max: game.rules.stack_layers - 1,
                    };
                    self.error(name, kind);
                }
            }
            if top.count() == 0 && words.len() > 1 {
                let cell = name.clone();
                self.error(name, StateErrorKind::UnderEmptyCell { cell });
                continue;
            }
            state.data[game.rules.cells_base + cell as usize] = 0;
            for w in words.iter().rev().filter(|w| w.count() > 0) {
                state.push_layer(game, cell as usize, *w);
            }
        }
    }

    /// One layer of a cell in a state document: the piece, owner, value and count.
    fn layer(&mut self, name: &str, c: &Value) -> Option<CellWord> {
        let game = self.game;
        let Some(obj) = c.as_object() else {
            let cell = name.to_string();
            self.error(name, StateErrorKind::CellNotObject { cell });
            return None;
        };
        let piece = match obj.get("piece") {
            Some(p) => match game
                .rules
                .pieces
                .iter()
                .position(|d| Some(d.name.as_str()) == p.as_str())
            {
                Some(i) => i,
                None => {
                    let kind = StateErrorKind::NotAPiece {
                        cell: name.to_string(),
                        found: value_text(p),
                        pieces: game.rules.pieces.iter().map(|p| p.name.clone()).collect(),
                    };
                    self.error(p.as_str().unwrap_or(name), kind);
                    return None;
                }
            },
            None if game.rules.pieces.len() == 1 => 0,
            None => {
                let cell = name.to_string();
                self.error(name, StateErrorKind::CellNeedsPiece { cell });
                return None;
            }
        };
        let def = &game.rules.pieces[piece];
        let owner = match (obj.get("owner"), def.neutral) {
            (Some(o), false) => match self.player(o, &format!("cell `{name}`")) {
                Some(p) => p as i32,
                None => return None,
            },
            (None, true) => NEUTRAL,
            (Some(_), true) => {
                let kind = StateErrorKind::NeutralOwned {
                    cell: name.to_string(),
                    piece: def.name.clone(),
                };
                self.error(name, kind);
                return None;
            }
            (None, false) => {
                let cell = name.to_string();
                self.error(name, StateErrorKind::CellNeedsOwner { cell });
                return None;
            }
        };
        let value = match obj.get("value") {
            Some(x) => self.int(x, &format!("cell `{name}`: the value"), name),
            None => def.values.map_or(0, |(lo, _)| lo),
        };
        if let Some((lo, hi)) = def.values {
            if value < lo || value > hi {
                let kind = StateErrorKind::ValueOutOfRange {
                    cell: name.to_string(),
                    piece: def.name.clone(),
                    low: lo,
                    high: hi,
                    found: value,
                };
                self.error(name, kind);
                return None;
            }
        }
        let count = match obj.get("count") {
            Some(x) => self.int(x, &format!("cell `{name}`: the count"), name),
            None => 1,
        };
        if !(0..=255).contains(&count) {
            let kind = StateErrorKind::CountOutOfRange {
                cell: name.to_string(),
                found: count,
            };
            self.error(name, kind);
            return None;
        }
        Some(if count == 0 {
            CellWord(0)
        } else {
            CellWord::new(owner, piece as u8, value, count)
        })
    }

    fn pools(&mut self, v: &Value, state: &mut State) {
        let game = self.game;
        let Some(map) = v.as_object() else { return };
        for (name, value) in map {
            let Some(pi) = game.rules.pools.iter().position(|p| &p.name == name) else {
                let name_of = name.clone();
                self.error(name, StateErrorKind::NotAPool { name: name_of });
                continue;
            };
            let def = &game.rules.pools[pi];
            let lists: Vec<(usize, &Value)> = if def.per_player {
                let Some(obj) = value.as_object() else {
                    let kind = StateErrorKind::PoolPerPlayer {
                        name: name.clone(),
                        player: game.rules.players[0].clone(),
                    };
                    self.error(name, kind);
                    continue;
                };
                obj.iter()
                    .filter_map(|(p, l)| {
                        self.player(&Value::String(p.clone()), &format!("pool `{name}`"))
                            .map(|i| (i, l))
                    })
                    .collect()
            } else {
                vec![(0, value)]
            };
            for (player, list) in lists {
                let Some(items) = list.as_array() else {
                    let kind = StateErrorKind::PoolNotList { name: name.clone() };
                    self.error(name, kind);
                    continue;
                };
                if items.len() > MAX_POOL_COPIES as usize {
                    let kind = StateErrorKind::PoolTooMany {
                        name: name.clone(),
                        max: MAX_POOL_COPIES,
                        found: items.len(),
                    };
                    self.error(name, kind);
                    continue;
                }
                for item in items {
                    let x = self.int(item, &format!("pool `{name}`: a value"), name);
                    match crate::engine::eval::pool_slot(game, pi, player, x) {
                        Some(slot) => state.data[slot] += 1,
                        None => {
                            let kind = StateErrorKind::PoolValueOutOfRange {
                                name: name.clone(),
                                low: def.low,
                                high: def.high,
                                found: x,
                            };
                            self.error(name, kind);
                        }
                    }
                }
            }
        }
    }

    fn counters(&mut self, v: &Value, state: &mut State) {
        let game = self.game;
        let Some(map) = v.as_object() else { return };
        for (name, value) in map {
            let Some(c) = game.rules.counters.iter().find(|c| &c.name == name) else {
                let kind = StateErrorKind::NotACounter { name: name.clone() };
                self.error(name, kind);
                continue;
            };
            if c.per_player {
                let Some(obj) = value.as_object() else {
                    let kind = StateErrorKind::CounterPerPlayer {
                        name: name.clone(),
                        player: game.rules.players[0].clone(),
                    };
                    self.error(name, kind);
                    continue;
                };
                for (p, x) in obj {
                    if let Some(i) =
                        self.player(&Value::String(p.clone()), &format!("counter `{name}`"))
                    {
                        state.data[c.base + i] = self.counter_value(x, c.ty, name);
                    }
                }
            } else {
                state.data[c.base] = self.counter_value(value, c.ty, name);
            }
        }
    }
}

impl Reader<'_> {
    fn counter_value(&mut self, v: &Value, ty: Ty, name: &str) -> i32 {
        let game = self.game;
        match (ty, v) {
            (Ty::Player | Ty::Cell, Value::Null) => -1,
            (Ty::Player, _) => self
                .player(v, &format!("counter `{name}`"))
                .map_or(-1, |p| p as i32),
            (Ty::Cell, _) => match v.as_str().and_then(|c| game.rules.board.cell(c)) {
                Some(c) => c,
                None => {
                    let kind = StateErrorKind::CounterNotACell {
                        name: name.to_string(),
                        found: value_text(v),
                    };
                    self.error(name, kind);
                    -1
                }
            },
            (Ty::Bool, Value::Bool(b)) => *b as i32,
            _ => self.int(v, &format!("counter `{name}`"), name),
        }
    }
}

/// A problem of a state document at a span.
fn state_error(span: Span, kind: StateErrorKind) -> Diagnostic {
    Diagnostic::of(span, ErrorKind::State(kind))
}

/// A value as a message quotes it: control characters escaped, cut to a few words.
fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => crate::diagnostic::escape(s),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
        other => crate::diagnostic::escape(&other.to_string()),
    }
}

/// The most problems reported of one state; the rest are counted.
const MAX_REPORTED: usize = 50;
