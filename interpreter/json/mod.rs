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

mod contents;
mod document;
mod locate;
mod read;

pub use read::state_from_text;

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
    let mut doc = json!({
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
    });
    // Only a board whose links may be cut has them: other games' documents stay as
    // they were.
    if game.rules.board.cuttable {
        let board = &game.rules.board;
        let cut: Vec<String> = (board.pairs.iter().enumerate())
            .filter(|&(p, _)| state.is_cut(game, p))
            .map(|(_, &(a, b))| {
                format!("{} -- {}", board.cells[a as usize], board.cells[b as usize])
            })
            .collect();
        if let Some(object) = doc.as_object_mut() {
            object.insert("cut".into(), json!(cut));
        }
    }
    doc
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
    value["scores"] = scores_json(game, &engine.scores(state)?);
    Ok(value)
}

/// A score as a JSON number, read in the rules' `scale` (Nths): an integer when the score
/// has no scale, else the nearest float (7.5 for 15 halves).
pub fn score_json(game: &Game, score: i32) -> Value {
    if game.score_scale() == 1 {
        json!(score)
    } else {
        json!(game.score_number(score))
    }
}

/// Every player's score, in player order, as `score_json` gives each.
pub fn scores_json(game: &Game, scores: &[i32]) -> Value {
    Value::Array(scores.iter().map(|&s| score_json(game, s)).collect())
}

/// A game's result with players by name: winner (null for a draw), points, scores by
/// player, and the end rule that decided it.
pub fn outcome_to_json(game: &Game, o: &crate::engine::Outcome) -> Value {
    let scores: Map<String, Value> = game
        .rules
        .players
        .iter()
        .zip(&o.scores)
        .map(|(p, &s)| (p.clone(), score_json(game, s)))
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
