//! Match play in the interactive session, driven line by line: matches played to the
//! end by the computer and checked against the engine's own results, records of a
//! match in progress (and of a single game) that load to the identical state and roll
//! the same dice afterwards, the Crawford rule of backgammon seen at the prompt, and
//! `undo` back into the previous game.

use tabula::engine::matchplay::Match;
use tabula::session::{Record, Session};
use tabula::{Engine, Outcome};

/// Runs a line and returns its text.
fn run(s: &mut Session, line: &str) -> String {
    let out = s.handle(line);
    assert!(!out.quit, "`{line}` ended the session");
    out.text
}

/// A session on a built-in game, in a match to `length` points, started.
fn open(game: &str, options: &[&str], seed: u64, length: i32) -> Session {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let mut s = Session::open(game, &options, seed)
        .unwrap()
        .in_match(length)
        .unwrap();
    s.intro();
    s
}

/// A unique scratch file for a test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-session-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Replays every game of the session with the engine alone, each game from
/// `Engine::initial_state_in` of the match so far, and returns each game's outcome as
/// the engine gives it from the game's final state, and the match.
fn replay_independently(s: &Session) -> (Vec<Option<Outcome>>, Match) {
    let game = s.game().clone();
    let mut engine = Engine::new(&game);
    let mut m = Match::new(s.match_length(), game.players().len());
    let mut outcomes = Vec::new();
    for moves in s.games() {
        let mut state = engine.initial_state_in(&m).unwrap();
        for text in &moves {
            engine
                .play_text(&mut state, text)
                .unwrap_or_else(|e| panic!("`{text}`: {e}"));
        }
        let outcome = engine.outcome(&state).unwrap();
        if let Some(o) = &outcome {
            m.record(o);
        }
        outcomes.push(outcome);
    }
    (outcomes, m)
}

/// Plays a whole match by the computer and checks it against the engine.
fn computer_match(game: &str, options: &[&str], seed: u64, length: i32) {
    let mut s = open(game, options, seed, length);
    let players = s.game().players().to_vec();
    run(&mut s, &format!("ai {} random", players[0]));
    let out = run(&mut s, &format!("ai {} greedy", players[1]));

    // The match is decided, for a player with at least its length.
    let m = s.match_score();
    let Some(w) = m.winner() else {
        panic!("the match is not decided: {m:?}\n{out}")
    };
    assert!(m.scores[w] >= length, "{m:?}");
    assert!(
        out.contains(&format!(
            "match over: {} wins the match to {length} (",
            players[w]
        )),
        "{out}"
    );
    assert_eq!(s.prompt(), "game over> ");

    // Each game's points, as the session recorded them, are the engine's for its
    // final state; the match adds them up the same way.
    let (outcomes, independent) = replay_independently(&s);
    let recorded = s.results();
    assert_eq!(outcomes.len(), recorded.len());
    assert!(recorded.len() >= 2 || recorded[0].points >= length);
    for (g, (o, r)) in outcomes.iter().zip(&recorded).enumerate() {
        let o = o
            .as_ref()
            .unwrap_or_else(|| panic!("game {} is not over", g + 1));
        assert_eq!((o.winner, o.points), (r.winner, r.points), "game {}", g + 1);
        assert!(o.winner.is_none() || o.points >= 1, "{o:?}");
    }
    assert_eq!(independent, m);
    assert_eq!(m.games, recorded.len());

    // The session said so after each game.
    let mut score = Match::new(length, players.len());
    for o in &recorded {
        score.record(o);
        let who = match o.winner {
            Some(w) => format!(
                "{} wins {} point{}",
                players[w.index()],
                o.points,
                if o.points == 1 { "" } else { "s" }
            ),
            None => "a draw".to_string(),
        };
        // The result's name, when the end rule gives one: `2 points (gammon)`.
        let named = o
            .named
            .as_ref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        let line = format!(
            "{who}{named}; match to {length}: {} {}, {} {}\n",
            players[0], score.scores[0], players[1], score.scores[1]
        );
        assert!(out.contains(&line), "no `{line}` in\n{out}");
    }
    assert_eq!(
        out.matches(&format!(" of the match to {length}\n")).count(),
        recorded.len() - 1
    );

    // `match` lists the games.
    let listed = run(&mut s, "match");
    assert!(
        listed.starts_with(&format!("match to {length}: ")),
        "{listed}"
    );
    assert_eq!(
        listed.matches("\n  game ").count(),
        recorded.len(),
        "{listed}"
    );
}

#[test]
fn a_match_of_naytin_six_played_by_the_computer() {
    computer_match("naytin-six", &["random-values"], 7, 3);
}

#[test]
fn a_match_of_backgammon_played_by_the_computer() {
    computer_match("backgammon", &[], 3, 3);
}

/// Saves the session, loads the record into a new session and checks that both are
/// in the identical state and go on identically: same output for the same lines (the
/// same dice, the same computer moves) to the end.
fn save_load_goes_on_the_same(s: &mut Session, name: &str, person: &str) {
    let file = scratch(name);
    let saved = run(s, &format!("save {}", file.display()));
    assert!(saved.starts_with("saved "), "{saved}");
    let mut other = Session::open("invictus", &[], 99).unwrap();
    other.intro();
    let loaded = run(&mut other, &format!("load {}", file.display()));
    // Both callers play Naytïn Six: loading it says it replaces Invictus.
    let notice = format!(
        "{} is a record of Naytïn Six (games/naytin-six.tabula): it replaces the game of Invictus\nloaded ",
        file.display()
    );
    assert!(loaded.starts_with(&notice), "{loaded}");
    assert_eq!(other.state(), s.state());
    assert_eq!(other.games(), s.games());
    assert_eq!(other.match_score(), s.match_score());
    assert_eq!(other.match_length(), s.match_length());
    assert_eq!(other.drawn(), s.drawn());
    assert!(s.drawn() > 0);
    let mut lines = 0;
    while s.outcome().unwrap().is_none() || !s.match_score().is_over() {
        assert!(s.prompt().starts_with(person), "{}", s.prompt());
        assert_eq!(run(&mut other, "1"), run(s, "1"));
        lines += 1;
        assert!(lines < 5_000, "the game does not end");
    }
    assert!(lines > 0);
    assert_eq!(other.games(), s.games());
    assert_eq!(other.state(), s.state());
}

#[test]
fn a_match_in_progress_saves_and_loads_to_the_same_state_and_the_same_dice() {
    // Red is a person who always plays the first legal move; blue is the computer.
    let mut s = open("naytin-six", &["random-values"], 21, 3);
    run(&mut s, "ai blue random");
    // Moves taken back draw dice that a replay of the record would not.
    run(&mut s, "1");
    run(&mut s, "undo");
    while s.games().len() < 2 || s.moves().len() < 6 {
        assert_eq!(s.prompt(), "red> ");
        run(&mut s, "1");
    }
    assert!(!s.match_score().is_over());
    let record = s.record();
    assert_eq!(record.match_length, 3);
    assert_eq!(record.games.len(), s.games().len() - 1);
    assert_eq!(record.drawn, s.drawn());
    let file = scratch("match.yaml");
    run(&mut s, &format!("save {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    let moves = record.moves.len() + record.games.iter().map(Vec::len).sum::<usize>();
    assert!(
        text.starts_with(&format!(
            "# tabula game record: {moves} moves\ngame: naytin-six\noptions:\n- random-values\nseed: 21\nmatch: 3\ngames:\n- - "
        )),
        "{text}"
    );
    assert!(text.ends_with("\n# end of record\n"), "{text}");
    assert!(
        text.contains(&format!("\ndrawn: {}\n", s.drawn())),
        "{text}"
    );
    save_load_goes_on_the_same(&mut s, "match2.yaml", "red");
}

#[test]
fn a_single_game_saves_and_loads_to_the_same_dice() {
    let options = vec!["random-values".to_string()];
    let mut s = Session::open("naytin-six", &options, 11).unwrap();
    s.intro();
    run(&mut s, "ai blue random");
    for _ in 0..3 {
        run(&mut s, "1");
    }
    run(&mut s, "undo");
    run(&mut s, "2");
    assert_eq!(s.match_length(), 0);
    let record = s.record();
    assert_eq!((record.match_length, record.games.len()), (0, 0));
    // The generator has moved past the draws of the moves taken back: restarting it
    // from the seed would roll other dice.
    save_load_goes_on_the_same(&mut s, "single.yaml", "red");
    assert_eq!(s.results().len(), 1);
}

#[test]
fn an_old_record_without_the_generator_position_starts_it_from_the_seed() {
    let mut s = open("naytin-six", &["random-values"], 5, 0);
    run(&mut s, "1");
    let mut record = s.record();
    record.drawn = 0;
    let text = record.to_yaml().unwrap();
    let text = text.replace("drawn: 0\n", "");
    let record = Record::from_yaml(&text).unwrap();
    assert_eq!(record.drawn, 0);
    let mut other = open("naytin-six", &[], 1, 0);
    other.load_record(&record).unwrap();
    assert_eq!(other.state(), s.state());
    assert_eq!(other.drawn(), 0);
}

/// Backgammon to `length` points, no computer: after the opening move, the other
/// player doubles and the opener drops, until someone has `target` points.
fn doubles_and_drops(s: &mut Session, target: i32) -> String {
    let mut all = String::new();
    while s.match_score().scores.iter().all(|&p| p < target) {
        let opener = s.prompt();
        all += &run(s, "1");
        let doubler = s.prompt();
        assert_ne!(doubler, opener);
        let doubled = run(s, "double");
        assert!(
            doubled.starts_with(&format!("{}: double\n", doubler.trim_end_matches("> "))),
            "{doubled}"
        );
        all += &doubled;
        all += &run(s, "drop");
    }
    all
}

#[test]
fn the_crawford_game_has_no_double() {
    let mut s = open("backgammon", &[], 8, 3);
    let players = s.game().players().to_vec();
    let out = doubles_and_drops(&mut s, 2);
    // Someone has 2 of 3 points: the next game is the Crawford game.
    let m = s.match_score();
    assert!(m.winner().is_none(), "{m:?}");
    let leader = m.scores.iter().position(|&p| p == 2).unwrap();
    let score = format!(
        "match to 3: {} {}, {} {}",
        players[0], m.scores[0], players[1], m.scores[1]
    );
    assert!(
        out.contains(&format!("{} wins 1 point; {score}\n", players[leader])),
        "{out}"
    );
    assert!(
        out.contains(&format!("\ngame {} of the match to 3\n", m.games + 1)),
        "{out}"
    );
    let board = run(&mut s, "board");
    assert!(
        board.contains(&format!("\n{score} (game {})\n", m.games + 1)),
        "{board}"
    );
    assert!(
        board.contains(&format!(
            "match_score ({} {}, {} {})",
            players[0], m.scores[0], players[1], m.scores[1]
        )),
        "{board}"
    );
    // The opener moves; his opponent may not double: his roll comes at once.
    let opener = s.prompt();
    let out = run(&mut s, "1");
    let player = s.prompt();
    assert_ne!(player, opener);
    assert!(out.contains("\nroll: "), "{out}");
    let moves = run(&mut s, "moves");
    assert!(!moves.contains("double"), "{moves}");
    let refused = run(&mut s, "double");
    assert!(
        refused.starts_with("error: `double` is not a legal move here"),
        "{refused}"
    );
    assert_eq!(s.prompt(), player);
    // Nor later in the game, for either player.
    for _ in 0..6 {
        if s.outcome().unwrap().is_some() {
            break;
        }
        let out = run(&mut s, "1");
        assert!(!out.contains(": double\n"), "{out}");
        assert!(!run(&mut s, "moves").contains("double"));
    }
}

#[test]
fn undo_at_the_first_move_of_a_game_goes_back_into_the_previous_one() {
    let mut s = open("backgammon", &[], 4, 5);
    run(&mut s, "1");
    run(&mut s, "double");
    let before_drop = s.state().clone();
    let out = run(&mut s, "drop");
    assert!(out.contains(" wins 1 point; match to 5: "), "{out}");
    assert!(out.contains("\ngame 2 of the match to 5\n"), "{out}");
    assert_eq!(s.games().len(), 2);
    let out = run(&mut s, "undo");
    assert!(
        out.starts_with("back to game 1 of the match, at its end\nundo drop ("),
        "{out}"
    );
    assert_eq!(s.state(), &before_drop);
    assert_eq!(s.games().len(), 1);
    assert_eq!(s.match_score(), Match::new(5, 2));
    // Played again, the game ends again and the next one begins anew.
    let out = run(&mut s, "drop");
    assert!(out.contains("\ngame 2 of the match to 5\n"), "{out}");
    assert_eq!(s.match_score().scores.iter().sum::<i32>(), 1);
    // `undo all` goes back to the start of the match.
    run(&mut s, "undo all");
    assert_eq!(s.games().len(), 1);
    assert!(s.moves().len() <= 1, "{:?}", s.moves());
}

#[test]
fn new_match_command_reload_and_load_state_in_a_match() {
    let mut s = open("backgammon", &[], 6, 5);
    assert!(run(&mut s, "board").contains("\nmatch to 5: white 0, black 0 (game 1)\n"));
    run(&mut s, "1");
    run(&mut s, "double");
    run(&mut s, "drop");
    run(&mut s, "1");
    let listed = run(&mut s, "match");
    assert!(listed.starts_with("match to 5: "), "{listed}");
    assert!(listed.contains("\n  game 1: "), "{listed}");
    assert!(listed.contains(" 1 point (double dropped)\n"), "{listed}");
    assert!(
        listed.contains("\n  game 2: in progress, move 2\n"),
        "{listed}"
    );

    // `reload` replays every game of the match.
    let state = s.state().clone();
    let games = s.games();
    let out = run(&mut s, "reload");
    assert!(
        out.starts_with(&format!(
            "reloaded games/backgammon.tabula: {} moves in 2 games replayed\n",
            games.iter().map(Vec::len).sum::<usize>()
        )),
        "{out}"
    );
    assert_eq!(s.state(), &state);
    assert_eq!(s.games(), games);

    // A state carries its match: loaded, the match goes on from its score.
    let file = scratch("state.json");
    let json = run(&mut s, "state");
    std::fs::write(&file, &json).unwrap();
    let mut other = open("backgammon", &[], 1, 0);
    run(&mut other, &format!("load-state {}", file.display()));
    assert_eq!(other.match_length(), 5);
    assert_eq!(other.match_score().scores, s.match_score().scores);
    assert_eq!(other.state(), s.state());

    // `new` starts a new match of the same length.
    let out = run(&mut s, "new 12");
    assert!(
        out.starts_with("new match to 5 of Backgammon, seed 12\n"),
        "{out}"
    );
    assert_eq!(s.games().len(), 1);
    // `match N`: a new match to N points, with the same seed.
    let out = run(&mut s, "match 3");
    assert!(
        out.starts_with("new match to 3 of Backgammon (seed 12)\n"),
        "{out}"
    );
    assert_eq!(s.match_score(), Match::new(3, 2));
    // `match 0`: a single game.
    run(&mut s, "match 0");
    assert_eq!(s.match_length(), 0);
    assert_eq!(
        run(&mut s, "match"),
        "a single game, not a match; `match N` starts a match to N points\n"
    );
    assert!(!run(&mut s, "board").contains("\nmatch to"));
}

/// Each game is one toss: north wins a point on heads, tails is a draw.
const TOSS: &str = r#"game "Toss"
players north, south
board { line 1..2 }
piece stone
counter side
chance toss "{x}"
  for x in 1..2
{
  side = x
}
action wait "wait" { }
phase play {
  starts north
  actions wait
  turn start { chance toss }
}
end "heads" when side == 1 winner north
end "tails" when side == 2 draw
"#;

#[test]
fn a_drawn_game_gives_no_point_and_the_match_goes_on_in_playouts_and_at_the_prompt() {
    let game = tabula::compile(&tabula::Source::new("toss.tabula", TOSS), &[]).unwrap();
    let mut engine = Engine::new(&game);
    let mut choices = tabula::Choices::default();
    let mut draws = 0;
    for seed in 0..20 {
        let mut rng = tabula::engine::rng::Rng::new(seed);
        let (games, m) = engine
            .playout_match(3, &mut rng, 100, &mut choices)
            .unwrap();
        // Only north ever scores, a point a game: he wins the match 3-0, in three
        // games and however many draws came between them.
        assert_eq!(m.winner(), Some(0), "seed {seed}: {m:?}");
        assert_eq!(m.scores, [3, 0]);
        let drawn = games
            .iter()
            .filter(|g| g.outcome.as_ref().is_some_and(|o| o.winner.is_none()))
            .count();
        assert_eq!(games.len(), 3 + drawn);
        draws += drawn;
    }
    assert!(draws > 0, "no drawn game in 20 matches of fair tosses");

    // The prompt plays the same rule.
    let mut s = Session::new(tabula::Source::new("toss.tabula", TOSS), &[], 1)
        .unwrap()
        .in_match(3)
        .unwrap();
    let out = s.intro().text;
    assert!(
        out.contains("match over: north wins the match to 3 (north 3, south 0)"),
        "{out}"
    );
}
