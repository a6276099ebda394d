//! An interactive game session: a line in, text out. The REPL (repl/play.rs) and the
//! tests drive it the same way; it knows no terminal and no game.

/// A `SessionError::Refused`, worded as by `format!`.
macro_rules! refused {
    ($($arg:tt)*) => {
        $crate::session::SessionError::Refused(format!($($arg)*))
    };
}

mod advance;
mod commands;
mod computer;
mod display;
pub use display::{caption, position_text};
pub mod draw;
mod error;
pub use error::SessionError;
mod explainer;
mod files;
mod hint;
mod input;
mod matches;
mod origin;
mod record;
mod settings;
pub mod style;
mod timeline;
mod turn;
mod view;
pub use view::{NextStep, Played, View};

use crate::ai;
pub use crate::ai::Level;
pub(crate) use commands::help_in;
pub use commands::{help, Arg, Cmd, CommandSpec, COMMANDS, SETTINGS};
pub use files::replay;
pub use origin::Origin;
pub use record::{Record, RecordError};
pub use style::Style;
pub use timeline::{By, Entry};

use crate::engine::matchplay::Match;
use crate::engine::notation::split_ordered;
use crate::engine::play::PlayError;
use crate::engine::rng::Rng;
use crate::{
    compile, json, Choices, CompileError, Diagnostic, Diagnostics, Engine, Game, Outcome,
    RuntimeError, Source, State, Status,
};
use matches::Finished;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use style::Paint;
use timeline::Timeline;

/// What a line produced: text to print, and whether the session is over.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Output {
    /// What to print, lines ending in new lines; styled by the session's [`Style`].
    pub text: String,
    /// Whether the line ended the session (`quit`).
    pub quit: bool,
}

/// What tab completion offers: candidates replacing the text from `start`, or a file
/// name to complete (the REPL knows the file system).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Completion {
    /// The byte offset in the line where the word being completed starts.
    pub start: usize,
    /// The words that may replace it, sorted, each starting with what was typed.
    pub candidates: Vec<String>,
    /// Whether the word is a file name, for the caller to complete from its files.
    pub file: bool,
}

/// Text being built for one `Output`.
#[derive(Default)]
struct Out {
    text: String,
}

impl Out {
    fn line(&mut self, s: impl AsRef<str>) {
        self.text.push_str(s.as_ref());
        self.text.push('\n');
    }
    fn push(&mut self, s: impl AsRef<str>) {
        self.text.push_str(s.as_ref());
    }
}

/// Prints text as the session writes it (see `Session::set_live`).
pub type Printer = Box<dyn FnMut(&str)>;

/// Writes a game record in another program's file format (see `Session::add_export`);
/// an error says why this game or record cannot be written so.
pub type Export = Box<dyn Fn(&Game, &Record) -> Result<String, String>>;

/// What the session says when Ctrl-C stopped the computer.
const INTERRUPTED: &str = "interrupted: the computer stopped; the game is as it was before its move (`ai PLAYER off` to take over)";

/// The most moves the computer makes in a row before handing back control.
const COMPUTER_LIMIT: usize = 10_000;

/// A game in progress with its history, computer players and settings. Each line a
/// person types goes to [`Session::handle`], which plays it or runs it as a command
/// and returns the text to print.
///
/// ```
/// use tabula::session::Session;
/// use tabula::Source;
///
/// let rules = r#"
/// players a, b
/// board { grid 3 x 3 }
/// piece stone
/// action place "{to}" for to in cells where empty(to) { put stone of mover at to }
/// phase play { starts a actions place stuck end draw }
/// "#;
/// let mut session = Session::new(Source::new("fill.tabula", rules), &[], 1).expect("it compiles");
/// session.intro();
/// assert_eq!(session.prompt(), "a> ");
/// session.handle("b2");
/// assert_eq!(session.moves(), ["b2"]);
/// assert_eq!(session.prompt(), "b> ");
/// // b2 is taken now: the line is refused, and the game stays as it was.
/// let refused = session.handle("b2");
/// assert!(refused.text.contains("`b2` is not a legal move here"));
/// assert_eq!(session.moves(), ["b2"]);
/// session.handle("undo");
/// assert!(session.moves().is_empty());
/// assert!(session.handle("quit").quit);
/// ```
pub struct Session {
    origin: Origin,
    source: Source,
    options: Vec<String>,
    game: Arc<Game>,
    seed: u64,
    /// The seeded generator: dice and the computer's choices.
    rng: Rng,
    /// The match before the first game kept (`Match::new(length)`, or the match a
    /// loaded state is in); its length is 0 for a single game.
    base: Match,
    /// The games of the match played before the current one.
    earlier: Vec<Finished>,
    /// The current game.
    timeline: Timeline,
    /// The state the game started from when it was loaded (for records).
    start_json: Option<serde_json::Value>,
    /// Steps of a whole turn entered so far.
    partial: Vec<String>,
    computers: Vec<Option<Level>>,
    /// Each player's computer: its search trees, kept from move to move, and its network.
    thinkers: Vec<ai::Thinker>,
    /// The game's own network (shipped with a built-in game, or beside a rules file),
    /// and why it could not be loaded when it could not.
    net: Option<Arc<ai::net::Net>>,
    net_note: Option<String>,
    /// Set (by Ctrl-C) to stop the computer thinking or playing.
    stop: Arc<AtomicBool>,
    /// Where text goes as soon as it is written, before the computer thinks (the REPL
    /// prints it at once); without it, all of a line's text is returned at its end.
    live: Option<Printer>,
    trace: bool,
    /// `set autoroll on`: a person's roll (a move that only starts a chance event) is
    /// played for him whenever it is one of his moves.
    autoroll: bool,
    /// `set autoplay on`: a person's only legal move is played for him.
    autoplay: bool,
    /// `setup`: (player, phase, level): the computer makes the player's moves while the
    /// game is in that phase.
    placing: Vec<(usize, usize, Level)>,
    /// A chance outcome set by hand for the next chance event.
    queued: Option<String>,
    /// Other file formats `save` writes, by the file name's extension.
    exports: Vec<(String, Export)>,
    /// The legal choices of the current state, once computed.
    decision: Option<turn::Decision>,
    started: bool,
    /// How the output is drawn: plain text, or with colours and Unicode.
    pub style: Style,
}

fn compile_error(e: CompileError, color: bool) -> SessionError {
    match e {
        CompileError::Rules(d) => SessionError::Rules(d.render(color)),
        CompileError::Option(m) => SessionError::Option(m),
    }
}

impl Session {
    /// A session on a built-in game or a rules file.
    pub fn open(
        name_or_path: &str,
        options: &[String],
        seed: u64,
    ) -> Result<Session, SessionError> {
        let origin = Origin::of(name_or_path);
        let source = crate::games::load_source(name_or_path)?;
        Session::with_origin(origin, source, options, seed)
    }

    /// The same session playing a match to `length` points (a single game when 0).
    /// Call it before the first line.
    pub fn in_match(mut self, length: i32) -> Result<Session, SessionError> {
        self.new_match(length, &mut Out::default())?;
        Ok(self)
    }

    /// A session on a rules text (`reload` re-reads `source.name` when it is a file).
    pub fn new(source: Source, options: &[String], seed: u64) -> Result<Session, SessionError> {
        let builtin = crate::games::BUILT_IN
            .iter()
            .find(|(n, t)| source.name == format!("games/{n}.tabula") && *t == source.text);
        let origin = match builtin {
            Some((n, _)) if !std::path::Path::new(&source.name).is_file() => {
                Origin::BuiltIn(n.to_string())
            }
            _ => Origin::Path(source.name.clone()),
        };
        Session::with_origin(origin, source, options, seed)
    }

    fn with_origin(
        origin: Origin,
        source: Source,
        options: &[String],
        seed: u64,
    ) -> Result<Session, SessionError> {
        let game = compile(&source, options).map_err(|e| compile_error(e, false))?;
        let mut engine = Engine::new(&game);
        let start = engine
            .initial_state()
            .map_err(|e| SessionError::Runtime(runtime_text(&game, &source, &e, false)))?;
        let players = game.rules.players.len();
        let base = Match::new(0, players);
        let mut session = Session {
            origin,
            source,
            options: game.rules.chosen.clone(),
            game: Arc::new(game),
            seed,
            rng: Rng::new(seed),
            base,
            earlier: Vec::new(),
            timeline: Timeline::new(start),
            start_json: None,
            partial: Vec::new(),
            computers: vec![None; players],
            thinkers: Vec::new(),
            net: None,
            net_note: None,
            stop: Arc::new(AtomicBool::new(false)),
            live: None,
            trace: false,
            autoroll: false,
            autoplay: false,
            placing: Vec::new(),
            queued: None,
            exports: Vec::new(),
            decision: None,
            started: false,
            style: Style::plain(),
        };
        session.load_net();
        Ok(session)
    }

    /// The game being played, compiled with the session's options.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position (a turn entered in part is not applied).
    pub fn state(&self) -> &State {
        self.timeline.current()
    }

    /// The seed the game (or the match) was started with: its chance and the
    /// computer's choices are drawn from it.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many numbers were drawn from the seeded generator so far.
    pub fn drawn(&self) -> u64 {
        self.rng.drawn()
    }

    /// The steps played so far, as text.
    pub fn moves(&self) -> Vec<String> {
        self.timeline
            .played()
            .iter()
            .map(|e| e.text.clone())
            .collect()
    }

    /// The flag that stops the computer: set it (from a Ctrl-C handler) to interrupt
    /// its thinking or a run of computer moves; the game stays as it was before the
    /// move being thought about. The session clears it when it takes the next line.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Sends the text written so far to `print` before each move the computer thinks
    /// about, so that a person sees the game go on; `None` returns all the text of a
    /// line at its end.
    pub fn set_live(&mut self, print: Option<Printer>) {
        self.live = print;
    }

    /// Threads of the computer's search (0: every core).
    pub fn set_threads(&mut self, threads: usize) {
        self.thinkers = (0..self.game.rules.players.len())
            .map(|_| ai::Thinker::with_net(threads, self.net.clone()))
            .collect();
    }

    /// Loads the game's own network, if it has one, and gives it to every computer
    /// player (after the game changed).
    fn load_net(&mut self) {
        let threads = self.thinkers.first().map_or(0, |t| t.threads);
        match crate::ai::default_net(self.origin.name(), &self.game) {
            Ok(net) => {
                self.net = net.map(Arc::new);
                self.net_note = None;
            }
            Err(e) => {
                self.net = None;
                self.net_note = Some(e);
            }
        }
        self.set_threads(threads);
    }

    /// The network the `net` level plays by, if one is loaded.
    pub fn network(&self) -> Option<&ai::net::Net> {
        self.net.as_deref()
    }

    /// The level the computer plays player `player` (by index) at; `None` when a
    /// person plays them.
    pub fn computer(&self, player: usize) -> Option<Level> {
        self.computers.get(player).copied().flatten()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Result<Option<Outcome>, SessionError> {
        Engine::new(&self.game)
            .outcome(self.timeline.current())
            .map_err(|e| self.runtime(&e))
    }

    /// The greeting, the first chance events and the board. `handle` calls it first if
    /// no one did.
    pub fn intro(&mut self) -> Output {
        let mut out = Out::default();
        self.start(&mut out);
        Output {
            text: out.text,
            quit: false,
        }
    }

    fn start(&mut self, out: &mut Out) {
        if self.started {
            return;
        }
        self.started = true;
        let game = self.game.clone();
        let options = if game.rules.chosen.is_empty() {
            "none".to_string()
        } else {
            game.rules.chosen.join(", ")
        };
        out.line(format!(
            "{} ({}), seed {}",
            self.style.paint(Paint::Bold, &game.rules.name),
            self.source.name,
            self.seed
        ));
        let players: Vec<String> = (0..game.rules.players.len())
            .map(|p| match self.computer(p) {
                Some(level) => format!("{} (computer, {})", game.rules.players[p], level.name()),
                None => game.rules.players[p].clone(),
            })
            .collect();
        out.line(format!(
            "players {}; options: {options}",
            players.join(", ")
        ));
        if let Some(note) = &self.net_note {
            out.line(format!("note: {note}; the computer plays without it"));
        }
        if self.base.length > 0 {
            out.line(format!(
                "a match to {} points: game {}",
                self.base.length,
                self.game_number()
            ));
        }
        // Where the rules file gives its rules in words, a newcomer is told where to read them.
        out.line(if game.rules.rules_text.is_some() {
            "Type `help` for the commands, `rules` for the rules, `moves` for the legal moves."
        } else {
            "Type `help` for the commands, `moves` for the legal moves."
        });
        // A newcomer meets the computer on the first screen, at its strongest.
        let nobody_computer = (0..game.rules.players.len()).all(|p| self.computer(p).is_none());
        if let Some(seat) = self.second_seat().filter(|_| nobody_computer) {
            out.line(format!(
                "To play against the computer: `ai {seat} {}` (`help ai` lists the levels).",
                self.strongest_level().name()
            ));
        }
        self.changed(out);
    }

    /// What the prompt shows: the player to move (and a turn entered so far).
    pub fn prompt(&self) -> String {
        let mut engine = Engine::new(&self.game);
        let state = self.timeline.current();
        // A position whose status the rules cannot tell gets a plain prompt: the next
        // command says what went wrong.
        let Ok(status) = engine.status(state) else {
            return "> ".to_string();
        };
        match status {
            Status::Over(_) => "game over> ".to_string(),
            Status::Chance(c) => format!("{}?> ", self.game.rules.chances[c.index()].name),
            Status::Player(p) => {
                if self.partial.is_empty() {
                    format!("{}> ", self.game.rules.players[p.index()])
                } else {
                    format!(
                        "{} {}> ",
                        self.game.rules.players[p.index()],
                        self.partial.join(" ")
                    )
                }
            }
        }
    }

    /// Runs one line: a command or a move; a block of several lines, each in order.
    /// Errors are printed; the game is kept, even when tabula itself fails (a panic is
    /// caught and the game restored).
    pub fn handle(&mut self, line: &str) -> Output {
        let lines: Vec<&str> = line.trim_end_matches(['\r', '\n']).lines().collect();
        let [first, rest @ ..] = lines.as_slice() else {
            return self.handle_one(line);
        };
        // A pasted block is taken a line at a time, as if typed; each later line is
        // shown at the prompt it meets, so that every answer follows its own line.
        let mut output = self.handle_one(first);
        for line in rest {
            if output.quit || self.stop.load(Ordering::Relaxed) {
                break;
            }
            let prompt = self.prompt();
            let next = self.handle_one(line);
            output.text.push_str(&format!("{prompt}{}\n", line.trim()));
            output.text.push_str(&next.text);
            output.quit = next.quit;
        }
        output
    }

    fn handle_one(&mut self, line: &str) -> Output {
        self.stop.store(false, Ordering::Relaxed);
        let saved = (
            self.timeline.clone(),
            self.partial.clone(),
            self.earlier.clone(),
        );
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle_line(line)));
        run.unwrap_or_else(|_| {
            self.timeline = saved.0;
            self.partial = saved.1;
            self.earlier = saved.2;
            self.decision = None;
            Output {
                text: self.error(
                    "tabula failed on this line (a bug; please report it); the game is kept",
                ),
                quit: false,
            }
        })
    }

    fn handle_line(&mut self, line: &str) -> Output {
        let mut out = Out::default();
        self.start(&mut out);
        let line = line.trim();
        if line.is_empty() {
            return Output {
                text: out.text,
                quit: false,
            };
        }
        // A leading `:` forces a command, for a game whose moves are written like one.
        let (forced, command_line) = match line.strip_prefix(':') {
            Some(l) => (true, l.trim_start()),
            None => (false, line),
        };
        let (word, rest) = match command_line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (command_line, ""),
        };
        let result = match commands::find(word) {
            Some(spec) if forced || !self.is_legal_move(line) => {
                self.command(spec.cmd, rest, &mut out)
            }
            None if forced => Err(refused!("no command `{word}`; `help` lists them")),
            None if rest.is_empty() && self.unlike_any_move(word) => Err(refused!(
                "`{word}` is neither a command nor a legal move; `help` lists the commands, `moves` the legal moves"
            )),
            _ => self.enter_move(line, &mut out),
        };
        let quit = match result {
            Ok(quit) => quit,
            Err(e) => {
                out.push(self.error(e));
                false
            }
        };
        Output {
            text: out.text,
            quit,
        }
    }

    /// Whether `word` reads like a command rather than a move: a word of letters that
    /// begins no legal move's text (nor a turn's, nor any step of one).
    fn unlike_any_move(&mut self, word: &str) -> bool {
        if word.len() < 2 || !word.chars().all(|c| c.is_ascii_alphabetic()) {
            return false;
        }
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        let mut choices = Choices::default();
        if engine.legal(&state, &mut choices).is_err() {
            return false;
        }
        let lower = word.to_ascii_lowercase();
        let first = &lower[..1];
        // An action written with letters (`double`) is a move even where it is not legal.
        let written = game.rules.actions.iter().any(|a| match a.template.first() {
            Some(crate::ir::TemplatePart::Text(t)) => t.to_ascii_lowercase().starts_with(first),
            _ => false,
        });
        if written {
            return false;
        }
        (0..choices.len()).all(|i| match engine.choice_text(&state, &choices[i]) {
            Ok(t) => t
                .to_ascii_lowercase()
                .split_whitespace()
                .all(|step| !step.starts_with(first)),
            Err(_) => false,
        })
    }

    /// An error as a line of output: marked `error:` unless it is a drawn diagnostic,
    /// which has its own.
    fn error(&self, e: impl Into<SessionError>) -> String {
        let e = e.into();
        let text = e.to_string();
        let text = text.trim_end();
        if e.is_drawn() {
            return format!("{text}\n");
        }
        // Lines go on under the text, past `error: `, broken between words so that
        // a long list of moves stays readable on a narrow terminal.
        let text = format!("{} {text}", self.style.paint(Paint::Error, "error:"));
        format!("{}\n", style::wrap_lines(&text, self.style.width, 7))
    }

    fn runtime(&self, e: &RuntimeError) -> SessionError {
        SessionError::Runtime(runtime_text(&self.game, &self.source, e, self.style.color))
    }

    fn play_error(&self, e: PlayError) -> SessionError {
        match e {
            PlayError::Runtime(r) => self.runtime(&r),
            other => SessionError::Refused(other.to_string()),
        }
    }

    fn person(&self, p: usize) -> bool {
        self.computer(p).is_none()
    }

    fn nobody(&self) -> bool {
        self.computers.iter().all(|c| c.is_some())
    }

    fn command(&mut self, cmd: Cmd, rest: &str, out: &mut Out) -> Result<bool, SessionError> {
        // Going back or starting afresh gives the moves back to the person.
        if matches!(
            cmd,
            Cmd::Undo
                | Cmd::New
                | Cmd::Options
                | Cmd::Load
                | Cmd::LoadState
                | Cmd::Reload
                | Cmd::Match
        ) {
            self.placing.clear();
        }
        match cmd {
            Cmd::Help => {
                let topic = words(rest).first().copied();
                out.push(help_in(topic, self.style.width)?);
                if topic
                    .and_then(commands::find)
                    .is_some_and(|c| c.cmd == Cmd::Ai)
                {
                    out.push(commands::strategies_help(&self.game, self.style.width));
                }
            }
            Cmd::Moves => self.list_moves(out)?,
            Cmd::Board => self.draw(out),
            Cmd::Undo => self.undo(input::count(rest)?, out)?,
            Cmd::Redo => self.redo(input::count(rest)?, out)?,
            Cmd::New => {
                let seed = match rest {
                    "" => self.next_seed(),
                    s => s
                        .parse()
                        .map_err(|_| format!("`{s}` is not a seed (a whole number)"))?,
                };
                self.restart(seed, out)?;
            }
            Cmd::Options => self.options_command(rest, out)?,
            Cmd::Rules => self.rules_command(rest, out)?,
            Cmd::Match => self.match_command(rest, out)?,
            Cmd::Ai => self.ai_command(rest, out)?,
            Cmd::Hint => self.hint(rest, out)?,
            Cmd::Dice => {
                let numbers = words(rest);
                if numbers.is_empty() || numbers.iter().any(|n| n.parse::<u32>().is_err()) {
                    return Err("`dice` takes the numbers of the outcome, e.g. `dice 3 1`".into());
                }
                self.set_chance(&numbers.join("-"), out)?;
            }
            Cmd::Roll => {
                if rest.is_empty() {
                    return Err("`roll` takes the text of a chance outcome, e.g. `roll 3-1`".into());
                }
                self.set_chance(rest, out)?;
            }
            Cmd::Why => self.why(rest, out)?,
            Cmd::Trace => match rest {
                "on" => {
                    self.trace = true;
                    out.line(
                        "trace on: the rules evaluated are shown as moves are listed and played",
                    );
                    self.show_trace(out);
                }
                "off" => {
                    self.trace = false;
                    out.line("trace off");
                }
                "" => out.line(if self.trace {
                    "trace is on"
                } else {
                    "trace is off"
                }),
                other => return Err(refused!("`trace {other}`: say `trace on` or `trace off`")),
            },
            Cmd::Set => self.set(rest, out)?,
            Cmd::Setup => self.setup(rest, out)?,
            Cmd::Save => self.save(rest, out)?,
            Cmd::Load => self.load(rest, out)?,
            Cmd::State => self.print_state(rest, out)?,
            Cmd::LoadState => self.load_state(rest, out)?,
            Cmd::Reload => self.reload(out)?,
            Cmd::Quit => return Ok(true),
        }
        Ok(false)
    }

    fn next_seed(&mut self) -> u64 {
        (u64::from(self.rng.below(u32::MAX)) << 32) | u64::from(self.rng.below(u32::MAX))
    }

    /// Forgets the cached choices and any turn entered in part.
    fn invalidate(&mut self) {
        self.decision = None;
        self.partial.clear();
    }

    fn push(&mut self, e: Entry) {
        self.timeline.push(e);
        self.invalidate();
    }

    /// After the position changed: chance and computer moves, then the board.
    fn changed(&mut self, out: &mut Out) {
        self.advance(out);
        self.draw(out);
        self.show_trace(out);
    }
}

/// A runtime error of the rules file, pointing at the statement.
fn runtime_text(game: &Game, source: &Source, e: &RuntimeError, color: bool) -> String {
    let (source, span) = game.rules.source_of(source, e.span);
    Diagnostics {
        source: source.clone(),
        list: vec![Diagnostic::new(
            explainer::tidy(source, span),
            format!("while playing: {}", e.kind),
        )],
    }
    .render(color)
}

/// How a game ended, in words.
pub fn describe(game: &Game, o: &Outcome) -> String {
    let scores: Vec<String> = game
        .rules
        .players
        .iter()
        .zip(&o.scores)
        .map(|(p, &s)| format!("{p} {}", game.score_text(s)))
        .collect();
    let who = match o.winner {
        Some(w) => format!("{} wins", game.rules.players[w.index()]),
        None => "a draw".to_string(),
    };
    let points = if o.winner.is_some() && o.points != 1 {
        format!(" {} points", o.points)
    } else {
        String::new()
    };
    // The result's name, when the end rule gives one: `(NAME; REASON; ...)`.
    let named = o
        .named
        .as_ref()
        .map(|n| format!("{n}; "))
        .unwrap_or_default();
    // Without a `score` declaration every score is 0, which tells the reader nothing.
    let scores = if game.rules.score.is_some() {
        format!("; scores {}", scores.join(", "))
    } else {
        String::new()
    };
    format!("{who}{points} ({named}{}{scores})", o.reason)
}

fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}
