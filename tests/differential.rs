//! The evaluation paths agree with `Engine::legal`. A move's generators run as one
//! chain of compiled closures in two builds: fused (a loop and the tests after it in
//! one closure), as `legal` runs them, and watchable (every test told to a watcher),
//! as `why` and `trace` run them and the interpreted game does. Expressions are
//! evaluated by their compiled closures or by the tree walker (engine/eval.rs). Over
//! positions of random games of the three games and of the examples, each path is
//! checked against the engine:
//! - the interpreted game (watchable chains, every expression left as a tree so that
//!   engine/eval.rs evaluates it) lists the same choices, the same chance outcomes;
//! - `any_action` holds exactly when some action is legal;
//! - `trace`, counting the tests of the watchable chains, finds the same single steps
//!   and, for a turn decided whole, the same number of distinct turns;
//! - every legal choice written as text is read back as that choice, plays to the
//!   same position as the choice, and `why` calls it legal.
//!
//! Random games choose uniformly among all choices half the time (so that the cube is
//! offered, taken and dropped, which playouts never do) and by playout weight else;
//! `TABULA_LONG=1` plays twenty times as many.
//! Below them, positions worked out by hand: the cube decision the explainer once
//! miscounted, a turn beaten on `maximize`, and two turns whose positions share a hash.

mod common;
mod examples_support;

use tabula::engine::rng::Rng;
use tabula::internals::ir::{Expr, Gen};
use tabula::session::Session;
use tabula::{Choices, Engine, Game, Source, State, StepKind};

// ------------------------------------------------------------------ the tree walker

/// The game run by the tree walker: every expression it evaluates while listing
/// moves, ending and scoring left as a tree, every move's generators run by their
/// watchable chain (no loop fused), chance outcomes listed at each roll. Effects stay
/// compiled: they are not the tree walker's.
fn tree_walking(game: &Game) -> Game {
    Game::interpreted(game.rules().clone())
}

/// Whether a tree is left anywhere compiled (the stripping above missed a place).
fn has_compiled(game: &Game) -> bool {
    fn walk(e: &Expr, found: &mut bool) {
        if matches!(e, Expr::Numbered { .. }) {
            *found = true;
        }
        e.children(&mut |c| walk(c, found));
    }
    let mut found = false;
    for m in game.rules().actions.iter().chain(&game.rules().chances) {
        for gen in &m.generators {
            match gen {
                Gen::For(_, d) => d.exprs(&mut |e| walk(e, &mut found)),
                Gen::Let(_, e) | Gen::Where(e, _) => walk(e, &mut found),
            }
        }
    }
    for p in &game.rules().phases {
        p.maximize.iter().for_each(|e| walk(e, &mut found));
    }
    for end in &game.rules().ends {
        walk(&end.when, &mut found);
    }
    found
}

/// The game with no phase deciding whole turns: its legal moves are the single steps
/// the turn search starts from.
fn single_stepping(game: &Game) -> Game {
    let mut rules = game.rules().clone();
    for p in &mut rules.phases {
        p.decide_turn = false;
    }
    Game::new(rules)
}

// ------------------------------------------------------------------ the checks

/// What the checks saw, so that a run that checks nothing fails.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    chance: usize,
    whole_turns: usize,
    choices_read_back: usize,
    several_steps: usize,
    stuck: usize,
}

struct Paths<'g> {
    label: String,
    engine: Engine<'g>,
    tree: Engine<'g>,
    single: Engine<'g>,
    seen: Seen,
}

impl<'g> Paths<'g> {
    /// Every check at one position of a game not over.
    fn check(&mut self, state: &State) {
        let label = self.label.clone();
        let at = || format!("{label}: at {:?}", state.words());
        let mut choices = Choices::default();
        self.engine.legal(state, &mut choices).expect("legal");
        // The tree walker lists the same choices, in the same order.
        let mut by_tree = Choices::default();
        self.tree
            .legal(state, &mut by_tree)
            .expect("legal by the tree walker");
        assert_eq!(choices.steps, by_tree.steps, "{}", at());
        assert_eq!(choices.ranges, by_tree.ranges, "{}", at());
        assert_eq!(choices.alternatives, by_tree.alternatives, "{}", at());
        assert_eq!(choices.weights, by_tree.weights, "{}", at());
        assert_eq!(choices.results, by_tree.results, "{}", at());
        self.seen.positions += 1;

        let trace = self.engine.trace_moves(state).expect("trace");
        if let Some(c) = state.chance() {
            self.seen.chance += 1;
            assert_eq!(trace.chance, Some((c.index(), choices.len())), "{}", at());
            self.read_back(state, &choices);
            return;
        }
        let acting = (0..choices.len()).any(|i| choices[i][0].kind == StepKind::Action);
        assert_eq!(
            self.engine.any_action(state).expect("any_action"),
            acting,
            "{}",
            at()
        );
        if !acting {
            self.seen.stuck += 1;
        }

        // The explainer's single steps are the engine's.
        let mut single = Choices::default();
        self.single.legal(state, &mut single).expect("single steps");
        let game = self.engine.game();
        // Compared whole: each runner starts every action from fresh locals, so no
        // step keeps a value an earlier action left in a slot its own action does
        // not bind.
        let steps: Vec<tabula::Step> = single
            .steps
            .iter()
            .filter(|s| s.kind == StepKind::Action)
            .copied()
            .collect();
        assert_eq!(self.engine.single_steps(state), steps, "{}", at());
        let traced: u64 = trace.actions.iter().map(|a| a.moves).sum();
        assert_eq!(traced, steps.len() as u64, "{}", at());

        if game.rules().phases[state.phase().index()].decide_turn {
            let turns = trace.turns.as_ref().expect("a whole-turn trace");
            self.seen.whole_turns += 1;
            // `trace` counts the engine's own search: the turns it reports are the
            // legal ones, each reached by at least one kept sequence.
            assert_eq!(turns.distinct, choices.len(), "{}: trace {turns:?}", at());
            let passes = choices.steps.iter().any(|s| s.kind == StepKind::Pass);
            assert!(
                turns.complete >= turns.kept
                    && turns.kept as usize >= turns.distinct - usize::from(passes),
                "{}: trace {turns:?}",
                at()
            );
        }
        self.read_back(state, &choices);
    }

    /// Every choice written as text reads back as itself, plays to the position the
    /// choice leads to, and `why` finds it legal; so does every other order of a turn.
    fn read_back(&mut self, state: &State, choices: &Choices) {
        let label = self.label.clone();
        for i in 0..choices.len() {
            let text = self
                .engine
                .choice_text(state, &choices[i])
                .expect("choice text");
            let found = self
                .engine
                .find_choice(state, choices, &text)
                .expect("find");
            assert_eq!(found, Some(i), "{label}: `{text}` at {:?}", state.words());
            if choices[i].len() > 1 {
                self.seen.several_steps += 1;
            }
            self.seen.choices_read_back += 1;
            let mut chosen = state.clone();
            self.engine
                .play_choice(&mut chosen, choices, i)
                .expect("play choice");
            if state.chance().is_none() {
                let mut typed = state.clone();
                self.engine.play_text(&mut typed, &text).expect("play text");
                assert_eq!(typed, chosen, "{label}: `{text}` at {:?}", state.words());
                // `why` costs a listing of its own: the first few choices.
                if i < 3 {
                    let why = self.engine.why(state, &text).expect("why");
                    assert!(why.legal, "{label}: why `{text}`: {:?}", why.findings);
                }
            }
        }
        for &(a, b, k) in choices.alternatives.iter().take(16) {
            let steps = &choices.steps[a as usize..b as usize];
            let text = self.engine.choice_text(state, steps).expect("choice text");
            let found = self
                .engine
                .find_choice(state, choices, &text)
                .expect("find");
            let same = found.is_some_and(|j| choices.result(j) == choices.result(k as usize));
            assert!(same, "{label}: `{text}` is choice {k}, read as {found:?}");
        }
    }
}

/// Plays `games` random games of `game` from its start, checking every position.
fn random_games(label: &str, game: &Game, games: usize, max_decisions: usize, seed: u64) -> Seen {
    random_games_against(label, game, &tree_walking(game), games, max_decisions, seed)
}

/// `random_games`, with `tree_game` as the tree walker's game: the same rules, or the
/// same rules compiled without the compiler's rewrites.
fn random_games_against(
    label: &str,
    game: &Game,
    tree_game: &Game,
    games: usize,
    max_decisions: usize,
    seed: u64,
) -> Seen {
    // The long run (`TABULA_LONG=1`) plays twenty times as many games.
    let games = if examples_support::long() {
        games * 20
    } else {
        games
    };
    assert!(!has_compiled(tree_game), "{label}: a compiled tree is left");
    let single_game = single_stepping(game);
    let mut paths = Paths {
        label: label.to_string(),
        engine: Engine::new(game),
        tree: Engine::new(tree_game),
        single: Engine::new(&single_game),
        seen: Seen::default(),
    };
    let mut rng = Rng::new(seed);
    let mut choices = Choices::default();
    for _ in 0..games {
        let mut state = paths.engine.initial_state().expect("initial state");
        let by_tree = paths
            .tree
            .initial_state()
            .expect("initial state by the tree walker");
        assert_eq!(state, by_tree, "{label}: the initial states");
        let mut decisions = 0;
        while decisions < max_decisions {
            if paths.engine.outcome(&state).unwrap().is_some() {
                let o = paths.engine.outcome(&state).unwrap();
                assert_eq!(
                    paths.tree.outcome(&state).unwrap(),
                    o,
                    "{label}: the outcome"
                );
                break;
            }
            paths.check(&state);
            paths.engine.legal(&state, &mut choices).expect("legal");
            if choices.is_empty() {
                break;
            }
            let i = if state.chance().is_some() || rng.below(2) == 0 {
                rng.weighted(&choices.weights)
            } else {
                rng.below(choices.len() as u32) as usize
            };
            assert_eq!(
                paths.engine.scores(&state).expect("scores"),
                paths
                    .tree
                    .scores(&state)
                    .expect("scores by the tree walker"),
                "{label}: the scores"
            );
            paths
                .engine
                .play_choice(&mut state, &choices, i)
                .expect("play");
            if state.chance().is_none() {
                decisions += 1;
            }
        }
    }
    assert!(paths.seen.positions > 0, "{label}: no position checked");
    paths.seen
}

#[test]
fn backgammon_with_and_without_the_cube() {
    let game = common::game("backgammon", &[]);
    let seen = random_games("backgammon", &game, 4, 60, 1);
    assert!(
        seen.whole_turns > 50 && seen.several_steps > 100,
        "{seen:?}"
    );
    let game = common::game("backgammon", &["no-cube"]);
    random_games("backgammon no-cube", &game, 2, 60, 2);
    let game = common::game("backgammon", &["first-roll-reroll"]);
    random_games("backgammon first-roll-reroll", &game, 1, 40, 3);
}

#[test]
fn invictus() {
    let game = common::game("invictus", &[]);
    random_games("invictus", &game, 2, 80, 4);
}

#[test]
fn naytin_six_with_its_options() {
    for (k, options) in [
        &[][..],
        &["cross-placement"],
        &["random-values"],
        &["pips-only"],
        &["no-obstacles", "slide"],
        &["cross-placement", "random-values", "slide"],
    ]
    .iter()
    .enumerate()
    {
        let game = common::game("naytin-six", options);
        random_games(
            &format!("naytin-six {options:?}"),
            &game,
            2,
            60,
            10 + k as u64,
        );
    }
}

#[test]
fn the_examples() {
    let dir = format!("{}/examples/rules", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("examples/rules")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".tabula"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    for (k, file) in files.iter().enumerate() {
        let game = examples_support::example(file, &[]);
        let mut runs = vec![game];
        for option in runs[0].each_option() {
            runs.push(examples_support::example(file, &[option.as_str()]));
        }
        for (j, game) in runs.iter().enumerate() {
            let label = format!("{file} {:?}", game.chosen_options());
            random_games(&label, game, 1, 40, 100 + 10 * k as u64 + j as u64);
        }
    }
}

/// The rules of `file` (`text`) compiled without the compiler's rewrites
/// (compile/optimize.rs), run by the tree walker.
fn as_written(file: &str, text: &str, options: &[String]) -> Game {
    let source = Source::new(file, text);
    match tabula::internals::rules_with(&source, options, tabula::internals::Rewrites::Off) {
        Ok(rules) => Game::interpreted(rules),
        Err(e) => panic!("{file} {options:?} does not compile as written:\n{e}"),
    }
}

/// Every shipped game with each of its options, and every example with each of its,
/// compiled as the engine plays them (rewritten) and as written (no rewrite, every
/// expression walked as a tree): the same choices, outcomes and scores everywhere.
#[test]
fn every_game_means_the_same_rewritten_and_as_written() {
    let mut files: Vec<(String, String)> = ["backgammon", "invictus", "naytin-six"]
        .iter()
        .map(|name| {
            let text = tabula::games::built_in(name).expect("built in");
            (format!("games/{name}.tabula"), text.to_string())
        })
        .collect();
    let dir = format!("{}/examples/rules", env!("CARGO_MANIFEST_DIR"));
    let mut examples: Vec<String> = std::fs::read_dir(&dir)
        .expect("examples/rules")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".tabula"))
        .collect();
    examples.sort();
    for f in examples {
        let text = std::fs::read_to_string(format!("{dir}/{f}")).expect("example");
        files.push((format!("examples/rules/{f}"), text));
    }
    let mut runs = 0;
    for (k, (file, text)) in files.iter().enumerate() {
        let source = Source::new(file.as_str(), text.as_str());
        let plain = tabula::compile(&source, &[]).expect("compiles");
        let mut option_sets: Vec<Vec<String>> = vec![vec![]];
        for option in plain.each_option() {
            option_sets.push(vec![option]);
        }
        for (j, options) in option_sets.iter().enumerate() {
            let game = tabula::compile(&source, options).expect("compiles");
            let written = as_written(file, text, options);
            let label = format!("{file} {options:?} as written");
            random_games_against(
                &label,
                &game,
                &written,
                1,
                30,
                500 + 10 * k as u64 + j as u64,
            );
            runs += 1;
        }
    }
    assert!(runs >= 25, "{runs} runs");
}

// ------------------------------------------------------------------ worked out by hand

/// The legal choices as text, in the engine's order.
fn texts(engine: &mut Engine, state: &State) -> Vec<String> {
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).expect("legal");
    (0..choices.len())
        .map(|i| engine.choice_text(state, &choices[i]).expect("text"))
        .collect()
}

/// Two actions in one phase: `pair` binds two slots, `single` one. Every step of
/// `single` holds its one value and zeros: not the `y` that `pair`, generated before
/// it, left in the second slot.
#[test]
fn an_action_does_not_see_the_locals_an_earlier_one_left() {
    let text = "players a, b\nboard { grid 1 x 1 }\ncounter k\naction pair \"{x}-{y}\" for x in 1..2 for y in 5..6 { k += x + y }\naction single \"{u}\" for u in 3..4 { k += u }\nphase p { actions pair, single }\n";
    let game = tabula::compile(&Source::new("two.tabula", text), &[]).expect("compiles");
    let mut engine = Engine::new(&game);
    let state = engine.initial_state().expect("start");
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).expect("legal");
    let step = |id: u16, bound: &[i32]| {
        let mut args = [0; tabula::internals::ir::MAX_ARGS];
        args[..bound.len()].copy_from_slice(bound);
        tabula::Step {
            kind: StepKind::Action,
            id,
            args,
        }
    };
    let expected = [
        step(0, &[1, 5]),
        step(0, &[1, 6]),
        step(0, &[2, 5]),
        step(0, &[2, 6]),
        step(1, &[3]),
        step(1, &[4]),
    ];
    assert_eq!(choices.steps, expected);
    // The explainer, which runs each action from fresh locals, lists the same steps.
    assert_eq!(engine.single_steps(&state), expected);
}

#[test]
fn trace_counts_the_turns_of_a_cube_decision() {
    let game = common::game("backgammon", &[]);
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().expect("start");
    for typed in ["3-1", "8/5 6/5"] {
        engine.play_text(&mut state, typed).expect(typed);
    }
    // Black, the cube in the middle, doubles or rolls: two turns of one step each. The
    // double hands the decision to White, which ends Black's part: White's take or drop
    // is not a third sequence of Black's turn.
    assert_eq!(texts(&mut engine, &state), ["double", "roll"]);
    let turns = engine
        .trace_moves(&state)
        .expect("trace")
        .turns
        .expect("turns");
    // Neither moves a checker: `used` and `pips` are 0 for both, and both are kept.
    assert_eq!(
        (turns.complete, turns.kept, turns.distinct, turns.best),
        (2, 2, 2, vec![0, 0])
    );
    // White answers: take (the cube goes to him, Black rolls) or drop (the game ends,
    // kept whatever its keys). Two sequences, two turns.
    engine.play_text(&mut state, "double").expect("double");
    assert_eq!(texts(&mut engine, &state), ["take", "drop"]);
    let turns = engine
        .trace_moves(&state)
        .expect("trace")
        .turns
        .expect("turns");
    assert_eq!(
        (turns.complete, turns.kept, turns.distinct),
        (2, 2, 2),
        "{turns:?}"
    );
}

#[test]
fn trace_counts_the_sequences_of_a_double_two() {
    // White: one checker on 13, one on 6; Black's two on White's 24 are behind them.
    // 2-2: the checker on 13 can always move (11, 9, 7, 5 are open); the one on 6 moves
    // at most twice (6/4, 4/2), since bearing off waits for the other to come home,
    // which takes all four 2s. The sequences of four steps in which the 6 moves 0, 1 or
    // 2 times: 1 + 4 + 6 = 11, all using 4 dice for 8 pips; three positions (the 13
    // moved 4, 3 or 2 times).
    let game = common::game("backgammon", &[]);
    let mut engine = Engine::new(&game);
    let doc = common::json!({
        "phase": "play", "to_move": "white", "chance": "roll",
        "cells": {"13": {"owner": "white"}, "6": {"owner": "white"},
                  "24": {"owner": "black", "count": 2}},
        "counters": {"cube": 1, "cube_owner": null, "dropped": null, "turns": 10}
    });
    let mut state = common::state(&game, doc);
    engine.play_text(&mut state, "2-2").expect("2-2");
    let turns = engine
        .trace_moves(&state)
        .expect("trace")
        .turns
        .expect("turns");
    assert_eq!(
        (turns.complete, turns.kept, turns.distinct, turns.best),
        (11, 11, 3, vec![4, 8])
    );
}

/// A stone walks with two dice, 1 and 2, each used once; landing on the trap (cell 6)
/// ends the turn. A turn keeps the most dice used.
const WALK: &str = r#"game "Walk"
players north, south
board {
  line 1..7
}
piece stone
pool dice of 1..2
counter used per turn
setup {
  put stone of north at #4
  add 1 to dice
  add 2 to dice
}
action go "{from}>{to}"
  for d in dice
  for from in cells
  where owner(from) == mover
  let to = step(from, next, d)
  where to != none and empty(to)
{
  take d from dice
  move from -> to
  used += 1
  if to != #6 and size(dice) > 0 { continue }
}
phase play {
  starts north
  decide turn
  actions go
  maximize used
  stuck pass "pass"
}
"#;

#[test]
fn why_a_turn_is_beaten_on_maximize() {
    // From 4: the 2 first lands on the trap (4>6) and ends the turn with one die used;
    // the 1 first (4>5) leaves the 2 (5>7): two dice. Only `4>5 5>7` is legal, and
    // `4>6` is a whole turn beaten on `maximize` (1 against 2).
    let mut s = Session::new(Source::new("walk.tabula", WALK), &[], 1).expect("session");
    s.intro();
    let trace = s.handle("trace on").text;
    assert!(
        trace.contains("whole turns: 2 complete sequences; `maximize` (line 30) keeps 1 at (2); 1 distinct turns"),
        "{trace}"
    );
    let why = s.handle("why 4>6").text;
    assert!(
        why.contains("`4>6` is a whole turn, but phase `play` keeps only the turns that do best by its `maximize`: this one scores (1), the best (2), e.g. `4>5 5>7`"),
        "{why}"
    );
    assert!(s.handle("why 4>5 5>7").text.contains("is legal"));
}

/// A rules file of two one-step turns, `left` and `right`, over `n` counters; `left`
/// sets counter `c{d}` to 1, `right` sets it to 2 and writes `pair` into `c{j}` and
/// `c{j + 1}`.
fn twins(n: usize, d: usize, j: usize, pair: (i32, i32)) -> String {
    let counters: String = (0..n).map(|i| format!("counter c{i}\n")).collect();
    let literal = |v: i32| match v {
        i32::MIN => "-2147483647 - 1".to_string(),
        v => v.to_string(),
    };
    format!(
        "game \"Twins\"\nplayers north, south\nboard {{\n  line 1..2\n}}\npiece stone\n{counters}\
         action left \"left\" {{\n  c{d} = 1\n}}\n\
         action right \"right\" {{\n  c{d} = 2\n  c{j} = {}\n  c{} = {}\n}}\n\
         phase play {{\n  starts north\n  decide turn\n  actions left, right\n}}\n",
        literal(pair.0),
        j + 1,
        literal(pair.1)
    )
}

/// The lane `lane` of `State::hash64` before chunk `chunk`: eight words a chunk, two
/// words mixed into each of four lanes (a copy of its arithmetic, checked below by
/// the hashes it makes equal).
fn lane_before(data: &[i32], lane: usize, chunk: usize) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut l = lane as u64 + 1;
    for c in data.chunks_exact(8).take(chunk) {
        let w = u64::from(c[2 * lane] as u32) | (u64::from(c[2 * lane + 1] as u32) << 32);
        l = (l ^ w).wrapping_mul(K).rotate_left(29);
    }
    l
}

/// The results of the two turns of a game made by `twins`.
fn twin_results(game: &Game) -> (Choices, State) {
    let mut engine = Engine::new(game);
    let start = engine.initial_state().expect("start");
    let mut choices = Choices::default();
    engine.legal(&start, &mut choices).expect("legal");
    (choices, start)
}

/// The turn search keys positions by a hash of its own, which leaves out the words that
/// ending a turn writes (`engine/search_hash.rs`, whose unit tests build positions that
/// share it); the positions built here share `State::hash64`, and must stay two turns
/// all the same.
///
/// Makes the two turns of `twins` reach positions with one hash: the positions they
/// settle into (`settled`: the turn search's list of turns tells them apart), or the
/// positions right after their step (the search's record of positions reached in the
/// turn tells them apart). Checks that both turns stay.
fn twins_sharing_a_hash(settled: bool) {
    // Two positions with one hash differ in one counter word (1 or 2) and, in a later
    // chunk of the same lane, in a pair of counter words chosen so that the lane comes
    // out the same.
    let n = 24;
    let compile = |text: String| {
        tabula::compile(&Source::new("twins.tabula", text), &[]).expect("twins compiles")
    };
    let template = compile(twins(n, 0, 1, (0, 0)));
    let base = |g: &Game, i: usize| {
        g.rules()
            .counters
            .iter()
            .find(|c| c.name == format!("c{i}"))
            .expect("counter")
            .base
    };
    let whole = template.rules().data_len - template.rules().data_len % 8;
    let lane = |w: usize| (w % 8) / 2;
    let (d, j) = (0..n)
        .flat_map(|d| (0..n - 1).map(move |j| (d, j)))
        .find(|&(d, j)| {
            let (wd, wj) = (base(&template, d), base(&template, j));
            wj % 2 == 0
                && base(&template, j + 1) == wj + 1
                && wj + 1 < whole
                && lane(wd) == lane(wj)
                && wd / 8 < wj / 8
        })
        .expect("a counter and a pair of counters in one lane");
    let (wd, wj) = (base(&template, d), base(&template, j));
    // The positions to make equal in hash, before the pair is written.
    let plain = compile(twins(n, d, j, (0, 0)));
    let (choices, start) = twin_results(&plain);
    assert_eq!(choices.len(), 2);
    let (mut x, mut y) = (start.words().to_vec(), start.words().to_vec());
    if settled {
        x.copy_from_slice(choices.result(0).expect("left's position"));
        y.copy_from_slice(choices.result(1).expect("right's position"));
    } else {
        (x[wd], y[wd]) = (1, 2);
    }
    assert_eq!((x[wd], y[wd]), (1, 2));
    let chunk = wj / 8;
    let want = lane_before(&x, lane(wj), chunk) ^ lane_before(&y, lane(wj), chunk);
    let pair = (want as u32 as i32, (want >> 32) as u32 as i32);
    (y[wj], y[wj + 1]) = pair;
    let (x, y) = (
        State::from_words_unchecked(x),
        State::from_words_unchecked(y),
    );
    assert_ne!(x, y);
    assert_eq!(
        x.hash64(),
        y.hash64(),
        "the two positions no longer share a hash: State::hash64 changed, and this \
         construction with it"
    );
    let game = compile(twins(n, d, j, pair));
    let (choices, start) = twin_results(&game);
    assert_eq!(
        choices.len(),
        2,
        "two positions with one hash are two turns"
    );
    assert_ne!(choices.result(0), choices.result(1));
    let mut engine = Engine::new(&game);
    let turns = engine
        .trace_moves(&start)
        .expect("trace")
        .turns
        .expect("turns");
    assert_eq!((turns.complete, turns.distinct), (2, 2));
}

#[test]
fn two_turns_whose_positions_share_a_hash_stay_two() {
    twins_sharing_a_hash(true);
}

#[test]
fn two_positions_reached_in_a_turn_that_share_a_hash_are_both_searched() {
    twins_sharing_a_hash(false);
}

#[test]
fn a_turn_that_ends_the_game_is_kept_whatever_its_keys() {
    // The walk, where reaching the trap also wins: `4>6` uses one die but ends the
    // game, so it is kept beside `4>5 5>7` (two dice), which `maximize` keeps among the
    // turns that go on. Two sequences, both kept, two turns; the best keys are (2).
    let text = format!("{WALK}end \"trapped\" when not empty(#6) winner north\n");
    let game = tabula::compile(&Source::new("walk.tabula", text), &[]).expect("compiles");
    let mut engine = Engine::new(&game);
    let start = engine.initial_state().expect("start");
    assert_eq!(
        common::sorted(&texts(&mut engine, &start)),
        ["4>5 5>7", "4>6"]
    );
    let turns = engine
        .trace_moves(&start)
        .expect("trace")
        .turns
        .expect("turns");
    assert_eq!(
        (turns.complete, turns.kept, turns.distinct, turns.best),
        (2, 2, 2, vec![2])
    );
    let why = engine.why(&start, "4>6").expect("why");
    assert!(why.legal, "{:?}", why.findings);
}
