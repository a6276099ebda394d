//! Backgammon, RULES.md §1 (movement and winning; not the cube nor match play), one
//! hand-made position per rule. Expectations were worked out by hand (each test says
//! how) or are the counts published with the OpenSpiel oracle, which OpenSpiel, gnubg
//! and an independent generator agree on (tools/bg-oracle/README.md).
//!
//! Positions are written from the mover's side (his points 24 -> 1, the opponent's
//! checkers on the mover's point numbers) and every test plays them twice: the mover as
//! White and as Black. The notation is the mover's too, so the expected texts are the
//! same for both.

mod backgammon_support;

use std::collections::BTreeSet;

use backgammon_support::{
    from_state, game, neutral, to_state, totals, turn_results, Colour, Neutral, START,
};
use tabula::engine::play::PlayError;
use tabula::{Choices, Engine, Game, State, Status};

/// A position with `mover` to play `dice` (doubles given as four dice).
fn position(game: &Game, e: &Neutral, mover: Colour, dice: &[i32]) -> State {
    assert_eq!(
        totals(e),
        (15, 15),
        "a hand-made position must have 15 checkers a side"
    );
    to_state(game, e, mover, dice).unwrap()
}

fn legal(engine: &mut Engine, state: &State) -> Choices {
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    choices
}

/// The legal turns are exactly `expected`: each text names a legal turn (typed in any
/// order, as tabula's reader allows), no two name the same turn, and there is no other.
///
/// A turn that one checker can play by two ways (`24/19 19/16 | 24/21 21/16`) is
/// written with its ways separated by ` | `: at least one must name a legal turn, and
/// all that do must name the same one. (Every way should be accepted; tabula does not
/// yet, see `every_way_of_writing_a_turn_is_accepted`.)
fn assert_turns(engine: &mut Engine, state: &State, expected: &[&str]) {
    let choices = legal(engine, state);
    let printed = engine.list_texts(state, &choices).unwrap();
    let mut found = BTreeSet::new();
    for text in expected {
        let mut named = BTreeSet::new();
        for way in text.split(" | ") {
            named.extend(engine.find_choice(state, &choices, way).unwrap());
        }
        match named.len() {
            0 => panic!("`{text}` is not a legal turn; the legal turns are: {printed}"),
            1 => assert!(
                found.insert(*named.first().unwrap()),
                "`{text}` names the same turn as another expected text; legal: {printed}"
            ),
            _ => panic!("the ways of `{text}` name different turns; legal: {printed}"),
        }
    }
    assert_eq!(
        choices.len(),
        expected.len(),
        "the legal turns are {printed}; expected {expected:?}"
    );
}

/// `text` is not a legal turn here.
fn assert_illegal(engine: &mut Engine, state: &State, text: &str) {
    let choices = legal(engine, state);
    let found = engine.find_choice(state, &choices, text).unwrap();
    assert!(
        found.is_none(),
        "`{text}` should be illegal; the legal turns are: {}",
        engine.list_texts(state, &choices).unwrap()
    );
}

/// Two texts name the same legal turn.
fn assert_same_turn(engine: &mut Engine, state: &State, a: &str, b: &str) {
    let choices = legal(engine, state);
    let i = engine.find_choice(state, &choices, a).unwrap();
    let j = engine.find_choice(state, &choices, b).unwrap();
    assert!(
        i.is_some() && i == j,
        "`{a}` and `{b}` should name the same legal turn ({i:?}, {j:?})"
    );
}

/// The positions the legal turns reach, from the mover's side, are exactly `expected`.
fn assert_results(engine: &mut Engine, state: &State, mover: Colour, expected: &[Neutral]) {
    let ours: BTreeSet<Neutral> = turn_results(engine, state, mover)
        .unwrap()
        .into_iter()
        .map(|(_, e)| e)
        .collect();
    let expected: BTreeSet<Neutral> = expected.iter().copied().collect();
    assert_eq!(ours, expected);
}

/// The position after playing `text`, from the mover's side.
fn after(engine: &mut Engine, state: &State, mover: Colour, text: &str) -> (State, Neutral) {
    let mut s = state.clone();
    engine
        .play_text(&mut s, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let e = from_state(engine.game(), &s, mover).unwrap();
    (s, e)
}

fn dice(high: i32, low: i32) -> Vec<i32> {
    backgammon_support::dice_pool(high, low)
}

#[test]
fn standard_start() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().unwrap();
    // RULES.md: White 2 on 24, 5 on 13, 3 on 8, 5 on 6; Black 2 on 1, 5 on 12, 3 on 17,
    // 5 on 19 (White's numbering, which is the board's).
    let doc = tabula::json::state_to_json(&game, &state);
    let mut cells: Vec<(String, String, i64)> = doc["cells"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, c)| {
            (
                name.clone(),
                c["owner"].as_str().unwrap().to_string(),
                c["count"].as_i64().unwrap_or(1),
            )
        })
        .collect();
    cells.sort();
    let mut expected: Vec<(String, String, i64)> = [
        ("24", "white", 2),
        ("13", "white", 5),
        ("8", "white", 3),
        ("6", "white", 5),
        ("1", "black", 2),
        ("12", "black", 5),
        ("17", "black", 3),
        ("19", "black", 5),
    ]
    .iter()
    .map(|&(c, o, n)| (c.to_string(), o.to_string(), n))
    .collect();
    expected.sort();
    assert_eq!(cells, expected);
    // The same position from each side is the usual start.
    assert_eq!(from_state(&game, &state, Colour::White).unwrap(), START);
    assert_eq!(from_state(&game, &state, Colour::Black).unwrap(), START);
    // The game opens with the opening roll, no dice yet.
    assert_eq!(doc["chance"], "opening");
    assert_eq!(doc["pools"]["dice"], serde_json::json!([]));
}

/// Dice 5-3, mover on 24 and 13. Each die is its own move: 24/19 13/10, 24/21 13/8,
/// or one checker takes both (24/16, 13/5). With the opponent holding the mover's
/// 19-point, the 5 cannot be played from 24, and 24/16 goes by 21 only.
#[test]
fn each_die_is_a_separate_move_to_an_open_point() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let open = neutral(&[(24, 1), (13, 1)], &[(3, 2)], (0, 0), (13, 13));
        let state = position(&game, &open, colour, &dice(5, 3));
        assert_turns(
            &mut engine,
            &state,
            &[
                "24/19 13/10",
                "24/21 13/8",
                "24/19 19/16 | 24/21 21/16",
                "13/8 8/5 | 13/10 10/5",
            ],
        );
        assert_same_turn(&mut engine, &state, "13/8 24/21", "24/21 13/8");

        let blocked = neutral(&[(24, 1), (13, 1)], &[(19, 2), (3, 2)], (0, 0), (13, 11));
        let state = position(&game, &blocked, colour, &dice(5, 3));
        assert_turns(
            &mut engine,
            &state,
            &["24/21 13/8", "24/21 21/16", "13/10 10/5 | 13/8 8/5"],
        );
        assert_illegal(&mut engine, &state, "24/19 13/10");
        assert_illegal(&mut engine, &state, "24/19 19/16");
    }
}

/// Dice 6-5, one checker on 13: 13/2 goes by 7 or by 8; with 7 held by the opponent
/// only by 8.
#[test]
fn one_checker_uses_both_dice_only_through_an_open_point() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let free = neutral(&[(13, 1)], &[(20, 2)], (0, 0), (14, 13));
        let state = position(&game, &free, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["13/7 7/2 | 13/8 8/2"]);

        let seven_held = neutral(&[(13, 1)], &[(7, 2)], (0, 0), (14, 13));
        let state = position(&game, &seven_held, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["13/8 8/2"]);
        assert_illegal(&mut engine, &state, "13/7 7/2");
        let (_, e) = after(&mut engine, &state, colour, "8/2 13/8");
        assert_eq!(e, neutral(&[(2, 1)], &[(7, 2)], (0, 0), (14, 13)));
    }
}

/// Doubles are four moves. Two checkers on 13 with 2-2 end on 13+5, 11+7 or 9+9 (4+0,
/// 3+1, 2+2 moves each). With 7 held only 9+9 is left; one checker with 5 held can make
/// three moves only, and must make those three.
#[test]
fn doubles_give_four_moves() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let two = neutral(&[(13, 2)], &[(24, 2)], (0, 0), (13, 13));
        let state = position(&game, &two, colour, &dice(2, 2));
        assert_turns(
            &mut engine,
            &state,
            &[
                "13/11 11/9 9/7 7/5",
                "13/11(2) 11/9 9/7",
                "13/11(2) 11/9(2)",
            ],
        );
        assert_same_turn(
            &mut engine,
            &state,
            "13/11(2) 11/9(2)",
            "11/9 13/11 11/9 13/11",
        );
        let expected = [
            neutral(&[(13, 1), (5, 1)], &[(24, 2)], (0, 0), (13, 13)),
            neutral(&[(11, 1), (7, 1)], &[(24, 2)], (0, 0), (13, 13)),
            neutral(&[(9, 2)], &[(24, 2)], (0, 0), (13, 13)),
        ];
        assert_results(&mut engine, &state, colour, &expected);

        let seven_held = neutral(&[(13, 2)], &[(7, 2)], (0, 0), (13, 13));
        let state = position(&game, &seven_held, colour, &dice(2, 2));
        assert_turns(&mut engine, &state, &["13/11(2) 11/9(2)"]);

        let one = neutral(&[(13, 1)], &[(5, 2)], (0, 0), (14, 13));
        let state = position(&game, &one, colour, &dice(2, 2));
        assert_turns(&mut engine, &state, &["13/11 11/9 9/7"]);

        // From the start (past the opening), 3-3 includes the classic 8/5(2) 6/3(2).
        let state = position(&game, &START, colour, &dice(3, 3));
        assert_same_turn(&mut engine, &state, "8/5(2) 6/3(2)", "6/3 8/5 6/3 8/5");
    }
}

/// The number of distinct turns for each double from the start, as the oracle's README
/// gives them (refgen = gnubg): 1-1 42, 2-2 75, 3-3 73, 4-4 52, 5-5 4, 6-6 11.
#[test]
fn doubles_from_the_start_match_the_published_counts() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        for (d, count) in [(1, 42), (2, 75), (3, 73), (4, 52), (5, 4), (6, 11)] {
            let state = position(&game, &START, colour, &dice(d, d));
            assert_eq!(
                legal(&mut engine, &state).len(),
                count,
                "{d}-{d} for {}",
                colour.name()
            );
        }
        // 5-5 by hand: 24/19 and 6/1 are blocked, so the four fives are split between
        // 13/8 and 8/3 (at most three 8/3 before a 13/8 arrives): four positions.
        let state = position(&game, &START, colour, &dice(5, 5));
        assert_turns(
            &mut engine,
            &state,
            &["13/8(4)", "13/8(3) 8/3", "13/8(2) 8/3(2)", "13/8 8/3(3)"],
        );
    }
}

/// Dice 3-1, mover on 13, a single opposing checker on the mover's 10: 13/10* 10/9
/// hits it (it goes to its owner's bar), 13/12 12/9 passes it by; two turns.
#[test]
fn hitting_a_blot_sends_it_to_the_bar() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let blot = neutral(&[(13, 1)], &[(10, 1), (24, 2)], (0, 0), (14, 12));
        let state = position(&game, &blot, colour, &dice(3, 1));
        assert_turns(&mut engine, &state, &["13/10* 10/9", "13/12 12/9"]);
        // Typed without the hit mark, or in another order, it is the same turn.
        assert_same_turn(&mut engine, &state, "13/10 10/9", "13/10* 10/9");
        assert_same_turn(&mut engine, &state, "10/9 13/10*", "13/10* 10/9");
        let (hit_state, hit) = after(&mut engine, &state, colour, "13/10* 10/9");
        assert_eq!(hit, neutral(&[(9, 1)], &[(24, 2)], (0, 1), (14, 12)));
        // The hit checker is in its owner's bar cell of the board.
        let doc = tabula::json::state_to_json(&game, &hit_state);
        let bar = format!("bar-{}", colour.other().name());
        assert_eq!(doc["cells"][&bar]["owner"], colour.other().name());
        assert_eq!(
            doc["cells"][&bar]
                .get("count")
                .map_or(1, |c| c.as_i64().unwrap()),
            1
        );
        let (_, passed) = after(&mut engine, &state, colour, "13/12 12/9");
        assert_eq!(
            passed,
            neutral(&[(9, 1)], &[(10, 1), (24, 2)], (0, 0), (14, 12))
        );
        // A point of two is not a blot: it cannot be hit.
        let point = neutral(&[(13, 1)], &[(10, 2), (24, 2)], (0, 0), (14, 11));
        let state = position(&game, &point, colour, &dice(3, 1));
        assert_turns(&mut engine, &state, &["13/12 12/9"]);
    }
}

/// Dice 4-3, the opponent holding the mover's 21 (where a 4 enters). One checker on the
/// bar enters with the 3 (bar/22) and then the 4 is free: 22/18 or 13/9. Two on the bar:
/// bar/22 and the rest of the turn is lost. With 21 and 22 held, nothing enters and the
/// turn is lost although 13 could move.
#[test]
fn the_bar_enters_first_and_a_blocked_entry_loses_the_rest() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let one = neutral(&[(13, 1)], &[(21, 2)], (1, 0), (13, 13));
        let state = position(&game, &one, colour, &dice(4, 3));
        assert_turns(&mut engine, &state, &["bar/22 22/18", "bar/22 13/9"]);
        assert_same_turn(&mut engine, &state, "13/9 bar/22", "bar/22 13/9");
        assert_illegal(&mut engine, &state, "13/10 13/9");
        assert_illegal(&mut engine, &state, "bar/21 13/10");

        let two = neutral(&[(13, 1)], &[(21, 2)], (2, 0), (12, 13));
        let state = position(&game, &two, colour, &dice(4, 3));
        assert_turns(&mut engine, &state, &["bar/22"]);
        let (_, e) = after(&mut engine, &state, colour, "bar/22");
        assert_eq!(
            e,
            neutral(&[(22, 1), (13, 1)], &[(21, 2)], (1, 0), (12, 13))
        );

        let shut = neutral(&[(13, 1)], &[(21, 2), (22, 2)], (1, 0), (13, 11));
        let state = position(&game, &shut, colour, &dice(4, 3));
        assert_turns(&mut engine, &state, &["pass"]);

        // Entering with doubles: both enter, then the other two moves are free.
        let two = neutral(&[(13, 1)], &[(21, 2)], (2, 0), (12, 13));
        let state = position(&game, &two, colour, &dice(3, 3));
        assert_turns(
            &mut engine,
            &state,
            &[
                "bar/22(2) 22/19(2)",
                "bar/22(2) 22/19 19/16",
                "bar/22(2) 22/19 13/10",
                "bar/22(2) 13/10 10/7",
            ],
        );
    }
}

/// Bearing off needs all 15 home. Mover 1 on 9 and 14 on 6, dice 6-5: 9/3 6/1, or
/// 9/4 and then (all home) 6/off; never 6/off while 9 is out.
#[test]
fn bearing_off_only_with_all_fifteen_home() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let out = neutral(&[(9, 1), (6, 14)], &[(24, 2)], (0, 0), (0, 13));
        let state = position(&game, &out, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["9/3 6/1", "9/4 6/off"]);
        assert_illegal(&mut engine, &state, "6/off 6/1");
        assert_illegal(&mut engine, &state, "6/off 9/3");

        // A checker hit during bear-off: it must enter and come home first. Enter with
        // the 6 or the 5, then the other die takes it on to 14; 5/off is not allowed.
        let hit = neutral(&[(5, 2)], &[(24, 2)], (1, 0), (12, 13));
        let state = position(&game, &hit, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["bar/19 19/14 | bar/20 20/14"]);
        assert_illegal(&mut engine, &state, "bar/20 5/off");
    }
}

/// All home. Exact die: 2 on 6 with 6-5 is 6/off 6/1 (the 5 cannot bear off from 6).
/// Larger die from the highest point: 3 and 2 with 6-5 is 3/off 2/off. Not while a
/// checker is higher: 6 and 2 with 4-3 is 6/2 2/off (= 6/3 3/off), never 2/off 6/3.
#[test]
fn bearing_off_exact_larger_from_highest_and_not_below_a_higher_checker() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let two_on_six = neutral(&[(6, 2)], &[(24, 2)], (0, 0), (13, 13));
        let state = position(&game, &two_on_six, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["6/off 6/1"]);
        assert_illegal(&mut engine, &state, "6/off(2)");
        assert_results(
            &mut engine,
            &state,
            colour,
            &[neutral(&[(1, 1)], &[(24, 2)], (0, 0), (14, 13))],
        );

        let low = neutral(&[(3, 1), (2, 1)], &[(24, 2)], (0, 0), (13, 13));
        let state = position(&game, &low, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["3/off 2/off"]);

        let gap = neutral(&[(6, 1), (2, 1)], &[(24, 2)], (0, 0), (13, 13));
        let state = position(&game, &gap, colour, &dice(4, 3));
        assert_turns(&mut engine, &state, &["6/2 2/off | 6/3 3/off"]);
        assert_illegal(&mut engine, &state, "2/off 6/3");
        assert_illegal(&mut engine, &state, "6/3 2/off");
        assert_results(
            &mut engine,
            &state,
            colour,
            &[neutral(&[(2, 1)], &[(24, 2)], (0, 0), (14, 13))],
        );
    }
}

/// Dice 5-4, mover on 24 and 13; the opponent holds 19, 15 and 4. 13/9 would leave the
/// 5 unplayable (9/4 and 24/19 are blocked); 13/8 24/20 uses both, so it is the only
/// legal turn.
#[test]
fn must_use_as_many_dice_as_possible() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let e = neutral(
            &[(24, 1), (13, 1)],
            &[(19, 2), (15, 2), (4, 2)],
            (0, 0),
            (13, 9),
        );
        let state = position(&game, &e, colour, &dice(5, 4));
        assert_turns(&mut engine, &state, &["24/20 13/8"]);
        assert_illegal(&mut engine, &state, "13/9");
        assert_illegal(&mut engine, &state, "24/20");
    }
}

/// Dice 6-5, one checker on 13 and the opponent on 2: 13/7 and 13/8 are each legal but
/// not together (7/2, 8/2 blocked), so the higher die is played: 13/7. With 7 held as
/// well only the lower can be played: 13/8.
#[test]
fn then_the_higher_die_or_only_the_lower_playable() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let e = neutral(&[(13, 1)], &[(2, 2)], (0, 0), (14, 13));
        let state = position(&game, &e, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["13/7"]);
        assert_illegal(&mut engine, &state, "13/8");

        let e = neutral(&[(13, 1)], &[(7, 2), (2, 2)], (0, 0), (14, 11));
        let state = position(&game, &e, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["13/8"]);
    }
}

/// Dice 6-5, one checker on 13, the opponent on 7 and 8: no move; the only choice is to
/// pass, which leaves the board as it was and hands the roll to the opponent.
#[test]
fn no_move_at_all_passes() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let e = neutral(&[(13, 1)], &[(7, 2), (8, 2)], (0, 0), (14, 11));
        let state = position(&game, &e, colour, &dice(6, 5));
        assert_turns(&mut engine, &state, &["pass"]);
        let (next, after_pass) = after(&mut engine, &state, colour, "pass");
        assert_eq!(after_pass, e);
        // The opponent is to roll (or first to decide whether to double).
        assert_eq!(game.players()[next.mover().index()], colour.other().name());
        assert!(pool(&game, &next).is_empty());
        assert!(matches!(
            engine.status(&next).unwrap(),
            Status::Chance(_) | Status::Player(_)
        ));
        // Any other text is refused with the list of legal turns.
        let mut s = state.clone();
        match engine.play_text(&mut s, "13/7") {
            Err(PlayError::Illegal { legal, .. }) => assert_eq!(legal, "pass"),
            other => panic!("13/7 should be refused: {other:?}"),
        }
    }
}

/// Distinct turns for each opening roll from the start, as the oracle's README gives
/// them (OpenSpiel = refgen = gnubg).
const OPENING_COUNTS: [((i32, i32), usize); 15] = [
    ((2, 1), 15),
    ((3, 1), 16),
    ((3, 2), 17),
    ((4, 1), 14),
    ((4, 2), 18),
    ((4, 3), 17),
    ((5, 1), 8),
    ((5, 2), 8),
    ((5, 3), 9),
    ((5, 4), 9),
    ((6, 1), 10),
    ((6, 2), 14),
    ((6, 3), 14),
    ((6, 4), 14),
    ((6, 5), 7),
];

fn pool(game: &Game, state: &State) -> Vec<i64> {
    let doc = tabula::json::state_to_json(game, state);
    let mut v: Vec<i64> = doc["pools"]["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_i64().unwrap())
        .collect();
    v.sort();
    v
}

/// The opening roll: one die each, 30 equally likely outcomes (ties are rolled again, so
/// never a double); the higher die moves first with both numbers.
#[test]
fn the_opening_roll() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    let start = engine.initial_state().unwrap();
    let choices = legal(&mut engine, &start);
    assert_eq!(choices.len(), 30);
    assert!(
        choices
            .weights
            .iter()
            .all(|&w| w == choices.weights[0] && w > 0),
        "{:?}",
        choices.weights
    );
    let mut seen = BTreeSet::new();
    for i in 0..30 {
        let step = choices[i][0];
        let text = engine.step_text(&start, &step, true);
        let (w, b) = text.split_once('-').unwrap();
        let (w, b): (i32, i32) = (w.parse().unwrap(), b.parse().unwrap());
        assert_ne!(w, b, "{text} is a double");
        assert!(seen.insert((w, b)));
        let mut state = start.clone();
        engine.apply_step(&mut state, &step).unwrap();
        let mover = if w > b { Colour::White } else { Colour::Black };
        assert_eq!(
            game.players()[state.mover().index()],
            mover.name(),
            "{text}"
        );
        assert_eq!(
            pool(&game, &state),
            vec![w.min(b) as i64, w.max(b) as i64],
            "{text}"
        );
        let count = OPENING_COUNTS
            .iter()
            .find(|(d, _)| *d == (w.max(b), w.min(b)))
            .unwrap()
            .1;
        assert_eq!(legal(&mut engine, &state).len(), count, "{text}");
    }
    assert_eq!(seen.len(), 30);

    // The opening 6-5 by hand: the 6 plays 24/18, 13/7 or 8/2; the 5 13/8, 8/3 or
    // 18/13, 7/2 after them (24/19 and 6/1 are blocked). 13/7 7/2 and 13/8 8/2 reach
    // the same position, so seven turns.
    for text in ["6-5", "5-6"] {
        let mut state = start.clone();
        engine.play_text(&mut state, text).unwrap();
        assert_turns(
            &mut engine,
            &state,
            &[
                "24/18 13/8",
                "24/18 8/3",
                "24/18 18/13",
                "13/7 13/8",
                "13/7 8/3",
                "13/8 8/2 | 13/7 7/2",
                "8/2 8/3",
            ],
        );
    }
}

/// With `first-roll-reroll` the winner of the opening roll rolls both dice anew (and
/// may roll a double); the opening roll still decides who starts.
#[test]
fn the_opening_roll_with_first_roll_reroll() {
    let game = game(&["first-roll-reroll"]);
    let mut engine = Engine::new(&game);
    let start = engine.initial_state().unwrap();
    let roll = game
        .rules()
        .chances
        .iter()
        .position(|c| c.name == "roll")
        .unwrap();
    for (opening, starter) in [("6-1", Colour::White), ("2-5", Colour::Black)] {
        let mut state = start.clone();
        engine.play_text(&mut state, opening).unwrap();
        assert_eq!(game.players()[state.mover().index()], starter.name());
        assert_eq!(
            engine.status(&state).unwrap(),
            Status::Chance(tabula::ChanceId::new(roll))
        );
        assert!(pool(&game, &state).is_empty());
        let rolls = legal(&mut engine, &state);
        assert_eq!(rolls.len(), 21);
        assert_eq!(rolls.weights.iter().sum::<u32>(), 36);
        // A double as the first move: 6-6 from the start has 11 turns (README).
        let mut doubled = state.clone();
        engine.play_text(&mut doubled, "6-6").unwrap();
        assert_eq!(game.players()[doubled.mover().index()], starter.name());
        assert_eq!(pool(&game, &doubled), vec![6, 6, 6, 6]);
        assert_eq!(legal(&mut engine, &doubled).len(), 11);
    }
}

/// The mover's last checker is on his 1-point; bearing it off wins. The value depends
/// on the loser: 1 if he has borne off a checker, 2 (gammon) if not, 3 (backgammon) if
/// not and he still has a checker on the bar or in the winner's home board.
#[test]
fn single_gammon_and_backgammon() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    let cases: [(&str, Neutral, i32); 5] = [
        (
            "single",
            neutral(&[(1, 1)], &[(13, 14)], (0, 0), (14, 1)),
            1,
        ),
        (
            "gammon, loser in the outer boards",
            neutral(&[(1, 1)], &[(13, 14), (7, 1)], (0, 0), (14, 0)),
            2,
        ),
        (
            "gammon, loser all in his home board",
            neutral(&[(1, 1)], &[(19, 8), (24, 7)], (0, 0), (14, 0)),
            2,
        ),
        (
            "backgammon, loser on the bar",
            neutral(&[(1, 1)], &[(13, 14)], (0, 1), (14, 0)),
            3,
        ),
        (
            "backgammon, loser in the winner's home board",
            neutral(&[(1, 1)], &[(13, 14), (6, 1)], (0, 0), (14, 0)),
            3,
        ),
    ];
    for colour in Colour::BOTH {
        for (name, e, points) in &cases {
            let state = position(&game, e, colour, &dice(2, 1));
            assert_eq!(
                engine.status(&state).unwrap(),
                Status::Player(state.mover()),
                "{name}: not over before the move"
            );
            assert_turns(&mut engine, &state, &["1/off"]);
            let (end, _) = after(&mut engine, &state, colour, "1/off");
            match engine.status(&end).unwrap() {
                Status::Over(o) => {
                    assert_eq!(
                        o.winner.map(|w| game.players()[w.index()].as_str()),
                        Some(colour.name()),
                        "{name}"
                    );
                    assert_eq!(o.points, *points, "{name}");
                }
                other => panic!("{name}: the game should be over, not {other:?}"),
            }
            assert!(
                legal(&mut engine, &end).is_empty(),
                "{name}: no move after the end"
            );
        }
    }
}

/// Every way of writing a turn names it: a checker that uses both dice can be written
/// by either intermediate point (`24/19 19/16` or `24/21 21/16`), as in RULES.md's
/// notation, which writes each checker move.
#[test]
fn every_way_of_writing_a_turn_is_accepted() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        let open = neutral(&[(24, 1), (13, 1)], &[(3, 2)], (0, 0), (13, 13));
        let state = position(&game, &open, colour, &dice(5, 3));
        assert_same_turn(&mut engine, &state, "24/19 19/16", "24/21 21/16");
        assert_same_turn(&mut engine, &state, "13/8 8/5", "13/10 10/5");

        let free = neutral(&[(13, 1)], &[(20, 2)], (0, 0), (14, 13));
        let state = position(&game, &free, colour, &dice(6, 5));
        assert_same_turn(&mut engine, &state, "13/7 7/2", "13/8 8/2");

        let hit = neutral(&[(5, 2)], &[(24, 2)], (1, 0), (12, 13));
        let state = position(&game, &hit, colour, &dice(6, 5));
        assert_same_turn(&mut engine, &state, "bar/20 20/14", "bar/19 19/14");

        let gap = neutral(&[(6, 1), (2, 1)], &[(24, 2)], (0, 0), (13, 13));
        let state = position(&game, &gap, colour, &dice(4, 3));
        assert_same_turn(&mut engine, &state, "6/3 3/off", "6/2 2/off");
    }
    let mut state = Engine::new(&game).initial_state().unwrap();
    engine.play_text(&mut state, "6-5").unwrap();
    assert_same_turn(&mut engine, &state, "13/7 7/2", "13/8 8/2");
}

/// GNU Backgammon's combined notation: a checker moved by several dice written as one
/// move from where it starts to where it ends, a hit on the way marked on it or left
/// out; a move no legal steps make is still refused.
#[test]
fn a_checker_moved_by_several_dice_may_be_written_as_one_move() {
    let game = game(&[]);
    let mut engine = Engine::new(&game);
    for colour in Colour::BOTH {
        // 6-5 from 24: through 18 or 19 to 13.
        let open = neutral(&[(24, 1), (13, 1)], &[(3, 2)], (0, 0), (13, 13));
        let state = position(&game, &open, colour, &dice(6, 5));
        assert_same_turn(&mut engine, &state, "24/13", "24/18 18/13");
        // 24/12 would need 12 pips: no legal turn moves a checker so.
        let choices = legal(&mut engine, &state);
        assert_eq!(engine.find_choice(&state, &choices, "24/12").unwrap(), None);

        // A blot on 10: 3-2 from 13 hits it with the 3 on the way to 8.
        let blot = neutral(&[(13, 1)], &[(10, 1)], (0, 0), (14, 14));
        let state = position(&game, &blot, colour, &dice(3, 2));
        assert_same_turn(&mut engine, &state, "13/8*", "13/10* 10/8");
        let choices = legal(&mut engine, &state);
        assert!(engine
            .find_choice(&state, &choices, "13/8")
            .unwrap()
            .is_some());

        // A double: four 4s by one checker, 24 to 8.
        let state = position(&game, &open, colour, &dice(4, 4));
        assert_same_turn(&mut engine, &state, "24/8", "24/20 20/16 16/12 12/8");
        // Two moves of one checker and two single steps of another.
        assert_same_turn(&mut engine, &state, "24/16 13/5", "24/20 20/16 13/9 9/5");
    }
}
