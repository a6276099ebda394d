//! Runs the tests a rules file carries (`test "name" { ... }`): each from the setup or
//! a state, through moves and chance outcomes in the game's notation, to what must then
//! hold. A failure names the statement that failed, for a diagnostic at its line.

use crate::diagnostic::{Diagnostic, Diagnostics, Source, Span};
use crate::engine::play::PlayError;
use crate::engine::rng::Rng;
use crate::ids::PlayerId;
use crate::ir::{MovesCheck, RulesTest, TestCheck};
use crate::{compile, Choices, CompileError, Engine, Game, State};
use std::collections::BTreeMap;

/// The moves a test's perft plays at most: a shallow count of a wide game can still
/// be a tree too large to wait for (the built-in games' counts play some 300,000).
pub const MAX_TEST_PERFT_MOVES: u64 = 1_000_000;

/// The result of one test.
#[derive(Debug, Clone)]
pub struct TestResult {
    /// The test's name, as its `test "..."` block gives it.
    pub name: String,
    /// The options the test ran with.
    pub options: Vec<String>,
    /// None when it passed.
    pub failure: Option<Diagnostic>,
}

/// The most legal moves a failure lists.
const LISTED: usize = 12;

/// Runs every test of the rules file `source`, each compiled with its own options and
/// `extra` ones. Fails only when the file (with some test's options) does not compile.
pub fn run_file(source: &Source, extra: &[String]) -> Result<Vec<TestResult>, CompileError> {
    let base = compile(source, extra)?;
    let mut games: BTreeMap<Vec<String>, Game> = BTreeMap::new();
    let mut results = Vec::new();
    for (k, test) in base.rules.tests.iter().enumerate() {
        let mut options: Vec<String> = test.options.iter().chain(extra).cloned().collect();
        options.sort();
        options.dedup();
        if !games.contains_key(&options) {
            let game = compile(source, &options)?;
            games.insert(options.clone(), game);
        }
        let Some(game) = games.get(&options) else {
            continue;
        };
        let test = game.rules.tests.get(k).unwrap_or(test);
        results.push(TestResult {
            name: test.name.clone(),
            options,
            failure: run_test(game, source, test).err(),
        });
    }
    Ok(results)
}

/// A failure as a diagnostic with its source line and a caret.
pub fn render(source: &Source, failure: &Diagnostic, color: bool) -> String {
    Diagnostics {
        source: source.clone(),
        list: vec![failure.clone()],
    }
    .render(color)
}

fn listed(texts: &[String]) -> String {
    let mut shown: Vec<String> = texts
        .iter()
        .take(LISTED)
        .map(|t| format!("`{t}`"))
        .collect();
    if texts.len() > LISTED {
        shown.push(format!("and {} more", texts.len() - LISTED));
    }
    if shown.is_empty() {
        "none".into()
    } else {
        shown.join(", ")
    }
}

struct Run<'g> {
    engine: Engine<'g>,
    state: State,
    choices: Choices,
}

impl Run<'_> {
    fn fail(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(span, message)
    }

    fn legal(&mut self, span: Span) -> Result<Vec<String>, Diagnostic> {
        let runtime =
            |e: crate::RuntimeError| Run::fail(span, format!("while listing the moves: {e}"));
        self.engine
            .legal(&self.state, &mut self.choices)
            .map_err(runtime)?;
        let mut texts = Vec::with_capacity(self.choices.len());
        for i in 0..self.choices.len() {
            texts.push(
                self.engine
                    .choice_text(&self.state, &self.choices[i])
                    .map_err(runtime)?,
            );
        }
        Ok(texts)
    }

    /// The game's result, once it is over.
    fn outcome(&mut self, span: Span) -> Result<Option<crate::Outcome>, Diagnostic> {
        self.engine.outcome(&self.state).map_err(|e| {
            Run::fail(
                span,
                format!("while working out whether the game is over: {e}"),
            )
        })
    }

    fn find(&mut self, text: &str, span: Span) -> Result<Option<usize>, Diagnostic> {
        self.engine
            .find_choice(&self.state, &self.choices, text)
            .map_err(|e| Run::fail(span, format!("while reading `{text}`: {e}")))
    }

    fn play(&mut self, text: &str, span: Span) -> Result<(), Diagnostic> {
        if let Some(o) = self.outcome(span)? {
            return Err(Run::fail(
                span,
                format!("the game is over ({}): `{text}` cannot be played", o.reason),
            ));
        }
        let game = self.engine.game;
        let result = match self.state.chance() {
            Some(c) => self
                .engine
                .resolve_chance(&mut self.state, &mut Rng::new(0), Some(text))
                .map(|_| ())
                .map_err(|e| match e {
                    PlayError::Illegal { legal, .. } => format!(
                        "chance (`{}`) comes first: `{text}` is not one of its outcomes ({legal})",
                        game.rules.chances[c.index()].name
                    ),
                    other => other.to_string(),
                }),
            None => self
                .engine
                .play_text(&mut self.state, text)
                .map_err(|e| match e {
                    PlayError::Illegal { legal, .. } => {
                        let legal: Vec<String> = legal.split(", ").map(String::from).collect();
                        format!(
                            "`{text}` is not legal here; the legal moves are {}",
                            listed(&legal)
                        )
                    }
                    other => other.to_string(),
                }),
        };
        result.map_err(|m| Run::fail(span, m))
    }
}

/// Runs one test; the first failure stops it.
pub(crate) fn run_test(game: &Game, source: &Source, test: &RulesTest) -> Result<(), Diagnostic> {
    let mut engine = Engine::new(game);
    let state = engine
        .initial_state()
        .map_err(|e| Run::fail(test.span, format!("the setup fails: {e}")))?;
    let mut run = Run {
        engine,
        state,
        choices: Choices::default(),
    };
    for step in &test.steps {
        let span = step.span;
        match &step.check {
            TestCheck::FromState(text) => {
                run.state = from_state(game, source, span, text)?;
            }
            TestCheck::Play(list) => {
                for (text, at) in list {
                    run.play(text, *at)?;
                }
            }
            TestCheck::Moves(mode, list) => {
                let legal = run.legal(span)?;
                // A move listed twice would count once and pass unnoticed.
                let mut matched: Vec<Option<&str>> = vec![None; legal.len()];
                let mut missing = Vec::new();
                for (k, (text, at)) in list.iter().enumerate() {
                    if list[..k].iter().any(|(t, _)| t == text) {
                        return Err(Run::fail(
                            *at,
                            format!("`{text}` is listed twice; list each move once"),
                        ));
                    }
                    match (run.find(text, *at)?, mode) {
                        (Some(i), MovesCheck::Exclude) => {
                            return Err(Run::fail(
                                *at,
                                format!("`{text}` is legal here (as `{}`)", legal[i]),
                            ))
                        }
                        (Some(i), _) => match matched[i] {
                            Some(earlier) => {
                                return Err(Run::fail(
                                    *at,
                                    format!(
                                        "`{text}` and `{earlier}` are the same move (`{}`); list each move once",
                                        legal[i]
                                    ),
                                ))
                            }
                            None => matched[i] = Some(text),
                        },
                        (None, MovesCheck::Exclude) => {}
                        (None, MovesCheck::Include) => {
                            return Err(Run::fail(
                                *at,
                                format!(
                                    "`{text}` is not legal here; the legal moves are {}",
                                    listed(&legal)
                                ),
                            ))
                        }
                        (None, MovesCheck::Exactly) => missing.push(text.clone()),
                    }
                }
                if *mode == MovesCheck::Exactly {
                    let extra: Vec<String> = (0..legal.len())
                        .filter(|&i| matched[i].is_none())
                        .map(|i| legal[i].clone())
                        .collect();
                    if !missing.is_empty() || !extra.is_empty() {
                        let mut parts = Vec::new();
                        if !missing.is_empty() {
                            parts.push(format!("not legal: {}", listed(&missing)));
                        }
                        if !extra.is_empty() {
                            parts.push(format!("legal but not listed: {}", listed(&extra)));
                        }
                        return Err(Run::fail(
                            span,
                            format!("the legal moves differ; {}", parts.join("; ")),
                        ));
                    }
                }
            }
            TestCheck::Count(n) => {
                let legal = run.legal(span)?;
                if legal.len() as u64 != *n {
                    return Err(Run::fail(
                        span,
                        format!(
                            "expected {n} legal moves, found {}: {}",
                            legal.len(),
                            listed(&legal)
                        ),
                    ));
                }
            }
            TestCheck::Perft(depth, n) => {
                let found = run
                    .engine
                    .perft_bounded(&run.state, *depth, MAX_TEST_PERFT_MOVES)
                    .map_err(|e| Run::fail(span, format!("while counting: {e}")))?
                    .ok_or_else(|| {
                        Run::fail(
                            span,
                            format!("a test's perft plays at most {MAX_TEST_PERFT_MOVES} moves, and perft {depth} plays more here; count it with `tabula perft`"),
                        )
                    })?;
                if found != *n {
                    return Err(Run::fail(
                        span,
                        format!("perft {depth} counts {found} leaves, not {n}"),
                    ));
                }
            }
            TestCheck::Winner(p, points) => {
                let wanted = match points {
                    Some(pts) => format!("{} to win {pts} points", game.rules.players[*p]),
                    None => format!("{} to win", game.rules.players[*p]),
                };
                match run.outcome(span)? {
                    None => {
                        return Err(Run::fail(
                            span,
                            format!("expected {wanted}, but the game is not over"),
                        ))
                    }
                    Some(o)
                        if o.winner != Some(PlayerId::new(*p))
                            || points.is_some_and(|x| x != o.points) =>
                    {
                        return Err(Run::fail(
                            span,
                            format!(
                                "expected {wanted}; the game ended: {}",
                                crate::session::describe(game, &o)
                            ),
                        ))
                    }
                    Some(_) => {}
                }
            }
            TestCheck::Draw => match run.outcome(span)? {
                Some(o) if o.winner.is_none() => {}
                Some(o) => {
                    return Err(Run::fail(
                        span,
                        format!(
                            "expected a draw; the game ended: {}",
                            crate::session::describe(game, &o)
                        ),
                    ))
                }
                None => return Err(Run::fail(span, "expected a draw, but the game is not over")),
            },
            TestCheck::Ongoing => {
                if let Some(o) = run.outcome(span)? {
                    return Err(Run::fail(
                        span,
                        format!(
                            "expected the game to go on; it ended: {}",
                            crate::session::describe(game, &o)
                        ),
                    ));
                }
            }
            TestCheck::Illegal(text, because) => {
                run.legal(span)?;
                if let Some(i) = run.find(text, span)? {
                    let legal = run
                        .engine
                        .choice_text(&run.state, &run.choices[i])
                        .unwrap_or_default();
                    return Err(Run::fail(
                        span,
                        format!("`{text}` is legal here (as `{legal}`)"),
                    ));
                }
                if let Some(rule) = because {
                    illegal_because(&mut run, source, span, text, rule)?;
                }
            }
            TestCheck::Score(p, v, per) => {
                let scores = run
                    .engine
                    .scores(&run.state)
                    .map_err(|e| Run::fail(span, format!("while working out the scores: {e}")))?;
                let found = scores.get(*p).copied().unwrap_or(0);
                // found / scale == v / per, compared exactly.
                let scale = i128::from(game.rules.score_scale);
                if i128::from(found) * i128::from(*per) != i128::from(*v) * scale {
                    let found = game.score_text(found);
                    let expected = crate::engine::scaled_text(*v, *per);
                    return Err(Run::fail(
                        span,
                        format!(
                            "{}'s score is {found}, not {expected}",
                            game.rules.players[*p]
                        ),
                    ));
                }
            }
            TestCheck::ToMove(p) => {
                // The player to decide, or the one whose turn a pending chance event is in.
                let who = match run.engine.status(&run.state).map_err(|e| {
                    Run::fail(span, format!("while working out who is to move: {e}"))
                })? {
                    crate::Status::Over(o) => format!("no one: the game is over ({})", o.reason),
                    _ => game.rules.players[run.state.mover().index()].clone(),
                };
                if who != game.rules.players[*p] {
                    return Err(Run::fail(
                        span,
                        format!("expected {} to move; it is {who}", game.rules.players[*p]),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The state of a `from state "..."`: a state document in YAML (or JSON, which YAML
/// reads too). A mistake in it is pointed at inside the rules file.
fn from_state(game: &Game, source: &Source, span: Span, text: &str) -> Result<State, Diagnostic> {
    let doc = Source::new("state.yaml", text.to_string());
    crate::json::state_from_text(game, &doc).map_err(|d| {
        let first = d.list.into_iter().next();
        let message = first.as_ref().map_or_else(
            || "the state does not read".to_string(),
            |f| f.message.clone(),
        );
        // The document starts after the opening quote of the statement's string.
        let start = source
            .text
            .get(span.start..span.end)
            .and_then(|s| s.find('"'))
            .map(|q| span.start + q + 1);
        let at = match (start, first) {
            (Some(s), Some(f)) if f.span != Span::default() => {
                Span::new(s + f.span.start, (s + f.span.end).min(span.end))
            }
            _ => span,
        };
        Run::fail(at, format!("the state does not read: {message}"))
    })
}

/// Checks that the explanation of why `text` is illegal names `rule`: in a finding's
/// words or in the rules text it points at.
fn illegal_because(
    run: &mut Run,
    source: &Source,
    span: Span,
    text: &str,
    rule: &str,
) -> Result<(), Diagnostic> {
    let game = run.engine.game;
    let why = run
        .engine
        .why(&run.state, text)
        .map_err(|e| Run::fail(span, format!("while explaining `{text}`: {e}")))?;
    let mut said = Vec::new();
    for f in &why.findings {
        let rules_text = f
            .anchor
            .span(game)
            .and_then(|s| match game.rules.included_source(s) {
                Some((included, s)) => included.text.get(s.start..s.end),
                None => game.rules.source_text.get(s.start..s.end),
            })
            .unwrap_or("");
        if f.message.contains(rule) || rules_text.contains(rule) {
            return Ok(());
        }
        said.push(if rules_text.is_empty() {
            f.message.clone()
        } else {
            format!("{} (`{}`)", f.message, rules_text.trim())
        });
    }
    let _ = source;
    Err(Run::fail(
        span,
        format!(
            "`{text}` is illegal, but not for `{rule}`: {}",
            if said.is_empty() {
                "no rule was named".into()
            } else {
                said.join("; ")
            }
        ),
    ))
}
