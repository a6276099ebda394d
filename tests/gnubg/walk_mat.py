# Run inside GNU Backgammon: gnubg -t -q -p tests/gnubg/walk_mat.py < FILE.mat
# (the file's name comes in the environment, TABULA_MAT). Imports the .mat file and
# prints one JSON line per game: gnubg's result and, for each action, who acted
# (0: the left column, 1: the right one), what (move, double, take, drop), the dice
# and the Position ID before it.
import json
import os

import gnubg

gnubg.command("set jacoby off")
gnubg.command("import mat " + os.environ["TABULA_MAT"])
match = gnubg.match(0, 1, 0, 0)
# The Python module calls player 0 "X" and player 1 "O".
player = {"X": 0, "O": 1}
for game in match["games"]:
    info = game["info"]
    actions = []
    for record in game["game"]:
        action = {"player": player[record["player"]], "action": record["action"]}
        if "dice" in record:
            action["dice"] = sorted(record["dice"], reverse=True)
        if "board" in record:
            action["board"] = record["board"]
        if "move" in record:
            action["moves"] = len(record["move"])
        actions.append(action)
    print("TABULA-GAME " + json.dumps({
        "winner": player.get(info.get("winner")),
        "points": info.get("points-won"),
        "score": [info.get("score-X"), info.get("score-O")],
        "actions": actions,
    }))
