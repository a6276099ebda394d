#!/usr/bin/env python3
"""Kalah (6 pits a side, 4 seeds each), written from the rules alone, for checking
examples/rules/kalah.tabula: move counts (perft) from the start.

Rules: the board is a ring of 14 holes: south's pits 0..5, south's store 6, north's
pits 7..12, north's store 13, sown in that order. A move lifts every seed of one of the
mover's non-empty pits and sows them one by one into the following holes, skipping
the opponent's store (a pit with enough seeds gets one back when the sowing laps).
A last seed in the mover's store: he moves again. A last seed in an empty pit of his
whose opposite pit (12 - i) holds seeds: both are put in his store. Otherwise the turn
passes. The game ends as soon as either side's six pits are all empty (each decision is
one ply; a finished game is one leaf).

Usage: kalah.py DEPTH -> prints `depth count` for 1..DEPTH.
"""
import sys

STORE = [6, 13]


def pits(p):
    return range(0, 6) if p == 0 else range(7, 13)


def over(board):
    return all(board[i] == 0 for i in pits(0)) or all(board[i] == 0 for i in pits(1))


def play(board, p, pit):
    """Sows from `pit`; returns the player to move next."""
    seeds = board[pit]
    board[pit] = 0
    at = pit
    while seeds:
        at = (at + 1) % 14
        if at == STORE[1 - p]:
            continue
        board[at] += 1
        seeds -= 1
    if at == STORE[p]:
        return p
    if at in pits(p) and board[at] == 1 and board[12 - at] > 0:
        board[STORE[p]] += board[12 - at] + 1
        board[12 - at] = 0
        board[at] = 0
    return 1 - p


def perft(board, p, depth):
    if depth == 0 or over(board):
        return 1
    total = 0
    for pit in pits(p):
        if board[pit]:
            child = board[:]
            nxt = play(child, p, pit)
            total += perft(child, nxt, depth - 1)
    return total


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    board = [4] * 6 + [0] + [4] * 6 + [0]
    for d in range(1, depth + 1):
        print(d, perft(board, 0, d))


if __name__ == "__main__":
    main()
