//! The Match ID: cube, dice, turn and score.
//!
//! The key is a string of 66 bits, packed little-endian into 9 bytes whose
//! base64 text is the 12-character ID. The fields, each least significant
//! bit first:
//!
//! | bits  | field                                            |
//! |-------|--------------------------------------------------|
//! | 0-3   | log2 of the cube value                           |
//! | 4-5   | cube owner: 0 or 1 the player, 3 centred         |
//! | 6     | dice owner: the player on roll, or who rolled    |
//! | 7     | Crawford game                                    |
//! | 8-10  | game state (see [`game_state`])                  |
//! | 11    | turn: the player who is to act                   |
//! | 12    | a double is offered                              |
//! | 13-14 | resignation offered (see [`resignation`])        |
//! | 15-17 | die 1 (0 if not rolled)                          |
//! | 18-20 | die 2 (0 if not rolled)                          |
//! | 21-35 | match length (0 for a money game)                |
//! | 36-50 | score of player 0                                |
//! | 51-65 | score of player 1                                |
//!
//! gnubg also sets bit 66 when the Jacoby rule is off. [`parse_match_id`]
//! accepts and ignores it; [`match_id`] leaves it clear, as gnubg does with
//! the Jacoby rule on (its default).

use crate::{base64, bits, IdError};

/// Characters in a Match ID.
const ID_LEN: usize = 12;
/// Bytes in a match key.
const KEY_LEN: usize = 9;
/// Bits in the key, including gnubg's Jacoby flag at bit 66.
const USED_BITS: usize = 67;
/// Largest number a 15-bit field holds.
const MAX_15_BITS: u32 = 0x7fff;
/// Largest cube value: 2 to the 15th.
const MAX_CUBE: u32 = 1 << 15;
/// The cube-owner code for a centred cube.
const CENTRED_CODE: u32 = 3;

/// The game states gnubg records in [`MatchInfo::game_state`].
pub mod game_state {
    /// No game started.
    pub const NONE: u8 = 0;
    /// A game is being played.
    pub const PLAYING: u8 = 1;
    /// The game is over.
    pub const OVER: u8 = 2;
    /// The game ended by resignation.
    pub const RESIGNED: u8 = 3;
    /// The game ended by a dropped cube.
    pub const DROPPED: u8 = 4;
}

/// The resignations gnubg records in [`MatchInfo::resigned`].
pub mod resignation {
    /// No resignation offered.
    pub const NONE: u8 = 0;
    /// Resigning a single game.
    pub const SINGLE: u8 = 1;
    /// Resigning a gammon.
    pub const GAMMON: u8 = 2;
    /// Resigning a backgammon.
    pub const BACKGAMMON: u8 = 3;
}

/// Who owns the doubling cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeOwner {
    /// Nobody: the cube is in the middle.
    Centred,
    /// Player 0 or 1 in gnubg's numbering.
    Player(u8),
}

/// Everything a Match ID records. Players are numbered 0 and 1 as in gnubg.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchInfo {
    /// The cube value: 1, 2, 4, ... up to 32768.
    pub cube_value: u32,
    /// Who owns the cube.
    pub cube_owner: CubeOwner,
    /// The player on roll, or the player who has rolled (0 or 1).
    pub dice_owner: u8,
    /// Whether this is the Crawford game.
    pub crawford: bool,
    /// The game state, 0 to 4 (see [`game_state`]).
    pub game_state: u8,
    /// The player who is to act, e.g. to take or drop an offered double (0 or 1).
    pub turn: u8,
    /// Whether a double has been offered.
    pub double_offered: bool,
    /// The resignation offered, 0 to 3 (see [`resignation`]).
    pub resigned: u8,
    /// The dice rolled, or `None` before the roll. gnubg writes the larger
    /// die first, and so does [`match_id`].
    pub dice: Option<(u8, u8)>,
    /// The match length, 0 for a money game; at most 32767.
    pub match_length: u32,
    /// The scores of player 0 and player 1; at most 32767 each.
    pub score: [u32; 2],
}

fn check_player(field: &'static str, value: u8) -> Result<(), IdError> {
    if value > 1 {
        return Err(IdError::Player { field, value });
    }
    Ok(())
}

fn check_15_bits(field: &'static str, value: u32) -> Result<(), IdError> {
    if value > MAX_15_BITS {
        return Err(IdError::TooLarge { field, value });
    }
    Ok(())
}

impl MatchInfo {
    /// Checks every field against what a Match ID can hold and what gnubg
    /// accepts when it reads one.
    fn check(&self) -> Result<(), IdError> {
        if !self.cube_value.is_power_of_two() || self.cube_value > MAX_CUBE {
            return Err(IdError::CubeValue(self.cube_value));
        }
        if let CubeOwner::Player(player) = self.cube_owner {
            check_player("the cube owner", player)?;
        }
        check_player("the dice owner", self.dice_owner)?;
        check_player("the player whose turn it is", self.turn)?;
        if self.game_state > game_state::DROPPED {
            return Err(IdError::GameState(self.game_state));
        }
        if self.resigned > resignation::BACKGAMMON {
            return Err(IdError::Resignation(self.resigned));
        }
        if let Some((die1, die2)) = self.dice {
            if !(1..=6).contains(&die1) || !(1..=6).contains(&die2) {
                return Err(IdError::Dice(die1, die2));
            }
        }
        check_15_bits("the match length", self.match_length)?;
        check_15_bits("player 0's score", self.score[0])?;
        check_15_bits("player 1's score", self.score[1])?;
        if self.match_length == 0 {
            if self.crawford {
                return Err(IdError::CrawfordInMoneyGame);
            }
        } else {
            for (player, &score) in (0u8..).zip(&self.score) {
                if score > self.match_length {
                    return Err(IdError::ScoreBeyondMatch {
                        player,
                        score,
                        match_length: self.match_length,
                    });
                }
            }
        }
        Ok(())
    }
}

/// The Match ID of `info`, or an error if it cannot be written.
///
/// # Errors
///
/// Names the first field the ID cannot hold (a cube value that is not a
/// power of two up to 32768, a player other than 0 or 1, a game state above
/// 4, a resignation above 3, a die outside 1 to 6, a number above 32767) or
/// that gnubg would reject on reading (a score above a non-zero match
/// length, or a Crawford game in money play).
///
/// ```
/// use tabula_gnubg::{try_match_id, CubeOwner, IdError, MatchInfo};
/// let info = MatchInfo {
///     cube_value: 3,
///     cube_owner: CubeOwner::Centred,
///     dice_owner: 0,
///     crawford: false,
///     game_state: 1,
///     turn: 0,
///     double_offered: false,
///     resigned: 0,
///     dice: None,
///     match_length: 0,
///     score: [0, 0],
/// };
/// assert_eq!(try_match_id(&info), Err(IdError::CubeValue(3)));
/// ```
pub fn try_match_id(info: &MatchInfo) -> Result<String, IdError> {
    info.check()?;
    let owner = match info.cube_owner {
        CubeOwner::Centred => CENTRED_CODE,
        CubeOwner::Player(player) => u32::from(player),
    };
    let (die1, die2) = match info.dice {
        None => (0, 0),
        Some((a, b)) => (a.max(b), a.min(b)),
    };
    let fields = [
        (4, info.cube_value.trailing_zeros()),
        (2, owner),
        (1, u32::from(info.dice_owner)),
        (1, u32::from(info.crawford)),
        (3, u32::from(info.game_state)),
        (1, u32::from(info.turn)),
        (1, u32::from(info.double_offered)),
        (2, u32::from(info.resigned)),
        (3, u32::from(die1)),
        (3, u32::from(die2)),
        (15, info.match_length),
        (15, info.score[0]),
        (15, info.score[1]),
    ];
    let mut key = [0u8; KEY_LEN];
    let mut start = 0;
    for (width, value) in fields {
        bits::write(&mut key, start, width, value);
        start += width;
    }
    Ok(base64::encode(&key))
}

/// The 12-character Match ID of `info`.
///
/// Dice are written larger die first, as gnubg does, so a roll of 2-5 reads
/// back as 5-2.
///
/// # Panics
///
/// If a field is out of range (see [`try_match_id`], which returns the error
/// instead).
#[must_use]
#[track_caller]
pub fn match_id(info: &MatchInfo) -> String {
    match try_match_id(info) {
        Ok(id) => id,
        Err(err) => panic!("cannot make a Match ID: {err}"),
    }
}

/// Reads a Match ID.
///
/// The dice come back in the ID's order; gnubg writes the larger die first.
///
/// # Errors
///
/// Rejects an ID that is not 12 characters, has a character outside the
/// base64 alphabet, sets bits after bit 66, uses the unused cube-owner code
/// 2, a game state above 4, dice that are not both 0 or both 1 to 6, a score
/// above a non-zero match length, or a Crawford game in money play.
///
/// ```
/// use tabula_gnubg::{parse_match_id, CubeOwner};
/// let info = parse_match_id("QYkqASAAIAAA")?;
/// assert_eq!(info.match_length, 9);
/// assert_eq!(info.score, [2, 4]);
/// assert_eq!(info.cube_owner, CubeOwner::Player(0));
/// assert_eq!(info.dice, Some((5, 2)));
/// # Ok::<(), tabula_gnubg::IdError>(())
/// ```
pub fn parse_match_id(id: &str) -> Result<MatchInfo, IdError> {
    let len = id.chars().count();
    if len != ID_LEN {
        return Err(IdError::MatchIdLength(len));
    }
    let (key, extra_bits) = base64::decode::<KEY_LEN>(id)?;
    if extra_bits || (USED_BITS..KEY_LEN * 8).any(|i| bits::get(&key, i)) {
        return Err(IdError::MatchTrailingBits);
    }

    let mut start = 0;
    let mut next = |width: usize| {
        let value = bits::read(&key, start, width);
        start += width;
        value
    };
    // Every field below is at most 15 bits wide, so the conversions to u8
    // of the narrow ones cannot fail.
    let small = |value: u32| u8::try_from(value).unwrap_or(u8::MAX);

    let cube_value = 1u32 << next(4);
    let cube_owner = match next(2) {
        0 => CubeOwner::Player(0),
        1 => CubeOwner::Player(1),
        CENTRED_CODE => CubeOwner::Centred,
        _ => return Err(IdError::CubeOwnerCode),
    };
    let dice_owner = small(next(1));
    let crawford = next(1) == 1;
    let game_state = small(next(3));
    let turn = small(next(1));
    let double_offered = next(1) == 1;
    let resigned = small(next(2));
    let dice = match (small(next(3)), small(next(3))) {
        (0, 0) => None,
        pair => Some(pair),
    };
    let match_length = next(15);
    let score = [next(15), next(15)];

    let info = MatchInfo {
        cube_value,
        cube_owner,
        dice_owner,
        crawford,
        game_state,
        turn,
        double_offered,
        resigned,
        dice,
        match_length,
        score,
    };
    info.check()?;
    Ok(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money_game() -> MatchInfo {
        MatchInfo {
            cube_value: 1,
            cube_owner: CubeOwner::Centred,
            dice_owner: 0,
            crawford: false,
            game_state: game_state::NONE,
            turn: 0,
            double_offered: false,
            resigned: resignation::NONE,
            dice: None,
            match_length: 0,
            score: [0, 0],
        }
    }

    #[test]
    fn fresh_money_game() {
        assert_eq!(match_id(&money_game()), "MAAAAAAAAAAA");
        assert_eq!(parse_match_id("MAAAAAAAAAAA"), Ok(money_game()));
    }

    #[test]
    fn jacoby_flag_is_ignored() {
        assert_eq!(parse_match_id("MAAAAAAAAAAE"), Ok(money_game()));
        assert_eq!(
            parse_match_id("MAAAAAAAAAAI"),
            Err(IdError::MatchTrailingBits)
        );
    }

    #[test]
    fn dice_are_written_larger_first() {
        let info = MatchInfo {
            dice: Some((2, 5)),
            ..money_game()
        };
        let back = parse_match_id(&match_id(&info)).map(|i| i.dice);
        assert_eq!(back, Ok(Some((5, 2))));
    }

    #[test]
    #[should_panic(expected = "cannot make a Match ID: the cube value must be a power of two")]
    fn match_id_panics_on_bad_cube() {
        let _ = match_id(&MatchInfo {
            cube_value: 0,
            ..money_game()
        });
    }
}
