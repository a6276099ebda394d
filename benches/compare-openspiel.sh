#!/usr/bin/env bash
# Random backgammon games per second, tabula against DeepMind OpenSpiel's C++ game,
# measured alternately in one run on this machine (single thread each). Each round
# runs both; the summary divides the best round of each, since on a shared machine
# the best round is the one least disturbed. Needs `pip install open-spiel==2.0.2`
# and the oracle scripts in tools/bg-oracle.
# Usage: benches/compare-openspiel.sh [rounds] [games]   (after cargo build --release)
set -eu
rounds=${1:-5}
games=${2:-500}
oracle=${BG_ORACLE:-tools/bg-oracle}
bin=${TABULA:-target/release/tabula}
best_os=0
best_tb=0
for r in $(seq "$rounds"); do
  os=$(python3 "$oracle/bench.py" --cpp-games "$games" --py-games 1 2>/dev/null | awk '/^cpp/ {print $6}')
  tb=$("$bin" playout backgammon -o no-cube -n "$games" --seed "$r" | sed -n 's/.*: \([0-9]*\) games\/s/\1/p')
  echo "round $r: OpenSpiel $os games/s, tabula $tb games/s, ratio $(python3 -c "print(f'{$tb/$os:.2f}')")"
  best_os=$(python3 -c "print(max($best_os, $os))")
  best_tb=$(python3 -c "print(max($best_tb, $tb))")
done
echo "best: OpenSpiel $best_os games/s, tabula $best_tb games/s, ratio $(python3 -c "print(f'{$best_tb/$best_os:.2f}')")"
