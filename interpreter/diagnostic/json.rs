//! Diagnostics as data for a program (`tabula check --json`): each with its severity,
//! code, sentence, hint, place, related places and suggested edits.

use super::{Diagnostic, Diagnostics, Source, Span};
use serde_json::{json, Value};

impl Diagnostics {
    /// Each diagnostic as a JSON object, places given as 1-based lines and columns
    /// counted in characters.
    pub fn to_json(&self) -> Vec<Value> {
        self.list
            .iter()
            .map(|d| diagnostic(&self.source, d))
            .collect()
    }
}

fn diagnostic(source: &Source, d: &Diagnostic) -> Value {
    let related: Vec<Value> = d
        .related
        .iter()
        .filter_map(|r| {
            let (file, text) = match &r.game {
                None => (source.name.clone(), source.text.as_str()),
                Some(game) => (
                    format!("games/{game}.tabula"),
                    crate::games::built_in(game)?,
                ),
            };
            let mut at = place(&Source::new(file.as_str(), text), r.span);
            at["file"] = json!(file);
            at["label"] = json!(r.label.to_string());
            Some(at)
        })
        .collect();
    let suggestions: Vec<Value> = d
        .suggestions
        .iter()
        .map(|e| {
            let mut at = place(source, e.span);
            at["replacement"] = json!(e.replacement);
            at
        })
        .collect();
    let mut out = place(source, d.span);
    out["severity"] = json!(if d.warning { "warning" } else { "error" });
    out["code"] = json!(d.code());
    out["message"] = json!(d.message);
    out["hint"] = json!(d.hint);
    out["file"] = json!(source.name);
    out["related"] = json!(related);
    out["suggestions"] = json!(suggestions);
    out
}

/// Where a span lies: its first character and the one after its last.
fn place(source: &Source, span: Span) -> Value {
    let (line, column) = source.line_col(span.start);
    let (end_line, end_column) = source.line_col(span.end.max(span.start));
    json!({
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
    })
}
