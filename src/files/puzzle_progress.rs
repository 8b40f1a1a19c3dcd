//! The puzzles a player has solved and their streak (`puzzles.ron` in the data folder), written
//! atomically after each puzzle. A file that cannot be read is kept aside, never overwritten.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The format's version.
pub const PROGRESS_VERSION: u32 = 1;

/// What the player has done with the puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleProgress {
    /// The format's version.
    pub version: u32,
    /// The solved puzzles, by position string (so a file's new order keeps them).
    pub solved: BTreeSet<String>,
    /// Puzzles solved in a row, at the first try each.
    pub streak: u32,
    /// The longest streak.
    pub best_streak: u32,
}

impl PuzzleProgress {
    /// The file's place in a data folder.
    #[must_use]
    pub fn path_in(data: &Path) -> PathBuf {
        data.join("puzzles.ron")
    }

    /// Reads the progress; none yet is an empty record. A file that is no progress record is
    /// renamed to `puzzles.ron.unreadable` (so it is not lost) and the reason returned beside
    /// an empty record.
    #[must_use]
    pub fn load(data: &Path) -> (PuzzleProgress, Option<String>) {
        let path = PuzzleProgress::path_in(data);
        let Ok(text) = crate::files::folders::read_text(&path) else {
            return (PuzzleProgress::fresh(), None);
        };
        match ron::from_str::<PuzzleProgress>(&text) {
            Ok(p) if p.version == PROGRESS_VERSION => (p, None),
            read => {
                let why = match read {
                    Ok(p) => format!("version {} of the progress format", p.version),
                    Err(e) => e.to_string(),
                };
                let said = format!("{}: {why}; {}", path.display(), super::keep_aside(&path));
                (PuzzleProgress::fresh(), Some(said))
            }
        }
    }

    /// An empty record.
    #[must_use]
    pub fn fresh() -> PuzzleProgress {
        PuzzleProgress {
            version: PROGRESS_VERSION,
            ..PuzzleProgress::default()
        }
    }

    /// A puzzle solved: at the first try, the streak grows.
    pub fn solved(&mut self, position: &str, first_try: bool) {
        self.solved.insert(position.to_owned());
        if first_try {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        }
    }

    /// A wrong move: the streak starts again.
    pub fn missed(&mut self) {
        self.streak = 0;
    }

    /// Writes the record atomically into the data folder.
    ///
    /// # Errors
    /// A message for a file that cannot be written.
    pub fn store(&self, data: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        crate::files::folders::make_folder(data)?;
        crate::files::atomic::write_atomically(&PuzzleProgress::path_in(data), text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::Scratch::new(&format!("progress-{name}"))
    }

    #[test]
    fn progress_round_trips_and_a_streak_breaks() {
        let dir = scratch("round");
        let mut p = PuzzleProgress::load(&dir).0;
        p.solved("a", true);
        p.solved("b", true);
        p.missed();
        p.solved("c", false);
        assert_eq!((p.streak, p.best_streak, p.solved.len()), (0, 2, 3));
        p.store(&dir).unwrap();
        assert_eq!(PuzzleProgress::load(&dir), (p, None));
    }

    #[test]
    fn an_unreadable_file_is_kept_aside() {
        let dir = scratch("bad");
        std::fs::write(PuzzleProgress::path_in(&dir), "(version: 1, solved: [").unwrap();
        let (p, said) = PuzzleProgress::load(&dir);
        assert_eq!(p, PuzzleProgress::fresh());
        assert!(said.unwrap().contains("kept as"));
        assert!(dir.join("puzzles.ron.unreadable").exists());
    }
}
