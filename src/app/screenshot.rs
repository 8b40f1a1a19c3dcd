//! `--screenshot FILE`: render until the scene is ready (every render pipeline compiled and the
//! board built), then save one frame as a PNG (atomically) and exit. The hidden `--layout-only`
//! waits for the same scene but not for the pipelines: once its panels have stayed in place for a
//! few frames it prints the settled line, where the panel tests stop it, and left alone it exits
//! without a picture when the pipelines are compiled. With `--layout-tour` it then goes to each
//! stop of the tour in turn (a screen, a game, a language) and prints each one's settled layout.

use std::path::PathBuf;
use std::sync::Arc;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::layout_tour::{Arrival, TourStop};
use crate::app::layout_report::SETTLED_LINE;
use crate::game::core::editor::Editor;
use crate::game::core::i18n::Tr;
use crate::game::core::screen::Screen;
use crate::game::core::session::Session;
use crate::game::screens::view_settings::SettingsWindow;

#[derive(Resource)]
struct ShotPlan {
    /// Where the picture goes; none for `--layout-only`.
    path: Option<PathBuf>,
    /// `--layout-tour`: the stops still to show after this one, and the one on its way.
    tour: std::collections::VecDeque<TourStop>,
    coming: Option<TourStop>,
    ready_frames: u32,
    requested: bool,
    result: Arc<std::sync::Mutex<Option<Result<(), String>>>>,
    started: crate::platform::clock::Instant,
}

/// Frames in a row with nothing left to compile before the picture is taken.
const STEADY_FRAMES: u32 = 3;
/// Frames in a row with the scene ready, and with the panels where they were, before
/// `--layout-only` ends: egui sizes a new window over its first passes and fades it in.
const LAYOUT_FRAMES: u32 = 6;
/// The same for each later screen of a tour, whose windows are already open and sized.
const TOUR_FRAMES: u32 = 3;
/// Give up after this long on one screen (software rendering is slow, but not this slow).
const TIME_LIMIT_SECS: u64 = 240;

/// Prints [`SETTLED_LINE`] once the scene is ready and its layout settled, and ends the app
/// when the render pipelines are compiled (`--layout-only`: a test may stop it at the line).
/// With a tour, each of its stops is gone to after the layout before it settled.
pub(super) fn add_layout_exit(app: &mut App, tour: Vec<TourStop>) {
    add_plan(app, None, tour);
}

pub(super) fn add(app: &mut App, path: PathBuf) {
    add_plan(app, Some(path), Vec::new());
}

fn add_plan(app: &mut App, path: Option<PathBuf>, tour: Vec<TourStop>) {
    super::pipelines::report(app);
    app.insert_resource(ShotPlan {
        path,
        tour: tour.into(),
        coming: None,
        ready_frames: 0,
        requested: false,
        result: Arc::default(),
        started: crate::platform::clock::Instant::now(),
    });
    app.add_systems(Last, take_screenshot_when_ready);
}

/// Whether the scene a picture or a layout waits for is ready: a 3D camera, the pipelines
/// compiled (for a picture), the title's pictures loaded, how to play's demonstration over, and
/// a tour's next stop on show.
#[derive(SystemParam)]
struct SceneReady<'w, 's> {
    pipelines: Res<'w, super::pipelines::Pipelines>,
    cameras: Query<'w, 's, (), With<Camera3d>>,
    pictures: Option<Res<'w, crate::game::screens::title::CardPictures>>,
    guided: Option<Res<'w, crate::game::screens::how_to_play::Guided>>,
    screen: Option<Res<'w, State<Screen>>>,
    settings: Res<'w, State<SettingsWindow>>,
    server: Res<'w, AssetServer>,
    session: Res<'w, Session>,
    editor: Option<Res<'w, Editor>>,
    tr: Res<'w, Tr>,
}

impl SceneReady<'_, '_> {
    /// Whether every pipeline known is compiled.
    fn compiled(&self) -> bool {
        matches!(self.pipelines.counts(), (total, 0) if total > 0)
    }

    fn on(&self, s: Screen) -> bool {
        self.screen.as_ref().is_some_and(|now| *now.get() == s)
    }

    /// On the title, whether its pictures are loaded (or failed).
    fn pictures_in(&self) -> bool {
        !self.on(Screen::Title)
            || self.pictures.as_ref().is_none_or(|p| {
                p.0.iter().all(|(_, h)| {
                    !matches!(
                        self.server.get_load_state(h.id()),
                        Some(bevy::asset::LoadState::Loading | bevy::asset::LoadState::NotLoaded)
                    )
                })
            })
    }

    fn ready(&self, plan: &ShotPlan) -> bool {
        let demo_over =
            !self.on(Screen::HowToPlay) || self.guided.as_ref().is_none_or(|g| g.finished());
        let arrived = plan.coming.as_ref().is_none_or(|stop| {
            self.screen.as_ref().is_some_and(|screen| {
                stop.arrived(Arrival {
                    screen,
                    settings: &self.settings,
                    tr: &self.tr,
                    session: &self.session,
                    editor: self.editor.as_deref(),
                })
            })
        });
        !self.cameras.is_empty()
            && (plan.path.is_none() || self.compiled())
            && self.pictures_in()
            && demo_over
            && arrived
    }
}

fn take_screenshot_when_ready(
    mut commands: Commands,
    mut plan: ResMut<ShotPlan>,
    scene: SceneReady,
    panels: Option<Res<crate::app::layout_report::PanelsUnchanged>>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Some(code) = ended(&plan) {
        exit.write(code);
        return;
    }
    if plan.requested {
        // The layout was printed; ending before the pipelines are compiled would leave the
        // render queue waiting on them as it is dropped.
        if plan.path.is_none() && scene.compiled() {
            exit.write(AppExit::Success);
        }
        return;
    }
    if !scene.ready(&plan) {
        plan.ready_frames = 0;
        return;
    }
    plan.ready_frames += 1;
    match plan.path.clone() {
        None => settle_layout(&mut commands, &mut plan, panels.map(|p| p.0)),
        Some(path) if plan.ready_frames >= STEADY_FRAMES => {
            request_picture(&mut commands, &mut plan, path);
        }
        Some(_) => {}
    }
}

/// How the run ends, once the picture is saved (or failed) or the time is up.
fn ended(plan: &ShotPlan) -> Option<AppExit> {
    if let Some(result) = plan.result.lock().ok().and_then(|mut r| r.take()) {
        return Some(match result {
            Ok(()) => AppExit::Success,
            Err(e) => {
                error!("{e}");
                AppExit::from_code(1)
            }
        });
    }
    if plan.started.elapsed().as_secs() > TIME_LIMIT_SECS {
        error!("the scene was not ready after {TIME_LIMIT_SECS} s; no screenshot taken");
        return Some(AppExit::from_code(1));
    }
    None
}

/// `--layout-only`: once the scene has been ready and the panels still for enough frames,
/// prints the settled line, then goes to the tour's next stop, or is done.
fn settle_layout(commands: &mut Commands, plan: &mut ShotPlan, panels_still: Option<u32>) {
    let frames = if plan.coming.is_some() {
        TOUR_FRAMES
    } else {
        LAYOUT_FRAMES
    };
    let settled = panels_still.is_some_and(|n| n >= frames);
    if plan.ready_frames < frames || !settled {
        return;
    }
    println!("{SETTLED_LINE}");
    if let Some(stop) = plan.tour.pop_front() {
        let going = stop.clone();
        commands.queue(move |world: &mut World| going.go(world));
        plan.coming = Some(stop);
        plan.ready_frames = 0;
        plan.started = crate::platform::clock::Instant::now();
    } else {
        plan.requested = true;
    }
}

/// Asks for the window's picture, saved to `path` when it comes.
fn request_picture(commands: &mut Commands, plan: &mut ShotPlan, path: PathBuf) {
    plan.requested = true;
    let result = plan.result.clone();
    commands
        .spawn(Screenshot::primary_window())
        .observe(move |shot: On<ScreenshotCaptured>| {
            let outcome = crate::game::screens::export::save_png(&shot.image, &path);
            if let Ok(mut r) = result.lock() {
                *r = Some(outcome);
            }
        });
}
