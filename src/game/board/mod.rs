//! The 3D world: the room, the table and the board, the stones and their look, where things
//! stand (layout), the animation, input (clicks and taps to decisions), the lit targets, the
//! effects and the theme.

use bevy::prelude::*;

pub mod animation;
pub mod best_line;
pub mod cursor;
pub mod effects;
pub mod highlight;
pub mod layout;
pub(crate) mod stone_look;
pub mod stone_mesh;
pub mod stones;
pub(crate) mod table;
pub mod tap;
pub mod theme;
pub mod thinking;
pub mod wood;

/// The stones and their animation, and the effects' cues (no renderer needed).
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        stones::plugin,
        animation::plugin,
        effects::plugin,
        cursor::plugin,
    ));
}

/// What shows the board and takes its input.
pub(super) fn presentation_plugin(app: &mut App) {
    app.add_plugins((
        theme::plugin,
        table::plugin,
        stone_look::plugin,
        highlight::plugin,
        effects::panel_plugin,
        tap::plugin,
        thinking::plugin,
        best_line::plugin,
        cursor::look_plugin,
    ));
}
