"""Type stubs of tabula's Rust module; the package `tabula` re-exports all of it."""

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

#: `State.current_player()` at a chance node (OpenSpiel's number).
CHANCE: int
#: `State.current_player()` once the game is over (OpenSpiel's number).
TERMINAL: int
#: The games one run plays at most (`arena`, `analyze`, `analyze_run`): its figures are
#: made as the games finish, so the limit bounds no memory, only counts and seeds.
MAX_RUN_GAMES: int
#: The games one call returns at most as a list (`arena_games`, `analyze_games`).
MAX_LISTED_GAMES: int

class TabulaError(Exception):
    """Any error of tabula; the message is the one the command line prints."""

class RulesError(TabulaError):
    """A rules file or option that cannot be read or compiled (file:line:col, the line, a caret)."""

class StateError(TabulaError):
    """A state (JSON, YAML, GNU Backgammon IDs) that cannot be read or written for this game."""

class PlayingError(TabulaError):
    """The rules failed while playing (a move from an empty cell, a loop over its budget...)."""

class IllegalActionError(TabulaError):
    """An action that is not legal in the state it was given to."""

def load(name_or_path: str, options: Optional[Sequence[str]] = None) -> Game:
    """Loads a built-in game by name ("backgammon", "invictus", "naytin-six") or a rules
    file by path, compiled with the options given. Raises RulesError."""

def load_text(text: str, name: str = "<text>", options: Optional[Sequence[str]] = None) -> Game:
    """Compiles a game from a rules file's text; `name` is the file name errors show."""

def built_in_games() -> List[str]:
    """The names of the built-in games, sorted."""

def arena(
    game: Game,
    a: str,
    b: str,
    games: int = 100,
    seed: int = 1,
    max_decisions: int = 10000,
    threads: int = 0,
    mcts_playouts: bool = False,
) -> Dict[str, Any]:
    """Two computer players against each other, as `tabula arena GAME A B --json`:
    game i from seed `seed + i`, seats alternating, on `threads` threads (0: every
    core), the GIL released. Returns game, options, a, b, seed, threads, seconds,
    games_per_second and summary (the command's figures)."""

def arena_games(
    game: Game,
    a: str,
    b: str,
    start: int,
    stop: int,
    seed: int = 1,
    max_decisions: int = 10000,
    threads: int = 1,
    mcts_playouts: bool = False,
) -> List[Dict[str, Any]]:
    """Games start..stop of that arena, each a dict: index, seed, seats (the side, 0 for
    A, in each seat), decisions, winner_side, points_a, outcome (winner as a player
    number, points, scores, reason, named) or None when unfinished. The scores are the
    rules' whole numbers, not divided by a score's `scale`: `Game.score_scale` is it."""

def arena_sides(game: Game, a: str, b: str, mcts_playouts: bool = False) -> Tuple[str, str]:
    """The two players' names as arena reports write them; raises TabulaError for a
    player that is not one."""

def arena_summary(game: Game, games: Iterable[Dict[str, Any]]) -> Dict[str, Any]:
    """The figures of arena games (from `arena_games`, batches in any order), as
    `tabula arena --json` reports them in its summary."""

def analyze_games(
    game: Game,
    players: Sequence[str],
    start: int,
    stop: int,
    seed: int = 1,
    max_decisions: int = 10000,
    threads: int = 1,
) -> List[Dict[str, Any]]:
    """Games start..stop of the analysis `tabula analyze GAME --players P --seed SEED`
    plays (one player for every seat, or two whose seats alternate), each a dict of its
    facts: index, seats, finished, winner, points, decisions, turns, branching (the
    choices at each decision), leaders (the seat ahead by the score, or None)."""

def analyze_figures(
    sets: Sequence[Tuple[Game, Iterable[Dict[str, Any]]]],
    players: Sequence[str],
    early: float = 50.0,
) -> Dict[str, Any]:
    """The figures of option sets, each (game with the set's options, its games' facts
    from `analyze_games` in any order), as `tabula analyze --json` reports them: players,
    sets (options, figures) and comparisons (each later set against the first)."""

def analyze_run(
    sets: Sequence[Game],
    players: Sequence[str],
    games: int,
    seed: int = 1,
    max_decisions: int = 10_000,
    threads: int = 0,
    early: float = 50.0,
) -> Dict[str, Any]:
    """`games` games of each option set (a game loaded with the set's options), each
    game's facts added to its set's figures as it finishes: the dict of
    `analyze_figures`, each set with its `seconds`, and `threads`."""

class ArenaTally:
    """The summary of arena games (dicts from `arena_games`) added a batch at a time in
    index order, as `arena_summary` makes it of them all; keeps no game."""

    def __init__(self, game: Game) -> None: ...
    def add(self, games: Iterable[Dict[str, Any]]) -> None:
        """Adds games, each after the last one added in index order; raises
        `TabulaError` for one out of order or that could not be played (adding none)."""
    @property
    def games(self) -> int:
        """The games added."""
    def summary(self) -> Dict[str, Any]:
        """The figures of the games added, as `arena_summary` gives them."""

class AnalysisTally:
    """The figures of one option set's games (facts from `analyze_games`) added a batch
    at a time in index order, as `analyze_figures` makes them; keeps no game."""

    def __init__(self, game: Game, players: Sequence[str], early: float = 50.0) -> None: ...
    def add(self, facts: Iterable[Dict[str, Any]]) -> None:
        """Adds games' facts, each after the last one added in index order; raises
        `TabulaError` for one out of order (adding none)."""
    @property
    def games(self) -> int:
        """The games added."""
    def figures(self) -> Dict[str, Any]:
        """The figures of the games added, as `analyze_figures` gives a set's."""

def analyze_tallies(tallies: Sequence[AnalysisTally]) -> Dict[str, Any]:
    """The figures of option sets, one tally each, and each later set compared with the
    first: the dict `analyze_figures` makes (players, sets, comparisons)."""

class Game:
    """A game compiled from its rules file with the chosen options; immutable, shared
    between threads, pickled as the way to load it again."""

    @property
    def name(self) -> str:
        """The title the rules file declares ("Backgammon")."""
    @property
    def source(self) -> str:
        """A built-in name, a path, or the name given to a text."""
    @property
    def players(self) -> List[str]:
        """The players' names, in the order of their numbers."""
    @property
    def num_players(self) -> int: ...
    @property
    def score_scale(self) -> int:
        """The score's `scale N`: its whole numbers are Nths (1 without it)."""
    @property
    def options(self) -> List[str]:
        """The options compiled in, sorted."""
    @property
    def declared_options(self) -> List[Tuple[str, str]]:
        """Every option of the rules file: (name, description)."""
    def rules(self, width: Optional[int] = None) -> Optional[str]:
        """The rules in plain words, as `tabula rules` prints them (the game's text, the
        paragraph of each option compiled in, the options off), reflowed to `width`
        columns (at most 80) when given; None when the rules file gives no text."""
    @property
    def has_chance(self) -> bool:
        """Whether the game has chance events."""
    @property
    def max_chance_outcomes(self) -> Optional[int]:
        """The most outcomes of one chance event when all list fixed outcomes; 0
        without chance; None when outcomes depend on the state."""
    @property
    def observation_size(self) -> int:
        """The length of State.observation()."""
    @property
    def observation_names(self) -> List[str]:
        """What each observation entry means, as `tabula encode` names it."""
    def observation_names_in(self, view: str = "board") -> List[str]:
        """The entries' meanings in a view: "board" or "mover" (`tabula encode --view`)."""
    @property
    def has_gnubg_ids(self) -> bool:
        """Whether states have GNU Backgammon IDs (backgammon's board)."""
    def with_options(self, options: Sequence[str]) -> Game:
        """The same rules compiled with other options."""
    def new_initial_state(self) -> State:
        """The state before the first decision."""
    def state_from_json(self, text: str) -> State:
        """A state from JSON or YAML (docs/state-format.md). Raises StateError."""
    def state_from_gnubg_id(self, id: str) -> State:
        """A state from GNU Backgammon's "POSITION" or "POSITION:MATCH". Raises StateError."""
    def playouts(
        self, games: int = 1000, seed: int = 1, max_decisions: int = 10000, threads: int = 1
    ) -> Dict[str, Any]:
        """Random games from the start, game i from seed + i, as `tabula playout` plays
        them, GIL released. Returns games, wins (by name), draws, unfinished,
        mean_decisions, max_decisions, seconds, games_per_second."""

class State:
    """A position: whose decision it is, its legal actions, the result once over.

    Actions are numbered by the position alone: at a player's decision, action i is the
    i-th legal choice in the order `tabula moves` lists them (a whole turn where the
    game decides whole turns); at a chance node, the i-th outcome of the event."""

    @property
    def game(self) -> Game: ...
    def current_player(self) -> int:
        """The player to decide, CHANCE (-1) at a chance node, or TERMINAL (-4)."""
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool:
        """An end rule holds, or no one has anything left to do."""
    def legal_actions(self) -> List[int]:
        """0..n for the n legal choices or chance outcomes; empty when over."""
    def legal_action_strings(self) -> List[str]:
        """Every legal action in the game's notation, in action order."""
    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """(action, probability) of each outcome at a chance node; empty elsewhere."""
    def playout_weights(self) -> List[int]:
        """Relative weights random playouts pick the legal actions by (0: never)."""
    def action_to_string(self, action: int) -> str:
        """An action in the game's notation ("8/5 6/5", "e4xd5", "3-1")."""
    def string_to_action(self, text: str) -> int:
        """The action a move's text names (steps in any order, with or without marks).
        Raises IllegalActionError listing the legal moves."""
    def apply_action(self, action: int) -> None:
        """Plays an action; the state is kept as it was when it fails. Raises
        IllegalActionError or PlayingError."""
    def returns(self) -> List[float]:
        """The winner gains the game's points (at least 1), the others share the loss;
        all 0 for a draw, an unfinished game, or a game not over."""
    def outcome(self) -> Optional[Dict[str, Any]]:
        """winner (a name or None), points, scores, reason, named; None while going on."""
    def scores(self) -> List[Union[int, float]]:
        """Each player's score now, by the rules' `score`: an int each, or a float where
        the rules count it in Nths (`score p = ... scale 2` gives 7.5 for 15)."""
    def clone(self) -> State: ...
    def to_json(self) -> str:
        """The state as `tabula state` writes it (docs/state-format.md)."""
    @staticmethod
    def from_json(game: Game, text: str) -> State: ...
    def observation(self, view: str = "board") -> npt.NDArray[np.float32]:
        """The generic encoding (`tabula encode`), Game.observation_size entries; in the
        "mover" view, from the side of the player to move. Raises ValueError."""
    def gnubg_id(self) -> str:
        """GNU Backgammon's "POSITION:MATCH" IDs. Raises StateError."""
    def playout(self, seed: int = 1, max_decisions: int = 10000) -> Dict[str, Any]:
        """One random game from here, GIL released: winner (a number or None), returns,
        decisions, chance_events, outcome."""
    def best_action(
        self, level: str = "mcts:1000", seed: int = 1, threads: int = 1, mcts_playouts: bool = False
    ) -> int:
        """The action a computer player of `level` plays here (random, greedy,
        playouts, mcts, mcts:2000, mcts:2s, net, net:FILE), GIL released."""
    def analyze(
        self, level: str = "mcts:1000", seed: int = 1, threads: int = 1, mcts_playouts: bool = False
    ) -> List[Dict[str, Any]]:
        """Each action's rating by `level`, best first: action, text, visits, win, points."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
