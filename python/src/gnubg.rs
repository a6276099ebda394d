//! GNU Backgammon's Position and Match IDs for a game with backgammon's board, told by
//! its structure as the command line tells it (`tabula state --gnubg-id`).

use tabula::Game;

/// Whether the game's states have GNU Backgammon IDs: two players, one kind of piece,
/// a race over 24 cells in opposite directions from a zone to a zone.
pub fn fits(game: &Game) -> bool {
    game.players.len() == 2
        && game.pieces.iter().filter(|p| !p.neutral).count() == 1
        && game.board.opposed_race() == Some(24)
}

fn not_fitting(game: &Game, what: &str) -> String {
    format!(
        "error: {what} GNU Backgammon IDs, but {} does not have backgammon's board (two players, one kind of piece, a bar, 24 points and a tray on a track)",
        game.name
    )
}

/// The state document of `POSITION` or `POSITION:MATCH`, for `state_from_text`.
pub fn state_text(game: &Game, id: &str) -> Result<String, String> {
    if !fits(game) {
        return Err(not_fitting(game, "state_from_gnubg_id() reads"));
    }
    let (position, match_id) = match id.trim().split_once(':') {
        Some((p, m)) => (p, Some(m)),
        None => (id.trim(), None),
    };
    let mut value = tabula_gnubg::state_from_ids_with_options(position, match_id, &game.chosen)
        .map_err(|e| format!("error: {e}"))?;
    value["game"] = serde_json::json!(game.name);
    Ok(value.to_string())
}

/// `POSITION:MATCH` of a state (not while a roll is partly played).
pub fn ids(game: &Game, state: &tabula::State) -> Result<String, String> {
    if !fits(game) {
        return Err(not_fitting(game, "gnubg_id() writes"));
    }
    let value = tabula::json::state_to_json(game, state);
    let (position, match_id) =
        tabula_gnubg::ids_from_state(&value).map_err(|e| format!("error: {e}"))?;
    Ok(format!("{position}:{match_id}"))
}
