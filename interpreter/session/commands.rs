//! The session's commands: one table drives dispatch, `help` and tab completion.

use super::style::wrap_lines;

/// What a command does; the session matches on this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmd {
    /// `help`: every command, or one command's help.
    Help,
    /// `moves`: the legal moves, numbered.
    Moves,
    /// `board`: the board drawn again.
    Board,
    /// `undo [N]`: the player's last move (or last N) taken back.
    Undo,
    /// `redo [N]`: a move taken back (or N) played again.
    Redo,
    /// `new [SEED]`: a new game (or match) under the same rules and options.
    New,
    /// `match [N]`: the match so far, or a new match to N points.
    Match,
    /// `options [NAME..]`: the game's options, or a new game with these on.
    Options,
    /// `rules [NAME..]`: the rules in plain words.
    Rules,
    /// `ai [PLAYER LEVEL]`: who the computer plays, or a player handed to it.
    Ai,
    /// `hint [N] [LEVEL]`: the computer's best choices here, with their figures.
    Hint,
    /// `dice N..`: the chance outcome set by its numbers.
    Dice,
    /// `roll TEXT`: the chance outcome set by its text.
    Roll,
    /// `why MOVE`: the rule that makes a move illegal.
    Why,
    /// `trace on|off`: the rules evaluated shown as they run.
    Trace,
    /// `set [NAME on|off]`: the settings ([`SETTINGS`]), or one switched.
    Set,
    /// `setup [LEVEL]`: the computer plays the player's moves to the end of the phase.
    Setup,
    /// `save FILE`: the game record (or a match file) written.
    Save,
    /// `load FILE`: a game record read and replayed.
    Load,
    /// `state [json|yaml]`: the state printed.
    State,
    /// `load-state FILE`: play on from a state file.
    LoadState,
    /// `reload`: the rules file read again and the game replayed under it.
    Reload,
    /// `quit`: the end of the session.
    Quit,
}

/// What an argument is, for completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// A command name.
    Command,
    /// A legal move (the rest of the line).
    Move,
    /// A player's name.
    Player,
    /// A computer level: random, greedy, playouts, off.
    Level,
    /// on or off.
    Switch,
    /// A setting of the session (`SETTINGS`).
    Setting,
    /// A file name.
    File,
    /// Any number of the game's option names.
    Options,
    /// json or yaml.
    Format,
    /// Free text or a number: nothing to complete.
    Text,
}

/// One command of the session: what it does, the words that call it, its help and
/// what its arguments are.
pub struct CommandSpec {
    /// What the command does.
    pub cmd: Cmd,
    /// The word that calls it, as `help` lists it.
    pub name: &'static str,
    /// Other words that call it (`?` for `help`).
    pub aliases: &'static [&'static str],
    /// The arguments as shown in `help`.
    pub usage: &'static str,
    /// What it does, in one sentence (lower case, no full stop), as `help` shows it.
    pub help: &'static str,
    /// What each argument is, in order, for completion.
    pub args: &'static [Arg],
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        cmd: Cmd::Help,
        name: "help",
        aliases: &["?"],
        usage: "[COMMAND]",
        help: "this list, or the help of one command",
        args: &[Arg::Command],
    },
    CommandSpec {
        cmd: Cmd::Moves,
        name: "moves",
        aliases: &[],
        usage: "",
        help: "list the legal moves, numbered; enter a number to play one",
        args: &[],
    },
    CommandSpec {
        cmd: Cmd::Board,
        name: "board",
        aliases: &[],
        usage: "",
        help: "draw the board again",
        args: &[],
    },
    CommandSpec {
        cmd: Cmd::Undo,
        name: "undo",
        aliases: &[],
        usage: "[N]",
        help: "take back your last move (N moves); a turn entered in part loses its last step",
        args: &[Arg::Text],
    },
    CommandSpec {
        cmd: Cmd::Redo,
        name: "redo",
        aliases: &[],
        usage: "[N]",
        help: "play again a move taken back (N moves)",
        args: &[Arg::Text],
    },
    CommandSpec {
        cmd: Cmd::New,
        name: "new",
        aliases: &[],
        usage: "[SEED]",
        help: "start a new game (in a match, a new match) with the same rules and options",
        args: &[Arg::Text],
    },
    CommandSpec {
        cmd: Cmd::Match,
        name: "match",
        aliases: &[],
        usage: "[N]",
        help: "show the match: its length, the score, each game's result; `match N` starts a match to N points (0: a single game)",
        args: &[Arg::Text],
    },
    CommandSpec {
        cmd: Cmd::Options,
        name: "options",
        aliases: &[],
        usage: "[NAME.. | none]",
        help: "show the game's options, or start a new game with exactly these on",
        args: &[Arg::Options],
    },
    CommandSpec {
        cmd: Cmd::Rules,
        name: "rules",
        aliases: &[],
        usage: "[NAME..]",
        help: "the rules in plain words, with the paragraph of each option on (or of the options named)",
        args: &[Arg::Options],
    },
    CommandSpec {
        cmd: Cmd::Ai,
        name: "ai",
        aliases: &["computer"],
        usage: "[PLAYER|all LEVEL [BUDGET]]",
        help: "let the computer play PLAYER at a LEVEL: random, greedy (the best immediate result), playouts (the move that wins most random games), mcts (a tree search; budget a time or iterations: `mcts 2s`, `mcts 5000`; 1s if not said), net, net2, net3 (the game's trained network, one, two or three moves ahead), az (the self-taught searcher, by a network trained for it; a budget as mcts's), or off; without arguments, show who plays. Ctrl-C stops the computer",
        args: &[Arg::Player, Arg::Level],
    },
    CommandSpec {
        cmd: Cmd::Hint,
        name: "hint",
        aliases: &[],
        usage: "[N] [LEVEL]",
        help: "the computer's N best choices here (3 if not said), each with its chance to win and the points it expects and the time it took; by the LEVEL named (`hint net3`, `hint mcts 5s`), else the player's own computer level, else the strongest the game has (az with a network trained for it, net3 with another network, else mcts)",
        args: &[Arg::Text],
    },
    CommandSpec {
        cmd: Cmd::Dice,
        name: "dice",
        aliases: &[],
        usage: "N..",
        help: "set the chance outcome by its numbers (the roll just made, or else the next one)",
        args: &[Arg::Text],
    },
    CommandSpec {
        cmd: Cmd::Roll,
        name: "roll",
        aliases: &[],
        usage: "TEXT",
        help: "set the chance outcome by its text, like `dice`",
        args: &[Arg::Text],
    },
    CommandSpec {
        cmd: Cmd::Why,
        name: "why",
        aliases: &[],
        usage: "MOVE",
        help: "say which rule makes a move illegal, with its line in the rules file",
        args: &[Arg::Move],
    },
    CommandSpec {
        cmd: Cmd::Trace,
        name: "trace",
        aliases: &[],
        usage: "on|off",
        help: "show the rules evaluated as moves are generated and played",
        args: &[Arg::Switch],
    },
    CommandSpec {
        cmd: Cmd::Set,
        name: "set",
        aliases: &[],
        usage: "[autoroll|autoplay on|off]",
        help: "show the settings, or switch one: autoroll rolls for you instead of asking (you give up doubling), autoplay plays a move that is your only one",
        args: &[Arg::Setting, Arg::Switch],
    },
    CommandSpec {
        cmd: Cmd::Setup,
        name: "setup",
        aliases: &[],
        usage: "[LEVEL]",
        help: "let the computer make your moves until this phase ends (random if no LEVEL): a quick setup in a placement phase",
        args: &[Arg::Level],
    },
    CommandSpec {
        cmd: Cmd::Save,
        name: "save",
        aliases: &[],
        usage: "[--force] FILE",
        help: "save the game record (YAML: game, options, seed, moves; every game of a match; FILE.mat: a Jellyfish match file, where the game has its shape); the rules file being played is written over only with --force",
        args: &[Arg::File],
    },
    CommandSpec {
        cmd: Cmd::Load,
        name: "load",
        aliases: &[],
        usage: "FILE",
        help: "load a game record and replay it (a whole match), the dice going on as they would have",
        args: &[Arg::File],
    },
    CommandSpec {
        cmd: Cmd::State,
        name: "state",
        aliases: &[],
        usage: "[json|yaml]",
        help: "print the state as JSON or YAML",
        args: &[Arg::Format],
    },
    CommandSpec {
        cmd: Cmd::LoadState,
        name: "load-state",
        aliases: &[],
        usage: "FILE",
        help: "play on from a state file (JSON, or YAML when named .yaml/.yml)",
        args: &[Arg::File],
    },
    CommandSpec {
        cmd: Cmd::Reload,
        name: "reload",
        aliases: &[],
        usage: "",
        help: "re-read the rules file and replay the game under the new rules",
        args: &[],
    },
    CommandSpec {
        cmd: Cmd::Quit,
        name: "quit",
        aliases: &["exit"],
        usage: "",
        help: "leave",
        args: &[],
    },
];

/// The command a word names, if any.
pub fn find(word: &str) -> Option<&'static CommandSpec> {
    COMMANDS
        .iter()
        .find(|c| c.name == word || c.aliases.contains(&word))
}

/// The help text: every command, or one.
pub fn help(topic: Option<&str>) -> Result<String, String> {
    help_in(topic, None)
}

/// The help text wrapped to `width` columns: each command's text goes on under itself,
/// past its name.
/// The file's strategies, each a level of its own, for `help ai`: nothing when it has
/// none.
pub(crate) fn strategies_help(game: &crate::Game, width: Option<usize>) -> String {
    let strategies = &game.rules.strategies;
    let w = strategies.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let mut out = String::new();
    if !strategies.is_empty() {
        out.push_str("This file's strategies, each a level by its name:\n");
    }
    for s in strategies {
        let line = format!("  {:<w$}  {}", s.name, s.description);
        out.push_str(&wrap_lines(&line, width, w + 4));
        out.push('\n');
    }
    out
}

pub(crate) fn help_in(topic: Option<&str>, width: Option<usize>) -> Result<String, String> {
    if let Some(t) = topic {
        let Some(c) = find(t) else {
            return Err(format!("no command `{t}`; `help` lists them"));
        };
        let aliases = if c.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also: {})", c.aliases.join(", "))
        };
        let text = wrap_lines(&format!("  {}", c.help), width, 2);
        let mut out = format!("{} {}{aliases}\n{text}\n", c.name, c.usage);
        if c.cmd == Cmd::Ai {
            out.push_str("Levels, weakest first:\n");
            let name_width = crate::ai::Level::HELP.iter().map(|(n, _)| n.len()).max();
            let w = name_width.unwrap_or(0);
            for (name, what) in crate::ai::Level::HELP {
                out.push_str(&wrap_lines(&format!("  {name:<w$}  {what}"), width, w + 4));
                out.push('\n');
            }
        }
        return Ok(out);
    }
    let heads = width_of_heads();
    let intro = "Enter a move in the game's notation (e.g. as `moves` prints it), or its number.";
    let mut out = format!("{}\nCommands:\n", wrap_lines(intro, width, 0));
    // On a narrow terminal the text of each command goes under its name.
    let beside = width.is_none_or(|w| w >= heads + 4 + 30);
    for c in COMMANDS {
        let head = if c.usage.is_empty() {
            c.name.to_string()
        } else {
            format!("{} {}", c.name, c.usage)
        };
        let line = if beside {
            format!("  {head:<w$}  {}", c.help, w = heads)
        } else {
            format!("  {head}\n      {}", c.help)
        };
        let indent = if beside { heads + 4 } else { 6 };
        out.push_str(&wrap_lines(&line, width, indent));
        out.push('\n');
    }
    Ok(out)
}

/// The width of the widest `name usage` in the help's first column.
fn width_of_heads() -> usize {
    COMMANDS
        .iter()
        .map(|c| c.name.len() + 1 + c.usage.len())
        .max()
        .unwrap_or(0)
}

/// The settings `set` switches, all off when a session starts.
pub const SETTINGS: &[&str] = &["autoroll", "autoplay"];
