//! What the session tests share: a tiny rules file, a session of it, running a line,
//! a scratch folder and the line of a text in a rules file.
#![allow(dead_code)]

use tabula::session::Session;
use tabula::Source;

/// A stone on a line of five cells; the players take turns pushing it on, and whoever
/// pushes it onto 5 wins. `boom` is a broken rule: it moves from a cell that may be
/// empty. No layout: the board is drawn as a list.
pub const TINY: &str = r#"game "Tiny"
players north, south
board {
  line 1..5
}
piece stone
counter pushes
setup {
  put stone of north at #1
}
action push "{from}>{to}"
  for from in cells
  where not empty(from)
  let to = step(from, next)
  where to != none
{
  move from -> to
  pushes += 1
}
action boom "boom"
{
  move #3 -> #4
}
phase play {
  starts north
  actions push, boom
}
end "home" when not empty(#5) winner opponent(mover)
"#;

pub fn tiny() -> Session {
    let mut s = Session::new(Source::new("tiny.tabula", TINY), &[], 1).unwrap();
    s.intro();
    s
}

/// Runs a line and returns its text.
pub fn run(s: &mut Session, line: &str) -> String {
    let out = s.handle(line);
    assert!(!out.quit, "`{line}` ended the session");
    out.text
}

/// A unique scratch directory for files a test writes.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-session-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The 1-based line of the rules file where `text` first occurs.
pub fn line_of(rules: &str, text: &str) -> usize {
    let at = rules
        .find(text)
        .unwrap_or_else(|| panic!("`{text}` not in the rules"));
    rules[..at].matches('\n').count() + 1
}
