//! A turn entered a step at a time agrees with the engine's list of legal turns, over
//! positions of random games of every shipped game and example with each of its
//! options. At each decision of a player:
//! - every sequence of steps the turn cursor offers, played to the turn's end, reaches
//!   a legal turn exactly when `maximize` does not beat it (worked out here over all the
//!   sequences: a turn is beaten when another scores more and its own end rule did not
//!   hold before its end), and every legal turn is reached;
//! - every legal turn's steps, and every other order the engine lists, played through
//!   the cursor, end the turn at their last step and reach that turn;
//! - tab completion offers exactly the cursor's next steps from which some sequence
//!   reaches a legal turn, at the turn's start and after each step of a sequence;
//! - the notation reader reads a turn typed in an order the engine did not list as the
//!   turn its steps reach, and the first steps of a turn, not yet over, as no turn;
//! - the session takes a turn typed a step at a time: each step but the last leaves the
//!   turn open at the prompt, the last plays the legal turn reached.
//!
//! Random games choose uniformly among all choices half the time (so that the cube is
//! offered, taken and dropped, which playouts never do) and by playout weight else;
//! `TABULA_LONG=1` plays ten times as many.

mod examples_support;

use std::collections::BTreeSet;
use tabula::engine::rng::Rng;
use tabula::session::Session;
use tabula::{Choices, Engine, Game, LegalTurns, Source, State, Step, StepKind, TurnCursor};

/// The most steps tried at one position; a position whose turns take more is left out
/// (and counted).
const MAX_NODES: usize = 4000;

/// A sequence of steps the cursor offered, played to the end of the turn.
#[derive(Debug, Clone)]
struct Sequence {
    /// Each step's text on the position before it, with its marks and without.
    marked: Vec<String>,
    plain: Vec<String>,
    /// The `maximize` keys of the turn (None: an end rule held before its end).
    keys: Option<Vec<i32>>,
    /// The legal turn the cursor says it is.
    turn: Option<usize>,
}

/// Every sequence from `cursor` to the end of its turn; false when there were more than
/// `nodes` steps to try.
fn sequences(
    engine: &mut Engine,
    cursor: &TurnCursor,
    legal: &LegalTurns,
    prefix: &mut Vec<(String, String)>,
    out: &mut Vec<Sequence>,
    nodes: &mut usize,
) -> bool {
    for step in cursor.next_steps() {
        if *nodes == 0 {
            return false;
        }
        *nodes -= 1;
        let work = cursor.position();
        prefix.push((
            engine.step_text(work, step, true),
            engine.step_text(work, step, false),
        ));
        let mut next = cursor.clone();
        next.play(engine, step).expect("a step the cursor offered");
        assert_eq!(next.is_over(), next.next_steps().is_empty());
        if next.is_over() {
            out.push(Sequence {
                marked: prefix.iter().map(|(m, _)| m.clone()).collect(),
                plain: prefix.iter().map(|(_, p)| p.clone()).collect(),
                keys: next.keys().map(|k| k.to_vec()),
                turn: next.turn(legal),
            });
        } else if !sequences(engine, &next, legal, prefix, out, nodes) {
            return false;
        }
        prefix.pop();
    }
    true
}

/// Whether the typed `tokens` are the steps of `seq` in some order, each token the
/// step's text with its marks or without them (as the notation reader takes them).
fn typed_as(tokens: &[String], seq: &Sequence) -> bool {
    fn assign(tokens: &[String], seq: &Sequence, used: &mut Vec<bool>) -> bool {
        let Some((t, rest)) = tokens.split_first() else {
            return true;
        };
        for k in 0..seq.marked.len() {
            if !used[k] && (seq.marked[k] == *t || seq.plain[k] == *t) {
                used[k] = true;
                if assign(rest, seq, used) {
                    return true;
                }
                used[k] = false;
            }
        }
        false
    }
    tokens.len() == seq.marked.len() && assign(tokens, seq, &mut vec![false; tokens.len()])
}

/// What the checks saw, so that a run that checks nothing fails.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    too_big: usize,
    sequences: usize,
    beaten: usize,
    completions: usize,
    read_in_other_orders: usize,
    partial_reads: usize,
    entered: usize,
}

struct Checker<'g> {
    label: String,
    game: &'g Game,
    engine: Engine<'g>,
    session: Session,
    rng: Rng,
    seen: Seen,
}

impl<'g> Checker<'g> {
    fn check(&mut self, state: &State) {
        let at = format!("{}: at {:?}", self.label, state.words());
        let mut choices = Choices::default();
        self.engine.legal(state, &mut choices).expect("legal");
        if choices.is_empty() {
            return;
        }
        let legal = LegalTurns::new(&mut self.engine, state, &choices).expect("legal turns");
        let cursor = TurnCursor::new(&mut self.engine, state).expect("a cursor");
        let mut all = Vec::new();
        let mut nodes = MAX_NODES;
        if !sequences(
            &mut self.engine,
            &cursor,
            &legal,
            &mut Vec::new(),
            &mut all,
            &mut nodes,
        ) {
            self.seen.too_big += 1;
            return;
        }
        self.seen.positions += 1;
        self.seen.sequences += all.len();

        // Reached exactly when `maximize` does not beat the turn; every turn reached.
        let best = all.iter().filter_map(|s| s.keys.clone()).max();
        for s in &all {
            let kept = s.keys.is_none() || s.keys == best;
            assert_eq!(s.turn.is_some(), kept, "{at}: {s:?}, best {best:?}");
            if !kept {
                self.seen.beaten += 1;
            }
        }
        let reached: BTreeSet<usize> = all.iter().filter_map(|s| s.turn).collect();
        assert_eq!(
            reached,
            (0..choices.len()).collect::<BTreeSet<_>>(),
            "{at}: the turns reached"
        );

        // The engine's own sequences end where the cursor says, at the turn they are.
        let mut listed: Vec<(Vec<Step>, usize)> = (0..choices.len())
            .map(|i| (choices[i].to_vec(), i))
            .collect();
        for &(a, b, k) in &choices.alternatives {
            listed.push((choices.steps[a as usize..b as usize].to_vec(), k as usize));
        }
        let mut listed_texts = BTreeSet::new();
        for (steps, i) in &listed {
            let mut c = TurnCursor::new(&mut self.engine, state).expect("a cursor");
            for (n, s) in steps.iter().enumerate() {
                assert!(!c.is_over(), "{at}: turn {i} over before step {n}");
                assert!(c.next_steps().contains(s), "{at}: step {n} of turn {i}");
                c.play(&mut self.engine, s).expect("a step of a legal turn");
            }
            assert!(c.is_over(), "{at}: turn {i} goes on after its steps");
            assert_eq!(c.turn(&legal), Some(*i), "{at}: turn {i}");
            let mut texts = self
                .engine
                .choice_text(state, steps)
                .map(|t| split(&t))
                .expect("a choice's text");
            texts.sort();
            listed_texts.insert(texts);
        }

        // A player who can only pass is passed for at once: the session is past it.
        if !self.session_at(state) {
            let pass = matches!(&choices[0], [s] if s.kind == StepKind::Pass);
            assert!(choices.len() == 1 && pass, "{at}: the session moved on");
            return;
        }
        let whole = choices.steps.iter().all(|s| s.kind == StepKind::Action)
            && self.game.rules().phases[state.phase().index()].decide_turn;
        // Completion at the start of the turn and after each step of a few sequences.
        self.completion(&at, &[], &all);
        if whole {
            for _ in 0..3 {
                let s = &all[self.rng.below(all.len() as u32) as usize];
                for n in 1..s.marked.len() {
                    self.completion(&at, &s.marked[..n], &all);
                }
            }
        }

        // A turn typed in an order not listed reads as a turn its steps reach; its first
        // steps alone read as none, unless they are a turn themselves.
        let mut tried = 0;
        for s in all
            .iter()
            .filter(|s| s.turn.is_some() && s.marked.len() > 1)
        {
            let mut sorted = s.marked.clone();
            sorted.sort();
            if listed_texts.contains(&sorted) || tried >= 6 {
                continue;
            }
            tried += 1;
            self.read(&at, state, &choices, &s.marked, &all);
            self.seen.read_in_other_orders += 1;
            let first = &s.marked[..s.marked.len() - 1];
            let mut sorted = first.to_vec();
            sorted.sort();
            if !listed_texts.contains(&sorted) {
                self.read(&at, state, &choices, first, &all);
                self.seen.partial_reads += 1;
            }
        }

        // The session takes a few turns typed a step at a time.
        if whole {
            let several: Vec<&Sequence> = all
                .iter()
                .filter(|s| s.turn.is_some() && s.marked.len() > 1)
                .collect();
            for _ in 0..2.min(several.len()) {
                let s = several[self.rng.below(several.len() as u32) as usize];
                self.enter(&at, state, &choices, s);
            }
        }
    }

    /// The notation reader on `tokens`: a legal turn that some sequence typed so reaches,
    /// or none when no such sequence reaches one.
    fn read(
        &mut self,
        at: &str,
        state: &State,
        choices: &Choices,
        tokens: &[String],
        all: &[Sequence],
    ) {
        let text = tokens.join(" ");
        let found = self
            .engine
            .find_choice(state, choices, &text)
            .expect("find_choice");
        let possible: BTreeSet<usize> = all
            .iter()
            .filter(|s| typed_as(tokens, s))
            .filter_map(|s| s.turn)
            .collect();
        match found {
            Some(i) => assert!(
                possible.contains(&i),
                "{at}: `{text}` read as turn {i}, not one it reaches ({possible:?})"
            ),
            None => assert!(
                possible.is_empty(),
                "{at}: `{text}` read as no turn, but it reaches {possible:?}"
            ),
        }
    }

    /// The session playing on from `state`; false when it went past it at once.
    fn session_at(&mut self, state: &State) -> bool {
        let doc = tabula::json::state_to_json(self.game, state).to_string();
        let out = self.session.load_state_text("position.json", &doc);
        assert!(
            out.text
                .starts_with("playing on from the state in position.json"),
            "{}: {}",
            self.label,
            out.text
        );
        self.session.state() == state
    }

    /// Completion after `prefix` offers the next steps from which a sequence reaches a
    /// legal turn.
    fn completion(&mut self, at: &str, prefix: &[String], all: &[Sequence]) {
        let n = prefix.len();
        let expected: BTreeSet<String> = all
            .iter()
            .filter(|s| s.turn.is_some() && s.marked.len() > n && s.marked[..n] == *prefix)
            .map(|s| s.marked[n].clone())
            .collect();
        let mut line = String::from("why ");
        for t in prefix {
            line.push_str(t);
            line.push(' ');
        }
        let got = self.session.complete(&line, line.len()).candidates;
        let expected: Vec<String> = expected.into_iter().collect();
        assert_eq!(got, expected, "{at}: completion after {prefix:?}");
        self.seen.completions += 1;
    }

    /// Types the steps of `seq` one by one into the session.
    fn enter(&mut self, at: &str, state: &State, choices: &Choices, seq: &Sequence) {
        assert!(self.session_at(state), "{at}");
        let player = &self.game.players()[state.mover().index()];
        let turn = seq.turn.expect("a legal turn");
        let written = self
            .engine
            .choice_text(state, &choices[turn])
            .expect("a choice's text");
        for (n, step) in seq.marked.iter().enumerate() {
            let out = self.session.handle(step).text;
            if n + 1 < seq.marked.len() {
                let so_far = seq.marked[..=n].join(" ");
                assert_eq!(
                    self.session.prompt(),
                    format!("{player} {so_far}> "),
                    "{at}: {seq:?}: {out}"
                );
            } else {
                assert!(
                    out.starts_with(&format!("{player}: {written}\n")),
                    "{at}: {seq:?} is `{written}`: {out}"
                );
            }
        }
        self.seen.entered += 1;
    }
}

/// A turn's text split into its steps, `x(n)` written out.
fn split(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        match token.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
            Some((step, n)) if n.parse::<usize>().is_ok() => {
                let n: usize = n.parse().unwrap_or(1);
                out.extend(std::iter::repeat_n(step.to_string(), n));
            }
            _ => out.push(token.to_string()),
        }
    }
    out
}

/// Plays `games` random games of the rules in `source` with `options`, checking each
/// decision of a player.
fn random_games(
    source: &Source,
    options: &[String],
    games: usize,
    decisions: usize,
    seed: u64,
) -> Seen {
    let label = format!("{} {options:?}", source.name);
    let game = tabula::compile(source, options).expect("compiles");
    let session = Session::new(source.clone(), options, seed).expect("a session");
    let mut checker = Checker {
        label: label.clone(),
        game: &game,
        engine: Engine::new(&game),
        session,
        rng: Rng::new(seed + 1),
        seen: Seen::default(),
    };
    let games = if examples_support::long() {
        games * 10
    } else {
        games
    };
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(&game);
    let mut choices = Choices::default();
    for _ in 0..games {
        let mut state = engine.initial_state().expect("initial state");
        let mut made = 0;
        while made < decisions && engine.outcome(&state).unwrap().is_none() {
            if state.chance().is_none() {
                checker.check(&state);
                made += 1;
            }
            engine.legal(&state, &mut choices).expect("legal");
            if choices.is_empty() {
                break;
            }
            let i = if state.chance().is_some() || rng.below(2) == 0 {
                rng.weighted(&choices.weights)
            } else {
                rng.below(choices.len() as u32) as usize
            };
            engine.play_choice(&mut state, &choices, i).expect("play");
        }
    }
    let seen = checker.seen;
    assert!(seen.positions > 0, "{label}: no position checked: {seen:?}");
    assert!(seen.too_big * 4 <= seen.positions, "{label}: {seen:?}");
    seen
}

/// Every shipped game with each of its options, and every example with each of its.
fn every_rules_file() -> Vec<(Source, Vec<String>)> {
    let mut files: Vec<Source> = ["backgammon", "invictus", "naytin-six"]
        .iter()
        .map(|name| {
            let text = tabula::games::built_in(name).expect("built in");
            Source::new(format!("games/{name}.tabula"), text)
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
        files.push(Source::new(format!("examples/rules/{f}"), text));
    }
    let mut runs = Vec::new();
    for source in files {
        let plain = tabula::compile(&source, &[]).expect("compiles");
        runs.push((source.clone(), vec![]));
        for option in plain.each_option() {
            runs.push((source.clone(), vec![option]));
        }
    }
    runs
}

#[test]
fn backgammon_turns_entered_step_by_step_are_the_legal_turns() {
    let source = Source::new(
        "games/backgammon.tabula",
        tabula::games::built_in("backgammon").expect("built in"),
    );
    let seen = random_games(&source, &[], 3, 40, 1);
    assert!(seen.read_in_other_orders > 20, "{seen:?}");
    assert!(seen.partial_reads > 20 && seen.entered > 20, "{seen:?}");
}

#[test]
fn every_game_and_example_turns_entered_step_by_step_are_the_legal_turns() {
    let runs = every_rules_file();
    assert!(runs.len() >= 25, "{} runs", runs.len());
    let mut total = Seen::default();
    for (k, (source, options)) in runs.iter().enumerate() {
        let seen = random_games(source, options, 1, 25, 100 + k as u64);
        total.positions += seen.positions;
        total.completions += seen.completions;
        total.read_in_other_orders += seen.read_in_other_orders;
        total.entered += seen.entered;
    }
    assert!(total.completions > total.positions, "{total:?}");
}

// ------------------------------------------------------------------ worked out by hand

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

/// The texts of the cursor's next steps.
fn next_texts(engine: &Engine, cursor: &TurnCursor) -> Vec<String> {
    cursor
        .next_steps()
        .iter()
        .map(|s| engine.step_text(cursor.position(), s, true))
        .collect()
}

#[test]
fn the_cursor_walks_a_turn_and_knows_one_beaten_on_maximize() {
    // From 4 the 1 goes to 5, the 2 to 6 (the trap). 4>6 ends the turn with one die
    // used; 4>5 goes on with the 2 (5>7), two dice used. Only `4>5 5>7` is legal.
    let game = tabula::compile(&Source::new("walk.tabula", WALK), &[]).expect("compiles");
    let mut engine = Engine::new(&game);
    let start = engine.initial_state().expect("start");
    let mut choices = Choices::default();
    engine.legal(&start, &mut choices).expect("legal");
    let legal = LegalTurns::new(&mut engine, &start, &choices).expect("legal turns");
    let cursor = TurnCursor::new(&mut engine, &start).expect("a cursor");
    assert_eq!(next_texts(&engine, &cursor), ["4>5", "4>6"]);

    let mut trapped = cursor.clone();
    let step = cursor.next_steps()[1];
    assert!(!trapped.play(&mut engine, &step).expect("4>6"));
    assert!(trapped.is_over() && trapped.next_steps().is_empty());
    assert_eq!(
        (trapped.keys(), trapped.turn(&legal)),
        (Some(&[1][..]), None)
    );

    let mut walk = cursor.clone();
    let step = cursor.next_steps()[0];
    assert!(walk.play(&mut engine, &step).expect("4>5"));
    assert_eq!(next_texts(&engine, &walk), ["5>7"]);
    assert_eq!((walk.keys(), walk.turn(&legal)), (None, None));
    let step = walk.next_steps()[0];
    assert!(!walk.play(&mut engine, &step).expect("5>7"));
    assert_eq!((walk.keys(), walk.turn(&legal)), (Some(&[2][..]), Some(0)));
    // The turn is over: south is to move, with the stone on 7.
    assert_eq!(walk.position().mover().index(), 1);
    assert_eq!(walk.position().words(), choices.result(0).expect("kept"));

    // The prompt offers only the step that goes on to the legal turn.
    let mut s = Session::new(Source::new("walk.tabula", WALK), &[], 1).expect("session");
    s.intro();
    assert_eq!(s.complete("why ", 4).candidates, ["4>5"]);
    assert_eq!(s.complete("why 4>5 ", 8).candidates, ["5>7"]);
    assert!(s.complete("why 4>6 ", 8).candidates.is_empty());
}

#[test]
fn a_double_hands_the_decision_over_and_ends_the_turn() {
    // White opens 3-1 with 8/5 6/5; Black, the cube in the middle, may double or roll.
    // The double hands the decision to White: Black's turn is over at once, and it is
    // the legal turn `double`, not the first step of `double take`.
    let game = tabula::compile(
        &Source::new(
            "games/backgammon.tabula",
            tabula::games::built_in("backgammon").expect("built in"),
        ),
        &[],
    )
    .expect("compiles");
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().expect("start");
    for typed in ["3-1", "8/5 6/5"] {
        engine.play_text(&mut state, typed).expect(typed);
    }
    let mut choices = Choices::default();
    engine.legal(&state, &mut choices).expect("legal");
    let legal = LegalTurns::new(&mut engine, &state, &choices).expect("legal turns");
    let cursor = TurnCursor::new(&mut engine, &state).expect("a cursor");
    assert_eq!(next_texts(&engine, &cursor), ["double", "roll"]);
    for (k, text) in ["double", "roll"].iter().enumerate() {
        let mut c = cursor.clone();
        let step = cursor.next_steps()[k];
        assert!(!c.play(&mut engine, &step).expect("a step"), "{text}");
        let turn = c.turn(&legal).expect("a legal turn");
        assert_eq!(
            engine.choice_text(&state, &choices[turn]).expect("text"),
            *text
        );
    }
}
