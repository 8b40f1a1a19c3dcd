//! One egui style for every screen, in the title's colours: warm dark translucent panels with a
//! rim, rounded corners, gold for what is chosen. Set once, when the context first exists; sizes
//! and spacing stay egui's, so the layout (and the kiosk's touch targets) do not move.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::ui::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, dress_panels);
}

/// Gives the context the game's look, once.
fn dress_panels(mut contexts: EguiContexts, mut dressed: Local<bool>) -> Result {
    if *dressed {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.all_styles_mut(|style| apply(&mut style.visuals));
    *dressed = true;
    Ok(())
}

/// The game's visuals on top of egui's dark ones.
fn apply(v: &mut egui::Visuals) {
    let rim = egui::Stroke::new(1.0, palette::CARD_EDGE);
    v.window_fill = palette::PANEL_FILL;
    v.panel_fill = palette::PANEL_FILL;
    v.window_stroke = rim;
    v.window_corner_radius = egui::CornerRadius::same(10);
    v.menu_corner_radius = egui::CornerRadius::same(8);
    v.extreme_bg_color = palette::FIELD_FILL;
    v.faint_bg_color = palette::CARD_FILL;
    v.selection.bg_fill = palette::CHOSEN_FILL;
    v.selection.stroke = egui::Stroke::new(1.0, palette::HEADING_GOLD);
    v.hyperlink_color = palette::ACCENT_GOLD;
    let widgets = &mut v.widgets;
    widgets.noninteractive.bg_stroke = egui::Stroke::new(1.0, palette::CARD_EDGE);
    widgets.noninteractive.fg_stroke = egui::Stroke::new(1.0, palette::PANEL_TEXT);
    for (state, fill) in [
        (&mut widgets.inactive, palette::BUTTON_FILL),
        (&mut widgets.hovered, palette::BUTTON_HOVERED),
        (&mut widgets.active, palette::BUTTON_PRESSED),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.corner_radius = egui::CornerRadius::same(6);
    }
    widgets.hovered.bg_stroke = egui::Stroke::new(1.0, palette::ACCENT_GOLD);
    widgets.inactive.fg_stroke = egui::Stroke::new(1.0, palette::PANEL_TEXT);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panels_take_the_titles_colours() {
        let mut visuals = egui::Visuals::dark();
        apply(&mut visuals);
        assert_eq!(visuals.window_fill, palette::PANEL_FILL);
        assert_eq!(visuals.window_stroke.color, palette::CARD_EDGE);
        assert_eq!(visuals.widgets.inactive.bg_fill, palette::BUTTON_FILL);
        assert_ne!(visuals.window_fill, egui::Visuals::dark().window_fill);
    }
}
