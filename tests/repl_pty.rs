//! The real `tabula play` on a pseudo-terminal: a short game of Naytïn Six typed in,
//! finished by the computer, then `quit`; with tab completion and the history file.

#![cfg(unix)]

use expectrl::{Eof, Session};
use std::io::Write;
use std::os::fd::{AsRawFd, BorrowedFd};
use std::process::Command;
use std::time::Duration;

#[test]
fn a_whole_game_at_the_prompt() {
    let data = std::env::temp_dir().join(format!("tabula-pty-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["play", "naytin-six", "--seed", "7"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut p = Session::spawn(command).expect("the binary starts on a pseudo-terminal");
    p.set_expect_timeout(Some(Duration::from_secs(60)));

    p.expect("Naytïn Six (games/naytin-six.tabula), seed 7")
        .unwrap();
    p.expect("blue> ").unwrap();
    // A move typed in the game's notation.
    p.send_line("X@a1").unwrap();
    p.expect("blue: X@a1").unwrap();
    p.expect("blue> ").unwrap();
    // Tab completes a command.
    p.send("hel\t").unwrap();
    p.send("\r").unwrap();
    p.expect("Commands:").unwrap();
    p.expect("blue> ").unwrap();
    // A bad move is answered and the game goes on.
    p.send_line("X@z9").unwrap();
    p.expect("is not a legal move here").unwrap();
    p.expect("blue> ").unwrap();
    // The computer finishes the game.
    p.send_line("ai red random").unwrap();
    p.expect("red is played by the computer (random)").unwrap();
    p.send_line("ai blue greedy").unwrap();
    p.expect("game over: ").unwrap();
    p.expect("game over> ").unwrap();
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let status = p.get_process_mut().wait().unwrap();
    assert!(
        matches!(status, expectrl::WaitStatus::Exited(_, 0)),
        "{status:?}"
    );

    let history =
        std::fs::read_to_string(data.join("tabula").join("history")).expect("the history is saved");
    assert!(
        history.contains("X@a1") && history.contains("ai blue greedy"),
        "{history}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// Ctrl-C while the computer thinks stops it and keeps the game; the prompt comes back.
#[test]
fn ctrl_c_stops_the_computer_and_keeps_the_game() {
    let data = std::env::temp_dir().join(format!("tabula-pty-int-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["play", "invictus", "--seed", "3"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut p = Session::spawn(command).expect("the binary starts on a pseudo-terminal");
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("black> ").unwrap();
    let start = std::time::Instant::now();
    // Far longer than the test waits: only Ctrl-C can end this thinking.
    p.send_line("ai all mcts 600s").unwrap();
    // Said at once, before the computer starts thinking.
    p.expect("white is played by the computer").unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    p.send("\x03").unwrap();
    p.expect("interrupted: the computer stopped").unwrap();
    p.expect("> ").unwrap();
    assert!(start.elapsed() < Duration::from_secs(60));
    // The game is as it was: nothing was placed, and a person can take over.
    p.send_line("ai all off").unwrap();
    p.expect("white is played by a person").unwrap();
    p.send_line("moves").unwrap();
    p.expect("@").unwrap();
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let status = p.get_process_mut().wait().unwrap();
    assert!(
        matches!(status, expectrl::WaitStatus::Exited(_, 0)),
        "{status:?}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// Ctrl-C stops the deepest network level mid-search, as it stops `mcts`: no move is
/// played, and the message saying so is true.
#[test]
fn ctrl_c_stops_net3_before_it_moves() {
    let data = std::env::temp_dir().join(format!("tabula-pty-net3-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["play", "backgammon", "--seed", "1"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut p = Session::spawn(command).expect("the binary starts on a pseudo-terminal");
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("white> ").unwrap();
    // Three choices ahead over every roll: a debug build thinks for seconds.
    p.send_line("ai white net3").unwrap();
    p.expect("white is played by the computer (net3)").unwrap();
    // Soon after it starts: a release build decides the opening move in about 0.25 s.
    std::thread::sleep(Duration::from_millis(50));
    let pressed = std::time::Instant::now();
    p.send("\x03").unwrap();
    let stopped = p.expect("interrupted: the computer stopped").unwrap();
    let waited = pressed.elapsed();
    let before = String::from_utf8_lossy(stopped.before()).into_owned();
    assert!(!before.contains("white (net3):"), "{before}");
    assert!(waited < Duration::from_secs(2), "{waited:?}");
    p.expect("white> ").unwrap();
    p.send_line("ai white off").unwrap();
    p.expect("white is played by a person").unwrap();
    p.send_line("board").unwrap();
    p.expect("pip count  white 167, black 167").unwrap();
    p.expect("white to move, phase play, move 1").unwrap();
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let _ = std::fs::remove_dir_all(&data);
}

/// Lines pasted in one go are each played in order, as if typed: a plain paste and a
/// bracketed one (the terminal marks the pasted text) alike.
#[test]
fn every_line_of_a_paste_is_played() {
    let data = std::env::temp_dir().join(format!("tabula-pty-paste-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["play", "naytin-six", "--seed", "7"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut p = Session::spawn(command).expect("the binary starts on a pseudo-terminal");
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("blue> ").unwrap();
    for paste in ["X@a1\rX@c3\rX@e3\r", "\x1b[200~X@a1\rX@c3\rX@e3\r\x1b[201~"] {
        p.send(paste).unwrap();
        p.expect("blue: X@a1").unwrap();
        p.expect("blue: X@c3").unwrap();
        p.expect("blue: X@e3").unwrap();
        p.expect("red> ").unwrap();
        p.send_line("undo all").unwrap();
        p.expect("undo X@a1 (blue)").unwrap();
        p.expect("blue> ").unwrap();
    }
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let _ = std::fs::remove_dir_all(&data);
}

/// A turn that begins with a choice of actions says them above the prompt.
#[test]
fn the_prompt_says_a_choice_of_actions() {
    let data = std::env::temp_dir().join(format!("tabula-pty-next-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["play", "backgammon", "--seed", "42"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut p = Session::spawn(command).expect("the binary starts on a pseudo-terminal");
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("white> ").unwrap();
    p.send_line("24/21 24/18").unwrap();
    p.expect("black to move, phase play, move 2\r\nblack: double or roll?\r\n")
        .unwrap();
    p.expect("black> ").unwrap();
    p.send_line("double").unwrap();
    p.expect("white: take or drop?\r\n").unwrap();
    p.expect("white> ").unwrap();
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let _ = std::fs::remove_dir_all(&data);
}

/// On a terminal 60 columns wide, `help` wraps between words to fit, and Tab lists the
/// candidates instead of cycling through them.
#[test]
fn the_prompt_fits_a_narrow_terminal_and_tab_lists_candidates() {
    let data = std::env::temp_dir().join(format!("tabula-pty-narrow-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["play", "naytin-six", "--seed", "7"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut p = Session::spawn(command).expect("the binary starts on a pseudo-terminal");
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("blue> ").unwrap();
    // Resized while the line editor waits, as a user would: the width is read again
    // before the next line (a resize during start-up could land before or after the
    // first reading, on a loaded machine).
    p.get_process_mut()
        .set_window_size(60, 40)
        .expect("the terminal is resized");
    p.send_line("").unwrap();
    p.expect("blue> ").unwrap();
    p.send_line("help").unwrap();
    p.expect("Commands:").unwrap();
    let listed = p.expect("blue> ").unwrap();
    let text = String::from_utf8_lossy(listed.before()).replace('\r', "");
    assert!(text.contains("\n  undo [N]\n      take back"), "{text}");
    for line in text.lines() {
        assert!(
            line.chars().count() <= 60,
            "wider than the terminal: {line:?}"
        );
    }
    // `lo` completes to `load` at once; the second Tab lists both candidates side by
    // side (cycling would show one at a time).
    p.send("lo\t\t").unwrap();
    p.expect(expectrl::Regex("load +load-state")).unwrap();
    p.send("\x15").unwrap(); // Ctrl-U: clear the line
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let _ = std::fs::remove_dir_all(&data);
}

/// Ctrl-C during a long `load` stops it, says so, and keeps the game as it was; the
/// program goes on (a second Ctrl-C is not needed, and would end it).
#[test]
fn ctrl_c_stops_a_long_load_and_keeps_the_game() {
    let dir = std::env::temp_dir().join(format!("tabula-pty-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Each move counts to 2000 before it is legal: 100,000 of them take seconds to
    // replay.
    std::fs::write(
        dir.join("ticks.tabula"),
        "game \"Ticks\"\nplayers north, south\nboard { grid 1 x 1 }\ncounter ticks\naction tick \"tick\" where count(k in 1..2000 where k > 0) > 0 { ticks += 1 }\nphase play { actions tick }\nend \"done\" when ticks >= 1000000 draw\n",
    )
    .unwrap();
    let record = format!(
        "game: ticks.tabula\noptions: []\nseed: 1\nmoves:\n{}",
        "- tick\n".repeat(100_000)
    );
    std::fs::write(dir.join("ticks.yaml"), record).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["play", "ticks.tabula"])
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &dir)
        .env("TERM", "xterm");
    let mut p = Session::spawn(command).expect("the binary starts on a pseudo-terminal");
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("north> ").unwrap();
    p.send_line("tick").unwrap();
    p.expect("south> ").unwrap();
    p.send_line("load ticks.yaml").unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let pressed = std::time::Instant::now();
    p.send("\x03").unwrap();
    // The message is wrapped at the terminal's width.
    p.expect(expectrl::Regex(
        r"interrupted\s+\(Ctrl-C\):\s+nothing\s+was\s+loaded,\s+the\s+game\s+is\s+as\s+it\s+was",
    ))
    .unwrap();
    assert!(
        pressed.elapsed() < Duration::from_secs(3),
        "{:?}",
        pressed.elapsed()
    );
    // The game before the load: one tick, south to move.
    p.expect("south> ").unwrap();
    p.send_line("board").unwrap();
    p.expect("ticks 1").unwrap();
    p.expect("south> ").unwrap();
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let status = p.get_process_mut().wait().unwrap();
    assert!(
        matches!(status, expectrl::WaitStatus::Exited(_, 0)),
        "{status:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A very long line pasted at the prompt is answered at once: the line editor keeps
/// the first 4096 bytes (drawing the whole line again after each key would take time
/// in the square of its length), and the line is refused; the next line is played.
#[test]
fn a_pasted_line_of_a_megabyte_is_refused_at_once() {
    let data = std::env::temp_dir().join(format!("tabula-pty-long-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["play", "examples/rules/tic-tac-toe.tabula"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut p = Session::spawn(command).expect("the binary starts on a pseudo-terminal");
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("x> ").unwrap();
    let started = std::time::Instant::now();
    // Written from a thread of its own while this one reads what the program draws, as
    // a terminal does (else both would wait on full buffers).
    let fd = p.get_stream().as_raw_fd();
    // SAFETY: the descriptor is the session's, open for the whole test; it is copied,
    // and the copy is owned and closed by the writer.
    let copy = unsafe { BorrowedFd::borrow_raw(fd) }
        .try_clone_to_owned()
        .expect("a copy of the terminal's descriptor");
    let writer = std::thread::spawn(move || {
        let mut out = std::fs::File::from(copy);
        let mut rest = "b2".repeat(500_000).into_bytes();
        rest.push(b'\r');
        let mut at = 0;
        while at < rest.len() {
            match out.write(&rest[at..]) {
                Ok(n) => at += n,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(1))
                }
                Err(e) => panic!("{e}"),
            }
        }
    });
    p.expect("error: a line at the prompt is at most 4096 bytes; this one was cut there, and nothing was done")
        .unwrap();
    let took = started.elapsed();
    writer.join().expect("the paste is written");
    p.expect("x> ").unwrap();
    p.send_line("b2").unwrap();
    p.expect("x: b2").unwrap();
    p.expect("o> ").unwrap();
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    assert!(took < Duration::from_secs(10), "{took:?}");
    let _ = std::fs::remove_dir_all(&data);
}
