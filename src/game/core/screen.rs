//! Which screen is up: the title (game cards), a game, how to play a game, attract mode, the
//! position editor, a puzzle, or a kiosk's closed card. The board and its stones stay in the
//! world on every screen; the screens decide what takes input.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

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
    /// The position editor: a position set up by clicks on the board, then played from.
    Editor,
    /// A puzzle: the person solves, the puzzles play the defence.
    Puzzle,
    /// A kiosk outside its opening hours: a quiet "closed" card, nothing plays.
    Closed,
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
            Screen::Editor => "editor",
            Screen::Puzzle => "puzzles",
            Screen::Closed => "closed",
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    app.init_state::<Screen>();
}

/// Whether the board takes a person's moves: in a game, and in a puzzle.
#[must_use]
pub fn people_play(screen: Res<State<Screen>>) -> bool {
    matches!(screen.get(), Screen::Game | Screen::Puzzle)
}

/// Whether the computer may play: in a game, and in attract mode.
#[must_use]
pub fn computer_plays(screen: Res<State<Screen>>) -> bool {
    matches!(screen.get(), Screen::Game | Screen::Attract)
}
