#!/usr/bin/env bash
# Random backgammon games per second, tabula against DeepMind OpenSpiel's C++ game,
# measured alternately in one run on this machine, on one core and on two:
#   1 thread : one OpenSpiel process against `tabula playout --threads 1`;
#   2 threads: two OpenSpiel processes at once (OpenSpiel's evaluate_bots plays on the
#              thread that calls it, and Python runs one such call at a time, so two
#              processes are its way to use two cores), each playing `games` games, the
#              rate being the sum of their two rates; against `tabula playout --threads 2`
#              playing twice as many games, the same work.
# Each round runs all four; the summary divides the best round of each, since on a
# shared machine the best round is the one least disturbed. Then the rules compile
# time of each built-in game (examples/compile-time.rs: compiles timed in the process,
# neither start-up nor printing counted).
# OpenSpiel: `python3 -c 'import pyspiel'` must work, or PYTHON names an interpreter
# where it does; otherwise `pip install open-spiel==2.0.2` goes into a virtual
# environment under target/openspiel-venv, made on the first run.
# Usage: benches/compare-openspiel.sh [rounds] [games]   (after cargo build --release)
set -eu
rounds=${1:-5}
games=${2:-500}
oracle=${BG_ORACLE:-tools/bg-oracle}
bin=${TABULA:-target/release/tabula}
venv=target/openspiel-venv
if [ -z "${PYTHON:-}" ]; then
  if python3 -c 'import pyspiel' 2>/dev/null; then
    PYTHON=python3
  else
    if ! "$venv/bin/python" -c 'import pyspiel' 2>/dev/null; then
      echo "installing open-spiel==2.0.2 into $venv" >&2
      python3 -m venv "$venv"
      "$venv/bin/pip" install --quiet open-spiel==2.0.2
    fi
    PYTHON=$venv/bin/python
  fi
fi
calc() { python3 -c "print($1)"; }
# Games/s of OpenSpiel's C++ game in one process, from seed $1.
openspiel() {
  "$PYTHON" "$oracle/bench.py" --cpp-games "$games" --py-games 1 --seed "$1" 2>/dev/null |
    awk '/^cpp/ {print $6}'
}
# Games/s of tabula on $1 threads, $2 games from seed $3.
tabula() {
  "$bin" playout backgammon -o no-cube --threads "$1" -n "$2" --seed "$3" |
    sed -n 's/.*: \([0-9]*\) games\/s/\1/p'
}
best_os1=0 best_tb1=0 best_os2=0 best_tb2=0
for r in $(seq "$rounds"); do
  os1=$(openspiel "$r")
  tb1=$(tabula 1 "$games" "$r")
  f1=$(mktemp) f2=$(mktemp)
  openspiel "$r" >"$f1" &
  p1=$!
  openspiel $((r + 1000)) >"$f2" &
  p2=$!
  wait "$p1" "$p2"
  os2=$(calc "$(cat "$f1") + $(cat "$f2")")
  rm -f "$f1" "$f2"
  tb2=$(tabula 2 $((2 * games)) "$r")
  echo "round $r: 1 thread: OpenSpiel $os1 games/s, tabula $tb1, ratio $(calc "f'{$tb1/$os1:.2f}'");" \
    "2 threads: OpenSpiel $os2 games/s, tabula $tb2, ratio $(calc "f'{$tb2/$os2:.2f}'")"
  best_os1=$(calc "max($best_os1, $os1)")
  best_tb1=$(calc "max($best_tb1, $tb1)")
  best_os2=$(calc "max($best_os2, $os2)")
  best_tb2=$(calc "max($best_tb2, $tb2)")
done
echo "best, 1 thread:  OpenSpiel $best_os1 games/s, tabula $best_tb1 games/s, ratio $(calc "f'{$best_tb1/$best_os1:.2f}'")"
echo "best, 2 threads: OpenSpiel $best_os2 games/s, tabula $best_tb2 games/s, ratio $(calc "f'{$best_tb2/$best_os2:.2f}'")"
echo "rules compile time (aim: at most 10 ms each):"
cargo run --release --quiet --example compile-time -- 50
