#!/usr/bin/env python3
"""Hex on a 7x7 rhombus, written from the rules alone, for checking
examples/rules/hex.tabula: move counts (perft) from sampled positions.

Board: files a..g across, ranks 1..7 from the top; cell (f, r) touches (f+-1, r),
(f, r-1), (f+1, r-1), (f, r+1), (f-1, r+1). Red joins rank 1 to rank 7, blue file a to
file g. Players alternate placing a stone on an empty cell, red first; a player whose
stones join his two edges wins at once. A finished game counts as one leaf.

Usage: hex.py [SEED] -> prints one JSON object a line: the stones (cell -> player),
the player to move, and the perft counts for depths 1..4.
"""
import json
import random
import sys

N = 7
PLAYERS = ["red", "blue"]
TOUCH = [(1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (-1, 1)]


def name(f, r):
    return "abcdefg"[f] + str(r + 1)


def joined(board, who):
    """Whether `who` joins his edges: a search from his first edge."""
    if who == 0:
        todo = [(f, 0) for f in range(N) if board.get((f, 0)) == 0]
        goal = lambda f, r: r == N - 1
    else:
        todo = [(0, r) for r in range(N) if board.get((0, r)) == 1]
        goal = lambda f, r: f == N - 1
    seen = set(todo)
    while todo:
        f, r = todo.pop()
        if goal(f, r):
            return True
        for df, dr in TOUCH:
            n = (f + df, r + dr)
            if n not in seen and board.get(n) == who:
                seen.add(n)
                todo.append(n)
    return False


def perft(board, who, depth):
    if depth == 0 or joined(board, 0) or joined(board, 1):
        return 1
    empty = [(f, r) for r in range(N) for f in range(N) if (f, r) not in board]
    if not empty:
        return 1
    total = 0
    for c in empty:
        board[c] = who
        total += perft(board, 1 - who, depth - 1)
        del board[c]
    return total


def sample(rng, empty_left):
    """A random game played until `empty_left` cells are empty, with no winner yet."""
    while True:
        board, who = {}, 0
        cells = [(f, r) for r in range(N) for f in range(N)]
        rng.shuffle(cells)
        for c in cells[: N * N - empty_left]:
            board[c] = who
            who = 1 - who
        if not joined(board, 0) and not joined(board, 1):
            return board, who


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    for empty_left in [6, 8, 9, 10, 12, 14]:
        board, who = sample(rng, empty_left)
        counts = [perft(board, who, d) for d in range(1, 5)]
        stones = {name(f, r): PLAYERS[p] for (f, r), p in sorted(board.items())}
        print(json.dumps({"stones": stones, "to_move": PLAYERS[who], "perft": counts}))


if __name__ == "__main__":
    main()
