//! The language services (`tabula::services`, what `tabula lsp` answers editors with)
//! for the page's rules editor: hover, completion, definition and formatting, each
//! answering as JSON. Places cross as the editor counts them, in UTF-16 code units from
//! the start of the text; the services count bytes, and the translation is all there is
//! here.

use crate::to_json;
use serde::Serialize;
use tabula::services::{self, CompletionKind, Place};
use wasm_bindgen::prelude::*;

/// The byte offset of the character at UTF-16 offset `at` of `text` (its end past it).
pub fn byte_offset(text: &str, at: usize) -> usize {
    let mut units = 0;
    for (byte, c) in text.char_indices() {
        if units >= at {
            return byte;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The UTF-16 offset of byte `at` of `text`.
pub fn utf16_offset(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.char_indices()
        .take_while(|(byte, _)| *byte < at)
        .map(|(_, c)| c.len_utf16())
        .sum()
}

/// A range of the text, in UTF-16 offsets.
#[derive(Serialize)]
struct Range {
    from: usize,
    to: usize,
}

fn range(text: &str, span: tabula::diagnostic::Span) -> Range {
    Range {
        from: utf16_offset(text, span.start),
        to: utf16_offset(text, span.end),
    }
}

/// What the word at `at` is, as `tabula lsp` says it on hover: JSON `{"from", "to",
/// "text"}` (the text in Markdown), or `null` where there is nothing to say.
#[wasm_bindgen]
pub fn hover(text: &str, at: usize) -> Result<String, JsError> {
    let found = services::hover(text, byte_offset(text, at)).map(|h| {
        let Range { from, to } = range(text, h.span);
        serde_json::json!({ "from": from, "to": to, "text": h.text })
    });
    to_json(&found)
}

/// The word a completion stands for: `keyword`, `function`, `built-in`, or the kind of
/// a declared name (`counter`, `local`, ...).
fn kind_word(kind: CompletionKind) -> &'static str {
    match kind {
        CompletionKind::Keyword => "keyword",
        CompletionKind::Function => "function",
        CompletionKind::BuiltIn => "built-in",
        CompletionKind::Symbol(s) => s.word(),
    }
}

/// What may be written at `at`, as `tabula lsp` completes it: JSON `{"from", "items"}`,
/// `from` where the word being typed starts and each item with its `label`, `kind`,
/// `detail` (a signature or the declaring line) and `documentation` (Markdown or
/// `null`).
#[wasm_bindgen]
pub fn complete(text: &str, at: usize) -> Result<String, JsError> {
    let offset = byte_offset(text, at);
    let word = services::word_start(text, offset);
    let items: Vec<serde_json::Value> = services::completions(text, offset)
        .into_iter()
        .map(|c| {
            serde_json::json!({
                "label": c.label,
                "kind": kind_word(c.kind),
                "detail": c.detail,
                "documentation": c.documentation,
            })
        })
        .collect();
    to_json(&serde_json::json!({ "from": utf16_offset(text, word), "items": items }))
}

/// Where the name at `at` is declared in the same text: JSON `{"from", "to"}`, or
/// `null` for a word that is no declared name or one declared in an included game.
#[wasm_bindgen]
pub fn definition(text: &str, at: usize) -> Result<String, JsError> {
    let found = services::definition(text, byte_offset(text, at))
        .filter(|l| l.place == Place::Own)
        .map(|l| range(text, l.span));
    to_json(&found)
}

/// The text in the canonical layout, as `tabula fmt` writes it: JSON `{"text"}`, or
/// `{"error"}` with the syntax error drawn as `tabula check` draws it when the text
/// named `name` does not parse.
#[wasm_bindgen]
pub fn format(name: &str, text: &str) -> Result<String, JsError> {
    to_json(&match services::formatting(text) {
        Ok(laid) => serde_json::json!({ "text": laid }),
        Err(d) => {
            let source = tabula::Source::new(name, text);
            let list = vec![d];
            let error = tabula::Diagnostics { source, list }.render(false);
            serde_json::json!({ "error": error })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_count_utf16_units_one_way_and_bytes_the_other() {
        // `é` is two bytes and one unit; `𝄞` four bytes and two units.
        let text = "aé𝄞b";
        let pairs = [(0, 0), (1, 1), (2, 3), (4, 7), (5, 8)];
        for (units, bytes) in pairs {
            assert_eq!(byte_offset(text, units), bytes, "unit {units}");
            assert_eq!(utf16_offset(text, bytes), units, "byte {bytes}");
        }
        assert_eq!(byte_offset(text, 99), text.len());
        assert_eq!(utf16_offset(text, 99), 5);
    }
}
