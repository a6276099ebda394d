//! GNU Backgammon's Position and Match IDs for a game with backgammon's board (the
//! shape and the IDs are `tabula_gnubg`'s, as on the command line).

use tabula::Game;
use tabula_gnubg::{GameError, GameFacts};

/// What of the game tells whether its states have GNU Backgammon IDs.
fn facts(game: &Game) -> GameFacts<'_> {
    GameFacts {
        title: game.name(),
        options: game.chosen_options(),
        players: game.players().len(),
        owned_piece_kinds: game.owned_piece_kinds(),
        opposed_race: game.opposed_race(),
    }
}

/// Whether the game's states have GNU Backgammon IDs.
pub fn fits(game: &Game) -> bool {
    facts(game).fits()
}

/// A message of the module: the shape refused with the call that asked.
fn message(e: GameError, call: &str) -> String {
    match e {
        GameError::NotFitting { .. } => format!("error: {call} GNU Backgammon IDs, but {e}"),
        GameError::Bridge(e) => format!("error: {e}"),
    }
}

/// The state document of `POSITION` or `POSITION:MATCH`, for `state_from_text`.
pub fn state_text(game: &Game, id: &str) -> Result<String, String> {
    facts(game)
        .state_text(id)
        .map_err(|e| message(e, "state_from_gnubg_id() reads"))
}

/// `POSITION:MATCH` of a state (not while a roll is partly played).
pub fn ids(game: &Game, state: &tabula::State) -> Result<String, String> {
    let value = tabula::json::state_to_json(game, state);
    let (position, match_id) = facts(game)
        .ids(&value)
        .map_err(|e| message(e, "gnubg_id() writes"))?;
    Ok(format!("{position}:{match_id}"))
}
