//! What the app opens with: `--position`, `--game`, `--partial`, `--screen` and `--opt`,
//! checked before any window opens.

use crate::app::AppOptions;
use crate::rules::{Game, GameId, PositionError, Setup, Splay, play_prefix};

use super::referee::{self, BAD_MOVE, Failure, options};

/// The screens `--screen` can show.
pub const SCREENS: &[&str] = &["game"];

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
    let start: Splay = match (position, game) {
        (Some(text), _) => {
            let setup = Setup::parse(text)?;
            if setup.game != GameId::Splay {
                return Err(Failure::usage(
                    PositionError::NotBuilt(setup.game).to_string(),
                ));
            }
            referee::position(&setup, settings)?
        }
        (None, Some(name)) => {
            let id: GameId = name.parse().map_err(|e| Failure::usage(format!("{e}")))?;
            if id != GameId::Splay {
                return Err(Failure::usage(PositionError::NotBuilt(id).to_string()));
            }
            Splay::start(options::<Splay>(settings)?)
        }
        (None, None) => Splay::start(options::<Splay>(settings)?),
    };
    let partial = match partial {
        Some(text) => Some(play_prefix(&start, text).map_err(|e| Failure {
            code: BAD_MOVE,
            message: format!("partial turn '{text}' is refused: {e}"),
        })?),
        None => None,
    };
    Ok(AppOptions {
        position: start,
        partial,
        screenshot: None,
    })
}
