//! The `tabula` command: check, moves, perft, playout and state over any rules file,
//! and `play`, the interactive session.

mod arena;
mod cli;
mod export;
mod learn;
mod play;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let message = message.trim_end();
            if !message.is_empty() {
                eprintln!("{}", tabula::diagnostic::terminal_safe(message));
            }
            ExitCode::FAILURE
        }
    }
}
