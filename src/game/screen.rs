//! Which screen is up: the title (game cards), a game, how to play a game, or attract mode. The board and
//! its stones stay in the world on every screen; the screens decide what takes input.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::opponent::{Hint, Thinking};
use super::session::Session;

/// The screen on show.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title: the five games as cards, their options and seats, Continue, Settings.
    Title,
    /// A game being played (the default, so tests and `--position` go straight to the board).
    #[default]
    Game,
    /// How to play a game, with demonstrations on the board.
    HowToPlay,
    /// Exhibition mode with no one playing: the computer plays itself, game after game.
    Attract,
}

impl Screen {
    /// The name `--screen` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Screen::Title => "title",
            Screen::Game => "game",
            Screen::HowToPlay => "how-to-play",
            Screen::Attract => "attract",
        }
    }
}

/// A game put aside while its player reads how to play, restored when they come back to it.
#[derive(Resource, Debug, Clone)]
pub struct SuspendedGame(pub Session);

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    app.init_state::<Screen>()
        .add_systems(OnExit(Screen::Game), stop_thinking)
        .add_systems(OnExit(Screen::Attract), stop_thinking);
}

/// Leaving the game cancels the computer's search (its task sees the flag and ends).
fn stop_thinking(mut commands: Commands) {
    commands.remove_resource::<Thinking>();
    commands.remove_resource::<Hint>();
}

/// Whether the computer may play: in a game, and in attract mode.
#[must_use]
pub fn computer_plays(screen: Res<State<Screen>>) -> bool {
    matches!(screen.get(), Screen::Game | Screen::Attract)
}
