//! Round trips over many boards and match states, and arbitrary strings
//! that must never make a parser panic.

use tabula_gnubg::{
    match_id, parse_match_id, parse_position_id, position_id, try_match_id, Board, CubeOwner,
    MatchInfo,
};

/// A small deterministic generator (xorshift64*), so the tests need no crates.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }
}

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

#[test]
fn every_single_checker_and_full_stack_round_trips() {
    for place in 0..25 {
        for count in [1, 2, 7, 15] {
            let mut board = Board::default();
            board.on_roll[place] = count;
            board.opponent[24 - place] = 15 - count;
            let id = position_id(&board);
            assert_eq!(id.len(), 14);
            assert_eq!(parse_position_id(&id), Ok(board));
        }
    }
}

#[test]
fn random_boards_round_trip() {
    let mut rng = Rng(0x5eed_0001);
    for _ in 0..5000 {
        let board = random_board(&mut rng);
        let id = position_id(&board);
        assert_eq!(parse_position_id(&id), Ok(board), "{id}");
    }
}

#[test]
fn many_match_states_round_trip() {
    let dice = [None, Some((1, 1)), Some((6, 5)), Some((4, 2)), Some((6, 6))];
    let owners = [
        CubeOwner::Centred,
        CubeOwner::Player(0),
        CubeOwner::Player(1),
    ];
    let lengths_and_scores = [
        (0, [0, 0]),
        (0, [32767, 12]),
        (1, [0, 0]),
        (7, [6, 3]),
        (25, [25, 24]),
        (32767, [32767, 0]),
    ];
    let mut count = 0;
    for log_cube in 0..16 {
        for owner in owners {
            for dice in dice {
                for &(match_length, score) in &lengths_and_scores {
                    for flags in 0..64u8 {
                        let bit = |i: u8| (flags >> i) & 1;
                        let info = MatchInfo {
                            cube_value: 1 << log_cube,
                            cube_owner: owner,
                            dice_owner: bit(0),
                            crawford: match_length > 0 && bit(1) == 1,
                            game_state: (flags >> 2) % 5,
                            turn: bit(3),
                            double_offered: bit(4) == 1,
                            resigned: (flags >> 4) & 3,
                            dice,
                            match_length,
                            score,
                        };
                        let id = match_id(&info);
                        assert_eq!(id.len(), 12);
                        assert_eq!(parse_match_id(&id), Ok(info), "{id}");
                        count += 1;
                    }
                }
            }
        }
    }
    assert_eq!(count, 16 * 3 * 5 * 6 * 64);
}

/// Random strings, and valid IDs with one character changed. A parse that
/// succeeds gives something that writes back to the same ID, apart from what
/// the ID may carry that `MatchInfo` does not (gnubg's Jacoby flag) or
/// normalises (the dice order).
#[test]
fn arbitrary_strings_never_panic() {
    let mut rng = Rng(0x5eed_0002);
    let odd = ['=', '-', '_', ' ', '\n', '\0', 'é', '€', '🎲'];
    let (mut positions, mut matches) = (0, 0);
    for _ in 0..200_000 {
        let mut text: Vec<char> = match rng.below(4) {
            0 => (0..rng.below(20))
                .map(|_| char::from(ALPHABET[rng.below(64)]))
                .collect(),
            1 => position_id(&random_board(&mut rng)).chars().collect(),
            _ => match_id(&random_match(&mut rng)).chars().collect(),
        };
        if !text.is_empty() {
            let at = rng.below(text.len());
            text[at] = if rng.below(20) == 0 {
                odd[rng.below(odd.len())]
            } else {
                char::from(ALPHABET[rng.below(64)])
            };
        }
        let text: String = text.into_iter().collect();

        if let Ok(board) = parse_position_id(&text) {
            assert_eq!(position_id(&board), text);
            positions += 1;
        }
        if let Ok(info) = parse_match_id(&text) {
            let again = try_match_id(&info).expect("a parsed MatchInfo is always writable");
            assert_eq!(parse_match_id(&again), Ok(normalised(info)));
            let jacoby_bit_clear = matches!(text.as_bytes()[11], b'A' | b'Q' | b'g' | b'w');
            let dice_in_order = info.dice.is_none_or(|(a, b)| a >= b);
            if jacoby_bit_clear && dice_in_order {
                assert_eq!(again, text);
            }
            matches += 1;
        }
    }
    // Enough of the strings are valid for the checks above to bite.
    assert!(positions > 10_000, "only {positions} valid Position IDs");
    assert!(matches > 10_000, "only {matches} valid Match IDs");
}

fn random_board(rng: &mut Rng) -> Board {
    let mut board = Board::default();
    for side in [&mut board.on_roll, &mut board.opponent] {
        for _ in 0..rng.below(16) {
            side[rng.below(25)] += 1;
        }
    }
    board
}

fn random_match(rng: &mut Rng) -> MatchInfo {
    let match_length = [0, 1, 5, 9, 17, 32767][rng.below(6)];
    let score = |rng: &mut Rng| u32::try_from(rng.below(match_length as usize + 1)).unwrap_or(0);
    let small = |rng: &mut Rng, n: usize| u8::try_from(rng.below(n)).unwrap_or(0);
    MatchInfo {
        cube_value: 1 << rng.below(16),
        cube_owner: [
            CubeOwner::Centred,
            CubeOwner::Player(0),
            CubeOwner::Player(1),
        ][rng.below(3)],
        dice_owner: small(rng, 2),
        crawford: match_length > 0 && rng.below(2) == 1,
        game_state: small(rng, 5),
        turn: small(rng, 2),
        double_offered: rng.below(2) == 1,
        resigned: small(rng, 4),
        dice: (rng.below(3) > 0).then(|| (small(rng, 6) + 1, small(rng, 6) + 1)),
        match_length,
        score: [score(rng), score(rng)],
    }
}

fn normalised(info: MatchInfo) -> MatchInfo {
    MatchInfo {
        dice: info.dice.map(|(a, b)| (a.max(b), a.min(b))),
        ..info
    }
}
