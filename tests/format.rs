//! `tabula fmt`: every shipped and example rules file is in the canonical layout; a
//! file with its white space scrambled formats back to it and is the same game; the
//! command formats in place, checks, and reads standard input.

mod cli_support;

use cli_support::Test;
use tabula::format::format;
use tabula::{compile, Engine, Source};

/// Every rules file the repository ships: the games and the examples.
fn rules_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in ["games", "examples/rules"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "tabula") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 18, "found only {files:?}");
    files
}

/// A small seeded generator, so a failure names its seed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// `text` with its white space changed where that cannot change a token: spaces
/// between tokens become one to three, indentation is anything, blank lines are added,
/// spaces appear inside brackets and before commas, lines get trailing spaces. Texts
/// and comments are left alone.
fn scramble(text: &str, seed: u64) -> String {
    let mut rng = Lcg(seed);
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' {
            // A text runs to its closing quote (a rules text, `"""`, to its own).
            let triple = chars[i..].starts_with(&['"', '"', '"']);
            let close: &[char] = if triple { &['"', '"', '"'] } else { &['"'] };
            let from = i;
            i += close.len();
            while i < chars.len() && !chars[i..].starts_with(close) {
                i += 1;
            }
            i = (i + close.len()).min(chars.len());
            out.extend(&chars[from..i]);
            line_start = false;
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(chars[i]);
                i += 1;
            }
            continue;
        }
        if c == '\n' {
            if rng.below(4) == 0 {
                out.push_str("   ");
            }
            out.push('\n');
            // Where a blank line is, more of them.
            if chars.get(i + 1) == Some(&'\n') && rng.below(2) == 0 {
                out.push_str("\n  \n");
            }
            i += 1;
            line_start = true;
            continue;
        }
        if c == ' ' || c == '\t' {
            while i < chars.len() && (chars[i] == ' ' || chars[i] == '\t') {
                i += 1;
            }
            let n = if line_start {
                rng.below(7)
            } else {
                1 + rng.below(3)
            };
            out.extend(std::iter::repeat_n(' ', n as usize));
            continue;
        }
        if line_start && rng.below(2) == 0 {
            out.extend(std::iter::repeat_n(' ', rng.below(5) as usize));
        }
        line_start = false;
        if matches!(c, ',' | ')' | ']') && rng.below(3) == 0 {
            out.push(' ');
        }
        out.push(c);
        if matches!(c, '(' | '[') && rng.below(3) == 0 {
            out.push(' ');
        }
        i += 1;
    }
    out
}

/// What a game is, compared across layouts: its declarations and its move counts.
fn same_game(name: &str, a: &str, b: &str) {
    let ga = compile(&Source::new(name, a), &[]).unwrap_or_else(|e| panic!("{e}"));
    let gb = compile(&Source::new(name, b), &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ga.players(), gb.players(), "{name}");
    assert_eq!(ga.rules().board.cells, gb.rules().board.cells, "{name}");
    let names = |g: &tabula::Game| -> Vec<String> {
        g.rules()
            .actions
            .iter()
            .chain(&g.rules().chances)
            .map(|m| m.name.clone())
            .chain(g.rules().phases.iter().map(|p| p.name.clone()))
            .collect()
    };
    assert_eq!(names(&ga), names(&gb), "{name}");
    let perft = |g: &tabula::Game| {
        let mut e = Engine::new(g);
        let s = e.initial_state().unwrap();
        (1..=3)
            .map(|d| e.perft(&s, d).unwrap())
            .collect::<Vec<u64>>()
    };
    assert_eq!(perft(&ga), perft(&gb), "{name}: perft 1 to 3");
}

#[test]
fn every_shipped_and_example_rules_file_is_in_the_layout() {
    let mut off = Vec::new();
    for path in rules_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let formatted = format(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        if formatted != text {
            off.push(path.display().to_string());
        }
    }
    assert!(
        off.is_empty(),
        "not in the layout (run `tabula fmt` on them): {off:?}"
    );
}

#[test]
fn a_scrambled_file_formats_back_to_itself_and_is_the_same_game() {
    for (k, path) in rules_files().iter().enumerate() {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let canonical = format(&text).unwrap();
        for seed in 0..3u64 {
            let seed = seed * 1000 + k as u64;
            let messy = scramble(&canonical, seed);
            let back = format(&messy).unwrap_or_else(|e| panic!("{name} seed {seed}: {e:?}"));
            assert_eq!(back, canonical, "{name}, scrambled with seed {seed}");
            if seed < 1000 {
                same_game(&name, &messy, &back);
            }
        }
        assert_eq!(format(&canonical).unwrap(), canonical, "{name}: twice");
    }
}

#[test]
fn fmt_writes_a_file_in_the_layout_and_check_names_the_first_line_off() {
    let messy = "game  \"t\"\nplayers a,b\nboard { grid 2 x 1 }\npiece p\naction go \"{c}\"\nfor c in cells where empty( c )\n{ put p of mover at c }\nphase play { actions go }\n";
    let laid = "game \"t\"\nplayers a, b\nboard { grid 2 x 1 }\npiece p\naction go \"{c}\"\n  for c in cells where empty(c)\n{ put p of mover at c }\nphase play { actions go }\n";
    Test::new()
        .file("t.tabula", messy)
        .args(&["fmt", "--check", "t.tabula"])
        .stdout("t.tabula:1: not in the canonical layout (`tabula fmt t.tabula` lays it out)\n")
        .failure()
        .run();
    Test::new()
        .file("t.tabula", messy)
        .args(&["fmt", "t.tabula"])
        .stdout("formatted t.tabula\n")
        .expect_file("t.tabula", laid)
        .run();
    Test::new()
        .file("t.tabula", laid)
        .args(&["fmt", "--check", "t.tabula"])
        .stdout("")
        .run();
    Test::new()
        .stdin(messy)
        .args(&["fmt", "-"])
        .stdout(laid)
        .run();
}

#[test]
fn fmt_leaves_a_file_that_does_not_parse_and_shows_why() {
    Test::new()
        .file("bad.tabula", "game \"t\"\nplayers a b\n")
        .args(&["fmt", "bad.tabula"])
        .stderr("error: expected `,`, found `b`\n  --> bad.tabula:2:11\n  |\n2 | players a b\n  |           ^\n\n")
        .expect_file("bad.tabula", "game \"t\"\nplayers a b\n")
        .failure()
        .run();
}
