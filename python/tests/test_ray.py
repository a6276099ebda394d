"""Arena runs split into seeded batches as Ray tasks on a local Ray: the merged figures
are those of the whole run on one machine, and those `tabula arena --json` prints."""

import math
import pathlib

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install ray); tabula.ray is not tested")

import tabula  # noqa: E402
import tabula.ray  # noqa: E402

TIC_TAC_TOE = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/tic-tac-toe.tabula")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_batches_cover_every_game_once():
    assert [list(r) for r in tabula.ray._batches(7, 3)] == [[0, 1, 2], [3, 4, 5], [6]]
    assert [list(r) for r in tabula.ray._batches(2, 5)] == [[0, 1]]


def test_batches_merge_into_the_figures_of_one_run(local_ray, cli_json):
    # The README's run: mcts:1000 against random, seeds 1..20: A wins 19, one a draw
    # (as o).
    result = tabula.ray.arena(TIC_TAC_TOE, "mcts:1000", "random", games=20, seed=1, batch_size=3)
    assert result["tasks"] == 7
    summary = result["summary"]
    assert summary["wins"] == [19, 0] and summary["draws"] == 1
    assert summary["by_seat"] == [[10, 10], [10, 9]]
    one_machine = tabula.arena(tabula.load(TIC_TAC_TOE), "mcts:1000", "random", games=20, seed=1, threads=1)
    assert summary == one_machine["summary"]
    cli = cli_json("arena", "examples/rules/tic-tac-toe.tabula", "mcts:1000", "random", "-n", "20", "--json")
    # JSON has no infinity: the command line writes an Elo difference without bound
    # (a score of 100 %) as null, where Python's figures hold inf.
    as_json = {k: (None if isinstance(v, float) and math.isinf(v) else v) for k, v in summary.items()}
    assert as_json == cli[0]["summary"]
    assert (result["a"], result["b"]) == (cli[0]["a"], cli[0]["b"])


def test_a_game_with_chance_and_another_seed(local_ray):
    game = tabula.load("naytin-six", options=["random-values"])
    result = tabula.ray.arena(game, "greedy", "random", games=12, seed=40, batch_size=5)
    alone = tabula.arena(game, "greedy", "random", games=12, seed=40, threads=2)
    assert result["summary"] == alone["summary"]
    assert result["options"] == ["random-values"]


def test_a_bad_player_is_reported_before_any_task(local_ray):
    with pytest.raises(tabula.TabulaError) as e:
        tabula.ray.arena("backgammon", "mcts:1000", "wizard", games=4)
    assert "`wizard` is not a computer level" in str(e.value)


def _figures_only(report):
    out = {k: v for k, v in report.items() if k not in ("threads", "tasks")}
    out["sets"] = [{k: v for k, v in s.items() if k not in ("seconds", "games_per_second")} for s in report["sets"]]
    return out


def test_an_analysis_in_batches_has_the_figures_of_the_command_line(local_ray, cli_json):
    result = tabula.ray.analyze("naytin-six", "random", games=300, vs=[["slide"]], seed=7, batch_size=70)
    assert result["tasks"] == 10
    cli = cli_json("analyze", "naytin-six", "-n", "300", "--vs", "-o", "slide", "--seed", "7", "--json")
    assert _figures_only(result) == _figures_only(cli[0])
    assert [s["figures"]["games"] for s in result["sets"]] == [300, 300]
    alone = tabula.analyze("naytin-six", "random", games=300, vs=[["slide"]], seed=7, threads=1)
    assert _figures_only(result) == _figures_only(alone)


def test_an_analysis_of_two_players_and_a_loaded_game(local_ray):
    game = tabula.load(TIC_TAC_TOE)
    result = tabula.ray.analyze(game, ["mcts:50", "random"], games=16, seed=2, batch_size=5)
    alone = tabula.analyze(game, "mcts:50,random", games=16, seed=2, threads=2)
    assert result["tasks"] == 4
    assert result["players"] == ["mcts:50", "random"]
    assert _figures_only(result) == _figures_only(alone)
    assert result["sets"][0]["figures"]["side_a_wins"]["of"] == 16


def test_a_bad_analysis_is_reported_before_any_task(local_ray):
    with pytest.raises(tabula.TabulaError) as e:
        tabula.ray.analyze("naytin-six", "random,wizard", games=4)
    assert "`wizard` is not a computer level" in str(e.value)


def test_arguments_no_task_could_play_are_refused_before_any(local_ray):
    for kwargs, said in [
        ({"threads_per_task": 3}, "error: threads_per_task is at most the 2 CPUs of the cluster, not 3"),
        ({"threads_per_task": 0}, "error: threads_per_task is a whole number from 1 to 256, not 0"),
        ({"batch_size": -1}, "error: batch_size is a whole number from 1 to 100000, not -1"),
        ({"seed": -1}, "error: seed is a whole number from 0 to 18446744073709551615, not -1"),
        ({"games": 10**13}, "error: a Ray run plays 1 to 1000000000000 games, not 10000000000000"),
    ]:
        args = {"games": 4, **kwargs}
        with pytest.raises(tabula.TabulaError) as e:
            tabula.ray.arena(TIC_TAC_TOE, "random", "random", **args)
        assert str(e.value) == said
        with pytest.raises(tabula.TabulaError) as e:
            tabula.ray.analyze(TIC_TAC_TOE, "random", **args)
        assert str(e.value) in (said, "error: a run plays at most 1000000000000 games, not 10000000000000")


def test_batches_are_added_in_order_a_few_under_way_at_a_time(local_ray):
    # Tasks that end out of order: the later ones are quicker.
    @ray.remote
    def late(place):
        import time

        time.sleep(0.05 * (place % 4 == 0))
        return place

    sent = []

    def tasks():
        for place in range(23):
            sent.append(place)
            yield late.remote(place)

    added, ahead = [], []

    def add(place, result):
        assert result == place
        added.append(place)
        # No more than the window is ever sent beyond what was added.
        ahead.append(len(sent) - len(added))

    tabula.ray._in_order(tasks(), 3, add)
    assert added == list(range(23))
    assert max(ahead) <= 3


def test_a_run_of_many_batches_is_the_run_of_one_machine(local_ray):
    # 40 batches of 3 games, twice as many under way as the two CPUs run at once.
    result = tabula.ray.arena(TIC_TAC_TOE, "greedy", "random", games=119, seed=3, batch_size=3)
    assert result["tasks"] == 40
    alone = tabula.arena(tabula.load(TIC_TAC_TOE), "greedy", "random", games=119, seed=3, threads=2)
    assert result["summary"] == alone["summary"]
    report = tabula.ray.analyze(TIC_TAC_TOE, "random", games=50, vs=[["misere"]], seed=3, batch_size=4)
    assert report["tasks"] == 26
    alone = tabula.analyze(TIC_TAC_TOE, "random", games=50, vs=[["misere"]], seed=3, threads=1)
    assert _figures_only(report) == _figures_only(alone)
    assert len(report["sets"]) == 2 and all(s["seconds"] > 0 for s in report["sets"])
