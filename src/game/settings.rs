//! The player's settings in the app: read from the settings file when the app is built (a broken
//! file is set aside and a notice shown), spread over the resources they govern (view, animation,
//! theme, UI scale, window mode, seats), and written back atomically whenever one of them changes.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;

use crate::files::settings::{Animation, Settings, WindowMode};

use super::animation::AnimationSpeed;
use super::opponent::{Seat, Seats};
use super::view_settings::ViewSettings;

/// Where the settings are kept, what was last written there, and what to tell the player.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct SettingsFile {
    /// The file (none: settings are not kept, as in screenshot mode and tests).
    pub path: Option<PathBuf>,
    /// The settings as last read or written.
    pub written: Settings,
    /// A notice for the player (a broken file set aside, a theme that could not be read, a
    /// failed write), shown until dismissed.
    pub notice: Option<String>,
}

/// The chosen theme's name (a file in `assets/themes`).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ThemeChoice(pub String);

impl Default for ThemeChoice {
    fn default() -> Self {
        ThemeChoice(crate::files::settings::DEFAULT_THEME.into())
    }
}

/// The chosen language's code (a table in `assets/i18n`).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct LanguageChoice(pub String);

impl Default for LanguageChoice {
    fn default() -> Self {
        LanguageChoice(crate::files::i18n::ENGLISH.into())
    }
}

/// The size of menus and panels (1.0 is normal).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct UiScale(pub f32);

impl Default for UiScale {
    fn default() -> Self {
        UiScale(1.0)
    }
}

/// Windowed or fullscreen.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DisplayMode(pub WindowMode);

/// The sound effects' loudness (0 to 1) and whether they are off.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct SoundLevel {
    /// Loudness, 0 to 1.
    pub volume: f32,
    /// Off.
    pub mute: bool,
}

impl Default for SoundLevel {
    fn default() -> Self {
        let s = Settings::default();
        SoundLevel {
            volume: s.volume,
            mute: s.mute,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    // Without a settings file (tests), each setting keeps what the app was given, or its default.
    app.init_resource::<SettingsFile>()
        .init_resource::<ViewSettings>()
        .init_resource::<AnimationSpeed>()
        .init_resource::<ThemeChoice>()
        .init_resource::<LanguageChoice>()
        .init_resource::<UiScale>()
        .init_resource::<DisplayMode>()
        .init_resource::<SoundLevel>()
        .init_resource::<Seats>()
        .add_systems(
            Last,
            write_changed_settings.run_if(
                resource_changed::<ViewSettings>
                    .or_else(resource_changed::<AnimationSpeed>)
                    .or_else(resource_changed::<ThemeChoice>)
                    .or_else(resource_changed::<LanguageChoice>)
                    .or_else(resource_changed::<UiScale>)
                    .or_else(resource_changed::<DisplayMode>)
                    .or_else(resource_changed::<SoundLevel>)
                    .or_else(resource_changed::<Seats>),
            ),
        );
}

/// Sets up the app with the settings in `file` (before the game's plugins are added).
pub fn use_settings(app: &mut App, file: SettingsFile) {
    spread_settings(app, &file.written);
    app.insert_resource(file);
}

/// Puts each setting into the resource that governs it.
fn spread_settings(app: &mut App, s: &Settings) {
    let seat = |level: Option<crate::ai::Level>| level.map_or(Seat::Human, Seat::Computer);
    app.insert_resource(ViewSettings {
        coordinates: s.coordinates,
        legal_targets: s.legal_highlighting,
    })
    .insert_resource(match s.animation {
        Animation::Off => AnimationSpeed::Off,
        Animation::Normal => AnimationSpeed::Normal,
        Animation::Fast => AnimationSpeed::Fast,
    })
    .insert_resource(ThemeChoice(s.theme.clone()))
    .insert_resource(LanguageChoice(s.language.clone()))
    .insert_resource(UiScale(s.ui_scale))
    .insert_resource(DisplayMode(s.window))
    .insert_resource(SoundLevel {
        volume: s.volume,
        mute: s.mute,
    })
    .insert_resource(Seats {
        black: seat(s.seats.black),
        white: seat(s.seats.white),
        master_time: Duration::from_secs_f32(s.master_seconds),
        ..Seats::default()
    });
}

/// The settings as the resources hold them now.
fn gather_settings(
    view: &ViewSettings,
    speed: AnimationSpeed,
    theme: &ThemeChoice,
    language: &LanguageChoice,
    scale: UiScale,
    mode: DisplayMode,
    sound: SoundLevel,
    seats: &Seats,
) -> Settings {
    Settings {
        window: mode.0,
        ui_scale: scale.0,
        animation: match speed {
            AnimationSpeed::Off => Animation::Off,
            AnimationSpeed::Normal => Animation::Normal,
            AnimationSpeed::Fast => Animation::Fast,
        },
        legal_highlighting: view.legal_targets,
        coordinates: view.coordinates,
        theme: theme.0.clone(),
        language: language.0.clone(),
        volume: sound.volume,
        mute: sound.mute,
        seats: super::saving::saved_seats(seats),
        master_seconds: seats.master_time.as_secs_f32(),
        ..Settings::default()
    }
}

/// Writes the settings file when a setting has changed.
fn write_changed_settings(
    mut file: ResMut<SettingsFile>,
    view: Res<ViewSettings>,
    speed: Res<AnimationSpeed>,
    theme: Res<ThemeChoice>,
    language: Res<LanguageChoice>,
    scale: Res<UiScale>,
    mode: Res<DisplayMode>,
    sound: Res<SoundLevel>,
    seats: Res<Seats>,
    tr: Res<super::i18n::Tr>,
) {
    let now = gather_settings(
        &view, *speed, &theme, &language, *scale, *mode, *sound, &seats,
    );
    if now == file.written || now.check().is_err() {
        return;
    }
    if let Some(path) = file.path.clone() {
        if let Err(e) = now.store(&path) {
            warn!("{e}");
            file.notice = Some(tr.tf("settings.not_saved", &[("error", &e)]));
            return;
        }
        debug!("settings written to {}", path.display());
    }
    file.written = now;
}
