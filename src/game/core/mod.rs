//! The match, without a screen: the session (the rules state and what was played), the seats
//! and the computer opponent's driver, preferences and texts, saving, and the screens as states.
//! No egui and no meshes: headless tests run all of it under `MinimalPlugins`.

use bevy::prelude::*;

pub mod announce;
pub mod coach;
pub mod describe;
pub mod editor;
pub mod engine_view;
pub mod file_writer;
pub mod graphics_level;
pub mod i18n;
pub mod kiosk;
pub mod motion;
pub mod opponent;
pub mod preferences;
pub mod problems;
pub mod puzzles;
pub mod saving;
pub mod screen;
pub mod seats;
pub mod session;
pub mod settings;
pub mod speech;
pub mod typed_move;
pub mod view;

/// The order of the game's work in a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Clicks and buttons become rules actions.
    Rules,
    /// Played actions become stone movements.
    Animate,
    /// The ECS view follows the rules state.
    Sync,
    /// Markers, camera and other presentation.
    Present,
}

/// The match's logic: screens, session, saving, preferences, texts and the computer opponent.
pub(super) fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            GameSystems::Rules,
            GameSystems::Animate,
            GameSystems::Sync,
            GameSystems::Present,
        )
            .chain(),
    );
    app.init_resource::<motion::BoardMotion>()
        .init_resource::<motion::ShownWork>();
    app.add_plugins((
        screen::plugin,
        session::plugin,
        saving::plugin,
        settings::plugin,
        i18n::plugin,
        opponent::plugin,
        engine_view::plugin,
        editor::plugin,
        puzzles::plugin,
        coach::plugin,
        problems::plugin,
        file_writer::plugin,
        announce::plugin,
        speech::plugin,
    ));
}
