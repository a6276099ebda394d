//! `tabula export` and `save FILE.mat` at the prompt: game records in other programs'
//! formats. Each format lives in its own crate (formats/); this file decides whether a
//! game fits it and hands it the record.

use crate::error::{refused, CliError};

use clap::Args;
use tabula::session::{Record, Session, SessionError};
use tabula::{json, Engine, Game};

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// Game records saved by `save` or `arena --records`; several records of single
    /// games make one money session, in the order given.
    #[arg(required = true, value_name = "RECORD")]
    records: Vec<String>,
    /// Write a Jellyfish match file (.mat), which GNU Backgammon reads with
    /// `import mat FILE` (games with backgammon's shape).
    #[arg(long, required = true)]
    mat: bool,
    /// Write to this file instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<String>,
    /// Write over the output file even when it is one of the records read.
    #[arg(long)]
    force: bool,
}

pub fn run(args: &ExportArgs) -> Result<(), CliError> {
    if let (Some(path), false) = (&args.output, args.force) {
        let inputs: Vec<_> = (args.records.iter())
            .map(|path| tabula::output::Input {
                path,
                what: "a record being exported",
            })
            .collect();
        tabula::output::refuse_inputs(path, &inputs, "`--force`")?;
    }
    let mut records = Vec::with_capacity(args.records.len());
    for path in &args.records {
        let text = tabula::input::read(path, tabula::input::Kind::Record)?;
        let record = Record::from_yaml(&text).map_err(|e| refused!("{path}: {e}"))?;
        // A sentence names the record; a drawn diagnostic names its own file.
        let of_record = |e: SessionError| {
            if e.is_drawn() {
                CliError::Session(e)
            } else {
                refused!("{path}: {e}")
            }
        };
        // Replaying the record checks every move against its game's rules.
        let mut session =
            Session::open(&record.game, &record.options, record.seed).map_err(of_record)?;
        session.load_record(&record).map_err(of_record)?;
        check_mat_shape(session.game()).map_err(|e| refused!("{path}: {e}"))?;
        records.push((path, session.game().players.clone(), record));
    }
    let text = match records.as_slice() {
        [(path, players, record)] => {
            mat_text(players, record).map_err(|e| refused!("{path}: {e}"))?
        }
        _ => {
            let mut games = Vec::with_capacity(records.len());
            for (path, _, record) in &records {
                if record.match_length != 0 || !record.games.is_empty() {
                    return Err(refused!(
                        "{path} is a match: several records make one money session \
                         only when each is a single game; export a match on its own"
                    ));
                }
                if record.start.is_some() {
                    return Err(refused!("{path}: {NOT_FROM_START}"));
                }
                games.push(record.moves.clone());
            }
            let [a, b] = names(&records[0].1).map_err(|e| refused!("{e}"))?;
            tabula_gnubg::mat::match_to_mat(0, [&a, &b], &games).map_err(|e| refused!("{e}"))?
        }
    };
    match &args.output {
        Some(path) => Ok(tabula::output::write(path, text.as_bytes())?),
        None => {
            use std::io::Write as _;
            // A reader that has gone (`tabula export ... | head`) is no error.
            let _ = std::io::stdout().write_all(text.as_bytes());
            Ok(())
        }
    }
}

/// The position ID of backgammon's usual start (the same from either side).
const USUAL_START: &str = "4HPwATDgc/ABMA";

const NOT_FROM_START: &str = "the record starts from a position set up by hand, but a .mat \
                              file starts every game from the usual start";

/// Whether a game has backgammon's shape, so that its records can be written as a
/// .mat file: two players, and a first state that reads as a backgammon board (the
/// points 1 to 24 in the first player's numbering, a bar and a tray per player, one
/// kind of piece, a `dice` pool) holding the usual start. Whether the moves are
/// backgammon moves is seen when they are written.
pub fn check_mat_shape(game: &Game) -> Result<(), String> {
    let not = |why: String| format!("{} cannot be written as a .mat file: {why}", game.name);
    if game.players.len() != 2 {
        return Err(not(format!(
            "a .mat file is for two players, and it has {}",
            game.players.len()
        )));
    }
    let mut engine = Engine::new(game);
    let start = engine
        .initial_state()
        .map_err(|e| not(format!("its first state fails: {e}")))?;
    let mut value = json::state_to_json(game, &start);
    // Judged by its board, not its name: a variant of backgammon fits too.
    if let Some(object) = value.as_object_mut() {
        object.remove("game");
    }
    match tabula_gnubg::ids_from_state(&value) {
        Ok((position, _)) if position == USUAL_START => Ok(()),
        Ok(_) => Err(not(
            "it does not start from backgammon's usual position".into()
        )),
        Err(e) => Err(not(format!("its board is not backgammon's ({e})"))),
    }
}

/// The players' names as the .mat file writes them: `white` is `White`.
fn names(players: &[String]) -> Result<[String; 2], String> {
    match players {
        [a, b] => Ok([capitalised(a), capitalised(b)]),
        _ => Err("a .mat file is for two players".into()),
    }
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One record (a single game or a match) as a .mat file.
fn mat_text(players: &[String], record: &Record) -> Result<String, String> {
    if record.start.is_some() {
        return Err(NOT_FROM_START.into());
    }
    let mut games = record.games.clone();
    // A match saved right after a game ended has no move yet in the next one.
    if games.is_empty() || !record.moves.is_empty() {
        games.push(record.moves.clone());
    }
    let [a, b] = names(players)?;
    let length = u32::try_from(record.match_length).unwrap_or(0);
    tabula_gnubg::mat::match_to_mat(length, [&a, &b], &games).map_err(|e| e.to_string())
}

/// `save FILE.mat` at the prompt: the session's record as a .mat file.
pub fn save_mat(game: &Game, record: &Record) -> Result<String, String> {
    check_mat_shape(game)?;
    mat_text(&game.players, record)
}
