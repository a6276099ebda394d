#!/bin/sh
# Fills corpus/TARGET/ with seeds made from the files the repository ships: rules files,
# states, a record of each built-in game, move lists, and GNU Backgammon IDs. Run from
# the repository's root or from fuzz/; the corpus folders are not kept in git.
set -eu
cd "$(dirname "$0")/.."
out=fuzz/corpus
mkdir -p "$out/rules" "$out/state" "$out/record" "$out/moves" "$out/gnubg"

for f in games/*.tabula examples/rules/*.tabula tests/fixtures/rules/*.tabula; do
  [ -f "$f" ] && cp "$f" "$out/rules/$(echo "$f" | tr / _)"
done

# A state target input is one byte choosing the game (by its place among the built-in
# games, high bit set for YAML) and then the text.
n=0
for f in examples/rules/*.json examples/rules/*.yaml; do
  [ -f "$f" ] || continue
  case "$f" in *.yaml) flag=128 ;; *) flag=0 ;; esac
  for game in 0 1 2; do
    byte=$(printf '\\%03o' $((game + flag)))
    { printf "$byte"; cat "$f"; } > "$out/state/example-$n-$game"
  done
  n=$((n + 1))
done
head -n 20 tests/fixtures/gnubg/states.jsonl | grep -v '^#' | while IFS= read -r line; do
  n=$((n + 1))
  { printf '\000'; printf '%s' "$line"; } > "$out/state/gnubg-$n"
done

# Records and move lists: a short game of each built-in game, written by the binary.
bin=${TABULA:-target/debug/tabula}
if [ -x "$bin" ]; then
  k=0
  for game in backgammon invictus naytin-six; do
    moves=$("$bin" playout "$game" -n 1 --json --seed 7 >/dev/null 2>&1 && "$bin" moves "$game" | head -n 3 | tr '\n' ',')
    { printf "\\$(printf '%03o' $k)"; printf '%s' "$moves"; } > "$out/moves/$game"
    printf 'game: %s\noptions: []\nseed: 7\nmoves: [%s]\n' "$game" "$moves" > "$out/record/$game.yaml"
    k=$((k + 1))
  done
fi
printf 'game: backgammon\nseed: 1\nmoves: ["3-1", "8/5 6/5", "6-5", "24/18 18/13"]\n' > "$out/record/bg-opening.yaml"
printf '\000c3-b4,g7-f6' > "$out/moves/short"

# IDs hold `/`, so the seeds are numbered.
grep -v '^#' formats/gnubg/fixtures/position_ids.txt | awk '{print $NF}' | head -n 50 | nl |
  while read -r i id; do printf '%s' "$id" > "$out/gnubg/position-$i"; done
grep -v '^#' formats/gnubg/fixtures/match_ids.txt | awk '{print $(NF-1)}' | head -n 50 | nl |
  while read -r i id; do printf '4HPwATDgc/ABMA:%s' "$id" > "$out/gnubg/match-$i"; done
echo "seeded: $(find "$out" -type f | wc -l) files in $out"
