//! Language services: what an editor asks about a rules text, answered as functions of
//! the text and a byte offset in it, knowing nothing of any editor protocol. The
//! diagnostics are the checker's; the names come from the syntax tree (`symbols`);
//! hover and completion read one table of the language's words (`reference`).
//!
//! Every function is bounded by the limits of the parser and the checker
//! (docs/limits.md): a rules text is at most 1 MiB, and nothing here is worse than
//! linear in it but the checker itself.
//!
//! ```
//! use tabula::services;
//!
//! let text = "counter moves = 0\ndefine many = moves > 3\n";
//! let at = text.rfind("moves").unwrap();
//! let here = services::definition(text, at).expect("a declared name");
//! assert_eq!(&text[here.span.start..here.span.end], "moves");
//! let hover = services::hover(text, at).expect("a counter");
//! assert!(hover.text.contains("counter moves = 0"));
//! ```

mod analysis;
mod board_names;
mod completion;
mod diagnostics;
mod highlight;
mod hover;
mod lexical;
mod navigate;
mod outline;
pub mod reference;
mod resolve;
pub mod symbols;

pub use completion::{completions, word_start, Completion, CompletionKind, MAX_COMPLETIONS};
pub use diagnostics::{diagnostics, Problem, Severity};
pub use highlight::{highlights, Highlight, HighlightKind};
pub use hover::{hover, Hover};
pub use navigate::{definition, references, rename, Edit, RenameError};
pub use outline::{outline, OutlineItem, OutlineKind};
pub use symbols::{Location, Place, Symbol, SymbolIndex, SymbolKind};

/// The text in the canonical layout (`tabula fmt`); the syntax error if it does not
/// parse.
pub fn formatting(text: &str) -> Result<String, crate::Diagnostic> {
    let read = analysis::analysis(text);
    let a = read.as_ref().as_ref().map_err(Clone::clone)?;
    Ok(crate::format::layout(text, &a.tokens))
}

/// The most text a service reads: as much as a rules file may hold.
pub const MAX_TEXT: usize = crate::input::MAX_RULES_BYTES as usize;

/// The checker's error for a text longer than a rules file may be.
fn refuse_long(text: &str) -> Result<(), crate::Diagnostic> {
    if text.len() <= MAX_TEXT {
        return Ok(());
    }
    let kind = crate::diagnostic::ErrorKind::RulesTooLong {
        limit: MAX_TEXT as u64,
        size: text.len(),
    };
    Err(crate::Diagnostic::of(
        crate::diagnostic::Span::default(),
        kind,
    ))
}
