//! Files written whole or not at all: a failed or killed run, a full disk, leaves the
//! old file as it was; a command does not write over a file it reads unless told to;
//! a record cut short is refused, not replayed as a shorter game.

mod session_support;

use session_support::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use tabula::session::Session;

/// A fresh folder with the tiny rules file in it as `t.tabula`.
fn folder(name: &str) -> PathBuf {
    let dir = scratch(&format!("safe-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("t.tabula"), TINY).unwrap();
    dir
}

/// Runs `tabula` in `dir`: its exit status and standard error.
fn tabula(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

/// The names in a folder, sorted (a file left half-written would show).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const TIC_TAC_TOE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/rules/tic-tac-toe.tabula"
);

#[test]
fn a_training_run_that_fails_leaves_the_old_network() {
    let dir = folder("train-fails");
    std::fs::write(dir.join("x.net"), "the old network").unwrap();
    // The tiny game's `boom` fails while playing: the run ends in its first game.
    let (ok, err) = tabula(
        &dir,
        &[
            "train", "t.tabula", "--out", "x.net", "--games", "10", "--hidden", "4",
        ],
    );
    assert!(!ok);
    assert!(
        err.starts_with("error: while playing: `move` from `3`, which is empty\n"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("x.net")).unwrap(),
        "the old network"
    );
    assert_eq!(names(&dir), ["t.tabula", "x.net"]);
}

#[test]
fn a_network_trained_further_into_its_own_file_survives_a_killed_run() {
    let dir = folder("train-from");
    let net = dir.join("x.net");
    let net = net.to_str().unwrap();
    let first = ["--games", "20", "--hidden", "4", "--probe-every", "0"];
    let mut args = vec!["train", TIC_TAC_TOE, "--out", net];
    args.extend(first);
    assert_eq!(tabula(&dir, &args), (true, String::new()));
    let old = std::fs::read(net).unwrap();

    // A long run into the file it goes on from, killed half-way: the file is the old one.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["train", TIC_TAC_TOE, "--from", net, "--out", net])
        .args(["--games", "100000000", "--probe-every", "0"])
        .stderr(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(std::fs::read(net).unwrap() == old, "the network changed");

    // Run to its end, it replaces the file with a network trained further, which reads.
    let mut args = vec!["train", TIC_TAC_TOE, "--from", net, "--out", net];
    args.extend(first);
    assert_eq!(tabula(&dir, &args), (true, String::new()));
    let bytes = std::fs::read(net).unwrap();
    let header = String::from_utf8_lossy(&bytes[..bytes.len().min(2000)]).to_string();
    assert!(header.contains("\"games\":40"), "{header}");
    let mut again = vec!["train", TIC_TAC_TOE, "--from", net, "--out", "y.net"];
    again.extend(["--games", "0"]);
    assert_eq!(tabula(&dir, &again), (true, String::new()));
    // The killed run's own new file is left beside it, hidden; nothing else.
    let left: Vec<String> = names(&dir)
        .into_iter()
        .filter(|n| !n.starts_with(".x.net."))
        .collect();
    assert_eq!(left, ["t.tabula", "x.net", "y.net"]);
}

#[test]
fn training_does_not_write_over_its_rules_unless_forced() {
    let dir = folder("train-rules");
    let (ok, err) = tabula(&dir, &["train", "t.tabula", "--out", "./t.tabula"]);
    assert!(!ok);
    assert_eq!(
        err,
        "error: not written: `./t.tabula` is the rules file being read; to write over it all the same: `--force`\n"
    );
    assert_eq!(std::fs::read_to_string(dir.join("t.tabula")).unwrap(), TINY);
}

#[test]
fn draw_and_graph_do_not_write_over_the_files_they_read_unless_forced() {
    let dir = folder("draw");
    let refused = |file: &str, what: &str| {
        format!(
            "error: not written: `{file}` is {what}; to write over it all the same: `--force`\n"
        )
    };
    assert_eq!(
        tabula(&dir, &["draw", "t.tabula", "--svg", "t.tabula"]),
        (false, refused("t.tabula", "the rules file being read"))
    );
    assert_eq!(
        tabula(&dir, &["graph", "t.tabula", "--svg", "t.tabula"]),
        (false, refused("t.tabula", "the rules file being read"))
    );
    std::fs::write(dir.join("s.json"), r#"{"phase": "play", "to_move": "north", "cells": {"2": {"owner": "north", "piece": "stone"}}}"#).unwrap();
    assert_eq!(
        tabula(
            &dir,
            &["draw", "t.tabula", "--state", "s.json", "--svg", "s.json"]
        ),
        (false, refused("s.json", "the state file being read"))
    );
    assert_eq!(std::fs::read_to_string(dir.join("t.tabula")).unwrap(), TINY);
    assert_eq!(
        tabula(&dir, &["draw", "t.tabula", "--svg", "t.tabula", "--force"]),
        (true, String::new())
    );
    let svg = std::fs::read_to_string(dir.join("t.tabula")).unwrap();
    assert!(svg.starts_with("<svg "), "{svg}");
    assert_eq!(names(&dir), ["s.json", "t.tabula"]);
}

#[test]
fn export_does_not_write_over_a_record_it_exports() {
    let dir = folder("export");
    let record = "game: backgammon\noptions: []\nseed: 1\nmoves:\n- 3-1\n- 8/5 6/5\n";
    std::fs::write(dir.join("r.yaml"), record).unwrap();
    assert_eq!(
        tabula(&dir, &["export", "--mat", "r.yaml", "-o", "r.yaml"]),
        (
            false,
            "error: not written: `r.yaml` is a record being exported; to write over it all the same: `--force`\n"
                .to_string()
        )
    );
    assert_eq!(std::fs::read_to_string(dir.join("r.yaml")).unwrap(), record);
    assert_eq!(
        tabula(
            &dir,
            &["export", "--mat", "r.yaml", "-o", "r.yaml", "--force"]
        ),
        (true, String::new())
    );
    let mat = std::fs::read_to_string(dir.join("r.yaml")).unwrap();
    assert!(mat.starts_with(" 0 point match\n"), "{mat}");
}

#[test]
fn save_does_not_write_over_the_rules_being_played_unless_forced() {
    let dir = folder("save-rules");
    let rules = dir.join("t.tabula");
    let rules = rules.to_str().unwrap();
    let mut s = Session::open(rules, &[], 1).unwrap();
    s.intro();
    run(&mut s, "1");
    assert_eq!(
        run(&mut s, &format!("save {rules}")),
        format!("error: not written: `{rules}` is the rules file being played; to write over it all the same: `save --force {rules}`\n")
    );
    assert_eq!(std::fs::read_to_string(rules).unwrap(), TINY);
    // Another name of the same file is the same file.
    let other = format!("{}/./t.tabula", dir.display());
    assert!(run(&mut s, &format!("save {other}")).starts_with("error: not written: "));
    assert_eq!(
        run(&mut s, &format!("save --force {rules}")),
        format!("saved 1 moves to {rules}\n")
    );
    let text = std::fs::read_to_string(rules).unwrap();
    assert!(text.starts_with("# tabula game record: 1 move\n"), "{text}");
    assert_eq!(names(&dir), ["t.tabula"]);
}

#[test]
fn a_record_cut_short_is_refused() {
    let dir = folder("cut");
    let file = dir.join("game.yaml");
    let mut s = Session::open("naytin-six", &["random-values".to_string()], 11).unwrap();
    s.intro();
    run(&mut s, "ai all random");
    let moves = s.moves().len();
    assert!(moves > 20);
    run(&mut s, &format!("save {}", file.display()));
    let whole = std::fs::read_to_string(&file).unwrap();
    let mut other = Session::open("naytin-six", &[], 1).unwrap();
    other.intro();
    // Cut at the end of a line half-way through the moves, the rest would read as a
    // shorter game; cut after the moves, it would lose where the dice stand.
    let half = whole[..whole.len() / 2].rfind('\n').unwrap() + 1;
    let after_moves = whole.find("\ndrawn:").unwrap() + 1;
    for cut in [half, after_moves, whole.len() - 3] {
        std::fs::write(&file, &whole[..cut]).unwrap();
        assert_eq!(
            run(&mut other, &format!("load {}", file.display())),
            "error: this game record is cut short: it does not end with `# end of record`\n",
            "cut at byte {cut}"
        );
    }
    // Moves taken out by hand, the end kept: the first line says more.
    let edited = whole.replacen("\nmoves:\n- ", "\nmoves:\n#- ", 1);
    std::fs::write(&file, &edited).unwrap();
    assert_eq!(
        run(&mut other, &format!("load {}", file.display())),
        format!("error: this game record holds {} moves and its first line says {moves}: it was cut short or edited (without its first line, it is read as it is)\n", moves - 1)
    );
    std::fs::write(&file, &whole).unwrap();
    let out = run(&mut other, &format!("load {}", file.display()));
    assert!(
        out.starts_with(&format!(
            "loaded {}: {moves} moves replayed\n",
            file.display()
        )),
        "{out}"
    );
    assert_eq!(other.state(), s.state());
}

/// On a disk too full for the new record, the old one stays whole and loads.
#[test]
fn a_save_on_a_full_disk_leaves_the_old_record() {
    let dir = folder("full");
    let disk = dir.join("disk");
    std::fs::create_dir_all(&disk).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&disk)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        println!("skipped: a small tmpfs could not be mounted (the test needs root)");
        return;
    }
    let result = std::panic::catch_unwind(|| {
        let file = disk.join("game.yaml");
        let mut s = Session::open("naytin-six", &["random-values".to_string()], 11).unwrap();
        s.intro();
        run(&mut s, "ai all random");
        run(&mut s, "ai all off");
        while s.moves().len() > 10 {
            run(&mut s, "undo");
        }
        run(&mut s, &format!("save {}", file.display()));
        let old = std::fs::read_to_string(&file).unwrap();
        // Fill the disk, then save the whole game over the short one.
        let mut filler = std::fs::File::create(disk.join("filler")).unwrap();
        use std::io::Write as _;
        while filler.write_all(&[b'x'; 1024]).is_ok() {}
        drop(filler);
        run(&mut s, "redo all");
        assert_eq!(
            run(&mut s, &format!("save {}", file.display())),
            format!(
                "error: cannot write `{}`: no space left on device (os error 28)\n",
                file.display()
            )
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), old);
        assert_eq!(names(&disk), ["filler", "game.yaml"]);
        let mut other = Session::open("naytin-six", &[], 1).unwrap();
        other.intro();
        let out = run(&mut other, &format!("load {}", file.display()));
        assert!(
            out.starts_with(&format!("loaded {}: 10 moves replayed\n", file.display())),
            "{out}"
        );
    });
    let _ = Command::new("umount").arg(&disk).status();
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}
