#!/usr/bin/env python3
"""An independent Plakoto move generator, written from the rules stated at the top of
examples/rules/plakoto.tabula (Wikipedia's "Plakoto" and FIBS's "The Board"), sharing
no code with tabula. It plays seeded random games and writes, for sampled positions and
rolls, every distinct position a legal whole turn can reach (and how the game ends, if
it does), one JSON object per line.

    python3 tests/plakoto_ref/plakoto.py --games 25 --seed 1 > tests/fixtures/plakoto-ref.jsonl
    python3 tests/plakoto_ref/plakoto.py --games 15 --seed 2 --late --p-sample 0.5 >> tests/fixtures/plakoto-ref.jsonl

A position: points 1..24 in White's numbering, each a list of layers from the bottom,
a layer [owner, count]; White moves 24 -> 1, Black 1 -> 24; "off" counts borne-off
checkers. Results are canonical strings (see `canon`).
"""

import argparse
import json
import random

WHITE, BLACK = "white", "black"


def other(p):
    return BLACK if p == WHITE else WHITE


def point_at(p, i):
    """The point at distance i (0..23) along p's way; 24 is off."""
    return 24 - i if p == WHITE else 1 + i


def dist(p, point):
    return 24 - point if p == WHITE else point - 1


def home(p, point):
    return point <= 6 if p == WHITE else point >= 19


def start_point(p):
    return 24 if p == WHITE else 1


def top(pos, point):
    st = pos["points"][point]
    return st[-1] if st else None


def pieces(pos, point, p):
    return sum(n for o, n in pos["points"][point] if o == p)


def all_home(pos, p):
    for k in range(1, 25):
        if pieces(pos, k, p) > 0 and not (home(p, k) and top(pos, k)[0] == p):
            return False
    return True


def copy(pos):
    return {"points": {k: [list(l) for l in v] for k, v in pos["points"].items()},
            "off": dict(pos["off"])}


def single_moves(pos, p, d):
    """(from, to) pairs for one die: to is a point or "off"."""
    out = []
    ready = all_home(pos, p)
    for k in range(1, 25):
        t = top(pos, k)
        if t is None or t[0] != p:
            continue
        i = dist(p, k) + d
        if i > 24:
            farther = any(top(pos, j) is not None and top(pos, j)[0] == p and dist(p, j) < dist(p, k)
                          for j in range(1, 25))
            if not ready or farther:
                continue
            out.append((k, "off"))
            continue
        if i == 24:
            if ready:
                out.append((k, "off"))
            continue
        to = point_at(p, i)
        tt = top(pos, to)
        if tt is not None and tt[0] != p and not (tt[1] == 1 and len(pos["points"][to]) == 1):
            continue
        out.append((k, to))
    return out


def play(pos, p, frm, to):
    q = copy(pos)
    st = q["points"][frm]
    st[-1][1] -= 1
    if st[-1][1] == 0:
        st.pop()
    if to == "off":
        q["off"][p] += 1
    else:
        dst = q["points"][to]
        if dst and dst[-1][0] == p:
            dst[-1][1] += 1
        else:
            dst.append([p, 1])
    return q


def mother_pinned(pos, p):
    s = start_point(p)
    t = top(pos, s)
    return pieces(pos, s, p) > 0 and t[0] != p


def result(pos):
    """How the game ends in this position, or None: (winner or "draw", points)."""
    if mother_pinned(pos, WHITE) and mother_pinned(pos, BLACK):
        return ("draw", 0)
    for p in (WHITE, BLACK):
        o = other(p)
        t = top(pos, start_point(o))
        if mother_pinned(pos, p) and not (t is not None and t[0] == o):
            return (o, 2)
    for p in (WHITE, BLACK):
        if pos["off"][p] == 15:
            return (p, 2 if pos["off"][other(p)] == 0 else 1)
    return None


def canon(pos, end):
    parts = []
    for k in range(1, 25):
        st = pos["points"][k]
        if st:
            parts.append("%d:%s" % (k, "".join("%s%d" % (o[0], n) for o, n in st)))
    parts.append("off:w%d,b%d" % (pos["off"][WHITE], pos["off"][BLACK]))
    if end is not None:
        parts.append("end:%s/%d" % end)
    return " ".join(parts)


def turns(pos, p, dice):
    """Every distinct outcome of a legal whole turn: {canon: position}. Use as many
    dice as possible, then the largest total; a turn that ends the game is complete
    whatever it used."""
    ended = {}
    best = {}
    best_key = [None]

    def rec(q, left, used, pips):
        moved = False
        for d in sorted(set(left)):
            rest = list(left)
            rest.remove(d)
            for frm, to in single_moves(q, p, d):
                moved = True
                r = play(q, p, frm, to)
                end = result(r)
                if end is not None:
                    ended[canon(r, end)] = r
                else:
                    rec(r, rest, used + 1, pips + d)
        if not moved:
            key = (used, pips)
            if best_key[0] is None or key > best_key[0]:
                best_key[0] = key
                best.clear()
            if key == best_key[0]:
                best[canon(q, None)] = q

    rec(pos, list(dice), 0, 0)
    out = dict(ended)
    out.update(best)
    return out


def start():
    pts = {k: [] for k in range(1, 25)}
    pts[24] = [[WHITE, 15]]
    pts[1] = [[BLACK, 15]]
    return {"points": pts, "off": {WHITE: 0, BLACK: 0}}


def late_start(rng):
    """A late position for testing bearing off: White's checkers on points 1..9,
    Black's on 16..24, and one of Black's pinned under White's on point 5 (which keeps
    Black from bearing off until it is freed)."""
    pts = {k: [] for k in range(1, 25)}
    pts[5] = [[BLACK, 1], [WHITE, 1]]
    for p, lo, hi in ((WHITE, 1, 9), (BLACK, 16, 24)):
        for _ in range(14):
            k = rng.randint(lo, hi)
            if pts[k] and pts[k][-1][0] == p:
                pts[k][-1][1] += 1
            elif not pts[k]:
                pts[k].append([p, 1])
            else:
                pts[k + 1 if k < hi else lo].append([p, 1])
    # Stacks built above may have put a checker of the same owner on a stack twice.
    for k in pts:
        merged = []
        for o, n in pts[k]:
            if merged and merged[-1][0] == o:
                merged[-1][1] += n
            else:
                merged.append([o, n])
        pts[k] = merged
    return {"points": pts, "off": {WHITE: 0, BLACK: 0}}


def roll(rng):
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    return [a] * 4 if a == b else [a, b]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--p-sample", type=float, default=0.15)
    ap.add_argument("--late", action="store_true", help="start from late positions (bearing off)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for g in range(args.games):
        pos, p = (late_start(rng) if args.late else start()), rng.choice([WHITE, BLACK])
        for ply in range(400):
            dice = roll(rng)
            outs = turns(pos, p, dice)
            if rng.random() < args.p_sample or any("end:" in c for c in outs):
                line = {"game": g, "ply": ply, "mover": p, "dice": dice,
                        "points": {str(k): v for k, v in pos["points"].items() if v},
                        "off": pos["off"], "results": sorted(outs)}
                print(json.dumps(line, separators=(",", ":")))
            if outs:
                key = rng.choice(sorted(outs))
                if "end:" in key:
                    break
                pos = outs[key]
            p = other(p)


if __name__ == "__main__":
    main()
