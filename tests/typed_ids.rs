//! The typed ids of the library's way in: a player, a cell, a chance event and a phase
//! are told apart by type, and who holds a cell is a `Holder`, not -1 and -2. Every
//! expected id below is the declaration's place in the rules text, counted by hand.

use tabula::{
    compile, CellId, ChanceId, Choices, Engine, Holder, PhaseId, PlayerId, Source, Status,
};

/// Two players, b starting; a neutral rock on c1; the second chance event of two
/// pending from the setup; one placement ends the game, won by b for 2 points.
const RULES: &str = r#"game "ids"
players a, b
board { grid 3 x 1 }
piece stone
piece rock neutral
counter placed
chance spare "{x}" for x in 1..2 { }
chance coin "{x}" for x in 1..2 { }
setup {
  put rock at c1
  chance coin
}
action place "{to}" for to in cells where empty(to) {
  put stone of mover at to
  placed = 1
}
end "placed" when placed > 0 winner b points 2
phase first { starts b  actions place }
phase second { starts a  actions place }
"#;

#[test]
fn a_game_speaks_in_typed_ids_from_setup_to_its_end() {
    let game = compile(&Source::new("ids.tabula", RULES), &[]).expect("the rules compile");
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().expect("the game sets up");

    // `coin` is the second chance event declared.
    assert_eq!(
        engine.status(&state).unwrap(),
        Status::Chance(ChanceId::new(1))
    );
    assert_eq!(state.chance(), Some(ChanceId::new(1)));
    assert_eq!(
        game.rules().chances[state.chance().unwrap().index()].name,
        "coin"
    );
    engine
        .play_text(&mut state, "2")
        .expect("an outcome of coin");

    // b, the second player, starts the first phase.
    assert_eq!(
        engine.status(&state).unwrap(),
        Status::Player(PlayerId::new(1))
    );
    assert_eq!(state.mover(), PlayerId::new(1));
    assert_eq!(state.phase(), PhaseId::new(0));

    let [a1, b1, c1] = ["a1", "b1", "c1"].map(|n| game.rules().board.cell_id(n).expect(n));
    assert_eq!(
        (a1, b1, c1),
        (CellId::new(0), CellId::new(1), CellId::new(2))
    );
    assert_eq!(state.cell(&game, a1).holder(), Holder::Empty);
    assert_eq!(state.cell(&game, c1).holder(), Holder::Neutral);
    assert_eq!(state.cell(&game, c1).holder().player(), None);
    // A cell the board does not have reads as empty.
    assert!(state.cell(&game, CellId::new(3)).holder().is_empty());
    assert!(state
        .cell(&game, CellId::new(usize::MAX))
        .holder()
        .is_empty());

    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).expect("the moves list");
    assert_eq!(choices.len(), 2, "a1 and b1 are empty");
    engine.play_text(&mut state, "b1").expect("b places on b1");
    assert_eq!(
        state.cell(&game, b1).holder(),
        Holder::Player(PlayerId::new(1))
    );
    assert_eq!(
        state.cell(&game, b1).holder().player(),
        Some(PlayerId::new(1))
    );

    let Status::Over(outcome) = engine.status(&state).unwrap() else {
        panic!("one placement ends the game");
    };
    assert_eq!(outcome.winner, Some(PlayerId::new(1)));
    assert_eq!(outcome.points, 2);
    // In JSON an id is its index, as before there were types.
    let json = serde_json::to_value(&outcome).expect("an outcome serialises");
    assert_eq!(json["winner"], serde_json::json!(1));
}

#[test]
fn ids_print_and_order_as_their_indices() {
    assert_eq!(PlayerId::new(3).to_string(), "3");
    assert_eq!(CellId::new(7).index(), 7);
    assert!(PhaseId::new(0) < PhaseId::new(1));
}
