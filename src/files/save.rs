//! Saved games (RON, versioned): the game and its options, the start position, the main line's
//! moves in notation, its variations, the seats and when it was saved. Loading replays every
//! move through the rules, so a broken or illegal file is refused with a message that says what
//! is wrong. Version 2 added the variations, version 3 the place a game was left in a
//! variation; older files still load.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::{AnyGame, AnyOptions, Game, GameId, History, Setup, TurnActions};

use super::lines::LineError;
use super::lines::replay_moves;
pub use super::lines::{SavedPlace, SavedVariation};
use super::tree::{GameTree, ROOT};

/// The version this build writes.
pub const SAVE_VERSION: u32 = 3;

/// The versions this build reads: 1 (before variations), 2 and 3.
pub const READS_VERSIONS: std::ops::RangeInclusive<u32> = 1..=SAVE_VERSION;

/// Files larger than this are not read (a save of a 1000-turn game is far smaller).
pub const MAX_SAVE_BYTES: u64 = 4 * 1024 * 1024;

/// Who plays a side: a person (`None`) or the computer at a level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeats {
    /// Black's seat.
    pub black: Option<Level>,
    /// White's seat.
    pub white: Option<Level>,
}

/// A saved game, as written in the file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// The file format's version.
    pub version: u32,
    /// The game (and board).
    pub game: GameId,
    /// The options it is played under.
    pub options: AnyOptions,
    /// The position it started from.
    pub start: String,
    /// The whole moves of the main line, in the game's notation.
    pub moves: Vec<String>,
    /// The variations (version 2), each branching from the main line or an earlier variation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<SavedVariation>,
    /// Where the game was left when that is not the main line's end (version 3): play goes
    /// on from there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_at: Option<SavedPlace>,
    /// The seats.
    #[serde(default)]
    pub seats: SavedSeats,
    /// When it was saved (UTC, `YYYY-MM-DD hh:mm:ss`).
    #[serde(default)]
    pub saved_at: String,
}

/// A saved game that was read and replayed: its start, the main line's decisions and the whole
/// tree of moves.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedGame {
    /// The start position, with its options.
    pub start: AnyGame,
    /// The decisions of each whole move of the main line, in order.
    pub moves: Vec<TurnActions>,
    /// The main line and its variations.
    pub tree: GameTree,
    /// The tree's node where the game was left (the main line's end unless the file says).
    pub left_at: usize,
    /// The seats.
    pub seats: SavedSeats,
}

/// Why a save file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The file could not be read.
    Read(String),
    /// The file is larger than any save.
    TooLarge(u64),
    /// The file is empty.
    Empty,
    /// The text is not a save file (RON syntax or fields).
    Syntax(String),
    /// Written by another version.
    Version(u32),
    /// The options are for another game than the file says.
    WrongGame {
        /// The game the file names.
        game: GameId,
        /// The game the options or start position are for.
        other: GameId,
    },
    /// The start position is not a legal position of the game.
    Start(String),
    /// A variation branches from a line or a move that is not there.
    Branch {
        /// The variation's number, from 1.
        variation: usize,
        /// Why.
        why: String,
    },
    /// The place the game was left at is not in its tree.
    LeftAt(String),
    /// A move of a variation cannot be played.
    VariationMove {
        /// The variation's number, from 1.
        variation: usize,
        /// The move's number in the game, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        why: String,
    },
    /// A move cannot be played.
    Move {
        /// Its number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        why: String,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Read(e) => write!(f, "the file cannot be read: {e}"),
            SaveError::TooLarge(n) => write!(
                f,
                "the file has {n} bytes, more than any saved game ({MAX_SAVE_BYTES} at most)"
            ),
            SaveError::Empty => f.write_str("the file is empty"),
            SaveError::Syntax(e) => write!(f, "this is not a Stackyard save: {e}"),
            SaveError::Version(v) => write!(
                f,
                "the file is version {v}; this build reads versions 1 to {SAVE_VERSION}"
            ),
            SaveError::Branch { variation, why } => write!(f, "variation {variation}: {why}"),
            SaveError::LeftAt(why) => write!(f, "`left_at` is not in the game: {why}"),
            SaveError::VariationMove {
                variation,
                number,
                text,
                why,
            } => write!(
                f,
                "variation {variation}, move {number} '{text}' cannot be played: {why}"
            ),
            SaveError::WrongGame { game, other } => {
                write!(
                    f,
                    "the file says {game}, but its options or start are for {other}"
                )
            }
            SaveError::Start(e) => write!(f, "the start position is refused: {e}"),
            SaveError::Move { number, text, why } => {
                write!(f, "move {number} '{text}' cannot be played: {why}")
            }
        }
    }
}

impl std::error::Error for SaveError {}

impl From<LineError> for SaveError {
    fn from(e: LineError) -> SaveError {
        match e {
            LineError::Branch { variation, why } => SaveError::Branch { variation, why },
            LineError::Move {
                variation,
                number,
                text,
                why,
            } => SaveError::VariationMove {
                variation,
                number,
                text,
                why,
            },
        }
    }
}

impl SaveFile {
    /// The save of a game of one line: its start, its moves' notation and its seats, stamped
    /// now.
    #[must_use]
    pub fn of(start: &AnyGame, moves: &[String], seats: SavedSeats) -> SaveFile {
        SaveFile {
            version: SAVE_VERSION,
            game: start.id(),
            options: start.options(),
            start: start.to_setup().to_string(),
            moves: moves.to_vec(),
            variations: Vec::new(),
            left_at: None,
            seats,
            saved_at: utc_now(),
        }
    }

    /// The save of a game with its variations, left at the main line's end.
    #[must_use]
    pub fn of_tree(start: &AnyGame, tree: &GameTree, seats: SavedSeats) -> SaveFile {
        SaveFile::of_tree_left_at(start, tree, tree.line_end(ROOT), seats)
    }

    /// The save of a game with its variations, left at node `left_at` of its tree.
    #[must_use]
    pub fn of_tree_left_at(
        start: &AnyGame,
        tree: &GameTree,
        left_at: usize,
        seats: SavedSeats,
    ) -> SaveFile {
        let (lines, variations) = super::lines::lines_of(tree);
        let moves = lines.main_moves(tree);
        SaveFile {
            variations,
            left_at: (left_at != tree.line_end(ROOT)).then(|| lines.place_of(left_at)),
            ..SaveFile::of(start, &moves, seats)
        }
    }

    /// The file's text.
    #[must_use]
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| format!("// cannot write this save: {e}\n"))
    }

    /// Reads a file's text (syntax and version only; [`SaveFile::replay`] checks the rules).
    ///
    /// # Errors
    /// [`SaveError::Empty`], [`SaveError::Syntax`] or [`SaveError::Version`].
    pub fn from_ron(text: &str) -> Result<SaveFile, SaveError> {
        if text.trim().is_empty() {
            return Err(SaveError::Empty);
        }
        // The version first, so that a file of another version says so rather than failing
        // on a field it does not have.
        if let Ok(v) = ron::from_str::<VersionOnly>(text)
            && !READS_VERSIONS.contains(&v.version)
        {
            return Err(SaveError::Version(v.version));
        }
        let file: SaveFile = ron::from_str(text).map_err(|e| SaveError::Syntax(e.to_string()))?;
        // A file the version-only reading missed (it stops at odd text after the fields) is
        // still held to its version.
        if !READS_VERSIONS.contains(&file.version) {
            return Err(SaveError::Version(file.version));
        }
        if file.version == 1 && !file.variations.is_empty() {
            return Err(SaveError::Syntax(
                "a version-1 file has no variations".to_owned(),
            ));
        }
        if file.version < 3 && file.left_at.is_some() {
            return Err(SaveError::Syntax(format!(
                "a version-{} file has no `left_at`",
                file.version
            )));
        }
        Ok(file)
    }

    /// Replays the file through the rules: the start position under its options, then every
    /// move, checked.
    ///
    /// # Errors
    /// The first problem found: another game's options, an illegal start, a move that cannot
    /// be played (named with its number).
    pub fn replay(&self) -> Result<LoadedGame, SaveError> {
        if self.options.game() != self.game {
            return Err(SaveError::WrongGame {
                game: self.game,
                other: self.options.game(),
            });
        }
        let setup = Setup::parse(&self.start).map_err(|e| SaveError::Start(e.to_string()))?;
        if setup.game != self.game {
            return Err(SaveError::WrongGame {
                game: self.game,
                other: setup.game,
            });
        }
        let start = AnyGame::from_setup(&setup, self.options)
            .map_err(|e| SaveError::Start(e.to_string()))?;
        let main =
            replay_moves(&start, &History::new(&start), &self.moves).map_err(|(i, why)| {
                SaveError::Move {
                    number: i + 1,
                    text: self.moves[i].clone(),
                    why,
                }
            })?;
        let mut tree = GameTree::of_line(&main);
        let lines = super::lines::add_variations(&mut tree, &start, &self.variations)
            .map_err(SaveError::from)?;
        let left_at = match self.left_at {
            Some(place) => lines.node_at(place).map_err(SaveError::LeftAt)?,
            None => tree.line_end(ROOT),
        };
        Ok(LoadedGame {
            start,
            moves: main.into_iter().map(|(a, _)| a).collect(),
            tree,
            left_at,
            seats: self.seats,
        })
    }

    /// Reads and replays a save file.
    ///
    /// # Errors
    /// Any [`SaveError`]; nothing is changed by a refused file.
    pub fn load(path: &Path) -> Result<(SaveFile, LoadedGame), SaveError> {
        let size = super::folders::size(path)
            .map_err(|e| SaveError::Read(format!("{}: {e}", path.display())))?;
        if size > MAX_SAVE_BYTES {
            return Err(SaveError::TooLarge(size));
        }
        let text = super::folders::read_text(path)
            .map_err(|e| SaveError::Read(format!("{}: {e}", path.display())))?;
        let file = SaveFile::from_ron(&text)?;
        let game = file.replay()?;
        Ok((file, game))
    }

    /// Reads the autosave at `path` to go on with: `Ok(None)` when there is none; when it
    /// cannot be used (cut short by a full disk, edited, from another version), it is moved
    /// aside to `autosave.ron.broken` (replacing an older one) and the error is a notice for
    /// the player naming the reason and where the file went.
    ///
    /// # Errors
    /// The notice, when the file was broken.
    pub fn open_autosave(path: &Path) -> Result<Option<(SaveFile, LoadedGame)>, String> {
        if !super::folders::exists(path) {
            return Ok(None);
        }
        SaveFile::load(path).map(Some).map_err(|e| {
            let backup = super::atomic::broken_path(path);
            let kept = match super::folders::move_file(path, &backup) {
                Ok(()) => format!("it was moved to {}", backup.display()),
                Err(m) => format!("it could not be moved aside ({m}) and is left as it is"),
            };
            format!(
                "The autosaved game {} could not be continued ({e}); {kept}.",
                path.display()
            )
        })
    }

    /// Writes the file atomically (a crash never leaves a broken save).
    ///
    /// # Errors
    /// A message naming the file and what failed.
    pub fn store(&self, path: &Path) -> Result<(), String> {
        super::atomic::write_atomically(path, self.to_ron().as_bytes())
    }
}

/// Just the version field, read leniently.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// The current UTC time as `YYYY-MM-DD hh:mm:ss`.
pub(crate) fn utc_now() -> String {
    let secs = crate::platform::clock::SystemTime::now()
        .duration_since(crate::platform::clock::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SaveFile {
        let start = AnyGame::start_with(GameId::Intermedium, ["opening_rule=off"]).unwrap();
        SaveFile::of(
            &start,
            &["a2-b3-c4-d5-e6".into(), "g9-f8-e7-d6-c5".into()],
            SavedSeats {
                black: None,
                white: Some(Level::Casual),
            },
        )
    }

    #[test]
    fn a_save_round_trips_and_replays() {
        let file = sample();
        let text = file.to_ron();
        let back = SaveFile::from_ron(&text).unwrap();
        assert_eq!(back, file);
        let game = back.replay().unwrap();
        assert_eq!(game.moves.len(), 2);
        assert_eq!(game.seats.white, Some(Level::Casual));
        assert!(file.saved_at.len() == 19 && file.saved_at.starts_with("20"));
    }

    #[test]
    fn broken_files_are_refused_with_what_is_wrong() {
        let good = sample().to_ron();
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "empty"),
            ("   \n".into(), "empty"),
            (good[..good.len() / 2].to_string(), "not a Stackyard save"),
            ("garbage ]]] {".into(), "not a Stackyard save"),
            (good.replace("version: 3", "version: 7"), "version 7"),
            (
                good.replace("a2-b3-c4-d5-e6", "a2-b3-c4-d5-e7"),
                "move 1 'a2-b3-c4-d5-e7'",
            ),
            (good.replace("g9-f8-e7-d6-c5", "g9-f8"), "move 2"),
            (
                good.replace("game: \"intermedium\"", "game: \"splay\""),
                "the file says splay",
            ),
            (
                good.replace("\"intermedium 7/", "\"intermedium 8/"),
                "start position",
            ),
        ];
        for (text, expected) in cases {
            let e = SaveFile::from_ron(&text)
                .and_then(|f| f.replay().map(|_| ()))
                .expect_err(expected);
            assert!(e.to_string().contains(expected), "{expected}: {e}");
        }
    }

    #[test]
    fn a_move_after_a_draw_by_repetition_is_refused() {
        let start = AnyGame::start_with(GameId::Splay, []).unwrap();
        let shuffle = ["c3-c4", "c6-c5", "c4-c3", "c5-c6"];
        let mut moves: Vec<String> = shuffle
            .iter()
            .chain(&shuffle)
            .map(|m| m.to_string())
            .collect();
        let drawn = SaveFile::of(&start, &moves, SavedSeats::default());
        assert_eq!(
            drawn.replay().unwrap().moves.len(),
            8,
            "the drawing move itself stands"
        );
        moves.push("b2-b1".into());
        let e = SaveFile::of(&start, &moves, SavedSeats::default())
            .replay()
            .expect_err("a move after the draw");
        assert!(
            e.to_string().contains("move 9 'b2-b1'") && e.to_string().contains("third time"),
            "{e}"
        );
    }

    #[test]
    fn a_move_after_the_no_progress_draw_is_refused_and_a_file_from_before_the_rule_loads() {
        // Four turns without a capture from each start, then a fifth.
        let games: [(GameId, [&str; 5]); 2] = [
            (GameId::Splay, ["c3-c4", "c6-c5", "d3-d4", "d6-d5", "e3-e4"]),
            (
                GameId::CashInHand,
                [
                    "a1:3 b2:3",
                    "a8:30 b7:10 c8:10 d7:7 e6:1 d5:1 e4:1",
                    "b2:2 c1:2",
                    "e6:1 f7:1",
                    "b2:1 a3:1",
                ],
            ),
        ];
        for (id, turns) in games {
            refuses_a_move_after_four_quiet_turns(id, &turns);
        }
    }

    fn refuses_a_move_after_four_quiet_turns(id: GameId, turns: &[&str; 5]) {
        let quiet = |turns: &str| AnyGame::start_with(id, [turns]).unwrap().options();
        let start = AnyGame::start_with(id, ["no_capture_turns=4"]).unwrap();
        let mut moves: Vec<String> = turns[..4].iter().map(|m| m.to_string()).collect();
        let kept = SaveFile::of(&start, &moves, SavedSeats::default()).replay();
        assert_eq!(kept.unwrap().moves.len(), 4, "{id}");
        moves.push(turns[4].into());
        let file = SaveFile::of(&start, &moves, SavedSeats::default());
        let e = file.replay().expect_err("a move after the draw");
        assert!(
            e.to_string().contains(&format!("move 5 '{}'", turns[4]))
                && e.to_string().contains("for 4 turns"),
            "{id}: {e}"
        );
        // The same game written before the rule existed (no `no_capture_turns` in its options)
        // was played without it, and loads whole.
        let text = file.to_ron();
        assert!(text.contains("no_capture_turns: 4"), "{text}");
        let before = SaveFile::from_ron(&text.replace("no_capture_turns: 4,", "")).unwrap();
        assert_eq!(before.options, quiet("no_capture_turns=0"), "{id}");
        assert_eq!(before.replay().unwrap().moves.len(), 5, "{id}");
    }

    #[test]
    fn files_on_disk_are_loaded_or_refused_without_change() {
        let dir = crate::files::scratch::Scratch::new("save");
        let path = dir.join("game.ron");
        let file = sample();
        file.store(&path).unwrap();
        let (read, game) = SaveFile::load(&path).unwrap();
        assert_eq!(read, file);
        assert_eq!(game.moves.len(), 2);
        let huge = dir.join("huge.ron");
        std::fs::write(&huge, vec![b' '; (MAX_SAVE_BYTES + 1) as usize]).unwrap();
        assert!(matches!(SaveFile::load(&huge), Err(SaveError::TooLarge(_))));
        assert!(matches!(
            SaveFile::load(&dir.join("missing.ron")),
            Err(SaveError::Read(_))
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
