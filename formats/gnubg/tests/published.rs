//! The examples published in gnubg's manual.

use tabula_gnubg::{
    game_state, match_id, parse_match_id, parse_position_id, position_id, resignation, Board,
    CubeOwner, MatchInfo,
};

#[test]
fn starting_position() {
    let board = parse_position_id("4HPwATDgc/ABMA").unwrap();
    assert_eq!(board, Board::START);
    for side in [board.on_roll, board.opponent] {
        assert_eq!(side[5], 5, "6-point");
        assert_eq!(side[7], 3, "8-point");
        assert_eq!(side[12], 5, "13-point");
        assert_eq!(side[23], 2, "24-point");
        assert_eq!(side.iter().map(|&n| u32::from(n)).sum::<u32>(), 15);
    }
    assert_eq!(position_id(&board), "4HPwATDgc/ABMA");
}

/// "assume the score is 2-4 in a 9 point match with player 0 holding a
/// 2-cube, and player 1 has just rolled 52", whose key the manual gives as
/// `1000 00 1 0 100 1 0 00 101 010 100100000000000 010000000000000
/// 001000000000000` (each field written least significant bit first).
#[test]
fn manual_match_id_example() {
    let expected = MatchInfo {
        cube_value: 2,
        cube_owner: CubeOwner::Player(0),
        dice_owner: 1,
        crawford: false,
        game_state: game_state::PLAYING,
        turn: 1,
        double_offered: false,
        resigned: resignation::NONE,
        dice: Some((5, 2)),
        match_length: 9,
        score: [2, 4],
    };
    assert_eq!(parse_match_id("QYkqASAAIAAA"), Ok(expected));
    assert_eq!(match_id(&expected), "QYkqASAAIAAA");
    // Rolled as 2-5, it is still written 5-2.
    let reversed = MatchInfo {
        dice: Some((2, 5)),
        ..expected
    };
    assert_eq!(match_id(&reversed), "QYkqASAAIAAA");
}
