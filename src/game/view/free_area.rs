//! The part of the window the panels leave free for the board: after each egui pass, the panels
//! on show (windows, banners, bars; not dialogs, popups or tooltips, which come and go over the
//! board) are obstacles, and the board gets the free rectangle in which it can be drawn largest.
//! The camera frames the board there (`view::framing`).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use crate::game::core::screen::Screen;
use crate::game::view::framing::FreeArea;

/// The board's outline is about this much wider than tall from the starting view.
const BOARD_ASPECT: f32 = 1.25;

/// The pictures are of the board alone, drawn off-screen with no panel over them
/// (`stackyard gif`, `bench-frames`): the whole window is the board's, framed as a game's view
/// is framed in a window without panels.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct BoardOnly;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        measure_free_area.run_if(not(resource_exists::<BoardOnly>)),
    )
    .add_systems(
        Last,
        free_the_whole_window.run_if(resource_exists::<BoardOnly>),
    );
}

/// No panel stands over the board: the whole window is free.
fn free_the_whole_window(windows: Query<&Window, With<PrimaryWindow>>, mut free: ResMut<FreeArea>) {
    if let Ok(window) = windows.single() {
        let size = Vec2::new(window.width(), window.height());
        free.set_if_neq(FreeArea {
            rect: Rect::from_corners(Vec2::ZERO, size),
            window: size,
        });
    }
}

/// The panels' rectangles in window pixels.
fn obstacles(ctx: &egui::Context, screen: Screen) -> Vec<Rect> {
    let zoom = ctx.zoom_factor();
    let (layers, visible) = ctx.memory(|m| {
        (
            m.layer_ids().collect::<Vec<_>>(),
            m.areas().visible_layer_ids(),
        )
    });
    let mut rects: Vec<Rect> = layers
        .iter()
        .filter(|l| l.order == egui::Order::Middle && visible.contains(l) && !is_dialog(l.id))
        .filter_map(|l| egui::AreaState::load(ctx, l.id))
        .map(|state| {
            let r = state.rect();
            Rect::new(r.min.x, r.min.y, r.max.x, r.max.y)
        })
        .collect();
    // How to play's guide is a side panel drawn under the windows.
    if screen == Screen::HowToPlay {
        rects.push(Rect::new(0.0, 0.0, GUIDE_WIDTH, f32::MAX));
    }
    rects
        .into_iter()
        .map(|r| Rect::from_corners(r.min * zoom, r.max * zoom))
        .collect()
}

/// The rectangle inside `window` that overlaps no obstacle and holds the largest outline of
/// the given aspect (width over height); the window itself when nothing is free.
#[must_use]
pub fn largest_free_rect(window: Rect, obstacles: &[Rect], aspect: f32) -> Rect {
    let inside: Vec<Rect> = obstacles
        .iter()
        .map(|o| o.intersect(window))
        .filter(|o| o.width() > 0.5 && o.height() > 0.5)
        .collect();
    let edges = |low: f32, high: f32, of: fn(&Rect) -> (f32, f32)| {
        let mut e = vec![low, high];
        for o in &inside {
            let (a, b) = of(o);
            e.extend([a, b]);
        }
        e.sort_by(f32::total_cmp);
        e.dedup();
        e
    };
    let xs = edges(window.min.x, window.max.x, |o| (o.min.x, o.max.x));
    let ys = edges(window.min.y, window.max.y, |o| (o.min.y, o.max.y));
    let overlaps = |r: &Rect| {
        inside.iter().any(|o| {
            o.min.x < r.max.x - 0.5
                && r.min.x < o.max.x - 0.5
                && o.min.y < r.max.y - 0.5
                && r.min.y < o.max.y - 0.5
        })
    };
    let mut best = (0.0, 0.0, window);
    for (i, &left) in xs.iter().enumerate() {
        for &right in &xs[i + 1..] {
            for (j, &top) in ys.iter().enumerate() {
                for &bottom in &ys[j + 1..] {
                    let r = Rect::new(left, top, right, bottom);
                    let size = r.width().min(r.height() * aspect);
                    let area = r.width() * r.height();
                    if (size, area) > (best.0, best.1) && !overlaps(&r) {
                        best = (size, area, r);
                    }
                }
            }
        }
    }
    best.2
}

/// Writes the free area when the panels or the window have changed.
fn measure_free_area(
    mut contexts: EguiContexts,
    windows: Query<&Window, With<PrimaryWindow>>,
    screen: Option<Res<State<Screen>>>,
    mut free: ResMut<FreeArea>,
    mut last: Local<Vec<Rect>>,
) -> Result {
    let (Ok(window), Some(screen)) = (windows.single(), screen) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let size = Vec2::new(window.width(), window.height());
    let found = obstacles(ctx, *screen.get());
    if found == *last && free.window == size {
        return Ok(());
    }
    let rect = largest_free_rect(Rect::from_corners(Vec2::ZERO, size), &found, BOARD_ASPECT);
    *last = found;
    free.set_if_neq(FreeArea { rect, window: size });
    Ok(())
}

/// How to play's guide panel's width (egui points): the free area leaves it, and windows drawn
/// beside it keep to its right.
pub const GUIDE_WIDTH: f32 = 400.0;

/// The ids of dialog windows, which may cover other panels while they are open.
pub const DIALOGS: &[&str] = &[
    "settings window",
    "settings notice",
    "game over",
    "idle prompt",
    "staff pin",
    "staff menu",
];

/// Whether the layer is a dialog's, which comes and goes over the board.
#[must_use]
pub fn is_dialog(layer: egui::Id) -> bool {
    DIALOGS.iter().any(|d| egui::Id::new(*d) == layer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_gets_the_space_between_the_side_panels() {
        let window = Rect::new(0.0, 0.0, 1280.0, 720.0);
        let panels = [
            Rect::new(12.0, 12.0, 243.0, 316.0),
            Rect::new(978.0, 12.0, 1268.0, 408.0),
            Rect::new(518.0, 14.0, 760.0, 68.0),
            Rect::new(12.0, 672.0, 109.0, 708.0),
            Rect::new(489.0, 678.0, 791.0, 706.0),
        ];
        let free = largest_free_rect(window, &panels, 1.25);
        assert_eq!(free, Rect::new(243.0, 68.0, 978.0, 678.0));
    }

    #[test]
    fn in_a_portrait_window_the_board_goes_below_the_panels() {
        let window = Rect::new(0.0, 0.0, 1080.0, 1920.0);
        let panels = [
            Rect::new(12.0, 12.0, 290.0, 330.0),
            Rect::new(700.0, 12.0, 1068.0, 520.0),
        ];
        let free = largest_free_rect(window, &panels, 1.25);
        assert_eq!(free, Rect::new(0.0, 520.0, 1080.0, 1920.0));
    }

    #[test]
    fn with_no_panels_the_whole_window_is_free() {
        let window = Rect::new(0.0, 0.0, 800.0, 600.0);
        assert_eq!(largest_free_rect(window, &[], 1.25), window);
    }
}
