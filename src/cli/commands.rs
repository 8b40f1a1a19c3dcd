//! The subcommands' arguments, one clap `Args` struct each, and how each one that needs more than
//! a call is run (`Command::Match(MatchArgs)` runs as `MatchArgs::run`).

use std::io::Write;

use super::referee::Failure;
use super::{analyse, arena, bench, kiosk_reports};

/// What a subcommand gives back: its lines to print, or why it failed.
type Outcome = Result<Vec<String>, Failure>;

/// `stackyard new`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct NewArgs {
    #[command(flatten)]
    pub(super) options: super::OptionArgs,
    /// The game id
    pub(super) game: String,
}

/// `stackyard moves`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct MovesArgs {
    #[command(flatten)]
    pub(super) options: super::OptionArgs,
    /// The position string (quote it)
    pub(super) position: String,
}

/// `stackyard apply`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct ApplyArgs {
    #[command(flatten)]
    pub(super) options: super::OptionArgs,
    /// The position string (quote it)
    pub(super) position: String,
    /// Whole moves in the game's notation, one argument each
    pub(super) moves: Vec<String>,
}

/// `stackyard perft`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct PerftArgs {
    #[command(flatten)]
    pub(super) options: super::OptionArgs,
    /// The position string (quote it)
    pub(super) position: String,
    /// Number of turns
    pub(super) depth: u32,
}

/// `stackyard status`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct StatusArgs {
    #[command(flatten)]
    pub(super) options: super::OptionArgs,
    /// The position string (quote it)
    pub(super) position: String,
}

/// `stackyard match`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct MatchArgs {
    /// The game id
    #[arg(long)]
    pub(super) game: String,
    /// Player A: random, greedy, uct:ms=<n>, mcts:<level>, mcts:iters=<n> or mcts:ms=<n>
    pub(super) a: String,
    /// Player B, in the same forms
    pub(super) b: String,
    /// How many games
    #[arg(long, default_value_t = 10)]
    pub(super) games: u32,
    /// The seed that makes the match reproducible (time-limited players aside)
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Games played at once, on this many threads (the same games as on one)
    #[arg(long, default_value_t = 1)]
    pub(super) jobs: u32,
    /// Start every game from this position of the game (quote it) instead of its start
    #[arg(long, value_name = "POSITION")]
    pub(super) from: Option<String>,
    /// Print one JSON object
    #[arg(long)]
    pub(super) json: bool,
    /// Stop once a sequential probability ratio test over game pairs accepts H0: Elo ≤
    /// ELO0 or H1: Elo ≥ ELO1 (A against B); --games is then the most played
    #[arg(long, value_name = "ELO0,ELO1")]
    pub(super) sprt: Option<String>,
    /// The test's chance of accepting H1 when H0 holds
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub(super) alpha: f64,
    /// The test's chance of accepting H0 when H1 holds
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub(super) beta: f64,
    /// Write each game as a save file in DIR (Load in the app replays it), named by its
    /// number, who had Black and White, and the result
    #[arg(long, value_name = "DIR")]
    pub(super) records: Option<std::path::PathBuf>,
    /// A game option for every game, NAME=VALUE (repeatable), e.g. no_capture_turns=0
    #[arg(long = "opt", value_name = "NAME=VALUE")]
    pub(super) opt: Vec<String>,
    /// Keep a journal of the games in FILE and, when it already holds games of this match,
    /// go on from them (a stopped match resumes instead of starting over)
    #[arg(long, value_name = "FILE")]
    pub(super) resume: Option<std::path::PathBuf>,
}

/// `stackyard analyse`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct AnalyseArgs {
    /// The saved game (a save, the autosave, or a `match --records` game)
    #[arg(long, value_name = "FILE")]
    pub(super) load: std::path::PathBuf,
    /// Playouts per position (default 5000)
    #[arg(long = "iters", value_name = "N", conflicts_with = "ms")]
    pub(super) iterations: Option<u32>,
    /// Milliseconds per position instead of a number of playouts
    #[arg(long, value_name = "T")]
    pub(super) ms: Option<u64>,
    /// Print one JSON object
    #[arg(long)]
    pub(super) json: bool,
}

/// `stackyard soak`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct SoakArgs {
    /// How many games (cycling through the games)
    #[arg(long, default_value_t = 100)]
    pub(super) games: u32,
    /// The seed
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
}

/// `stackyard bench-frames`'s arguments.
#[cfg(feature = "app")]
#[derive(Debug, clap::Args)]
pub(super) struct BenchFramesArgs {
    /// Only this level: low, medium, high, or auto (the one chosen for this adapter);
    /// default: low, medium and high
    #[arg(long, value_name = "LEVEL")]
    pub(super) quality: Option<crate::files::settings::Quality>,
    /// Seconds of measured frames per level, shared among the five games
    #[arg(long, default_value_t = 20.0)]
    pub(super) seconds: f64,
    /// The picture's size, WIDTHxHEIGHT
    #[arg(long, default_value = "1280x720")]
    pub(super) size: String,
    /// Print one JSON object per level
    #[arg(long)]
    pub(super) json: bool,
    /// Also let the computer think on both sides for a fifth of the time, and report the
    /// main world's time a frame while it thinks (the search takes every core but one)
    #[arg(long)]
    pub(super) thinking: bool,
    /// Also report each render pass's GPU time (where the adapter has timestamp queries)
    #[arg(long)]
    pub(super) gpu_passes: bool,
    /// Run the game's main world on Bevy's thread pool, as Bevy's default is, instead of on
    /// one thread as the app does (to compare)
    #[arg(long)]
    pub(super) thread_pool: bool,
    /// Frames the GPU may be behind the CPU: 1 waits for each frame's drawing before the
    /// next begins (each frame's time is its CPU and GPU time added up); 2 lets the CPU
    /// prepare a frame while the GPU draws the last, as a window's swap chain does
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub(super) in_flight: u8,
}

/// `stackyard gif`'s arguments.
#[cfg(feature = "app")]
#[derive(Debug, clap::Args)]
pub(super) struct GifArgs {
    /// The saved game (a save, the autosave, or a `match --records` game)
    #[arg(long, value_name = "FILE")]
    pub(super) load: std::path::PathBuf,
    /// The GIF to write
    #[arg(long, value_name = "OUT")]
    pub(super) out: std::path::PathBuf,
    /// The picture's size, WIDTHxHEIGHT, from 480x270 to 1280x720
    #[arg(long, default_value = "480x270")]
    pub(super) size: String,
    /// The graphics quality it is drawn at: low, medium, high or auto
    #[arg(long, value_name = "LEVEL", default_value = "low")]
    pub(super) quality: crate::files::settings::Quality,
}

/// `stackyard stats`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct StatsArgs {
    /// The kiosk's data folder (default: $STACKYARD_DATA_DIR, else the platform's)
    #[arg(long, value_name = "DIR")]
    pub(super) data_dir: Option<std::path::PathBuf>,
    /// The first day, YYYY-MM-DD
    #[arg(long, value_name = "DATE")]
    pub(super) from: Option<String>,
    /// The last day, YYYY-MM-DD
    #[arg(long, value_name = "DATE")]
    pub(super) to: Option<String>,
    /// Print CSV instead of a table
    #[arg(long)]
    pub(super) csv: bool,
}

/// `stackyard health`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct HealthArgs {
    /// The kiosk's data folder (default: $STACKYARD_DATA_DIR, else the platform's)
    #[arg(long, value_name = "DIR")]
    pub(super) data_dir: Option<std::path::PathBuf>,
}

/// `stackyard bench`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct BenchArgs {
    /// Only this game
    #[arg(long)]
    pub(super) game: Option<String>,
    /// Seconds per measure
    #[arg(long, default_value_t = 2.0)]
    pub(super) seconds: f64,
    /// Also measure the search on each of these numbers of threads (1-15, 1,2,4,8)
    #[arg(long, value_name = "LIST")]
    pub(super) threads: Option<String>,
    /// Measure one thread and every core this many times, back to back, and report the
    /// medians and each round's ratio (a steadier ratio on a busy machine)
    #[arg(long, default_value_t = 1)]
    pub(super) rounds: usize,
    /// Print one JSON object
    #[arg(long)]
    pub(super) json: bool,
}

impl MatchArgs {
    /// Checks the sequential test's bounds and plays the match, its progress to `err`.
    pub(super) fn run(self, err: &mut dyn Write) -> Outcome {
        let sprt = self
            .sprt
            .as_deref()
            .map(|t| sprt_test(t, self.alpha, self.beta))
            .transpose()?;
        let request = arena::MatchRequest {
            game: &self.game,
            players: (&self.a, &self.b),
            games: self.games,
            seed: self.seed,
            jobs: self.jobs,
            from: self.from.as_deref(),
            json: self.json,
            sprt,
            records: self.records.as_deref(),
            options: &self.opt,
            resume: self.resume.as_deref(),
        };
        arena::run_match(&request, err)
    }
}

/// The sequential test `match --sprt ELO0,ELO1 [--alpha A] [--beta B]` asks for.
fn sprt_test(bounds: &str, alpha: f64, beta: f64) -> Result<crate::ai::sprt::Sprt, Failure> {
    let bad = |why: String| Failure::usage(format!("bad --sprt '{bounds}': {why}"));
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

impl StatsArgs {
    /// Prints the kiosk's statistics from its data folder.
    pub(super) fn run(self) -> Outcome {
        kiosk_reports::stats(
            &self.data_dir.unwrap_or_else(crate::files::data_dir),
            self.from.as_deref(),
            self.to.as_deref(),
            self.csv,
        )
    }
}

impl AnalyseArgs {
    /// Analyses the saved game, each position's progress to `err`.
    pub(super) fn run(self, err: &mut dyn Write) -> Outcome {
        let request = analyse::AnalyseRequest {
            load: &self.load,
            iterations: self.iterations,
            ms: self.ms,
            json: self.json,
        };
        analyse::run(&request, err)
    }
}

impl BenchArgs {
    /// Measures the rules' and the search's speeds.
    pub(super) fn run(self) -> Outcome {
        bench::run_bench(&bench::BenchRequest {
            game: self.game.as_deref(),
            seconds: self.seconds,
            threads: self.threads.as_deref(),
            rounds: self.rounds,
            json: self.json,
        })
    }
}

#[cfg(feature = "app")]
impl BenchFramesArgs {
    /// Checks the size and seconds, fills in the levels, and measures.
    pub(super) fn run(self) -> Outcome {
        use crate::files::settings::Quality;
        let size = super::picture_size(&self.size)?;
        if !(self.seconds.is_finite() && self.seconds > 0.0) {
            return Err(Failure::usage(format!(
                "bad --seconds {}: give a positive number",
                self.seconds
            )));
        }
        let request = crate::app::bench::FramesRequest {
            levels: self.quality.map_or_else(
                || vec![Quality::Low, Quality::Medium, Quality::High],
                |q| vec![q],
            ),
            seconds: self.seconds,
            size,
            json: self.json,
            thinking: self.thinking,
            gpu_passes: self.gpu_passes,
            thread_pool: self.thread_pool,
            in_flight: usize::from(self.in_flight),
        };
        crate::app::bench::run(&request).map_err(|why| Failure {
            code: 1,
            message: why,
        })
    }
}

#[cfg(feature = "app")]
impl GifArgs {
    /// Checks the size and the place to write, then draws the game, each move drawn to `err`.
    pub(super) fn run(self, err: &mut dyn Write) -> Outcome {
        use crate::app::game_gif::{GifRequest, check_size, run, writable_place};
        let size = super::picture_size(&self.size)?;
        check_size(size).map_err(Failure::usage)?;
        if !writable_place(&self.out) {
            return Err(Failure::usage(format!(
                "bad --out {}: its folder does not exist",
                self.out.display()
            )));
        }
        let load = &self.load;
        let (_, game) = crate::files::save::SaveFile::load(load)
            .map_err(|e| Failure::usage(format!("{}: {e}", load.display())))?;
        let request = GifRequest {
            game,
            out: self.out,
            size,
            quality: self.quality,
        };
        run(&request, &mut |done, all| {
            let _ = writeln!(err, "move {done} of {all} drawn");
        })
        .map_err(|why| Failure {
            code: 1,
            message: why,
        })
    }
}
