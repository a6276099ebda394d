"""Random games a processor second of one of OpenSpiel's C++ games.

Usage: PYTHON benches/openspiel_rate.py GAME GAMES SEED
GAME is what `pyspiel.load_game` takes (`go(board_size=19,komi=7.5)`). The games are
played by `pyspiel.evaluate_bots` with two uniform random bots, C++ throughout, one
after another in this one call; the time counted is this process's processor time, as
benches/cpu_playout.py counts tabula's.
"""
import sys
import time

import pyspiel


def main() -> None:
    name, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(2)]
    start = time.process_time()
    for i in range(games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
    print(f"{games / max(time.process_time() - start, 1e-9):.2f}")


if __name__ == "__main__":
    main()
