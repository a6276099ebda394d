#!/bin/sh
# Regenerates the figures and plots of docs/teaching.md: what each option of Naytïn Six
# does to the game, measured by `tabula analyze` (random players, then tree-search
# players). Run from anywhere: sh tools/teaching-figures.sh (a few minutes).
set -e
cd "$(dirname "$0")/.."
cargo build --release --quiet
tabula=target/release/tabula
out=docs/teaching
mkdir -p "$out/random" "$out/mcts"
"$tabula" analyze naytin-six -n 4000 --seed 1 \
  --vs -o cross-placement --vs -o random-values --vs -o pips-only \
  --vs -o no-obstacles --vs -o slide \
  --svg "$out/random" > "$out/random/figures.txt"
"$tabula" analyze naytin-six --players mcts:300 -n 300 --seed 1 \
  --vs -o no-obstacles --vs -o pips-only \
  --svg "$out/mcts" > "$out/mcts/figures.txt"
echo "wrote $out/random and $out/mcts"
