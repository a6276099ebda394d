//! Ctrl-C in a long run (`arena`, `analyze`, `train`) stops it and keeps what was
//! played: the figures of the games finished, the network trained so far. The report
//! is checked through `TABULA_STOP_AFTER` (stop as Ctrl-C would once that many games
//! were started), and the real signal once, where the platform has `kill`.

use std::process::{Command, Output};

fn tabula(args: &[&str], stop_after: Option<u64>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tabula"));
    c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    if let Some(n) = stop_after {
        c.env("TABULA_STOP_AFTER", n.to_string());
    }
    c.output().expect("the tabula binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const TTT: &str = "examples/rules/tic-tac-toe.tabula";

#[test]
fn an_interrupted_arena_reports_the_games_played() {
    let out = tabula(
        &[
            "arena",
            TTT,
            "random",
            "random",
            "-n",
            "20",
            "--threads",
            "1",
        ],
        Some(6),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains(", 6 games, seats alternating"), "{stdout}");
    assert!(
        stdout.contains("interrupted: 6 of the 20 games asked were played"),
        "{stdout}"
    );
    // The six games are those of seeds 1 to 6, the same as an arena of six games.
    let whole = text(
        &tabula(
            &[
                "arena",
                TTT,
                "random",
                "random",
                "-n",
                "6",
                "--threads",
                "1",
            ],
            None,
        )
        .stdout,
    );
    let line = |s: &str, start: &str| {
        s.lines()
            .find(|l| l.trim_start().starts_with(start))
            .map(str::to_string)
    };
    assert_eq!(line(&stdout, "A random"), line(&whole, "A random"));
    assert_eq!(line(&stdout, "B random"), line(&whole, "B random"));
}

#[test]
fn an_interrupted_arena_says_so_in_json() {
    let out = tabula(
        &[
            "arena",
            TTT,
            "random",
            "random",
            "-n",
            "20",
            "--threads",
            "1",
            "--json",
        ],
        Some(4),
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["games_asked"], 20);
    assert_eq!(v["summary"]["games"], 4);
    let out = tabula(
        &[
            "arena",
            TTT,
            "random",
            "random",
            "-n",
            "3",
            "--threads",
            "1",
            "--json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["interrupted"], false);
}

#[test]
fn an_interrupted_analysis_reports_the_games_played() {
    let out = tabula(&["analyze", TTT, "-n", "10", "--threads", "1"], Some(7));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("interrupted: 7 of the 10 games asked were played"),
        "{stdout}"
    );
    assert!(stdout.contains("no options: 7 games"), "{stdout}");
    let json = tabula(
        &["analyze", TTT, "-n", "10", "--threads", "1", "--json"],
        Some(7),
    );
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["sets"][0]["figures"]["games"], 7);
}

#[test]
fn a_run_stopped_before_any_game_says_so() {
    let out = tabula(&["analyze", TTT, "-n", "10", "--threads", "1"], Some(0));
    assert!(!out.status.success());
    assert_eq!(
        text(&out.stderr).trim_end(),
        "error: interrupted before any game was played"
    );
}

#[test]
fn interrupted_training_writes_the_network_trained_so_far() {
    let dir = std::env::temp_dir().join(format!("tabula-interrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ttt.net");
    let path = file.to_str().unwrap();
    let out = tabula(
        &[
            "train",
            TTT,
            "--games",
            "1000",
            "--out",
            path,
            "--probe-every",
            "0",
        ],
        Some(1),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    // Training stops at the end of a batch of self-play games.
    let batch = tabula::ai::train::BATCH;
    assert!(
        stdout.contains(&format!("interrupted: {batch} of the 1000 games asked")),
        "{stdout}"
    );
    let source = tabula::games::load_source(TTT).unwrap();
    let game = tabula::compile(&source, &[]).unwrap();
    let bytes = std::fs::read(&file).unwrap();
    let net = tabula::ai::net::Net::from_bytes(&game, &bytes).expect("the network loads");
    assert_eq!(net.header.games, batch);
    assert!(
        net.header
            .trained_by
            .ends_with(&format!("(stopped after {batch} games)")),
        "{}",
        net.header.trained_by
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The real Ctrl-C: an arena far too long to end by itself stops soon after SIGINT and
/// reports the games it finished.
#[cfg(unix)]
#[test]
fn sigint_stops_an_arena_with_its_figures() {
    use std::time::{Duration, Instant};
    for wait in [2, 6] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args([
                "arena",
                TTT,
                "mcts:300",
                "random",
                "-n",
                "1000000",
                "--threads",
                "1",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the tabula binary runs");
        std::thread::sleep(Duration::from_secs(wait));
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status();
        if !sent.is_ok_and(|s| s.success()) {
            // No `kill` here: the report is checked by the tests above.
            child.kill().ok();
            child.wait().ok();
            return;
        }
        let started = Instant::now();
        let out = child.wait_with_output().unwrap();
        assert!(started.elapsed() < Duration::from_secs(60));
        if out.status.code().is_none() {
            // The signal came before the handler was installed (a very slow start):
            // try once more with a longer wait.
            continue;
        }
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
        assert!(stdout.contains("interrupted: "), "{stdout}");
        assert!(stdout.contains(" of the 1000000 games asked"), "{stdout}");
        assert!(text(&out.stderr).contains("stopping: finishing the games under way"));
        return;
    }
    panic!("tabula never caught Ctrl-C");
}
