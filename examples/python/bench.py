"""Measures, on this machine: random playouts a second driven from Python through the
binding, against `tabula playout` on one thread; and an arena run and an analysis
spread over Ray with 1 and 2 workers. Build in release first (`pip install ./python`, `cargo build
--release`), then: python examples/python/bench.py [--games N] [--arena-games N]

The figures are in docs/scale.md and docs/performance.md."""

import argparse
import json
import pathlib
import random
import subprocess
import time

import tabula

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_playouts(game: tabula.Game, games: int, seed: int) -> float:
    """Random games driven from Python, picking as `tabula playout` picks (chance by
    its probabilities, choices by their playout weights); games a second."""
    rng = random.Random(seed)
    started = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and decisions < 10_000:
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probabilities)[0])
            else:
                state.apply_action(rng.choices(state.legal_actions(), state.playout_weights())[0])
                decisions += 1
    return games / (time.perf_counter() - started)


def cli_playouts(name: str, games: int, seed: int) -> float:
    out = subprocess.run(
        [str(ROOT / "target/release/tabula"), "playout", name, "-n", str(games), "--seed", str(seed), "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.splitlines()[-1])["summary"]["games_per_second"]


def ray_arena(cpus: int, game: str, a: str, b: str, games: int) -> dict:
    import ray

    import tabula.ray

    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    try:
        tabula.ray.arena(game, a, b, games=2, seed=1)  # workers started and warm
        return tabula.ray.arena(game, a, b, games=games, seed=1, batch_size=max(1, games // 8))
    finally:
        ray.shutdown()


def ray_analyze(cpus: int, game: str, players: str, vs: list, games: int) -> dict:
    import ray

    import tabula.ray

    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    try:
        tabula.ray.analyze(game, players, games=2, seed=1)  # workers started and warm
        return tabula.ray.analyze(game, players, games=games, vs=vs, seed=1, batch_size=max(1, games // 8))
    finally:
        ray.shutdown()


def figures_only(report: dict) -> list:
    return [s["figures"] for s in report["sets"]] + report["comparisons"]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--arena-games", type=int, default=64)
    parser.add_argument("--arena", default="naytin-six mcts:500 random")
    parser.add_argument("--analyze-games", type=int, default=20_000)
    parser.add_argument("--analyze", default="naytin-six random slide")
    parser.add_argument("--skip-playouts", action="store_true")
    parser.add_argument("--skip-arena", action="store_true")
    args = parser.parse_args()
    if not args.skip_playouts:
        playouts(args)
    if not args.skip_arena:
        arena(args)
    analyze(args)


def playouts(args):
    print("random playouts a second, one thread")
    print(f"  {'game':<12} {'Python loop':>12} {'playout()':>12} {'tabula playout':>15}")
    for name in tabula.built_in_games():
        game = tabula.load(name)
        driven = python_playouts(game, args.games, seed=1)
        inside = game.playouts(args.games * 5, seed=1, threads=1)["games_per_second"]
        cli = cli_playouts(name, args.games * 5, seed=1)
        print(f"  {name:<12} {driven:>12.0f} {inside:>12.0f} {cli:>15.0f}")


def arena(args):
    game, a, b = args.arena.split()
    print(f"tabula.ray.arena {game} {a} {b}, {args.arena_games} games")
    summaries = []
    for cpus in (1, 2):
        result = ray_arena(cpus, game, a, b, args.arena_games)
        summaries.append(result["summary"])
        print(f"  {cpus} worker{'s' if cpus > 1 else ''}: {result['seconds']:.1f} s, "
              f"{result['games_per_second']:.2f} games/s, {result['tasks']} tasks, "
              f"A's score {result['summary']['score']:.3f}")
    print("  the same figures with 1 and 2 workers:", summaries[0] == summaries[1])


def analyze(args):
    game, players, *vs = args.analyze.split()
    sets = [[option] for option in vs]
    print(f"tabula.ray.analyze {game} --players {players} --vs {sets}, {args.analyze_games} games a set")
    figures = []
    for cpus in (1, 2):
        result = ray_analyze(cpus, game, players, sets, args.analyze_games)
        figures.append(figures_only(result))
        seconds = result["sets"][-1]["seconds"]
        games = args.analyze_games * len(result["sets"])
        print(f"  {cpus} worker{'s' if cpus > 1 else ''}: {seconds:.1f} s, "
              f"{games / seconds:.0f} games/s, {result['tasks']} tasks")
    print("  the same figures with 1 and 2 workers:", figures[0] == figures[1])


if __name__ == "__main__":
    main()
