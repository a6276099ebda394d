"""Loading games: by name, by path, from text, with options; what a game declares; the
errors, with the command line's own messages; pickling."""

import math
import pathlib
import pickle
import re

import pytest

import tabula


def test_built_in_games():
    assert tabula.built_in_games() == ["backgammon", "invictus", "naytin-six"]


def test_a_built_in_game_and_what_it_declares():
    game = tabula.load("backgammon")
    assert game.name == "Backgammon"
    assert game.source == "backgammon"
    assert game.players == ["white", "black"]
    assert game.num_players == 2
    assert game.options == []
    assert [name for name, _ in game.declared_options] == ["first-roll-reroll", "no-cube"]
    assert game.has_chance
    # The opening roll: two different dice, one each, 6 x 5 = 30 ordered outcomes; a
    # later roll has 21 unordered ones.
    assert game.max_chance_outcomes == 30
    assert game.has_gnubg_ids


def test_options_are_compiled_in():
    game = tabula.load("naytin-six", options=["slide", "pips-only"])
    assert game.options == ["pips-only", "slide"]
    assert not tabula.load("invictus").has_gnubg_ids
    assert tabula.load("invictus").max_chance_outcomes == 0


def test_a_rules_file_by_path(root):
    game = tabula.load(str(root / "examples/rules/tic-tac-toe.tabula"))
    assert game.name == "Tic-tac-toe"
    assert game.players == ["x", "o"]
    assert not game.has_chance


def test_an_unknown_option_is_refused_as_the_cli_refuses_it(cli):
    with pytest.raises(tabula.RulesError) as e:
        tabula.load("backgammon", options=["no-dice"])
    code, _, err = cli("check", "backgammon", "-o", "no-dice")
    assert code != 0
    assert str(e.value) == err.strip()
    assert "no-dice" in str(e.value)


def test_a_misspelt_game_gets_the_cli_message(cli):
    with pytest.raises(tabula.RulesError) as e:
        tabula.load("backgamon")
    assert "did you mean the built-in game `backgammon`?" in str(e.value)
    _, _, err = cli("check", "backgamon")
    assert str(e.value) == err.strip()


def test_a_rules_error_has_its_place_line_and_caret(tmp_path, root, cli):
    text = (root / "examples/rules/tic-tac-toe.tabula").read_text().replace("empty(to)", "empy(to)")
    path = tmp_path / "my-game.tabula"
    path.write_text(text)
    with pytest.raises(tabula.RulesError) as e:
        tabula.load(str(path))
    message = str(e.value)
    assert message.startswith("error: unknown function `empy`")
    # The line of the `where` (the file begins with its rules in words).
    line = text[: text.index("where empy(to)")].count("\n") + 1
    assert f"my-game.tabula:{line}:9" in message
    assert f"{line} |   where empy(to)" in message
    assert "= hint: did you mean `empty`?" in message
    _, _, err = cli("check", str(path))
    assert message == err.strip()
    with pytest.raises(tabula.RulesError) as e:
        tabula.load_text(text, name="my-game.tabula")
    assert str(e.value) == err.strip().replace(str(path), "my-game.tabula")


def test_errors_are_one_family():
    for kind in (tabula.RulesError, tabula.StateError, tabula.PlayingError, tabula.IllegalActionError):
        assert issubclass(kind, tabula.TabulaError)
    assert issubclass(tabula.TabulaError, Exception)


def test_options_must_be_a_list():
    with pytest.raises(TypeError):
        tabula.load("naytin-six", options="slide")


def test_a_game_pickles_as_the_way_to_load_it(root):
    for game in (
        tabula.load("naytin-six", options=["slide"]),
        tabula.load_text((root / "examples/rules/tic-tac-toe.tabula").read_text(), name="t.tabula"),
    ):
        copy = pickle.loads(pickle.dumps(game))
        assert repr(copy) == repr(game)
        assert copy.options == game.options
        assert copy.new_initial_state().to_json() == game.new_initial_state().to_json()


def test_playouts_give_the_cli_figures(cli_json):
    for name in ("backgammon", "invictus", "naytin-six"):
        game = tabula.load(name)
        ours = game.playouts(20, seed=7, threads=2)
        theirs = cli_json("playout", name, "-n", "20", "--seed", "7", "--json")[-1]["summary"]
        for key in ("games", "wins", "draws", "unfinished", "mean_decisions", "max_decisions"):
            assert ours[key] == theirs[key], (name, key)


def test_a_game_too_large_for_an_encoding_raises_instead_of_aborting():
    # 8 players, 250 kinds of piece, 1,040 cells: within the rules' limits, but 8.3
    # million encoding entries for the cells alone.
    text = (
        'game "Huge"\nplayers red, blue, green, gold, pink, gray, teal, plum\n'
        "board { grid 26 x 40 }\n"
        + "".join(f"piece kind{k}\n" for k in range(1, 251))
        + 'action pass "pass" { }\nphase play { actions pass }\n'
    )
    game = tabula.load_text(text, name="huge.tabula")
    for read in (lambda: game.observation_size, lambda: game.observation_names):
        with pytest.raises(tabula.TabulaError, match="encoding would have more than 1000000 entries"):
            read()


def test_an_error_quoting_untrusted_text_carries_no_terminal_codes():
    # A rules file whose broken line holds codes that would clear a terminal.
    text = 'game "x"\nplayers a, b\nboard { grid 2 x 2 }\nbogus \x1b[2J\x1b]0;owned\x07 here\n'
    with pytest.raises(tabula.RulesError) as caught:
        tabula.load_text(text, name="codes.tabula")
    message = str(caught.value)
    assert "\x1b" not in message and "\x07" not in message
    assert "\\u{1b}[2J" in message

def test_many_playouts_keep_little_and_batches_are_bounded(root):
    # Ten million random games of tic-tac-toe would once reserve room for each first;
    # stopped by their own error here (a thread count refused), nothing was reserved.
    game = tabula.load(str(root / "examples/rules/tic-tac-toe.tabula"))
    with pytest.raises(tabula.TabulaError) as e:
        game.playouts(games=10**10, threads=1000)
    assert str(e.value) == "threads: at most 256"
    with pytest.raises(tabula.TabulaError) as e:
        tabula.arena_games(game, "random", "random", 0, 10**10)
    assert str(e.value) == (
        "error: a batch returns at most 100000 games, not 10000000000; ask for them in smaller batches"
    )
    with pytest.raises(tabula.TabulaError) as e:
        tabula.analyze_games(game, ["random"], 5, 100_006)
    assert str(e.value) == (
        "error: a batch returns at most 100000 games, not 100001; ask for them in smaller batches"
    )
    with pytest.raises(tabula.TabulaError) as e:
        tabula.arena(game, "random", "random", games=10**13)
    assert str(e.value) == "error: a run plays at most 1000000000000 games, not 10000000000000"
    with pytest.raises(tabula.TabulaError) as e:
        tabula.arena(game, "random", "random", games=4, threads=100_000)
    assert str(e.value) == "threads: at most 256"
    # A summary of many games is made as they finish.
    assert tabula.arena(game, "random", "random", games=300, threads=2)["summary"]["games"] == 300
    assert game.playouts(games=300, threads=2)["games"] == 300


def test_arena_summary_refuses_games_that_could_not_be_played(root):
    game = tabula.load(str(root / "examples/rules/tic-tac-toe.tabula"))
    played = tabula.arena_games(game, "random", "random", 0, 4)
    assert tabula.arena_summary(game, played)["games"] == 4
    for change, what in [
        ({"seats": [0, 0, 1]}, "its seats must give each player side 0 or 1"),
        ({"seats": [0, 7]}, "its seats must give each player side 0 or 1"),
    ]:
        bad = dict(played[0], **change)
        with pytest.raises(tabula.TabulaError) as e:
            tabula.arena_summary(game, [bad] + played[1:])
        assert str(e.value) == f"error: game 0 is not a game of this arena: {what}"
    finished = next(g for g in played if g["outcome"] is not None)
    for outcome, what in [
        (dict(finished["outcome"], winner=5), "its winner is no player"),
        (dict(finished["outcome"], scores=[0]), "it must have a score for each player"),
    ]:
        with pytest.raises(tabula.TabulaError) as e:
            tabula.arena_summary(game, [dict(finished, outcome=outcome)])
        assert str(e.value) == f"error: game {finished['index']} is not a game of this arena: {what}"
    # Decisions beyond any count add up without wrapping round.
    huge = [dict(g, decisions=2**63) for g in played]
    assert tabula.arena_summary(game, huge)["decisions"] == 2**64 - 1


def test_an_unpickled_state_equals_the_original(root):
    game = tabula.load(str(root / "examples/rules/tic-tac-toe.tabula"))
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("b2"))
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and hash(copy) == hash(state)
    other = tabula.load(str(root / "examples/rules/tic-tac-toe.tabula"), options=["misere"])
    assert other.new_initial_state() != game.new_initial_state()


def test_an_unbounded_elo_is_infinite_beside_its_finite_side(root):
    # Games all won by A, made by hand from played ones: a score of 100 %.
    game = tabula.load(str(root / "examples/rules/tic-tac-toe.tabula"))
    played = tabula.arena_games(game, "random", "random", 0, 8)
    won = []
    for g in played:
        a_seat = g["seats"].index(0)
        outcome = {"winner": a_seat, "points": 1, "scores": [0, 0], "reason": "three in a row", "named": None}
        won.append(dict(g, outcome=outcome, winner_side=0, points_a=1.0))
    summary = tabula.arena_summary(game, won)
    assert summary["score"] == 1.0
    assert summary["elo"] == math.inf and summary["elo_high"] == math.inf
    assert math.isfinite(summary["elo_low"]) and summary["elo_low"] > 0


def test_the_rules_in_words_are_those_tabula_rules_prints(cli, root):
    game = tabula.load("naytin-six", options=["slide"])
    code, out, _ = cli("rules", "naytin-six", "-o", "slide")
    assert code == 0
    assert game.rules() == out
    assert "\nWith slide: a moving die slides in a straight line across empty cells.\n" in out
    # Reflowed to a width: the same words, on lines that fit it.
    narrow = game.rules(width=40)
    assert all(len(line) <= 40 for line in narrow.splitlines())
    assert narrow.split() == out.split()
    # A rules file without a text has none.
    text = (root / "examples/rules/tic-tac-toe.tabula").read_text()
    bare = re.sub(r'rules( with [\w-]+)? """.*?"""', "", text, flags=re.S)
    assert tabula.load_text(bare, name="t.tabula").rules() is None


def test_a_number_option_is_given_its_value_as_name_equals_value():
    pig = str(pathlib.Path(__file__).resolve().parents[2] / "examples/rules/pig.tabula")
    game = tabula.load(pig, options=["target=50"])
    assert game.options == ["target=50"]
    assert game.number_options == {"target": (50, 10, 1000, 100)}
    assert tabula.load(pig).number_options == {"target": (100, 10, 1000, 100)}
    with pytest.raises(tabula.RulesError, match=r"`5` is not"):
        tabula.load(pig, options=["target=5"])


def test_a_strategy_of_the_rules_file_is_a_level(root):
    # examples/rules/pig.tabula's `hold20` rolls until the turn has gathered 20.
    game = tabula.load(str(root / "examples/rules/pig.tabula"))
    state = game.new_initial_state()
    assert state.action_to_string(state.best_action("hold20")) == "roll"
    assert tabula.arena(game, "hold20", "random", games=20)["summary"]["games"] == 20
    with pytest.raises(tabula.TabulaError) as e:
        state.best_action("hold30")
    assert str(e.value).endswith("or a strategy of the file: hold20")
