//! Checks both IDs against fixtures made by the real gnubg
//! (`fixtures/make_fixtures.py`, gnubg 1.1.0a16 from PyPI).

use tabula_gnubg::{
    match_id, parse_match_id, parse_position_id, position_id, Board, CubeOwner, MatchInfo,
};

const POSITION_IDS: &str = include_str!("../fixtures/position_ids.txt");
const MATCH_IDS: &str = include_str!("../fixtures/match_ids.txt");

/// The data lines of a fixture file, split on whitespace.
fn records(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split_whitespace().collect())
}

fn number<T: std::str::FromStr>(field: &str) -> T {
    field
        .parse()
        .unwrap_or_else(|_| panic!("fixture field {field:?} is not a number"))
}

fn position_fixtures() -> Vec<(Board, String)> {
    records(POSITION_IDS)
        .map(|fields| {
            assert_eq!(fields.len(), 51, "bad fixture line: {fields:?}");
            let mut board = Board::default();
            for (slot, field) in board
                .on_roll
                .iter_mut()
                .chain(board.opponent.iter_mut())
                .zip(&fields)
            {
                *slot = number(field);
            }
            (board, fields[50].to_string())
        })
        .collect()
}

struct MatchFixture {
    info: MatchInfo,
    /// The dice as handed to gnubg, which may be smaller first.
    dice_given: Option<(u8, u8)>,
    id: String,
    id_no_jacoby: String,
}

fn match_fixtures() -> Vec<MatchFixture> {
    records(MATCH_IDS)
        .map(|f| {
            assert_eq!(f.len(), 15, "bad fixture line: {f:?}");
            // -1 means centred in the fixture, as in gnubg's cubeinfo.
            let cube_owner = match u8::try_from(number::<i8>(f[1])) {
                Ok(player) => CubeOwner::Player(player),
                Err(_) => CubeOwner::Centred,
            };
            let (die1, die2): (u8, u8) = (number(f[8]), number(f[9]));
            let dice_given = (die1 != 0).then_some((die1, die2));
            let info = MatchInfo {
                cube_value: number(f[0]),
                cube_owner,
                dice_owner: number(f[2]),
                crawford: number::<u8>(f[3]) == 1,
                game_state: number(f[4]),
                turn: number(f[5]),
                double_offered: number::<u8>(f[6]) == 1,
                resigned: number(f[7]),
                // gnubg stores the larger die first.
                dice: dice_given.map(|(a, b)| (a.max(b), a.min(b))),
                match_length: number(f[10]),
                score: [number(f[11]), number(f[12])],
            };
            MatchFixture {
                info,
                dice_given,
                id: f[13].to_string(),
                id_no_jacoby: f[14].to_string(),
            }
        })
        .collect()
}

#[test]
fn fixture_files_are_full() {
    assert_eq!(position_fixtures().len(), 200);
    assert_eq!(match_fixtures().len(), 200);
}

#[test]
fn position_ids_match_gnubg() {
    for (board, id) in position_fixtures() {
        assert_eq!(position_id(&board), id, "encoding {board:?}");
        assert_eq!(parse_position_id(&id), Ok(board), "decoding {id}");
    }
}

#[test]
fn position_ids_round_trip() {
    for (board, _) in position_fixtures() {
        assert_eq!(parse_position_id(&position_id(&board)), Ok(board));
        // The same position with the other side on roll is a different ID
        // that also round-trips.
        let swapped = Board {
            on_roll: board.opponent,
            opponent: board.on_roll,
        };
        let id = position_id(&swapped);
        assert_eq!(parse_position_id(&id), Ok(swapped));
        assert_eq!(position_id(&parse_position_id(&id).unwrap()), id);
    }
}

#[test]
fn match_ids_match_gnubg() {
    for fixture in match_fixtures() {
        let given = MatchInfo {
            dice: fixture.dice_given,
            ..fixture.info
        };
        assert_eq!(match_id(&given), fixture.id, "encoding {given:?}");
        assert_eq!(match_id(&fixture.info), fixture.id);
        assert_eq!(
            parse_match_id(&fixture.id),
            Ok(fixture.info),
            "decoding {}",
            fixture.id
        );
        // gnubg's "Jacoby rule off" flag (bit 66) is read and ignored.
        assert_eq!(
            parse_match_id(&fixture.id_no_jacoby),
            Ok(fixture.info),
            "decoding {}",
            fixture.id_no_jacoby
        );
    }
}

#[test]
fn match_ids_round_trip() {
    for fixture in match_fixtures() {
        let id = match_id(&fixture.info);
        assert_eq!(parse_match_id(&id), Ok(fixture.info));
        assert_eq!(parse_match_id(&fixture.id).map(|i| match_id(&i)), Ok(id));
    }
}
