//! Board geometry: cells, the eight directions, and rectangular boards up to 10x10.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The largest board of the five games is 10 cells wide and 10 high.
pub const MAX_SIDE: u8 = 10;

/// A cell by file and rank, independent of any board: `a1` is file 0, rank 0.
///
/// Packed as `rank << 4 | file`, so comparing cells compares them in board order
/// (a1, b1, …, a2, …), the order docs/notation.md uses for lists of cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Cell(u8);

impl Cell {
    /// The cell at 0-based file `x` and 0-based rank `y` (both below 16).
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Cell {
        debug_assert!(x < 16 && y < 16);
        Cell((y << 4) | x)
    }

    /// 0-based file (`a` = 0).
    #[must_use]
    pub const fn x(self) -> u8 {
        self.0 & 15
    }

    /// 0-based rank (rank 1 = 0).
    #[must_use]
    pub const fn y(self) -> u8 {
        self.0 >> 4
    }

    /// The file letter.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.x()) as char
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.y() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a cell name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellError(pub String);

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a cell (a file letter a-j then a rank 1-10)",
            self.0
        )
    }
}

impl std::error::Error for CellError {}

impl FromStr for Cell {
    type Err = CellError;

    /// Reads `a1` … `j10`, in either case. Whether the cell is on a given board is for the game.
    fn from_str(s: &str) -> Result<Cell, CellError> {
        let err = || CellError(s.to_string());
        let mut chars = s.chars();
        let file = chars.next().ok_or_else(err)?.to_ascii_lowercase();
        if !('a'..='j').contains(&file) {
            return Err(err());
        }
        let rank = chars.as_str();
        if rank.is_empty() || rank.len() > 2 || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        if rank.starts_with('0') {
            return Err(err());
        }
        let rank: u8 = rank.parse().map_err(|_| err())?;
        if !(1..=MAX_SIDE).contains(&rank) {
            return Err(err());
        }
        Ok(Cell::new(file as u8 - b'a', rank - 1))
    }
}

impl From<Cell> for String {
    fn from(c: Cell) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for Cell {
    type Error = CellError;
    fn try_from(s: String) -> Result<Cell, CellError> {
        s.parse()
    }
}

/// One of the eight directions, `n` being towards higher ranks and `e` towards later files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Towards higher ranks.
    N = 0,
    /// North-east.
    Ne,
    /// Towards later files.
    E,
    /// South-east.
    Se,
    /// Towards rank 1.
    S,
    /// South-west.
    Sw,
    /// Towards file `a`.
    W,
    /// North-west.
    Nw,
}

impl Dir {
    /// All eight directions, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::Ne,
        Dir::E,
        Dir::Se,
        Dir::S,
        Dir::Sw,
        Dir::W,
        Dir::Nw,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The four diagonal directions.
    pub const DIAGONAL: [Dir; 4] = [Dir::Ne, Dir::Se, Dir::Sw, Dir::Nw];

    /// File and rank change of one step.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::Ne => (1, 1),
            Dir::E => (1, 0),
            Dir::Se => (1, -1),
            Dir::S => (0, -1),
            Dir::Sw => (-1, -1),
            Dir::W => (-1, 0),
            Dir::Nw => (-1, 1),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    /// Whether the direction is diagonal.
    #[must_use]
    pub const fn is_diagonal(self) -> bool {
        (self as u8) % 2 == 1
    }

    /// The notation: `n`, `ne`, `e`, `se`, `s`, `sw`, `w`, `nw`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "n",
            Dir::Ne => "ne",
            Dir::E => "e",
            Dir::Se => "se",
            Dir::S => "s",
            Dir::Sw => "sw",
            Dir::W => "w",
            Dir::Nw => "nw",
        }
    }

    /// Reads a direction in either case.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
    }

    /// 0..8, clockwise from north.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rectangular board of `width` files and `height` ranks (each 1..=10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Number of files.
    pub width: u8,
    /// Number of ranks.
    pub height: u8,
}

impl Geometry {
    /// A board of the given size.
    #[must_use]
    pub const fn new(width: u8, height: u8) -> Geometry {
        assert!(width >= 1 && width <= MAX_SIDE && height >= 1 && height <= MAX_SIDE);
        Geometry { width, height }
    }

    /// Number of cells.
    #[must_use]
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Always false: a board has at least one cell.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Whether the cell lies on this board.
    #[must_use]
    pub const fn contains(self, c: Cell) -> bool {
        c.x() < self.width && c.y() < self.height
    }

    /// The dense index of a cell on this board (`y * width + x`), in board order.
    #[must_use]
    pub const fn index(self, c: Cell) -> usize {
        c.y() as usize * self.width as usize + c.x() as usize
    }

    /// The cell of a dense index.
    #[must_use]
    pub const fn cell(self, index: usize) -> Cell {
        Cell::new(
            (index % self.width as usize) as u8,
            (index / self.width as usize) as u8,
        )
    }

    /// The cell `steps` steps away in a direction, if it is on the board.
    #[must_use]
    pub const fn offset(self, c: Cell, d: Dir, steps: i8) -> Option<Cell> {
        let (dx, dy) = d.delta();
        let x = c.x() as i16 + dx as i16 * steps as i16;
        let y = c.y() as i16 + dy as i16 * steps as i16;
        if x < 0 || y < 0 || x >= self.width as i16 || y >= self.height as i16 {
            None
        } else {
            Some(Cell::new(x as u8, y as u8))
        }
    }

    /// The neighbouring cell in a direction, if it is on the board.
    #[must_use]
    pub const fn neighbour(self, c: Cell, d: Dir) -> Option<Cell> {
        self.offset(c, d, 1)
    }

    /// Every cell in board order: a1, b1, …, then rank 2, and so on.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.len()).map(move |i| self.cell(i))
    }

    /// The direction from `a` to an adjacent cell `b`, if they are neighbours.
    #[must_use]
    pub fn direction_to(self, a: Cell, b: Cell) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|&d| self.neighbour(a, d) == Some(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_print_and_parse() {
        let c: Cell = "c3".parse().unwrap();
        assert_eq!((c.x(), c.y()), (2, 2));
        assert_eq!(c.to_string(), "c3");
        assert_eq!("D10".parse::<Cell>().unwrap().to_string(), "d10");
        for bad in ["", "c", "3", "k1", "a0", "a11", "a01", "a1x", "a-1", "é1"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad} should not parse");
        }
    }

    #[test]
    fn cells_order_as_the_board_does() {
        let g = Geometry::new(8, 8);
        let cells: Vec<Cell> = g.cells().collect();
        let mut sorted = cells.clone();
        sorted.sort();
        assert_eq!(cells, sorted);
        assert_eq!(cells[0].to_string(), "a1");
        assert_eq!(cells[8].to_string(), "a2");
        assert_eq!(g.index("h8".parse().unwrap()), 63);
    }

    #[test]
    fn directions_step_and_reverse() {
        let g = Geometry::new(7, 10);
        let a1: Cell = "a1".parse().unwrap();
        assert_eq!(g.neighbour(a1, Dir::Ne).unwrap().to_string(), "b2");
        assert_eq!(g.neighbour(a1, Dir::S), None);
        assert_eq!(g.offset(a1, Dir::N, 9).unwrap().to_string(), "a10");
        assert_eq!(g.offset(a1, Dir::N, 10), None);
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(Dir::from_name(&d.name().to_uppercase()), Some(d));
        }
        assert_eq!(Dir::from_name("x"), None);
        assert_eq!(g.direction_to(a1, "b2".parse().unwrap()), Some(Dir::Ne));
    }
}
