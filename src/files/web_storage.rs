//! The browser's stand-in for the file system: each file a text in the page's local storage,
//! under `stackyard:` and its path, so that settings, saves, the autosave and puzzle progress
//! survive a reload. Only the web build has it; [`super::folders`] and [`super::atomic`] ask it
//! there.

use std::io;
use std::path::{Path, PathBuf};

/// What every key starts with.
const PREFIX: &str = "stackyard:";

fn storage() -> io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| io::Error::other("the browser keeps no local storage for this page"))
}

fn key(path: &Path) -> String {
    format!("{PREFIX}{}", path.display())
}

/// The text stored at `path`.
///
/// # Errors
/// `NotFound` when nothing is stored there.
pub fn read(path: &Path) -> io::Result<String> {
    storage()?
        .get_item(&key(path))
        .ok()
        .flatten()
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("{} is not stored", path.display()),
            )
        })
}

/// Stores `bytes` (as text) at `path`, in one step: the old text stays until the new is in.
///
/// # Errors
/// The browser refused (its storage is full, or off).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(bytes);
    storage()
        .map_err(|e| e.to_string())?
        .set_item(&key(path), &text)
        .map_err(|_| {
            format!(
                "the browser's storage refused {}: it may be full",
                path.display()
            )
        })
}

/// Forgets what is stored at `path`.
pub fn remove(path: &Path) {
    if let Ok(storage) = storage() {
        let _ = storage.remove_item(&key(path));
    }
}

/// Whether something is stored at `path`.
#[must_use]
pub fn exists(path: &Path) -> bool {
    read(path).is_ok()
}

/// The paths stored directly in `folder`.
#[must_use]
pub fn list(folder: &Path) -> Vec<PathBuf> {
    let Ok(storage) = storage() else {
        return Vec::new();
    };
    let n = storage.length().unwrap_or(0);
    (0..n)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter_map(|k| k.strip_prefix(PREFIX).map(PathBuf::from))
        .filter(|p| p.parent() == Some(folder))
        .collect()
}
