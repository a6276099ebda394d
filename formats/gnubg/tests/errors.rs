//! Every `IdError` variant, reached through the public API, with its exact
//! message.

use tabula_gnubg::{
    parse_match_id, parse_position_id, try_match_id, try_position_id, Board, CubeOwner, IdError,
    MatchInfo, Side,
};

fn money_game() -> MatchInfo {
    MatchInfo {
        cube_value: 1,
        cube_owner: CubeOwner::Centred,
        dice_owner: 0,
        crawford: false,
        game_state: 1,
        turn: 0,
        double_offered: false,
        resigned: 0,
        dice: None,
        match_length: 0,
        score: [0, 0],
    }
}

fn message<T: std::fmt::Debug>(result: Result<T, IdError>) -> String {
    result.expect_err("expected an error").to_string()
}

#[test]
fn position_id_length() {
    let err = parse_position_id("4HPwATDgc").unwrap_err();
    assert_eq!(err, IdError::PositionIdLength(9));
    assert_eq!(
        err.to_string(),
        "a Position ID has 14 characters, this one has 9"
    );
    assert_eq!(parse_position_id(""), Err(IdError::PositionIdLength(0)));
    // With gnubg's padding left on, it is too long.
    assert_eq!(
        parse_position_id("4HPwATDgc/ABMA=="),
        Err(IdError::PositionIdLength(16))
    );
    // Length is counted in characters, not bytes.
    assert_eq!(
        parse_position_id("ééééééééééééé"),
        Err(IdError::PositionIdLength(13))
    );
}

#[test]
fn match_id_length() {
    let err = parse_match_id("QYkqASAAIAAAA").unwrap_err();
    assert_eq!(err, IdError::MatchIdLength(13));
    assert_eq!(
        err.to_string(),
        "a Match ID has 12 characters, this one has 13"
    );
}

#[test]
fn bad_character() {
    let err = parse_position_id("4HPwATDgc/AB!A").unwrap_err();
    assert_eq!(
        err,
        IdError::BadCharacter {
            character: '!',
            position: 13
        }
    );
    assert_eq!(
        err.to_string(),
        "character 13 of the ID is '!', but an ID uses only A-Z, a-z, 0-9, + and /"
    );
    assert_eq!(
        message(parse_match_id("QYkq ASAAIAA")),
        "character 5 of the ID is ' ', but an ID uses only A-Z, a-z, 0-9, + and /"
    );
    assert_eq!(
        message(parse_match_id("QYkqASAAIAA\n")),
        "character 12 of the ID is '\\n', but an ID uses only A-Z, a-z, 0-9, + and /"
    );
    assert_eq!(
        parse_match_id("QYkqASAAIAAé"),
        Err(IdError::BadCharacter {
            character: 'é',
            position: 12
        })
    );
}

#[test]
fn too_many_checkers() {
    let err = parse_position_id("//8AAAAAAAAAAA").unwrap_err();
    assert_eq!(
        err,
        IdError::TooManyCheckers {
            side: Side::Opponent,
            count: 16
        }
    );
    assert_eq!(
        err.to_string(),
        "the opponent has 16 checkers, but a side has at most 15"
    );
    assert_eq!(
        message(parse_position_id("AAAA/v8BAAAAAA")),
        "the player on roll has 16 checkers, but a side has at most 15"
    );
    // All 80 bits set: the bits run out before the board does.
    assert_eq!(
        message(parse_position_id("//////////////")),
        "the opponent has 80 checkers, but a side has at most 15"
    );
    // 15 is fine.
    assert!(parse_position_id("AAAA/v8AAAAAAA").is_ok());

    let mut board = Board::START;
    board.opponent[24] = 1;
    assert_eq!(
        message(try_position_id(&board)),
        "the opponent has 16 checkers, but a side has at most 15"
    );
    board.opponent[24] = 0;
    board.on_roll[0] = 255;
    assert_eq!(
        message(try_position_id(&board)),
        "the player on roll has 270 checkers, but a side has at most 15"
    );
}

#[test]
fn position_trailing_bits() {
    const MESSAGE: &str =
        "the Position ID has bits set after its last checker, which gnubg never writes";
    // Bit 79, after the 50th place has ended.
    let err = parse_position_id("AAAAAAAAAAAAgA").unwrap_err();
    assert_eq!(err, IdError::PositionTrailingBits);
    assert_eq!(err.to_string(), MESSAGE);
    // The last character's four padding bits must be clear.
    assert_eq!(message(parse_position_id("4HPwATDgc/ABMB")), MESSAGE);
}

#[test]
fn match_trailing_bits() {
    const MESSAGE: &str =
        "the Match ID has bits set after its last field, which gnubg never writes";
    let err = parse_match_id("MAAAAAAAAAAI").unwrap_err();
    assert_eq!(err, IdError::MatchTrailingBits);
    assert_eq!(err.to_string(), MESSAGE);
    assert_eq!(message(parse_match_id("MAAAAAAAAACA")), MESSAGE);
    // Bit 66 alone is gnubg's "no Jacoby rule" flag, and is accepted.
    assert!(parse_match_id("MAAAAAAAAAAE").is_ok());
}

#[test]
fn cube_value() {
    for bad in [0, 3, 6, 65536, u32::MAX] {
        let info = MatchInfo {
            cube_value: bad,
            ..money_game()
        };
        assert_eq!(try_match_id(&info), Err(IdError::CubeValue(bad)));
    }
    assert_eq!(
        message(try_match_id(&MatchInfo {
            cube_value: 3,
            ..money_game()
        })),
        "the cube value must be a power of two from 1 to 32768, not 3"
    );
    assert!(try_match_id(&MatchInfo {
        cube_value: 32768,
        ..money_game()
    })
    .is_ok());
}

#[test]
fn cube_owner_code() {
    let err = parse_match_id("IAAAAAAAAAAA").unwrap_err();
    assert_eq!(err, IdError::CubeOwnerCode);
    assert_eq!(
        err.to_string(),
        "the Match ID gives the cube owner as 2, but only 0 and 1 (the players) and 3 (centred) are used"
    );
}

#[test]
fn player() {
    let cases = [
        (
            MatchInfo {
                cube_owner: CubeOwner::Player(2),
                ..money_game()
            },
            "the cube owner must be player 0 or 1, not 2",
        ),
        (
            MatchInfo {
                dice_owner: 3,
                ..money_game()
            },
            "the dice owner must be player 0 or 1, not 3",
        ),
        (
            MatchInfo {
                turn: 255,
                ..money_game()
            },
            "the player whose turn it is must be player 0 or 1, not 255",
        ),
    ];
    for (info, text) in cases {
        let err = try_match_id(&info).unwrap_err();
        assert!(matches!(err, IdError::Player { .. }), "{err:?}");
        assert_eq!(err.to_string(), text);
    }
}

#[test]
fn game_state() {
    let err = parse_match_id("MAUAAAAAAAAA").unwrap_err();
    assert_eq!(err, IdError::GameState(5));
    assert_eq!(
        err.to_string(),
        "the game state must be 0 to 4 (no game, playing, over, resigned, dropped), not 5"
    );
    assert_eq!(parse_match_id("MAcAAAAAAAAA"), Err(IdError::GameState(7)));
    assert_eq!(
        try_match_id(&MatchInfo {
            game_state: 9,
            ..money_game()
        }),
        Err(IdError::GameState(9))
    );
}

#[test]
fn resignation() {
    let err = try_match_id(&MatchInfo {
        resigned: 4,
        ..money_game()
    })
    .unwrap_err();
    assert_eq!(err, IdError::Resignation(4));
    assert_eq!(
        err.to_string(),
        "the resignation must be 0 to 3 (none, single, gammon, backgammon), not 4"
    );
}

#[test]
fn dice() {
    let err = parse_match_id("MIAHAAAAAAAA").unwrap_err();
    assert_eq!(err, IdError::Dice(7, 1));
    assert_eq!(
        err.to_string(),
        "the dice 7-1 are not a roll: each die shows 1 to 6"
    );
    assert_eq!(parse_match_id("MAAMAAAAAAAA"), Err(IdError::Dice(0, 3)));
    for (a, b) in [(0, 3), (3, 0), (7, 1), (0, 0)] {
        let info = MatchInfo {
            dice: Some((a, b)),
            ..money_game()
        };
        assert_eq!(try_match_id(&info), Err(IdError::Dice(a, b)));
    }
}

#[test]
fn too_large() {
    let cases = [
        (
            MatchInfo {
                match_length: 32768,
                ..money_game()
            },
            "the match length is 32768, but a Match ID has room for at most 32767",
        ),
        (
            MatchInfo {
                score: [40000, 0],
                ..money_game()
            },
            "player 0's score is 40000, but a Match ID has room for at most 32767",
        ),
        (
            MatchInfo {
                score: [0, u32::MAX],
                ..money_game()
            },
            "player 1's score is 4294967295, but a Match ID has room for at most 32767",
        ),
    ];
    for (info, text) in cases {
        let err = try_match_id(&info).unwrap_err();
        assert!(matches!(err, IdError::TooLarge { .. }), "{err:?}");
        assert_eq!(err.to_string(), text);
    }
}

#[test]
fn score_beyond_match() {
    let err = parse_match_id("MACgAGAAAAAA").unwrap_err();
    assert_eq!(
        err,
        IdError::ScoreBeyondMatch {
            player: 0,
            score: 6,
            match_length: 5
        }
    );
    assert_eq!(
        err.to_string(),
        "player 0 has 6 points, more than the match length of 5"
    );
    assert_eq!(
        message(parse_match_id("MACgAAAAOAAA")),
        "player 1 has 7 points, more than the match length of 5"
    );
    // A finished match may have a score equal to the length.
    assert!(parse_match_id("MAKgAFAAKAAA").is_ok());
}

#[test]
fn crawford_in_money_game() {
    let err = parse_match_id("sAAAAAAAAAAA").unwrap_err();
    assert_eq!(err, IdError::CrawfordInMoneyGame);
    assert_eq!(
        err.to_string(),
        "a money game (match length 0) has no Crawford game"
    );
    assert_eq!(
        try_match_id(&MatchInfo {
            crawford: true,
            ..money_game()
        }),
        Err(IdError::CrawfordInMoneyGame)
    );
}
