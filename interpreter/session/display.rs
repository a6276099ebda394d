//! What the session shows of the game: the position drawn and the trace of the last move.

use super::style::Paint;
use super::{describe, draw, explainer, style, turn, Out, Session};
use crate::{Engine, Game, State, Status};

/// One line saying whose turn it is at `state` (and the chance event still to come),
/// or how the game ended: a picture's caption.
pub fn caption(game: &Game, state: &State) -> Result<String, crate::RuntimeError> {
    let mut engine = Engine::new(game);
    Ok(match engine.status(state)? {
        Status::Over(o) => format!("over: {}", super::describe(game, &o)),
        Status::Chance(c) => format!(
            "{} to move, {} to come",
            game.rules.players[state.mover().index()],
            game.rules.chances[c.index()].name
        ),
        Status::Player(p) => format!("{} to move", game.rules.players[p.index()]),
    })
}

/// A position as text, drawn as the prompt draws it (with no move marked): the board,
/// the pools, counters and scores, and the caption; the error of rules that fail while
/// its lines are worked out.
pub fn position_text(
    game: &Game,
    state: &State,
    style: &style::Style,
) -> Result<String, crate::RuntimeError> {
    let engine = Engine::new(game);
    let mut text = draw::board(game, state, style, state.mover().index(), Vec::new());
    let shown = engine.shown(state)?;
    let scores = engine.scores(state)?;
    text.push_str(&draw::equipment(game, state, &shown, &scores, style));
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&caption(game, state)?);
    text.push('\n');
    Ok(text)
}

impl Session {
    /// The state drawn: the current one with a turn entered so far applied.
    pub(super) fn shown_state(&mut self) -> State {
        let state = self.timeline.current().clone();
        if self.partial.is_empty() {
            return state;
        }
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        turn::Decision::partial_state(&mut engine, &state, &self.partial).unwrap_or(state)
    }

    /// The cells a drawing of `shown` (the state drawn) marks: a turn being entered
    /// marks its steps so far; otherwise the last move that changed the board (not a
    /// decision such as to roll).
    pub(super) fn marked_cells(&self, shown: &State) -> Vec<bool> {
        let game = &self.game;
        if self.partial.is_empty() {
            self.timeline
                .moves_back()
                .take(4)
                .map(|(before, after)| draw::changed_cells(game, before, after))
                .find(|c| c.contains(&true))
                .unwrap_or_default()
        } else {
            draw::changed_cells(game, self.timeline.current(), shown)
        }
    }

    /// The board, the pools and counters, and whose turn it is.
    pub(super) fn draw(&mut self, out: &mut Out) {
        let game = self.game.clone();
        let state = self.shown_state();
        let mut engine = Engine::new(&game);
        out.line("");
        let changed = self.marked_cells(&state);
        out.push(draw::board(
            &game,
            &state,
            &self.style,
            state.mover().index(),
            changed,
        ));
        // Rules that fail while the board's lines are worked out are told in their place.
        match (engine.shown(&state), engine.scores(&state)) {
            (Ok(shown), Ok(scores)) => {
                out.push(draw::equipment(&game, &state, &shown, &scores, &self.style))
            }
            (Err(e), _) | (_, Err(e)) => out.push(self.error(self.runtime(&e))),
        }
        let status = match engine.status(self.timeline.current()) {
            Err(e) => return out.push(self.error(self.runtime(&e))),
            Ok(status) => status,
        };
        let status = match status {
            Status::Over(o) => format!(
                "game over: {}",
                self.style.paint(Paint::Good, &describe(&game, &o))
            ),
            Status::Chance(c) => format!(
                "the chance event `{}` is pending: set it with `dice` or `roll`",
                game.rules.chances[c.index()].name
            ),
            Status::Player(p) => {
                let name = game.rules.players[p.index()].clone();
                let who = match self.computer(p.index()) {
                    Some(level) => format!("{name} (computer, {})", level.name_in(&game)),
                    None => name.clone(),
                };
                let phase = &game.rules.phases[state.phase().index()].name;
                let number = self.timeline.moves_played() + 1;
                format!(
                    "{} to move · phase {phase} · move {number}",
                    self.style.paint(Paint::player(p.index(), &name), &who)
                )
            }
        };
        // The match score, above whose turn it is, or under the result of the game.
        let over = matches!(self.outcome(), Ok(Some(_)));
        if self.base.length > 0 && !over {
            out.line(self.match_line());
        }
        let status = if self.style.unicode {
            status
        } else {
            status.replace(" · ", ", ")
        };
        out.line(style::wrap_lines(&status, self.style.width, 2));
        self.say_what_next(&state, out);
        if self.base.length > 0 && over {
            out.line(self.match_line());
        }
        if !self.partial.is_empty() {
            out.line(style::wrap_lines(
                &format!(
                    "so far: {} (enter the rest of the turn; `undo` takes back a step)",
                    self.partial.join(" ")
                ),
                self.style.width,
                2,
            ));
        }
    }

    pub(super) fn show_trace(&mut self, out: &mut Out) {
        if !self.trace {
            return;
        }
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        match engine.outcome(&state) {
            Err(e) => return out.push(self.error(self.runtime(&e))),
            Ok(Some(_)) => return,
            Ok(None) => {}
        }
        match engine.trace_moves(&state) {
            Ok(t) => out.push(explainer::render_trace(
                &game,
                &self.source,
                &t,
                &self.style,
            )),
            Err(e) => out.push(self.error(self.runtime(&e))),
        }
    }
}
