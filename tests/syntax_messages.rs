//! Every file one word away from a shipped game or example gets a syntax-error message
//! a reader can act on: it points inside the file, names what could come there, and
//! names each thing once. The files are made by deleting or doubling one word, or by
//! putting a stray token before it, at evenly spaced words of each file.

use std::collections::HashSet;

/// The rules files shipped with tabula: the games and the examples.
fn shipped() -> Vec<(String, String)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = Vec::new();
    for dir in ["games", "examples/rules"] {
        let mut paths: Vec<_> = std::fs::read_dir(format!("{root}/{dir}"))
            .expect("the folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "tabula"))
            .collect();
        paths.sort();
        for p in paths {
            let text = std::fs::read_to_string(&p).expect("the file");
            files.push((p.display().to_string(), text));
        }
    }
    files
}

/// The byte ranges of the words and punctuation of `text`, comments, strings and rules
/// texts (`rules """ ... """`, prose a word less or more of keeps valid) aside.
fn words(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut in_text = false;
    for (offset, line) in text.split_inclusive('\n').scan(0, |at, l| {
        let start = *at;
        *at += l.len();
        Some((start, l))
    }) {
        if line.matches("\"\"\"").count() % 2 == 1 {
            in_text = !in_text;
            continue;
        }
        let line = line.split("//").next().unwrap_or("");
        if in_text || line.contains('"') {
            continue;
        }
        let mut i = 0;
        let b = line.as_bytes();
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_alphanumeric() || c == b'_' {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push((offset + start, offset + i));
            } else if b"{}()[],;:=".contains(&c) {
                out.push((offset + i, offset + i + 1));
                i += 1;
            } else {
                i += 1;
            }
        }
    }
    out
}

/// The things a message says were expected: each part between backquotes or named
/// in words, split at commas and the last "or".
fn expected_items(message: &str) -> Option<Vec<String>> {
    let rest = message.strip_prefix("expected ")?;
    let list = rest.rsplit_once(", found").map_or(rest, |(l, _)| l);
    let (head, last) = match list.rsplit_once(" or ") {
        // " or " inside brackets belongs to the last item's description.
        Some((h, l)) if !l.contains(')') || l.contains('(') => (h, l),
        _ => (list, ""),
    };
    let mut items: Vec<String> = split_outside_brackets(head);
    if !last.is_empty() {
        items.push(last.trim().to_string());
    }
    Some(items)
}

/// `a, b (c, d), e` split at the commas outside brackets and backquotes.
fn split_outside_brackets(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth, mut quoted) = (Vec::new(), String::new(), 0, false);
    for c in s.chars() {
        match c {
            '`' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            ',' if depth == 0 && !quoted => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur.trim().to_string());
    out
}

#[test]
fn a_word_away_from_a_shipped_file_the_message_is_usable() {
    let mut checked = 0;
    for (name, text) in shipped() {
        let words = words(&text);
        // About twelve places a file, spread over it.
        let stride = (words.len() / 12).max(1);
        for (k, &(a, b)) in words.iter().enumerate().step_by(stride) {
            let word = &text[a..b];
            let broken = [
                format!("{}{}", &text[..a], &text[b..]),
                format!("{}{word} {word}{}", &text[..a], &text[b..]),
                format!(
                    "{}{} {}",
                    &text[..a],
                    ["{", ")", "where", "->", ","][k % 5],
                    &text[a..]
                ),
            ];
            for broken in broken {
                let Err(d) = tabula::internals::parse(&broken) else {
                    continue;
                };
                checked += 1;
                let context = format!("{name}, word {k} (`{word}`): {}", d.message);
                assert!(d.span.start <= broken.len(), "{context}");
                assert!(!d.message.contains("something else"), "{context}");
                if let Some(items) = expected_items(&d.message) {
                    assert!(items.iter().all(|i| !i.is_empty()), "{context}");
                    let unique: HashSet<&String> = items.iter().collect();
                    assert_eq!(unique.len(), items.len(), "{context}");
                    // A name of a rule that lists tokens ("`value` or `neutral`") is
                    // never beside one of those tokens.
                    for i in &items {
                        let quoted = format!("`{}`", i.trim_matches('`'));
                        let inside = items.iter().filter(|j| *j != i && j.contains(&quoted));
                        assert_eq!(inside.count(), 0, "{context}");
                    }
                }
            }
        }
    }
    assert!(checked > 300, "only {checked} broken files failed to parse");
}
