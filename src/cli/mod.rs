//! The command line: `stackyard new|moves|apply|perft|status` (the referee of docs/notation.md).

mod analyse;
#[cfg(feature = "app")]
mod app_options;
mod arena;
mod bench;
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
    /// seats, as the Load menu does
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "game", "partial", "opt"])]
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
}

/// The referee's subcommands; options come right after the subcommand.
#[derive(Debug, Subcommand)]
enum Command {
    /// Print the start position of a game (cash-in-hand, intermedium, grabber, grabber-6,
    /// grabber-10, support, splay)
    New {
        #[command(flatten)]
        options: OptionArgs,
        /// The game id
        game: String,
    },
    /// Print every legal move of a position, one per line, in byte order
    Moves {
        #[command(flatten)]
        options: OptionArgs,
        /// The position string (quote it)
        position: String,
    },
    /// Print the position after playing the moves in order
    Apply {
        #[command(flatten)]
        options: OptionArgs,
        /// The position string (quote it)
        position: String,
        /// Whole moves in the game's notation, one argument each
        moves: Vec<String>,
    },
    /// Count the sequences of DEPTH whole turns from a position
    Perft {
        #[command(flatten)]
        options: OptionArgs,
        /// The position string (quote it)
        position: String,
        /// Number of turns
        depth: u32,
    },
    /// Print `ongoing`, or the result and its reason
    Status {
        #[command(flatten)]
        options: OptionArgs,
        /// The position string (quote it)
        position: String,
    },
    /// Play computer players against each other and print A's results (colours alternate)
    Match {
        /// The game id
        #[arg(long)]
        game: String,
        /// Player A: random, greedy, uct:ms=<n>, mcts:<level>, mcts:iters=<n> or mcts:ms=<n>
        a: String,
        /// Player B, in the same forms
        b: String,
        /// How many games
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// The seed that makes the match reproducible (time-limited players aside)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once, on this many threads (the same games as on one)
        #[arg(long, default_value_t = 1)]
        jobs: u32,
        /// Start every game from this position of the game (quote it) instead of its start
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
        /// Stop once a sequential probability ratio test over game pairs accepts H0: Elo ≤
        /// ELO0 or H1: Elo ≥ ELO1 (A against B); --games is then the most played
        #[arg(long, value_name = "ELO0,ELO1")]
        sprt: Option<String>,
        /// The test's chance of accepting H1 when H0 holds
        #[arg(long, default_value_t = 0.05, requires = "sprt")]
        alpha: f64,
        /// The test's chance of accepting H0 when H1 holds
        #[arg(long, default_value_t = 0.05, requires = "sprt")]
        beta: f64,
        /// Write each game as a save file in DIR (Load in the app replays it), named by its
        /// number, who had Black and White, and the result
        #[arg(long, value_name = "DIR")]
        records: Option<std::path::PathBuf>,
        /// A game option for every game, NAME=VALUE (repeatable), e.g. no_capture_turns=0
        #[arg(long = "opt", value_name = "NAME=VALUE")]
        opt: Vec<String>,
        /// Keep a journal of the games in FILE and, when it already holds games of this match,
        /// go on from them (a stopped match resumes instead of starting over)
        #[arg(long, value_name = "FILE")]
        resume: Option<std::path::PathBuf>,
    },
    /// Print, for every position of a saved game, the side to move's value (-1 lost to 1 won),
    /// Black's chances, the best move and the line the search expects
    Analyse {
        /// The saved game (a save, the autosave, or a `match --records` game)
        #[arg(long, value_name = "FILE")]
        load: std::path::PathBuf,
        /// Playouts per position (default 5000)
        #[arg(long = "iters", value_name = "N", conflicts_with = "ms")]
        iterations: Option<u32>,
        /// Milliseconds per position instead of a number of playouts
        #[arg(long, value_name = "T")]
        ms: Option<u64>,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Find puzzles along the computer's games, or prove a puzzle file's puzzles again
    Puzzles {
        #[command(subcommand)]
        action: PuzzlesAction,
    },
    /// Play computer against computer across every game without a window, reporting memory
    Soak {
        /// How many games (cycling through the games)
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// The seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Measure frame times per quality level, drawn off-screen while a recorded game of each
    /// kind replays (no window needed)
    #[cfg(feature = "app")]
    BenchFrames {
        /// Only this level: low, medium, high, or auto (the one chosen for this adapter);
        /// default: low, medium and high
        #[arg(long, value_name = "LEVEL")]
        quality: Option<crate::files::settings::Quality>,
        /// Seconds of measured frames per level, shared among the five games
        #[arg(long, default_value_t = 20.0)]
        seconds: f64,
        /// The picture's size, WIDTHxHEIGHT
        #[arg(long, default_value = "1280x720")]
        size: String,
        /// Print one JSON object per level
        #[arg(long)]
        json: bool,
        /// Also let the computer think on both sides for a fifth of the time, and report the
        /// main world's time a frame while it thinks (the search takes every core but one)
        #[arg(long)]
        thinking: bool,
        /// Also report each render pass's GPU time (where the adapter has timestamp queries)
        #[arg(long)]
        gpu_passes: bool,
        /// Run the game's main world on Bevy's thread pool, as Bevy's default is, instead of on
        /// one thread as the app does (to compare)
        #[arg(long)]
        thread_pool: bool,
        /// Frames the GPU may be behind the CPU: 1 waits for each frame's drawing before the
        /// next begins (each frame's time is its CPU and GPU time added up); 2 lets the CPU
        /// prepare a frame while the GPU draws the last, as a window's swap chain does
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
        in_flight: u8,
    },
    /// Draw a saved game's main line as an animated GIF, off-screen (no window needed): the
    /// start, then each move's animation and the position it reaches
    #[cfg(feature = "app")]
    Gif {
        /// The saved game (a save, the autosave, or a `match --records` game)
        #[arg(long, value_name = "FILE")]
        load: std::path::PathBuf,
        /// The GIF to write
        #[arg(long, value_name = "OUT")]
        out: std::path::PathBuf,
        /// The picture's size, WIDTHxHEIGHT, from 480x270 to 1280x720
        #[arg(long, default_value = "480x270")]
        size: String,
        /// The graphics quality it is drawn at: low, medium, high or auto
        #[arg(long, value_name = "LEVEL", default_value = "low")]
        quality: crate::files::settings::Quality,
    },
    /// Sum up a kiosk's visitor log per day and game: sessions, games finished and abandoned,
    /// how to play and puzzles opened, median minutes of a session and of a game, busiest hours
    Stats {
        /// The kiosk's data folder (default: $STACKYARD_DATA_DIR, else the platform's)
        #[arg(long, value_name = "DIR")]
        data_dir: Option<std::path::PathBuf>,
        /// The first day, YYYY-MM-DD
        #[arg(long, value_name = "DATE")]
        from: Option<String>,
        /// The last day, YYYY-MM-DD
        #[arg(long, value_name = "DATE")]
        to: Option<String>,
        /// Print CSV instead of a table
        #[arg(long)]
        csv: bool,
    },
    /// Print a kiosk's heartbeat (health.ron); exit status 1 when it is missing or more than
    /// two minutes old
    Health {
        /// The kiosk's data folder (default: $STACKYARD_DATA_DIR, else the platform's)
        #[arg(long, value_name = "DIR")]
        data_dir: Option<std::path::PathBuf>,
    },
    /// Measure random playouts, actions and search iterations per second, per game
    Bench {
        /// Only this game
        #[arg(long)]
        game: Option<String>,
        /// Seconds per measure
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// Also measure the search on each of these numbers of threads (1-15, 1,2,4,8)
        #[arg(long, value_name = "LIST")]
        threads: Option<String>,
        /// Measure one thread and every core this many times, back to back, and report the
        /// medians and each round's ratio (a steadier ratio on a busy machine)
        #[arg(long, default_value_t = 1)]
        rounds: usize,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
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

/// `bench-frames`: checks its arguments, fills in the levels and the size, and measures.
#[cfg(feature = "app")]
fn bench_frames(
    quality: Option<crate::files::settings::Quality>,
    size: &str,
    mut request: crate::app::bench_frames::FramesRequest,
) -> Result<Vec<String>, referee::Failure> {
    use crate::files::settings::Quality;
    let seconds = request.seconds;
    request.size = picture_size(size)?;
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(referee::Failure::usage(format!(
            "bad --seconds {seconds}: give a positive number"
        )));
    }
    request.levels = quality.map_or_else(
        || vec![Quality::Low, Quality::Medium, Quality::High],
        |q| vec![q],
    );
    crate::app::bench_frames::run(&request).map_err(|why| referee::Failure {
        code: 1,
        message: why,
    })
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

/// `gif`: checks its arguments, then draws the game, printing each move drawn to `err`.
#[cfg(feature = "app")]
fn game_gif(
    load: std::path::PathBuf,
    out: std::path::PathBuf,
    size: &str,
    quality: crate::files::settings::Quality,
    err: &mut dyn Write,
) -> Result<Vec<String>, referee::Failure> {
    use crate::app::game_gif::{GifRequest, check_size, run};
    let size = picture_size(size)?;
    check_size(size).map_err(referee::Failure::usage)?;
    if !crate::app::game_gif::writable_place(&out) {
        return Err(referee::Failure::usage(format!(
            "bad --out {}: its folder does not exist",
            out.display()
        )));
    }
    let (_, game) = crate::files::save::SaveFile::load(&load)
        .map_err(|e| referee::Failure::usage(format!("{}: {e}", load.display())))?;
    let request = GifRequest {
        game,
        out,
        size,
        quality,
    };
    run(&request, &mut |done, all| {
        let _ = writeln!(err, "move {done} of {all} drawn");
    })
    .map_err(|why| referee::Failure {
        code: 1,
        message: why,
    })
}

/// The sequential test `match --sprt ELO0,ELO1 [--alpha A] [--beta B]` asks for.
fn sprt_test(
    bounds: &str,
    alpha: f64,
    beta: f64,
) -> Result<crate::ai::sprt::Sprt, referee::Failure> {
    let bad = |why: String| referee::Failure::usage(format!("bad --sprt '{bounds}': {why}"));
    let (low, high) = bounds
        .split_once(',')
        .ok_or_else(|| bad("give two Elo bounds, ELO0,ELO1".into()))?;
    let number = |t: &str| {
        t.trim()
            .parse::<f64>()
            .map_err(|_| bad(format!("'{t}' is not a number")))
    };
    crate::ai::sprt::Sprt::new(number(low)?, number(high)?, alpha, beta)
        .map_err(|e| bad(e.to_string()))
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
        Command::New { options, game } => referee::new(&game, &options.opt),
        Command::Moves { options, position } => referee::moves(&position, &options.opt),
        Command::Apply {
            options,
            position,
            moves,
        } => referee::apply(&position, &moves, &options.opt),
        Command::Perft {
            options,
            position,
            depth,
        } => referee::perft(&position, depth, &options.opt),
        Command::Status { options, position } => referee::status(&position, &options.opt),
        Command::Match {
            game,
            a,
            b,
            games,
            seed,
            jobs,
            from,
            json,
            sprt,
            alpha,
            beta,
            records,
            opt,
            resume,
        } => {
            let sprt = sprt
                .as_deref()
                .map(|t| sprt_test(t, alpha, beta))
                .transpose()?;
            let request = arena::MatchRequest {
                game: &game,
                players: (&a, &b),
                games,
                seed,
                jobs,
                from: from.as_deref(),
                json,
                sprt,
                records: records.as_deref(),
                options: &opt,
                resume: resume.as_deref(),
            };
            arena::run_match(&request, err)
        }
        Command::Soak { games, seed } => arena::run_soak(games, seed),
        Command::Stats {
            data_dir,
            from,
            to,
            csv,
        } => kiosk_reports::stats(
            &data_dir.unwrap_or_else(crate::files::data_dir),
            from.as_deref(),
            to.as_deref(),
            csv,
        ),
        Command::Health { data_dir } => {
            kiosk_reports::health(&data_dir.unwrap_or_else(crate::files::data_dir))
        }
        Command::Puzzles { action } => run_puzzles(action),
        Command::Analyse {
            load,
            iterations,
            ms,
            json,
        } => analyse::run(
            &analyse::AnalyseRequest {
                load: &load,
                iterations,
                ms,
                json,
            },
            err,
        ),
        Command::Bench {
            game,
            seconds,
            threads,
            rounds,
            json,
        } => bench::run_bench(&bench::BenchRequest {
            game: game.as_deref(),
            seconds,
            threads: threads.as_deref(),
            rounds,
            json,
        }),
        #[cfg(feature = "app")]
        Command::BenchFrames {
            quality,
            seconds,
            size,
            json,
            thinking,
            gpu_passes,
            thread_pool,
            in_flight,
        } => bench_frames(
            quality,
            &size,
            crate::app::bench_frames::FramesRequest {
                levels: Vec::new(),
                seconds,
                size: bevy::math::UVec2::ZERO,
                json,
                thinking,
                gpu_passes,
                thread_pool,
                in_flight: usize::from(in_flight),
            },
        ),
        #[cfg(feature = "app")]
        Command::Gif {
            load,
            out,
            size,
            quality,
        } => game_gif(load, out, &size, quality, err),
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
