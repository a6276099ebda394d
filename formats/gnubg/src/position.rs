//! The Position ID: where both sides' checkers stand.
//!
//! The key is a string of 80 bits. For the player NOT on roll first and then
//! for the player on roll, each of the 25 places (that side's own points 1 to
//! 24, then its bar) adds one 1-bit per checker and then a 0-bit. The bits
//! are packed little-endian into 10 bytes, and the ID is the base64 text of
//! those bytes without the trailing `==`: 14 characters.

use crate::{base64, bits, IdError, Side};

/// Characters in a Position ID.
const ID_LEN: usize = 14;
/// Bytes in a position key.
const KEY_LEN: usize = 10;
/// Places per side: 24 points and the bar.
const PLACES: usize = 25;
/// Most checkers a side may have in play.
const MAX_CHECKERS: u32 = 15;

/// Checkers of both sides, each from its own point of view: index `i`
/// (0..24) = that side's own point `i + 1`, index 24 = its bar.
///
/// Checkers borne off are not recorded. A side's own point `p` is the other
/// side's point `25 - p`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// The player on roll.
    pub on_roll: [u8; 25],
    /// The player not on roll.
    pub opponent: [u8; 25],
}

impl Board {
    /// The standard backgammon starting position (`4HPwATDgc/ABMA`).
    pub const START: Board = {
        let mut side = [0u8; 25];
        side[5] = 5; // 6-point
        side[7] = 3; // 8-point
        side[12] = 5; // 13-point (midpoint)
        side[23] = 2; // 24-point
        Board {
            on_roll: side,
            opponent: side,
        }
    };

    /// Checks that neither side has more than 15 checkers.
    fn check(&self) -> Result<(), IdError> {
        for (side, places) in [
            (Side::Opponent, &self.opponent),
            (Side::OnRoll, &self.on_roll),
        ] {
            let count: u32 = places.iter().map(|&n| u32::from(n)).sum();
            if count > MAX_CHECKERS {
                return Err(IdError::TooManyCheckers { side, count });
            }
        }
        Ok(())
    }
}

/// The Position ID of `board`, or an error if it cannot be written.
///
/// # Errors
///
/// [`IdError::TooManyCheckers`] if a side has more than 15 checkers.
///
/// ```
/// use tabula_gnubg::{try_position_id, Board};
/// assert_eq!(try_position_id(&Board::START).as_deref(), Ok("4HPwATDgc/ABMA"));
/// ```
pub fn try_position_id(board: &Board) -> Result<String, IdError> {
    board.check()?;
    let mut key = [0u8; KEY_LEN];
    let mut bit = 0;
    for &count in board.opponent.iter().chain(&board.on_roll) {
        for _ in 0..count {
            bits::set(&mut key, bit);
            bit += 1;
        }
        bit += 1; // the 0-bit that ends the place
    }
    Ok(base64::encode(&key))
}

/// The 14-character Position ID of `board`, e.g. `4HPwATDgc/ABMA` for
/// [`Board::START`].
///
/// # Panics
///
/// If either side has more than 15 checkers; use [`try_position_id`] to get
/// an error instead.
#[must_use]
#[track_caller]
pub fn position_id(board: &Board) -> String {
    match try_position_id(board) {
        Ok(id) => id,
        Err(err) => panic!("cannot make a Position ID: {err}"),
    }
}

/// Reads a Position ID.
///
/// # Errors
///
/// Rejects an ID that is not 14 characters, has a character outside the
/// base64 alphabet, gives a side more than 15 checkers, or sets bits after
/// its last place. Like the ID itself, it does not check that the two sides
/// keep off each other's points.
///
/// ```
/// use tabula_gnubg::{parse_position_id, Board};
/// assert_eq!(parse_position_id("4HPwATDgc/ABMA"), Ok(Board::START));
/// ```
pub fn parse_position_id(id: &str) -> Result<Board, IdError> {
    let len = id.chars().count();
    if len != ID_LEN {
        return Err(IdError::PositionIdLength(len));
    }
    let (key, mut trailing_bits) = base64::decode::<KEY_LEN>(id)?;

    // counts[0..25] is the opponent's, counts[25..50] the player on roll's.
    let mut counts = [0u8; 2 * PLACES];
    let mut place = 0;
    for bit in (0..KEY_LEN * 8).map(|i| bits::get(&key, i)) {
        match counts.get_mut(place) {
            Some(count) if bit => *count += 1,
            Some(_) => place += 1,
            None => trailing_bits |= bit,
        }
    }

    let (opponent_counts, on_roll_counts) = counts.split_at(PLACES);
    for (side, places) in [
        (Side::Opponent, opponent_counts),
        (Side::OnRoll, on_roll_counts),
    ] {
        let count: u32 = places.iter().map(|&n| u32::from(n)).sum();
        if count > MAX_CHECKERS {
            return Err(IdError::TooManyCheckers { side, count });
        }
    }
    // With at most 30 checkers, the 80 bits always reach all 50 places, so
    // anything left over is surplus.
    if trailing_bits {
        return Err(IdError::PositionTrailingBits);
    }

    let mut board = Board::default();
    board.opponent.copy_from_slice(opponent_counts);
    board.on_roll.copy_from_slice(on_roll_counts);
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        assert_eq!(position_id(&Board::START), "4HPwATDgc/ABMA");
        assert_eq!(parse_position_id("4HPwATDgc/ABMA"), Ok(Board::START));
    }

    #[test]
    fn empty_board() {
        assert_eq!(position_id(&Board::default()), "AAAAAAAAAAAAAA");
        assert_eq!(parse_position_id("AAAAAAAAAAAAAA"), Ok(Board::default()));
    }

    #[test]
    fn opponent_comes_first() {
        // One opponent checker on its bar: bit 24 set, then the player on
        // roll's ace point: bit 26.
        let mut board = Board::default();
        board.opponent[24] = 1;
        board.on_roll[0] = 1;
        assert_eq!(position_id(&board), "AAAABQAAAAAAAA");
    }

    #[test]
    #[should_panic(expected = "cannot make a Position ID: the player on roll has 16 checkers")]
    fn position_id_panics_on_too_many_checkers() {
        let mut board = Board::START;
        board.on_roll[0] = 1;
        let _ = position_id(&board);
    }
}
