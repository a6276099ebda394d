//! `tabula chance`: a chance event's outcomes with their probabilities, as fractions in
//! lowest terms and as decimals, against values worked out by hand: two dice (21 rolls,
//! a double 1 in 36, any other pair 2 in 36), a spinner weighted 3, 2 and 1, the
//! opening roll of backgammon (two different dice, 30 ordered pairs), and the answer at
//! a position that is no chance event.

mod cli_support;

use cli_support::Test;

/// A rules file of examples/rules/, for a test run in its own directory.
fn example(name: &str) -> String {
    std::fs::read_to_string(format!("examples/rules/{name}.tabula")).expect("the example")
}

#[test]
fn two_dice_give_21_rolls_a_double_1_in_36_and_any_other_1_in_18() {
    let mut want = String::from("roll: 21 outcomes\n");
    for a in 1..=6 {
        for b in a..=6 {
            let (fraction, decimal) = if a == b {
                ("1/36", 1.0 / 36.0)
            } else {
                ("1/18", 2.0 / 36.0)
            };
            want.push_str(&format!("  {a}-{b}  {fraction:>7}  {decimal:.6}\n"));
        }
    }
    Test::new()
        .args(&["chance", "backgammon", "--moves", "3-1,8/5 6/5,roll"])
        .stdout(&want)
        .run();
}

#[test]
fn the_opening_roll_is_one_of_30_ordered_pairs_of_different_dice() {
    let out = Test::new().args(&["chance", "backgammon"]).run();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "opening: 30 outcomes");
    assert_eq!(lines.len(), 31);
    assert!(
        lines[1..].iter().all(|l| l.ends_with("   1/30  0.033333")),
        "{out}"
    );
}

#[test]
fn a_weighted_spinner_gives_its_weights_shares_as_data() {
    // gem-grab's spin: weight 4 - n for n in 1..3, so 3, 2 and 1 of 6.
    let out = Test::new()
        .file("g.tabula", &example("gem-grab"))
        .args(&["chance", "g.tabula", "--json"])
        .run();
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(v["chance"], "spin");
    assert_eq!(v["total_weight"], 6);
    let outcomes = v["outcomes"].as_array().expect("a list");
    let got: Vec<(String, i64, String)> = outcomes
        .iter()
        .map(|o| {
            (
                o["outcome"].as_str().unwrap().to_string(),
                o["weight"].as_i64().unwrap(),
                o["fraction"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("spin:1".to_string(), 3, "1/2".to_string()),
            ("spin:2".to_string(), 2, "1/3".to_string()),
            ("spin:3".to_string(), 1, "1/6".to_string()),
        ]
    );
    let p: Vec<f64> = outcomes
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .collect();
    for (got, want) in p.iter().zip([0.5, 1.0 / 3.0, 1.0 / 6.0]) {
        assert!((got - want).abs() < 1e-12, "{got} {want}");
    }
    Test::new()
        .file("g.tabula", &example("gem-grab"))
        .args(&["chance", "g.tabula"])
        .stdout("spin: 3 outcomes\n  spin:1      1/2  0.500000\n  spin:2      1/3  0.333333\n  spin:3      1/6  0.166667\n")
        .run();
}

#[test]
fn a_position_that_is_no_chance_event_is_said_so() {
    Test::new()
        .file("t.tabula", &example("tic-tac-toe"))
        .args(&["chance", "t.tabula"])
        .stderr("error: x is to move here, not a chance event; `tabula moves` lists the moves\n")
        .failure()
        .run();
    Test::new()
        .file("t.tabula", &example("tic-tac-toe"))
        .args(&["chance", "t.tabula", "--moves", "a1,a2,b1,b2,c1"])
        .stderr("error: the game is over (x wins (three in a row)): no chance event is next\n")
        .failure()
        .run();
}
