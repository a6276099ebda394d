#!/usr/bin/env bash
# Instructions per random game of each built-in game, counted by callgrind: unlike
# seconds, the count does not depend on what else the machine is doing. The cost of
# starting up (reading and compiling the rules) is measured with -n 0 and subtracted.
# Usage: benches/instructions.sh [games-per-run]   (after cargo build --release)
set -eu
n=${1:-20}
bin=${TABULA:-target/release/tabula}
count_of() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" playout "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# Backgammon without the cube: random doubles and drops would end most games at once.
for spec in "naytin-six" "invictus" "backgammon -o no-cube"; do
  game=${spec%% *}
  games=$(case $game in backgammon) echo $((n / 4 + 1));; *) echo "$n";; esac)
  base=$(count_of $spec -n 0)
  total=$(count_of $spec -n "$games")
  echo "$spec: $(((total - base) / games)) instructions per game ($games games)"
done
