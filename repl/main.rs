//! The `tabula` command: check, moves, perft, playout and state over any rules file,
//! and `play`, the interactive session.

mod analyze;
mod arena;
mod cli;
mod error;
mod export;
mod fmt_cmd;
mod interrupt;
mod learn;
mod lsp;
mod picture;
mod play;
mod serve;
mod test_cmd;

use clap::{CommandFactory, FromArgMatches};
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let matches = cli::Cli::command().get_matches();
    let args = match cli::Cli::from_arg_matches(&matches) {
        Ok(a) => a,
        Err(e) => e.exit(),
    };
    let places = analyze::Places::of(&matches);
    // A bound on the search trees that does not read is refused before any work.
    if let Err(e) = tabula::ai::memory_bound() {
        eprintln!("{}", tabula::diagnostic::terminal_safe(&e));
        return ExitCode::FAILURE;
    }
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

/// Output cut short by the program reading it (`tabula encode GAME --all | head`) ends
/// the command quietly and successfully, as other command-line tools do, rather than
/// with the panic that the standard library's printing raises on a closed pipe.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        let closed = message.starts_with("failed printing to std")
            && (message.contains("Broken pipe") || message.contains("os error 32"));
        if closed {
            std::process::exit(0);
        }
        default(info);
    }));
}
