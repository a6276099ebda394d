#!/usr/bin/env bash
# Proves that a change leaves play unchanged: plays the same seeds of every built-in game
# with two builds and fails unless the games are identical, move for move.
# Each build plays random games twice: `playout --json` (one line per game: decisions,
# chance events, outcome, scores) and `arena random random --records` (every move of every
# game, as the REPL's records). The two outputs of each build must match byte for byte.
# Usage: benches/same-games.sh BASE [games-per-game]   (after cargo build --release)
#   BASE is a commit (built once into target/same-games/COMMIT) or the path of a tabula
#   binary; the build compared with it is target/release/tabula (or $TABULA).
set -eu
base=${1:?usage: benches/same-games.sh BASE-COMMIT-OR-BINARY [games-per-game]}
n=${2:-300}
new=${TABULA:-target/release/tabula}
root=$(git rev-parse --show-toplevel)
cd "$root"
if [ -x "$base" ] && [ -f "$base" ]; then
  old=$base
else
  commit=$(git rev-parse --verify "$base^{commit}")
  dir=target/same-games/$commit
  old=$dir/target/release/tabula
  if [ ! -x "$old" ]; then
    rm -rf "$dir/src"
    mkdir -p "$dir/src"
    git archive "$commit" | tar -x -C "$dir/src"
    (cd "$dir/src" && cargo build --release --bin tabula --target-dir ../target) >&2
  fi
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
# Backgammon both with the cube (random doubles, takes and drops) and without it.
for spec in "naytin-six" "naytin-six -o slide -o random-values -o cross-placement" "invictus" \
  "backgammon" "backgammon -o no-cube"; do
  name=$(echo "$spec" | tr -c 'a-z0-9\n' '_')
  for side in old new; do
    if [ $side = old ]; then bin=$old; else bin=$new; fi
    # The summary line holds timings; only the per-game lines are compared.
    "$bin" playout $spec -n "$n" --seed 1 --threads 1 --json | grep -v '"summary"' \
      >"$out/$name.$side.json"
    "$bin" arena $spec random random -n "$n" --seed 1 --threads 1 \
      --records "$out/$name.$side.records" >/dev/null
  done
  games=$(wc -l <"$out/$name.new.json")
  if cmp -s "$out/$name.old.json" "$out/$name.new.json" &&
    diff -r -q "$out/$name.old.records" "$out/$name.new.records" >/dev/null; then
    printf '%-56s %4d games: identical\n' "$spec" "$games"
  else
    printf '%-56s %4d games: DIFFERENT\n' "$spec" "$games"
    diff "$out/$name.old.json" "$out/$name.new.json" | head -5 || true
    diff -r "$out/$name.old.records" "$out/$name.new.records" | head -10 || true
    failed=1
  fi
done
exit $failed
