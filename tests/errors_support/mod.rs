//! The small valid game that the diagnostic tests (`errors.rs`, `errors_play.rs`) break
//! one thing of, and the check of the first diagnostic. It lives in a folder so that
//! cargo does not build it as a test of its own.

#![allow(dead_code)]

use tabula::{compile, CompileError, Diagnostic, Source};

pub const BASE: &str = r#"game "t"
players a, b
board { grid 3 x 3 }
piece p value 1..6
piece wall neutral
counter k
counter who: player
pool bag per player of 1..6
region home { a: a1..c1; b: a3..c3 }
chance roll "r{v}" for v in 1..6 { k = v }
action go "{to}"
  for to in cells
  where empty(to)
{
  put p of mover value 1 at to
}
phase main {
  starts a
  actions go
}
score q = k
"#;

pub fn diagnostics(text: &str) -> Vec<Diagnostic> {
    match compile(&Source::new("t.tabula", text), &[]) {
        Ok(_) => Vec::new(),
        Err(CompileError::Rules(d)) => d.list,
        Err(CompileError::Option(m)) => panic!("option error: {m}"),
    }
}

/// Compiles BASE with `from` replaced by `to` (or `to` appended when `from` is empty)
/// and checks the first diagnostic: message, the text under the caret, and the hint.
#[track_caller]
pub fn case(from: &str, to: &str, message: &str, at: &str, hint: Option<&str>) {
    let text = if from.is_empty() {
        format!("{BASE}{to}\n")
    } else {
        assert!(BASE.contains(from), "BASE has no `{from}`");
        BASE.replacen(from, to, 1)
    };
    let list = diagnostics(&text);
    let Some(d) = list.first() else {
        panic!("no error for:\n{text}")
    };
    assert_eq!(d.message, message, "\n{text}");
    assert_eq!(
        &text[d.span.start..d.span.end],
        at,
        "span of `{}`",
        d.message
    );
    assert_eq!(d.hint.as_deref(), hint, "hint of `{}`", d.message);
}
