//! The kiosk's heartbeat: `health.ron` rewritten every 30 s (`files::health`, off the frame by
//! `core::file_writer`) with the last minute's frame rate and worst frame, memory, uptime, the
//! screen, the graphics level (and whether Auto stepped down) and the last problem; and
//! systemd's notifications, ready once the first frame runs, then the watchdog's ping from the
//! frame loop itself, so that a frozen loop gets the app restarted.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::clock::KioskClock;
use crate::files::health::{HEARTBEAT, Health, path, resident_mib, unix_now};
use crate::files::settings::Quality;
use crate::game::core::file_writer::FileWriter;
use crate::game::core::graphics_level::{AutoCeiling, GraphicsLevel};
use crate::game::core::preferences::QualityChoice;
use crate::game::core::problems::Problems;
use crate::game::core::screen::Screen;

/// The window the frame rate is measured over.
const WINDOW: Duration = Duration::from_secs(60);

/// The heartbeat of a running kiosk.
#[derive(Resource, Debug, Clone)]
pub struct Heartbeat {
    /// The data folder `health.ron` is written to.
    folder: PathBuf,
    /// When the next heartbeat is due (the app's elapsed time; the first frame writes one).
    next: Duration,
    /// The last minute's frames: when each ended and how long it took (real time).
    frames: VecDeque<(Duration, Duration)>,
    /// The watchdog's interval, when systemd asked for one, and the last ping.
    watchdog: Option<(Duration, Duration)>,
    /// Whether systemd has been told the app is ready.
    ready_told: bool,
}

impl Heartbeat {
    /// A heartbeat written into `folder`; reads whether systemd wants watchdog pings.
    #[must_use]
    pub fn in_folder(folder: PathBuf) -> Heartbeat {
        Heartbeat {
            folder,
            next: Duration::ZERO,
            frames: VecDeque::new(),
            watchdog: crate::platform::service::watchdog_every()
                .map(|every| (every, Duration::ZERO)),
            ready_told: false,
        }
    }

    /// Frames per second and the worst frame (ms) over the frames kept.
    fn frame_figures(&self, now: Duration) -> (f32, f32) {
        let span = now.min(WINDOW).as_secs_f32().max(1e-3);
        let worst = self
            .frames
            .iter()
            .map(|&(_, took)| took.as_secs_f32() * 1000.0)
            .fold(0.0, f32::max);
        (self.frames.len() as f32 / span, worst)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (count_frames, write_heartbeat, notify_systemd)
            .chain()
            .run_if(resource_exists::<Heartbeat>),
    );
}

fn count_frames(mut beat: ResMut<Heartbeat>, time: Res<Time>, real: Res<Time<Real>>) {
    let now = time.elapsed();
    beat.frames.push_back((now, real.delta()));
    while beat
        .frames
        .front()
        .is_some_and(|&(at, _)| now.saturating_sub(at) > WINDOW)
    {
        beat.frames.pop_front();
    }
}

fn write_heartbeat(
    mut beat: ResMut<Heartbeat>,
    time: Res<Time>,
    clock: Res<KioskClock>,
    screen: Res<State<Screen>>,
    graphics: Graphics,
    mut problems: ResMut<Problems>,
    writer: Res<FileWriter>,
) {
    let now = time.elapsed();
    if now < beat.next {
        return;
    }
    beat.next = now + HEARTBEAT;
    let (fps, worst) = beat.frame_figures(now);
    let health = Health {
        version: env!("CARGO_PKG_VERSION").into(),
        written_unix: unix_now(),
        written: clock.now().to_string().replace('T', " "),
        uptime_secs: now.as_secs(),
        fps_last_minute: fps,
        worst_frame_ms: worst,
        memory_mib: resident_mib(),
        screen: screen.get().name().into(),
        graphics: graphics.describe(),
        last_error: problems.last.clone(),
    };
    match health.to_text() {
        Ok(text) => writer.write("heartbeat", path(&beat.folder), text.into_bytes()),
        Err(why) => {
            problems.note("heartbeat", format!("the heartbeat is skipped: {why}"));
        }
    }
}

/// The graphics level in use and how it was chosen, for the heartbeat.
#[derive(SystemParam)]
struct Graphics<'w> {
    level: Option<Res<'w, GraphicsLevel>>,
    choice: Option<Res<'w, QualityChoice>>,
    ceiling: Option<Res<'w, AutoCeiling>>,
}

impl Graphics<'_> {
    /// The level in use and how it was chosen (empty without a renderer).
    fn describe(&self) -> String {
        let (Some(level), Some(choice)) = (self.level.as_deref(), self.choice.as_deref()) else {
            return String::new();
        };
        let ceiling = self.ceiling.as_deref().copied().unwrap_or_default();
        describe_graphics(*level, choice.0, ceiling)
    }
}

/// `High`, `Medium (Auto)`, `Medium (Auto; High was too slow for this screen)`.
fn describe_graphics(level: GraphicsLevel, choice: Quality, ceiling: AutoCeiling) -> String {
    match (choice, ceiling.too_slow()) {
        (Quality::Auto, None) => format!("{level:?} (Auto)"),
        (Quality::Auto, Some(slow)) => {
            format!("{level:?} (Auto; {slow:?} was too slow for this screen)")
        }
        _ => format!("{level:?}"),
    }
}

/// Tells systemd the kiosk is ready (once), then pings its watchdog at half its interval.
fn notify_systemd(mut beat: ResMut<Heartbeat>, real: Res<Time<Real>>) {
    if !beat.ready_told {
        beat.ready_told = true;
        crate::platform::service::tell_ready();
    }
    let now = real.elapsed();
    if let Some((every, last)) = beat.watchdog
        && now.saturating_sub(last) >= every / 2
    {
        beat.watchdog = Some((every, now));
        crate::platform::service::ping_watchdog();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heartbeat_names_the_level_and_why_auto_stepped_down() {
        let uncapped = AutoCeiling::default();
        let capped = AutoCeiling(GraphicsLevel::Low);
        let said = |level, choice, ceiling| describe_graphics(level, choice, ceiling);
        assert_eq!(
            said(GraphicsLevel::High, Quality::Auto, uncapped),
            "High (Auto)"
        );
        assert_eq!(
            said(GraphicsLevel::Low, Quality::Auto, capped),
            "Low (Auto; Medium was too slow for this screen)"
        );
        assert_eq!(said(GraphicsLevel::High, Quality::High, capped), "High");
    }
}
