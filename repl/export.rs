//! `tabula export` and `save FILE.mat` at the prompt: game records in other programs'
//! formats. Each format lives in its own crate (formats/); this file decides whether a
//! game fits it and hands it the record.

use crate::error::{refused, CliError};

use clap::Args;
use tabula::session::{Record, Session, SessionError};
use tabula::{json, Game};

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
        records.push((path, session.game().players().to_vec(), record));
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
                    return Err(refused!("{path}: {}", tabula_gnubg::mat::NOT_FROM_START));
                }
                games.push(record.moves.clone());
            }
            let [a, b] =
                tabula_gnubg::mat::mat_names(&records[0].1).map_err(|e| refused!("{e}"))?;
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

/// Whether a game has backgammon's shape, so that its records can be written as a
/// .mat file (`tabula_gnubg::mat::check_mat_shape`), judged by its first state.
pub fn check_mat_shape(game: &Game) -> Result<(), String> {
    let first = json::first_state_unnamed(game).map_err(|e| e.to_string());
    tabula_gnubg::mat::check_mat_shape(game.name(), game.players().len(), first)
}

/// One record (a single game or a match) as a .mat file.
fn mat_text(players: &[String], record: &Record) -> Result<String, String> {
    tabula_gnubg::mat::record_to_mat(
        players,
        record.start.is_some(),
        record.match_length,
        &record.games,
        &record.moves,
    )
}

/// `save FILE.mat` at the prompt: the session's record as a .mat file.
pub fn save_mat(game: &Game, record: &Record) -> Result<String, String> {
    check_mat_shape(game)?;
    mat_text(game.players(), record)
}
