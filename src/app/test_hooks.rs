//! The hidden options' hooks for tests and pictures, as one plugin: attract mode's walk held at
//! a point, Auto's adapter taken for another level's, and a lost device, a panic or a frozen frame
//! loop some seconds after the start, and the run's own frames watched.

use bevy::prelude::*;

use crate::game;

/// What the hidden options ask of a run (none by default).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TestHooks {
    /// Attract mode's camera held this share of the way through its walk of the room
    /// (`--room-view`, for screenshots).
    pub room_view: Option<f32>,
    /// Panic this many seconds after the start (`--panic-after`, the kiosk's recovery test).
    pub panic_after: Option<f32>,
    /// Stop the frame loop this many seconds after the start, as a hang would
    /// (`--freeze-after`, the kiosk's watchdog test).
    pub freeze_after: Option<f32>,
    /// Destroy the graphics device this many seconds after the start (`--lose-device-after`,
    /// the recovery test).
    pub lose_device_after: Option<f32>,
    /// Auto takes the adapter for one it would give this level (`--adapter-level`, the test
    /// of its step down on a software renderer).
    pub adapter_level: Option<crate::files::settings::Quality>,
    /// Measure this many seconds of frames at rest, then as many with the computer playing,
    /// report them and end (`--watch-frames`, the web build's `?frames`).
    pub watch_frames: Option<f32>,
}

impl Plugin for TestHooks {
    fn build(&self, app: &mut App) {
        if let Some(share) = self.room_view {
            app.insert_resource(game::view::room_tour::HeldTour(share));
        }
        if let Some(level) = self
            .adapter_level
            .and_then(game::core::graphics_level::GraphicsLevel::named)
        {
            app.insert_resource(game::view::quality::AdapterLevel(level));
        }
        if let Some(secs) = self.lose_device_after {
            super::render_errors::lose_the_device_after(app, secs);
        }
        if let Some(secs) = self.watch_frames {
            app.insert_resource(super::bench::frame_watch::WatchFrames(secs))
                .add_plugins(super::bench::frame_watch::plugin);
        }
        if let Some(secs) = self.panic_after {
            app.add_systems(Update, move |time: Res<Time<Real>>| panic_at(&time, secs));
        }
        if let Some(secs) = self.freeze_after {
            app.add_systems(Update, move |time: Res<Time<Real>>| freeze_at(&time, secs));
        }
    }
}

/// Panics once `secs` have passed.
fn panic_at(time: &Time<Real>, secs: f32) {
    assert!(
        time.elapsed_secs() < secs,
        "--panic-after {secs}: the panic the recovery test asked for"
    );
}

/// Stops the frame loop for good once `secs` have passed.
fn freeze_at(time: &Time<Real>, secs: f32) {
    if time.elapsed_secs() >= secs {
        error!("--freeze-after {secs}: the frame loop stops, as the watchdog test asked");
        loop {
            crate::platform::compute::pause(std::time::Duration::from_secs(60));
        }
    }
}
