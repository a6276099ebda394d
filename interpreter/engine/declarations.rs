//! What a game declares, read by name or by typed id: its title, players, options,
//! cells, directions, phases, actions and chance events, as front ends show them.

use super::Game;
use crate::diagnostic::{Diagnostic, Source, Span};
use crate::ids::{CellId, ChanceId, PhaseId, PlayerId};
use crate::ir::{NumberOption, RulesText};

impl Game {
    /// The game's title (`game "..."`).
    pub fn name(&self) -> &str {
        &self.rules.name
    }

    /// The name of the file the rules were read from, as given to [`crate::compile()`].
    pub fn source_name(&self) -> &str {
        &self.rules.source_name
    }

    /// The rules file's text, as it was compiled.
    pub fn source_text(&self) -> &str {
        &self.rules.source_text
    }

    /// The score's `scale N`: its whole numbers are Nths (1 without it).
    pub fn score_scale(&self) -> i32 {
        self.rules.score_scale
    }

    /// A score as players read it: `score` (a whole number of the scale's Nths) as that
    /// many Nths, exactly: `7.5`, `-0.25`, `31/3`.
    pub fn score_text(&self, score: i32) -> String {
        scaled_text(i64::from(score), i64::from(self.rules.score_scale))
    }

    /// A score as a number: `score` Nths of the scale.
    pub fn score_number(&self, score: i32) -> f64 {
        f64::from(score) / f64::from(self.rules.score_scale)
    }

    /// What the checker warned of: things that work but look unintended.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.rules.warnings
    }

    /// The text a span of this game's rules lies in, and the span within it: an
    /// included game's text, or `own` (the file's own, as given to
    /// [`crate::compile()`]).
    pub fn source_of<'s>(&'s self, own: &'s Source, span: Span) -> (&'s Source, Span) {
        self.rules.source_of(own, span)
    }

    /// The players' names, in the order of the `players` line: the index of each is
    /// its [`PlayerId`].
    ///
    /// ```
    /// # use tabula::{compile, Source};
    /// let text = "game \"g\"\nplayers red, blue\nboard { grid 1 x 2 }\npiece p\n\
    ///     action put \"{to}\" for to in cells where empty(to) { put p of mover at to }\n\
    ///     phase main { starts red  actions put  stuck end draw }\n";
    /// let game = compile(&Source::new("g.tabula", text), &[]).unwrap();
    /// assert_eq!(game.players(), ["red", "blue"]);
    /// assert_eq!(game.player("blue").map(|p| p.index()), Some(1));
    /// ```
    pub fn players(&self) -> &[String] {
        &self.rules.players
    }

    /// A player's name.
    ///
    /// # Panics
    /// When `player` is no player of this game.
    pub fn player_name(&self, player: PlayerId) -> &str {
        &self.rules.players[player.index()]
    }

    /// The player of this name, if the game has one.
    pub fn player(&self, name: &str) -> Option<PlayerId> {
        self.rules
            .players
            .iter()
            .position(|p| p == name)
            .map(PlayerId::new)
    }

    /// Every option the file declares: its name and its description, in the file's
    /// order. Those that are numbers are also in [`Game::number_options`].
    pub fn options(&self) -> &[(String, String)] {
        &self.rules.options
    }

    /// The options that are whole numbers (`option target = 100 in 20..200 "..."`), in
    /// the file's order, each with its range and its value in this game.
    pub fn number_options(&self) -> &[NumberOption] {
        &self.rules.numbers
    }

    /// The number option of this name, if the game declares one.
    pub fn number_option(&self, name: &str) -> Option<&NumberOption> {
        self.rules.numbers.iter().find(|o| o.name == name)
    }

    /// Each option set apart from the game as it comes, one at a time, as `-o` takes
    /// it: an option on or off turned on, a number option at its least and at its
    /// greatest value. What a check of every option of a game tries.
    pub fn each_option(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (name, _) in &self.rules.options {
            match self.number_option(name) {
                Some(o) => {
                    out.push(format!("{name}={}", o.low));
                    if o.high != o.low {
                        out.push(format!("{name}={}", o.high));
                    }
                }
                None => out.push(name.clone()),
            }
        }
        out
    }

    /// What to say of an option beside its description: `on` for one that is on,
    /// `50, from 2 to 100` for a number (its value here and its range), `None` for one
    /// that is off.
    pub fn option_note(&self, name: &str) -> Option<String> {
        match self.number_option(name) {
            Some(o) => Some(format!("{}, from {} to {}", o.value, o.low, o.high)),
            None => self
                .rules
                .chosen
                .iter()
                .any(|c| c == name)
                .then(|| "on".to_string()),
        }
    }

    /// The options this game was compiled with, sorted: the names of those on, and
    /// `NAME=VALUE` for each number option given a value.
    pub fn chosen_options(&self) -> &[String] {
        &self.rules.chosen
    }

    /// The rules in plain words the file carries (`rules """ ... """`), if any.
    pub fn rules_text(&self) -> Option<&RulesText> {
        self.rules.rules_text.as_ref()
    }

    /// The cells' names in board order: the index of each is its [`CellId`].
    pub fn cells(&self) -> &[String] {
        &self.rules.board.cells
    }

    /// The cell of this name, if the board has one.
    pub fn cell(&self, name: &str) -> Option<CellId> {
        self.rules.board.cell_id(name)
    }

    /// A cell's name.
    ///
    /// # Panics
    /// When `cell` is no cell of this game.
    pub fn cell_name(&self, cell: CellId) -> &str {
        &self.rules.board.cells[cell.index()]
    }

    /// The board's directions, in the order `neighbours` lists them.
    pub fn directions(&self) -> &[String] {
        &self.rules.board.dirs
    }

    /// The board's named sets of directions (`directions orthogonal = n, e, s, w`), in
    /// the file's order: each name with its directions, and whether it is the board's
    /// adjacency (`adjacency orthogonal`), which the readings use when given no set.
    pub fn direction_sets(&self) -> Vec<(&str, Vec<&str>, bool)> {
        let board = &self.rules.board;
        board
            .sets
            .iter()
            .enumerate()
            .map(|(k, set)| {
                let dirs = set.dirs.iter().map(|&d| board.dirs[d as usize].as_str());
                let own = usize::from(board.default_adjacency) == k + 1;
                (set.name.as_str(), dirs.collect(), own)
            })
            .collect()
    }

    /// How many links join the board's cells (`links a1 -- d1`), each counted once.
    pub fn link_count(&self) -> usize {
        self.rules.board.links.len()
    }

    /// The board's named lines (`line top = a7, d7, g7`), in the file's order: each
    /// name with its cells.
    pub fn lines(&self) -> Vec<(&str, Vec<&str>)> {
        let board = &self.rules.board;
        let cells = |l: &crate::board::Line| {
            let names = l.cells.iter().map(|&c| board.cells[c as usize].as_str());
            names.collect()
        };
        board
            .lines
            .iter()
            .map(|l| (l.name.as_str(), cells(l)))
            .collect()
    }

    /// The phases' names, in the file's order: the index of each is its [`PhaseId`].
    pub fn phases(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.rules.phases.iter().map(|p| p.name.as_str())
    }

    /// A phase's name.
    ///
    /// # Panics
    /// When `phase` is no phase of this game.
    pub fn phase_name(&self, phase: PhaseId) -> &str {
        &self.rules.phases[phase.index()].name
    }

    /// Whether a phase's random games and random players choose by the actions'
    /// playout weights (some action of the phase has one) rather than uniformly.
    pub fn phase_is_weighted(&self, phase: PhaseId) -> bool {
        self.rules.phases[phase.index()].weighted
    }

    /// Whether a phase's decisions are whole turns (`decide turn`) rather than single
    /// actions.
    pub fn phase_decides_turns(&self, phase: PhaseId) -> bool {
        self.rules.phases[phase.index()].decide_turn
    }

    /// The actions' names, in the file's order.
    pub fn actions(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.rules.actions.iter().map(|a| a.name.as_str())
    }

    /// The chance events' names, in the file's order: the index of each is its
    /// [`ChanceId`].
    pub fn chances(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.rules.chances.iter().map(|c| c.name.as_str())
    }

    /// A chance event's name.
    ///
    /// # Panics
    /// When `chance` is no chance event of this game.
    pub fn chance_name(&self, chance: ChanceId) -> &str {
        &self.rules.chances[chance.index()].name
    }

    /// The chance event of this name, if the game has one.
    pub fn chance(&self, name: &str) -> Option<ChanceId> {
        self.rules
            .chances
            .iter()
            .position(|c| c.name == name)
            .map(ChanceId::new)
    }

    /// How many kinds of piece the players own (those not declared `neutral`).
    pub fn owned_piece_kinds(&self) -> usize {
        self.rules.pieces.iter().filter(|p| !p.neutral).count()
    }

    /// The counters' names, in the file's order.
    pub fn counters(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.rules.counters.iter().map(|c| c.name.as_str())
    }

    /// The board's length, when it holds one track kept per player, of two players,
    /// that runs for each from a zone of his own, over cells of the board that both
    /// cross, each in the other's order, to another zone of his own; `None` otherwise.
    /// Programs that read or write another program's positions use it to tell
    /// whether a game has the board those positions describe, by its structure
    /// rather than its title.
    pub fn opposed_race(&self) -> Option<usize> {
        self.rules.board.opposed_race()
    }
}

/// `units / per` exact, in lowest terms: a whole number, a decimal when `per` has no
/// prime factor but 2 and 5 (`15 / 2` is `7.5`), else a fraction (`31/3`).
pub(crate) fn scaled_text(units: i64, per: i64) -> String {
    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let g = gcd(units.abs(), per.abs()).max(1);
    let (units, per) = (units / g, per / g);
    if per == 1 {
        return units.to_string();
    }
    // The fewest decimals whose power of ten is a multiple of `per`.
    let mut digits = 0;
    let mut ten = 1i64;
    while digits < 18 && ten % per != 0 {
        digits += 1;
        ten *= 10;
    }
    if ten % per != 0 {
        return format!("{units}/{per}");
    }
    let scaled = units.unsigned_abs() * (ten / per) as u64;
    let sign = if units < 0 { "-" } else { "" };
    let whole = scaled / ten as u64;
    let fraction = scaled % ten as u64;
    format!("{sign}{whole}.{fraction:0digits$}")
}

#[cfg(test)]
mod tests {
    use super::scaled_text;

    #[test]
    fn a_scaled_score_reads_exactly() {
        assert_eq!(scaled_text(15, 2), "7.5");
        assert_eq!(scaled_text(14, 2), "7");
        assert_eq!(scaled_text(-1, 4), "-0.25");
        assert_eq!(scaled_text(3, 8), "0.375");
        assert_eq!(scaled_text(31, 3), "31/3");
        assert_eq!(scaled_text(-2, 6), "-1/3");
        assert_eq!(scaled_text(0, 7), "0");
        assert_eq!(scaled_text(1, 1_000_000), "0.000001");
        assert_eq!(scaled_text(i64::from(i32::MIN), 1_000_000), "-2147.483648");
    }
}
