//! The journal of a match (`match --resume FILE`): a line saying which match it is, then one
//! line per game that ended, appended as the game ends, so that a stopped match goes on from the
//! games it recorded instead of starting over. Game `k` has its own seeds, so the games still to
//! play are the ones the whole match would have played.
//!
//! A line cut short (the match killed while writing it) is dropped and its game played again;
//! any other line that does not read is refused with its number, a journal of another match
//! (game, players, seed, start or options) is refused rather than mixed in, and so is a journal
//! that a match still running holds.

use std::path::Path;
use std::time::Duration;

use crate::ai::arena::GameRecord;
use crate::files::held_file::{HeldFile, HoldError};
use crate::rules::{Outcome, Player};

/// The first word of a journal.
const MAGIC: &str = "stackyard-match-journal 1";

/// An open journal, appended to as games end.
pub struct Journal {
    file: HeldFile,
}

/// A game read back from a journal: its number and its record (without moves).
pub type Resumed = (u32, GameRecord);

impl Journal {
    /// Opens the journal at `path` for the match `identity` (a line naming the game, the
    /// players, the seed, the start and the options), making it when it does not exist; the
    /// games it already holds.
    ///
    /// # Errors
    /// A message naming the file and the problem: unreadable, another match's journal, or a
    /// line that does not read.
    pub fn open(path: &Path, identity: &str) -> Result<(Journal, Vec<Resumed>), String> {
        let name = path.display();
        let header = format!("{MAGIC}\t{identity}");
        let (mut file, text) =
            HeldFile::open(path).map_err(|e| format!("--resume {name}: {}", why_not(e)))?;
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        let games = if complete == 0 && header.starts_with(&text) {
            Vec::new() // new, or its first line cut short
        } else {
            read_games(&text, &header).map_err(|e| format!("--resume {name}: {e}"))?
        };
        // This match's journal: a line cut short goes, so that the next starts a line of its own.
        if complete < text.len() {
            file.cut_to(complete)
                .map_err(|e| format!("--resume {name}: cannot write to it: {e}"))?;
        }
        if complete == 0 {
            // Empty now (new, or its first line cut short): it starts with the header.
            file.append(&format!("{header}\n"))
                .map_err(|e| format!("--resume {e} (cannot write to it)"))?;
        }
        Ok((Journal { file }, games))
    }

    /// Appends game `k`'s line; what went wrong, if anything.
    pub fn note(&mut self, k: u32, record: &GameRecord) -> Result<(), String> {
        let line = format!(
            "{k}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            record.a_colour.letter(),
            record.outcome,
            record.plies,
            record.decisions,
            record.thinking.as_micros(),
            record.overrun.as_micros(),
            record.longest_quiet,
        );
        self.file.append(&line)
    }
}

/// Why the journal cannot be opened, in words. It is held for this match alone while it runs:
/// two matches appending to one journal would each play the games the other is playing and
/// note them twice.
fn why_not(error: HoldError) -> String {
    match error {
        HoldError::Unwritable(e) => format!("cannot write to it: {e}"),
        HoldError::Held => {
            "another match is using this journal now (let it end or stop it first)".to_string()
        }
        HoldError::Unlockable(e) => format!("cannot lock it: {e}"),
        HoldError::Unreadable(e) => format!("cannot read it: {e}"),
    }
}

/// The games of a journal's text, checking its first line against `header`.
fn read_games(text: &str, header: &str) -> Result<Vec<Resumed>, String> {
    let mut lines = text.split_inclusive('\n');
    let first = lines.next().unwrap_or_default().trim_end();
    if first != header {
        return Err(format!(
            "it is the journal of another match ('{first}'; this match is '{header}')"
        ));
    }
    let mut games: Vec<Resumed> = Vec::new();
    for (i, line) in lines.enumerate() {
        let Some(line) = line.strip_suffix('\n') else {
            break; // cut short while being written: that game is played again
        };
        let game = read_game(line).map_err(|e| format!("line {}: {e}", i + 2))?;
        if games.iter().any(|(k, _)| *k == game.0) {
            return Err(format!("line {}: game #{} again", i + 2, game.0));
        }
        games.push(game);
    }
    Ok(games)
}

/// One game's line.
fn read_game(line: &str) -> Result<Resumed, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [
        k,
        colour,
        outcome,
        plies,
        decisions,
        thinking,
        overrun,
        quiet,
    ] = fields[..]
    else {
        return Err(format!("'{line}' does not have the 8 fields of a game"));
    };
    let number = |name: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{name} '{text}' is not a whole number"))
    };
    let small = |name: &str, text: &str| {
        u32::try_from(number(name, text)?).map_err(|_| format!("{name} '{text}' is too large"))
    };
    let mut letters = colour.chars();
    let a_colour = match (letters.next(), letters.next()) {
        (Some(c), None) => Player::from_letter(c),
        _ => None,
    }
    .ok_or_else(|| format!("A's colour '{colour}' is not b or w"))?;
    let record = GameRecord {
        outcome: outcome.parse::<Outcome>()?,
        a_colour,
        plies: small("the turns", plies)?,
        decisions: number("the decisions", decisions)?,
        thinking: Duration::from_micros(number("the thinking time", thinking)?),
        overrun: Duration::from_micros(number("the overrun", overrun)?),
        moves: Vec::new(),
        longest_quiet: small("the longest stretch", quiet)?,
    };
    Ok((small("the game number", k)?, record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Reason;

    fn record(outcome: Outcome) -> GameRecord {
        GameRecord {
            outcome,
            a_colour: Player::White,
            plies: 41,
            decisions: 90,
            thinking: Duration::from_micros(123_456),
            overrun: Duration::from_micros(7),
            moves: vec!["c3-c4".into()],
            longest_quiet: 12,
        }
    }

    #[test]
    fn games_noted_are_read_back_by_the_same_match_and_refused_by_another() {
        let dir = crate::files::scratch::Scratch::new("journal");
        let path = dir.join("journal.txt");
        let (mut journal, games) = Journal::open(&path, "splay a b 5").unwrap();
        assert!(games.is_empty());
        let won = record(Outcome::Win(Player::Black, Reason::Captures));
        let drawn = record(Outcome::Draw(Reason::NoCapture));
        journal.note(3, &won).unwrap();
        journal.note(0, &drawn).unwrap();
        drop(journal);
        let (_, games) = Journal::open(&path, "splay a b 5").unwrap();
        let without_moves = |r: &GameRecord| GameRecord {
            moves: Vec::new(),
            ..r.clone()
        };
        assert_eq!(
            games,
            vec![(3, without_moves(&won)), (0, without_moves(&drawn))]
        );
        let e = Journal::open(&path, "splay a b 6").err().unwrap();
        assert!(e.contains("another match"), "{e}");
        // A line cut short is played again; a malformed one is refused by its number.
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{text}5\tb\twin")).unwrap();
        let (mut journal, games) = Journal::open(&path, "splay a b 5").unwrap();
        assert_eq!(games.len(), 2);
        journal.note(5, &won).unwrap();
        drop(journal);
        assert_eq!(Journal::open(&path, "splay a b 5").unwrap().1.len(), 3);
        std::fs::write(&path, format!("{text}5\tb\twin\n")).unwrap();
        let e = Journal::open(&path, "splay a b 5").err().unwrap();
        assert!(e.contains("line 4") && e.contains("8 fields"), "{e}");
        std::fs::write(&path, format!("{text}5\tb\twin b soon\t1\t1\t1\t1\t1\n")).unwrap();
        let e = Journal::open(&path, "splay a b 5").err().unwrap();
        assert!(e.contains("line 4") && e.contains("win b soon"), "{e}");
        std::fs::write(&path, format!("{text}3\tb\tdraw ply-cap\t1\t1\t1\t1\t1\n")).unwrap();
        let e = Journal::open(&path, "splay a b 5").err().unwrap();
        assert!(e.contains("game #3 again"), "{e}");
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_journal_in_use_is_refused_to_a_second_match_until_the_first_ends() {
        let dir = crate::files::scratch::Scratch::new("held");
        let path = dir.join("journal.txt");
        let (first, _) = Journal::open(&path, "grabber a b 1").unwrap();
        let e = Journal::open(&path, "grabber a b 1").err().unwrap();
        assert!(e.contains("using this journal now"), "{e}");
        drop(first);
        assert!(Journal::open(&path, "grabber a b 1").is_ok());
        // A header cut short is written again; a file of something else is left as it was.
        std::fs::write(&path, "stackyard-match-jou").unwrap();
        let (mut journal, games) = Journal::open(&path, "grabber a b 1").unwrap();
        assert!(games.is_empty());
        journal
            .note(0, &record(Outcome::Draw(Reason::NoCapture)))
            .unwrap();
        drop(journal);
        assert_eq!(Journal::open(&path, "grabber a b 1").unwrap().1.len(), 1);
        std::fs::write(&path, "notes without a newline").unwrap();
        assert!(Journal::open(&path, "grabber a b 1").is_err());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "notes without a newline"
        );
        let _ = std::fs::remove_file(&path);
    }
}
