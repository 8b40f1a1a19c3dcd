//! What the app opens with: `--position`, `--game`, `--partial`, `--screen` and `--opt`,
//! checked before any window opens.

use crate::app::{AppOptions, OpeningScreen};
use crate::rules::{AnyGame, GameId, Setup, play_prefix};

use super::referee::{BAD_MOVE, Failure};

/// What the app opens with, from `--position`, `--game`, `--partial`, `--screen` and `--opt`.
pub fn app_options(
    position: Option<&str>,
    game: Option<&str>,
    partial: Option<&str>,
    screen: Option<&str>,
    settings: &[String],
) -> Result<AppOptions, Failure> {
    let screen = match screen.map(|name| (name, OpeningScreen::named(name))) {
        None => None,
        Some((_, Some(s))) => Some(s),
        Some((name, None)) => {
            let names: Vec<&str> = OpeningScreen::ALL.iter().map(|s| s.name()).collect();
            return Err(Failure::usage(format!(
                "unknown screen '{name}' (screens: {})",
                names.join(", ")
            )));
        }
    };
    // A game asked for on the command line wins over resuming after a crash.
    let asked = position.is_some() || game.is_some() || partial.is_some();
    let start = match (position, game) {
        (Some(text), _) => {
            let setup = Setup::parse(text)?;
            AnyGame::from_setup_with(&setup, settings.iter().map(String::as_str))
                .map_err(|e| Failure::usage(format!("bad position: {e}")))?
        }
        (None, name) => {
            let id: GameId = name
                .unwrap_or("splay")
                .parse()
                .map_err(|e| Failure::usage(format!("{e}")))?;
            AnyGame::start_with(id, settings.iter().map(String::as_str)).map_err(Failure::usage)?
        }
    };
    let partial = match partial {
        Some(text) => Some(play_prefix(&start, text).map_err(|e| Failure {
            code: BAD_MOVE,
            message: format!("partial turn '{text}' is refused: {e}"),
        })?),
        None => None,
    };
    // Asked for nothing, the app opens on the title; asked for a game or a position, on it.
    let settings_open = screen == Some(OpeningScreen::Settings);
    let screen = match screen {
        Some(s) => s.screen(),
        None if asked => crate::game::core::screen::Screen::Game,
        None => crate::game::core::screen::Screen::Title,
    };
    Ok(AppOptions {
        position: start,
        partial,
        screen,
        screenshot: None,
        data_dir: None,
        resume_after_crash: !asked,
        settings_open,
        ..AppOptions::default()
    })
}
