"""States: whose decision, chance outcomes with their probabilities, integer actions in
the game's notation, playing them, the result, copies, JSON, observations, GNU
Backgammon IDs; the expected figures are worked out from the rules by hand."""

import json
import signal
import threading
import time
from fractions import Fraction

import numpy as np
import pytest

import tabula


@pytest.fixture(scope="module")
def backgammon():
    return tabula.load("backgammon")


@pytest.fixture(scope="module")
def tic_tac_toe(root=None):
    import pathlib

    return tabula.load(str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/tic-tac-toe.tabula"))


def after_opening(game, roll):
    state = game.new_initial_state()
    state.apply_action(state.string_to_action(roll))
    return state


def test_the_opening_roll_is_a_chance_node_of_30_equal_outcomes(backgammon):
    state = backgammon.new_initial_state()
    assert state.current_player() == tabula.CHANCE == -1
    assert state.is_chance_node() and not state.is_terminal()
    outcomes = state.chance_outcomes()
    # One die each, ties rolled again: the 30 ordered pairs of different dice.
    assert len(outcomes) == 30
    assert [a for a, _ in outcomes] == list(range(30)) == state.legal_actions()
    assert all(p == pytest.approx(1 / 30) for _, p in outcomes)
    texts = {state.action_to_string(a) for a, _ in outcomes}
    assert texts == {f"{w}-{b}" for w in range(1, 7) for b in range(1, 7) if w != b}


def test_a_later_roll_has_21_outcomes_doubles_one_in_36(backgammon):
    state = after_opening(backgammon, "3-1")
    state.apply_action(state.string_to_action("8/5 6/5"))
    if not state.is_chance_node():  # black may double first: he rolls
        state.apply_action(state.string_to_action("roll"))
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for action, p in outcomes:
        a, b = state.action_to_string(action).split("-")
        assert Fraction(p).limit_denominator(100) == (Fraction(1, 36) if a == b else Fraction(2, 36))


def test_an_opening_3_1_has_16_turns_as_positions(backgammon):
    # 16 distinct positions (OpenSpiel lists 31 action sequences that reach them).
    state = after_opening(backgammon, "3-1")
    assert state.current_player() == 0  # white, the higher die
    moves = state.legal_action_strings()
    assert len(moves) == len(state.legal_actions()) == 16
    assert len(set(moves)) == 16
    # The point made on the 5 is written in the order played; one checker moved 3 and
    # 1 is one turn, whichever die it used first.
    assert "6/5 8/5" in moves and "8/5 6/5" not in moves
    assert ("24/23 23/20" in moves) != ("24/21 21/20" in moves)
    for a in state.legal_actions():
        assert state.action_to_string(a) == moves[a]
    # Typed in another order, with marks, the same turn.
    assert state.string_to_action("8/5 6/5") == moves.index("6/5 8/5")
    assert state.string_to_action("24/21 21/20") == moves.index("24/23 23/20")


def test_actions_are_numbered_by_the_position_alone(backgammon):
    one = after_opening(backgammon, "3-1")
    two = backgammon.state_from_json(one.to_json())
    assert one.legal_action_strings() == two.legal_action_strings()


def test_an_illegal_action_is_refused_and_the_state_kept(backgammon):
    state = after_opening(backgammon, "6-5")
    before = state.to_json()
    for bad in (-1, 16, 10**12):
        with pytest.raises(tabula.IllegalActionError) as e:
            state.apply_action(bad)
        assert f"action {bad} is not legal here" in str(e.value)
    assert state.to_json() == before
    with pytest.raises(tabula.IllegalActionError) as e:
        state.string_to_action("1/7")
    assert str(e.value).startswith("error: `1/7` is not a legal move here; the legal moves are: ")


def test_tic_tac_toe_to_the_end(tic_tac_toe):
    state = tic_tac_toe.new_initial_state()
    assert state.current_player() == 0 and not state.is_chance_node()
    assert len(state.legal_actions()) == 9
    assert state.chance_outcomes() == []
    # x takes the top row: a1, b1, c1; o answers a2, b2.
    for move in ["a1", "a2", "b1", "b2", "c1"]:
        assert not state.is_terminal()
        state.apply_action(state.string_to_action(move))
    assert state.is_terminal()
    assert state.current_player() == tabula.TERMINAL == -4
    assert state.legal_actions() == []
    assert state.returns() == [1.0, -1.0]
    assert state.outcome()["winner"] == "x"
    with pytest.raises(tabula.IllegalActionError):
        state.apply_action(0)


def test_a_draw_returns_nothing(tic_tac_toe):
    state = tic_tac_toe.new_initial_state()
    for move in ["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"]:
        state.apply_action(state.string_to_action(move))
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.outcome()["winner"] is None


def test_a_state_prints_as_its_board_and_draws_as_svg(tic_tac_toe):
    state = tic_tac_toe.new_initial_state()
    for move in ["a1", "b2"]:
        state.apply_action(state.string_to_action(move))
    # x on a1, o on b2, drawn as the prompt draws a grid, rank 3 on top.
    assert str(state) == (
        "   a b c\n"
        "3  . . .  3\n"
        "2  . O .  2\n"
        "1  X . .  1\n"
        "   a b c\n"
        "X x, O o\n"
        "x to move\n"
    )
    assert "2  · O ·  2" in state.text(unicode=True)
    svg = state.svg()
    assert svg.startswith("<svg ") and svg.rstrip().endswith("</svg>")
    assert "<title>Tic-tac-toe: x to move</title>" in svg
    assert state._repr_svg_() == svg
    for move in ["a2", "b1", "a3"]:
        state.apply_action(state.string_to_action(move))
    assert str(state).endswith("over: x wins (three in a row)\n"), str(state)


def test_other_labels_the_rules_declare_are_read(backgammon):
    # White on the bar with 4-3 to play: `25/21` is GNU Backgammon's `bar/21`.
    state = backgammon.state_from_json(json.dumps({
        "game": "Backgammon", "phase": "play", "to_move": "white",
        "counters": {"turns": 5}, "pools": {"dice": [4, 3]},
        "cells": {
            "bar-white": {"owner": "white", "piece": "checker", "count": 1},
            "13": {"owner": "white", "piece": "checker", "count": 14},
            "19": {"owner": "black", "piece": "checker", "count": 15},
        },
    }))
    action = state.string_to_action("25/21 13/10")
    assert action == state.string_to_action("bar/21 13/10")
    assert state.action_to_string(action) == "bar/21 13/10"


def test_a_state_file_gives_the_cli_moves(root, cli):
    game = tabula.load("invictus")
    text = (root / "examples/rules/invictus-endgame.json").read_text()
    state = game.state_from_json(text)
    assert state.legal_action_strings() == ["e4-e5", "e4-d4", "e4-f4", "e4-f5", "e4xd5"]
    _, out, _ = cli("moves", "invictus", "--state", "examples/rules/invictus-endgame.json")
    assert state.legal_action_strings() == out.split("\n")[:-1]
    assert tabula.State.from_json(game, text) == state


def test_json_round_trip_and_bad_json(backgammon):
    state = after_opening(backgammon, "4-2")
    again = backgammon.state_from_json(state.to_json())
    assert again == state and hash(again) == hash(state)
    assert json.loads(state.to_json())["game"] == "Backgammon"
    with pytest.raises(tabula.StateError) as e:
        backgammon.state_from_json('{"game": "Backgammon", "to_move": "red"}')
    assert "<state>:1:" in str(e.value)


def test_clones_are_independent(backgammon):
    state = after_opening(backgammon, "3-1")
    copy = state.clone()
    copy.apply_action(0)
    assert state.current_player() == 0 and len(state.legal_actions()) == 16
    assert copy != state
    import copy as copy_module

    assert copy_module.deepcopy(state) == state


def test_the_observation_is_the_cli_encoding(backgammon, cli_json):
    state = after_opening(backgammon, "3-1")
    obs = state.observation()
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
    assert obs.shape == (backgammon.observation_size,)
    names = backgammon.observation_names
    assert obs[names.index("to move: white")] == 1.0
    assert obs[names.index("to move: black")] == 0.0
    # White's two checkers on his 24 point: at least 1 and at least 2.
    assert obs[names.index("24 white checker: at least 2")] == 1.0
    assert obs[names.index("24 white checker: at least 3")] == 0.0
    theirs = cli_json("encode", "backgammon", "--moves", "3-1", "--json", "--all")[0]
    assert theirs["names"] == names
    assert np.allclose(obs, np.array(theirs["values"], dtype=np.float32))


def test_the_movers_view_is_the_cli_encoding_in_that_view(backgammon, cli_json):
    state = after_opening(backgammon, "3-1")
    obs = state.observation(view="mover")
    names = backgammon.observation_names_in("mover")
    assert obs.shape == (backgammon.observation_size,)
    assert obs[names.index("to move: mover")] == 1.0
    args = ("encode", "backgammon", "--moves", "3-1", "--view", "mover", "--json", "--all")
    theirs = cli_json(*args)[0]
    assert theirs["names"] == names
    assert np.allclose(obs, np.array(theirs["values"], dtype=np.float32))
    with pytest.raises(ValueError, match="a view is"):
        state.observation(view="sideways")


def test_gnubg_ids(backgammon):
    # GNU Backgammon's ID of the starting position, white to play 3-1 after the opening.
    state = after_opening(backgammon, "3-1")
    position, match = state.gnubg_id().split(":")
    assert position == "4HPwATDgc/ABMA"
    again = backgammon.state_from_gnubg_id(state.gnubg_id())
    assert again.gnubg_id() == state.gnubg_id()
    assert again.legal_action_strings() == state.legal_action_strings()
    with pytest.raises(tabula.StateError) as e:
        tabula.load("invictus").new_initial_state().gnubg_id()
    assert "does not have backgammon's board" in str(e.value)


def test_a_runtime_error_of_the_rules_is_the_cli_message(tmp_path, cli):
    path = tmp_path / "t.tabula"
    path.write_text(
        'game "t"\nplayers a, b\nboard { grid 2 x 2 }\npiece p\n'
        'action go "go" { move #b1 -> #b2 }\nphase main { starts a  actions go  decide turn }\n'
    )
    state = tabula.load(str(path)).new_initial_state()
    with pytest.raises(tabula.PlayingError) as e:
        state.legal_actions()
    code, _, err = cli("moves", str(path))
    assert code != 0
    assert str(e.value) == err.strip()
    assert "while playing:" in str(e.value) and "t.tabula:5:" in str(e.value)


def test_a_playout_is_reproducible_and_ends(backgammon, cli_json):
    state = backgammon.new_initial_state()
    one, two = state.playout(seed=5), state.playout(seed=5)
    assert one == two
    assert one["outcome"]["winner"] in ("white", "black")
    assert sorted(one["returns"]) == [-one["outcome"]["points"], one["outcome"]["points"]]
    theirs = cli_json("playout", "backgammon", "-n", "1", "--seed", "5", "--json")[0]
    assert one["decisions"] == theirs["decisions"]
    assert one["outcome"] == theirs["outcome"]


def test_playout_weights_leave_out_the_cube(backgammon):
    state = backgammon.new_initial_state()
    state.apply_action(state.string_to_action("3-1"))
    state.apply_action(state.string_to_action("8/5 6/5"))
    assert state.current_player() == 1
    weights = dict(zip(state.legal_action_strings(), state.playout_weights()))
    assert weights == {"double": 0, "roll": 1}


def test_computer_players(tic_tac_toe):
    state = tic_tac_toe.new_initial_state()
    for move in ["a1", "b2", "b1"]:
        state.apply_action(state.string_to_action(move))
    # o must block at c1, and any search worth the name sees it.
    best = state.best_action("mcts:2000", seed=3)
    assert state.action_to_string(best) == "c1"
    rated = state.analyze("mcts:2000", seed=3)
    assert rated[0]["text"] == "c1"
    assert sorted(r["action"] for r in rated) == state.legal_actions()
    with pytest.raises(tabula.TabulaError) as e:
        state.best_action("wizard")
    assert "`wizard` is not a computer level" in str(e.value)


def test_long_calls_release_the_gil():
    game = tabula.load("invictus")
    # One call long enough to tell, whatever the machine's speed: a third of a second
    # of playouts, by the time 10 of them take here.
    started = time.perf_counter()
    game.playouts(10, seed=1)
    once = time.perf_counter() - started
    games = max(10, int(10 * 0.3 / max(once, 1e-6)))
    ticks = 0
    stop = False

    def count():
        nonlocal ticks
        while not stop:
            ticks += 1
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    started = time.perf_counter()
    game.playouts(games, seed=1)
    elapsed = time.perf_counter() - started
    stop = True
    thread.join()
    # Holding the GIL, the counter would not have run at all during the playouts.
    assert elapsed > 0.05
    assert ticks >= 10


def _interrupt_after(seconds):
    """Ctrl-C, as the terminal sends it, `seconds` from now."""
    timer = threading.Timer(seconds, lambda: signal.pthread_kill(threading.main_thread().ident, signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize(
    "call",
    [
        lambda g, s: s.best_action("mcts:3600s"),
        lambda g, s: s.analyze("mcts:3600s"),
        lambda g, s: tabula.arena(g, "mcts:3600s", "random", games=2),
        lambda g, s: tabula.arena_games(g, "mcts:3600s", "random", 0, 2),
        lambda g, s: g.playouts(games=10**11),
        lambda g, s: tabula.analyze(g, "random", games=10**11),
    ],
    ids=["best_action", "analyze", "arena", "arena_games", "playouts", "analysis"],
)
def test_ctrl_c_stops_a_long_call_at_once(call):
    game = tabula.load("backgammon")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    started = time.monotonic()
    timer = _interrupt_after(0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            call(game, state)
    finally:
        timer.cancel()
    # Asked after 0.3 s, given within half a second.
    assert time.monotonic() - started < 0.8


def test_a_yaml_state_reads_as_its_json(root):
    # The same state as the command line reads it from a .yaml file.
    game = tabula.load(str(root / "examples/rules/short-race.tabula"))
    text = (root / "examples/rules/short-race-end.yaml").read_text()
    state = game.state_from_json(text)
    again = game.state_from_json(state.to_json())
    assert again == state


def test_one_state_is_read_from_many_threads_at_once(backgammon):
    state = after_opening(backgammon, "4-2")
    errors = []

    def read():
        try:
            for _ in range(200):
                state.legal_actions()
                state.current_player()
                state.is_terminal()
                state.legal_action_strings()
        except Exception as e:  # noqa: BLE001 - any failure is the test's
            errors.append(repr(e))

    def think():
        # Thinks with the GIL released, the state borrowed all the while.
        try:
            state.best_action("mcts:3000")
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=think)] + [threading.Thread(target=read) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_a_score_counted_in_halves_reads_as_halves(root):
    # Go counts its area in halves (`scale 2`) for the komi of 7.5: after two passes on
    # the empty board black has nothing and white the komi alone.
    go = tabula.load(str(root / "examples/rules/go.tabula"))
    assert go.score_scale == 2
    state = go.new_initial_state()
    for move in ["pass", "pass"]:
        state.apply_action(state.string_to_action(move))
    assert state.scores() == [0.0, 7.5]
    assert state.outcome()["scores"] == {"black": 0.0, "white": 7.5}
    # A game without a scale keeps its whole numbers.
    ttt = tabula.load(str(root / "examples/rules/tic-tac-toe.tabula"))
    assert ttt.score_scale == 1
    assert all(isinstance(s, int) for s in ttt.new_initial_state().scores())
