//! The desktop app: Bevy's plugins set up for Stackyard, the game, and the screenshot mode.

pub mod bare_scene;
pub mod bench;
pub mod game_gif;
pub mod icon;
pub mod layout_report;
pub mod layout_tour;
pub mod offscreen;
mod one_thread;
mod opening;
mod options;
mod pipelines;
pub mod render_errors;
mod screenshot;
pub mod test_hooks;
#[cfg(target_arch = "wasm32")]
pub mod web;

use bevy::prelude::*;
use bevy::window::WindowResolution;

use crate::game::{self, core::session::Session};

use crate::rules::Game;
pub use opening::OpeningScreen;
pub use options::{AppOptions, Folders, Opening, Overrides, RunMode};
pub use test_hooks::TestHooks;

/// Builds the app (without running it): Bevy's plugins, then the settings, the session, the
/// game's plugins, and what the run keeps on disk (the kiosk's, or the autosave and a resume
/// after a crash), then the run's markers and hooks.
pub fn build(options: AppOptions) -> App {
    let mut app = App::new();
    let settings = open_settings(&options);
    add_engine(&mut app, &options, settings.written.window);
    app.init_resource::<game::board::theme::ThemeFolder>()
        .init_resource::<game::core::i18n::I18nFolder>();
    let settings_language = settings.written.language.clone();
    game::core::settings::use_settings(&mut app, settings);
    app.insert_resource(game::core::speech::Voice::find());
    tell_of_a_refused_link(&mut app, &options.opens, &settings_language);
    app.insert_state(if options.opens.settings_open {
        game::screens::view_settings::SettingsWindow::Open
    } else {
        game::screens::view_settings::SettingsWindow::Closed
    });
    insert_session(&mut app, &options);
    app.add_plugins((
        game::logic_plugin,
        game::presentation_plugin,
        layout_report::plugin,
    ));
    app.insert_resource(game::screens::how_to_play::Guided::of(
        options.opens.position.id(),
    ));
    let folder = options
        .folders
        .data
        .clone()
        .unwrap_or_else(crate::files::data_dir);
    app.insert_resource(game::core::saving::SaveFolder(folder.clone()))
        .insert_resource(render_errors::CrashFolder(folder.clone()));
    let screen = opening_screen(&mut app, &options, &folder, &settings_language);
    app.insert_state(screen);
    insert_run_markers(&mut app, &options);
    app.add_plugins(options.hooks.clone());
    add_run_mode(&mut app, &options.run);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
    if !options.thread_pool {
        app.add_plugins(one_thread::OneThread);
    }
    app
}

/// A link the page's address carried that could not be opened is named in the notice window
/// (unless a broken settings file is named there first).
fn tell_of_a_refused_link(app: &mut App, opens: &Opening, language: &str) {
    let Some(why) = &opens.refused_link else {
        return;
    };
    let tr = game::core::i18n::Tr::load(&crate::files::i18n::folder(), language);
    let mut file = app
        .world_mut()
        .resource_mut::<game::core::preferences::SettingsFile>();
    if file.notice.is_none() {
        file.notice = Some(tr.tf("import.link_refused", &[("error", why)]));
    }
}

/// Bevy's plugins, mesh picking (of what is marked `Pickable` only), egui drawn by the window
/// camera, and the render errors' handling.
fn add_engine(app: &mut App, options: &AppOptions, window: crate::files::settings::WindowMode) {
    app.add_plugins(bevy_plugins(options, window))
        .add_plugins((MeshPickingPlugin, bevy_egui::EguiPlugin::default()))
        // Only what is marked `Pickable` is ray cast: the cells, stones and markers.
        .insert_resource(bevy::picking::mesh_picking::MeshPickingSettings {
            require_markers: true,
            ..default()
        })
        .add_plugins(render_errors::plugin)
        // The panels are drawn by the window camera (`game::view::canvas`), not the first.
        .insert_resource(bevy_egui::EguiGlobalSettings {
            auto_create_primary_context: false,
            ..default()
        });
}

/// The screen the run opens on, with what it needs: a kiosk's mode and its files, or the
/// autosave (and a resume after a crash), and the editor's or a puzzle's start.
fn opening_screen(
    app: &mut App,
    options: &AppOptions,
    folder: &std::path::Path,
    settings_language: &str,
) -> game::core::screen::Screen {
    let screen = if let Some(profile) = options.profile.clone() {
        exhibition_mode(app, profile, options.opens.idle_prompt);
        if options.opens.statistics_open {
            app.insert_state(game::exhibition::staff::StaffMenu::Statistics);
        }
        if !taking_a_picture(options) {
            lock_kiosk(app, folder);
            app.insert_resource(game::exhibition::visits::VisitLog::in_folder(
                folder.to_owned(),
            ))
            .insert_resource(game::exhibition::health::Heartbeat::in_folder(
                folder.to_owned(),
            ));
        }
        options.opens.screen
    } else if !taking_a_picture(options) {
        autosave(app, options, folder, settings_language)
    } else {
        options.opens.screen
    };
    if screen == game::core::screen::Screen::Editor {
        app.insert_resource(game::core::editor::Editor::of(&options.opens.position));
    }
    if screen == game::core::screen::Screen::Puzzle {
        app.world_mut()
            .write_message(game::core::puzzles::PuzzleRequest::Open(
                options.opens.position.id(),
                None,
            ));
    }
    screen
}

/// Whether the run takes a picture with `--screenshot` (it keeps nothing on disk).
fn taking_a_picture(options: &AppOptions) -> bool {
    matches!(options.run, RunMode::Screenshot(_))
}

/// What the run mode adds: the picture taken and the exit once the scene is ready, or the
/// layout printed, the tour made and the exit.
fn add_run_mode(app: &mut App, run: &RunMode) {
    match run {
        RunMode::Screenshot(path) => {
            app.insert_resource(game::core::preferences::AnimationSpeed::Off);
            screenshot::add(app, path.clone());
        }
        RunMode::LayoutReport(tour) => {
            app.insert_resource(game::core::preferences::AnimationSpeed::Off)
                .insert_resource(game::view::canvas::Sketch);
            screenshot::add_layout_exit(app, tour.clone());
        }
        RunMode::Window | RunMode::Headless | RunMode::Offscreen(_) => {}
    }
}

/// The markers the run mode sets: Auto's watch on frames and its remembered steps, drawing on
/// change, the off-screen pictures' framing and pipeline report, the printed layout.
fn insert_run_markers(app: &mut App, options: &AppOptions) {
    let run = &options.run;
    let watched = run.on_a_screen() && !run.reads_the_screen();
    if watched {
        // Auto steps down a level when frames cannot keep up with the screen.
        app.insert_resource(game::view::keeping_up::KeepUp);
    }
    if run.offscreen().is_some() {
        // The pictures hold the board without the panels: it is framed in the whole of them.
        app.insert_resource(game::view::free_area::BoardOnly);
        pipelines::report(app);
    }
    if run.on_a_screen() {
        // Auto's steps down are kept per screen in the data folder.
        app.insert_resource(game::view::remembered_steps::RemembersSteps);
    }
    if options.profile.is_none() && watched {
        app.insert_resource(game::view::pacing::DrawOnChange);
    }
    if *run == RunMode::Headless && options.print_layout {
        app.insert_resource(layout_report::RecordLayout);
    } else if options.print_layout || matches!(run, RunMode::LayoutReport(_)) {
        app.insert_resource(layout_report::PrintLayout);
    }
}

/// Bevy's plugins as this run needs them: the window (borderless for a kiosk, none off-screen
/// or headless), the assets' folder, and no renderer at all for headless tests.
fn bevy_plugins(
    options: &AppOptions,
    window_mode: crate::files::settings::WindowMode,
) -> bevy::app::PluginGroupBuilder {
    let mut window = Window {
        title: "Stackyard".into(),
        resolution: options
            .run
            .offscreen()
            .or(options.overrides.window_size)
            .map_or(WindowResolution::new(1280, 720), |size| {
                WindowResolution::new(size.x, size.y)
            }),
        mode: game::screens::view_settings::bevy_window_mode(window_mode),
        ..default()
    };
    #[cfg(target_arch = "wasm32")]
    {
        // The page's canvas, filling the element the page sizes; keys stay with the game.
        window.canvas = Some(web::CANVAS.into());
        window.fit_canvas_to_parent = true;
        window.prevent_default_event_handling = true;
    }
    let kiosk = options.profile.is_some() && !taking_a_picture(options);
    if kiosk {
        game::exhibition::window::open_borderless(&mut window);
    }
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(window),
            close_when_requested: !kiosk,
            ..default()
        })
        .set(AssetPlugin {
            file_path: asset_dir(),
            ..default()
        });
    for_the_run(plugins, &options.run)
}

/// Without a window (off-screen pictures, headless tests): no winit, and egui's warning of the
/// missing window kept out of the log; headless tests get no renderer at all.
fn for_the_run(
    plugins: bevy::app::PluginGroupBuilder,
    run: &RunMode,
) -> bevy::app::PluginGroupBuilder {
    if run.offscreen().is_none() && *run != RunMode::Headless {
        return plugins;
    }
    // Without a window egui warns of it every frame; off-screen, the measures go to standard
    // output.
    let quiet = plugins
        .disable::<bevy::winit::WinitPlugin>()
        .set(bevy::log::LogPlugin {
            filter: format!("{},bevy_egui=error", bevy::log::DEFAULT_FILTER),
            ..default()
        });
    if *run != RunMode::Headless {
        return quiet;
    }
    quiet.set(bevy::render::RenderPlugin {
        render_creation: bevy::render::settings::WgpuSettings {
            backends: None,
            ..default()
        }
        .into(),
        ..default()
    })
}

/// The session the app opens with: the loaded game (with its seats, outside a kiosk) or the
/// position, and the turn in progress shown.
fn insert_session(app: &mut App, options: &AppOptions) {
    let mut session = match &options.opens.loaded {
        Some(game) => game::core::saving::session_of(game),
        None => Session::new(options.opens.position.clone()),
    };
    if let Some(turn) = &options.opens.partial {
        session.resume_turn(turn.clone());
    }
    app.insert_resource(session);
    if let Some(game) = options
        .opens
        .loaded
        .as_ref()
        .filter(|_| options.profile.is_none())
    {
        let mut seats = app.world_mut().resource_mut::<game::core::seats::Seats>();
        game::core::saving::take_saved_seats(&mut seats, game.seats);
    }
}

/// A kiosk's window and files: the window mode locked, and a crash's report kept while the
/// restarted kiosk begins with attract mode.
fn lock_kiosk(app: &mut App, folder: &std::path::Path) {
    app.insert_resource(game::exhibition::window::KioskWindow)
        .insert_resource(game::screens::view_settings::WindowModeLocked);
    crate::files::crash::install_panic_hook(folder.to_path_buf());
    let _ = crate::files::crash::take_resume_mark(folder);
}

/// Every move is saved, so a crash or a closed window loses nothing; a crash writes a report,
/// and the next start resumes the autosaved game (when no game was asked for). Returns the
/// screen to open on: the game where one was resumed.
fn autosave(
    app: &mut App,
    options: &AppOptions,
    folder: &std::path::Path,
    language: &str,
) -> game::core::screen::Screen {
    let mut screen = options.opens.screen;
    let autosave = folder.join("autosave.ron");
    crate::files::crash::install_panic_hook(folder.to_path_buf());
    if crate::files::crash::take_resume_mark(folder) && options.resume_after_crash {
        match crate::files::save::SaveFile::open_autosave(&autosave) {
            Ok(None) => {}
            Ok(Some((_, game))) => {
                screen = game::core::screen::Screen::Game;
                app.insert_resource(game::core::saving::session_of(&game));
                let tr = game::core::i18n::Tr::load(&crate::files::i18n::folder(), language);
                app.insert_resource(game::core::saving::FileStatus {
                    text: tr.tf(
                        "saves.resumed",
                        &[("path", &crate::files::crash::report_path(folder).display())],
                    ),
                    ..default()
                });
            }
            Err(notice) => {
                warn!("{notice}");
                if let Some(mut file) = app
                    .world_mut()
                    .get_resource_mut::<game::core::preferences::SettingsFile>()
                {
                    file.notice = Some(notice);
                }
            }
        }
    }
    app.insert_resource(game::core::saving::Autosave(Some(autosave)));
    screen
}

/// A kiosk: the profile's seats and menu size; no settings file, no autosave and no resuming
/// (after a crash, attract mode starts again).
fn exhibition_mode(app: &mut App, profile: crate::files::profile::Profile, idle_prompt: bool) {
    app.insert_resource(game::core::preferences::LanguageChoice(
        profile.language.clone(),
    ));
    let exhibition = game::exhibition::Exhibition::new(profile);
    app.insert_resource(game::core::preferences::UiScale(
        exhibition.profile.ui_scale,
    ))
    .insert_resource(exhibition.visitor_seats())
    .insert_resource(game::core::preferences::ViewSettings {
        reduced_motion: exhibition.profile.reduced_motion,
        ..Default::default()
    })
    .insert_resource(game::core::speech::SpeakMoves(exhibition.profile.speak));
    if idle_prompt {
        app.insert_resource(game::exhibition::idle::IdlePrompt {
            until: std::time::Duration::from_secs(u64::from(exhibition.profile.prompt_secs)),
        });
    }
    app.insert_resource(exhibition);
}

/// The settings the app starts with: the settings file's (a broken one set aside, with a
/// notice), or the defaults in screenshot mode unless a config folder was named; `--theme`, `--language` and `--quality` win.
fn open_settings(options: &AppOptions) -> game::core::preferences::SettingsFile {
    use crate::files::settings::{SETTINGS_FILE, open_or_recover};
    let screenshot = taking_a_picture(options);
    // A kiosk keeps no settings: its profile says how it looks.
    let folder = match (
        &options.folders.config,
        screenshot || options.profile.is_some(),
    ) {
        (Some(dir), _) => Some(dir.clone()),
        (None, false) => Some(crate::files::config_dir()),
        (None, true) => None,
    };
    let mut file = game::core::preferences::SettingsFile::default();
    if let Some(folder) = folder {
        let path = folder.join(SETTINGS_FILE);
        let opened = open_or_recover(&path);
        if let Some(notice) = &opened.notice {
            // Before the log is set up: straight to the error stream, for whoever reads it.
            eprintln!("stackyard: {notice}");
        }
        file.written = opened.settings;
        file.notice = opened.notice;
        // Screenshots never change the player's settings.
        file.path = (!screenshot).then_some(path);
    }
    if let Some(theme) = &options.overrides.theme {
        file.written.theme.clone_from(theme);
    }
    if let Some(language) = &options.overrides.language {
        file.written.language.clone_from(language);
    }
    if let Some(quality) = options.overrides.quality {
        file.written.quality = quality;
    }
    file
}

/// Runs the app to its end.
pub fn run(options: AppOptions) -> AppExit {
    build(options).run()
}

/// Whether a window can be opened: on Linux, an X11 or Wayland display must be named.
///
/// # Errors
/// A message saying what is missing and what to do instead.
pub fn check_display() -> Result<(), String> {
    if cfg!(target_os = "linux")
        && ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
            .iter()
            .all(|v| std::env::var_os(v).is_none_or(|s| s.is_empty()))
    {
        return Err(
            "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is \
                    set); run it on a desktop, or under xvfb-run for --screenshot; the referee \
                    subcommands (new, moves, apply, perft, status) need no display"
                .into(),
        );
    }
    Ok(())
}

/// The folder of assets in use (`files::assets`), absolute, for Bevy's asset server; where
/// none was found, a folder that does not exist (each picture then fails to load, once).
fn asset_dir() -> String {
    // On the web, the assets are fetched from beside the page.
    if cfg!(target_arch = "wasm32") {
        return "assets".into();
    }
    crate::files::assets::folder().map_or_else(
        || "stackyard-assets-not-found".into(),
        |f| f.to_string_lossy().into_owned(),
    )
}
