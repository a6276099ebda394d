//! The analysis a page runs (`Analysis`), natively: played a slice at a time it gives
//! the figures of one run, and they are those of the same games tallied one by one.

use tabula::ai::arena::{sides, Arena};
use tabula::analysis::figures::Tally;
use tabula::analysis::GameFacts;
use tabula::Source;
use tabula_web::Analysis;

fn analysis(sets: &str, games: u32) -> Analysis {
    let request = serde_json::json!({
        "sets": serde_json::from_str::<serde_json::Value>(sets).unwrap(),
        "players": "random",
        "games": games,
        "seed": "7",
        "max_decisions": 10_000,
        "early": 50.0,
    });
    Analysis::new("naytin-six", None, &request.to_string())
        .unwrap_or_else(|_| panic!("the analysis starts"))
}

fn figures_json(a: &Analysis) -> serde_json::Value {
    let mut value: serde_json::Value =
        serde_json::from_str(&a.result().unwrap_or_else(|_| panic!("a result"))).unwrap();
    value["sets"].take()
}

#[test]
fn games_played_a_few_at_a_time_give_the_figures_of_one_run() {
    let mut whole = analysis(r#"[[], ["slide"]]"#, 12);
    assert_eq!(whole.total(), 24.0);
    assert_eq!(whole.play(100).ok(), Some(24.0));
    let mut sliced = analysis(r#"[[], ["slide"]]"#, 12);
    for played in [5.0, 10.0, 15.0, 20.0, 24.0] {
        assert_eq!(sliced.play(5).ok(), Some(played));
    }
    assert_eq!(figures_json(&whole), figures_json(&sliced));
    // The first set is played before the second: after 5 games only it has figures.
    let mut early = analysis(r#"[[], ["slide"]]"#, 12);
    assert_eq!(early.play(5).ok(), Some(5.0));
    let sets = figures_json(&early);
    assert_eq!(sets.as_array().map(Vec::len), Some(1));
    assert_eq!(sets[0]["figures"]["games"], 5);
}

#[test]
fn the_figures_are_those_of_the_games_tallied_one_by_one() {
    let mut a = analysis("[[]]", 9);
    a.play(9).unwrap_or_else(|_| panic!("the games play"));
    let source = Source::new(
        "games/naytin-six.tabula",
        tabula::games::built_in("naytin-six").unwrap(),
    );
    let game = tabula::compile(&source, &[]).unwrap();
    let arena = Arena {
        sides: sides(&game, ["random", "random"], None, [false; 2])
            .unwrap()
            .levels,
        games: 9,
        seed: 7,
        max_decisions: 10_000,
        keep_moves: false,
        nets: [None, None],
    };
    let facts: Vec<GameFacts> = (0..9)
        .map(|i| GameFacts::play(&game, &arena, i, None).unwrap())
        .collect();
    let mut tally = Tally::new(2, false, 0.5);
    facts.iter().for_each(|f| tally.add(f));
    let expected = tally.figures();
    // Both through JSON text, which reads a number back to within a unit of its
    // last place.
    let text = serde_json::to_string(&expected).unwrap();
    let expected_json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(expected_json, figures_json(&a)[0]["figures"]);
    let wins: usize = expected.seat_wins.iter().map(|r| r.count).sum();
    assert_eq!(wins + expected.draws.count + expected.unfinished.count, 9);
}
