"""Arena runs and analyses spread over a Ray cluster, with the figures of one machine.

    >>> import ray, tabula.ray
    >>> ray.init()                       # or ray.init(address="auto") on a cluster
    >>> result = tabula.ray.arena("backgammon", "mcts:200", "random", games=1000)
    >>> result["summary"]["score"]

Game i of a run is played from seed ``seed + i`` with the seats alternating, whatever
plays it, so the games are split into batches of consecutive indices, each batch is
one Ray task (``tabula.arena_games``), and the batches are added to the summary in
index order as they come back (``tabula.ArenaTally``): the summary is the one ``tabula
arena GAME A B --json --seed SEED -n GAMES`` prints, figure for figure, however many
workers played. A few batches are under way at a time, more are sent as they are
added, and each is dropped once added, so the driver keeps the same little memory for
any number of games.

``analyze`` does the same for ``tabula analyze``: each option set's games are split
into batches (``tabula.analyze_games``), and the facts of every game, added in index
order (``tabula.AnalysisTally``), make the figures and comparisons ``tabula analyze
--json`` prints (``tabula.analyze_tallies``).

A game given by name or path is loaded again on each worker: a built-in game always
can be; a rules file must be at the same path there. A game loaded with
``tabula.load_text`` travels with its text.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Union

import tabula
from tabula import analysis


def _batches(games: int, batch_size: int) -> Iterator[range]:
    """The batches of consecutive games, made as they are asked for."""
    return (range(start, min(start + batch_size, games)) for start in range(0, games, batch_size))


def _count(games: int, batch_size: int) -> int:
    return -(-games // batch_size)


#: The games a Ray run plays at most, as ``tabula arena``: the batches are added to the
#: figures as they come back, so the limit bounds no memory, only counts and seeds that
#: must not wrap.
MAX_GAMES = tabula.MAX_RUN_GAMES

#: The games one task plays at most (``tabula.arena_games`` returns them as a list).
MAX_BATCH = tabula.MAX_LISTED_GAMES


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_run(games: int, seed: int, batch_size: Optional[int], threads_per_task: int) -> None:
    """Refuses, before any task, what no task could play: a task asking for more CPUs
    than the cluster has would wait for them forever."""
    import os

    import ray

    if not _whole(games) or not 1 <= games <= MAX_GAMES:
        raise tabula.TabulaError(f"error: a Ray run plays 1 to {MAX_GAMES} games, not {games}")
    if not _whole(seed) or not 0 <= seed < 2**64:
        raise tabula.TabulaError(f"error: seed is a whole number from 0 to {2**64 - 1}, not {seed}")
    if batch_size is not None and (not _whole(batch_size) or not 1 <= batch_size <= MAX_BATCH):
        raise tabula.TabulaError(f"error: batch_size is a whole number from 1 to {MAX_BATCH}, not {batch_size}")
    if not _whole(threads_per_task) or not 1 <= threads_per_task <= 256:
        raise tabula.TabulaError(f"error: threads_per_task is a whole number from 1 to 256, not {threads_per_task}")
    if ray.is_initialized():
        cpus = int(ray.cluster_resources().get("CPU", 0))
    else:
        cpus = os.cpu_count() or 1
    if threads_per_task > cpus:
        raise tabula.TabulaError(
            f"error: threads_per_task is at most the {cpus} CPUs of the cluster, not {threads_per_task}"
        )


def _workers(threads_per_task: int) -> int:
    """The tasks the cluster runs at once."""
    import ray

    cpus = int(ray.cluster_resources().get("CPU", 1)) if ray.is_initialized() else 1
    return max(1, cpus // threads_per_task)


def _batch_size(games: int, threads_per_task: int) -> int:
    """About four tasks per CPU of the cluster, so that a slow batch does not keep the
    others waiting, and at most ``MAX_BATCH`` games."""
    return min(MAX_BATCH, max(1, -(-games // (4 * _workers(threads_per_task)))))


def _in_order(tasks: Iterator[Any], window: int, add: Callable[[int, Any], None]) -> None:
    """Runs the tasks (Ray object refs, made as they are asked for), at most ``window``
    at a time, and hands each result to ``add`` with its place, in the order of the
    tasks, as soon as it and those before it are back; each is dropped once added."""
    import ray

    pending: Dict[Any, int] = {}
    back: Dict[int, Any] = {}
    sent = added = 0
    for task in tasks:
        pending[task] = sent
        sent += 1
        while len(pending) + len(back) >= window:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                back[pending.pop(ref)] = ray.get(ref)
            while added in back:
                add(added, back.pop(added))
                added += 1
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            back[pending.pop(ref)] = ray.get(ref)
        while added in back:
            add(added, back.pop(added))
            added += 1


def arena(
    game: Union[str, tabula.Game],
    a: str,
    b: str,
    games: int = 100,
    *,
    options: Sequence[str] = (),
    seed: int = 1,
    max_decisions: int = 10_000,
    batch_size: Optional[int] = None,
    threads_per_task: int = 1,
    mcts_playouts: bool = False,
) -> Dict[str, Any]:
    """Plays ``games`` arena games of A against B as Ray tasks.

    Args:
      game: a built-in game's name, a rules file's path, or a loaded ``tabula.Game``.
      a, b: the two computer players, as ``tabula arena`` writes them (``random``,
        ``mcts:1000``, ``net``...).
      options: the rules file's options, when ``game`` is a name or path.
      seed: game i is played from seed ``seed + i``.
      batch_size: games per task, 1 to 100,000 (default: about four tasks per CPU of
        the cluster, at most 100,000).
      threads_per_task: threads each task plays its games on (and CPUs it asks Ray
        for), at most the cluster's CPUs.
      mcts_playouts: let ``mcts`` rate positions by random games, unguided, even
        where the game has a network.

    A run plays at most ``MAX_GAMES`` (10^12) games: twice as many batches as the
    cluster runs at once are under way at a time, and each is added to the summary and
    dropped as it comes back in order, so memory does not grow with the games. Every
    argument is checked before any task is sent, and a bad one raises
    ``tabula.TabulaError``.

    Returns the object ``tabula.arena`` returns (game, options, a, b, seed, seconds,
    games_per_second, summary), with ``tasks``, the number of batches, instead of
    ``threads``.
    """
    import ray

    if _whole(games) and games < 1:
        raise tabula.TabulaError("error: play at least one game (`-n 1`)")
    _check_run(games, seed, batch_size, threads_per_task)
    if not isinstance(game, tabula.Game):
        game = tabula.load(game, list(options))
    elif options:
        raise ValueError("options are given with a game's name or path, not with a loaded game")
    # The players are read here, where a mistake is cheap to report.
    names = tabula.arena_sides(game, a, b, mcts_playouts=mcts_playouts)
    if batch_size is None:
        batch_size = _batch_size(games, threads_per_task)

    @ray.remote(num_cpus=threads_per_task)
    def play(game: tabula.Game, start: int, stop: int) -> list:
        return tabula.arena_games(
            game,
            a,
            b,
            start,
            stop,
            seed=seed,
            max_decisions=max_decisions,
            threads=threads_per_task,
            mcts_playouts=mcts_playouts,
        )

    started = time.perf_counter()
    game_ref = ray.put(game)
    tally = tabula.ArenaTally(game)
    tasks = (play.remote(game_ref, r.start, r.stop) for r in _batches(games, batch_size))
    _in_order(tasks, 2 * _workers(threads_per_task), lambda _, batch: tally.add(batch))
    seconds = time.perf_counter() - started
    summary = tally.summary()
    return {
        "game": game.name,
        "options": game.options,
        "a": names[0],
        "b": names[1],
        "seed": seed,
        "tasks": _count(games, batch_size),
        "seconds": seconds,
        "games_per_second": games / max(seconds, 1e-9),
        "summary": summary,
    }


def analyze(
    game: Union[str, tabula.Game],
    players: analysis.Players = "random",
    games: int = 1000,
    *,
    options: Sequence[str] = (),
    vs: Sequence[Sequence[str]] = (),
    seed: int = 1,
    max_decisions: int = 10_000,
    early: float = 50.0,
    batch_size: Optional[int] = None,
    threads_per_task: int = 1,
) -> Dict[str, Any]:
    """Plays ``games`` games of each option set as Ray tasks, as ``tabula analyze``.

    Args:
      game, players, options, vs, seed, max_decisions, early: as ``tabula.analyze``.
      batch_size: games per task (default: about four tasks per CPU of the cluster,
        for each option set, at most 100,000).
      threads_per_task: threads each task plays its games on (and CPUs it asks Ray for).

    Returns the object ``tabula.analyze`` returns, with ``tasks``, the number of
    batches, instead of ``threads``. The batches of the sets are sent one after the
    other, a few under way at a time, and added to their set's figures as they come
    back in order, so memory does not grow with the games; a set's ``seconds`` run from
    the start until its last batch is back.
    """
    import ray

    listed = analysis.players_list(players)
    sets = analysis.option_sets(game, options, vs)
    # Mistakes are cheap to report here, before any task.
    analysis.check(sets, listed, games, early)
    _check_run(games, seed, batch_size, threads_per_task)
    if batch_size is None:
        batch_size = _batch_size(games, threads_per_task)

    @ray.remote(num_cpus=threads_per_task)
    def play(game: tabula.Game, start: int, stop: int) -> list:
        return tabula.analyze_games(
            game, listed, start, stop, seed=seed, max_decisions=max_decisions, threads=threads_per_task
        )

    started = time.perf_counter()
    tallies = [tabula.AnalysisTally(g, listed, early) for g in sets]
    per_set = _count(games, batch_size)
    seconds: List[float] = []

    def tasks() -> Iterator[Any]:
        for g in sets:
            game_ref = ray.put(g)
            for r in _batches(games, batch_size):
                yield play.remote(game_ref, r.start, r.stop)

    def add(place: int, facts: list) -> None:
        tallies[place // per_set].add(facts)
        if place % per_set == per_set - 1:
            seconds.append(time.perf_counter() - started)

    _in_order(tasks(), 2 * _workers(threads_per_task), add)
    figures = tabula.analyze_tallies(tallies)
    out = analysis.report(figures, seconds, sets[0], games, seed, max_decisions, early)
    out["tasks"] = per_set * len(sets)
    return out
