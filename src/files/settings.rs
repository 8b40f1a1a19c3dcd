//! The player's settings (RON, versioned, in the config folder): window mode, UI scale, animation
//! speed, legal-move highlighting, coordinates, theme, and the seats a new game starts with.
//! A broken file is moved aside as a backup and the defaults are used, with a notice saying so.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::save::SavedSeats;

/// The version this build writes and reads.
pub const SETTINGS_VERSION: u32 = 1;

/// Files larger than this are not read (a settings file is a few hundred bytes).
pub const MAX_SETTINGS_BYTES: u64 = 64 * 1024;

/// The UI scale's range.
pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.5..=3.0;

/// The range of Master's thinking time per turn, in seconds.
pub const MASTER_SECONDS: std::ops::RangeInclusive<f32> = 0.5..=30.0;

/// The file's name in the config folder.
pub const SETTINGS_FILE: &str = "settings.ron";

/// How the window is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowMode {
    /// A window on the desktop.
    #[default]
    Windowed,
    /// The whole screen, without borders.
    Fullscreen,
}

/// Whether a person's seat has the coach, who warns before a turn that gives away the game or
/// stones at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Coaching {
    /// On against the computer's Beginner and Casual levels, off otherwise.
    #[default]
    Auto,
    /// Always on for a person in that seat.
    On,
    /// Never.
    Off,
}

/// How fast the stones move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Animation {
    /// Stones jump to their places.
    Off,
    /// Eased moves people can follow.
    #[default]
    Normal,
    /// Quicker moves.
    Fast,
}

/// How much the renderer does: the levels differ in post-processing and shadow detail, never in
/// what is on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quality {
    /// Chosen at start from the graphics adapter: Low on a software renderer, Medium on an
    /// integrated GPU, High on any other.
    #[default]
    Auto,
    /// For software renderers and old integrated GPUs: no ambient occlusion, bloom, depth of
    /// field or anti-aliasing; a small shadow map without soft filtering.
    Low,
    /// Bloom, MSAA, soft shadows, the room's reflections.
    Medium,
    /// Everything: also ambient occlusion and depth of field in attract mode.
    High,
}

impl Quality {
    /// The levels' names, as the command line takes them.
    pub const NAMES: [&str; 4] = ["auto", "low", "medium", "high"];

    /// The level's name, as the command line takes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        Quality::NAMES[self as usize]
    }
}

impl std::str::FromStr for Quality {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(Quality::Auto),
            "low" => Ok(Quality::Low),
            "medium" => Ok(Quality::Medium),
            "high" => Ok(Quality::High),
            _ => Err(format!(
                "`{s}` is not a quality level ({})",
                Quality::NAMES.join(", ")
            )),
        }
    }
}

/// The settings, as written in the file. Fields left out of a file take their defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// The file format's version.
    pub version: u32,
    /// Windowed or fullscreen.
    pub window: WindowMode,
    /// The size of menus and panels (1.0 is normal).
    pub ui_scale: f32,
    /// How fast the stones move.
    pub animation: Animation,
    /// Whether the legal choices light up.
    pub legal_highlighting: bool,
    /// Whether the files and ranks are written beside the board.
    pub coordinates: bool,
    /// Whether the cells the computer is weighing glow while it thinks.
    pub show_thinking: bool,
    /// Whether the engine's view (the evaluation bar and graph, the best line) is shown where
    /// it cannot help a player against the computer: in analysis, with no computer seated, and
    /// once a game has ended.
    pub show_engine_view: bool,
    /// The theme: a file name in `assets/themes` without `.ron`.
    pub theme: String,
    /// The language of the texts: a table in `assets/i18n` (`en`, `de`).
    pub language: String,
    /// The loudness of the sound effects, 0 to 1 (builds with the `sound` feature).
    pub volume: f32,
    /// Whether the sound effects are off.
    pub mute: bool,
    /// Who plays each side of a new game.
    pub seats: SavedSeats,
    /// The computer's thinking time per turn at Master level, in seconds (0.5 to 30); Strong
    /// thinks a third of it at most.
    pub master_seconds: f32,
    /// The graphics quality (`Auto` picks one from the graphics adapter).
    pub quality: Quality,
    /// The threads the computer searches on at Strong and Master (0: every core but one, at
    /// least one; at most [`MAX_THREADS`]).
    pub threads: u16,
    /// The coach of each seat for people, Black's then White's.
    pub coach: [Coaching; 2],
    /// Reduced motion: moves appear at once, and nothing flies (stones, the camera, sparks).
    pub reduced_motion: bool,
    /// Speak moves: every announcement spoken through Speech Dispatcher (`spd-say`), where it
    /// is installed.
    pub speak_moves: bool,
    /// The address Copy link puts before a game (where the web build is hosted, ending in `/`);
    /// empty: the link is the part from `#` on, which Stackyard's Paste and `--load` open.
    pub share_base: String,
}

/// The most search threads the settings accept.
pub const MAX_THREADS: u16 = 256;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: SETTINGS_VERSION,
            window: WindowMode::Windowed,
            ui_scale: 1.0,
            animation: Animation::Normal,
            legal_highlighting: true,
            coordinates: true,
            show_thinking: true,
            show_engine_view: true,
            theme: DEFAULT_THEME.into(),
            language: super::i18n::ENGLISH.into(),
            volume: 0.7,
            mute: false,
            seats: SavedSeats::default(),
            master_seconds: 3.0,
            quality: Quality::Auto,
            threads: 0,
            coach: [Coaching::Auto; 2],
            reduced_motion: false,
            speak_moves: false,
            share_base: String::new(),
        }
    }
}

/// The theme used when none is chosen.
pub const DEFAULT_THEME: &str = "wood";

/// Why a settings file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// The file could not be read.
    Read(String),
    /// The file is larger than any settings file.
    TooLarge(u64),
    /// The text is not a settings file (RON syntax or fields).
    Syntax(String),
    /// Written by another version.
    Version(u32),
    /// A field has a value out of its range.
    Value {
        /// The field.
        field: &'static str,
        /// What is wrong with it.
        why: String,
    },
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Read(e) => write!(f, "the file cannot be read: {e}"),
            SettingsError::TooLarge(n) => write!(
                f,
                "the file has {n} bytes, more than any settings file ({MAX_SETTINGS_BYTES} at most)"
            ),
            SettingsError::Syntax(e) => write!(f, "this is not a Stackyard settings file: {e}"),
            SettingsError::Version(v) => write!(
                f,
                "the file is version {v}; this build reads version {SETTINGS_VERSION}"
            ),
            SettingsError::Value { field, why } => write!(f, "{field}: {why}"),
        }
    }
}

impl std::error::Error for SettingsError {}

impl Settings {
    /// The file's text.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let body = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| format!("// cannot write these settings: {e}\n"));
        format!(
            "// Stackyard's settings, written by the app (a broken file is set aside and the\n\
             // defaults used). theme: a file name in assets/themes; language: a table in\n\
             // assets/i18n (en, de); seats: None for a person,\n\
             // Some(beginner|casual|strong|master) for the computer; master_seconds: Master's\n\
             // time per turn (0.5 to 30); quality: Auto (from the graphics adapter), Low, Medium\n\
             // or High; threads: the computer's search threads at Strong and Master (0: every\n\
             // core but one); share_base: the web build's address, put before Copy link's game.\n{body}\n"
        )
    }

    /// Reads a file's text and checks every value.
    ///
    /// # Errors
    /// [`SettingsError::Syntax`], [`SettingsError::Version`] or [`SettingsError::Value`].
    pub fn from_ron(text: &str) -> Result<Settings, SettingsError> {
        let settings: Settings =
            ron::from_str(text).map_err(|e| SettingsError::Syntax(e.to_string()))?;
        if settings.version != SETTINGS_VERSION {
            return Err(SettingsError::Version(settings.version));
        }
        settings.check()?;
        Ok(settings)
    }

    /// Checks every value against its range.
    ///
    /// # Errors
    /// [`SettingsError::Value`] naming the first field out of range.
    pub fn check(&self) -> Result<(), SettingsError> {
        let within = |field: &'static str, value: f32, range: &std::ops::RangeInclusive<f32>| {
            super::check_within(value, *range.start(), *range.end())
                .map_err(|why| SettingsError::Value { field, why })
        };
        within("volume", self.volume, &(0.0..=1.0))?;
        within("master_seconds", self.master_seconds, &MASTER_SECONDS)?;
        within("ui_scale", self.ui_scale, &UI_SCALES)?;
        if self.threads > MAX_THREADS {
            return Err(SettingsError::Value {
                field: "threads",
                why: format!("{} is more than {MAX_THREADS}", self.threads),
            });
        }
        check_theme_name(&self.theme).map_err(|why| SettingsError::Value {
            field: "theme",
            why,
        })?;
        super::i18n::check_language_code(&self.language).map_err(|why| SettingsError::Value {
            field: "language",
            why,
        })?;
        if self.share_base.is_empty() {
            return Ok(());
        }
        super::share_link::check_base(&self.share_base).map_err(|why| SettingsError::Value {
            field: "share_base",
            why,
        })
    }

    /// Reads a settings file.
    ///
    /// # Errors
    /// Any [`SettingsError`].
    pub fn load(path: &Path) -> Result<Settings, SettingsError> {
        let size = super::folders::size(path)
            .map_err(|e| SettingsError::Read(format!("{}: {e}", path.display())))?;
        if size > MAX_SETTINGS_BYTES {
            return Err(SettingsError::TooLarge(size));
        }
        let text = super::folders::read_text(path)
            .map_err(|e| SettingsError::Read(format!("{}: {e}", path.display())))?;
        Settings::from_ron(&text)
    }

    /// Writes the file atomically.
    ///
    /// # Errors
    /// A message naming the file and what failed.
    pub fn store(&self, path: &Path) -> Result<(), String> {
        super::atomic::write_atomically(path, self.to_ron().as_bytes())
    }
}

/// Whether a theme name can name a file in `assets/themes`: lower-case letters, digits and
/// dashes, 1 to 40 of them.
///
/// # Errors
/// What is wrong with the name.
pub fn check_theme_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.len() > 40 {
        return Err(format!("'{name}' is not 1 to 40 characters long"));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Err(format!(
            "'{name}' has '{c}'; a theme name has lower-case letters, digits and dashes"
        ));
    }
    Ok(())
}

/// The settings the app starts with, and what the player should be told about the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    /// The settings to use.
    pub settings: Settings,
    /// A notice for the player (a broken file was set aside), if any.
    pub notice: Option<String>,
}

/// Reads the settings file at `path`: the defaults when there is none; when it is broken, moves
/// it aside (to `settings.ron.broken`, replacing an older backup) and uses the defaults, with a
/// notice saying what was wrong and where the backup is.
#[must_use]
pub fn open_or_recover(path: &Path) -> Opened {
    if !path.exists() {
        return Opened {
            settings: Settings::default(),
            notice: None,
        };
    }
    match Settings::load(path) {
        Ok(settings) => Opened {
            settings,
            notice: None,
        },
        Err(e) => {
            let backup = backup_path(path);
            let kept = match super::folders::move_file(path, &backup) {
                Ok(()) => format!("it was moved to {}", backup.display()),
                Err(m) => format!("it could not be moved aside ({m}) and is left as it is"),
            };
            Opened {
                settings: Settings::default(),
                notice: Some(format!(
                    "Your settings file {} could not be used ({e}); {kept}. The default settings are used.",
                    path.display()
                )),
            }
        }
    }
}

/// Where a broken settings file is moved.
#[must_use]
pub fn backup_path(path: &Path) -> PathBuf {
    super::atomic::broken_path(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    fn folder(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::Scratch::new(&format!("settings-{name}"))
    }

    #[test]
    fn settings_round_trip() {
        let settings = Settings {
            window: WindowMode::Fullscreen,
            ui_scale: 1.5,
            animation: Animation::Fast,
            legal_highlighting: false,
            coordinates: false,
            show_thinking: false,
            show_engine_view: false,
            theme: "high-contrast".into(),
            seats: SavedSeats {
                black: None,
                white: Some(Level::Strong),
            },
            quality: Quality::Medium,
            ..Settings::default()
        };
        assert_eq!(Settings::from_ron(&settings.to_ron()), Ok(settings));
    }

    #[test]
    fn quality_levels_read_from_the_file_and_the_command_line() {
        let high = Settings::from_ron("(version: 1, quality: High)").unwrap();
        assert_eq!(high.quality, Quality::High);
        assert_eq!(Settings::default().quality, Quality::Auto);
        for (name, level) in
            Quality::NAMES
                .iter()
                .zip([Quality::Auto, Quality::Low, Quality::Medium, Quality::High])
        {
            assert_eq!(name.parse::<Quality>(), Ok(level));
        }
        let e = "ultra".parse::<Quality>().unwrap_err();
        assert!(
            e.contains("ultra") && e.contains("low, medium, high"),
            "{e}"
        );
    }

    #[test]
    fn the_documented_example_reads() {
        let readme = include_str!("../../docs/settings.md");
        let start = readme
            .find("```ron\n")
            .expect("a RON example in docs/settings.md")
            + 7;
        let end = start + readme[start..].find("```").expect("its end");
        let settings = Settings::from_ron(&readme[start..end]).unwrap();
        assert_eq!(settings.seats.white, Some(Level::Casual));
    }

    #[test]
    fn fields_left_out_take_their_defaults() {
        let settings = Settings::from_ron("(version: 1, ui_scale: 1.25)").unwrap();
        assert_eq!(settings.ui_scale, 1.25);
        assert_eq!(settings.theme, DEFAULT_THEME);
        assert!(settings.legal_highlighting);
        assert_eq!(settings.threads, 0, "automatic");
    }

    #[test]
    fn broken_settings_are_refused_naming_the_problem() {
        let cases = [
            ("", "this is not a Stackyard settings file"),
            ("(version: 1, ui_scale: 9.0)", "ui_scale: 9 is outside"),
            (
                "(version: 1, threads: 300)",
                "threads: 300 is more than 256",
            ),
            ("(version: 1, ui_scale: NaN)", "ui_scale: NaN is outside"),
            (
                "(version: 1, master_seconds: 0.1)",
                "master_seconds: 0.1 is outside 0.5 to 30",
            ),
            ("(version: 2)", "version 2"),
            ("(version: 1, colour: 3)", "colour"),
            ("(version: 1, theme: \"../x\")", "theme: '../x' has '.'"),
            ("(version: 1, window: Tiny)", "Tiny"),
            ("(version: 1, quality: Ultra)", "Ultra"),
            ("(version: 1, seats: (black: Some(godlike)))", "godlike"),
        ];
        for (text, expected) in cases {
            let e = Settings::from_ron(text).unwrap_err().to_string();
            assert!(e.contains(expected), "{text:?} gave {e:?}");
        }
    }

    #[test]
    fn no_file_gives_the_defaults_quietly() {
        let dir = folder("none");
        let opened = open_or_recover(&dir.join(SETTINGS_FILE));
        assert_eq!(opened.settings, Settings::default());
        assert_eq!(opened.notice, None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_file_is_moved_aside_with_a_notice() {
        let dir = folder("broken");
        let path = dir.join(SETTINGS_FILE);
        std::fs::write(&path, "(version: 1, ui_scale: \"big\"").unwrap();
        let opened = open_or_recover(&path);
        assert_eq!(opened.settings, Settings::default());
        let notice = opened.notice.expect("a notice");
        assert!(notice.contains("moved to") && notice.contains("settings.ron.broken"));
        assert!(!path.exists(), "the broken file is no longer in the way");
        assert_eq!(
            std::fs::read_to_string(backup_path(&path)).unwrap(),
            "(version: 1, ui_scale: \"big\""
        );
        // Written again, the settings read back.
        let settings = Settings {
            ui_scale: 2.0,
            ..Settings::default()
        };
        settings.store(&path).unwrap();
        assert_eq!(open_or_recover(&path).settings, settings);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
