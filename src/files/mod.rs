//! Files a player keeps: saved games and the autosave (data folder), settings (config folder),
//! all written atomically; and where the game's own files are and the themes the app reads.
//! Plain Rust (no Bevy): the app, the command line and the tests all use it.

pub mod assets;
pub mod atomic;
pub mod auto_steps;
pub mod background;
#[cfg(target_arch = "wasm32")]
pub mod bundled;
pub mod crash;
pub mod export_file;
pub mod folders;
pub mod health;
pub mod held_file;
pub mod i18n;
pub mod import;
pub mod lines;
pub mod opening_hours;
pub mod plurals;
pub mod profile;
pub mod puzzle_progress;
pub mod puzzles;
pub mod record;
pub mod save;
pub mod scratch;
pub mod settings;
pub mod share_link;
pub mod theme;
pub mod tree;
pub mod visit_stats;
pub mod visits;
#[cfg(target_arch = "wasm32")]
pub mod web_storage;

use std::path::{Path, PathBuf};

/// Whether `value` lies within `low` to `high` (NaN never does).
///
/// # Errors
/// "`value` is outside `low` to `high`".
fn check_within<T: PartialOrd + std::fmt::Display + Copy>(
    value: T,
    low: T,
    high: T,
) -> Result<(), String> {
    if value >= low && value <= high {
        Ok(())
    } else {
        Err(format!("{value} is outside {low} to {high}"))
    }
}

/// Renames a file that cannot be read to `<name>.unreadable`, so that writing a fresh one does
/// not lose it; says where it went ("kept as …", or "left as it is" when the rename failed).
fn keep_aside(path: &Path) -> String {
    let mut aside = path.as_os_str().to_owned();
    aside.push(".unreadable");
    let aside = PathBuf::from(aside);
    match std::fs::rename(path, &aside) {
        Ok(()) => format!("kept as {}", aside.display()),
        Err(_) => "left as it is".to_owned(),
    }
}

/// The names of the `.ron` files in `folder` (without `.ron`) that `check` accepts, sorted; none
/// when the folder cannot be read.
fn ron_names_in(folder: &Path, check: fn(&str) -> Result<(), String>) -> Vec<String> {
    let mut names: Vec<String> = folders::files_in(folder)
        .into_iter()
        .filter_map(|path| {
            (path.extension()? == "ron").then_some(())?;
            let stem = path.file_stem()?.to_str()?.to_owned();
            check(&stem).ok()?;
            Some(stem)
        })
        .collect();
    names.sort();
    names
}

/// The folder for saves and the autosave: `$STACKYARD_DATA_DIR` when set, else the platform's
/// data folder (`$XDG_DATA_HOME/stackyard` or `~/.local/share/stackyard` on Linux,
/// `~/Library/Application Support/stackyard` on macOS, `%APPDATA%\stackyard` on Windows).
#[must_use]
pub fn data_dir() -> PathBuf {
    platform_dir("STACKYARD_DATA_DIR", "XDG_DATA_HOME", ".local/share")
}

/// The folder for the settings: `$STACKYARD_CONFIG_DIR` when set, else the platform's config
/// folder (`$XDG_CONFIG_HOME/stackyard` or `~/.config/stackyard` on Linux,
/// `~/Library/Application Support/stackyard` on macOS, `%APPDATA%\stackyard` on Windows).
#[must_use]
pub fn config_dir() -> PathBuf {
    platform_dir("STACKYARD_CONFIG_DIR", "XDG_CONFIG_HOME", ".config")
}

/// `$override_var` when set, else Stackyard's folder in the platform's place: `$xdg_var` or
/// `~/<xdg_default>` on Linux, Application Support on macOS, `%APPDATA%` on Windows.
fn platform_dir(override_var: &str, xdg_var: &str, xdg_default: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os(override_var).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let home = || std::env::var_os("HOME").map(PathBuf::from);
    let base = if cfg!(target_os = "windows") {
        std::env::var_os("APPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        home().map(|h| h.join("Library/Application Support"))
    } else {
        std::env::var_os(xdg_var)
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(|| home().map(|h| h.join(xdg_default)))
    };
    base.unwrap_or_else(|| PathBuf::from(".")).join("stackyard")
}
