//! Syntax errors of move notation, and small readers the games' notation parsers share.

use std::fmt;

use super::cell::{Cell, Dir, Geometry};

/// What is wrong with a move's text, before any question of legality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// No text.
    Empty,
    /// A piece that should be a cell is not one.
    BadCell(String),
    /// A cell that is not on this game's board.
    OffBoard(Cell),
    /// A piece that should be a direction is not one.
    BadDirection(String),
    /// Two cells that should be neighbours are not.
    NotAdjacent(Cell, Cell),
    /// The text does not have one of the game's forms.
    Form {
        /// The text, as given.
        text: String,
        /// The forms the game writes.
        expected: &'static str,
    },
    /// A form that exists, but never for this (a one-stone splay in Splay, say).
    NotAMove {
        /// The text, as given.
        text: String,
        /// Why it is not a move.
        why: String,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("the move is empty"),
            NotationError::BadCell(s) => write!(f, "'{s}' is not a cell"),
            NotationError::OffBoard(c) => write!(f, "{c} is not on the board"),
            NotationError::BadDirection(s) => {
                write!(f, "'{s}' is not a direction (n, ne, e, se, s, sw, w, nw)")
            }
            NotationError::NotAdjacent(a, b) => write!(f, "{a} and {b} are not neighbours"),
            NotationError::Form { text, expected } => {
                write!(
                    f,
                    "'{text}' is not a move of this game (moves look like {expected})"
                )
            }
            NotationError::NotAMove { text, why } => write!(f, "'{text}' is not a move: {why}"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Reads a cell of the given board, in either case.
///
/// # Errors
/// [`NotationError::BadCell`] or [`NotationError::OffBoard`].
pub fn read_cell(g: Geometry, s: &str) -> Result<Cell, NotationError> {
    let c: Cell = s
        .parse()
        .map_err(|_| NotationError::BadCell(s.to_string()))?;
    if g.contains(c) {
        Ok(c)
    } else {
        Err(NotationError::OffBoard(c))
    }
}

/// Reads a direction, in either case.
///
/// # Errors
/// [`NotationError::BadDirection`].
pub fn read_dir(s: &str) -> Result<Dir, NotationError> {
    Dir::from_name(s).ok_or_else(|| NotationError::BadDirection(s.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readers_check_the_board_and_the_case() {
        let g = Geometry::new(8, 8);
        assert_eq!(read_cell(g, "C3").unwrap().to_string(), "c3");
        assert_eq!(
            read_cell(g, "i1"),
            Err(NotationError::OffBoard("i1".parse().unwrap()))
        );
        assert_eq!(read_cell(g, "zz"), Err(NotationError::BadCell("zz".into())));
        assert_eq!(read_dir("NE"), Ok(Dir::Ne));
        assert!(read_dir("up").unwrap_err().to_string().contains("'up'"));
    }
}
