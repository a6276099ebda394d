//! GNU Backgammon's position and match IDs on the command line, for a game of
//! backgammon's shape.

use super::common::play_moves;
use super::PositionArgs;
use crate::error::{refused, CliError};
use tabula::{json, Engine, Game, Source, State};

/// Whether a game has backgammon's shape, so that its states have GNU Backgammon IDs:
/// two players; one kind of piece; a track that runs, for each player, from a zone of
/// his own (the bar) over the same 24 cells, each in the other's order, to another zone
/// of his own (the tray). Decided by the game's structure, not by its title, so a
/// variant written on backgammon's board has IDs too.
pub fn backgammon_shape(game: &Game) -> bool {
    game.players.len() == 2
        && game.pieces.iter().filter(|p| !p.neutral).count() == 1
        && game.board.opposed_race() == Some(24)
}

/// `state --gnubg-id POSITION[:MATCH]`: the state of the IDs (validated like a state
/// file), then --moves and --dice as for any starting state.
pub(super) fn gnubg_position(
    engine: &mut Engine,
    p: &PositionArgs,
    id: &str,
) -> Result<State, CliError> {
    let game = engine.game;
    let text = gnubg_state_text(game, id)?;
    let source = Source::new("--gnubg-id".to_string(), text);
    let mut state = json::state_from_text(game, &source).map_err(CliError::State)?;
    play_moves(engine, p, &mut state)?;
    Ok(state)
}

/// The state document of GNU Backgammon's IDs (`POSITION` or `POSITION:MATCH`) for a
/// game with backgammon's shape.
pub fn gnubg_state_text(game: &Game, id: &str) -> Result<String, CliError> {
    if !backgammon_shape(game) {
        return Err(refused!(
            "--gnubg-id reads GNU Backgammon IDs, but {} does not have backgammon's board (two players, one kind of piece, a bar, 24 points and a tray on a track)",
            game.name
        ));
    }
    let (position_id, match_id) = match id.trim().split_once(':') {
        Some((position_id, match_id)) => (position_id, Some(match_id)),
        None => (id.trim(), None),
    };
    let mut value = tabula_gnubg::state_from_ids_with_options(position_id, match_id, &game.chosen)
        .map_err(|e| refused!("{e}"))?;
    // The IDs hold no title: the state is this game's.
    value["game"] = serde_json::json!(game.name);
    Ok(value.to_string())
}

/// Adds `"formats": {"gnubg": {"position": ..., "match": ...}}` to a backgammon state's
/// JSON (a field state readers skip), when
/// the state can be written as GNU Backgammon IDs (not while dice are partly played).
pub fn add_gnubg_ids(game: &Game, value: &mut serde_json::Value) {
    if !backgammon_shape(game) {
        return;
    }
    if let Ok((position, match_id)) = tabula_gnubg::ids_from_state(value) {
        value["formats"] =
            serde_json::json!({ "gnubg": { "position": position, "match": match_id } });
    }
}
