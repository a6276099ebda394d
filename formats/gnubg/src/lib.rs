//! Reads and writes GNU Backgammon's Position ID and Match ID.
//!
//! The Position ID (14 characters, e.g. `4HPwATDgc/ABMA` for the starting
//! position) records where both sides' checkers stand; the Match ID
//! (12 characters, e.g. `QYkqASAAIAAA`) records the cube, the dice, whose
//! turn it is and the match score. Both are base64 text of a little-endian
//! bit string, as described in the gnubg manual's technical notes
//! ("A technical description of the Position ID" / "... of the Match ID").
//!
//! The crate is pure: it does no I/O and knows nothing of the rest of
//! tabula. Every parse function returns an [`IdError`] with a plain-English
//! message instead of panicking, whatever the input string.
//!
//! ```
//! use tabula_gnubg::{parse_position_id, position_id};
//!
//! let board = parse_position_id("4HPwATDgc/ABMA")?;
//! assert_eq!(board.on_roll[5], 5); // five checkers on the 6-point
//! assert_eq!(position_id(&board), "4HPwATDgc/ABMA");
//! # Ok::<(), tabula_gnubg::IdError>(())
//! ```

mod base64;
mod bits;
mod error;
mod game;
pub mod mat;
mod match_id;
mod position;
mod state;

pub use error::{IdError, Side};
pub use game::{GameError, GameFacts};
pub use match_id::{
    game_state, match_id, parse_match_id, resignation, try_match_id, CubeOwner, MatchInfo,
};
pub use position::{parse_position_id, position_id, try_position_id, Board};
pub use state::{ids_from_state, state_from_ids, state_from_ids_with_options, BridgeError};
