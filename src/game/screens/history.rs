//! The move list: every whole move in the game's notation, numbered, with its variations
//! indented and collapsible; clicking one shows the position after it (marked "viewing move N",
//! with a way back to the live game); promoting and deleting a line; undo and redo of whole
//! moves; copying the game record or the position, and pasting one.

use crate::game::ui::fitted::{EDGE_GAP, fitting, show_fitted};
use crate::game::ui::named::name_control;
use crate::game::ui::palette;
use crate::game::ui::viewport::shown_window;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::files::tree::{GameTree, ROOT};
use crate::game::core::engine_view::{EngineView, engine_view_allowed};
use crate::game::core::i18n::Tr;
use crate::game::core::preferences::ViewSettings;
use crate::game::core::seats::Seats;
use crate::game::core::session::{Session, SessionRequest};
use crate::game::screens::evaluation::evaluation_graph;
use crate::game::screens::export::{CopyRequest, Exported};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_move_list.run_if(in_state(crate::game::core::screen::Screen::Game)),
    );
}

/// What decides whether the engine's view is shown, and the view itself.
#[derive(bevy::ecs::system::SystemParam)]
struct EngineSight<'w> {
    view: Res<'w, EngineView>,
    settings: Res<'w, ViewSettings>,
    seats: Res<'w, Seats>,
}

impl EngineSight<'_> {
    fn allowed(&self, session: &Session) -> bool {
        engine_view_allowed(&self.settings, &self.seats, session, None)
    }
}

/// The move list's height where the window has room, in points.
const LIST_HEIGHT: f32 = 360.0;

/// Whether the game panel leaves the moves window no room beside it (a narrow window, a kiosk's
/// large menus in a longer language): the list then gives way, and the board keeps its room.
fn crowded_out(ctx: &egui::Context) -> bool {
    let Some(panel) = shown_window(ctx, "game panel") else {
        return false;
    };
    // The list's width when it was last shown (hidden, it keeps its remembered place).
    let list_width = egui::AreaState::load(ctx, egui::Id::new("moves window"))
        .map_or(230.0, |a| a.rect().width());
    panel.left() < ctx.content_rect().left() + EDGE_GAP + list_width + EDGE_GAP
}

fn show_move_list(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut requests: MessageWriter<SessionRequest>,
    mut tools: GameTools,
    exported: Res<Exported>,
    kiosk: Option<Res<crate::game::core::kiosk::Kiosk>>,
    engine: EngineSight,
    mut share: crate::game::screens::gif_export::ShareTools,
    tr: Res<Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if crowded_out(ctx) {
        return Ok(());
    }
    fitting(egui::Window::new(tr.t("moves.title")), ctx)
        .id(egui::Id::new("moves window"))
        .anchor(egui::Align2::LEFT_TOP, [EDGE_GAP, EDGE_GAP])
        .resizable(false)
        // A kiosk's list stays open: its collapse arrow is smaller than a finger.
        .collapsible(kiosk.is_none())
        .default_width(230.0)
        .show(ctx, |ui| {
            viewing_note(ui, &tr, &session, &mut requests);
            undo_and_redo(ui, &tr, &session, &mut requests);
            // The list is as tall as the window leaves it, with what follows it still shown.
            let list = egui::ScrollArea::vertical().stick_to_bottom(true);
            show_fitted(ui, list, LIST_HEIGHT, |ui| {
                move_rows(ui, &tr, &session, &mut requests);
            });
            shown_move_buttons(ui, &tr, &session, &mut requests);
            if engine.allowed(&session) {
                ui.separator();
                evaluation_graph(ui, &tr, &engine.view, &session, &mut requests);
            }
            // A kiosk's visitor has no clipboard, no files and no F12 key to use.
            if kiosk.is_none() {
                ui.separator();
                desktop_tools(ui, &tr, &mut tools, &mut share);
                if !exported.status.is_empty() {
                    ui.label(egui::RichText::new(&exported.status).small().weak());
                }
            }
        });
    Ok(())
}

/// The Moves window's ways out and in for a game: the copies, Paste, Open file and Save record.
#[derive(bevy::ecs::system::SystemParam)]
struct GameTools<'w> {
    copies: MessageWriter<'w, CopyRequest>,
    pastes: MessageWriter<'w, crate::game::screens::import::PasteRequest>,
    picks: MessageWriter<'w, crate::game::screens::import::OpenFileRequest>,
    records: MessageWriter<'w, crate::game::screens::record_file::SaveRecordRequest>,
}

/// What a desktop's (or a browser's) Moves window ends with: Copy record, Copy position and
/// Copy link, Paste, Save record (and in a browser Open file), the picture and the GIF (not in a
/// browser), and the F12 key's reminder.
fn desktop_tools(
    ui: &mut egui::Ui,
    tr: &Tr,
    tools: &mut GameTools,
    share: &mut crate::game::screens::gif_export::ShareTools,
) {
    copy_buttons(ui, tr, &mut tools.copies);
    ui.horizontal(|ui| {
        if ui
            .button(tr.t("moves.paste"))
            .on_hover_text(tr.t("moves.paste.help"))
            .clicked()
        {
            tools
                .pastes
                .write(crate::game::screens::import::PasteRequest);
        }
        // A desktop opens a file dropped on its window; a browser's page asks its picker.
        if cfg!(target_arch = "wasm32") {
            let open = ui
                .button(tr.t("moves.open_file"))
                .on_hover_text(tr.t("moves.open_file.help"));
            name_control(&open, "open file");
            if open.clicked() {
                tools
                    .picks
                    .write(crate::game::screens::import::OpenFileRequest);
            }
        }
        let save = ui
            .button(tr.t("moves.save_record"))
            .on_hover_text(tr.t("moves.save_record.help"));
        name_control(&save, "save record");
        if save.clicked() {
            tools
                .records
                .write(crate::game::screens::record_file::SaveRecordRequest);
        }
    });
    share.show(ui, tr);
    ui.label(
        egui::RichText::new(tr.t("moves.screenshot_key"))
            .small()
            .weak(),
    );
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
    let back = ui.button(egui::RichText::new(tr.t("moves.back")).strong());
    name_control(&back, "back to the game");
    if back.clicked() {
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

/// The start and every move with its variations, each a way to look at the position after it;
/// the moves of the line played are looked at in place, another line's move switches to it.
fn move_rows(
    ui: &mut egui::Ui,
    tr: &Tr,
    session: &Session,
    requests: &mut MessageWriter<SessionRequest>,
) {
    let rows = Rows {
        tree: session.tree(),
        shown: session.shown_node(),
        played: session.tree().path_to(session.live_node()),
        tr,
    };
    if ui
        .selectable_label(rows.shown == ROOT, tr.t("moves.start"))
        .clicked()
    {
        requests.write(SessionRequest::View(0));
    }
    rows.line(ui, ROOT, requests);
    if rows.tree.is_empty() {
        ui.weak(tr.t("moves.none"));
    }
}

/// What the move rows are drawn from.
struct Rows<'a> {
    tree: &'a GameTree,
    /// The node of the position on the board.
    shown: usize,
    /// The nodes of the line played, its first move first (a node of depth `d` is on it when
    /// it stands at `d - 1`).
    played: Vec<usize>,
    tr: &'a Tr,
}

impl Rows<'_> {
    /// The line from node `at` on, each variation indented and collapsible below the move it
    /// replaces.
    fn line(&self, ui: &mut egui::Ui, at: usize, requests: &mut MessageWriter<SessionRequest>) {
        let mut p = at;
        while let Some((&first, others)) = self.tree.node(p).children.split_first() {
            self.row(ui, first, requests);
            for &v in others {
                let depth = self.tree.node(v).depth;
                ui.indent(("variation", v), |ui| {
                    egui::CollapsingHeader::new(self.tr.tf("moves.variation", &[("n", &depth)]))
                        .id_salt(("variation", v))
                        .default_open(true)
                        .show(ui, |ui| {
                            self.row(ui, v, requests);
                            self.line(ui, v, requests);
                        });
                });
            }
            p = first;
        }
    }

    /// One move: clicking shows the position after it; its menu promotes or deletes it.
    fn row(&self, ui: &mut egui::Ui, n: usize, requests: &mut MessageWriter<SessionRequest>) {
        let node = self.tree.node(n);
        let label = format!("{}. {}", node.depth, node.notation);
        let response = ui.selectable_label(self.shown == n, label);
        let line = if self.tree.is_main(n) {
            "move"
        } else {
            "variation move"
        };
        name_control(&response, format!("{line} {}", node.depth));
        if response.clicked() {
            let on_played_line =
                node.depth.checked_sub(1).and_then(|i| self.played.get(i)) == Some(&n);
            requests.write(if on_played_line {
                SessionRequest::View(node.depth)
            } else {
                SessionRequest::GoTo(n)
            });
        }
        response.context_menu(|ui| self.node_buttons(ui, n, requests));
    }

    /// Promoting the line of node `n` and deleting it.
    fn node_buttons(
        &self,
        ui: &mut egui::Ui,
        n: usize,
        requests: &mut MessageWriter<SessionRequest>,
    ) {
        let promote = egui::Button::new(self.tr.t("moves.promote"));
        if ui
            .add_enabled(!self.tree.is_main(n), promote)
            .on_hover_text(self.tr.t("moves.promote.help"))
            .clicked()
        {
            requests.write(SessionRequest::Promote(n));
        }
        let delete = egui::Button::new(self.tr.t("moves.delete"));
        if ui
            .add_enabled(n != ROOT, delete)
            .on_hover_text(self.tr.t("moves.delete.help"))
            .clicked()
        {
            requests.write(SessionRequest::Delete(n));
        }
    }
}

/// Below the list, for touch: promote or delete the move shown.
fn shown_move_buttons(
    ui: &mut egui::Ui,
    tr: &Tr,
    session: &Session,
    requests: &mut MessageWriter<SessionRequest>,
) {
    let shown = session.shown_node();
    if shown == ROOT || session.tree().variation_starts().is_empty() {
        return;
    }
    let rows = Rows {
        tree: session.tree(),
        shown,
        played: Vec::new(),
        tr,
    };
    ui.horizontal(|ui| rows.node_buttons(ui, shown, requests));
}

/// Copying the game record, the position and a link to the game.
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
        if ui
            .button(tr.t("moves.copy_link"))
            .on_hover_text(tr.t("moves.copy_link.help"))
            .clicked()
        {
            copies.write(CopyRequest::Link);
        }
    });
}
