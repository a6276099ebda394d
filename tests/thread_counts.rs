//! Every run of many games gives the same figures on one thread and on two: game i is
//! played from seed + i whatever thread plays it, and the results are taken in index
//! order (`tabula::runner`). The figures are checked against each other and against
//! what must hold of any run (every game counted once, in seed order).

use serde_json::Value;
use std::process::Command;

const TTT: &str = "examples/rules/tic-tac-toe.tabula";

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

/// The JSON lines a command prints, which must succeed.
fn json_lines(args: &[&str]) -> Vec<Value> {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// `args` run on 1 and on 2 threads.
fn on_one_and_two(args: &[&str]) -> [Vec<Value>; 2] {
    ["1", "2"].map(|threads| {
        let mut with = args.to_vec();
        with.extend(["--threads", threads]);
        json_lines(&with)
    })
}

/// A summary without what depends on the machine.
fn without_time(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        for key in ["seconds", "games_per_second", "threads"] {
            o.remove(key);
        }
    }
    v
}

#[test]
fn playouts_give_the_same_figures_on_one_thread_and_two() {
    let [one, two] = on_one_and_two(&[
        "playout",
        "naytin-six",
        "-n",
        "400",
        "--json",
        "--seed",
        "5",
    ]);
    assert_eq!(one.len(), 401);
    assert_eq!(&one[..400], &two[..400]);
    let (s1, s2) = (&one[400]["summary"], &two[400]["summary"]);
    assert_eq!(without_time(s1), without_time(s2));
    // Every game once, in seed order, and each counted once in the summary.
    let seeds: Vec<u64> = one[..400]
        .iter()
        .map(|g| g["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds, (5..405).collect::<Vec<_>>());
    let wins: u64 = s1["wins"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    let counted = wins + s1["draws"].as_u64().unwrap() + s1["unfinished"].as_u64().unwrap();
    assert_eq!(counted, 400);
    let decisions: u64 = one[..400]
        .iter()
        .map(|g| g["decisions"].as_u64().unwrap())
        .sum();
    assert_eq!(
        s1["mean_decisions"].as_f64().unwrap(),
        decisions as f64 / 400.0
    );
}

#[test]
fn matches_give_the_same_figures_on_one_thread_and_two() {
    let [one, two] = on_one_and_two(&[
        "playout",
        "naytin-six",
        "--match",
        "3",
        "-n",
        "150",
        "--json",
    ]);
    assert_eq!(one, two);
    assert_eq!(one.len(), 150);
    let seeds: Vec<u64> = one.iter().map(|m| m["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds, (1..151).collect::<Vec<_>>());
    // A match to 3 is won by a player with at least 3 points, after one game or more.
    for m in &one {
        let scores: Vec<i64> = m["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .collect();
        assert!(m["games"].as_u64().unwrap() >= 1, "{m}");
        if m["winner"].is_string() {
            assert!(scores.iter().any(|&s| s >= 3), "{m}");
        }
    }
    // The text summary counts the same matches and games.
    let text = |threads: &str| {
        let out = tabula(&[
            "playout",
            "naytin-six",
            "--match",
            "3",
            "-n",
            "150",
            "--threads",
            threads,
        ]);
        let text = String::from_utf8(out.stdout).unwrap();
        // The first line says how long the matches took; the rest is figures.
        let (first, rest) = text.split_once('\n').unwrap();
        let games = first.rsplit_once('(').unwrap().1.to_string();
        (games, rest.to_string())
    };
    let played: u64 = one.iter().map(|m| m["games"].as_u64().unwrap()).sum();
    let (games, rest) = text("1");
    assert_eq!(games, format!("{played} games)"));
    assert_eq!(text("2"), (games, rest));
}

#[test]
fn arena_gives_the_same_figures_on_one_thread_and_two() {
    let [one, two] = on_one_and_two(&["arena", TTT, "greedy", "random", "-n", "300", "--json"]);
    let (s1, s2) = (&one[0]["summary"], &two[0]["summary"]);
    assert_eq!(s1, s2);
    assert_eq!(one[0]["threads"], 1);
    assert_eq!(two[0]["threads"], 2);
    // Every game counted once; A sat in each seat of the 300 games 150 times.
    let n = |v: &Value| v.as_u64().unwrap();
    assert_eq!(
        n(&s1["wins"][0]) + n(&s1["wins"][1]) + n(&s1["draws"]) + n(&s1["unfinished"]),
        300
    );
    assert_eq!(
        s1["by_seat"],
        serde_json::json!([[150, s1["by_seat"][0][1]], [150, s1["by_seat"][1][1]]])
    );
    assert_eq!(
        n(&s1["by_seat"][0][1]) + n(&s1["by_seat"][1][1]),
        n(&s1["wins"][0])
    );
}

#[test]
fn analysis_gives_the_same_figures_on_one_thread_and_two() {
    let [one, two] = on_one_and_two(&[
        "analyze", TTT, "-n", "300", "--json", "--vs", "-o", "misere",
    ]);
    let figures = |v: &Value| -> Vec<Value> {
        v["sets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["figures"].clone())
            .collect()
    };
    assert_eq!(figures(&one[0]), figures(&two[0]));
    assert_eq!(one[0]["comparisons"], two[0]["comparisons"]);
    // Misère changes who wins, not how random games unfold: the same lengths.
    let f = figures(&one[0]);
    assert_eq!(f[0]["decisions"], f[1]["decisions"]);
    assert_eq!(f[0]["games"], 300);
}

#[test]
fn a_run_of_no_games_or_no_matches_is_refused() {
    for (args, said) in [
        (
            &["playout", TTT, "-n", "0"][..],
            "error: play at least one game (`-n 1`)\n",
        ),
        (
            &["playout", TTT, "--match", "3", "-n", "0"][..],
            "error: play at least one match (`-n 1`)\n",
        ),
        (
            &["playout", TTT, "--match", "3", "-n", "1000000000001"][..],
            "error: a run plays at most 1000000000000 matches, not 1000000000001\n",
        ),
    ] {
        let out = tabula(args);
        assert_eq!(String::from_utf8_lossy(&out.stderr), said, "{args:?}");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}
