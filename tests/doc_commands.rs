//! Every `$ ` command shown in README.md and docs/ is run through the built binary and
//! its output compared with the text the page shows after it, so the pages cannot go
//! stale.
//!
//! How a page is read:
//! - a fenced block holds commands when one of its lines starts with `$ `; the lines
//!   after a command, up to the next command or the end of the block, are its output
//!   (standard output and standard error together, as a terminal shows them);
//! - `tabula` at the start of a command (or after a `|`) is the binary under test; other
//!   commands (`cat`, `echo`, `sed`, ...) run in `sh`, in a scratch directory holding a
//!   copy of `games/` and `examples/`, one directory per page, so the
//!   files a page writes are seen by its later commands;
//! - a block just after the line `<!-- doc-test: file NAME -->` is written to the file
//!   NAME before the commands that follow it run (a state shown on the page, then used);
//! - a block just after `<!-- doc-test: output -->` is the output of the last command
//!   before it, when that command's own block shows none (a long state in its own
//!   `json` block);
//! - a line starting with `...` (indented or not, with a remark after it or not)
//!   stands for any number of lines;
//! - timings are masked: `in 0.94 s: 318 games/s` compares equal to any other figures;
//! - the lines a person types at the prompt of `tabula play` (`blue> X@c3`) are fed to
//!   it as its input and are not part of its output;
//! - a block just after the line `<!-- doc-test: skip -->` is not run (long runs, or
//!   output that depends on the machine).

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const MARK: &str = "<!-- doc-test: ";

/// What a page asks for, in order.
enum Step {
    Run(Shown),
    Write(String, String),
}

/// What the marker before a block says to do with it.
#[derive(Clone, PartialEq)]
enum Marked {
    Run,
    Skip,
    File(String),
    Output,
}

/// One command shown on a page, with the output the page shows for it.
struct Shown {
    page: String,
    line: usize,
    command: String,
    output: Vec<String>,
}

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

/// The commands and files of one page, in order.
fn steps(page: &str, text: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let mut marked = Marked::Run;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        if let Some(mark) = trimmed.strip_prefix(MARK) {
            let mark = mark.trim_end().trim_end_matches("-->").trim();
            marked = match mark.split_once(' ') {
                _ if mark == "skip" => Marked::Skip,
                _ if mark == "output" => Marked::Output,
                Some(("file", name)) => Marked::File(name.trim().to_string()),
                _ => panic!("{page}:{}: unknown doc-test mark `{mark}`", i + 1),
            };
            i += 1;
            continue;
        }
        if !trimmed.starts_with("```") {
            if !trimmed.is_empty() {
                marked = Marked::Run;
            }
            i += 1;
            continue;
        }
        // A fenced block: its lines, without the fence's indentation.
        let indent = lines[i].len() - trimmed.len();
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].trim_start().starts_with("```") {
            end += 1;
        }
        let block: Vec<&str> = lines[start..end]
            .iter()
            .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
            .collect();
        match std::mem::replace(&mut marked, Marked::Run) {
            Marked::Skip => {}
            Marked::File(name) => {
                let mut content = block.join("\n");
                content.push('\n');
                steps.push(Step::Write(name, content));
            }
            Marked::Output => match steps.last_mut() {
                Some(Step::Run(shown)) if shown.output.iter().all(|l| l.is_empty()) => {
                    shown.output = block.iter().map(|l| l.to_string()).collect();
                }
                _ => panic!(
                    "{page}:{}: an output block follows no command without output",
                    start
                ),
            },
            Marked::Run => steps.extend(commands(page, &block, start).into_iter().map(Step::Run)),
        }
        i = end + 1;
    }
    steps
}

/// The commands of one block (its first line is line `first` of the page).
fn commands(page: &str, block: &[&str], first: usize) -> Vec<Shown> {
    let mut shown = Vec::new();
    let mut current: Option<Shown> = None;
    let mut j = 0;
    while j < block.len() {
        let l = block[j];
        if let Some(cmd) = l.strip_prefix("$ ") {
            shown.extend(current.take());
            let mut command = cmd.to_string();
            let line = first + j + 1;
            // A line ending in `\`, or an open quote, goes on on the next line.
            while (command.ends_with('\\') || command.matches('\'').count() % 2 == 1)
                && j + 1 < block.len()
            {
                j += 1;
                command.push('\n');
                command.push_str(block[j]);
            }
            current = Some(Shown {
                page: page.to_string(),
                line,
                command,
                output: Vec::new(),
            });
        } else if let Some(c) = current.as_mut() {
            c.output.push(l.to_string());
        }
        j += 1;
    }
    shown.extend(current);
    shown
}

/// `0.94 s`, `318 games/s`, `12 ms` become `# s`, `# games/s`, `# ms`.
fn mask_timings(line: &str) -> String {
    let units = [
        " s",
        " ms",
        " games/s",
        " decisions/s",
        " moves/s",
        " leaves/s",
    ];
    let mut out = String::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < line.len() {
        let c = bytes[i];
        let starts_number = c.is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric());
        if starts_number {
            let mut j = i;
            while j < line.len() && (bytes[j].is_ascii_digit() || bytes[j] == b'.') {
                j += 1;
            }
            let rest = &line[j..];
            let unit = units.iter().find(|u| {
                rest.starts_with(*u)
                    && !rest[u.len()..]
                        .chars()
                        .next()
                        .is_some_and(|n| n.is_alphanumeric())
            });
            if unit.is_some() {
                out.push('#');
                i = j;
                continue;
            }
            out.push_str(&line[i..j]);
            i = j;
            continue;
        }
        let ch = line[i..].chars().next().expect("a character");
        out.push(ch);
        i += ch.len_utf8();
    }
    out.trim_end().to_string()
}

/// Whether `actual` is `expected`, a line `...` of `expected` standing for any lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e.trim_start().starts_with("...") => {
            (0..=actual.len()).any(|k| matches(rest, &actual[k..]))
        }
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, arest)| a == e && matches(rest, arest)),
    }
}

/// A line typed at the prompt of `tabula play`: `blue> X@c3`, `white 8/5> moves`.
fn typed(line: &str) -> Option<&str> {
    let (prompt, input) = match line.strip_suffix('>') {
        // A prompt with nothing typed (the last line of a session).
        Some(prompt) => (prompt, ""),
        None => line.split_once("> ")?,
    };
    let words: Vec<&str> = prompt.split(' ').collect();
    let ok = !prompt.is_empty()
        && words.len() <= 2
        && words[0]
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        && !prompt.starts_with(char::is_whitespace);
    ok.then_some(input)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a scratch directory");
    for entry in std::fs::read_dir(from).expect("a readable directory") {
        let entry = entry.expect("a directory entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copied file");
        }
    }
}

fn scratch(root: &Path, page: &str) -> PathBuf {
    let name = page.replace(['/', '.'], "-");
    let dir = std::env::temp_dir().join(format!("tabula-doc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["games", "examples"] {
        copy_dir(&root.join(sub), &dir.join(sub));
    }
    let bin = dir.join(".bin");
    std::fs::create_dir_all(&bin).expect("a bin directory");
    let script = format!(
        "#!/bin/sh\nexec '{}' \"$@\"\n",
        env!("CARGO_BIN_EXE_tabula")
    );
    std::fs::write(bin.join("tabula"), script).expect("the tabula script");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(bin.join("tabula"), std::fs::Permissions::from_mode(0o755))
            .expect("an executable script");
    }
    dir
}

/// Runs one command and returns what it printed, timings masked.
fn run(dir: &Path, shown: &Shown) -> Vec<String> {
    let is_play = shown.command.starts_with("tabula play");
    let mut input = String::new();
    for l in &shown.output {
        if let Some(t) = typed(l).filter(|t| is_play && !t.is_empty()) {
            input.push_str(t);
            input.push('\n');
        }
    }
    let path = format!(
        "{}:{}",
        dir.join(".bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{}", shown.command))
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", dir.join(".data"))
        .env("COLUMNS", "100")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("a stdin");
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("the command ends");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(mask_timings)
        .collect()
}

fn expected(shown: &Shown) -> Vec<String> {
    let is_play = shown.command.starts_with("tabula play");
    let mut lines: Vec<String> = shown
        .output
        .iter()
        .filter(|l| !(is_play && typed(l).is_some()))
        .map(|l| mask_timings(l))
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

#[test]
fn every_command_in_the_docs_prints_what_the_docs_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let mut count = 0;
    for page in pages(root) {
        let text = std::fs::read_to_string(&page).expect("a readable page");
        let name = page
            .strip_prefix(root)
            .unwrap_or(&page)
            .display()
            .to_string();
        let steps = steps(&name, &text);
        if steps.is_empty() {
            continue;
        }
        let dir = scratch(root, &name);
        for step in &steps {
            let s = match step {
                Step::Write(file, content) => {
                    std::fs::write(dir.join(file), content).expect("a written file");
                    continue;
                }
                Step::Run(s) => s,
            };
            count += 1;
            let started = std::time::Instant::now();
            let mut actual = run(&dir, s);
            if started.elapsed().as_secs() >= 3 {
                // Worth knowing: the docs' examples are meant to run in a moment.
                eprintln!("{}:{}: took {:?}", s.page, s.line, started.elapsed());
            }
            while actual.last().is_some_and(|l| l.is_empty()) {
                actual.pop();
            }
            let expected = expected(s);
            if !matches(&expected, &actual) {
                failures.push(format!(
                    "{}:{}: $ {}\n--- shown\n{}\n--- printed\n{}\n",
                    s.page,
                    s.line,
                    s.command,
                    expected.join("\n"),
                    actual.join("\n")
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(count > 50, "only {count} commands found in the docs");
    assert!(
        failures.is_empty(),
        "{} of {count} commands in the docs print something else:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_reader_of_pages_finds_commands_outputs_and_skips() {
    let page = "text\n\n```\n$ tabula moves x\na\n...\n$ echo 'one\ntwo'\none\n```\n\n\
                <!-- doc-test: skip -->\n```\n$ tabula playout x -n 100000\nlong\n```\n\
                <!-- doc-test: file s.json -->\n```json\n{}\n```\n\
                ```\n$ tabula state x\n```\n<!-- doc-test: output -->\n```\n{\n}\n```\n";
    let steps = steps("p.md", page);
    assert_eq!(steps.len(), 4);
    assert!(matches!(&steps[2], Step::Write(f, c) if f == "s.json" && c == "{}\n"));
    assert!(
        matches!(&steps[3], Step::Run(s) if s.command == "tabula state x" && s.output == ["{", "}"])
    );
    let shown: Vec<&Shown> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Run(s) => Some(s),
            Step::Write(..) => None,
        })
        .collect();
    assert_eq!(shown[0].command, "tabula moves x");
    assert_eq!(shown[0].line, 4);
    assert_eq!(shown[0].output, ["a", "..."]);
    assert_eq!(shown[1].command, "echo 'one\ntwo'");
    assert_eq!(shown[1].output, ["one"]);
}

#[test]
fn timings_are_masked_and_ellipses_stand_for_any_lines() {
    assert_eq!(
        mask_timings("100 games of Invictus in 1.65 s: 61 games/s"),
        "100 games of Invictus in # s: # games/s"
    );
    assert_eq!(mask_timings("perft 3: 2340 leaves"), "perft 3: 2340 leaves");
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n ...\nd"), &lines("a\nd")));
    assert!(matches(&lines("a\n...   (2 lines)"), &lines("a\nb\nc")));
    assert!(!matches(&lines("a\n...\nd"), &lines("a\nb\nc")));
    assert_eq!(typed("white 8/5> moves"), Some("moves"));
    assert_eq!(typed("blue> X@c3"), Some("X@c3"));
    assert_eq!(typed("game over>"), Some(""));
    assert_eq!(typed("   a -> b"), None);
}
