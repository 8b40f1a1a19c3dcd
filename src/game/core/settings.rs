//! The player's settings in the app: read from the settings file when the app is built (a broken
//! file is set aside and a notice shown), spread over the resources they govern (view, animation,
//! theme, UI scale, window mode, seats), and written back atomically whenever one of them changes.

use std::time::Duration;

use bevy::prelude::*;

use crate::files::settings::{Animation, Settings};

use bevy::ecs::system::SystemParam;

use crate::game::core::preferences::{
    AnimationSpeed, DisplayMode, LanguageChoice, QualityChoice, SettingsFile, ShareBase,
    SoundLevel, ThemeChoice, UiScale, ViewSettings,
};
use crate::game::core::seats::{Seat, Seats};

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
        .init_resource::<QualityChoice>()
        .init_resource::<ShareBase>()
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
                    .or_else(resource_changed::<QualityChoice>)
                    .or_else(resource_changed::<Seats>)
                    .or_else(resource_changed::<crate::game::core::speech::SpeakMoves>),
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
        thinking: s.show_thinking,
        engine_view: s.show_engine_view,
        reduced_motion: s.reduced_motion,
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
    .insert_resource(QualityChoice(s.quality))
    .insert_resource(ShareBase(s.share_base.clone()))
    .insert_resource(crate::game::core::speech::SpeakMoves(s.speak_moves))
    .insert_resource(Seats {
        black: seat(s.seats.black),
        white: seat(s.seats.white),
        master_time: Duration::from_secs_f32(s.master_seconds),
        threads: usize::from(s.threads),
        coach: s.coach,
        ..Seats::default()
    });
}

/// Every resource a setting lives in.
#[derive(SystemParam)]
struct Preferences<'w> {
    view: Res<'w, ViewSettings>,
    speed: Res<'w, AnimationSpeed>,
    theme: Res<'w, ThemeChoice>,
    language: Res<'w, LanguageChoice>,
    scale: Res<'w, UiScale>,
    mode: Res<'w, DisplayMode>,
    sound: Res<'w, SoundLevel>,
    quality: Res<'w, QualityChoice>,
    seats: Res<'w, Seats>,
    share: Res<'w, ShareBase>,
    speak: Res<'w, crate::game::core::speech::SpeakMoves>,
}

impl Preferences<'_> {
    /// The settings as the resources hold them now.
    fn gather(&self) -> Settings {
        Settings {
            window: self.mode.0,
            ui_scale: self.scale.0,
            animation: match *self.speed {
                AnimationSpeed::Off => Animation::Off,
                AnimationSpeed::Normal => Animation::Normal,
                AnimationSpeed::Fast => Animation::Fast,
            },
            legal_highlighting: self.view.legal_targets,
            show_thinking: self.view.thinking,
            show_engine_view: self.view.engine_view,
            reduced_motion: self.view.reduced_motion,
            coordinates: self.view.coordinates,
            theme: self.theme.0.clone(),
            language: self.language.0.clone(),
            volume: self.sound.volume,
            mute: self.sound.mute,
            seats: crate::game::core::saving::saved_seats(&self.seats),
            master_seconds: self.seats.master_time.as_secs_f32(),
            quality: self.quality.0,
            threads: u16::try_from(self.seats.threads).unwrap_or(u16::MAX),
            coach: self.seats.coach,
            share_base: self.share.0.clone(),
            speak_moves: self.speak.0,
            ..Settings::default()
        }
    }
}

/// Writes the settings file when a setting has changed.
fn write_changed_settings(
    mut file: ResMut<SettingsFile>,
    preferences: Preferences,
    tr: Res<crate::game::core::i18n::Tr>,
) {
    let now = preferences.gather();
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
