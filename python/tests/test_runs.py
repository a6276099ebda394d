"""Runs of many games from Python: the same figures on one thread and on two, and
figures made as batches come in, in index order, equal to those of all the games at
once. Every figure is compared with another way of making it, never with itself."""

import pathlib
import resource
import signal
import threading

import pytest

import tabula

TIC_TAC_TOE = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/tic-tac-toe.tabula")


@pytest.fixture(scope="module")
def ttt():
    return tabula.load(TIC_TAC_TOE)


def test_playouts_give_the_same_figures_on_one_thread_and_two(ttt):
    one, two = (ttt.playouts(500, seed=3, threads=t) for t in (1, 2))
    for key in ("games", "wins", "draws", "unfinished", "mean_decisions", "max_decisions"):
        assert one[key] == two[key], key
    assert sum(one["wins"].values()) + one["draws"] + one["unfinished"] == 500
    # A game of tic-tac-toe lasts 5 to 9 moves.
    assert 5 <= one["mean_decisions"] <= 9 and one["max_decisions"] <= 9


def test_arena_gives_the_same_figures_on_one_thread_and_two(ttt):
    one, two = (tabula.arena(ttt, "greedy", "random", games=300, seed=2, threads=t) for t in (1, 2))
    assert one["summary"] == two["summary"]
    assert (one["threads"], two["threads"]) == (1, 2)
    s = one["summary"]
    assert s["games"] == 300 and sum(s["wins"]) + s["draws"] + s["unfinished"] == 300
    # The seats alternate: A sat 150 times in each, and won there what it won in all.
    assert [n for n, _ in s["by_seat"]] == [150, 150]
    assert sum(w for _, w in s["by_seat"]) == s["wins"][0]


def test_analysis_gives_the_same_figures_on_one_thread_and_two(ttt):
    one, two = (tabula.analyze(ttt, "random", games=300, vs=[["misere"]], seed=4, threads=t) for t in (1, 2))
    assert [s["figures"] for s in one["sets"]] == [s["figures"] for s in two["sets"]]
    assert one["comparisons"] == two["comparisons"]
    assert (one["threads"], two["threads"]) == (1, 2)
    # Misère changes who wins, not how random games unfold: X's wins become O's.
    first, misere = (s["figures"] for s in one["sets"])
    assert first["seat_wins"][0]["count"] == misere["seat_wins"][1]["count"]
    assert first["decisions"] == misere["decisions"]


def test_an_analysis_is_the_figures_of_its_games_listed(ttt):
    report = tabula.analyze(ttt, "greedy,random", games=120, seed=6, threads=2)
    facts = tabula.analyze_games(ttt, ["greedy", "random"], 0, 120, seed=6)
    listed = tabula.analyze_figures([(ttt, facts)], ["greedy", "random"])
    assert report["sets"][0]["figures"] == listed["sets"][0]["figures"]
    assert report["players"] == listed["players"] == ["greedy", "random"]


def test_an_arena_tally_of_batches_in_order_is_the_summary_of_them_all(ttt):
    games = tabula.arena_games(ttt, "greedy", "random", 0, 90, seed=8)
    tally = tabula.ArenaTally(ttt)
    for start in range(0, 90, 25):
        tally.add(games[start : start + 25])
    assert tally.games == 90
    assert tally.summary() == tabula.arena_summary(ttt, games)
    assert tally.summary() == tabula.arena(ttt, "greedy", "random", games=90, seed=8)["summary"]


def test_a_tally_refuses_a_game_out_of_order_and_adds_none_of_its_batch(ttt):
    games = tabula.arena_games(ttt, "random", "random", 0, 10)
    tally = tabula.ArenaTally(ttt)
    tally.add(games[:6])
    with pytest.raises(tabula.TabulaError) as e:
        tally.add(games[6:8] + games[5:6])
    assert str(e.value) == "error: game 5 comes after game 7; add games in index order"
    assert tally.games == 6
    tally.add(games[6:])
    assert tally.summary() == tabula.arena_summary(ttt, games)
    facts = tabula.analyze_games(ttt, ["random"], 0, 4)
    analysis = tabula.AnalysisTally(ttt, ["random"])
    with pytest.raises(tabula.TabulaError) as e:
        analysis.add(facts[2:] + facts[2:3])
    assert str(e.value) == "error: game 2 comes after game 3; add games in index order"
    assert analysis.games == 0


def test_analysis_tallies_of_batches_in_order_make_the_figures_of_them_all(ttt):
    misere = ttt.with_options(["misere"])
    sets = [(g, tabula.analyze_games(g, ["random"], 0, 80, seed=5)) for g in (ttt, misere)]
    tallies = []
    for g, facts in sets:
        tally = tabula.AnalysisTally(g, ["random"], early=40)
        for start in range(0, 80, 30):
            tally.add(facts[start : start + 30])
        tallies.append(tally)
    whole = tabula.analyze_figures(sets, ["random"], early=40)
    assert tabula.analyze_tallies(tallies) == whole
    assert tallies[1].figures() == whole["sets"][1]["figures"]
    with pytest.raises(tabula.TabulaError) as e:
        tabula.analyze_tallies([tallies[0], tabula.AnalysisTally(ttt, ["greedy", "random"])])
    assert str(e.value) == "error: the tallies compared are of the same players"


def test_an_analysis_of_many_games_keeps_little_and_stops_at_ctrl_c(ttt):
    # A billion games of each set: the old limit was 100,000, each game's facts kept.
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    timer = threading.Timer(1.5, lambda: signal.pthread_kill(threading.main_thread().ident, signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            tabula.analyze(ttt, "random", games=10**9, threads=2)
    finally:
        timer.cancel()
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kib < 100 * 1024
    with pytest.raises(tabula.TabulaError) as e:
        tabula.analyze(ttt, "random", games=10**12 + 1)
    assert str(e.value) == "error: a run plays at most 1000000000000 games, not 1000000000001"
