//! The game on screen, in wings that depend one way only (`docs/architecture.md`):
//! [`exhibition`] → [`screens`] → [`ui`] → [`sound`] → [`view`] → [`room`] → [`board`] → [`games`] →
//! [`core`] (→ the rules, the computer player and the files). This file only puts them together.
//!
//! [`logic_plugin`] needs no renderer (tests run it under `MinimalPlugins`);
//! [`presentation_plugin`] makes it visible and playable with a mouse or a finger.

use bevy::prelude::*;

pub mod board;
pub mod core;
pub mod exhibition;
pub mod games;
pub mod room;
pub mod screens;
pub mod sound;
pub mod ui;
pub mod view;

pub use self::core::GameSystems;
pub use self::core::screen::Screen;
pub use self::core::session::Session;

/// The rules-driven part: session, stacks, stones and their animation, the screens' logic and
/// the kiosk's.
pub fn logic_plugin(app: &mut App) {
    app.add_plugins((
        self::core::logic_plugin,
        board::logic_plugin,
        screens::logic_plugin,
        exhibition::plugin,
    ));
}

/// What shows the game and takes input: board, stone looks, markers, camera, panels.
pub fn presentation_plugin(app: &mut App) {
    app.add_plugins((
        board::presentation_plugin,
        room::presentation_plugin,
        view::presentation_plugin,
        ui::presentation_plugin,
        screens::presentation_plugin,
        exhibition::panel_plugin,
    ));
    #[cfg(feature = "sound")]
    app.add_plugins(sound::plugin);
}
