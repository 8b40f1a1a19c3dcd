//! `--screenshot FILE`: render until the scene is ready (every render pipeline compiled and the
//! board built), then save one frame as a PNG (atomically) and exit. The hidden `--layout-only`
//! waits for the same scene but not for the pipelines: once its panels have stayed in place for a
//! few frames it prints the settled line, where the panel tests stop it, and left alone it exits
//! without a picture when the pipelines are compiled. With `--layout-tour` it then starts each
//! game of the tour in turn and prints each one's settled layout.

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::game::core::i18n::Tr;
use crate::game::core::preferences::LanguageChoice;
use crate::game::core::session::{Session, SessionRequest};
use crate::game::screens::layout_report::SETTLED_LINE;
use crate::rules::{AnyOptions, Game, GameId};

#[derive(Resource)]
struct ShotPlan {
    /// Where the picture goes; none for `--layout-only`.
    path: Option<PathBuf>,
    /// `--layout-tour`: the games (and languages) still to show after this one, and the one
    /// on its way.
    tour: std::collections::VecDeque<TourStep>,
    coming: Option<TourStep>,
    ready_frames: u32,
    requested: bool,
    result: Arc<std::sync::Mutex<Option<Result<(), String>>>>,
    started: std::time::Instant,
}

/// A game to show next, in a language where one is named.
type TourStep = (GameId, Option<String>);

/// Frames in a row with nothing left to compile before the picture is taken.
const STEADY_FRAMES: u32 = 3;
/// Frames in a row with the scene ready, and with the panels where they were, before
/// `--layout-only` ends: egui sizes a new window over its first passes and fades it in.
const LAYOUT_FRAMES: u32 = 6;
/// The same for each later screen of a tour, whose windows are already open and sized.
const TOUR_FRAMES: u32 = 3;
/// Give up after this long (software rendering is slow, but not this slow).
const TIME_LIMIT_SECS: u64 = 240;

/// Prints [`SETTLED_LINE`] once the scene is ready and its layout settled, and ends the app
/// when the render pipelines are compiled (`--layout-only`: a test may stop it at the line).
/// With a tour, each of its games is started after the layout before it settled.
pub(super) fn add_layout_exit(app: &mut App, tour: Vec<TourStep>) {
    add_plan(app, None, tour);
}

pub(super) fn add(app: &mut App, path: PathBuf) {
    add_plan(app, Some(path), Vec::new());
}

fn add_plan(app: &mut App, path: Option<PathBuf>, tour: Vec<TourStep>) {
    super::pipelines::report(app);
    app.insert_resource(ShotPlan {
        path,
        tour: tour.into(),
        coming: None,
        ready_frames: 0,
        requested: false,
        result: Arc::default(),
        started: std::time::Instant::now(),
    });
    app.add_systems(Last, take_screenshot_when_ready);
}

fn take_screenshot_when_ready(
    mut commands: Commands,
    mut plan: ResMut<ShotPlan>,
    status: Res<super::pipelines::Pipelines>,
    cameras: Query<(), With<Camera3d>>,
    pictures: Option<Res<crate::game::screens::title::CardPictures>>,
    guided: Option<Res<crate::game::screens::how_to_play::Guided>>,
    screen: Option<Res<State<crate::game::core::screen::Screen>>>,
    (server, panels): (
        Res<AssetServer>,
        Option<Res<crate::game::screens::layout_report::PanelsUnchanged>>,
    ),
    (session, mut requests, tr, mut language): (
        Res<Session>,
        MessageWriter<SessionRequest>,
        Res<Tr>,
        ResMut<LanguageChoice>,
    ),
    mut exit: MessageWriter<AppExit>,
) {
    if let Some(result) = plan.result.lock().ok().and_then(|mut r| r.take()) {
        match result {
            Ok(()) => {
                exit.write(AppExit::Success);
            }
            Err(e) => {
                error!("{e}");
                exit.write(AppExit::from_code(1));
            }
        }
        return;
    }
    if plan.started.elapsed().as_secs() > TIME_LIMIT_SECS {
        error!("the scene was not ready after {TIME_LIMIT_SECS} s; no screenshot taken");
        exit.write(AppExit::from_code(1));
        return;
    }
    let (total, waiting) = status.counts();
    if plan.requested {
        // The layout was printed; ending before the pipelines are compiled would leave the
        // render queue waiting on them as it is dropped.
        if plan.path.is_none() && total > 0 && waiting == 0 {
            exit.write(AppExit::Success);
        }
        return;
    }
    // On the title, its pictures loaded (or failed); on how to play, the demonstration played.
    let on =
        |s: crate::game::core::screen::Screen| screen.as_ref().is_some_and(|now| *now.get() == s);
    let pictures_in = !on(crate::game::core::screen::Screen::Title)
        || pictures.as_ref().is_none_or(|p| {
            p.0.iter().all(|(_, h)| {
                !matches!(
                    server.get_load_state(h.id()),
                    Some(bevy::asset::LoadState::Loading | bevy::asset::LoadState::NotLoaded)
                )
            })
        });
    let demo_over =
        !on(crate::game::core::screen::Screen::HowToPlay) || guided.is_none_or(|g| g.finished());
    let compiled = plan.path.is_none() || (total > 0 && waiting == 0);
    let arrived = plan.coming.as_ref().is_none_or(|(game, code)| {
        session.position().id() == *game && code.as_ref().is_none_or(|c| tr.code() == c)
    });
    if cameras.is_empty() || !compiled || !pictures_in || !demo_over || !arrived {
        plan.ready_frames = 0;
        return;
    }
    plan.ready_frames += 1;
    let Some(path) = plan.path.clone() else {
        let frames = if plan.coming.is_some() {
            TOUR_FRAMES
        } else {
            LAYOUT_FRAMES
        };
        let settled = panels.is_some_and(|p| p.0 >= frames);
        if plan.ready_frames >= frames && settled {
            println!("{SETTLED_LINE}");
            if let Some((game, code)) = plan.tour.pop_front() {
                requests.write(SessionRequest::Start(AnyOptions::for_game(game)));
                if let Some(code) = &code {
                    language.0.clone_from(code);
                }
                plan.coming = Some((game, code));
                plan.ready_frames = 0;
            } else {
                plan.requested = true;
            }
        }
        return;
    };
    if plan.ready_frames < STEADY_FRAMES {
        return;
    }
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
