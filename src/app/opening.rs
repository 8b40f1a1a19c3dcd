//! The screens the app can open on (`--screen`), each by the one name it is given: the six
//! screens of `game::core::screen::Screen`, and three that open one of them with a window up (the
//! title with Settings, a kiosk's game with the idle prompt, a kiosk's staff Statistics page).

use crate::game::core::screen::Screen;

/// A screen to open on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningScreen {
    /// The title (the default when no game is asked for).
    Title,
    /// A game (the default with a game or a position).
    Game,
    /// How to play the game asked for.
    HowToPlay,
    /// The title with the Settings window open.
    Settings,
    /// Attract mode (a kiosk's default).
    Attract,
    /// A kiosk's game with the idle prompt up.
    IdlePrompt,
    /// The position editor, on the game or position asked for.
    Editor,
    /// The first unsolved puzzle of the game asked for.
    Puzzles,
    /// A kiosk's staff Statistics page, over attract mode.
    Statistics,
}

impl OpeningScreen {
    /// Every one, in the order `--help` lists them.
    pub const ALL: [OpeningScreen; 9] = [
        OpeningScreen::Title,
        OpeningScreen::Game,
        OpeningScreen::HowToPlay,
        OpeningScreen::Settings,
        OpeningScreen::Attract,
        OpeningScreen::IdlePrompt,
        OpeningScreen::Editor,
        OpeningScreen::Puzzles,
        OpeningScreen::Statistics,
    ];

    /// The name `--screen` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OpeningScreen::Settings => "settings",
            OpeningScreen::IdlePrompt => "idle-prompt",
            OpeningScreen::Statistics => "statistics",
            other => other.screen().name(),
        }
    }

    /// The screen of that name.
    #[must_use]
    pub fn named(name: &str) -> Option<OpeningScreen> {
        OpeningScreen::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The screen it shows.
    #[must_use]
    pub fn screen(self) -> Screen {
        match self {
            OpeningScreen::Title | OpeningScreen::Settings => Screen::Title,
            OpeningScreen::Game | OpeningScreen::IdlePrompt => Screen::Game,
            OpeningScreen::HowToPlay => Screen::HowToPlay,
            OpeningScreen::Attract | OpeningScreen::Statistics => Screen::Attract,
            OpeningScreen::Editor => Screen::Editor,
            OpeningScreen::Puzzles => Screen::Puzzle,
        }
    }

    /// Only a kiosk shows it (it needs an exhibition profile).
    #[must_use]
    pub fn needs_profile(self) -> bool {
        matches!(
            self,
            OpeningScreen::Attract | OpeningScreen::IdlePrompt | OpeningScreen::Statistics
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_screen_has_one_name_and_is_found_by_it() {
        for s in OpeningScreen::ALL {
            assert_eq!(OpeningScreen::named(s.name()), Some(s));
        }
        assert_eq!(
            OpeningScreen::named("how-to-play"),
            Some(OpeningScreen::HowToPlay)
        );
        assert_eq!(OpeningScreen::named("credits"), None);
        assert_eq!(OpeningScreen::IdlePrompt.screen(), Screen::Game);
    }
}
