"""`tabula.analyze` and its building blocks: the figures `tabula analyze --json`
prints, games played in batches merged into the same figures, and figures of random
tic-tac-toe checked against the exact values of the game tree."""

import pathlib
from fractions import Fraction
from functools import lru_cache

import pytest

import tabula

TIC_TAC_TOE = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/tic-tac-toe.tabula")
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def figures_only(report):
    """A report without what depends on the machine: the time and the threads."""
    out = {k: v for k, v in report.items() if k not in ("threads", "tasks")}
    out["sets"] = [{k: v for k, v in s.items() if k not in ("seconds", "games_per_second")} for s in report["sets"]]
    return out


@lru_cache(maxsize=None)
def exact(board):
    """Uniformly random tic-tac-toe from `board` (a 9-character string, X to move when
    the counts are equal): P(X wins), P(O wins), P(draw) and the expected number of
    further moves, as exact fractions."""
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return (Fraction(board[a] == "X"), Fraction(board[a] == "O"), Fraction(0), Fraction(0))
    empty = [i for i, c in enumerate(board) if c == "."]
    if not empty:
        return (Fraction(0), Fraction(0), Fraction(1), Fraction(0))
    mark = "X" if board.count("X") == board.count("O") else "O"
    total = [Fraction(0)] * 4
    for i in empty:
        sub = exact(board[:i] + mark + board[i + 1 :])
        for k in range(4):
            total[k] += sub[k] / len(empty)
    total[3] += 1
    return tuple(total)


def test_random_tic_tac_toe_within_its_intervals_of_the_exact_values():
    x, o, draw, length = exact("." * 9)
    # The known values of random play: X wins 737/1260, O 121/420, draws 8/63.
    assert (x, o, draw) == (Fraction(737, 1260), Fraction(121, 420), Fraction(8, 63))
    report = tabula.analyze(TIC_TAC_TOE, "random", games=400, seed=1, threads=2)
    f = report["sets"][0]["figures"]
    assert f["games"] == 400 and f["unfinished"]["count"] == 0
    for rate, value in [(f["seat_wins"][0], x), (f["seat_wins"][1], o), (f["draws"], draw)]:
        assert rate["of"] == 400 and rate["low"] <= value <= rate["high"]
    assert sum(w["count"] for w in f["seat_wins"]) + f["draws"]["count"] == 400
    mean = f["decisions"]["mean"]
    assert abs(mean["mean"] - length) <= mean["half"]
    assert f["side_a_wins"] is None and f["decided_early"] is None
    assert report["players"] == ["random", "random"] and report["early"] == 0.5


@pytest.mark.parametrize("players, games", [("random", 200), ("greedy,random", 10)])
def test_the_figures_of_the_command_line(cli_json, players, games):
    report = tabula.analyze("naytin-six", players, games=games, vs=[["slide"]], seed=3, threads=2)
    cli = cli_json(
        "analyze", "naytin-six", "--players", players, "-n", str(games), "--vs", "-o", "slide", "--seed", "3", "--json"
    )
    assert figures_only(report) == figures_only(cli[0])
    assert report["comparisons"][0]["rows"][-1]["figure"] == "lead changes"
    assert report["sets"][1]["options"] == ["slide"]
    assert (report["sets"][0]["figures"]["side_a_wins"] is None) == ("," not in players)


def test_batches_in_any_order_make_the_figures_of_the_whole_run():
    game = tabula.load("naytin-six")
    whole = tabula.analyze_games(game, ["random"], 0, 30, seed=9)
    parts = tabula.analyze_games(game, ["random"], 20, 30, seed=9) + tabula.analyze_games(game, ["random"], 0, 20, seed=9)
    assert [f["index"] for f in whole] == list(range(30))
    assert sorted(parts, key=lambda f: f["index"]) == whole
    assert tabula.analyze_figures([(game, parts)], ["random"]) == tabula.analyze_figures([(game, whole)], ["random"])
    report = tabula.analyze(game, "random", games=30, seed=9)
    assert tabula.analyze_figures([(game, whole)], ["random"])["sets"] == [
        {"options": [], "figures": report["sets"][0]["figures"]}
    ]


def test_a_loaded_game_is_compiled_again_for_each_set():
    text = pathlib.Path(TIC_TAC_TOE).read_text()
    game = tabula.load_text(text, "ttt.tabula")
    report = tabula.analyze(game, games=20, vs=[[]])
    assert [s["options"] for s in report["sets"]] == [[], []]
    assert report["sets"][0]["figures"] == report["sets"][1]["figures"]
    assert report["comparisons"][0]["rows"][0]["difference"] == 0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": "random,random,random"}, "one or two computer players"),
        ({"players": "wizard"}, "`wizard` is not a computer level"),
        ({"games": 0}, "play at least one game"),
        ({"early": 120}, "from 0 to 100"),
    ],
)
def test_mistakes_are_reported_before_any_game(kwargs, message):
    with pytest.raises(tabula.TabulaError) as e:
        tabula.analyze("naytin-six", **kwargs)
    assert message in str(e.value)


def test_an_unknown_option_of_a_later_set_is_a_rules_error():
    with pytest.raises(tabula.RulesError):
        tabula.analyze("naytin-six", games=2, vs=[["no-such-option"]])
    with pytest.raises(ValueError):
        tabula.analyze("naytin-six", games=2, vs=["slide"])
