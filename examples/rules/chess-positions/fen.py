"""A chess position in Forsyth-Edwards Notation written as a tabula state of
examples/rules/chess.tabula: `python3 fen.py "FEN" > position.json`.

The pieces go to their squares; the side to move, the castling rights (`kside`,
`qside`), the en passant square (`ep`: kept by the rules only when a pawn of the side
to move stands beside the pawn that went two squares, since only then can it be
taken so) and the halfmove clock (`quiet`) to the counters."""

import json
import sys

PIECES = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}


def state(fen):
    board, side, castling, ep, quiet = fen.split()[:5]
    cells = {}
    for r, row in enumerate(board.split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            square = "abcdefgh"[f] + str(8 - r)
            owner = "white" if ch.isupper() else "black"
            cells[square] = {"owner": owner, "piece": PIECES[ch.lower()]}
            f += 1
    mover = "white" if side == "w" else "black"
    kept = None
    if ep != "-":
        # The pawn that went two squares stands one rank past the square it passed.
        rank = int(ep[1]) + (-1 if mover == "white" else 1)
        for df in (-1, 1):
            f = "abcdefgh".find(ep[0]) + df
            if 0 <= f < 8:
                beside = cells.get("abcdefgh"[f] + str(rank))
                if beside == {"owner": mover, "piece": "pawn"}:
                    kept = ep
    return {
        "phase": "play",
        "to_move": mover,
        "cells": cells,
        "counters": {
            "kside": {"white": "K" in castling, "black": "k" in castling},
            "qside": {"white": "Q" in castling, "black": "q" in castling},
            "ep": kept,
            "quiet": int(quiet),
        },
    }


if __name__ == "__main__":
    json.dump(state(sys.argv[1]), sys.stdout, indent=1, sort_keys=True)
    print()
