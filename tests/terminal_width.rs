//! Text at the prompt fits the terminal: told its width, the session wraps `help`,
//! `moves` and the text under the board between words.

use tabula::session::{help, Session};

fn session(game: &str, width: Option<usize>) -> Session {
    session_in_match(game, 0, width)
}

fn session_in_match(game: &str, length: i32, width: Option<usize>) -> Session {
    let mut s = Session::open(game, &[], 42)
        .and_then(|s| s.in_match(length))
        .expect("a built-in game");
    s.style.width = width;
    s.intro();
    s
}

fn run(s: &mut Session, line: &str) -> String {
    s.handle(line).text
}

/// Every word of `text` (split on spaces and line ends) in order, without the commas
/// that separate items (an item that ends a line has none).
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace()
        .map(|w| w.trim_end_matches(','))
        .collect()
}

#[test]
fn help_of_one_command_wraps_under_its_text() {
    let mut s = session("naytin-six", Some(40));
    // "  take back your last move (N moves); a" is 39 columns; " turn" would make 44.
    assert_eq!(
        run(&mut s, "help undo"),
        "undo [N]\n  take back your last move (N moves); a\n  turn entered in part loses its last\n  step\n"
    );
}

#[test]
fn help_at_sixty_columns_breaks_no_word() {
    let mut s = session("naytin-six", Some(60));
    let text = run(&mut s, "help");
    for line in text.lines() {
        assert!(line.chars().count() <= 60, "too wide: {line:?}");
    }
    // The same words as the unwrapped help, none cut in two.
    assert_eq!(words(&text), words(&help(None).unwrap()));
    // At 60 columns each command's text goes on under its name.
    assert!(
        text.contains("\n  undo [N]\n      take back your last move"),
        "{text}"
    );
}

#[test]
fn moves_fit_the_width_in_columns() {
    let mut s = session("naytin-six", Some(40));
    // The longest item is "19. X@e3" (8 columns), so columns are 10 wide: 3 fit in 38.
    let text = run(&mut s, "moves");
    let first = text.lines().next().expect("a line of moves");
    assert_eq!(first, "1. X@a1   2. X@a2   3. X@a3");
    assert_eq!(text.lines().count(), 7); // 19 moves, 3 a line
                                         // Without a width, the 80-column layout as before: 7 a line.
    let mut s = session("naytin-six", None);
    let text = run(&mut s, "moves");
    assert_eq!(text.lines().count(), 3);
}

#[test]
fn the_text_under_the_board_wraps_between_words() {
    // In a match, backgammon's counters take more than one line.
    let mut s = session_in_match("backgammon", 7, Some(60));
    let text = run(&mut s, "board");
    // The counters, under the board, from the line that names them to the status.
    let under: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("counters"))
        .collect();
    assert!(!under.is_empty(), "{text}");
    for line in &under {
        assert!(line.chars().count() <= 60, "too wide: {line:?}");
    }
    let wide = session_in_match("backgammon", 7, None).handle("board").text;
    let wide_under: Vec<&str> = wide
        .lines()
        .skip_while(|l| !l.starts_with("counters"))
        .collect();
    assert_eq!(words(&under.join("\n")), words(&wide_under.join("\n")));
    // Continuation lines are indented under the counters, past the label.
    assert!(under[1].starts_with("          "), "{under:?}");
}
