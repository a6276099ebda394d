//! The .mat export read by GNU Backgammon itself: each fixture record is exported,
//! imported with `import mat` (`tests/gnubg/walk_mat.py`, run inside gnubg), and
//! every position gnubg reaches before a move or a double, its dice, who acts, and
//! each game's winner and points must be tabula's. Skipped, with a message, when
//! `gnubg` is not installed (Debian/Ubuntu: `apt-get install gnubg`).

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;
use tabula::session::Record;
use tabula::{compile, games, json, Engine};

const SINGLE_GAMES: &[&str] = &[
    "cube-drop.yaml",
    "cube-gammon.yaml",
    "no-cube-backgammon.yaml",
    "first-roll-reroll.yaml",
];

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/mat/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The gnubg program: on the PATH, or where Debian puts it.
fn gnubg() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("gnubg"))
        .find(|p| p.is_file())
}

/// One action as gnubg or tabula sees it: who (0 White, 1 Black), what, the dice
/// (larger first) and the Position ID before it.
#[derive(Debug, PartialEq)]
struct Action {
    player: usize,
    kind: String,
    dice: Vec<u64>,
    board: String,
}

#[derive(Debug, PartialEq)]
struct GameResult {
    winner: Option<usize>,
    points: Option<i64>,
    actions: Vec<Action>,
}

/// The games of a .mat file as gnubg imports them.
fn gnubg_games(gnubg: &PathBuf, mat: &str) -> Vec<GameResult> {
    let script = format!("{}/tests/gnubg/walk_mat.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(gnubg)
        .args(["-t", "-q", "-p", &script])
        .env("TABULA_MAT", mat)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("gnubg runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|l| l.strip_prefix("TABULA-GAME "))
        .map(|l| {
            let g: Value = serde_json::from_str(l).expect("the script prints JSON");
            let actions = g["actions"]
                .as_array()
                .unwrap()
                .iter()
                // Moves with no checker moved are rolls that could not be played;
                // tabula has them as a roll with no move.
                .filter(|a| a["action"] == "double" || a["moves"].as_u64().unwrap_or(0) > 0)
                .map(|a| Action {
                    player: a["player"].as_u64().unwrap() as usize,
                    kind: a["action"].as_str().unwrap().to_string(),
                    dice: a["dice"]
                        .as_array()
                        .map(|d| d.iter().map(|x| x.as_u64().unwrap()).collect())
                        .unwrap_or_default(),
                    board: a["board"].as_str().unwrap().to_string(),
                })
                .collect();
            GameResult {
                winner: g["winner"].as_u64().map(|w| w as usize),
                points: g["points"].as_i64(),
                actions,
            }
        })
        .collect()
}

/// The same game replayed by tabula's engine, the IDs written by the crate's bridge.
fn tabula_game(record: &Record) -> GameResult {
    let source = games::load_source(&record.game).unwrap();
    let game = compile(&source, &record.options).unwrap();
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().unwrap();
    let mut actions = Vec::new();
    for step in &record.moves {
        let chance = state.chance().is_some();
        let kind = match step.as_str() {
            "double" => Some("double"),
            "roll" | "take" | "drop" | "pass" => None,
            _ if chance => None,
            _ => Some("move"),
        };
        if let Some(kind) = kind {
            let value = json::state_to_json(&game, &state);
            let (board, _) = tabula_gnubg::ids_from_state(&value).unwrap();
            let mut dice: Vec<u64> = value["pools"]["dice"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_u64().unwrap())
                .collect();
            dice.sort_unstable_by(|a, b| b.cmp(a));
            dice.dedup();
            if dice.len() == 1 {
                dice.push(dice[0]);
            }
            let player = game
                .players()
                .iter()
                .position(|p| value["to_move"] == p.as_str())
                .unwrap();
            actions.push(Action {
                player,
                kind: kind.to_string(),
                dice,
                board,
            });
        }
        engine.play_text(&mut state, step).unwrap();
    }
    let outcome = engine.outcome(&state).unwrap();
    GameResult {
        winner: outcome.as_ref().and_then(|o| o.winner).map(|w| w.index()),
        points: outcome.map(|o| i64::from(o.points)),
        actions,
    }
}

#[test]
fn gnubg_replays_the_exported_games_position_by_position() {
    let Some(gnubg) = gnubg() else {
        eprintln!("skipped: gnubg is not installed (apt-get install gnubg)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("tabula-gnubg-mat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mat = dir.join("session.mat");
    let mat = mat.to_str().unwrap();
    // More records of single games (e.g. from `tabula arena --records DIR`) are
    // checked too when TABULA_GNUBG_RECORDS names their folder.
    let mut records: Vec<String> = SINGLE_GAMES.iter().map(|f| fixture(f)).collect();
    if let Some(dir) = std::env::var_os("TABULA_GNUBG_RECORDS") {
        let mut more: Vec<String> = std::fs::read_dir(dir)
            .expect("TABULA_GNUBG_RECORDS is a folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .map(|p| p.display().to_string())
            .collect();
        more.sort();
        records.extend(more);
    }
    let mut args = vec!["export".to_string()];
    args.extend(records.iter().cloned());
    args.extend(["--mat", "-o", mat].map(String::from));
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let theirs = gnubg_games(&gnubg, mat);
    assert_eq!(theirs.len(), records.len(), "gnubg read every game");
    for (name, gnubg_game) in records.iter().zip(theirs) {
        let text = std::fs::read_to_string(name).unwrap();
        let ours = tabula_game(&Record::from_yaml(&text).unwrap());
        assert!(ours.winner.is_some(), "{name} is a finished game");
        assert_eq!(gnubg_game, ours, "{name}");
    }
}

#[test]
fn gnubg_reads_the_hand_checked_match() {
    let Some(gnubg) = gnubg() else {
        eprintln!("skipped: gnubg is not installed (apt-get install gnubg)");
        return;
    };
    let games = gnubg_games(&gnubg, &fixture("short-match.mat"));
    assert_eq!(games.len(), 2);
    // Black wins the first game by White's drop of a redouble: the cube's value, 2.
    assert_eq!((games[0].winner, games[0].points), (Some(1), Some(2)));
    let kinds: Vec<(usize, &str)> = games[0]
        .actions
        .iter()
        .map(|a| (a.player, a.kind.as_str()))
        .collect();
    assert_eq!(
        kinds,
        [
            (0, "move"),
            (1, "move"),
            (0, "move"),
            (0, "double"),
            (0, "move"),
            (1, "double")
        ]
    );
    // The usual start, White on roll.
    assert_eq!(games[0].actions[0].board, "4HPwATDgc/ABMA");
    assert_eq!(games[1].winner, None);
    assert_eq!(games[1].actions.len(), 2);
}
