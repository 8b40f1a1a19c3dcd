//! Choosing a count (Cash In Hand's stones to lift or put down): a slider with − and + in the
//! panel, a button that says what it does, and digits typed on the keyboard (Enter confirms).
//! While stones are in hand, their number follows the pointer.

use crate::game::ui::named::name_control;
use crate::game::ui::palette;
use crate::game::ui::reader_names::named_slider;
use bevy::prelude::*;

use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::{Action, Game};

use crate::game::core::session::{Session, SessionRequest};
use crate::game::core::view::BoardView;

/// The count being chosen: the slider's value and the digits typed so far.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct CountChoice {
    /// The value shown by the slider (reset when the choice on offer changes).
    pub value: Option<u8>,
    /// Digits typed on the keyboard, not yet confirmed.
    pub typed: String,
}

/// The digits typed for a count (no renderer needed: the headless tests type too).
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<CountChoice>().add_systems(
        Update,
        type_count_digits
            .run_if(crate::game::ui::keyboard_focus::no_control_has_the_keys)
            .run_if(resource_exists::<ButtonInput<KeyCode>>)
            .run_if(crate::game::core::screen::people_play)
            .in_set(crate::game::core::GameSystems::Rules)
            .before(crate::game::core::session::apply_session_requests),
    );
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        paint_cash_near_pointer.run_if(crate::game::core::screen::people_play),
    );
}

/// The counts on offer now, in increasing order (empty when the decision is not a count).
#[must_use]
pub fn counts_on_offer(session: &Session) -> Vec<u8> {
    session
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Count(n) => Some(*n),
            _ => None,
        })
        .collect()
}

/// The panel's count chooser, shown when the decision is a count.
pub(super) fn choose_count(
    ui: &mut egui::Ui,
    tr: &crate::game::core::i18n::Tr,
    session: &Session,
    choice: &mut CountChoice,
    requests: &mut MessageWriter<SessionRequest>,
) {
    let offer = counts_on_offer(session);
    let (Some(&least), Some(&most)) = (offer.first(), offer.last()) else {
        return;
    };
    let mut value = choice.value.filter(|v| offer.contains(v)).unwrap_or(most);
    let verb = session.position().count_verb(tr);
    ui.horizontal(|ui| {
        let step = |value: u8, up: bool| {
            let pos = offer.iter().position(|&v| v == value).unwrap_or(0);
            let next = if up { pos + 1 } else { pos.saturating_sub(1) };
            offer.get(next).copied().unwrap_or(value)
        };
        let less = ui.add_sized([48.0, 48.0], egui::Button::new("−"));
        name_control(&less, "count less");
        if less.clicked() {
            value = step(value, false);
        }
        named_slider(ui, verb, &mut value, least..=most, (1.0, ""));
        let more = ui.add_sized([48.0, 48.0], egui::Button::new("+"));
        name_control(&more, "count more");
        if more.clicked() {
            value = step(value, true);
        }
    });
    if !offer.contains(&value) {
        // Between the values on offer (a drop that would leave too few stones): the next one up.
        value = offer.iter().copied().find(|&v| v >= value).unwrap_or(most);
    }
    choice.value = Some(value);
    if !choice.typed.is_empty() {
        ui.label(tr.tf("count.typed", &[("digits", &choice.typed)]));
    }
    let confirm = ui.add_sized(
        [160.0, 48.0],
        egui::Button::new(egui::RichText::new(format!("{verb} {value}")).strong()),
    );
    name_control(&confirm, format!("count {value}"));
    if confirm.clicked() {
        requests.write(SessionRequest::Play(Action::Count(value)));
        *choice = CountChoice::default();
    }
    if offer.len() < usize::from(most - least) + 1 {
        let counts = offer
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        ui.small(tr.tf("count.only", &[("counts", &counts)]));
    }
}

/// Digits build a count; Enter plays it if it is on offer; Backspace takes a digit back. An
/// Enter that ends typed digits is used up here, so the cell cursor does not take it too (a
/// keypad's digit and Enter can come in one frame).
pub(super) fn type_count_digits(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    session: Res<Session>,
    mut choice: ResMut<CountChoice>,
    mut requests: MessageWriter<SessionRequest>,
) {
    let offer = counts_on_offer(&session);
    if offer.is_empty() {
        if !choice.typed.is_empty() {
            choice.typed.clear();
        }
        return;
    }
    const DIGITS: [(KeyCode, KeyCode, char); 10] = [
        (KeyCode::Digit0, KeyCode::Numpad0, '0'),
        (KeyCode::Digit1, KeyCode::Numpad1, '1'),
        (KeyCode::Digit2, KeyCode::Numpad2, '2'),
        (KeyCode::Digit3, KeyCode::Numpad3, '3'),
        (KeyCode::Digit4, KeyCode::Numpad4, '4'),
        (KeyCode::Digit5, KeyCode::Numpad5, '5'),
        (KeyCode::Digit6, KeyCode::Numpad6, '6'),
        (KeyCode::Digit7, KeyCode::Numpad7, '7'),
        (KeyCode::Digit8, KeyCode::Numpad8, '8'),
        (KeyCode::Digit9, KeyCode::Numpad9, '9'),
    ];
    for (key, pad, digit) in DIGITS {
        if (keys.just_pressed(key) || keys.just_pressed(pad)) && choice.typed.len() < 3 {
            choice.typed.push(digit);
        }
    }
    if keys.just_pressed(KeyCode::Backspace) {
        choice.typed.pop();
    }
    let enter = [KeyCode::Enter, KeyCode::NumpadEnter];
    if keys.any_just_pressed(enter) && !choice.typed.is_empty() {
        if let Ok(n) = choice.typed.parse::<u8>()
            && offer.contains(&n)
        {
            requests.write(SessionRequest::Play(Action::Count(n)));
        }
        choice.typed.clear();
        for key in enter {
            keys.clear_just_pressed(key);
        }
    }
    if let Ok(n) = choice.typed.parse::<u8>()
        && offer.contains(&n)
    {
        choice.value = Some(n);
    }
}

/// While stones are in hand, "N in hand" follows the pointer; while placing, "N to place".
fn paint_cash_near_pointer(
    mut contexts: EguiContexts,
    session: Res<Session>,
    tr: Res<crate::game::core::i18n::Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let position = session.position();
    let text = match (position.hand(), position.left_to_place()) {
        (Some((_, stones)), _) if !stones.is_empty() => {
            tr.tf("count.in_hand", &[("n", &stones.len())])
        }
        (_, n) if n > 0 => tr.tf("count.to_place", &[("n", &n)]),
        _ => return Ok(()),
    };
    if let Some(at) = ctx.pointer_hover_pos() {
        ctx.layer_painter(egui::LayerId::new(
            egui::Order::Tooltip,
            egui::Id::new("cash near pointer"),
        ))
        .text(
            at + egui::vec2(18.0, 18.0),
            egui::Align2::LEFT_TOP,
            text,
            egui::FontId::proportional(20.0),
            palette::CASH,
        );
    }
    Ok(())
}
