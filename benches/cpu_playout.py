"""Random games a processor second of `tabula playout --threads 1`, and their mean length.

Usage: python3 benches/cpu_playout.py TABULA GAME GAMES SEED [ARG...]
Prints "GAMES_PER_CPU_SECOND MEAN_DECISIONS". The time counted is the child process's
own (user and system), so that other work on a shared machine slows the figure less
than the wall clock would; the OpenSpiel side of the benches counts its own processor
time (`time.process_time`) the same way.
"""
import json
import resource
import subprocess
import sys


def main() -> None:
    tabula, game, games, seed, *rest = sys.argv[1:]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [tabula, "playout", game, *rest, "--threads", "1", "-n", games, "--seed", seed, "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    summary = json.loads(out.strip().splitlines()[-1])["summary"]
    print(f"{int(games) / max(cpu, 1e-9):.2f} {summary['mean_decisions']}")


if __name__ == "__main__":
    main()
