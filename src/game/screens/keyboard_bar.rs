//! The bar under the board, at its left (above the View window): the move field, where a whole
//! move is typed in the notation (N puts the keyboard there), and the latest announcement, the
//! same line that is spoken and given to screen readers. It shows once the keyboard plays.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::announce::{Announce, Announcements};
use crate::game::core::i18n::Tr;
use crate::game::core::screen::Screen;
use crate::game::core::seats::Seats;
use crate::game::core::session::{Session, SessionRequest};
use crate::game::core::typed_move::{requests_for, typed_move};
use crate::game::ui::fitted::EDGE_GAP;
use crate::game::ui::named::name_control;
use crate::game::ui::palette;

/// The move field: what is typed, and whether the bar is shown.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveField {
    /// What is typed so far.
    pub text: String,
    /// The bar shows once the keyboard plays: the cell cursor has moved, or N was pressed (a
    /// player with a mouse never sees it).
    pub shown: bool,
    /// N was pressed: the field takes the keyboard when it is next drawn.
    focus_asked: bool,
}

/// The bar's widest, as a share of the window: it stays clear of the panels at the right.
const SHARE_OF_WIDTH: f32 = 0.42;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveField>().add_systems(
        EguiPrimaryContextPass,
        show_keyboard_bar.run_if(in_state(Screen::Game).or_else(in_state(Screen::Puzzle))),
    );
}

fn show_keyboard_bar(
    mut contexts: EguiContexts,
    mut field: ResMut<MoveField>,
    announcements: Res<Announcements>,
    session: Res<Session>,
    seats: Option<Res<Seats>>,
    tr: Res<Tr>,
    cursor: Res<crate::game::board::cursor::BoardCursor>,
    mut requests: MessageWriter<SessionRequest>,
    mut say: MessageWriter<Announce>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let widest = ctx.content_rect().width() * SHARE_OF_WIDTH;
    // N, pressed on the board, moves the keyboard to the field (the next frame, so the letter
    // is not typed into it).
    if ctx.memory(|m| m.focused().is_none())
        && ctx.input(|i| i.modifiers.is_none() && i.key_pressed(egui::Key::N))
    {
        field.focus_asked = true;
        field.shown = true;
    }
    field.shown |= cursor.shown;
    if !field.shown {
        return Ok(());
    }
    let to_field = std::mem::take(&mut field.focus_asked);
    // Above the View window, which has the corner.
    let above = ctx
        .memory(|m| m.area_rect(egui::Id::new("view window")))
        .map_or(0.0, |r| r.height() + EDGE_GAP);
    let mut submitted = None;
    egui::Window::new(tr.t("move_field.label"))
        .id(egui::Id::new("keyboard bar"))
        .title_bar(false)
        .resizable(false)
        .movable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, [EDGE_GAP, -EDGE_GAP - above])
        .max_width(widest)
        .show(ctx, |ui| {
            submitted = move_field_row(ui, &tr, &mut field.text, to_field);
            if let Some(latest) = announcements.latest() {
                let line = ui.add(
                    egui::Label::new(egui::RichText::new(latest).color(palette::PANEL_TEXT)).wrap(),
                );
                name_control(&line, "announcement");
            }
        });
    if let Some(text) = submitted.filter(|t| !t.trim().is_empty()) {
        let typed = Typed {
            session: &session,
            seats: seats.as_deref(),
            tr: &tr,
        };
        if let Err(why) = typed.play(&text, &mut requests) {
            field.text = text;
            say.write(Announce(why));
        }
    }
    Ok(())
}

/// "Move" and the field; the text typed when Enter is pressed in it (the keyboard stays there
/// for the next move). `to_field` puts the keyboard there.
fn move_field_row(ui: &mut egui::Ui, tr: &Tr, text: &mut String, to_field: bool) -> Option<String> {
    let mut submitted = None;
    ui.horizontal(|ui| {
        let label = ui.label(tr.t("move_field.label"));
        let edit = ui.add(
            egui::TextEdit::singleline(text)
                .desired_width(110.0)
                // As tall as any other control: a touch target in a kiosk.
                .min_size(egui::vec2(0.0, ui.spacing().interact_size.y))
                .hint_text("c3-c4"),
        );
        let edit = edit
            .labelled_by(label.id)
            .on_hover_text(tr.t("move_field.help"));
        name_control(&edit, "move field");
        if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            submitted = Some(std::mem::take(text));
            edit.request_focus();
        }
        if to_field {
            edit.request_focus();
        }
    });
    submitted
}

/// What a typed move is read against.
struct Typed<'a> {
    session: &'a Session,
    seats: Option<&'a Seats>,
    tr: &'a Tr,
}

impl Typed<'_> {
    /// Plays the move `text` as the turn, or says why it cannot be played.
    fn play(&self, text: &str, requests: &mut MessageWriter<SessionRequest>) -> Result<(), String> {
        let actions = typed_move(self.tr, self.session, self.seats, text)?;
        requests.write_batch(requests_for(&actions));
        Ok(())
    }
}
