//! The bridge between tabula's backgammon states and gnubg's two IDs.
//!
//! tabula writes a state as a JSON document (its `docs/state-format.md`);
//! this module reads and writes that document as a [`serde_json::Value`], so
//! the crate does not depend on tabula (tabula depends on it). It is written
//! for `games/backgammon.tabula`:
//!
//! - cells `"1"` to `"24"` in White's numbering (White moves 24 -> 1, Black
//!   1 -> 24), `"bar-white"`, `"bar-black"`, `"off-white"`, `"off-black"`,
//!   each holding `{"owner": ..., "piece": "checker", "count": n}`;
//! - the pool `dice` (the dice still to play; a double is four dice);
//! - the counters `cube`, `cube_owner` (`null` while the cube is in the
//!   middle), `offered` (1 while a double waits for an answer), `dropped`,
//!   `turns`, and the match counters `match_length` (0 = money play),
//!   `match_score` and `match_score_before` (each player's points before this
//!   game, and before the previous one);
//! - `to_move` (who decides now) and `turn_of` (whose turn it is: the doubler
//!   while his opponent answers a double).
//!
//! A field left out is read as tabula reads it: a counter left out is 0, and
//! a player counter left out is the first player, White (so a state without
//! `cube_owner` has White owning the cube, and one without `dropped` is a game
//! White dropped). Write every counter, as `tabula state` does.
//!
//! **Players.** gnubg's player 0 is White and its player 1 is Black.
//!
//! **Whose point of view.** The Position ID is written from the point of view
//! of gnubg's player on roll, the *dice owner*: White's point k is cell `k`,
//! Black's point k is cell `25-k`, and either bar is index 24 of its side.
//! Normally that is `to_move`; while a double is offered it is the doubler
//! (`turn_of`), as in gnubg, which keeps the board of the doubler when it
//! hands the decision to take or drop to his opponent (the Match ID's *turn*
//! is then the player who answers, and its *dice owner* the doubler).
//!
//! **The Crawford game.** tabula does not store a Crawford flag: the rules
//! file computes it, as the game right after a player first reached one point
//! short of the match (`max(match_score) == match_length - 1` and
//! `max(match_score_before) < match_length - 1`). [`ids_from_state`]
//! computes it the same way; [`state_from_ids`] writes `match_score_before`
//! so that the rules file finds the flag the Match ID gives (the earlier
//! score of the player one point short is not in the ID: it is written as 0).
//!
//! ```
//! use tabula_gnubg::{ids_from_state, state_from_ids};
//!
//! let state = state_from_ids("4HPwATDgc/ABMA", Some("QYkqASAAIAAA"))?;
//! assert_eq!(state["to_move"], "black");
//! assert_eq!(state["counters"]["cube_owner"], "white");
//! let (position, match_id) = ids_from_state(&state)?;
//! assert_eq!((position.as_str(), match_id.as_str()), ("4HPwATDgc/ABMA", "QYkqASAAIAAA"));
//! # Ok::<(), tabula_gnubg::BridgeError>(())
//! ```

use serde_json::{json, Map, Value};

use crate::{
    game_state, parse_match_id, parse_position_id, resignation, try_match_id, try_position_id,
    Board, CubeOwner, IdError, MatchInfo,
};

/// The players of `games/backgammon.tabula`, in gnubg's order: player 0 is
/// White, player 1 is Black.
const PLAYERS: [&str; 2] = ["white", "black"];

/// The game name the bridge expects in a state's `game` field.
const GAME: &str = "Backgammon";

/// Checkers a side has in all.
const CHECKERS: u32 = 15;
/// Index of the bar in a side of a [`Board`].
const BAR: usize = 24;

/// Why a state could not be written as gnubg IDs, or IDs as a state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BridgeError {
    /// A Position ID or Match ID could not be read or written.
    #[error("{0}")]
    Id(#[from] IdError),
    /// The JSON is not a backgammon state in tabula's format.
    #[error("{0}")]
    State(String),
    /// The IDs describe something a tabula backgammon state cannot hold.
    #[error("{0}")]
    Unsupported(String),
}

fn bad_state(message: impl Into<String>) -> BridgeError {
    BridgeError::State(message.into())
}

fn unsupported(message: impl Into<String>) -> BridgeError {
    BridgeError::Unsupported(message.into())
}

fn colour(player: usize) -> &'static str {
    PLAYERS[player]
}

/// A player's name as a gnubg player number.
fn player_of(value: &Value, what: &str) -> Result<usize, BridgeError> {
    value
        .as_str()
        .and_then(|name| PLAYERS.iter().position(|p| *p == name))
        .ok_or_else(|| {
            bad_state(format!(
                "{what} is {value}, but the players are white and black"
            ))
        })
}

/// A whole number of a counter; 0 when the counter is left out, as tabula reads it.
fn counter_int(counters: &Map<String, Value>, name: &str) -> Result<i64, BridgeError> {
    match counters.get(name) {
        None => Ok(0),
        Some(v) => v
            .as_i64()
            .ok_or_else(|| bad_state(format!("the counter `{name}` is {v}, not a whole number"))),
    }
}

/// A counter that holds a player or `null`. Left out, it is the first player
/// (White), as tabula reads it.
fn counter_player(counters: &Map<String, Value>, name: &str) -> Result<Option<usize>, BridgeError> {
    match counters.get(name) {
        None => Ok(Some(0)),
        Some(Value::Null) => Ok(None),
        Some(v) => player_of(v, &format!("the counter `{name}`")).map(Some),
    }
}

/// A per-player counter as gnubg's pair of numbers (absent: 0 each).
fn counter_pair(counters: &Map<String, Value>, name: &str) -> Result<[u32; 2], BridgeError> {
    let mut pair = [0; 2];
    let Some(value) = counters.get(name) else {
        return Ok(pair);
    };
    let Some(map) = value.as_object() else {
        return Err(bad_state(format!(
            "the counter `{name}` is kept per player, like {{\"white\": 0, \"black\": 0}}, not {value}"
        )));
    };
    for (player, slot) in pair.iter_mut().enumerate() {
        if let Some(v) = map.get(colour(player)) {
            *slot = v
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| {
                    bad_state(format!(
                        "the counter `{name}` of {} is {v}, not a whole number from 0",
                        colour(player)
                    ))
                })?;
        }
    }
    Ok(pair)
}

fn non_negative(value: i64, what: &str) -> Result<u32, BridgeError> {
    u32::try_from(value).map_err(|_| bad_state(format!("{what} is {value}, which is below 0")))
}

/// Each side's checkers from its own point of view (index k-1 = its point k,
/// index 24 = its bar), and how many each has borne off.
fn sides(cells: Option<&Value>) -> Result<([[u8; 25]; 2], [u32; 2]), BridgeError> {
    let mut sides = [[0u8; 25]; 2];
    let mut off = [0u32; 2];
    let empty = Map::new();
    let cells = match cells {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(map)) => map,
        Some(other) => {
            return Err(bad_state(format!(
                "`cells` maps cell names to their contents, not {other}"
            )))
        }
    };
    for (name, content) in cells {
        if content.is_null() {
            continue;
        }
        let Some(content) = content.as_object() else {
            return Err(bad_state(format!(
                "cell `{name}` holds {content}, not an object like {{\"owner\": \"white\", \"count\": 2}}"
            )));
        };
        if let Some(piece) = content.get("piece") {
            if piece != "checker" {
                return Err(bad_state(format!(
                    "cell `{name}` holds a {piece}, but backgammon has only checkers"
                )));
            }
        }
        let owner = match content.get("owner") {
            Some(o) => player_of(o, &format!("the owner of cell `{name}`"))?,
            None => return Err(bad_state(format!("cell `{name}` needs an `owner`"))),
        };
        let count = match content.get("count") {
            None => 1,
            Some(c) => c.as_u64().ok_or_else(|| {
                bad_state(format!(
                    "the count of cell `{name}` is {c}, not a whole number from 0"
                ))
            })?,
        };
        let count = u8::try_from(count)
            .ok()
            .filter(|&n| u32::from(n) <= CHECKERS)
            .ok_or_else(|| {
                bad_state(format!(
                    "cell `{name}` holds {count} checkers, but a player has {CHECKERS}"
                ))
            })?;
        let index = match name.as_str() {
            "bar-white" | "bar-black" | "off-white" | "off-black" => {
                if !name.ends_with(colour(owner)) {
                    return Err(bad_state(format!(
                        "cell `{name}` holds checkers of {}, but it is the other player's",
                        colour(owner)
                    )));
                }
                if name.starts_with("off") {
                    off[owner] += u32::from(count);
                    continue;
                }
                BAR
            }
            _ => match name.parse::<usize>() {
                Ok(point @ 1..=24) if owner == 0 => point - 1,
                Ok(point @ 1..=24) => 24 - point,
                _ => {
                    return Err(bad_state(format!(
                        "`{name}` is not a cell of the backgammon board (the cells are 1 to 24, \
                         bar-white, bar-black, off-white and off-black)"
                    )))
                }
            },
        };
        sides[owner][index] = count;
    }
    Ok((sides, off))
}

/// The dice pool as gnubg's roll: two dice, or four of a kind for a double.
fn roll(pools: Option<&Value>) -> Result<Option<(u8, u8)>, BridgeError> {
    let Some(dice) = pools.and_then(|p| p.get("dice")) else {
        return Ok(None);
    };
    let Some(list) = dice.as_array() else {
        return Err(bad_state(format!(
            "the pool `dice` is a list of dice, not {dice}"
        )));
    };
    let mut values = Vec::with_capacity(list.len());
    for v in list {
        match v.as_u64().and_then(|n| u8::try_from(n).ok()) {
            Some(d @ 1..=6) => values.push(d),
            _ => {
                return Err(bad_state(format!(
                    "the pool `dice` holds {v}, not a die from 1 to 6"
                )))
            }
        }
    }
    values.sort_unstable_by(|a, b| b.cmp(a));
    match values.as_slice() {
        [] => Ok(None),
        [a, b] if a != b => Ok(Some((*a, *b))),
        [a, b, c, d] if a == b && b == c && c == d => Ok(Some((*a, *a))),
        _ => Err(bad_state(format!(
            "the pool `dice` holds {dice}, dice partly played; a Match ID records a whole roll \
             (two different dice, or four of a kind for a double)"
        ))),
    }
}

/// Whether tabula's rules file finds this game to be the Crawford game.
fn is_crawford(match_length: u32, score: [u32; 2], before: [u32; 2]) -> bool {
    match_length > 0
        && score.iter().max() == Some(&(match_length - 1))
        && before.iter().all(|&b| b < match_length - 1)
}

/// The Position ID and Match ID of a tabula backgammon state (the JSON of
/// `tabula state backgammon`, or any document in tabula's state format).
///
/// gnubg's player 0 is White and player 1 is Black. The Position ID is from
/// the point of view of the player on roll: `to_move`, or while a double is
/// offered (`offered` == 1) the doubler, `turn_of`. The Match ID records the
/// cube (`cube`, `cube_owner`), the dice owner (`turn_of`) and the player to
/// act (`to_move`), the Crawford flag (computed from the match counters as
/// the rules file does), the game state (playing; over when the state has a
/// non-null `over` field, or a player has borne off 15 checkers; dropped when
/// the counter `dropped` names a player), whether a double is offered, the
/// dice (the pool `dice`, larger die first; none before the roll), the match
/// length (`match_length`, 0 for money play) and the scores (`match_score`).
///
/// # Errors
///
/// A plain sentence when the JSON is not a backgammon state (another game, an
/// unknown cell, a player other than white and black, dice partly played), or
/// when a field does not fit in an ID (e.g. a cube that is not a power of two).
pub fn ids_from_state(state: &Value) -> Result<(String, String), BridgeError> {
    let Some(obj) = state.as_object() else {
        return Err(bad_state(
            "a state is a JSON object with `to_move`, `cells`, `pools` and `counters`",
        ));
    };
    // The `game` title is not checked: a variant on backgammon's board, under another
    // title, has IDs too. Whether the state is one is told by its cells and counters.
    let to_move = match obj.get("to_move") {
        Some(v) => player_of(v, "`to_move`")?,
        None => return Err(bad_state("a state needs `to_move`")),
    };
    let turn_of = match obj.get("turn_of") {
        Some(v) if !v.is_null() => player_of(v, "`turn_of`")?,
        _ => to_move,
    };
    let empty = Map::new();
    let counters = match obj.get("counters") {
        None => &empty,
        Some(Value::Object(map)) => map,
        Some(other) => {
            return Err(bad_state(format!(
                "`counters` maps counter names to values, not {other}"
            )))
        }
    };
    let offered = counter_int(counters, "offered")? == 1;
    if offered && to_move == turn_of {
        return Err(bad_state(
            "a double is offered (`offered` is 1), but the player to answer it (`to_move`) \
             is the doubler (`turn_of`)",
        ));
    }
    if !offered && to_move != turn_of {
        return Err(bad_state(
            "`to_move` and `turn_of` differ, but no double is offered (`offered` is not 1)",
        ));
    }
    let cube = non_negative(counter_int(counters, "cube")?, "the cube")?;
    let cube_owner = match counter_player(counters, "cube_owner")? {
        None => CubeOwner::Centred,
        Some(p) => CubeOwner::Player(p as u8),
    };
    let dropped = counter_player(counters, "dropped")?;
    let match_length = non_negative(counter_int(counters, "match_length")?, "the match length")?;
    let score = counter_pair(counters, "match_score")?;
    let before = counter_pair(counters, "match_score_before")?;
    let (sides, off) = sides(obj.get("cells"))?;
    let dice = roll(obj.get("pools"))?;

    let over = obj.get("over").is_some_and(|o| !o.is_null()) || off.contains(&CHECKERS);
    let state_code = if dropped.is_some() {
        game_state::DROPPED
    } else if over {
        game_state::OVER
    } else {
        game_state::PLAYING
    };
    let board = Board {
        on_roll: sides[turn_of],
        opponent: sides[1 - turn_of],
    };
    let info = MatchInfo {
        cube_value: cube,
        cube_owner,
        dice_owner: turn_of as u8,
        crawford: is_crawford(match_length, score, before),
        game_state: state_code,
        turn: to_move as u8,
        double_offered: offered && state_code == game_state::PLAYING,
        resigned: resignation::NONE,
        dice,
        match_length,
        score,
    };
    Ok((try_position_id(&board)?, try_match_id(&info)?))
}

/// A tabula state of `games/backgammon.tabula` (as JSON, to be read by
/// `tabula::json::state_from_text`) from a Position ID and, if given, a
/// Match ID; for a game played without options. See
/// [`state_from_ids_with_options`].
///
/// # Errors
///
/// As [`state_from_ids_with_options`].
pub fn state_from_ids(position: &str, match_id: Option<&str>) -> Result<Value, BridgeError> {
    state_from_ids_with_options(position, match_id, &[])
}

/// A tabula state of `games/backgammon.tabula` played with `options` (e.g.
/// `no-cube`), from a Position ID and, if given, a Match ID.
///
/// The state is in phase `play`, past the opening roll (counter `turns` is
/// 1), with the player on roll as `to_move` and `turn_of`, the cube, its
/// owner and the match counters from the Match ID, and:
///
/// - dice rolled: the pool `dice` holds them (four dice for a double) and the
///   player moves;
/// - no dice, no double offered: the player decides whether to double or to
///   roll when he may double (cube in the middle or his, not the Crawford
///   game, not `no-cube`); otherwise `"chance": "roll"`, the roll pending;
/// - a double offered: `to_move` is the player who answers it (gnubg's
///   turn), `turn_of` the doubler (gnubg's dice owner), `offered` 1.
///
/// Without a Match ID, the state is that of a money game with the cube in
/// the middle at 1, White (gnubg's player 0) on roll and about to roll:
/// `"chance": "roll"`, no cube decision.
///
/// The state lists `options` only when some are given, so that the state of
/// a game without options reads under any options.
///
/// # Errors
///
/// A plain sentence when an ID cannot be read, or describes what a tabula
/// backgammon state cannot hold: both players on one point, a game not in
/// play (not started, over, resigned, dropped), a resignation offered, dice
/// rolled while a double is offered, a turn that is neither the dice owner's
/// nor an answer to a double, a Crawford flag no match score explains, or a
/// cube in a game played with `no-cube`.
pub fn state_from_ids_with_options(
    position: &str,
    match_id: Option<&str>,
    options: &[String],
) -> Result<Value, BridgeError> {
    let board = parse_position_id(position.trim())?;
    let info = match match_id {
        Some(id) => Some(parse_match_id(id.trim())?),
        None => None,
    };
    let no_cube = options.iter().any(|o| o == "no-cube");

    // Without a Match ID: White on roll in a money game, cube centred at 1.
    let info = info.unwrap_or(MatchInfo {
        cube_value: 1,
        cube_owner: CubeOwner::Centred,
        dice_owner: 0,
        crawford: false,
        game_state: game_state::PLAYING,
        turn: 0,
        double_offered: false,
        resigned: resignation::NONE,
        dice: None,
        match_length: 0,
        score: [0, 0],
    });
    let about_to_roll = match_id.is_none();

    match info.game_state {
        game_state::PLAYING => {}
        game_state::NONE => {
            return Err(unsupported(
                "the Match ID says no game has started (game state 0); a tabula state is a game in play",
            ))
        }
        _ => {
            return Err(unsupported(
                "the Match ID says the game is over; a tabula state from gnubg IDs is a game in play",
            ))
        }
    }
    if info.resigned != resignation::NONE {
        return Err(unsupported(
            "the Match ID has a resignation offered, but tabula's backgammon has no resignations",
        ));
    }
    let doubler = usize::from(info.dice_owner);
    let turn = usize::from(info.turn);
    if info.double_offered {
        if info.dice.is_some() {
            return Err(unsupported(
                "the Match ID has a double offered after the dice were rolled, but a double is \
                 offered before rolling",
            ));
        }
        if turn == doubler {
            return Err(unsupported(
                "the Match ID has a double offered, but the player to answer it is the doubler",
            ));
        }
    } else if turn != doubler {
        return Err(unsupported(format!(
            "the Match ID gives the dice to {} and the turn to {}, but without a double offered \
             they are the same player",
            colour(doubler),
            colour(turn)
        )));
    }
    if no_cube
        && (info.cube_value != 1 || info.cube_owner != CubeOwner::Centred || info.double_offered)
    {
        return Err(unsupported(
            "the game is played without the cube (option no-cube), but the Match ID has the cube \
             doubled, owned or offered",
        ));
    }

    // The match counters; `before` makes the rules file's Crawford test agree
    // with the Match ID's flag.
    let length = info.match_length;
    let score = info.score;
    let before = if info.crawford {
        score.map(|s| if length > 0 && s + 1 == length { 0 } else { s })
    } else {
        score
    };
    if is_crawford(length, score, before) != info.crawford {
        return Err(unsupported(format!(
            "the Match ID marks the Crawford game, but at {}-{} in a match to {length} no game \
             is the Crawford game (it is the game right after a player first reaches {})",
            score[0],
            score[1],
            length.saturating_sub(1)
        )));
    }

    // The cells, in White's numbering.
    let sides = if doubler == 0 {
        [board.on_roll, board.opponent]
    } else {
        [board.opponent, board.on_roll]
    };
    let mut cells = Map::new();
    let checker = |player: usize, count: u32| {
        let mut c = Map::new();
        c.insert("owner".into(), json!(colour(player)));
        c.insert("piece".into(), json!("checker"));
        if count != 1 {
            c.insert("count".into(), json!(count));
        }
        Value::Object(c)
    };
    for (player, side) in sides.iter().enumerate() {
        for (index, &count) in side.iter().enumerate().take(24) {
            if count == 0 {
                continue;
            }
            let point = index + 1;
            let cell = if player == 0 { point } else { 25 - point };
            let name = cell.to_string();
            if cells.contains_key(&name) {
                return Err(unsupported(format!(
                    "the Position ID puts checkers of both players on point {cell} (White's \
                     numbering), but a point holds the checkers of one player"
                )));
            }
            cells.insert(name, checker(player, u32::from(count)));
        }
        let bar = u32::from(side[BAR]);
        if bar > 0 {
            cells.insert(format!("bar-{}", colour(player)), checker(player, bar));
        }
        let on_board: u32 = side.iter().map(|&n| u32::from(n)).sum();
        let off = CHECKERS - on_board;
        if off > 0 {
            cells.insert(format!("off-{}", colour(player)), checker(player, off));
        }
    }

    let dice: Vec<u8> = match info.dice {
        None => Vec::new(),
        Some((a, b)) if a == b => vec![a; 4],
        Some((a, b)) => vec![a.min(b), a.max(b)],
    };
    let may_double = !no_cube
        && !info.crawford
        && match info.cube_owner {
            CubeOwner::Centred => true,
            CubeOwner::Player(p) => usize::from(p) == doubler,
        };
    let chance = if dice.is_empty() && !info.double_offered && (about_to_roll || !may_double) {
        json!("roll")
    } else {
        Value::Null
    };
    let owner = match info.cube_owner {
        CubeOwner::Centred => Value::Null,
        CubeOwner::Player(p) => json!(colour(usize::from(p))),
    };
    let pair = |v: [u32; 2]| json!({ "white": v[0], "black": v[1] });
    let mut state = json!({
        "game": GAME,
        "phase": "play",
        "to_move": colour(turn),
        "turn_of": colour(doubler),
        "chance": chance,
        "in_turn": info.double_offered,
        "cells": cells,
        "pools": { "dice": dice },
        "counters": {
            "turns": 1,
            "used": 0,
            "pips": 0,
            "cube": info.cube_value,
            "cube_owner": owner,
            "offered": u8::from(info.double_offered),
            "dropped": null,
            "match_length": length,
            "match_score": pair(score),
            "match_score_before": pair(before),
        },
    });
    if !options.is_empty() {
        let mut sorted = options.to_vec();
        sorted.sort();
        state["options"] = json!(sorted);
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start_cells() -> Value {
        let c =
            |owner: &str, count: u32| json!({"owner": owner, "piece": "checker", "count": count});
        json!({
            "1": c("black", 2), "12": c("black", 5), "17": c("black", 3), "19": c("black", 5),
            "24": c("white", 2), "13": c("white", 5), "8": c("white", 3), "6": c("white", 5),
        })
    }

    /// The starting position, White to decide whether to double or roll in a
    /// money game, as the bridge reads it.
    #[test]
    fn start_position_both_ways() {
        let state = json!({
            "game": "Backgammon",
            "phase": "play",
            "to_move": "white",
            "turn_of": "white",
            "cells": start_cells(),
            "pools": {"dice": []},
            "counters": {"cube": 1, "cube_owner": null, "offered": 0, "dropped": null, "turns": 1},
        });
        let (position, match_id) = ids_from_state(&state).unwrap();
        assert_eq!(position, "4HPwATDgc/ABMA");
        // Cube 1 centred (owner code 3), player 0 on roll and to act, game
        // state 1, no dice, money: bits 4, 5 and 8.
        assert_eq!(match_id, "MAEAAAAAAAAA");

        let back = state_from_ids("4HPwATDgc/ABMA", Some("MAEAAAAAAAAA")).unwrap();
        assert_eq!(back["cells"], start_cells());
        assert_eq!(back["to_move"], "white");
        assert_eq!(back["turn_of"], "white");
        assert_eq!(
            back["chance"],
            Value::Null,
            "a centred cube: double or roll"
        );
        assert_eq!(back["pools"]["dice"], json!([]));
        assert_eq!(back["counters"]["cube"], 1);
        assert_eq!(back["counters"]["cube_owner"], Value::Null);
        assert_eq!(back["counters"]["match_length"], 0);
        assert_eq!(ids_from_state(&back).unwrap(), (position, match_id));

        // Without a Match ID: White about to roll in a money game.
        let alone = state_from_ids("4HPwATDgc/ABMA", None).unwrap();
        assert_eq!(alone["chance"], "roll");
        assert_eq!(alone["to_move"], "white");
        assert_eq!(alone["cells"], start_cells());
    }

    /// The manual's Match ID: 9-point match, 2-4, player 0 (White) owns a
    /// 2-cube, player 1 (Black) has rolled 5-2.
    #[test]
    fn published_match_id_both_ways() {
        let state = state_from_ids("4HPwATDgc/ABMA", Some("QYkqASAAIAAA")).unwrap();
        assert_eq!(state["to_move"], "black");
        assert_eq!(state["turn_of"], "black");
        assert_eq!(state["chance"], Value::Null);
        assert_eq!(state["pools"]["dice"], json!([2, 5]));
        let counters = &state["counters"];
        assert_eq!(counters["cube"], 2);
        assert_eq!(counters["cube_owner"], "white");
        assert_eq!(counters["offered"], 0);
        assert_eq!(counters["match_length"], 9);
        assert_eq!(counters["match_score"], json!({"white": 2, "black": 4}));
        assert_eq!(state["cells"], start_cells());

        let written = json!({
            "game": "Backgammon",
            "phase": "play",
            "to_move": "black",
            "turn_of": "black",
            "cells": start_cells(),
            "pools": {"dice": [5, 2]},
            "counters": {
                "cube": 2, "cube_owner": "white", "offered": 0, "dropped": null, "turns": 5,
                "match_length": 9,
                "match_score": {"white": 2, "black": 4},
                "match_score_before": {"white": 2, "black": 2},
            },
        });
        assert_eq!(
            ids_from_state(&written).unwrap(),
            ("4HPwATDgc/ABMA".to_string(), "QYkqASAAIAAA".to_string())
        );
    }

    #[test]
    fn black_on_roll_reads_the_board_from_his_side() {
        // One White checker on White's 1-point (cell 1) and one Black checker on
        // the bar. From Black's side: White (opponent) has his point 1 = bit 0;
        // Black (on roll) has his bar, bit 24 + 1 (opponent's end) + 24 = 50.
        let state = json!({
            "to_move": "black",
            "cells": {
                "1": {"owner": "white", "piece": "checker"},
                "bar-black": {"owner": "black", "piece": "checker"},
            },
            "counters": {"cube": 1, "cube_owner": null, "dropped": null},
        });
        let board = Board {
            on_roll: {
                let mut s = [0; 25];
                s[24] = 1;
                s
            },
            opponent: {
                let mut s = [0; 25];
                s[0] = 1;
                s
            },
        };
        let (position, _) = ids_from_state(&state).unwrap();
        assert_eq!(position, crate::position_id(&board));
        let back = state_from_ids(&position, Some("QYkqASAAIAAA")).unwrap();
        assert_eq!(back["cells"]["1"]["owner"], "white");
        assert_eq!(back["cells"]["bar-black"]["owner"], "black");
        assert_eq!(back["cells"]["off-white"]["count"], 14);
        assert_eq!(back["cells"]["off-black"]["count"], 14);
    }
}
