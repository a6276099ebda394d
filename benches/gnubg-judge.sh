#!/usr/bin/env bash
# GNU Backgammon judges tabula's computer players. For each level given, plays GAMES
# backgammon games of the level against itself without the cube and GAMES with it
# (`tabula arena ... --records`), exports each set as one money session in a .mat file
# (`tabula export --mat`), has gnubg analyse it (`import mat`, `analyse match`,
# `show statistics match`) and prints gnubg's error rate per move (mEMG) and rating
# for checker play and for cube decisions, for each seat and for both seats together.
# See docs/ai.md, "Judged by GNU Backgammon".
#
# Usage: benches/gnubg-judge.sh [-n GAMES] [--plies P] [--seed S] [--threads T]
#                               [--out DIR] [--modes "no-cube cube"] LEVEL...
#   e.g. benches/gnubg-judge.sh -n 100 random playouts mcts:300
# Needs `cargo build --release` and gnubg (Debian: apt-get install gnubg).
# TABULA and GNUBG override the programs' paths.
set -eu

games=100
plies=0
seed=1
threads=0
out=""
modes="no-cube cube"
levels=()
while [ $# -gt 0 ]; do
  case "$1" in
    -n|--games) games=$2; shift 2 ;;
    --plies) plies=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) levels+=("$1"); shift ;;
  esac
done
if [ ${#levels[@]} -eq 0 ]; then
  echo "error: name at least one level, e.g. benches/gnubg-judge.sh random playouts" >&2
  exit 2
fi
bin=${TABULA:-target/release/tabula}
gnubg=${GNUBG:-$(command -v gnubg || echo /usr/games/gnubg)}
if [ ! -x "$bin" ]; then
  echo "error: $bin not found: run cargo build --release first (or set TABULA)" >&2
  exit 2
fi
if [ ! -x "$gnubg" ]; then
  echo "error: gnubg not found: apt-get install gnubg (or set GNUBG)" >&2
  exit 2
fi
if [ -z "$out" ]; then
  out=$(mktemp -d "${TMPDIR:-/tmp}/gnubg-judge.XXXXXX")
fi
mkdir -p "$out"
echo "games, .mat files and gnubg's full reports in $out"

# gnubg's statistics for one analysed session, summarised: for checker play and for
# cube decisions, each seat's error rate (mEMG) and rating as gnubg prints them, and
# both seats together (total error over the decisions gnubg counts: unforced moves,
# close or actual cube decisions) with the rating of gnubg's thresholds
# (analysis.c, arThrsRating: 35, 26, 18, 12, 8, 5, 2 mEMG).
summarise() {
  awk '
    function numbers(line, out,   n) {
      n = 0
      while (match(line, /[-+]?[0-9]+\.?[0-9]*/)) {
        out[++n] = substr(line, RSTART, RLENGTH)
        line = substr(line, RSTART + RLENGTH)
      }
      return n
    }
    function words(line, out,   rest) {
      rest = line
      sub(/^[^ ]+( [^ ]+)*  +/, "", rest)
      return split(rest, out, /  +/)
    }
    function rating(m) {
      m = m < 0 ? -m : m
      if (m >= 35) return "Awful!"
      if (m >= 26) return "Beginner"
      if (m >= 18) return "Casual player"
      if (m >= 12) return "Intermediate"
      if (m >= 8) return "Advanced"
      if (m >= 5) return "Expert"
      if (m >= 2) return "World class"
      return "Supernatural"
    }
    function report(name, kind,   both) {
      if (count[kind, 1] + count[kind, 2] == 0) {
        printf "  %-13s no decisions\n", name
        return
      }
      both = 1000 * (error[kind, 1] + error[kind, 2]) / (count[kind, 1] + count[kind, 2])
      printf "  %-13s White %7.1f %-14s Black %7.1f %-14s both seats %7.1f %s\n", name,
        rate[kind, 1], rated[kind, 1], rate[kind, 2], rated[kind, 2], both, rating(both)
    }
    /^Chequerplay statistics/ { kind = "checker" }
    /^Cube statistics/ { kind = "cube" }
    /^Luck statistics|^Overall statistics/ { kind = "" }
    kind == "checker" && /^Unforced moves/ { numbers($0, n); count[kind, 1] = n[1]; count[kind, 2] = n[2] }
    kind == "cube" && /^Close or actual cube decisions/ { numbers($0, n); count[kind, 1] = n[1]; count[kind, 2] = n[2] }
    kind != "" && /^Error total EMG/ { numbers($0, n); error[kind, 1] = n[1]; error[kind, 2] = n[3] }
    kind != "" && /^Error rate mEMG/ { numbers($0, n); rate[kind, 1] = n[1]; rate[kind, 2] = n[3] }
    kind != "" && /rating  / { words($0, w); rated[kind, 1] = w[1]; rated[kind, 2] = w[2] }
    END { report("checker play", "checker"); report("cube", "cube") }
  ' "$1"
}

for level in "${levels[@]}"; do
  for mode in $modes; do
    name="$(echo "$level" | tr -c 'A-Za-z0-9.\n-' '_')-$mode"
    dir="$out/$name"
    rm -rf "$dir"
    options=()
    gnubg_cube="set cube use on"
    if [ "$mode" = no-cube ]; then
      options=(-o no-cube)
      gnubg_cube="set cube use off"
    fi
    start=$(date +%s)
    "$bin" arena backgammon "$level" "$level" "${options[@]}" -n "$games" --seed "$seed" \
      --threads "$threads" --records "$dir" > "$dir.arena.txt"
    played=$(date +%s)
    "$bin" export "$dir"/game-*.yaml --mat -o "$dir.mat"
    # tabula's money game: no Jacoby rule, no beavers.
    "$gnubg" -t -q > "$dir.gnubg.txt" 2>&1 <<EOF
set threads 1
set jacoby off
set beavers 0
$gnubg_cube
set analysis chequerplay evaluation plies $plies
set analysis cubedecision evaluation plies $plies
import mat $dir.mat
analyse match
show statistics match
EOF
    done_at=$(date +%s)
    echo "$level, ${mode/-/ }: $games games (played in $((played - start)) s, analysed at $plies-ply in $((done_at - played)) s)"
    summarise "$dir.gnubg.txt"
  done
done
