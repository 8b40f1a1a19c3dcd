//! Where a frame's CPU time goes, for `bench-frames`: the main world's schedules one by one, the
//! render world's extract and its stages up to the submission to the GPU, and the wait for the
//! GPU. It fits any app the bench drives (the game, the bare scene). The render world runs on a
//! thread of its own (Bevy's pipelined rendering), so it stamps its stages as it goes and the
//! stamps of its last frame are read at the next extract, when both worlds are in one hand.

use crate::platform::clock::Instant;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use bevy::app::MainScheduleOrder;
use bevy::prelude::*;
use bevy::render::render_resource::{PipelineCache, PollType};
use bevy::render::renderer::{RenderDevice, RenderQueue};
use bevy::render::{Render, RenderApp, RenderSystems};

/// The render world's CPU time in one frame, in seconds, by stage.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RenderCpu {
    /// Copying what is drawn from the main world.
    pub extract: f64,
    /// From the extracted commands to the views: assets, meshes, views, pipelines specialised.
    pub views: f64,
    /// Queueing, sorting and preparing the draws and their buffers.
    pub queue: f64,
    /// Encoding the render graph's commands and submitting them.
    pub submit: f64,
    /// Waiting for the GPU to finish the frame (not CPU work).
    pub gpu_wait: f64,
}

/// One frame of the main world: each schedule's time in seconds, in the order they ran.
pub type MainCpu = Vec<(String, f64)>;

/// What the render world handed over, frame after frame, since the log was last taken.
#[derive(Debug, Default)]
struct RenderLog {
    frames: Vec<RenderCpu>,
    /// The extract of the frame under way, waiting for that frame's stages.
    extract: Option<f64>,
    /// Pipelines still compiling at the render world's last frame.
    waiting_pipelines: usize,
}

/// The log the bench reads: shared by the extract (main thread) and the bench.
#[derive(Resource, Clone, Default)]
pub struct FrameClock(Arc<Mutex<RenderLog>>);

impl FrameClock {
    /// The render world's frames finished since the last call.
    #[must_use]
    pub fn take_render_frames(&self) -> Vec<RenderCpu> {
        let mut log = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        std::mem::take(&mut log.frames)
    }

    /// How many pipelines were still compiling at the render world's last frame.
    #[must_use]
    pub fn waiting_pipelines(&self) -> usize {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .waiting_pipelines
    }
}

/// When the render world reached each stage this frame.
#[derive(Resource, Debug, Default, Clone, Copy)]
struct Stamps {
    start: Option<Instant>,
    views: Option<Instant>,
    queued: Option<Instant>,
    submitted: Option<Instant>,
    done: Option<Instant>,
}

/// Which stage a stamp closes.
#[derive(Debug, Clone, Copy)]
enum Stage {
    Start,
    Views,
    Queued,
    Submitted,
    Done,
}

impl Stamps {
    fn mark(&mut self, stage: Stage) {
        let now = Some(Instant::now());
        match stage {
            Stage::Start => {
                *self = Stamps {
                    start: now,
                    ..Stamps::default()
                }
            }
            Stage::Views => self.views = now,
            Stage::Queued => self.queued = now,
            Stage::Submitted => self.submitted = now,
            Stage::Done => self.done = now,
        }
    }

    /// The stages' times, once the frame has gone through all of them.
    fn frame(&self, extract: f64) -> Option<RenderCpu> {
        let (start, views, queued, submitted, done) = (
            self.start?,
            self.views?,
            self.queued?,
            self.submitted?,
            self.done?,
        );
        let secs = |from: Instant, to: Instant| to.saturating_duration_since(from).as_secs_f64();
        Some(RenderCpu {
            extract,
            views: secs(start, views),
            queue: secs(views, queued),
            submit: secs(queued, submitted),
            gpu_wait: secs(submitted, done),
        })
    }
}

/// Puts the clock on `app`, which must still have its render world at hand (before
/// `App::finish` and `App::cleanup` send it to its thread). Each frame then waits until the GPU
/// is at most `in_flight - 1` frames behind: with 1, it waits for its own drawing, so a frame's
/// time is its CPU and GPU time added up; with 2, the CPU prepares a frame while the GPU draws
/// the last, as a window's swap chain lets it. Returns `None` when the app has no renderer.
pub fn install(app: &mut App, in_flight: usize) -> Option<FrameClock> {
    let clock = FrameClock::default();
    let render_app = app.get_sub_app_mut(RenderApp)?;
    let mut extract = render_app.take_extract()?;
    let log = clock.0.clone();
    render_app.set_extract(move |main_world, render_world| {
        let started = Instant::now();
        extract(main_world, render_world);
        hand_over(&log, render_world, started.elapsed().as_secs_f64());
    });
    render_app
        .init_resource::<Stamps>()
        .insert_resource(FramesInFlight(in_flight.max(1)))
        .add_systems(
            Render,
            (
                stamp(Stage::Start).before(RenderSystems::ExtractCommands),
                stamp(Stage::Views)
                    .after(RenderSystems::PrepareViews)
                    .before(RenderSystems::Queue),
                stamp(Stage::Queued)
                    .after(RenderSystems::Prepare)
                    .before(RenderSystems::Render),
                stamp(Stage::Submitted)
                    .after(RenderSystems::Render)
                    .before(RenderSystems::Cleanup),
                (wait_for_the_gpu, stamp(Stage::Done))
                    .chain()
                    .in_set(RenderSystems::Cleanup),
            ),
        );
    app.insert_resource(clock.clone());
    Some(clock)
}

/// After an extract: the stamps of the render world's last frame go to the log with that
/// frame's extract, and this frame's extract waits for its own.
fn hand_over(log: &Mutex<RenderLog>, render_world: &mut World, extract: f64) {
    let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
    let stamps = render_world
        .get_resource_mut::<Stamps>()
        .map(|mut s| std::mem::take(&mut *s));
    log.waiting_pipelines = render_world
        .get_resource::<PipelineCache>()
        .map_or(0, |cache| cache.waiting_pipelines().count());
    if let (Some(stamps), Some(previous)) = (stamps, log.extract)
        && let Some(frame) = stamps.frame(previous)
    {
        log.frames.push(frame);
    }
    log.extract = Some(extract);
}

fn stamp(stage: Stage) -> impl FnMut(ResMut<Stamps>) {
    move |mut stamps: ResMut<Stamps>| stamps.mark(stage)
}

/// How many frames the GPU may be behind the CPU, at most.
#[derive(Resource, Debug, Clone, Copy)]
struct FramesInFlight(usize);

/// Each frame ends when the GPU is at most `FramesInFlight - 1` frames behind: the frames
/// submitted are marked in the queue by an empty submission each, and the oldest marks are
/// waited for.
fn wait_for_the_gpu(
    in_flight: Res<FramesInFlight>,
    device: Res<RenderDevice>,
    queue: Res<RenderQueue>,
    mut submitted: Local<VecDeque<PollType>>,
) {
    submitted.push_back(PollType::Wait {
        submission_index: Some(queue.submit([])),
        timeout: None,
    });
    while submitted.len() > in_flight.0 {
        if let Some(frame) = submitted.pop_front() {
            let _ = device.poll(frame);
        }
    }
}

/// One frame as `App::update` runs it, with the main world's schedules timed one by one: the
/// main world, then each sub-app's extract and update (with pipelined rendering, the extract
/// waits for the render thread's last frame and hands it this one).
pub fn timed_update(app: &mut App) -> MainCpu {
    let world = app.world_mut();
    let labels = world.resource::<MainScheduleOrder>().labels.clone();
    let mut schedules = Vec::with_capacity(labels.len());
    for label in labels {
        let started = Instant::now();
        let _ = world.try_run_schedule(label);
        schedules.push((format!("{label:?}"), started.elapsed().as_secs_f64()));
    }
    let bevy::app::SubApps { main, sub_apps } = app.sub_apps_mut();
    for sub_app in sub_apps.values_mut() {
        sub_app.extract(main.world_mut());
        sub_app.update();
    }
    main.world_mut().clear_trackers();
    schedules
}

/// The median frame's CPU time by where it went, in milliseconds.
#[derive(Debug, Clone, PartialEq)]
pub struct CpuSummary {
    /// The main world's schedules in the order they ran, each its median.
    pub schedules: Vec<(String, f64)>,
    /// The main world, all its schedules together.
    pub main_ms: f64,
    /// The render world's extract.
    pub extract_ms: f64,
    /// The render world up to its views (assets, meshes, views, specialised pipelines).
    pub views_ms: f64,
    /// Queueing, sorting and preparing the draws.
    pub queue_ms: f64,
    /// Encoding the render graph and submitting it.
    pub submit_ms: f64,
    /// The wait for the GPU (not CPU work).
    pub gpu_wait_ms: f64,
}

impl CpuSummary {
    /// The medians of `main` and `render`'s frames; `None` when either has none.
    #[must_use]
    pub fn of(main: &[MainCpu], render: &[RenderCpu]) -> Option<CpuSummary> {
        let first = main.first()?;
        render.first()?;
        let schedules = first
            .iter()
            .enumerate()
            .map(|(i, (name, _))| {
                let of_frame = main.iter().filter_map(|f| f.get(i).map(|s| s.1));
                (name.clone(), median(of_frame))
            })
            .collect();
        let of_render = |part: fn(&RenderCpu) -> f64| median(render.iter().map(part));
        Some(CpuSummary {
            schedules,
            main_ms: median(main.iter().map(|f| f.iter().map(|s| s.1).sum())),
            extract_ms: of_render(|r| r.extract),
            views_ms: of_render(|r| r.views),
            queue_ms: of_render(|r| r.queue),
            submit_ms: of_render(|r| r.submit),
            gpu_wait_ms: of_render(|r| r.gpu_wait),
        })
    }

    /// The CPU's work up to the submission: the main world, the extract and the render world's
    /// stages (the sum of their medians).
    #[must_use]
    pub fn cpu_ms(&self) -> f64 {
        self.main_ms + self.extract_ms + self.views_ms + self.queue_ms + self.submit_ms
    }

    /// As a JSON object.
    #[must_use]
    pub fn json(&self) -> String {
        let schedules: Vec<String> = self
            .schedules
            .iter()
            .map(|(name, ms)| format!("\"{name}\": {ms:.3}"))
            .collect();
        format!(
            "{{\"cpu_ms\": {:.3}, \"main_ms\": {:.3}, \"schedules\": {{{}}}, \"extract_ms\": {:.3}, \
             \"views_ms\": {:.3}, \"queue_ms\": {:.3}, \"submit_ms\": {:.3}, \"gpu_wait_ms\": {:.3}}}",
            self.cpu_ms(),
            self.main_ms,
            schedules.join(", "),
            self.extract_ms,
            self.views_ms,
            self.queue_ms,
            self.submit_ms,
            self.gpu_wait_ms
        )
    }

    /// As a line of the table: the total, then its parts.
    #[must_use]
    pub fn line(&self) -> String {
        let busiest: Vec<String> = self
            .schedules
            .iter()
            .filter(|(_, ms)| *ms >= 0.05)
            .map(|(name, ms)| format!("{name} {ms:.2}"))
            .collect();
        format!(
            "CPU {:.2} ms = main {:.2} ({}) + extract {:.2} + views {:.2} + queue {:.2} + \
             submit {:.2}; GPU wait {:.2} ms",
            self.cpu_ms(),
            self.main_ms,
            busiest.join(", "),
            self.extract_ms,
            self.views_ms,
            self.queue_ms,
            self.submit_ms,
            self.gpu_wait_ms
        )
    }
}

/// The median of `seconds`, in milliseconds (0 for none).
fn median(seconds: impl Iterator<Item = f64>) -> f64 {
    let mut ms: Vec<f64> = seconds.map(|s| s * 1000.0).collect();
    if ms.is_empty() {
        return 0.0;
    }
    ms.sort_by(f64::total_cmp);
    ms[ms.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_frame_is_cut_at_its_stamps() {
        let t0 = Instant::now();
        let at = |ms: u64| Some(t0 + Duration::from_millis(ms));
        let stamps = Stamps {
            start: at(0),
            views: at(2),
            queued: at(5),
            submitted: at(9),
            done: at(20),
        };
        let frame = stamps.frame(0.001).expect("every stage stamped");
        let ms = |s: f64| (s * 1000.0).round();
        assert_eq!(
            (
                ms(frame.extract),
                ms(frame.views),
                ms(frame.queue),
                ms(frame.submit),
                ms(frame.gpu_wait)
            ),
            (1.0, 2.0, 3.0, 4.0, 11.0)
        );
        let unfinished = Stamps {
            done: None,
            ..stamps
        };
        assert_eq!(unfinished.frame(0.001), None);
    }

    #[test]
    fn the_summary_takes_each_parts_median_and_adds_them_up() {
        let main: Vec<MainCpu> = [1.0, 3.0, 2.0]
            .iter()
            .map(|&ms| {
                vec![
                    ("First".to_owned(), 0.0001),
                    ("Update".to_owned(), ms / 1000.0),
                ]
            })
            .collect();
        let render = vec![
            RenderCpu {
                extract: 0.0005,
                views: 0.001,
                queue: 0.002,
                submit: 0.003,
                gpu_wait: 0.010,
            };
            2
        ];
        let summary = CpuSummary::of(&main, &render).expect("frames");
        assert!((summary.schedules[1].1 - 2.0).abs() < 1e-9, "{summary:?}");
        assert!((summary.main_ms - 2.1).abs() < 1e-9, "{summary:?}");
        assert!((summary.cpu_ms() - 8.6).abs() < 1e-9, "{summary:?}");
        assert!(summary.json().starts_with("{\"cpu_ms\": 8.600, \"main_ms\": 2.100, \"schedules\": {\"First\": 0.100, \"Update\": 2.000}"));
        assert_eq!(CpuSummary::of(&main, &[]), None);
    }

    #[test]
    fn a_new_frame_forgets_the_last_ones_stamps() {
        let mut stamps = Stamps::default();
        for stage in [Stage::Start, Stage::Views, Stage::Queued, Stage::Submitted] {
            stamps.mark(stage);
        }
        stamps.mark(Stage::Start);
        assert!(stamps.start.is_some() && stamps.views.is_none());
        stamps.mark(Stage::Done);
        assert!(
            stamps.frame(0.0).is_none(),
            "the new frame's middle stages are missing"
        );
    }
}
