//! What can be wrong with an ID, or with a board or match state to encode.

use std::fmt;

/// One side of a [`Board`](crate::Board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The player on roll.
    OnRoll,
    /// The player not on roll.
    Opponent,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::OnRoll => "player on roll",
            Side::Opponent => "opponent",
        })
    }
}

/// Why a Position ID or Match ID could not be read, or a board or match
/// state could not be written as one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// A Position ID must be exactly 14 characters long.
    #[error("a Position ID has 14 characters, this one has {0}")]
    PositionIdLength(usize),

    /// A Match ID must be exactly 12 characters long.
    #[error("a Match ID has 12 characters, this one has {0}")]
    MatchIdLength(usize),

    /// A character outside the base64 alphabet; `position` counts from 1.
    #[error(
        "character {position} of the ID is {character:?}, but an ID uses only A-Z, a-z, 0-9, + and /"
    )]
    BadCharacter {
        /// The offending character.
        character: char,
        /// Where it is in the ID, the first character being 1.
        position: usize,
    },

    /// A side has more than 15 checkers on the board and bar.
    #[error("the {side} has {count} checkers, but a side has at most 15")]
    TooManyCheckers {
        /// The side with too many checkers.
        side: Side,
        /// How many checkers it has.
        count: u32,
    },

    /// The Position ID sets bits after the 50 places it describes.
    #[error("the Position ID has bits set after its last checker, which gnubg never writes")]
    PositionTrailingBits,

    /// The Match ID sets bits after its last field (bit 66, gnubg's
    /// "no Jacoby rule" flag, is allowed).
    #[error("the Match ID has bits set after its last field, which gnubg never writes")]
    MatchTrailingBits,

    /// The cube value is not 1, 2, 4, ... 32768.
    #[error("the cube value must be a power of two from 1 to 32768, not {0}")]
    CubeValue(u32),

    /// The Match ID gives the cube owner as 2, a code gnubg does not use.
    #[error("the Match ID gives the cube owner as 2, but only 0 and 1 (the players) and 3 (centred) are used")]
    CubeOwnerCode,

    /// A field that names a player is neither 0 nor 1.
    #[error("{field} must be player 0 or 1, not {value}")]
    Player {
        /// Which field, e.g. "the cube owner".
        field: &'static str,
        /// The value it had.
        value: u8,
    },

    /// The game state is not one of gnubg's five (0 to 4).
    #[error("the game state must be 0 to 4 (no game, playing, over, resigned, dropped), not {0}")]
    GameState(u8),

    /// The resignation is not 0 to 3.
    #[error("the resignation must be 0 to 3 (none, single, gammon, backgammon), not {0}")]
    Resignation(u8),

    /// The dice are neither both unrolled (0) nor both 1 to 6.
    #[error("the dice {0}-{1} are not a roll: each die shows 1 to 6")]
    Dice(u8, u8),

    /// A number too big for its 15-bit field.
    #[error("{field} is {value}, but a Match ID has room for at most 32767")]
    TooLarge {
        /// Which field, e.g. "the match length".
        field: &'static str,
        /// The value it had.
        value: u32,
    },

    /// A player's score is more than the match length.
    #[error("player {player} has {score} points, more than the match length of {match_length}")]
    ScoreBeyondMatch {
        /// The player, 0 or 1.
        player: u8,
        /// That player's score.
        score: u32,
        /// The match length.
        match_length: u32,
    },

    /// The Crawford flag is set in a money game.
    #[error("a money game (match length 0) has no Crawford game")]
    CrawfordInMoneyGame,
}
