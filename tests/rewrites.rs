//! The compiler's rewrites for speed (compile/optimize.rs) keep the meaning of the
//! rules, and so does the turn search's merging of turns that reach the same state.
//!
//! First two rules files worked out by hand, each once given a wrong answer with no
//! error: `all` with an owner test in its condition, and two winning turns that leave
//! the same board but a different counter. Then the net for the class of bug: rules
//! files generated at random (tests/rules_gen), each compiled with the rewrites on and
//! off, played along random games in which every position must get the same answers
//! from both: the legal choices (steps, order, merged turns, weights, the states they
//! reach), the end, the scores, the lines shown, and the same error when one fails.
//! `TABULA_LONG=1` runs many more files; `TABULA_REWRITE_CASES=N` runs N.

mod rules_gen;

use tabula::engine::rng::Rng;
use tabula::internals::{rules_with, Rewrites};
use tabula::{Choices, Engine, Game, Source, State};

fn compiled(text: &str, rewrites: Rewrites) -> Game {
    let source = Source::new("test.tabula", text);
    match rules_with(&source, &[], rewrites) {
        Ok(rules) => Game::new(rules),
        Err(e) => panic!("does not compile:\n{}\n{text}", e.render(false)),
    }
}

/// The legal choices as text, in the engine's order.
fn texts(engine: &mut Engine, state: &State) -> Vec<String> {
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).expect("legal");
    (0..choices.len())
        .map(|i| engine.choice_text(state, &choices[i]).expect("text"))
        .collect()
}

// ------------------------------------------------------------------ worked out by hand

/// Two cells, both empty, marks placed in turn. "x owns every cell" is false until x
/// holds both: a cell x does not own counts against `all`, it is not skipped.
const ALL_OWNED: &str = r#"
players x, o
board { grid 2 x 1 }
piece mark

action place "{to}"
  for to in cells
  where empty(to)
{
  put mark of mover at to
}

// Only once the mover holds every cell (never, in this game: o moves second).
action boast "boast"
  where all(c in cells where owner(c) == mover)
{
}

phase play {
  starts x
  decide action
  actions place, boast
  stuck end draw
}

end "all x" when all(c in cells where owner(c) == x) winner x

show "board" when all(c in cells where owner(c) == x and count(c) > 0) "x holds everything"
"#;

#[test]
fn all_counts_a_cell_the_owner_test_rejects() {
    for rewrites in [Rewrites::On, Rewrites::Off] {
        let game = compiled(ALL_OWNED, rewrites);
        let mut engine = Engine::new(&game);
        let mut state = engine.initial_state().expect("start");
        // Nobody holds anything: the game goes on, x may place on either cell and not
        // boast, and nothing is shown.
        assert_eq!(engine.outcome(&state).unwrap(), None, "{rewrites:?}");
        assert_eq!(texts(&mut engine, &state), ["a1", "b1"], "{rewrites:?}");
        assert!(
            !engine
                .shown(&state)
                .expect("shown")
                .iter()
                .any(|(l, _)| l.contains("x holds")),
            "{rewrites:?}: {:?}",
            engine.shown(&state)
        );
        // x holds a1, b1 is empty: still not all of them.
        engine.play_text(&mut state, "a1").expect("a1");
        assert_eq!(engine.outcome(&state).unwrap(), None, "{rewrites:?}");
        assert_eq!(texts(&mut engine, &state), ["b1"], "{rewrites:?}");
        // o takes b1: the board is full, nobody holds all, nobody can move: a draw.
        engine.play_text(&mut state, "b1").expect("b1");
        let outcome = engine.outcome(&state).unwrap().expect("over");
        assert_eq!(outcome.winner, None, "{rewrites:?}: {outcome:?}");
    }
}

/// A rules file's own test of the same: `expect ongoing` on the empty board.
#[test]
fn a_test_block_sees_the_empty_board_go_on() {
    let text = format!(
        "{ALL_OWNED}\ntest \"the empty board\" {{\n  expect ongoing\n  expect count 2\n}}\n"
    );
    let source = Source::new("all.tabula", text);
    let results = tabula::testing::run_file(&source, &[]).expect("compiles");
    assert_eq!(results.len(), 1);
    assert!(results[0].failure.is_none(), "{:?}", results[0].failure);
}

/// A whole-turn game whose pawn's square is kept in a counter: both moves win at once
/// and leave the same (empty) board, but not the same state, so they are two moves.
/// A turn that ends the game mid-turn leaves the unplayed number in the pool, and the
/// turn's end clears it: such turns differ only in what ending a turn clears, and are one.
const COUNTER_POSITION: &str = r#"
players a, b
board { grid 1 x 1 }
counter square
counter won
pool left of 1..3

setup {
  add 1 to left
  add 2 to left
}

// The pawn runs 1 or 2 squares: either reaches the goal.
action run "run{n}"
  where square == 0
  for n in left
{
  take n from left
  square = n
}

// Or the pawn hops with any number, and the turn goes on (as bearing off with either die).
action hop "hop"
  where square == 0
  for n in left
{
  take n from left
  won = 1
  continue
}

phase play {
  starts a
  decide turn
  actions run, hop
  turn end { clear left }
}

end "home" when square > 0 or won == 1 winner a
"#;

#[test]
fn winning_turns_are_one_only_when_their_states_are_one() {
    for rewrites in [Rewrites::On, Rewrites::Off] {
        let game = compiled(COUNTER_POSITION, rewrites);
        let mut engine = Engine::new(&game);
        let start = engine.initial_state().expect("start");
        // run1 and run2 keep different squares; the two hops differ only in the number
        // left in the pool, which the turn's end clears.
        assert_eq!(
            texts(&mut engine, &start),
            ["run1", "run2", "hop"],
            "{rewrites:?}"
        );
        let square = game
            .rules()
            .counters
            .iter()
            .position(|c| c.name == "square");
        let square = square.expect("the counter");
        for (typed, want) in [("run1", 1), ("run2", 2)] {
            let mut state = start.clone();
            engine.play_text(&mut state, typed).expect(typed);
            let doc = tabula::json::state_to_json(&game, &state);
            assert_eq!(
                doc["counters"]["square"], want,
                "{rewrites:?}: {typed} (counter {square})"
            );
        }
    }
}

/// A whole turn whose end sets one counter (`spent`) and leaves the next one declared
/// (`last`, the cell the move chose) as it was, and sets `tally` on a path never taken.
/// The turn search ends its second and third turns by copying what ending the first
/// wrote: it once took `spent = 0` to write `last` too (as if `spent` were per player),
/// and the `tally` of an `if` to be written whatever the path, so it gave every turn
/// the first's `last` and `tally`: one move instead of three.
const TURN_END_WRITES: &str = r#"
players a, b
board { grid 3 x 1 }
counter spent
counter last: cell
counter tally

action mark "{c}"
  for c in cells
{
  last = c
  tally = if c == #c1 then 7 else 0
}

phase play {
  starts a
  decide turn
  actions mark
  turn end {
    spent = 0
    if spent == 5 {
      tally = 1
    }
  }
}
"#;

#[test]
fn ending_a_turn_by_a_patch_writes_only_what_the_turn_end_writes() {
    for rewrites in [Rewrites::On, Rewrites::Off] {
        let game = compiled(TURN_END_WRITES, rewrites);
        let mut engine = Engine::new(&game);
        let start = engine.initial_state().expect("start");
        assert_eq!(
            texts(&mut engine, &start),
            ["a1", "b1", "c1"],
            "{rewrites:?}"
        );
        // Worked out by hand: `last` is the cell marked; `tally` 7 after c1, else 0.
        let mut choices = Choices::default();
        engine.legal(&start, &mut choices).expect("legal");
        for (i, (cell, tally)) in [("a1", 0), ("b1", 0), ("c1", 7)].iter().enumerate() {
            let kept = State::from_words_unchecked(choices.result(i).expect("kept").to_vec());
            let doc = tabula::json::state_to_json(&game, &kept);
            assert_eq!(doc["counters"]["last"], *cell, "{rewrites:?}: {doc}");
            assert_eq!(doc["counters"]["tally"], *tally, "{rewrites:?}: {doc}");
        }
    }
}

// ------------------------------------------------------------------ generated rules

/// How the two compilations answered at one position.
#[derive(Debug, PartialEq)]
struct Answers {
    outcome: Option<tabula::Outcome>,
    legal: Result<ChoicesSeen, String>,
    scores: Result<Vec<i32>, String>,
    shown: Result<Vec<String>, String>,
}

#[derive(Debug, PartialEq)]
struct ChoicesSeen {
    steps: Vec<tabula::Step>,
    ranges: Vec<(u32, u32)>,
    alternatives: Vec<(u32, u32, u32)>,
    weights: Vec<u32>,
    results: Vec<i32>,
}

fn answers(engine: &mut Engine, state: &State, choices: &mut Choices) -> Answers {
    let legal = engine
        .legal(state, choices)
        .map(|()| ChoicesSeen {
            steps: choices.steps.clone(),
            ranges: choices.ranges.clone(),
            alternatives: choices.alternatives.clone(),
            weights: choices.weights.clone(),
            results: choices.results.clone(),
        })
        .map_err(|e| e.to_string());
    Answers {
        outcome: engine.outcome(state).unwrap(),
        legal,
        scores: engine.scores(state).map_err(|e| e.to_string()),
        shown: engine
            .shown(state)
            .map(|lines| {
                lines
                    .into_iter()
                    .map(|(l, s)| format!("{l}: {s:?}"))
                    .collect()
            })
            .map_err(|e| e.to_string()),
    }
}

/// What one generated file exercised.
#[derive(Default, Debug)]
struct Tally {
    files: usize,
    positions: usize,
    choices: usize,
    whole_turns: usize,
    errors: usize,
    ended: usize,
    /// Turns merged into another, and of those the ones that end the game in another
    /// state (told apart only by what ending the turn clears).
    merged: usize,
    merged_ended: usize,
}

/// Plays `games` random games of one generated file with the rewrites on and off and
/// the tree walker on the rules as written; every position must get the same answers.
fn compare(text: &str, options: &[String], seed: u64, games: usize, tally: &mut Tally) {
    let source = Source::new("test.tabula", text);
    let fast = Game::new(rules_with(&source, options, Rewrites::On).expect("compiles"));
    let plain_rules =
        rules_with(&source, options, Rewrites::Off).expect("compiles without rewrites");
    let plain = Game::new(plain_rules.clone());
    let walked = Game::interpreted(plain_rules);
    let mut engines = [
        Engine::new(&fast),
        Engine::new(&plain),
        Engine::new(&walked),
    ];
    let labels = ["rewritten", "as written", "tree-walked as written"];
    let mut rng = Rng::new(seed);
    let mut choices = Choices::default();
    let mut other = Choices::default();
    tally.files += 1;
    for g in 0..games {
        let starts: Vec<_> = engines
            .iter_mut()
            .map(|e| e.initial_state().map_err(|e| e.to_string()))
            .collect();
        for (k, s) in starts.iter().enumerate().skip(1) {
            assert_eq!(&starts[0], s, "{}: the start\n{text}", labels[k]);
        }
        let Ok(mut state) = starts[0].clone() else {
            tally.errors += 1;
            return;
        };
        for decision in 0..40 {
            let first = answers(&mut engines[0], &state, &mut choices);
            let mut out_of_budget = false;
            for k in 1..engines.len() {
                let seen = answers(&mut engines[k], &state, &mut other);
                // The loop budget is spent by the program as it runs: rewritten, it may
                // run out in another statement than as written (or not at all where
                // the other did). Both running out is agreement; one alone is not.
                if first
                    .legal
                    .as_ref()
                    .is_err_and(|e| e.contains("loop steps"))
                    && seen.legal.as_ref().is_err_and(|e| e.contains("loop steps"))
                {
                    out_of_budget = true;
                    continue;
                }
                assert_eq!(
                    first,
                    seen,
                    "seed {seed}, game {g}, decision {decision}: rewritten and {} differ at {:?}\n{text}",
                    labels[k],
                    state.words()
                );
            }
            tally.positions += 1;
            if out_of_budget {
                tally.errors += 1;
                break;
            }
            if first.outcome.is_some() {
                tally.ended += 1;
                break;
            }
            let Ok(seen) = &first.legal else {
                tally.errors += 1;
                break;
            };
            if choices.is_empty() {
                break;
            }
            tally.choices += choices.len();
            if seen.steps.len() > choices.len() {
                tally.whole_turns += 1;
                merged_turns_are_the_same(&mut engines[0], &state, &choices, text, tally);
            }
            let i = if state.chance().is_some() {
                rng.weighted(&choices.weights)
            } else {
                rng.below(choices.len() as u32) as usize
            };
            let mut next = [state.clone(), state.clone(), state.clone()];
            let played: Vec<_> = engines
                .iter_mut()
                .zip(next.iter_mut())
                .map(|(e, s)| e.play_choice(s, &choices, i).map_err(|e| e.to_string()))
                .collect();
            for k in 1..engines.len() {
                assert_eq!(
                    played[0], played[k],
                    "{}: playing choice {i}\n{text}",
                    labels[k]
                );
                assert_eq!(next[0], next[k], "{}: after choice {i}\n{text}", labels[k]);
            }
            if played[0].is_err() {
                tally.errors += 1;
                break;
            }
            let [n, ..] = next;
            state = n;
        }
    }
}

/// The state the turn search kept for each whole turn is the one its steps reach; a
/// turn merged into another (`Choices::alternatives`) reaches the same state (or, when
/// both end the game, the same result), and two turns kept apart reach different
/// states.
fn merged_turns_are_the_same(
    engine: &mut Engine,
    state: &State,
    choices: &Choices,
    text: &str,
    tally: &mut Tally,
) {
    let reach = |engine: &mut Engine, steps: &[tabula::Step]| {
        let mut s = state.clone();
        engine.apply(&mut s, steps).map(|()| s)
    };
    let mut reached = Vec::new();
    for i in 0..choices.len() {
        let Ok(s) = reach(engine, &choices[i]) else {
            return;
        };
        // The state the search kept for the turn is the one its steps reach.
        if let Some(kept) = choices.result(i) {
            assert_eq!(
                kept,
                s.words(),
                "choice {i} ({:?}): the state kept by the search\n{text}",
                &choices[i]
            );
        }
        reached.push(s);
    }
    for &(a, b, k) in &choices.alternatives {
        let steps = &choices.steps[a as usize..b as usize];
        let Ok(other) = reach(engine, steps) else {
            continue;
        };
        let kept = &reached[k as usize];
        if &other != kept {
            let (x, y) = (
                engine.outcome(&other).unwrap(),
                engine.outcome(kept).unwrap(),
            );
            assert!(
                x.is_some() && x == y,
                "{:?} is merged into choice {k} ({:?}) but reaches another state: {} \
                 (outcome {x:?}), not {} ({y:?}), from {}\n{text}",
                engine.choice_text(state, steps),
                engine.choice_text(state, &choices[k as usize]),
                tabula::json::state_to_json(engine.game(), &other),
                tabula::json::state_to_json(engine.game(), kept),
                tabula::json::state_to_json(engine.game(), state),
            );
            tally.merged_ended += 1;
        }
        tally.merged += 1;
    }
    for i in 0..reached.len() {
        for j in 0..i {
            assert!(
                reached[i] != reached[j],
                "choices {j} and {i} ({:?}, {:?}) reach the same state from {:?}\n{text}",
                engine.choice_text(state, &choices[j]),
                engine.choice_text(state, &choices[i]),
                tabula::json::state_to_json(engine.game(), state).to_string(),
            );
        }
    }
}

fn cases() -> usize {
    if let Some(n) = std::env::var("TABULA_REWRITE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    if std::env::var("TABULA_LONG").is_ok_and(|v| v == "1") {
        20_000
    } else {
        300
    }
}

#[test]
fn generated_rules_mean_the_same_with_and_without_rewrites() {
    let cases = cases();
    let mut tally = Tally::default();
    let mut refused = Vec::new();
    // `TABULA_REWRITE_FIRST=K` starts at case K (to run one case again).
    let first: usize = std::env::var("TABULA_REWRITE_FIRST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    for case in first..first + cases {
        let seed = 0x5eed_0000 + case as u64;
        let (text, options) = rules_gen::rules_file_and_options(seed);
        if let Err(e) = tabula::compile(&Source::new("test.tabula", text.as_str()), &options) {
            refused.push((seed, e.render(false), text));
            continue;
        }
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            compare(&text, &options, seed, 3, &mut tally)
        }));
        if let Err(e) = run {
            eprintln!("generated file of seed {seed} (options {options:?}, case {case}) fails");
            std::panic::resume_unwind(e);
        }
    }
    // The generator writes rules the checker takes: a refused file is a mistake in the
    // generator, shown here.
    if let Some((seed, e, text)) = refused.first() {
        let mut kinds: Vec<&str> = refused
            .iter()
            .filter_map(|(_, e, _)| e.lines().next())
            .collect();
        if let Ok(dir) = std::env::var("TABULA_REFUSED_DIR") {
            for (seed, e, text) in &refused {
                let _ = std::fs::write(format!("{dir}/{seed}.txt"), format!("{e}\n{text}"));
            }
        }
        kinds.sort();
        kinds.dedup();
        panic!(
            "{} of {cases} generated files are refused ({}); seed {seed}:\n{e}\n{text}",
            refused.len(),
            kinds.join("; ")
        );
    }
    eprintln!("{tally:?}");
    assert!(
        tally.positions > cases * 5
            && tally.choices > cases * 20
            && tally.ended > cases / 4
            && tally.merged > cases / 10,
        "the generated games exercise too little: {tally:?}"
    );
}
