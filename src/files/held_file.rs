//! A file appended to line by line and held by one process at a time (an advisory lock the
//! system drops when the process ends, however it ends): what a match's journal is written to.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a held file could not be opened.
#[derive(Debug)]
pub enum HoldError {
    /// It cannot be made or written to.
    Unwritable(std::io::Error),
    /// Another process holds it now.
    Held,
    /// The lock itself failed.
    Unlockable(std::io::Error),
    /// It cannot be read back.
    Unreadable(std::io::Error),
}

/// An open file held by this process, appended to.
pub struct HeldFile {
    path: PathBuf,
    file: File,
}

impl HeldFile {
    /// Opens the file at `path` for appending (making it when it does not exist) and holds it;
    /// with the text it holds already.
    ///
    /// # Errors
    /// A [`HoldError`] saying which step failed.
    pub fn open(path: &Path) -> Result<(HeldFile, String), HoldError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(HoldError::Unwritable)?;
        file.try_lock().map_err(|e| match e {
            TryLockError::WouldBlock => HoldError::Held,
            TryLockError::Error(e) => HoldError::Unlockable(e),
        })?;
        let text = std::fs::read_to_string(path).map_err(HoldError::Unreadable)?;
        let held = HeldFile {
            path: path.to_path_buf(),
            file,
        };
        Ok((held, text))
    }

    /// Cuts the file to its first `len` bytes.
    ///
    /// # Errors
    /// The system's reason.
    pub fn cut_to(&mut self, len: usize) -> std::io::Result<()> {
        self.file.set_len(len as u64)
    }

    /// Appends `text` and waits until it is on the disk.
    ///
    /// # Errors
    /// "`path`: why".
    pub fn append(&mut self, text: &str) -> Result<(), String> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_file_is_refused_to_a_second_opener_until_the_first_lets_go() {
        let dir = crate::files::scratch::Scratch::new("held-file");
        let path = dir.join("journal.txt");
        let (mut first, text) = HeldFile::open(&path).unwrap();
        assert_eq!(text, "");
        first.append("one\ntwo").unwrap();
        assert!(matches!(HeldFile::open(&path), Err(HoldError::Held)));
        first.cut_to(4).unwrap();
        drop(first);
        let (_, text) = HeldFile::open(&path).unwrap();
        assert_eq!(text, "one\n");
    }
}
