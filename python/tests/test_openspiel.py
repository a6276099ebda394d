"""tabula games as OpenSpiel games: OpenSpiel's own MCTS bot and evaluate_bots run on
them unchanged, and random-rollout MCTS plays legal moves to the end of each built-in
game."""

import pathlib

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel); the adapter is not tested"
)
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import tabula  # noqa: E402
import tabula.openspiel  # noqa: E402

TIC_TAC_TOE = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/tic-tac-toe.tabula")


class CheckedBot(pyspiel.Bot):
    """Wraps a bot; asserts that every action it plays is legal where it plays it."""

    def __init__(self, bot):
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.moves = 0

    def restart_at(self, state):
        self.bot.restart_at(state)

    def inform_action(self, state, player, action):
        self.bot.inform_action(state, player, action)

    def step(self, state):
        action = self.bot.step(state)
        assert action in state.legal_actions(), (action, str(state))
        self.moves += 1
        return action


def mcts_bot(game, simulations, rng):
    return mcts.MCTSBot(game, 2, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)


def test_register_and_load():
    name = tabula.openspiel.register("backgammon")
    assert name == "tabula_backgammon"
    assert tabula.openspiel.register("backgammon") == name
    game = pyspiel.load_game(name)
    assert game.num_players() == 2
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 30
    state = game.new_initial_state()
    assert state.is_chance_node()
    actions, probs = zip(*state.chance_outcomes())
    assert len(actions) == 30 and sum(probs) == pytest.approx(1.0)
    child = state.child(actions[0])
    assert not child.is_chance_node() and state.is_chance_node()
    assert child.action_to_string(child.current_player(), 0) == child.tabula_state.action_to_string(0)
    assert tabula.openspiel.register("naytin-six", ["slide"]) == "tabula_naytin_six_slide"


def test_observation_tensor_is_the_tabula_encoding():
    game = pyspiel.load_game(tabula.openspiel.register("backgammon"))
    state = game.new_initial_state().child(3)
    tensor = np.array(state.observation_tensor(0), dtype=np.float32)
    assert np.array_equal(tensor, state.tabula_state.observation())
    assert game.observation_tensor_size() == state.get_game().tabula_game.observation_size


def test_mcts_beats_random_at_tic_tac_toe_through_evaluate_bots():
    game = pyspiel.load_game(tabula.openspiel.register(TIC_TAC_TOE))
    rng = np.random.RandomState(42)
    results = []
    for first in range(4):
        mcts_seat = first % 2
        bots = [CheckedBot(uniform_random.UniformRandomBot(seat, rng)) for seat in range(2)]
        bots[mcts_seat] = CheckedBot(mcts_bot(game, 300, rng))
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sum(returns) == 0
        results.append(returns[mcts_seat])
    # Perfect play never loses tic-tac-toe; 300 simulations find the blocks and wins.
    assert min(results) >= 0
    assert max(results) == 1


@pytest.mark.parametrize(
    "name, options, simulations",
    [("backgammon", [], 2), ("invictus", [], 2), ("naytin-six", [], 4), ("naytin-six", ["slide", "random-values"], 4)],
)
def test_random_rollout_mcts_plays_legal_moves_to_the_end(name, options, simulations):
    game = pyspiel.load_game(tabula.openspiel.register(name, options))
    rng = np.random.RandomState(7)
    bots = [CheckedBot(mcts_bot(game, simulations, rng)) for _ in range(2)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal() and state.tabula_state.is_terminal()
    assert state.tabula_state.outcome() is not None
    assert sum(returns) == 0
    assert bots[0].moves + bots[1].moves > 0


def test_a_game_cut_at_max_game_length_is_a_draw():
    game = pyspiel.load_game(tabula.openspiel.register("invictus", short_name="tabula_invictus_short", max_game_length=5))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [0.0, 0.0]
    assert not state.tabula_state.is_terminal()
