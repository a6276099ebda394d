#!/usr/bin/env bash
# Moves of random chess games per second, tabula (examples/rules/chess.tabula with the
# 50-move rule and threefold repetition, `-o fifty-moves -o threefold`) against DeepMind
# OpenSpiel's C++ `chess`, measured alternately in one run on one core: OpenSpiel's
# `evaluate_bots` with two uniform random bots (C++ throughout, one game after another
# in one Python call) against `tabula playout --threads 1`. Both pick uniformly among
# the legal moves. OpenSpiel also ends a game when neither side has the material to
# mate, which the rules file does not, so its random games are shorter: the figure
# compared is moves (plies) a second, each program's games a second times its mean
# length (OpenSpiel's mean from a separate, untimed sample of games played from Python
# with the same uniform choice). Each program's processor time is what is counted (the
# process's own, user and system), so that other work on a shared machine slows the
# figures less than the wall clock would; each round runs both, and the summary
# divides the best round of each.
# OpenSpiel: `python3 -c 'import pyspiel'` must work, or PYTHON names an interpreter
# where it does (pip install open-spiel).
# Usage: benches/chess-vs-openspiel.sh [rounds] [games]  (after cargo build --release)
set -eu
rounds=${1:-3}
games=${2:-200}
bin=${TABULA:-target/release/tabula}
PYTHON=${PYTHON:-python3}
calc() { python3 -c "print($1)"; }
# OpenSpiel's mean length of a random game, over $1 games.
openspiel_length() {
  "$PYTHON" - "$1" <<'PY'
import random, sys
import pyspiel
game = pyspiel.load_game("chess")
rng = random.Random(1)
total = 0
for _ in range(int(sys.argv[1])):
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
        total += 1
print(f"{total / int(sys.argv[1]):.1f}")
PY
}
# Games/s of OpenSpiel's chess, $1 games from seed $2.
openspiel() {
  "$PYTHON" benches/openspiel_rate.py chess "$1" "$2"
}
# Games a processor second and mean length of tabula's random games, $1 games from
# seed $2.
tabula() {
  python3 benches/cpu_playout.py "$bin" examples/rules/chess.tabula "$1" "$2" \
    -o fifty-moves -o threefold
}
os_len=$(openspiel_length "$games")
echo "OpenSpiel: $os_len moves a random game on average"
best_os=0 best_tb=0
for r in $(seq "$rounds"); do
  os=$(calc "$(openspiel "$games" "$r") * $os_len")
  read -r tb_rate tb_len <<<"$(tabula "$games" "$r")"
  tb=$(calc "$tb_rate * $tb_len")
  echo "round $r: OpenSpiel $(calc "round($os)") moves/s, tabula $(calc "round($tb)") ($tb_len moves a game), ratio $(calc "f'{$tb/$os:.2f}'")"
  best_os=$(calc "max($best_os, $os)")
  best_tb=$(calc "max($best_tb, $tb)")
done
echo "best: OpenSpiel $(calc "round($best_os)") moves/s, tabula $(calc "round($best_tb)") moves/s, ratio $(calc "f'{$best_tb/$best_os:.2f}'")"
