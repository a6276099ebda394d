"""tabula's `mcts` (or `az`, --level) against OpenSpiel's MCTSBot (C++, random rollouts, UCT c = 2, its
solver on) in Connect Four and Hex 7x7: each side plays its own program's game, and
every move is carried to the other's, checked to be legal there, and the two
programs must agree at every step on whether the game is over and who won.

Games are seeded (game i from seed + i) and the seats alternate (tabula moves first
in the even games). A side's budget is a time on the wall clock for both (OpenSpiel's
bot keeps no other: `max_wall_clock_time`), or a number of iterations for both
(`--iterations N`). Prints tabula's wins, draws and losses with its score and the
score's 95 % Wilson interval, and the mean time a move of each side.

    python benches/mcts_vs_openspiel.py --game connect-four --games 200 --seed 1 --time 0.1
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import sys
import time

import pyspiel

import tabula

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAMES = {
    # tabula's rules file, OpenSpiel's game.
    "connect-four": (ROOT / "examples/rules/connect-four.tabula", "connect_four"),
    "hex": (ROOT / "examples/rules/hex.tabula", "hex(board_size=7)"),
}


def to_openspiel(game: str, text: str) -> int:
    """OpenSpiel's action for tabula's move text: a column (`d3`: 3) in Connect Four,
    a cell row by row in Hex (`c4`: file c, rank 4 from the top: 3 * 7 + 2)."""
    column = ord(text[0]) - ord("a")
    if game == "connect-four":
        return column
    return (int(text[1:]) - 1) * 7 + column


def tabula_action(game: str, state: tabula.State, action: int) -> int:
    """tabula's action that is OpenSpiel's `action`."""
    for i, text in enumerate(state.legal_action_strings()):
        if to_openspiel(game, text) == action:
            return i
    raise AssertionError(f"OpenSpiel's action {action} is not legal in tabula's game")


def agree(ts: tabula.State, os_state) -> None:
    """Both programs see the same game: over or not, and the same winner."""
    assert ts.is_terminal() == os_state.is_terminal(), (ts.to_json(), str(os_state))
    if ts.is_terminal():
        assert list(ts.returns()) == list(os_state.returns()), (ts.returns(), os_state.returns())


def wilson(score: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z = 1.959964
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def play(args, index: int, tgame, os_game) -> dict:
    seed = args.seed + index
    tabula_seat = index % 2
    if args.iterations:
        level = f"{args.level}:{args.iterations}"
        simulations, wall = args.iterations, -1.0
    else:
        level = f"{args.level}:{round(args.time * 1000)}ms:wall"
        simulations, wall = 10**9, args.time
    if args.net:
        level = f"{level}:{args.net}"
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(os_game, evaluator, 2.0, simulations, 1000, True, seed, False,
                          pyspiel.ChildSelectionPolicy.UCT, wall)
    ts, os_state = tgame.new_initial_state(), os_game.new_initial_state()
    spent = {"tabula": [0.0, 0], "openspiel": [0.0, 0]}
    move = 0
    while not ts.is_terminal():
        started = time.perf_counter()
        if ts.current_player() == tabula_seat:
            i = ts.best_action(level, seed * 1000 + move, 1)
            action = to_openspiel(args.game, ts.action_to_string(i))
            side = "tabula"
        else:
            action = bot.step(os_state)
            i = tabula_action(args.game, ts, action)
            side = "openspiel"
        spent[side][0] += time.perf_counter() - started
        spent[side][1] += 1
        assert action in os_state.legal_actions(), (action, str(os_state))
        ts.apply_action(i)
        os_state.apply_action(action)
        agree(ts, os_state)
        move += 1
    result = ts.returns()[tabula_seat]
    return {"seed": seed, "tabula_seat": tabula_seat, "result": result, "moves": move, "spent": spent}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time", type=float, default=0.1, help="seconds of the wall clock a move, for both")
    parser.add_argument("--iterations", type=int, default=0, help="iterations a move for both, in place of a time")
    parser.add_argument("--level", default="mcts", choices=["mcts", "az"],
                        help="tabula's searcher: mcts (random playouts) or az (a network with a policy head)")
    parser.add_argument("--net", default="", help="the network file of --level az (else the game's own)")
    parser.add_argument("--json", action="store_true", help="one JSON line a game, then the summary")
    args = parser.parse_args()
    rules, os_name = GAMES[args.game]
    tgame = tabula.load(str(rules))
    os_game = pyspiel.load_game(os_name)
    wins = draws = losses = 0
    spent = {"tabula": [0.0, 0], "openspiel": [0.0, 0]}
    for index in range(args.games):
        g = play(args, index, tgame, os_game)
        if args.json:
            print(json.dumps(g), flush=True)
        wins += g["result"] > 0
        draws += g["result"] == 0
        losses += g["result"] < 0
        for side in spent:
            spent[side][0] += g["spent"][side][0]
            spent[side][1] += g["spent"][side][1]
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    low, high = wilson(score, n)
    budget = f"{args.iterations} iterations" if args.iterations else f"{args.time:g} s of the wall clock"
    per_move = {side: 1000 * s / max(k, 1) for side, (s, k) in spent.items()}
    print(
        f"{args.game}: tabula {args.level} against OpenSpiel MCTSBot, {budget} a move, {n} games from seed {args.seed}: "
        f"{wins} wins, {draws} draws, {losses} losses; score {100 * score:.1f} % "
        f"(95 % interval {100 * low:.1f}-{100 * high:.1f}); a move: tabula {per_move['tabula']:.0f} ms, "
        f"OpenSpiel {per_move['openspiel']:.0f} ms"
    )


if __name__ == "__main__":
    sys.exit(main())
