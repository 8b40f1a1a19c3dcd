//! The exhibition profile (`stackyard --profile exhibition.ron`): how a kiosk presents the games:
//! which games, who plays a visitor, the computer's level, idle timeouts, language, UI scale, a
//! welcome caption, the monitor and the staff PIN. Every field is checked at start; a bad profile
//! is refused with a message naming the field.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::GameId;

/// The version this build reads.
pub const PROFILE_VERSION: u32 = 1;

/// Profiles larger than this are not read.
pub const MAX_PROFILE_BYTES: u64 = 64 * 1024;

/// Who plays when a visitor starts a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visitors {
    /// One visitor against the computer (the visitor plays the first side).
    #[default]
    VisitorVsComputer,
    /// Two visitors at the same screen.
    TwoVisitors,
}

/// Where a touch in attract mode leads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TouchLeadsTo {
    /// The title screen's game picker.
    #[default]
    Picker,
    /// Straight into the game being shown, from its start, with the profile's seats.
    Game,
    /// The puzzles of the game being shown, from the first not yet solved.
    Puzzles,
}

/// An exhibition profile, as written in its file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The file format's version.
    pub version: u32,
    /// The games shown, in the order attract mode cycles through them (ids as the referee
    /// spells them: cash-in-hand, intermedium, grabber, grabber-6, grabber-10, support, splay).
    pub games: Vec<String>,
    /// Who plays a visitor's game.
    #[serde(default)]
    pub visitors: Visitors,
    /// The computer's level against visitors.
    #[serde(default = "default_level")]
    pub level: Level,
    /// Seconds without input in a game before "Still playing?" (10 to 3600).
    #[serde(default = "default_idle")]
    pub idle_secs: u32,
    /// Seconds the prompt counts down before the game is dropped (5 to 300).
    #[serde(default = "default_prompt")]
    pub prompt_secs: u32,
    /// Seconds without input on the title or how-to-play screens before attract mode (10 to 3600).
    #[serde(default = "default_idle")]
    pub menu_idle_secs: u32,
    /// Seconds between the computer's decisions in attract mode (0.2 to 10).
    #[serde(default = "default_attract_pace")]
    pub attract_pace_secs: f32,
    /// Where a touch in attract mode leads.
    #[serde(default)]
    pub touch_leads_to: TouchLeadsTo,
    /// The language of the texts (an ISO 639-1 code, such as "en").
    #[serde(default = "default_language")]
    pub language: String,
    /// The languages attract mode's button offers a visitor, in turn (codes such as "fr"; it
    /// holds `language`): every language that ships if left out.
    #[serde(default)]
    pub visitor_languages: Vec<String>,
    /// The size of menus and panels (0.5 to 3.0).
    #[serde(default = "default_scale")]
    pub ui_scale: f32,
    /// A caption shown in attract mode and on the title, such as the exhibition's name.
    #[serde(default)]
    pub welcome: Option<String>,
    /// The monitor to fill (0 is the first); the primary one if left out.
    #[serde(default)]
    pub monitor: Option<usize>,
    /// Seconds without input before the mouse cursor hides (0 keeps it visible; up to 3600).
    #[serde(default = "default_hide_cursor")]
    pub hide_cursor_secs: u32,
    /// The PIN the staff type after five taps in the top-left corner (4 to 8 digits).
    pub staff_pin: String,
    /// Whether visitors may set up positions in the position editor (hidden if left out).
    #[serde(default)]
    pub editor: bool,
    /// Whether visitors playing the computer get the coach's warnings (off if left out).
    #[serde(default)]
    pub coach: bool,
    /// Whether attract mode solves a puzzle of each game after playing it (off if left out).
    #[serde(default)]
    pub attract_puzzles: bool,
    /// Reduced motion: moves appear at once, and nothing flies (off if left out).
    #[serde(default)]
    pub reduced_motion: bool,
    /// Speak moves: every announcement spoken through Speech Dispatcher (`spd-say`), so a
    /// visitor with headphones needs to bring nothing (off if left out).
    #[serde(default)]
    pub speak: bool,
    /// The visible width of the kiosk's screen in millimetres: touch targets are then at least
    /// 15 mm and text as large as EN 301 549 asks at `viewing_distance_mm` (48 px and 18 px,
    /// sizes for one kind of screen, if left out).
    #[serde(default)]
    pub screen_width_mm: Option<f32>,
    /// How far a visitor's eyes are from the screen, in millimetres (500 if left out).
    #[serde(default = "default_viewing_distance")]
    pub viewing_distance_mm: f32,
    /// When the kiosk is open; outside these hours it shows a quiet "closed" card (always
    /// open if left out).
    #[serde(default)]
    pub opening_hours: Option<super::opening_hours::OpeningHours>,
    /// Where the museum hosts the web build (`https://…/`): game over and a solved puzzle then
    /// show a QR code that continues the game there (no code if left out).
    #[serde(default)]
    pub share_base: Option<String>,
}

fn default_level() -> Level {
    Level::Casual
}
fn default_idle() -> u32 {
    90
}
fn default_prompt() -> u32 {
    20
}
fn default_attract_pace() -> f32 {
    1.2
}
fn default_language() -> String {
    "en".into()
}
fn default_hide_cursor() -> u32 {
    3
}
fn default_scale() -> f32 {
    1.25
}
fn default_viewing_distance() -> f32 {
    500.0
}

/// Why a profile was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProfileError {
    /// The file could not be read.
    Read(String),
    /// The text is not a profile (RON syntax, a missing or unknown field).
    Syntax(String),
    /// A field has a value that cannot be used.
    Field {
        /// The field.
        field: &'static str,
        /// What is wrong with it.
        why: String,
    },
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProfileError::Read(e) => write!(f, "the profile cannot be read: {e}"),
            ProfileError::Syntax(e) => write!(f, "this is not an exhibition profile: {e}"),
            ProfileError::Field { field, why } => write!(f, "profile field `{field}`: {why}"),
        }
    }
}

impl std::error::Error for ProfileError {}

/// RON's refusal, by the field it stands in where there is one ("`idle_secs` (line 13, column
/// 17): integer is out of bounds"), else by its place.
fn syntax_error(text: &str, e: &ron::error::SpannedError) -> ProfileError {
    let at = e.span.start;
    let offset: usize = text
        .split_inclusive('\n')
        .take(at.line.saturating_sub(1))
        .map(str::len)
        .sum::<usize>()
        + at.col.saturating_sub(1);
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let place = format!("line {}, column {}", at.line, at.col);
    match last_field_name(before) {
        Some(name) => ProfileError::Syntax(format!("field `{name}` ({place}): {}", e.code)),
        None => ProfileError::Syntax(format!("{place}: {}", e.code)),
    }
}

/// The last `name:` in `text` outside strings and comments: the field a value after it is for.
fn last_field_name(text: &str) -> Option<String> {
    let (mut last, mut word, mut in_string, mut chars) =
        (None, String::new(), false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '"' => in_string = !in_string,
            '\\' if in_string => {
                chars.next();
            }
            '/' if !in_string && chars.peek() == Some(&'/') => {
                chars.by_ref().find(|&c| c == '\n');
            }
            c if !in_string && (c.is_alphanumeric() || c == '_') => word.push(c),
            ':' if !in_string && !word.is_empty() => last = Some(std::mem::take(&mut word)),
            c if !in_string && c.is_whitespace() => {}
            _ => word.clear(),
        }
        if !(c.is_alphanumeric() || c == '_' || c.is_whitespace()) {
            word.clear();
        }
    }
    last
}

fn field(field: &'static str, why: impl Into<String>) -> ProfileError {
    ProfileError::Field {
        field,
        why: why.into(),
    }
}

fn check_range<T: PartialOrd + fmt::Display + Copy>(
    name: &'static str,
    value: T,
    low: T,
    high: T,
) -> Result<(), ProfileError> {
    super::check_within(value, low, high).map_err(|why| field(name, why))
}

impl Profile {
    /// Reads a profile's text and checks every field.
    ///
    /// # Errors
    /// A [`ProfileError`] naming the field.
    pub fn from_ron(text: &str) -> Result<Profile, ProfileError> {
        let profile: Profile = ron::from_str(text).map_err(|e| syntax_error(text, &e))?;
        profile.check()?;
        Ok(profile)
    }

    /// Reads and checks a profile file.
    ///
    /// # Errors
    /// A [`ProfileError`] naming the problem.
    pub fn load(path: &Path) -> Result<Profile, ProfileError> {
        let size = std::fs::metadata(path)
            .map_err(|e| ProfileError::Read(format!("{}: {e}", path.display())))?
            .len();
        if size > MAX_PROFILE_BYTES {
            return Err(ProfileError::Read(format!(
                "{}: {size} bytes, more than a profile ({MAX_PROFILE_BYTES} at most)",
                path.display()
            )));
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| ProfileError::Read(format!("{}: {e}", path.display())))?;
        Profile::from_ron(&text)
    }

    /// Checks every field.
    ///
    /// # Errors
    /// A [`ProfileError::Field`] naming the first field that cannot be used.
    pub fn check(&self) -> Result<(), ProfileError> {
        if self.version != PROFILE_VERSION {
            return Err(field(
                "version",
                format!(
                    "{} is not {PROFILE_VERSION}, the version this build reads",
                    self.version
                ),
            ));
        }
        if self.games.is_empty() {
            return Err(field("games", "name at least one game"));
        }
        let mut seen = Vec::new();
        for name in &self.games {
            let id: GameId = name.parse().map_err(|e| field("games", format!("{e}")))?;
            if seen.contains(&id) {
                return Err(field("games", format!("'{name}' is named twice")));
            }
            seen.push(id);
        }
        check_range("idle_secs", self.idle_secs, 10, 3600)?;
        check_range("prompt_secs", self.prompt_secs, 5, 300)?;
        check_range("menu_idle_secs", self.menu_idle_secs, 10, 3600)?;
        check_range("hide_cursor_secs", self.hide_cursor_secs, 0, 3600)?;
        check_range("attract_pace_secs", self.attract_pace_secs, 0.2, 10.0)?;
        check_range(
            "ui_scale",
            self.ui_scale,
            *super::settings::UI_SCALES.start(),
            *super::settings::UI_SCALES.end(),
        )?;
        self.check_screen()?;
        self.check_languages()?;
        if let Some(base) = &self.share_base {
            super::share_link::check_base(base).map_err(|why| field("share_base", why))?;
        }
        if let Some(w) = &self.welcome
            && (w.trim().is_empty() || w.chars().count() > 120)
        {
            return Err(field("welcome", "a caption has 1 to 120 characters"));
        }
        if let Some(m) = self.monitor
            && m > 15
        {
            return Err(field(
                "monitor",
                format!("{m} is not a monitor number (0 to 15)"),
            ));
        }
        if !(4..=8).contains(&self.staff_pin.len())
            || !self.staff_pin.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(field("staff_pin", "a PIN has 4 to 8 digits"));
        }
        if let Some(hours) = &self.opening_hours {
            hours.check().map_err(|why| field("opening_hours", why))?;
        }
        Ok(())
    }

    /// The screen's width and the viewing distance, in millimetres.
    /// The language and the visitor's languages are language codes, the visitor's each once
    /// and holding the profile's own.
    fn check_languages(&self) -> Result<(), ProfileError> {
        super::i18n::check_language_code(&self.language).map_err(|why| field("language", why))?;
        let list = &self.visitor_languages;
        for (n, code) in list.iter().enumerate() {
            super::i18n::check_language_code(code)
                .map_err(|why| field("visitor_languages", why))?;
            if list[..n].contains(code) {
                return Err(field(
                    "visitor_languages",
                    format!("'{code}' is listed twice"),
                ));
            }
        }
        if list.is_empty() || list.contains(&self.language) {
            Ok(())
        } else {
            Err(field(
                "visitor_languages",
                format!(
                    "the list holds the profile's own language, '{}'",
                    self.language
                ),
            ))
        }
    }

    fn check_screen(&self) -> Result<(), ProfileError> {
        if let Some(width) = self.screen_width_mm {
            check_range("screen_width_mm", width, 100.0, 5000.0)?;
        }
        check_range(
            "viewing_distance_mm",
            self.viewing_distance_mm,
            200.0,
            5000.0,
        )
    }

    /// The games shown, in order.
    #[must_use]
    pub fn game_ids(&self) -> Vec<GameId> {
        self.games.iter().filter_map(|g| g.parse().ok()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> String {
        std::fs::read_to_string(
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/exhibition.ron"),
        )
        .unwrap()
    }

    #[test]
    fn a_value_ron_refuses_is_named_by_its_field() {
        let refused = |from: &str, to: &str| {
            let text = example().replacen(from, to, 1);
            assert_ne!(text, example());
            Profile::from_ron(&text).unwrap_err().to_string()
        };
        let e = refused("idle_secs: 90", "idle_secs: -90");
        assert!(e.contains("field `idle_secs` (line 13, column"), "{e}");
        let e = refused("level: casual", "level: wizard");
        assert!(e.contains("field `level`"), "{e}");
        // A colon inside a string or a comment is no field.
        let e = refused("hide_cursor_secs: 3", "hide_cursor_secs: \"3:00\"");
        assert!(e.contains("field `hide_cursor_secs`"), "{e}");
        let e = refused("(\n    version: 1", "[\n    version: 1");
        assert!(e.contains("line "), "{e}");
    }

    #[test]
    fn the_example_profile_is_valid() {
        let p = Profile::from_ron(&example()).unwrap();
        assert_eq!(p.game_ids().len(), 5);
        let back = Profile::from_ron(&ron::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
        assert!(!p.editor, "the example keeps the editor from visitors");
        let with_editor = example().replacen("editor: false", "editor: true", 1);
        assert!(Profile::from_ron(&with_editor).unwrap().editor);
        let without = example().replacen("editor: false,", "", 1);
        assert!(
            !Profile::from_ron(&without).unwrap().editor,
            "left out: hidden"
        );
    }

    #[test]
    fn bad_profiles_are_refused_naming_the_field() {
        let good = example();
        let cases = [
            (good.replacen("version: 1", "version: 2", 1), "`version`"),
            (
                good.replacen("\"splay\"", "\"chess\"", 1),
                "`games`: unknown game 'chess'",
            ),
            (
                good.replacen("\"splay\"", "\"support\"", 1),
                "`games`: 'support' is named twice",
            ),
            (
                good.replacen("idle_secs: 90", "idle_secs: 3", 1),
                "`idle_secs`: 3 is outside 10 to 3600",
            ),
            (
                good.replacen("prompt_secs: 20", "prompt_secs: 0", 1),
                "`prompt_secs`",
            ),
            (
                good.replacen("hide_cursor_secs: 3", "hide_cursor_secs: 4000", 1),
                "`hide_cursor_secs`: 4000 is outside 0 to 3600",
            ),
            (
                good.replacen("ui_scale: 1.25", "ui_scale: 9.0", 1),
                "`ui_scale`",
            ),
            (
                good.replacen("language: \"en\"", "language: \"english\"", 1),
                "`language`",
            ),
            (
                good.replacen(
                    "visitor_languages: []",
                    "visitor_languages: [\"fr\", \"nl\"]",
                    1,
                ),
                "`visitor_languages`: the list holds the profile's own language, 'en'",
            ),
            (
                good.replacen(
                    "visitor_languages: []",
                    "visitor_languages: [\"en\", \"en\"]",
                    1,
                ),
                "`visitor_languages`: 'en' is listed twice",
            ),
            (
                good.replacen(
                    "visitor_languages: []",
                    "visitor_languages: [\"en\", \"FR\"]",
                    1,
                ),
                "`visitor_languages`: 'FR' is not a two-letter language code",
            ),
            (
                good.replacen("staff_pin: \"2468\"", "staff_pin: \"24a8\"", 1),
                "`staff_pin`",
            ),
            (good.replacen("staff_pin", "staf_pin", 1), "staf_pin"),
            (
                good.replacen("level: casual", "level: godlike", 1),
                "godlike",
            ),
            ("".to_owned(), "not an exhibition profile"),
        ];
        for (text, expected) in cases {
            assert_ne!(text, good, "the case {expected} changed nothing");
            let e = Profile::from_ron(&text).unwrap_err().to_string();
            assert!(e.contains(expected), "expected {expected:?} in {e:?}");
        }
    }
}
