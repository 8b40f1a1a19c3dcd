//! The small questions and chores the app and the command line put to the file system (is
//! it there, make the folder, the saves newest first, a removable drive, a file no larger than
//! so much), answered here so that no code outside `files` touches it.

use std::io;
use std::path::{Path, PathBuf};

use crate::platform::clock::{SystemTime, UNIX_EPOCH};

/// Whether anything is at `path`.
#[must_use]
pub fn exists(path: &Path) -> bool {
    path.exists()
}

/// Whether `path` is a folder.
#[must_use]
pub fn is_folder(path: &Path) -> bool {
    path.is_dir()
}

/// Makes the folder `path` and those above it.
///
/// # Errors
/// "`path`: why", when it cannot be made.
pub fn make_folder(path: &Path) -> Result<(), String> {
    std::fs::create_dir_all(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Removes a file that was only needed for a while, if it is still there.
pub fn remove_if_there(path: &Path) {
    let _ = std::fs::remove_file(path);
}

/// The text of the file at `path`.
///
/// # Errors
/// The system's reason it cannot be read.
pub fn read_text(path: &Path) -> io::Result<String> {
    std::fs::read_to_string(path)
}

/// The text of a file no larger than `limit` bytes (`noun` says what it should have been in the
/// message).
///
/// # Errors
/// Unreadable, larger than `limit` ("… bytes, more than any `noun`"), or not text.
pub fn read_small_text(path: &Path, limit: u64, noun: &str) -> Result<String, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > limit {
        return Err(format!("{size} bytes, more than any {noun}"));
    }
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| "it is not text".to_owned())
}

/// The `.ron` files in `folder` but the autosave and hidden ones, newest first; none when the
/// folder cannot be read.
#[must_use]
pub fn saves_in(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<(SystemTime, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "ron")
                && p.file_stem()
                    .is_some_and(|s| s != "autosave" && !s.to_string_lossy().starts_with('.'))
        })
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(UNIX_EPOCH);
            (t, p)
        })
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    found.into_iter().map(|(_, p)| p).collect()
}

/// A mounted removable drive (`/media/<user>/<drive>` or `/run/media/<user>/<drive>`), the
/// first found.
#[must_use]
pub fn removable_drive() -> Option<PathBuf> {
    ["/media", "/run/media"].iter().find_map(|root| {
        let users = std::fs::read_dir(root).ok()?;
        users.flatten().find_map(|user| {
            let drives = std::fs::read_dir(user.path()).ok()?;
            drives.flatten().map(|d| d.path()).find(|p| p.is_dir())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::scratch::Scratch;

    #[test]
    fn saves_come_newest_first_without_the_autosave_or_hidden_files() {
        let dir = Scratch::new("folders-saves");
        for name in [
            "old.ron",
            "autosave.ron",
            ".hidden.ron",
            "notes.txt",
            "new.ron",
        ] {
            std::fs::write(dir.join(name), "x").unwrap();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let names: Vec<String> = saves_in(&dir)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["new.ron", "old.ron"]);
        assert!(saves_in(&dir.join("none")).is_empty());
    }

    #[test]
    fn a_small_text_file_reads_and_a_large_or_binary_one_is_refused_by_name() {
        let dir = Scratch::new("folders-small");
        let (text, big, binary) = (dir.join("a.ron"), dir.join("b.ron"), dir.join("c.ron"));
        std::fs::write(&text, "(game: splay)").unwrap();
        std::fs::write(&big, "x".repeat(101)).unwrap();
        std::fs::write(&binary, [0xff, 0xfe]).unwrap();
        assert_eq!(
            read_small_text(&text, 100, "save").unwrap(),
            "(game: splay)"
        );
        assert_eq!(
            read_small_text(&big, 100, "save").unwrap_err(),
            "101 bytes, more than any save"
        );
        assert_eq!(
            read_small_text(&binary, 100, "save").unwrap_err(),
            "it is not text"
        );
        assert!(read_small_text(&dir.join("none"), 100, "save").is_err());
    }
}
