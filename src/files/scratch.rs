//! A folder of its own in the system's temporary folder that is removed, with all it holds,
//! when dropped: also when a test panics and unwinds, or a tool (`bench-frames`) stops early.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Folders made by this process so far (each name is new).
static MADE: AtomicUsize = AtomicUsize::new(0);

/// A temporary folder, `stackyard-<what>-<process>-<n>`, removed when dropped.
#[derive(Debug)]
pub struct Scratch(PathBuf);

impl Scratch {
    /// Makes a fresh, empty folder named after `what`.
    ///
    /// # Panics
    /// When the temporary folder cannot be written to (nothing then works).
    #[must_use]
    pub fn new(what: &str) -> Scratch {
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let name = format!("stackyard-{what}-{}-{n}", std::process::id());
        let path = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("cannot make {}: {e}", path.display()));
        Scratch(path)
    }

    /// Where it is.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_folder_is_new_and_goes_with_all_it_holds() {
        let (a, b) = (Scratch::new("scratch-test"), Scratch::new("scratch-test"));
        assert_ne!(a.path(), b.path());
        std::fs::create_dir_all(a.join("deep/er")).unwrap();
        std::fs::write(a.join("deep/er/file"), "x").unwrap();
        let kept = a.to_path_buf();
        drop(a);
        assert!(!kept.exists());
        assert!(b.exists());
    }

    #[test]
    fn a_panicking_test_leaves_no_folder_behind() {
        let mut kept = PathBuf::new();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let s = Scratch::new("scratch-panic");
            kept = s.to_path_buf();
            panic!("the test fails");
        }));
        assert!(outcome.is_err());
        assert!(!kept.as_os_str().is_empty() && !kept.exists());
    }
}
