#!/usr/bin/env bash
# tabula's `mcts` against OpenSpiel's MCTSBot (C++, random rollouts, UCT c = 2, its
# solver on) in Connect Four and Hex 7x7, at equal time a move on the wall clock for
# both (0.1 s by default: the machine has two shared cores, so the budgets are short)
# or at equal iterations (`--iterations N`). Each game is seeded (seed + i) and the
# seats alternate; each line prints tabula's wins, draws and losses, its score with a
# 95 % Wilson interval, and both sides' mean time a move (benches/mcts_vs_openspiel.py).
# The games run one at a time, each move on one core, so that neither side is given
# more of the machine than the other.
# The tabula module is installed from ./python into the virtual environment (a
# release build), and OpenSpiel beside it, on the first run.
# Usage: benches/mcts-vs-openspiel.sh [games] [seed] [seconds a move] [--iterations N]
set -eu
cd "$(dirname "$0")/.."
games=${1:-200}
seed=${2:-1}
time=${3:-0.1}
shift $(( $# < 3 ? $# : 3 ))
venv=${VENV:-target/bench-venv}
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import pyspiel' 2>/dev/null; then
  echo "installing open-spiel==2.0.2 into $venv" >&2
  "$venv/bin/pip" install --quiet numpy open-spiel==2.0.2
fi
if [ -z "${NO_INSTALL:-}" ]; then
  echo "installing the tabula module (release) into $venv" >&2
  "$venv/bin/pip" install --quiet --force-reinstall --no-deps ./python
fi
for game in connect-four hex; do
  "$venv/bin/python" benches/mcts_vs_openspiel.py --game "$game" --games "$games" \
    --seed "$seed" --time "$time" "$@"
done
