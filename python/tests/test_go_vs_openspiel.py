"""Go (examples/rules/go.tabula) against OpenSpiel's own `go`: seeded random games are
played in both at once, and at every move the legal moves, whether the game is over and,
at the end, the result must be the same. Points are named alike: OpenSpiel's action
`row * size + col` is tabula's cell of file `col` and rank `row + 1`, and the pass is
`pass` (OpenSpiel's notation skips the letter i; the actions do not).

OpenSpiel also ends a game at once as a draw when a move other than a pass repeats an
earlier position of the board (superko); the rules file says so with
`occurrences(cells)`, and such a game must end there in tabula too, as a draw, at the
same move (the repetition is also confirmed from OpenSpiel's own boards)."""

import pathlib
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel); Go is not compared with it"
)

import tabula  # noqa: E402

GO = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/go.tabula")


def point(action, size):
    """The tabula name of OpenSpiel's action."""
    if action == size * size:
        return "pass"
    row, col = divmod(action, size)
    return f"{chr(ord('a') + col)}{row + 1}"


def board_of(state):
    """OpenSpiel's board, without the line that counts the moves."""
    return state.observation_string(0).split("\n", 1)[1]


def play_one(size, options, seed):
    """Plays one random game in both programs; returns how it ended in OpenSpiel."""
    spiel = pyspiel.load_game(f"go(board_size={size},komi=7.5)").new_initial_state()
    ours = tabula.load(GO, options=options).new_initial_state()
    rng = random.Random(seed)
    seen = {board_of(spiel)}
    moves = 0
    while True:
        if spiel.is_terminal():
            break
        legal = spiel.legal_actions()
        theirs = sorted(point(a, size) for a in legal)
        assert sorted(ours.legal_action_strings()) == theirs, f"seed {seed}, move {moves}"
        assert not ours.is_terminal()
        action = rng.choice(legal)
        spiel.apply_action(action)
        ours.apply_action(ours.string_to_action(point(action, size)))
        moves += 1
        board = board_of(spiel)
        repeated = board in seen and action != size * size
        seen.add(board)
        if spiel.is_terminal() and repeated:
            assert spiel.returns() == [0.0, 0.0]
            assert ours.is_terminal(), f"seed {seed}: superko in OpenSpiel at move {moves}"
            assert ours.outcome()["reason"] == "superko", f"seed {seed}: {ours.outcome()}"
    assert ours.is_terminal(), f"seed {seed}: OpenSpiel ended after {moves} moves, tabula did not"
    assert ours.returns() == spiel.returns(), f"seed {seed}: {ours.outcome()} against {spiel.returns()}"
    return ours.outcome()["reason"], moves


@pytest.mark.parametrize("size, options, games", [(9, [], 60), (19, ["nineteen"], 4)])
def test_random_games_match_openspiel_move_by_move(size, options, games):
    ends = {}
    for seed in range(games):
        how, _ = play_one(size, options, seed)
        ends[how] = ends.get(how, 0) + 1
    # Most random games end in two passes; some reach the move limit.
    assert ends.get("two passes", 0) > 0, ends
    assert sum(ends.values()) == games


def test_games_that_openspiel_ends_by_superko_end_so_in_tabula():
    # Of the first 1,500 seeds on 9x9, these end in a repeated position in OpenSpiel
    # (156 and 94 moves in): tabula ends them at the same move, as a draw.
    for seed in (320, 873):
        assert play_one(9, [], seed) == ("superko", 156 if seed == 320 else 94)
