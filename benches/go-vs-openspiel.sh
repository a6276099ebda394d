#!/usr/bin/env bash
# Random games of Go per second, tabula (examples/rules/go.tabula) against DeepMind
# OpenSpiel's C++ `go`, on 9x9 and 19x19, measured alternately in one run on one core:
# OpenSpiel's `evaluate_bots` with two uniform random bots (C++ throughout, one game
# after another in one Python call) against `tabula playout --threads 1`. Both pick
# uniformly among the legal moves, the pass included. Each program's processor time
# is counted (benches/cpu_playout.py), so that other work on a shared machine slows the
# figures less than the wall clock would; each round runs both, and the summary divides
# the best round of each.
# OpenSpiel: `python3 -c 'import pyspiel'` must work, or PYTHON names an interpreter
# where it does (pip install open-spiel).
# Usage: benches/go-vs-openspiel.sh [rounds] [games 9x9] [games 19x19]
#        (after cargo build --release)
set -eu
rounds=${1:-3}
games9=${2:-2000}
games19=${3:-100}
bin=${TABULA:-target/release/tabula}
PYTHON=${PYTHON:-python3}
calc() { python3 -c "print($1)"; }
# Games a processor second of OpenSpiel's go of size $1, $2 games from seed $3.
openspiel() {
  "$PYTHON" benches/openspiel_rate.py "go(board_size=$1,komi=7.5)" "$2" "$3"
}
# Games a processor second of tabula, options $1, $2 games from seed $3.
tabula() {
  # shellcheck disable=SC2086
  python3 benches/cpu_playout.py "$bin" examples/rules/go.tabula "$2" "$3" $1 | cut -d' ' -f1
}
for size in 9 19; do
  if [ "$size" = 9 ]; then games=$games9 opts=""; else games=$games19 opts="-o nineteen"; fi
  best_os=0 best_tb=0
  for r in $(seq "$rounds"); do
    os=$(openspiel "$size" "$games" "$r")
    tb=$(tabula "$opts" "$games" "$r")
    echo "${size}x${size} round $r: OpenSpiel $os games/s, tabula $tb, ratio $(calc "f'{$tb/$os:.2f}'")"
    best_os=$(calc "max($best_os, $os)")
    best_tb=$(calc "max($best_tb, $tb)")
  done
  echo "${size}x${size} best: OpenSpiel $best_os games/s, tabula $best_tb games/s, ratio $(calc "f'{$best_tb/$best_os:.2f}'")"
done
