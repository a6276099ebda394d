//! What each token of a rules text is, for an editor's colours: the parser's tokens,
//! with every name told by what it stands for.

use super::reference::{built_in_name, function};
use super::symbols::SymbolKind;
use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::tokens::TokenKind;

/// What a token is drawn as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HighlightKind {
    /// A word of the language (`action`, `for`, `and`).
    Keyword,
    /// A whole number.
    Number,
    /// A quoted text, a template's text included.
    Text,
    /// An operator (`+`, `==`, `-`).
    Operator,
    /// A comment (`// ...` to the end of the line).
    Comment,
    /// A built-in function or aggregate where it is called.
    Function,
    /// A name every game has (`mover`, `cells`).
    BuiltIn,
    /// A name the file declares or uses, by what it stands for.
    Symbol(SymbolKind),
    /// A name that stands for nothing the file declares (a type, a layout hint, a
    /// misspelt name).
    Name,
}

/// One token and how it is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Highlight {
    /// The token's bytes.
    pub span: Span,
    /// How it is drawn.
    pub kind: HighlightKind,
    /// Whether it is where the name is declared.
    pub declaration: bool,
}

/// The tokens of `text` that are drawn (all but the marks), in order; the syntax error
/// if it does not parse.
pub fn highlights(text: &str) -> Result<Vec<Highlight>, Diagnostic> {
    let read = super::analysis::analysis(text);
    let a = read.as_ref().as_ref().map_err(Clone::clone)?;
    let (list, index) = (&a.tokens, &a.index);
    let mut out = Vec::with_capacity(list.len());
    for t in list {
        let mut declaration = false;
        let kind = match t.kind {
            TokenKind::Keyword => HighlightKind::Keyword,
            TokenKind::Number => HighlightKind::Number,
            TokenKind::Text => HighlightKind::Text,
            TokenKind::Operator | TokenKind::Minus => HighlightKind::Operator,
            TokenKind::Comment => HighlightKind::Comment,
            TokenKind::Punct => continue,
            TokenKind::Name => {
                let word = &text[t.span.start..t.span.end];
                let called = text[t.span.end..].trim_start().starts_with('(');
                match index.at(t.span.start).filter(|o| o.span.end <= t.span.end) {
                    Some(o) => {
                        declaration = o.declaration;
                        HighlightKind::Symbol(index.symbols[o.symbol].kind)
                    }
                    None if called && function(word).is_some() => HighlightKind::Function,
                    None if built_in_name(word).is_some() => HighlightKind::BuiltIn,
                    None => HighlightKind::Name,
                }
            }
        };
        out.push(Highlight {
            span: t.span,
            kind,
            declaration,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_told_by_what_they_stand_for() {
        let text =
            "counter n = 0 // a count\ndefine big = n > 2 and exists(c in cells where empty(c))\n";
        let h = highlights(text).expect("parses");
        let shown: Vec<(String, HighlightKind, bool)> = h
            .iter()
            .map(|h| {
                (
                    text[h.span.start..h.span.end].to_string(),
                    h.kind,
                    h.declaration,
                )
            })
            .collect();
        use HighlightKind as H;
        let want = [
            ("counter", H::Keyword, false),
            ("n", H::Symbol(SymbolKind::Counter), true),
            ("0", H::Number, false),
            ("// a count", H::Comment, false),
            ("define", H::Keyword, false),
            ("big", H::Symbol(SymbolKind::Define), true),
            ("n", H::Symbol(SymbolKind::Counter), false),
            (">", H::Operator, false),
            ("2", H::Number, false),
            ("and", H::Keyword, false),
            ("exists", H::Function, false),
            ("c", H::Symbol(SymbolKind::Local), true),
            ("in", H::Keyword, false),
            ("cells", H::BuiltIn, false),
            ("where", H::Keyword, false),
            ("empty", H::Function, false),
            ("c", H::Symbol(SymbolKind::Local), false),
        ];
        let want: Vec<(String, HighlightKind, bool)> = want
            .iter()
            .map(|(t, k, d)| (t.to_string(), *k, *d))
            .collect();
        assert_eq!(shown, want);
    }
}
