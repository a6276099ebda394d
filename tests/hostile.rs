//! Hostile input: every class of the hostile-input review is answered by a clear error,
//! in bounded time and memory (docs/limits.md). Big inputs are generated here, not kept
//! in the repository; each test also bounds its own time, generously for debug builds.

use std::process::Command;
use std::time::{Duration, Instant};
use tabula::engine::rng::Rng;
use tabula::session::Session;
use tabula::{compile, json, Choices, CompileError, Engine, Game, Source};

/// A small game that the tests below add to or change.
const BASE: &str = r#"game "Base"
players a, b
board { grid 3 x 3 }
piece stone
counter k
pool bag of 0..255
action place "{c}" for c in cells where empty(c) { put stone of mover at c }
phase play { actions place }
"#;

/// The compile errors of a rules text (it must fail), with the time it took.
fn errors(text: &str) -> (Vec<tabula::Diagnostic>, Duration) {
    let start = Instant::now();
    let result = compile(&Source::new("hostile.tabula", text), &[]);
    let took = start.elapsed();
    match result {
        Err(CompileError::Rules(d)) => (d.list, took),
        Err(CompileError::Option(m)) => panic!("an option error: {m}"),
        Ok(_) => panic!("the rules compiled"),
    }
}

fn first_error(text: &str) -> String {
    let (list, took) = errors(text);
    assert!(took < Duration::from_secs(20), "took {took:?}");
    list[0].message.clone()
}

fn game(text: &str) -> Game {
    compile(&Source::new("hostile.tabula", text), &[]).expect("the rules compile")
}

// ------------------------------------------------------------ exponential expansion

#[test]
fn a_chain_of_defines_each_using_the_last_twice_is_refused() {
    let mut text = String::from(BASE);
    text.push_str("define d0 = 1\n");
    for i in 1..=26 {
        text.push_str(&format!("define d{i} = d{} + d{}\n", i - 1, i - 1));
    }
    text.push_str("setup { k = d26 }\n");
    let message = first_error(&text);
    assert!(
        message.starts_with("compiling the rules makes more than 200000 expression parts"),
        "{message}"
    );
}

#[test]
fn a_game_is_included_once() {
    let text = "include \"backgammon\"\n".repeat(100);
    let (list, took) = errors(&text);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].message, "`backgammon` is already included");
    assert_eq!(list[0].span.start, "include \"backgammon\"\n".len() + 9);
}

#[test]
fn a_board_beyond_its_cell_limit_is_not_built() {
    let text = BASE.replace(
        "board { grid 3 x 3 }",
        &format!("board {{ {} }}", "grid 26 x 99 ".repeat(200)),
    );
    let (list, took) = errors(&text);
    assert!(took < Duration::from_secs(10), "took {took:?}");
    // The first grid fits (5148 cells would not): every later one is refused, the
    // first 100 reported and the others counted.
    assert!(list[..100]
        .iter()
        .all(|d| d.message == "a board has at most 4096 cells"));
    assert_eq!(list.len(), 101);
    assert_eq!(list[100].message, "and 99 more problems");
}

#[test]
fn cell_lists_and_names_are_bounded_before_they_are_made() {
    let ranges = vec!["a1..z99"; 100_000].join(", ");
    let text = BASE.replace("grid 3 x 3", "grid 26 x 99") + &format!("region r {{ {ranges} }}\n");
    assert_eq!(
        first_error(&text),
        "a list of cells holds at most 4096 cells"
    );
    let text = BASE.to_string() + "names a { a1 as 1..99999999999 }\n";
    assert_eq!(first_error(&text), "1 cells are given 99999999999 names");
    let tracks = (0..300)
        .map(|i| format!("track t{i} {{ a: a1..z99; b: a1..z99 }}\n"))
        .collect::<String>();
    let text = BASE.replace("grid 3 x 3", "grid 26 x 99") + &tracks;
    assert_eq!(
        first_error(&text),
        "the cell lists of a rules file name at most 1000000 cells in all"
    );
    // 100,000 unknown cells: 100 errors are reported, the others counted.
    let unknown = (0..100_000)
        .map(|i| format!("zz{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let (list, took) = errors(&(BASE.to_string() + &format!("region r {{ {unknown} }}\n")));
    assert!(took < Duration::from_secs(30), "took {took:?}");
    assert_eq!(list.len(), 101);
    assert_eq!(list[100].message, "and 99900 more problems");
}

// ------------------------------------------------------------ stack overflow

#[test]
fn a_template_nested_400_deep_is_refused() {
    let template = format!("{{{}1{}}}", "(".repeat(400), ")".repeat(400));
    let text = BASE.replace("\"{c}\"", &format!("\"{template}\""));
    let message = first_error(&text);
    assert_eq!(
        message,
        "the rules nest too deeply here (blocks, `else if`s or brackets inside each other)"
    );
}

#[test]
fn flat_chains_of_operators_are_refused_before_a_tree_is_built() {
    // 50,000 operators: a hundred times the limit, and far more levels than a
    // recursive build of the tree could take on a test thread's stack, so a refusal
    // that came after the tree was built would overflow instead; small enough that a
    // debug build parses each chain in a few seconds on a loaded machine.
    let chains = [
        format!("{}1", "-".repeat(50_000)),
        format!("1{}", " + 1".repeat(50_000)),
        format!("1{}", " * 1".repeat(50_000)),
        format!("true{}", " and true".repeat(50_000)),
        format!("{}true", "not ".repeat(50_000)),
        format!("k{}", "[1]".repeat(50_000)),
    ];
    for chain in chains {
        let text = format!("{BASE}define huge = {chain}\n");
        let message = first_error(&text);
        assert_eq!(
            message,
            "the rules nest too deeply here (blocks, `else if`s or brackets inside each other)"
        );
    }
    // A chain of 400 terms is fine for the parser; the compiler's depth limit says why
    // it is refused.
    let text = format!(
        "{BASE}define long = 1{}\nsetup {{ k = long }}\n",
        " + 1".repeat(400)
    );
    assert!(first_error(&text).starts_with("this expression nests more than 200 levels deep"));
}

// ------------------------------------------------------------ chance that never settles

const ENDLESS_CHANCE: &str = r#"players a, b
board { grid 3 x 3 }
piece stone
chance flip "{n}" for n in 1..2 { chance flip }
action place "{c}" for c in cells where empty(c) { put stone of mover at c  chance flip }
phase p { actions place }
setup { chance flip }
"#;

#[test]
fn a_chance_event_that_starts_itself_again_is_stopped() {
    let game = game(ENDLESS_CHANCE);
    let mut engine = Engine::new(&game);
    let start = Instant::now();
    let err = engine
        .playout(&mut Rng::new(1), 10, &mut Choices::default())
        .unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(
        err.to_string(),
        "`flip` was resolved 1000 times in a row with no decision between; does one of its outcomes start a chance event again?"
    );
    assert_eq!(&ENDLESS_CHANCE[err.span.start..err.span.end], "flip");

    // At the prompt, the session stops too, with the same error, before any prompt.
    let out = Session::new(Source::new("endless.tabula", ENDLESS_CHANCE), &[], 1)
        .expect("the session opens")
        .intro()
        .text;
    assert!(out.contains("was resolved 1000 times in a row"), "{out}");
}

// ------------------------------------------------------------ memory of one decision

#[test]
fn a_decision_lists_a_bounded_number_of_moves_and_positions() {
    let many = "players a, b\nboard { grid 1 x 1 }\ncounter k\naction pick \"{x}-{y}\" for x in 0..100000 for y in 0..400 { k += 1 }\nphase p { actions pick }\n";
    let listed = game(many);
    let mut engine = Engine::new(&listed);
    let state = engine.initial_state().expect("the game starts");
    let err = engine.legal(&state, &mut Choices::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "there are more than 1000000 moves to list here; does a `for` run over a huge range?"
    );
    assert_eq!(&many[err.span.start..err.span.end], "pick");

    // A whole turn of sixty choices among a thousand values each.
    let turns = "players a, b\nboard { grid 1 x 1 }\ncounter k\ncounter cnt per turn\naction pick \"{v}\" for v in 0..1000 where cnt < 60 { k = k * 1000 + v  cnt += 1  continue }\naction stop \"stop\" where cnt >= 60 { }\nphase p { decide turn actions pick, stop }\n";
    let searched = game(turns);
    let mut engine = Engine::new(&searched);
    let state = engine.initial_state().expect("the game starts");
    let start = Instant::now();
    let err = engine.legal(&state, &mut Choices::default()).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(120));
    assert!(
        err.to_string()
            .starts_with("a whole turn reaches more positions than the turn search keeps"),
        "{}",
        err.to_string()
    );
}

// ------------------------------------------------------------ counts

#[test]
fn pool_counts_cannot_pass_the_limit_or_wrap() {
    for add in [
        "add 1 x 2147483647 to bag",
        "for v in 0..255 { add v x 1000000 to bag }",
        "for v in 0..200000 { add 1 to bag }",
    ] {
        let text = format!("{BASE}setup {{ {add} }}\n");
        let game = game(&text);
        let err = Engine::new(&game).initial_state().unwrap_err();
        assert!(
            err.to_string()
                .starts_with("a pool holds at most 100000 copies in all"),
            "{}",
            err.to_string()
        );
    }
    let many = (0..33)
        .map(|i| format!("pool p{i} of 1..6\n"))
        .collect::<String>();
    let message = first_error(&format!("{BASE}{many}"));
    assert!(
        message.starts_with("a game keeps at most 32 pools"),
        "{message}"
    );
}

// ------------------------------------------------------------ budgets

#[test]
fn a_budget_hit_is_an_error_naming_the_statement() {
    let setup =
        "setup {\n  for i in 0..100000 {\n    for j in 0..100000 {\n      k += 1\n    }\n  }\n}\n";
    let text = format!("{BASE}{setup}");
    let err = Engine::new(&game(&text)).initial_state().unwrap_err();
    assert_eq!(
        err.to_string(),
        "this statement took more than 50000000 loop steps; does a `for` run over a huge range?"
    );
    assert!(text[err.span.start..].starts_with("for j in 0..100000"));

    let end = "end \"big\" when sum(i in 0..100000 : sum(j in 0..100000 : 1)) > 5 draw\n";
    let text = format!("{BASE}{end}");
    let ended = game(&text);
    let mut engine = Engine::new(&ended);
    let state = engine.initial_state().expect("the game starts");
    let err = engine.legal(&state, &mut Choices::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the end rule \"big\" took more than 50000000 loop steps; does a `for` run over a huge range?"
    );
    assert_eq!(&text[err.span.start..err.span.end], "big");
    let err = engine
        .playout(&mut Rng::new(1), 10, &mut Choices::default())
        .unwrap_err();
    assert!(err.to_string().starts_with("the end rule \"big\""));
}

// ------------------------------------------------------------ quadratic checking

#[test]
fn many_declarations_are_counted_before_they_are_compared() {
    let start = Instant::now();
    let actions = (0..1001)
        .map(|i| format!("action a{i} \"x{i}\" {{ }}\n"))
        .collect::<String>();
    let message = first_error(&format!("{BASE}{actions}"));
    assert_eq!(
        message,
        "a game has at most 1000 declarations of one kind: this is one `action` too many"
    );
    let players = (0..100_000)
        .map(|i| format!("p{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let text = BASE.replace("players a, b", &format!("players {players}"));
    assert_eq!(first_error(&text), "a game has at most 8 players");
    let zones = (0..80_000)
        .map(|i| format!("zone z{i} "))
        .collect::<String>();
    let text = BASE.replace("grid 3 x 3", &format!("grid 3 x 3 {zones}"));
    assert_eq!(
        first_error(&text),
        "a game has at most 1000 declarations of one kind: this is one `zone` too many"
    );
    assert!(start.elapsed() < Duration::from_secs(60));
}

// ------------------------------------------------------------ big inputs

#[test]
fn inputs_over_their_size_limit_are_refused_at_once() {
    let start = Instant::now();
    let text = format!("{BASE}{}", "// padding\n".repeat(100_000));
    let message = first_error(&text);
    assert!(
        message.starts_with("a rules file is at most 1048576 bytes"),
        "{message}"
    );

    let game = game(BASE);
    let big = format!(
        "{{\"phase\": \"play\", \"to_move\": \"a\", \"cells\": {{}}{}}}",
        " ".repeat(2 << 20)
    );
    let d = json::state_from_text(&game, &Source::new("big.json", big)).unwrap_err();
    assert!(d.list[0]
        .message
        .starts_with("a state is at most 1048576 bytes"));

    let copies = vec!["1"; 100_001].join(",");
    let doc =
        format!("{{\"phase\": \"play\", \"to_move\": \"a\", \"pools\": {{\"bag\": [{copies}]}}}}");
    let d = json::state_from_text(&game, &Source::new("pool.json", doc)).unwrap_err();
    assert_eq!(
        d.list[0].message,
        "pool `bag` holds at most 100000 copies, not 100001"
    );

    let deep = format!("a: {}{}", "[".repeat(300_000), "]".repeat(300_000));
    let d = json::state_from_text(&game, &Source::new("deep.yaml", deep)).unwrap_err();
    assert_eq!(
        d.list[0].message,
        "brackets nest more than 64 deep here; a state nests four"
    );
    assert_eq!(d.list[0].span.start, 3 + 64);

    let record = format!("game: {}", "[".repeat(300_000));
    let err = tabula::session::Record::from_yaml(&record).unwrap_err();
    assert_eq!(
        err,
        tabula::session::RecordError::TooDeep {
            max: 64,
            at: 6 + 64
        }
    );
    assert!(
        err.to_string().contains("brackets nest more than 64 deep"),
        "{err}"
    );
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_state_with_many_problems_lists_fifty() {
    let game = game(BASE);
    let cells: Vec<String> = (0..20_000)
        .map(|i| format!("\"z{i}\": {{\"owner\": \"a\"}}"))
        .collect();
    let doc = format!(
        "{{\"phase\": \"play\", \"to_move\": \"a\", \"cells\": {{{}}}}}",
        cells.join(", ")
    );
    let start = Instant::now();
    let d = json::state_from_text(&game, &Source::new("many.json", doc)).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(d.list.len(), 51);
    assert_eq!(d.list[50].message, "and 19950 more problems");
}

// ------------------------------------------------------------ file reads

#[test]
fn only_regular_files_are_read_within_their_limit() {
    use tabula::input::{read, Kind};
    let err = read("/dev/zero", Kind::State).unwrap_err();
    assert_eq!(
        err,
        tabula::input::ReadError::NotAFile {
            path: "/dev/zero".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "cannot read `/dev/zero`: it is not a regular file"
    );
    let dir = std::env::temp_dir().join(format!("tabula-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let start = Instant::now();
        let err = read(&fifo.to_string_lossy(), Kind::Rules).unwrap_err();
        assert!(
            err.to_string().ends_with("it is not a regular file"),
            "{err}"
        );
        assert!(start.elapsed() < Duration::from_secs(5));
    }
    let big = dir.join("big.json");
    std::fs::write(&big, vec![b' '; (1 << 20) + 1]).expect("a file");
    let err = read(&big.to_string_lossy(), Kind::State).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("a state file is at most 1048576 bytes"),
        "{err}"
    );
    let bom = dir.join("bom.json");
    std::fs::write(&bom, b"\xEF\xBB\xBF{\"phase\": \"play\"}").expect("a file");
    assert_eq!(
        read(&bom.to_string_lossy(), Kind::State).unwrap(),
        "{\"phase\": \"play\"}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_repeating_moves_by_aliases_is_refused() {
    let game: Vec<String> = ["3-1", "8/5 6/5"]
        .iter()
        .map(|m| format!("\"{m}\""))
        .collect();
    let text = format!(
        "game: backgammon\nmatch: 1000000\nseed: 1\ndrawn: 0\nmoves: &g [{}]\ngames: [{}]\n",
        game.join(", "),
        vec!["*g"; 60_000].join(", ")
    );
    let start = Instant::now();
    let err = tabula::session::Record::from_yaml(&text).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(20));
    assert_eq!(
        err,
        tabula::session::RecordError::TooManyMoves { moves: 120_002 }
    );
    assert_eq!(
        err.to_string(),
        "this is not a game record: it holds 120002 moves, and a record holds at most 100000"
    );
}

#[test]
fn a_record_error_quotes_little_of_the_record() {
    let text = format!("game: backgammon\nseed: \"{}\"\n", "9x".repeat(500_000));
    let err = tabula::session::Record::from_yaml(&text)
        .unwrap_err()
        .to_string();
    assert!(err.len() < 400, "{} bytes", err.len());
    assert!(
        err.starts_with("this is not a game record: seed: invalid type"),
        "{err}"
    );
}

#[test]
fn a_long_record_of_a_game_with_a_large_state_is_refused_before_replaying() {
    let pools = (0..32)
        .map(|i| format!("pool bag_{i} of 0..255\n"))
        .collect::<String>();
    let text = BASE
        .replace("grid 3 x 3", "grid 26 x 99")
        .replace("pool bag of 0..255\n", &pools);
    let dir = std::env::temp_dir().join(format!("tabula-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("large.tabula");
    std::fs::write(&path, &text).expect("a file");
    let path = path.to_string_lossy().to_string();
    let mut session = Session::open(&path, &[], 1).expect("the session opens");
    let record = tabula::session::Record {
        moves: vec!["a1".to_string(); 10_000],
        ..session.record()
    };
    let start = Instant::now();
    let err = session.load_record(&record).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(
        err,
        tabula::session::SessionError::Refused("this record of 10000 moves is too long to replay for Base: its positions would take more than 256 MiB".into())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_names_a_built_in_game_or_a_rules_file() {
    let mut session = Session::open("naytin-six", &[], 1).expect("the session opens");
    let record = tabula::session::Record {
        game: "/etc/passwd".into(),
        ..session.record()
    };
    let err = session.load_record(&record).unwrap_err();
    assert_eq!(
        err,
        tabula::session::SessionError::Refused("the record's game `/etc/passwd` is neither a built-in game nor a rules file (a path ending in .tabula)".into())
    );
}

// ------------------------------------------------------------ runtime errors' file

#[test]
fn a_game_keeps_the_text_it_was_compiled_from() {
    let source = tabula::games::load_source("backgammon").expect("a built-in game");
    let game = compile(&source, &[]).expect("it compiles");
    assert_eq!(game.source_text(), source.text);
    assert_eq!(game.source_name(), "games/backgammon.tabula");
}

// ------------------------------------------------------------ terminal escapes

#[test]
fn control_characters_are_escaped_when_printed() {
    use tabula::diagnostic::terminal_safe;
    assert_eq!(
        terminal_safe("a\x1b]0;title\x07b"),
        "a\\u{1b}]0;title\\u{7}b"
    );
    assert_eq!(
        terminal_safe("\x1b[2J\x1b[1;31mred\x1b[0m"),
        "\\u{1b}[2J\x1b[1;31mred\x1b[0m"
    );
    assert_eq!(terminal_safe("plain\ttext\n"), "plain\ttext\n");
    let dir = std::env::temp_dir().join(format!("tabula-escape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let rules = dir.join("evil.tabula");
    std::fs::write(
        &rules,
        BASE.replace("\"Base\"", "\"evil\x1b]0;pwned\x07\x1b[2J\""),
    )
    .expect("a file");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["check", &rules.to_string_lossy()])
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("evil\\u{1b}]0;pwned\\u{7}\\u{1b}[2J"),
        "{text}"
    );
    assert!(!text.contains('\x1b'));
    let _ = std::fs::remove_dir_all(&dir);
}

// ------------------------------------------------------------ smaller ones

#[test]
fn options_must_be_a_list_of_names() {
    let game = game(BASE);
    for (options, said) in [("\"slide\"", "slide"), ("[1]", "1")] {
        let doc = format!("{{\"phase\": \"play\", \"to_move\": \"a\", \"options\": {options}}}");
        let d = json::state_from_text(&game, &Source::new("o.json", doc)).unwrap_err();
        assert!(
            d.list[0].message.ends_with(&format!("not {said}")),
            "{}",
            d.list[0].message
        );
    }
}

#[test]
fn dice_are_whole_numbers_of_an_outcome() {
    let mut session = Session::open("backgammon", &[], 1).expect("the session opens");
    let out = session.handle("dice -1 2").text;
    assert!(
        out.contains("`dice` takes the numbers of the outcome"),
        "{out}"
    );
    // Play the opening so that the next roll is to come, then ask for a roll of 7s.
    let moves = session.handle("moves").text;
    let first = moves.split_whitespace().nth(1).expect("a move").to_string();
    let _ = session.handle(&first);
    let out = session.handle("dice 7 7").text;
    assert!(out.contains("is not") && out.contains("7-7"), "{out}");
}

#[test]
fn threads_are_bounded_by_the_argument_parser() {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["playout", "naytin-six", "-n", "1", "--threads", "100000"])
        .output()
        .expect("the binary runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("100000 is not in 0..=256"));
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn an_error_quotes_at_most_a_window_of_a_long_line() {
    let game = game(BASE);
    let doc = format!(
        "{{\"phase\": \"play\", \"to_move\": \"a\", \"pad\": \"{}\", \"colour\": 1}}",
        "x".repeat(900_000)
    );
    let d = json::state_from_text(&game, &Source::new("long.json", doc)).unwrap_err();
    let shown = d.render(false);
    assert!(shown.len() < 2_000, "{} bytes", shown.len());
    assert!(shown.contains("long.json:1:"), "{shown}");
}

// ------------------------------------------------------------ chance without end

/// A chance event at each turn's start whose outcome starts it again: the game sets up,
/// and then `flip` is never followed by a decision.
const CHANCE_AT_EACH_TURN: &str = r#"game "Flip"
players a, b
board { grid 2 x 1 }
piece p
chance flip "{v}" for v in 1..2 { chance flip }
action go "{to}" for to in cells where empty(to) { put p of mover at to }
phase play { starts a turn start { chance flip } actions go stuck end draw }
"#;

#[test]
fn the_check_of_printed_moves_ends_on_a_chance_that_starts_itself_again() {
    // `tabula check` plays random games to find two moves printed alike; one that meets
    // only chance ends there, where it grew its list of moves until memory ran out.
    let g = game(CHANCE_AT_EACH_TURN);
    let start = Instant::now();
    let found = tabula::analysis::same_text(&g, 20, 200, 1).expect("it sets up");
    assert!(found.is_none());
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn the_searcher_refuses_a_chance_that_starts_itself_again() {
    // Its self-play says what is wrong, as a random game does, and stops.
    let g = game(CHANCE_AT_EACH_TURN);
    let t = tabula::ai::train::Training {
        games: 2,
        threads: 1,
        probe_every: 0,
        searcher: Some(tabula::ai::az::train::Searching::default()),
        ..Default::default()
    };
    let start = Instant::now();
    let err = tabula::ai::train::train(&g, &t, None, |_| std::ops::ControlFlow::Continue(()))
        .unwrap_err();
    let tabula::ai::AiError::Runtime(e) = err else {
        panic!("{err:?}")
    };
    assert!(
        e.to_string().contains("was resolved 1000 times in a row"),
        "{e}"
    );
    assert!(start.elapsed() < Duration::from_secs(20));
}
