//! `tabula fmt`: rules files in the canonical layout (the library's `format`), written
//! in place, checked, or from standard input to standard output.

use crate::error::{refused, CliError};
use std::io::{Read as _, Write as _};
use tabula::input::Kind;
use tabula::{Diagnostics, Source};

/// Formats each file; with `check`, changes nothing and fails when one is not in the
/// layout. A file that does not parse is left as it is, its error shown.
pub fn run(files: &[String], check: bool) -> Result<(), CliError> {
    let mut failed = false;
    for path in files {
        let text = if path == "-" {
            read_stdin()?
        } else {
            tabula::input::read(path, Kind::Rules)?
        };
        let name = if path == "-" {
            "<stdin>"
        } else {
            path.as_str()
        };
        let formatted = match tabula::format::format(&text) {
            Ok(f) => f,
            Err(d) => {
                let errors = Diagnostics {
                    source: Source::new(name, text.as_str()),
                    list: vec![d],
                };
                eprint!("{}", errors.render(crate::cli::common::color()));
                failed = true;
                continue;
            }
        };
        if path == "-" {
            if check {
                failed |= report(name, &text, &formatted);
            } else if std::io::stdout().write_all(formatted.as_bytes()).is_err() {
                return Ok(());
            }
        } else if formatted != text {
            if check {
                failed |= report(name, &text, &formatted);
            } else {
                tabula::output::write(path, formatted.as_bytes())?;
                println!("formatted {}", tabula::diagnostic::terminal_safe(name));
            }
        }
    }
    if failed {
        Err(CliError::Reported)
    } else {
        Ok(())
    }
}

/// Names the first line of `text` the layout changes; true when there is one.
fn report(name: &str, text: &str, formatted: &str) -> bool {
    if text == formatted {
        return false;
    }
    let line = text
        .lines()
        .zip(formatted.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| text.lines().count().min(formatted.lines().count()))
        + 1;
    println!(
        "{}:{line}: not in the canonical layout (`tabula fmt {}` lays it out)",
        tabula::diagnostic::terminal_safe(name),
        tabula::diagnostic::terminal_safe(name)
    );
    true
}

/// Standard input as the text of a rules file, within the size a rules file may have.
fn read_stdin() -> Result<String, CliError> {
    let limit = Kind::Rules.limit();
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| refused!("cannot read standard input: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(refused!(
            "standard input holds more than a rules file may ({limit} bytes)"
        ));
    }
    tabula::input::text(bytes)
        .map_err(|at| refused!("standard input is not UTF-8 text (at byte {at})"))
}
