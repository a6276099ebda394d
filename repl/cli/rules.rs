//! `tabula rules`: the rules of a game in plain words, as text or JSON.

use super::common::load;
use super::GameArgs;
use crate::error::CliError;
use std::io::IsTerminal;

pub(super) fn rules(g: &GameArgs, as_json: bool) -> Result<(), CliError> {
    let game = load(g)?;
    if as_json {
        out!("{}", tabula::rules_text::to_json(&game));
        return Ok(());
    }
    let text = tabula::rules_text::render(&game, terminal_width());
    out!("{}", text.trim_end_matches('\n'));
    Ok(())
}

/// The width of the terminal standard output is, for the text to be reflowed to; none
/// for a file or a pipe, which get the lines as the rules file writes them.
fn terminal_width() -> Option<usize> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let mut editor = rustyline::DefaultEditor::new().ok()?;
    editor
        .dimensions()
        .map(|(columns, _)| usize::from(columns))
        .filter(|&c| c > 0)
}
