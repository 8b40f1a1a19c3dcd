//! The kiosk's visitor log: one line per event (a touch that leaves attract mode, a game
//! started and how it ended, how to play, puzzles, language switches, idle resets), appended to
//! a file per month in the data folder's `visits/`. It holds no personal data: games, times and
//! counts only. A line cut off by a killed app is skipped on reading.

use std::fs::{self, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use jiff::civil::{Date, DateTime};
use serde::{Deserialize, Serialize};

/// Why a game was left unfinished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Abandoned {
    /// No one answered "Still playing?".
    Idle,
    /// A new game or another screen was chosen.
    Left,
    /// The staff restarted the kiosk.
    Staff,
    /// The kiosk closed for the day.
    Closing,
}

/// What happened at the kiosk. `game` is a game id as the referee spells it; `secs` and
/// `turns` measure what the variant names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[allow(
    missing_docs,
    reason = "the fields are named in the enum's and each variant's docs"
)]
pub enum Visit {
    /// A visitor's touch left attract mode while it showed the game `showing`.
    AttractLeft { showing: String },
    /// A visitor's game started.
    GameStarted { game: String },
    /// A visitor's game reached its end: its `result` (`1-0`, `0-1`, `1/2`), after `turns`
    /// turns and `secs` seconds.
    GameFinished {
        game: String,
        result: String,
        turns: u32,
        secs: u32,
    },
    /// A visitor's game was left before its end, `why`, after `turns` turns and `secs` seconds.
    GameAbandoned {
        game: String,
        why: Abandoned,
        turns: u32,
        secs: u32,
    },
    /// How to play a game was read for `secs` seconds.
    HowToPlay { game: String, secs: u32 },
    /// A puzzle was put on the board (its `number`, from 1).
    PuzzleStarted { game: String, number: u32 },
    /// A puzzle was solved (its `number`, from 1).
    PuzzleSolved { game: String, number: u32 },
    /// The "Continue this game at home" code was shown for a game of `game` (its end, or a
    /// puzzle solved).
    CodeShown { game: String },
    /// A visitor switched the language `to` this code.
    LanguageSwitched { to: String },
    /// No input for the profile's time sent the `screen` back to attract mode.
    IdleReset { screen: String },
    /// Attract mode took over again: the visitor's session lasted `secs` seconds.
    SessionEnded { secs: u32 },
    /// The kiosk opened for the day.
    Opened,
    /// The kiosk closed for the day.
    Closed,
}

/// One line of the log: when (local time) and what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The local time, to the second.
    pub at: DateTime,
    /// What happened.
    pub visit: Visit,
}

impl Entry {
    /// The entry as its line (without the line break).
    #[must_use]
    pub fn to_line(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }

    /// Reads a line; `None` for one that is not an entry (a line cut off when the app died).
    #[must_use]
    pub fn from_line(line: &str) -> Option<Entry> {
        ron::from_str(line.trim()).ok()
    }
}

/// The folder of the log files.
#[must_use]
pub fn log_folder(data: &Path) -> PathBuf {
    data.join("visits")
}

/// The day's summary written at closing: `summaries/YYYY-MM-DD.txt`.
#[must_use]
pub fn summary_file(data: &Path, day: Date) -> PathBuf {
    data.join("summaries").join(format!("{day}.txt"))
}

/// The month's log file: `visits/YYYY-MM.log`.
#[must_use]
pub fn log_file(data: &Path, day: Date) -> PathBuf {
    log_folder(data).join(format!("{:04}-{:02}.log", day.year(), day.month()))
}

/// Appends one entry to its month's file. A file whose last line was cut off gets a line
/// break first, so the cut-off line stays alone and is the only one lost.
///
/// # Errors
/// A message naming the file and what failed (a full disk, say); nothing else is touched.
pub fn append(data: &Path, entry: &Entry) -> Result<(), String> {
    let path = log_file(data, entry.at.date());
    let folder = log_folder(data);
    fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot create the folder {}: {e}", folder.display()))?;
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .read(true)
        .open(&path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut line = String::new();
    if !ends_with_line_break(&mut file) {
        line.push('\n');
    }
    line.push_str(&entry.to_line());
    line.push('\n');
    // One write of the whole line: a kill loses at most this line.
    file.write_all(line.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Whether the file is empty or ends with a line break.
fn ends_with_line_break(file: &mut fs::File) -> bool {
    let Ok(len) = file.seek(SeekFrom::End(0)) else {
        return true;
    };
    if len == 0 {
        return true;
    }
    let mut last = [0u8; 1];
    file.seek(SeekFrom::Start(len - 1)).is_err()
        || file.read_exact(&mut last).is_err()
        || last[0] == b'\n'
}

/// What the log holds over some days.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogRead {
    /// The entries, in the order written.
    pub entries: Vec<Entry>,
    /// Lines that were not entries (cut off when the app died) and were skipped.
    pub skipped: usize,
}

/// Reads every entry from `from` to `to` (both days included; open-ended where `None`).
///
/// # Errors
/// A message when the log folder exists but cannot be read.
pub fn read(data: &Path, from: Option<Date>, to: Option<Date>) -> Result<LogRead, String> {
    let folder = log_folder(data);
    let mut files: Vec<PathBuf> = match fs::read_dir(&folder) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "log"))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", folder.display())),
    };
    files.sort();
    let mut read = LogRead::default();
    let within = |day: Date| from.is_none_or(|f| day >= f) && to.is_none_or(|t| day <= t);
    for path in files {
        let text = fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            match Entry::from_line(line) {
                Some(entry) if within(entry.at.date()) => read.entries.push(entry),
                Some(_) => {}
                None => read.skipped += 1,
            }
        }
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime {
        text.parse().unwrap()
    }

    fn temp(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::Scratch::new(&format!("visits-{name}"))
    }

    #[test]
    fn entries_are_appended_per_month_and_read_back_in_order() {
        let data = temp("months");
        let first = Entry {
            at: at("2026-11-30T17:59:00"),
            visit: Visit::GameStarted {
                game: "splay".into(),
            },
        };
        let second = Entry {
            at: at("2026-12-01T09:00:05"),
            visit: Visit::LanguageSwitched { to: "de".into() },
        };
        append(&data, &first).unwrap();
        append(&data, &second).unwrap();
        assert!(log_folder(&data).join("2026-11.log").exists());
        assert!(log_folder(&data).join("2026-12.log").exists());
        let all = read(&data, None, None).unwrap();
        assert_eq!(all.entries, vec![first.clone(), second.clone()]);
        let december = read(&data, Some(at("2026-12-01T00:00").date()), None).unwrap();
        assert_eq!(december.entries, vec![second]);
        let _ = fs::remove_dir_all(&data);
    }

    #[test]
    fn a_cut_off_line_is_skipped_and_the_next_entry_starts_its_own_line() {
        let data = temp("cut");
        let entry = Entry {
            at: at("2026-12-02T10:00:00"),
            visit: Visit::Opened,
        };
        append(&data, &entry).unwrap();
        // The app died in the middle of a line.
        let path = log_file(&data, entry.at.date());
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"(at:\"2026-12-02T10:01:00\",visit:Game")
            .unwrap();
        let later = Entry {
            at: at("2026-12-02T10:02:00"),
            visit: Visit::Closed,
        };
        append(&data, &later).unwrap();
        let read = read(&data, None, None).unwrap();
        assert_eq!(read.entries, vec![entry, later]);
        assert_eq!(read.skipped, 1);
        let _ = fs::remove_dir_all(&data);
    }

    #[test]
    fn an_unwritable_log_is_an_error_that_names_the_file() {
        let data = temp("unwritable");
        fs::create_dir_all(&data).unwrap();
        // A file where the folder should be.
        fs::write(log_folder(&data), b"").unwrap();
        let entry = Entry {
            at: at("2026-12-02T10:00:00"),
            visit: Visit::Opened,
        };
        let why = append(&data, &entry).unwrap_err();
        assert!(why.contains("visits"), "{why}");
        let _ = fs::remove_dir_all(&data);
    }
}
