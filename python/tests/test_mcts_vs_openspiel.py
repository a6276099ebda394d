"""benches/mcts_vs_openspiel.py: tabula's mcts (and az) against OpenSpiel's MCTSBot, each on its
own program's game. A few short games check that the moves carried from one program
to the other are legal there and that both agree on every end and winner."""

import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install open_spiel); the benchmark is not tested")

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benches/mcts_vs_openspiel.py"


@pytest.mark.parametrize("game", ["connect-four", "hex"])
def test_games_against_openspiel_are_played_to_an_agreed_end(game):
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--game", game, "--games", "4", "--iterations", "50"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    summary = out.strip().splitlines()[-1]
    assert summary.startswith(f"{game}: tabula mcts against OpenSpiel MCTSBot, 50 iterations a move, 4 games from seed 1: ")
    assert "score " in summary and "95 % interval" in summary


def test_the_searcher_plays_openspiel_by_the_shipped_connect_four_network():
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--game", "connect-four", "--games", "4", "--iterations", "50", "--level", "az"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    summary = out.strip().splitlines()[-1]
    assert summary.startswith("connect-four: tabula az against OpenSpiel MCTSBot, 50 iterations a move, 4 games from seed 1: ")
