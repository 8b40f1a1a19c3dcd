//! The command line: `stackyard new|moves|apply|perft|status` (the referee of docs/notation.md).

mod analyse;
#[cfg(feature = "app")]
mod app_options;
mod arena;
pub mod bench;
mod commands;
mod kiosk_reports;
#[cfg(feature = "app")]
mod launch;
mod match_journal;
mod match_tally;
mod puzzles;
mod referee;

use std::ffi::OsString;
use std::io::Write;

use clap::{Parser, Subcommand};
use commands::{
    AnalyseArgs, ApplyArgs, BenchArgs, HealthArgs, MatchArgs, MovesArgs, NewArgs, PerftArgs,
    SoakArgs, StatsArgs, StatusArgs,
};
#[cfg(feature = "app")]
use commands::{BenchFramesArgs, GifArgs};

/// Stackyard: five abstract stacking games, and their referee on the command line.
#[derive(Debug, Parser)]
#[command(name = "stackyard", version = env!("STACKYARD_VERSION"), about, long_about = None)]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    app: AppArgs,
}

/// What the app opens with (no subcommand opens the app).
#[derive(Debug, clap::Args)]
struct AppArgs {
    /// Render once the scene is ready, save a 1280x720 PNG to FILE and exit
    #[arg(long, value_name = "FILE")]
    screenshot: Option<std::path::PathBuf>,
    /// Open this position (its game id picks the game)
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    /// Open this game's start position (when no --position is given)
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// Open a saved game or a `match --records` game and go on from its last move, with its
    /// seats, as the Load menu does; or a link that carries a game (Copy link), at its move
    #[arg(long, value_name = "FILE|LINK", conflicts_with_all = ["position", "game", "partial", "opt"])]
    load: Option<std::path::PathBuf>,
    /// Show a turn in progress: the canonical prefix of the move (docs/notation.md, "Partial turns")
    #[arg(long, value_name = "PREFIX")]
    partial: Option<String>,
    /// The screen to show: title (the default when no game is asked for), game, how-to-play
    /// (of --game's game, or the position's), settings (the title with the Settings window),
    /// editor, puzzles (--game's first unsolved puzzle); with --profile also attract (the
    /// default there), idle-prompt and statistics (the staff menu's page)
    #[arg(long, value_name = "NAME")]
    screen: Option<String>,
    /// A game option, NAME=VALUE (repeatable)
    #[arg(long = "opt", value_name = "NAME=VALUE")]
    opt: Vec<String>,
    /// The folder for saved games and the autosave (default: $STACKYARD_DATA_DIR, else the
    /// platform's data folder)
    #[arg(long, value_name = "DIR")]
    data_dir: Option<std::path::PathBuf>,
    /// The folder of settings.ron (default: $STACKYARD_CONFIG_DIR, else the platform's config
    /// folder); with --screenshot, settings are read only from a folder named here
    #[arg(long, value_name = "DIR")]
    config_dir: Option<std::path::PathBuf>,
    /// The theme to use (a file name in assets/themes without .ron: wood, high-contrast)
    #[arg(long, value_name = "NAME")]
    theme: Option<String>,
    /// The language of the texts (a table in assets/i18n: en, de)
    #[arg(long, value_name = "CODE")]
    language: Option<String>,
    /// The graphics quality: low (software renderers, old integrated GPUs), medium, high, or
    /// auto (chosen from the graphics adapter); kept in the settings
    #[arg(long, value_name = "LEVEL")]
    quality: Option<crate::files::settings::Quality>,
    /// Run as an exhibition kiosk with this profile (see assets/exhibition.ron)
    #[arg(long, value_name = "FILE")]
    profile: Option<std::path::PathBuf>,
    /// Print the screen, each cell's and each panel's and control's place in window pixels as
    /// a line `layout: <RON>` whenever it changes (for tests that drive a real window)
    #[arg(long)]
    print_layout: bool,
    /// Print the layout once the screen is ready, then exit without drawing a picture (how the
    /// panel tests read a screen)
    #[arg(long, hide = true, conflicts_with = "screenshot")]
    layout_only: bool,
    /// With --layout-only: after each settled layout, go to the next of these stops (a comma
    /// list, each [SCREEN/]GAME[@LANGUAGE], SCREEN a --screen name or settings) and print its
    /// layout, so one run reads many screens
    #[arg(
        long,
        value_name = "STOPS",
        hide = true,
        requires = "layout_only",
        value_delimiter = ','
    )]
    layout_tour: Vec<String>,
    /// With --screenshot of attract mode: take the picture this share (0 to 1) of the way
    /// along the camera's walk through the room (for the README's picture of the room)
    #[arg(long, value_name = "SHARE", hide = true, requires = "screenshot")]
    room_view: Option<f32>,
    /// Render the position like --screenshot and make the program's icon from its middle:
    /// DIR/<size>/stackyard.png for 16 to 256 pixels (packaging/icon.sh)
    #[arg(long, value_name = "DIR", conflicts_with = "screenshot")]
    icons: Option<std::path::PathBuf>,
    /// The folder of the game's files (themes, texts, pictures); default: $STACKYARD_ASSETS,
    /// else assets/ beside the program, else /usr/share/stackyard/assets, else the source folder
    #[arg(long, value_name = "DIR")]
    assets: Option<std::path::PathBuf>,
    /// The window's size, WIDTHxHEIGHT (default 1280x720; a kiosk fills its monitor unless it
    /// takes a screenshot)
    #[arg(long, value_name = "WxH")]
    window_size: Option<String>,
    /// Panic this many seconds after the start (how the kiosk's recovery is tested)
    #[arg(long, value_name = "SECS", hide = true)]
    panic_after: Option<f32>,
    /// Stop the frame loop this many seconds after the start, as a hang would (how the kiosk's
    /// watchdog is tested)
    #[arg(long, value_name = "SECS", hide = true)]
    freeze_after: Option<f32>,
    /// Destroy the graphics device this many seconds after the start (how the recovery from a
    /// lost device is tested)
    #[arg(long, value_name = "SECS", hide = true)]
    lose_device_after: Option<f32>,
    /// Auto takes the graphics adapter for one it would give this level (low, medium, high):
    /// how its step down is tested on a software renderer
    #[arg(long, value_name = "LEVEL", hide = true)]
    adapter_level: Option<String>,
    /// Measure SECS of frames at rest, then SECS with the computer in both seats, print them
    /// as `frames: {JSON}` and exit (BENCHMARKS.md, the web build's frames)
    #[arg(long, value_name = "SECS", hide = true)]
    watch_frames: Option<f32>,
}

/// The referee's subcommands; options come right after the subcommand.
#[derive(Debug, Subcommand)]
enum Command {
    /// Print the start position of a game (cash-in-hand, intermedium, grabber, grabber-6,
    /// grabber-10, support, splay)
    New(NewArgs),
    /// Print every legal move of a position, one per line, in byte order
    Moves(MovesArgs),
    /// Print the position after playing the moves in order
    Apply(ApplyArgs),
    /// Count the sequences of DEPTH whole turns from a position
    Perft(PerftArgs),
    /// Print `ongoing`, or the result and its reason
    Status(StatusArgs),
    /// Play computer players against each other and print A's results (colours alternate)
    Match(MatchArgs),
    /// Print, for every position of a saved game, the side to move's value (-1 lost to 1 won),
    /// Black's chances, the best move and the line the search expects
    Analyse(AnalyseArgs),
    /// Find puzzles along the computer's games, or prove a puzzle file's puzzles again
    Puzzles {
        #[command(subcommand)]
        action: PuzzlesAction,
    },
    /// Play computer against computer across every game without a window, reporting memory
    Soak(SoakArgs),
    /// Measure frame times per quality level, drawn off-screen while a recorded game of each
    /// kind replays (no window needed)
    #[cfg(feature = "app")]
    BenchFrames(BenchFramesArgs),
    /// Draw a saved game's main line as an animated GIF, off-screen (no window needed): the
    /// start, then each move's animation and the position it reaches
    #[cfg(feature = "app")]
    Gif(GifArgs),
    /// Sum up a kiosk's visitor log per day and game: sessions, games finished and abandoned,
    /// how to play and puzzles opened, median minutes of a session and of a game, busiest hours
    Stats(StatsArgs),
    /// Print a kiosk's heartbeat (health.ron); exit status 1 when it is missing or more than
    /// two minutes old
    Health(HealthArgs),
    /// Measure random playouts, actions and search iterations per second, per game
    Bench(BenchArgs),
}

/// What `puzzles` does.
#[derive(Subcommand, Debug)]
enum PuzzlesAction {
    /// Play the computer against itself and keep the positions whose side to move wins by one
    /// first move only (proved), within 1 or 2 of its turns
    Generate {
        /// The game (grabber covers its three boards)
        #[arg(long)]
        game: String,
        /// How many puzzles
        #[arg(long, default_value_t = 30)]
        count: usize,
        /// The first game's seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// The puzzle file to write
        #[arg(long, value_name = "FILE")]
        out: std::path::PathBuf,
    },
    /// Prove every puzzle of a file again, a line each (exit status 1 if any fails)
    Check {
        /// The puzzle file
        file: std::path::PathBuf,
    },
}

#[derive(Debug, clap::Args)]
struct OptionArgs {
    /// A game option, NAME=VALUE (repeatable), e.g. first_player=white or ply_cap=500
    #[arg(long = "opt", value_name = "NAME=VALUE")]
    opt: Vec<String>,
}

/// Runs the command line and returns the process exit status.
#[must_use]
pub fn main() -> i32 {
    // Not locked for the whole run: the app's worker threads log to stderr too, and a lock
    // held by the main thread would block them for ever (an asset loader's warning froze the
    // app's loading this way).
    run(
        std::env::args_os(),
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    )
}

/// A picture's `--size WIDTHxHEIGHT`, each side 16 to 8192 pixels.
#[cfg(feature = "app")]
fn picture_size(size: &str) -> Result<bevy::math::UVec2, referee::Failure> {
    let bad_size = || {
        referee::Failure::usage(format!(
            "bad --size '{size}': give WIDTHxHEIGHT, each 16 to 8192 pixels"
        ))
    };
    let (w, h) = size.split_once('x').ok_or_else(bad_size)?;
    let side = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (16..=8192).contains(n))
    };
    let (Some(w), Some(h)) = (side(w), side(h)) else {
        return Err(bad_size());
    };
    Ok(bevy::math::UVec2::new(w, h))
}

/// Runs a command line, writing to the given streams; returns the exit status
/// (0 success, 2 usage error or bad position, 3 illegal or malformed move).
pub fn run(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return report_parse_error(&e, out, err),
    };
    let result = match cli.command {
        #[cfg(feature = "app")]
        None => return launch::run_app(cli.app, out, err),
        #[cfg(not(feature = "app"))]
        None => Err(referee::Failure::usage(
            "this build has no app (built without the `app` feature); the referee \
             subcommands work"
                .to_string(),
        )),
        Some(command) => run_command(command, err),
    };
    match result {
        Ok(lines) => {
            for line in lines {
                let _ = writeln!(out, "{line}");
            }
            0
        }
        Err(failure) => {
            let _ = writeln!(err, "stackyard: {}", failure.message);
            failure.code
        }
    }
}

/// What clap said of a command line it could not take (or of `--help`, `--version`), written
/// where it belongs; returns the exit status.
fn report_parse_error(e: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let text = e.render().to_string();
    if e.use_stderr() {
        let _ = write!(err, "{text}");
        referee::USAGE
    } else {
        let _ = write!(out, "{text}");
        0
    }
}

/// Runs one subcommand: the lines it prints, or why it failed. Progress goes to `err`.
fn run_command(command: Command, err: &mut dyn Write) -> Result<Vec<String>, referee::Failure> {
    match command {
        Command::New(a) => referee::new(&a.game, &a.options.opt),
        Command::Moves(a) => referee::moves(&a.position, &a.options.opt),
        Command::Apply(a) => referee::apply(&a.position, &a.moves, &a.options.opt),
        Command::Perft(a) => referee::perft(&a.position, a.depth, &a.options.opt),
        Command::Status(a) => referee::status(&a.position, &a.options.opt),
        Command::Match(a) => a.run(err),
        Command::Soak(a) => arena::run_soak(a.games, a.seed),
        Command::Stats(a) => a.run(),
        Command::Health(a) => {
            kiosk_reports::health(&a.data_dir.unwrap_or_else(crate::files::data_dir))
        }
        Command::Puzzles { action } => run_puzzles(action),
        Command::Analyse(a) => a.run(err),
        Command::Bench(a) => a.run(),
        #[cfg(feature = "app")]
        Command::BenchFrames(a) => a.run(),
        #[cfg(feature = "app")]
        Command::Gif(a) => a.run(err),
    }
}

fn run_puzzles(action: PuzzlesAction) -> Result<Vec<String>, referee::Failure> {
    match action {
        PuzzlesAction::Generate {
            game,
            count,
            seed,
            jobs,
            out,
        } => {
            let game: crate::rules::GameId = game
                .parse()
                .map_err(|e: crate::rules::UnknownGame| referee::Failure::usage(e.to_string()))?;
            puzzles::generate(&puzzles::GenerateRequest {
                game,
                count,
                seed,
                jobs,
                out: &out,
            })
        }
        PuzzlesAction::Check { file } => puzzles::check(&file),
    }
}
