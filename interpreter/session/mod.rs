//! An interactive game session: a line in, text out. The REPL (repl/play.rs) and the
//! tests drive it the same way; it knows no terminal and no game.

mod commands;
mod computer;
pub mod draw;
mod explainer;
pub use explainer::RulesIndex;
mod files;
mod hint;
mod input;
mod matches;
mod record;
pub mod style;
mod timeline;
mod turn;

use crate::ai;
pub use crate::ai::Level;
use crate::ir::StmtKind;
pub use commands::{help, help_in, Arg, Cmd, CommandSpec, COMMANDS, SETTINGS};
pub use files::replay;
pub use record::{Record, MAX_RECORD_MOVES};
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
    pub text: String,
    pub quit: bool,
}

/// Where the rules came from, for `reload` and for records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A built-in game by name (reloading re-reads its embedded text).
    BuiltIn(String),
    /// A rules file on disk.
    Path(String),
}

impl Origin {
    pub fn name(&self) -> &str {
        match self {
            Origin::BuiltIn(n) | Origin::Path(n) => n,
        }
    }

    fn read(&self) -> Result<Source, String> {
        match self {
            Origin::BuiltIn(n) => crate::games::built_in(n)
                .map(|t| Source::new(format!("games/{n}.tabula"), t))
                .ok_or_else(|| format!("`{n}` is not a built-in game")),
            Origin::Path(p) => {
                crate::input::read(p, crate::input::Kind::Rules).map(|t| Source::new(p.clone(), t))
            }
        }
    }

    /// The game a record names: a built-in game, or a rules file by a path ending in
    /// `.tabula` (so that a record cannot have any other file read and quoted).
    pub fn of_record(name_or_path: &str) -> Result<Origin, String> {
        match Origin::of(name_or_path) {
            Origin::Path(p) if !p.ends_with(".tabula") => Err(format!(
                "the record's game `{}` is neither a built-in game nor a rules file (a path ending in .tabula)",
                crate::diagnostic::escape(&p)
            )),
            origin => Ok(origin),
        }
    }

    /// A built-in game by name, or a path.
    pub fn of(name_or_path: &str) -> Origin {
        if crate::games::built_in(name_or_path).is_some() {
            Origin::BuiltIn(name_or_path.to_string())
        } else {
            Origin::Path(name_or_path.to_string())
        }
    }
}

/// What tab completion offers: candidates replacing the text from `start`, or a file
/// name to complete (the REPL knows the file system).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Completion {
    pub start: usize,
    pub candidates: Vec<String>,
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

/// A game in progress with its history, computer players and settings.
pub struct Session {
    origin: Origin,
    source: Source,
    options: Vec<String>,
    game: Arc<Game>,
    index: RulesIndex,
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
    pub style: Style,
}

fn compile_error(e: CompileError, color: bool) -> String {
    match e {
        CompileError::Rules(d) => d.render(color),
        CompileError::Option(m) => format!("error: {m}"),
    }
}

impl Session {
    /// A session on a built-in game or a rules file.
    pub fn open(name_or_path: &str, options: &[String], seed: u64) -> Result<Session, String> {
        let origin = Origin::of(name_or_path);
        let source = crate::games::load_source(name_or_path).map_err(|e| format!("error: {e}"))?;
        Session::with_origin(origin, source, options, seed)
    }

    /// The same session playing a match to `length` points (a single game when 0).
    /// Call it before the first line.
    pub fn in_match(mut self, length: i32) -> Result<Session, String> {
        self.new_match(length, &mut Out::default())?;
        Ok(self)
    }

    /// A session on a rules text (`reload` re-reads `source.name` when it is a file).
    pub fn new(source: Source, options: &[String], seed: u64) -> Result<Session, String> {
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
    ) -> Result<Session, String> {
        let game = compile(&source, options).map_err(|e| compile_error(e, false))?;
        let mut engine = Engine::new(&game);
        let start = engine
            .initial_state()
            .map_err(|e| runtime_text(&source, &e, false))?;
        let players = game.players.len();
        let base = Match::new(0, players);
        let index = RulesIndex::new(&source.text);
        let mut session = Session {
            origin,
            source,
            options: game.chosen.clone(),
            game: Arc::new(game),
            index,
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

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position (a turn entered in part is not applied).
    pub fn state(&self) -> &State {
        self.timeline.current()
    }

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
        self.thinkers = (0..self.game.players.len())
            .map(|_| ai::Thinker::with_net(threads, self.net.clone()))
            .collect();
    }

    /// Loads the game's own network, if it has one, and gives it to every computer
    /// player (after the game changed).
    fn load_net(&mut self) {
        let threads = self.thinkers.first().map_or(0, |t| t.threads);
        match crate::games::default_net(self.origin.name(), &self.game) {
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

    pub fn computer(&self, player: usize) -> Option<Level> {
        self.computers.get(player).copied().flatten()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        Engine::new(&self.game).outcome(self.timeline.current())
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
        let options = if game.chosen.is_empty() {
            "none".to_string()
        } else {
            game.chosen.join(", ")
        };
        out.line(format!(
            "{} ({}), seed {}",
            self.style.paint(Paint::Bold, &game.name),
            self.source.name,
            self.seed
        ));
        out.line(format!(
            "players {}; options: {options}",
            game.players.join(", ")
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
        out.line("Type `help` for the commands, `moves` for the legal moves.");
        self.changed(out);
    }

    /// What the prompt shows: the player to move (and a turn entered so far).
    pub fn prompt(&self) -> String {
        let mut engine = Engine::new(&self.game);
        let state = self.timeline.current();
        match engine.status(state) {
            Status::Over(_) => "game over> ".to_string(),
            Status::Chance(c) => format!("{}?> ", self.game.chances[c].name),
            Status::Player(p) => {
                if self.partial.is_empty() {
                    format!("{}> ", self.game.players[p])
                } else {
                    format!("{} {}> ", self.game.players[p], self.partial.join(" "))
                }
            }
        }
    }

    /// Runs one line: a command or a move. Errors are printed; the game is kept, even
    /// when tabula itself fails (a panic is caught and the game restored).
    pub fn handle(&mut self, line: &str) -> Output {
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
            None if forced => Err(format!("no command `{word}`; `help` lists them")),
            None if rest.is_empty() && self.unlike_any_move(word) => Err(format!(
                "`{word}` is neither a command nor a legal move; `help` lists the commands, `moves` the legal moves"
            )),
            _ => self.enter_move(line, &mut out),
        };
        let quit = match result {
            Ok(quit) => quit,
            Err(message) => {
                out.push(self.error(&message));
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
        let written = game.actions.iter().any(|a| match a.template.first() {
            Some(crate::ir::TemplatePart::Text(t)) => t.to_ascii_lowercase().starts_with(first),
            _ => false,
        });
        if written {
            return false;
        }
        (0..choices.len()).all(|i| match engine.choice_text(&state, choices.get(i)) {
            Ok(t) => t
                .to_ascii_lowercase()
                .split_whitespace()
                .all(|step| !step.starts_with(first)),
            Err(_) => false,
        })
    }

    /// An error message, marked `error:` unless it is a rendered diagnostic already
    /// (in colour or not).
    fn error(&self, message: &str) -> String {
        let message = message.trim_end();
        let plain = style::strip(message);
        if plain.starts_with("error") || plain.contains("\n  --> ") || plain.contains("\n  ┌─")
        {
            return format!("{message}\n");
        }
        format!("{} {message}\n", self.style.paint(Paint::Error, "error:"))
    }

    fn runtime(&self, e: &RuntimeError) -> String {
        runtime_text(&self.source, e, self.style.color)
    }

    fn play_error(&self, e: PlayError) -> String {
        match e {
            PlayError::Runtime(r) => self.runtime(&r),
            other => other.to_string(),
        }
    }

    fn person(&self, p: usize) -> bool {
        self.computer(p).is_none()
    }

    fn nobody(&self) -> bool {
        self.computers.iter().all(|c| c.is_some())
    }

    fn command(&mut self, cmd: Cmd, rest: &str, out: &mut Out) -> Result<bool, String> {
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
            Cmd::Help => out.push(help_in(words(rest).first().copied(), self.style.width)?),
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
            Cmd::Trace => {
                match rest {
                    "on" => {
                        self.trace = true;
                        out.line("trace on: the rules evaluated are shown as moves are listed and played");
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
                    other => return Err(format!("`trace {other}`: say `trace on` or `trace off`")),
                }
            }
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

    /// Resolves chance and lets the computer play until a person is to move or the
    /// game is over.
    fn advance(&mut self, out: &mut Out) {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let mut computer_moves = 0;
        let mut games = 0;
        let mut chance_run = 0;
        loop {
            let state = self.timeline.current().clone();
            match engine.status(&state) {
                Status::Over(o) => {
                    if self.base.length == 0 {
                        break;
                    }
                    // A game over before any move would begin again and again.
                    if self.timeline.cursor == 0 && games > 0 {
                        out.push(
                            self.error("the game is over before any move; the match cannot go on"),
                        );
                        break;
                    }
                    // In a match, the next game begins, until the match is decided.
                    if !self.end_of_game(&mut engine, &o, out) {
                        break;
                    }
                    games += 1;
                }
                Status::Chance(c) => {
                    chance_run += 1;
                    if chance_run > crate::engine::MAX_CHANCE_RUN {
                        out.push(self.error(&self.runtime(&engine.endless_chance(c))));
                        break;
                    }
                    let fixed = self.queued.take();
                    let mut next = state.clone();
                    match engine.resolve_chance(&mut next, &mut self.rng, fixed.as_deref()) {
                        Ok(Some(step)) => {
                            let text = engine.step_text(&state, &step, true);
                            let by_hand = if fixed.is_some() {
                                " (set by hand)"
                            } else {
                                ""
                            };
                            // What the outcome means, when the rules file says.
                            let says = engine
                                .step_says(&state, &step)
                                .map(|m| format!(" ({m})"))
                                .unwrap_or_default();
                            out.line(format!("{}: {text}{says}{by_hand}", game.chances[c].name));
                            if self.trace {
                                out.push(explainer::render_changes(
                                    &game,
                                    &state,
                                    &next,
                                    &self.style,
                                ));
                            }
                            let entry = Entry {
                                text,
                                by: By::Chance,
                                state: next,
                                forced: false,
                            };
                            self.chance_played(&mut engine, &state, &step, entry, out);
                        }
                        Ok(None) => {
                            out.push(self.error(&format!(
                                "the chance event `{}` has no outcome here; the game cannot go on",
                                game.chances[c].name
                            )));
                            break;
                        }
                        Err(PlayError::Illegal { text, legal }) => {
                            out.push(self.error(&format!("`{text}` is not an outcome of `{}` (those are: {legal}); drawn at random instead", game.chances[c].name)));
                        }
                        Err(e) => {
                            out.push(self.error(&self.play_error(e)));
                            break;
                        }
                    }
                }
                Status::Player(p) => {
                    chance_run = 0;
                    if self.person(p)
                        && computer_moves < COMPUTER_LIMIT
                        && self.pass_if_stuck(&mut engine, &state, p, out)
                    {
                        computer_moves += 1;
                        continue;
                    }
                    let Some(level) = self.computer(p).or_else(|| self.placing_for(p, &state))
                    else {
                        break;
                    };
                    if self.stop.load(Ordering::Relaxed) {
                        out.line(INTERRUPTED);
                        break;
                    }
                    if let Some(print) = &mut self.live {
                        if !out.text.is_empty() {
                            print(&out.text);
                            out.text.clear();
                        }
                    }
                    if computer_moves >= COMPUTER_LIMIT {
                        out.line(format!("the computer stopped after {COMPUTER_LIMIT} moves; enter any command to let it go on"));
                        break;
                    }
                    self.show_trace(out);
                    let mut choices = Choices::default();
                    if let Err(e) = engine.legal(&state, &mut choices) {
                        out.push(self.error(&self.runtime(&e)));
                        break;
                    }
                    if choices.is_empty() {
                        out.push(self.error(
                            "no legal move, yet the game is not over (the rules give no way on)",
                        ));
                        break;
                    }
                    let decision = ai::Decision {
                        engine: &mut engine,
                        state: &state,
                        choices: &choices,
                        player: p,
                    };
                    let stop = Some(&*self.stop);
                    let Some(thinker) = self.thinkers.get_mut(p) else {
                        break;
                    };
                    let choice = match ai::choose(decision, level, &mut self.rng, thinker, stop) {
                        Ok(i) => i,
                        Err(ai::AiError::Interrupted) => {
                            out.line(INTERRUPTED);
                            break;
                        }
                        Err(ai::AiError::Runtime(e)) => {
                            out.push(self.error(&self.runtime(&e)));
                            break;
                        }
                    };
                    let steps = choices.get(choice).to_vec();
                    if let Err(m) = self.play_steps(&mut engine, &state, &steps, p, out) {
                        out.push(self.error(&m));
                        break;
                    }
                    computer_moves += 1;
                }
            }
        }
    }

    /// Plays a choice of player `p` and records it.
    fn play_steps(
        &mut self,
        engine: &mut Engine,
        state: &State,
        steps: &[crate::Step],
        p: usize,
        out: &mut Out,
    ) -> Result<(), String> {
        let game = engine.game;
        let text = engine
            .choice_text(state, steps)
            .map_err(|e| self.runtime(&e))?;
        let mut next = state.clone();
        engine
            .apply(&mut next, steps)
            .map_err(|e| self.runtime(&e))?;
        let forced = matches!(steps, [s] if s.kind == crate::StepKind::Pass);
        let who = match self.computer(p) {
            Some(level) => format!("{} ({})", game.players[p], level.name()),
            None => game.players[p].clone(),
        };
        if forced {
            out.line(self.cannot_move(p));
        } else {
            out.line(format!(
                "{}: {text}",
                self.style.paint(Paint::player(p, &game.players[p]), &who)
            ));
        }
        if self.trace {
            let mut work = state.clone();
            for s in steps {
                let name = match s.kind {
                    crate::StepKind::Action => {
                        format!("action `{}`", game.actions[s.id as usize].name)
                    }
                    _ => "a pass".to_string(),
                };
                let at = match s.kind {
                    crate::StepKind::Action => {
                        let (line, _) =
                            self.source.line_col(game.actions[s.id as usize].span.start);
                        format!(" ({}:{line})", self.source.name)
                    }
                    _ => String::new(),
                };
                let bound: Vec<String> = engine
                    .step_bindings(&work, s)
                    .iter()
                    .map(|(n, v)| format!("{n} = {v}"))
                    .collect();
                let with = if bound.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", bound.join(", "))
                };
                let step_text = engine.step_text(&work, s, true);
                out.push(self.style.paint(
                    Paint::Dim,
                    &format!("trace: `{step_text}` is {name}{at}{with}\n"),
                ));
                let before = work.clone();
                engine
                    .apply_step(&mut work, s)
                    .map_err(|e| self.runtime(&e))?;
                out.push(explainer::render_changes(game, &before, &work, &self.style));
            }
        }
        self.push(Entry {
            text,
            by: By::Player(p),
            state: next,
            forced,
        });
        Ok(())
    }

    /// When the decision has passed to another player in the middle of a turn (a double
    /// to answer), says so, with the choices when there are few: `white: take or drop?`.
    fn say_who_decides(&mut self, state: &State, out: &mut Out) {
        let p = state.mover();
        let owner = state.turn_of();
        if !state.in_turn()
            || owner == p
            || state.chance().is_some()
            || self.computer(p).is_some()
            || !self.partial.is_empty()
            || self.outcome().is_some()
        {
            return;
        }
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let Ok(mut decision) = self.take_decision(&mut engine, state) else {
            return;
        };
        let texts = decision.texts(&mut engine, state).unwrap_or_default();
        self.decision = Some(decision);
        let name = &game.players[p];
        let who = self.style.paint(Paint::player(p, name), name);
        let line = match texts.as_slice() {
            [] | [_] => return,
            [a, b] => format!("{who}: {a} or {b}?"),
            [first @ .., last] if texts.len() <= 4 => {
                format!("{who}: {} or {last}?", first.join(", "))
            }
            _ => format!(
                "{who} decides now, in {}'s turn: `moves` lists the choices",
                game.players[owner]
            ),
        };
        out.line(line);
    }

    /// What is said when player `p` cannot move: his only move is a pass, or the roll
    /// of a turn he began cannot be played.
    fn cannot_move(&self, p: usize) -> String {
        let name = &self.game.players[p];
        format!(
            "{} cannot move",
            self.style.paint(Paint::player(p, name), name)
        )
    }

    /// `setup [LEVEL]`: the computer makes the moves of the player to move until the
    /// phase ends (the placements of a setup phase, in any game that has one).
    fn setup(&mut self, rest: &str, out: &mut Out) -> Result<(), String> {
        let state = self.timeline.current().clone();
        let Status::Player(p) = Engine::new(&self.game).status(&state) else {
            return Err("no player is to move here".into());
        };
        if self.computer(p).is_some() {
            return Err(format!(
                "{} is played by the computer already",
                self.game.players[p]
            ));
        }
        let level = match rest.trim() {
            "" => Level::Random,
            text => Level::parse(text)?.ok_or("`setup off`: `undo` takes the moves back")?,
        };
        let phase = state.phase();
        self.placing.retain(|&(q, _, _)| q != p);
        self.placing.push((p, phase, level));
        out.line(format!(
            "the computer ({}) makes {}'s moves until phase {} ends",
            level.name(),
            self.game.players[p],
            self.game.phases[phase].name
        ));
        self.changed(out);
        Ok(())
    }

    /// The level that makes player `p`'s moves in this phase after `setup`, if any; a
    /// request whose phase has ended is forgotten.
    fn placing_for(&mut self, p: usize, state: &State) -> Option<Level> {
        let phase = state.phase();
        self.placing.retain(|&(_, ph, _)| ph == phase);
        self.placing
            .iter()
            .find(|&&(q, _, _)| q == p)
            .map(|&(_, _, level)| level)
    }

    /// `set`: shows the settings, or switches one.
    fn set(&mut self, rest: &str, out: &mut Out) -> Result<(), String> {
        let w = words(rest);
        let show = |on: bool| if on { "on" } else { "off" };
        match w.as_slice() {
            [] => out.line(format!(
                "autoroll {}, autoplay {}",
                show(self.autoroll),
                show(self.autoplay)
            )),
            [name, value @ ("on" | "off")] => {
                let on = *value == "on";
                match *name {
                    "autoroll" => self.autoroll = on,
                    "autoplay" => self.autoplay = on,
                    other => {
                        return Err(format!(
                            "no setting `{other}`; the settings are {}",
                            SETTINGS.join(", ")
                        ))
                    }
                }
                out.line(format!("{name} {value}"));
            }
            _ => return Err("say `set`, or `set autoroll on`, `set autoplay off`, ...".into()),
        }
        Ok(())
    }

    /// Whether a choice is a roll: one step of an action whose only effect is to start
    /// a chance event (and go on with the turn).
    fn is_roll(&self, steps: &[crate::Step]) -> bool {
        let [step] = steps else { return false };
        if step.kind != crate::StepKind::Action {
            return false;
        }
        let body = &self.game.actions[step.id as usize].body;
        body.iter().any(|s| matches!(s.kind, StmtKind::Chance(_)))
            && body
                .iter()
                .all(|s| matches!(s.kind, StmtKind::Chance(_) | StmtKind::Continue))
    }

    /// Plays the pass of a person whose only move it is, as the computer would; with
    /// `autoplay`, his only move, and with `autoroll` his roll. Whether it did.
    fn pass_if_stuck(
        &mut self,
        engine: &mut Engine,
        state: &State,
        p: usize,
        out: &mut Out,
    ) -> bool {
        let decision = match self.take_decision(engine, state) {
            Ok(d) => d,
            Err(m) => {
                out.push(self.error(&m));
                return false;
            }
        };
        let choices = &decision.choices;
        let chosen = if turn::only_a_pass(choices) {
            Some(0)
        } else if !self.partial.is_empty() {
            None
        } else if self.autoplay && choices.len() == 1 {
            Some(0)
        } else if self.autoroll {
            (0..choices.len()).find(|&i| self.is_roll(choices.get(i)))
        } else {
            None
        };
        let Some(chosen) = chosen else {
            self.decision = Some(decision);
            return false;
        };
        let steps = decision.choices.get(chosen).to_vec();
        match self.play_steps(engine, state, &steps, p, out) {
            Ok(()) => true,
            Err(m) => {
                out.push(self.error(&m));
                false
            }
        }
    }

    /// Records a chance outcome resolved in `before`, saying so when it leaves the mover
    /// nothing to play, which ends his turn.
    fn chance_played(
        &mut self,
        engine: &mut Engine,
        before: &State,
        step: &crate::Step,
        entry: Entry,
        out: &mut Out,
    ) {
        let stuck = engine.chance_left_mover_stuck(before, step);
        self.push(entry);
        match stuck {
            Ok(true) => out.line(self.cannot_move(before.mover())),
            Ok(false) => {}
            Err(e) => out.push(self.error(&self.runtime(&e))),
        }
    }

    /// The state drawn: the current one with a turn entered so far applied.
    fn shown_state(&mut self) -> State {
        let state = self.timeline.current().clone();
        if self.partial.is_empty() {
            return state;
        }
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        turn::Decision::partial_state(&mut engine, &state, &self.partial).unwrap_or(state)
    }

    /// The board, the pools and counters, and whose turn it is.
    fn draw(&mut self, out: &mut Out) {
        let game = self.game.clone();
        let state = self.shown_state();
        let mut engine = Engine::new(&game);
        out.line("");
        // A turn being entered marks its steps so far; otherwise the last move that
        // changed the board (not a decision such as to roll).
        let changed = if self.partial.is_empty() {
            self.timeline
                .moves_back()
                .take(4)
                .map(|(before, after)| draw::changed_cells(&game, before, after))
                .find(|c| c.contains(&true))
                .unwrap_or_default()
        } else {
            draw::changed_cells(&game, self.timeline.current(), &state)
        };
        out.push(draw::board(
            &game,
            &state,
            &self.style,
            state.mover(),
            changed,
        ));
        out.push(draw::equipment(
            &game,
            &state,
            &engine.shown(&state),
            &engine.scores(&state),
            &self.style,
        ));
        let status = match engine.status(self.timeline.current()) {
            Status::Over(o) => format!(
                "game over: {}",
                self.style.paint(Paint::Good, &describe(&game, &o))
            ),
            Status::Chance(c) => format!(
                "the chance event `{}` is pending: set it with `dice` or `roll`",
                game.chances[c].name
            ),
            Status::Player(p) => {
                let name = game.players[p].clone();
                let who = match self.computer(p) {
                    Some(level) => format!("{name} (computer, {})", level.name()),
                    None => name.clone(),
                };
                let phase = &game.phases[state.phase()].name;
                let number = self.timeline.moves_played() + 1;
                format!(
                    "{} to move · phase {phase} · move {number}",
                    self.style.paint(Paint::player(p, &name), &who)
                )
            }
        };
        // The match score, above whose turn it is, or under the result of the game.
        let over = self.outcome().is_some();
        if self.base.length > 0 && !over {
            out.line(self.match_line());
        }
        let status = if self.style.unicode {
            status
        } else {
            status.replace(" · ", ", ")
        };
        out.line(style::wrap_lines(&status, self.style.width, 2));
        self.say_who_decides(&state, out);
        if self.base.length > 0 && over {
            out.line(self.match_line());
        }
        if !self.partial.is_empty() {
            out.line(style::wrap_lines(
                &format!(
                    "so far: {} (enter the rest of the turn; `undo` takes back a step)",
                    self.partial.join(" ")
                ),
                self.style.width,
                2,
            ));
        }
    }

    fn show_trace(&mut self, out: &mut Out) {
        if !self.trace {
            return;
        }
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        if engine.outcome(&state).is_some() {
            return;
        }
        match engine.trace_moves(&state) {
            Ok(t) => out.push(explainer::render_trace(
                &game,
                &self.source,
                &self.index,
                &t,
                &self.style,
            )),
            Err(e) => out.push(self.error(&self.runtime(&e))),
        }
    }

    /// A new game (a new match of the same length) of the same rules with this seed.
    fn restart(&mut self, seed: u64, out: &mut Out) -> Result<(), String> {
        let length = self.base.length;
        self.new_match(length, out)?;
        self.seed = seed;
        self.rng = Rng::new(seed);
        if length > 0 {
            out.line(format!(
                "new match to {length} of {}, seed {seed}",
                self.game.name
            ));
        } else {
            out.line(format!("new game of {}, seed {seed}", self.game.name));
        }
        self.changed(out);
        Ok(())
    }

    fn options_command(&mut self, rest: &str, out: &mut Out) -> Result<(), String> {
        let game = self.game.clone();
        if rest.is_empty() {
            if game.options.is_empty() {
                out.line(format!("{} has no options", game.name));
                return Ok(());
            }
            out.line(format!("options of {} (`options NAME..` starts a new game with them on, `options none` with none):", game.name));
            let width = game.options.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
            for (name, description) in &game.options {
                let on = if game.chosen.contains(name) {
                    "  (on)"
                } else {
                    ""
                };
                out.line(format!("  {name:<width$}  {description}{on}"));
            }
            return Ok(());
        }
        let chosen: Vec<String> = if rest == "none" {
            Vec::new()
        } else {
            words(rest).iter().map(|s| s.to_string()).collect()
        };
        let (source, new_game) = self.rules_now(&chosen)?;
        let length = self.base.length;
        self.start_afresh(source, new_game, length, out)?;
        self.rng = Rng::new(self.seed);
        let list = if self.options.is_empty() {
            "none".to_string()
        } else {
            self.options.join(", ")
        };
        out.line(format!(
            "new game of {} with options: {list} (seed {})",
            self.game.name, self.seed
        ));
        self.changed(out);
        Ok(())
    }
}

/// A runtime error of the rules file, pointing at the statement.
fn runtime_text(source: &Source, e: &RuntimeError, color: bool) -> String {
    Diagnostics {
        source: source.clone(),
        list: vec![Diagnostic::new(
            explainer::tidy(source, e.span),
            format!("while playing: {}", e.message),
        )],
    }
    .render(color)
}

/// How a game ended, in words.
pub fn describe(game: &Game, o: &Outcome) -> String {
    let scores: Vec<String> = game
        .players
        .iter()
        .zip(&o.scores)
        .map(|(p, s)| format!("{p} {s}"))
        .collect();
    let who = match o.winner {
        Some(w) => format!("{} wins", game.players[w]),
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
    format!(
        "{who}{points} ({named}{}; scores {})",
        o.reason,
        scores.join(", ")
    )
}

fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}
