//! Splay (Joseph Kisenwether, 2000): step or splay stacks, capture on your own back rank.
//!
//! The rules of `docs/rules/splay.md`, exactly. The board is 64 one-byte stack codes
//! (see `tables.rs`), so a position is about 100 bytes and is copied freely by the search.

mod notation;
mod options;
pub(crate) mod tables;
#[cfg(test)]
pub(crate) mod tests;

pub use options::{DEFAULT_NO_CAPTURE_TURNS, SplayOptions};

use crate::rules::action::{Action, ActionList, TurnActions};
use crate::rules::bits::indices;
use crate::rules::cell::{Cell, Dir, Geometry};
use crate::rules::game::{Game, Outcome, Reason};
use crate::rules::game_id::GameId;
use crate::rules::notation::NotationError;
use crate::rules::player::{ByPlayer, Player};
use crate::rules::setup::{PositionError, Setup, parse_count};
use crate::rules::stack::Stack;
use crate::rules::travel::{Place, Travel};
use crate::rules::zobrist;

use tables::{EMPTY, RAY, REACH, STEP, STRIP, height, push, stack_on, top_bit};

/// The 8x8 board.
pub const GEOMETRY: Geometry = Geometry::new(8, 8);

/// Captured enemy stones that win.
pub const WINNING_CAPTURES: u8 = 9;

/// Stones of each colour in the game.
pub const STONES_PER_COLOUR: usize = 18;

pub(crate) const NO_ORIGIN: u8 = u8::MAX;

/// A Splay position, with the origin chosen so far in the current turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Splay {
    pub(crate) board: [u8; 64],
    pub(crate) to_move: Player,
    ply: u32,
    /// Stones captured *by* each player.
    captured: ByPlayer<u8>,
    pub(crate) origin: u8,
    /// For each player, the cells whose top stone is theirs (bit `y * 8 + x`).
    pub(crate) tops: ByPlayer<u64>,
    hash: u64,
    options: SplayOptions,
}

fn cell_key(i: usize, code: u8) -> u64 {
    zobrist::key(0x5_0000 + (i as u64) * 256 + code as u64)
}

fn side_key() -> u64 {
    zobrist::key(0x5_8000)
}

fn captured_key(p: Player, n: u8) -> u64 {
    zobrist::key(0x5_9000 + (p as u64) * 256 + n as u64)
}

fn origin_key(i: u8) -> u64 {
    zobrist::key(0x5_A000 + i as u64)
}

pub(crate) const fn index(c: Cell) -> usize {
    GEOMETRY.index(c)
}

const fn cell(i: usize) -> Cell {
    GEOMETRY.cell(i)
}

pub(crate) fn colour_bit(p: Player) -> u8 {
    match p {
        Player::Black => 0,
        Player::White => tables::WHITE_BIT,
    }
}

impl Splay {
    fn from_parts(
        board: [u8; 64],
        to_move: Player,
        ply: u32,
        captured: ByPlayer<u8>,
        options: SplayOptions,
    ) -> Splay {
        let mut s = Splay {
            board,
            to_move,
            ply,
            captured,
            origin: NO_ORIGIN,
            tops: ByPlayer::default(),
            hash: 0,
            options,
        };
        for i in 0..64 {
            s.set_top(i);
        }
        s.hash = s.full_hash();
        s
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    fn full_hash(&self) -> u64 {
        let mut h = 0;
        for (i, &code) in self.board.iter().enumerate() {
            h ^= cell_key(i, code);
        }
        if self.to_move == Player::White {
            h ^= side_key();
        }
        for p in Player::ALL {
            h ^= captured_key(p, self.captured[p]);
        }
        h ^ origin_key(self.origin)
    }

    /// Stones on a cell (0 off the board).
    #[must_use]
    pub fn stack_height(&self, c: Cell) -> usize {
        if GEOMETRY.contains(c) {
            height(self.board[index(c)]) as usize
        } else {
            0
        }
    }

    /// The origin chosen in the current turn, if any.
    #[must_use]
    pub fn origin(&self) -> Option<Cell> {
        (self.origin != NO_ORIGIN).then(|| cell(self.origin as usize))
    }

    /// Whether the player to move must splay: they control a stack at its limit (height equal
    /// to its cell's reach) that has a legal splay.
    #[must_use]
    pub fn must_splay(&self) -> bool {
        for i in indices(self.tops[self.to_move]) {
            if self.at_limit(i) && self.any_splay(i) {
                return true;
            }
        }
        false
    }

    /// The reach of a cell: the longest straight line from it to the edge, itself not counted.
    #[must_use]
    pub fn reach(c: Cell) -> u8 {
        REACH[index(c)]
    }

    fn set_top(&mut self, i: usize) {
        let bit = 1u64 << i;
        self.tops.black &= !bit;
        self.tops.white &= !bit;
        let code = self.board[i];
        if code != EMPTY {
            if top_bit(code) == tables::WHITE_BIT {
                self.tops.white |= bit;
            } else {
                self.tops.black |= bit;
            }
        }
    }

    fn set(&mut self, i: usize, code: u8) {
        self.hash ^= cell_key(i, self.board[i]) ^ cell_key(i, code);
        self.board[i] = code;
        self.set_top(i);
    }

    fn step_ok(&self, from: usize, d: usize) -> Option<usize> {
        if RAY[from][d] == 0 {
            return None;
        }
        let to = (from as isize + STEP[d] as isize) as usize;
        (height(self.board[from]) + height(self.board[to]) <= REACH[to]).then_some(to)
    }

    fn splay_ok(&self, from: usize, d: usize) -> bool {
        let h = height(self.board[from]);
        if h < 2 || h > RAY[from][d] {
            return false;
        }
        let mut i = from as isize;
        for _ in 0..h {
            i += STEP[d] as isize;
            let to = i as usize;
            if height(self.board[to]) >= REACH[to] {
                return false;
            }
        }
        true
    }

    fn any_splay(&self, from: usize) -> bool {
        (0..8).any(|d| self.splay_ok(from, d))
    }

    fn any_move_from(&self, from: usize) -> bool {
        (0..8).any(|d| self.step_ok(from, d).is_some() || self.splay_ok(from, d))
    }

    /// The legal moves of the stack on `from`: its steps, then its splays (only splays when it
    /// is at its limit and can splay).
    pub(crate) fn moves_from(&self, from: usize, out: &mut ActionList) {
        let forced = self.at_limit(from) && self.any_splay(from);
        for d in 0..8 {
            if !forced && let Some(to) = self.step_ok(from, d) {
                out.push(Action::Cell(cell(to)));
            }
        }
        for (d, dir) in Dir::ALL.into_iter().enumerate() {
            if self.splay_ok(from, d) {
                out.push(Action::Dir(dir));
            }
        }
    }

    fn at_limit(&self, i: usize) -> bool {
        height(self.board[i]) == REACH[i]
    }

    /// The stacks `p` may choose: the at-limit ones with a legal splay when there are any
    /// (a forced splay), otherwise every one with a legal move.
    fn origins(&self, p: Player) -> u64 {
        let (mut forced, mut movable) = (0, 0);
        for i in indices(self.tops[p]) {
            if self.at_limit(i) && self.any_splay(i) {
                forced |= 1 << i;
            } else if forced == 0 && self.any_move_from(i) {
                movable |= 1 << i;
            }
        }
        if forced != 0 { forced } else { movable }
    }

    fn has_any_move(&self, p: Player) -> bool {
        for i in indices(self.tops[p]) {
            if self.any_move_from(i) {
                return true;
            }
        }
        false
    }

    /// Wins and the cap, which need no move generation.
    fn quick_outcome(&self) -> Option<Outcome> {
        for p in [Player::White, Player::Black] {
            if self.captured[p] >= WINNING_CAPTURES {
                return Some(Outcome::Win(p, Reason::Captures));
            }
        }
        (self.ply >= self.options.ply_cap).then_some(Outcome::Draw(Reason::PlyCap))
    }

    /// Removes the stones that a stack on this cell may not keep, counting them for the captor.
    fn take_captures(&mut self, i: usize) {
        let (victim, captor) = match i / 8 {
            0 => (Player::White, Player::Black),
            7 => (Player::Black, Player::White),
            _ => return,
        };
        let (kept, removed) = STRIP[colour_bit(victim) as usize][self.board[i] as usize];
        if removed > 0 {
            self.set(i, kept);
            let n = self.captured[captor];
            let m = n.saturating_add(removed);
            self.hash ^= captured_key(captor, n) ^ captured_key(captor, m);
            self.captured[captor] = m;
        }
    }

    fn end_turn(&mut self) {
        self.hash ^= origin_key(self.origin) ^ origin_key(NO_ORIGIN) ^ side_key();
        self.origin = NO_ORIGIN;
        self.to_move = !self.to_move;
        self.ply = self.ply.saturating_add(1);
    }

    fn step(&mut self, from: usize, to: usize) {
        let moving = self.board[from];
        self.set(from, EMPTY);
        self.set(to, stack_on(self.board[to], moving));
        self.take_captures(to);
    }

    fn splay(&mut self, from: usize, d: usize) {
        let code = self.board[from];
        let h = height(code);
        self.set(from, EMPTY);
        let mut i = from as isize;
        for k in (0..h).rev() {
            i += STEP[d] as isize;
            let to = i as usize;
            self.set(to, push(self.board[to], (code >> k) & 1));
            self.take_captures(to);
        }
    }
}

fn code_to_stack(code: u8) -> Stack {
    Stack::from_stones((0..height(code)).map(|i| {
        if (code >> i) & 1 == tables::WHITE_BIT {
            Player::White
        } else {
            Player::Black
        }
    }))
}

impl Game for Splay {
    type Options = SplayOptions;

    fn start(options: SplayOptions) -> Splay {
        let mut board = [EMPTY; 64];
        let one = |p: Player| push(EMPTY, colour_bit(p));
        for x in 1..7 {
            board[8 + x] = stack_on(one(Player::Black), one(Player::Black));
            board[16 + x] = one(Player::Black);
            board[40 + x] = one(Player::White);
            board[48 + x] = stack_on(one(Player::White), one(Player::White));
        }
        Splay::from_parts(board, options.first_player, 0, ByPlayer::default(), options)
    }

    fn from_setup(setup: &Setup, options: SplayOptions) -> Result<Splay, PositionError> {
        if setup.game != GameId::Splay {
            return Err(PositionError::Rule(format!(
                "a {} position is not a splay position",
                setup.game
            )));
        }
        let by_white = parse_count("count of stones captured by white", &setup.extras[0])?;
        let by_black = parse_count("count of stones captured by black", &setup.extras[1])?;
        let mut board = [EMPTY; 64];
        let mut on_board = ByPlayer::new(0usize, 0usize);
        for (i, stack) in setup.board.iter().enumerate() {
            let c = cell(i);
            let reach = REACH[i] as usize;
            if stack.len() > reach {
                return Err(PositionError::Rule(format!(
                    "{c} holds {} stones but its reach is {reach}: no stack may be taller \
                     than its cell's reach",
                    stack.len()
                )));
            }
            if c.y() == 0 && stack.count(Player::White) > 0 {
                return Err(PositionError::Rule(format!(
                    "{c} holds a white stone on rank 1, where it would have been captured"
                )));
            }
            if c.y() == 7 && stack.count(Player::Black) > 0 {
                return Err(PositionError::Rule(format!(
                    "{c} holds a black stone on rank 8, where it would have been captured"
                )));
            }
            for p in Player::ALL {
                on_board[p] += stack.count(p);
            }
            board[i] = stack
                .stones()
                .fold(EMPTY, |code, p| push(code, colour_bit(p)));
        }
        // Stones captured *by* White are black stones, and the other way round.
        let captured_of = ByPlayer::new(by_white as usize, by_black as usize);
        for p in Player::ALL {
            let total = on_board[p] + captured_of[p];
            if total > STONES_PER_COLOUR {
                return Err(PositionError::Rule(format!(
                    "{} {p} stones on the board and {} captured make {total}: each side has \
                     only {STONES_PER_COLOUR}",
                    on_board[p], captured_of[p]
                )));
            }
        }
        if by_white >= u32::from(WINNING_CAPTURES) && by_black >= u32::from(WINNING_CAPTURES) {
            return Err(PositionError::Rule(
                "both capture counts are 9 or more: the game ended when the first reached 9".into(),
            ));
        }
        Ok(Splay::from_parts(
            board,
            setup.to_move,
            setup.ply,
            ByPlayer::new(by_black as u8, by_white as u8),
            options,
        ))
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(GameId::Splay);
        for (i, &code) in self.board.iter().enumerate() {
            setup.board[i] = code_to_stack(code);
        }
        setup.to_move = self.to_move;
        setup.ply = self.ply;
        setup.extras = vec![
            self.captured[Player::White].to_string(),
            self.captured[Player::Black].to_string(),
        ];
        setup
    }

    fn id(&self) -> GameId {
        GameId::Splay
    }

    fn options(&self) -> SplayOptions {
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
        self.origin != NO_ORIGIN
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.in_turn() {
            return None;
        }
        self.quick_outcome().or_else(|| {
            (!self.has_any_move(self.to_move) && !self.has_any_move(!self.to_move))
                .then_some(Outcome::Draw(Reason::Passes))
        })
    }

    fn legal_actions(&self, out: &mut ActionList) {
        if self.origin != NO_ORIGIN {
            self.moves_from(self.origin as usize, out);
            return;
        }
        if self.quick_outcome().is_some() {
            return;
        }
        let origins = self.origins(self.to_move);
        if origins == 0 {
            if self.has_any_move(!self.to_move) {
                out.push(Action::Pass);
            }
            return;
        }
        out.extend(indices(origins).map(cell).map(Action::Cell));
    }

    fn next_completes_turn(&self) -> bool {
        // After the origin, a step or a splay ends the turn.
        self.in_turn()
    }

    fn play(&mut self, action: Action) {
        match (self.origin, action) {
            (NO_ORIGIN, Action::Cell(c)) => {
                self.origin = index(c) as u8;
                self.hash ^= origin_key(NO_ORIGIN) ^ origin_key(self.origin);
            }
            (NO_ORIGIN, Action::Pass) => self.end_turn(),
            (from, Action::Cell(to)) if from != NO_ORIGIN => {
                self.step(from as usize, index(to));
                self.end_turn();
            }
            (from, Action::Dir(d)) if from != NO_ORIGIN => {
                self.splay(from as usize, d.index());
                self.end_turn();
            }
            _ => debug_assert!(false, "{action} is not a Splay decision here"),
        }
    }

    fn stack(&self, c: Cell) -> Stack {
        if GEOMETRY.contains(c) {
            code_to_stack(self.board[index(c)])
        } else {
            Stack::EMPTY
        }
    }

    fn captured_by(&self, p: Player) -> usize {
        usize::from(self.captured[p])
    }

    fn travels(&self, action: Action) -> Vec<Travel> {
        let mut out = Vec::new();
        let Some(origin) = self.origin() else {
            return out;
        };
        let from = index(origin);
        let code = self.board[from];
        let h = height(code);
        // Placement, on a copy of the board without captures.
        let mut board = self.board;
        board[from] = EMPTY;
        let mut touched = Vec::new();
        let mut stage = 0;
        match action {
            Action::Cell(to_cell) => {
                let to = index(to_cell);
                let base = height(board[to]);
                for level in 0..h {
                    out.push(Travel::new(
                        0,
                        Place::on(origin, level),
                        Place::on(to_cell, base + level),
                    ));
                }
                board[to] = stack_on(board[to], code);
                touched.push(to);
                stage = 1;
            }
            Action::Dir(d) => {
                let mut i = from as isize;
                for k in (0..h).rev() {
                    i += STEP[d.index()] as isize;
                    let to = i as usize;
                    out.push(Travel::new(
                        stage,
                        Place::on(origin, k),
                        Place::on(cell(to), height(board[to])),
                    ));
                    board[to] = push(board[to], (code >> k) & 1);
                    touched.push(to);
                    stage += 1;
                }
            }
            _ => return out,
        }
        // Captures leave the board, then the stones above them settle.
        for to in touched {
            let (victim, captor) = match to / 8 {
                0 => (tables::WHITE_BIT, Player::Black),
                7 => (0, Player::White),
                _ => continue,
            };
            let c = board[to];
            let mut kept = 0;
            for level in 0..height(c) {
                let here = Place::on(cell(to), level);
                if (c >> level) & 1 == victim {
                    out.push(Travel::new(stage, here, Place::Captured(captor)));
                } else {
                    if kept != level {
                        out.push(Travel::new(stage + 1, here, Place::on(cell(to), kept)));
                    }
                    kept += 1;
                }
            }
        }
        out
    }

    fn parse_actions(&self, text: &str) -> Result<TurnActions, NotationError> {
        notation::parse(self, text)
    }

    fn write_notation(&self, actions: &[Action], out: &mut String) {
        notation::write(actions, out);
    }
}
