//! A game's stake: the counter every result's points are multiplied by (a doubling
//! cube). A network learns what a position is worth per unit of it, so its points
//! scale with the stake, and a network file says which counter it learnt by.

mod common;

use common::*;
use tabula::ai::net::Net;
use tabula::ai::stake::stake_counter;
use tabula::ai::train::{train, Training};

/// Coin race (examples/rules/coin-race.tabula) with a stake: a player may raise it
/// instead of moving, and the winner scores `ENDS` (each line an end rule's result).
fn coin_race(ends: &str, extra: &str) -> Game {
    let text = format!(
        r#"
game "Coin race with a stake"
players left, right
board {{ grid 1 x 1 }}
counter points per player
counter leaper: player
counter stake = 1
{extra}
chance coin "{{face == 1 ? heads}}{{face == 0 ? tails}}"
  for face in 0..1
{{
  if face == 1 {{ points[leaper] += 3 }}
}}
action step "step" {{ points[mover] += 1 }}
action leap "leap" {{
  leaper = mover
  chance coin
}}
action raise "raise" where stake < 4 {{ stake = stake * 2 }}
// Without `stuck pass`, a player without a move would end the game by score, worth
// 1 point whatever the stake.
phase play {{
  starts left
  actions step, leap, raise
  stuck pass "pass"
}}
{ends}
"#
    );
    tabula::compile(&tabula::Source::new("stake.tabula", text), &[])
        .unwrap_or_else(|e| panic!("the test's rules do not compile:\n{e}"))
}

fn stake_name(game: &Game) -> Option<String> {
    stake_counter(game).map(|c| game.rules().counters[c].name.clone())
}

#[test]
fn the_stake_is_the_counter_every_result_is_a_multiple_of() {
    let four = "end \"four\" for p in players when points[p] >= 4\n  winner p points stake";
    assert_eq!(stake_name(&coin_race(four, "")).as_deref(), Some("stake"));
    // A product names its factors, on either side, through any number of products.
    let twice = "end \"four\" for p in players when points[p] >= 4\n  winner p points 2 * stake\n\
                 end \"six\" for p in players when points[p] >= 6\n  winner p points stake * (points[p] * 3)";
    assert_eq!(stake_name(&coin_race(twice, "")).as_deref(), Some("stake"));
    // A draw is worth nothing at any stake.
    let drawn = format!("{four}\nend \"long\" when points[left] + points[right] > 20 draw");
    assert_eq!(stake_name(&coin_race(&drawn, "")).as_deref(), Some("stake"));
}

#[test]
fn a_result_of_fixed_points_leaves_no_stake() {
    // Without `points` a win is worth 1 whatever the counter holds.
    let plain = "end \"four\" for p in players when points[p] >= 4\n  winner p";
    assert_eq!(stake_name(&coin_race(plain, "")), None);
    // One end rule of fixed points is enough.
    let mixed = "end \"four\" for p in players when points[p] >= 4\n  winner p points stake\n\
                 end \"seven\" for p in players when points[p] >= 7\n  winner p points 2";
    assert_eq!(stake_name(&coin_race(mixed, "")), None);
    // A sum is no multiple.
    let sum = "end \"four\" for p in players when points[p] >= 4\n  winner p points stake + 1";
    assert_eq!(stake_name(&coin_race(sum, "")), None);
    // A counter that starts at 0 cannot be a stake (nothing would be worth anything).
    let zero = "end \"four\" for p in players when points[p] >= 4\n  winner p points pot * stake";
    assert_eq!(
        stake_name(&coin_race(zero, "counter pot")).as_deref(),
        Some("stake")
    );
    let only_zero = "end \"four\" for p in players when points[p] >= 4\n  winner p points pot";
    assert_eq!(stake_name(&coin_race(only_zero, "counter pot")), None);
}

#[test]
fn backgammon_stakes_its_cube() {
    assert_eq!(
        stake_name(&game("backgammon", &[])).as_deref(),
        Some("cube")
    );
    assert_eq!(stake_name(&game("naytin-six", &[])), None);
    assert_eq!(stake_name(&game("invictus", &[])), None);
}

#[test]
fn a_network_rates_points_per_unit_of_the_stake() {
    let g = coin_race(
        "end \"four\" for p in players when points[p] >= 4\n  winner p points stake",
        "",
    );
    let net = Net::new(&g, 4, 1.0, 7).expect("a network");
    assert_eq!(net.header.stake, "stake");
    let mut engine = Engine::new(&g);
    let start = engine.initial_state().unwrap();
    let mut raised = start.clone();
    play(&mut engine, &mut raised, "raise");
    assert_eq!(net.stake_of(&g, &start), 1.0);
    assert_eq!(net.stake_of(&g, &raised), 2.0);
    // The file keeps the stake's name, and a game whose results lost it refuses the file.
    let back = Net::from_bytes(&g, &net.to_bytes()).unwrap();
    assert_eq!(back.header.stake, "stake");
    assert_eq!(back.stake_of(&g, &raised), 2.0);
    let fixed = coin_race(
        "end \"four\" for p in players when points[p] >= 4\n  winner p",
        "",
    );
    let err = Net::from_bytes(&fixed, &net.to_bytes()).unwrap_err();
    assert!(matches!(err, tabula::ai::net::NetError::Stake { .. }));
    assert_eq!(
        err.to_string(),
        "this network rates positions per unit of the counter `stake`, which is no longer the stake of every result in Coin race with a stake; train it again"
    );
}

#[test]
fn a_network_without_a_stake_reads_points_as_they_are() {
    // Networks made before stakes were learnt name none in their header: their points
    // are read as they are, whatever the cube holds.
    let g = game("backgammon", &[]);
    let with = Net::new(&g, 2, 1.0, 1).expect("a network").to_bytes();
    let text = String::from_utf8_lossy(&with).into_owned();
    assert!(text.contains(",\"stake\":\"cube\""));
    // The weights are bytes, not text: the header line alone is rewritten, in a file
    // of format 1 (as such networks were written: no checksum line after the header).
    let lines: Vec<usize> = with
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .map(|(i, _)| i + 1)
        .take(3)
        .collect();
    let head = String::from_utf8(with[lines[0]..lines[1]].to_vec())
        .unwrap()
        .replacen(",\"stake\":\"cube\"", "", 1);
    let mut bytes = b"tabula-net 1\n".to_vec();
    bytes.extend_from_slice(head.as_bytes());
    bytes.extend_from_slice(&with[lines[2]..]);
    let net = Net::from_bytes(&g, &bytes).unwrap();
    assert!(net.header.stake.is_empty());
    let mut engine = Engine::new(&g);
    let mut s = engine.initial_state().unwrap();
    play_all(&mut engine, &mut s, &["3-1", "8/5 6/5", "double", "take"]);
    let stake = stake_counter(&g).unwrap();
    assert_eq!(s.words()[g.rules().counters[stake].base], 2);
    assert_eq!(net.stake_of(&g, &s), 1.0);
    // The same weights read per unit of the stake rate the doubled position twice as high.
    let per_unit = Net::from_bytes(&g, &with).unwrap();
    assert_eq!(per_unit.stake_of(&g, &s), 2.0);
    let mut a = tabula::ai::net::Scratch::default();
    let mut b = tabula::ai::net::Scratch::default();
    net.evaluate(&g, &s, &mut a);
    per_unit.evaluate(&g, &s, &mut b);
    let n = g.players().len();
    for p in 0..n {
        assert_eq!(a.outputs()[p], b.outputs()[p]);
        assert!((2.0 * a.outputs()[n + p] - b.outputs()[n + p]).abs() < 1e-5);
    }
}

#[test]
fn training_keeps_the_stake_in_the_file() {
    let g = coin_race(
        "end \"four\" for p in players when points[p] >= 4\n  winner p points stake",
        "",
    );
    let t = Training {
        games: 48,
        hidden: 8,
        seed: 3,
        threads: 1,
        probe_every: 0,
        ..Training::default()
    };
    let net = train(&g, &t, None, |_| std::ops::ControlFlow::Continue(())).unwrap();
    assert_eq!(net.header.stake, "stake");
    assert_eq!(net.header.games, 48);
    let back = Net::from_bytes(&g, &net.to_bytes()).unwrap();
    assert_eq!(back.header.stake, "stake");
}

#[test]
fn a_phase_that_ends_by_score_leaves_no_stake() {
    // A phase without `stuck` ends the game by score when a player cannot move: a win
    // of 1 point, whatever the counter holds.
    let text = r#"
game "S"
players left, right
board { grid 1 x 1 }
counter points per player
counter stake = 1
action step "step" { points[mover] += 1 }
phase play {
  starts left
  actions step
}
end "four" for p in players when points[p] >= 4
  winner p points stake
"#;
    let g = tabula::compile(&tabula::Source::new("s.tabula", text), &[]).unwrap();
    assert_eq!(stake_name(&g), None);
}
