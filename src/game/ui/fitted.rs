//! Panels that keep to the window's height: the part of a panel that may grow (a list, the
//! panel's lower sections) scrolls inside the room left above the screen's bottom edge, less
//! what the panel shows after it, so no panel runs past the screen.

use bevy_egui::egui;

/// The gap the panels keep to the window's edges, in points (their anchors' offset).
pub const EDGE_GAP: f32 = 12.0;

/// The least a fitted part keeps, in rows of controls: where even this does not fit, the panel
/// runs past the edge rather than show nothing.
const LEAST_ROWS: f32 = 2.0;

/// `window` made ready to hold a fitted part: egui lays a window's content out inside the size
/// it first gave it (its default, then the largest its content took), so it starts as tall as
/// the screen, and the window still takes only its content's height.
pub fn fitting<'a>(window: egui::Window<'a>, ctx: &egui::Context) -> egui::Window<'a> {
    window.default_height(ctx.content_rect().height())
}

/// Shows `body` in `area`, at most `most` points tall and no taller than the window's room
/// above the screen's bottom edge leaves it, once what the window shows below it has its
/// height (measured on the window egui placed last, which the body's height does not change).
pub fn show_fitted<R>(
    ui: &mut egui::Ui,
    area: egui::ScrollArea,
    most: f32,
    body: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let id = ui.id().with("fitted part's bottom");
    let window = egui::AreaState::load(ui.ctx(), ui.layer_id().id).map(|a| a.rect());
    let last_bottom: Option<f32> = ui.data(|d| d.get_temp(id));
    let below = match (window, last_bottom) {
        (Some(window), Some(bottom)) => (window.bottom() - bottom).max(0.0),
        _ => 0.0,
    };
    let top = ui.cursor().top();
    let edge = lowest_edge(ui.ctx(), ui.layer_id(), window, top);
    let least = ui.spacing().interact_size.y * LEAST_ROWS;
    let height = (edge - top - below).min(most).max(least);
    let inner = area.max_height(height).show(ui, body).inner;
    let bottom = ui.min_rect().bottom();
    if last_bottom.is_none_or(|b| (b - bottom).abs() > 0.5) {
        ui.data_mut(|d| d.insert_temp(id, bottom));
        // Lay the window out again with what was just measured, before it is painted.
        ui.ctx().request_discard("a fitted part of a panel moved");
    }
    inner
}

/// How far down the window on `layer` may reach from `from`: the screen's bottom edge, or the
/// top of a panel below that (a button bar in the same corner), keeping the panels' gap.
fn lowest_edge(
    ctx: &egui::Context,
    layer: egui::LayerId,
    window: Option<egui::Rect>,
    from: f32,
) -> f32 {
    let screen = ctx.content_rect().bottom();
    let Some(window) = window else {
        return screen - EDGE_GAP;
    };
    let others = ctx.memory(|m| {
        let visible = m.areas().visible_layer_ids();
        m.layer_ids()
            .filter(|l| *l != layer && l.order == layer.order && visible.contains(l))
            .collect::<Vec<_>>()
    });
    others
        .into_iter()
        .filter_map(|l| egui::AreaState::load(ctx, l.id).map(|a| a.rect()))
        .filter(|r| r.top() > from && r.left() < window.right() && window.left() < r.right())
        .map(|r| r.top())
        .fold(screen, f32::min)
        - EDGE_GAP
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lays out a window of `rows` buttons, the first `fitted` of them in a fitted list, on a
    /// screen `height` points tall, in egui's own style or a roomier one (a kiosk's: larger
    /// targets, spacing and margins); returns the window's rectangle after it settles.
    fn window_rect(height: f32, rows: usize, fitted: usize, roomy: bool) -> egui::Rect {
        let ctx = egui::Context::default();
        if roomy {
            ctx.all_styles_mut(|style| {
                style.spacing.item_spacing = egui::vec2(10.0, 10.0);
                style.spacing.interact_size.y = 40.0;
                style.spacing.button_padding = egui::vec2(12.0, 8.0);
                style.spacing.window_margin = egui::Margin::same(9);
                style.visuals.window_stroke.width = 2.0;
            });
        }
        let input = || egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(800.0, height),
            )),
            ..Default::default()
        };
        let mut rect = egui::Rect::NOTHING;
        for _ in 0..6 {
            let mut output = ctx.run_ui(input(), |ui| {
                let ctx = ui.ctx().clone();
                let shown = fitting(egui::Window::new("panel"), &ctx)
                    .anchor(egui::Align2::RIGHT_TOP, [-EDGE_GAP, EDGE_GAP])
                    .resizable(false)
                    .show(&ctx, |ui| {
                        let buttons = |ui: &mut egui::Ui, n: usize| {
                            for i in 0..n {
                                let _ = ui.button(format!("row {i}"));
                            }
                        };
                        ui.label("A heading above the list");
                        ui.separator();
                        show_fitted(ui, egui::ScrollArea::vertical(), f32::INFINITY, |ui| {
                            buttons(ui, fitted);
                        });
                        buttons(ui, rows - fitted);
                    });
                rect = shown.map_or(egui::Rect::NOTHING, |r| r.response.rect);
            });
            // No renderer takes the font atlas here.
            output.textures_delta.clear();
        }
        rect
    }

    #[test]
    fn a_long_list_scrolls_inside_the_screen_with_what_follows_it_shown() {
        for roomy in [false, true] {
            let rect = window_rect(600.0, 40, 36, roomy);
            // The window keeps the same gap to the bottom edge as to the top one.
            assert!(rect.top() >= EDGE_GAP - 0.5, "{roomy}: {rect:?}");
            assert!(rect.bottom() <= 600.0 - EDGE_GAP + 0.5, "{roomy}: {rect:?}");
            // It uses the room it has, the four rows after the list below it.
            assert!(rect.bottom() > 600.0 - 3.0 * EDGE_GAP, "{roomy}: {rect:?}");
        }
    }

    #[test]
    fn a_short_list_is_not_stretched() {
        let short = window_rect(400.0, 4, 2, false);
        assert!(short.height() < 200.0, "{short:?}");
    }

    #[test]
    fn without_the_fitted_list_the_same_rows_run_past_the_screen() {
        // The check can fail: forty rows laid out plainly are taller than the screen.
        let rect = window_rect(400.0, 40, 0, false);
        assert!(rect.bottom() > 400.0, "{rect:?}");
    }

    #[test]
    fn a_list_stops_above_a_bar_in_its_corner() {
        let ctx = egui::Context::default();
        let input = || egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(800.0, 600.0),
            )),
            ..Default::default()
        };
        let (mut list, mut bar) = (egui::Rect::NOTHING, egui::Rect::NOTHING);
        for _ in 0..6 {
            let mut output = ctx.run_ui(input(), |ui| {
                let ctx = ui.ctx().clone();
                let shown = egui::Window::new("bar")
                    .anchor(egui::Align2::LEFT_BOTTOM, [EDGE_GAP, -EDGE_GAP])
                    .resizable(false)
                    .show(&ctx, |ui| {
                        let _ = ui.button("View");
                    });
                bar = shown.map_or(egui::Rect::NOTHING, |r| r.response.rect);
                let shown = fitting(egui::Window::new("list"), &ctx)
                    .anchor(egui::Align2::LEFT_TOP, [EDGE_GAP, EDGE_GAP])
                    .resizable(false)
                    .show(&ctx, |ui| {
                        show_fitted(ui, egui::ScrollArea::vertical(), f32::INFINITY, |ui| {
                            for i in 0..60 {
                                let _ = ui.button(format!("move {i}"));
                            }
                        });
                    });
                list = shown.map_or(egui::Rect::NOTHING, |r| r.response.rect);
            });
            output.textures_delta.clear();
        }
        assert!(bar.top() > 500.0, "{bar:?}");
        assert!(
            list.bottom() <= bar.top() - EDGE_GAP + 0.5,
            "{list:?} {bar:?}"
        );
        assert!(
            list.bottom() > bar.top() - 3.0 * EDGE_GAP,
            "{list:?} {bar:?}"
        );
    }
}
