//! After a crash: a panic writes a report into the data folder, and marks that the autosaved game
//! should resume on the next start.

use std::path::{Path, PathBuf};

/// The report of the last crash.
#[must_use]
pub fn report_path(folder: &Path) -> PathBuf {
    folder.join("crash-report.txt")
}

/// The mark that the next start should resume the autosave.
#[must_use]
pub fn resume_mark(folder: &Path) -> PathBuf {
    folder.join("resume-after-crash")
}

/// Installs a panic hook that writes a report (message, place, backtrace) and the resume mark
/// into `folder`, then runs the previous hook.
pub fn install_panic_hook(folder: PathBuf) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let report = format!(
            "Stackyard {} crashed.\n\n{info}\n\nBacktrace:\n{}\n",
            env!("CARGO_PKG_VERSION"),
            std::backtrace::Backtrace::force_capture()
        );
        let _ = super::atomic::write_atomically(&report_path(&folder), report.as_bytes());
        let _ = super::atomic::write_atomically(&resume_mark(&folder), b"");
        previous(info);
    }));
}

/// Whether the last run crashed (and the autosave should resume); clears the mark.
#[must_use]
pub fn take_resume_mark(folder: &Path) -> bool {
    let mark = resume_mark(folder);
    let there = super::folders::exists(&mark);
    super::folders::remove_if_there(&mark);
    there
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_is_taken_once() {
        let dir = crate::files::scratch::Scratch::new("crash");
        assert!(!take_resume_mark(&dir));
        super::super::atomic::write_atomically(&resume_mark(&dir), b"").unwrap();
        assert!(take_resume_mark(&dir));
        assert!(!take_resume_mark(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
