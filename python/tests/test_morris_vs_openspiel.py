"""Nine Men's Morris (examples/rules/nine-mens-morris.tabula) against OpenSpiel's own
`nine_mens_morris`: seeded random games are played in both at once, and at every move
the legal moves, whether the game is over and, at the end, the result must be the same.

OpenSpiel's points 0 to 23 are the board's points in reading order, row by row from the
top (`a7`, `d7`, `g7`, `b6`, ...). Its action `p < 24` places a man on point `p` or, right
after a mill, takes the man on `p` (tabula's `d7` and `xd7`); `24 + from * 24 + to` moves
or flies a man (tabula's `a7-d7`)."""

import pathlib
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel is not installed (pip install open_spiel); Nine Men's Morris is not compared with it",
)

import tabula  # noqa: E402

MORRIS = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/nine-mens-morris.tabula")

POINTS = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()


def taking(state):
    """Whether OpenSpiel's player to move is taking a man (the last move made a mill)."""
    return "Capture time!" in str(state)


def name(action, take):
    """The tabula text of OpenSpiel's action."""
    if action < 24:
        return ("x" if take else "") + POINTS[action]
    source, dest = divmod(action - 24, 24)
    return f"{POINTS[source]}-{POINTS[dest]}"


def play_one(seed):
    """Plays one random game in both programs; returns how it ended and its length."""
    spiel = pyspiel.load_game("nine_mens_morris").new_initial_state()
    ours = tabula.load(MORRIS).new_initial_state()
    rng = random.Random(seed)
    moves = 0
    while not spiel.is_terminal():
        take = taking(spiel)
        legal = spiel.legal_actions()
        theirs = sorted(name(a, take) for a in legal)
        assert sorted(ours.legal_action_strings()) == theirs, f"seed {seed}, move {moves}"
        assert not ours.is_terminal(), f"seed {seed}, move {moves}"
        action = rng.choice(legal)
        spiel.apply_action(action)
        ours.apply_action(ours.string_to_action(name(action, take)))
        moves += 1
    assert ours.is_terminal(), f"seed {seed}: OpenSpiel ended after {moves} moves, tabula did not"
    assert ours.returns() == spiel.returns(), f"seed {seed}: {ours.outcome()} against {spiel.returns()}"
    return ours.outcome()["reason"], moves


def test_random_games_match_openspiel_move_by_move():
    ends = {}
    for seed in range(200):
        how, _ = play_one(seed)
        ends[how] = ends.get(how, 0) + 1
    # Most random games reach the turn limit; some end with a player down to two men.
    assert ends.get("200 turns", 0) > 0, ends
    assert ends.get("two men left", 0) > 0, ends
    assert sum(ends.values()) == 200
