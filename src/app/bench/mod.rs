//! `stackyard bench-frames`: how long a frame takes at each quality level, drawn off-screen (no
//! window, so a GPU machine without a display measures its GPU) while a recorded game of each
//! kind replays with its animations. No search runs: on a software renderer it would take the
//! renderer's cores. Each level also gives the median frame's CPU time by where it went
//! (`frame_clock.rs`), and the bare scene of that level (`bare_scene.rs`: the same meshes,
//! lights and camera in a Bevy app of its default plugins alone) is measured beside it.

pub mod frame_clock;
pub mod frame_watch;
pub mod gpu_passes;

use frame_clock::{CpuSummary, FrameClock, MainCpu, RenderCpu};
use gpu_passes::PassLog;

use crate::platform::clock::Instant;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use crate::files::save::{LoadedGame, SaveFile};
use crate::files::settings::Quality;
use crate::game::core::graphics_level::{AutoCeiling, GraphicsLevel};
use crate::game::core::motion::BoardMotion;
use crate::game::core::opponent::Thinking;
use crate::game::core::preferences::QualityChoice;
use crate::game::core::seats::{Seat, Seats};
use crate::game::core::session::{BoardReset, Session, SessionRequest};
use crate::rules::GameId;

use super::AppOptions;
use super::bare_scene::{self, Target};

/// What `bench-frames` measures.
#[derive(Debug, Clone)]
pub struct FramesRequest {
    /// The levels, in order.
    pub levels: Vec<Quality>,
    /// Seconds of measured frames per level, shared among the recorded games.
    pub seconds: f64,
    /// The size of the picture, in pixels.
    pub size: UVec2,
    /// One JSON object per level instead of a table.
    pub json: bool,
    /// After the replays, the computer thinks on both sides for a share of the time, and the
    /// main world's time while it thinks is reported (the search takes every core but one).
    pub thinking: bool,
    /// Each render pass's GPU time is reported too (Bevy's render diagnostics).
    pub gpu_passes: bool,
    /// The game's main world runs its systems on Bevy's thread pool, as Bevy's default is (the
    /// app runs them on one thread), to compare.
    pub thread_pool: bool,
    /// Frames the GPU may be behind: 1 waits for each frame's drawing before the next begins;
    /// 2 lets the CPU prepare a frame while the GPU draws the last, as a window's swap chain
    /// does (`frame_clock::install`).
    pub in_flight: usize,
}

/// Frame times at one level.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameTimes {
    /// The level measured.
    pub quality: Quality,
    /// Frames measured.
    pub frames: usize,
    /// The median frame, in milliseconds.
    pub p50_ms: f64,
    /// The 99th percentile, in milliseconds.
    pub p99_ms: f64,
    /// The worst frame, in milliseconds.
    pub max_ms: f64,
    /// Decisions replayed while measuring (each one animated).
    pub decisions: usize,
    /// The median frame's CPU time by where it went.
    pub cpu: Option<CpuSummary>,
    /// The main world's median time a frame, in milliseconds, while the board stood still,
    /// while stones moved, and while the computer thought.
    pub main_by_state: [Option<f64>; 3],
}

impl FrameTimes {
    /// The summary of `frames` (seconds each); `None` when there are none.
    #[must_use]
    pub fn of(quality: Quality, frames: &[f64]) -> Option<FrameTimes> {
        let mut ms: Vec<f64> = frames.iter().map(|s| s * 1000.0).collect();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        (!ms.is_empty()).then(|| FrameTimes {
            quality,
            frames: ms.len(),
            p50_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: at(1.0),
            decisions: 0,
            cpu: None,
            main_by_state: [None; 3],
        })
    }

    /// The frames measured and their CPU time.
    fn of_run(quality: Quality, run: &Measured) -> Result<FrameTimes, String> {
        let mut times = FrameTimes::of(quality, &run.frames).ok_or("no frame was drawn")?;
        times.cpu = CpuSummary::of(&run.main, &run.render);
        times.main_by_state = run.main_by_state();
        Ok(times)
    }

    fn json_fields(&self) -> String {
        let cpu = self
            .cpu
            .as_ref()
            .map_or_else(String::new, |c| format!(", \"cpu\": {}", c.json()));
        let states: String = Doing::NAMES
            .iter()
            .zip(self.main_by_state)
            .filter_map(|(name, ms)| ms.map(|ms| format!(", \"main_{name}_ms\": {ms:.3}")))
            .collect();
        format!(
            "\"frames\": {}, \"p50_ms\": {:.2}, \"p99_ms\": {:.2}, \"max_ms\": {:.2}{cpu}{states}",
            self.frames, self.p50_ms, self.p99_ms, self.max_ms
        )
    }

    /// The main world's median by what the board was doing, as words.
    fn states_line(&self) -> Option<String> {
        let states: Vec<String> = Doing::NAMES
            .iter()
            .zip(self.main_by_state)
            .filter_map(|(name, ms)| ms.map(|ms| format!("{name} {ms:.2} ms")))
            .collect();
        (!states.is_empty()).then(|| format!("main world: {}", states.join(", ")))
    }

    fn table_line(&self, name: &str) -> String {
        format!(
            "{name:<7} frames {:>5}   median {:>8.2} ms   p99 {:>8.2} ms   worst {:>8.2} ms",
            self.frames, self.p50_ms, self.p99_ms, self.max_ms
        )
    }
}

/// A level's figures: the game's, and the bare scene's beside them.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelFigures {
    /// The game replaying its recorded games.
    pub game: FrameTimes,
    /// The bare scene of the same level.
    pub bare: Option<FrameTimes>,
    /// Each render pass's median GPU time in milliseconds, the slowest first, when asked for.
    pub gpu_passes: Option<Vec<(String, f64)>>,
    /// Frames the GPU could be behind the CPU (`FramesRequest::in_flight`).
    pub in_flight: usize,
}

impl LevelFigures {
    /// The game's CPU time a frame over the bare scene's.
    #[must_use]
    pub fn cpu_ratio(&self) -> Option<f64> {
        let game = self.game.cpu.as_ref()?.cpu_ms();
        let bare = self.bare.as_ref()?.cpu.as_ref()?.cpu_ms();
        (bare > 0.0).then(|| game / bare)
    }

    fn lines(&self, adapter: &str, json: bool) -> Vec<String> {
        let name = Quality::NAMES[self.game.quality as usize];
        let ratio = self.cpu_ratio();
        if json {
            let adapter = adapter.replace('\\', "\\\\").replace('"', "\\\"");
            let bare = self.bare.as_ref().map_or_else(String::new, |b| {
                format!(", \"bare\": {{{}}}", b.json_fields())
            });
            let ratio = ratio.map_or_else(String::new, |r| format!(", \"cpu_ratio\": {r:.2}"));
            let passes = self.gpu_passes.as_ref().map_or_else(String::new, |p| {
                format!(", \"gpu_passes\": {}", gpu_passes::json(p))
            });
            return vec![format!(
                "{{\"adapter\": \"{adapter}\", \"quality\": \"{name}\", \"in_flight\": {}, {}, \"decisions\": {}{bare}{ratio}{passes}}}",
                self.in_flight,
                self.game.json_fields(),
                self.game.decisions
            )];
        }
        let mut lines = vec![format!(
            "{}   ({} decisions replayed)",
            self.game.table_line(name),
            self.game.decisions
        )];
        lines.extend(
            self.game
                .cpu
                .as_ref()
                .map(|c| format!("        {}", c.line())),
        );
        lines.extend(self.game.states_line().map(|l| format!("        {l}")));
        lines.extend(
            self.gpu_passes
                .as_ref()
                .map(|p| format!("        {}", gpu_passes::line(p))),
        );
        if let Some(bare) = &self.bare {
            lines.push(bare.table_line("  bare"));
            lines.extend(bare.cpu.as_ref().map(|c| format!("        {}", c.line())));
        }
        lines.extend(
            ratio.map(|r| format!("        the game's CPU time is {r:.2}x the bare scene's")),
        );
        lines
    }
}

/// Measures each level in turn and returns the lines to print.
///
/// # Errors
/// A recorded game that is missing or broken.
pub fn run(request: &FramesRequest) -> Result<Vec<String>, String> {
    let records = recorded_games()?;
    let scratch = crate::files::scratch::Scratch::new("bench");
    let (mut app, clock) = offscreen_app(request, &records[0], &scratch)?;
    let adapter = app
        .world()
        .get_resource::<RenderAdapterInfo>()
        .map_or_else(|| "no adapter".to_owned(), |a| a.name.clone());
    let mut lines = Vec::new();
    if !request.json {
        let (w, h) = (request.size.x, request.size.y);
        let n = request.in_flight;
        lines.push(format!(
            "adapter: {adapter}; {w}x{h}, off-screen; the GPU at most {n} frame(s) behind"
        ));
    }
    let share = Duration::from_secs_f64(request.seconds / records.len() as f64);
    for &asked in &request.levels {
        let quality = level_of(asked, app.world().get_resource::<RenderAdapterInfo>());
        app.world_mut().insert_resource(QualityChoice(quality));
        let (mut run, mut decisions) = (Measured::default(), 0);
        let mut passes = PassLog::default();
        for game in &records {
            replay(&mut app, game);
            settle(&mut app, &clock);
            app.world_mut().resource_mut::<Replay>().played = 0;
            let passes = request.gpu_passes.then_some(&mut passes);
            run.extend(measure(&mut app, &clock, share, passes));
            decisions += app.world().resource::<Replay>().played;
        }
        if request.thinking {
            run.add_thinking(&think(&mut app, &clock, share));
        }
        let mut game = FrameTimes::of_run(quality, &run)?;
        game.decisions = decisions;
        // The last recorded game is Splay's: the bare scene is its board as it stands.
        let bare = measure_bare(app.world(), quality, share, request.in_flight)?;
        let figures = LevelFigures {
            game,
            bare: Some(bare),
            gpu_passes: request.gpu_passes.then(|| passes.medians()),
            in_flight: request.in_flight,
        };
        lines.extend(figures.lines(&adapter, request.json));
    }
    Ok(lines)
}

/// The app drawn off-screen at the request's size, its data in `scratch`, replaying from
/// `first`'s start, with its frame clock (and the GPU's pass timings where asked).
fn offscreen_app(
    request: &FramesRequest,
    first: &LoadedGame,
    scratch: &std::path::Path,
) -> Result<(App, FrameClock), String> {
    let mut app = super::build(AppOptions {
        run: super::RunMode::Offscreen(request.size),
        folders: super::Folders::within(scratch),
        opens: super::Opening {
            position: first.start.clone(),
            ..super::Opening::default()
        },
        thread_pool: request.thread_pool,
        ..AppOptions::default()
    });
    app.add_systems(Update, play_recorded_decisions);
    if request.gpu_passes {
        gpu_passes::install(&mut app);
    }
    let clock =
        frame_clock::install(&mut app, request.in_flight).ok_or("no renderer to measure")?;
    app.finish();
    app.cleanup();
    Ok((app, clock))
}

/// The level `asked` means on this adapter (Auto: the one the app would choose).
fn level_of(asked: Quality, adapter: Option<&RenderAdapterInfo>) -> Quality {
    GraphicsLevel::chosen(asked, adapter, AutoCeiling::default()).quality()
}

/// The recorded games in `assets/replays`, one per kind, in the games' order.
fn recorded_games() -> Result<Vec<LoadedGame>, String> {
    let folder = crate::files::assets::subfolder("replays");
    let kinds = [
        GameId::CashInHand,
        GameId::Intermedium,
        GameId::Grabber8,
        GameId::Support,
        GameId::Splay,
    ];
    kinds
        .iter()
        .map(|id| {
            let path: PathBuf = folder.join(format!("{id}.ron"));
            SaveFile::load(&path)
                .map(|(_, game)| game)
                .map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}

/// The recorded game being replayed: its moves' decisions, the next move, the decisions of the
/// move under way.
#[derive(Resource)]
struct Replay {
    game: LoadedGame,
    next_move: usize,
    decisions: VecDeque<crate::rules::Action>,
    still_since: Option<f64>,
    /// Decisions played since the count was last taken.
    played: usize,
}

/// How long the board stands still before the next decision.
const PAUSE_SECS: f64 = 0.25;

/// Puts `game`'s start on the board and replays it from there.
fn replay(app: &mut App, game: &LoadedGame) {
    let world = app.world_mut();
    world.insert_resource(Session::new(game.start.clone()));
    world.write_message(BoardReset);
    world.insert_resource(Replay {
        game: game.clone(),
        next_move: 0,
        decisions: VecDeque::new(),
        still_since: None,
        played: 0,
    });
}

/// Plays the recorded game's next decision once the board has stood still for a moment, and
/// starts it again when it is over.
fn play_recorded_decisions(
    replay: Option<ResMut<Replay>>,
    motion: Res<BoardMotion>,
    session: Res<Session>,
    time: Res<Time>,
    mut requests: MessageWriter<SessionRequest>,
) {
    let Some(mut replay) = replay else {
        return;
    };
    let now = time.elapsed_secs_f64();
    if motion.moving {
        replay.still_since = None;
        return;
    }
    if now - *replay.still_since.get_or_insert(now) < PAUSE_SECS {
        return;
    }
    replay.still_since = None;
    if replay.decisions.is_empty() {
        let Some(next) = replay.game.moves.get(replay.next_move).cloned() else {
            replay.next_move = 0;
            requests.write(SessionRequest::NewGame);
            return;
        };
        if session.outcome().is_some() {
            replay.next_move = 0;
            requests.write(SessionRequest::NewGame);
            return;
        }
        replay.decisions.extend(next.iter().copied());
        replay.next_move += 1;
    }
    if let Some(action) = replay.decisions.pop_front() {
        requests.write(SessionRequest::Play(action));
        replay.played += 1;
    }
}

/// The bare scene copied from `game` as it stands, measured for `how_long` with the GPU at most
/// `in_flight` frames behind.
fn measure_bare(
    game: &World,
    quality: Quality,
    how_long: Duration,
    in_flight: usize,
) -> Result<FrameTimes, String> {
    let mut bare = bare_scene::copy_of(game, Target::Offscreen);
    let clock =
        frame_clock::install(&mut bare, in_flight).ok_or("the bare scene has no renderer")?;
    bare.finish();
    bare.cleanup();
    settle(&mut bare, &clock);
    FrameTimes::of_run(quality, &measure(&mut bare, &clock, how_long, None))
}

/// Draws frames until every pipeline the level needs is compiled (none waiting for 10 frames),
/// for at most a minute.
fn settle(app: &mut App, clock: &FrameClock) {
    let started = Instant::now();
    let mut ready = 0;
    while ready < 10 && started.elapsed() < Duration::from_secs(60) {
        app.update();
        ready = if clock.waiting_pipelines() == 0 {
            ready + 1
        } else {
            0
        };
    }
}

/// What the board was doing when a frame was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Doing {
    /// Nothing moved and the computer was not thinking.
    Still,
    /// Stones moved.
    Moving,
    /// The computer was thinking.
    Thinking,
}

impl Doing {
    const NAMES: [&str; 3] = ["still", "moving", "thinking"];

    fn of(world: &World) -> Doing {
        if world.contains_resource::<Thinking>() {
            Doing::Thinking
        } else if world
            .get_resource::<BoardMotion>()
            .is_some_and(|m| m.moving)
        {
            Doing::Moving
        } else {
            Doing::Still
        }
    }
}

/// The frames measured: each one's time in seconds, its CPU time by where it went, and what
/// the board was doing; and apart, the main world's time in the frames drawn while the computer
/// thought on both sides (with the search taking the cores, they are not the frames the bench
/// reports).
#[derive(Debug, Default)]
struct Measured {
    frames: Vec<f64>,
    main: Vec<MainCpu>,
    render: Vec<RenderCpu>,
    doing: Vec<Doing>,
    thinking_main_ms: Vec<f64>,
}

/// A frame's main world, all its schedules, in milliseconds.
fn main_ms(frame: &MainCpu) -> f64 {
    frame.iter().map(|s| s.1).sum::<f64>() * 1000.0
}

impl Measured {
    fn extend(&mut self, more: Measured) {
        self.frames.extend(more.frames);
        self.main.extend(more.main);
        self.render.extend(more.render);
        self.doing.extend(more.doing);
    }

    /// Keeps only the main world's time of the frames drawn while the computer thought.
    fn add_thinking(&mut self, more: &Measured) {
        let thought = more.main.iter().zip(&more.doing);
        self.thinking_main_ms.extend(
            thought
                .filter(|(_, d)| **d == Doing::Thinking)
                .map(|(f, _)| main_ms(f)),
        );
    }

    /// The main world's median a frame for each of [`Doing`]'s states, in milliseconds.
    fn main_by_state(&self) -> [Option<f64>; 3] {
        let median = |mut ms: Vec<f64>| {
            ms.sort_by(f64::total_cmp);
            ms.get(ms.len() / 2).copied()
        };
        let of = |state: Doing| {
            let frames = self.main.iter().zip(&self.doing);
            median(
                frames
                    .filter(|(_, d)| **d == state)
                    .map(|(f, _)| main_ms(f))
                    .collect(),
            )
        };
        [
            of(Doing::Still),
            of(Doing::Moving),
            median(self.thinking_main_ms.clone()),
        ]
    }
}

/// The computer thinks for both sides, a Master turn as long as the phase, while frames are
/// drawn; then the seats are people again and the search is cancelled.
fn think(app: &mut App, clock: &FrameClock, how_long: Duration) -> Measured {
    let world = app.world_mut();
    world.remove_resource::<Replay>();
    let people = *world.resource::<Seats>();
    *world.resource_mut::<Seats>() = Seats {
        black: Seat::Computer(crate::ai::Level::Master),
        white: Seat::Computer(crate::ai::Level::Master),
        master_time: how_long,
        ..people
    };
    let run = measure(app, clock, how_long, None);
    let world = app.world_mut();
    *world.resource_mut::<Seats>() = people;
    world.remove_resource::<Thinking>();
    run
}

/// Draws frames for `how_long`, each timed as a whole and by where its CPU time went, reading
/// the GPU's time by pass into `passes` when given.
fn measure(
    app: &mut App,
    clock: &FrameClock,
    how_long: Duration,
    mut passes: Option<&mut PassLog>,
) -> Measured {
    let _ = clock.take_render_frames();
    let started = Instant::now();
    let mut run = Measured::default();
    while started.elapsed() < how_long {
        let t = Instant::now();
        run.main.push(frame_clock::timed_update(app));
        run.frames.push(t.elapsed().as_secs_f64());
        run.doing.push(Doing::of(app.world()));
        if let Some(passes) = passes.as_deref_mut() {
            passes.read(app.world());
        }
    }
    run.render = clock.take_render_frames();
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_times_are_summarised_by_rank() {
        let frames: Vec<f64> = (1..=100).rev().map(|i| f64::from(i) / 1000.0).collect();
        let t = FrameTimes::of(Quality::Low, &frames).unwrap();
        assert_eq!(t.frames, 100);
        assert!((t.p50_ms - 51.0).abs() < 1e-9, "{t:?}");
        assert!((t.p99_ms - 99.0).abs() < 1e-9, "{t:?}");
        assert!((t.max_ms - 100.0).abs() < 1e-9, "{t:?}");
        assert_eq!(FrameTimes::of(Quality::Low, &[]), None);
    }

    #[test]
    fn a_json_line_names_the_adapter_and_level() {
        let figures = LevelFigures {
            game: FrameTimes::of(Quality::High, &[0.004, 0.006]).unwrap(),
            bare: None,
            gpu_passes: None,
            in_flight: 2,
        };
        assert_eq!(
            figures.lines("GPU \"X\"", true),
            [
                "{\"adapter\": \"GPU \\\"X\\\"\", \"quality\": \"high\", \"in_flight\": 2, \
              \"frames\": 2, \"p50_ms\": 6.00, \"p99_ms\": 6.00, \"max_ms\": 6.00, \"decisions\": 0}"
            ]
        );
    }

    #[test]
    fn the_ratio_is_the_games_cpu_time_over_the_bare_scenes() {
        let with_cpu = |update_s: f64| {
            let main: Vec<MainCpu> = vec![vec![("Update".to_owned(), update_s)]];
            let render = [RenderCpu {
                extract: 0.001,
                ..RenderCpu::default()
            }];
            let run = Measured {
                frames: vec![0.01],
                main,
                render: render.to_vec(),
                doing: vec![Doing::Moving],
                thinking_main_ms: Vec::new(),
            };
            FrameTimes::of_run(Quality::Low, &run).unwrap()
        };
        let figures = LevelFigures {
            game: with_cpu(0.005),
            bare: Some(with_cpu(0.001)),
            gpu_passes: Some(vec![("ssao".to_owned(), 1.5)]),
            in_flight: 1,
        };
        assert!((figures.cpu_ratio().unwrap() - 3.0).abs() < 1e-9);
        let json = &figures.lines("a", true)[0];
        assert!(json.contains("\"bare\": {\"frames\": 1"), "{json}");
        assert!(
            json.ends_with("\"cpu_ratio\": 3.00, \"gpu_passes\": {\"ssao\": 1.500}}"),
            "{json}"
        );
        assert!(json.contains("\"main_moving_ms\": 5.000"), "{json}");
        assert!(
            !json.contains("main_still_ms"),
            "no frame stood still: {json}"
        );
    }

    #[test]
    fn frames_drawn_while_the_computer_thinks_count_only_for_the_main_worlds_figure() {
        let frame = |ms: f64| vec![("Update".to_owned(), ms / 1000.0)];
        let mut run = Measured {
            frames: vec![0.01, 0.01],
            main: vec![frame(1.0), frame(3.0)],
            render: vec![RenderCpu::default(); 2],
            doing: vec![Doing::Still, Doing::Moving],
            thinking_main_ms: Vec::new(),
        };
        let thought = Measured {
            main: vec![frame(50.0), frame(9.0)],
            doing: vec![Doing::Thinking, Doing::Moving],
            ..Measured::default()
        };
        run.add_thinking(&thought);
        assert_eq!(run.main_by_state(), [Some(1.0), Some(3.0), Some(50.0)]);
        let summary = CpuSummary::of(&run.main, &run.render).unwrap();
        assert!((summary.main_ms - 3.0).abs() < 1e-9, "{summary:?}");
    }

    #[test]
    fn every_recorded_game_replays() {
        let games = recorded_games().unwrap();
        assert_eq!(games.len(), 5);
        assert!(games.iter().all(|g| g.moves.len() >= 10));
    }
}
