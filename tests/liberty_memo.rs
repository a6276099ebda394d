//! `liberties` read while a position's moves are generated are remembered for the
//! stones of each group found (interpreter/engine/reach.rs, `memo`): the moves must be
//! the very ones found without it, in the same order, at every position of random
//! games of Go on both boards (whose legal moves are judged by liberties), and of the
//! Go rules with the liberties of the stone itself compared with 0, 1 and 2.

mod common;

use tabula::{Choices, Engine, Game};

fn listed(engine: &mut Engine, state: &tabula::State) -> Vec<String> {
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).expect("legal");
    (0..choices.len())
        .map(|i| engine.choice_text(state, &choices[i]).expect("text"))
        .collect()
}

/// Plays `games` random games of `game` (a simple seeded generator picks the moves),
/// comparing the moves with the memo on and off at every decision; the positions seen.
fn compare(game: &Game, games: u64, max_moves: usize) -> usize {
    let mut seen = 0;
    for g in 0..games {
        let mut e = Engine::new(game);
        let mut s = e.initial_state().unwrap();
        let mut x = g.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for _ in 0..max_moves {
            if e.outcome(&s).unwrap().is_some() {
                break;
            }
            tabula::internals::set_liberty_memo(true);
            let with = listed(&mut e, &s);
            tabula::internals::set_liberty_memo(false);
            let without = listed(&mut e, &s);
            tabula::internals::set_liberty_memo(true);
            assert_eq!(with, without, "game {g}, after {seen} positions");
            seen += 1;
            if with.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let pick = &with[(x % with.len() as u64) as usize];
            e.play_text(&mut s, pick).unwrap();
        }
    }
    seen
}

#[test]
fn go_moves_are_the_same_with_and_without_the_memo() {
    let nine = common::example_game("examples/rules/go.tabula");
    assert!(compare(&nine, 20, 200) > 2000);
    let text = std::fs::read_to_string("examples/rules/go.tabula").unwrap();
    let source = tabula::Source::new("go.tabula", text.as_str());
    let nineteen = tabula::compile(&source, &["nineteen".to_string()]).unwrap();
    assert!(compare(&nineteen, 2, 800) > 800);
}

#[test]
fn capped_counts_of_other_sizes_agree_too() {
    // By turns, a stone may not be placed beside an enemy group of exactly 2
    // liberties, nor beside a group of its own with 4 or more: counts capped at 3 and
    // at 4 beside those of `lives` (2), each remembered.
    let text = std::fs::read_to_string("examples/rules/go.tabula").unwrap().replace(
        "  where empty(to) and to != ko and lives\n",
        "  where empty(to) and to != ko and lives\n    and (played % 2 == 0 or not exists(n in neighbours(to) where owner(n) == opponent and liberties(n) == 2))\n    and (played % 3 != 1 or not exists(n in neighbours(to) where owner(n) == mover and liberties(n) >= 4))\n",
    );
    let source = tabula::Source::new("go.tabula", text.as_str());
    let game = tabula::compile(&source, &[]).unwrap_or_else(|e| panic!("{e}"));
    let seen = compare(&game, 30, 200);
    assert!(text.contains("liberties(n) >= 4"));
    assert!(seen > 2000, "{seen}");
}
