//! Command-line arguments (clap).

use clap::{Parser, Subcommand, ValueEnum};
use senet::players::Player;

/// The top-level help ends with the exit codes (the README states the same).
const EXIT_STATUS: &str = "\
Exit status:
  0  success
  1  a rule file has errors (`check`, and any command given such a file), or warnings
     (`check --deny-warnings`)
  2  the command could not be carried out: a bad argument, a file that cannot be read or is not
     what it should be (a position, a record, a table), or output that cannot be written";

const LIST_EXAMPLES: &str = "\
Examples:
  senet list                     # every bundled rule set, id and title
  senet list --format json       # the same, with each one's options, as one line of JSON";

const CHECK_EXAMPLES: &str = "\
Examples:
  senet check senet/kendall twenty-squares/ur        # one line for each valid rule set
  senet check senet/kendall --option pieces=7        # with an option chosen
  senet check my-variant.rules --deny-warnings       # warnings fail it too (exit 1)
  senet check docs/examples/classroom.rules --format json   # a file of yours, for tools";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  senet explain senet/base                           # the board, the throws, every rule
  senet explain senet/kendall --option pieces=7
  senet explain twenty-squares/ur --format json      # the rules as one line of JSON";

const EXPLAIN_ERROR_EXAMPLES: &str = "\
Examples:
  senet explain-error E123                           # a code `senet check` gave
  senet explain-error --all                          # every code, in order
  senet explain-error --all --markdown > errors.md   # the index as Markdown";

const DIFF_EXAMPLES: &str = "\
Examples:
  senet diff senet/base senet/jequier                # the rules two reconstructions disagree on
  senet diff twenty-squares/sawah twenty-squares/ur
  senet diff senet/base senet/kendall --option pieces=3   # each option goes where it exists";

const DRAW_EXAMPLES: &str = "\
Examples:
  senet draw senet/base > senet.svg                        # the board and the pieces at the start
  senet draw twenty-squares/ur --paths --out ur.svg        # each side's path drawn, with arrows
  senet draw twenty-squares/ur --position position.json    # a position (docs/formats.md)
  senet draw --record game.json --turn 12 --out turn12.svg # a recorded game as turn 12 left it";

const MOVES_EXAMPLES: &str = r#"Examples:
  echo '{"to_move":"light","throw":2,"pieces":{"light":[0,0],"dark":[0,0]}}' |
    senet moves twenty-squares/ur --option pieces=2 --position -
  senet moves twenty-squares/ur --position positions.jsonl   # one position a line"#;

const PLAY_EXAMPLES: &str = "\
Examples:
  senet play senet/kendall                                 # you (green) against `normal`
  senet play twenty-squares/ur --players hard,human        # levels: easy, normal, hard, perfect
  senet play senet/base --seed 7 --record game.json        # stop it with `q`, and later
  senet play --resume game.json                            # go on where it stopped";

const SIM_EXAMPLES: &str = "\
Examples:
  senet sim senet/kendall --games 100000                   # random against random
  senet sim senet/kendall --players expectimax:2,random --alternate --games 1000 --format json
  senet sim twenty-squares/ur --option pieces=2 --players optimal,greedy --games 1000
  senet sim senet/kendall --games 1000000 --shard 3/8 --format json > part3.json";

const COMPARE_EXAMPLES: &str = "\
Examples:
  senet compare senet/kendall senet/base senet/jequier     # three readings side by side
  senet compare senet/kendall --sweep pieces --games 5000  # one row per value of an option
  senet compare senet/kendall --sweep all --format csv > kendall.csv
  senet compare senet/kendall senet/base --shard 2/4 --format json --plot k.svg > part2.json";

const MERGE_EXAMPLES: &str = "\
Examples:
  senet merge part1.json part2.json part3.json part4.json  # the report of the whole run
  senet merge parts/*.json --format json > whole.json      # shards of `sim` or `compare`
  senet merge parts/*.json --format csv                    # a comparison's CSV";

const SOLVE_EXAMPLES: &str = "\
Examples:
  senet solve twenty-squares/ur --option pieces=3          # each side's chance, perfect play
  senet solve twenty-squares/ur --option pieces=3 --table ur3.table --format json
  senet play twenty-squares/ur --option pieces=3 --players human,optimal --table ur3.table";

const TRAIN_EXAMPLES: &str = "\
Examples:
  senet train senet/kendall --out kendall.net              # 200,000 games of self-play
  senet sim senet/kendall --players learned:kendall.net,expectimax --games 1000
  senet play senet/kendall --players human,learned:kendall.net";

const REPLAY_EXAMPLES: &str = "\
Examples:
  senet play senet/base --players greedy,greedy --seed 7 --record game.json
  senet replay game.json                                   # verifies every throw and move
  senet replay game.json --show                            # ... and tells the game";

const REVIEW_EXAMPLES: &str = "\
Examples:
  senet play twenty-squares/ur -o pieces=3 --players human,hard --record game.json
  senet review game.json                                   # each move against the best one
  senet review game.json --format json --plot game.svg     # for tools, and the chance to win
  senet review ur.json --table ur.table                    # a full game of Ur, its table solved";

const FMT_EXAMPLES: &str = "\
Examples:
  senet fmt my-variant.rules                     # rewrites the file in the canonical layout
  senet fmt --check rulesets/*/*.rules           # names the files not laid out so (exit 1)
  senet fmt - < my-variant.rules                 # standard input to standard output";

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  senet completions bash > ~/.local/share/bash-completion/completions/senet
  senet completions zsh > ~/.zfunc/_senet                  # a folder on your $fpath
  senet completions fish > ~/.config/fish/completions/senet.fish";

const LSP_EXAMPLES: &str = "\
Examples:
  senet lsp                        # an editor starts it (docs/editors.md: VS Code, Neovim, Helix)
  senet check my-variant.rules     # the same diagnostics, on the command line";

const SERVE_EXAMPLES: &str = "\
Examples:
  senet serve --open                   # http://127.0.0.1:8080/ in your browser: play, write, measure
  senet serve --port 0                 # any free port (printed)
  curl http://127.0.0.1:8080/api/rulesets   # the JSON API (docs/formats.md)";

const MAN_EXAMPLES: &str = "\
Examples:
  senet man > senet.1 && man ./senet.1
  senet man --out man/                                     # man/senet.1, man/senet-play.1, ...";

#[derive(Parser, Debug)]
#[command(
    name = "senet",
    version,
    about = "Plays ancient race games from rules written as data",
    long_about = None,
    after_help = EXIT_STATUS
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the bundled rule sets: id and title.
    #[command(after_help = LIST_EXAMPLES)]
    List {
        /// Output format: `text` (a line each) or `json` (one line, docs/formats.md).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Check rule files (or bundled ids): a summary per valid file, else every error; and every
    /// warning (a likely mistake that does not stop the rules from being played).
    #[command(after_help = CHECK_EXAMPLES)]
    Check {
        /// Bundled ids (`senet/kendall`) or paths to `.rules` files.
        #[arg(required = true, value_name = "RULES")]
        rules: Vec<String>,
        #[command(flatten)]
        options: OptionArgs,
        /// Fail (exit 1) on warnings too, as on errors.
        #[arg(long)]
        deny_warnings: bool,
        /// Output format: `text` (summaries, diagnostics on standard error) or `json` (one line
        /// with every diagnostic, docs/formats.md).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Explain a rule set in plain English: the board, the throws, every rule with its note.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain {
        /// The rule set: a bundled id (`senet/kendall`) or a path to a `.rules` file.
        #[arg(value_name = "RULES")]
        rules: String,
        #[command(flatten)]
        options: OptionArgs,
        /// Output format: `text` (for people) or `json` (the rules and their notes on one line,
        /// docs/formats.md).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Explain a diagnostic code (`E123`, `W001`): what it means, a rule file that gives it and
    /// the same file put right.
    #[command(after_help = EXPLAIN_ERROR_EXAMPLES)]
    ExplainError {
        /// The code, as `senet check` shows it: `E123`, `W001`.
        #[arg(value_name = "CODE", required_unless_present = "all")]
        code: Option<String>,
        /// Every code, in order.
        #[arg(long, conflicts_with = "code")]
        all: bool,
        /// Markdown instead of text (the index in docs/errors.md is `--all --markdown`).
        #[arg(long)]
        markdown: bool,
    },
    /// Show the rules that differ between two rule sets, side by side.
    #[command(after_help = DIFF_EXAMPLES)]
    Diff {
        /// The first rule set: a bundled id or a path to a `.rules` file.
        #[arg(value_name = "A")]
        a: String,
        /// The second rule set, compared with the first.
        #[arg(value_name = "B")]
        b: String,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Draw the board as a picture (SVG): its squares as the real board lays them out, the special
    /// squares, the pieces, each side's path, the throw.
    #[command(after_help = DRAW_EXAMPLES)]
    Draw {
        /// The rule set: a bundled id (`senet/kendall`) or a path to a `.rules` file (not with
        /// `--record`, which carries its rules).
        #[arg(value_name = "RULES", required_unless_present = "record")]
        rules: Option<String>,
        #[command(flatten)]
        options: OptionArgs,
        /// Draw this position (JSON, as `senet moves` reads it; `-` reads standard input), and
        /// its throw if it has one; without it, the start.
        #[arg(long, value_name = "FILE", conflicts_with = "record")]
        position: Option<String>,
        /// Draw a recorded game (as `senet play --record` writes it) as turn `--turn` left it, with
        /// the last throw made.
        #[arg(long, value_name = "FILE", requires = "turn", conflicts_with_all = ["rules", "options"])]
        record: Option<String>,
        /// The turn of `--record` to draw: 0 is the start, 1 the position after the first turn.
        #[arg(long, value_name = "N", requires = "record")]
        turn: Option<u32>,
        /// Draw each side's path as a line with arrows.
        #[arg(long)]
        paths: bool,
        /// Draw for a narrow screen (a phone held upright): a grid board turned a quarter, the
        /// legend wrapped.
        #[arg(long)]
        narrow: bool,
        /// Write the picture to this file instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<String>,
    },
    /// The legal moves of a position (JSON in, JSON out; JSON Lines for several positions).
    #[command(after_help = MOVES_EXAMPLES)]
    Moves {
        /// The rule set the positions are played under: a bundled id or a path to a `.rules` file.
        #[arg(value_name = "RULES")]
        rules: String,
        /// A file of positions (docs/formats.md); `-` reads standard input.
        #[arg(long, value_name = "FILE")]
        position: String,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Play a game in the terminal: people (`human`) and agents, in side order.
    #[command(after_help = PLAY_EXAMPLES)]
    Play {
        /// The rule set to play: a bundled id or a path to a `.rules` file (not with `--resume`).
        #[arg(value_name = "RULES", required_unless_present = "resume")]
        rules: Option<String>,
        /// Go on with the game a record holds (stopped before its end), under the rules, options,
        /// players, seed and turn cap it was begun with; the record is written on as the game goes.
        #[arg(long, value_name = "RECORD", conflicts_with_all = ["rules", "seed", "options", "players", "turn_cap"])]
        resume: Option<String>,
        /// Who plays each side, in side order: `human` (you, at the terminal); a level, `easy`,
        /// `normal`, `hard` or `perfect` (from a solved table, see `--table`); or an agent,
        /// `random`, `racer` (one move ahead, blind to danger), `greedy` (one move ahead),
        /// `expectimax` (a search over the throws), `expectimax:N` (its depth, 1 to 5),
        /// `learned:FILE` (the search with a network from `senet train`) or `optimal` (the agent
        /// of `perfect`).
        #[arg(
            long,
            value_name = "P1,P2",
            default_value = "human,normal",
            value_delimiter = ',',
            num_args = 1
        )]
        players: Vec<Player>,
        /// Seed for the throws and the agents' choices (random if not given).
        #[arg(long)]
        seed: Option<u64>,
        /// Write the game record (JSON) to this file; in a match, one record a game
        /// (`game.json` becomes `game-1.json`, `game-2.json`, ...).
        #[arg(long, value_name = "FILE")]
        record: Option<String>,
        /// Stop a game with no winner after this many turns, or once one turn has thrown this
        /// many times (rules under which a side may throw again and again).
        #[arg(long, default_value_t = 10_000)]
        turn_cap: u32,
        /// The solved table for `perfect` and `optimal` (without it, a small rule set is solved
        /// first), and for a person's hints (`?`: each move's chance to win).
        #[arg(long, value_name = "FILE")]
        table: Option<String>,
        /// Play one game where the rules play a match (`match to N points`): the game of the
        /// rules themselves, not the match.
        #[arg(long, conflicts_with = "resume")]
        one_game: bool,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Play many games between agents and report what happens: wins, length, rules fired.
    #[command(after_help = SIM_EXAMPLES)]
    Sim {
        /// The rule set to simulate: a bundled id or a path to a `.rules` file.
        #[arg(value_name = "RULES")]
        rules: String,
        /// How many games (at least 1).
        #[arg(long, default_value_t = 10_000, value_parser = parse_games)]
        games: u64,
        /// The agents, in player order: a level, `easy`, `normal`, `hard` or `perfect` (from a
        /// solved table, see `--table`); or an agent, `random`, `racer` (one move ahead, blind to
        /// danger), `greedy` (one move ahead), `expectimax` (a search over the throws),
        /// `expectimax:N` (its depth, 1 to 5), `learned:FILE` (the search with a network from
        /// `senet train`) or `optimal` (the agent of `perfect`).
        #[arg(
            long,
            value_name = "P1,P2",
            default_value = "random,random",
            value_delimiter = ',',
            num_args = 1
        )]
        players: Vec<Player>,
        /// Swap the players' seats every other game (player 1 takes the second side, or throws
        /// second for seats, in the odd-numbered games), so that neither the side nor moving
        /// first favours either player: the report gives each player's wins over both seatings.
        #[arg(long)]
        alternate: bool,
        /// Seed of the whole run: the same seed gives the same numbers whatever `--jobs`.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads, 1 to 256 (default: every core).
        #[arg(long, value_parser = parse_jobs)]
        jobs: Option<usize>,
        /// Stop a game with no winner after this many turns, or once one turn has thrown this
        /// many times (it counts as unfinished).
        #[arg(long, default_value_t = 10_000)]
        turn_cap: u32,
        /// The solved table for `perfect` and `optimal` (without it, a small rule set is solved
        /// first).
        #[arg(long, value_name = "FILE")]
        table: Option<String>,
        /// Play only shard K of N of the games (a contiguous slice; every game keeps its seed),
        /// to be put together by `senet merge` (docs/scaling.md).
        #[arg(long, value_name = "K/N", value_parser = parse_shard)]
        shard: Option<senet::sim::Shard>,
        /// Play this many matches instead of games, where the rules play a match (`match to N
        /// points`): who wins the match, how many games it takes, the figures of each of its
        /// games. Not with `--games` or `--shard`.
        #[arg(long, value_name = "N", value_parser = parse_games, conflicts_with_all = ["games", "shard"])]
        matches: Option<u64>,
        /// Output format: `text` (a report for people) or `json` (one line with the totals
        /// `senet merge` adds up, docs/formats.md).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Compare rule sets (and option values) by the figures researchers use: balance, first-side
    /// advantage, decisiveness, duration, drama, branching, rules fired, the skill gap; each
    /// with its 95 % interval, differences from the first row tested (docs/metrics.md).
    #[command(after_help = COMPARE_EXAMPLES)]
    Compare {
        /// The rule sets: bundled ids (`senet/kendall`) or paths to `.rules` files.
        #[arg(required = true, value_name = "RULES")]
        rules: Vec<String>,
        #[command(flatten)]
        options: OptionArgs,
        /// Sweep an option over its values, one row per value (repeatable: every combination);
        /// `all` sweeps every option of each rule set that `--option` does not fix.
        #[arg(long, value_name = "OPTION|all")]
        sweep: Vec<String>,
        /// Games of each row (at least 1).
        #[arg(long, default_value_t = 10_000, value_parser = parse_games)]
        games: u64,
        /// The agents of every row, in player order (as `senet sim --players`).
        #[arg(
            long,
            value_name = "P1,P2",
            default_value = "random,random",
            value_delimiter = ',',
            num_args = 1
        )]
        players: Vec<Player>,
        /// A skill pair `STRONGER/WEAKER` (agents or levels, as `hard/normal`): how often the first beats the second in the games with a winner, seats swapped
        /// (repeatable; `none` for no skill games).
        #[arg(long, value_name = "A/B", default_values_t = ["greedy/random".to_string(), "expectimax:2/greedy".to_string()])]
        skill: Vec<String>,
        /// Games of each seating of each skill pair (0: none).
        #[arg(long, default_value_t = 200)]
        skill_games: u64,
        /// Seed: row k (from 0) plays seed S + k, as `senet sim --seed` would.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads, 1 to 256 (default: every core).
        #[arg(long, value_parser = parse_jobs)]
        jobs: Option<usize>,
        /// Stop a game with no winner after this many turns, or once one turn has thrown this
        /// many times (it counts as unfinished).
        #[arg(long, default_value_t = 10_000)]
        turn_cap: u32,
        /// Play only shard K of N of every run's games, for `senet merge` (docs/scaling.md).
        #[arg(long, value_name = "K/N", value_parser = parse_shard)]
        shard: Option<senet::sim::Shard>,
        /// Output format: `text` (for people), `json` (one line with the totals `senet merge`
        /// adds up, docs/formats.md) or `csv` (a line per row and figure).
        #[arg(long, value_enum, default_value_t = TableFormat::Text)]
        format: TableFormat,
        /// Draw the comparison (win rates with intervals, game lengths) into this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<std::path::PathBuf>,
    },
    /// Merge the shards of a `senet sim` or `senet compare` run (`--shard K/N --format json`)
    /// into the report the whole run gives.
    #[command(after_help = MERGE_EXAMPLES)]
    Merge {
        /// The shards' JSON files, every shard of one run once (`-` reads standard input).
        #[arg(required = true, value_name = "FILES")]
        files: Vec<String>,
        /// Output format: `text`, `json` (one line, as the run would print it) or `csv` (a
        /// comparison only).
        #[arg(long, value_enum, default_value_t = TableFormat::Text)]
        format: TableFormat,
        /// Draw a merged comparison into this SVG file, as `senet compare --plot` does.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<std::path::PathBuf>,
    },
    /// Solve a rule set exactly: each side's chance to win under perfect play.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve {
        /// The rule set to solve: a bundled id or a path to a `.rules` file.
        #[arg(value_name = "RULES")]
        rules: String,
        /// Solve from this position (JSON, before or after the throw) instead of the start.
        #[arg(long, value_name = "FILE")]
        position: Option<String>,
        /// Save the solved table here, for `--players optimal --table FILE`.
        #[arg(long, value_name = "FILE")]
        table: Option<String>,
        /// Solve only the states with K (to M) pieces off in total, both sides counted, given
        /// those above them by `--from`; the table then holds just these (dense numbering).
        #[arg(long, value_name = "K[-M]", value_parser = parse_layers, conflicts_with = "position")]
        layers: Option<(usize, usize)>,
        /// With `--layers K`: solve only part P of N of those states (cut by how far on they
        /// are), given the other parts' latest values by `--from`; repeated in rounds until no
        /// part moves (docs/solver.md).
        #[arg(long, value_name = "P/N", value_parser = parse_part, requires = "layers")]
        part: Option<senet::solve::dense::Part>,
        /// A table of the same rules whose states need not be solved again: one written with
        /// `--layers` or `--part` (all the parts of a super-layer, or for a run of a part, the
        /// latest of each), or a whole one (repeatable).
        #[arg(long, value_name = "FILE", conflicts_with = "position")]
        from: Vec<String>,
        /// How to number the states.
        #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
        method: MethodArg,
        /// How the dense solver keeps each state's value while it sweeps.
        #[arg(long, value_enum, default_value_t = ValuesArg::Auto)]
        values: ValuesArg,
        /// Refuse a search with more states than this.
        #[arg(long, default_value_t = super::solve::DEFAULT_LIMIT)]
        limit: usize,
        /// Refuse a dense solve that needs more memory than this, in GiB.
        #[arg(long, value_name = "GIB", default_value_t = super::solve::DEFAULT_MEMORY, value_parser = parse_memory)]
        memory: f64,
        /// The successor lists a dense solve may write to disk where they do not fit in
        /// `--memory`, in GiB; it finds those beyond again at every full sweep (slower; 0: all).
        /// Default: what the temporary folder's disk has free, less 1 GiB.
        #[arg(long, value_name = "GIB", value_parser = parse_disk)]
        disk: Option<f64>,
        /// Output format: `text` (for people) or `json` (one line, docs/formats.md).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Train a network that values positions, by self-play, for the `learned:FILE` agent: the
    /// default search with the network's values instead of the heuristic's (docs/agents.md).
    #[command(after_help = TRAIN_EXAMPLES)]
    Train {
        /// The rule set to learn: a bundled id or a path to a `.rules` file.
        #[arg(value_name = "RULES")]
        rules: String,
        /// Where to write the network (JSON, docs/formats.md).
        #[arg(long, value_name = "FILE")]
        out: String,
        /// Games of self-play to learn from.
        #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// Hidden units of the network: more learn more, and value a position more slowly.
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=1024))]
        hidden: u32,
        /// The share of self-play moves made at random, from 0 to 1 (so that the network also
        /// values positions its own play avoids, such as those a weak opponent makes).
        #[arg(long, value_name = "SHARE", default_value_t = 0.05, value_parser = parse_share)]
        explore: f32,
        /// Seed of the first weights and the throws: the same seed trains the same network.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output format of the summary: `text` (for people) or `json` (one line).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Replay a recorded game and verify every throw and move.
    #[command(after_help = REPLAY_EXAMPLES)]
    Replay {
        /// The game record, as `senet play --record` writes it (docs/formats.md).
        #[arg(value_name = "FILE")]
        file: String,
        /// Print the game as it is replayed.
        #[arg(long)]
        show: bool,
    },
    /// Review a recorded game: the value of each move played and of the best move there, what each
    /// move lost, the biggest mistakes, and the chance to win across the game.
    #[command(after_help = REVIEW_EXAMPLES)]
    Review {
        /// The game record, as `senet play --record` writes it (docs/formats.md).
        #[arg(value_name = "RECORD")]
        file: String,
        /// The solved table to value the moves with: chances to win, exact (without it, a small
        /// rule set is solved first; a larger one is valued by the `hard` level's search).
        #[arg(long, value_name = "FILE")]
        table: Option<String>,
        /// Where no table values the moves: the games played on between `normal` agents after
        /// each move, whose share of wins is the chance to win.
        #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
        playouts: u32,
        /// Output format: `text` (for people) or `json` (one line, docs/formats.md).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Draw the first side's chance to win after each move, the biggest mistakes marked, into
        /// this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<std::path::PathBuf>,
    },
    /// Lay rule files out the one canonical way: words spaced, notes and comments aligned,
    /// comments kept where they are; only blanks change, never a word.
    #[command(after_help = FMT_EXAMPLES)]
    Fmt {
        /// Paths to `.rules` files, rewritten in place; `-` reads standard input and writes the
        /// result to standard output.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        /// Change nothing: name each file not in the canonical layout, and exit with 1 if any.
        #[arg(long)]
        check: bool,
    },
    /// Serve editors as a language server (LSP) on standard input and output: diagnostics as
    /// you type, hover, completion, go to definition, quick fixes and formatting.
    #[command(after_help = LSP_EXAMPLES)]
    Lsp,
    /// Serve a local web application: play against the agents, write rule files with live
    /// diagnostics, measure by simulation; and its JSON API (docs/serve.md).
    #[command(after_help = SERVE_EXAMPLES)]
    Serve {
        /// The address to listen on; only this machine reaches 127.0.0.1 (the default).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The port to listen on (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Open the application in the desktop's browser.
        #[arg(long)]
        open: bool,
        /// The most games kept at once.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        max_games: u64,
        /// Seconds after which a game nobody has used is forgotten (an hour).
        #[arg(long, value_name = "SECONDS", default_value_t = 3600, value_parser = clap::value_parser!(u64).range(1..=604_800))]
        game_idle: u64,
        /// Simulations that may wait while one runs (more are told the server is busy).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=64))]
        sim_queue: u64,
        /// The longest a simulation may be expected to take, in seconds (it is stopped at twice
        /// that).
        #[arg(long, value_name = "SECONDS", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
        sim_seconds: u64,
        /// The longest the work of one request may run, in seconds: a game's computer turns are
        /// stopped then.
        #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
        work_seconds: u64,
        /// The longest a request may take to arrive, head and body, in seconds (and its answer
        /// to be taken).
        #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
        request_seconds: u64,
        /// The most memory the games kept, with their rules, may take, in MiB.
        #[arg(long, value_name = "MIB", default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65_536))]
        max_memory: u64,
    },
    /// Print a shell completion script for `senet` to standard output.
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions {
        /// The shell to complete for.
        #[arg(value_enum, value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print the manual page of `senet` (roff) to standard output.
    #[command(after_help = MAN_EXAMPLES)]
    Man {
        /// Write one page per command into this folder instead (`senet.1`, `senet-play.1`, ...).
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
    },
}

#[derive(clap::Args, Debug, Default)]
pub struct OptionArgs {
    /// Choose an option of the rule set, e.g. `--option pieces=7` (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
}

fn parse_share(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "`{s}` is not a share from 0 to 1 (for example `0.05`)"
        )),
    }
}

fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() && !v.trim().is_empty() => {
            Ok((n.trim().to_string(), v.trim().to_string()))
        }
        _ => Err(format!("`{s}` is not NAME=VALUE (for example `pieces=7`)")),
    }
}

/// How `senet solve` numbers the states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// Dense when the rules allow it, else search.
    Auto,
    /// Every placing of the pieces, ranked (8 bytes a state; Twenty Squares and the like).
    Dense,
    /// The positions reachable from the root, found by search (any rule set; ~320 bytes a state).
    Search,
}

/// How `senet solve`'s dense solver keeps values while it sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ValuesArg {
    /// In 64 bits where they fit in `--memory`, else in 32.
    Auto,
    /// An f64 a state (8 bytes).
    #[value(name = "64")]
    Double,
    /// 32-bit fixed point (4 bytes a state): within 2e-8 of the f64 values.
    #[value(name = "32")]
    Fixed,
}

/// What a command prints its results as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// For tools: one JSON value on one line.
    Json,
}

/// What a table of figures prints as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// For people.
    Text,
    /// For tools: one JSON value on one line.
    Json,
    /// For spreadsheets and data frames: a header, then a line per row and figure.
    Csv,
}

/// `--games`: a simulation plays at least one game.
fn parse_games(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("a number of games, at least 1".into()),
    }
}

/// `--memory`: a finite, positive number of GiB (at most a pebibyte).
fn parse_memory(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(g) if g.is_finite() && g > 0.0 && g <= 1_048_576.0 => Ok(g),
        _ => Err("a number of GiB greater than 0, such as 4 or 0.5".into()),
    }
}

/// `--disk`: a finite number of GiB, 0 or more (at most a pebibyte).
fn parse_disk(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(g) if (0.0..=1_048_576.0).contains(&g) => Ok(g),
        _ => Err("a number of GiB, 0 or more, such as 100 or 0.5".into()),
    }
}

/// `--layers`: `K` or `K-M`, pieces off in total, the lower first.
fn parse_layers(text: &str) -> Result<(usize, usize), String> {
    let number = |t: &str| t.trim().parse::<usize>().ok();
    let range = match text.split_once('-') {
        Some((lo, hi)) => number(lo).zip(number(hi)),
        None => number(text).map(|k| (k, k)),
    };
    match range {
        Some((lo, hi)) if lo <= hi => Ok((lo, hi)),
        _ => Err("pieces off in total: a number such as 3, or a range such as 2-4".into()),
    }
}

/// `--shard K/N`: shard K (from 1) of N.
fn parse_shard(text: &str) -> Result<senet::sim::Shard, String> {
    let bad = || "a shard K/N, K from 1 to N (for example 3/8)".to_string();
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n) = (k.trim().parse::<u64>(), n.trim().parse::<u64>());
    match (k, n) {
        (Ok(k), Ok(n)) if (1..=n).contains(&k) => Ok(senet::sim::Shard { k, n }),
        _ => Err(bad()),
    }
}

/// `--part P/N`: part P (from 1) of N (at most 4,096).
fn parse_part(text: &str) -> Result<senet::solve::dense::Part, String> {
    let bad = || "a part P/N, P from 1 to N, N at most 4096 (for example 2/4)".to_string();
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    match (k.trim().parse::<usize>(), n.trim().parse::<usize>()) {
        (Ok(k), Ok(n @ 1..=4096)) if (1..=n).contains(&k) => Ok(senet::solve::dense::Part { k, n }),
        _ => Err(bad()),
    }
}

/// `--jobs`: at least one thread, and not more than a machine could run (256).
fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=256) => Ok(n),
        _ => Err("a number of threads from 1 to 256".into()),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every argument of every command says what it is in `--help`, positional ones included.
    #[test]
    fn every_argument_has_help() {
        let cli = super::Cli::command();
        for command in cli.get_subcommands() {
            for arg in command.get_arguments() {
                assert!(
                    arg.get_help().is_some(),
                    "`senet {}`: `{}` has no help",
                    command.get_name(),
                    arg.get_id()
                );
            }
        }
    }

    #[test]
    fn the_command_line_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
