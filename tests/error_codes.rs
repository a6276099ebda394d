//! Every kind of problem has a code, each code names one kind, and docs/errors.md lists
//! them all, in the order `ErrorKind::code` and `StateErrorKind::code` give them.

use std::path::Path;

/// The codes of `ErrorKind::code` and `StateErrorKind::code`, read from their matches:
/// one arm per variant, which the compiler holds to every variant.
fn codes_of_the_enum() -> Vec<String> {
    let mut codes = codes_of("code.rs");
    codes.extend(codes_of("state_kind.rs"));
    codes
}

/// The codes a `code` method of a file of interpreter/diagnostic/ gives.
fn codes_of(file: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("interpreter/diagnostic").join(file))
        .expect("the file is readable");
    let start = text.find("pub fn code(&self)").expect("`code` is there");
    let body = &text[start..];
    let body = &body[..body.find("\n    }\n").expect("`code` ends")];
    body.lines()
        .filter_map(|l| l.split_once("=> \""))
        .map(|(_, rest)| rest.trim_end_matches("\",").to_string())
        .collect()
}

/// The codes the table of docs/errors.md lists.
fn codes_of_the_page() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/errors.md")).expect("the page");
    let table = &page[page.find("## The codes").expect("the section")..];
    table
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`'))
        .map(|(code, _)| code.to_string())
        .collect()
}

#[test]
fn every_code_is_one_kind_and_the_page_lists_them_all() {
    let codes = codes_of_the_enum();
    assert!(codes.len() > 100, "{codes:?}");
    let mut unique = codes.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), codes.len(), "a code names two kinds");
    for code in &codes {
        let kebab = code
            .split('-')
            .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase()));
        assert!(kebab, "`{code}` is not a kebab name");
    }
    assert_eq!(codes_of_the_page(), codes);
}
