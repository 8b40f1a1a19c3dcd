//! The choices a game starts with, as widgets shared by the title and the game panel: the
//! game's options (who moves first, its own switches) and each seat (a person or the computer),
//! also in the position editor.

use bevy_egui::egui;

use crate::game::core::i18n::Tr;
use crate::game::core::seats::{Coaching, Seat, Seats};
use crate::game::ui::arrow_keys::step_with_arrows;
use crate::game::ui::named::name_control;
use crate::game::ui::reader_names::name_for_readers;
use crate::rules::{AnyOptions, GameId, Player};

/// The options of a game as widgets: who moves first, and the game's own switches.
pub fn edit_options(ui: &mut egui::Ui, tr: &Tr, options: &mut AnyOptions) {
    let first = match options {
        AnyOptions::CashInHand(o) => &mut o.first_player,
        AnyOptions::Splay(o) => &mut o.first_player,
        AnyOptions::Intermedium(o) => &mut o.first_player,
        AnyOptions::Grabber(_, o) => &mut o.first_player,
        AnyOptions::Support(o) => &mut o.first_player,
    };
    ui.horizontal(|ui| {
        ui.label(tr.t("hud.first_to_move"));
        for p in Player::ALL {
            ui.radio_value(first, p, tr.player(p));
        }
    });
    if let AnyOptions::Intermedium(o) = options {
        ui.checkbox(&mut o.opening_rule, tr.t("option.opening_rule"))
            .on_hover_text(tr.t("option.opening_rule.help"));
    }
    if let AnyOptions::Support(o) = options {
        ui.checkbox(&mut o.push_to_edge, tr.t("option.push_to_edge"))
            .on_hover_text(tr.t("option.push_to_edge.help"));
    }
    let game = options.game();
    if let Some((turns, default)) = options.no_capture_draw() {
        no_capture_draw(ui, tr, game, turns, default);
    }
}

/// The no-progress draw (Cash In Hand's and Splay's house rule), on (at the game's default
/// length, `default`) or off.
fn no_capture_draw(ui: &mut egui::Ui, tr: &Tr, game: GameId, turns: &mut u32, default: u32) {
    let mut on = *turns > 0;
    let shown = if on { *turns } else { default };
    let label = tr.count("option.no_capture", shown as usize);
    if ui
        .checkbox(&mut on, label)
        .on_hover_text(tr.t(no_progress_help(game)))
        .changed()
    {
        *turns = if on { default } else { 0 };
    }
}

/// Why a game has the no-progress draw, in its own terms.
fn no_progress_help(game: GameId) -> &'static str {
    if game == GameId::CashInHand {
        "option.no_capture.help.cash-in-hand"
    } else {
        "option.no_capture.help"
    }
}

/// A seat in words, as its picker shows it.
pub fn seat_label(tr: &Tr, seat: Seat) -> String {
    match seat {
        Seat::Human => tr.t("seat.person").to_owned(),
        Seat::Computer(level) => tr.tf("seat.computer", &[("level", &tr.level(level))]),
    }
}

/// Both seats' choices, a line each: "Black is played by" and its picker, then White's, and a
/// person's coach where the players choose it (a kiosk's profile decides it for its visitors).
pub fn seat_pickers(ui: &mut egui::Ui, tr: &Tr, seats: &mut Seats, coach_choice: bool) {
    for p in Player::ALL {
        ui.horizontal(|ui| {
            ui.label(tr.tf("hud.played_by", &[("player", &tr.player(p))]));
            let seat = match p {
                Player::Black => &mut seats.black,
                Player::White => &mut seats.white,
            };
            seat_picker(ui, tr, p, seat);
            if *seat == Seat::Human && coach_choice {
                coach_picker(ui, tr, p, &mut seats.coach[p.index()]);
            }
        });
    }
}

/// A person's seat's coach: left to itself (on against Beginner and Casual), on, or off.
pub fn coach_picker(ui: &mut egui::Ui, tr: &Tr, p: Player, coaching: &mut Coaching) {
    let label = |c: Coaching| match c {
        Coaching::Auto => tr.t("seat.coach.auto"),
        Coaching::On => tr.t("seat.coach.on"),
        Coaching::Off => tr.t("seat.coach.off"),
    };
    let choices = [Coaching::Auto, Coaching::On, Coaching::Off];
    let picker = egui::ComboBox::from_id_salt(("coach", p.index()))
        .selected_text(label(*coaching))
        .show_ui(ui, |ui| {
            for c in choices {
                let entry = ui.selectable_value(coaching, c, label(c));
                name_control(&entry, format!("coach {p}: {c:?}").to_lowercase());
            }
        });
    step_with_arrows(ui, &picker.response, coaching, &choices);
    name_for_readers(
        &picker.response,
        &tr.tf("seat.coach.name", &[("player", &tr.player(p))]),
    );
    let response = picker.response.on_hover_text(tr.t("seat.coach.help"));
    name_control(&response, format!("coach {p}"));
}

/// Ends a wrapped row unless a combo box showing `text` still fits on it (egui's combo box
/// takes the rest of the row instead of wrapping).
pub fn wrap_before_combo_box(ui: &mut egui::Ui, text: &str) {
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Button,
    );
    let spacing = ui.spacing();
    let padding = 2.0 * spacing.button_padding.x;
    let width = (galley.size().x + spacing.icon_spacing + spacing.icon_width)
        .max(spacing.combo_width - padding)
        + padding;
    if ui.available_size_before_wrap().x < width {
        ui.end_row();
    }
}

/// A seat's choice: a person, or the computer at a level.
pub fn seat_picker(ui: &mut egui::Ui, tr: &Tr, p: Player, seat: &mut Seat) {
    let picker = egui::ComboBox::from_id_salt(("seat", p.index()))
        .selected_text(seat_label(tr, *seat))
        .show_ui(ui, |ui| {
            let person = ui.selectable_value(seat, Seat::Human, seat_label(tr, Seat::Human));
            name_control(&person, format!("seat {p}: person"));
            for level in crate::ai::Level::ALL {
                let option = Seat::Computer(level);
                let entry = ui.selectable_value(seat, option, seat_label(tr, option));
                name_control(&entry, format!("seat {p}: {}", level.name()));
            }
        });
    let choices: Vec<Seat> = std::iter::once(Seat::Human)
        .chain(crate::ai::Level::ALL.into_iter().map(Seat::Computer))
        .collect();
    step_with_arrows(ui, &picker.response, seat, &choices);
    name_for_readers(
        &picker.response,
        &tr.tf("hud.played_by", &[("player", &tr.player(p))]),
    );
    name_control(&picker.response, format!("seat {p}"));
}
