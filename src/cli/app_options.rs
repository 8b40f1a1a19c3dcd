//! What the app opens with: `--position`, `--game`, `--partial`, `--load` (a file or a link),
//! `--screen` and `--opt`, checked before any window opens.

use std::path::Path;

use crate::app::{AppOptions, Opening, OpeningScreen};
use crate::files::save::{LoadedGame, SaveFile};
use crate::files::share_link;
use crate::rules::{AnyGame, GameId, Setup, play_prefix};

use super::referee::{BAD_MOVE, Failure};

/// What the app opens with, from `--position`, `--game`, `--partial`, `--load`, `--screen` and
/// `--opt`.
pub fn app_options(
    position: Option<&str>,
    game: Option<&str>,
    partial: Option<&str>,
    load: Option<&Path>,
    screen: Option<&str>,
    settings: &[String],
) -> Result<AppOptions, Failure> {
    let screen = screen.map(screen_named).transpose()?;
    let loaded = load.map(loaded_game).transpose()?;
    // A game asked for on the command line wins over resuming after a crash.
    let asked = position.is_some() || game.is_some() || partial.is_some() || load.is_some();
    let start = match &loaded {
        Some(saved) => saved.start.clone(),
        None => start_asked(position, game, settings)?,
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
        opens: Opening {
            position: start,
            partial,
            loaded,
            screen,
            settings_open,
            ..Opening::default()
        },
        resume_after_crash: !asked,
        ..AppOptions::default()
    })
}

/// The game `--load` names: a saved game's file, or a link that carries a game (when no file
/// has that name).
///
/// # Errors
/// The file or the link refused, with why.
fn loaded_game(what: &Path) -> Result<LoadedGame, Failure> {
    let text = what.to_string_lossy();
    if !crate::files::folders::exists(what) && share_link::looks_like_link(&text) {
        return share_link::open_link(&text)
            .map_err(|e| Failure::usage(format!("cannot open the link: {e}")));
    }
    SaveFile::load(what)
        .map(|(_, game)| game)
        .map_err(|e| Failure::usage(format!("cannot load {}: {e}", what.display())))
}

/// The opening screen `--screen` names.
///
/// # Errors
/// An unknown name, with the names there are.
fn screen_named(name: &str) -> Result<OpeningScreen, Failure> {
    OpeningScreen::named(name).ok_or_else(|| {
        let names: Vec<&str> = OpeningScreen::ALL.iter().map(|s| s.name()).collect();
        Failure::usage(format!(
            "unknown screen '{name}' (screens: {})",
            names.join(", ")
        ))
    })
}

/// The position `--position` sets up, else the start of `--game` (Splay's if none), with the
/// `--opt` settings.
///
/// # Errors
/// A position or game id that does not read, or an option the game refuses.
fn start_asked(
    position: Option<&str>,
    game: Option<&str>,
    settings: &[String],
) -> Result<AnyGame, Failure> {
    let options = settings.iter().map(String::as_str);
    if let Some(text) = position {
        let setup = Setup::parse(text)?;
        return AnyGame::from_setup_with(&setup, options)
            .map_err(|e| Failure::usage(format!("bad position: {e}")));
    }
    let id: GameId = game
        .unwrap_or("splay")
        .parse()
        .map_err(|e| Failure::usage(format!("{e}")))?;
    AnyGame::start_with(id, options).map_err(Failure::usage)
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::ai::Level;
    use crate::files::save::SavedSeats;
    use crate::game::core::screen::Screen;
    use crate::game::core::seats::{Seat, Seats};
    use crate::game::core::session::Session;
    use crate::rules::{AnyOptions, Game};

    fn folder(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::Scratch::new(name)
    }

    #[test]
    fn a_saved_game_opens_after_its_last_move_with_its_seats() {
        let dir = folder("load-option");
        let path = dir.join("record.ron");
        let start = AnyGame::start(AnyOptions::for_game(GameId::Grabber6));
        let seats = SavedSeats {
            black: Some(Level::Strong),
            white: Some(Level::Casual),
        };
        SaveFile::of(&start, &["a1".to_string()], seats)
            .store(&path)
            .unwrap();
        let mut options = app_options(None, None, None, Some(&path), None, &[]).unwrap();
        assert_eq!(options.opens.screen, Screen::Game);
        assert_eq!(options.opens.position, start);
        assert!(!options.resume_after_crash, "a game asked for wins");

        options.run = crate::app::RunMode::Headless;
        options.folders.data = Some(dir.join("data"));
        options.folders.config = Some(dir.join("config"));
        let app = crate::app::build(options);
        let session = app.world().resource::<Session>();
        assert_eq!(session.moves(), ["a1".to_string()]);
        assert_eq!(session.initial(), &start);
        assert_ne!(session.position(), &start);
        let seats = app.world().resource::<Seats>();
        assert_eq!(seats.black, Seat::Computer(Level::Strong));
        assert_eq!(seats.white, Seat::Computer(Level::Casual));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_save_that_cannot_be_loaded_is_refused_by_name_before_any_window_opens() {
        let dir = folder("load-option-broken");
        let broken = dir.join("broken.ron");
        std::fs::write(&broken, "(version: 1, game: chess)").unwrap();
        for (path, why) in [
            (broken, "not a Stackyard save"),
            (dir.join("missing.ron"), "cannot be read"),
        ] {
            let failure = app_options(None, None, None, Some(&path), None, &[]).unwrap_err();
            assert_eq!(failure.code, super::super::referee::USAGE);
            assert!(
                failure.message.contains(&path.display().to_string())
                    && failure.message.contains(why),
                "{}",
                failure.message
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
