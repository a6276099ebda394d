//! `tabula lsp` driven over standard input and output as an editor drives it: JSON-RPC
//! messages framed by `Content-Length`, requests answered by id, diagnostics published
//! on their own.

mod lsp_support;

use lsp_support::{folder, uri, Client, PATIENCE};
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A game of captures: a counter, a region, a define, an action with locals, a phase.
const CAPTURE: &str = r#"game "capture"
players black, white
board { grid 5 x 5 }
piece stone
counter captures per player = 0
counter passes = 0 hidden
region edge { a1..e1 }
define open_edge = exists(c in edge where empty(c))

action place "{to}"
  for to in cells
  let mine = mover
  where empty(to) and (open_edge or passes == 0)
{
  put stone of mine at to
  for n in neighbours(to) where owner(n) == opponent and liberties(n) == 0 {
    for g in group(n) { remove g }
    captures[mine] += 1
  }
  passes = 0
}

phase play {
  starts black
  actions place
  stuck end draw
}

end "five taken" for p in players when captures[p] >= 5
  winner p
"#;

/// The place of the `n`th (from 0) `needle` in `text`, as a line and a UTF-16 character.
fn place(text: &str, needle: &str, n: usize) -> (u32, u32) {
    let at = text
        .match_indices(needle)
        .nth(n)
        .unwrap_or_else(|| panic!("`{needle}` {n}"))
        .0;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count() as u32;
    let character = text[line_start..at].encode_utf16().count() as u32;
    (line, character)
}

/// The place of `name` where it stands in the first `context` of `text`.
fn spot(text: &str, context: &str, name: &str) -> (u32, u32) {
    let (l, c) = place(text, context, 0);
    let within = context
        .find(name)
        .unwrap_or_else(|| panic!("`{name}` in `{context}`"));
    (l, c + context[..within].encode_utf16().count() as u32)
}

fn range(line: u32, from: u32, to: u32) -> Value {
    json!({ "start": { "line": line, "character": from }, "end": { "line": line, "character": to } })
}

/// What `tabula check` says of a file: each error's message with its hint, as an
/// editor is given it.
fn check_messages(path: &std::path::Path) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("check")
        .arg(path)
        .output()
        .expect("check runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut messages: Vec<String> = Vec::new();
    for line in stderr.lines() {
        if let Some(m) = line.strip_prefix("error: ") {
            messages.push(m.to_string());
        } else if let Some(h) = line.trim_start().strip_prefix("= hint: ") {
            let last = messages.last_mut().expect("a hint after its error");
            last.push_str(&format!("\nhint: {h}"));
        }
    }
    messages
}

#[test]
fn initialize_lists_what_the_server_answers() {
    let dir = folder("init");
    let (client, answer) = Client::start(&dir);
    let c = &answer["result"]["capabilities"];
    assert_eq!(c["textDocumentSync"], 1, "{c}");
    for provider in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "renameProvider",
        "documentSymbolProvider",
        "documentFormattingProvider",
    ] {
        assert_eq!(c[provider], true, "{provider}: {c}");
    }
    assert!(c["completionProvider"].is_object(), "{c}");
    assert_eq!(
        c["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix"])
    );
    assert_eq!(c["semanticTokensProvider"]["full"], true, "{c}");
    client.stop();
}

#[test]
fn errors_are_published_at_their_places_with_the_command_line_s_words_and_cleared_when_fixed() {
    let dir = folder("diagnostics");
    // The first error stands after a character of two UTF-16 units (four bytes).
    let broken = CAPTURE
        .replace(
            "action place \"{to}\"\n  for to in cells",
            "action place \"𝄞{to}\" for to in cells where not open_egde",
        )
        .replace("  passes = 0\n}", "  pases = 0\n}");
    let path = dir.join("capture.tabula");
    std::fs::write(&path, &broken).expect("written");
    let words = check_messages(&path);
    assert_eq!(words.len(), 2, "{words:?}");
    let file = uri(&path);
    let (mut client, _) = Client::start(&dir);
    client.open(&file, &broken);
    let found = client.diagnostics(&file);
    assert_eq!(found.len(), 2, "{found:?}");
    // Line 10, after 47 characters, of which one is two units: character 48.
    assert_eq!(found[0]["range"], range(9, 48, 57));
    assert_eq!(found[0]["message"], words[0].as_str());
    assert_eq!(found[0]["severity"], 1);
    assert_eq!(found[1]["range"], range(18, 2, 7));
    assert_eq!(found[1]["message"], words[1].as_str());
    assert_eq!(
        words[1],
        "unknown counter `pases`\nhint: did you mean `passes`?"
    );
    let one_fixed = broken.replace("open_egde", "open_edge");
    client.change(&file, 2, &one_fixed);
    let found = client.diagnostics(&file);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["range"], range(18, 2, 7));
    client.change(&file, 3, &one_fixed.replace("pases", "passes"));
    assert_eq!(client.diagnostics(&file), Vec::<Value>::new());
    client.stop();
}

#[test]
fn a_problem_has_its_code_its_related_places_and_its_fixes_as_quick_fixes() {
    let dir = folder("fixes");
    let broken = CAPTURE
        .replace("piece stone\n", "piece stone\npiece stone\n")
        .replace("(open_edge or", "(open_egde or");
    let file = uri(&dir.join("capture.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, &broken);
    let found = client.diagnostics(&file);
    assert_eq!(found.len(), 2, "{found:?}");
    // The second `piece stone`, on line 5, points at the first, on line 4.
    assert_eq!(found[0]["code"], "declared-twice");
    assert_eq!(found[0]["range"], range(4, 6, 11));
    let related = &found[0]["relatedInformation"];
    assert_eq!(
        related,
        &json!([{
            "location": { "uri": file, "range": range(3, 6, 11) },
            "message": "first declared here",
        }])
    );
    // `  where empty(to) and (` is 23 characters.
    assert_eq!(found[1]["code"], "unknown-name");
    assert_eq!(found[1]["range"], range(13, 23, 32));
    assert!(found[1].get("relatedInformation").is_none(), "{}", found[1]);
    let ask = |range: Value| {
        json!({
            "textDocument": { "uri": file },
            "range": range,
            "context": { "diagnostics": [] },
        })
    };
    let actions = client.result("textDocument/codeAction", ask(range(13, 25, 25)));
    let actions = actions.as_array().expect("a list of actions");
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["title"], "Replace with `open_edge`");
    assert_eq!(actions[0]["kind"], "quickfix");
    assert_eq!(actions[0]["diagnostics"][0]["code"], "unknown-name");
    assert_eq!(
        actions[0]["edit"]["changes"][&file],
        json!([{ "range": range(13, 23, 32), "newText": "open_edge" }])
    );
    // A name declared twice has no edit to offer; a line without problems neither.
    let none = client.result("textDocument/codeAction", ask(range(4, 6, 11)));
    assert_eq!(none, json!([]));
    let none = client.result("textDocument/codeAction", ask(range(0, 0, 4)));
    assert_eq!(none, json!([]));
    client.stop();
}

#[test]
fn changes_typed_quickly_are_checked_once_after_the_last() {
    let dir = folder("debounce");
    let file = uri(&dir.join("capture.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, CAPTURE);
    assert_eq!(client.diagnostics(&file), Vec::<Value>::new());
    for (version, cut) in (2..8).zip(1..) {
        client.change(&file, version, &CAPTURE[..CAPTURE.len() - cut]);
    }
    client.change(&file, 9, &CAPTURE.replace("passes = 0\n}", "pases = 0\n}"));
    let found = client.diagnostics(&file);
    assert_eq!(found.len(), 1, "{found:?}");
    // A request after them finds no other diagnostics waiting.
    client.at("textDocument/hover", &file, 0, 0);
    let more = client
        .notifications
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .count();
    assert_eq!(more, 0);
    client.stop();
}

#[test]
fn hover_tells_a_reading_function_a_word_and_a_counter() {
    let dir = folder("hover");
    let file = uri(&dir.join("capture.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, CAPTURE);
    let (l, c) = place(CAPTURE, "exists", 0);
    let h = client.at("textDocument/hover", &file, l, c + 2);
    assert_eq!(h["contents"]["kind"], "markdown");
    assert_eq!(
        h["contents"]["value"],
        "```tabula\nexists(X in DOMAIN [where COND]) -> true/false\n```\nWhether any element of the domain is kept by the condition; stops at the first."
    );
    assert_eq!(h["range"], range(l, c, c + 6));
    let (l, c) = place(CAPTURE, "liberties", 0);
    let h = client.at("textDocument/hover", &file, l, c);
    assert_eq!(
        h["contents"]["value"],
        "```tabula\nliberties(c[, SET]) -> number\n```\nHow many empty cells touch the group of `c` (neighbours by `SET`, if given); 0 when `c` is empty."
    );
    let (l, c) = place(CAPTURE, "passes", 1);
    let h = client.at("textDocument/hover", &file, l, c + 1);
    assert_eq!(
        h["contents"]["value"],
        "```tabula\ncounter passes = 0 hidden\n```\ncounter `passes`"
    );
    let (l, c) = place(CAPTURE, "where", 0);
    let h = client.at("textDocument/hover", &file, l, c);
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("```tabula\nwhere\n```\n`where COND`"),
        "{h}"
    );
    // Nothing to say of a comment or a blank.
    let (l, _) = place(CAPTURE, "\n\naction", 0);
    assert_eq!(
        client.at("textDocument/hover", &file, l + 1, 0),
        Value::Null
    );
    client.stop();
}

#[test]
fn definition_goes_to_a_define_an_action_a_phase_and_a_region() {
    let dir = folder("definition");
    let file = uri(&dir.join("capture.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, CAPTURE);
    let cases = [
        ("(open_edge or", "define open_edge", "open_edge"),
        ("actions place", "action place", "place"),
        ("c in edge", "region edge", "edge"),
        ("of mine", "let mine", "mine"),
    ];
    for (used, declared, name) in cases {
        let (l, c) = spot(CAPTURE, used, name);
        let found = client.at("textDocument/definition", &file, l, c);
        let (dl, dc) = spot(CAPTURE, declared, name);
        assert_eq!(found["uri"], file.as_str(), "{used}");
        let len = name.len() as u32;
        assert_eq!(found["range"], range(dl, dc, dc + len), "{used}");
    }
    // A phase, where the current phase is compared with it.
    let text = format!("{CAPTURE}end \"late\" when phase == play and passes > 9\n  draw\n");
    client.change(&file, 2, &text);
    let (l, c) = spot(&text, "phase == play", "play");
    let found = client.at("textDocument/definition", &file, l, c);
    let (dl, dc) = spot(&text, "phase play", "play");
    assert_eq!(found["range"], range(dl, dc, dc + 4));
    client.stop();
}

/// A variant of a built-in game, using its names.
const VARIANT: &str = r#"include "backgammon"
replace define checkers = 3
end "quick" when phase == play and crawford and count(c in home[mover] where owner(c) == mover) > 5 and can(move)
  winner mover
"#;

#[test]
fn definition_from_an_including_file_goes_into_the_built_in_game() {
    let game = tabula::games::built_in("backgammon").expect("a built-in game");
    // Without the game's file at hand, into the document the server serves.
    let dir = folder("include");
    let file = uri(&dir.join("variant.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, VARIANT);
    assert_eq!(client.diagnostics(&file), Vec::<Value>::new());
    for (used, declared) in [
        ("crawford", "define crawford"),
        ("home", "region home"),
        ("play", "phase play"),
        ("move)", "action move"),
    ] {
        let name = used.trim_end_matches(')');
        let (l, c) = place(VARIANT, used, 0);
        let found = client.at("textDocument/definition", &file, l, c);
        assert_eq!(found["uri"], "tabula:games/backgammon.tabula", "{used}");
        let (dl, dc) = place(game, declared, 0);
        let dc = dc + declared.len() as u32 - name.len() as u32;
        assert_eq!(
            found["range"],
            range(dl, dc, dc + name.len() as u32),
            "{used}"
        );
    }
    let served = client.result(
        "tabula/gameText",
        json!({ "uri": "tabula:games/backgammon.tabula" }),
    );
    assert_eq!(served["text"], game);
    // A replaced define is the file's own.
    let (l, c) = place(VARIANT, "checkers", 0);
    let found = client.at("textDocument/definition", &file, l, c);
    assert_eq!(found["uri"], file.as_str());
    client.stop();

    // With the game's file in a `games` folder above, into that file.
    let dir = folder("include-file");
    std::fs::create_dir_all(dir.join("games")).expect("a folder");
    std::fs::create_dir_all(dir.join("variants")).expect("a folder");
    std::fs::write(dir.join("games/backgammon.tabula"), game).expect("written");
    let file = uri(&dir.join("variants/variant.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, VARIANT);
    let (l, c) = place(VARIANT, "crawford", 0);
    let found = client.at("textDocument/definition", &file, l, c);
    assert_eq!(found["uri"], uri(&dir.join("games/backgammon.tabula")));
    client.stop();
}

#[test]
fn references_list_every_use_and_nothing_else() {
    let dir = folder("references");
    let file = uri(&dir.join("capture.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, CAPTURE);
    let (l, c) = place(CAPTURE, "mine", 0);
    let found = client.result(
        "textDocument/references",
        json!({ "textDocument": { "uri": file }, "position": { "line": l, "character": c },
                "context": { "includeDeclaration": true } }),
    );
    let found: Vec<Value> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["range"].clone())
        .collect();
    let want: Vec<Value> = (0..3)
        .map(|n| {
            let (l, c) = place(CAPTURE, "mine", n);
            range(l, c, c + 4)
        })
        .collect();
    assert_eq!(found, want);
    // Without the declaration, the uses of a counter in the action and the end rule.
    let (l, c) = place(CAPTURE, "captures", 0);
    let found = client.result(
        "textDocument/references",
        json!({ "textDocument": { "uri": file }, "position": { "line": l, "character": c },
                "context": { "includeDeclaration": false } }),
    );
    let lines: Vec<u64> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [17, 28]);
    client.stop();
}

/// The text after the edits of a rename, applied from the last.
fn apply(text: &str, edits: &Value) -> String {
    let lines: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |p: &Value| {
        let start = lines[p["line"].as_u64().unwrap() as usize];
        let units = p["character"].as_u64().unwrap() as usize;
        let mut seen = 0;
        let mut at = start;
        for c in text[start..].chars() {
            if seen >= units {
                break;
            }
            seen += c.len_utf16();
            at += c.len_utf8();
        }
        at
    };
    let mut edits: Vec<&Value> = edits.as_array().unwrap().iter().collect();
    edits.sort_by_key(|e| std::cmp::Reverse(offset(&e["range"]["start"])));
    let mut out = text.to_string();
    for e in edits {
        let (a, b) = (offset(&e["range"]["start"]), offset(&e["range"]["end"]));
        out.replace_range(a..b, e["newText"].as_str().unwrap());
    }
    out
}

#[test]
fn rename_changes_every_use_and_nothing_else_and_refuses_a_name_taken() {
    let dir = folder("rename");
    let file = uri(&dir.join("capture.tabula"));
    let (mut client, _) = Client::start(&dir);
    // A local `n` and other `n`s: a letter of other names, and nothing else.
    client.open(&file, CAPTURE);
    let (l, c) = place(CAPTURE, "for n in", 0);
    let answer = client.result(
        "textDocument/rename",
        json!({ "textDocument": { "uri": file }, "position": { "line": l, "character": c + 4 },
                "newName": "next_to" }),
    );
    let edits = &answer["changes"][file.as_str()];
    let renamed = apply(CAPTURE, edits);
    let want = CAPTURE
        .replace("for n in", "for next_to in")
        .replace("owner(n)", "owner(next_to)")
        .replace("liberties(n)", "liberties(next_to)")
        .replace("group(n)", "group(next_to)");
    assert_eq!(renamed, want);
    // A counter, its uses everywhere.
    let (l, c) = place(CAPTURE, "captures", 0);
    let answer = client.result(
        "textDocument/rename",
        json!({ "textDocument": { "uri": file }, "position": { "line": l, "character": c },
                "newName": "taken" }),
    );
    let renamed = apply(CAPTURE, &answer["changes"][file.as_str()]);
    assert_eq!(renamed, CAPTURE.replace("captures", "taken"));
    // A name that is taken, and one that is no name.
    for (new, why) in [
        ("passes", "`passes` is taken: it names a counter"),
        ("c3", "`c3` is taken: it names a cell"),
        ("and", "`and` is a word of the language"),
    ] {
        let answer = client.request(
            "textDocument/rename",
            json!({ "textDocument": { "uri": file }, "position": { "line": l, "character": c },
                    "newName": new }),
        );
        assert_eq!(answer["error"]["message"], why, "{answer}");
    }
    client.stop();
}

#[test]
fn completion_inside_a_where_lists_the_locals_bound_above_it() {
    let dir = folder("completion");
    let file = uri(&dir.join("capture.tabula"));
    let (mut client, _) = Client::start(&dir);
    // Typing a `where` of its own: the file does not parse as it stands.
    let text = CAPTURE.replace(
        "  where empty(to) and (open_edge or passes == 0)",
        "  where empty(to) and ",
    );
    client.open(&file, &text);
    let (l, c) = place(&text, "and \n", 0);
    let list = client.at("textDocument/completion", &file, l, c + 4);
    assert_eq!(list["isIncomplete"], false);
    let list = &list["items"];
    let labels: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(&labels[..2], ["to", "mine"], "{labels:?}");
    for name in [
        "passes",
        "open_edge",
        "edge",
        "stone",
        "black",
        "liberties",
        "mover",
        "not",
    ] {
        assert!(labels.contains(&name), "{name} in {labels:?}");
    }
    for name in ["c", "g", "action"] {
        assert!(!labels.contains(&name), "{name} in {labels:?}");
    }
    let items = list.as_array().unwrap();
    let liberties = items.iter().find(|i| i["label"] == "liberties").unwrap();
    assert_eq!(liberties["detail"], "liberties(c[, SET]) -> number");
    let mine = items.iter().find(|i| i["label"] == "mine").unwrap();
    assert_eq!(mine["detail"], "let mine = mover");
    client.stop();
}

#[test]
fn formatting_gives_what_tabula_fmt_gives() {
    let dir = folder("formatting");
    let file = uri(&dir.join("capture.tabula"));
    let scrambled = CAPTURE
        .replace("  for to in cells", "      for   to in cells")
        .replace("{ remove g }", "{remove g}")
        .replace("\nphase", "\n\n\n\nphase");
    let mut fmt = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("fmt runs");
    fmt.stdin
        .take()
        .unwrap()
        .write_all(scrambled.as_bytes())
        .unwrap();
    let out = fmt.wait_with_output().unwrap();
    let want = String::from_utf8(out.stdout).unwrap();
    assert_eq!(want, CAPTURE);
    let (mut client, _) = Client::start(&dir);
    client.open(&file, &scrambled);
    let edits = client.result(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": file }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    assert_eq!(apply(&scrambled, &edits), want);
    // A file in the layout needs no edit.
    client.change(&file, 2, CAPTURE);
    let edits = client.result(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": file }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    assert_eq!(edits, json!([]));
    client.stop();
}

#[test]
fn the_outline_and_the_highlighting_cover_the_file() {
    let dir = folder("outline");
    let file = uri(&dir.join("capture.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, CAPTURE);
    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": file } }),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "capture",
            "players",
            "board",
            "stone",
            "captures",
            "passes",
            "edge",
            "open_edge",
            "place",
            "play",
            "five taken"
        ]
    );
    let place_symbol = &symbols[8];
    assert_eq!(place_symbol["range"]["start"]["line"], 9);
    assert_eq!(place_symbol["range"]["end"]["line"], 20);
    let tokens = client.result(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": file } }),
    );
    let data = tokens["data"].as_array().unwrap();
    assert_eq!(data.len() % 5, 0);
    // The first tokens: `game` a keyword, `"capture"` a string, then `players`, `black`.
    let first: Vec<u64> = data[..20].iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(
        first,
        [0, 0, 4, 0, 0, 0, 5, 9, 2, 0, 1, 0, 7, 0, 0, 0, 8, 5, 11, 1]
    );
    client.stop();
}

#[test]
fn several_files_are_kept_apart_and_a_closed_one_is_cleared() {
    let dir = folder("several");
    let (a, b) = (uri(&dir.join("a.tabula")), uri(&dir.join("b.tabula")));
    let (mut client, _) = Client::start(&dir);
    client.open(&a, CAPTURE);
    client.open(&b, &CAPTURE.replace("stone of mine", "stone of mien"));
    assert_eq!(client.diagnostics(&a), Vec::<Value>::new());
    assert_eq!(client.diagnostics(&b).len(), 1);
    let (l, c) = place(CAPTURE, "passes", 1);
    let h = client.at("textDocument/hover", &a, l, c);
    assert!(h["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("counter passes"));
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": b } }),
    );
    assert_eq!(client.diagnostics(&b), Vec::<Value>::new());
    let answer = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": b }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    client.stop();
}

#[test]
fn hostile_files_and_requests_are_answered_within_bounds() {
    let dir = folder("hostile");
    let file = uri(&dir.join("hostile.tabula"));
    let (mut client, _) = Client::start(&dir);
    let nested = format!("define x = {}1{}\n", "(".repeat(5000), ")".repeat(5000));
    let garbage: String = (0..20_000u32)
        .map(|i| char::from_u32(0x20 + (i * 7919) % 0x2000).unwrap_or('?'))
        .collect();
    let huge = CAPTURE.repeat((2 << 20) / CAPTURE.len());
    let mut long_line = String::from("define y = ");
    long_line.push_str(&"1 + ".repeat(200_000));
    long_line.push('1');
    for (version, text) in [nested, garbage, huge, long_line].iter().enumerate() {
        let started = Instant::now();
        if version == 0 {
            client.open(&file, text);
        } else {
            client.change(&file, version as i64 + 1, text);
        }
        let found = client.diagnostics(&file);
        assert!(!found.is_empty(), "{version}");
        let lines = text.matches('\n').count() as u32;
        for method in [
            "textDocument/hover",
            "textDocument/definition",
            "textDocument/completion",
        ] {
            for (line, character) in [(0, 0), (0, 7), (lines / 2, 3), (lines + 5, 9999)] {
                let answer = client.request(
                    method,
                    json!({ "textDocument": { "uri": file },
                            "position": { "line": line, "character": character } }),
                );
                assert!(
                    answer.get("error").is_none(),
                    "{method} {version}: {answer}"
                );
            }
        }
        for method in [
            "textDocument/documentSymbol",
            "textDocument/semanticTokens/full",
        ] {
            let answer = client.request(method, json!({ "textDocument": { "uri": file } }));
            assert!(
                answer.get("error").is_none(),
                "{method} {version}: {answer}"
            );
        }
        assert!(
            started.elapsed() < PATIENCE * 2,
            "{version}: {:?}",
            started.elapsed()
        );
    }
    // Messages that are not JSON-RPC are skipped, requests that make no sense are
    // refused, and the server goes on.
    client.send_raw(b"Content-Length: 5\r\n\r\nhello");
    client.send_raw(b"Content-Length: 12\r\n\r\n{\"id\": true}");
    let junk: Vec<u8> = (0..4096u32).map(|i| (i * 31 % 251) as u8).collect();
    client.send_raw(format!("Content-Length: {}\r\n\r\n", junk.len()).as_bytes());
    client.send_raw(&junk);
    let answer = client.request("textDocument/hover", json!({ "nothing": true }));
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    let answer = client.request("no/such/request", json!({}));
    assert_eq!(answer["error"]["code"], -32601, "{answer}");
    let answer = client.request(
        "tabula/gameText",
        json!({ "uri": "tabula:games/none.tabula" }),
    );
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    client.change(&file, 9, CAPTURE);
    assert_eq!(client.diagnostics(&file), Vec::<Value>::new());
    client.stop();
}

#[test]
fn a_generated_file_of_a_megabyte_is_answered_within_a_second_each() {
    // A file just under the limit: many actions, each with names of its own.
    let mut text = String::from(
        "game \"big\"\nplayers a, b\nboard { grid 9 x 9 }\npiece p\ncounter moves = 0\n",
    );
    let mut k = 0;
    while text.len() < 1_000_000 {
        text.push_str(&format!(
            "define d{k} = moves + {k}\naction go{k} \"{{to}}\"\n  for to in cells\n  let here = to\n  where empty(here) and d{k} > 0\n{{\n  put p of mover at here\n  moves += 1\n}}\n"
        ));
        k += 1;
    }
    assert!(text.len() <= 1 << 20);
    let dir = folder("megabyte");
    let file = uri(&dir.join("big.tabula"));
    let (mut client, _) = Client::start(&dir);
    client.open(&file, &text);
    let found = client.diagnostics(&file);
    assert_eq!(
        found[0]["message"],
        "a game has at most 1000 declarations of one kind: this is one `define` too many"
    );
    let name = format!("d{}", k / 2);
    let (l, c) = spot(&text, &format!("{name} > 0"), &name);
    let (dl, dc) = spot(&text, &format!("define {name} "), &name);
    let requests = [
        ("textDocument/hover", json!({})),
        ("textDocument/definition", json!({})),
        (
            "textDocument/references",
            json!({ "context": { "includeDeclaration": true } }),
        ),
        ("textDocument/rename", json!({ "newName": "renamed" })),
        ("textDocument/completion", json!({})),
        ("textDocument/documentSymbol", json!({})),
        ("textDocument/semanticTokens/full", json!({})),
        (
            "textDocument/formatting",
            json!({ "options": { "tabSize": 2, "insertSpaces": true } }),
        ),
    ];
    for (method, mut params) in requests {
        params["textDocument"] = json!({ "uri": file });
        let whole = ["documentSymbol", "full", "formatting"]
            .iter()
            .any(|m| method.ends_with(m));
        if !whole {
            params["position"] = json!({ "line": l, "character": c });
        }
        let started = Instant::now();
        let answer = client.result(method, params);
        // The text was read once, for its diagnostics; each request reads what it found.
        let took = started.elapsed();
        // A request at a place reads the parse and little more. One about the whole
        // file writes an answer as long as the file, which a debug build (some fifteen
        // times slower than the release build docs/editors.md measures) takes longer
        // to write.
        let bound = if whole { 10 } else { 1 };
        assert!(took < Duration::from_secs(bound), "{method}: {took:?}");
        if method == "textDocument/definition" {
            assert_eq!(
                answer["range"]["start"],
                json!({ "line": dl, "character": dc })
            );
        }
    }
    client.stop();
}
