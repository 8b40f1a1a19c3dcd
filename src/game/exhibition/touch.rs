//! Touch first: in a kiosk every button, checkbox, choice and slider is at least 48 pixels tall
//! on a 1080p screen, whatever the profile's UI scale, scroll bars are as wide as a finger, no
//! text is smaller than 18 pixels, and no hover tooltip opens (a finger has no hover: a tooltip
//! left where the last touch or a resting pointer was would stand over the panels). Where the
//! profile gives the screen's width, the targets are at least 15 mm on it and the text as tall
//! as EN 301 549 asks at the viewing distance.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::KioskSystems;

/// The smallest touch target, in physical pixels at 1080p (one pixel per point at scale 1).
pub const TOUCH_TARGET_PX: f32 = 48.0;

/// The smallest text, in pixels: read from a step away, as a kiosk is.
pub const MIN_TEXT_PX: f32 = 18.0;

/// A touch target's least size on the screen, the museum practice.
pub const TOUCH_TARGET_MM: f32 = 15.0;

/// EN 301 549 5.1.4: a capital H subtends at least this angle at the viewing distance.
pub const CAPITAL_H_DEGREES: f32 = 0.7;

/// How tall a capital H stands in a font of size 1 (egui's default face, Ubuntu Light).
pub const CAPITAL_H_SHARE: f32 = 0.693;

/// The least sizes on the kiosk's screen, in physical pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeastSizes {
    /// A touch target's height (and width).
    pub touch_px: f32,
    /// A font's size.
    pub text_px: f32,
    /// Millimetres per pixel, where the screen's width is known.
    pub mm_per_px: Option<f32>,
}

impl Default for LeastSizes {
    fn default() -> Self {
        LeastSizes {
            touch_px: TOUCH_TARGET_PX,
            text_px: MIN_TEXT_PX,
            mm_per_px: None,
        }
    }
}

impl LeastSizes {
    /// The sizes on a screen `window_px` pixels and `screen_mm` millimetres wide, seen from
    /// `distance_mm`: never under 48 px and 18 px.
    #[must_use]
    pub fn on_screen(window_px: f32, screen_mm: Option<f32>, distance_mm: f32) -> LeastSizes {
        let Some(mm_per_px) = screen_mm.map(|mm| mm / window_px.max(1.0)) else {
            return LeastSizes::default();
        };
        let capital_mm = 2.0 * distance_mm * (CAPITAL_H_DEGREES.to_radians() / 2.0).tan();
        LeastSizes {
            touch_px: TOUCH_TARGET_PX.max(TOUCH_TARGET_MM / mm_per_px),
            text_px: MIN_TEXT_PX.max(capital_mm / mm_per_px / CAPITAL_H_SHARE),
            mm_per_px: Some(mm_per_px),
        }
    }

    /// The sizes for the kiosk's profile on a window `window_px` pixels wide.
    #[must_use]
    pub fn of_profile(window_px: f32, profile: &crate::files::profile::Profile) -> LeastSizes {
        LeastSizes::on_screen(
            window_px,
            profile.screen_width_mm,
            profile.viewing_distance_mm,
        )
    }
}

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        enlarge_touch_targets.in_set(KioskSystems),
    );
}

/// Sets egui's sizes so that every interactive widget is a touch target at `zoom`.
pub fn touch_style(style: &mut egui::Style, zoom: f32) {
    touch_style_at(style, zoom, LeastSizes::default());
}

/// Sets egui's sizes so that every interactive widget is at least `least` at `zoom`.
pub fn touch_style_at(style: &mut egui::Style, zoom: f32, least: LeastSizes) {
    let points = least.touch_px / zoom.max(0.1);
    let spacing = &mut style.spacing;
    spacing.interact_size.y = spacing.interact_size.y.max(points);
    spacing.interact_size.x = spacing.interact_size.x.max(points);
    spacing.button_padding = spacing.button_padding.max(egui::vec2(12.0, 8.0));
    spacing.icon_width = spacing.icon_width.max(points * 0.5);
    spacing.icon_width_inner = spacing.icon_width * 0.6;
    spacing.slider_rail_height = spacing.slider_rail_height.max(points * 0.25);
    spacing.item_spacing = spacing.item_spacing.max(egui::vec2(10.0, 10.0));
    // A finger drags a scroll bar as wide as any other target.
    spacing.scroll.bar_width = spacing.scroll.bar_width.max(points);
    spacing.scroll.floating = false;
    // A finger on a text means the control beside it, never a selection of the text: labels
    // take no touches.
    style.interaction.selectable_labels = false;
    // Never long enough to wait for a tooltip (egui asks for no frame to show it either).
    style.interaction.tooltip_delay = f32::INFINITY;
    let smallest = least.text_px / zoom.max(0.1);
    for font in style.text_styles.values_mut() {
        font.size = font.size.max(smallest);
    }
}

/// Sizes the widgets for the zoom in use (the menu size, as far as the window allows) and the
/// screen's size, again whenever either changes.
fn enlarge_touch_targets(
    mut contexts: EguiContexts,
    exhibition: Option<Res<super::Exhibition>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut styled_for: Local<Option<(f32, LeastSizes)>>,
) -> Result {
    let width = windows
        .single()
        .map_or(1920.0, |w| w.physical_width() as f32);
    let least = exhibition.map_or_else(LeastSizes::default, |e| {
        LeastSizes::of_profile(width, &e.profile)
    });
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    if *styled_for != Some((zoom, least)) {
        ctx.all_styles_mut(|style| touch_style_at(style, zoom, least));
        *styled_for = Some((zoom, least));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lays out one of each interactive widget the kiosk shows and returns their heights in
    /// pixels at `zoom`.
    fn widget_heights(zoom: f32) -> Vec<(&'static str, f32)> {
        let ctx = egui::Context::default();
        ctx.set_zoom_factor(zoom);
        ctx.all_styles_mut(|style| touch_style(style, zoom));
        let mut heights = Vec::new();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1920.0, 1080.0),
            )),
            ..Default::default()
        };
        // Two passes: the zoom takes effect from the second.
        for _ in 0..2 {
            heights.clear();
            let mut output = ctx.run_ui(input.clone(), |ui| {
                let mut on = true;
                let mut value = 3_u8;
                let mut choice = 1;
                let rows: Vec<(&'static str, egui::Response)> = vec![
                    ("button", ui.button("New game")),
                    ("checkbox", ui.checkbox(&mut on, "Coordinates")),
                    ("radio", ui.radio_value(&mut choice, 1, "Black")),
                    ("selectable", ui.selectable_label(true, "Normal")),
                    ("slider", ui.add(egui::Slider::new(&mut value, 1..=8))),
                    (
                        "combo",
                        egui::ComboBox::from_id_salt("seat")
                            .selected_text("Computer: Casual")
                            .show_ui(ui, |_| {})
                            .response,
                    ),
                ];
                for (name, response) in rows {
                    heights.push((name, response.rect.height() * ui.ctx().zoom_factor()));
                }
            });
            output.textures_delta.clear();
        }
        heights
    }

    #[test]
    fn a_pointer_resting_on_a_button_opens_no_tooltip() {
        let visible_tooltips = |kiosk: bool| {
            let ctx = egui::Context::default();
            if kiosk {
                ctx.all_styles_mut(|style| touch_style(style, 1.0));
            }
            let mut shown = 0;
            for pass in 0..40 {
                let input = egui::RawInput {
                    screen_rect: Some(egui::Rect::from_min_size(
                        egui::Pos2::ZERO,
                        egui::vec2(800.0, 600.0),
                    )),
                    time: Some(f64::from(pass) * 0.25),
                    // The pointer comes to rest on the button, and stays.
                    events: if pass == 0 {
                        vec![egui::Event::PointerMoved(egui::pos2(30.0, 20.0))]
                    } else {
                        Vec::new()
                    },
                    ..Default::default()
                };
                let mut output = ctx.run_ui(input, |ui| {
                    ui.button("Hint")
                        .on_hover_text("What the computer would play");
                });
                output.textures_delta.clear();
                shown = ctx.memory(|m| {
                    m.areas()
                        .visible_layer_ids()
                        .iter()
                        .filter(|l| l.order == egui::Order::Tooltip)
                        .count()
                });
            }
            shown
        };
        assert_eq!(visible_tooltips(false), 1, "a desktop shows the tooltip");
        assert_eq!(visible_tooltips(true), 0, "a kiosk does not");
    }

    #[test]
    fn every_widget_is_a_touch_target_at_1080p() {
        for zoom in [1.0, 1.25, 2.0, 0.8] {
            for (name, px) in widget_heights(zoom) {
                assert!(
                    px >= TOUCH_TARGET_PX - 0.5,
                    "a {name} is {px:.1} px tall at scale {zoom}"
                );
            }
        }
    }

    #[test]
    fn no_text_is_smaller_than_the_minimum() {
        for zoom in [1.0, 1.25, 2.0, 0.8] {
            let mut style = egui::Style::default();
            touch_style(&mut style, zoom);
            for (name, font) in &style.text_styles {
                let px = font.size * zoom;
                assert!(
                    px >= MIN_TEXT_PX - 0.01,
                    "{name:?} is {px:.1} px at scale {zoom}"
                );
            }
        }
        // Without it egui's small text is smaller.
        let small = &egui::Style::default().text_styles[&egui::TextStyle::Small];
        assert!(small.size < MIN_TEXT_PX);
    }

    #[test]
    fn on_a_known_screen_targets_are_15_mm_and_text_as_en_301_549_asks() {
        // A 24-inch 16:9 screen, 531 mm wide at 1920 px, seen from 500 mm.
        let least = LeastSizes::on_screen(1920.0, Some(531.0), 500.0);
        let mm = least.mm_per_px.unwrap();
        assert!((least.touch_px * mm - 15.0).abs() < 0.01, "{least:?}");
        // A capital H of at least 0.7° at 500 mm: 6.11 mm.
        let capital_mm = least.text_px * CAPITAL_H_SHARE * mm;
        assert!((capital_mm - 6.109).abs() < 0.01, "{capital_mm}");
        // A 55-inch screen at 1920 px has large pixels: 48 px is already more than 15 mm and
        // 18 px text has a capital H of 7.9 mm; seen from 1.5 m the text grows.
        let big = LeastSizes::on_screen(1920.0, Some(1210.0), 500.0);
        assert_eq!((big.touch_px, big.text_px), (TOUCH_TARGET_PX, MIN_TEXT_PX));
        let far = LeastSizes::on_screen(1920.0, Some(1210.0), 1500.0);
        assert!(far.text_px > 1.5 * MIN_TEXT_PX, "{far:?}");
        assert_eq!(
            LeastSizes::on_screen(1920.0, None, 500.0),
            LeastSizes::default()
        );
        // The style follows: a button is 15 mm tall on the 24-inch screen.
        let ctx = egui::Context::default();
        ctx.all_styles_mut(|style| touch_style_at(style, 1.0, least));
        let mut height = 0.0;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            height = ui.button("New game").rect.height();
        });
        output.textures_delta.clear();
        assert!(height * mm >= 15.0 - 0.01, "{}", height * mm);
    }

    #[test]
    fn without_the_touch_style_buttons_are_too_small() {
        // The check above can fail: egui's own sizes are a mouse's.
        let ctx = egui::Context::default();
        let mut height = 0.0;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            height = ui.button("New game").rect.height();
        });
        output.textures_delta.clear();
        assert!(height < TOUCH_TARGET_PX, "{height}");
    }
}
