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
for game in naytin-six invictus backgammon; do
  games=$(case $game in backgammon) echo $((n / 4 + 1));; *) echo "$n";; esac)
  base=$(count_of "$game" -n 0)
  total=$(count_of "$game" -n "$games")
  echo "$game: $(((total - base) / games)) instructions per game ($games games)"
done
