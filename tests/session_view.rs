//! The session as data (`Session::view`, `picture`, `computer_choice`,
//! `replace_rules`, `load_record_text`): what a page that draws the board and takes
//! clicks is told, checked against positions worked out by hand.

mod session_support;

use session_support::run;
use tabula::session::Session;
use tabula::Source;

const TIC_TAC_TOE: &str = include_str!("../examples/rules/tic-tac-toe.tabula");

fn tic_tac_toe() -> Session {
    let mut s = Session::new(
        Source::new("examples/rules/tic-tac-toe.tabula", TIC_TAC_TOE),
        &[],
        1,
    )
    .unwrap();
    s.intro();
    s
}

/// The names of a step's cells (white's names are the cells' own in backgammon).
fn names(s: &Session, cells: &[usize]) -> Vec<String> {
    cells
        .iter()
        .map(|&c| s.game().rules().board.cells[c].clone())
        .collect()
}

fn texts(view: &tabula::session::View) -> Vec<String> {
    let mut t: Vec<String> = view.next.iter().map(|n| n.text.clone()).collect();
    t.sort();
    t
}

#[test]
fn an_opening_roll_offers_each_checker_its_single_steps_with_their_cells() {
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    run(&mut s, "dice 3 1");
    let view = s.view().unwrap();
    assert_eq!(view.status, "player");
    assert_eq!(view.player.as_deref(), Some("white"));
    assert!(view.whole_turns);
    assert!(view.partial.is_empty());
    // White: 2 on 24, 5 on 13, 3 on 8, 5 on 6; black holds 12 (five checkers) and
    // 17, 19. The 3 moves 24/21, 13/10, 8/5, 6/3; the 1 moves 24/23, 8/7, 6/5 (13/12
    // lands on black's five). Every one begins some legal turn of both dice.
    assert_eq!(
        texts(&view),
        ["13/10", "24/21", "24/23", "6/3", "6/5", "8/5", "8/7"]
    );
    for step in &view.next {
        let (from, to) = step.text.split_once('/').unwrap();
        assert_eq!(names(&s, &step.cells), [from, to], "{}", step.text);
    }
    // The sixteen whole turns of an opening 3-1.
    assert_eq!(view.choices.len(), 16);
    // No move yet: nothing is ringed.
    assert!(!s.picture().unwrap().contains("class=\"last-move\""));
}

#[test]
fn a_step_entered_narrows_the_next_steps_and_undo_takes_it_back() {
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    run(&mut s, "dice 3 1");
    run(&mut s, "8/5");
    let view = s.view().unwrap();
    assert_eq!(view.partial, ["8/5"]);
    assert_eq!(view.prompt, "white 8/5>");
    // The 1 is left: 24/23, 8/7, 6/5, or the checker just moved goes on, 5/4.
    assert_eq!(texts(&view), ["24/23", "5/4", "6/5", "8/7"]);
    // The picture shows the step played: 8 and 5 are ringed.
    let picture = s.picture().unwrap();
    let ringed = picture
        .split("<g class=\"last-move\">")
        .nth(1)
        .and_then(|rest| rest.split("</g>").next())
        .unwrap();
    assert_eq!(ringed.matches("<polyline").count(), 2);
    run(&mut s, "undo");
    let view = s.view().unwrap();
    assert!(view.partial.is_empty());
    assert_eq!(view.next.len(), 7);
    // Both steps complete the turn, which is then white's move in the list.
    run(&mut s, "8/5");
    run(&mut s, "6/5");
    let view = s.view().unwrap();
    let white: Vec<&str> = view
        .played
        .iter()
        .filter(|p| p.player.as_deref() == Some("white"))
        .map(|p| p.text.as_str())
        .collect();
    // As the game writes that turn.
    assert_eq!(white, ["6/5 8/5"]);
    assert_eq!(view.player.as_deref(), Some("black"));
}

#[test]
fn decisions_without_cells_are_offered_as_words() {
    // With the cube, black begins his turn by rolling or doubling: no cell named.
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    run(&mut s, "dice 6 3");
    run(&mut s, "24/18 13/10");
    let view = s.view().unwrap();
    assert_eq!(view.player.as_deref(), Some("black"));
    assert_eq!(texts(&view), ["double", "roll"]);
    assert!(view.next.iter().all(|n| n.cells.is_empty()));
}

#[test]
fn a_placement_names_one_cell_and_the_game_over_says_why() {
    let mut s = tic_tac_toe();
    let view = s.view().unwrap();
    assert!(!view.whole_turns);
    assert_eq!(view.next.len(), 9);
    for step in &view.next {
        assert_eq!(names(&s, &step.cells), std::slice::from_ref(&step.text));
    }
    for m in ["a1", "a2", "b1", "b2"] {
        run(&mut s, m);
    }
    assert_eq!(s.view().unwrap().next.len(), 5);
    run(&mut s, "c1");
    let view = s.view().unwrap();
    assert_eq!(view.status, "over");
    assert_eq!(view.result.as_deref(), Some("x wins (three in a row)"));
    assert!(view.next.is_empty());
    // Two undos take back c1 and b2, which redo can play again.
    run(&mut s, "undo 2");
    let view = s.view().unwrap();
    assert_eq!(view.played.len(), 3);
    assert_eq!(view.redo, 2);
}

#[test]
fn the_computer_names_its_choice_without_playing_it() {
    let mut s = tic_tac_toe();
    for m in ["a1", "a2", "b1", "b2"] {
        run(&mut s, m);
    }
    // x wins at once on c1, which the greedy level takes.
    assert_eq!(s.computer_choice("greedy").unwrap(), "c1");
    assert_eq!(s.moves().len(), 4);
    assert_eq!(
        s.computer_choice("net").unwrap_err().to_string(),
        "Tic-tac-toe has no trained network"
    );
    assert_eq!(
        s.computer_choice("fast").unwrap_err().to_string(),
        "`fast` is not a computer level; use random, greedy, playouts, mcts (mcts:2s, mcts:2s:wall, mcts:5000), net, net2, net3 (net3:1s, net:FILE, net2:FILE, net3:FILE), az (az:2s, az:800, az:FILE) or off"
    );
}

#[test]
fn edited_rules_replay_the_moves_they_still_allow() {
    let mut s = tic_tac_toe();
    for m in ["a1", "b2", "c3", "a3"] {
        run(&mut s, m);
    }
    // The middle cell is forbidden now: a1 replays, b2 does not, nor what follows.
    let edited = TIC_TAC_TOE.replace("where empty(to)", "where empty(to) and to != b2");
    let kept = s
        .replace_rules(Source::new("edited.tabula", edited))
        .unwrap();
    assert_eq!(kept, (1, 3));
    assert_eq!(s.moves(), ["a1"]);
    assert_eq!(s.view().unwrap().next.len(), 7);
    // A text that does not compile keeps the game.
    let broken = TIC_TAC_TOE.replace("empty(to)", "empy(to)");
    let e = s
        .replace_rules(Source::new("broken.tabula", broken))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("error: unknown function `empy`"), "{e}");
    assert_eq!(s.moves(), ["a1"]);
}

#[test]
fn a_record_given_as_text_replays_and_goes_on() {
    // Without the cube, a roll follows white's move: loading draws it.
    let yaml = "game: backgammon\noptions: [no-cube]\nseed: 7\nmoves: [3-1, 8/5 6/5]\n";
    let mut s = Session::open("invictus", &[], 2).unwrap();
    s.intro();
    let out = s.load_record_text("game.yaml", yaml).text;
    assert!(
        out.starts_with("loaded game.yaml: 2 moves replayed\n"),
        "{out}"
    );
    assert_eq!(s.game().name(), "Backgammon");
    let moves = s.moves();
    assert_eq!(moves[..2], ["3-1", "8/5 6/5"]);
    assert_eq!(moves.len(), 3, "{moves:?}");
    assert_eq!(s.view().unwrap().player.as_deref(), Some("black"));
    let out = s.load_record_text("bad.yaml", "moves: [");
    assert!(
        out.text.starts_with("error: this is not a game record"),
        "{}",
        out.text
    );
    assert_eq!(s.moves(), moves);
}

#[test]
fn each_cell_is_said_in_words_with_what_stands_on_it() {
    let mut s = Session::open("backgammon", &[], 1).unwrap();
    s.intro();
    run(&mut s, "dice 3 1");
    let labels = s.cell_labels();
    let cells = s.game().rules().board.cells.clone();
    let of = |labels: &[String], name: &str| {
        let c = cells.iter().position(|n| n == name).unwrap();
        labels[c].clone()
    };
    // The usual start: white 2 on 24, 5 on 13, 3 on 8, 5 on 6; black's two on 1.
    assert_eq!(of(&labels, "24"), "24: 2 × white checker");
    assert_eq!(of(&labels, "13"), "13: 5 × white checker");
    assert_eq!(of(&labels, "8"), "8: 3 × white checker");
    assert_eq!(of(&labels, "1"), "1: 2 × black checker");
    assert_eq!(of(&labels, "5"), "5: empty");
    // A step of the turn entered is shown: one checker has gone from 8 to 5.
    run(&mut s, "8/5");
    let labels = s.cell_labels();
    assert_eq!(of(&labels, "8"), "8: 2 × white checker");
    assert_eq!(of(&labels, "5"), "5: white checker");

    let mut t = tic_tac_toe();
    run(&mut t, "b2");
    let labels = t.cell_labels();
    assert_eq!(labels.len(), 9);
    let b2 = t
        .game()
        .rules()
        .board
        .cells
        .iter()
        .position(|n| n == "b2")
        .unwrap();
    assert_eq!(labels[b2], "b2: x mark");
    assert_eq!(labels.iter().filter(|l| l.ends_with(": empty")).count(), 8);
}
