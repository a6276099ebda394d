//! GNU Backgammon's position and match IDs on the command line, for a game of
//! backgammon's shape (the shape and the IDs are `tabula_gnubg`'s).

use super::common::play_moves;
use super::PositionArgs;
use crate::error::{refused, CliError};
use tabula::{json, Engine, Game, Source, State};
use tabula_gnubg::{GameError, GameFacts};

/// What of the game tells whether its states have GNU Backgammon IDs.
pub fn gnubg_facts(game: &Game) -> GameFacts<'_> {
    GameFacts {
        title: game.name(),
        options: game.chosen_options(),
        players: game.players().len(),
        owned_piece_kinds: game.owned_piece_kinds(),
        opposed_race: game.opposed_race(),
    }
}

/// `state --gnubg-id POSITION[:MATCH]`: the state of the IDs (validated like a state
/// file), then --moves and --dice as for any starting state.
pub(super) fn gnubg_position(
    engine: &mut Engine,
    p: &PositionArgs,
    id: &str,
) -> Result<State, CliError> {
    let game = engine.game();
    let text = gnubg_state_text(game, id)?;
    let source = Source::new("--gnubg-id".to_string(), text);
    let mut state = json::state_from_text(game, &source).map_err(CliError::State)?;
    play_moves(engine, p, &mut state)?;
    Ok(state)
}

/// The state document of GNU Backgammon's IDs (`POSITION` or `POSITION:MATCH`) for a
/// game with backgammon's shape.
pub fn gnubg_state_text(game: &Game, id: &str) -> Result<String, CliError> {
    gnubg_facts(game).state_text(id).map_err(|e| match e {
        GameError::NotFitting { .. } => refused!("--gnubg-id reads GNU Backgammon IDs, but {e}"),
        GameError::Bridge(e) => refused!("{e}"),
    })
}

/// Adds `"formats": {"gnubg": {"position": ..., "match": ...}}` to a backgammon state's
/// JSON when the state can be written as GNU Backgammon IDs.
pub fn add_gnubg_ids(game: &Game, value: &mut serde_json::Value) {
    gnubg_facts(game).add_ids(value);
}
