"""tabula games as OpenSpiel games.

    >>> import pyspiel, tabula.openspiel
    >>> name = tabula.openspiel.register("backgammon")
    >>> game = pyspiel.load_game(name)          # "tabula_backgammon"

``register`` makes a tabula game a Python game of OpenSpiel (``pyspiel``), so that
OpenSpiel's algorithms (MCTS, ``evaluate_bots``, random rollouts...) run on it
unchanged. The game is sequential, of perfect information, zero-sum, with explicit
chance where the rules have chance events, and rewards at the end only.

Actions are tabula's: at a player's decision the i-th legal choice of the position
(a whole turn where the rules decide whole turns), at a chance node the i-th outcome.
So ``num_distinct_actions`` is a bound on the number of choices a position can have,
not a list of moves: tabula's own limit (1,000,000) unless you give a smaller one.

A game still going after ``max_game_length`` player decisions ends there, as a
draw (all returns 0), as ``tabula playout`` counts such a game unfinished.
"""

from __future__ import annotations

import re
from typing import Dict, Optional, Sequence, Union

import numpy as np
import pyspiel

import tabula

#: The most choices (actions or chance outcomes) tabula lists at one decision.
MAX_CHOICES = 1_000_000

_registered: Dict[str, tuple] = {}


def _short_name(game: tabula.Game) -> str:
    stem = re.sub(r"\.tabula$", "", game.source.rsplit("/", 1)[-1])
    words = [stem] + list(game.options)
    return "tabula_" + re.sub(r"[^a-z0-9]+", "_", "_".join(words).lower()).strip("_")


def register(
    game: Union[str, tabula.Game],
    options: Sequence[str] = (),
    *,
    short_name: Optional[str] = None,
    max_game_length: int = 10_000,
    num_distinct_actions: Optional[int] = None,
    max_utility: float = 1000.0,
) -> str:
    """Registers a tabula game with pyspiel and returns its short name.

    Args:
      game: a built-in game's name, a rules file's path, or a loaded ``tabula.Game``.
      options: the rules file's options, when ``game`` is a name or path.
      short_name: the name for ``pyspiel.load_game``; by default ``tabula_`` and the
        game's name with its options (``tabula_naytin_six_slide``).
      max_game_length: player decisions after which a game ends as a draw.
      num_distinct_actions: a bound on the choices at one decision (default tabula's
        limit, 1,000,000); algorithms that keep a vector per action want a small one.
      max_utility: the most points one game can be worth (the rules cannot tell;
        backgammon's cube makes it large); returns lie in [-max_utility, max_utility].

    Registering the same game under the same name again returns the name.
    """
    if not isinstance(game, tabula.Game):
        game = tabula.load(game, list(options))
    elif options:
        raise ValueError("options are given with a game's name or path, not with a loaded game")
    name = short_name or _short_name(game)
    key = (repr(game), max_game_length, num_distinct_actions, max_utility)
    if name in _registered:
        if _registered[name] != key:
            raise ValueError(f"`{name}` is already registered with other settings")
        return name
    players = game.num_players
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{game.name} (tabula)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if game.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if players > 1
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=num_distinct_actions or MAX_CHOICES,
        max_chance_outcomes=(game.max_chance_outcomes or MAX_CHOICES) if game.has_chance else 0,
        num_players=players,
        min_utility=-float(max_utility),
        max_utility=float(max_utility),
        utility_sum=0.0 if players > 1 else None,
        max_game_length=max_game_length,
    )
    tabula_game = game

    class Game(TabulaGame):
        def __init__(self, params=None):
            super().__init__(game_type, game_info, params, tabula_game, max_game_length)

    Game.__name__ = Game.__qualname__ = f"TabulaGame_{name}"
    pyspiel.register_game(game_type, Game)
    _registered[name] = key
    return name


class TabulaGame(pyspiel.Game):
    """A tabula game seen by OpenSpiel; made by ``register``."""

    def __init__(self, game_type, game_info, params, tabula_game, max_game_length):
        super().__init__(game_type, game_info, params or dict())
        self.tabula_game = tabula_game
        self.max_decisions = max_game_length

    def new_initial_state(self):
        return TabulaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return TabulaObserver(self.tabula_game, params)


class TabulaState(pyspiel.State):
    """A tabula state seen by OpenSpiel; ``tabula_state`` is the state itself."""

    def __init__(self, game: TabulaGame, state: Optional[tabula.State] = None, decisions: int = 0):
        super().__init__(game)
        self._max_decisions = game.max_decisions
        self._players = game.tabula_game.num_players
        self.tabula_state = state if state is not None else game.tabula_game.new_initial_state()
        self.decisions = decisions

    def _cut(self) -> bool:
        return self.decisions >= self._max_decisions

    def current_player(self):
        if self._cut():
            return pyspiel.PlayerId.TERMINAL
        # tabula numbers chance and the end as OpenSpiel does (-1, -4).
        return self.tabula_state.current_player()

    def _legal_actions(self, player):
        return self.tabula_state.legal_actions()

    def chance_outcomes(self):
        return self.tabula_state.chance_outcomes()

    def _apply_action(self, action):
        chance = self.tabula_state.is_chance_node()
        self.tabula_state.apply_action(int(action))
        if not chance:
            self.decisions += 1

    def _action_to_string(self, player, action):
        return self.tabula_state.action_to_string(int(action))

    def is_terminal(self):
        return self._cut() or self.tabula_state.is_terminal()

    def returns(self):
        if self._cut() and not self.tabula_state.is_terminal():
            return [0.0] * self._players
        return self.tabula_state.returns()

    def __deepcopy__(self, memo):
        return TabulaState(self.get_game(), self.tabula_state.clone(), self.decisions)

    def __str__(self):
        return self.tabula_state.to_json()


class TabulaObserver:
    """The generic encoding of a state (``tabula.State.observation``), the same for
    every player: the game is of perfect information."""

    def __init__(self, tabula_game: tabula.Game, params=None):
        if params:
            raise ValueError(f"a tabula observation takes no parameters; got {params}")
        self.tensor = np.zeros(tabula_game.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TabulaState, player: int):
        self.tensor[:] = state.tabula_state.observation()

    def string_from(self, state: TabulaState, player: int) -> str:
        return state.tabula_state.to_json()
