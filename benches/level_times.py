"""What a move of each computer level costs: the processor time of each move (all the
process's threads; the levels think on one) and its wall-clock time, the mean and the
largest over the moves of whole games, seeded, chance played at random.

    python benches/level_times.py GAME MOVES LEVEL... [--option OPTION]
"""

import argparse
import statistics
import time

import tabula


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("moves", type=int, help="moves of each level to time")
    parser.add_argument("levels", nargs="+")
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args()
    game = tabula.load(args.game, args.option)
    for level in args.levels:
        processor, wall = [], []
        state = game.new_initial_state()
        k = 0
        while len(processor) < args.moves:
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node() or len(state.legal_actions()) == 1:
                state.apply_action(state.best_action("random", k, 1))
                k += 1
                continue
            started, used = time.perf_counter(), time.process_time()
            action = state.best_action(level, k, 1)
            processor.append(time.process_time() - used)
            wall.append(time.perf_counter() - started)
            state.apply_action(action)
            k += 1
        print(
            f"{args.game} {level}: {args.moves} moves; processor time a move: mean "
            f"{statistics.mean(processor) * 1000:.1f} ms, largest {max(processor) * 1000:.1f} ms; "
            f"wall: mean {statistics.mean(wall) * 1000:.1f} ms, largest {max(wall) * 1000:.1f} ms",
            flush=True,
        )


if __name__ == "__main__":
    main()
