//! The evaluation graph's drawing: Black's chances over the line played, painted as a handful
//! of shapes (frame, guides, the line, the position shown), so the Moves window costs little
//! to lay out every frame; a click picks the position nearest the pointer.

use bevy_egui::egui;

use crate::game::ui::palette;

/// The graph's height in points.
const GRAPH_HEIGHT: f32 = 90.0;

/// Room on the left for the scale's numbers, in points.
const SCALE_WIDTH: f32 = 24.0;

/// How far inside the frame the line's first and last positions stand, in points.
const INSET: f32 = 4.0;

/// The chances the guides mark, in per cent.
const GUIDES: [f32; 3] = [25.0, 50.0, 75.0];

/// Where a position and a chance lie in the plotting rectangle, and back.
#[derive(Debug, Clone, Copy, PartialEq)]
struct GraphScale {
    plot: egui::Rect,
    /// The index of the line's last position (at least 1, so one position still has a width).
    last: f32,
}

impl GraphScale {
    /// The scale of `positions` positions drawn in `plot`.
    #[must_use]
    fn new(plot: egui::Rect, positions: usize) -> GraphScale {
        GraphScale {
            plot,
            last: positions.saturating_sub(1).max(1) as f32,
        }
    }

    /// The x of the position at `index`.
    #[must_use]
    fn x_of(&self, index: usize) -> f32 {
        self.plot.left() + self.plot.width() * index as f32 / self.last
    }

    /// The y of a chance in per cent (100 at the top).
    #[must_use]
    fn y_of(&self, percent: f32) -> f32 {
        self.plot.bottom() - self.plot.height() * percent.clamp(0.0, 100.0) / 100.0
    }

    /// The position nearest `x`, among `positions`.
    #[must_use]
    fn index_at(&self, x: f32, positions: usize) -> usize {
        let t = ((x - self.plot.left()) / self.plot.width()).clamp(0.0, 1.0);
        ((t * self.last).round() as usize).min(positions.saturating_sub(1))
    }
}

/// The graph of `chances` (Black's, 0 to 1, per position; `None` not analysed yet) with the
/// position `shown` marked; `name` is the graph's for screen readers, `black` names Black in
/// the pointer's note. Returns the position clicked, if any.
pub fn chances_graph(
    ui: &mut egui::Ui,
    chances: &[Option<f32>],
    shown: usize,
    (name, black): (&str, &str),
) -> Option<usize> {
    let size = egui::vec2(ui.available_width(), GRAPH_HEIGHT);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Image, true, name));
    let frame = egui::Rect::from_min_max(
        rect.min + egui::vec2(SCALE_WIDTH, 4.0),
        rect.max - egui::vec2(2.0, 4.0),
    );
    // The line's ends stand a little inside the frame, so the position shown is never on it.
    let plot = frame.shrink2(egui::vec2(INSET, 0.0));
    let scale = GraphScale::new(plot, chances.len());
    let painter = ui.painter_at(rect);
    paint_frame(ui, &painter, frame, &scale);
    paint_line(&painter, &scale, chances);
    if shown < chances.len().max(1) {
        let x = scale.x_of(shown);
        painter.vline(x, plot.y_range(), (1.0, palette::VIEWING));
    }
    let pointed = response
        .hover_pos()
        .map(|p| scale.index_at(p.x, chances.len()));
    if let Some(index) = pointed {
        paint_pointer_note(ui, &painter, &scale, index, chances, black);
    }
    response.clicked().then_some(pointed).flatten()
}

/// The plotting area's background, its guides at a quarter, a half (stronger) and three
/// quarters, and the scale's 0 and 100 beside it.
fn paint_frame(ui: &egui::Ui, painter: &egui::Painter, frame: egui::Rect, scale: &GraphScale) {
    let visuals = ui.visuals();
    painter.rect_filled(frame, 2.0, visuals.extreme_bg_color);
    let faint = visuals.widgets.noninteractive.bg_stroke;
    for percent in GUIDES {
        let stroke = if percent == 50.0 {
            egui::Stroke::new(1.0, palette::SWATCH_RIM)
        } else {
            faint
        };
        painter.hline(frame.x_range(), scale.y_of(percent), stroke);
    }
    painter.rect_stroke(frame, 2.0, faint, egui::StrokeKind::Outside);
    let font = egui::FontId::proportional(11.0);
    let ink = visuals.text_color();
    let left = frame.left() - 4.0;
    let top = (
        egui::pos2(left, frame.top()),
        egui::Align2::RIGHT_TOP,
        "100",
    );
    let bottom = (
        egui::pos2(left, frame.bottom()),
        egui::Align2::RIGHT_BOTTOM,
        "0",
    );
    for (at, align, text) in [top, bottom] {
        painter.text(at, align, text, font.clone(), ink);
    }
}

/// Black's chances as one line through the positions analysed so far (a single one: a dot).
fn paint_line(painter: &egui::Painter, scale: &GraphScale, chances: &[Option<f32>]) {
    let points: Vec<egui::Pos2> = chances
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|c| egui::pos2(scale.x_of(i), scale.y_of(c * 100.0))))
        .collect();
    match points.as_slice() {
        [] => {}
        [one] => {
            painter.circle_filled(*one, 2.0, palette::ACCENT_GOLD);
        }
        _ => {
            painter.line(points, (1.5, palette::ACCENT_GOLD));
        }
    }
}

/// Under the pointer: a guide at the position it would pick, and that position's number with
/// Black's chance there.
fn paint_pointer_note(
    ui: &egui::Ui,
    painter: &egui::Painter,
    scale: &GraphScale,
    index: usize,
    chances: &[Option<f32>],
    black: &str,
) {
    let x = scale.x_of(index);
    let visuals = ui.visuals();
    painter.vline(x, scale.plot.y_range(), visuals.widgets.hovered.fg_stroke);
    let note = match chances.get(index).copied().flatten() {
        Some(c) => format!("{index} · {black} {:.0} %", c * 100.0),
        None => format!("{index}"),
    };
    let right_half = x > scale.plot.center().x;
    let (at, align) = if right_half {
        (
            egui::pos2(x - 4.0, scale.plot.top() + 2.0),
            egui::Align2::RIGHT_TOP,
        )
    } else {
        (
            egui::pos2(x + 4.0, scale.plot.top() + 2.0),
            egui::Align2::LEFT_TOP,
        )
    };
    let font = egui::FontId::proportional(11.0);
    painter.text(at, align, note, font, visuals.strong_text_color());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scale() -> GraphScale {
        let plot = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(200.0, 80.0));
        GraphScale::new(plot, 11)
    }

    #[test]
    fn positions_spread_across_the_width_and_chances_up_the_height() {
        let s = scale();
        assert_eq!(s.x_of(0), 10.0);
        assert_eq!(s.x_of(10), 210.0);
        assert_eq!(s.x_of(5), 110.0);
        assert_eq!(s.y_of(0.0), 100.0);
        assert_eq!(s.y_of(100.0), 20.0);
        assert_eq!(s.y_of(50.0), 60.0);
        assert_eq!(s.y_of(140.0), 20.0, "clamped to the plot");
    }

    #[test]
    fn the_pointer_picks_the_nearest_position_on_the_line() {
        let s = scale();
        assert_eq!(s.index_at(10.0, 11), 0);
        assert_eq!(s.index_at(118.0, 11), 5);
        assert_eq!(s.index_at(122.0, 11), 6);
        assert_eq!(s.index_at(-50.0, 11), 0);
        assert_eq!(s.index_at(500.0, 11), 10);
        // A line of one position: every x picks it.
        let one = GraphScale::new(s.plot, 1);
        assert_eq!(one.index_at(200.0, 1), 0);
    }

    /// One frame of a graph in a 240-point-wide window, with `events`: the place the graph
    /// took and the position clicked.
    fn frame(
        ctx: &egui::Context,
        events: Vec<egui::Event>,
        chances: &[Option<f32>],
    ) -> (egui::Rect, Option<usize>) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(240.0, 200.0),
            )),
            events,
            ..Default::default()
        };
        let mut shown = (egui::Rect::NOTHING, None);
        let mut output = ctx.run_ui(input, |ui| {
            let place = ui.available_rect_before_wrap();
            shown = (place, chances_graph(ui, chances, 2, ("Chances", "Black")));
        });
        output.textures_delta.clear();
        shown
    }

    /// A click at `at` (the pointer moved there, pressed, released): the position picked.
    fn click(ctx: &egui::Context, at: egui::Pos2, chances: &[Option<f32>]) -> Option<usize> {
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        let _ = frame(ctx, vec![egui::Event::PointerMoved(at)], chances);
        let _ = frame(ctx, vec![button(true)], chances);
        frame(ctx, vec![button(false)], chances).1
    }

    #[test]
    fn a_click_on_the_graph_picks_the_position_under_the_pointer() {
        let ctx = egui::Context::default();
        let chances = [Some(0.5), Some(0.6), None, Some(0.2), Some(0.9)];
        let (place, clicked) = frame(&ctx, vec![], &chances);
        assert_eq!(clicked, None);
        // The plot starts after the scale's room; the fourth position (index 3) lies three
        // quarters along it.
        let (left, right) = (
            place.left() + SCALE_WIDTH + INSET,
            place.right() - 2.0 - INSET,
        );
        let at = egui::pos2(left + (right - left) * 0.74, place.top() + 40.0);
        assert_eq!(click(&ctx, at, &chances), Some(3));
        // A click outside the graph picks nothing.
        let away = egui::pos2(at.x, place.top() + GRAPH_HEIGHT + 30.0);
        assert_eq!(click(&ctx, away, &chances), None);
    }
}
