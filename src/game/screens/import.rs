//! Import: a game record or a position string pasted (the move list's Paste, or Ctrl+V over the
//! board), a save or record file dropped on the window, or one chosen with Open file (in a
//! browser), opens that game at its last move
//! with its whole history. A wrong text is refused with the reader's reason and the game on the
//! board stays as it was. In the position editor, a position string is set up there. Not in
//! kiosk mode.

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass};

use crate::files::folders::read_small_text;
use crate::files::import::read_game;
use crate::files::save::MAX_SAVE_BYTES;
use crate::game::core::editor::Editor;
use crate::game::core::i18n::Tr;
use crate::game::core::kiosk::Kiosk;
use crate::game::core::saving::take_saved_seats;
use crate::game::core::screen::Screen;
use crate::game::core::seats::Seats;
use crate::game::core::session::{BoardReset, Session};
use crate::game::screens::export::Exported;
use crate::game::ui::choices::seat_label;

/// The Paste button was pressed: read the clipboard.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PasteRequest;

/// The Open file button was pressed (in a browser): ask the page's file picker.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenFileRequest;

/// A text to open as a game (a record, a save's text or a position string).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct ImportText(pub String);

/// Reading dropped files and opening imported texts (no renderer needed).
pub(super) fn logic_plugin(app: &mut App) {
    // The window adds the drop messages; a headless app has none until here.
    app.init_resource::<Exported>()
        .add_message::<FileDragAndDrop>()
        .add_message::<ImportText>()
        .add_message::<OpenFileRequest>()
        .add_systems(
            Update,
            (
                (ask_for_a_file, read_picked_files, read_dropped_files),
                open_imported_games,
            )
                .chain()
                .run_if(not(resource_exists::<Kiosk>)),
        );
}

/// Reading the clipboard, in egui's pass.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<PasteRequest>().add_systems(
        EguiPrimaryContextPass,
        read_the_clipboard.run_if(not(resource_exists::<Kiosk>)),
    );
}

/// Ctrl+V over the board (no text field has the keyboard) and the Paste button read the
/// clipboard.
fn read_the_clipboard(
    mut contexts: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    mut requests: MessageReader<PasteRequest>,
    clipboard: Option<ResMut<EguiClipboard>>,
    mut texts: MessageWriter<ImportText>,
    mut exported: ResMut<Exported>,
    tr: Res<Tr>,
) -> Result {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let typed = ctrl
        && keys.just_pressed(KeyCode::KeyV)
        && !contexts.ctx_mut()?.egui_wants_keyboard_input();
    let asked = requests.read().count() > 0;
    if !(typed || asked) {
        return Ok(());
    }
    match clipboard.and_then(|mut c| c.get_text()) {
        Some(text) if !text.trim().is_empty() => {
            texts.write(ImportText(text));
        }
        _ => exported.status = tr.t("import.clipboard_empty").to_owned(),
    }
    Ok(())
}

/// Open file opens the browser's file picker (a desktop has none: a file is dropped there).
fn ask_for_a_file(
    mut requests: MessageReader<OpenFileRequest>,
    mut exported: ResMut<Exported>,
    tr: Res<Tr>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let picker = crate::platform::browser_files::pick_file(".ron,.txt", MAX_SAVE_BYTES);
    if let Err(e) = picker {
        exported.status = tr.tf("import.unreadable", &[("path", &"…"), ("error", &e)]);
    }
}

/// The texts of the files picked in the browser, once read.
fn read_picked_files(
    mut texts: MessageWriter<ImportText>,
    mut exported: ResMut<Exported>,
    tr: Res<Tr>,
) {
    for picked in crate::platform::browser_files::take_picked() {
        match picked {
            Ok(text) => {
                texts.write(ImportText(text));
            }
            Err(e) => exported.status = tr.tf("import.failed", &[("error", &e)]),
        }
    }
}

/// A file dropped on the window is read (a save or a record, at most a save's size).
fn read_dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut texts: MessageWriter<ImportText>,
    mut exported: ResMut<Exported>,
    tr: Res<Tr>,
) {
    for drop in drops.read() {
        let FileDragAndDrop::DroppedFile { path_buf, .. } = drop else {
            continue;
        };
        match read_small_text(path_buf, MAX_SAVE_BYTES, "saved game") {
            Ok(text) => {
                texts.write(ImportText(text));
            }
            Err(e) => {
                let path = path_buf.display().to_string();
                exported.status = tr.tf("import.unreadable", &[("path", &path), ("error", &e)]);
            }
        }
    }
}

/// Opens each imported text as the game on the board, or says why not (the game stays). In the
/// position editor a position string is set up there instead.
fn open_imported_games(
    mut texts: MessageReader<ImportText>,
    mut editor: Option<ResMut<Editor>>,
    mut session: ResMut<Session>,
    mut seats: ResMut<Seats>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
    mut exported: ResMut<Exported>,
    tr: Res<Tr>,
) {
    for ImportText(text) in texts.read() {
        if let Some(editor) = editor.as_mut()
            && editor.paste(text).is_ok()
        {
            exported.status = tr.t("editor.pasted").to_owned();
            continue;
        }
        match read_game(text) {
            Ok(game) => {
                *session = Session::of_tree_at(game.start, game.tree, game.left_at);
                // A save brings its seats; a record or a position keeps the players' own.
                let key = match game.seats {
                    Some(saved) => {
                        take_saved_seats(&mut seats, saved);
                        "import.done_saved_seats"
                    }
                    None => "import.done_seats_kept",
                };
                reset.write(BoardReset);
                next.set(Screen::Game);
                let moves = session.move_count();
                let (black, white) = (seat_label(&tr, seats.black), seat_label(&tr, seats.white));
                let args = [
                    (
                        "opened",
                        &tr.count("import.done", moves) as &dyn std::fmt::Display,
                    ),
                    ("black", &black),
                    ("white", &white),
                ];
                exported.status = tr.tf(key, &args);
            }
            Err(e) => {
                exported.status = tr.tf("import.failed", &[("error", &e)]);
            }
        }
    }
}
