//! Compile errors as data: each has its kind's code, the other places it is about and
//! the edits that would put it right, drawn by `tabula check` as secondary labels and
//! given as data by `tabula check --json`.

mod cli_support;
mod errors_support;

use cli_support::Test;
use errors_support::{diagnostics, BASE};
use serde_json::json;
use tabula::diagnostic::{ErrorKind, NameHelp, RelatedLabel, Span};

/// The span of the `n`th (from 0) `needle` in `text`.
fn span_of(text: &str, needle: &str, n: usize) -> Span {
    let at = text.match_indices(needle).nth(n).expect("there").0;
    Span::new(at, at + needle.len())
}

#[test]
fn a_name_declared_twice_has_its_first_declaration_as_a_related_place() {
    let text = BASE.replacen("piece wall neutral\n", "piece wall neutral\npiece p\n", 1);
    let list = diagnostics(&text);
    assert_eq!(list.len(), 1, "{list:?}");
    let d = &list[0];
    assert_eq!(d.code(), Some("declared-twice"));
    assert_eq!(
        d.kind.as_deref(),
        Some(&ErrorKind::DeclaredTwice {
            what: "piece",
            name: "p".to_string()
        })
    );
    // `piece p value 1..6` is the first; `piece p` on the sixth line the second.
    let first = span_of(&text, "piece p", 0);
    let second = span_of(&text, "piece p", 1);
    assert_eq!(d.span, Span::new(second.start + 6, second.end));
    assert_eq!(d.related.len(), 1);
    assert_eq!(d.related[0].span, Span::new(first.start + 6, first.end));
    assert_eq!(d.related[0].label, RelatedLabel::FirstDeclared);
    assert_eq!(d.related[0].game, None);
    assert!(d.suggestions.is_empty());
}

#[test]
fn names_that_clash_and_actions_declared_twice_point_at_the_first_too() {
    let text = BASE.replacen("counter k\n", "counter k\ncounter home\n", 1);
    let d = &diagnostics(&text)[0];
    assert_eq!(d.message, "`home` names both a counter and a region");
    assert_eq!(d.code(), Some("name-clash"));
    // The counter comes first in the file; the region clashes with it.
    assert_eq!(d.span, span_of(&text, "home", 1));
    assert_eq!(d.related[0].span, span_of(&text, "home", 0));

    let again =
        "action go \"x{to}\" for to in cells where empty(to) { put p of mover value 1 at to }\n";
    let text = format!("{BASE}{again}");
    let d = &diagnostics(&text)[0];
    assert_eq!(d.message, "the action `go` is declared twice");
    assert_eq!(d.span, span_of(&text, "go", 2));
    assert_eq!(d.related[0].span, span_of(&text, "go", 0));
}

#[test]
fn a_misspelt_name_suggests_the_close_one_as_an_edit() {
    let text = BASE.replacen("where empty(to)", "where empty(too)", 1);
    let d = &diagnostics(&text)[0];
    assert_eq!(
        d.kind.as_deref(),
        Some(&ErrorKind::UnknownName {
            name: "too".to_string(),
            help: NameHelp::Close("to".to_string())
        })
    );
    assert_eq!(d.hint.as_deref(), Some("did you mean `to`?"));
    assert_eq!(d.suggestions.len(), 1);
    assert_eq!(d.suggestions[0].span, span_of(&text, "too", 0));
    assert_eq!(d.suggestions[0].replacement, "to");

    // A subtraction written without spaces is spaced out.
    let text = BASE.replacen("score q = k", "score q = k-who", 1);
    let d = &diagnostics(&text)[0];
    assert_eq!(d.code(), Some("unknown-name"));
    assert_eq!(d.suggestions[0].span, span_of(&text, "k-who", 0));
    assert_eq!(d.suggestions[0].replacement, "k - who");

    // Nothing close: no edit, the hint lists what there is.
    let text = BASE.replacen("actions go", "actions zzz", 1);
    let d = &diagnostics(&text)[0];
    assert_eq!(d.code(), Some("unknown-action"));
    assert_eq!(d.hint.as_deref(), Some("the actions are: go"));
    assert!(d.suggestions.is_empty());
}

#[test]
fn a_problem_in_an_included_game_is_shown_at_the_include_and_in_the_game() {
    let text = "include \"naytin-six\"\ncounter rolled: player\n";
    let d = &diagnostics(text)[0];
    assert_eq!(d.code(), Some("type-mismatch"));
    assert_eq!(d.span, span_of(text, "naytin-six", 0));
    let game = tabula::games::built_in("naytin-six").expect("built in");
    assert_eq!(d.related[0].game.as_deref(), Some("naytin-six"));
    assert_eq!(d.related[0].label, RelatedLabel::InIncludedGame);
    let r = d.related[0].span;
    assert_eq!(&game[r.start..r.end], "v");
    let line = game[..r.start].matches('\n').count() + 1;
    assert!(
        d.message.starts_with(&format!(
            "in the included game `naytin-six` (line {line}): "
        )),
        "{}",
        d.message
    );
}

#[test]
fn check_draws_the_first_declaration_as_a_secondary_label() {
    let text = "game \"t\"\nplayers a, b\nboard { grid 2 x 2 }\npiece p\npiece p\n\
                action go \"{c}\" for c in cells where empty(c) { put p of mover at c }\n\
                phase play { starts a actions go }\n";
    Test::new()
        .file("t.tabula", text)
        .args(&["check", "t.tabula"])
        .stdout("")
        .stderr(
            "error: the piece `p` is declared twice
  --> t.tabula:5:7
  |
4 | piece p
  |       - first declared here
5 | piece p
  |       ^
",
        )
        .failure()
        .run();
}

#[test]
fn check_json_gives_each_problem_as_data_and_fails() {
    let text = "game \"t\"\nplayers a, b\nboard { grid 2 x 2 }\npiece p\npiece p\n\
                action go \"{c}\" for c in cells where empty(cc) { put p of mover at c }\n\
                phase play { starts a actions go }\n";
    let out = Test::new()
        .file("t.tabula", text)
        .args(&["check", "t.tabula", "--json"])
        .stderr("")
        .failure()
        .run();
    let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    // Line 6 is `action go "{c}" for c in cells where empty(cc) ...`: `cc` starts at
    // its 44th character.
    assert_eq!(
        value,
        json!({
            "file": "t.tabula",
            "ok": false,
            "diagnostics": [
                {
                    "severity": "error",
                    "code": "declared-twice",
                    "message": "the piece `p` is declared twice",
                    "hint": null,
                    "file": "t.tabula",
                    "line": 5, "column": 7, "end_line": 5, "end_column": 8,
                    "related": [{
                        "file": "t.tabula",
                        "line": 4, "column": 7, "end_line": 4, "end_column": 8,
                        "label": "first declared here",
                    }],
                    "suggestions": [],
                },
                {
                    "severity": "error",
                    "code": "unknown-name",
                    "message": "unknown name `cc`",
                    "hint": "did you mean `c`?",
                    "file": "t.tabula",
                    "line": 6, "column": 44, "end_line": 6, "end_column": 46,
                    "related": [],
                    "suggestions": [{
                        "line": 6, "column": 44, "end_line": 6, "end_column": 46,
                        "replacement": "c",
                    }],
                },
            ],
        })
    );
}

#[test]
fn check_json_of_a_good_file_gives_its_warnings_and_succeeds() {
    let text = "game \"t\"\nplayers a, b\noption fast \"quicker\"\nboard { grid 2 x 2 }\n\
                piece p\naction go \"{c}\" for c in cells where empty(c) { put p of mover at c }\n\
                phase play { starts a actions go }\n";
    let out = Test::new()
        .file("t.tabula", text)
        .args(&["check", "t.tabula", "--json"])
        .stderr("")
        .run();
    let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(value["ok"], true);
    let warnings = value["diagnostics"].as_array().expect("a list");
    assert_eq!(warnings.len(), 1, "{value}");
    assert_eq!(warnings[0]["severity"], "warning");
    assert_eq!(warnings[0]["code"], "unread-option");
    assert_eq!(
        (&warnings[0]["line"], &warnings[0]["column"]),
        (&json!(3), &json!(8))
    );
}
