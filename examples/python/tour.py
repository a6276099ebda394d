# %% [markdown]
# # tabula from Python: a tour
#
# A notebook-style script (each `# %%` is a cell in Jupyter, VS Code or Spyder; or run
# it whole: `python examples/python/tour.py`). It needs the module (`pip install
# ./python`); the OpenSpiel and Ray cells run when those are installed.

# %%
import random

import tabula

game = tabula.load("backgammon")
print(game.name, game.players, [name for name, _ in game.declared_options])

# %% [markdown]
# ## States and actions
# Actions are integers numbered by the position: at a chance node the outcomes, at a
# decision the legal choices (a whole turn in backgammon) in `tabula moves`'s order.

# %%
state = game.new_initial_state()
print(state.current_player() == tabula.CHANCE, state.chance_outcomes()[:3])
state.apply_action(state.string_to_action("3-1"))  # the opening roll, as text
for action in state.legal_actions()[:5]:
    print(action, state.action_to_string(action))
print("GNU Backgammon ID:", state.gnubg_id())
print("observation:", state.observation().shape)

# %% [markdown]
# ## A random game, driven from Python
# Picking by `playout_weights()` plays as `tabula playout` does (it never doubles).

# %%
rng = random.Random(1)
state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probabilities)[0])
    else:
        state.apply_action(rng.choices(state.legal_actions(), state.playout_weights())[0])
print(state.outcome(), state.returns())

# %% [markdown]
# ## The computer players (the GIL is released while they think)

# %%
state = game.new_initial_state()
state.apply_action(state.string_to_action("6-5"))
for rated in state.analyze("mcts:300", seed=1)[:3]:
    print(f"{rated['text']:<12} won {rated['win']:.2f}, points {rated['points']:+.2f}, {rated['visits']} visits")
print("mcts plays", state.action_to_string(state.best_action("mcts:300")))

# %% [markdown]
# ## Many games at once: playouts and the arena, with the command line's figures

# %%
print(tabula.load("invictus").playouts(100, seed=1, threads=2))
result = tabula.arena(tabula.load("naytin-six"), "greedy", "random", games=40, seed=1)
print(result["summary"]["score"], result["summary"]["wins"])

# %% [markdown]
# ## OpenSpiel's algorithms on a tabula game

# %%
try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots, mcts

    import tabula.openspiel

    spiel_game = pyspiel.load_game(tabula.openspiel.register("naytin-six"))
    np_rng = np.random.RandomState(1)
    bots = [
        mcts.MCTSBot(spiel_game, 2, 50, mcts.RandomRolloutEvaluator(1, np_rng), random_state=np_rng)
        for _ in range(2)
    ]
    print("OpenSpiel MCTS self-play:", evaluate_bots.evaluate_bots(spiel_game.new_initial_state(), bots, np_rng))
except ImportError:
    print("OpenSpiel is not installed (pip install open_spiel)")

# %% [markdown]
# ## An arena run spread over Ray (a local one here; see docs/scale.md for a cluster)

# %%
try:
    import ray

    import tabula.ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    spread = tabula.ray.arena("naytin-six", "greedy", "random", games=40, seed=1, batch_size=10)
    assert spread["summary"] == result["summary"]  # the same games, the same figures
    print(f"{spread['tasks']} Ray tasks, the same figures as one machine")
    ray.shutdown()
except ImportError:
    print("Ray is not installed (pip install ray)")
