//! Export: the game record, the position string and a link copied to the clipboard (from the
//! move list), and F12 (or the move list's Picture button) saving a screenshot as a PNG into the
//! data folder's `screenshots` folder (in a browser, a download).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::files::record::tree_record;
use crate::rules::Game;

use crate::game::core::preferences::ShareBase;
use crate::game::core::saving::SaveFolder;
use crate::game::core::session::Session;

/// Something to copy.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyRequest {
    /// The game record: start, moves in notation, position now.
    Record,
    /// The position string shown (an earlier one when looking back in the history).
    Position,
    /// A link that carries the game: its moves, variations and the move play goes on from.
    Link,
}

/// Save a picture of the window now, as F12 does (the move list's Picture button).
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScreenshotRequest;

/// The text waiting to go to the clipboard, and what the last export did.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Exported {
    /// Text for the clipboard, taken by the UI pass.
    pub clipboard: Option<String>,
    /// What the last export said, for the move list.
    pub status: String,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Exported>()
        .add_message::<CopyRequest>()
        .add_message::<ScreenshotRequest>()
        .add_systems(
            Update,
            (
                prepare_copies,
                take_screenshots.run_if(resource_exists::<SaveFolder>),
            ),
        )
        .add_systems(
            OnEnter(crate::game::core::screen::Screen::Editor),
            forget_the_games_status,
        )
        .add_systems(bevy_egui::EguiPrimaryContextPass, send_to_clipboard);
}

/// The text of a copy request; a link starts with `share`'s address (on the web, the page's
/// own where the settings give none).
#[must_use]
pub fn copied_text(session: &Session, what: CopyRequest, share: &ShareBase) -> String {
    match what {
        CopyRequest::Link if share.0.is_empty() => {
            session.link(&crate::platform::page::address().unwrap_or_default())
        }
        CopyRequest::Link => session.link(&share.0),
        CopyRequest::Record => tree_record(session.initial(), session.tree(), main_result(session)),
        CopyRequest::Position if session.viewing().is_some() => {
            session.position().to_setup().to_string()
        }
        CopyRequest::Position => session.turn().start().to_setup().to_string(),
    }
}

/// The result of the main line: the game's own when it is the line played (a resignation
/// included), else what the main line's last position and history say.
fn main_result(session: &Session) -> Option<crate::rules::Outcome> {
    let tree = session.tree();
    let end = tree.line_end(crate::files::tree::ROOT);
    if session.live_node() == end {
        return session.outcome();
    }
    let (now, history) = crate::files::lines::position_at(tree, session.initial(), end);
    history.outcome(&now)
}

/// What the Moves window's copy, paste or export said is the game's: the position editor opens
/// without it (its own copy and paste say theirs).
fn forget_the_games_status(mut exported: ResMut<Exported>) {
    exported.status.clear();
}

fn prepare_copies(
    mut requests: MessageReader<CopyRequest>,
    session: Res<Session>,
    mut exported: ResMut<Exported>,
    (tr, share): (Res<crate::game::core::i18n::Tr>, Res<ShareBase>),
) {
    for &what in requests.read() {
        exported.clipboard = Some(copied_text(&session, what, &share));
        exported.status = tr
            .t(match what {
                CopyRequest::Record => "export.record_copied",
                CopyRequest::Position => "export.position_copied",
                CopyRequest::Link => "export.link_copied",
            })
            .to_owned();
    }
}

fn send_to_clipboard(
    mut contexts: bevy_egui::EguiContexts,
    mut exported: ResMut<Exported>,
) -> Result {
    if let Some(text) = exported.clipboard.take() {
        contexts.ctx_mut()?.copy_text(text);
    }
    Ok(())
}

/// The file a picture taken now goes to: `screenshots/stackyard-<UTC date>_<time>.<ext>`, with
/// a number added when one was already taken that second.
#[must_use]
pub fn screenshot_path(folder: &Path, ext: &str) -> PathBuf {
    exported_path(folder, "screenshots", "stackyard", ext)
}

/// The file an export made now goes to: `<kind>/<name>-<UTC date>_<time>.<ext>`, with a number
/// added when one was already made that second.
#[must_use]
pub fn exported_path(folder: &Path, kind: &str, name: &str, ext: &str) -> PathBuf {
    let stamp = crate::files::save::utc_now()
        .replace(' ', "_")
        .replace(':', "-");
    let dir = folder.join(kind);
    let mut path = dir.join(format!("{name}-{stamp}.{ext}"));
    let mut n = 2;
    while crate::files::folders::exists(&path) {
        path = dir.join(format!("{name}-{stamp}-{n}.{ext}"));
        n += 1;
    }
    path
}

/// Where an exported file went, as the move list says it: its path on a desktop; in a browser,
/// the downloads, with its name.
#[must_use]
pub fn saved_where(tr: &crate::game::core::i18n::Tr, path: &Path) -> String {
    if cfg!(target_arch = "wasm32") {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        tr.tf("export.downloads", &[("name", &name)])
    } else {
        path.display().to_string()
    }
}

/// F12, or the move list's Picture button, saves the window as a PNG.
fn take_screenshots(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    mut requests: MessageReader<ScreenshotRequest>,
    folder: Res<SaveFolder>,
) {
    let asked = requests.read().count() > 0;
    if !keys.just_pressed(KeyCode::F12) && !asked {
        return;
    }
    let path = screenshot_path(&folder.0, "png");
    commands.spawn(Screenshot::primary_window()).observe(
        move |shot: On<ScreenshotCaptured>,
              mut exported: ResMut<Exported>,
              tr: Res<crate::game::core::i18n::Tr>| {
            exported.status = match save_png(&shot.image, &path) {
                Ok(()) => tr.tf(
                    "export.screenshot_saved",
                    &[("path", &saved_where(&tr, &path))],
                ),
                Err(e) => {
                    warn!("{e}");
                    tr.tf("export.screenshot_failed", &[("error", &e)])
                }
            };
        },
    );
}

/// Writes an image as an RGB PNG, atomically (a temporary file, then a rename).
///
/// # Errors
/// A message saying what failed.
pub fn save_png(image: &Image, path: &Path) -> Result<(), String> {
    let rgb = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("cannot convert the screenshot: {e}"))?
        .to_rgb8();
    let mut bytes = Vec::new();
    rgb.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("cannot encode the screenshot: {e}"))?;
    crate::files::export_file::export_file(path, &bytes, "image/png")?;
    info!("screenshot saved to {}", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyGame, AnyOptions, GameId, play_move};

    #[test]
    fn the_copies_are_the_record_and_the_position_shown() {
        let start = AnyGame::start(AnyOptions::for_game(GameId::Splay));
        let mut session = Session::new(start.clone());
        let mut now = start.clone();
        for m in ["c2-c3", "c7-c6"] {
            let (after, actions) = play_move(&now, m).unwrap();
            for a in actions {
                session.play(a);
            }
            now = after;
        }
        let record = copied_text(&session, CopyRequest::Record, &ShareBase::default());
        assert!(record.contains("1. c2-c3\n2. c7-c6\n"), "{record}");
        assert!(record.contains(&format!("Position: {}\n", now.to_setup())));
        assert_eq!(
            copied_text(&session, CopyRequest::Position, &ShareBase::default()),
            now.to_setup().to_string()
        );
        // Looking back at the start, the position copied is the one on the board.
        session.view(0);
        assert_eq!(
            copied_text(&session, CopyRequest::Position, &ShareBase::default()),
            start.to_setup().to_string()
        );
    }
}
