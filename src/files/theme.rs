//! Themes (`assets/themes/<name>.ron`): the colours of the room, the board, the stones and the
//! lit targets, as `#rrggbb` strings. Read and checked here (no Bevy); the app paints with them.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Theme files larger than this are not read.
pub const MAX_THEME_BYTES: u64 = 64 * 1024;

/// An sRGB colour, written `#rrggbb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub [u8; 3]);

impl Rgb {
    /// Reads `#rrggbb`.
    ///
    /// # Errors
    /// What is wrong with the text.
    pub fn parse(text: &str) -> Result<Rgb, String> {
        let hex = text
            .strip_prefix('#')
            .filter(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| format!("'{text}' is not a colour written #rrggbb"))?;
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
        Ok(Rgb([byte(0), byte(2), byte(4)]))
    }

    /// The colour between `self` (at 0) and `other` (at 1).
    #[must_use]
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        let channel = |i: usize| {
            let (a, b) = (f32::from(self.0[i]), f32::from(other.0[i]));
            (a + (b - a) * t).round() as u8
        };
        Rgb([channel(0), channel(1), channel(2)])
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

impl Serialize for Rgb {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Rgb {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rgb, D::Error> {
        let text = String::deserialize(d)?;
        Rgb::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The colours of the lit targets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerColours {
    /// A stack that may be chosen.
    pub selectable: Rgb,
    /// The chosen stack.
    pub selected: Rgb,
    /// A step (or a move along a path).
    pub step: Rgb,
    /// A splay or a sowing.
    pub splay: Rgb,
    /// A choice the rules force (a capture that must be taken).
    pub forced: Rgb,
    /// Stopping a move.
    pub stop: Rgb,
    /// The computer's hint.
    pub hint: Rgb,
    /// The keyboard's cell cursor (white if left out).
    #[serde(default = "white")]
    pub cursor: Rgb,
    /// A column to choose on a crowded board (Grabber; amber if left out).
    #[serde(default = "amber")]
    pub pick: Rgb,
    /// An empty cell to insert a stone on (Support; pale blue if left out).
    #[serde(default = "pale_blue")]
    pub insert: Rgb,
    /// A stack to place a captured stone back on (Cash In Hand; pink if left out).
    #[serde(default = "pink")]
    pub place: Rgb,
    /// A push's arrow (Support; cyan if left out).
    #[serde(default = "cyan")]
    pub push: Rgb,
    /// The dark outline under every mark, which keeps it 3:1 from any cell (near black if left
    /// out).
    #[serde(default = "near_black")]
    pub outline: Rgb,
}

fn white() -> Rgb {
    Rgb([255, 255, 255])
}
fn amber() -> Rgb {
    Rgb([242, 140, 13])
}
fn pale_blue() -> Rgb {
    Rgb([204, 217, 242])
}
fn pink() -> Rgb {
    Rgb([255, 153, 217])
}
fn cyan() -> Rgb {
    Rgb([89, 217, 255])
}
fn near_black() -> Rgb {
    Rgb([12, 9, 6])
}

/// A theme, as written in its file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// The name shown in the settings.
    pub name: String,
    /// The room behind the table.
    pub background: Rgb,
    /// The table the board lies on.
    pub table: Rgb,
    /// The board's frame.
    pub frame: Rgb,
    /// Light cells.
    pub tile_light: Rgb,
    /// Dark cells.
    pub tile_dark: Rgb,
    /// A cell that matters on its own (Support's centre).
    pub tile_special: Rgb,
    /// Black's stones.
    pub black_stone: Rgb,
    /// White's stones.
    pub white_stone: Rgb,
    /// Black's fixed pieces (Support's bases).
    pub black_base: Rgb,
    /// White's fixed pieces.
    pub white_base: Rgb,
    /// Intermedium's Cities.
    pub city: Rgb,
    /// The lit targets.
    pub markers: MarkerColours,
    /// How strongly the wood's grain shows on the table, the frame and the cells: 0 (plain
    /// colours) to 1 (the default); a high-contrast theme keeps it faint.
    #[serde(default = "full_grain")]
    pub grain: f32,
    /// The room around the table (a theme without it gets the warm wooden room).
    #[serde(default)]
    pub room: RoomColours,
}

/// The colours of the room the table stands in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomColours {
    /// The plastered walls.
    pub wall: Rgb,
    /// The ceiling.
    pub ceiling: Rgb,
    /// Skirting boards, the window's frame and the picture's frame.
    pub trim: Rgb,
    /// The floorboards.
    pub floor: Rgb,
    /// The rug under the table.
    pub rug: Rgb,
    /// The chairs and the bookcase.
    pub furniture: Rgb,
    /// The chairs' cushions.
    pub cushion: Rgb,
    /// The books' spines, in turn.
    pub books: [Rgb; 4],
    /// The daylight seen through the window.
    pub daylight: Rgb,
    /// The lamp's glow.
    pub lamplight: Rgb,
}

impl Default for RoomColours {
    /// The warm wooden room of the built-in theme.
    fn default() -> Self {
        let rgb = |hex: u32| Rgb([(hex >> 16) as u8, (hex >> 8) as u8, hex as u8]);
        RoomColours {
            wall: rgb(0x8a_7a_66),
            ceiling: rgb(0x9a_90_82),
            trim: rgb(0xd8_d0_c0),
            floor: rgb(0x5a_3c_26),
            rug: rgb(0x5e_2a_24),
            furniture: rgb(0x3e_27_18),
            cushion: rgb(0x2f_4a_3c),
            books: [
                rgb(0x7a_2e_24),
                rgb(0x2c_44_5e),
                rgb(0x6e_5a_2a),
                rgb(0x34_50_3a),
            ],
            daylight: rgb(0xf2_f6_ff),
            lamplight: rgb(0xff_d8_a0),
        }
    }
}

fn full_grain() -> f32 {
    1.0
}

/// Why a theme file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "theme {}: {}", self.path.display(), self.why)
    }
}

impl std::error::Error for ThemeError {}

impl Theme {
    /// Reads a theme's text.
    ///
    /// # Errors
    /// The RON error, naming the field (a colour that is not `#rrggbb` says so).
    pub fn from_ron(text: &str) -> Result<Theme, String> {
        let theme: Theme = ron::from_str(text).map_err(|e| e.to_string())?;
        if theme.name.trim().is_empty() || theme.name.len() > 60 {
            return Err("name: a theme's name has 1 to 60 characters".into());
        }
        if !(0.0..=1.0).contains(&theme.grain) {
            return Err(format!("grain: {} is outside 0 to 1", theme.grain));
        }
        Ok(theme)
    }

    /// Reads the theme `name` from `folder` (`<folder>/<name>.ron`).
    ///
    /// # Errors
    /// A [`ThemeError`] naming the file and the problem.
    pub fn load(folder: &Path, name: &str) -> Result<Theme, ThemeError> {
        let path = folder.join(format!("{name}.ron"));
        let error = |why: String| ThemeError {
            path: path.clone(),
            why,
        };
        super::settings::check_theme_name(name).map_err(error)?;
        let size = super::folders::size(&path).map_err(|e| error(e.to_string()))?;
        if size > MAX_THEME_BYTES {
            return Err(error(format!("{size} bytes is too large for a theme")));
        }
        let text = super::folders::read_text(&path).map_err(|e| error(e.to_string()))?;
        Theme::from_ron(&text).map_err(error)
    }
}

/// The themes in `folder`: the file names (without `.ron`) that are valid theme names, sorted.
#[must_use]
pub fn theme_names(folder: &Path) -> Vec<String> {
    super::ron_names_in(folder, super::settings::check_theme_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn themes() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/themes")
    }

    #[test]
    fn colours_read_and_write_as_hex() {
        assert_eq!(Rgb::parse("#0a10FF"), Ok(Rgb([10, 16, 255])));
        assert_eq!(Rgb([10, 16, 255]).to_string(), "#0a10ff");
        for bad in ["0a10ff", "#0a10f", "#0a10ffa", "#0g10ff", "", "#"] {
            assert!(Rgb::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Rgb([0, 100, 200]).mix(Rgb([100, 100, 0]), 0.5),
            Rgb([50, 100, 100])
        );
    }

    #[test]
    fn the_shipped_themes_load() {
        let names = theme_names(&themes());
        assert!(names.contains(&"wood".to_owned()), "{names:?}");
        assert!(names.contains(&"high-contrast".to_owned()), "{names:?}");
        for name in names {
            let theme = Theme::load(&themes(), &name).unwrap();
            let back = Theme::from_ron(&ron::to_string(&theme).unwrap()).unwrap();
            assert_eq!(back, theme);
        }
    }

    /// Relative luminance (WCAG 2), 0 to 1.
    fn luminance(c: Rgb) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.0[0]) + 0.7152 * lin(c.0[1]) + 0.0722 * lin(c.0[2])
    }

    fn contrast(a: Rgb, b: Rgb) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn the_high_contrast_stones_stand_apart_from_each_other_and_the_cells() {
        // Told apart by lightness alone, so every kind of colour blindness sees them.
        let t = Theme::load(&themes(), "high-contrast").unwrap();
        assert!(contrast(t.black_stone, t.white_stone) >= 7.0);
        for tile in [t.tile_light, t.tile_dark, t.tile_special] {
            for stone in [t.black_stone, t.white_stone] {
                assert!(
                    contrast(tile, stone) >= 2.0,
                    "{tile} against {stone}: {}",
                    contrast(tile, stone)
                );
            }
        }
    }

    #[test]
    fn a_theme_without_a_room_gets_the_built_in_wooden_room() {
        let wood = Theme::load(&themes(), "wood").unwrap();
        assert_eq!(wood.room, RoomColours::default());
        let text = std::fs::read_to_string(themes().join("wood.ron")).unwrap();
        let cut = text
            .find("    // The room around")
            .expect("wood.ron's room");
        let roomless = Theme::from_ron(&format!("{})", &text[..cut])).unwrap();
        assert_eq!(roomless.room, wood.room);
        let contrast = Theme::load(&themes(), "high-contrast").unwrap();
        assert_ne!(contrast.room, wood.room);
    }

    #[test]
    fn broken_themes_are_refused_naming_the_problem() {
        let good = std::fs::read_to_string(themes().join("wood.ron")).unwrap();
        let bad_colour = good.replacen("\"#", "\"", 1);
        let e = Theme::from_ron(&bad_colour).unwrap_err();
        assert!(e.contains("#rrggbb"), "{e}");
        let e = Theme::from_ron(&good.replacen("name:", "nom:", 1)).unwrap_err();
        assert!(e.contains("nom"), "{e}");
        let e = Theme::load(&themes(), "nothing-here")
            .unwrap_err()
            .to_string();
        assert!(e.contains("nothing-here.ron"), "{e}");
        let e = Theme::load(&themes(), "../wood").unwrap_err().to_string();
        assert!(e.contains("lower-case"), "{e}");
    }
}
