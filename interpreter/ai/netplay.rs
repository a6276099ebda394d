//! The `net` level: each choice rated by the network one choice ahead. Where a choice
//! is followed by chance, the rating is the average over the outcomes by their
//! weights; where it hands another player a decision that playouts never make (an
//! offer), that player's best answer is taken.

use super::flat::all_rare;
use super::net::{Net, Scratch};
use super::{rewards, AiError, Estimate};
use crate::{Choices, Engine, State, Status};

/// Each player's win chance and points at `state`, by the network (or the result, when
/// the game is over), into `wins` and `points`.
pub(crate) fn rate(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    scratch: &mut Scratch,
    wins: &mut [f64],
    points: &mut [f64],
    depth: usize,
) -> Result<(), AiError> {
    let n = wins.len();
    match engine.status(state) {
        Status::Over(o) => {
            rewards(Some(&o), points, wins);
            Ok(())
        }
        Status::Chance(_) if depth < 2 && scratch.average_chance => {
            let mut outcomes = Choices::default();
            engine.legal(state, &mut outcomes)?;
            let total: f64 = outcomes.weights.iter().map(|&w| f64::from(w)).sum();
            if outcomes.is_empty() || total == 0.0 {
                return evaluate(net, engine, state, scratch, wins, points);
            }
            wins.fill(0.0);
            points.fill(0.0);
            let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
            for i in 0..outcomes.len() {
                let mut next = state.clone();
                engine.play_choice(&mut next, &outcomes, i)?;
                rate(net, engine, &next, scratch, &mut w, &mut p, depth + 1)?;
                let share = f64::from(outcomes.weights[i]) / total;
                for k in 0..n {
                    wins[k] += share * w[k];
                    points[k] += share * p[k];
                }
            }
            Ok(())
        }
        // Only a decision handed to another player in the middle of a turn can be an
        // offer; any other is rated at once.
        Status::Player(q) if depth < 2 && state.data[crate::ir::SLOT_OWNER] != q as i32 => {
            let mut answers = Choices::default();
            engine.legal(state, &mut answers)?;
            if !all_rare(engine, state, &answers) {
                return evaluate(net, engine, state, scratch, wins, points);
            }
            // An offer: its player answers as best he can.
            let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
            let mut best = f64::NEG_INFINITY;
            for i in 0..answers.len() {
                let mut next = state.clone();
                engine.play_choice(&mut next, &answers, i)?;
                rate(net, engine, &next, scratch, &mut w, &mut p, depth + 1)?;
                if p[q] > best {
                    best = p[q];
                    wins.copy_from_slice(&w);
                    points.copy_from_slice(&p);
                }
            }
            Ok(())
        }
        _ => evaluate(net, engine, state, scratch, wins, points),
    }
}

fn evaluate(
    net: &Net,
    engine: &Engine,
    state: &State,
    scratch: &mut Scratch,
    wins: &mut [f64],
    points: &mut [f64],
) -> Result<(), AiError> {
    net.evaluate(engine.game, state, scratch);
    let n = wins.len();
    for k in 0..n {
        wins[k] = f64::from(scratch.out[k]);
        points[k] = f64::from(scratch.out[n + k]);
    }
    Ok(())
}

/// Every choice rated for `player`.
pub(crate) fn estimates(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    choices: &Choices,
    player: usize,
    scratch: &mut Scratch,
) -> Result<Vec<Estimate>, AiError> {
    let n = engine.game.players.len();
    let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
    let mut out = Vec::with_capacity(choices.len());
    for i in 0..choices.len() {
        let mut next = state.clone();
        engine.play_choice(&mut next, choices, i)?;
        rate(net, engine, &next, scratch, &mut w, &mut p, 0)?;
        out.push(Estimate {
            choice: i,
            visits: 1,
            win: w[player],
            points: p[player],
            size: p.iter().fold(0.0f64, |a, x| a.max(x.abs())),
        });
    }
    Ok(out)
}

/// The index of the best choice for `player` by the network (no margin, no
/// randomness): how self-play picks.
pub(crate) fn best(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    choices: &Choices,
    player: usize,
    scratch: &mut Scratch,
) -> Result<usize, AiError> {
    let est = estimates(net, engine, state, choices, player, scratch)?;
    let mut best = 0;
    for e in &est {
        if e.points > est[best].points {
            best = e.choice;
        }
    }
    Ok(best)
}
