//! Whether the keyboard is the board's: no control of the panels has its focus (headless, with
//! no egui at all, none has).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// A run condition: true while no panel's control has the keyboard's focus.
#[must_use]
pub fn no_control_has_the_keys(wants: Option<Res<EguiWantsInput>>) -> bool {
    wants.is_none_or(|w| !w.wants_any_keyboard_input())
}
