//! What the app opens with: `--position`, `--game`, `--partial`, `--screen` and `--opt`,
//! checked before any window opens.

use crate::app::AppOptions;
use crate::game::core::screen::Screen;
use crate::rules::{AnyGame, GameId, Setup, play_prefix};

use super::referee::{BAD_MOVE, Failure};

/// The screens `--screen` can show.
pub const SCREENS: &[&str] = &[
    "title",
    "game",
    "how-to-play",
    "settings",
    "attract",
    "idle-prompt",
];

/// What the app opens with, from `--position`, `--game`, `--partial`, `--screen` and `--opt`.
pub fn app_options(
    position: Option<&str>,
    game: Option<&str>,
    partial: Option<&str>,
    screen: Option<&str>,
    settings: &[String],
) -> Result<AppOptions, Failure> {
    if let Some(name) = screen
        && !SCREENS.contains(&name)
    {
        return Err(Failure::usage(format!(
            "unknown screen '{name}' (screens: {})",
            SCREENS.join(", ")
        )));
    }
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
    let settings_open = screen == Some("settings");
    let screen = match screen {
        Some("title" | "settings") => Screen::Title,
        Some("how-to-play") => Screen::HowToPlay,
        Some("attract") => Screen::Attract,
        Some(_) => Screen::Game,
        None if asked => Screen::Game,
        None => Screen::Title,
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
