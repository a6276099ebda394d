"""Dots and Boxes (examples/rules/dots-and-boxes.tabula) against OpenSpiel's own
`dots_and_boxes` (2 x 2 boxes, its default): seeded random games are played in both at
once, and at every move the legal moves, the player to move, whether the game is over
and, at the end, the result must be the same.

OpenSpiel's actions 0 to 5 are the lines across, row by row from the top (`h00`, `h01`,
`h10`, ...), and 6 to 11 the lines up and down (`v00`, `v01`, `v02`, `v10`, ...): the
board's points in the rules file's order."""

import pathlib
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel is not installed (pip install open_spiel); Dots and Boxes is not compared with it",
)

import tabula  # noqa: E402

DOTS = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/dots-and-boxes.tabula")

ROWS, COLS = 2, 2


def name(action):
    """The tabula name of OpenSpiel's action."""
    across = (ROWS + 1) * COLS
    if action < across:
        row, col = divmod(action, COLS)
        return f"h{row}{col}"
    row, col = divmod(action - across, COLS + 1)
    return f"v{row}{col}"


def play_one(seed):
    """Plays one random game in both programs; returns how it ended."""
    spiel = pyspiel.load_game("dots_and_boxes").new_initial_state()
    ours = tabula.load(DOTS).new_initial_state()
    rng = random.Random(seed)
    moves = 0
    while not spiel.is_terminal():
        legal = spiel.legal_actions()
        assert sorted(ours.legal_action_strings()) == sorted(name(a) for a in legal), f"seed {seed}, move {moves}"
        assert ours.current_player() == spiel.current_player(), f"seed {seed}, move {moves}"
        assert not ours.is_terminal()
        action = rng.choice(legal)
        spiel.apply_action(action)
        ours.apply_action(ours.string_to_action(name(action)))
        moves += 1
    assert ours.is_terminal(), f"seed {seed}: OpenSpiel ended after {moves} moves, tabula did not"
    assert ours.returns() == spiel.returns(), f"seed {seed}: {ours.outcome()} against {spiel.returns()}"
    return tuple(spiel.returns())


def test_random_games_match_openspiel_move_by_move():
    ends = {}
    for seed in range(500):
        how = play_one(seed)
        ends[how] = ends.get(how, 0) + 1
    # Wins for each player and draws (two boxes each) all happen.
    assert set(ends) == {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}, ends
