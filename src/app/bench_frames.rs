//! `stackyard bench-frames`: how long a frame takes at each quality level, drawn off-screen (no
//! window, so a GPU machine without a display measures its GPU) while a recorded game of each
//! kind replays with its animations. No search runs: on a software renderer it would take the
//! renderer's cores.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::renderer::{RenderAdapterInfo, RenderDevice};
use bevy::render::{Render, RenderApp, RenderSystems};

use crate::files::save::{LoadedGame, SaveFile};
use crate::files::settings::Quality;
use crate::game::board::quality::GraphicsLevel;
use crate::game::core::motion::BoardMotion;
use crate::game::core::preferences::QualityChoice;
use crate::game::core::session::{BoardReset, Session, SessionRequest};
use crate::rules::GameId;

use super::AppOptions;

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
        })
    }

    fn line(&self, adapter: &str, json: bool) -> String {
        let name = Quality::NAMES[self.quality as usize];
        if json {
            let adapter = adapter.replace('\\', "\\\\").replace('"', "\\\"");
            format!(
                "{{\"adapter\": \"{adapter}\", \"quality\": \"{name}\", \"frames\": {}, \
                 \"p50_ms\": {:.2}, \"p99_ms\": {:.2}, \"max_ms\": {:.2}, \"decisions\": {}}}",
                self.frames, self.p50_ms, self.p99_ms, self.max_ms, self.decisions
            )
        } else {
            format!(
                "{name:<7} frames {:>5}   median {:>8.2} ms   p99 {:>8.2} ms   worst {:>8.2} ms   \
                 ({} decisions replayed)",
                self.frames, self.p50_ms, self.p99_ms, self.max_ms, self.decisions
            )
        }
    }
}

/// Measures each level in turn and returns the lines to print.
///
/// # Errors
/// A recorded game that is missing or broken.
pub fn run(request: &FramesRequest) -> Result<Vec<String>, String> {
    let records = recorded_games()?;
    let scratch = std::env::temp_dir().join(format!("stackyard-bench-{}", std::process::id()));
    let mut app = super::build(AppOptions {
        offscreen: Some(request.size),
        data_dir: Some(scratch.join("data")),
        config_dir: Some(scratch.join("config")),
        position: records[0].start.clone(),
        ..AppOptions::default()
    });
    app.add_systems(Update, play_recorded_decisions);
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(Render, wait_for_the_gpu.in_set(RenderSystems::Cleanup));
    }
    app.finish();
    app.cleanup();
    let adapter = app
        .world()
        .get_resource::<RenderAdapterInfo>()
        .map_or_else(|| "no adapter".to_owned(), |a| a.name.clone());
    let mut lines = Vec::new();
    if !request.json {
        let (w, h) = (request.size.x, request.size.y);
        lines.push(format!("adapter: {adapter}; {w}x{h}, off-screen"));
    }
    let share = Duration::from_secs_f64(request.seconds / records.len() as f64);
    for &asked in &request.levels {
        let quality = level_of(asked, app.world().get_resource::<RenderAdapterInfo>());
        app.world_mut().insert_resource(QualityChoice(quality));
        let (mut frames, mut decisions) = (Vec::new(), 0);
        for game in &records {
            replay(&mut app, game);
            settle(&mut app);
            app.world_mut().resource_mut::<Replay>().played = 0;
            frames.extend(measure(&mut app, share));
            decisions += app.world().resource::<Replay>().played;
        }
        let mut times = FrameTimes::of(quality, &frames).ok_or("no frame was drawn")?;
        times.decisions = decisions;
        lines.push(times.line(&adapter, request.json));
    }
    let _ = std::fs::remove_dir_all(scratch);
    Ok(lines)
}

/// The level `asked` means on this adapter (Auto: the one the app would choose).
fn level_of(asked: Quality, adapter: Option<&RenderAdapterInfo>) -> Quality {
    match GraphicsLevel::chosen(asked, adapter) {
        GraphicsLevel::Low => Quality::Low,
        GraphicsLevel::Medium => Quality::Medium,
        GraphicsLevel::High => Quality::High,
    }
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

/// Draws frames until every pipeline the level needs is compiled (none waiting for 10 frames),
/// for at most a minute.
fn settle(app: &mut App) {
    let started = Instant::now();
    let mut ready = 0;
    while ready < 10 && started.elapsed() < Duration::from_secs(60) {
        app.update();
        let waiting = app
            .get_sub_app(RenderApp)
            .and_then(|r| {
                r.world()
                    .get_resource::<bevy::render::render_resource::PipelineCache>()
            })
            .map_or(0, |cache| cache.waiting_pipelines().count());
        ready = if waiting == 0 { ready + 1 } else { 0 };
    }
}

/// Each frame's time, in seconds, for `how_long`.
fn measure(app: &mut App, how_long: Duration) -> Vec<f64> {
    let started = Instant::now();
    let mut frames = Vec::new();
    while started.elapsed() < how_long {
        let t = Instant::now();
        app.update();
        frames.push(t.elapsed().as_secs_f64());
    }
    frames
}

/// Each frame ends when the GPU has finished it, so a frame's time is the GPU's too.
fn wait_for_the_gpu(device: Res<RenderDevice>) {
    let _ = device.poll(wgpu_types::PollType::Wait {
        submission_index: None,
        timeout: None,
    });
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
        let t = FrameTimes::of(Quality::High, &[0.004, 0.006]).unwrap();
        assert_eq!(
            t.line("GPU \"X\"", true),
            "{\"adapter\": \"GPU \\\"X\\\"\", \"quality\": \"high\", \"frames\": 2, \
             \"p50_ms\": 6.00, \"p99_ms\": 6.00, \"max_ms\": 6.00, \"decisions\": 0}"
        );
    }

    #[test]
    fn every_recorded_game_replays() {
        let games = recorded_games().unwrap();
        assert_eq!(games.len(), 5);
        assert!(games.iter().all(|g| g.moves.len() >= 10));
    }
}
