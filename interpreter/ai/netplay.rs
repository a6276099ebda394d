//! The `net` level: each choice rated by the network one choice ahead. Where a choice
//! is followed by chance, the rating is the average over the outcomes by their
//! weights; where it hands another player a decision that playouts never make (an
//! offer), that player's best answer is taken. The `net2` level looks one decision
//! further for the best few choices, and `net3` one more.

use super::budget::Deadline;
use super::flat::all_rare;
use super::net::{Net, Scratch};
use super::{is_rare, pick, rewards, stopped, AiError, Estimate, NET_RARE_MARGIN};
use crate::engine::rng::Rng;
use crate::{Choices, Engine, State, Status};
use std::sync::atomic::AtomicBool;

/// How many of the mover's choices `net2` searches two choices ahead: the best by the
/// one-ahead rating. The others keep their one-ahead figures and are played only if
/// none was searched.
pub const NET2_WIDTH: usize = 6;

/// Chance events in a row that `net2` averages over before a decision (more are rated
/// by the network where they stand).
const NET2_CHANCES: usize = 2;

/// Decisions in a row that `net2` passes through without counting them: those with a
/// single ordinary choice beside choices playouts never make (roll beside double).
const NET2_PASSES: usize = 2;

/// How many of the next player's answers `net3` follows to the decision after them:
/// his answer by `net`, and the next best by `net` after it; he takes the one worth
/// most to him so found.
pub const NET3_ANSWERS: usize = 2;

/// At the last decision `net3` searches, how many of its choices, the best by the
/// network's rating of the position each leads to, are rated again through the chance
/// after them (as `net` rates a choice) before the best is taken.
pub const NET3_RECHECK: usize = 3;

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
    match engine.status(state)? {
        Status::Over(o) => {
            rewards(Some(&o), points, wins);
            Ok(())
        }
        Status::Chance(_) if depth < 2 && scratch.average_chance => {
            let averaged = over_chance(engine, state, wins, points, |engine, next, w, p| {
                rate(net, engine, next, scratch, w, p, depth + 1)
            })?;
            if !averaged {
                evaluate(net, engine, state, scratch, wins, points)?;
            }
            Ok(())
        }
        // Only a decision handed to another player in the middle of a turn can be an
        // offer; any other is rated at once.
        Status::Player(q) if depth < 2 && state.data[crate::ir::SLOT_OWNER] != q.index() as i32 => {
            let mut answers = Choices::default();
            engine.legal(state, &mut answers)?;
            if !all_rare(engine, state, &answers) {
                return evaluate(net, engine, state, scratch, wins, points);
            }
            // An offer: its player answers as best he can.
            let q = q.index();
            best_choice(
                net,
                engine,
                state,
                &answers,
                q,
                depth + 1,
                scratch,
                wins,
                points,
            )
        }
        _ => evaluate(net, engine, state, scratch, wins, points),
    }
}

/// What a rating function gives after each outcome of the pending chance event,
/// averaged by the outcomes' weights into `wins` and `points`; false (and nothing
/// written) when the event has no outcome of any weight.
fn over_chance<F>(
    engine: &mut Engine,
    state: &State,
    wins: &mut [f64],
    points: &mut [f64],
    mut rate_next: F,
) -> Result<bool, AiError>
where
    F: FnMut(&mut Engine, &State, &mut [f64], &mut [f64]) -> Result<(), AiError>,
{
    let mut outcomes = Choices::default();
    engine.legal(state, &mut outcomes)?;
    let total: f64 = outcomes.weights.iter().map(|&w| f64::from(w)).sum();
    if outcomes.is_empty() || total == 0.0 {
        return Ok(false);
    }
    let n = wins.len();
    wins.fill(0.0);
    points.fill(0.0);
    let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
    for i in 0..outcomes.len() {
        let mut next = state.clone();
        engine.play_choice(&mut next, &outcomes, i)?;
        rate_next(engine, &next, &mut w, &mut p)?;
        let share = f64::from(outcomes.weights[i]) / total;
        for k in 0..n {
            wins[k] += share * w[k];
            points[k] += share * p[k];
        }
    }
    Ok(true)
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

/// `rate` at depth 0 with the chance after the position averaged over its outcomes
/// (`averaged`) or the position rated as it stands.
#[allow(clippy::too_many_arguments)]
fn rate_as(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    scratch: &mut Scratch,
    wins: &mut [f64],
    points: &mut [f64],
    averaged: bool,
) -> Result<(), AiError> {
    let kept = std::mem::replace(&mut scratch.average_chance, averaged);
    let rated = rate(net, engine, state, scratch, wins, points, 0);
    scratch.average_chance = kept;
    rated
}

/// Every choice rated for `player`; `AiError::Interrupted` as soon as `stop` is set.
pub(crate) fn estimates(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    choices: &Choices,
    player: usize,
    scratch: &mut Scratch,
    stop: Option<&AtomicBool>,
) -> Result<Vec<Estimate>, AiError> {
    let n = engine.game.rules.players.len();
    let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
    let mut out = Vec::with_capacity(choices.len());
    for i in 0..choices.len() {
        go_on(stop)?;
        let mut next = state.clone();
        engine.play_choice(&mut next, choices, i)?;
        rate(net, engine, &next, scratch, &mut w, &mut p, 0)?;
        out.push(Estimate {
            choice: i,
            visits: 1,
            win: w[player],
            points: p[player],
            size: p.iter().fold(0.0f64, |a, x| a.max(x.abs())),
            proven: false,
        });
    }
    Ok(out)
}

/// Each player's win chance and points at `state` one choice ahead, as self-play rates
/// choices: at a decision, the rating (`rate`) of its player's best choice; where
/// chance is to move, that averaged over the outcomes by their weights; at the end,
/// the result. A position's value by a search one choice deep, for training
/// (`Training::lookahead`).
pub(crate) fn lookahead(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    scratch: &mut Scratch,
    wins: &mut [f64],
    points: &mut [f64],
) -> Result<(), AiError> {
    if matches!(engine.status(state)?, Status::Chance(_)) {
        let averaged = over_chance(engine, state, wins, points, |engine, next, w, p| {
            best_rating(net, engine, next, scratch, w, p)
        })?;
        if !averaged {
            evaluate(net, engine, state, scratch, wins, points)?;
        }
        return Ok(());
    }
    best_rating(net, engine, state, scratch, wins, points)
}

/// At a decision, the rating of its player's best choice (no margin); elsewhere the
/// position's own rating.
fn best_rating(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    scratch: &mut Scratch,
    wins: &mut [f64],
    points: &mut [f64],
) -> Result<(), AiError> {
    let Status::Player(q) = engine.status(state)? else {
        return rate(net, engine, state, scratch, wins, points, 2);
    };
    let mut choices = Choices::default();
    engine.legal(state, &mut choices)?;
    if choices.is_empty() {
        rewards(engine.outcome(state)?.as_ref(), points, wins);
        return Ok(());
    }
    best_choice(
        net,
        engine,
        state,
        &choices,
        q.index(),
        0,
        scratch,
        wins,
        points,
    )
}

/// The ratings of `player`'s best choice into `wins` and `points`: each choice rated
/// by `rate` at `depth`, the best for him kept (a decision made one choice ahead, with
/// no margin).
#[allow(clippy::too_many_arguments)]
fn best_choice(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    choices: &Choices,
    player: usize,
    depth: usize,
    scratch: &mut Scratch,
    wins: &mut [f64],
    points: &mut [f64],
) -> Result<(), AiError> {
    let n = wins.len();
    let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
    let mut best = f64::NEG_INFINITY;
    for i in 0..choices.len() {
        let mut next = state.clone();
        engine.play_choice(&mut next, choices, i)?;
        rate(net, engine, &next, scratch, &mut w, &mut p, depth)?;
        if p[player] > best {
            best = p[player];
            wins.copy_from_slice(&w);
            points.copy_from_slice(&p);
        }
    }
    Ok(())
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
    let est = estimates(net, engine, state, choices, player, scratch, None)?;
    let mut best = 0;
    for e in &est {
        if e.points > est[best].points {
            best = e.choice;
        }
    }
    Ok(best)
}

/// Every choice rated for `player` two choices ahead (`net2`, `further` 0): the best
/// `NET2_WIDTH` by the one-ahead rating are followed through the chance after them
/// (averaged by weight) to the next decision, which its player makes as `net` would
/// (each answer rated one choice ahead, an offer with no margin); the choice is worth
/// what that answer is worth. With `further` 1 (`net3`) the answer, and the next best
/// by `net` up to `NET3_ANSWERS`, are followed in turn through the chance after them
/// to the decision after that, made as the best by the network's rating of the
/// position each choice leads to (the best `NET3_RECHECK` rated again through the
/// chance after them); the answer worth most to its player so found is taken. The
/// searched choices get `visits` 1; the others keep their one-ahead figures with
/// `visits` 0, so that `pick` prefers a searched choice. With a deadline, the choices
/// are searched best first until it passes: the one under way then is given up, and
/// those searched by then are compared.
#[allow(clippy::too_many_arguments)]
pub(crate) fn deeper_estimates(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    choices: &Choices,
    player: usize,
    scratch: &mut Scratch,
    further: usize,
    limits: Limits<'_>,
) -> Result<Vec<Estimate>, AiError> {
    let stop = limits.stop;
    let mut est = estimates(net, engine, state, choices, player, scratch, stop)?;
    let game = engine.game;
    // A decision with a choice that playouts never make (an offer, or the answer to
    // one) is made as `net` makes it: looking further after one choice than after
    // another compares positions of different kinds (after a move, the opponent at his
    // offer; after an accepted offer, the dice to come), which the network rates with
    // different biases.
    if (0..est.len()).any(|i| is_rare(game, state, choices, i)) {
        return Ok(est);
    }
    let mut order: Vec<usize> = (0..est.len()).collect();
    order.sort_by(|&a, &b| est[b].points.total_cmp(&est[a].points));
    order.truncate(NET2_WIDTH);
    for e in est.iter_mut() {
        e.visits = 0;
    }
    let n = game.rules.players.len();
    let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
    for i in order {
        if limits.deadline.is_some_and(Deadline::passed) {
            break;
        }
        let mut next = state.clone();
        engine.play_choice(&mut next, choices, i)?;
        let search = Search {
            chances: 0,
            passes: 0,
            further,
            last: false,
            limits,
        };
        match answer(net, engine, &next, scratch, &mut w, &mut p, search) {
            // Out of time, not stopped: this choice is given up.
            Err(AiError::Interrupted) if !stopped(stop) => break,
            r => r?,
        }
        est[i] = Estimate {
            choice: i,
            visits: 1,
            win: w[player],
            points: p[player],
            size: size(&p),
            proven: false,
        };
    }
    Ok(est)
}

/// The largest result of any player in `points`.
fn size(points: &[f64]) -> f64 {
    points.iter().fold(0.0f64, |a, x| a.max(x.abs()))
}

/// Where `answer` stands in the search.
#[derive(Clone, Copy)]
struct Search<'s> {
    /// Chance events averaged over since the last decision.
    chances: usize,
    /// Decisions passed through on their one ordinary choice.
    passes: usize,
    /// Decisions still to follow after the next one.
    further: usize,
    /// Whether the next decision is the last searched: its choices are rated by the
    /// position each leads to, the best few again through the chance after them.
    last: bool,
    limits: Limits<'s>,
}

/// When a deeper search gives up.
#[derive(Clone, Copy, Default)]
pub(crate) struct Limits<'s> {
    /// Set (by Ctrl-C) to give up the search: a deep one takes seconds, and a user who
    /// asks it to stop expects the game back at once, with no move played.
    pub stop: Option<&'s AtomicBool>,
    /// The end of its time budget, if it has one: the choices searched by then are
    /// compared.
    pub deadline: Option<&'s Deadline>,
}

/// `AiError::Interrupted` once `stop` is set.
fn go_on(stop: Option<&AtomicBool>) -> Result<(), AiError> {
    if stopped(stop) {
        return Err(AiError::Interrupted);
    }
    Ok(())
}

/// `AiError::Interrupted` once `stop` is set or the deadline has passed.
fn within(limits: Limits<'_>) -> Result<(), AiError> {
    if stopped(limits.stop) || limits.deadline.is_some_and(Deadline::passed) {
        return Err(AiError::Interrupted);
    }
    Ok(())
}

/// Each player's win chance and points at `state`, one decision further than `rate`:
/// chance averaged over its outcomes by weight, then the next decision made by its
/// player as `net` would make it, worth what his answer is rated one choice ahead (or,
/// `search.further` decisions on, what the answers after it are worth).
fn answer(
    net: &Net,
    engine: &mut Engine,
    state: &State,
    scratch: &mut Scratch,
    wins: &mut [f64],
    points: &mut [f64],
    search: Search<'_>,
) -> Result<(), AiError> {
    let Search {
        chances,
        passes,
        further,
        last,
        limits,
    } = search;
    within(limits)?;
    let n = wins.len();
    match engine.status(state)? {
        Status::Over(o) => {
            rewards(Some(&o), points, wins);
            Ok(())
        }
        Status::Chance(_) if chances < NET2_CHANCES => {
            let averaged = over_chance(engine, state, wins, points, |engine, next, w, p| {
                let search = Search {
                    chances: chances + 1,
                    ..search
                };
                answer(net, engine, next, scratch, w, p, search)
            })?;
            if !averaged {
                rate(net, engine, state, scratch, wins, points, 0)?;
            }
            Ok(())
        }
        Status::Player(q) => {
            let mut answers = Choices::default();
            engine.legal(state, &mut answers)?;
            if answers.is_empty() {
                return rate(net, engine, state, scratch, wins, points, 0);
            }
            let game = engine.game;
            let ordinary: Vec<usize> = (0..answers.len())
                .filter(|&i| !is_rare(game, state, &answers, i))
                .collect();
            // A decision whose one ordinary choice stands beside rare ones (roll beside
            // double) is passed through on that choice to the decision after it, so
            // that the answer searched is the one that shapes the game.
            let through = match ordinary.as_slice() {
                &[only] if answers.len() > 1 && passes < NET2_PASSES => Some(only),
                _ => None,
            };
            let mut rated = Vec::with_capacity(answers.len());
            let mut est = Vec::with_capacity(answers.len());
            for i in 0..answers.len() {
                within(limits)?;
                let mut next = state.clone();
                engine.play_choice(&mut next, &answers, i)?;
                let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
                if through == Some(i) {
                    let search = Search {
                        passes: passes + 1,
                        ..search
                    };
                    answer(net, engine, &next, scratch, &mut w, &mut p, search)?;
                } else {
                    rate_as(net, engine, &next, scratch, &mut w, &mut p, !last)?;
                }
                est.push(Estimate {
                    choice: i,
                    visits: 1,
                    win: w[q.index()],
                    points: p[q.index()],
                    size: size(&p),
                    proven: false,
                });
                rated.push((w, p));
            }
            if last && through.is_none() {
                // The best few by the position they lead to, rated again through the
                // chance after them; `pick` takes the best of these.
                let mut order: Vec<usize> = (0..est.len()).collect();
                order.sort_by(|&a, &b| est[b].points.total_cmp(&est[a].points));
                for e in est.iter_mut() {
                    e.visits = 0;
                }
                for &i in order.iter().take(NET3_RECHECK) {
                    within(limits)?;
                    let mut next = state.clone();
                    engine.play_choice(&mut next, &answers, i)?;
                    let (w, p) = &mut rated[i];
                    rate_as(net, engine, &next, scratch, w, p, true)?;
                    est[i] = Estimate {
                        choice: i,
                        visits: 1,
                        win: w[q.index()],
                        points: p[q.index()],
                        size: size(p),
                        proven: false,
                    };
                }
            }
            // `pick` draws at random only when no choice is rated; all are.
            let k = pick(
                game,
                state,
                &answers,
                &est,
                NET_RARE_MARGIN,
                &mut Rng::new(0),
            );
            if further > 0 && through != Some(k) {
                // The answer followed through the chance after it to the next decision,
                // and with it the next best ordinary answers by `net` up to
                // `NET3_ANSWERS`: the one worth most to its player so found is taken.
                let mut order: Vec<usize> = ordinary
                    .iter()
                    .copied()
                    .filter(|&i| i != k && through != Some(i))
                    .collect();
                order.sort_by(|&a, &b| est[b].points.total_cmp(&est[a].points));
                order.insert(0, k);
                order.truncate(NET3_ANSWERS);
                let search = Search {
                    chances: 0,
                    passes,
                    further: further - 1,
                    last: further == 1,
                    limits,
                };
                let mut best = f64::NEG_INFINITY;
                let (mut w, mut p) = (vec![0.0; n], vec![0.0; n]);
                for i in order {
                    let mut next = state.clone();
                    engine.play_choice(&mut next, &answers, i)?;
                    answer(net, engine, &next, scratch, &mut w, &mut p, search)?;
                    if p[q.index()] > best {
                        best = p[q.index()];
                        wins.copy_from_slice(&w);
                        points.copy_from_slice(&p);
                    }
                }
                return Ok(());
            }
            wins.copy_from_slice(&rated[k].0);
            points.copy_from_slice(&rated[k].1);
            Ok(())
        }
        _ => rate(net, engine, state, scratch, wins, points, 2),
    }
}

#[cfg(test)]
mod tests {
    use super::{lookahead, Net, Scratch};
    use crate::{Engine, Source};

    /// Each turn the mover steps one point, or leaps: a coin then gives him three
    /// points, or none. Four points win, worth 1.
    const RACE: &str = r#"
game "race"
players left, right
board { grid 1 x 1 }
layout grid
counter points per player
counter leaper: player
chance coin "{face == 1 ? heads}{face == 0 ? tails}" for face in 0..1 {
  if face == 1 { points[leaper] += 3 }
}
action step "step" { points[mover] += 1 }
action leap "leap" {
  leaper = mover
  chance coin
}
phase play {
  starts left
  actions step, leap
}
end "four points" for p in players when points[p] >= 4
  winner p
"#;

    fn race() -> crate::Game {
        crate::compile(&Source::new("race.tabula", RACE), &[]).unwrap()
    }

    /// Each player's win chance and points one choice ahead after `moves`, by an
    /// untrained network.
    fn value_of(game: &crate::Game, moves: &[&str]) -> (Vec<f64>, Vec<f64>) {
        let net = Net::new(game, 8, 1.0, 3).expect("a network");
        let mut engine = Engine::new(game);
        let mut state = engine.initial_state().unwrap();
        for m in moves {
            engine.play_text(&mut state, m).unwrap();
        }
        let (mut w, mut p) = (vec![0.0; 2], vec![0.0; 2]);
        let mut scratch = Scratch::default();
        lookahead(&net, &mut engine, &state, &mut scratch, &mut w, &mut p).unwrap();
        (w, p)
    }

    #[test]
    fn one_choice_ahead_a_decision_is_worth_its_best_choice() {
        let game = race();
        // Left has 3 points and moves: a step makes 4 and wins the game outright,
        // whatever the (untrained) network thinks of a leap.
        let (w, p) = value_of(
            &game,
            &[
                "step", "step", "step", "leap", "tails", "step", "leap", "tails",
            ],
        );
        assert_eq!((w, p), (vec![1.0, 0.0], vec![1.0, -1.0]));
    }

    #[test]
    fn one_choice_ahead_chance_is_averaged_over_its_outcomes() {
        let game = race();
        // Left has 3 points, right 1 and has leapt: heads gives right 4 and the game;
        // tails hands left the move, and a step wins it. Half and half.
        let (w, p) = value_of(
            &game,
            &["step", "step", "step", "leap", "tails", "step", "leap"],
        );
        assert_eq!((w, p), (vec![0.5, 0.5], vec![0.0, 0.0]));
    }

    #[test]
    fn one_choice_ahead_chance_is_averaged_by_its_weights() {
        // The same race with a coin that falls heads three times in four.
        let biased = RACE.replace(
            "for face in 0..1 {",
            "for face in 0..1 weight if face == 1 then 3 else 1 {",
        );
        let game = crate::compile(&Source::new("race.tabula", &biased), &[]).unwrap();
        // Right has leapt: heads (3 in 4) wins it for right, tails (1 in 4) for left.
        let (w, p) = value_of(
            &game,
            &["step", "step", "step", "leap", "tails", "step", "leap"],
        );
        assert_eq!((w, p), (vec![0.25, 0.75], vec![-0.5, 0.5]));
    }
}
