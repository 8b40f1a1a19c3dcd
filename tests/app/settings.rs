//! The settings in a headless app: read from the file into the resources they govern, written
//! back (atomically) when the player changes one, and a broken file set aside with a notice while
//! the defaults are used.

use crate::common::headless::{Headless, start_of};
use bevy::prelude::*;
use stackyard::ai::Level;
use stackyard::files::scratch::Scratch;
use stackyard::files::settings::{
    Animation, SETTINGS_FILE, Settings, WindowMode, backup_path, open_or_recover,
};
use stackyard::game::core::preferences::AnimationSpeed;
use stackyard::game::core::preferences::ViewSettings;
use stackyard::game::core::preferences::{DisplayMode, SettingsFile, ThemeChoice, UiScale};
use stackyard::game::core::seats::{Seat, Seats};
use stackyard::game::core::settings::use_settings;
use stackyard::rules::GameId;

fn folder(name: &str) -> Scratch {
    Scratch::new(&format!("settings-app-{name}"))
}

/// An app started as the real one is: the settings file opened (or recovered) first.
fn app_with_settings(path: &std::path::Path) -> App {
    let opened = open_or_recover(path);
    Headless::on(start_of(GameId::Splay))
        .before_logic(|app| {
            use_settings(
                app,
                SettingsFile {
                    path: Some(path.to_path_buf()),
                    written: opened.settings,
                    notice: opened.notice,
                },
            );
        })
        .build()
}

#[test]
fn the_settings_file_governs_the_app_and_changes_are_written_back() {
    let dir = folder("round-trip");
    let path = dir.join(SETTINGS_FILE);
    let chosen = Settings {
        window: WindowMode::Fullscreen,
        ui_scale: 1.5,
        animation: Animation::Fast,
        legal_highlighting: false,
        coordinates: false,
        theme: "high-contrast".into(),
        seats: stackyard::files::save::SavedSeats {
            black: None,
            white: Some(Level::Strong),
        },
        master_seconds: 5.5,
        ..Settings::default()
    };
    chosen.store(&path).unwrap();
    let mut app = app_with_settings(&path);
    let world = app.world();
    assert_eq!(*world.resource::<AnimationSpeed>(), AnimationSpeed::Fast);
    assert_eq!(
        *world.resource::<ViewSettings>(),
        ViewSettings {
            coordinates: false,
            legal_targets: false,
            thinking: true,
            engine_view: true,
            reduced_motion: false,
        }
    );
    assert_eq!(world.resource::<ThemeChoice>().0, "high-contrast");
    assert_eq!(world.resource::<UiScale>().0, 1.5);
    assert_eq!(world.resource::<DisplayMode>().0, WindowMode::Fullscreen);
    assert_eq!(
        world.resource::<Seats>().white,
        Seat::Computer(Level::Strong)
    );
    assert_eq!(world.resource::<Seats>().black, Seat::Human);
    assert_eq!(
        world.resource::<Seats>().master_time,
        std::time::Duration::from_millis(5_500)
    );
    assert_eq!(world.resource::<SettingsFile>().notice, None);
    // Nothing changed: the file is as the player left it.
    assert_eq!(Settings::load(&path).unwrap(), chosen);

    // The player turns the coordinates back on and picks the computer for Black.
    app.world_mut().resource_mut::<ViewSettings>().coordinates = true;
    app.world_mut().resource_mut::<Seats>().black = Seat::Computer(Level::Beginner);
    *app.world_mut().resource_mut::<AnimationSpeed>() = AnimationSpeed::Off;
    app.world_mut().resource_mut::<Seats>().master_time = std::time::Duration::from_secs(8);
    app.update();
    let stored = Settings::load(&path).unwrap();
    assert!(stored.coordinates);
    assert_eq!(stored.animation, Animation::Off);
    assert_eq!(stored.seats.black, Some(Level::Beginner));
    assert_eq!(stored.master_seconds, 8.0);
    assert_eq!(stored.theme, "high-contrast", "the rest is kept");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(
        left.len(),
        1,
        "no temporary file is left beside the settings"
    );

    // A new start reads them back.
    let app = app_with_settings(&path);
    assert_eq!(
        *app.world().resource::<AnimationSpeed>(),
        AnimationSpeed::Off
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_settings_file_is_set_aside_the_defaults_used_and_the_player_told() {
    let broken = [
        "(version: 1, ui_scale: 40.0)",
        "(version: 1, window: Huge)",
        "(version: 1, animation: Normal,",
        "(version: 7)",
        "\u{0}\u{1}binary",
    ];
    for text in broken {
        let dir = folder("broken");
        let path = dir.join(SETTINGS_FILE);
        std::fs::write(&path, text).unwrap();
        let mut app = app_with_settings(&path);
        let world = app.world();
        let notice = world
            .resource::<SettingsFile>()
            .notice
            .clone()
            .unwrap_or_else(|| panic!("no notice for {text:?}"));
        assert!(notice.contains("moved to"), "{text:?}: {notice}");
        assert_eq!(*world.resource::<AnimationSpeed>(), AnimationSpeed::Normal);
        assert_eq!(*world.resource::<ViewSettings>(), ViewSettings::default());
        assert_eq!(world.resource::<UiScale>().0, 1.0);
        // The broken file is kept for the player to look at, untouched.
        assert_eq!(std::fs::read_to_string(backup_path(&path)).unwrap(), text);
        // The next change writes a good file in its place.
        *app.world_mut().resource_mut::<AnimationSpeed>() = AnimationSpeed::Fast;
        app.update();
        assert_eq!(Settings::load(&path).unwrap().animation, Animation::Fast);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn settings_out_of_range_are_never_written() {
    let dir = folder("range");
    let path = dir.join(SETTINGS_FILE);
    let mut app = app_with_settings(&path);
    app.world_mut().resource_mut::<UiScale>().0 = f32::NAN;
    app.update();
    assert!(!path.exists(), "a NaN scale is not written");
    app.world_mut().resource_mut::<UiScale>().0 = 1.25;
    app.update();
    assert_eq!(Settings::load(&path).unwrap().ui_scale, 1.25);
    let _ = std::fs::remove_dir_all(&dir);
}
