//! Strategies, the levels a rules file writes (`strategy NAME "..." { play ... }`): which
//! move each plays, worked out by hand from its rules and the position; that a level
//! names one by its name; and that a strategy changes nothing of what the other levels
//! and random games do.

mod common;
mod invictus_support;

use common::*;
use invictus_support::{pos, B, W};
use tabula::ai::{choose, estimates, Budget, Decision, Level, Thinker};
use tabula::engine::rng::Rng;

/// The move the level named `level` plays in `state`, from `seed`.
fn played(game: &Game, state: &State, level: &str, seed: u64) -> String {
    let level = Level::parse_in(level, game)
        .expect("a level")
        .expect("not `off`");
    let mut engine = Engine::new(game);
    let Ok(Status::Player(player)) = engine.status(state) else {
        panic!("a player decides");
    };
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).expect("the moves list");
    let decision = Decision {
        engine: &mut engine,
        state,
        choices: &choices,
        player,
    };
    let i = choose(
        decision,
        level,
        &mut Rng::new(seed),
        &mut Thinker::new(1),
        None,
    )
    .expect("a choice");
    engine.choice_text(state, &choices[i]).expect("its text")
}

/// The move played in every one of 20 seeds, which must be one: the strategy decides.
fn always(game: &Game, state: &State, level: &str) -> String {
    let first = played(game, state, level, 1);
    for seed in 2..=20 {
        assert_eq!(played(game, state, level, seed), first, "seed {seed}");
    }
    first
}

fn pig() -> Game {
    example_game("examples/rules/pig.tabula")
}

#[test]
fn hold20_rolls_below_20_a_turn_and_stops_at_20_and_more() {
    let g = pig();
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().expect("it starts");
    // Nothing gathered yet: roll.
    assert_eq!(always(&g, &s, "hold20"), "roll");
    // 6 + 6 + 4 + 3 = 19: roll again.
    play_all(
        &mut e,
        &mut s,
        &["roll", "6", "roll", "6", "roll", "4", "roll", "3"],
    );
    assert_eq!(always(&g, &s, "hold20"), "roll");
    // One more 2: 21, at least 20, so stop.
    play_all(&mut e, &mut s, &["roll", "2"]);
    assert_eq!(always(&g, &s, "hold20"), "stop");
}

#[test]
fn hold20_plays_either_seat() {
    let g = pig();
    let mut e = Engine::new(&g);
    let mut s = e.initial_state().expect("it starts");
    // First banks 5; then second gathers 5 + 5 + 5 + 5 = 20.
    play_all(&mut e, &mut s, &["roll", "5", "stop"]);
    assert_eq!(to_move(&g, &s), "second");
    assert_eq!(always(&g, &s, "hold20"), "roll");
    play_all(
        &mut e,
        &mut s,
        &["roll", "5", "roll", "5", "roll", "5", "roll", "5"],
    );
    assert_eq!(always(&g, &s, "hold20"), "stop");
}

#[test]
fn a_level_names_a_strategy_by_its_name() {
    let g = pig();
    assert_eq!(Level::parse_in("hold20", &g), Ok(Some(Level::Strategy(0))));
    assert_eq!(Level::Strategy(0).name_in(&g), "hold20");
    // The built-in levels read as ever.
    assert_eq!(
        Level::parse_in("mcts:300", &g),
        Ok(Some(Level::Mcts(Budget::Iterations(300))))
    );
    assert_eq!(Level::parse_in("off", &g), Ok(None));
    // Without the game, the name is no level.
    assert!(Level::parse("hold20").is_err());
    assert_eq!(
        Level::parse_in("hold30", &g).unwrap_err().to_string(),
        "`hold30` is not a computer level; use random, greedy, playouts, mcts (mcts:2s, mcts:2s:wall, mcts:5000), net, net2, net3 (net3:1s, net:FILE, net2:FILE, net3:FILE), az (az:2s, az:800, az:FILE), off, or a strategy of the file: hold20"
    );
    assert_eq!(
        Level::parse_in("hold20:2s", &g).unwrap_err().to_string(),
        "`hold20:2s`: only `mcts`, `net2` and `net3` take a budget"
    );
}

#[test]
fn a_strategy_changes_nothing_the_searches_and_random_games_do() {
    let with = pig();
    let text = std::fs::read_to_string("examples/rules/pig.tabula").expect("the example");
    let start = text.find("strategy hold20").expect("the strategy");
    let end = start + text[start..].find("\n}\n").expect("its end") + 3;
    let without = format!("{}{}", &text[..start], &text[end..]);
    let without = tabula::compile(&tabula::Source::new("pig.tabula", without), &[])
        .expect("pig without its strategy");
    assert!(without.rules().strategies.is_empty());
    for level in [
        Level::Random,
        Level::Playouts,
        Level::Mcts(Budget::Iterations(200)),
    ] {
        let figures = |g: &Game| {
            let mut engine = Engine::new(g);
            let mut s = engine.initial_state().expect("it starts");
            play_all(&mut engine, &mut s, &["roll", "4", "roll", "5"]);
            let mut choices = Choices::default();
            engine.legal(&s, &mut choices).expect("the moves list");
            let Ok(Status::Player(player)) = engine.status(&s) else {
                panic!("a player decides");
            };
            let d = Decision {
                engine: &mut engine,
                state: &s,
                choices: &choices,
                player,
            };
            let est = estimates(d, level, &mut Rng::new(7), &mut Thinker::new(1), None)
                .expect("estimates");
            let d = Decision {
                engine: &mut engine,
                state: &s,
                choices: &choices,
                player,
            };
            let i =
                choose(d, level, &mut Rng::new(7), &mut Thinker::new(1), None).expect("a choice");
            (format!("{est:?}"), i)
        };
        assert_eq!(figures(&with), figures(&without), "{level:?}");
    }
}

fn invictus_heuristic() -> Game {
    example_game("examples/rules/invictus-heuristic.tabula")
}

#[test]
fn the_invictus_heuristic_captures_the_highest_die_it_may_take() {
    let g = invictus_heuristic();
    // Black's 6 on e4 may take White's 2 on d5 or 5 on f5; after either nothing of
    // Black's stands below a White die as high: the 5.
    let s = pos(
        &g,
        B,
        &[("e4", B, 6), ("d5", W, 2), ("f5", W, 5), ("i9", W, 6)],
        json!({}),
        json!({}),
    );
    assert_eq!(always(&g, &s, "heuristic"), "e4xf5");
}

#[test]
fn the_invictus_heuristic_takes_no_die_that_lets_a_higher_one_be_taken() {
    let g = invictus_heuristic();
    // As above, but White's 6 on g6 would take Black's 6 on f5 (diagonally forward for
    // White, and as high): taking the 5 lets a 6 be taken, so the 2 it is.
    let s = pos(
        &g,
        B,
        &[("e4", B, 6), ("d5", W, 2), ("f5", W, 5), ("g6", W, 6)],
        json!({}),
        json!({}),
    );
    assert_eq!(always(&g, &s, "heuristic"), "e4xd5");
}

#[test]
fn the_invictus_heuristic_advances_the_die_nearest_the_far_row_safely() {
    let g = invictus_heuristic();
    // No capture: h6's 2 cannot take the 6 on i7, and g7 is empty. h6 is nearer rank 9
    // than b2. Forward h6-h7 would stand below White's 5 on g8 (which takes
    // diagonally towards h7); h6-i7 is taken; h6-g7 is left: f8 and h8 are empty.
    let s = pos(
        &g,
        B,
        &[("b2", B, 3), ("h6", B, 2), ("i7", W, 6), ("g8", W, 5)],
        json!({}),
        json!({}),
    );
    assert_eq!(always(&g, &s, "heuristic"), "h6-g7");
    // For White the far row is rank 1: the 2 on d4 is nearer it than the 4 on a8, and
    // nothing of Black's stands below it diagonally: d4-d3, d4-c3 and d4-e3 are all
    // safe, and the seeded generator chooses among them.
    let s = pos(
        &g,
        W,
        &[("a8", W, 4), ("d4", W, 2), ("i1", B, 6)],
        json!({}),
        json!({}),
    );
    let mut seen: Vec<String> = (1..=40)
        .map(|seed| played(&g, &s, "heuristic", seed))
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen, ["d4-c3", "d4-d3", "d4-e3"]);
}

/// Two placements a turn, decided as a whole turn; a strategy ranks whole turns.
const TWO_A_TURN: &str = r#"
game "two a turn"
players a, b
board { grid 4 x 1 }
piece stone
counter placed per turn hidden
action put "{to}" for to in cells where empty(to) {
  put stone of mover at to
  placed += 1
  if placed < 2 { continue }
}
phase play { starts a actions put decide turn }
end "full" when not exists(c in cells where empty(c)) draw
strategy right "the rightmost cells" { play put by file(to) }
strategy shy "the rightmost cells but d1" {
  play put where file(to) != 4 by file(to)
}
"#;

#[test]
fn a_strategy_ranks_a_whole_turn_by_its_steps() {
    let g =
        tabula::compile(&tabula::Source::new("two.tabula", TWO_A_TURN), &[]).expect("it compiles");
    let mut e = Engine::new(&g);
    let s = e.initial_state().expect("it starts");
    let mut owners = |level: &str| {
        let text = played(&g, &s, level, 3);
        let mut after = s.clone();
        play(&mut e, &mut after, &text);
        ["a1", "b1", "c1", "d1"].map(|c| cell(&g, &after, c).is_some())
    };
    // Files 3 + 4 = 7 is the most two cells give.
    assert_eq!(owners("right"), [false, false, true, true]);
    // Each step must hold the rule: without d1, 2 + 3 = 5.
    assert_eq!(owners("shy"), [false, true, true, false]);
}

#[test]
fn at_the_prompt_a_strategy_plays_a_seat_and_help_ai_lists_it() {
    let text = std::fs::read_to_string("examples/rules/pig.tabula").expect("the example");
    let mut s = tabula::session::Session::new(tabula::Source::new("pig.tabula", text), &[], 1)
        .expect("a session");
    let help = s.handle("help ai").text;
    assert!(
        help.ends_with(
            "This file's strategies, each a level by its name:\n  hold20  holds at 20 points a turn\n"
        ),
        "{help}"
    );
    let seated = s.handle("ai first hold20").text;
    assert!(
        seated.starts_with("first is played by the computer (hold20)\n"),
        "{seated}"
    );
    let listed = s.handle("ai").text;
    assert!(listed.contains("first: computer (hold20)\n"), "{listed}");
    let refused = s.handle("ai second hold30").text;
    assert!(
        refused.contains("or a strategy of the file: hold20"),
        "{refused}"
    );
    let hint = s.handle("hint hold20").text;
    assert!(
        hint.contains("`hint hold20`: a strategy plays by its rules and rates no choice; `ai PLAYER hold20` lets it play"),
        "{hint}"
    );
}

#[test]
fn the_language_services_know_a_strategy() {
    let text = std::fs::read_to_string("examples/rules/pig.tabula").expect("the example");
    let outline = tabula::services::outline(&text).expect("it parses");
    let item = outline
        .iter()
        .find(|i| i.kind == tabula::services::OutlineKind::Strategy)
        .expect("the strategy is in the outline");
    assert_eq!(item.name, "hold20");
    assert_eq!(&text[item.name_span.start..item.name_span.end], "hold20");
    // `stop` in `play stop` is the action: its definition is the action's name.
    let at = text.find("play stop").expect("the rule") + "play ".len();
    let found = tabula::services::definition(&text, at).expect("a definition");
    let declared = text.find("action stop").expect("the action") + "action ".len();
    assert_eq!(found.span.start, declared);
    // The word `strategy` is explained where it is written.
    let word = text.find("strategy hold20").expect("the declaration");
    let shown = tabula::services::hover(&text, word).expect("a hover");
    assert!(
        shown.text.contains("a named way of playing"),
        "{}",
        shown.text
    );
}

#[test]
fn the_names_a_strategy_may_not_take_are_the_levels_words() {
    use tabula::internals::ir::{names_a_level, LEVEL_NAMES, NO_COMPUTER_NAMES};
    for word in LEVEL_NAMES.iter().chain(NO_COMPUTER_NAMES) {
        assert!(names_a_level(word), "{word}");
        assert!(Level::parse(word).is_ok(), "`{word}` is no level");
    }
    // `off` and the words like it mean no computer.
    for word in ["off"].iter().chain(NO_COMPUTER_NAMES) {
        assert_eq!(Level::parse(word), Ok(None), "{word}");
    }
    assert!(!names_a_level("hold20"));
}
