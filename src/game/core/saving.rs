//! Saving and loading games from the panel, and the autosave after every move (written by
//! `file_writer`, off the frame): files in the data folder, written atomically; a file that is
//! broken or illegal is refused with its reason and the game on the board is left as it was.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::files::save::{LoadedGame, SaveFile, SavedSeats};
use crate::rules::Game;

use crate::game::core::file_writer::{FileWriter, WriteFailed};
use crate::game::core::i18n::Tr;
use crate::game::core::seats::{Seat, Seats};
use crate::game::core::session::{BoardReset, Session};

/// What the autosave is called in the writer's reports and the problems.
const AUTOSAVE: &str = "autosave";

/// Where the game is saved after every move (none: no autosave, as in screenshot mode).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Autosave(pub Option<PathBuf>);

/// The folder the Save and Load section works in.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct SaveFolder(pub PathBuf);

/// Load this save file (the autosave or one of the folder's).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct LoadRequest(pub PathBuf);

/// Save the game under this name in the save folder.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct SaveRequest(pub String);

/// What the last save or load said, for the panel.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct FileStatus {
    /// The message.
    pub text: String,
    /// Whether it reports a failure.
    pub failed: bool,
    /// The name typed for the next save.
    pub name: String,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autosave>()
        .init_resource::<FileStatus>()
        .insert_resource(SaveFolder(crate::files::data_dir()))
        .add_message::<LoadRequest>()
        .add_message::<SaveRequest>()
        .add_systems(
            Update,
            (
                load_requested_games,
                save_requested_games,
                autosave_after_each_move.run_if(in_state(crate::game::core::screen::Screen::Game)),
                say_failed_autosaves,
            )
                .in_set(crate::game::core::GameSystems::Rules)
                .after(crate::game::core::session::apply_session_requests),
        );
}

/// The seats as a save file keeps them.
#[must_use]
pub fn saved_seats(seats: &Seats) -> SavedSeats {
    let level = |s: Seat| match s {
        Seat::Human => None,
        Seat::Computer(l) => Some(l),
    };
    SavedSeats {
        black: level(seats.black),
        white: level(seats.white),
    }
}

/// The seats a loaded game was saved with: the computer at its level, or a person.
pub fn take_saved_seats(seats: &mut Seats, saved: SavedSeats) {
    let seat = |l: Option<crate::ai::Level>| l.map_or(Seat::Human, Seat::Computer);
    seats.black = seat(saved.black);
    seats.white = seat(saved.white);
}

/// The session a loaded game continues.
#[must_use]
pub fn session_of(game: &LoadedGame) -> Session {
    Session::of_tree_at(game.start.clone(), game.tree.clone(), game.left_at)
}

fn save_of(session: &Session, seats: Option<&Seats>) -> SaveFile {
    SaveFile::of_tree_left_at(
        session.initial(),
        session.tree(),
        session.live_node(),
        seats.map_or_else(SavedSeats::default, saved_seats),
    )
}

fn autosave_after_each_move(
    session: Res<Session>,
    seats: Option<Res<Seats>>,
    autosave: Res<Autosave>,
    mut saved: Local<Option<(u64, usize, usize, usize)>>,
    writer: Res<FileWriter>,
) {
    let Some(path) = &autosave.0 else {
        return;
    };
    let key = (
        session.initial().hash(),
        session.move_count(),
        session.tree().len(),
        session.live_node(),
    );
    if session.move_count() == 0 || *saved == Some(key) {
        return;
    }
    *saved = Some(key);
    let file = save_of(&session, seats.as_deref());
    writer.write(AUTOSAVE, path.clone(), file.to_ron().into_bytes());
}

/// A failed autosave, said in the panel (the problem itself is noted where it was found).
fn say_failed_autosaves(
    mut failures: MessageReader<WriteFailed>,
    mut status: ResMut<FileStatus>,
    tr: Res<Tr>,
) {
    for failure in failures.read().filter(|f| f.what == AUTOSAVE) {
        *status = FileStatus {
            text: tr.tf("saves.autosave_failed", &[("error", &failure.why)]),
            failed: true,
            name: std::mem::take(&mut status.name),
        };
    }
}

fn save_requested_games(
    mut requests: MessageReader<SaveRequest>,
    session: Res<Session>,
    seats: Option<Res<Seats>>,
    folder: Res<SaveFolder>,
    mut status: ResMut<FileStatus>,
    tr: Res<Tr>,
) {
    for SaveRequest(name) in requests.read() {
        // Saving needs no keyboard: without a name, the game and the time name the save.
        let name = if name.trim().is_empty() {
            default_save_name(&session)
        } else {
            name.clone()
        };
        let result = file_name(&tr, &name).and_then(|file| {
            let path = folder.0.join(file);
            save_of(&session, seats.as_deref())
                .store(&path)
                .map(|()| path)
        });
        (status.text, status.failed) = match result {
            Ok(path) => (tr.tf("saves.saved", &[("path", &path.display())]), false),
            Err(e) => (tr.tf("saves.not_saved", &[("error", &e)]), true),
        };
    }
}

fn load_requested_games(
    mut requests: MessageReader<LoadRequest>,
    mut session: ResMut<Session>,
    mut seats: Option<ResMut<Seats>>,
    mut status: ResMut<FileStatus>,
    mut reset: MessageWriter<BoardReset>,
    tr: Res<Tr>,
) {
    for LoadRequest(path) in requests.read() {
        match SaveFile::load(path) {
            Ok((_, game)) => {
                *session = session_of(&game);
                if let Some(seats) = seats.as_deref_mut() {
                    take_saved_seats(seats, game.seats);
                }
                reset.write(BoardReset);
                status.text = tr.tf("saves.loaded", &[("name", &display_name(path))]);
                status.failed = false;
            }
            Err(e) => {
                status.text = tr.tf(
                    "saves.refused",
                    &[("name", &display_name(path)), ("error", &e)],
                );
                status.failed = true;
            }
        }
    }
}

/// The name of a save made without one: the game and the UTC time, `Splay 2026-11-22 14-05-12`.
fn default_save_name(session: &Session) -> String {
    let title: String = session
        .initial()
        .id()
        .title()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ')
        .collect();
    format!(
        "{title} {}",
        crate::files::save::utc_now().replace(':', "-")
    )
}

/// A save's file name from the name a person typed: letters, digits, spaces, `-` and `_`.
fn file_name(tr: &Tr, name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(tr.t("saves.no_name").to_owned());
    }
    if name.len() > 60
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
    {
        return Err(tr.tf("saves.bad_name", &[("name", &name)]));
    }
    Ok(format!("{name}.ron"))
}

pub(crate) fn display_name(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_names_become_safe_file_names() {
        let tr = Tr::default();
        assert_eq!(file_name(&tr, " my game 2 ").unwrap(), "my game 2.ron");
        for id in crate::rules::BUILT {
            let session = Session::new(crate::rules::AnyGame::start(
                crate::rules::AnyOptions::for_game(id),
            ));
            let name = default_save_name(&session);
            assert!(file_name(&tr, &name).is_ok(), "{name}");
        }
        for bad in ["", "../evil", "a/b", "x.ron", &"n".repeat(61)] {
            assert!(file_name(&tr, bad).is_err(), "{bad}");
        }
    }
}
