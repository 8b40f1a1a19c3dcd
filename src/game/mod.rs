//! The game on screen: the rules state as a resource, stacks and stones as entities synced from
//! it, clicks turned into actions, the computer opponent, animation, the board, markers, camera
//! and panel.
//!
//! [`logic_plugin`] needs no renderer (tests run it under `MinimalPlugins`);
//! [`presentation_plugin`] makes it visible and playable with a mouse or a finger.

pub mod animation;
mod any_view;
pub(crate) mod board;
pub mod camera;
mod cash_in_hand_view;
pub mod count_input;
pub mod effects;
pub mod exhibition;
pub mod export;
mod game_over;
mod grabber_view;
pub mod highlight;
mod history;
pub mod how_to_play;
mod hud;
pub mod i18n;
mod intermedium_view;
pub mod layout;
pub mod layout_report;
pub mod opponent;
pub mod saving;
pub mod screen;
pub mod session;
pub mod settings;
pub mod sound;
mod splay_view;
pub(crate) mod stone_look;
pub mod stone_mesh;
pub mod stones;
mod support_view;
pub mod tap;
pub mod theme;
pub mod title;
mod turn_banner;
pub mod view;
pub mod view_settings;

use bevy::prelude::*;

pub use screen::Screen;
pub use session::Session;

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

/// The rules-driven part: session, stacks, stones and their animation.
pub fn logic_plugin(app: &mut App) {
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
    app.add_plugins((
        screen::plugin,
        session::plugin,
        saving::plugin,
        settings::plugin,
        i18n::plugin,
        stones::plugin,
        animation::plugin,
        effects::plugin,
        opponent::plugin,
        title::plugin,
        how_to_play::plugin,
        exhibition::plugin,
    ));
}

/// What shows the game and takes input: board, stone looks, markers, camera, panel.
pub fn presentation_plugin(app: &mut App) {
    app.add_plugins((
        theme::plugin,
        board::plugin,
        stone_look::plugin,
        highlight::plugin,
        camera::plugin,
        hud::plugin,
        count_input::plugin,
        history::plugin,
        game_over::plugin,
        view_settings::plugin,
        export::plugin,
        title::panel_plugin,
        how_to_play::panel_plugin,
        exhibition::panel_plugin,
    ))
    .add_plugins((
        effects::panel_plugin,
        turn_banner::plugin,
        tap::plugin,
        layout_report::plugin,
    ));
    #[cfg(feature = "sound")]
    app.add_plugins(sound::plugin);
}
