"""examples/rules/pig.tabula against OpenSpiel's `pig`, move by move: in seeded random
games (each side's moves and dice drawn once and played in both programs), the same
legal moves at every decision, the same dice at every roll, the same end and the same
returns, for the default target and others chosen by the number option."""

import pathlib
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel); Pig is not compared with it"
)

import tabula  # noqa: E402

PIG = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/pig.tabula")


def tabula_moves(state):
    """The decisions' names, as OpenSpiel's actions: roll 0, stop 1."""
    return sorted({"roll": 0, "stop": 1}[m] for m in state.legal_action_strings())


def play(target, seed):
    ours = tabula.load(PIG, options=[f"target={target}"]).new_initial_state()
    theirs = pyspiel.load_game(f"pig(winscore={target})").new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not theirs.is_terminal():
        assert not ours.is_terminal(), (steps, str(theirs))
        if theirs.is_chance_node():
            assert ours.is_chance_node(), (steps, str(theirs))
            face = rng.randrange(6)  # OpenSpiel's outcome k is the face k + 1
            assert sorted(a for a, _ in theirs.chance_outcomes()) == list(range(6))
            ours.apply_action(ours.string_to_action(str(face + 1)))
            theirs.apply_action(face)
        else:
            assert not ours.is_chance_node()
            assert ours.current_player() == theirs.current_player(), (steps, str(theirs))
            assert tabula_moves(ours) == sorted(theirs.legal_actions()), (steps, str(theirs))
            action = rng.choice(theirs.legal_actions())
            ours.apply_action(ours.string_to_action(["roll", "stop"][action]))
            theirs.apply_action(action)
        steps += 1
    assert ours.is_terminal(), (steps, ours.to_json())
    assert list(ours.returns()) == list(theirs.returns())
    return steps


@pytest.mark.parametrize("target", [100, 10, 37])
def test_pig_plays_as_openspiels_pig(target):
    games = 60 if target == 100 else 30
    for seed in range(games):
        play(target, seed)


def test_a_game_that_reaches_a_thousand_decisions_is_a_draw_in_both():
    # Always rolling, except with a chance of 1 in 40 of stopping, leaves scores low
    # for long; the largest target keeps the game going to OpenSpiel's horizon.
    ours = tabula.load(PIG, options=["target=1000"]).new_initial_state()
    theirs = pyspiel.load_game("pig(winscore=1000)").new_initial_state()
    rng = random.Random(7)
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            face = 0 if rng.random() < 0.5 else rng.randrange(1, 6)
            ours.apply_action(ours.string_to_action(str(face + 1)))
            theirs.apply_action(face)
        else:
            action = 0 if 0 in theirs.legal_actions() and rng.random() < 0.975 else 1
            ours.apply_action(ours.string_to_action(["roll", "stop"][action]))
            theirs.apply_action(action)
    assert ours.is_terminal()
    assert list(theirs.returns()) == [0.0, 0.0]
    assert list(ours.returns()) == list(theirs.returns())
