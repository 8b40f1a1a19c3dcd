//! Puzzle files (`assets/puzzles/<game>.ron`): a game's puzzles, each a position, the turns
//! its side to move has to win in, the solution line and what proving it took. Reading checks
//! every puzzle's position and line by the rules and refuses a wrong one by its number, the
//! others staying playable; proving them again is `stackyard puzzles check`'s work.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::ai::forced::{Goal, Prover};
use crate::rules::{AnyGame, Game, GameId, Setup, play_move};

/// The format's version.
pub const PUZZLES_VERSION: u32 = 1;

/// A puzzle file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleFile {
    /// The format's version.
    pub version: u32,
    /// The game (its card: `grabber` holds every Grabber board's puzzles).
    pub game: GameId,
    /// The puzzles, easiest first.
    pub puzzles: Vec<PuzzleEntry>,
}

/// One puzzle as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleEntry {
    /// The position, as a position string; its side to move solves.
    pub position: String,
    /// What the solver forces: a win (the default) or a capture.
    #[serde(default, skip_serializing_if = "is_win")]
    pub goal: Goal,
    /// The solver's turns to reach the goal in (1 to 3).
    pub turns: u8,
    /// The solution: the solver's moves and the best defence between them, in notation.
    pub solution: Vec<String>,
    /// The legal first moves there are.
    pub choices: usize,
    /// Positions the proof visited (how hard it was to find).
    pub nodes: u64,
}

/// Whether a goal is the default one (not written).
fn is_win(goal: &Goal) -> bool {
    *goal == Goal::Win
}

/// A puzzle read and checked by the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Its place in the file, from 1.
    pub number: usize,
    /// The position.
    pub start: AnyGame,
    /// What the file says of it.
    pub entry: PuzzleEntry,
}

/// Why a puzzle file cannot be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleFileError {
    /// The file could not be read.
    Read(String),
    /// The text is not a puzzle file.
    Syntax(String),
    /// A version this program does not read.
    Version(u32),
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleFileError::Read(e) => write!(f, "cannot be read: {e}"),
            PuzzleFileError::Syntax(e) => write!(f, "is not a puzzle file: {e}"),
            PuzzleFileError::Version(v) => write!(
                f,
                "is version {v} of the puzzle format; this program reads version {PUZZLES_VERSION}"
            ),
        }
    }
}

impl std::error::Error for PuzzleFileError {}

/// A puzzle of the file that the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPuzzle {
    /// Its place in the file, from 1.
    pub number: usize,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for BadPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle {}: {}", self.number, self.why)
    }
}

impl PuzzleFile {
    /// Reads a puzzle file's text.
    ///
    /// # Errors
    /// [`PuzzleFileError`] for text that is no puzzle file of this version.
    pub fn from_ron(text: &str) -> Result<PuzzleFile, PuzzleFileError> {
        let file: PuzzleFile =
            ron::from_str(text).map_err(|e| PuzzleFileError::Syntax(e.to_string()))?;
        if file.version != PUZZLES_VERSION {
            return Err(PuzzleFileError::Version(file.version));
        }
        Ok(file)
    }

    /// Reads a puzzle file.
    ///
    /// # Errors
    /// [`PuzzleFileError`] for a file that cannot be read or is no puzzle file.
    pub fn load(path: &Path) -> Result<PuzzleFile, PuzzleFileError> {
        let text =
            super::folders::read_text(path).map_err(|e| PuzzleFileError::Read(e.to_string()))?;
        PuzzleFile::from_ron(&text)
    }

    /// Writes the file atomically.
    ///
    /// # Errors
    /// A message for a file that cannot be written.
    pub fn store(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        crate::files::atomic::write_atomically(path, text.as_bytes())
    }

    /// Its puzzles that the rules accept, and the others with their reasons.
    #[must_use]
    pub fn puzzles(&self) -> (Vec<Puzzle>, Vec<BadPuzzle>) {
        let mut good = Vec::new();
        let mut bad = Vec::new();
        for (i, entry) in self.puzzles.iter().enumerate() {
            let number = i + 1;
            match checked(self.game, entry) {
                Ok(start) => good.push(Puzzle {
                    number,
                    start,
                    entry: entry.clone(),
                }),
                Err(why) => bad.push(BadPuzzle { number, why }),
            }
        }
        (good, bad)
    }
}

/// A puzzle's position, once the rules accept it and its line.
fn checked(card: GameId, entry: &PuzzleEntry) -> Result<AnyGame, String> {
    let setup = Setup::parse(&entry.position).map_err(|e| format!("bad position: {e}"))?;
    if setup.game.card() != card.card() {
        return Err(format!("a {} position in a {card} file", setup.game));
    }
    let start = AnyGame::from_setup_with(&setup, []).map_err(|e| format!("bad position: {e}"))?;
    if !(1..=3).contains(&entry.turns) {
        return Err(format!("{} turns: a puzzle is won in 1 to 3", entry.turns));
    }
    if entry.solution.len() != 2 * usize::from(entry.turns) - 1 {
        return Err(format!(
            "{} moves of solution for a win in {} turns",
            entry.solution.len(),
            entry.turns
        ));
    }
    let solver = start.to_move();
    let mut now = start.clone();
    for (k, m) in entry.solution.iter().enumerate() {
        now = play_move(&now, m)
            .map_err(|e| format!("solution move {} '{m}': {e}", k + 1))?
            .0;
    }
    if !Prover::for_goal(0, entry.goal, &start).reached(&now, solver) {
        return Err(format!(
            "the solution does not reach the goal ({})",
            entry.goal
        ));
    }
    Ok(start)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = r#"(
        version: 1,
        game: "grabber",
        puzzles: [
            (
                position: "grabber-6 b,w,b,2,bw/1,b,b2w,w,2/w,1,w,3/bw,w,w,w,b,w/2,w2b,b4,1,b2w/w,wb,4 w 22",
                turns: 1,
                solution: ["d3-d1"],
                choices: 6,
                nodes: 10,
            ),
            (
                position: "grabber-6 b,w,b,2,bw/1,b,b2w,w,2/w,1,w,3/bw,w,w,w,b,w/2,w2b,b4,1,b2w/w,wb,4 w 22",
                turns: 1,
                solution: ["a1-a3"],
                choices: 6,
                nodes: 10,
            ),
            (
                position: "splay 8/8/8/8/8/8/8/8 b 0 0 0",
                turns: 1,
                solution: ["b2-b1"],
                choices: 6,
                nodes: 10,
            ),
        ],
    )"#;

    #[test]
    fn a_wrong_puzzle_is_refused_by_number_and_the_others_stay() {
        let file = PuzzleFile::from_ron(ONE).unwrap();
        let (good, bad) = file.puzzles();
        assert_eq!(good.len(), 1);
        assert_eq!(good[0].number, 1);
        let said: Vec<String> = bad.iter().map(ToString::to_string).collect();
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(
            said[0].starts_with("puzzle 2: solution move 1 'a1-a3'"),
            "{}",
            said[0]
        );
        assert!(
            said[1].starts_with("puzzle 3: a splay position in a grabber file"),
            "{}",
            said[1]
        );
    }

    #[test]
    fn files_round_trip_and_bad_files_say_why() {
        let file = PuzzleFile::from_ron(ONE).unwrap();
        let back = PuzzleFile::from_ron(&ron::to_string(&file).unwrap()).unwrap();
        assert_eq!(back, file);
        assert_eq!(
            PuzzleFile::from_ron(&ONE.replacen("version: 1", "version: 9", 1)),
            Err(PuzzleFileError::Version(9))
        );
        assert!(matches!(
            PuzzleFile::from_ron("(version: 1)"),
            Err(PuzzleFileError::Syntax(_))
        ));
    }
}
