"""Analyses as ``tabula analyze --json`` prints them: many games by computer players and
the figures a designer asks of a rule change, each with its 95 % interval.

    >>> import tabula
    >>> report = tabula.analyze("naytin-six", games=200, vs=[["slide"]])
    >>> report["sets"][0]["figures"]["seat_wins"][0]["rate"]
    >>> [row["figure"] for row in report["comparisons"][0]["rows"] if row["significant"]]

Game i of each option set is played from seed ``seed + i`` (the seats alternating
when two players are given), whatever plays it, and its facts are added to the figures
as it finishes, so an analysis keeps the same little memory for any number of games.
``tabula.analyze_games`` plays games ``start..stop`` of a set, and
``tabula.analyze_figures`` turns the sets' games, in any order, into the command's
figures and comparisons; ``tabula.AnalysisTally`` adds batches of them in index order
as they come. ``tabula.ray.analyze`` spreads the games over a Ray cluster that way.
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence, Union

from ._tabula import MAX_RUN_GAMES, Game, TabulaError, analyze_run, arena_sides, load

Players = Union[str, Sequence[str]]

#: The games of each option set an analysis plays at most, as ``tabula analyze``: the
#: figures are made as the games finish, so the limit bounds no memory, only counts and
#: seeds that must not wrap.
MAX_GAMES = MAX_RUN_GAMES


def players_list(players: Players) -> List[str]:
    """The computer players as a list: ``"mcts:200,random"`` or ``["mcts:200", "random"]``;
    one plays every seat, two (A, B) alternate seats from game to game."""
    listed = players.split(",") if isinstance(players, str) else list(players)
    if len(listed) not in (1, 2):
        raise TabulaError("error: players are one or two computer players, e.g. `random` or `mcts:200,random`")
    return listed


def option_sets(game: Union[str, Game], options: Sequence[str], vs: Sequence[Sequence[str]]) -> List[Game]:
    """The games of the option sets: ``options``, then one set per ``vs`` entry. A loaded
    game is the first set, compiled again with each ``vs`` entry's options."""
    if isinstance(vs, str) or any(isinstance(v, str) for v in vs):
        raise ValueError('vs is a list of option lists, e.g. vs=[["slide"], []]')
    if isinstance(game, Game):
        if options:
            raise ValueError("options are given with a game's name or path, not with a loaded game")
        return [game] + [game.with_options(list(v)) for v in vs]
    return [load(game, list(o)) for o in [options, *vs]]


def check(sets: List[Game], players: List[str], games: int, early: float) -> None:
    """Reports a mistake in the arguments before any game is played."""
    if games < 1:
        raise TabulaError("error: play at least one game (`-n 1`)")
    if games > MAX_GAMES:
        raise TabulaError(f"error: a run plays at most {MAX_GAMES} games, not {games}")
    if not 0.0 <= early <= 100.0:
        raise TabulaError("error: early is a share of the game in percent, from 0 to 100")
    a, b = (players * 2)[:2]
    for g in sets:
        arena_sides(g, a, b)


def report(
    figures: Dict[str, Any],
    seconds: List[float],
    game: Game,
    games: int,
    seed: int,
    max_decisions: int,
    early: float,
) -> Dict[str, Any]:
    """The object ``tabula analyze --json`` prints, but for its ``threads``, from the
    figures of the sets (``tabula.analyze_tallies``) and the seconds each took."""
    return {
        "game": game.name,
        "players": figures["players"],
        "games": games,
        "seed": seed,
        "max_decisions": max_decisions,
        "early": early / 100.0,
        # As the command line's: an analysis from Python is never cut short (Ctrl-C
        # raises KeyboardInterrupt there instead).
        "interrupted": False,
        "sets": [
            {"options": s["options"], "figures": s["figures"], "seconds": t, "games_per_second": games / max(t, 1e-9)}
            for s, t in zip(figures["sets"], seconds)
        ],
        "comparisons": figures["comparisons"],
    }


def analyze(
    game: Union[str, Game],
    players: Players = "random",
    games: int = 1000,
    *,
    options: Sequence[str] = (),
    vs: Sequence[Sequence[str]] = (),
    seed: int = 1,
    max_decisions: int = 10_000,
    threads: int = 0,
    early: float = 50.0,
) -> Dict[str, Any]:
    """Plays ``games`` games of each option set, as ``tabula analyze --json``.

    Args:
      game: a built-in game's name, a rules file's path, or a loaded ``tabula.Game``.
      players: one computer player for every seat, or two (A, B) whose seats alternate:
        ``"random"``, ``"mcts:200,random"``, ``["greedy", "random"]``...
      games: games of each set, 1 to ``MAX_GAMES`` (10^12); each game's facts are
        added to the figures as it finishes, so memory does not grow with them.
      options: the first set's options, when ``game`` is a name or path.
      vs: further option sets, each a list of options, compared with the first
        (``tabula analyze GAME --vs -o slide`` is ``vs=[["slide"]]``).
      seed: game i is played from seed ``seed + i``.
      max_decisions: a game still going after this many decisions is unfinished.
      threads: games played at once (0: every core); the figures do not depend on it.
      early: a won game is decided early when its winner led by the score from this
        percentage of the game on.

    Returns the command's object: game, players, games, seed, max_decisions, early,
    threads, sets (each set's options, figures, seconds, games_per_second) and
    comparisons (each later set against the first: rows with the difference of each
    figure, its 95 % interval and whether it is significant).
    """
    listed = players_list(players)
    sets = option_sets(game, options, vs)
    check(sets, listed, games, early)
    figures = analyze_run(
        sets, listed, games, seed=seed, max_decisions=max_decisions, threads=threads, early=early
    )
    seconds = [s["seconds"] for s in figures["sets"]]
    out = report(figures, seconds, sets[0], games, seed, max_decisions, early)
    out["threads"] = figures["threads"]
    return out
