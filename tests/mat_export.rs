//! `tabula export --mat` and `save FILE.mat`: backgammon records as Jellyfish match
//! files, checked against a match written and checked by hand
//! (`tests/fixtures/mat/README.md`).

use std::path::PathBuf;
use std::process::{Command, Output};
use tabula::session::Session;
use tabula::{compile, games, Engine};

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/mat/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn success(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn failure(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(
        !out.status.success(),
        "`tabula {}` succeeded",
        args.join(" ")
    );
    String::from_utf8(out.stderr).expect("utf-8")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-mat-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_hand_checked_match_is_written_as_checked() {
    let expected = std::fs::read_to_string(fixture("short-match.mat")).unwrap();
    let record = fixture("short-match.yaml");
    assert_eq!(success(&["export", &record, "--mat"]), expected);

    let out = scratch("export").join("short.mat");
    let out = out.to_str().unwrap();
    assert_eq!(success(&["export", &record, "--mat", "-o", out]), "");
    assert_eq!(std::fs::read_to_string(out).unwrap(), expected);
}

/// Each game's winner and points as tabula's engine scores it (not the exporter's
/// own board).
fn engine_result(record: &str) -> (usize, i32) {
    let text = std::fs::read_to_string(fixture(record)).unwrap();
    let record = tabula::session::Record::from_yaml(&text).unwrap();
    let source = games::load_source(&record.game).unwrap();
    let game = compile(&source, &record.options).unwrap();
    let mut engine = Engine::new(&game);
    let mut state = engine.initial_state().unwrap();
    for step in &record.moves {
        engine.play_text(&mut state, step).unwrap();
    }
    let outcome = engine.outcome(&state).unwrap().expect("the game is over");
    (outcome.winner.expect("a winner").index(), outcome.points)
}

#[test]
fn several_single_games_make_one_money_session() {
    let first = "no-cube-backgammon.yaml";
    let second = "cube-drop.yaml";
    let text = success(&["export", &fixture(first), &fixture(second), "--mat"]);
    assert!(text.starts_with(" 0 point match\n\n Game 1\n"), "{text}");
    let (winner, points) = engine_result(first);
    assert_eq!(points, 3, "the first fixture is a backgammon");
    let mut score = [0, 0];
    score[winner] = points;
    let header = format!(
        " Game 2\n {:<30} Black : {}\n",
        format!("White : {}", score[0]),
        score[1]
    );
    assert!(text.contains(&header), "{header} not in {text}");
    assert!(!text.contains(" Game 3"));
    // Each game ends with its winner's line, in his column.
    let (winner, points) = engine_result(second);
    let wins: Vec<&str> = text.lines().filter(|l| l.contains("Wins")).collect();
    assert_eq!(wins.len(), 2);
    assert!(wins[1].ends_with(&format!("Wins {points} points")));
    let column = wins[1].find("Wins").unwrap();
    assert_eq!(column > 20, winner == 1, "{}", wins[1]);
}

#[test]
fn a_game_of_another_shape_is_refused_clearly() {
    let dir = scratch("other");
    let record = dir.join("naytin.yaml");
    std::fs::write(
        &record,
        "game: naytin-six\noptions: []\nseed: 1\nmoves: []\n",
    )
    .unwrap();
    let err = failure(&["export", record.to_str().unwrap(), "--mat"]);
    assert!(
        err.starts_with(&format!(
            "error: {}: Naytïn Six cannot be written as a .mat file: ",
            record.display()
        )),
        "{err}"
    );

    let err = failure(&["export", &fixture("missing.yaml"), "--mat"]);
    assert!(err.starts_with("error: cannot read `"), "{err}");

    let err = failure(&[
        "export",
        &fixture("short-match.yaml"),
        &fixture("cube-drop.yaml"),
        "--mat",
    ]);
    assert!(
        err.contains(
            "is a match: several records make one money session only when each is a single game"
        ),
        "{err}"
    );
}

#[test]
fn a_record_with_an_illegal_move_is_refused_before_writing() {
    let dir = scratch("illegal");
    let record = dir.join("bad.yaml");
    std::fs::write(
        &record,
        "game: backgammon\noptions: []\nseed: 1\nmoves:\n- 3-1\n- 8/4 6/5\n",
    )
    .unwrap();
    let err = failure(&["export", record.to_str().unwrap(), "--mat"]);
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("8/4 6/5"), "{err}");
}

/// The session writes `save FILE.EXT` with the export registered for EXT, and YAML
/// otherwise.
#[test]
fn save_uses_the_export_of_the_extension() {
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.add_export(
        "mat",
        Box::new(|game, record| {
            let players = [game.players()[0].as_str(), game.players()[1].as_str()];
            tabula_gnubg::mat::match_to_mat(0, players, std::slice::from_ref(&record.moves))
                .map_err(|e| e.to_string())
        }),
    );
    s.intro();
    // Seed 1 rolls 6-5 for White to open.
    let out = s.handle("24/18 18/13");
    assert!(!out.text.contains("error"), "{}", out.text);
    let dir = scratch("save");
    let mat = dir.join("game.MAT");
    let out = s.handle(&format!("save {}", mat.display()));
    assert_eq!(out.text, format!("saved 2 moves to {}\n", mat.display()));
    assert_eq!(
        std::fs::read_to_string(&mat).unwrap(),
        format!(
            " 0 point match\n\n Game 1\n {:<30} black : 0\n  1) 65: 24/18 18/13\n",
            "white : 0"
        )
    );
    let yaml = dir.join("game.yaml");
    s.handle(&format!("save {}", yaml.display()));
    assert!(std::fs::read_to_string(&yaml)
        .unwrap()
        .starts_with("# tabula game record: 2 moves\ngame: backgammon\n"));

    // An export that fails says so, and writes nothing.
    s.add_export("txt", Box::new(|_, _| Err("not this game".into())));
    let txt = dir.join("game.txt");
    let out = s.handle(&format!("save {}", txt.display()));
    assert!(
        out.text.contains("cannot save as .txt: not this game"),
        "{}",
        out.text
    );
    assert!(!txt.exists());
}
