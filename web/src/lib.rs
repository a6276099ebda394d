//! tabula for JavaScript: the library's session, checker and random games bound with
//! wasm-bindgen for the playground page (web/page/). A thin translation: every answer
//! comes from the library, crossing as text (JSON, YAML, SVG); no rule is known here.

mod analysis;
pub use analysis::Analysis;
pub mod services;

use serde::Serialize;
use tabula::engine::rng::Rng;
use tabula::session::{Record, Session};
use tabula::{compile, json, Choices, CompileError, Diagnostic, Diagnostics, Engine, Source};
use wasm_bindgen::prelude::*;

/// A game in progress: a `Session` a page drives.
#[wasm_bindgen]
pub struct Playground {
    session: Session,
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_json(value: &impl Serialize) -> Result<String, JsError> {
    serde_json::to_string(value).map_err(js_error)
}

fn parse_seed(seed: &str) -> Result<u64, JsError> {
    seed.trim()
        .parse()
        .map_err(|_| js_error(format!("`{seed}` is not a seed (a whole number)")))
}

/// The rules a page names: a built-in game by name, or a text with its file name.
fn source_of(name: &str, text: Option<String>) -> Result<Source, JsError> {
    match text {
        Some(text) => Ok(Source::new(name, text)),
        None => tabula::games::built_in(name)
            .map(|t| Source::new(format!("games/{name}.tabula"), t))
            .ok_or_else(|| js_error(format!("`{name}` is not a built-in game"))),
    }
}

#[wasm_bindgen]
impl Playground {
    /// A game of a built-in game (`text` absent) or of a rules text named `name`,
    /// with the options chosen and a seed (a whole number, as text).
    #[wasm_bindgen(constructor)]
    pub fn new(
        name: &str,
        text: Option<String>,
        options: Vec<String>,
        seed: &str,
    ) -> Result<Playground, JsError> {
        let seed = parse_seed(seed)?;
        let session = match text {
            None => Session::open(name, &options, seed),
            Some(text) => Session::new(Source::new(name, text), &options, seed),
        }
        .map_err(|e| js_error(e.shown()))?;
        Ok(Playground { session })
    }

    /// The greeting and the first chance events, as the REPL prints them.
    pub fn intro(&mut self) -> String {
        self.session.intro().text
    }

    /// Runs a line as typed at the REPL's prompt (a move, a step of a turn, `undo`,
    /// `redo`, `hint`, ...): the text it prints.
    pub fn handle(&mut self, line: &str) -> String {
        self.session.handle(line).text
    }

    /// Where the game stands and what may be entered next, as JSON (`session::View`).
    pub fn view(&mut self) -> Result<String, JsError> {
        let view = self.session.view().map_err(|e| js_error(e.shown()))?;
        to_json(&view)
    }

    /// The position as SVG, cells numbered (`data-cell`), the last move ringed.
    pub fn picture(&mut self) -> Result<String, JsError> {
        self.session.picture().map_err(|e| js_error(e.shown()))
    }

    /// Each cell in words for a screen reader, by cell number, as JSON: its name and
    /// what stands on it (`Session::cell_labels`).
    pub fn cell_labels(&mut self) -> Result<String, JsError> {
        to_json(&self.session.cell_labels())
    }

    /// The game so far as a YAML record.
    pub fn record(&self) -> Result<String, JsError> {
        self.session.record().to_yaml().map_err(js_error)
    }

    /// Whether the game's records can be written as a .mat file (backgammon's shape):
    /// `null` when they can, otherwise why not.
    pub fn mat_refusal(&self) -> Option<String> {
        mat_shape(self.session.game()).err()
    }

    /// The game so far as a .mat file, as `tabula export --mat` writes it.
    pub fn mat(&self) -> Result<String, JsError> {
        let game = self.session.game();
        mat_shape(game).map_err(js_error)?;
        let record = self.session.record();
        tabula_gnubg::mat::record_to_mat(
            game.players(),
            record.start.is_some(),
            record.match_length,
            &record.games,
            &record.moves,
        )
        .map_err(js_error)
    }

    /// Replaces the game with a YAML record's, replayed: what the session says.
    pub fn load_record(&mut self, name: &str, yaml: &str) -> String {
        self.session.load_record_text(name, yaml).text
    }

    /// The choice the computer makes now at `level` (`mcts:2s`, `mcts:500`, `net3`),
    /// as text, without playing it.
    pub fn computer_choice(&mut self, level: &str) -> Result<String, JsError> {
        self.session
            .computer_choice(level)
            .map_err(|e| js_error(e.shown()))
    }

    /// Plays on under an edited rules text: the moves so far are replayed while they
    /// are still legal. JSON `{"kept": N, "dropped": M}`.
    pub fn replace_rules(&mut self, name: &str, text: &str) -> Result<String, JsError> {
        let (kept, dropped) = self
            .session
            .replace_rules(Source::new(name, text))
            .map_err(|e| js_error(e.shown()))?;
        to_json(&serde_json::json!({ "kept": kept, "dropped": dropped }))
    }

    /// The rules in plain words, as the `rules` command gives them (the game's text, the
    /// paragraph of each option on, the options off), each paragraph and list item on
    /// one line for the page to wrap to its width; an indented line (a picture, a
    /// table) is kept as written.
    pub fn rules(&self) -> String {
        let text = tabula::rules_text::render(self.session.game(), None);
        tabula::rules_text::reflow(&text, usize::MAX)
    }

    /// The match, as JSON: its length in points (0 for a single game), each player's
    /// score now, and the games finished.
    pub fn match_state(&self) -> Result<String, JsError> {
        let m = self.session.match_score();
        let game = self.session.game();
        to_json(&serde_json::json!({
            "length": self.session.match_length(),
            "scores": game.players().iter().zip(&m.scores).map(|(p, s)| serde_json::json!({"player": p, "score": s})).collect::<Vec<_>>(),
            "games": self.session.results().len(),
            "over": m.is_over(),
        }))
    }

    /// The seed, as text (it may not fit a JavaScript number).
    pub fn seed(&self) -> String {
        self.session.seed().to_string()
    }

    /// The game's options chosen, and whether a trained network plays it.
    pub fn about(&self) -> Result<String, JsError> {
        let game = self.session.game();
        to_json(&serde_json::json!({
            "name": game.name(),
            "source": game.source_name(),
            "chosen": game.chosen_options(),
            "network": self.session.network().is_some(),
        }))
    }
}

/// The built-in games, as JSON: each with its name, title and options (name and
/// description).
#[wasm_bindgen]
pub fn games() -> Result<String, JsError> {
    let mut list = Vec::new();
    for name in tabula::games::names() {
        let source = source_of(name, None)?;
        let game = tabula::compile(&source, &[]).map_err(|e| js_error(e.render(false)))?;
        list.push(serde_json::json!({
            "name": name,
            "title": game.name(),
            "options": options_json(&game),
        }));
    }
    to_json(&list)
}

/// The rules text of a built-in game.
#[wasm_bindgen]
pub fn built_in_text(name: &str) -> Option<String> {
    tabula::games::built_in(name).map(str::to_string)
}

/// The computer's levels, weakest first, each with what it is worth and costs, as
/// JSON pairs.
#[wasm_bindgen]
pub fn levels() -> Result<String, JsError> {
    to_json(&tabula::ai::Level::HELP)
}

/// One problem of a rules text, placed for an editor.
#[derive(Serialize)]
struct Problem {
    severity: &'static str,
    message: String,
    hint: Option<String>,
    /// The file it is in (another than the text checked for a file it includes).
    file: String,
    /// 1-based, columns counted in characters.
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    /// The diagnostic drawn as `tabula check` draws it.
    rendered: String,
    /// The stable name of its kind (docs/errors.md), when it has one.
    code: Option<&'static str>,
    /// Edits that would put it right, each a range of the same file and its new text.
    suggestions: Vec<Placed>,
    /// Other places of the same file it is about, each with what it is there.
    related: Vec<Placed>,
}

/// A range of a file, 1-based lines and columns in characters as `Problem`'s, with a
/// text: the replacement of a suggestion, the label of a related place.
#[derive(Serialize)]
struct Placed {
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    text: String,
}

fn placed(source: &Source, span: tabula::diagnostic::Span, text: String) -> Placed {
    let (line, column) = source.line_col(span.start);
    let (end_line, end_column) = source.line_col(span.end.max(span.start));
    Placed {
        line,
        column,
        end_line,
        end_column,
        text,
    }
}

fn problem(source: &Source, d: &Diagnostic) -> Problem {
    let (line, column) = source.line_col(d.span.start);
    let (end_line, end_column) = source.line_col(d.span.end.max(d.span.start));
    let rendered = Diagnostics {
        source: source.clone(),
        list: vec![d.clone()],
    }
    .render(false);
    Problem {
        severity: if d.warning { "warning" } else { "error" },
        message: d.message.clone(),
        hint: d.hint.clone(),
        file: source.name.clone(),
        line,
        column,
        end_line,
        end_column,
        rendered,
        code: d.code(),
        suggestions: d
            .suggestions
            .iter()
            .map(|e| placed(source, e.span, e.replacement.clone()))
            .collect(),
        related: d
            .related
            .iter()
            .filter(|r| r.game.is_none())
            .map(|r| placed(source, r.span, r.label.to_string()))
            .collect(),
    }
}

/// Checks a rules text with options as `tabula check` does, as JSON: whether it
/// compiles and sets up, its title, players and declared options, each problem placed
/// at its line and column with its code, suggested edits and related places, and all
/// of them drawn as the command prints them.
#[wasm_bindgen]
pub fn check(name: &str, text: &str, options: Vec<String>) -> Result<String, JsError> {
    let source = Source::new(name, text);
    let mut problems = Vec::new();
    let (ok, rendered, about) = match compile(&source, &options) {
        Ok(game) => {
            let own = Source::new(game.source_name(), game.source_text());
            problems.extend(game.warnings().iter().map(|w| problem(&own, w)));
            let mut rendered: String = problems.iter().map(|p| p.rendered.clone()).collect();
            let started = Engine::new(&game).initial_state();
            if let Err(e) = &started {
                rendered.push_str(&e.render(&game, false));
            }
            let about = serde_json::json!({
                "title": game.name(),
                "players": game.players(),
                "options": options_json(&game),
            });
            (started.is_ok(), rendered, about)
        }
        Err(e) => {
            if let CompileError::Rules(d) = &e {
                problems.extend(d.list.iter().map(|x| problem(&d.source, x)));
            }
            (false, e.render(false), serde_json::Value::Null)
        }
    };
    to_json(&serde_json::json!({
        "ok": ok,
        "problems": problems,
        "rendered": rendered,
        "game": about,
    }))
}

/// Random games as `tabula playout --json` plays them: game `k` from seed `seed + k`,
/// one JSON line each (the command's per-game lines), so a page's results can be set
/// beside the command's.
#[wasm_bindgen]
pub fn playout(
    name: &str,
    text: Option<String>,
    options: Vec<String>,
    seed: &str,
    games: u32,
    max_decisions: u32,
) -> Result<String, JsError> {
    let seed = parse_seed(seed)?;
    let source = source_of(name, text)?;
    let game = compile(&source, &options).map_err(|e| js_error(e.render(false)))?;
    let mut engine = Engine::new(&game);
    let mut choices = Choices::default();
    let mut out = String::new();
    for k in 0..u64::from(games) {
        let mut rng = Rng::new(seed.wrapping_add(k));
        let record = engine
            .playout(&mut rng, max_decisions as usize, &mut choices)
            .map_err(|e| js_error(e.render(&game, false)))?;
        let winner = record
            .outcome
            .as_ref()
            .and_then(|o| o.winner)
            .map(|w| game.players()[w.index()].clone());
        let line = serde_json::json!({
            "seed": seed.wrapping_add(k),
            "winner": winner,
            "outcome": record.outcome.as_ref().map(|o| json::outcome_to_json(&game, o)),
            "decisions": record.decisions,
            "chance_events": record.chance_events,
        });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    Ok(out)
}

/// Reads a YAML record, for a page that wants to know what game it is of before it
/// opens one: JSON `{"game": NAME, "options": [...], "seed": "N"}`.
#[wasm_bindgen]
pub fn record_game(yaml: &str) -> Result<String, JsError> {
    let record = Record::from_yaml(yaml).map_err(js_error)?;
    to_json(&serde_json::json!({
        "game": record.game,
        "options": record.options,
        "seed": record.seed.to_string(),
    }))
}

/// Runs the `test` blocks of a built-in game (`text` absent) or of a rules text named
/// `name`, as `tabula test` does, as JSON: each test's name, the options it ran with,
/// and for a failure its message, place and the diagnostic drawn as the command draws
/// it. An error when the text does not compile.
#[wasm_bindgen]
pub fn run_tests(
    name: &str,
    text: Option<String>,
    options: Vec<String>,
) -> Result<String, JsError> {
    let source = source_of(name, text)?;
    let results =
        tabula::testing::run_file(&source, &options).map_err(|e| js_error(e.render(false)))?;
    let list: Vec<serde_json::Value> = results
        .iter()
        .map(|r| {
            let failure = r.failure.as_ref().map(|f| {
                let (line, column) = source.line_col(f.span.start);
                serde_json::json!({
                    "message": f.message,
                    "file": source.name,
                    "line": line,
                    "column": column,
                    "rendered": tabula::testing::render(&source, f, false),
                })
            });
            serde_json::json!({
                "name": r.name,
                "options": r.options,
                "ok": failure.is_none(),
                "failure": failure,
            })
        })
        .collect();
    to_json(&list)
}

/// Whether a game has backgammon's shape, judged by its first state's board.
fn mat_shape(game: &tabula::Game) -> Result<(), String> {
    let first = tabula::json::first_state_unnamed(game).map_err(|e| e.to_string());
    tabula_gnubg::mat::check_mat_shape(game.name(), game.players().len(), first)
}

/// A game's options as the page lists them: each with its name, its description, and
/// for a number option its range and value (`number`, null for an option on or off).
fn options_json(game: &tabula::Game) -> Vec<serde_json::Value> {
    game.options()
        .iter()
        .map(|(n, d)| serde_json::json!({"name": n, "description": d, "number": game.number_option(n)}))
        .collect()
}
