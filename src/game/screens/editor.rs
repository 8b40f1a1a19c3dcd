//! The position editor's panel: what a click on a cell does, the rest of the position (side to
//! move, turns played, what the game keeps besides the board), Start position, Clear board,
//! Paste and Copy position, the rules' verdict in one line, the seats, and Play from here.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::{AnyOptions, Brush, ExtraField, GameId, GameOptions, Player};

use crate::game::core::editor::{Editor, PlayFromHere};
use crate::game::core::i18n::Tr;
use crate::game::core::screen::Screen;
use crate::game::core::seats::Seats;
use crate::game::screens::export::Exported;
use crate::game::screens::import::PasteRequest;
use crate::game::ui::choices::seat_pickers;
use crate::game::ui::named::name_control;
use crate::game::ui::palette;

/// The most stones a capture count may be set to (more than any game has of a colour).
const MOST_CAPTURED: u32 = 64;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_editor_panel.run_if(in_state(Screen::Editor).and_then(resource_exists::<Editor>)),
    );
}

/// What the panel's buttons ask for this frame.
#[derive(Debug, Default)]
struct EditorClicks {
    paste: bool,
    copy: bool,
    play: bool,
    back: bool,
}

fn show_editor_panel(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    mut seats: ResMut<Seats>,
    mut exported: ResMut<Exported>,
    mut pastes: MessageWriter<PasteRequest>,
    mut plays: MessageWriter<PlayFromHere>,
    mut next: ResMut<NextState<Screen>>,
    kiosk: Option<Res<crate::game::core::kiosk::Kiosk>>,
    tr: Res<Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut clicks = EditorClicks {
        // A kiosk takes no pasted text.
        paste: kiosk.is_some(),
        ..EditorClicks::default()
    };
    let mut edited = editor.clone();
    let mut chosen_seats = *seats;
    egui::Window::new(tr.tf("editor.title", &[("game", &tr.game(edited.setup.game))]))
        .id(egui::Id::new("editor panel"))
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .movable(false)
        .default_width(300.0)
        .show(ctx, |ui| {
            grabber_boards(ui, &mut edited);
            brushes(ui, &tr, &mut edited.brush);
            ui.separator();
            side_and_turn(ui, &tr, &mut edited);
            extra_fields(ui, &tr, &mut edited);
            ui.separator();
            position_buttons(ui, &tr, &mut edited, &mut clicks);
            verdict(ui, &tr, &edited, &exported.status);
            ui.separator();
            seat_pickers(ui, &tr, &mut chosen_seats, kiosk.is_none());
            leave_buttons(ui, &tr, edited.check.is_ok(), &mut clicks);
        });
    if edited != *editor {
        *editor = edited;
    }
    if chosen_seats != *seats {
        *seats = chosen_seats;
    }
    if clicks.copy {
        exported.clipboard = Some(editor.setup.to_string());
        exported.status = tr.t("editor.copied").to_owned();
    }
    if clicks.paste {
        pastes.write(PasteRequest);
    }
    if clicks.play {
        plays.write(PlayFromHere);
    }
    if clicks.back {
        next.set(Screen::Title);
    }
    Ok(())
}

/// A button as tall as a finger, named for `--print-layout`.
fn big_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, name: &str) -> bool {
    let b = ui.add(egui::Button::new(text).min_size([0.0, 44.0].into()));
    name_control(&b, name);
    b.clicked()
}

/// Grabber's three boards: another one starts from its start position.
fn grabber_boards(ui: &mut egui::Ui, editor: &mut Editor) {
    if !matches!(editor.options, AnyOptions::Grabber(..)) {
        return;
    }
    ui.horizontal(|ui| {
        for id in GameId::GRABBER_BOARDS {
            let g = id.geometry();
            let on = editor.setup.game == id;
            let b = ui.add(
                egui::Button::selectable(on, format!("{}×{}", g.width, g.height))
                    .min_size([64.0, 44.0].into()),
            );
            name_control(&b, format!("editor board {id}"));
            if b.clicked() && !on {
                editor.switch_game(AnyOptions::for_game(id));
            }
        }
    });
}

/// The four brushes.
fn brushes(ui: &mut egui::Ui, tr: &Tr, brush: &mut Brush) {
    ui.label(tr.t("editor.brush"));
    egui::Grid::new("brushes").num_columns(2).show(ui, |ui| {
        for (i, b) in Brush::ALL.into_iter().enumerate() {
            let (key, name) = match b {
                Brush::Add(Player::Black) => ("editor.add_black", "brush black"),
                Brush::Add(Player::White) => ("editor.add_white", "brush white"),
                Brush::TakeTop => ("editor.take_top", "brush take"),
                Brush::Clear => ("editor.clear_cell", "brush clear"),
            };
            let button = ui.add(
                egui::Button::selectable(*brush == b, tr.t(key)).min_size([136.0, 44.0].into()),
            );
            name_control(&button, name);
            if button.clicked() {
                *brush = b;
            }
            if i % 2 == 1 {
                ui.end_row();
            }
        }
    });
}

/// The side to move and the turns played.
fn side_and_turn(ui: &mut egui::Ui, tr: &Tr, editor: &mut Editor) {
    ui.horizontal(|ui| {
        ui.label(tr.t("editor.to_move"));
        for p in Player::ALL {
            let on = editor.setup.to_move == p;
            let b = ui.add(
                egui::Button::selectable(on, tr.player(p).to_owned()).min_size([72.0, 44.0].into()),
            );
            name_control(&b, format!("editor to move {p}"));
            if b.clicked() && !on {
                editor.edit(|s| s.to_move = p);
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(tr.t("editor.ply"));
        let mut ply = editor.setup.ply;
        let cap = editor.options.ply_cap();
        ui.add(egui::DragValue::new(&mut ply).range(0..=cap));
        if ply != editor.setup.ply {
            editor.edit(|s| s.ply = ply);
        }
    });
}

/// Whatever else the game's position holds: capture counts, Support's centre holder,
/// Intermedium's taken City.
fn extra_fields(ui: &mut egui::Ui, tr: &Tr, editor: &mut Editor) {
    for &field in ExtraField::of(editor.setup.game) {
        ui.horizontal(|ui| match field {
            ExtraField::Captured(by) => {
                ui.label(tr.tf("editor.captured", &[("player", &tr.player(by))]));
                let mut n = editor.setup.extra_count(field);
                ui.add(egui::DragValue::new(&mut n).range(0..=MOST_CAPTURED));
                if n != editor.setup.extra_count(field) {
                    editor.edit(|s| s.set_extra_count(field, n));
                }
            }
            ExtraField::CentreHolder => {
                ui.label(tr.t("editor.centre_holder"));
                let holder = editor.setup.centre_holder();
                let choices = [None, Some(Player::Black), Some(Player::White)];
                for h in choices {
                    let text = h.map_or(tr.t("editor.nobody"), |p| tr.player(p));
                    if ui.selectable_label(holder == h, text).clicked() && holder != h {
                        editor.edit(|s| s.set_centre_holder(h));
                    }
                }
            }
            ExtraField::CityTaken => {
                let mut taken = editor.setup.city_taken();
                if ui.checkbox(&mut taken, tr.t("editor.city_taken")).changed() {
                    editor.edit(|s| s.set_city_taken(taken));
                }
            }
        });
    }
}

/// Start position, Clear board, Paste and Copy position.
fn position_buttons(ui: &mut egui::Ui, tr: &Tr, editor: &mut Editor, clicks: &mut EditorClicks) {
    ui.horizontal_wrapped(|ui| {
        if big_button(ui, tr.t("editor.start"), "editor start") {
            editor.start_position();
        }
        if big_button(ui, tr.t("editor.clear"), "editor clear") {
            editor.clear_board();
        }
        // `paste` comes in true where nothing may be pasted (a kiosk): no button then.
        clicks.paste = !clicks.paste && big_button(ui, tr.t("editor.paste"), "editor paste");
        clicks.copy = big_button(ui, tr.t("editor.copy"), "editor copy");
    });
}

/// The rules' verdict, the position string, and what the last paste or copy did.
fn verdict(ui: &mut egui::Ui, tr: &Tr, editor: &Editor, status: &str) {
    match &editor.check {
        Ok(_) => ui.colored_label(palette::DONE, tr.t("editor.ok")),
        Err(e) => ui.colored_label(palette::FAILED, tr.tf("editor.wrong", &[("error", e)])),
    };
    ui.add(
        egui::Label::new(
            egui::RichText::new(editor.setup.to_string())
                .monospace()
                .small(),
        )
        .wrap(),
    );
    if !status.is_empty() {
        ui.small(status);
    }
}

/// Play from here (only for a position the game can have) and back to the games.
fn leave_buttons(ui: &mut egui::Ui, tr: &Tr, playable: bool, clicks: &mut EditorClicks) {
    ui.horizontal(|ui| {
        let play = ui.add_enabled(
            playable,
            egui::Button::new(egui::RichText::new(tr.t("editor.play")).strong())
                .min_size([150.0, 48.0].into()),
        );
        name_control(&play, "play from here");
        clicks.play = play.clicked();
        clicks.back = big_button(ui, tr.t("editor.back"), "editor back");
    });
}
