//! The command line's arguments: the commands and the options they share.

use clap::{Args, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "tabula",
    version,
    about = "Play, check and analyse board games written as rules files."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game interactively (against a friend or the computer), or debug a rules file.
    Play {
        /// A built-in game (e.g. naytin-six) or the path of a rules file; without it, choose one.
        game: Option<String>,
        /// Turn on an option of the game, or give a number option its value (`-o target=50`); repeat for several.
        #[arg(short = 'o', long = "option")]
        options: Vec<String>,
        /// Seed for the dice and the computer players (default: from the clock; printed at start).
        #[arg(long)]
        seed: Option<u64>,
        /// Plain ASCII without colour (also when NO_COLOR is set or the output is not a terminal).
        #[arg(long)]
        ascii: bool,
        /// Play a match to this many points (default: a single game).
        #[arg(long = "match", value_name = "POINTS", value_parser = clap::value_parser!(i32).range(1..))]
        match_length: Option<i32>,
        /// Start from this state file (JSON, or YAML when named .yaml/.yml).
        #[arg(long)]
        state: Option<String>,
        /// Start from GNU Backgammon's IDs, `POSITION` or `POSITION:MATCH` (a game with
        /// backgammon's shape).
        #[arg(
            long = "gnubg-id",
            value_name = "POSITION[:MATCH]",
            conflicts_with = "state"
        )]
        gnubg_id: Option<String>,
        /// Threads of the computer's search (0: every core).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=256))]
        threads: u32,
        /// Play against the computer at this level (e.g. net3, mcts); it takes the second seat.
        #[arg(long, value_name = "LEVEL")]
        vs: Option<String>,
        /// Let the computer play a seat at a level, e.g. `--ai black=mcts:2s` (repeat for several).
        #[arg(long = "ai", value_name = "SEAT=LEVEL")]
        computers: Vec<String>,
    },
    /// Check a rules file and summarise it.
    #[command(
        after_help = "Examples:\n  tabula check my-game.tabula\n  tabula check my-game.tabula --json"
    )]
    Check {
        #[command(flatten)]
        game: GameArgs,
        /// One JSON object: whether the file is accepted and each problem as data (code,
        /// place, related places, suggested edits).
        #[arg(long)]
        json: bool,
    },
    /// Print the rules of a game in plain words, with the paragraph of each option
    /// turned on (on a terminal, reflowed to its width).
    #[command(
        after_help = "Examples:\n  tabula rules invictus\n  tabula rules naytin-six -o slide\n  tabula rules backgammon --json"
    )]
    Rules {
        #[command(flatten)]
        game: GameArgs,
        /// One JSON object: the game, its text and each option with its paragraph.
        #[arg(long)]
        json: bool,
    },
    /// List the legal moves of the player to move (or the chance outcomes).
    Moves {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// One JSON object per move, with the state it leads to.
        #[arg(long)]
        json: bool,
        /// At a chance event, each outcome's probability beside it (the JSON always
        /// has it).
        #[arg(long, short)]
        probabilities: bool,
    },
    /// List a chance event's outcomes at a position, each with its probability as an
    /// exact fraction in lowest terms and as a decimal.
    Chance {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// One JSON object: the event's name, its total weight and each outcome with
        /// its weight, fraction and probability.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the decision tree to a depth. By default a game that ends
    /// sooner is one leaf, counted once at every greater depth (so tic-tac-toe to depth
    /// 9 counts its 255,168 games); `--no-finished-leaves` (or `--exact`) counts only the
    /// positions reached at the depth, as the published counts of move generators do.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// Levels to search; every choice and every chance outcome is one level.
        #[arg(long, short)]
        depth: usize,
        /// Count only positions reached at exactly the depth: a game that ends sooner
        /// counts nothing at the greater depths.
        #[arg(long, visible_alias = "no-finished-leaves")]
        exact: bool,
    },
    /// Play random games and summarise them.
    Playout {
        #[command(flatten)]
        game: GameArgs,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of games.
        #[arg(short = 'n', long = "games", default_value_t = 1000)]
        games: u64,
        /// A game still going after this many decisions is counted unfinished.
        #[arg(long, default_value_t = 10_000)]
        max_decisions: usize,
        /// One JSON line per game, then a summary line.
        #[arg(long)]
        json: bool,
        /// Play matches to this many points instead of single games (a drawn game gives
        /// no point and the match goes on; an unfinished game leaves it undecided).
        #[arg(long = "match", value_name = "POINTS", value_parser = clap::value_parser!(i32).range(1..))]
        match_length: Option<i32>,
        /// Threads to play on (0: every core; at most 256). Each game is played from its
        /// own seed, so the results do not depend on the number of threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=256))]
        threads: u16,
    },
    /// Play two computer players against each other, seats alternating, and compare
    /// them with 95 % intervals.
    Arena {
        #[command(flatten)]
        game: GameArgs,
        /// Player A: random, greedy, playouts, mcts, mcts:2s, mcts:5000...
        a: String,
        /// Player B, written the same way.
        b: String,
        /// Number of games.
        #[arg(short = 'n', long = "games", default_value_t = 100)]
        games: u64,
        /// Seed of the first game; game i uses seed + i (dice and the players' choices).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A game still going after this many decisions is counted unfinished.
        #[arg(long, default_value_t = 10_000)]
        max_decisions: usize,
        /// Games played at once (0: every core; at most 256); the results do not depend on it.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=256))]
        threads: u16,
        /// One JSON object with every figure.
        #[arg(long)]
        json: bool,
        /// Write each game's record (the REPL's YAML, `load` replays it) into this folder.
        #[arg(long, value_name = "DIR")]
        records: Option<String>,
        /// Let `mcts` rate positions by random games, unguided, even when the game has a
        /// network: both sides, or only side a or b (`--mcts-playouts=b`).
        #[arg(long, value_name = "SIDE", num_args = 0..=1, require_equals = true,
              default_missing_value = "both", value_parser = ["a", "b", "both"])]
        mcts_playouts: Option<String>,
    },
    /// Play many games with computer players and measure the game: wins by seat, length,
    /// choices, forced moves, how early it is decided, each with its 95 % interval;
    /// `--vs -o ...` compares option sets.
    #[command(after_help = crate::analyze::EXAMPLES)]
    Analyze(crate::analyze::AnalyzeArgs),
    /// Run the tests written in rules files (`test "name" { ... }`); fails when one fails.
    #[command(
        after_help = "Examples:\n  tabula test backgammon\n  tabula test games/*.tabula examples/rules/*.tabula\n  tabula test naytin-six -o slide"
    )]
    Test {
        /// Built-in games or paths of rules files.
        #[arg(required = true)]
        games: Vec<String>,
        /// Turn on an option for every test, besides the test's own (repeat for several).
        #[arg(short = 'o', long = "option")]
        options: Vec<String>,
    },
    /// Serve the playground (the page web/build.sh builds into web/dist) to a browser on
    /// this machine, and print its address.
    #[command(
        after_help = "Examples:\n  web/build.sh && tabula serve\n  tabula serve --port 8080\n  tabula serve --dir path/to/dist"
    )]
    Serve {
        /// The port to listen on (0: any free one).
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// The folder of the built page.
        #[arg(long, default_value = "web/dist")]
        dir: String,
    },
    /// Lay rules files out in the one canonical layout, keeping every comment (the lines
    /// broken where they are; indentation, spaces and blank lines decided).
    #[command(
        after_help = "Examples:\n  tabula fmt my-game.tabula\n  tabula fmt --check games/*.tabula examples/rules/*.tabula\n  tabula fmt - < my-game.tabula"
    )]
    Fmt {
        /// Rules files to format in place (`-`: read standard input, write standard
        /// output).
        #[arg(required = true)]
        files: Vec<String>,
        /// Change nothing: name each file not in the layout, and fail if there is one.
        #[arg(long)]
        check: bool,
    },
    /// Serve an editor over standard input and output in the Language Server Protocol:
    /// errors as you type, hover, go to definition, references, rename, outline,
    /// completion, highlighting and formatting (docs/editors.md).
    #[command(
        after_help = "Editors start it themselves; docs/editors.md shows how to set one up."
    )]
    Lsp,
    /// Draw a position as SVG: the board, its pieces and stacks, the dice and other
    /// pools, the last of --moves ringed.
    #[command(
        after_help = "Examples:\n  tabula draw backgammon --moves 3-1,\"8/5 6/5\" --svg opening.svg\n  tabula draw invictus --state examples/rules/invictus-endgame.json --svg endgame.svg"
    )]
    Draw {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// The file to write (`-` for standard output).
        #[arg(long, value_name = "FILE")]
        svg: String,
        /// Write over the file even when the command reads it (the rules, the state).
        #[arg(long)]
        force: bool,
    },
    /// Draw the board graph: cells, an arrow per direction, regions and tracks, as DOT
    /// (Graphviz) or SVG.
    #[command(
        after_help = "Examples:\n  tabula graph naytin-six --svg board.svg\n  tabula graph backgammon --dot | neato -n -Tpng > board.png"
    )]
    Graph {
        #[command(flatten)]
        game: GameArgs,
        /// Write Graphviz DOT to standard output.
        #[arg(long)]
        dot: bool,
        /// Write SVG to this file (`-` for standard output).
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        /// Write over the file even when it is the rules file read.
        #[arg(long)]
        force: bool,
    },
    /// Print a state's encoding: the numbers the learned evaluator reads, with their meaning.
    Encode {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// All entries, not only those that are not 0.
        #[arg(long)]
        all: bool,
        /// One JSON object: the entries and their names.
        #[arg(long)]
        json: bool,
        /// board (each player's pieces as his own) or mover (the players counted from
        /// the one to move, the cells from his side where each player has a track).
        #[arg(long, default_value = "board", value_parser = ["board", "mover"])]
        view: String,
    },
    /// Teach a network to play the game by playing itself (TD(λ), or with --searcher the
    /// searcher's own self-play).
    Train {
        #[command(flatten)]
        game: GameArgs,
        /// Games of self-play.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Where to write the network, at the end of the run (it may be the --from
        /// network: the old one stays whole until the new one replaces it).
        #[arg(long, value_name = "FILE")]
        out: String,
        /// Write over the file even when it is the rules file read.
        #[arg(long)]
        force: bool,
        /// Hidden units [default: 40]. With --from, more than the network has widen it: the
        /// new units start with no say in its ratings, and learn.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
        hidden: Option<u32>,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads playing games (0: every core; at most 256); the network does not depend on it.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=256))]
        threads: u16,
        /// Go on training this network instead of starting from random weights.
        #[arg(long, value_name = "FILE")]
        from: Option<String>,
        /// TD(λ)'s λ.
        #[arg(long, default_value_t = 0.7)]
        lambda: f32,
        /// Learning rate.
        #[arg(long, default_value_t = 0.002)]
        rate: f32,
        /// The learning rate at the last game: the rate falls from --rate to it
        /// geometrically over the games (without it, the rate stays).
        #[arg(long, value_name = "RATE")]
        final_rate: Option<f32>,
        /// Share of self-play decisions made at random, to explore.
        #[arg(long, default_value_t = 0.05)]
        explore: f32,
        /// How self-play chooses its other moves: net (the network being trained), net2, net3,
        /// or a level that searches with random games (mcts:300, playouts, greedy)
        #[arg(long, value_name = "LEVEL", default_value = "net")]
        self_play: String,
        /// Play this many games against `random` every --probe-every games (0: none).
        #[arg(long, default_value_t = 100)]
        probe_games: u64,
        #[arg(long, default_value_t = 2000)]
        probe_every: u64,
        /// What `mcts` rates new positions by when this network is the game's own: net
        /// (the network), playouts (random games, for a network that plays better than
        /// it rates a search's leaves) or guide (random games, with the network choosing
        /// which choices the search tries first and favours). Without it: net, or what
        /// the --from network says.
        #[arg(long, value_name = "BY", value_parser = ["net", "playouts", "guide"])]
        mcts_leaf: Option<String>,
        /// How the network sees a state: board (as it stands) or mover (from the side of
        /// the one to move; see `tabula encode --view`). Without it: board, or the --from
        /// network's view; a --from network of the other view starts the new one.
        #[arg(long, value_parser = ["board", "mover"])]
        view: Option<String>,
        /// With --view mover and a --from network of the board's view: the player whose
        /// positions it goes on rating as before; the others' are rated as their mirror
        /// for him. Default: the first player.
        #[arg(long, value_name = "PLAYER", requires = "from")]
        keep: Option<String>,
        /// Blend into each position's λ-return its own value one choice ahead (at chance,
        /// averaged over every outcome) instead of the network's rating of the next
        /// position met: targets that do not follow one roll of the dice, at the cost
        /// of a rating per choice after each outcome.
        #[arg(long)]
        lookahead: bool,
        /// Train for the self-taught searcher (`az`): a network with a policy head, taught
        /// by self-play through the search itself (AlphaZero's recipe), the values toward
        /// the games' results and the priors toward the search's visits; --lambda,
        /// --explore, --self-play and --lookahead are not used.
        #[arg(long)]
        searcher: bool,
        /// With --searcher: the simulations of the search at each decision of self-play.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        simulations: u32,
        /// With --searcher: the share, 0 to 1, of a random game's result in the search's
        /// rating of each new position (the rest the network's), in self-play and in play
        /// by the network written. Without it: 0, or what the --from network says.
        #[arg(long, value_name = "SHARE", requires = "searcher")]
        rollouts: Option<f32>,
    },
    /// Print the state after some moves.
    State {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// Print YAML instead of JSON.
        #[arg(long)]
        yaml: bool,
    },
    /// Write game records in another program's format (--mat: GNU Backgammon's
    /// `import mat`).
    Export(crate::export::ExportArgs),
}

#[derive(Args, Debug)]
pub struct GameArgs {
    /// A built-in game (e.g. naytin-six) or the path of a rules file.
    pub game: String,
    /// Turn on an option of the game, or give a number option its value (`-o target=50`); repeat for several.
    #[arg(short = 'o', long = "option")]
    pub options: Vec<String>,
}

#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Start from this state file (JSON, or YAML when named .yaml/.yml).
    #[arg(long)]
    pub state: Option<String>,
    /// Start from GNU Backgammon's IDs, `POSITION` or `POSITION:MATCH` (a game with
    /// backgammon's shape).
    #[arg(
        long = "gnubg-id",
        value_name = "POSITION[:MATCH]",
        conflicts_with = "state"
    )]
    pub gnubg_id: Option<String>,
    /// Seed for chance events that the moves do not fix.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Moves to play first, separated by commas (a chance outcome by its text, e.g. roll:3).
    #[arg(long, value_delimiter = ',')]
    pub moves: Vec<String>,
    /// Fix the next chance outcome by its numbers, e.g. `--dice 3,1`.
    #[arg(long, value_delimiter = ',')]
    pub dice: Vec<u32>,
}
