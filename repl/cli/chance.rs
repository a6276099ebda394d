//! `tabula chance`: a chance event's outcomes at a position, with their probabilities as
//! exact fractions and as decimals.

use super::common::{load, position, runtime_error};
use super::{GameArgs, PositionArgs};
use crate::error::{refused, CliError};
use tabula::{Choices, Engine};

/// One outcome: its text, its weight, and its share of the weights in lowest terms.
struct Outcome {
    text: String,
    weight: u64,
    fraction: (u64, u64),
}

pub(super) fn chance(g: &GameArgs, p: &PositionArgs, as_json: bool) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let state = position(&mut engine, p)?;
    let mut choices = Choices::default();
    engine
        .legal(&state, &mut choices)
        .map_err(|e| runtime_error(&game, &e))?;
    let Some(event) = state.chance() else {
        if choices.is_empty() {
            let over = engine
                .outcome(&state)
                .map_err(|e| runtime_error(&game, &e))?;
            if let Some(o) = over {
                let result = tabula::session::describe(&game, &o);
                return Err(refused!(
                    "the game is over ({result}): no chance event is next"
                ));
            }
        }
        let mover = &game.players()[state.mover().index()];
        return Err(refused!(
            "{mover} is to move here, not a chance event; `tabula moves` lists the moves"
        ));
    };
    let name = game.chances().nth(event.index()).unwrap_or("?").to_string();
    let total: u64 = choices.weights.iter().map(|&w| u64::from(w)).sum();
    let mut outcomes = Vec::new();
    for i in 0..choices.len() {
        let weight = u64::from(choices.weights.get(i).copied().unwrap_or(0));
        // An outcome of no weight never comes up: it is not one of the event's.
        if weight == 0 {
            continue;
        }
        let steps = choices[i].to_vec();
        let text = engine
            .choice_text(&state, &steps)
            .map_err(|e| runtime_error(&game, &e))?;
        let d = gcd(weight, total).max(1);
        outcomes.push(Outcome {
            text,
            weight,
            fraction: (weight / d, total / d),
        });
    }
    if as_json {
        let list: Vec<serde_json::Value> = outcomes
            .iter()
            .map(|o| {
                serde_json::json!({
                    "outcome": o.text,
                    "weight": o.weight,
                    "fraction": format!("{}/{}", o.fraction.0, o.fraction.1),
                    "probability": o.weight as f64 / total as f64,
                })
            })
            .collect();
        out!(
            "{}",
            serde_json::json!({ "chance": name, "total_weight": total, "outcomes": list })
        );
        return Ok(());
    }
    let n = outcomes.len();
    out!("{name}: {n} outcome{}", if n == 1 { "" } else { "s" });
    let width = outcomes
        .iter()
        .map(|o| o.text.chars().count())
        .max()
        .unwrap_or(0);
    for o in &outcomes {
        let fraction = format!("{}/{}", o.fraction.0, o.fraction.1);
        let p = o.weight as f64 / total as f64;
        out!("  {:<width$}  {fraction:>7}  {p:.6}", o.text);
    }
    Ok(())
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
