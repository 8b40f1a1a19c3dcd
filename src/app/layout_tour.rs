//! `--layout-tour`'s stops: a screen (or Settings over the title), a game and a language, read
//! from `[SCREEN/]GAME[@LANGUAGE]`; how the app goes to one, and when it has arrived.

use bevy::prelude::*;

use crate::game::core::editor::{Editor, OpenEditor};
use crate::game::core::i18n::Tr;
use crate::game::core::preferences::LanguageChoice;
use crate::game::core::puzzles::PuzzleRequest;
use crate::game::core::screen::Screen;
use crate::game::core::session::{Session, SessionRequest};
use crate::game::screens::how_to_play::Guided;
use crate::game::screens::view_settings::SettingsWindow;
use crate::rules::{AnyGame, AnyOptions, Game, GameId};

/// What a stop shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// One of the screens.
    Screen(Screen),
    /// The Settings window, open over the title.
    Settings,
}

/// One stop of a tour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TourStop {
    /// What is on show.
    pub shown: Shown,
    /// The game it shows (started, explained, set up or puzzled over).
    pub game: GameId,
    /// The language, where one is named.
    pub language: Option<String>,
}

/// The screens a tour can show by name (attract mode and the closed card are a kiosk's own).
const SCREENS: [Screen; 5] = [
    Screen::Title,
    Screen::Game,
    Screen::HowToPlay,
    Screen::Editor,
    Screen::Puzzle,
];

impl std::str::FromStr for TourStop {
    type Err = String;

    /// `[SCREEN/]GAME[@LANGUAGE]`: the game's screen when no screen is named.
    fn from_str(step: &str) -> Result<TourStop, String> {
        let (rest, language) = match step.split_once('@') {
            Some((rest, language)) => (rest, Some(language.to_owned())),
            None => (step, None),
        };
        let (shown, game) = match rest.split_once('/') {
            Some(("settings", game)) => (Shown::Settings, game),
            Some((name, game)) => {
                let screen = SCREENS
                    .into_iter()
                    .find(|s| s.name() == name)
                    .ok_or_else(|| {
                        let names: Vec<_> = SCREENS.iter().map(|s| s.name()).collect();
                        format!("no screen {name:?}: one of {}, settings", names.join(", "))
                    })?;
                (Shown::Screen(screen), game)
            }
            None => (Shown::Screen(Screen::Game), rest),
        };
        let game = game.parse().map_err(|e| format!("{e}"))?;
        Ok(TourStop {
            shown,
            game,
            language,
        })
    }
}

impl TourStop {
    /// The screen under what is shown.
    fn screen(&self) -> Screen {
        match self.shown {
            Shown::Screen(screen) => screen,
            Shown::Settings => Screen::Title,
        }
    }

    /// Goes to this stop: its language, its screen and game, Settings open or closed.
    pub fn go(self, world: &mut World) {
        if let Some(code) = &self.language {
            world.resource_mut::<LanguageChoice>().0.clone_from(code);
        }
        let settings = match self.shown {
            Shown::Settings => SettingsWindow::Open,
            Shown::Screen(_) => SettingsWindow::Closed,
        };
        world
            .resource_mut::<NextState<SettingsWindow>>()
            .set(settings);
        let start = AnyGame::start(AnyOptions::for_game(self.game));
        match self.screen() {
            Screen::Editor => {
                world.write_message(OpenEditor(start));
            }
            Screen::Puzzle => {
                world.write_message(PuzzleRequest::Open(self.game, None));
            }
            Screen::HowToPlay => {
                world.insert_resource(Guided::of(self.game));
                world
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::HowToPlay);
            }
            screen => {
                world.write_message(SessionRequest::Start(AnyOptions::for_game(self.game)));
                world.resource_mut::<NextState<Screen>>().set(screen);
            }
        }
    }

    /// Whether the app shows this stop: its screen, Settings as it should be, its language,
    /// and its game in play, set up or explained.
    pub fn arrived(&self, now: Arrival) -> bool {
        let game_shown = match self.screen() {
            Screen::Editor => now.editor.is_some_and(|e| e.setup.game == self.game),
            Screen::Title => true,
            // A card's puzzles may be on another board size.
            Screen::Puzzle => now.session.position().id().card() == self.game.card(),
            _ => now.session.position().id() == self.game,
        };
        let settings_open = *now.settings.get() == SettingsWindow::Open;
        *now.screen.get() == self.screen()
            && settings_open == (self.shown == Shown::Settings)
            && self.language.as_ref().is_none_or(|c| now.tr.code() == c)
            && game_shown
    }
}

/// What [`TourStop::arrived`] looks at.
#[derive(Clone, Copy)]
pub struct Arrival<'a> {
    /// The screen on show.
    pub screen: &'a State<Screen>,
    /// Whether Settings is open.
    pub settings: &'a State<SettingsWindow>,
    /// The language in use.
    pub tr: &'a Tr,
    /// The game in play.
    pub session: &'a Session,
    /// The position being set up, in the editor.
    pub editor: Option<&'a Editor>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_names_its_screen_game_and_language() {
        let stop: TourStop = "how-to-play/splay@de".parse().unwrap();
        assert_eq!(stop.shown, Shown::Screen(Screen::HowToPlay));
        assert_eq!(stop.game, GameId::Splay);
        assert_eq!(stop.language.as_deref(), Some("de"));
        let stop: TourStop = "settings/grabber".parse().unwrap();
        assert_eq!((stop.shown, stop.language), (Shown::Settings, None));
        let stop: TourStop = "support".parse().unwrap();
        assert_eq!(stop.shown, Shown::Screen(Screen::Game));
    }

    #[test]
    fn a_bad_stop_is_refused_with_its_reason() {
        let err = "lobby/splay".parse::<TourStop>().unwrap_err();
        assert!(err.contains("no screen \"lobby\""), "{err}");
        assert!("title/chess".parse::<TourStop>().is_err());
    }
}
