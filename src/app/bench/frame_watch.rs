//! A run that watches its own frames in a real window or page (the hidden `--watch-frames SECS`,
//! the web build's `?frames`): frames keep coming, and after the first pipelines are built the
//! run measures SECS at rest, then SECS with the computer (Master) in both seats, its frames
//! counted apart while stones move and while it only thinks. One line `frames: {JSON}` reports each
//! part's median and 95th percentile (on the web, the canvas's `data-frames`), and a desktop run
//! then ends.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

use crate::ai::Level;
use crate::game::core::graphics_level::GraphicsLevel;
use crate::game::core::motion::BoardMotion;
use crate::game::core::opponent::Thinking;
use crate::game::core::seats::{Seat, Seats};

/// Frames are not measured for this long after the start: the first pipelines are built.
const SETTLE: Duration = Duration::from_secs(5);

/// The seconds of each measured part, asked for by the run.
#[derive(Resource, Debug, Clone, Copy)]
pub struct WatchFrames(pub f32);

/// Which part of the watch the run is in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Part {
    #[default]
    Settling,
    AtRest,
    ComputerPlays,
    Reported,
}

/// The frames' lengths so far, in milliseconds, by what the frame showed.
#[derive(Resource, Debug, Default)]
struct Watched {
    part: Part,
    since: Duration,
    rest: Vec<f32>,
    thinking: Vec<f32>,
    moving: Vec<f32>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Watched>().add_systems(
        Last,
        (keep_frames_coming, count_the_frame, move_on)
            .chain()
            .run_if(resource_exists::<WatchFrames>),
    );
}

fn keep_frames_coming(watched: Res<Watched>, mut redraw: MessageWriter<RequestRedraw>) {
    if watched.part != Part::Reported {
        redraw.write(RequestRedraw);
    }
}

/// Files the frame's length under what it showed: at rest, or (with the computer playing) stones
/// moving (the next search may be under way beside them) or the board still while the search
/// runs; a frame of the computer's pause before a move is neither.
fn count_the_frame(
    time: Res<Time<Real>>,
    thinking: Option<Res<Thinking>>,
    motion: Res<BoardMotion>,
    mut watched: ResMut<Watched>,
) {
    let ms = time.delta_secs() * 1000.0;
    match watched.part {
        Part::AtRest => watched.rest.push(ms),
        Part::ComputerPlays if !motion.still() => watched.moving.push(ms),
        Part::ComputerPlays if thinking.is_some() => watched.thinking.push(ms),
        _ => {}
    }
}

/// Goes from one part to the next when its time is up: the computer takes both seats after the
/// rest, and the report follows its play.
fn move_on(
    time: Res<Time<Real>>,
    watch: Res<WatchFrames>,
    mut watched: ResMut<Watched>,
    mut seats: ResMut<Seats>,
    report: ReportInputs,
    mut exit: MessageWriter<AppExit>,
) {
    let now = time.elapsed();
    let part_ends = match watched.part {
        Part::Settling => SETTLE,
        Part::Reported => return,
        _ => Duration::from_secs_f32(watch.0),
    };
    if now < watched.since + part_ends {
        return;
    }
    watched.since = now;
    watched.part = match watched.part {
        Part::Settling => Part::AtRest,
        Part::AtRest => {
            seats.black = Seat::Computer(Level::Master);
            seats.white = Seat::Computer(Level::Master);
            Part::ComputerPlays
        }
        _ => {
            crate::platform::page::publish("frames", &report.json(&watched));
            if cfg!(not(target_arch = "wasm32")) {
                exit.write(AppExit::Success);
            }
            Part::Reported
        }
    };
}

/// What the report says besides the frames: the level drawn and the window's size.
#[derive(bevy::ecs::system::SystemParam)]
struct ReportInputs<'w, 's> {
    level: Res<'w, GraphicsLevel>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

impl ReportInputs<'_, '_> {
    fn json(&self, watched: &Watched) -> String {
        let size = self
            .windows
            .single()
            .map_or([0, 0], |w| [w.physical_width(), w.physical_height()]);
        format!(
            r#"{{"level":"{:?}","size":[{},{}],"rest":{},"thinking":{},"moving":{}}}"#,
            *self.level,
            size[0],
            size[1],
            summary(&watched.rest),
            summary(&watched.thinking),
            summary(&watched.moving)
        )
    }
}

/// `{"frames":N,"median_ms":M,"p95_ms":P}` of frame lengths in milliseconds (`{"frames":0}`
/// of none).
fn summary(frames: &[f32]) -> String {
    if frames.is_empty() {
        return r#"{"frames":0}"#.into();
    }
    let mut sorted = frames.to_vec();
    sorted.sort_by(f32::total_cmp);
    let at = |share: f32| {
        let last = sorted.len().saturating_sub(1);
        sorted[((share * last as f32).round() as usize).min(last)]
    };
    format!(
        r#"{{"frames":{},"median_ms":{:.1},"p95_ms":{:.1}}}"#,
        sorted.len(),
        at(0.5),
        at(0.95)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_gives_the_median_and_the_95th_percentile() {
        let frames: Vec<f32> = (1..=101).rev().map(|n| n as f32).collect();
        assert_eq!(
            summary(&frames),
            r#"{"frames":101,"median_ms":51.0,"p95_ms":96.0}"#
        );
        assert_eq!(summary(&[]), r#"{"frames":0}"#);
    }
}
