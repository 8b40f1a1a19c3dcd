//! The screens people see: the title, how to play, the play screen's panels (the game panel,
//! the move list, the count chooser, game over, the turn banner and the coach's warning under it, export and saves), the puzzles'
//! panel, the
//! settings window, and importing a pasted or dropped game.

use bevy::prelude::*;

pub mod board_keys;
mod coach_banner;
pub mod count_input;
mod editor;
pub mod evaluation;
mod evaluation_graph;
pub mod export;
mod game_over;
pub mod gif_export;
mod history;
pub mod how_to_play;
mod hud;
pub mod import;
pub mod keyboard_bar;
mod puzzles;
pub mod record_file;
pub(crate) mod saves;
mod screen_reader;
pub mod stack_labels;
pub mod title;
mod turn_banner;
pub mod view_settings;

/// What the screens decide without being drawn: the title's choices, how to play's
/// demonstrations, the games imported and the records saved.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        title::plugin,
        how_to_play::plugin,
        import::logic_plugin,
        record_file::plugin,
        board_keys::plugin,
        count_input::logic_plugin,
    ));
}

/// The screens' panels.
pub(super) fn presentation_plugin(app: &mut App) {
    app.add_plugins((
        hud::plugin,
        editor::plugin,
        puzzles::plugin,
        count_input::plugin,
        history::plugin,
        evaluation::plugin,
        game_over::plugin,
        view_settings::plugin,
        export::plugin,
        gif_export::plugin,
        import::plugin,
        title::panel_plugin,
        how_to_play::panel_plugin,
        (
            turn_banner::plugin,
            coach_banner::plugin,
            keyboard_bar::plugin,
        ),
        (stack_labels::plugin, screen_reader::plugin),
    ));
}
