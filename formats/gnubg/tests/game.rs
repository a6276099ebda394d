//! Which games have the shape gnubg's IDs describe, and a state's IDs through the facts a
//! caller reads from its game.

use serde_json::Value;
use tabula_gnubg::{GameError, GameFacts};

/// GNU Backgammon's Position ID of the starting position (its manual's example).
const START: &str = "4HPwATDgc/ABMA";

fn backgammon(options: &[String]) -> GameFacts<'_> {
    GameFacts {
        title: "Backgammon",
        options,
        players: 2,
        owned_piece_kinds: 1,
        opposed_race: Some(24),
    }
}

#[test]
fn the_shape_is_two_players_one_kind_of_piece_and_a_race_of_24() {
    let game = backgammon(&[]);
    assert!(game.fits());
    assert!(!GameFacts { players: 3, ..game }.fits());
    assert!(!GameFacts {
        owned_piece_kinds: 2,
        ..game
    }
    .fits());
    assert!(!GameFacts {
        opposed_race: Some(12),
        ..game
    }
    .fits());
    assert!(!GameFacts {
        opposed_race: None,
        ..game
    }
    .fits());
}

#[test]
fn ids_become_a_state_of_the_game_and_back() {
    let options = vec!["no-cube".to_string()];
    let game = GameFacts {
        title: "Long Gammon",
        ..backgammon(&options)
    };
    let text = game.state_text(START).expect("the start reads");
    let mut state: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(state["game"], "Long Gammon");
    assert_eq!(state["options"], serde_json::json!(["no-cube"]));
    let (position, _) = game.ids(&state).expect("IDs of the start");
    assert_eq!(position, START);
    game.add_ids(&mut state);
    assert_eq!(state["formats"]["gnubg"]["position"], START);
}

#[test]
fn a_game_of_another_shape_has_no_ids() {
    let game = GameFacts {
        title: "Three",
        players: 3,
        ..backgammon(&[])
    };
    let not = GameError::NotFitting {
        title: "Three".into(),
    };
    assert_eq!(game.state_text(START), Err(not.clone()));
    let mut state = serde_json::json!({"phase": "play"});
    assert_eq!(game.ids(&state), Err(not));
    game.add_ids(&mut state);
    assert_eq!(state, serde_json::json!({"phase": "play"}));
}
