"""tabula from Python: any board game written as a tabula rules file.

    >>> import tabula
    >>> game = tabula.load("backgammon")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True

A game is loaded by the name of a built-in game or the path of a rules file
(``tabula.load("my-game.tabula", options=["slide"])``). Its states list their legal
actions as integers: at a player's decision, action ``i`` is the i-th legal choice in
the order ``tabula moves`` lists them (a whole turn where the game decides whole
turns); at a chance node, the i-th outcome of the chance event. The numbering depends
on the position alone, so the same position always gives the same numbers.

``tabula.analyze`` gives the figures of ``tabula analyze``; ``tabula.openspiel`` makes a
game an OpenSpiel game; ``tabula.ray`` spreads arena runs and analyses over a Ray
cluster.
"""

from ._tabula import (
    CHANCE,
    MAX_LISTED_GAMES,
    MAX_RUN_GAMES,
    TERMINAL,
    AnalysisTally,
    ArenaTally,
    Game,
    IllegalActionError,
    PlayingError,
    RulesError,
    State,
    StateError,
    TabulaError,
    analyze_figures,
    analyze_games,
    analyze_run,
    analyze_tallies,
    arena,
    arena_games,
    arena_sides,
    arena_summary,
    built_in_games,
    load,
    load_text,
)
from .analysis import analyze

__all__ = [
    "CHANCE",
    "MAX_LISTED_GAMES",
    "MAX_RUN_GAMES",
    "TERMINAL",
    "AnalysisTally",
    "ArenaTally",
    "Game",
    "IllegalActionError",
    "PlayingError",
    "RulesError",
    "State",
    "StateError",
    "TabulaError",
    "analyze",
    "analyze_figures",
    "analyze_games",
    "analyze_run",
    "analyze_tallies",
    "arena",
    "arena_games",
    "arena_sides",
    "arena_summary",
    "built_in_games",
    "load",
    "load_text",
]
