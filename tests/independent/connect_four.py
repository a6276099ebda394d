#!/usr/bin/env python3
"""Connect Four move counts (perft), written from the rules alone, for checking
examples/rules/connect-four.tabula.

Rules: a 7-column, 6-row upright grid; players alternate dropping a disc into a column
that is not full; the disc lands on the lowest empty cell. Four discs of one player in
a row (across, up, or along either diagonal) win at once; a full board without such a
line is a draw. A finished game counts as one leaf, whatever depth is left.

Usage: connect_four.py DEPTH  -> prints `depth count` for 1..DEPTH.
"""
import sys

COLS, ROWS = 7, 6
LINES = [(1, 0), (0, 1), (1, 1), (1, -1)]


def wins(board, col, row, who):
    for dc, dr in LINES:
        n = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < COLS and 0 <= r < ROWS and board[c][r] == who:
                n += 1
                c, r = c + sign * dc, r + sign * dr
        if n >= 4:
            return True
    return False


def perft(board, heights, who, depth, over):
    if depth == 0 or over:
        return 1
    moves = [c for c in range(COLS) if heights[c] < ROWS]
    if not moves:
        return 1
    total = 0
    for c in moves:
        r = heights[c]
        board[c][r] = who
        heights[c] += 1
        total += perft(board, heights, 1 - who, depth - 1, wins(board, c, r, who))
        heights[c] -= 1
        board[c][r] = -1
    return total


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    board = [[-1] * ROWS for _ in range(COLS)]
    heights = [0] * COLS
    for d in range(1, depth + 1):
        print(d, perft(board, heights, 0, d, False))


if __name__ == "__main__":
    main()
