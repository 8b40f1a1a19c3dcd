//! Cash In Hand (Cameron Browne, 2000): lift stones off a stack and sow them along a diagonal
//! path; enemy stacks hemmed in and outweighed are captured, and the captor puts the same number
//! of stones back onto stacks of either colour.
//!
//! The rules of `docs/rules/cash-in-hand.md`, exactly. A turn is many small decisions (origin,
//! stones taken, each step and each drop, each placement), so nothing ever enumerates whole
//! turns: the start alone has 1.7×10^14 of them. Every offered count leaves a way to finish,
//! because restrictions (ii) and (iii) only ever ask for enough stones in hand.

mod notation;
mod options;
#[cfg(test)]
mod tests;

pub use options::{CashInHandOptions, DEFAULT_NO_CAPTURE_TURNS};

use crate::rules::action::{Action, ActionList, TurnActions};
use crate::rules::bits::indices;
use crate::rules::cell::{Cell, Dir, Geometry};
use crate::rules::game::{Game, Outcome, Reason};
use crate::rules::game_id::GameId;
use crate::rules::notation::NotationError;
#[cfg(test)]
use crate::rules::player::ByPlayer;
use crate::rules::player::Player;
use crate::rules::setup::{PositionError, Setup};
use crate::rules::stack::Stack;
use crate::rules::travel::{Place, Travel};
use crate::rules::zobrist;

/// The 8x8 board.
pub const GEOMETRY: Geometry = Geometry::new(8, 8);

const CELLS: usize = 64;
const NONE: u8 = u8::MAX;

/// Where the turn in progress stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// Between turns: an origin is to be chosen.
    Origin,
    /// The origin is chosen: how many stones to lift.
    Take,
    /// Stones in hand: the next diagonal cell.
    Step,
    /// A cell was entered: how many stones to put down there.
    Drop,
    /// Stacks were captured: stones still to place, one decision each.
    Place,
}

/// The colour of the stacks a cell may hold: Black where file + rank (from 1) is even.
const fn owner(i: usize) -> Player {
    if (i % 8 + i / 8).is_multiple_of(2) {
        Player::Black
    } else {
        Player::White
    }
}

const fn diagonal_neighbours() -> [[u8; 4]; CELLS] {
    let mut t = [[NONE; 4]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 4 {
            if let Some(n) = GEOMETRY.neighbour(GEOMETRY.cell(i), Dir::DIAGONAL[d]) {
                t[i][d] = GEOMETRY.index(n) as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
}

const fn orthogonal_neighbours() -> [[u8; 4]; CELLS] {
    let mut t = [[NONE; 4]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 4 {
            if let Some(n) = GEOMETRY.neighbour(GEOMETRY.cell(i), Dir::ORTHOGONAL[d]) {
                t[i][d] = GEOMETRY.index(n) as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
}

const DIAG: [[u8; 4]; CELLS] = diagonal_neighbours();
const ORTH: [[u8; 4]; CELLS] = orthogonal_neighbours();

/// For each cell and diagonal direction, the two orthogonal neighbours that a step that way
/// passes between (the wall of restriction iii), or `NONE` where the step leaves the board.
const fn walls() -> [[(u8, u8); 4]; CELLS] {
    let mut t = [[(NONE, NONE); 4]; CELLS];
    let mut a = 0;
    while a < CELLS {
        let mut d = 0;
        while d < 4 {
            let b = DIAG[a][d];
            if b != NONE {
                let b = b as usize;
                t[a][d] = (((a / 8) * 8 + b % 8) as u8, ((b / 8) * 8 + a % 8) as u8);
            }
            d += 1;
        }
        a += 1;
    }
    t
}

const WALLS: [[(u8, u8); 4]; CELLS] = walls();

/// The cells whose stacks belong to `p`, as a bit set over the board indices.
const fn colour_cells(p: Player) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < CELLS {
        if owner(i) as u8 == p as u8 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
}

const BLACK_CELLS: u64 = colour_cells(Player::Black);
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The cells that have an empty orthogonal neighbour on the board, given the empty cells.
const fn next_to(empty: u64) -> u64 {
    (empty << 8) | (empty >> 8) | ((empty << 1) & !FILE_A) | ((empty >> 1) & !FILE_H)
}

/// The cells that hold stones, as a bit set.
fn occupancy(heights: &[u8; CELLS]) -> u64 {
    heights
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h > 0)
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// The orthogonal neighbours of the cell with index `i` that are on the board: where the
/// stacks that can hem a stack on `i` in stand.
pub fn orthogonal_cells(i: usize) -> impl Iterator<Item = usize> {
    on_board(ORTH[i])
}

/// The diagonal neighbours of the cell with index `i` that are on the board: where a stack on
/// `i` can step.
pub fn diagonal_cells(i: usize) -> impl Iterator<Item = usize> {
    on_board(DIAG[i])
}

fn on_board(cells: [u8; 4]) -> impl Iterator<Item = usize> {
    cells.into_iter().filter(|&n| n != NONE).map(usize::from)
}

fn cell_key(i: usize, h: u8) -> u64 {
    zobrist::key(0x9_0000 + (i as u64) * 256 + u64::from(h))
}

fn side_key() -> u64 {
    zobrist::key(0x9_8000)
}

/// A Cash In Hand position, with the turn in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CashInHand {
    pub(crate) heights: [u8; CELLS],
    /// The cells that hold a stack, kept with `heights`.
    occupied: u64,
    to_move: Player,
    ply: u32,
    phase: Phase,
    origin: u8,
    /// The cell entered last (the origin before the first step).
    at: u8,
    /// Stones in hand (during Step and Drop), or still to place (during Place).
    cash: u8,
    /// Cells visited this turn, the origin included.
    visited: u64,
    /// The cells entered, in order (the path).
    path: [u8; 32],
    path_len: u8,
    /// Cells of the stacks captured this turn.
    captured: u64,
    /// Stones captured in the game so far, by both players (put back on the board, so not in
    /// the position string: a position read from one starts at 0). Not part of the hash.
    stones_captured: u32,
    /// Placements may not go before this cell in board order.
    place_from: u8,
    hash: u64,
    options: CashInHandOptions,
}

impl CashInHand {
    fn from_parts(
        heights: [u8; CELLS],
        to_move: Player,
        ply: u32,
        options: CashInHandOptions,
    ) -> CashInHand {
        let mut g = CashInHand {
            heights,
            occupied: occupancy(&heights),
            to_move,
            ply,
            phase: Phase::Origin,
            origin: NONE,
            at: NONE,
            cash: 0,
            visited: 0,
            path: [NONE; 32],
            path_len: 0,
            captured: 0,
            stones_captured: 0,
            place_from: 0,
            hash: 0,
            options,
        };
        g.hash = g.full_hash();
        g
    }

    /// The part of the hash that describes the turn in progress.
    fn turn_key(&self) -> u64 {
        if self.phase == Phase::Origin {
            return 0;
        }
        let packed = (self.phase as u64)
            | (u64::from(self.origin) << 4)
            | (u64::from(self.at) << 12)
            | (u64::from(self.cash) << 20)
            | (u64::from(self.place_from) << 28);
        zobrist::key(0x9_9000_0000_0000 ^ packed)
            ^ zobrist::key(0x9_A000_0000_0000 ^ self.visited)
            ^ zobrist::key(0x9_B000_0000_0000 ^ self.captured)
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
        h
    }

    fn set(&mut self, i: usize, h: u8) {
        self.hash ^= cell_key(i, self.heights[i]) ^ cell_key(i, h);
        self.heights[i] = h;
        if h == 0 {
            self.occupied &= !(1 << i);
        } else {
            self.occupied |= 1 << i;
        }
    }

    /// Stones on a cell.
    #[must_use]
    pub fn height(&self, c: Cell) -> usize {
        usize::from(self.heights[GEOMETRY.index(c)])
    }

    /// Stones on every cell, in board order (a1, b1, …, h8: index `8 * rank + file`, from 0).
    #[must_use]
    pub fn heights(&self) -> &[u8; CELLS] {
        &self.heights
    }

    /// The colour whose stacks stand on a cell.
    #[must_use]
    pub fn cell_owner(c: Cell) -> Player {
        owner(GEOMETRY.index(c))
    }

    /// The origin chosen this turn.
    #[must_use]
    pub fn origin(&self) -> Option<Cell> {
        (self.origin != NONE).then(|| GEOMETRY.cell(usize::from(self.origin)))
    }

    /// The cells entered so far this turn, in order (not the origin).
    #[must_use]
    pub fn path(&self) -> Vec<Cell> {
        self.path[..usize::from(self.path_len)]
            .iter()
            .map(|&i| GEOMETRY.cell(usize::from(i)))
            .collect()
    }

    /// Stones in hand, while sowing.
    #[must_use]
    pub fn cash(&self) -> usize {
        match self.phase {
            Phase::Step | Phase::Drop => usize::from(self.cash),
            _ => 0,
        }
    }

    /// Whether a count of stones to lift is pending.
    #[must_use]
    pub fn taking(&self) -> bool {
        self.phase == Phase::Take
    }

    /// Whether a count of stones to put down on the cell just entered is pending.
    #[must_use]
    pub fn dropping(&self) -> bool {
        self.phase == Phase::Drop
    }

    /// Whether captured stones are being placed back.
    #[must_use]
    pub fn placing(&self) -> bool {
        self.phase == Phase::Place
    }

    /// Stones still to place after a capture.
    #[must_use]
    pub fn left_to_place(&self) -> usize {
        if self.placing() {
            usize::from(self.cash)
        } else {
            0
        }
    }

    /// The cells whose stacks were captured this turn, in board order.
    #[must_use]
    pub fn captured_cells(&self) -> Vec<Cell> {
        (0..CELLS)
            .filter(|&i| self.captured >> i & 1 == 1)
            .map(|i| GEOMETRY.cell(i))
            .collect()
    }

    /// Stones of a player on the board.
    #[must_use]
    pub fn stones(&self, p: Player) -> usize {
        (0..CELLS)
            .filter(|&i| owner(i) == p)
            .map(|i| usize::from(self.heights[i]))
            .sum()
    }

    /// The stack on `i` has no empty orthogonal neighbour and is lower than their total.
    pub(crate) fn hemmed_and_outweighed(&self, i: usize) -> bool {
        let mut total = 0u32;
        for &n in &ORTH[i] {
            if n != NONE {
                let h = self.heights[usize::from(n)];
                if h == 0 {
                    return false;
                }
                total += u32::from(h);
            }
        }
        u32::from(self.heights[i]) < total
    }

    /// The least cash that lets the step from `a` in diagonal direction `d` be taken
    /// (restrictions ii and iii); the step must stay on the board.
    #[inline]
    fn requirement(&self, a: usize, d: usize) -> u8 {
        let b = usize::from(DIAG[a][d]);
        let (c1, c2) = WALLS[a][d];
        let (w1, w2) = (self.heights[usize::from(c1)], self.heights[usize::from(c2)]);
        let wall = if w1 > 0 && w2 > 0 { w1 + w2 } else { 0 };
        1.max(self.heights[b]).max(wall)
    }

    /// The smallest requirement among the steps from `a` into unvisited cells.
    fn least_exit(&self, a: usize, visited: u64) -> Option<u8> {
        let mut least = None;
        for (d, &n) in DIAG[a].iter().enumerate() {
            if n != NONE && visited >> n & 1 == 0 {
                let r = self.requirement(a, d);
                least = Some(least.map_or(r, |m: u8| m.min(r)));
            }
        }
        least
    }

    /// The cells with an open way out: an empty diagonal neighbour that no wall closes off, a
    /// step any stack there can take (its requirement is 1). Computed for the whole board at
    /// once, so most stacks need no [`Self::can_start`] of their own.
    fn easy_exits(&self) -> u64 {
        let occ = self.occupied;
        let empty = !occ;
        let east = (occ >> 1) & !FILE_H;
        let west = (occ << 1) & !FILE_A;
        let (north, south) = (occ >> 8, occ << 8);
        ((empty >> 9) & !FILE_H & !(east & north))
            | ((empty >> 7) & !FILE_A & !(west & north))
            | ((empty << 7) & !FILE_H & !(east & south))
            | ((empty << 9) & !FILE_A & !(west & south))
    }

    /// Whether the stack on `i` can make a first step carrying its whole height.
    fn can_start(&self, i: usize) -> bool {
        let h = self.heights[i];
        // Only the origin is visited, and it is no diagonal neighbour of itself.
        h > 0 && (0..4).any(|d| DIAG[i][d] != NONE && self.requirement(i, d) <= h)
    }

    /// The mover's stacks that can make a first step, in board order.
    fn starting_stacks(&self) -> impl Iterator<Item = usize> + '_ {
        let easy = self.easy_exits();
        self.own_stacks(self.to_move)
            .filter(move |&i| easy >> i & 1 == 1 || self.can_start(i))
    }

    /// The cells of `p`'s stacks.
    fn stack_cells(&self, p: Player) -> u64 {
        let colour = if p == Player::Black {
            BLACK_CELLS
        } else {
            !BLACK_CELLS
        };
        self.occupied & colour
    }

    pub(crate) fn own_stacks(&self, p: Player) -> impl Iterator<Item = usize> + use<> {
        indices(self.stack_cells(p))
    }

    fn has_stack(&self, p: Player) -> bool {
        self.stack_cells(p) != 0
    }

    /// Wins, then the cap (only at a turn boundary).
    fn end_state(&self) -> Option<Outcome> {
        let (me, other) = (self.to_move, !self.to_move);
        if !self.has_stack(me) {
            return Some(Outcome::Win(other, Reason::Eliminated));
        }
        if !self.has_stack(other) {
            return Some(Outcome::Win(me, Reason::Eliminated));
        }
        if self.starting_stacks().next().is_none() {
            return Some(Outcome::Win(other, Reason::NoMoves));
        }
        (self.ply >= self.options.ply_cap).then_some(Outcome::Draw(Reason::PlyCap))
    }

    /// The opponent's stacks that are hemmed in and outweighed now.
    fn capturable(&self) -> u64 {
        let hemmed = self.stack_cells(!self.to_move) & !next_to(!self.occupied);
        indices(hemmed)
            .filter(|&i| self.hemmed_and_outweighed(i))
            .fold(0, |out, i| out | 1 << i)
    }

    /// Removes the capturable stacks; the stones to place back.
    fn capture(&mut self) -> u8 {
        let taken = self.capturable();
        let mut n = 0u32;
        for i in indices(taken) {
            n += u32::from(self.heights[i]);
            self.set(i, 0);
        }
        self.captured = taken;
        self.stones_captured = self.stones_captured.saturating_add(n);
        n.min(255) as u8
    }

    fn end_turn(&mut self) {
        self.hash ^= side_key();
        self.phase = Phase::Origin;
        self.origin = NONE;
        self.at = NONE;
        self.cash = 0;
        self.visited = 0;
        self.path_len = 0;
        self.captured = 0;
        self.place_from = 0;
        self.to_move = !self.to_move;
        self.ply = self.ply.saturating_add(1);
    }

    fn apply(&mut self, action: Action) {
        match (self.phase, action) {
            (Phase::Origin, Action::Cell(c)) => {
                let i = GEOMETRY.index(c) as u8;
                self.origin = i;
                self.at = i;
                self.visited = 1 << i;
                self.phase = Phase::Take;
            }
            (Phase::Take, Action::Count(k)) => {
                let o = usize::from(self.origin);
                self.set(o, self.heights[o] - k);
                self.cash = k;
                self.phase = Phase::Step;
            }
            (Phase::Step, Action::Cell(c)) => {
                let i = GEOMETRY.index(c) as u8;
                self.at = i;
                self.visited |= 1 << i;
                self.path[usize::from(self.path_len)] = i;
                self.path_len += 1;
                self.phase = Phase::Drop;
            }
            (Phase::Drop, Action::Count(d)) => {
                let at = usize::from(self.at);
                self.set(at, self.heights[at] + d);
                self.cash -= d;
                if self.cash > 0 {
                    self.phase = Phase::Step;
                } else {
                    let n = self.capture();
                    if n > 0 {
                        self.cash = n;
                        self.phase = Phase::Place;
                    } else {
                        self.end_turn();
                    }
                }
            }
            (Phase::Place, Action::Cell(c)) => {
                let i = GEOMETRY.index(c);
                self.set(i, self.heights[i] + 1);
                self.place_from = i as u8;
                self.cash -= 1;
                if self.cash == 0 {
                    self.end_turn();
                }
            }
            _ => debug_assert!(false, "{action} is not a Cash In Hand decision here"),
        }
    }
}

impl Game for CashInHand {
    type Options = CashInHandOptions;

    fn start(options: CashInHandOptions) -> CashInHand {
        let mut heights = [0; CELLS];
        for i in [0, 7, 56, 63] {
            heights[i] = 32;
        }
        CashInHand::from_parts(heights, options.first_player, 0, options)
    }

    fn from_setup(setup: &Setup, options: CashInHandOptions) -> Result<CashInHand, PositionError> {
        if setup.game != GameId::CashInHand {
            return Err(PositionError::Rule(format!(
                "a {} position is not a cash-in-hand position",
                setup.game
            )));
        }
        let mut heights = [0; CELLS];
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
                            "{c} is a {colour} cell, so no {} stack can stand there",
                            !colour
                        )
                    } else {
                        format!("{c} holds a mixed stack: stacks in cash-in-hand have one colour")
                    },
                ));
            }
            heights[i] = u8::try_from(stack.len()).map_err(|_| {
                PositionError::Rule(format!("{c} holds more stones than the game has"))
            })?;
        }
        Ok(CashInHand::from_parts(
            heights,
            setup.to_move,
            setup.ply,
            options,
        ))
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(GameId::CashInHand);
        for i in 0..CELLS {
            setup.board[i] = Stack::uniform(owner(i), usize::from(self.heights[i]));
        }
        setup.to_move = self.to_move;
        setup.ply = self.ply;
        setup
    }

    fn id(&self) -> GameId {
        GameId::CashInHand
    }

    fn options(&self) -> CashInHandOptions {
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
        self.phase != Phase::Origin
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.in_turn() {
            None
        } else {
            self.end_state()
        }
    }

    fn stack(&self, c: Cell) -> Stack {
        if GEOMETRY.contains(c) {
            let i = GEOMETRY.index(c);
            Stack::uniform(owner(i), usize::from(self.heights[i]))
        } else {
            Stack::EMPTY
        }
    }

    fn hand(&self) -> Option<(Cell, Stack)> {
        matches!(self.phase, Phase::Step | Phase::Drop).then(|| {
            (
                GEOMETRY.cell(usize::from(self.at)),
                Stack::uniform(self.to_move, usize::from(self.cash)),
            )
        })
    }

    fn captured_by(&self, _p: Player) -> usize {
        // Captured stones go back to the supply and as many come out again: nothing is kept.
        0
    }

    fn stones_captured(&self) -> usize {
        self.stones_captured as usize
    }

    fn legal_actions(&self, out: &mut ActionList) {
        match self.phase {
            Phase::Origin => {
                // The game is over when the mover has no stack that can start (nothing is
                // offered then anyway), the opponent has none, or the cap is reached.
                if !self.has_stack(!self.to_move) || self.ply >= self.options.ply_cap {
                    return;
                }
                for i in self.starting_stacks() {
                    out.push(Action::Cell(GEOMETRY.cell(i)));
                }
            }
            Phase::Take => {
                let o = usize::from(self.origin);
                let Some(least) = self.least_exit(o, self.visited) else {
                    return;
                };
                for k in least..=self.heights[o] {
                    out.push(Action::Count(k));
                }
            }
            Phase::Step => {
                let at = usize::from(self.at);
                for (d, &n) in DIAG[at].iter().enumerate() {
                    if n != NONE
                        && self.visited >> n & 1 == 0
                        && self.requirement(at, d) <= self.cash
                    {
                        out.push(Action::Cell(GEOMETRY.cell(usize::from(n))));
                    }
                }
            }
            Phase::Drop => {
                let at = usize::from(self.at);
                let keep = self
                    .least_exit(at, self.visited)
                    .map_or(0, |m| self.cash.saturating_sub(m));
                for d in 1..=keep {
                    out.push(Action::Count(d));
                }
                out.push(Action::Count(self.cash));
            }
            Phase::Place => {
                for i in usize::from(self.place_from)..CELLS {
                    if self.heights[i] > 0 {
                        out.push(Action::Cell(GEOMETRY.cell(i)));
                    }
                }
            }
        }
    }

    fn next_completes_turn(&self) -> bool {
        (self.phase == Phase::Place && self.cash == 1)
            || (self.phase == Phase::Drop && self.capture_free_after_full_drop())
    }

    fn play(&mut self, action: Action) {
        let before = self.turn_key();
        self.apply(action);
        self.hash ^= before ^ self.turn_key();
    }

    fn travels(&self, action: Action) -> Vec<Travel> {
        let mut out = Vec::new();
        match (self.phase, action) {
            (Phase::Take, Action::Count(k)) => {
                let o = GEOMETRY.cell(usize::from(self.origin));
                let h = self.heights[usize::from(self.origin)];
                for level in 0..k {
                    out.push(Travel::new(
                        0,
                        Place::on(o, h - k + level),
                        Place::Hand { cell: o, level },
                    ));
                }
            }
            (Phase::Step, Action::Cell(c)) => {
                let at = GEOMETRY.cell(usize::from(self.at));
                for level in 0..self.cash {
                    out.push(Travel::new(
                        0,
                        Place::Hand { cell: at, level },
                        Place::Hand { cell: c, level },
                    ));
                }
            }
            (Phase::Drop, Action::Count(d)) => {
                let at = GEOMETRY.cell(usize::from(self.at));
                let base = self.heights[usize::from(self.at)];
                for level in 0..self.cash {
                    let to = if level < d {
                        Place::on(at, base + level)
                    } else {
                        Place::Hand {
                            cell: at,
                            level: level - d,
                        }
                    };
                    out.push(Travel::new(0, Place::Hand { cell: at, level }, to));
                }
                if d == self.cash {
                    let mut after = self.clone();
                    after.apply(action);
                    for c in after.captured_cells() {
                        let i = GEOMETRY.index(c);
                        for level in 0..self.heights[i] {
                            out.push(Travel::new(1, Place::on(c, level), Place::Supply(owner(i))));
                        }
                    }
                }
            }
            (Phase::Place, Action::Cell(c)) => {
                out.push(Travel::new(
                    0,
                    Place::Supply(owner(GEOMETRY.index(c))),
                    Place::on(c, self.heights[GEOMETRY.index(c)]),
                ));
            }
            _ => {}
        }
        out
    }

    fn parse_actions(&self, text: &str) -> Result<TurnActions, NotationError> {
        notation::parse(text)
    }

    fn write_notation(&self, actions: &[Action], out: &mut String) {
        notation::write(self, actions, out);
    }
}

impl CashInHand {
    /// Whether putting down every stone in hand now captures nothing (so every drop but the
    /// last continues the turn, and the last ends it: a bulk count for perft).
    fn capture_free_after_full_drop(&self) -> bool {
        // Only the full drop can end the turn; the others go on to a step. Counting them all as
        // whole moves is right only when there is exactly one drop on offer.
        let at = usize::from(self.at);
        let keep = self
            .least_exit(at, self.visited)
            .map_or(0, |m| self.cash.saturating_sub(m));
        if keep > 0 {
            return false;
        }
        let mut after = self.clone();
        after.apply(Action::Count(self.cash));
        after.phase == Phase::Origin
    }
}

/// Stones of each colour, for invariants in tests.
#[cfg(test)]
fn stones_by_colour(g: &CashInHand) -> ByPlayer<usize> {
    ByPlayer::new(g.stones(Player::Black), g.stones(Player::White))
}
