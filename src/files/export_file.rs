//! A file the player exports (a picture, a game record): written into its folder on a desktop,
//! offered as a download of the same name in a browser (whose storage keeps the app's own files).

use std::path::Path;

/// Writes `bytes` to `path` (atomically) on a desktop; in a browser, offers them as a download
/// named as `path`'s file, of the type `mime`.
///
/// # Errors
/// Why the file could not be written, or the download not offered.
pub fn export_file(path: &Path, bytes: &[u8], mime: &str) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        let name = path
            .file_name()
            .map_or_else(|| "stackyard".into(), |n| n.to_string_lossy().into_owned());
        crate::platform::browser_files::download(&name, bytes, mime)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = mime;
        super::atomic::write_atomically(path, bytes)
    }
}
