//! The `tabula` command: check, moves, perft, playout and state over any rules file,
//! and `play`, the interactive session.

mod analyze;
mod arena;
mod cli;
mod error;
mod export;
mod interrupt;
mod learn;
mod picture;
mod play;
mod test_cmd;

use clap::{CommandFactory, FromArgMatches};
use std::process::ExitCode;

fn main() -> ExitCode {
    let matches = cli::Cli::command().get_matches();
    let args = match cli::Cli::from_arg_matches(&matches) {
        Ok(a) => a,
        Err(e) => e.exit(),
    };
    let places = analyze::Places::of(&matches);
    match cli::run(args, places) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let message = e.to_string();
            let message = message.trim_end();
            if !message.is_empty() {
                eprintln!("{}", tabula::diagnostic::terminal_safe(message));
            }
            ExitCode::FAILURE
        }
    }
}
