//! The City's ring as the computer sees it: the cells each colour stands on, the three cells
//! around each City, and the cells from which so many steps can end on a set of cells. Shared by
//! the strikes and the City walk.

use crate::rules::ByPlayer;
use crate::rules::Player;
use crate::rules::intermedium::{CELLS, CITY, Cells, NO_DIR, NONE, ORTH, before, owner};

const fn colour_cells() -> ByPlayer<Cells> {
    let mut black = 0;
    let mut i = 0;
    while i < CELLS {
        if matches!(owner(i), Player::Black) {
            black |= 1 << i;
        }
        i += 1;
    }
    ByPlayer::new(black, ((1 << CELLS) - 1) & !black)
}

/// The cells each colour's stones stand on.
pub(crate) const COLOUR: ByPlayer<Cells> = colour_cells();

const fn ring(city: u8) -> Cells {
    let mut set = 0;
    let mut d = 0;
    while d < 4 {
        let n = ORTH[city as usize][d];
        if n != NONE {
            set |= 1 << n;
        }
        d += 1;
    }
    set
}

/// The orthogonal neighbours of each player's City: who holds all of them can take it.
pub(crate) const CITY_RING: ByPlayer<Cells> = ByPlayer::new(ring(CITY.black), ring(CITY.white));

/// For each last step (`NO_DIR` included): the cells from which `k` more steps, never reversing
/// one, can end on a cell of `targets`.
pub(crate) fn walks_into(targets: Cells, k: u8) -> [Cells; 5] {
    if targets == 0 {
        return [0; 5];
    }
    let mut now = [targets; 5];
    for _ in 0..k {
        let into: [Cells; 4] = std::array::from_fn(|d| before(now[d], d));
        now = std::array::from_fn(|last| {
            (0..4)
                .filter(|&d| last == usize::from(NO_DIR) || d != (last + 2) % 4)
                .fold(0, |acc, d| acc | into[d])
        });
    }
    now
}
