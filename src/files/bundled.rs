//! The web build's own copy of the text assets (themes, string tables, puzzles, the
//! how-to-play games, the example profile), built into the program: a page has no folder to read
//! them from. [`super::folders`] answers for `assets/…` from here on the web.

use std::path::{Path, PathBuf};

/// Each file, by its path below `assets/`.
const FILES: &[(&str, &str)] = &[
    (
        "themes/high-contrast.ron",
        include_str!("../../assets/themes/high-contrast.ron"),
    ),
    (
        "themes/wood.ron",
        include_str!("../../assets/themes/wood.ron"),
    ),
    ("i18n/de.ron", include_str!("../../assets/i18n/de.ron")),
    ("i18n/en.ron", include_str!("../../assets/i18n/en.ron")),
    (
        "puzzles/cash-in-hand.ron",
        include_str!("../../assets/puzzles/cash-in-hand.ron"),
    ),
    (
        "puzzles/grabber.ron",
        include_str!("../../assets/puzzles/grabber.ron"),
    ),
    (
        "puzzles/intermedium.ron",
        include_str!("../../assets/puzzles/intermedium.ron"),
    ),
    (
        "puzzles/splay.ron",
        include_str!("../../assets/puzzles/splay.ron"),
    ),
    (
        "puzzles/support.ron",
        include_str!("../../assets/puzzles/support.ron"),
    ),
    (
        "replays/cash-in-hand.ron",
        include_str!("../../assets/replays/cash-in-hand.ron"),
    ),
    (
        "replays/grabber.ron",
        include_str!("../../assets/replays/grabber.ron"),
    ),
    (
        "replays/intermedium.ron",
        include_str!("../../assets/replays/intermedium.ron"),
    ),
    (
        "replays/splay.ron",
        include_str!("../../assets/replays/splay.ron"),
    ),
    (
        "replays/support.ron",
        include_str!("../../assets/replays/support.ron"),
    ),
    (
        "exhibition.ron",
        include_str!("../../assets/exhibition.ron"),
    ),
];

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
