//! Writing a file so that a crash never leaves it half written: a temporary file beside it,
//! flushed to disk, then renamed over it. The previous good file stays until the rename.

use std::path::Path;

/// Writes `bytes` to `path` atomically, creating the folder if needed.
///
/// # Errors
/// A message naming the file and what failed (the previous file, if any, is untouched).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    // A browser's storage replaces a text in one step.
    #[cfg(target_arch = "wasm32")]
    return super::web_storage::write(path, bytes);
    #[cfg(not(target_arch = "wasm32"))]
    write_beside_then_rename(path, bytes)
}

/// A temporary file beside `path`, flushed, then renamed over it.
#[cfg(not(target_arch = "wasm32"))]
fn write_beside_then_rename(path: &Path, bytes: &[u8]) -> Result<(), String> {
    use std::fs;
    use std::io::Write;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(folder) = folder {
        fs::create_dir_all(folder)
            .map_err(|e| format!("cannot create the folder {}: {e}", folder.display()))?;
    }
    let name = path
        .file_name()
        .ok_or_else(|| format!("{} is not a file name", path.display()))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(".tmp");
    let tmp = path.with_file_name(tmp_name);
    let write = || -> std::io::Result<()> {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()
    };
    if let Err(e) = write() {
        let _ = fs::remove_file(&tmp);
        return Err(format!("cannot write {}: {e}", tmp.display()));
    }
    fs::rename(&tmp, path).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        format!("cannot replace {}: {e}", path.display())
    })
}

/// Where a file that cannot be used is moved aside: beside it, with `.broken` added to its name.
#[must_use]
pub fn broken_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".broken");
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary() {
        let dir = crate::files::scratch::Scratch::new("atomic");
        let path = dir.join("a/b/save.ron");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        let left: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left behind");
        // A write that cannot happen leaves the good file alone.
        assert!(write_atomically(&dir.join("a/b/save.ron/x"), b"bad").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"second");
        let _ = fs::remove_dir_all(&dir);
    }
}
