//! A `Ui` covering the whole window, for screens drawn as panels inside it (the title, how to
//! play's guide).

use bevy_egui::egui;

/// A `Ui` covering the window, for a screen's panels (egui's panels are shown inside a `Ui`),
/// above the labels painted over the board.
#[must_use]
pub fn viewport_ui(ctx: &egui::Context, id: &str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::new(
                egui::Order::Background,
                egui::Id::new(id),
            ))
            .max_rect(ctx.viewport_rect()),
    )
}
