//! The move list's Save record: the game record (what Copy record copies) written into the data
//! folder's `records` folder on a desktop, or downloaded in a browser.

use bevy::prelude::*;

use crate::files::export_file::export_file;
use crate::game::core::i18n::Tr;
use crate::game::core::preferences::ShareBase;
use crate::game::core::saving::SaveFolder;
use crate::game::core::session::Session;
use crate::game::screens::export::{
    CopyRequest, Exported, copied_text, exported_path, saved_where,
};
use crate::rules::Game;

/// Save the game record as a file (a download in a browser).
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SaveRecordRequest;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveRecordRequest>()
        .add_systems(Update, save_records.run_if(resource_exists::<SaveFolder>));
}

fn save_records(
    mut requests: MessageReader<SaveRecordRequest>,
    session: Res<Session>,
    folder: Res<SaveFolder>,
    mut exported: ResMut<Exported>,
    tr: Res<Tr>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let record = copied_text(&session, CopyRequest::Record, &ShareBase::default());
    let game = session.initial().id().to_string();
    let path = exported_path(&folder.0, "records", &game, "txt");
    exported.status = match export_file(&path, record.as_bytes(), "text/plain") {
        Ok(()) => tr.tf("export.record_saved", &[("path", &saved_where(&tr, &path))]),
        Err(e) => {
            warn!("{e}");
            tr.tf("export.record_failed", &[("error", &e)])
        }
    };
}
