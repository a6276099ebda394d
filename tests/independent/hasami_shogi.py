#!/usr/bin/env python3
"""Hasami Shogi, written from the rules alone, for checking
examples/rules/hasami-shogi.tabula: move counts (perft) from the start and from sampled
positions.

Rules: a 9x9 board, files a..i, ranks 1..9; black's nine pieces on rank 1, white's on
rank 9; black moves first. A piece moves any number of empty cells along its rank or
file. After the move, in each of the four directions from the moved piece, a line of
one or more enemy pieces followed by a piece of the mover is taken. A player with no
piece left, or none to move, loses; 100 moves in a row without a capture draw. A
finished game counts as one leaf.

Usage: hasami_shogi.py [SEED] -> the first line `start` and the counts for depths 1..3;
then one JSON object a line: a position reached by random play (pieces, the player to
move, the moves since the last capture) and its counts for depths 1..2.
"""
import json
import random
import sys

N = 9
DIRS = [(0, 1), (0, -1), (1, 0), (-1, 0)]
PLAYERS = ["black", "white"]


def name(f, r):
    return "abcdefghi"[f] + str(r + 1)


def moves(board, who):
    out = []
    for (f, r), p in board.items():
        if p != who:
            continue
        for df, dr in DIRS:
            x, y = f + df, r + dr
            while 0 <= x < N and 0 <= y < N and (x, y) not in board:
                out.append(((f, r), (x, y)))
                x, y = x + df, y + dr
    return out


def play(board, who, frm, to):
    """Plays a move; returns whether it took anything."""
    del board[frm]
    board[to] = who
    took = False
    for df, dr in DIRS:
        line = []
        x, y = to[0] + df, to[1] + dr
        while board.get((x, y)) == 1 - who:
            line.append((x, y))
            x, y = x + df, y + dr
        if line and board.get((x, y)) == who:
            for c in line:
                del board[c]
            took = True
    return took


def over(board, who, quiet):
    if quiet >= 100:
        return True
    if not any(p == 0 for p in board.values()) or not any(p == 1 for p in board.values()):
        return True
    return not moves(board, who)


def perft(board, who, quiet, depth):
    if depth == 0 or over(board, who, quiet):
        return 1
    total = 0
    for frm, to in moves(board, who):
        child = dict(board)
        took = play(child, who, frm, to)
        total += perft(child, 1 - who, 0 if took else quiet + 1, depth - 1)
    return total


def start():
    board = {(f, 0): 0 for f in range(N)}
    board.update({(f, N - 1): 1 for f in range(N)})
    return board


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    board = start()
    print("start", [perft(board, 0, 0, d) for d in range(1, 4)])
    for plies in [10, 20, 30, 40, 60, 80]:
        board, who, quiet = start(), 0, 0
        for _ in range(plies):
            ms = moves(board, who)
            if over(board, who, quiet):
                break
            frm, to = rng.choice(ms)
            quiet = 0 if play(board, who, frm, to) else quiet + 1
            who = 1 - who
        pieces = {name(f, r): PLAYERS[p] for (f, r), p in sorted(board.items())}
        counts = [perft(board, who, quiet, d) for d in range(1, 3)]
        print(json.dumps({"pieces": pieces, "to_move": PLAYERS[who], "quiet": quiet, "perft": counts}))


if __name__ == "__main__":
    main()
