//! One reading of a rules text, shared by the services asked about it: the syntax tree,
//! the extent of each declaration, the tokens and the symbol index, made by one parse.
//! The last few texts read are kept, so that the requests an editor sends about a text
//! it has not changed (a hover, then a definition, then the highlighting) parse it once.

use super::symbols::SymbolIndex;
use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::File;
use crate::syntax::tokens::Token;
use std::cell::RefCell;
use std::rc::Rc;

/// What the services read of a text that parses.
#[derive(Debug)]
pub(crate) struct Analysis {
    pub file: File,
    /// The span of each item of `file`, in order.
    pub extents: Vec<Span>,
    pub tokens: Vec<Token>,
    pub index: SymbolIndex,
}

/// A text's analysis, or the syntax error (or the length) that prevents one.
pub(crate) type Read = Rc<Result<Analysis, Diagnostic>>;

/// How many texts are kept: the one being edited, and one more (completion reads a
/// copy with the declaration being typed left out).
const KEPT: usize = 2;

thread_local! {
    static RECENT: RefCell<Vec<(String, Read)>> = const { RefCell::new(Vec::new()) };
}

/// The analysis of `text`, made once while it is among the last texts read.
pub(crate) fn analysis(text: &str) -> Read {
    let found = RECENT.with(|r| {
        let recent = r.borrow();
        recent
            .iter()
            .find(|(t, _)| t.len() == text.len() && t == text)
            .map(|(_, a)| a.clone())
    });
    if let Some(a) = found {
        return a;
    }
    let made: Read = Rc::new(analyse(text));
    RECENT.with(|r| {
        let mut recent = r.borrow_mut();
        if recent.len() >= KEPT {
            recent.remove(0);
        }
        recent.push((text.to_string(), made.clone()));
    });
    made
}

fn analyse(text: &str) -> Result<Analysis, Diagnostic> {
    super::refuse_long(text)?;
    let (file, extents, tokens) = crate::syntax::parse_all(text, true)?;
    let index = super::resolve::index(&file, text);
    Ok(Analysis {
        file,
        extents,
        tokens,
        index,
    })
}
