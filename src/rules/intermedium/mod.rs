//! Intermedium (Matt Crispis, 1974): sow a stack one stone per diagonal step; capture by closing
//! in; take the enemy City.
//!
//! The rules of `docs/rules/intermedium.md`, exactly. Stacks never mix (the parity rule), so
//! the board is 70 heights and a cell's colour says whose stones it holds. The turn in progress
//! (stack lifted, steps so far) lives in the state, so every step is one decision; while the
//! opening rule binds, a small dynamic programme over (cell, last step, steps left, occupied yet)
//! decides which steps can still be completed into a qualifying move.

mod notation;
mod options;
#[cfg(test)]
pub(crate) mod tests;

pub use options::IntermediumOptions;

use crate::rules::action::{Action, ActionList, TurnActions};
use crate::rules::cell::{Cell, Dir, Geometry};
use crate::rules::game::{Game, Outcome, Reason};
use crate::rules::game_id::GameId;
use crate::rules::notation::NotationError;
use crate::rules::player::{ByPlayer, Player};
use crate::rules::setup::{PositionError, Setup};
use crate::rules::stack::Stack;
use crate::rules::travel::{Place, Travel};
use crate::rules::zobrist;

/// The board: 7 files by 10 ranks.
pub const GEOMETRY: Geometry = Geometry::new(7, 10);

/// Stones of each colour in the game.
pub const STONES_PER_COLOUR: usize = 44;

pub(crate) const CELLS: usize = 70;
pub(crate) const NONE: u8 = u8::MAX;
/// `last` before the first step.
pub(crate) const NO_DIR: u8 = 4;

/// The diagonal steps, in the order of [`Dir::DIAGONAL`]: the reverse of `d` is `(d + 2) % 4`.
const DIAGONALS: [Dir; 4] = Dir::DIAGONAL;

const fn neighbours(dirs: [Dir; 4]) -> [[u8; 4]; CELLS] {
    let mut t = [[NONE; 4]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 4 {
            if let Some(n) = GEOMETRY.neighbour(GEOMETRY.cell(i), dirs[d]) {
                t[i][d] = GEOMETRY.index(n) as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
}

/// Diagonal neighbours by [`DIAGONALS`] index.
pub(crate) const DIAG: [[u8; 4]; CELLS] = neighbours(DIAGONALS);
/// Orthogonal neighbours.
pub(crate) const ORTH: [[u8; 4]; CELLS] = neighbours(Dir::ORTHOGONAL);

/// For each player, 0xFF on the cells its stones stand on and 0 elsewhere: a mask over
/// `heights` that sums one colour's stones without a branch per cell.
const COLOUR_MASK: ByPlayer<[u8; CELLS]> = {
    let mut black = [0; CELLS];
    let mut white = [0; CELLS];
    let mut i = 0;
    while i < CELLS {
        match owner(i) {
            Player::Black => black[i] = 0xFF,
            Player::White => white[i] = 0xFF,
        }
        i += 1;
    }
    ByPlayer::new(black, white)
};

/// Black's City, d1, and White's, d10.
pub(crate) const CITY: ByPlayer<u8> = ByPlayer::new(3, 9 * 7 + 3);

/// The colour whose stones stand on a cell: Black where file + rank is odd.
pub(crate) const fn owner(i: usize) -> Player {
    let c = GEOMETRY.cell(i);
    if (c.x() + c.y()) % 2 == 1 {
        Player::Black
    } else {
        Player::White
    }
}

const fn is_corner(i: usize) -> bool {
    matches!(i, 0 | 6 | 63 | 69)
}

fn cell_key(i: usize, h: u8) -> u64 {
    zobrist::key(0x6_0000 + (i as u64) * 64 + u64::from(h))
}

fn side_key() -> u64 {
    zobrist::key(0x6_8000)
}

fn city_key() -> u64 {
    zobrist::key(0x6_8001)
}

/// An Intermedium position, with the turn in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intermedium {
    pub(crate) heights: [u8; CELLS],
    pub(crate) to_move: Player,
    ply: u32,
    /// The player not to move took the City on the last move.
    pub(crate) city: bool,
    /// Stacks of two or more per player.
    pub(crate) tall: ByPlayer<u8>,
    /// The cells holding stones, and those holding exactly one (kept with the heights).
    pub(crate) filled: Cells,
    pub(crate) single: Cells,
    /// The cell the stack was lifted from (`NONE` between turns).
    pub(crate) origin: u8,
    /// Where the stones in hand are (the last cell entered).
    pub(crate) at: u8,
    /// The last step's index in [`DIAGONALS`], or `NO_DIR`.
    pub(crate) last: u8,
    /// Stones still in hand.
    pub(crate) left: u8,
    /// A stone has fallen on a cell that was empty when the move began (not the start cell).
    occupied: bool,
    /// The opening rule binds this turn.
    binding: bool,
    hash: u64,
    options: IntermediumOptions,
}

/// A set of cells, bit `index`.
pub(crate) type Cells = u128;

/// For each direction of a neighbour table, the cells that have a neighbour that way.
pub(crate) const fn cell_masks(table: &[[u8; 4]; CELLS]) -> [Cells; 4] {
    let mut has = [0; 4];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 4 {
            if table[i][d] != NONE {
                has[d] |= 1 << i;
            }
            d += 1;
        }
        i += 1;
    }
    has
}

/// For each diagonal, the cells that have a neighbour that way.
const MASKS: [Cells; 4] = cell_masks(&DIAG);

/// How far a diagonal step moves a cell's index.
const SHIFT: [i32; 4] = [8, -6, -8, 6];

/// The cells whose neighbour in direction `d` is in `set`.
pub(crate) const fn before(set: Cells, d: usize) -> Cells {
    let s = SHIFT[d];
    let moved = if s > 0 { set >> s } else { set << -s };
    moved & MASKS[d]
}

/// Which steps can be completed into a qualifying opening move: a dynamic programme over
/// (cell, last step, whether an empty cell has been sown yet), one layer per step left, on
/// bitsets of cells, so any stack height is decided in microseconds without walking paths.
pub(crate) struct OpeningSearch {
    /// Cells that count as advanced for the final stone.
    advanced: Cells,
    /// Cells that were empty when the move began, the start cell excepted.
    fresh: Cells,
}

/// For each last step (`NO_DIR` included) and "occupied yet" (0 or 1): the cells from which the
/// remaining steps can finish a qualifying move.
type Layer = [[Cells; 2]; 5];

impl OpeningSearch {
    fn new(position: &Intermedium, origin: usize, mover: Player) -> OpeningSearch {
        let from = GEOMETRY.cell(origin).y();
        let mut advanced = 0;
        let mut fresh = 0;
        for i in 0..CELLS {
            let y = GEOMETRY.cell(i).y();
            let ahead = match mover {
                Player::Black => y > from,
                Player::White => y < from,
            };
            if ahead {
                advanced |= 1 << i;
            }
            // While nothing empty has been sown, the empty cells now are exactly those that
            // were empty when the move began, plus the lifted start cell.
            if i != origin && position.heights[i] == 0 {
                fresh |= 1 << i;
            }
        }
        OpeningSearch { advanced, fresh }
    }

    /// The layer for `k` steps left.
    fn layer(&self, k: u8) -> Layer {
        let mut now: Layer = [[0, self.advanced]; 5];
        for _ in 0..k {
            let mut with = [0; 4];
            let mut without = [0; 4];
            for d in 0..4 {
                with[d] = before(now[d][1], d);
                without[d] = before((now[d][1] & self.fresh) | (now[d][0] & !self.fresh), d);
            }
            let mut next: Layer = [[0; 2]; 5];
            for (last, out) in next.iter_mut().enumerate() {
                for d in 0..4 {
                    if last == NO_DIR as usize || d != (last + 2) % 4 {
                        out[0] |= without[d];
                        out[1] |= with[d];
                    }
                }
            }
            now = next;
        }
        now
    }

    pub(crate) fn holds(set: Cells, i: usize) -> bool {
        set >> i & 1 == 1
    }
}

impl Intermedium {
    pub(crate) fn from_parts(
        heights: [u8; CELLS],
        to_move: Player,
        ply: u32,
        city: bool,
        options: IntermediumOptions,
    ) -> Intermedium {
        let mut g = Intermedium {
            heights,
            to_move,
            ply,
            city,
            tall: ByPlayer::default(),
            filled: 0,
            single: 0,
            origin: NONE,
            at: NONE,
            last: NO_DIR,
            left: 0,
            occupied: false,
            binding: false,
            hash: 0,
            options,
        };
        for (i, &h) in heights.iter().enumerate() {
            if h >= 2 {
                g.tall[owner(i)] += 1;
            }
            g.filled |= Cells::from(h > 0) << i;
            g.single |= Cells::from(h == 1) << i;
        }
        g.hash = g.full_hash();
        g
    }

    fn turn_key(&self) -> u64 {
        if self.origin == NONE {
            return 0;
        }
        zobrist::key(
            0x6_9000_0000
                + u64::from(self.origin)
                + (u64::from(self.at) << 8)
                + (u64::from(self.last) << 16)
                + (u64::from(self.left) << 19)
                + (u64::from(self.occupied) << 26)
                + (u64::from(self.binding) << 27),
        )
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    fn full_hash(&self) -> u64 {
        let mut h = self.turn_key();
        for (i, &n) in self.heights.iter().enumerate() {
            h ^= cell_key(i, n);
        }
        if self.to_move == Player::White {
            h ^= side_key();
        }
        if self.city {
            h ^= city_key();
        }
        h
    }

    fn set(&mut self, i: usize, h: u8) {
        let old = self.heights[i];
        self.hash ^= cell_key(i, old) ^ cell_key(i, h);
        let p = owner(i);
        if old >= 2 {
            self.tall[p] -= 1;
        }
        if h >= 2 {
            self.tall[p] += 1;
        }
        let bit: Cells = 1 << i;
        self.filled = (self.filled & !bit) | (Cells::from(h > 0) << i);
        self.single = (self.single & !bit) | (Cells::from(h == 1) << i);
        self.heights[i] = h;
    }

    /// Stones on a cell (0 off the board).
    #[must_use]
    pub fn height(&self, c: Cell) -> usize {
        if GEOMETRY.contains(c) {
            usize::from(self.heights[GEOMETRY.index(c)])
        } else {
            0
        }
    }

    /// The City of a player: d1 for Black, d10 for White.
    #[must_use]
    pub fn city_of(p: Player) -> Cell {
        GEOMETRY.cell(usize::from(CITY[p]))
    }

    /// How many neighbours of the enemy City a player holds (all of them, with a last stone on
    /// a single stone next to it, take it).
    #[must_use]
    pub fn city_pressure(&self, p: Player) -> usize {
        ORTH[usize::from(CITY[!p])]
            .iter()
            .filter(|&&n| n != NONE && self.heights[usize::from(n)] > 0)
            .count()
    }

    /// The colour whose stones stand on a cell.
    #[must_use]
    pub fn cell_owner(c: Cell) -> Player {
        owner(GEOMETRY.index(c))
    }

    /// The cell the stack was lifted from this turn, if one was.
    #[must_use]
    pub fn origin(&self) -> Option<Cell> {
        (self.origin != NONE).then(|| GEOMETRY.cell(usize::from(self.origin)))
    }

    /// The path of the turn in progress so far would be written from here: where the stones in
    /// hand are, and how many.
    #[must_use]
    pub fn in_hand(&self) -> Option<(Cell, usize)> {
        (self.origin != NONE).then(|| (GEOMETRY.cell(usize::from(self.at)), usize::from(self.left)))
    }

    /// Whether the opening rule binds the turn in progress (or the next one, between turns).
    #[must_use]
    pub fn opening_binds(&self) -> bool {
        if self.origin != NONE {
            self.binding
        } else {
            self.binds_now()
        }
    }

    fn binds_now(&self) -> bool {
        self.options.opening_rule
            && self.ply <= 3
            && self.own_stacks().any(|i| self.qualifies_from(i))
    }

    fn own_stacks(&self) -> impl Iterator<Item = usize> + '_ {
        (0..CELLS).filter(move |&i| self.heights[i] >= 2 && owner(i) == self.to_move)
    }

    /// A qualifying opening move exists from the stack on `i` (a turn boundary).
    fn qualifies_from(&self, i: usize) -> bool {
        let search = OpeningSearch::new(self, i, self.to_move);
        OpeningSearch::holds(search.layer(self.heights[i])[NO_DIR as usize][0], i)
    }

    /// The next steps that can be completed into a qualifying opening move, by direction.
    fn qualifying_steps(&self) -> [bool; 4] {
        let search = OpeningSearch::new(self, usize::from(self.origin), self.to_move);
        let layer = search.layer(self.left - 1);
        let at = usize::from(self.at);
        let mut ok = [false; 4];
        for (d, out) in ok.iter_mut().enumerate() {
            let n = DIAG[at][d];
            if n == NONE || (self.last != NO_DIR && usize::from(self.last) == (d + 2) % 4) {
                continue;
            }
            let n = usize::from(n);
            let sown = self.occupied || OpeningSearch::holds(search.fresh, n);
            *out = OpeningSearch::holds(layer[d][usize::from(sown)], n);
        }
        ok
    }

    fn quick_outcome(&self) -> Option<Outcome> {
        if self.city {
            return Some(Outcome::Win(!self.to_move, Reason::City));
        }
        if self.tall[self.to_move] == 0 {
            return Some(Outcome::Win(!self.to_move, Reason::NoMoves));
        }
        (self.ply >= self.options.ply_cap).then_some(Outcome::Draw(Reason::PlyCap))
    }

    /// Every on-board orthogonal neighbour of `i` holds stones.
    fn closed_in(&self, i: usize) -> bool {
        ORTH[i]
            .iter()
            .all(|&n| n == NONE || self.heights[n as usize] > 0)
    }

    /// The enemy stacks that a last stone on `i` (on a single stone) captures.
    fn captures_around(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        ORTH[i]
            .iter()
            .filter(|&&n| n != NONE && self.heights[n as usize] > 0)
            .map(|&n| n as usize)
            .filter(|&n| self.closed_in(n))
    }

    fn lift(&mut self, i: usize) {
        let before = self.turn_key();
        self.binding = self.binds_now();
        self.left = self.heights[i];
        self.origin = i as u8;
        self.at = i as u8;
        self.last = NO_DIR;
        self.occupied = false;
        self.set(i, 0);
        self.hash ^= before ^ self.turn_key();
    }

    fn sow(&mut self, to: usize) {
        let before_key = self.turn_key();
        let at = usize::from(self.at);
        let d = (0..4).find(|&d| DIAG[at][d] == to as u8).unwrap_or(0);
        let before = self.heights[to];
        if before == 0 && to != usize::from(self.origin) {
            self.occupied = true;
        }
        self.set(to, before + 1);
        self.at = to as u8;
        self.last = d as u8;
        self.left -= 1;
        self.hash ^= before_key ^ self.turn_key();
        if self.left == 0 {
            if before == 1 {
                let mut taken = [NONE; 4];
                for (k, n) in self.captures_around(to).enumerate() {
                    taken[k] = n as u8;
                }
                for n in taken.into_iter().filter(|&n| n != NONE) {
                    self.set(usize::from(n), 0);
                }
                let city = usize::from(CITY[!self.to_move]);
                if ORTH[city].contains(&(to as u8)) && self.closed_in(city) {
                    self.city = true;
                    self.hash ^= city_key();
                }
            }
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        self.hash ^= self.turn_key() ^ side_key();
        self.origin = NONE;
        self.at = NONE;
        self.last = NO_DIR;
        self.occupied = false;
        self.binding = false;
        self.to_move = !self.to_move;
        self.ply = self.ply.saturating_add(1);
    }

    fn stack_of(&self, i: usize) -> Stack {
        Stack::uniform(owner(i), usize::from(self.heights[i]))
    }
}

impl Game for Intermedium {
    type Options = IntermediumOptions;

    fn start(options: IntermediumOptions) -> Intermedium {
        let mut heights = [0; CELLS];
        for y in [1, 2, 3, 6, 7, 8] {
            for x in 0..7 {
                let i = y * 7 + x;
                if owner(i) == (if y < 5 { Player::Black } else { Player::White }) {
                    heights[i] = 4;
                }
            }
        }
        Intermedium::from_parts(heights, options.first_player, 0, false, options)
    }

    fn from_setup(
        setup: &Setup,
        options: IntermediumOptions,
    ) -> Result<Intermedium, PositionError> {
        if setup.game != GameId::Intermedium {
            return Err(PositionError::Rule(format!(
                "a {} position is not an intermedium position",
                setup.game
            )));
        }
        let city = match setup.extras.first().map(String::as_str) {
            None => false,
            Some("city") => true,
            Some(other) => {
                return Err(PositionError::Rule(format!(
                    "the fifth field can only be 'city', not '{other}'"
                )));
            }
        };
        let mut heights = [0; CELLS];
        let mut count = ByPlayer::new(0usize, 0usize);
        for (i, stack) in setup.board.iter().enumerate() {
            if stack.is_empty() {
                continue;
            }
            let c = GEOMETRY.cell(i);
            let colour = owner(i);
            if stack.count(colour) != stack.len() {
                return Err(PositionError::Rule(
                    if stack.count(!colour) == stack.len() {
                        format!(
                            "{c} is a {colour} cell (file + rank {}), so no {} stone can stand there",
                            if colour == Player::Black {
                                "odd"
                            } else {
                                "even"
                            },
                            !colour
                        )
                    } else {
                        format!("{c} holds a mixed stack: stacks in intermedium have one colour")
                    },
                ));
            }
            count[colour] += stack.len();
            if count[colour] > STONES_PER_COLOUR {
                return Err(PositionError::Rule(format!(
                    "more than {STONES_PER_COLOUR} {colour} stones on the board"
                )));
            }
            heights[i] = stack.len() as u8;
        }
        let g = Intermedium::from_parts(heights, setup.to_move, setup.ply, city, options);
        if city {
            let attacked = usize::from(CITY[setup.to_move]);
            if !g.closed_in(attacked) {
                return Err(PositionError::Rule(format!(
                    "the 'city' field says {} took {}'s City {}, but {} does not hold all its \
                     neighbours",
                    !setup.to_move,
                    setup.to_move,
                    GEOMETRY.cell(attacked),
                    !setup.to_move
                )));
            }
        }
        Ok(g)
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(GameId::Intermedium);
        for i in 0..CELLS {
            setup.board[i] = self.stack_of(i);
        }
        setup.to_move = self.to_move;
        setup.ply = self.ply;
        if self.city {
            setup.extras.push("city".into());
        }
        setup
    }

    fn id(&self) -> GameId {
        GameId::Intermedium
    }

    fn options(&self) -> IntermediumOptions {
        self.options
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn in_turn(&self) -> bool {
        self.origin != NONE
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.in_turn() {
            None
        } else {
            self.quick_outcome()
        }
    }

    fn legal_actions(&self, out: &mut ActionList) {
        if self.origin == NONE {
            if self.quick_outcome().is_some() {
                return;
            }
            // While the opening rule is in force, the stacks with a qualifying move, if any
            // (the rule binds); otherwise, and as the fallback, every stack of two or more.
            if self.options.opening_rule && self.ply <= 3 {
                let listed = out.len();
                for i in self.own_stacks().filter(|&i| self.qualifies_from(i)) {
                    out.push(Action::Cell(GEOMETRY.cell(i)));
                }
                if out.len() > listed {
                    return;
                }
            }
            for i in self.own_stacks() {
                out.push(Action::Cell(GEOMETRY.cell(i)));
            }
            return;
        }
        let at = usize::from(self.at);
        let qualifying = if self.binding {
            self.qualifying_steps()
        } else {
            [true; 4]
        };
        for (d, &ok) in qualifying.iter().enumerate() {
            let n = DIAG[at][d];
            if n == NONE || (self.last != NO_DIR && usize::from(self.last) == (d + 2) % 4) {
                continue;
            }
            let completable = if self.binding {
                ok
            } else {
                self.left == 1 || !is_corner(usize::from(n))
            };
            if completable {
                out.push(Action::Cell(GEOMETRY.cell(usize::from(n))));
            }
        }
    }

    fn next_completes_turn(&self) -> bool {
        self.origin != NONE && self.left == 1
    }

    fn play(&mut self, action: Action) {
        match action {
            Action::Cell(c) if self.origin == NONE => self.lift(GEOMETRY.index(c)),
            Action::Cell(c) => self.sow(GEOMETRY.index(c)),
            _ => debug_assert!(false, "{action} is not an Intermedium decision"),
        }
    }

    fn stack(&self, c: Cell) -> Stack {
        if GEOMETRY.contains(c) {
            self.stack_of(GEOMETRY.index(c))
        } else {
            Stack::EMPTY
        }
    }

    fn hand(&self) -> Option<(Cell, Stack)> {
        self.in_hand()
            .map(|(c, n)| (c, Stack::uniform(self.to_move, n)))
    }

    fn captured_by(&self, p: Player) -> usize {
        // Stones leave the game only by capture, so the missing ones were taken. The mask keeps
        // the enemy's cells, so the sum runs over the whole board at once (no branch per cell).
        let on_board: usize = self
            .heights
            .iter()
            .zip(&COLOUR_MASK[!p])
            .map(|(&h, &m)| usize::from(h & m))
            .sum();
        let in_hand = if self.to_move == !p {
            usize::from(self.left)
        } else {
            0
        };
        STONES_PER_COLOUR.saturating_sub(on_board + in_hand)
    }

    fn stones_captured(&self) -> usize {
        // Both colours at once: the search asks this at every turn's end it walks.
        let on_board: usize = self.heights.iter().map(|&h| usize::from(h)).sum();
        let in_hand = usize::from(self.left);
        (2 * STONES_PER_COLOUR).saturating_sub(on_board + in_hand)
    }

    fn travels(&self, action: Action) -> Vec<Travel> {
        let Action::Cell(c) = action else {
            return Vec::new();
        };
        let i = GEOMETRY.index(c);
        if self.origin == NONE {
            return (0..self.heights[i])
                .map(|level| Travel::new(0, Place::on(c, level), Place::Hand { cell: c, level }))
                .collect();
        }
        let at = GEOMETRY.cell(usize::from(self.at));
        let mut out = vec![Travel::new(
            0,
            Place::Hand { cell: at, level: 0 },
            Place::on(c, self.heights[i]),
        )];
        out.extend((1..self.left).map(|level| {
            Travel::new(
                0,
                Place::Hand { cell: at, level },
                Place::Hand {
                    cell: c,
                    level: level - 1,
                },
            )
        }));
        if self.left == 1 && self.heights[i] == 1 {
            let mut after = self.clone();
            after.heights[i] += 1;
            for n in after.captures_around(i) {
                let cell = GEOMETRY.cell(n);
                out.extend((0..self.heights[n]).map(|level| {
                    Travel::new(1, Place::on(cell, level), Place::Captured(self.to_move))
                }));
            }
        }
        out
    }

    fn parse_actions(&self, text: &str) -> Result<TurnActions, NotationError> {
        notation::parse(text)
    }

    fn write_notation(&self, actions: &[Action], out: &mut String) {
        notation::write(actions, out);
    }
}
