//! `tabula play`: the interactive session on a terminal. The library `Session` does
//! the work; this file only reads lines (rustyline: editing, completion, history),
//! decides on colour and prints.

use crate::error::{refused, CliError};

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{
    Cmd, CompletionType, ConditionalEventHandler, Config, Context, Editor, Event, EventContext,
    EventHandler, Helper, KeyCode, KeyEvent, Modifiers, RepeatCount,
};
use std::cell::RefCell;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::rc::Rc;
use tabula::session::{Session, Style};

/// How `tabula play` was asked to run.
pub struct PlayOptions {
    pub game: Option<String>,
    pub options: Vec<String>,
    pub seed: Option<u64>,
    pub ascii: bool,
    /// Points to win a match; a single game when not given.
    pub match_length: Option<i32>,
    /// Start from a state file, or from GNU Backgammon's IDs.
    pub state: Option<String>,
    pub gnubg_id: Option<String>,
    /// Threads of the computer's search (0: every core).
    pub threads: usize,
    /// The computer's level in the second seat (`--vs`).
    pub vs: Option<String>,
    /// Seats the computer plays, `SEAT=LEVEL` (`--ai`).
    pub computers: Vec<String>,
}

/// Completes commands, their arguments and legal moves from the session, and file
/// names for the commands that take one.
struct PlayHelper {
    session: Rc<RefCell<Session>>,
    files: FilenameCompleter,
}

impl Completer for PlayHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let completion = match self.session.try_borrow_mut() {
            Ok(mut s) => s.complete(line, pos),
            Err(_) => return Ok((pos, Vec::new())),
        };
        if completion.file {
            return self.files.complete(line, pos, ctx);
        }
        let pairs = completion
            .candidates
            .into_iter()
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((completion.start, pairs))
    }
}

impl Hinter for PlayHelper {
    type Hint = String;
}
impl Highlighter for PlayHelper {}
impl Validator for PlayHelper {}
impl Helper for PlayHelper {}

/// Unicode and colour on a terminal, unless --ascii or NO_COLOR says otherwise.
fn style(ascii: bool) -> Style {
    if ascii
        || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || !std::io::stdout().is_terminal()
    {
        Style::plain()
    } else {
        Style::fancy()
    }
}

/// Where the history is kept: $XDG_DATA_HOME/tabula/history, or
/// ~/.local/share/tabula/history.
fn history_path() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var_os("HOME").filter(|v| !v.is_empty())?)
            .join(".local")
            .join("share"),
    };
    Some(base.join("tabula").join("history"))
}

fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs().wrapping_mul(1_000_000_007) ^ u64::from(now.subsec_nanos())
}

/// The longest line the prompt takes (in bytes), plus one: longer ones are cut there
/// and refused. No command or move comes near it.
const MAX_LINE: usize = 4097;

/// Drops the characters typed once a line holds `MAX_LINE` bytes.
struct LineLimit;

impl ConditionalEventHandler for LineLimit {
    fn handle(&self, evt: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        let typed = matches!(
            evt.get(0),
            Some(KeyEvent(KeyCode::Char(_), m)) if *m == Modifiers::NONE || *m == Modifiers::SHIFT
        );
        (typed && ctx.line().len() >= MAX_LINE).then_some(Cmd::Noop)
    }
}

pub fn run(opts: PlayOptions) -> Result<(), CliError> {
    let style = style(opts.ascii);
    // Tab shows every candidate at once (as a shell does) rather than cycling through
    // them one press at a time, which leaves a new player guessing what else there is.
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .build();
    let mut editor: Editor<PlayHelper, DefaultHistory> =
        Editor::with_config(config).map_err(|e| refused!("cannot open the terminal: {e}"))?;
    // A paste is taken as typed keys, so each of its lines is played as it comes (the
    // line editor would otherwise gather a bracketed paste into one line); the keys
    // left over when a line ends wait for the next prompt.
    for edge in [KeyCode::BracketedPasteStart, KeyCode::BracketedPasteEnd] {
        editor.bind_sequence(
            KeyEvent(edge, Modifiers::NONE),
            EventHandler::Simple(Cmd::Noop),
        );
    }
    // The line editor draws the whole line again after each key typed past the width
    // of the terminal: a long paste would take time in the square of its length. Keys
    // past `MAX_LINE` characters are dropped instead, and the line is refused.
    editor.bind_sequence(Event::Any, EventHandler::Conditional(Box::new(LineLimit)));
    let history = history_path();
    if let Some(h) = &history {
        // A missing or unreadable history is no reason not to play.
        let _ = editor.load_history(h);
    }
    let game = match opts.game {
        Some(g) => g,
        None => match choose_game(&mut editor, &style)? {
            Some(g) => g,
            None => return Ok(()),
        },
    };
    let seed = opts.seed.unwrap_or_else(clock_seed);
    let mut session = Session::open(&game, &opts.options, seed)
        .and_then(|s| s.in_match(opts.match_length.unwrap_or(0)))?;
    session.style = style;
    session.set_threads(opts.threads);
    if let Some(level) = &opts.vs {
        let Some(seat) = session.second_seat().map(str::to_string) else {
            return Err(refused!(
                "`--vs`: the game has one player; `--ai SEAT=LEVEL` names a seat"
            ));
        };
        session
            .play_computer(&seat, level)
            .map_err(|e| refused!("`--vs {level}`: {e}"))?;
    }
    for seat_level in &opts.computers {
        let Some((seat, level)) = seat_level.split_once('=') else {
            return Err(refused!(
                "`--ai {seat_level}`: write SEAT=LEVEL, e.g. `--ai {}=mcts`",
                session.second_seat().unwrap_or("all")
            ));
        };
        session
            .play_computer(seat.trim(), level.trim())
            .map_err(|e| refused!("`--ai {seat_level}`: {e}"))?;
    }
    session.add_export("mat", Box::new(crate::export::save_mat));
    let session = Rc::new(RefCell::new(session));
    editor.set_helper(Some(PlayHelper {
        session: session.clone(),
        files: FilenameCompleter::new(),
    }));
    // Ctrl-C while a line is being handled stops the computer (its thinking, or a run
    // of computer moves) and keeps the game; a second one ends the program. At the
    // prompt the line editor reads Ctrl-C as a key instead.
    let stop = session.borrow().stop_flag();
    let handler = ctrlc::set_handler(move || {
        if stop.swap(true, std::sync::atomic::Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    if let Err(e) = handler {
        eprintln!("warning: Ctrl-C cannot stop the computer here ({e})");
    }
    let start = match (&opts.state, &opts.gnubg_id) {
        (Some(path), _) => Some((
            path.clone(),
            tabula::input::read(path, tabula::input::Kind::State).map_err(|e| refused!("{e}"))?,
        )),
        (None, Some(id)) => {
            let game = session.borrow().game().clone();
            Some((
                "--gnubg-id".to_string(),
                crate::cli::gnubg_state_text(&game, id)?,
            ))
        }
        (None, None) => None,
    };
    // A state that is not one of the game ends the command before the game is shown,
    // rather than leaving the player at the start with the error scrolled past.
    if let Some((name, text)) = &start {
        let game = session.borrow().game().clone();
        tabula::json::state_from_text(&game, &tabula::Source::new(name, text.clone()))
            .map_err(CliError::State)?;
    }
    session.borrow_mut().style.width = terminal_width(&mut editor);
    let intro = session.borrow_mut().intro();
    print_out(&intro.text);
    if let Some((name, text)) = start {
        let out = session.borrow_mut().load_state_text(&name, &text);
        print_out(&out.text);
    }
    loop {
        // The terminal may have been resized since the last line.
        session.borrow_mut().style.width = terminal_width(&mut editor);
        let prompt = tabula::diagnostic::terminal_safe(&session.borrow().prompt()).into_owned();
        match editor.readline(&prompt) {
            Ok(line) if line.len() >= MAX_LINE => {
                println!(
                    "error: a line at the prompt is at most {} bytes; this one was cut there, and nothing was done",
                    MAX_LINE - 1
                );
            }
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                let thinking = Thinking::start(style_is_terminal());
                let bar = thinking.bar.clone();
                session
                    .borrow_mut()
                    .set_live(Some(Box::new(move |text: &str| {
                        bar.suspend(|| print_out(text))
                    })));
                let out = session.borrow_mut().handle(&line);
                session.borrow_mut().set_live(None);
                thinking.finish();
                print_out(&out.text);
                if out.quit {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => println!("(type `quit` to leave)"),
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                save_history(&mut editor, history.as_ref());
                return Err(refused!("cannot read the terminal: {e}"));
            }
        }
    }
    save_history(&mut editor, history.as_ref());
    Ok(())
}

/// The terminal's width, for text to wrap between words; none when the output is not a
/// terminal (a file or a pipe keeps its lines whole).
fn terminal_width(editor: &mut Editor<PlayHelper, DefaultHistory>) -> Option<usize> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    editor
        .dimensions()
        .map(|(columns, _)| usize::from(columns))
        .filter(|&c| c > 0)
}

fn style_is_terminal() -> bool {
    std::io::stderr().is_terminal() && std::io::stdout().is_terminal()
}

/// "thinking… 1.2s" on standard error while a line takes longer than a moment (the
/// computer searching, or playing a run of moves), so the wait is visibly work.
struct Thinking {
    /// Hidden until the delay has passed.
    bar: indicatif::ProgressBar,
    done: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Thinking {
    /// The delay before the indicator shows: quick lines print nothing extra.
    const DELAY: std::time::Duration = std::time::Duration::from_millis(300);

    fn start(terminal: bool) -> Thinking {
        let bar = indicatif::ProgressBar::hidden();
        if !terminal {
            return Thinking {
                bar,
                done: None,
                thread: None,
            };
        }
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let shown = bar.clone();
        let thread = std::thread::spawn(move || {
            use std::sync::mpsc::RecvTimeoutError;
            if rx.recv_timeout(Thinking::DELAY) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let bar = shown;
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{spinner} thinking… {elapsed} (Ctrl-C to stop)",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            let _ = rx.recv();
            bar.finish_and_clear();
        });
        Thinking {
            bar,
            done: Some(tx),
            thread: Some(thread),
        }
    }

    fn finish(mut self) {
        drop(self.done.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn save_history(editor: &mut Editor<PlayHelper, DefaultHistory>, path: Option<&PathBuf>) {
    if let Some(p) = path {
        if let Some(dir) = p.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        // An unwritable history is silently given up.
        let _ = editor.save_history(p);
    }
}

fn print_out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let text = tabula::diagnostic::terminal_safe(text);
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// `tabula` with no command: offer the built-in games.
fn choose_game(
    editor: &mut Editor<PlayHelper, DefaultHistory>,
    style: &Style,
) -> Result<Option<String>, CliError> {
    println!(
        "{}",
        style.paint(
            tabula::session::style::Paint::Bold,
            "tabula: board games from rules files"
        )
    );
    println!("Built-in games:");
    for (i, (name, text)) in tabula::games::BUILT_IN.iter().enumerate() {
        let title = tabula::compile(&tabula::Source::new(*name, *text), &[])
            .map(|g| g.name().to_string())
            .unwrap_or_default();
        println!("  {}. {name:<12} {title}", i + 1);
    }
    println!("Other commands: `tabula --help`.");
    loop {
        let line = match editor.readline("game (number, name or rules file; empty to leave)> ") {
            Ok(l) => l,
            Err(ReadlineError::Interrupted) | Err(ReadlineError::Eof) => return Ok(None),
            Err(e) => return Err(refused!("cannot read the terminal: {e}")),
        };
        let choice = line.trim();
        if choice.is_empty() || choice == "quit" {
            return Ok(None);
        }
        if let Ok(n) = choice.parse::<usize>() {
            match n
                .checked_sub(1)
                .and_then(|i| tabula::games::BUILT_IN.get(i))
            {
                Some((name, _)) => return Ok(Some(name.to_string())),
                None => {
                    println!("there is no game number {n}");
                    continue;
                }
            }
        }
        match tabula::games::load_source(choice) {
            Ok(_) => return Ok(Some(choice.to_string())),
            Err(e) => println!("{}", tabula::diagnostic::terminal_safe(&e.to_string())),
        }
    }
}
