//! The engine's view on screen: the evaluation graph in the Moves window (Black's chances over
//! the line played, filling in as the background analysis finds them; a click goes to that
//! position) and the evaluation bar beside the board (Black's chances at the position shown),
//! both only where [`engine_view_allowed`] says so.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::engine_view::{EngineView, engine_view_allowed};
use crate::game::core::i18n::Tr;
use crate::game::core::preferences::ViewSettings;
use crate::game::core::screen::Screen;
use crate::game::core::seats::Seats;
use crate::game::core::session::{Session, SessionRequest};
use crate::game::screens::evaluation_graph::chances_graph;
use crate::game::ui::palette;

/// The bar's size in points.
const BAR_SIZE: egui::Vec2 = egui::vec2(300.0, 14.0);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_evaluation_bar.run_if(in_state(Screen::Game).or_else(in_state(Screen::Editor))),
    );
}

/// The evaluation graph, drawn in the Moves window when the engine's view is allowed; a click
/// on it looks at that position.
pub fn evaluation_graph(
    ui: &mut egui::Ui,
    tr: &Tr,
    engine: &EngineView,
    session: &Session,
    requests: &mut MessageWriter<SessionRequest>,
) {
    let (done, all) = engine.progress();
    let name = tr.tf("engine.graph", &[("done", &done), ("all", &all)]);
    ui.label(egui::RichText::new(&name).small().weak());
    let shown = session.viewing().unwrap_or(session.move_count());
    let chances = engine.black_chances();
    if let Some(n) = chances_graph(ui, &chances, shown, (&name, tr.t("engine.black"))) {
        requests.write(SessionRequest::View(n));
    }
}

/// The evaluation bar below the board: Black's share from the left, the side to move's chance,
/// and "proven" once the search is certain.
fn show_evaluation_bar(
    mut contexts: EguiContexts,
    engine: Res<EngineView>,
    session: Res<Session>,
    seats: Res<Seats>,
    view: Res<ViewSettings>,
    editor: Option<Res<crate::game::core::editor::Editor>>,
    tr: Res<Tr>,
) -> Result {
    if !engine_view_allowed(&view, &seats, &session, editor.as_deref()) {
        return Ok(());
    }
    let Some(analysis) = engine.of(session.position()) else {
        return Ok(());
    };
    let black = analysis.black_chance();
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("evaluation bar"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -14.0])
        .interactable(false)
        .show(ctx, |ui| {
            let (rect, _) = ui.allocate_exact_size(BAR_SIZE, egui::Sense::hover());
            let painter = ui.painter();
            painter.rect_filled(rect, 4.0, palette::SWATCH_WHITE);
            let mut black_part = rect;
            black_part.set_right(rect.left() + rect.width() * black);
            painter.rect_filled(black_part, 4.0, palette::SWATCH_BLACK);
            painter.rect_stroke(
                rect,
                4.0,
                (1.0, palette::SWATCH_RIM),
                egui::StrokeKind::Outside,
            );
            let proven = if analysis.proven {
                tr.t("engine.proven")
            } else {
                ""
            };
            // The bar is Black's share, as the graph; its line is the side to move's chance.
            let mover = crate::rules::Game::to_move(session.position());
            let chance = match mover {
                crate::rules::Player::Black => black,
                crate::rules::Player::White => 1.0 - black,
            };
            let line = tr.tf(
                "engine.bar",
                &[
                    ("player", &tr.player(mover)),
                    ("chance", &format!("{:.0}", chance * 100.0)),
                ],
            );
            ui.label(
                egui::RichText::new(line + proven)
                    .small()
                    .color(palette::PANEL_TEXT),
            );
        });
    Ok(())
}
