//! The files written while the game plays (the autosave after each move, the kiosk's
//! heartbeat) go to a writer on a thread of its own, so no frame waits for the disk; each is
//! still written atomically, in the order asked. A write that fails is noted as a problem and
//! told to whoever wrote it ([`WriteFailed`]); the app waits for the writes left when it closes.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::files::background::BackgroundWriter;
use crate::game::core::problems::Problems;

/// The writer the game's files go through.
#[derive(Resource)]
pub struct FileWriter(BackgroundWriter);

impl FileWriter {
    /// Asks for `bytes` to be written to `path`; `what` names the file in a problem.
    pub fn write(&self, what: &'static str, path: PathBuf, bytes: Vec<u8>) {
        self.0.write(what, path, bytes);
    }

    /// Waits until every write asked for so far is done (a test reading the file, say).
    pub fn wait(&self) {
        self.0.wait();
    }
}

/// A write that failed: what the file is and why.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct WriteFailed {
    /// What the file is ("autosave", "heartbeat").
    pub what: &'static str,
    /// The reason, naming the file.
    pub why: String,
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(FileWriter(BackgroundWriter::start()))
        .add_message::<WriteFailed>()
        .add_systems(Last, report_failed_writes);
}

/// The writes finished since the last frame: each failure noted once per kind and told on.
fn report_failed_writes(
    writer: Res<FileWriter>,
    mut problems: ResMut<Problems>,
    mut failed: MessageWriter<WriteFailed>,
) {
    for written in writer.0.finished() {
        if let Err(why) = written.result {
            let what = written.what;
            problems.note(what, format!("the {what} is skipped: {why}"));
            failed.write(WriteFailed { what, why });
        }
    }
}
