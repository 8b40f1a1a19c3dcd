//! Sowings that take the City by closing its ring themselves: stones dropped on the ring's empty
//! cells before the last stone lands on a single stone of the ring (White's e3 sown by d2 onto a
//! single c1, holding e1, takes d1). A forward search over (cell, last step, stones dropped on
//! each ring cell) on bitsets of cells, in a scratch buffer each thread keeps, so it allocates
//! nothing; only cells from which the steps left can still end on the ring, and still drop a
//! stone on each of its cells left empty, are kept. That table of the cells from which so many
//! steps can still cover the ring's empty cells also tells which sowings can hold the whole ring
//! ([`may_still_close_ring`]).

use std::cell::RefCell;

use super::ring::{CITY_RING, COLOUR, walks_into};
use crate::rules::intermedium::{
    CITY, Cells, NO_DIR, NONE, ORTH, OpeningSearch, STONES_PER_COLOUR, before,
};
use crate::rules::{ByPlayer, Player};

/// The three orthogonal neighbours of a City, in a fixed order.
const fn ring_cells(city: u8) -> [u8; 3] {
    let mut cells = [NONE; 3];
    let (mut d, mut n) = (0, 0);
    while d < 4 {
        let c = ORTH[city as usize][d];
        if c != NONE && n < 3 {
            cells[n] = c;
            n += 1;
        }
        d += 1;
    }
    cells
}

/// The ring each player attacks, cell by cell: White's City's for Black, and the other way.
const ATTACKED_RING: ByPlayer<[u8; 3]> =
    ByPlayer::new(ring_cells(CITY.white), ring_cells(CITY.black));

/// Stones a sowing drops on each of the three ring cells, 0, 1 or 2 (for two or more), as a
/// number in base 3: 27 states.
const RING_STATES: usize = 27;

/// The state after one more stone on ring cell `k`.
const fn sown_on(state: usize, k: usize) -> usize {
    let unit = [1, 3, 9][k];
    if state / unit % 3 < 2 {
        state + unit
    } else {
        state
    }
}

/// Stones the state says were dropped on ring cell `k` (2: two or more).
const fn sown(state: usize, k: usize) -> usize {
    state / [1, 3, 9][k] % 3
}

/// For each player, each number of steps up to the tallest stack one colour can build, and each
/// last step (`NO_DIR` included): the cells from which that many steps can end on the ring of the
/// City the player attacks. Worked out once.
fn ring_reach(p: Player) -> &'static [[Cells; 5]; STONES_PER_COLOUR + 1] {
    static REACH: std::sync::OnceLock<ByPlayer<[[Cells; 5]; STONES_PER_COLOUR + 1]>> =
        std::sync::OnceLock::new();
    let reach = REACH.get_or_init(|| {
        let table = |p: Player| std::array::from_fn(|k| walks_into(CITY_RING[!p], k as u8));
        ByPlayer::new(table(Player::Black), table(Player::White))
    });
    &reach[p]
}

/// For each player, each number of steps and each last step: the cells of the player's colour
/// from which that many steps can be made at all (a walk that ends anywhere).
fn board_reach(p: Player) -> &'static [[Cells; 5]; STONES_PER_COLOUR + 1] {
    static REACH: std::sync::OnceLock<ByPlayer<[[Cells; 5]; STONES_PER_COLOUR + 1]>> =
        std::sync::OnceLock::new();
    let reach = REACH.get_or_init(|| {
        let table = |p: Player| std::array::from_fn(|k| walks_into(COLOUR[p], k as u8));
        ByPlayer::new(table(Player::Black), table(Player::White))
    });
    &reach[p]
}

/// For each player, each set of ring cells (bit `k` for the `k`th cell of the ring the player
/// attacks), each number of steps and each last step: the cells from which that many steps can
/// drop a stone on every ring cell of the set. Worked out once.
fn ring_cover(p: Player) -> &'static [[[Cells; 5]; STONES_PER_COLOUR + 1]; 8] {
    type Table = [[[Cells; 5]; STONES_PER_COLOUR + 1]; 8];
    static COVER: std::sync::OnceLock<ByPlayer<Box<Table>>> = std::sync::OnceLock::new();
    let cover = COVER.get_or_init(|| {
        let table = |p: Player| {
            let ring = ATTACKED_RING[p];
            let mut c: Box<Table> = Box::new([[[0; 5]; STONES_PER_COLOUR + 1]; 8]);
            c[0] = *board_reach(p);
            for k in 1..=STONES_PER_COLOUR {
                for set in 1..8 {
                    // Where a step may land with `k - 1` steps left to cover what is still due.
                    let land: [Cells; 4] = std::array::from_fn(|d| {
                        let mut to = c[set][k - 1][d];
                        for (j, &r) in ring.iter().enumerate() {
                            let bit: Cells = 1 << r;
                            to &= !bit;
                            if set >> j & 1 == 1 {
                                to |= c[set & !(1 << j)][k - 1][d] & bit;
                            } else {
                                to |= c[set][k - 1][d] & bit;
                            }
                        }
                        before(to, d)
                    });
                    for last in 0..5 {
                        c[set][k][last] = (0..4)
                            .filter(|&d| last == usize::from(NO_DIR) || d != (last + 2) % 4)
                            .fold(0, |acc, d| acc | land[d]);
                    }
                }
            }
            c
        };
        ByPlayer::new(table(Player::Black), table(Player::White))
    });
    &cover[p]
}

/// Whether `p`'s stones in hand on `at` after the step `last`, `steps` of them, can still drop a
/// stone on every cell of the ring `p` attacks that these `filled` cells leave empty.
pub(crate) fn may_still_close_ring(
    p: Player,
    filled: Cells,
    (at, last): (usize, u8),
    steps: u8,
) -> bool {
    let set = ATTACKED_RING[p]
        .iter()
        .enumerate()
        .filter(|&(_, &r)| filled >> r & 1 == 0)
        .fold(0, |acc, (k, _)| acc | 1 << k);
    ring_cover(p)
        .get(set)
        .and_then(|c| c.get(usize::from(steps)))
        .is_some_and(|c| OpeningSearch::holds(c[usize::from(last)], at))
}

/// Whether `steps` steps from `at` after the step `last` can end on the ring `p` attacks (a
/// sowing taller than any stack cannot).
pub(crate) fn may_reach_ring(p: Player, at: usize, last: u8, steps: u8) -> bool {
    ring_reach(p)
        .get(usize::from(steps))
        .is_some_and(|r| OpeningSearch::holds(r[usize::from(last)], at))
}

/// The search's two layers of sets of cells by (last step, ring state), the pairs in use in
/// each, and how many. Every set is empty between searches.
struct Walk {
    layers: [[[Cells; RING_STATES]; 5]; 2],
    active: [[(u8, u8); 5 * RING_STATES]; 2],
    used: [usize; 2],
}

thread_local! {
    static WALK: RefCell<Walk> = const {
        RefCell::new(Walk {
            layers: [[[0; RING_STATES]; 5]; 2],
            active: [[(0, 0); 5 * RING_STATES]; 2],
            used: [0; 2],
        })
    };
}

impl Walk {
    /// Adds `cells`, reached by a step `d` in ring state `state`, to layer `to`.
    fn add(&mut self, to: usize, d: usize, state: usize, cells: Cells) {
        if cells == 0 {
            return;
        }
        if self.layers[to][d][state] == 0 {
            self.active[to][self.used[to]] = (d as u8, state as u8);
            self.used[to] += 1;
        }
        self.layers[to][d][state] |= cells;
    }

    /// Walks `steps` steps from `at` (after `last`, in ring state `state`), emptying each layer
    /// as it is left; the layer holding the walks' ends. Only the cells from which the steps
    /// left can still end on the ring *and* drop a stone on each ring cell that is still empty
    /// (`heights` before the walk, as in [`Walk::takes_city`]) are kept.
    fn run(
        &mut self,
        p: Player,
        (at, last, state): (usize, u8, usize),
        steps: u8,
        heights: [usize; 3],
    ) -> usize {
        let (ring, reach, cover) = (ATTACKED_RING[p], ring_reach(p), ring_cover(p));
        // For each ring state, the ring cells (bit k for the k-th) still without a stone.
        let empty: [usize; RING_STATES] = std::array::from_fn(|st| {
            (0..3)
                .filter(|&k| heights[k] + sown(st, k) == 0)
                .fold(0, |acc, k| acc | 1 << k)
        });
        let keep = |st: usize, left: usize, d: usize| reach[left][d] & cover[empty[st]][left][d];
        self.used = [0; 2];
        self.add(0, usize::from(last), state, 1 << at);
        let mut now = 0;
        for left in (0..steps).rev() {
            let next = 1 - now;
            for j in 0..self.used[now] {
                let (from, st) = self.active[now][j];
                let (from, st) = (usize::from(from), usize::from(st));
                let cells = std::mem::take(&mut self.layers[now][from][st]);
                for d in (0..4).filter(|&d| from == usize::from(NO_DIR) || d != (from + 2) % 4) {
                    let left = usize::from(left);
                    let reached = before(cells, (d + 2) % 4);
                    self.add(next, d, st, reached & !CITY_RING[!p] & keep(st, left, d));
                    for (k, &r) in ring.iter().enumerate() {
                        let on = sown_on(st, k);
                        self.add(next, d, on, reached & (1 << r) & keep(on, left, d));
                    }
                }
            }
            self.used[now] = 0;
            now = next;
        }
        now
    }

    /// Whether a walk's end in layer `now` takes the City: the last stone (counted in the state)
    /// on a ring cell that held exactly one stone before it, every ring cell filled after.
    /// Empties the layer.
    fn takes_city(&mut self, p: Player, now: usize, heights: [usize; 3]) -> bool {
        let ring = ATTACKED_RING[p];
        let mut found = false;
        for j in 0..self.used[now] {
            let (last, state) = self.active[now][j];
            let (last, state) = (usize::from(last), usize::from(state));
            let cells = std::mem::take(&mut self.layers[now][last][state]);
            found |= (0..3).any(|k| {
                let ends_here = cells >> ring[k] & 1 == 1;
                let on_single = heights[k] + sown(state, k) == 2;
                let closed = (0..3).all(|j| heights[j] + sown(state, j) > 0);
                ends_here && on_single && closed
            });
        }
        self.used[now] = 0;
        found
    }
}

/// Whether a sowing of `p`'s that stands on `at` after the step `last` (`NO_DIR`: `at` is the
/// lifted cell, before the first step) and has `steps` more steps can take the City `p` attacks,
/// on a board of these `filled` cells and `p`'s `single` stones: the board before the stone the
/// step `last` drops on `at` (the lifted cell emptied, earlier stones of the turn sown). A ring
/// cell sown three times or more counts as twice, so it may see a City that is not there, never
/// miss one.
pub(crate) fn sows_into_city(
    p: Player,
    (filled, single): (Cells, Cells),
    (at, last): (usize, u8),
    steps: u8,
) -> bool {
    if !may_reach_ring(p, at, last, steps) {
        return false;
    }
    let ring = ATTACKED_RING[p];
    // Heights 0, 1 or 2 (two or more) before the walk.
    let heights = std::array::from_fn(|k| {
        let bit: Cells = 1 << ring[k];
        usize::from(filled & bit != 0) + usize::from(filled & bit != 0 && single & bit == 0)
    });
    let state = ring
        .iter()
        .position(|&r| usize::from(r) == at && last != NO_DIR)
        .map_or(0, |k| sown_on(0, k));
    WALK.with_borrow_mut(|walk| {
        let end = walk.run(p, (at, last, state), steps, heights);
        walk.takes_city(p, end, heights)
    })
}
