//! `tabula analyze` against figures known without tabula: uniformly random
//! tic-tac-toe, whose outcome probabilities are classical (X wins 737/1260, O 363/1260,
//! a draw 160/1260, counting every game with its probability), and the structure of the
//! game itself (9 − k choices at the k-th decision).

use serde_json::Value;
use std::process::Command;

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

const TTT: &str = "examples/rules/tic-tac-toe.tabula";
const X_WINS: f64 = 737.0 / 1260.0;
const O_WINS: f64 = 363.0 / 1260.0;
const DRAWS: f64 = 160.0 / 1260.0;

fn holds(rate: &Value, p: f64) -> bool {
    rate["low"].as_f64().unwrap() <= p && p <= rate["high"].as_f64().unwrap()
}

#[test]
fn random_tic_tac_toe_gives_the_classical_odds() {
    let v = json(&["analyze", TTT, "-n", "2000", "--json", "--threads", "2"]);
    assert_eq!(v["sets"].as_array().unwrap().len(), 1);
    assert!(v["comparisons"].as_array().unwrap().is_empty());
    let f = &v["sets"][0]["figures"];
    assert_eq!(f["games"], 2000);
    assert!(holds(&f["seat_wins"][0], X_WINS), "{}", f["seat_wins"][0]);
    assert!(holds(&f["seat_wins"][1], O_WINS), "{}", f["seat_wins"][1]);
    assert!(holds(&f["draws"], DRAWS), "{}", f["draws"]);
    assert_eq!(f["unfinished"]["count"], 0);
    // A game lasts 5 to 9 moves, one decision a turn; the first decision has 9 choices,
    // so the first tenth of every game averages 9.
    assert!(f["decisions"]["max"].as_f64().unwrap() <= 9.0);
    assert!(f["decisions"]["median"].as_f64().unwrap() >= 5.0);
    assert_eq!(f["decisions"]["mean"]["mean"], f["turns"]["mean"]["mean"]);
    assert_eq!(f["branching_by_part"][0], 9.0);
    // Only the ninth move is forced: its share in a game of 9 decisions is 1/9, and
    // no shorter game has one, so the mean share is at most 1/9.
    let forced = f["forced"]["mean"].as_f64().unwrap();
    assert!(forced > 0.0 && forced <= 1.0 / 9.0, "{forced}");
    // No score declared: no lead measure.
    assert!(f["decided_early"].is_null());
}

/// Misère changes who wins, not how random games unfold: X's chance becomes O's.
#[test]
fn a_variant_is_compared_with_its_differences_and_their_intervals() {
    let v = json(&[
        "analyze", TTT, "-n", "1500", "--json", "--vs", "-o", "misere",
    ]);
    assert_eq!(v["sets"].as_array().unwrap().len(), 2);
    assert_eq!(v["sets"][0]["options"], serde_json::json!([]));
    assert_eq!(v["sets"][1]["options"], serde_json::json!(["misere"]));
    let misere = &v["sets"][1]["figures"];
    assert!(holds(&misere["seat_wins"][0], O_WINS));
    assert!(holds(&misere["seat_wins"][1], X_WINS));
    let rows = v["comparisons"][0]["rows"].as_array().unwrap();
    let row = |name: &str| rows.iter().find(|r| r["figure"] == name).unwrap();
    let x = row("x wins");
    assert_eq!(x["significant"], true);
    let d = O_WINS - X_WINS;
    assert!(x["low"].as_f64().unwrap() <= d && d <= x["high"].as_f64().unwrap());
    // The same games, the same lengths.
    assert_eq!(row("decisions")["difference"], 0.0);
    assert_eq!(row("decisions")["significant"], false);
}

#[test]
fn the_figures_do_not_depend_on_the_threads() {
    let figures = |threads: &str| {
        let v = json(&[
            "analyze",
            "naytin-six",
            "-o",
            "random-values",
            "-n",
            "120",
            "--json",
            "--threads",
            threads,
        ]);
        v["sets"][0]["figures"].clone()
    };
    assert_eq!(figures("1"), figures("2"));
}

#[test]
fn text_output_says_what_is_significant() {
    let out = tabula(&["analyze", TTT, "-n", "400", "--vs", "-o", "misere"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Tic-tac-toe, no options: 400 games, random (seeds 1..400)"),
        "{text}"
    );
    assert!(text.contains("  x wins "), "{text}");
    assert!(text.contains("decided early    not measured: the game declares no `score`"));
    assert!(
        text.contains("misere against no options: the difference"),
        "{text}"
    );
    assert!(
        text.contains("Significant at 95 %: x wins, o wins"),
        "{text}"
    );
}

#[test]
fn a_scored_game_reports_how_early_it_is_decided() {
    let v = json(&["analyze", "naytin-six", "-n", "50", "--json"]);
    let f = &v["sets"][0]["figures"];
    let early = &f["decided_early"];
    assert!(early["of"].as_u64().unwrap() > 0);
    assert!(f["lead_changes"]["mean"].as_f64().unwrap() >= 0.0);
    let at = f["decided_at"]["mean"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&at));
}

#[test]
fn plots_are_written_as_svg() {
    let dir = std::env::temp_dir().join(format!("tabula-analyze-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let out = tabula(&[
        "analyze", TTT, "-n", "100", "--vs", "-o", "misere", "--svg", d,
    ]);
    assert!(out.status.success());
    for (file, needle) in [
        ("lengths.svg", "Length of games"),
        ("seats.svg", "error-bar"),
        ("branching.svg", "<polyline"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(text.trim_end().ends_with("</svg>"));
        assert!(text.contains(needle), "{file}");
        // Two series, one per option set, and a legend naming them.
        assert!(text.contains("series-1"), "{file}");
        assert!(text.contains(">misere</text>"), "{file}");
        assert_eq!(text.matches('<').count(), text.matches('>').count());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_requests_are_answered_plainly() {
    let out = tabula(&["analyze", TTT, "-n", "0"]);
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: play at least one game (`-n 1`)"
    );
    let out = tabula(&["analyze", TTT, "--players", "random,random,random"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("one or two computer players"));
    let out = tabula(&["analyze", TTT, "--vs", "-o", "nonsense"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("nonsense"));
}

#[test]
fn each_vs_starts_its_own_option_set() {
    let v = json(&[
        "analyze", TTT, "-n", "10", "--json", "--vs", "-o", "misere", "--vs", "--vs", "-o",
        "misere",
    ]);
    let sets: Vec<&Value> = v["sets"].as_array().unwrap().iter().collect();
    let options: Vec<&Value> = sets.iter().map(|s| &s["options"]).collect();
    assert_eq!(
        options,
        [
            &serde_json::json!([]),
            &serde_json::json!(["misere"]),
            &serde_json::json!([]),
            &serde_json::json!(["misere"])
        ]
    );
    assert_eq!(v["comparisons"].as_array().unwrap().len(), 3);
}
