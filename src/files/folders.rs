//! The small questions and chores the app and the command line put to the file system (is
//! it there, make the folder, the saves newest first, a removable drive, a file no larger than
//! so much), answered here so that no code outside `files` touches it.

use std::io;
use std::path::{Path, PathBuf};

/// Whether anything is at `path`.
#[must_use]
pub fn exists(path: &Path) -> bool {
    #[cfg(target_arch = "wasm32")]
    return super::bundled::text(path).is_some() || super::web_storage::exists(path);
    #[cfg(not(target_arch = "wasm32"))]
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
    // A browser's storage has no folders: a path's folder is only its name.
    if cfg!(target_arch = "wasm32") {
        return Ok(());
    }
    std::fs::create_dir_all(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Removes a file that was only needed for a while, if it is still there.
pub fn remove_if_there(path: &Path) {
    #[cfg(target_arch = "wasm32")]
    super::web_storage::remove(path);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = std::fs::remove_file(path);
}

/// The text of the file at `path`.
///
/// # Errors
/// The system's reason it cannot be read.
pub fn read_text(path: &Path) -> io::Result<String> {
    #[cfg(target_arch = "wasm32")]
    return match super::bundled::text(path) {
        Some(text) => Ok(text.to_owned()),
        None => super::web_storage::read(path),
    };
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::read_to_string(path)
}

/// The files directly in `folder`, in no order; none when it cannot be read.
#[must_use]
pub fn files_in(folder: &Path) -> Vec<PathBuf> {
    #[cfg(target_arch = "wasm32")]
    return [
        super::bundled::list(folder),
        super::web_storage::list(folder),
    ]
    .concat();
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .collect()
}

/// The size in bytes of the file at `path`.
///
/// # Errors
/// The system's reason it cannot be read.
pub fn size(path: &Path) -> io::Result<u64> {
    #[cfg(target_arch = "wasm32")]
    return read_text(path).map(|text| text.len() as u64);
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::metadata(path).map(|m| m.len())
}

/// Moves the file at `from` to `to` (a broken file set aside), replacing what was there.
///
/// # Errors
/// The system's reason it cannot be moved.
pub fn move_file(from: &Path, to: &Path) -> io::Result<()> {
    #[cfg(target_arch = "wasm32")]
    {
        let text = super::web_storage::read(from)?;
        super::web_storage::write(to, text.as_bytes()).map_err(io::Error::other)?;
        super::web_storage::remove(from);
        Ok(())
    }
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::rename(from, to)
}

/// The text of a file no larger than `limit` bytes (`noun` says what it should have been in the
/// message).
///
/// # Errors
/// Unreadable, larger than `limit` ("… bytes, more than any `noun`"), or not text.
pub fn read_small_text(path: &Path, limit: u64, noun: &str) -> Result<String, String> {
    let size = size(path).map_err(|e| e.to_string())?;
    if size > limit {
        return Err(format!("{size} bytes, more than any {noun}"));
    }
    #[cfg(target_arch = "wasm32")]
    return read_text(path).map_err(|e| e.to_string());
    #[cfg(not(target_arch = "wasm32"))]
    read_bytes_as_text(path)
}

/// The file's bytes, when they are text.
#[cfg(not(target_arch = "wasm32"))]
fn read_bytes_as_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| "it is not text".to_owned())
}

/// The `.ron` files in `folder` but the autosave and hidden ones, newest first; none when the
/// folder cannot be read.
#[must_use]
pub fn saves_in(folder: &Path) -> Vec<PathBuf> {
    #[cfg(target_arch = "wasm32")]
    return super::web_storage::list(folder)
        .into_iter()
        .filter(|p| is_a_save(p))
        .collect();
    #[cfg(not(target_arch = "wasm32"))]
    saves_newest_first(folder)
}

/// The saves in a folder on disk, newest first.
#[cfg(not(target_arch = "wasm32"))]
fn saves_newest_first(folder: &Path) -> Vec<PathBuf> {
    use crate::platform::clock::{FILE_EPOCH, FileTime};
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<(FileTime, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| is_a_save(p))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(FILE_EPOCH);
            (t, p)
        })
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    found.into_iter().map(|(_, p)| p).collect()
}

/// Whether a file is a save: a `.ron` file, not the autosave, not hidden.
fn is_a_save(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "ron")
        && path
            .file_stem()
            .is_some_and(|s| s != "autosave" && !s.to_string_lossy().starts_with('.'))
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

/// The program `name` in the first folder of `path` (a `PATH`-style list) that holds it as an
/// executable file, if any. A browser runs no programs: none there.
#[must_use]
pub fn program_on(name: &str, path: &std::ffi::OsStr) -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    std::env::split_paths(path)
        .map(|folder| folder.join(name))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
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

    #[test]
    fn a_program_is_found_only_where_it_may_run() {
        let dir = Scratch::new("folders-program");
        let empty = Scratch::new("folders-program-empty");
        let program = dir.join("spd-say");
        std::fs::write(&program, "#!/bin/sh\n").unwrap();
        let path = std::env::join_paths([empty.path(), dir.path()]).unwrap();
        #[cfg(unix)]
        {
            assert_eq!(program_on("spd-say", &path), None, "not executable yet");
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        assert_eq!(program_on("spd-say", &path), Some(program));
        assert_eq!(program_on("espeak", &path), None);
    }
}
