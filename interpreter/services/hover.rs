//! What the word under the cursor means: for a declared name, the line that declares
//! it and its kind; for a word of the language or a built-in function, its text from
//! the reference table.

use super::lexical::{in_comment_or_text, word_at};
use super::reference::{built_in_name, function, keyword};
use super::symbols::{Place, Symbol, SymbolKind};
use crate::diagnostic::Span;

/// What to show for a place of the text: Markdown, and the span it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    /// The word it is about.
    pub span: Span,
    /// What it means, in Markdown.
    pub text: String,
}

/// What the word at byte `offset` of `text` means; none for a place that is no word,
/// or a name the file does not declare.
///
/// ```
/// use tabula::services::hover;
///
/// let text = r#"
/// // one kind of piece
/// piece stone
/// action place "{to}" for to in cells where empty(to) { put stone of mover at to }
/// "#;
/// // On the `stone` of `put`: what the file declares it as.
/// let at = text.rfind("stone").expect("a use");
/// let shown = hover(text, at + 2).expect("a declared name");
/// assert_eq!(shown.text, "```tabula\npiece stone\n```\npiece `stone`");
/// assert_eq!(&text[shown.span.start..shown.span.end], "stone");
/// // On `mover`: what the language gives it.
/// let shown = hover(text, text.find("mover").expect("a use")).expect("a built-in name");
/// assert!(shown.text.starts_with("```tabula\nmover\n```\n*player*: "));
/// // In a comment: nothing.
/// assert_eq!(hover(text, text.find("kind").expect("a comment")), None);
/// ```
pub fn hover(text: &str, offset: usize) -> Option<Hover> {
    if let Ok(a) = &*super::analysis::analysis(text) {
        let index = &a.index;
        if let Some(o) = index.at(offset) {
            return Some(Hover {
                span: o.span,
                text: about(&index.symbols[o.symbol]),
            });
        }
    }
    if in_comment_or_text(text, offset) {
        return None;
    }
    let (span, word) = word_at(text, offset)?;
    let called = text[span.end..].trim_start().starts_with('(');
    let text = match (function(word), built_in_name(word), keyword(word)) {
        (Some(f), _, _) if called => format!("```tabula\n{}\n```\n{}", f.signature, f.text),
        (_, Some(n), _) => format!("```tabula\n{}\n```\n*{}*: {}", n.name, n.kind, n.text),
        (_, _, Some(k)) => format!("```tabula\n{}\n```\n{}", k.word, k.text),
        (Some(f), _, _) => format!("```tabula\n{}\n```\n{}", f.signature, f.text),
        _ => return None,
    };
    Some(Hover { span, text })
}

/// A declared name: its declaration line and its kind.
fn about(symbol: &Symbol) -> String {
    let mut out = format!("```tabula\n{}\n```\n", symbol.line);
    match symbol.kind {
        SymbolKind::Cell => out.push_str(&format!("cell `{}`, of this board part", symbol.name)),
        SymbolKind::Direction
            if !symbol.declared_by_name && symbol.declaration.place == Place::Own =>
        {
            out.push_str(&format!("direction `{}`, of this board part", symbol.name))
        }
        kind => out.push_str(&format!("{} `{}`", kind.word(), symbol.name)),
    }
    if let Place::Game(game) = symbol.declaration.place {
        out.push_str(&format!(", declared by the included game `{game}`"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "counter cube = 1 hidden\nboard { grid 3 x 3 }\n\
                        define far = exists(c in cells where count(c) > cube and c != a1)\n";

    #[test]
    fn a_declared_name_shows_its_declaration_line_and_kind() {
        let h = hover(TEXT, TEXT.rfind("cube").unwrap() + 2).expect("a hover");
        assert_eq!(
            h.text,
            "```tabula\ncounter cube = 1 hidden\n```\ncounter `cube`"
        );
        assert_eq!(&TEXT[h.span.start..h.span.end], "cube");
        let h = hover(TEXT, TEXT.rfind("a1").unwrap()).expect("a cell");
        assert_eq!(
            h.text,
            "```tabula\nboard { grid 3 x 3 }\n```\ncell `a1`, of this board part"
        );
        let at = TEXT.rfind("c !=").unwrap();
        let h = hover(TEXT, at).expect("a local");
        assert!(h.text.ends_with("local name `c`"), "{}", h.text);
    }

    #[test]
    fn a_word_of_the_language_or_a_function_shows_the_table_s_text() {
        let h = hover(TEXT, TEXT.find("exists").unwrap()).expect("a hover");
        let f = function("exists").unwrap();
        assert_eq!(
            h.text,
            format!("```tabula\n{}\n```\n{}", f.signature, f.text)
        );
        let h = hover(TEXT, TEXT.find("where").unwrap() + 1).expect("a hover");
        assert!(
            h.text.starts_with("```tabula\nwhere\n```\n`where COND`"),
            "{}",
            h.text
        );
        let h = hover(TEXT, TEXT.find("count(").unwrap()).expect("a hover");
        assert!(h.text.contains("count(c) -> number"), "{}", h.text);
        assert_eq!(hover(TEXT, TEXT.find("= 1").unwrap()), None);
    }

    #[test]
    fn words_are_found_in_a_file_that_does_not_parse_and_not_in_comments() {
        let text = "action a \"x\" where liberties(\n// where\n";
        let h = hover(text, text.find("liberties").unwrap()).expect("a hover");
        assert!(
            h.text.contains("liberties(c[, SET]) -> number"),
            "{}",
            h.text
        );
        assert_eq!(hover(text, text.rfind("where").unwrap()), None);
    }
}
