//! Reading a game someone sends: a game record (what Copy record writes, variations included),
//! a save file's text, a link that carries a game (what Copy link writes), or a position
//! string. Every move is replayed through the rules, so a
//! wrong text is refused with the line and move that are wrong, and nothing else changes.

use std::fmt;

use crate::rules::{AnyGame, AnyOptions, Game, History, Setup};

use super::lines::position_at;
use super::lines::replay_moves;
use super::record::INDENT;
use super::save::{SaveError, SaveFile, SavedSeats};
use super::tree::{GameTree, ROOT};

/// The first line of a game record.
pub const RECORD_HEADER: &str = "Stackyard game record";

/// A game read from a text: its start, its moves and variations, and its seats when the text
/// had them.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The start position, with its options.
    pub start: AnyGame,
    /// The moves and variations (none for a position string).
    pub tree: GameTree,
    /// The seats, for a save's text.
    pub seats: Option<SavedSeats>,
    /// The node play goes on from (the main line's end unless a save or a link says).
    pub left_at: usize,
}

/// Why a text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Nothing but spaces.
    Empty,
    /// A line of a game record is wrong.
    Record {
        /// Its number in the text, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// A save's text was refused.
    Save(SaveError),
    /// A link was refused.
    Link(super::share_link::LinkError),
    /// A position string was refused.
    Position(String),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Empty => f.write_str("there is nothing to read"),
            ImportError::Record { line, why } => write!(f, "record line {line}: {why}"),
            ImportError::Save(e) => write!(f, "{e}"),
            ImportError::Link(e) => write!(f, "{e}"),
            ImportError::Position(e) => write!(f, "not a game record, and not a position: {e}"),
        }
    }
}

impl std::error::Error for ImportError {}

/// Reads a game record, a save's text or a position string.
///
/// # Errors
/// The first problem found, with its line or move number.
pub fn read_game(text: &str) -> Result<Imported, ImportError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ImportError::Empty);
    }
    if trimmed.starts_with(RECORD_HEADER) {
        return read_record(text);
    }
    if super::share_link::looks_like_link(trimmed) {
        let game = super::share_link::open_link(trimmed).map_err(ImportError::Link)?;
        return Ok(Imported {
            start: game.start,
            tree: game.tree,
            seats: None,
            left_at: game.left_at,
        });
    }
    if trimmed.starts_with('(') {
        let file = SaveFile::from_ron(text).map_err(ImportError::Save)?;
        let game = file.replay().map_err(ImportError::Save)?;
        return Ok(Imported {
            start: game.start,
            tree: game.tree,
            seats: Some(game.seats),
            left_at: game.left_at,
        });
    }
    let setup = Setup::parse(trimmed).map_err(|e| ImportError::Position(e.to_string()))?;
    let start = AnyGame::from_setup(&setup, AnyOptions::for_game(setup.game))
        .map_err(|e| ImportError::Position(e.to_string()))?;
    Ok(Imported {
        start,
        tree: GameTree::new(),
        seats: None,
        left_at: ROOT,
    })
}

/// A line of the move list being read: the node it has reached, and the node its last move
/// was played from (where a variation of that move branches).
struct Frame {
    level: usize,
    node: usize,
    before_last: Option<usize>,
}

/// Reads a game record: its header fields, then its numbered moves with their variations.
fn read_record(text: &str) -> Result<Imported, ImportError> {
    let mut fields = Fields::default();
    let mut tree = GameTree::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut start: Option<AnyGame> = None;
    for (i, raw) in text.lines().enumerate() {
        let refuse = |why: String| ImportError::Record { line: i + 1, why };
        let line = raw.trim_end();
        let body = line.trim_start();
        if body.is_empty() || body == RECORD_HEADER {
            continue;
        }
        if let Some((n, m)) = numbered(body) {
            if start.is_none() {
                start = Some(fields.start().map_err(|why| fields.refusal(i + 1, why))?);
            }
            let Some(at) = &start else {
                continue;
            };
            if frames.is_empty() {
                frames.push(Frame {
                    level: 0,
                    node: ROOT,
                    before_last: None,
                });
            }
            let indent = line.len() - body.len();
            read_move(&mut tree, at, &mut frames, indent, (n, m)).map_err(refuse)?;
        } else {
            fields.note(body, i + 1).map_err(refuse)?;
        }
    }
    let last = text.lines().count();
    let start = match start {
        Some(s) => s,
        None => fields.start().map_err(|why| fields.refusal(last, why))?,
    };
    if let Some(expected) = &fields.position {
        let (now, _) = position_at(&tree, &start, tree.line_end(ROOT));
        if now.to_setup().to_string() != *expected {
            return Err(ImportError::Record {
                line: fields.position_line,
                why: format!("the moves reach {}, not the position given", now.to_setup()),
            });
        }
    }
    let left_at = tree.line_end(ROOT);
    Ok(Imported {
        start,
        tree,
        seats: None,
        left_at,
    })
}

/// `12. c3-c4` as (12, "c3-c4").
fn numbered(body: &str) -> Option<(usize, &str)> {
    let (n, rest) = body.split_once(". ")?;
    let n = n.parse().ok()?;
    Some((n, rest.trim()))
}

/// Plays one numbered move of the list, `indent` spaces in: the next move of its line, or the
/// first move of a variation of the line above's last move.
fn read_move(
    tree: &mut GameTree,
    start: &AnyGame,
    frames: &mut Vec<Frame>,
    indent: usize,
    (number, text): (usize, &str),
) -> Result<(), String> {
    if !indent.is_multiple_of(INDENT) {
        return Err(format!(
            "indented by {indent} spaces, not a multiple of {INDENT}"
        ));
    }
    let level = indent / INDENT;
    while frames.last().is_some_and(|f| f.level > level) {
        frames.pop();
    }
    let top = frames.last().map_or(0, |f| f.level);
    let from = if level == top {
        frames.last().map_or(ROOT, |f| f.node)
    } else if level == top + 1 {
        let Some(before) = frames.last().and_then(|f| f.before_last) else {
            return Err("a variation before any move of its line".to_owned());
        };
        frames.push(Frame {
            level,
            node: before,
            before_last: None,
        });
        before
    } else {
        return Err(format!("indented {} levels below its line", level - top));
    };
    let expected = tree.node(from).depth + 1;
    if number != expected {
        return Err(format!("move {number} where move {expected} was expected"));
    }
    let (position, history): (AnyGame, History) = position_at(tree, start, from);
    let played = replay_moves(&position, &history, &[text.to_owned()])
        .map_err(|(_, why)| format!("move {number} '{text}' cannot be played: {why}"))?;
    let Some((actions, notation)) = played.into_iter().next() else {
        return Err(format!("move {number} '{text}' is empty"));
    };
    let node = tree.play(from, actions, notation);
    if let Some(f) = frames.last_mut() {
        f.before_last = Some(from);
        f.node = node;
    }
    Ok(())
}

/// The header fields of a record, as read so far.
#[derive(Default)]
struct Fields {
    game: Option<String>,
    options: Option<String>,
    start: Option<String>,
    position: Option<String>,
    position_line: usize,
    start_line: usize,
}

impl Fields {
    /// Notes a field line (`Game:`, `Options:`, `Start:`, `Position:`, `Result:`).
    fn note(&mut self, body: &str, line: usize) -> Result<(), String> {
        let (name, value) = body
            .split_once(": ")
            .ok_or_else(|| format!("'{body}' is neither a field nor a numbered move"))?;
        let value = Some(value.trim().to_owned());
        match name {
            "Game" => self.game = value,
            "Options" => self.options = value,
            "Start" => {
                self.start = value;
                self.start_line = line;
            }
            "Position" => {
                self.position = value;
                self.position_line = line;
            }
            "Result" => {}
            other => return Err(format!("unknown field '{other}'")),
        }
        Ok(())
    }

    /// A problem with the start, named at its `Start:` line (else at `line`).
    fn refusal(&self, line: usize, why: String) -> ImportError {
        let line = if self.start_line > 0 {
            self.start_line
        } else {
            line
        };
        ImportError::Record { line, why }
    }

    /// The start position under the record's options.
    fn start(&self) -> Result<AnyGame, String> {
        let text = self
            .start
            .as_deref()
            .ok_or("no Start: line before the moves")?;
        let setup = Setup::parse(text).map_err(|e| format!("the start position: {e}"))?;
        let options = match &self.options {
            Some(o) => ron::from_str::<AnyOptions>(o).map_err(|e| format!("the options: {e}"))?,
            None => AnyOptions::for_game(setup.game),
        };
        if options.game() != setup.game {
            return Err(format!(
                "the options are for {}, the start for {}",
                options.game(),
                setup.game
            ));
        }
        if let Some(title) = &self.game
            && title != setup.game.title()
        {
            return Err(format!(
                "Game: says {title}, the start is {}",
                setup.game.title()
            ));
        }
        AnyGame::from_setup(&setup, options).map_err(|e| format!("the start position: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::lines::{play_text, saved_lines};
    use crate::files::record::{game_record, tree_record};
    use crate::rules::{GameId, play_move};

    /// Splay with a main line of three moves, a variation of move 2 that has a variation of its
    /// own at its second move.
    fn branching() -> (AnyGame, GameTree) {
        let start = AnyGame::start_with(GameId::Splay, []).unwrap();
        let mut tree = GameTree::new();
        let add =
            |tree: &mut GameTree, from: usize, text: &str| play_text(tree, &start, from, text);
        let a = add(&mut tree, ROOT, "c3-c4");
        let b = add(&mut tree, a, "c6-c5");
        add(&mut tree, b, "d3-d4");
        let v = add(&mut tree, a, "f6-f5");
        let w = add(&mut tree, v, "e3-e4");
        add(&mut tree, w, "e6-e5");
        add(&mut tree, v, "b2-b1");
        (start, tree)
    }

    #[test]
    fn a_record_with_variations_reads_back_to_the_same_tree() {
        let (start, tree) = branching();
        let text = tree_record(&start, &tree, None);
        assert!(
            text.contains("2. c6-c5\n  2. f6-f5\n  3. e3-e4\n    3. b2-b1\n  4. e6-e5\n3. d3-d4\n"),
            "{text}"
        );
        let back = read_game(&text).unwrap();
        assert_eq!(back.start, start);
        assert_eq!(saved_lines(&back.tree), saved_lines(&tree));
    }

    #[test]
    fn a_record_of_one_line_and_a_save_read_as_load_reads_them() {
        let start = AnyGame::start_with(GameId::Intermedium, ["opening_rule=off"]).unwrap();
        let moves = ["a2-b3-c4-d5-e6".to_owned(), "g9-f8-e7-d6-c5".to_owned()];
        let mut now = start.clone();
        for m in &moves {
            now = play_move(&now, m).unwrap().0;
        }
        let pasted = read_game(&game_record(&start, &moves, &now, None)).unwrap();
        let save = SaveFile::of(&start, &moves, SavedSeats::default());
        let loaded = save.replay().unwrap();
        assert_eq!(pasted.start, loaded.start);
        assert_eq!(
            pasted.tree, loaded.tree,
            "a pasted record gives the same history as Load"
        );
        let dropped = read_game(&save.to_ron()).unwrap();
        assert_eq!(dropped.tree, loaded.tree);
        assert_eq!(dropped.seats, Some(SavedSeats::default()));
    }

    #[test]
    fn a_position_string_opens_its_game_with_no_moves() {
        let text = "splay 8/8/8/8/8/8/1,w3b,6/8 b 60 2 6";
        let read = read_game(&format!("  {text}\n")).unwrap();
        assert_eq!(read.start.to_setup().to_string(), text);
        assert!(read.tree.is_empty() && read.seats.is_none());
    }

    #[test]
    fn wrong_texts_are_refused_naming_the_line_and_the_move() {
        let (start, tree) = branching();
        let good = tree_record(&start, &tree, None);
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "nothing to read"),
            (
                good.replace("  3. e3-e4", "  3. e3-e7"),
                "record line 8: move 3 'e3-e7' cannot be played",
            ),
            (
                good.replace("  3. e3-e4", "   3. e3-e4"),
                "record line 8: indented by 3 spaces",
            ),
            (
                good.replace("  3. e3-e4", "      3. e3-e4"),
                "record line 8: indented 2 levels below",
            ),
            (
                good.replace("3. d3-d4", "4. d3-d4"),
                "move 4 where move 3 was expected",
            ),
            (
                good.replace("Start: splay 8/", "Start: splay 9/"),
                "record line 4: the start position",
            ),
            (
                good.replace("Game: Splay", "Game: Support"),
                "Game: says Support",
            ),
            (good.replace("Result:", "Winner:"), "unknown field 'Winner'"),
            (
                good.replace(
                    "Position: splay",
                    "Position: splay 8/8/8/8/8/8/8/8 b 0 0 0 x",
                ),
                "not the position given",
            ),
            (
                "splay 8/8/8 b 0".into(),
                "not a game record, and not a position",
            ),
            ("(version: 9)".into(), "version 9"),
        ];
        for (text, expected) in cases {
            let e = read_game(&text).expect_err(expected).to_string();
            assert!(e.contains(expected), "{expected}: {e}");
        }
    }
}
