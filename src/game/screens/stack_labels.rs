//! Tall stacks have their height written over them, on a tag above the stack's top. The tags
//! are drawn only inside the free area (the board is framed so they fit there), never over a
//! panel, and `--print-layout` reports where each one is.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::board::layout::{cell_centre, stack_top};
use crate::game::core::session::Session;
use crate::game::ui::palette;
use crate::game::view::camera::Orbit;
use crate::game::view::framing::{FreeArea, LABEL_LIFT};
use crate::rules::Game;

/// Stacks at least this tall have their height written over them.
const LABELLED_HEIGHT: usize = 8;

/// A tag's size in egui points.
const TAG: egui::Vec2 = egui::vec2(34.0, 22.0);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, paint_stack_heights);
}

/// Each labelled stack's height and its tag's centre in window pixels.
#[must_use]
pub fn stack_labels(
    session: &Session,
    camera: &Camera,
    at: &GlobalTransform,
) -> Vec<(usize, Vec2)> {
    let position = session.position();
    let g = position.id().geometry();
    g.cells()
        .filter_map(|cell| {
            let n = position.stack(cell).len();
            if n < LABELLED_HEIGHT {
                return None;
            }
            let top = cell_centre(g, cell) + Vec3::Y * (stack_top(n) + LABEL_LIFT);
            Some((n, camera.world_to_viewport(at, top).ok()?))
        })
        .collect()
}

/// A tag's rectangle in window pixels, around its centre, at egui's zoom.
#[must_use]
pub fn tag_rect(centre: Vec2, zoom: f32) -> Rect {
    Rect::from_center_size(centre, Vec2::new(TAG.x, TAG.y) * zoom)
}

/// Writes the height over every stack of at least [`LABELLED_HEIGHT`] stones.
fn paint_stack_heights(
    mut contexts: EguiContexts,
    session: Res<Session>,
    free: Res<FreeArea>,
    cameras: Query<(&Camera, &GlobalTransform), With<Orbit>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = cameras.single() else {
        return Ok(());
    };
    // The viewport is in window pixels; egui's points are those over its zoom.
    let zoom = ctx.zoom_factor();
    let mut painter = ctx.layer_painter(egui::LayerId::background());
    if free.rect.width() > 1.0 {
        painter.set_clip_rect(egui::Rect::from_min_max(
            egui::pos2(free.rect.min.x, free.rect.min.y) / zoom,
            egui::pos2(free.rect.max.x, free.rect.max.y) / zoom,
        ));
    }
    for (n, centre) in stack_labels(&session, camera, at) {
        let p = centre / zoom;
        let rect = egui::Rect::from_center_size(egui::pos2(p.x, p.y), TAG);
        painter.rect_filled(rect, 6.0, palette::HEIGHT_TAG);
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            n.to_string(),
            egui::FontId::proportional(16.0),
            palette::BRIGHT_TEXT,
        );
    }
    Ok(())
}
