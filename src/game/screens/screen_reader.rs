//! What screen readers are given beyond egui's own controls: the board as a grid of cells, each
//! named as the K command reads its stack, and the announcements as a polite live log. egui
//! builds the accessibility tree only where an adapter asked for one (the `a11y` feature and a
//! running screen reader); otherwise these systems return at once.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::accesskit::{self, Live, Role};

use crate::game::board::cursor::BoardCursor;
use crate::game::board::layout::{CELL, cell_centre};
use crate::game::core::announce::Announcements;
use crate::game::core::describe::stack_line;
use crate::game::core::i18n::Tr;
use crate::game::core::screen::Screen;
use crate::game::core::session::Session;
use crate::game::view::camera::Orbit;
use crate::rules::{Cell, Game, Geometry};

/// How many of the latest announcements the live log holds.
const LOGGED: usize = 5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            give_the_board.run_if(
                in_state(Screen::Game)
                    .or_else(in_state(Screen::Puzzle))
                    .or_else(in_state(Screen::Editor)),
            ),
            give_the_announcements,
        ),
    );
}

/// Whether egui builds an accessibility tree in this pass.
fn tree_is_built(ctx: &egui::Context) -> bool {
    ctx.accesskit_node_builder(egui::accesskit_root_id(), |_| ())
        .is_some()
}

/// Writes the accessibility node of `ui` itself (its children are the nodes of the uis within).
fn write_node(ui: &egui::Ui, write: impl FnOnce(&mut accesskit::Node)) {
    ui.ctx().accesskit_node_builder(ui.unique_id(), write);
}

/// An invisible area at the back that holds nodes only, never the pointer.
fn tree_area(name: &'static str) -> egui::Area {
    egui::Area::new(egui::Id::new(name))
        .order(egui::Order::Background)
        .interactable(false)
}

/// Where a cell stands on the window, in egui's points, when the board's camera is there.
type CellBounds<'a> = Option<(&'a Camera, &'a GlobalTransform, f32)>;

/// The board as a grid: its rows the ranks from the far side down (as a player at White's
/// side reads it), each cell named by its stack, the cursor's cell selected.
fn give_the_board(
    mut contexts: EguiContexts,
    session: Res<Session>,
    cursor: Res<BoardCursor>,
    tr: Res<Tr>,
    cameras: Query<(&Camera, &GlobalTransform), With<Orbit>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !tree_is_built(ctx) {
        return Ok(());
    }
    let zoom = ctx.zoom_factor();
    let bounds = cameras.single().ok().map(|(c, at)| (c, at, zoom));
    let position = session.position();
    let g = position.id().geometry();
    tree_area("screen reader board").show(ctx, |ui| {
        write_node(ui, |node| {
            node.set_role(Role::Grid);
            node.set_label(board_name(&tr, position));
            node.set_row_count(usize::from(g.height));
            node.set_column_count(usize::from(g.width));
        });
        for y in (0..g.height).rev() {
            let row = usize::from(g.height - 1 - y);
            ui.scope_builder(egui::UiBuilder::new().id_salt(("rank", y)), |ui| {
                write_node(ui, |node| {
                    node.set_role(Role::Row);
                    node.set_label(tr.tf("say.rank_name", &[("rank", &(y + 1))]));
                    node.set_row_index(row);
                });
                for cell in g.cells().filter(|c| c.y() == y) {
                    let name = stack_line(&tr, position, cell);
                    let selected = cursor.shown && cursor.cell == cell;
                    ui.scope_builder(egui::UiBuilder::new().id_salt(cell), |ui| {
                        write_node(ui, |node| {
                            fill_cell(node, (cell, row, name, selected), g, bounds);
                        });
                    });
                }
            });
        }
    });
    Ok(())
}

/// The grid's name: the game and the board's size.
fn board_name(tr: &Tr, position: &crate::rules::AnyGame) -> String {
    let g = position.id().geometry();
    tr.tf(
        "say.board",
        &[
            ("game", &tr.game(position.id())),
            ("width", &g.width),
            ("height", &g.height),
        ],
    )
}

/// One cell's node: its name, its place in the grid, whether the cursor is on it, and where
/// it stands on the window.
fn fill_cell(
    node: &mut accesskit::Node,
    (cell, row, name, selected): (Cell, usize, String, bool),
    g: Geometry,
    bounds: CellBounds,
) {
    node.set_role(Role::GridCell);
    node.set_label(name);
    node.set_row_index(row);
    node.set_column_index(usize::from(cell.x()));
    node.set_selected(selected);
    if let Some(rect) = bounds.and_then(|b| cell_rect(g, cell, b)) {
        node.set_bounds(rect);
    }
}

/// The rectangle around a cell's four corners as the camera sees them, in egui's points.
fn cell_rect(
    g: Geometry,
    cell: Cell,
    (camera, at, zoom): (&Camera, &GlobalTransform, f32),
) -> Option<accesskit::Rect> {
    let centre = cell_centre(g, cell);
    let half = CELL / 2.0;
    let mut corners = [(-half, -half), (-half, half), (half, -half), (half, half)]
        .into_iter()
        .map(|(dx, dz)| camera.world_to_viewport(at, centre + Vec3::new(dx, 0.0, dz)));
    let first = corners.next()?.ok()?;
    let mut area = Rect::from_corners(first, first);
    for corner in corners {
        area = area.union_point(corner.ok()?);
    }
    let points = |v: f32| f64::from(v / zoom);
    Some(accesskit::Rect::new(
        points(area.min.x),
        points(area.min.y),
        points(area.max.x),
        points(area.max.y),
    ))
}

/// The announcements as a polite live log: each is a node of its own, so a screen reader says
/// each new one, the same words twice included. Those made before the log was last shown (in
/// attract mode, behind the closed card, or before the start) are not given again.
fn give_the_announcements(
    mut contexts: EguiContexts,
    announcements: Res<Announcements>,
    screen: Res<State<Screen>>,
    tr: Res<Tr>,
    mut shown_from: Local<Option<u64>>,
) -> Result {
    let made = announcements.made();
    if matches!(screen.get(), Screen::Attract | Screen::Closed) {
        *shown_from = Some(made);
        return Ok(());
    }
    let from = *shown_from.get_or_insert(made);
    let ctx = contexts.ctx_mut()?;
    if !tree_is_built(ctx) {
        return Ok(());
    }
    let kept = announcements.recent().count() as u64;
    let first_kept = made - kept;
    tree_area("screen reader announcements").show(ctx, |ui| {
        write_node(ui, |node| {
            node.set_role(Role::Log);
            node.set_label(tr.t("say.log").to_owned());
            node.set_live(Live::Polite);
        });
        let lines = (first_kept..).zip(announcements.recent());
        let logged =
            lines.filter(|(number, _)| *number >= from.max(made.saturating_sub(LOGGED as u64)));
        for (number, line) in logged {
            ui.scope_builder(egui::UiBuilder::new().id_salt(("said", number)), |ui| {
                write_node(ui, |node| {
                    node.set_role(Role::Label);
                    node.set_value(line.to_owned());
                });
            });
        }
    });
    Ok(())
}
