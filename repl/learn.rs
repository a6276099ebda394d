//! `tabula encode` and `tabula train`: the learned evaluator's input, and its training
//! by self-play.

use crate::error::{refused, CliError};

use crate::cli::common::{games_bar, load, runtime_error};
use crate::cli::GameArgs;
use crate::interrupt::Interrupt;
use std::ops::ControlFlow;
use tabula::ai::encode::{Encoding, View};
use tabula::ai::net::Net;
use tabula::ai::train::{train as run_training, Training};
use tabula::ai::{AiError, Budget, Level};
use tabula::{Game, State};

pub fn encode(
    game: &Game,
    state: &State,
    view: View,
    all: bool,
    json: bool,
) -> Result<(), CliError> {
    let encoding = Encoding::with_view(game, view).map_err(|e| refused!("{e}"))?;
    let values = encoding.dense(game, state);
    if json {
        let out = serde_json::json!({
            "game": game.name(),
            "view": view.to_string(),
            "length": encoding.len(),
            "hash": format!("{:016x}", encoding.hash()),
            "values": values,
            "names": encoding.names(),
        });
        println!("{out}");
        return Ok(());
    }
    let seen = match view {
        View::Board => String::new(),
        View::Mover => format!(
            ", from the side of {}{}",
            game.players()
                .get(encoding.viewer(state))
                .map_or("the first player", String::as_str),
            if encoding.turns_cells() {
                ""
            } else {
                " (the cells as they stand: no track or direction of each player's)"
            }
        ),
    };
    println!(
        "{}: {} entries (encoding {:016x}{seen}){}",
        game.name(),
        encoding.len(),
        encoding.hash(),
        if all { "" } else { "; those that are not 0:" }
    );
    for (i, (v, name)) in values.iter().zip(encoding.names()).enumerate() {
        if all || *v != 0.0 {
            println!("{i:>6}  {v:>8.4}  {name}");
        }
    }
    Ok(())
}

/// The level that chooses self-play's moves: any level but a time budget, which would
/// make the network depend on the machine.
pub fn self_play_level(text: &str) -> Result<Level, CliError> {
    match Level::parse(text) {
        Ok(Some(Level::Mcts(Budget::Time(_) | Budget::Wall(_)))) => Err(refused!(
            "`{text}`: self-play searches by a number of iterations (`mcts:300`), so that a seed gives the same network on any machine"
        )),
        Ok(Some(Level::Net2(Some(_)) | Level::Net3(Some(_)))) => Err(refused!(
            "`{text}`: self-play searches as far as the level goes, with no time (`net2`), so that a seed gives the same network on any machine"
        )),
        Ok(Some(level)) if Level::net_file(text).is_none() => Ok(level),
        Ok(Some(_)) => Err(refused!(
            "`{text}`: self-play plays by the network being trained; name no file"
        )),
        Ok(None) => Err(refused!("`{text}` is not a computer player")),
        Err(m) => Err(refused!("{m}")),
    }
}

pub struct TrainOptions<'a> {
    pub game: &'a GameArgs,
    pub out: &'a str,
    /// Write over `out` even when it is the rules file read.
    pub force: bool,
    pub from: Option<&'a str>,
    /// What `mcts` does with the network: `net` rates positions by it, `playouts` keeps
    /// random games, `guide` keeps random games and is guided by it
    /// (`Header::mcts_leaf`, `Header::mcts_guide`); None keeps what the `from` network
    /// says (`net` for a new one).
    pub mcts_leaf: Option<&'a str>,
    /// The player whose positions a network moved to the mover's view keeps rating.
    pub keep: Option<&'a str>,
    pub training: Training,
}

pub fn train(o: TrainOptions) -> Result<(), CliError> {
    // Out of range, either would train a network quietly worse than none, or not at all.
    let t = &o.training;
    if !(0.0..=1.0).contains(&t.lambda) {
        return Err(refused!(
            "`--lambda {}`: λ is a number from 0 to 1",
            t.lambda
        ));
    }
    if let Some(share) = t.searcher.and_then(|s| s.rollouts) {
        if !(0.0..=1.0).contains(&share) {
            return Err(refused!(
                "`--rollouts {share}`: the share of a random game's result is a number from 0 to 1"
            ));
        }
    }
    if !(0.0..=1.0).contains(&t.explore) {
        return Err(refused!(
            "`--explore {}`: the share of decisions made at random is a number from 0 to 1",
            t.explore
        ));
    }
    // The `--from` network is no input to refuse: it is read whole before the run, and
    // the new one takes its place only at the end.
    if !o.force {
        let rules = tabula::output::Input {
            path: &o.game.game,
            what: "the rules file being read",
        };
        tabula::output::refuse_inputs(o.out, &[rules], "`--force`")?;
    }
    let game = load(o.game)?;
    let start = match o.from {
        Some(file) => {
            let bytes = tabula::ai::read_net_file(file).map_err(|e| refused!("{e}"))?;
            Some(Net::from_bytes(&game, &bytes).map_err(|e| refused!("`{file}`: {e}"))?)
        }
        None => None,
    };
    let mut t = o.training;
    if let Some(net) = &start {
        if t.hidden != 0 && t.hidden < net.header.hidden {
            return Err(refused!(
                "`--hidden {}`: the network has {} hidden units; a network is widened, not narrowed",
                t.hidden,
                net.header.hidden
            ));
        }
    }
    if let Some(name) = o.keep {
        t.keep = game
            .players()
            .iter()
            .position(|p| p == name)
            .ok_or_else(|| {
                refused!(
                    "`--keep {name}`: {} has no player `{name}` (its players: {})",
                    game.name(),
                    game.players().join(", ")
                )
            })?;
    }
    // No games from a network: it is written as it is, with what the other options
    // change (`--mcts-leaf`, `--view`, `--hidden`).
    if t.games == 0 && start.is_none() {
        return Err(refused!(
            "train on at least one game (`--games 1`), or name a network to rewrite with `--from`"
        ));
    }
    // Opened first, so that a long run does not end on a bad path; the file named
    // stays as it was until the run has ended well.
    let mut file = tabula::output::NewFile::create(o.out)?;
    let bar = games_bar(t.games, true);
    let interrupt = Interrupt::install("the games under way; the network so far will be written");
    let mut learnt = 0;
    let net = run_training(&game, &t, start, |r| {
        learnt = r.games;
        if let (Some((n, score)), true) = (r.probe, r.probe_at == r.games) {
            let line = format!(
                "{} games, {:.0} games/s: {:.1} % against random ({n} games){}",
                r.games,
                r.games as f64 / r.seconds.max(1e-9),
                100.0 * score,
                if r.unfinished > 0 {
                    format!("; {} games too long to learn from", r.unfinished)
                } else {
                    String::new()
                }
            );
            match &bar {
                Some(b) => {
                    b.println(&line);
                    b.set_message(format!("{:.0} % vs random", 100.0 * score));
                }
                None => eprintln!("{line}"),
            }
        }
        if let Some(b) = &bar {
            b.set_position(r.games);
        }
        if interrupt.stop_after(r.games) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .map_err(|e| match e {
        // A network the game cannot have is a refusal, not a failure of its rules.
        AiError::Runtime(r) => match &*r.kind {
            tabula::RuntimeErrorKind::Network(n) => refused!("{n}"),
            _ => runtime_error(&game, &r),
        },
        AiError::Interrupted => refused!("interrupted"),
    })?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let mut net = net;
    let mut command = std::env::args()
        .skip(1)
        .map(|a| if a.contains(' ') { format!("{a:?}") } else { a })
        .collect::<Vec<_>>()
        .join(" ");
    let interrupted = learnt < t.games;
    if interrupted {
        command = format!("{command} (stopped after {learnt} games)");
    }
    // A network trained further keeps the commands that made it, in order.
    net.header.trained_by = if net.header.trained_by.is_empty() {
        command
    } else {
        format!("{}; then {command}", net.header.trained_by)
    };
    if let Some(by) = o.mcts_leaf {
        net.header.mcts_leaf = by == "net";
        net.header.mcts_guide = by == "guide";
    }
    file.write(&net.to_bytes())?;
    file.commit()?;
    if interrupted {
        println!(
            "interrupted: {learnt} of the {} games asked were played",
            t.games
        );
    }
    println!(
        "{}: {} games of self-play, {} hidden units; wrote {}",
        game.name(),
        net.header.games,
        net.header.hidden,
        o.out
    );
    Ok(())
}
