//! Whether a game has the shape gnubg's IDs describe, and its states to and from IDs:
//! the one place the command line and the Python module ask.
//!
//! The crate cannot see tabula's `Game` (tabula depends on this crate, not the other
//! way), so a caller hands over the few facts of its game the question needs, as plain
//! data ([`GameFacts`]); what those facts must be, and how IDs become a state document,
//! is written here once.
//!
//! ```
//! use tabula_gnubg::GameFacts;
//!
//! let options = Vec::new();
//! let game = GameFacts {
//!     title: "Long Gammon",
//!     options: &options,
//!     players: 2,
//!     owned_piece_kinds: 1,
//!     opposed_race: Some(24),
//! };
//! let text = game.state_text("4HPwATDgc/ABMA")?;
//! assert!(text.contains(r#""game":"Long Gammon""#));
//! let three = GameFacts { players: 3, ..game };
//! assert_eq!(
//!     three.state_text("4HPwATDgc/ABMA").unwrap_err().to_string(),
//!     "Long Gammon does not have backgammon's board (two players, one kind of piece, a bar, 24 points and a tray on a track)"
//! );
//! # Ok::<(), tabula_gnubg::GameError>(())
//! ```

use serde_json::{json, Value};

use crate::{ids_from_state, state_from_ids_with_options, BridgeError};

/// What of a game decides whether its states have gnubg IDs, read by the caller from
/// its game.
#[derive(Debug, Clone, Copy)]
pub struct GameFacts<'a> {
    /// The game's title, which a state document read from IDs carries.
    pub title: &'a str,
    /// The options the game was started with.
    pub options: &'a [String],
    /// How many players.
    pub players: usize,
    /// How many kinds of piece a player can own (neutral pieces not counted).
    pub owned_piece_kinds: usize,
    /// The length of the race the board's tracks make, when each player runs from a
    /// zone of his own over the same cells as the other, in the other's order, to
    /// another zone of his own (tabula's `Board::opposed_race`).
    pub opposed_race: Option<usize>,
}

/// Why a game's state could not be written as IDs, or IDs read as its state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game does not have the shape the IDs describe.
    #[error("{title} does not have backgammon's board (two players, one kind of piece, a bar, 24 points and a tray on a track)")]
    NotFitting {
        /// The game's title.
        title: String,
    },
    /// The IDs or the state could not be read or written.
    #[error("{0}")]
    Bridge(#[from] BridgeError),
}

impl GameFacts<'_> {
    /// Whether the game's states have gnubg IDs: two players, one kind of piece, a
    /// race over 24 cells in opposite directions from a zone to a zone. Decided by the
    /// game's structure, not by its title, so a variant on backgammon's board has IDs
    /// too.
    pub fn fits(&self) -> bool {
        self.players == 2 && self.owned_piece_kinds == 1 && self.opposed_race == Some(24)
    }

    fn check(&self) -> Result<(), GameError> {
        if self.fits() {
            Ok(())
        } else {
            Err(GameError::NotFitting {
                title: self.title.to_string(),
            })
        }
    }

    /// The state document (as JSON text, for tabula's state reader) of `POSITION` or
    /// `POSITION:MATCH`, carrying the game's title and options.
    ///
    /// # Errors
    ///
    /// [`GameError::NotFitting`] for a game of another shape; otherwise as
    /// [`state_from_ids_with_options`].
    pub fn state_text(&self, id: &str) -> Result<String, GameError> {
        self.check()?;
        let (position, match_id) = match id.trim().split_once(':') {
            Some((position, match_id)) => (position, Some(match_id)),
            None => (id.trim(), None),
        };
        let mut value = state_from_ids_with_options(position, match_id, self.options)?;
        // The IDs hold no title: the state is this game's.
        value["game"] = json!(self.title);
        Ok(value.to_string())
    }

    /// The `(position, match)` IDs of a state document of this game.
    ///
    /// # Errors
    ///
    /// [`GameError::NotFitting`] for a game of another shape; otherwise as
    /// [`ids_from_state`] (not while a roll is partly played).
    pub fn ids(&self, state: &Value) -> Result<(String, String), GameError> {
        self.check()?;
        Ok(ids_from_state(state)?)
    }

    /// Adds `"formats": {"gnubg": {"position": ..., "match": ...}}` to a state document
    /// of this game (a field state readers skip), when the game has the shape and the
    /// state can be written as IDs.
    pub fn add_ids(&self, state: &mut Value) {
        if let Ok((position, match_id)) = self.ids(state) {
            state["formats"] = json!({ "gnubg": { "position": position, "match": match_id } });
        }
    }
}
