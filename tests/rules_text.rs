//! The rules in plain words (`rules """ ... """`): every message the checker gives
//! about them, how a text is laid out and shown (as written, reflowed to a width,
//! escaped, as JSON), texts through `include`, the session's `rules` command, and a
//! text for every shipped game and example, with a paragraph for each of its options.

mod errors_support;

use errors_support::*;
use tabula::session::Session;
use tabula::{compile, Source};

/// A small game with two options and its rules in words.
const WORDED: &str = r#"game "Fill"
players a, b
option big "a bigger board"
option quick "the game ends early"
board { grid 3 x 3 }
piece stone
rules """
    Two players take turns to put a stone on an empty cell of a 3 by 3
    board; "quotes", {braces} and // slashes are words like any other.

    - The game ends when the board is full,
      and is a draw.
    - Nobody wins.

        a1 b1 c1
    """
rules with quick """
    The game ends after the first stone.
    """
action place "{to}"
  for to in cells
  where empty(to) and (option(big) or option(quick) or true)
{
  put stone of mover at to
}
phase play {
  starts a
  actions place
  stuck end draw
}
"#;

fn game(text: &str, options: &[&str]) -> tabula::Game {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    compile(&Source::new("fill.tabula", text), &options).expect("the rules compile")
}

fn render(text: &str, options: &[&str], width: Option<usize>) -> String {
    tabula::rules_text::render(&game(text, options), width)
}

// ---------------------------------------------------------------- the checker's messages

#[test]
fn one_text_for_the_game() {
    case(
        "",
        "rules \"\"\"One.\"\"\"\nrules \"\"\"Two.\"\"\"",
        "the game's rules text is given twice",
        "rules",
        Some("a game has one rules text; give an option's paragraph as `rules with OPTION \"\"\" ... \"\"\"`"),
    );
    case(
        "",
        "rules \"\"\"\n   \n\"\"\"",
        "this rules text is empty",
        "rules",
        Some("write the rules between the quotes, or leave the declaration out"),
    );
}

#[test]
fn one_paragraph_for_an_option_the_game_declares() {
    let options = "option big \"a bigger board\"\nrules \"\"\"The game.\"\"\"\n";
    case(
        "",
        &format!("{options}rules with bigg \"\"\"More.\"\"\""),
        "`bigg` is not an option of this game",
        "bigg",
        Some("did you mean `big`?"),
    );
    case(
        "",
        &format!("{options}rules with other \"\"\"More.\"\"\""),
        "`other` is not an option of this game",
        "other",
        Some("its options are: big"),
    );
    case(
        "",
        "rules \"\"\"The game.\"\"\"\nrules with big \"\"\"More.\"\"\"",
        "`big` is not an option of this game",
        "big",
        Some("this game declares no options"),
    );
    case(
        "",
        &format!("{options}rules with big \"\"\"More.\"\"\"\nrules with big \"\"\"Again.\"\"\""),
        "the rules text for the option `big` is given twice",
        "big",
        None,
    );
    case(
        "",
        &format!("{options}rules with big \"\"\"  \"\"\""),
        "this rules text is empty",
        "rules",
        Some("write the rules between the quotes, or leave the declaration out"),
    );
    case(
        "",
        "option big \"a bigger board\"\nrules with big \"\"\"More.\"\"\"",
        "an option's rules text needs the game's own rules text",
        "rules",
        Some("write the game's rules as `rules \"\"\" ... \"\"\"`; the option's paragraph is shown after them"),
    );
}

#[test]
fn a_text_stands_at_the_top_level_and_between_triple_quotes() {
    let inside =
        Some("`rules \"\"\" ... \"\"\"` is a declaration of its own: move it out of the `{ ... }`");
    // Where a phase item is expected, at a statement (where a name may begin an
    // assignment) and in a test.
    case(
        "  starts a\n",
        "  starts a\n  rules \"\"\"The game.\"\"\"\n",
        "a rules text cannot stand inside a block",
        "rules",
        inside,
    );
    case(
        "  put p of mover value 1 at to\n",
        "  put p of mover value 1 at to\n  rules \"\"\"The game.\"\"\"\n",
        "a rules text cannot stand inside a block",
        "rules",
        inside,
    );
    case(
        "",
        "test \"t\" {\n  rules with x \"\"\"The game.\"\"\"\n}",
        "a rules text cannot stand inside a block",
        "rules",
        inside,
    );
    // At the start of a line inside a block, the block's `}` is what is missing.
    case(
        "  starts a\n",
        "  starts a\nrules \"\"\"The game.\"\"\"\n",
        "expected `}` to close the block opened at line 17 (in `phase main`), found `rules`",
        "rules",
        Some("every `{` needs its `}` before the next declaration"),
    );
    case(
        "",
        "rules \"The game.\"",
        "expected `with` or a text in triple quotes (`\"\"\"`), found `\"The`",
        "\"The",
        None,
    );
    case(
        "",
        "rules with \"\"\"The game.\"\"\"",
        "expected a name, found `\"\"\"The`",
        "\"\"\"The",
        None,
    );
    // A text never closed takes the rest of the file: its opening quotes are shown.
    case(
        "",
        "rules \"\"\"The game.\n\nphase other { starts a actions go }",
        "this rules text is not closed: its `\"\"\"` has no partner",
        "\"\"\"",
        Some("a rules text runs from `\"\"\"` to the next `\"\"\"`"),
    );
}

#[test]
fn braces_in_a_text_do_not_hide_a_missing_brace() {
    // The `{` inside the text is a word; the phase's own `{` is the one left open.
    case(
        "  actions go\n}\n",
        "  actions go\n\nrules \"\"\"A { in words.\"\"\"\n",
        "expected `}` to close the block opened at line 17 (in `phase main`), found `rules`",
        "rules",
        Some("every `{` needs its `}` before the next declaration"),
    );
}

// ---------------------------------------------------------------- as shown

#[test]
fn as_written_with_the_options_on_and_off() {
    assert_eq!(
        render(WORDED, &[], None),
        r#"Fill

Two players take turns to put a stone on an empty cell of a 3 by 3
board; "quotes", {braces} and // slashes are words like any other.

- The game ends when the board is full,
  and is a draw.
- Nobody wins.

    a1 b1 c1

Options off: big, quick.
"#
    );
    // An option on gets a heading of its description, then its paragraph if it has one.
    let both = render(WORDED, &["quick", "big"], None);
    assert!(
        both.ends_with(
            "    a1 b1 c1\n\nWith big: a bigger board.\n\nWith quick: the game ends early.\nThe game ends after the first stone.\n"
        ),
        "{both}"
    );
}

#[test]
fn reflowed_to_a_width() {
    assert_eq!(
        render(WORDED, &["quick"], Some(30)),
        r#"Fill

Two players take turns to put
a stone on an empty cell of a
3 by 3 board; "quotes",
{braces} and // slashes are
words like any other.

- The game ends when the board
  is full, and is a draw.
- Nobody wins.

    a1 b1 c1

With quick: the game ends
early. The game ends after the
first stone.

Options off: big.
"#
    );
    // However wide the terminal, at most 80 columns.
    let wide = render(WORDED, &[], Some(500));
    assert!(wide.lines().all(|l| l.chars().count() <= 80), "{wide}");
    assert!(wide.contains("\nTwo players take turns to put a stone on an empty cell of a 3 by 3 board;\n\"quotes\""), "{wide}");
}

#[test]
fn a_game_without_a_text_says_so() {
    let text = BASE.replace("game \"t\"", "game \"Plain\"");
    assert_eq!(
        render(&text, &[], None),
        "Plain has no rules text: its rules file does not say its rules in words.\n"
    );
    assert_eq!(
        tabula::rules_text::to_json(&game(&text, &[])),
        serde_json::json!({"game": "Plain", "text": null, "options": []})
    );
}

#[test]
fn control_characters_in_a_text_are_escaped() {
    let text = WORDED.replace("Nobody wins.", "Nobody \u{1b}[2J\u{1b}]0;x\u{7} wins.");
    let shown = render(&text, &[], None);
    assert!(
        shown.contains("- Nobody \\u{1b}[2J\\u{1b}]0;x\\u{7} wins.\n"),
        "{shown}"
    );
    assert!(!shown.contains('\u{1b}'));
}

#[test]
fn as_json() {
    assert_eq!(
        tabula::rules_text::to_json(&game(WORDED, &["quick"])),
        serde_json::json!({
            "game": "Fill",
            "text": "Two players take turns to put a stone on an empty cell of a 3 by 3\nboard; \"quotes\", {braces} and // slashes are words like any other.\n\n- The game ends when the board is full,\n  and is a draw.\n- Nobody wins.\n\n    a1 b1 c1",
            "options": [
                {"name": "big", "description": "a bigger board", "on": false, "number": null, "text": null},
                {"name": "quick", "description": "the game ends early", "on": true, "number": null,
                 "text": "The game ends after the first stone."},
            ],
        })
    );
}

#[test]
fn a_text_adds_nothing_to_the_game() {
    // The same rules without the words play alike: same declarations, same moves.
    let bare = WORDED
        .split("rules \"\"\"")
        .next()
        .map(|head| format!("{head}{}", &WORDED[WORDED.find("action place").unwrap()..]))
        .unwrap();
    let (a, b) = (game(WORDED, &[]), game(&bare, &[]));
    assert!(b.rules_text().is_none());
    assert_eq!(a.rules().data_len, b.rules().data_len);
    let perft = |g: &tabula::Game| {
        let mut engine = tabula::Engine::new(g);
        let start = engine.initial_state().unwrap();
        engine.perft(&start, 3).unwrap()
    };
    // 9 cells, then 8, then 7.
    assert_eq!((perft(&a), perft(&b)), (504, 504));
}

// ---------------------------------------------------------------- through include

#[test]
fn an_included_games_text_is_kept_replaced_or_added_to() {
    let naytin = tabula::games::built_in("naytin-six").unwrap();
    let base = game(naytin, &[]).rules_text().cloned().expect("a text");
    // A variant that says nothing keeps the included text.
    let variant = "include \"naytin-six\"\ngame \"Naytïn Six again\"\n";
    assert_eq!(game(variant, &[]).rules_text(), Some(&base));
    // Its own text takes the place of the included one; the options' paragraphs stay,
    // and one for its own option is added.
    let own = format!(
        "{variant}option fast \"fast\"\nrules \"\"\"Mine.\"\"\"\nrules with fast \"\"\"Faster.\"\"\"\n\
         define unused = if option(fast) then 1 else 0\n"
    );
    let words = game(&own, &[]).rules_text().cloned().expect("a text");
    assert_eq!(words.text, "Mine.");
    assert_eq!(words.option("slide"), base.option("slide"));
    assert_eq!(words.option("fast"), Some("Faster."));
    // Written twice in the variant, it is twice, as in a file that includes nothing.
    case_in(
        &format!("{variant}rules \"\"\"Mine.\"\"\"\nrules \"\"\"Again.\"\"\"\n"),
        "the game's rules text is given twice",
    );
    // `replace` finds the included text, and says so when there is none to replace.
    let replaced = format!("{variant}replace rules with slide \"\"\"Sliding.\"\"\"\n");
    assert_eq!(
        game(&replaced, &[])
            .rules_text()
            .cloned()
            .unwrap()
            .option("slide"),
        Some("Sliding.")
    );
    case_in(
        &format!("{variant}option fast \"fast\"\nreplace rules with fast \"\"\"Faster.\"\"\"\n"),
        "`replace` finds no rules text for the option `fast` in the included game",
    );
}

/// The first diagnostic of a whole file is `message`.
#[track_caller]
fn case_in(text: &str, message: &str) {
    let list = diagnostics(text);
    assert_eq!(
        list.first().map(|d| d.message.as_str()),
        Some(message),
        "\n{text}"
    );
}

// ---------------------------------------------------------------- the session

fn session(text: &str, options: &[&str]) -> Session {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let mut s = Session::new(Source::new("fill.tabula", text), &options, 1).unwrap();
    s.intro();
    s
}

#[test]
fn the_first_screen_says_where_to_read_the_rules() {
    let intro = |text: &str| {
        Session::new(Source::new("fill.tabula", text), &[], 1)
            .unwrap()
            .intro()
            .text
    };
    assert!(intro(WORDED).contains(
        "\nType `help` for the commands, `rules` for the rules, `moves` for the legal moves.\n"
    ));
    let plain = BASE.replace("game \"t\"", "game \"Plain\"");
    assert!(
        intro(&plain).contains("\nType `help` for the commands, `moves` for the legal moves.\n")
    );
}

#[test]
fn the_rules_command_shows_the_text_of_the_game_being_played() {
    let mut s = session(WORDED, &["quick"]);
    assert_eq!(s.handle("rules").text, render(WORDED, &["quick"], None));
    // The options named instead of those on, without starting another game.
    assert_eq!(s.handle("rules big").text, render(WORDED, &["big"], None));
    assert_eq!(s.game().chosen_options(), ["quick"]);
    assert_eq!(
        s.handle("rules bog").text,
        "error: `bog` is not an option of Fill; its options are: big, quick\n"
    );
    // Told the terminal's width, the session reflows the text to it.
    s.style.width = Some(30);
    assert_eq!(s.handle("rules").text, render(WORDED, &["quick"], Some(30)));
    let mut plain = session(&BASE.replace("game \"t\"", "game \"Plain\""), &[]);
    assert_eq!(
        plain.handle("rules").text,
        "Plain has no rules text: its rules file does not say its rules in words.\n"
    );
    assert_eq!(
        plain.handle("rules big").text,
        "error: Plain has no options\n"
    );
}

#[test]
fn help_and_completion_know_the_rules_command() {
    let mut s = session(WORDED, &[]);
    assert_eq!(
        s.handle("help rules").text,
        "rules [NAME..]\n  the rules in plain words, with the paragraph of each option on (or of the options named)\n"
    );
    assert!(s
        .complete("ru", 2)
        .candidates
        .contains(&"rules".to_string()));
    let c = s.complete("rules q", 7);
    assert_eq!((c.start, c.candidates), (6, vec!["quick".to_string()]));
}

// ---------------------------------------------------------------- the command line

/// Runs the binary in a fresh folder holding `fill.tabula` (`text`): its exit status,
/// standard output and standard error.
fn tabula_rules(text: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!(
        "tabula-rules-text-{}-{}",
        std::process::id(),
        args.join("_").replace(['/', ' '], "_")
    ));
    std::fs::create_dir_all(&dir).expect("a working folder");
    std::fs::write(dir.join("fill.tabula"), text).expect("the file written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("rules")
        .args(args)
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    let _ = std::fs::remove_dir_all(&dir);
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn tabula_rules_prints_the_text_as_written_to_a_pipe() {
    let ok = |out: String| (Some(0), out, String::new());
    assert_eq!(
        tabula_rules(WORDED, &["fill.tabula"]),
        ok(render(WORDED, &[], None))
    );
    assert_eq!(
        tabula_rules(WORDED, &["fill.tabula", "-o", "quick"]),
        ok(render(WORDED, &["quick"], None))
    );
    let (status, json, _) = tabula_rules(WORDED, &["fill.tabula", "--json", "-o", "quick"]);
    assert_eq!(status, Some(0));
    let json: serde_json::Value = serde_json::from_str(&json).expect("one JSON object");
    assert_eq!(json, tabula::rules_text::to_json(&game(WORDED, &["quick"])));
    assert_eq!(
        tabula_rules(WORDED, &["fill.tabula", "-o", "quik"]),
        (
            Some(1),
            String::new(),
            "error: unknown option `quik` for fill.tabula; did you mean `quick`?\n".to_string()
        )
    );
    let plain = BASE.replace("game \"t\"", "game \"Plain\"");
    assert_eq!(
        tabula_rules(&plain, &["fill.tabula"]),
        ok("Plain has no rules text: its rules file does not say its rules in words.\n".into())
    );
    // A text's control characters reach the terminal as escapes.
    let hostile = WORDED.replace("Nobody wins.", "Nobody \u{1b}[31mwins\u{7}.");
    let (_, out, _) = tabula_rules(&hostile, &["fill.tabula"]);
    assert!(out.contains("- Nobody \\u{1b}[31mwins\\u{7}.\n"), "{out}");
}

// ---------------------------------------------------------------- the shipped files

/// Every rules file shipped: the built-in games and the examples.
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
            files.push((
                format!("{dir}/{}", p.file_name().unwrap().to_string_lossy()),
                text,
            ));
        }
    }
    files
}

#[test]
fn every_shipped_game_and_example_says_its_rules_with_a_paragraph_per_option() {
    let files = shipped();
    assert!(files.len() >= 18, "{} files", files.len());
    for (name, text) in files {
        let g = compile(&Source::new(name.as_str(), text.as_str()), &[]).expect("compiles");
        let Some(words) = &g.rules_text() else {
            panic!("{name} has no rules text");
        };
        for (option, _) in g.options() {
            assert!(
                words.option(option).is_some(),
                "{name}: no paragraph for `{option}`"
            );
        }
        // As written, a text reads well in a terminal of 80 columns or a pipe.
        for line in tabula::rules_text::render(&g, None).lines() {
            assert!(line.chars().count() <= 80, "{name}: too wide: {line}");
        }
    }
}

#[test]
fn a_variant_written_as_a_difference_says_what_differs() {
    let text = |name: &str| {
        let path = format!("{}/{name}", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).expect("the file");
        game(&source, &[]).rules_text().cloned().expect("a text")
    };
    let built_in = |name: &str| {
        game(tabula::games::built_in(name).unwrap(), &[])
            .rules_text()
            .cloned()
            .expect("a text")
    };
    // Hypergammon sets up three checkers, not fifteen: its own text, and the cube's
    // options keep backgammon's paragraphs.
    let hyper = text("examples/rules/hypergammon.tabula");
    let backgammon = built_in("backgammon");
    assert_ne!(hyper.text, backgammon.text);
    assert_eq!(hyper.options, backgammon.options);
    // Naytïn Six with one more attack: the base game's text and one more paragraph.
    let plus = text("examples/rules/naytin-six-plus.tabula");
    let naytin = built_in("naytin-six");
    assert_eq!(plus.text, naytin.text);
    assert_eq!(plus.options[..naytin.options.len()], naytin.options[..]);
    assert_eq!(plus.options.len(), naytin.options.len() + 1);
}
