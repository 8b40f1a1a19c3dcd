//! A `Ui` covering the whole window, for screens drawn as panels inside it (the title, how to
//! play's guide), and where a window shown over the board stands.

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

/// Where the window `id` (an egui window or area in the middle layer) stood in the last pass, if
/// it was shown: a window closed since keeps its remembered place, which this leaves out.
#[must_use]
pub fn shown_window(ctx: &egui::Context, id: &str) -> Option<egui::Rect> {
    let id = egui::Id::new(id);
    let shown = ctx.memory(|m| {
        m.areas()
            .is_visible(&egui::LayerId::new(egui::Order::Middle, id))
    });
    egui::AreaState::load(ctx, id)
        .filter(|_| shown)
        .map(|a| a.rect())
}
