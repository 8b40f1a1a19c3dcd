//! The move list: every whole move in the game's notation, numbered; clicking one shows the
//! position after it (marked "viewing move N", with a way back to the live game); undo and redo
//! of whole moves; copying the game record or the position.

use crate::game::ui::palette;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::i18n::Tr;
use crate::game::core::session::{Session, SessionRequest};
use crate::game::screens::export::{CopyRequest, Exported};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_move_list.run_if(in_state(crate::game::core::screen::Screen::Game)),
    );
}

fn show_move_list(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut requests: MessageWriter<SessionRequest>,
    mut copies: MessageWriter<CopyRequest>,
    exported: Res<Exported>,
    tr: Res<Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(tr.t("moves.title"))
        .id(egui::Id::new("moves window"))
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .resizable(false)
        .collapsible(true)
        .default_width(230.0)
        .show(ctx, |ui| {
            viewing_note(ui, &tr, &session, &mut requests);
            undo_and_redo(ui, &tr, &session, &mut requests);
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .stick_to_bottom(true)
                .show(ui, |ui| move_rows(ui, &tr, &session, &mut requests));
            ui.separator();
            copy_buttons(ui, &tr, &mut copies);
            if !exported.status.is_empty() {
                ui.label(egui::RichText::new(&exported.status).small().weak());
            }
            ui.label(
                egui::RichText::new(tr.t("moves.screenshot_key"))
                    .small()
                    .weak(),
            );
        });
    Ok(())
}

/// While an earlier position is shown: which, and the way back to the game.
fn viewing_note(
    ui: &mut egui::Ui,
    tr: &Tr,
    session: &Session,
    requests: &mut MessageWriter<SessionRequest>,
) {
    let Some(n) = session.viewing() else {
        return;
    };
    ui.colored_label(
        palette::VIEWING,
        if n == 0 {
            tr.t("moves.viewing_start").to_owned()
        } else {
            tr.tf("moves.viewing", &[("n", &n)])
        },
    );
    if ui
        .button(egui::RichText::new(tr.t("moves.back")).strong())
        .clicked()
    {
        requests.write(SessionRequest::Live);
    }
    ui.separator();
}

/// Undo and redo of whole moves.
fn undo_and_redo(
    ui: &mut egui::Ui,
    tr: &Tr,
    session: &Session,
    requests: &mut MessageWriter<SessionRequest>,
) {
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                session.can_undo_move(),
                egui::Button::new(tr.t("moves.undo")),
            )
            .on_hover_text(tr.t("moves.undo.help"))
            .clicked()
        {
            requests.write(SessionRequest::UndoMove);
        }
        if ui
            .add_enabled(
                session.can_redo_move(),
                egui::Button::new(tr.t("moves.redo")),
            )
            .clicked()
        {
            requests.write(SessionRequest::RedoMove);
        }
    });
}

/// The start and every move, each a way to look at the position after it.
fn move_rows(
    ui: &mut egui::Ui,
    tr: &Tr,
    session: &Session,
    requests: &mut MessageWriter<SessionRequest>,
) {
    let viewing = session.viewing();
    if ui
        .selectable_label(viewing == Some(0), tr.t("moves.start"))
        .clicked()
    {
        requests.write(SessionRequest::View(0));
    }
    for (i, m) in session.moves().iter().enumerate() {
        let shown = viewing == Some(i + 1) || (viewing.is_none() && i + 1 == session.moves().len());
        if ui
            .selectable_label(shown, format!("{}. {m}", i + 1))
            .clicked()
        {
            requests.write(SessionRequest::View(i + 1));
        }
    }
    if session.moves().is_empty() {
        ui.weak(tr.t("moves.none"));
    }
}

/// Copying the game record and the position.
fn copy_buttons(ui: &mut egui::Ui, tr: &Tr, copies: &mut MessageWriter<CopyRequest>) {
    ui.horizontal(|ui| {
        if ui
            .button(tr.t("moves.copy_record"))
            .on_hover_text(tr.t("moves.copy_record.help"))
            .clicked()
        {
            copies.write(CopyRequest::Record);
        }
        if ui
            .button(tr.t("moves.copy_position"))
            .on_hover_text(tr.t("moves.copy_position.help"))
            .clicked()
        {
            copies.write(CopyRequest::Position);
        }
    });
}
