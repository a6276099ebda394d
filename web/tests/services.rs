//! The editor's language services through the binding, natively: what the page asks and
//! the JSON it reads back, places counted as the editor counts them (UTF-16 units).

use serde_json::{json, Value};
use tabula_web::services::{complete, definition, format, hover};

/// A game with a misspelt local: `cc` for `c`.
const GAME: &str = "game \"t\"\nplayers a, b\nboard { grid 2 x 2 }\npiece p\n\
define open = exists(c in cells where empty(c))\n\
action go \"{c}\" for c in cells let d = c where empty(cc) { put p of mover at c }\n\
phase play { starts a actions go }\n";

fn json_of(answer: Result<String, wasm_bindgen::JsError>) -> Value {
    serde_json::from_str(&answer.unwrap_or_else(|_| panic!("an answer"))).expect("JSON")
}

/// The UTF-16 offset of the `n`th `word` of `text`.
fn at(text: &str, word: &str, n: usize) -> usize {
    let byte = text.match_indices(word).nth(n).expect("the word").0;
    text[..byte].encode_utf16().count()
}

#[test]
fn hover_on_a_function_says_what_the_language_server_says() {
    let from = at(GAME, "exists", 0);
    let h = json_of(hover(GAME, from + 2));
    // The text tests/lsp.rs asserts for the same word.
    assert_eq!(
        h,
        json!({
            "from": from,
            "to": from + 6,
            "text": "```tabula\nexists(X in DOMAIN [where COND]) -> true/false\n```\nWhether any element of the domain is kept by the condition; stops at the first."
        })
    );
    assert_eq!(
        json_of(hover(GAME, 6)),
        Value::Null,
        "nothing inside the title"
    );
}

#[test]
fn places_after_a_wide_character_are_counted_in_utf16_units() {
    // `𝄞` is one character, two UTF-16 units and four bytes.
    let text = GAME.replace("game \"t\"", "game \"𝄞\"");
    let from = at(&text, "exists", 0);
    assert_eq!(from, at(GAME, "exists", 0) + 1);
    let h = json_of(hover(&text, from));
    assert_eq!(
        (h["from"].as_u64(), h["to"].as_u64()),
        (Some(from as u64), Some(from as u64 + 6))
    );
}

#[test]
fn completion_in_a_where_offers_the_locals_above_first() {
    let cursor = at(GAME, "cc", 0) + 2;
    let c = json_of(complete(GAME, cursor));
    assert_eq!(c["from"], cursor - 2, "the word being typed starts at `cc`");
    let items = c["items"].as_array().expect("a list");
    let labels: Vec<&str> = items.iter().filter_map(|i| i["label"].as_str()).collect();
    assert_eq!(
        &labels[..2],
        ["c", "d"],
        "the locals of the action come first"
    );
    assert_eq!(items[0]["kind"], "local name");
    assert!(labels.contains(&"open"), "a define in scope: {labels:?}");
    assert!(labels.contains(&"empty"), "a built-in function: {labels:?}");
    let empty = items.iter().find(|i| i["label"] == "empty").expect("empty");
    assert_eq!(empty["kind"], "function");
    assert_eq!(empty["detail"], "empty(c) -> true/false");
}

#[test]
fn definition_moves_to_the_declaration_in_the_same_text() {
    let used = at(GAME, "open", 0);
    let d = json_of(definition(GAME, used));
    assert_eq!(d, json!({ "from": used, "to": used + 4 }));
    let go = at(GAME, "go", 1);
    let declared = at(GAME, "go", 0);
    assert_eq!(
        json_of(definition(GAME, go)),
        json!({ "from": declared, "to": declared + 2 })
    );
    assert_eq!(json_of(definition(GAME, 1)), Value::Null);
}

#[test]
fn the_misspelt_name_carries_its_code_and_the_edit_that_mends_it() {
    let checked = json_of(tabula_web::check("t.tabula", GAME, Vec::new()));
    let problem = &checked["problems"][0];
    assert_eq!(problem["message"], "unknown name `cc`");
    assert_eq!(problem["code"], "unknown-name");
    // `cc` is on line 6, from column 54 (1-based, in characters).
    let line = GAME.lines().nth(5).expect("line 6");
    assert_eq!(line.find("cc"), Some(53));
    assert_eq!(
        problem["suggestions"],
        json!([{ "line": 6, "column": 54, "end_line": 6, "end_column": 56, "text": "c" }])
    );
    let mended = GAME.replace("empty(cc)", "empty(c)");
    let again = json_of(tabula_web::check("t.tabula", &mended, Vec::new()));
    assert_eq!(again["problems"], json!([]));
    assert_eq!(again["ok"], true);
}

#[test]
fn a_name_declared_twice_points_at_the_first() {
    let text = GAME.replace("piece p\n", "piece p\npiece p\n");
    let checked = json_of(tabula_web::check("t.tabula", &text, Vec::new()));
    let problem = &checked["problems"][0];
    assert_eq!(problem["code"], "declared-twice");
    assert_eq!(
        problem["related"],
        json!([{ "line": 4, "column": 7, "end_line": 4, "end_column": 8, "text": "first declared here" }])
    );
}

#[test]
fn format_lays_the_text_out_as_tabula_fmt_does() {
    let messy = "game   \"t\"\nplayers a,b\nboard {grid 2 x 2}\npiece p\n\
                 action go \"{c}\" for c in cells where empty(c) {put p of mover at c}\n\
                 phase play {starts a actions go}\n";
    // Laid out by hand in the layout docs/format.md describes.
    let laid = "game \"t\"\nplayers a, b\nboard { grid 2 x 2 }\npiece p\n\
                action go \"{c}\" for c in cells where empty(c) { put p of mover at c }\n\
                phase play { starts a actions go }\n";
    assert_eq!(json_of(format("t.tabula", messy)), json!({ "text": laid }));
    let bad = json_of(format("t.tabula", "game \"t\"\nplayers a b\n"));
    let error = bad["error"].as_str().expect("the syntax error");
    assert!(error.starts_with("error: "), "{error}");
    assert!(error.contains("--> t.tabula:2:"), "{error}");
}
