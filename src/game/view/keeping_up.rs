//! Auto keeps up with the screen: while frames come one after another (a kiosk, or something
//! moving in a window), each frame's length is held against the display's refresh (60 Hz at
//! most). Once more than a quarter of a window of such frames came late, Auto steps down a level
//! (`core::graphics_level::AutoCeiling`, kept for the screen by `remembered_steps.rs`), logs why, and
//! the settings say so. A level the person chose is never changed. Frames while the computer
//! thinks do not count: the search takes the cores, and a lower level would not give them back.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::{UpdateMode, WinitSettings};

use super::pacing::{DrawOnChange, something_animates, the_computer_works};
use super::this_display::ThisDisplay;
use crate::files::settings::Quality;
use crate::game::core::graphics_level::{AutoCeiling, GraphicsLevel};
use crate::game::core::preferences::QualityChoice;

/// Frames are judged in this run: a window a person or a visitor watches (not a screenshot, a
/// layout report, `bench-frames` or a headless test).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct KeepUp;

/// Frames judged together.
const WINDOW: u32 = 120;
/// After the start or a change of level, frames are not judged for this long (the new level's
/// render pipelines are still being built).
const SETTLE: Duration = Duration::from_secs(3);
/// A frame is late when it takes longer than the display's frame by this factor.
const SLACK: f64 = 1.25;
/// The fastest pace asked for: 60 frames a second, on a faster display too.
const FASTEST_HZ: f64 = 60.0;

/// How a window of frames kept up: `late` of `counted` came later than the display's frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LateFrames {
    /// Frames that took longer than the display's frame, with the slack.
    pub late: u32,
    /// Frames judged.
    pub counted: u32,
}

/// The frames judged so far: counts, not a list, so judging never allocates.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PaceJudge {
    counted: u32,
    late: u32,
    /// No frame before this time (the app's real time) is judged.
    settled_at: Duration,
}

impl PaceJudge {
    /// Starts over, judging again once `now + SETTLE` has passed.
    pub fn restart(&mut self, now: Duration) {
        *self = PaceJudge {
            settled_at: now + SETTLE,
            ..PaceJudge::default()
        };
    }

    /// Judges a frame of `length` that ended at `now`, on a display whose frame is `budget`.
    /// `Some` once more than a quarter of a window's frames came late: at once, without waiting
    /// for the window to fill, since the verdict can no longer change (a screen that takes
    /// seconds a frame steps down after 31 frames, not 120). A window that fills with fewer
    /// late frames starts over.
    pub fn judge(
        &mut self,
        now: Duration,
        length: Duration,
        budget: Duration,
    ) -> Option<LateFrames> {
        if now < self.settled_at {
            return None;
        }
        self.counted += 1;
        if length.as_secs_f64() > budget.as_secs_f64() * SLACK {
            self.late += 1;
        }
        let window = LateFrames {
            late: self.late,
            counted: self.counted,
        };
        let too_slow = window.late * 4 > WINDOW;
        if too_slow || window.counted >= WINDOW {
            self.counted = 0;
            self.late = 0;
        }
        too_slow.then_some(window)
    }
}

/// One frame of a display refreshing at `millihertz` (unknown: 60 Hz), never shorter than a
/// 60th of a second.
#[must_use]
pub fn frame_budget(millihertz: Option<u32>) -> Duration {
    let hz = millihertz
        .filter(|&m| m > 0)
        .map_or(FASTEST_HZ, |m| f64::from(m) / 1000.0);
    Duration::from_secs_f64(1.0 / hz.min(FASTEST_HZ))
}

/// Whether the frame now ending is followed at once by the next (its length is then the pace).
#[derive(Resource, Debug, Clone, Copy, Default)]
struct NextFrameCounts(bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PaceJudge>()
        .init_resource::<NextFrameCounts>()
        .add_systems(
            PreUpdate,
            (
                settle_after_a_change.run_if(resource_changed::<GraphicsLevel>),
                judge_the_last_frame,
            )
                .chain()
                .run_if(resource_exists::<KeepUp>),
        )
        .add_systems(
            Last,
            count_the_next_frame
                .run_if(resource_exists::<KeepUp>)
                .run_if(auto_above_low)
                .run_if(window_focused)
                // A window that draws on a change asks for the next frame at once while
                // something moves (`pacing.rs`).
                .run_if(
                    continuous_updates
                        .or_else(resource_exists::<DrawOnChange>.and_then(something_animates)),
                )
                .run_if(not(the_computer_works)),
        );
}

/// Auto is chosen, at a level it can still step down from.
fn auto_above_low(choice: Res<QualityChoice>, level: Res<GraphicsLevel>) -> bool {
    choice.0 == Quality::Auto && *level > GraphicsLevel::Low
}

fn window_focused(windows: Query<&Window, With<PrimaryWindow>>) -> bool {
    windows.iter().any(|w| w.focused)
}

/// The app runs frame after frame (a kiosk in its opening hours).
fn continuous_updates(settings: Option<Res<WinitSettings>>) -> bool {
    settings.is_some_and(|s| s.focused_mode == UpdateMode::Continuous)
}

fn count_the_next_frame(mut next: ResMut<NextFrameCounts>) {
    next.0 = true;
}

fn settle_after_a_change(time: Res<Time<Real>>, mut judge: ResMut<PaceJudge>) {
    judge.restart(time.elapsed());
}

/// The frame that just ended is judged when the one before it asked for it at once; too many
/// late ones lower Auto's ceiling below the level in use.
fn judge_the_last_frame(
    time: Res<Time<Real>>,
    display: ThisDisplay,
    mut next: ResMut<NextFrameCounts>,
    mut judge: ResMut<PaceJudge>,
    level: Res<GraphicsLevel>,
    mut ceiling: ResMut<AutoCeiling>,
) {
    if !std::mem::take(&mut next.0) {
        return;
    }
    let budget = frame_budget(display.monitor().and_then(|m| m.refresh_rate_millihertz));
    let Some(window) = judge.judge(time.elapsed(), time.delta(), budget) else {
        return;
    };
    let Some(lower) = level.lower() else {
        return;
    };
    info!(
        "graphics: {} of {} frames at {:?} took over {:.1} ms; Auto now uses {lower:?}",
        window.late,
        window.counted,
        *level,
        budget.as_secs_f64() * SLACK * 1000.0
    );
    ceiling.0 = lower;
}

#[cfg(test)]
mod tests {
    use bevy::time::TimeUpdateStrategy;

    use super::*;
    use crate::game::core::motion::BoardMotion;
    use crate::game::core::opponent::Hint;
    use crate::game::core::screen::Screen;
    use crate::game::view::quality::{choose_level, discrete_gpu};

    const SIXTIETH: Duration = Duration::from_nanos(16_666_667);

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Judges frames of `length`, one after another from `start`, until a verdict comes or a
    /// window is full.
    fn judge_window(
        judge: &mut PaceJudge,
        start: Duration,
        length: &[Duration],
    ) -> Option<LateFrames> {
        let mut now = start;
        length.iter().cycle().take(WINDOW as usize).find_map(|&l| {
            now += l;
            judge.judge(now, l, SIXTIETH)
        })
    }

    #[test]
    fn more_than_a_quarter_of_a_window_late_is_too_slow_as_soon_as_it_is_sure() {
        let mut judge = PaceJudge::default();
        // One frame in three late: the 31st late frame is the 91st judged.
        let verdict = judge_window(&mut judge, Duration::ZERO, &[ms(25), ms(16), ms(16)]);
        assert_eq!(
            verdict,
            Some(LateFrames {
                late: 31,
                counted: 91
            })
        );
        assert_eq!((judge.counted, judge.late), (0, 0), "judging starts over");
        // One in four late is still keeping up; the full window starts over.
        let verdict = judge_window(&mut judge, ms(3000), &[ms(25), ms(16), ms(16), ms(16)]);
        assert_eq!(verdict, None);
        assert_eq!(
            judge,
            PaceJudge {
                settled_at: Duration::ZERO,
                ..PaceJudge::default()
            }
        );
        // A frame within the slack (20 ms of 16.7) is on time.
        assert_eq!(judge_window(&mut judge, ms(6000), &[ms(20)]), None);
    }

    #[test]
    fn frames_of_seconds_each_are_too_slow_after_31() {
        let mut judge = PaceJudge::default();
        let verdict = judge_window(&mut judge, Duration::ZERO, &[ms(2500)]);
        assert_eq!(
            verdict,
            Some(LateFrames {
                late: 31,
                counted: 31
            })
        );
    }

    #[test]
    fn nothing_is_judged_while_settling() {
        let mut judge = PaceJudge::default();
        judge.restart(ms(1000));
        assert_eq!(judge.judge(ms(3999), ms(50), SIXTIETH), None);
        assert_eq!(judge.counted, 0, "still settling");
        assert_eq!(judge.judge(ms(4050), ms(50), SIXTIETH), None);
        assert_eq!((judge.counted, judge.late), (1, 1));
    }

    #[test]
    fn the_budget_is_the_displays_frame_but_never_under_a_sixtieth() {
        assert_eq!(frame_budget(None), SIXTIETH);
        assert_eq!(frame_budget(Some(0)), SIXTIETH);
        assert_eq!(frame_budget(Some(144_000)), SIXTIETH);
        assert_eq!(frame_budget(Some(50_000)), ms(20));
    }

    /// A watched kiosk-like app (frames run on) whose adapter is a discrete GPU, each frame
    /// taking `frame` of real time.
    fn app(choice: Quality, frame: Duration) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(frame))
            .insert_resource(discrete_gpu())
            .insert_resource(QualityChoice(choice))
            .insert_resource(GraphicsLevel::Low)
            .init_resource::<AutoCeiling>()
            .insert_resource(WinitSettings::game())
            .insert_resource(KeepUp)
            .init_resource::<BoardMotion>()
            .init_resource::<ButtonInput<KeyCode>>()
            .insert_resource(State::new(Screen::Game))
            .add_plugins(plugin)
            .add_systems(
                Update,
                choose_level.run_if(
                    resource_changed::<QualityChoice>.or_eager(resource_changed::<AutoCeiling>),
                ),
            );
        app.world_mut().spawn((
            Window {
                focused: true,
                ..default()
            },
            PrimaryWindow,
        ));
        app
    }

    /// The level after `seconds` of frames.
    fn level_after(app: &mut App, frame: Duration, seconds: u64) -> GraphicsLevel {
        let frames = Duration::from_secs(seconds).as_nanos() / frame.as_nanos();
        for _ in 0..frames {
            app.update();
        }
        *app.world().resource::<GraphicsLevel>()
    }

    #[test]
    fn auto_steps_down_a_level_at_a_time_while_frames_run_late() {
        let frame = ms(25);
        let mut app = app(Quality::Auto, frame);
        assert_eq!(level_after(&mut app, frame, 2), GraphicsLevel::High);
        // Three seconds to settle, then a window of 120 late frames (3 s).
        assert_eq!(level_after(&mut app, frame, 5), GraphicsLevel::Medium);
        assert_eq!(level_after(&mut app, frame, 6), GraphicsLevel::Low);
        assert_eq!(level_after(&mut app, frame, 20), GraphicsLevel::Low);
        // The person's own choice of High is not capped.
        app.insert_resource(QualityChoice(Quality::High));
        assert_eq!(level_after(&mut app, frame, 20), GraphicsLevel::High);
    }

    #[test]
    fn frames_that_keep_up_keep_the_level() {
        let frame = ms(16);
        let mut app = app(Quality::Auto, frame);
        assert_eq!(level_after(&mut app, frame, 30), GraphicsLevel::High);
    }

    #[test]
    fn late_frames_count_only_when_frames_run_on_and_the_computer_rests() {
        let frame = ms(40);
        let mut chosen = app(Quality::High, frame);
        assert_eq!(level_after(&mut chosen, frame, 30), GraphicsLevel::High);

        let mut hinted = app(Quality::Auto, frame);
        hinted.insert_resource(Hint {
            position: 0,
            action: crate::rules::Action::Stop,
        });
        assert_eq!(level_after(&mut hinted, frame, 30), GraphicsLevel::High);

        // A window that draws on a change, with nothing moving: frames come on input alone.
        let mut resting = app(Quality::Auto, frame);
        resting
            .insert_resource(WinitSettings::desktop_app())
            .insert_resource(DrawOnChange);
        assert_eq!(level_after(&mut resting, frame, 30), GraphicsLevel::High);
        // Stones move: the window asks for frame after frame, and they run late.
        resting.insert_resource(BoardMotion { moving: true });
        assert_eq!(level_after(&mut resting, frame, 2), GraphicsLevel::Medium);

        let mut unfocused = app(Quality::Auto, frame);
        let mut windows = unfocused.world_mut().query::<&mut Window>();
        windows.single_mut(unfocused.world_mut()).unwrap().focused = false;
        assert_eq!(level_after(&mut unfocused, frame, 30), GraphicsLevel::High);
    }
}
