//! Chance events list their outcomes from the state they happen in: a roll that reads
//! nothing has the same outcomes everywhere, and one whose loop or weight reads a
//! counter follows it (compiling lists the first kind once, and must not freeze the
//! second).

use tabula::{compile, Choices, Engine, Source, State};

const RULES: &str = r#"game "draws"
players a, b
board { line 1..2 }
piece p
counter level = 1
// Reads nothing: a die.
chance die "{x}"
  for x in 1..6
{ }
// Its outcomes grow with `level`, and so do their weights.
chance draw "{x}"
  for x in 1..level
  weight x * level
{ }
action up "up"
{
  level += 1
  chance draw
}
action roll "roll"
{
  chance die
}
phase main {
  starts a
  actions up, roll
}
"#;

/// The outcomes of the pending chance event: their texts and weights.
fn outcomes(engine: &mut Engine, state: &State) -> Vec<(String, u32)> {
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    (0..choices.len())
        .map(|i| {
            (
                engine.choice_text(state, &choices[i]).unwrap(),
                choices.weights[i],
            )
        })
        .collect()
}

/// Plays the action written `text`, then returns the state.
fn after(engine: &mut Engine, state: &State, text: &str) -> State {
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).unwrap();
    let i = (0..choices.len())
        .find(|&i| engine.choice_text(state, &choices[i]).unwrap() == text)
        .unwrap_or_else(|| panic!("no move {text}"));
    let mut next = state.clone();
    engine.apply(&mut next, &choices[i]).unwrap();
    next
}

fn pairs(list: &[(&str, u32)]) -> Vec<(String, u32)> {
    list.iter().map(|&(t, w)| (t.to_string(), w)).collect()
}

#[test]
fn outcomes_that_read_the_state_follow_it() {
    let game = compile(&Source::new("draws.tabula", RULES.to_string()), &[]).unwrap();
    let mut engine = Engine::new(&game);
    let start = engine.initial_state().unwrap();

    // level 2: x in 1..2, weights x * 2.
    let first = after(&mut engine, &start, "up");
    assert_eq!(outcomes(&mut engine, &first), pairs(&[("1", 2), ("2", 4)]));

    // The other player raises it to 3: x in 1..3, weights x * 3.
    let drawn = after(&mut engine, &first, "1");
    let second = after(&mut engine, &drawn, "up");
    assert_eq!(
        outcomes(&mut engine, &second),
        pairs(&[("1", 3), ("2", 6), ("3", 9)])
    );

    // The die is the same from any state.
    let six: Vec<(&str, u32)> = vec![("1", 1), ("2", 1), ("3", 1), ("4", 1), ("5", 1), ("6", 1)];
    for state in [&start, &drawn] {
        let rolled = after(&mut engine, state, "roll");
        assert_eq!(outcomes(&mut engine, &rolled), pairs(&six));
    }
}
