//! The table an editor's hover and completion read (`tabula::services::reference`) and
//! docs/language.md say the same: every word and function of the table is documented
//! there, and every declaration, effect and function documented there is in the table.

use tabula::services::reference::{self, Place, BUILT_IN_NAMES, FUNCTIONS, KEYWORDS};

fn language() -> String {
    std::fs::read_to_string("docs/language.md").expect("docs/language.md")
}

/// The words inside the code spans of a text.
fn code_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for span in text.split('`').skip(1).step_by(2) {
        for w in span.split(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '-') {
            if !w.is_empty() {
                words.push(w.to_string());
            }
        }
    }
    words
}

/// The rows of the first table after `heading`: their first cells.
fn first_cells(text: &str, heading: &str) -> Vec<String> {
    let from = text.find(heading).unwrap_or_else(|| panic!("{heading}"));
    text[from..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| l.split('|').nth(1).unwrap_or("").trim().to_string())
        .collect()
}

#[test]
fn every_word_and_function_of_the_table_is_documented() {
    let doc = language();
    let words = code_words(&doc);
    for k in KEYWORDS {
        assert!(
            words.iter().any(|w| w == k.word),
            "`{}` is not in docs/language.md",
            k.word
        );
    }
    for f in FUNCTIONS {
        let called = format!("`{}(", f.name);
        let named = format!("`{}`", f.name);
        assert!(
            doc.contains(&called) || doc.contains(&named),
            "`{}` is not in docs/language.md",
            f.name
        );
    }
    for n in BUILT_IN_NAMES {
        assert!(words.iter().any(|w| w == n.name), "`{}`", n.name);
    }
}

#[test]
fn every_function_documented_is_in_the_table() {
    let doc = language();
    let mut names = Vec::new();
    for cell in first_cells(&doc, "### Functions") {
        for span in cell.split('`').skip(1).step_by(2) {
            if let Some((name, _)) = span.split_once('(') {
                names.push(name.to_string());
            }
        }
    }
    let aggregates = &doc[doc.find("### Aggregates").unwrap()..];
    let block = &aggregates[..aggregates.find("```\n\n").unwrap()];
    for line in block.lines().skip(1) {
        if let Some((name, _)) = line.split_once('(') {
            names.push(name.to_string());
        }
    }
    assert!(names.len() >= 30, "{names:?}");
    for name in names {
        assert!(
            reference::function(&name).is_some(),
            "`{name}` has no entry"
        );
    }
}

#[test]
fn every_declaration_and_effect_documented_is_in_the_table() {
    let doc = language();
    let declarations = first_cells(&doc, "## 3. The shape of a file");
    assert!(declarations.len() >= 20, "{declarations:?}");
    for cell in declarations {
        let word = cell.trim_start_matches('`');
        let word = word
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap();
        let k = reference::keyword(word).unwrap_or_else(|| panic!("`{word}` has no entry"));
        assert_eq!(k.place, Place::Declaration, "{word}");
    }
    let effects = first_cells(&doc, "## 11. Effects");
    assert!(effects.len() >= 14, "{effects:?}");
    for cell in effects {
        let word = cell.trim_start_matches('`');
        let word = word
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap();
        // `NAME = E` sets a counter: a name, no word.
        if word == "NAME" {
            continue;
        }
        assert!(
            reference::keyword(word).is_some() || reference::built_in_name(word).is_some(),
            "`{word}` has no entry"
        );
    }
}
