//! The panels' colours, in one place: every egui colour the screens paint with is named here.

use bevy_egui::egui::Color32;

/// The light gold of headings on dark ground: the title's name, attract mode's caption.
pub const HEADING_GOLD: Color32 = Color32::from_rgb(240, 214, 160);
/// The gold that marks what is chosen or asks for attention: the chosen card, the idle prompt.
pub const ACCENT_GOLD: Color32 = Color32::from_rgb(232, 184, 74);
/// The dark veil over the board behind the title.
pub const TITLE_BACKDROP: Color32 = Color32::from_rgba_unmultiplied_const(16, 12, 9, 215);
/// A card's ground.
pub const CARD_FILL: Color32 = Color32::from_rgba_unmultiplied_const(40, 32, 24, 235);
/// A card's edge when not chosen.
pub const CARD_EDGE: Color32 = Color32::from_rgb(110, 92, 70);
/// Attract mode's caption ground.
pub const CAPTION_FILL: Color32 = Color32::from_rgba_unmultiplied_const(20, 16, 12, 240);
/// Text that must stand out most (attract mode's invitation, tall stacks' heights).
pub const BRIGHT_TEXT: Color32 = Color32::WHITE;
/// The idle prompt's ground.
pub const PROMPT_FILL: Color32 = Color32::from_rgb(28, 22, 16);
/// The turn banner's dark ground (and its text on a light one).
pub const BANNER_DARK: Color32 = Color32::from_rgb(22, 20, 19);
/// The turn banner's light ground (and its text on a dark one).
pub const BANNER_LIGHT: Color32 = Color32::from_rgb(242, 234, 216);
/// The turn banner's ground at the end of a game.
pub const BANNER_GAME_OVER: Color32 = Color32::from_rgb(214, 160, 48);
/// The turn banner's text at the end of a game.
pub const BANNER_GAME_OVER_TEXT: Color32 = Color32::from_rgb(30, 20, 8);
/// The turn banner's edge.
pub const BANNER_EDGE: Color32 = Color32::from_rgb(214, 170, 90);
/// The swatch of Black's stones in the panel.
pub const SWATCH_BLACK: Color32 = Color32::from_rgb(20, 20, 24);
/// The swatch of White's stones in the panel.
pub const SWATCH_WHITE: Color32 = Color32::from_rgb(235, 228, 210);
/// A swatch's rim.
pub const SWATCH_RIM: Color32 = Color32::GRAY;
/// The hint's words (the hint's violet on the board).
pub const HINT: Color32 = Color32::from_rgb(200, 110, 250);
/// The board's coordinates.
pub const COORDINATES: Color32 = Color32::from_rgb(230, 214, 180);
/// "Looking at an earlier position".
pub const VIEWING: Color32 = Color32::from_rgb(255, 200, 90);
/// The cash beside the pointer (Cash In Hand).
pub const CASH: Color32 = Color32::from_rgb(255, 228, 150);
/// The ground of a tall stack's height.
pub const HEIGHT_TAG: Color32 = Color32::from_black_alpha(170);
/// A file written.
pub const DONE: Color32 = Color32::from_rgb(150, 220, 150);
/// A file that could not be written or read.
pub const FAILED: Color32 = Color32::from_rgb(255, 120, 100);
/// Every panel's and window's ground: the cards' warm dark, barely see-through (the title's
/// texts must not show through the Settings window).
pub const PANEL_FILL: Color32 = Color32::from_rgba_unmultiplied_const(34, 27, 20, 248);
/// A text field's ground.
pub const FIELD_FILL: Color32 = Color32::from_rgb(20, 16, 12);
/// The ground of a chosen option (a selected value, selected text).
pub const CHOSEN_FILL: Color32 = Color32::from_rgb(140, 100, 36);
/// A button at rest.
pub const BUTTON_FILL: Color32 = Color32::from_rgb(62, 49, 36);
/// A button under the pointer.
pub const BUTTON_HOVERED: Color32 = Color32::from_rgb(86, 67, 46);
/// A button pressed.
pub const BUTTON_PRESSED: Color32 = Color32::from_rgb(112, 84, 50);
/// Panels' text.
pub const PANEL_TEXT: Color32 = Color32::from_rgb(226, 214, 194);
/// The coach's warning plate.
pub const WARNING_FILL: Color32 = Color32::from_rgb(120, 36, 24);
/// The coach's warning edge.
pub const WARNING_EDGE: Color32 = Color32::from_rgb(255, 150, 110);

/// The series of a chart, one colour per game (the staff's statistics).
pub const CHART_SERIES: [Color32; 7] = [
    Color32::from_rgb(232, 184, 74),
    Color32::from_rgb(120, 180, 230),
    Color32::from_rgb(150, 210, 140),
    Color32::from_rgb(230, 130, 110),
    Color32::from_rgb(190, 150, 230),
    Color32::from_rgb(240, 220, 150),
    Color32::from_rgb(140, 200, 200),
];
