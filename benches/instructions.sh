#!/usr/bin/env bash
# Instructions per decision of random games of each built-in game, counted by callgrind:
# unlike seconds, the count does not depend on what else the machine is doing. The cost
# of starting up (reading and compiling the rules) is measured with -n 0 and subtracted;
# the decisions are counted by a second run of the same games (same seeds) without
# callgrind. In backgammon a decision is a whole turn (every die played), so its figure
# is also the cost of a turn.
# Usage: benches/instructions.sh [games-per-game]   (after cargo build --release)
# A sample of 100 games or more keeps the figures steady to about 1 %.
set -eu
n=${1:-100}
seed=${SEED:-1}
bin=${TABULA:-target/release/tabula}
count_of() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" playout "$@" \
    --seed "$seed" --threads 1 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
decisions_of() {
  "$bin" playout "$@" --seed "$seed" --threads 1 --json \
    | sed -n 's/.*"decisions":\([0-9]*\).*/\1/p' | awk '{ s += $1 } END { print s + 0 }'
}
printf '%-22s %6s %10s %14s %14s\n' game games decisions "per game" "per decision"
# Backgammon without the cube: random doubles and drops would end most games at once.
for spec in "naytin-six" "invictus" "backgammon -o no-cube"; do
  base=$(count_of $spec -n 0)
  total=$(count_of $spec -n "$n")
  decisions=$(decisions_of $spec -n "$n")
  if [ "$decisions" -eq 0 ]; then
    echo "$spec: no decision made in $n games" >&2
    exit 1
  fi
  printf '%-22s %6d %10d %14d %14d\n' "$spec" "$n" "$decisions" \
    $(((total - base) / n)) $(((total - base) / decisions))
done
