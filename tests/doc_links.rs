//! Every relative link and every file name that README.md and the pages under docs/
//! cite names a file of the repository, so a reader who follows one finds it.
//!
//! How a page is read:
//! - a link `[text](target)` whose target has no scheme is a path from the page's own
//!   folder (an `#anchor` after it is dropped);
//! - a word of prose, or of inline code, that ends in a file extension the project uses
//!   (`games/kalah.tabula`, `docs/repl.md`) is a file name;
//! - a name with a `/` is found when a file's path ends with it (`engine/game.rs` is
//!   `interpreter/engine/game.rs`), and one without when a file bears it;
//! - fenced blocks are not checked: their commands write and read files of their own, in
//!   a scratch folder (tests/doc_commands.rs runs them), and prose may name those files
//!   too (`saved as bar.json`), so a name that a fenced block or a doc-test mark of the
//!   same page holds is found;
//! - a word with a `*`, `<` or `{` in it, or with no small letter before its extension
//!   (`NAME.tabula`),
//!   stands for many files and is left out.

use std::path::{Path, PathBuf};

const EXTENSIONS: [&str; 9] = [
    "md", "tabula", "rs", "py", "toml", "json", "pest", "sh", "txt",
];

fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![root.join("README.md")];
    for dir in ["docs", "docs/games"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("docs/ is readable")
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        found.sort();
        pages.extend(found);
    }
    pages
}

/// The path of every file of the repository from its root, with `/` between folders.
fn file_paths(root: &Path, dir: &Path, paths: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("the repository is readable") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            // Installed packages (npm's node_modules) are no files of the repository.
            if name != "target" && name != "node_modules" && !name.starts_with('.') {
                file_paths(root, &path, paths);
            }
        } else if let Ok(relative) = path.strip_prefix(root) {
            let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            paths.push(parts.join("/"));
        }
    }
}

/// A page with its fenced blocks and marks blanked out (so lines keep their numbers),
/// and the file names those blocks, those marks and the page's commands hold.
fn prose(text: &str) -> (String, Vec<String>) {
    let mut fenced = false;
    let mut prose = String::new();
    let mut own = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fenced = !fenced;
        } else if fenced || trimmed.starts_with("<!--") {
            own.extend(cited(line));
        } else {
            prose.push_str(line);
        }
        prose.push('\n');
    }
    for (code, _, part) in spans(&prose) {
        if code && part.trim().contains(char::is_whitespace) {
            own.extend(cited(part));
        }
    }
    (prose, own)
}

/// A text cut into prose and inline code (`true`), each part with where it starts; a
/// code span runs from a run of backticks to the next run as long, over lines or not.
fn spans(text: &str) -> Vec<(bool, usize, &str)> {
    let mut parts = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find('`').map(|at| from + at) {
        let ticks = text[open..].len() - text[open..].trim_start_matches('`').len();
        let inner = open + ticks;
        let fence = "`".repeat(ticks);
        let close = text[inner..]
            .match_indices(&fence)
            .map(|(at, _)| inner + at)
            .find(|&at| !text[at + ticks..].starts_with('`') && !text[..at].ends_with('`'));
        let Some(close) = close else { break };
        parts.push((false, from, &text[from..open]));
        parts.push((true, inner, &text[inner..close]));
        from = close + ticks;
    }
    parts.push((false, from, &text[from..]));
    parts
}

/// The file names a page's prose cites, with their line numbers: words of its prose,
/// and code spans that are one name (a code span with a space in it is a command or a
/// message, whose file names are the reader's to choose).
fn citations(prose: &str) -> Vec<(usize, String)> {
    let line_of = |at: usize| 1 + prose[..at].matches('\n').count();
    let mut found = Vec::new();
    for (code, start, part) in spans(prose) {
        if code && part.trim().contains(char::is_whitespace) {
            continue;
        }
        let mut at = 0;
        for line in part.split_inclusive('\n') {
            let number = line_of(start + at);
            found.extend(cited(line).into_iter().map(|name| (number, name)));
            at += line.len();
        }
    }
    found
}

/// The targets of the links of a line that point into the repository.
fn links(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split_whitespace().next().unwrap_or("");
        let target = target.split('#').next().unwrap_or("");
        if !target.is_empty() && !target.contains(':') {
            found.push(target.to_string());
        }
        rest = &rest[end..];
    }
    found
}

/// The words of a line that read as file names.
fn cited(line: &str) -> Vec<String> {
    line.split(|c: char| !(c.is_alphanumeric() || "._-/*<>{}".contains(c)))
        .map(|w| w.trim_matches(|c: char| c == '.' || c == '/'))
        .filter(|w| !w.contains(['*', '<', '>', '{', '}']) && !w.starts_with('-'))
        .filter(|w| {
            w.rsplit_once('.').is_some_and(|(stem, ext)| {
                stem.chars().any(char::is_lowercase)
                    && !stem.ends_with('/')
                    && EXTENSIONS.contains(&ext)
            })
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn every_link_and_file_name_on_a_page_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    file_paths(root, root, &mut paths);
    let mut missing = Vec::new();
    for page in pages(root) {
        let text = std::fs::read_to_string(&page).expect("a page is readable");
        let shown = page
            .strip_prefix(root)
            .unwrap_or(&page)
            .display()
            .to_string();
        let folder = page.parent().unwrap_or(root);
        let (prose, own) = prose(&text);
        for (number, line) in prose.lines().enumerate() {
            for target in links(line) {
                if !folder.join(&target).exists() {
                    missing.push(format!("{shown}:{}: link to `{target}`", number + 1));
                }
            }
        }
        for (number, name) in citations(&prose) {
            let tail = format!("/{name}");
            let found = own.contains(&name)
                || folder.join(&name).exists()
                || paths.iter().any(|p| p == &name || p.ends_with(&tail));
            if !found {
                missing.push(format!("{shown}:{number}: file `{name}`"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "pages cite files the repository does not hold:\n{}",
        missing.join("\n")
    );
}
