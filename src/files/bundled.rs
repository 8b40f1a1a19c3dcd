//! The web build's own copy of the text assets (themes, string tables, puzzles, the
//! how-to-play games, the example profile), built into the program: a page has no folder to read
//! them from. [`super::folders`] answers for `assets/…` from here on the web.

use std::path::{Path, PathBuf};

/// Each file, by its path below `assets/`: every file of the folders the app reads, listed by
/// the build script.
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/bundled_files.rs"));

/// The text of `assets/<name>`, when it is built in.
#[must_use]
pub fn text(path: &Path) -> Option<&'static str> {
    let name = path.strip_prefix("assets").ok()?.to_str()?;
    FILES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The built-in files directly in `folder` (an `assets/…` path).
#[must_use]
pub fn list(folder: &Path) -> Vec<PathBuf> {
    FILES
        .iter()
        .map(|(name, _)| Path::new("assets").join(name))
        .filter(|p| p.parent() == Some(folder))
        .collect()
}
