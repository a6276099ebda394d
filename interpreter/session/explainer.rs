//! Words for the engine's explanations: `why` findings as diagnostics pointing at the
//! rules file, and traces of the rules evaluated while moves are listed and played.

use super::draw::Marks;
use super::style::{wrap_lines, Paint, Style};
use crate::diagnostic::{Diagnostic, Diagnostics, Source, Span};
use crate::engine::explain::{Anchor, MoveTrace, Why};
use crate::engine::Game;
use crate::ids::CellId;
use crate::ir::Gen;
use crate::State;

/// A `why` answer: each finding as a diagnostic at its rule, or as a line.
pub(crate) fn render_why(game: &Game, source: &Source, why: &Why, style: &Style) -> String {
    let mut out = String::new();
    for f in &why.findings {
        match f.anchor.span(game) {
            Some(span) if !why.legal => {
                let (source, span) = game.rules.source_of(source, span);
                let span = tidy(source, span);
                // The message is wrapped as it is shown, after `error: `.
                let shown = wrap_lines(&format!("error: {}", f.message), style.width, 7);
                let message = shown.strip_prefix("error: ").unwrap_or(&shown);
                let d = Diagnostics {
                    source: source.clone(),
                    list: vec![Diagnostic::new(span, message)],
                };
                out.push_str(&d.render(style.color));
            }
            _ => {
                let paint = if why.legal { Paint::Good } else { Paint::Bold };
                let message = wrap_lines(&f.message, style.width, 2);
                out.push_str(&style.paint(paint, &message));
                out.push('\n');
            }
        }
    }
    out
}

/// A span without the blank space a parser may leave at its end.
pub(crate) fn tidy(source: &Source, span: Span) -> Span {
    let end = span.end.min(source.text.len());
    let start = span.start.min(end);
    match source.text.get(start..end) {
        Some(text) => Span::new(start, start + text.trim_end().len().max(1)),
        None => span,
    }
}

/// `file:line` of a span (of an included game's file for a span of its text).
fn place(game: &Game, source: &Source, span: Span) -> String {
    let (source, span) = game.rules.source_of(source, span);
    let (line, _) = source.line_col(span.start);
    format!("{}:{line}", source.name)
}

/// The line a span starts on, in its file.
fn line_number(game: &Game, source: &Source, span: Span) -> usize {
    let (source, span) = game.rules.source_of(source, span);
    source.line_col(span.start).0
}

/// The source line a span starts on, trimmed and shortened.
fn line_text(game: &Game, source: &Source, span: Span) -> String {
    let (source, span) = game.rules.source_of(source, span);
    let start = span.start.min(source.text.len());
    let begin = source.text[..start].rfind('\n').map_or(0, |i| i + 1);
    let end = source.text[start..]
        .find('\n')
        .map_or(source.text.len(), |i| start + i);
    let text = source.text[begin..end].trim();
    if text.chars().count() > 60 {
        format!("{}...", text.chars().take(57).collect::<String>())
    } else {
        text.to_string()
    }
}

/// The rules evaluated to list the moves of one state.
pub(crate) fn render_trace(
    game: &Game,
    source: &Source,
    trace: &MoveTrace,
    style: &Style,
) -> String {
    let mut out = String::new();
    let phase = &game.rules.phases[trace.phase];
    if let Some((c, n)) = trace.chance {
        let def = &game.rules.chances[c];
        out.push_str(&format!(
            "trace: chance `{}` ({}): {n} outcomes\n",
            def.name,
            place(game, source, def.span)
        ));
        return style.paint(Paint::Dim, &out);
    }
    out.push_str(&format!(
        "trace: moves of {} in phase `{}`\n",
        game.rules.players[trace.mover], phase.name
    ));
    for a in &trace.actions {
        let def = &game.rules.actions[a.action];
        if !a.tried {
            let preferred: Vec<&str> = trace
                .preferred
                .iter()
                .map(|&p| game.rules.actions[p].name.as_str())
                .collect();
            out.push_str(&format!(
                "  action `{}` not tried: `prefer {}` found moves\n",
                def.name,
                preferred.join(", ")
            ));
            continue;
        }
        let moves = if a.moves == 1 {
            "1 move".to_string()
        } else {
            format!("{} moves", a.moves)
        };
        out.push_str(&format!(
            "  action `{}` ({}): {moves}\n",
            def.name,
            place(game, source, def.span)
        ));
        // A `where` of several conjuncts is compiled as one test per conjunct, all
        // with the `where`'s span: shown as one line, tested as often as its first
        // conjunct and false when any of them was.
        let mut shown: Vec<(Option<Span>, String, String, u64, u64)> = Vec::new();
        for (i, count) in a.gens.iter().enumerate() {
            if count.tested == 0 {
                continue;
            }
            if let (Gen::Where(_, s), Some(last)) = (&def.generators[i], shown.last_mut()) {
                if last.0 == Some(*s) {
                    last.4 += count.rejected;
                    continue;
                }
            }
            let (span, owner_of) = match &def.generators[i] {
                Gen::Where(_, s) => (Some(*s), None),
                Gen::For(slot, _) => {
                    let anchor = Anchor::OwnerTest {
                        action: a.action,
                        slot: *slot,
                    };
                    (
                        anchor.span(game),
                        crate::engine::explain::slot_name(def, *slot),
                    )
                }
                Gen::Let(..) => (None, None),
            };
            let line = span.map_or("?".to_string(), |s| {
                line_number(game, source, s).to_string()
            });
            let text = match (owner_of, span) {
                (Some(var), _) => format!("owner test of `{var}` (folded into its loop)"),
                (None, Some(s)) => line_text(game, source, s),
                (None, None) => "a test".to_string(),
            };
            let merge = matches!(def.generators[i], Gen::Where(..));
            shown.push((
                span.filter(|_| merge),
                line,
                text,
                count.tested,
                count.rejected,
            ));
        }
        for (_, line, text, tested, rejected) in shown {
            out.push_str(&format!(
                "    line {line:>3}  {text:<60}  tested {tested}, false {rejected}\n"
            ));
        }
    }
    if let Some(t) = &trace.turns {
        let keys: Vec<String> = t.best.iter().map(|k| k.to_string()).collect();
        let maximize = if phase.maximize.is_empty() {
            String::new()
        } else {
            let at = Anchor::Maximize(trace.phase)
                .span(game)
                .map(|s| format!(" (line {})", line_number(game, source, s)))
                .unwrap_or_default();
            format!("; `maximize`{at} keeps {} at ({})", t.kept, keys.join(", "))
        };
        out.push_str(&format!(
            "  whole turns: {} complete sequences{maximize}; {} distinct turns\n",
            t.complete, t.distinct
        ));
    }
    style.paint(Paint::Dim, &out)
}

/// What one played step changed: cells, pools, counters, phase, player to move.
pub(crate) fn render_changes(game: &Game, before: &State, after: &State, style: &Style) -> String {
    let marks = Marks::new(game);
    let mut parts: Vec<String> = Vec::new();
    for c in 0..game.rules.board.cells.len() {
        let (a, b) = (
            before.cell(game, CellId::new(c)),
            after.cell(game, CellId::new(c)),
        );
        if a != b {
            let show = |w| {
                let (t, _) = marks.token(game, w, true);
                if t.is_empty() {
                    "empty".to_string()
                } else {
                    t
                }
            };
            parts.push(format!(
                "{} {} -> {}",
                game.rules.board.cells[c],
                show(a),
                show(b)
            ));
        }
    }
    for pool in &game.rules.pools {
        let players = if pool.per_player {
            game.rules.players.len()
        } else {
            1
        };
        for p in 0..players {
            let base = pool.base + p * pool.width();
            let range = base..base + pool.width();
            if before.data[range.clone()] != after.data[range.clone()] {
                let list = |s: &State| {
                    let mut v = Vec::new();
                    for (i, &n) in s.data[range.clone()].iter().enumerate() {
                        v.extend(std::iter::repeat_n(
                            (pool.low + i as i32).to_string(),
                            n.max(0) as usize,
                        ));
                    }
                    format!("[{}]", v.join(" "))
                };
                let who = if pool.per_player {
                    format!("[{}]", game.rules.players[p])
                } else {
                    String::new()
                };
                parts.push(format!(
                    "{}{who} {} -> {}",
                    pool.name,
                    list(before),
                    list(after)
                ));
            }
        }
    }
    for c in &game.rules.counters {
        let players = if c.per_player {
            game.rules.players.len()
        } else {
            1
        };
        for p in 0..players {
            let (a, b) = (before.data[c.base + p], after.data[c.base + p]);
            if a != b {
                let who = if c.per_player {
                    format!("[{}]", game.rules.players[p])
                } else {
                    String::new()
                };
                parts.push(format!("{}{who} {a} -> {b}", c.name));
            }
        }
    }
    if before.phase() != after.phase() {
        parts.push(format!(
            "phase {} -> {}",
            game.rules.phases[before.phase().index()].name,
            game.rules.phases[after.phase().index()].name
        ));
    }
    if before.mover() != after.mover() {
        parts.push(format!(
            "to move {} -> {}",
            game.rules.players[before.mover().index()],
            game.rules.players[after.mover().index()]
        ));
    }
    if before.chance() != after.chance() {
        if let Some(c) = after.chance() {
            parts.push(format!(
                "chance `{}` pending",
                game.rules.chances[c.index()].name
            ));
        }
    }
    if parts.is_empty() {
        return style.paint(Paint::Dim, "  changes: none\n");
    }
    style.paint(Paint::Dim, &format!("  changes: {}\n", parts.join("; ")))
}
