"""Chess (examples/rules/chess.tabula) against python-chess: seeded random games are
played in both at once, and at every move the legal moves (in UCI, the notation of the
rules file) must be the same; every tenth position is also written as FEN by
python-chess, made a tabula state by examples/rules/chess-positions/fen.py, and must
give the same moves read back, since the rules keep no check or pin of their own."""

import importlib.util
import pathlib
import random

import pytest

chess = pytest.importorskip(
    "chess", reason="python-chess is not installed (pip install chess); chess is not compared with it"
)

import tabula  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHESS = str(ROOT / "examples/rules/chess.tabula")
spec = importlib.util.spec_from_file_location("fen", ROOT / "examples/rules/chess-positions/fen.py")
fen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fen)


def test_random_games_match_python_chess_move_by_move():
    import json

    game = tabula.load(CHESS)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        board = chess.Board()
        ours = game.new_initial_state()
        for ply in range(160):
            theirs = sorted(m.uci() for m in board.legal_moves)
            if not theirs:
                assert ours.is_terminal(), f"seed {seed}, ply {ply}: python-chess has no move"
                break
            assert sorted(ours.legal_action_strings()) == theirs, f"seed {seed}, ply {ply}: {board.fen()}"
            if ply % 10 == 0:
                read = game.state_from_json(json.dumps(fen.state(board.fen())))
                assert sorted(read.legal_action_strings()) == theirs, f"from FEN {board.fen()}"
            compared += 1
            move = rng.choice(theirs)
            board.push_uci(move)
            ours.apply_action(ours.string_to_action(move))
    assert compared > 1000
