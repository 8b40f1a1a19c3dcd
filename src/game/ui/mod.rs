//! Shared egui widgets, the panels' palette and their one style, used by every screen.

pub mod arrow_keys;
pub mod centred;
pub mod choices;
pub mod fitted;
pub mod keyboard_focus;
pub mod named;
pub mod palette;
mod quiet_input;
pub mod reader_names;
mod style;
pub mod viewport;

/// The panels' shared look.
pub(super) fn presentation_plugin(app: &mut bevy::prelude::App) {
    app.add_plugins((style::plugin, quiet_input::plugin, reader_names::plugin));
}
