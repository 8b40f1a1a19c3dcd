//! Where things stand in the world: cells, stack levels and the capture trays.

use bevy::prelude::*;

use crate::rules::{Cell, Geometry, Place, Player};

/// Width of a cell, in world units.
pub const CELL: f32 = 1.0;
/// Thickness of a stone.
pub const DISC_HEIGHT: f32 = 0.15;
/// Radius of a stone.
pub const DISC_RADIUS: f32 = 0.37;
/// Height of the board's playing surface.
pub const BOARD_TOP: f32 = 0.0;
/// Stones per pile in a capture tray.
const PILE: usize = 3;
/// Piles per row of a capture tray.
const PILES_PER_ROW: usize = 6;
/// Height of the table top, where captured stones lie.
pub const TABLE_TOP: f32 = BOARD_TOP - 0.32;

/// How high stones in hand hover over the board.
pub const HAND_LIFT: f32 = 1.2;

/// Where a stone is, as the board shows it: its place in the rules and, off the board (in a
/// capture tray or the row of stones its owner removed), its slot there in the order it came.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiscPlace {
    /// The place in the rules.
    pub place: Place,
    /// The slot in a tray or a row; 0 for a place in the rules alone.
    pub slot: usize,
}

impl DiscPlace {
    /// A place in the rules alone (a cell's stack, the hand, the supply).
    #[must_use]
    pub const fn at(place: Place) -> DiscPlace {
        DiscPlace { place, slot: 0 }
    }

    /// A level of a cell's stack.
    #[must_use]
    pub const fn board(cell: Cell, level: u8) -> DiscPlace {
        DiscPlace::at(Place::Board { cell, level })
    }

    /// A slot of a tray (`Place::Captured`) or a removed row (`Place::Removed`).
    #[must_use]
    pub const fn in_row(place: Place, slot: usize) -> DiscPlace {
        DiscPlace { place, slot }
    }

    /// The cell and level, for a stone in a stack.
    #[must_use]
    pub const fn on_board(self) -> Option<(Cell, u8)> {
        match self.place {
            Place::Board { cell, level } => Some((cell, level)),
            _ => None,
        }
    }
}

/// Stones above this level of a stack sit closer together, so that a tall stack (Cash In Hand
/// starts with 32 on a cell, and one can hold 128) stays on screen; its height is also written
/// over it.
const LOOSE_LEVELS: f32 = 10.0;
/// The spacing of the packed levels, as a share of a stone's thickness.
const PACKED: f32 = 0.3;

/// How high the middle of a stone at `level` (a fractional level for tops) stands above its cell.
#[must_use]
pub fn level_height(level: f32) -> f32 {
    let loose = level.min(LOOSE_LEVELS);
    let packed = (level - LOOSE_LEVELS).max(0.0);
    DISC_HEIGHT * (loose + PACKED * packed)
}

/// The top of a stack of `len` stones on a cell, above the board.
#[must_use]
pub fn stack_top(len: usize) -> f32 {
    let n = len as f32;
    if n <= LOOSE_LEVELS {
        DISC_HEIGHT * n
    } else {
        level_height(n - 0.5) + DISC_HEIGHT * 0.5
    }
}

/// The centre of a cell on the board's surface.
#[must_use]
pub fn cell_centre(g: Geometry, c: Cell) -> Vec3 {
    let x = f32::from(c.x()) - (f32::from(g.width) - 1.0) / 2.0;
    let z = (f32::from(g.height) - 1.0) / 2.0 - f32::from(c.y());
    Vec3::new(x * CELL, BOARD_TOP, z * CELL)
}

/// The centre of a stone at a place.
#[must_use]
pub fn place_translation(g: Geometry, place: DiscPlace) -> Vec3 {
    let slot = place.slot;
    match place.place {
        Place::Board { cell, level } => {
            cell_centre(g, cell) + Vec3::Y * level_height(f32::from(level) + 0.5)
        }
        Place::Hand { cell, level } => {
            cell_centre(g, cell) + Vec3::Y * (HAND_LIFT + level_height(f32::from(level) + 0.5))
        }
        Place::Supply(colour) => {
            let side = match colour {
                Player::Black => 1.0,
                Player::White => -1.0,
            };
            let x = (f32::from(g.width) / 2.0 + 1.3) * CELL;
            Vec3::new(x, TABLE_TOP + DISC_HEIGHT, side * 2.0 * CELL)
        }
        Place::Removed(colour) => {
            // Beside the board, on the owner's right: a short row of piles.
            let side = match colour {
                Player::Black => 1.0,
                Player::White => -1.0,
            };
            let x = -(f32::from(g.width) / 2.0 + 1.2) * CELL;
            let z = side * (1.0 + (slot / PILE) as f32 * 0.9) * CELL;
            let level = (slot % PILE) as f32;
            Vec3::new(x, TABLE_TOP + DISC_HEIGHT * (level + 0.5), z)
        }
        Place::Captured(by) => {
            // Each player keeps the stones they captured on the table in front of them: Black
            // before rank 1, White beyond the last rank, in piles of three.
            let side = match by {
                Player::Black => 1.0,
                Player::White => -1.0,
            };
            // Six piles to a row; a game with many captures (Intermedium) fills further rows
            // away from the board.
            let pile = slot / PILE;
            let (row, column) = ((pile / PILES_PER_ROW) as f32, (pile % PILES_PER_ROW) as f32);
            let level = (slot % PILE) as f32;
            let x = side * (column - 2.5) * 0.9 * CELL;
            let z = side * (f32::from(g.height) / 2.0 + 1.1 + 0.85 * row) * CELL;
            Vec3::new(x, TABLE_TOP + DISC_HEIGHT * (level + 0.5), z)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_centred_with_rank_one_nearest_the_camera() {
        let g = Geometry::new(8, 8);
        let a1 = cell_centre(g, "a1".parse().unwrap());
        let h8 = cell_centre(g, "h8".parse().unwrap());
        assert_eq!(a1, Vec3::new(-3.5, 0.0, 3.5));
        assert_eq!(h8, Vec3::new(3.5, 0.0, -3.5));
        let top = place_translation(g, DiscPlace::board("a1".parse().unwrap(), 2));
        assert!((top.y - 2.5 * DISC_HEIGHT).abs() < 1e-6);
    }
}
