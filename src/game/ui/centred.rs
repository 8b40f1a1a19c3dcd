//! A button whose label stands in its middle whatever its size: egui aligns a label as the
//! layout around the button does (left in a column, at the top of a top-aligned row), which
//! leaves a large button's label in a corner.

use bevy_egui::egui;

/// A button of at least `size` with `text` centred in it, across and up and down.
pub fn centred_button<'a>(text: impl Into<egui::WidgetText>, size: egui::Vec2) -> egui::Button<'a> {
    egui::Button::new((egui::Atom::grow(), text.into(), egui::Atom::grow())).min_size(size)
}

/// Adds a [`centred_button`] in a row of exactly its height, so the label is centred up and
/// down too (the row aligns its contents on their middles).
pub fn add_centred(
    ui: &mut egui::Ui,
    enabled: bool,
    text: impl Into<egui::WidgetText>,
    size: egui::Vec2,
) -> egui::Response {
    let row = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, row, |ui| {
        ui.add_enabled(enabled, centred_button(text, size))
    })
    .inner
}
