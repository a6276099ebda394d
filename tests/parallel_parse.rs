//! Compiling is safe on many threads at once: a syntax error's message does not depend
//! on what other threads are parsing, nor on pest's error-detail switch, which belongs
//! to the whole process.

use tabula::{compile, CompileError, Source};

const GAME: &str = r#"game "t"
players a, b
board { grid 3 x 3 }
piece p
action go "{to}"
  for to in cells
  where empty(to)
{
  put p of mover at to
}
phase main {
  starts a
  actions go
}
"#;

/// Each broken file (GAME with one change) and the message it must get; the messages
/// rely on the tokens the parser tried where it stopped.
fn broken() -> Vec<(String, &'static str)> {
    vec![
        (
            GAME.replace("phase main {", "phase main"),
            "expected `{`, found `starts`",
        ),
        (
            GAME.replace("  starts a\n", "  starts a\n  bogus\n"),
            "expected `}` or a phase item (`starts`, `actions`, `prefer`, `stuck`, `turn start`, `until`, ...), found `bogus`",
        ),
        (
            format!("{GAME}frobnicate"),
            "expected a declaration (`game`, `board`, `action`, `phase`, ...), found `frobnicate`",
        ),
    ]
}

fn first_message(text: &str) -> Option<String> {
    match compile(&Source::new("t.tabula", text), &[]) {
        Ok(_) => None,
        Err(CompileError::Rules(d)) => Some(d.list[0].message.clone()),
        Err(CompileError::Option(m)) => Some(m),
    }
}

/// The parser's message for a file alone (cheaper than compiling it).
fn parse_message(text: &str) -> Option<String> {
    tabula::internals::parse(text).err().map(|d| d.message)
}

#[test]
fn syntax_errors_are_the_same_on_many_threads() {
    let cases = broken();
    // Every message through the whole compiler once.
    for (text, message) in &cases {
        assert_eq!(first_message(text).as_deref(), Some(*message));
    }
    let rounds = 300;
    let wrong: usize = std::thread::scope(|s| {
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let cases = &cases;
                s.spawn(move || {
                    let mut wrong = 0;
                    for round in 0..rounds {
                        // Half the threads also parse a valid file between broken ones.
                        if t % 2 == 0 {
                            assert_eq!(parse_message(GAME), None);
                        }
                        let (text, message) = &cases[(t + round) % cases.len()];
                        let got = parse_message(text);
                        if got.as_deref() != Some(*message) {
                            eprintln!("thread {t}, round {round}: {got:?}");
                            wrong += 1;
                        }
                    }
                    wrong
                })
            })
            .collect();
        threads.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert_eq!(wrong, 0, "{wrong} of {} messages were wrong", 8 * rounds);
}

/// pest's error detail is a setting of the whole process, which another library in it
/// may switch; the messages are the same either way (the test above runs beside this
/// one, with the switch changing under it).
#[test]
fn messages_do_not_depend_on_pests_error_detail() {
    for round in 0..50 {
        pest::set_error_detail(round % 2 == 0);
        for (text, message) in broken() {
            assert_eq!(
                parse_message(&text).as_deref(),
                Some(message),
                "round {round}"
            );
        }
    }
    pest::set_error_detail(false);
}
