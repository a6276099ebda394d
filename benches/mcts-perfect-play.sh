#!/usr/bin/env bash
# The share of `mcts`'s moves that keep a Connect Four position's game-theoretic value
# (won, drawn or lost, by the solver in tests/perfect_play_support/), over positions of
# 10 to 20 drops from seeded random games where some move would throw the value away,
# at each budget given (processor time, one thread). Prints each share with its 95 %
# Wilson interval. LEVEL=az measures the searcher instead, by the network beside the
# rules file (examples/rules/connect-four.net).
# Usage: [LEVEL=az] benches/mcts-perfect-play.sh [positions] [seed] [budget...]   (default: 100 1 100ms 1s)
set -eu
cd "$(dirname "$0")/.."
positions=${1:-100}
seed=${2:-1}
shift $(( $# < 2 ? $# : 2 ))
budgets=("$@")
[ ${#budgets[@]} -eq 0 ] && budgets=(100ms 1s)
for budget in "${budgets[@]}"; do
  TABULA_POSITIONS=$positions TABULA_SEED=$seed TABULA_BUDGET=$budget TABULA_LEVEL=${LEVEL:-mcts} \
    cargo test --release --quiet --test perfect_play -- --ignored --nocapture \
    mcts_keeps_the_value_of_connect_four_positions 2>&1 | grep -E '^(mcts|az):'
done
