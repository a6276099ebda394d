//! Backgammon games written as a Jellyfish match file (`.mat`), the text format
//! GNU Backgammon reads with `import mat FILE`.
//!
//! The input is what a tabula game record holds: each game as its steps, in the
//! notation of `games/backgammon.tabula`:
//!
//! - the opening roll `w-b` (White's die, then Black's; the higher die moves first
//!   and plays both), and with `first-roll-reroll` the winner's own roll next;
//! - a roll `a-b` (smaller die first), after `roll` when the player could have
//!   doubled and did not;
//! - a turn's checker moves from the mover's side, one per die: `24/18 13/11`,
//!   `bar/22`, `6/off`, `13/7*`, a repeated move once with a count `8/5(2)`;
//!   `pass` for a turn with no move (a roll followed by the next player's step is
//!   a turn with no move too);
//! - the cube: `double`, then `take` or `drop`.
//!
//! The moves are replayed on a board of their own, so that a record that is not a
//! backgammon game from the usual start fails with the step that does not fit,
//! and so that the points of each game (single, gammon, backgammon, times the
//! cube; the cube's value on a drop) come out for the scores.
//!
//! The file: ` N point match` (0 for money play), then each game as ` Game k`,
//! the two players with their scores before it, and numbered lines of two
//! columns, the first player's actions on the left and the second's on the
//! right: `63: 24/18 13/10` (dice, larger first, and the moves, the bar as 25 and
//! the tray as 0, each checker's move written on its own as Jellyfish does),
//! `Doubles => 2`, `Takes`, `Drops`, `Wins 2 points`. The left column is gnubg's
//! player 0, so the first player (White, the player of `games/backgammon.tabula`
//! who moves 24 -> 1 in his own numbering) is player 0, as in the crate's IDs.
//!
//! ```
//! use tabula_gnubg::mat::match_to_mat;
//!
//! let game = vec!["3-1".to_string(), "8/5 6/5".to_string()];
//! let text = match_to_mat(0, ["White", "Black"], &[game])?;
//! assert!(text.contains("  1) 31: 8/5 6/5"));
//! # Ok::<(), tabula_gnubg::mat::MatError>(())
//! ```

use serde_json::Value;
use std::fmt::Write as _;

/// Why games could not be written as a `.mat` file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatError {
    /// A step of a game is not what a backgammon game has at that point.
    #[error("game {game}, step {step} `{text}`: {reason}")]
    Step {
        /// The game, the first being 1.
        game: usize,
        /// The step within its game, the first being 1.
        step: usize,
        /// The step as written in the record.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A player's name that the file format cannot hold.
    #[error("a player's name in a .mat file is one word without `:`, not {0:?}")]
    PlayerName(String),
}

/// Checkers a side has.
const CHECKERS: u8 = 15;
/// In a side's own numbering: the tray is 0, the points 1 to 24, the bar 25.
const OFF: usize = 0;
const BAR: usize = 25;

/// The standard start, as a side sees its own checkers.
fn start_side() -> [u8; 26] {
    let mut side = [0; 26];
    side[24] = 2;
    side[13] = 5;
    side[8] = 3;
    side[6] = 5;
    side
}

/// The board of a game being replayed: each side in its own numbering.
struct Board {
    sides: [[u8; 26]; 2],
}

impl Board {
    fn new() -> Board {
        Board {
            sides: [start_side(), start_side()],
        }
    }

    fn all_home(&self, player: usize) -> bool {
        self.sides[player][7..=BAR].iter().all(|&n| n == 0)
    }

    /// Moves one checker of `player` from `from` to `to` (own numbering) with one of
    /// `dice`, which it removes; whether it hit.
    fn play(
        &mut self,
        player: usize,
        from: usize,
        to: usize,
        dice: &mut Vec<u8>,
    ) -> Result<bool, String> {
        let name = |p: usize| match p {
            BAR => "the bar".to_string(),
            OFF => "the tray".to_string(),
            p => format!("point {p}"),
        };
        if from <= to {
            return Err(format!(
                "a checker moves from a higher point to a lower one, not from {} to {}",
                name(from),
                name(to)
            ));
        }
        if self.sides[player][from] == 0 {
            return Err(format!("the mover has no checker on {}", name(from)));
        }
        if self.sides[player][BAR] > 0 && from != BAR {
            return Err("the mover has a checker on the bar, which must enter first".into());
        }
        let distance = (from - to) as u8;
        let die = if to == OFF {
            if !self.all_home(player) {
                return Err("a checker is borne off only when all are home".into());
            }
            // The exact number, or a larger one from the highest point.
            let higher = self.sides[player][from + 1..=6].iter().any(|&n| n > 0);
            dice.iter().position(|&d| d == distance).or_else(|| {
                (!higher)
                    .then(|| {
                        dice.iter()
                            .enumerate()
                            .filter(|(_, &d)| d > distance)
                            .min_by_key(|(_, &d)| d)
                            .map(|(i, _)| i)
                    })
                    .flatten()
            })
        } else {
            dice.iter().position(|&d| d == distance)
        };
        let Some(die) = die else {
            return Err(format!(
                "no die left of the roll ({}) moves a checker from {} to {}",
                dice_list(dice),
                name(from),
                name(to)
            ));
        };
        dice.remove(die);
        let mut hit = false;
        if to != OFF {
            let opponent = &mut self.sides[1 - player];
            let theirs = 25 - to;
            match opponent[theirs] {
                0 => {}
                1 => {
                    opponent[theirs] = 0;
                    opponent[BAR] += 1;
                    hit = true;
                }
                _ => return Err(format!("{} is held by the opponent", name(to))),
            }
        }
        self.sides[player][from] -= 1;
        self.sides[player][to] += 1;
        Ok(hit)
    }

    /// The points `winner` wins at cube value 1: 1, 2 (gammon: the loser has borne
    /// off none) or 3 (backgammon: and has a checker on the bar or in the winner's
    /// home board).
    fn points(&self, winner: usize) -> u32 {
        let loser = &self.sides[1 - winner];
        if loser[OFF] > 0 {
            1
        } else if loser[19..=BAR].iter().any(|&n| n > 0) {
            3
        } else {
            2
        }
    }
}

fn dice_list(dice: &[u8]) -> String {
    let all: Vec<String> = dice.iter().map(u8::to_string).collect();
    all.join(", ")
}

/// A roll as a `.mat` file writes it: two digits, the larger first.
fn roll_text(roll: (u8, u8)) -> String {
    format!("{}{}", roll.0.max(roll.1), roll.0.min(roll.1))
}

/// A step `a-b`, if it is one: two dice from 1 to 6.
fn parse_roll(text: &str) -> Option<(u8, u8)> {
    let (a, b) = text.split_once('-')?;
    let die = |s: &str| s.parse::<u8>().ok().filter(|d| (1..=6).contains(d));
    Some((die(a)?, die(b)?))
}

/// One checker move `from/to`, with an optional `*` and `(n)`: the points in the
/// mover's numbering and the count.
fn parse_move(token: &str) -> Option<(usize, usize, usize)> {
    let (body, count) = match token.strip_suffix(')') {
        Some(rest) => {
            let (body, n) = rest.rsplit_once('(')?;
            (
                body,
                n.parse::<usize>().ok().filter(|n| (1..=4).contains(n))?,
            )
        }
        None => (token, 1),
    };
    let body = body.strip_suffix('*').unwrap_or(body);
    let (from, to) = body.split_once('/')?;
    let from = match from {
        "bar" => BAR,
        p => p.parse::<usize>().ok().filter(|p| (1..=24).contains(p))?,
    };
    let to = match to {
        "off" => OFF,
        p => p.parse::<usize>().ok().filter(|p| (1..=24).contains(p))?,
    };
    Some((from, to, count))
}

/// What a game's replay gives: its actions in order and how it ended.
struct Replayed {
    /// (player, text) in the order played; players alternate, so that each pair
    /// makes a numbered line.
    actions: Vec<(usize, String)>,
    /// The winner and the points won, when the game is over.
    result: Option<(usize, u32)>,
    /// Whether the winner's line comes right after his own action (a bear-off), so
    /// that it cannot share the last line.
    after_own_move: bool,
}

/// The state of a game between steps.
struct Replay {
    board: Board,
    /// The player whose turn it is; none before the opening roll.
    mover: Option<usize>,
    /// The roll of the mover, not yet played, and whether it is the opening roll.
    rolled: Option<((u8, u8), bool)>,
    cube: u32,
    offered: bool,
    actions: Vec<(usize, String)>,
    result: Option<(usize, u32)>,
    after_own_move: bool,
}

impl Replay {
    fn new() -> Replay {
        Replay {
            board: Board::new(),
            mover: None,
            rolled: None,
            cube: 1,
            offered: false,
            actions: Vec::new(),
            result: None,
            after_own_move: false,
        }
    }

    /// A roll left unplayed when the next step comes is a turn with no move.
    fn close_turn(&mut self) {
        if let (Some((roll, _)), Some(mover)) = (self.rolled.take(), self.mover) {
            self.actions.push((mover, format!("{}:", roll_text(roll))));
            self.mover = Some(1 - mover);
        }
    }

    fn step(&mut self, text: &str) -> Result<(), String> {
        if self.result.is_some() {
            return Err("the game is already over".into());
        }
        if self.offered && text != "take" && text != "drop" {
            return Err("a double was offered: the next step is `take` or `drop`".into());
        }
        if let Some(roll) = parse_roll(text) {
            return self.roll(roll);
        }
        let Some(mover) = self.mover else {
            return Err("a game starts with the opening roll, e.g. `3-1`".into());
        };
        match text {
            "roll" => {
                self.close_turn();
                Ok(())
            }
            "double" => {
                self.close_turn();
                let mover = self.mover.unwrap_or(mover);
                self.offered = true;
                self.actions
                    .push((mover, format!(" Doubles => {}", self.cube * 2)));
                Ok(())
            }
            "take" | "drop" => {
                if !self.offered {
                    return Err(format!("`{text}` answers a double, but none was offered"));
                }
                self.offered = false;
                if text == "take" {
                    self.cube *= 2;
                    self.actions.push((1 - mover, " Takes".into()));
                } else {
                    self.actions.push((1 - mover, " Drops".into()));
                    self.result = Some((mover, self.cube));
                }
                Ok(())
            }
            "pass" => match self.rolled.take() {
                Some((roll, _)) => {
                    self.actions.push((mover, format!("{}:", roll_text(roll))));
                    self.mover = Some(1 - mover);
                    Ok(())
                }
                None => {
                    Err("`pass` ends a turn whose roll has no move, but no dice were rolled".into())
                }
            },
            moves => self.play(mover, moves),
        }
    }

    fn roll(&mut self, roll: (u8, u8)) -> Result<(), String> {
        match (self.mover, self.rolled) {
            (None, _) => {
                if roll.0 == roll.1 {
                    return Err("the opening roll is one die each, never equal".into());
                }
                // White's die first: the higher die's owner moves first.
                self.mover = Some(if roll.0 > roll.1 { 0 } else { 1 });
                self.rolled = Some((roll, true));
            }
            // The winner of the opening roll rolls anew (`first-roll-reroll`): no
            // opening roll leaves a player without a move.
            (Some(_), Some((_, true))) => self.rolled = Some((roll, false)),
            (Some(_), _) => {
                self.close_turn();
                self.rolled = Some((roll, false));
            }
        }
        Ok(())
    }

    fn play(&mut self, mover: usize, moves: &str) -> Result<(), String> {
        let Some((roll, _)) = self.rolled.take() else {
            return Err("checker moves need a roll first".into());
        };
        let mut dice = if roll.0 == roll.1 {
            vec![roll.0; 4]
        } else {
            vec![roll.0, roll.1]
        };
        let mut written = Vec::new();
        for token in moves.split_whitespace() {
            let Some((from, to, count)) = parse_move(token) else {
                return Err(format!(
                    "`{token}` is not a checker move like `13/9`, `bar/22`, `6/off`, `8/5(2)`"
                ));
            };
            for _ in 0..count {
                let hit = self.board.play(mover, from, to, &mut dice)?;
                written.push(format!("{from}/{to}{}", if hit { "*" } else { "" }));
            }
        }
        if written.is_empty() {
            return Err("a turn is moves like `8/5 6/5`, or `pass`".into());
        }
        self.actions
            .push((mover, format!("{}: {}", roll_text(roll), written.join(" "))));
        if self.board.sides[mover][OFF] == CHECKERS {
            self.result = Some((mover, self.cube * self.board.points(mover)));
            self.after_own_move = true;
        }
        self.mover = Some(1 - mover);
        Ok(())
    }
}

fn replay(game: usize, steps: &[String]) -> Result<Replayed, MatError> {
    let mut replay = Replay::new();
    for (i, text) in steps.iter().enumerate() {
        replay.step(text.trim()).map_err(|reason| MatError::Step {
            game,
            step: i + 1,
            text: text.clone(),
            reason,
        })?;
    }
    // A roll the record ends on is the start of a turn not yet played.
    Ok(Replayed {
        actions: replay.actions,
        result: replay.result,
        after_own_move: replay.after_own_move,
    })
}

/// Width of the left column, as gnubg writes it.
const COLUMN: usize = 28;

/// Writes one game's numbered lines.
fn write_lines(out: &mut String, game: &Replayed) {
    let mut lines: Vec<[Option<String>; 2]> = Vec::new();
    for (player, text) in &game.actions {
        match lines.last_mut() {
            Some(line) if *player == 1 && line[1].is_none() => line[1] = Some(text.clone()),
            _ => {
                let mut line = [None, None];
                line[*player] = Some(text.clone());
                lines.push(line);
            }
        }
    }
    let wins = game.result.map(|(winner, points)| {
        let unit = if points == 1 { "point" } else { "points" };
        (winner, format!(" Wins {points} {unit}"))
    });
    let mut last_line = None;
    if let Some((winner, text)) = &wins {
        match lines.last_mut() {
            // After a drop the doubler's win shares the line when it is his column's turn.
            Some(line) if !game.after_own_move && *winner == 1 && line[1].is_none() => {
                line[1] = Some(text.clone())
            }
            _ => {
                let mut line = [None, None];
                line[*winner] = Some(text.clone());
                last_line = Some(line);
            }
        }
    }
    let write = |out: &mut String, prefix: String, line: &[Option<String>; 2]| {
        let left = line[0].as_deref().unwrap_or("");
        let mut text = format!("{prefix}{left}");
        if let Some(right) = &line[1] {
            // gnubg finds the right column by its dice's colon or, failing that, by
            // the first double space after the left column starts.
            let width = COLUMN.max(left.len() + 2);
            text.push_str(&" ".repeat(width - left.len()));
            text.push_str(right);
        }
        let _ = writeln!(out, "{}", text.trim_end());
    };
    for (i, line) in lines.iter().enumerate() {
        write(out, format!("{:>3}) ", i + 1), line);
    }
    if let Some(line) = &last_line {
        write(out, "     ".to_string(), line);
    }
}

/// The games of a match (`match_length` points, 0 for money play) as a `.mat`
/// file, each game given by its steps as a tabula record writes them; `players`
/// names the first player (White, gnubg's player 0, the left column) and the
/// second. The score before each game adds up the points of the games before it.
/// A game whose record stops before its end is written as far as it goes.
///
/// # Errors
///
/// [`MatError::Step`] for the first step that is not what a backgammon game
/// from the usual start has there (with the game and step, counted from 1), and
/// [`MatError::PlayerName`] for a name with a space or a colon, or empty.
pub fn match_to_mat(
    match_length: u32,
    players: [&str; 2],
    games: &[Vec<String>],
) -> Result<String, MatError> {
    for name in players {
        if name.is_empty() || name.contains(|c: char| c == ':' || c.is_whitespace()) {
            return Err(MatError::PlayerName(name.to_string()));
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, " {match_length} point match");
    let mut score = [0u32; 2];
    for (i, steps) in games.iter().enumerate() {
        let game = replay(i + 1, steps)?;
        let _ = writeln!(out);
        let _ = writeln!(out, " Game {}", i + 1);
        let left = format!("{} : {}", players[0], score[0]);
        let _ = writeln!(out, " {left:<30} {} : {}", players[1], score[1]);
        write_lines(&mut out, &game);
        if let Some((winner, points)) = game.result {
            score[winner] += points;
        }
    }
    Ok(out)
}

/// The position ID of backgammon's usual start (the same from either side).
const USUAL_START: &str = "4HPwATDgc/ABMA";

/// Why a record that starts from a position set up by hand is not written.
pub const NOT_FROM_START: &str = "the record starts from a position set up by hand, but a .mat \
                                  file starts every game from the usual start";

/// Whether a game's records can be written as a .mat file: two players, and a first
/// state (a tabula state document, its `game` field left out, so that a variant fits
/// as well) that reads as a backgammon board holding the usual start. Whether the
/// moves are backgammon moves is seen when they are written; a first state the game
/// failed to set up is given as the sentence of its error. The refusal is a sentence
/// naming the game `title`.
pub fn check_mat_shape(
    title: &str,
    players: usize,
    first_state: Result<Value, String>,
) -> Result<(), String> {
    let not = |why: String| format!("{title} cannot be written as a .mat file: {why}");
    if players != 2 {
        return Err(not(format!(
            "a .mat file is for two players, and it has {players}"
        )));
    }
    let first_state = first_state.map_err(|e| not(format!("its first state fails: {e}")))?;
    match crate::ids_from_state(&first_state) {
        Ok((position, _)) if position == USUAL_START => Ok(()),
        Ok(_) => Err(not(
            "it does not start from backgammon's usual position".into()
        )),
        Err(e) => Err(not(format!("its board is not backgammon's ({e})"))),
    }
}

/// The players' names as a .mat file writes them: `white` is `White`.
pub fn mat_names(players: &[String]) -> Result<[String; 2], String> {
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

/// One tabula record (a single game or a match) as a .mat file: its players, whether
/// it starts from a position set up by hand, its match length (0 for a single game),
/// the steps of each game played to its end, and those of the game in progress.
pub fn record_to_mat(
    players: &[String],
    set_up: bool,
    match_length: i32,
    games: &[Vec<String>],
    moves: &[String],
) -> Result<String, String> {
    if set_up {
        return Err(NOT_FROM_START.into());
    }
    let mut games = games.to_vec();
    // A match saved right after a game ended has no move yet in the next one.
    if games.is_empty() || !moves.is_empty() {
        games.push(moves.to_vec());
    }
    let [a, b] = mat_names(players)?;
    let length = u32::try_from(match_length).unwrap_or(0);
    match_to_mat(length, [&a, &b], &games).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(text: &str) -> Vec<String> {
        text.split(',').map(|s| s.trim().to_string()).collect()
    }

    #[test]
    fn moves_read_in_the_movers_numbering() {
        assert_eq!(parse_move("bar/22"), Some((25, 22, 1)));
        assert_eq!(parse_move("6/off"), Some((6, 0, 1)));
        assert_eq!(parse_move("13/7*"), Some((13, 7, 1)));
        assert_eq!(parse_move("8/5(2)"), Some((8, 5, 2)));
        assert_eq!(parse_move("24/22*(2)"), Some((24, 22, 2)));
        assert_eq!(parse_move("25/22"), None);
        assert_eq!(parse_move("e2/e4"), None);
        assert_eq!(parse_move("8/5(9)"), None);
    }

    #[test]
    fn a_move_with_no_die_is_refused() {
        let err = match_to_mat(0, ["White", "Black"], &[steps("3-1, 8/4 6/5")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "game 1, step 2 `8/4 6/5`: no die left of the roll (3, 1) moves a checker from \
             point 8 to point 4"
        );
    }

    #[test]
    fn other_games_fail_on_their_first_step() {
        let err = match_to_mat(0, ["White", "Black"], &[steps("a1-b2")]).unwrap_err();
        assert!(matches!(err, MatError::Step { step: 1, .. }), "{err}");
        let err = match_to_mat(0, ["White", "Black"], &[steps("3-1, e2/e4")]).unwrap_err();
        assert!(err.to_string().contains("is not a checker move"), "{err}");
    }

    #[test]
    fn names_must_fit_the_format() {
        let err = match_to_mat(0, ["White Player", "Black"], &[]).unwrap_err();
        assert_eq!(err, MatError::PlayerName("White Player".into()));
    }
}
