//! The player's preferences as resources: what the board shows, the animation's speed, the
//! theme, the language, the menu size, the window mode, the graphics quality and the sound; and the settings file
//! they come from, with its notice. `settings.rs` reads and writes them.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::files::settings::{Quality, Settings, WindowMode};

/// What the board shows.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewSettings {
    /// The files and ranks written beside the board.
    pub coordinates: bool,
    /// The lit rings of the legal choices (the chosen stack and controls such as Support's push
    /// arrows and Grabber's stop always show).
    pub legal_targets: bool,
    /// The cells of the decisions the computer is weighing glow while it thinks (and for a
    /// Hint), by their share of its playouts.
    pub thinking: bool,
    /// The engine's view of the game (evaluation bar and graph, best line), where it cannot
    /// help a player against the computer ([`crate::game::core::engine_view`]).
    pub engine_view: bool,
    /// Reduced motion: no flying stones, no camera flights and no sparks, whatever the
    /// animation speed says; moves appear at once, their cells marked ([`Motion`]).
    pub reduced_motion: bool,
}

impl Default for ViewSettings {
    fn default() -> Self {
        ViewSettings {
            coordinates: true,
            legal_targets: true,
            thinking: true,
            engine_view: true,
            reduced_motion: false,
        }
    }
}

/// How fast moves are shown.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AnimationSpeed {
    /// Stones jump to their places at once.
    Off,
    /// Unhurried, easy to follow.
    #[default]
    Normal,
    /// Quick.
    Fast,
}

/// The animation speed the board follows: the chosen one, or none under reduced motion (a
/// setting, and a kiosk profile's field).
#[derive(bevy::ecs::system::SystemParam)]
pub struct Motion<'w> {
    speed: Res<'w, AnimationSpeed>,
    view: Option<Res<'w, ViewSettings>>,
}

impl Motion<'_> {
    /// The speed to animate at.
    #[must_use]
    pub fn speed(&self) -> AnimationSpeed {
        if self.view.as_deref().is_some_and(|v| v.reduced_motion) {
            AnimationSpeed::Off
        } else {
            *self.speed
        }
    }
}

impl AnimationSpeed {
    /// Seconds per stage of a move.
    #[must_use]
    pub fn stage_secs(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Normal => 0.38,
            AnimationSpeed::Fast => 0.16,
        }
    }
}

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

/// The graphics quality the player chose (`Auto`: from the adapter); the board wing turns it
/// into the level in use.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct QualityChoice(pub Quality);

/// Windowed or fullscreen.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DisplayMode(pub WindowMode);

/// The address a link to a game starts with (the settings' `share_base`; a kiosk's profile or
/// the web page's own address where those give one); empty: the link is its `#` part alone.
#[derive(Resource, Debug, Clone, PartialEq, Eq, Default)]
pub struct ShareBase(pub String);

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
