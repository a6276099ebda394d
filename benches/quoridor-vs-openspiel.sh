#!/usr/bin/env bash
# Random games of Quoridor per second, tabula
# (examples/rules/quoridor.tabula) against DeepMind OpenSpiel's C++
# `quoridor`, measured alternately in one run on one core: OpenSpiel's
# `evaluate_bots` with two uniform random bots (C++ throughout, one game after another
# in one Python call) against `tabula playout --threads 1`. Both pick uniformly among
# the legal moves. Each program's processor time is counted (benches/cpu_playout.py),
# so that other work on a shared machine slows the figures less than the wall clock
# would; each round runs both, and the summary divides the best round of each.
# OpenSpiel: `python3 -c 'import pyspiel'` must work, or PYTHON names an interpreter
# where it does (pip install open-spiel).
# Usage: benches/quoridor-vs-openspiel.sh [rounds] [games]  (after cargo build --release)
set -eu
rounds=${1:-3}
games=${2:-500}
bin=${TABULA:-target/release/tabula}
PYTHON=${PYTHON:-python3}
calc() { python3 -c "print($1)"; }
# Games a processor second of OpenSpiel's quoridor, $1 games from seed $2.
openspiel() {
  "$PYTHON" benches/openspiel_rate.py quoridor "$1" "$2"
}
# Games a processor second of tabula, $1 games from seed $2.
tabula() {
  python3 benches/cpu_playout.py "$bin" examples/rules/quoridor.tabula "$1" "$2" | cut -d' ' -f1
}
best_os=0 best_tb=0
for r in $(seq "$rounds"); do
  # OpenSpiel warns at each load that its quoridor "has known issues": not shown.
  os=$(openspiel "$games" "$r" 2> >(grep -v "known issues" >&2))
  tb=$(tabula "$games" "$r")
  echo "round $r: OpenSpiel $os games/s, tabula $tb, ratio $(calc "f'{$tb/$os:.2f}'")"
  best_os=$(calc "max($best_os, $os)")
  best_tb=$(calc "max($best_tb, $tb)")
done
echo "best: OpenSpiel $best_os games/s, tabula $best_tb games/s, ratio $(calc "f'{$best_tb/$best_os:.2f}'")"
