//! Match play in the session: games one after another, each started in the match so
//! far (`Engine::initial_state_in`), each game's points (its `Outcome`) going to its
//! winner, until a player has the match's length. Nothing here knows a game: a game's
//! points and what the match counters mean come from the rules file.

use super::*;
use crate::engine::matchplay::{Match, MatchStatus};

/// A game of the match played to its end, before the current one.
#[derive(Debug, Clone)]
pub(super) struct Finished {
    pub timeline: Timeline,
    pub outcome: Outcome,
}

/// Where replaying a match's games failed: the game, the move (none when the game as a
/// whole is wrong) and why.
pub(super) struct ReplayError {
    pub game: usize,
    pub moves: Vec<String>,
    pub at: Option<usize>,
    pub message: String,
}

impl ReplayError {
    /// "move 3{place} (`x`): why", with "game 2, " first when there are several games;
    /// "game 2{place}: why" when the game as a whole is wrong.
    pub fn describe(&self, several: bool, place: &str) -> String {
        let game = if several {
            format!("game {}, ", self.game + 1)
        } else {
            String::new()
        };
        match self.at {
            Some(k) => format!(
                "{game}move {}{place} (`{}`): {}",
                k + 1,
                crate::diagnostic::escape(&self.moves[k]),
                self.message
            ),
            None => format!("game {}{place}: {}", self.game + 1, self.message),
        }
    }
}

/// The match a state is played in, as its match counters say (a single game when
/// `match_length` is 0 or the game has no such counter).
pub(super) fn match_of_state(game: &Game, state: &State) -> Match {
    let players = game.rules.players.len();
    let read = |name: &str| {
        game.rules
            .counters
            .iter()
            .find(|c| c.name == name)
            .map(|c| (0..players).map(|i| state.data[c.base + i]).collect())
            .unwrap_or_else(|| vec![0; players])
    };
    let length = game
        .rules
        .counters
        .iter()
        .find(|c| c.name == "match_length")
        .map_or(0, |c| state.data[c.base]);
    if length <= 0 {
        return Match::new(0, players);
    }
    Match {
        length,
        scores: read("match_score"),
        before: read("match_score_before"),
        games: 0,
    }
}

/// The first state of a game in `m` (the initial state when it is a single game).
pub(super) fn first_state(engine: &mut Engine, m: &Match) -> Result<State, RuntimeError> {
    if m.length > 0 {
        engine.initial_state_in(m)
    } else {
        engine.initial_state()
    }
}

/// Replays the games of a match from the first game's start: every game but the last
/// must end, and the match must not be decided before the last; each game after the
/// first starts in the match so far.
pub(super) fn replay_match(
    game: &Game,
    source: &Source,
    first: State,
    base: &Match,
    games: &[Vec<String>],
    color: bool,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<(Vec<Finished>, Timeline), ReplayError> {
    let mut engine = Engine::new(game);
    let mut m = base.clone();
    let mut earlier = Vec::new();
    let mut start = first;
    for (g, moves) in games.iter().enumerate() {
        let fail = |at: Option<usize>, message: String| ReplayError {
            game: g,
            moves: moves.clone(),
            at,
            message,
        };
        let entries = replay(game, &start, moves, stop).map_err(|(k, m)| fail(Some(k), m))?;
        let mut timeline = Timeline::new(start);
        for e in entries {
            timeline.push(e);
        }
        if g + 1 == games.len() {
            return Ok((earlier, timeline));
        }
        let Some(outcome) = engine
            .outcome(timeline.current())
            .map_err(|e| fail(None, e.to_string()))?
        else {
            return Err(fail(
                None,
                "the game is not over after its moves, yet another game follows".into(),
            ));
        };
        m.record(&outcome);
        if m.length == 0 || m.is_over() {
            return Err(fail(
                None,
                "the match is over after this game, yet another game follows".into(),
            ));
        }
        start = engine
            .initial_state_in(&m)
            .map_err(|e| fail(None, runtime_text(game, source, &e, color)))?;
        earlier.push(Finished { timeline, outcome });
    }
    Ok((earlier, Timeline::new(start)))
}

impl Session {
    /// Points to win the match; 0 for a single game.
    pub fn match_length(&self) -> i32 {
        self.base.length
    }

    /// The match as it stood when the current game began (what its counters read).
    pub(super) fn match_before(&self) -> Match {
        let mut m = self.base.clone();
        for f in &self.earlier {
            m.record(&f.outcome);
        }
        m
    }

    /// The match score now: the current game counts once it is over (and whether it
    /// is over is an error of its own, which the status reports).
    pub fn match_score(&self) -> Match {
        let mut m = self.match_before();
        if let Ok(Some(o)) = self.outcome() {
            m.record(&o);
        }
        m
    }

    /// The result of each game of the session played to its end, in order (the
    /// current game's once it is over; whether it is over is an error of its own,
    /// which the status reports).
    pub fn results(&self) -> Vec<Outcome> {
        let mut all: Vec<Outcome> = self.earlier.iter().map(|f| f.outcome.clone()).collect();
        all.extend(self.outcome().ok().flatten());
        all
    }

    /// The moves of every game of the match, the current game last.
    pub fn games(&self) -> Vec<Vec<String>> {
        let mut all: Vec<Vec<String>> =
            self.earlier.iter().map(|f| moves_of(&f.timeline)).collect();
        all.push(self.moves());
        all
    }

    /// The number of the current game in the match, from 1.
    pub(super) fn game_number(&self) -> usize {
        self.base.games + self.earlier.len() + 1
    }

    /// A fresh match of `length` points (a single game when 0) on the rules as their
    /// file reads now (an edited file is played at once).
    pub(super) fn new_match(&mut self, length: i32, out: &mut Out) -> Result<(), SessionError> {
        let (source, game) = self.rules_now(&self.options.clone())?;
        self.start_afresh(source, game, length, out)
    }

    /// A fresh match of `length` points on rules just compiled; nothing changes when
    /// its first game cannot start.
    pub(super) fn start_afresh(
        &mut self,
        source: Source,
        game: Game,
        length: i32,
        out: &mut Out,
    ) -> Result<(), SessionError> {
        let base = Match::new(length, game.rules.players.len());
        let start = first_state(&mut Engine::new(&game), &base).map_err(|e| {
            SessionError::Runtime(runtime_text(&game, &source, &e, self.style.color))
        })?;
        if source.text != self.source.text {
            out.line(format!(
                "{} has changed: the new game plays its rules as they are now",
                source.name
            ));
            self.source = source;
        }
        if game.rules.players.len() != self.computers.len() {
            self.computers = vec![None; game.rules.players.len()];
        }
        self.options = game.rules.chosen.clone();
        self.game = Arc::new(game);
        self.load_net();
        self.base = base;
        self.earlier.clear();
        self.timeline = Timeline::new(start);
        self.start_json = None;
        self.queued = None;
        self.invalidate();
        Ok(())
    }

    /// "white wins 2 points", "a draw".
    fn result_text(&self, o: &Outcome) -> String {
        match o.winner {
            Some(w) => format!(
                "{} wins {} point{}",
                self.game.rules.players[w.index()],
                o.points,
                if o.points == 1 { "" } else { "s" }
            ),
            None => "a draw".to_string(),
        }
    }

    /// "white 2, black 0".
    fn scores_list(&self, m: &Match) -> String {
        let scores: Vec<String> = self
            .game
            .rules
            .players
            .iter()
            .zip(&m.scores)
            .map(|(p, s)| format!("{p} {s}"))
            .collect();
        scores.join(", ")
    }

    /// "match to 7: white 2, black 0".
    fn score_text(&self, m: &Match) -> String {
        format!("match to {}: {}", m.length, self.scores_list(m))
    }

    /// "white wins the match to 7 (white 7, black 3) in 5 games".
    fn match_over_text(&self, m: &Match, winner: Option<usize>) -> String {
        let who = match winner {
            Some(w) => format!("{} wins the match", self.game.rules.players[w]),
            None => "the match is drawn".to_string(),
        };
        format!(
            "{who} to {} ({}) in {} game{}",
            m.length,
            self.scores_list(m),
            m.games,
            if m.games == 1 { "" } else { "s" }
        )
    }

    /// The line under the board during a match.
    pub(super) fn match_line(&self) -> String {
        let m = self.match_score();
        let n = self.game_number();
        let over = matches!(self.outcome(), Ok(Some(_)));
        let status = m.status();
        match status {
            MatchStatus::Won(_) | MatchStatus::Drawn if over => {
                let who = match status {
                    MatchStatus::Won(w) => format!("{} wins the match", self.game.rules.players[w]),
                    _ => "the match is drawn".to_string(),
                };
                format!(
                    "{} (game {n}): {}",
                    self.score_text(&m),
                    self.style.paint(Paint::Good, &who)
                )
            }
            _ if over => format!("{} (game {n} over)", self.score_text(&m)),
            _ => format!("{} (game {n})", self.score_text(&m)),
        }
    }

    /// A game of the match is over: its result and the score, then the next game, or
    /// the match's result. Whether a next game began.
    pub(super) fn end_of_game(&mut self, engine: &mut Engine, o: &Outcome, out: &mut Out) -> bool {
        let mut m = self.match_before();
        m.record(o);
        // The result's name, when the end rule gives one (`2 points (NAME)`).
        let named = o
            .named
            .as_ref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        out.line(format!(
            "{}; {}",
            self.style
                .paint(Paint::Good, &format!("{}{named}", self.result_text(o))),
            self.score_text(&m)
        ));
        if m.is_over() {
            out.line(self.style.paint(
                Paint::Good,
                &format!("match over: {}", self.match_over_text(&m, m.winner())),
            ));
            return false;
        }
        let start = match engine.initial_state_in(&m) {
            Ok(s) => s,
            Err(e) => {
                out.push(self.error(self.runtime(&e)));
                return false;
            }
        };
        let mut timeline = std::mem::replace(&mut self.timeline, Timeline::new(start));
        timeline.entries.truncate(timeline.cursor);
        self.earlier.push(Finished {
            timeline,
            outcome: o.clone(),
        });
        self.invalidate();
        out.line(format!(
            "\ngame {} of the match to {}",
            self.game_number(),
            m.length
        ));
        true
    }

    /// `undo` with nothing left to take back in this game: back into the previous
    /// game of the match, at its end (the game left is forgotten).
    pub(super) fn back_to_previous_game(&mut self, out: &mut Out) {
        let Some(previous) = self.earlier.pop() else {
            return;
        };
        self.timeline = previous.timeline;
        self.invalidate();
        out.line(format!(
            "back to game {} of the match, at its end",
            self.game_number()
        ));
    }

    /// `match`: the score and every game's result; `match N` starts a new match.
    pub(super) fn match_command(&mut self, rest: &str, out: &mut Out) -> Result<(), SessionError> {
        if !rest.is_empty() {
            let length: i32 = rest
                .parse()
                .ok()
                .filter(|n| *n >= 0)
                .ok_or_else(|| format!("`{rest}` is not a number of points"))?;
            self.new_match(length, out)?;
            self.rng = Rng::new(self.seed);
            if length > 0 {
                out.line(format!(
                    "new match to {length} of {} (seed {})",
                    self.game.rules.name, self.seed
                ));
            } else {
                out.line(format!(
                    "new game of {} (seed {}), a single game",
                    self.game.rules.name, self.seed
                ));
            }
            self.changed(out);
            return Ok(());
        }
        if self.base.length == 0 {
            out.line("a single game, not a match; `match N` starts a match to N points");
            return Ok(());
        }
        out.line(self.match_line());
        let first = self.base.games;
        for (i, o) in self.results().iter().enumerate() {
            // The result's name, when the end rule gives one, as a game's end says it.
            let named = o
                .named
                .as_ref()
                .map(|n| format!("{n}; "))
                .unwrap_or_default();
            out.line(format!(
                "  game {}: {} ({named}{})",
                first + i + 1,
                self.result_text(o),
                o.reason
            ));
        }
        if matches!(self.outcome(), Ok(None)) {
            out.line(format!(
                "  game {}: in progress, move {}",
                self.game_number(),
                self.timeline.moves_played() + 1
            ));
        }
        Ok(())
    }
}

/// The moves of a game, as the game writes them.
pub(super) fn moves_of(timeline: &Timeline) -> Vec<String> {
    timeline.played().iter().map(|e| e.text.clone()).collect()
}
