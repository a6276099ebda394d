//! The commands that look at one position of a game: `check`, `moves`, `perft` and
//! `state`.

use super::common::{color, load, position, runtime_error};
use super::{add_gnubg_ids, GameArgs, PositionArgs};
use crate::error::{refused, CliError};
use std::io::IsTerminal;
use tabula::engine::play::Ended;
use tabula::{json, Choices, Diagnostics, Engine, Source};

pub(super) fn check(g: &GameArgs, as_json: bool) -> Result<(), CliError> {
    if as_json {
        return check_json(g);
    }
    let game = load(g)?;
    for warnings in warnings(&game)? {
        eprint!("{}", warnings.render(color()));
    }
    out!("{}: ok", game.source_name());
    out!("  game     {}", game.name());
    out!("  players  {}", game.players().join(", "));
    let mut parts = vec![format!("{} cells", game.cells().len())];
    if !game.directions().is_empty() {
        parts.push(format!("directions {}", game.directions().join(" ")));
    }
    if game.link_count() > 0 {
        parts.push(format!("{} links", game.link_count()));
    }
    out!("  board    {}", parts.join(", "));
    for (name, dirs, adjacency) in game.direction_sets() {
        let own = if adjacency {
            " (the board's adjacency)"
        } else {
            ""
        };
        out!("  set      {name} = {}{own}", dirs.join(" "));
    }
    for (name, cells) in game.lines() {
        out!("  line     {name} = {}", cells.join(" "));
    }
    let phases: Vec<&str> = game.phases().collect();
    out!("  phases   {}", phases.join(" -> "));
    // The stops of `may continue` are the rules' own, named as no file can name them.
    let actions: Vec<&str> = game.actions().filter(|a| !a.starts_with('#')).collect();
    out!("  actions  {}", actions.join(", "));
    if game.chances().len() > 0 {
        let chances: Vec<&str> = game.chances().collect();
        out!("  chance   {}", chances.join(", "));
    }
    if game.options().is_empty() {
        out!("  options  none");
    } else {
        out!("  options");
        for (name, description) in game.options() {
            let note = game.option_note(name).map(|n| format!(" ({n})"));
            out!("    {name:<20} {description}{}", note.unwrap_or_default());
        }
    }
    Ok(())
}

/// The warnings of a game that compiles, each with the source it is in: the
/// compiler's, and those of a few random games looking for two moves printed alike
/// (they cannot be typed or saved).
fn warnings(game: &tabula::Game) -> Result<Vec<Diagnostics>, CliError> {
    let mut engine = Engine::new(game);
    engine
        .initial_state()
        .map_err(|e| runtime_error(game, &e))?;
    let own = Source::new(game.source_name(), game.source_text());
    let mut out = Vec::new();
    if !game.warnings().is_empty() {
        out.push(Diagnostics {
            source: own.clone(),
            list: game.warnings().to_vec(),
        });
    }
    use tabula::analysis::same_text::{same_text, CHECK_DECISIONS, CHECK_GAMES};
    let found =
        same_text(game, CHECK_GAMES, CHECK_DECISIONS, 1).map_err(|e| runtime_error(game, &e))?;
    for mut warning in found.iter().flat_map(|f| f.warnings()) {
        let (source, span) = game.source_of(&own, warning.span);
        warning.span = span;
        out.push(Diagnostics {
            source: source.clone(),
            list: vec![warning],
        });
    }
    Ok(out)
}

/// `check --json`: one object saying whether the rules are accepted, with every
/// problem as data. Rules that do not compile fail the command after it is printed.
fn check_json(g: &GameArgs) -> Result<(), CliError> {
    let source = tabula::games::load_source(&g.game)?;
    let (ok, diagnostics) = match tabula::compile(&source, &g.options) {
        Ok(game) => {
            let found = warnings(&game)?;
            (true, found.iter().flat_map(Diagnostics::to_json).collect())
        }
        Err(tabula::CompileError::Rules(d)) => (false, d.to_json()),
        Err(other) => return Err(other.into()),
    };
    let value = serde_json::json!({
        "file": source.name,
        "ok": ok,
        "diagnostics": diagnostics,
    });
    out!(
        "{}",
        serde_json::to_string_pretty(&value).map_err(|e| refused!("{e}"))?
    );
    if ok {
        Ok(())
    } else {
        Err(CliError::Reported)
    }
}

pub(super) fn moves(
    g: &GameArgs,
    p: &PositionArgs,
    as_json: bool,
    probabilities: bool,
) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let state = position(&mut engine, p)?;
    let mut choices = Choices::default();
    engine
        .legal(&state, &mut choices)
        .map_err(|e| runtime_error(&game, &e))?;
    if choices.is_empty() {
        let outcome = engine
            .outcome(&state)
            .map_err(|e| runtime_error(&game, &e))?;
        if as_json {
            out!(
                "{}",
                serde_json::json!({ "over": outcome.as_ref().map(|o| json::outcome_to_json(&game, o)) })
            );
        } else {
            match outcome {
                Some(o) => out!("the game is over: {}", tabula::session::describe(&game, &o)),
                None => out!("no legal moves"),
            }
        }
        return Ok(());
    }
    // A chance event's outcomes: each one's share of the weights.
    let total: u64 = choices.weights.iter().map(|&w| u64::from(w)).sum();
    let chance = state.chance().is_some() && total > 0;
    for i in 0..choices.len() {
        let steps = choices[i].to_vec();
        let text = engine
            .choice_text(&state, &steps)
            .map_err(|e| runtime_error(&game, &e))?;
        if as_json {
            let mut child = state.clone();
            engine
                .apply(&mut child, &steps)
                .map_err(|e| runtime_error(&game, &e))?;
            let mut child_json = json::state_to_json(&game, &child);
            add_gnubg_ids(&game, &mut child_json);
            let mut line = serde_json::json!({ "move": text, "state": child_json });
            if chance && choices.weights[i] > 0 {
                line["weight"] = serde_json::json!(choices.weights[i]);
                line["probability"] =
                    serde_json::json!(f64::from(choices.weights[i]) / total as f64);
            } else if game.phase_is_weighted(state.phase()) {
                line["playout_weight"] = serde_json::json!(choices.weights[i]);
            }
            out!("{line}");
        } else if probabilities && chance {
            let w = u64::from(choices.weights[i]);
            let d = gcd(w, total).max(1);
            let percent = 100.0 * w as f64 / total as f64;
            out!("{text}  {}/{} ({percent:.1} %)", w / d, total / d);
        } else {
            out!("{text}");
        }
    }
    Ok(())
}

pub(super) fn perft(
    g: &GameArgs,
    p: &PositionArgs,
    depth: usize,
    exact: bool,
) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let state = position(&mut engine, p)?;
    let start = std::time::Instant::now();
    // Progress by the choices at the root, on a terminal only, once a count has taken
    // long enough to wonder about (a short one shows nothing).
    let on_terminal = std::io::stderr().is_terminal();
    let mut bar: Option<indicatif::ProgressBar> = None;
    let mut report = |done: usize, of: usize| {
        if !on_terminal || start.elapsed().as_millis() < 500 {
            return;
        }
        let b = bar.get_or_insert_with(|| {
            let b = indicatif::ProgressBar::new(of as u64);
            b.set_style(
                indicatif::ProgressStyle::with_template(
                    "perft {msg}: {bar:40} {pos}/{len} first choices, eta {eta}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            b.set_message(depth.to_string());
            b
        });
        b.set_position(done as u64);
    };
    let ended = if exact { Ended::Nothing } else { Ended::Leaf };
    let n = engine.perft_reporting(&state, depth, ended, &mut report);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let n = n.map_err(|e| runtime_error(&game, &e))?;
    let secs = start.elapsed().as_secs_f64();
    out!("{n}");
    eprintln!("perft {depth}: {n} leaves in {secs:.3} s");
    Ok(())
}

pub(super) fn state(g: &GameArgs, p: &PositionArgs, yaml: bool) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let state = position(&mut engine, p)?;
    let mut value =
        json::state_report(&game, &mut engine, &state).map_err(|e| runtime_error(&game, &e))?;
    add_gnubg_ids(&game, &mut value);
    if yaml {
        let text = serde_yaml_ng::to_string(&value).map_err(|e| refused!("{e}"))?;
        out!("{}", text.trim_end());
    } else {
        out!(
            "{}",
            serde_json::to_string_pretty(&value).map_err(|e| refused!("{e}"))?
        );
    }
    Ok(())
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
