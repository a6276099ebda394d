//! The command line as a script sees it.

use std::process::Command;

fn tabula(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Every game is played from its own seed, so the games do not depend on the threads.
#[test]
fn playouts_are_the_same_on_any_number_of_threads() {
    let games = |threads: &str| -> Vec<String> {
        tabula(&[
            "playout",
            "naytin-six",
            "-o",
            "random-values",
            "-n",
            "300",
            "--json",
            "--threads",
            threads,
        ])
        .lines()
        .filter(|l| !l.contains("\"summary\""))
        .map(str::to_string)
        .collect()
    };
    let one = games("1");
    assert_eq!(one.len(), 300);
    assert_eq!(one, games("2"));
}

#[test]
fn moves_can_be_piped_into_a_program_that_stops_reading() {
    // `tabula moves ... | head -1` must not fail when head closes the pipe.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["moves", "invictus"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let status = child.wait().expect("it ends");
    assert!(status.success(), "{status:?}");
}

/// A misspelt built-in game is answered with the name meant.
#[test]
fn a_misspelt_game_name_is_answered_with_the_built_in_game_meant() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["moves", "backgamon"])
        .output()
        .expect("the binary runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.lines().next(),
        Some("error: cannot read `backgamon`: no such file or directory (os error 2); did you mean the built-in game `backgammon`?")
    );
    // A name close to none keeps the list of the built-in games.
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["moves", "chess"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "it is not a built-in game either (those are: backgammon, invictus, naytin-six)"
        ),
        "{stderr}"
    );
}

/// A network trained further with `--from` names every command that made it, in order;
/// `--final-rate` is accepted with them.
#[test]
fn a_network_trained_further_keeps_the_commands_that_made_it() {
    let dir = std::env::temp_dir().join(format!("tabula-train-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = dir.join("a.net");
    let second = dir.join("b.net");
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    let common = ["--games", "40", "--hidden", "4", "--probe-every", "0"];
    let mut args = vec!["train", "examples/rules/tic-tac-toe.tabula", "--out", first];
    args.extend(common);
    tabula(&args);
    let mut more = vec![
        "train",
        "examples/rules/tic-tac-toe.tabula",
        "--from",
        first,
        "--final-rate",
        "0.0005",
        "--out",
        second,
    ];
    more.extend(common);
    tabula(&more);
    let bytes = std::fs::read(second).unwrap();
    let header = String::from_utf8_lossy(&bytes[..bytes.len().min(2000)]).to_string();
    let made = format!(
        "\"trained_by\":\"train examples/rules/tic-tac-toe.tabula --out {first} --games 40 --hidden 4 --probe-every 0; then train examples/rules/tic-tac-toe.tabula --from {first} --final-rate 0.0005 --out {second} --games 40 --hidden 4 --probe-every 0\""
    );
    assert!(header.contains(&made), "{header}");
    assert!(header.contains("\"games\":80"), "{header}");
    let _ = std::fs::remove_dir_all(&dir);
}
