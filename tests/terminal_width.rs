//! Text at the prompt fits the terminal: told its width, the session wraps `help`,
//! `moves` and the text under the board between words.

use tabula::session::{help, Session};

fn session(game: &str, width: Option<usize>) -> Session {
    session_in_match(game, 0, width)
}

fn session_in_match(game: &str, length: i32, width: Option<usize>) -> Session {
    let mut s = Session::open(game, &[], 42)
        .and_then(|s| s.in_match(length))
        .expect("a built-in game");
    s.style.width = width;
    s.intro();
    s
}

fn run(s: &mut Session, line: &str) -> String {
    s.handle(line).text
}

/// Every word of `text` (split on spaces and line ends) in order, without the commas
/// that separate items (an item that ends a line has none).
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace()
        .map(|w| w.trim_end_matches(','))
        .collect()
}

#[test]
fn help_of_one_command_wraps_under_its_text() {
    let mut s = session("naytin-six", Some(40));
    // "  take back your last move (N moves); a" is 39 columns; " turn" would make 44.
    assert_eq!(
        run(&mut s, "help undo"),
        "undo [N]\n  take back your last move (N moves); a\n  turn entered in part loses its last\n  step\n"
    );
}

#[test]
fn help_at_sixty_columns_breaks_no_word() {
    let mut s = session("naytin-six", Some(60));
    let text = run(&mut s, "help");
    for line in text.lines() {
        assert!(line.chars().count() <= 60, "too wide: {line:?}");
    }
    // The same words as the unwrapped help, none cut in two.
    assert_eq!(words(&text), words(&help(None).unwrap()));
    // At 60 columns each command's text goes on under its name.
    assert!(
        text.contains("\n  undo [N]\n      take back your last move"),
        "{text}"
    );
}

#[test]
fn moves_fit_the_width_in_columns() {
    let mut s = session("naytin-six", Some(40));
    // The longest item is "19. X@e3" (8 columns), so columns are 10 wide: 3 fit in 38.
    let text = run(&mut s, "moves");
    let first = text.lines().next().expect("a line of moves");
    assert_eq!(first, "1. X@a1   2. X@a2   3. X@a3");
    assert_eq!(text.lines().count(), 7); // 19 moves, 3 a line
                                         // Without a width, the 80-column layout as before: 7 a line.
    let mut s = session("naytin-six", None);
    let text = run(&mut s, "moves");
    assert_eq!(text.lines().count(), 3);
}

#[test]
fn the_text_under_the_board_wraps_between_words() {
    // In a match, backgammon's counters take more than one line.
    let mut s = session_in_match("backgammon", 7, Some(60));
    let text = run(&mut s, "board");
    // The counters, under the board, from the line that names them to the status.
    let under: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("counters"))
        .collect();
    assert!(!under.is_empty(), "{text}");
    for line in &under {
        assert!(line.chars().count() <= 60, "too wide: {line:?}");
    }
    let wide = session_in_match("backgammon", 7, None).handle("board").text;
    let wide_under: Vec<&str> = wide
        .lines()
        .skip_while(|l| !l.starts_with("counters"))
        .collect();
    assert_eq!(words(&under.join("\n")), words(&wide_under.join("\n")));
    // Continuation lines are indented under the counters, past the label.
    assert!(under[1].starts_with("          "), "{under:?}");
}

#[test]
fn help_keeps_its_columns_where_a_command_s_text_wraps() {
    let mut s = session("naytin-six", Some(100));
    // Each text starts in the same column, past the widest `ai [PLAYER|all LEVEL
    // [BUDGET]]`, on the first line as on the lines it wraps onto.
    let expected = concat!(
        "Enter a move in the game's notation (e.g. as `moves` prints it), or its number.\n",
        "Commands:\n",
        "  help [COMMAND]                  this list, or the help of one command\n",
        "  moves                           list the legal moves, numbered; enter a number to play one\n",
        "  board                           draw the board again\n",
        "  undo [N]                        take back your last move (N moves); a turn entered in part loses\n",
        "                                  its last step\n",
        "  redo [N]                        play again a move taken back (N moves)\n",
        "  new [SEED]                      start a new game (in a match, a new match) with the same rules and\n",
        "                                  options\n",
        "  match [N]                       show the match: its length, the score, each game's result; `match\n",
        "                                  N` starts a match to N points (0: a single game)\n",
        "  options [NAME.. | none]         show the game's options, or start a new game with exactly these on\n",
        "  rules [NAME..]                  the rules in plain words, with the paragraph of each option on (or\n",
        "                                  of the options named)\n",
        "  ai [PLAYER|all LEVEL [BUDGET]]  let the computer play PLAYER at a LEVEL: random, greedy (the best\n",
        "                                  immediate result), playouts (the move that wins most random\n",
        "                                  games), mcts (a tree search; budget a time or iterations: `mcts\n",
        "                                  2s`, `mcts 5000`; 1s if not said), net, net2, net3 (the game's\n",
        "                                  trained network, one, two or three moves ahead), az (the\n",
        "                                  self-taught searcher, by a network trained for it; a budget as\n",
        "                                  mcts's), or off; without arguments, show who plays. Ctrl-C stops\n",
        "                                  the computer\n",
        "  hint [N] [LEVEL]                the computer's N best choices here (3 if not said), each with its\n",
        "                                  chance to win and the points it expects and the time it took; by\n",
        "                                  the LEVEL named (`hint net3`, `hint mcts 5s`), else the player's\n",
        "                                  own computer level, else the strongest the game has (az with a\n",
        "                                  network trained for it, net3 with another network, else mcts)\n",
        "  dice N..                        set the chance outcome by its numbers (the roll just made, or else\n",
        "                                  the next one)\n",
        "  roll TEXT                       set the chance outcome by its text, like `dice`\n",
        "  why MOVE                        say which rule makes a move illegal, with its line in the rules\n",
        "                                  file\n",
        "  trace on|off                    show the rules evaluated as moves are generated and played\n",
        "  set [autoroll|autoplay on|off]  show the settings, or switch one: autoroll rolls for you instead\n",
        "                                  of asking (you give up doubling), autoplay plays a move that is\n",
        "                                  your only one\n",
        "  setup [LEVEL]                   let the computer make your moves until this phase ends (random if\n",
        "                                  no LEVEL): a quick setup in a placement phase\n",
        "  save [--force] FILE             save the game record (YAML: game, options, seed, moves; every game\n",
        "                                  of a match; FILE.mat: a Jellyfish match file, where the game has\n",
        "                                  its shape); the rules file being played is written over only with\n",
        "                                  --force\n",
        "  load FILE                       load a game record and replay it (a whole match), the dice going\n",
        "                                  on as they would have\n",
        "  state [json|yaml]               print the state as JSON or YAML\n",
        "  load-state FILE                 play on from a state file (JSON, or YAML when named .yaml/.yml)\n",
        "  reload                          re-read the rules file and replay the game under the new rules\n",
        "  quit                            leave\n",
    );
    assert_eq!(run(&mut s, "help"), expected);
}

#[test]
fn an_error_s_list_of_moves_breaks_between_moves() {
    let mut s = session("backgammon", Some(60));
    run(&mut s, "dice 6 5");
    // Each line goes on under the text, and no move is cut at the edge.
    assert_eq!(
        run(&mut s, "8/7"),
        concat!(
            "error: `8/7` is not a legal move here; legal: 13/8 24/18,\n",
            "       13/8 13/7, 13/8 8/2, 8/3 24/18, 8/3 13/7, 8/3 8/2,\n",
            "       24/18 18/13\n",
            "       `why 8/7` says which rule forbids it; `help` lists\n",
            "       the commands\n",
        )
    );
    // A narrower window, so that the explanation wraps too.
    let mut s = session("backgammon", Some(40));
    run(&mut s, "dice 6 5");
    assert_eq!(
        run(&mut s, "why 8/7"),
        concat!(
            "error: `8/7` is action `move`, but\n",
            "       `dice` has no 1\n",
            "    --> games/backgammon.tabula:197:7\n",
            "    |\n",
            "197 |   for d in dice\n",
            "    |       ^^^^^^^^^\n",
            "\n",
        )
    );
}
