#!/usr/bin/env bash
# Instructions per random game of each built-in game, counted by callgrind: unlike
# seconds, the count does not depend on what else the machine is doing.
# Usage: benches/instructions.sh [games-per-run]   (build with cargo build --release first)
set -eu
n=${1:-20}
bin=${TABULA:-target/release/tabula}
for game in naytin-six invictus backgammon; do
  count=$(case $game in backgammon) echo $((n / 4 + 1));; *) echo "$n";; esac)
  total=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" playout "$game" -n "$count" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  echo "$game: $((total / count)) instructions per game ($count games)"
done
