//! The common position string of docs/notation.md: parsed into an unvalidated [`Setup`], printed
//! canonically. Each game turns a `Setup` into its own legal position, or says what is wrong.

use std::fmt;

use super::cell::{Cell, Geometry};
use super::game_id::{GameId, UnknownGame};
use super::player::Player;
use super::stack::{Stack, StackError};

/// A parsed position string that the game's rules have not checked yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game (and board size).
    pub game: GameId,
    /// The cells in board order (a1, b1, …), on `game.geometry()`.
    pub board: Vec<Stack>,
    /// The player to move.
    pub to_move: Player,
    /// Turns played so far.
    pub ply: u32,
    /// The fields after the ply, as written.
    pub extras: Vec<String>,
}

impl Setup {
    /// An empty board of the game, Black to move at ply 0, no extras.
    #[must_use]
    pub fn empty(game: GameId) -> Setup {
        Setup {
            game,
            board: vec![Stack::EMPTY; game.geometry().len()],
            to_move: Player::Black,
            ply: 0,
            extras: Vec::new(),
        }
    }

    /// The stack on a cell (empty off the board).
    #[must_use]
    pub fn stack(&self, c: Cell) -> Stack {
        let g = self.game.geometry();
        if g.contains(c) {
            self.board[g.index(c)]
        } else {
            Stack::EMPTY
        }
    }

    /// Puts a stack on a cell.
    ///
    /// # Panics
    /// If the cell is off the board.
    pub fn set(&mut self, c: Cell, s: Stack) {
        let g = self.game.geometry();
        assert!(g.contains(c), "{c} is off the board");
        self.board[g.index(c)] = s;
    }

    /// Reads a position string: the syntax of docs/notation.md and the game's field count.
    ///
    /// # Errors
    /// A [`PositionError`] naming the field, rank or token that is wrong.
    pub fn parse(s: &str) -> Result<Setup, PositionError> {
        if s.trim().is_empty() {
            return Err(PositionError::Empty);
        }
        let fields: Vec<&str> = s.split(' ').collect();
        if fields.iter().any(|f| f.is_empty()) || s.contains(['\t', '\n', '\r']) {
            return Err(PositionError::Spacing);
        }
        let game: GameId = fields[0].parse().map_err(PositionError::UnknownGame)?;
        let (names, optional) = game.extra_fields();
        let max = 4 + names.len();
        if fields.len() < max - optional || fields.len() > max {
            return Err(PositionError::FieldCount {
                game,
                found: fields.len(),
            });
        }
        let board = parse_board(game.geometry(), fields[1])?;
        let to_move = match fields[2] {
            "b" => Player::Black,
            "w" => Player::White,
            other => return Err(PositionError::ToMove(other.to_string())),
        };
        let ply = parse_count("ply", fields[3])?;
        Ok(Setup {
            game,
            board,
            to_move,
            ply,
            extras: fields[4..].iter().map(|f| f.to_string()).collect(),
        })
    }
}

impl fmt::Display for Setup {
    /// The canonical position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.game.geometry();
        write!(f, "{} ", self.game)?;
        write_board(f, g, |c| self.board[g.index(c)])?;
        write!(f, " {} {}", self.to_move.letter(), self.ply)?;
        for e in &self.extras {
            write!(f, " {e}")?;
        }
        Ok(())
    }
}

/// Reads a non-negative decimal integer field (digits only, below 2^32).
///
/// # Errors
/// [`PositionError::Number`] naming the field.
pub fn parse_count(field: &'static str, s: &str) -> Result<u32, PositionError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PositionError::Number {
            field,
            value: s.to_string(),
        });
    }
    s.parse().map_err(|_| PositionError::Number {
        field,
        value: s.to_string(),
    })
}

/// Writes the board field: ranks from the top down, runs of empty cells merged.
///
/// # Errors
/// Only those of the writer.
pub fn write_board(
    out: &mut impl fmt::Write,
    g: Geometry,
    stack_at: impl Fn(Cell) -> Stack,
) -> fmt::Result {
    for y in (0..g.height).rev() {
        let mut empties = 0;
        let mut first = true;
        let mut sep = |out: &mut dyn fmt::Write| -> fmt::Result {
            if !std::mem::take(&mut first) {
                out.write_char(',')?;
            }
            Ok(())
        };
        for x in 0..g.width {
            let s = stack_at(Cell::new(x, y));
            if s.is_empty() {
                empties += 1;
                continue;
            }
            if empties > 0 {
                sep(out)?;
                write!(out, "{empties}")?;
                empties = 0;
            }
            sep(out)?;
            write!(out, "{s}")?;
        }
        if empties > 0 {
            sep(out)?;
            write!(out, "{empties}")?;
        }
        if y > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}

fn parse_board(g: Geometry, field: &str) -> Result<Vec<Stack>, PositionError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != g.height as usize {
        return Err(PositionError::RankCount {
            found: ranks.len(),
            expected: g.height,
        });
    }
    let mut board = vec![Stack::EMPTY; g.len()];
    for (i, text) in ranks.iter().enumerate() {
        let y = g.height - 1 - i as u8;
        let rank = y + 1;
        let mut x: usize = 0;
        for token in text.split(',') {
            let token_err = |problem| PositionError::Token {
                rank,
                token: token.to_string(),
                problem,
            };
            if token.bytes().next().is_some_and(|b| b.is_ascii_digit()) {
                if !token.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(token_err(TokenProblem::BadNumber));
                }
                let n: usize = token.parse().unwrap_or(usize::MAX);
                if n == 0 {
                    return Err(token_err(TokenProblem::ZeroEmpty));
                }
                x = x.saturating_add(n);
            } else {
                let s = Stack::parse_token(token).map_err(|e| token_err(TokenProblem::Stack(e)))?;
                if x < g.width as usize {
                    board[g.index(Cell::new(x as u8, y))] = s;
                }
                x = x.saturating_add(1);
            }
        }
        if x != g.width as usize {
            return Err(PositionError::RankWidth {
                rank,
                found: x,
                expected: g.width,
            });
        }
    }
    Ok(board)
}

/// What is wrong with one token of the board field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenProblem {
    /// A stack token that cannot be read.
    Stack(StackError),
    /// `0` empty cells.
    ZeroEmpty,
    /// Digits mixed with other characters where a count of empty cells was expected.
    BadNumber,
}

impl fmt::Display for TokenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenProblem::Stack(e) => e.fmt(f),
            TokenProblem::ZeroEmpty => f.write_str("a run of 0 empty cells"),
            TokenProblem::BadNumber => f.write_str("not a number of empty cells nor a stack"),
        }
    }
}

/// Why a position string is not a position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Nothing was given.
    Empty,
    /// Fields are not separated by single spaces (double, leading or trailing spaces, tabs).
    Spacing,
    /// The first field names no game.
    UnknownGame(UnknownGame),
    /// Too many or too few fields for the game.
    FieldCount {
        /// The game.
        game: GameId,
        /// How many fields there were.
        found: usize,
    },
    /// The board has the wrong number of ranks.
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks of the board.
        expected: u8,
    },
    /// A rank does not account for exactly the board's width.
    RankWidth {
        /// The rank (1-based, as in cell names).
        rank: u8,
        /// Cells found.
        found: usize,
        /// Width of the board.
        expected: u8,
    },
    /// A token of the board cannot be read.
    Token {
        /// The rank (1-based).
        rank: u8,
        /// The token as written.
        token: String,
        /// What is wrong with it.
        problem: TokenProblem,
    },
    /// The side to move is not `b` or `w`.
    ToMove(String),
    /// A numeric field is not a non-negative decimal integer below 2^32.
    Number {
        /// Which field.
        field: &'static str,
        /// As written.
        value: String,
    },
    /// A field after the ply has a value the game does not allow.
    Extra {
        /// Which field.
        field: &'static str,
        /// As written.
        value: String,
    },
    /// The position breaks one of the game's rules for valid positions.
    Rule(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Empty => f.write_str("the position is empty"),
            PositionError::Spacing => {
                f.write_str("fields must be separated by single spaces, with none around them")
            }
            PositionError::UnknownGame(e) => e.fmt(f),
            PositionError::FieldCount { game, found } => {
                let (names, optional) = game.extra_fields();
                write!(
                    f,
                    "a {game} position has {} fields (game, board, side to move, ply",
                    if optional > 0 {
                        format!("{} or {}", 4 + names.len() - optional, 4 + names.len())
                    } else {
                        (4 + names.len()).to_string()
                    }
                )?;
                for n in names {
                    write!(f, ", {n}")?;
                }
                write!(f, "), not {found}")
            }
            PositionError::RankCount { found, expected } => write!(
                f,
                "the board has {found} ranks separated by '/', the game has {expected}"
            ),
            PositionError::RankWidth {
                rank,
                found,
                expected,
            } => write!(
                f,
                "rank {rank} accounts for {found} cells, the board is {expected} wide"
            ),
            PositionError::Token {
                rank,
                token,
                problem,
            } => write!(f, "rank {rank}, token '{token}': {problem}"),
            PositionError::ToMove(s) => {
                write!(f, "the side to move must be 'b' or 'w', not '{s}'")
            }
            PositionError::Number { field, value } => write!(
                f,
                "the {field} must be a non-negative decimal integer below 2^32, not '{value}'"
            ),
            PositionError::Extra { field, value } => {
                write!(f, "bad {field}: '{value}'")
            }
            PositionError::Rule(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for PositionError {}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/1,b2,b2,b2,b2,b2,b2,1/8 b 0 0 0";

    #[test]
    fn canonical_strings_round_trip() {
        for s in [
            START,
            "cash-in-hand w32,6,b32/8/8/8/8/8/8/b32,6,w32 b 0",
            "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 17 0 0",
            "grabber-10 10/10/10/10/10/10/10/10/10/b,8,w7b w 12",
            "intermedium 7/7/7/7/7/7/7/7/7/7 w 3 city",
            "intermedium 7/7/7/7/7/7/7/7/7/7 w 3",
        ] {
            let setup = Setup::parse(s).unwrap();
            assert_eq!(setup.to_string(), s);
        }
    }

    #[test]
    fn cells_land_where_the_string_puts_them() {
        let s = Setup::parse("splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 0 0 0").unwrap();
        let at = |c: &str| s.stack(c.parse().unwrap()).to_string();
        assert_eq!(at("e5"), "w4");
        assert_eq!(at("f3"), "wb");
        assert_eq!(at("b2"), "wb2");
        assert_eq!(at("g2"), "w");
        assert_eq!(at("a1"), "");
    }

    #[test]
    fn non_canonical_board_spellings_print_canonically() {
        let s = Setup::parse("splay 4,4/8/8/8/8/8/8/bb,7 b 0 0 0").unwrap();
        assert_eq!(s.to_string(), "splay 8/8/8/8/8/8/8/b2,7 b 0 0 0");
    }

    #[test]
    fn errors_name_the_problem() {
        let err = |s: &str| Setup::parse(s).unwrap_err();
        assert_eq!(err(""), PositionError::Empty);
        assert_eq!(
            err("splay  8/8/8/8/8/8/8/8 b 0 0 0"),
            PositionError::Spacing
        );
        assert_eq!(
            err("splay 8/8/8/8/8/8/8/8 b 0 0 0 "),
            PositionError::Spacing
        );
        assert!(matches!(err("chess 8 b 0"), PositionError::UnknownGame(_)));
        assert!(matches!(
            err("splay 8/8/8/8/8/8/8/8 b 0 0"),
            PositionError::FieldCount { found: 5, .. }
        ));
        assert_eq!(
            err("splay 8/8/8/8/8/8/8 b 0 0 0"),
            PositionError::RankCount {
                found: 7,
                expected: 8
            }
        );
        assert_eq!(
            err("splay 8/8/8/8/8/8/8/7 b 0 0 0"),
            PositionError::RankWidth {
                rank: 1,
                found: 7,
                expected: 8
            }
        );
        assert_eq!(
            err("splay 8/8/8/8/8/8/9/8 b 0 0 0"),
            PositionError::RankWidth {
                rank: 2,
                found: 9,
                expected: 8
            }
        );
        assert!(matches!(
            err("splay 8/8/8/8/8/8/8/x,7 b 0 0 0"),
            PositionError::Token { rank: 1, .. }
        ));
        assert!(matches!(
            err("splay 8/8/8/8/8/8/8/0,8 b 0 0 0"),
            PositionError::Token {
                problem: TokenProblem::ZeroEmpty,
                ..
            }
        ));
        assert!(matches!(
            err("splay 8/8/8/8/8/8/8/,8 b 0 0 0"),
            PositionError::Token {
                problem: TokenProblem::Stack(StackError::Empty),
                ..
            }
        ));
        assert!(matches!(
            err("splay 8/8/8/8/8/8/8/b0,7 b 0 0 0"),
            PositionError::Token {
                problem: TokenProblem::Stack(StackError::ZeroCount),
                ..
            }
        ));
        assert!(matches!(
            err("splay 8/8/8/8/8/8/8/3x,5 b 0 0 0"),
            PositionError::Token {
                problem: TokenProblem::BadNumber,
                ..
            }
        ));
        assert_eq!(
            err("splay 8/8/8/8/8/8/8/8 x 0 0 0"),
            PositionError::ToMove("x".into())
        );
        for ply in ["-1", "+1", "1.0", "4294967296", "x"] {
            assert!(
                matches!(
                    err(&format!("splay 8/8/8/8/8/8/8/8 b {ply} 0 0")),
                    PositionError::Number { field: "ply", .. }
                ),
                "{ply}"
            );
        }
        let msg = err("splay 8/8/8/8/8/8/8/7 b 0 0 0").to_string();
        assert!(msg.contains("rank 1") && msg.contains('7'), "{msg}");
    }
}
