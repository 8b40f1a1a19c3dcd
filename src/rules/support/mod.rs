//! Support (João Pedro Neto, 2002): insert stones at the edge, pushing chains inward; move a
//! stone next to an own base anywhere along the groups gathered around that base; capture 18, or
//! hold five of the nine centre cells through the opponent's reply.
//!
//! The rules of `docs/rules/support.md`, exactly. Every cell holds at most one stone, so the
//! board is two bitsets of 81 cells; groups and networks are flood fills on them.

mod notation;
mod options;
#[cfg(test)]
pub(crate) mod tests;

pub use options::SupportOptions;

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

/// The 9x9 board.
pub const GEOMETRY: Geometry = Geometry::new(9, 9);

/// Captures that win.
pub const WINNING_CAPTURES: u32 = 18;

/// Centre stones that make a majority.
pub const CENTRE_MAJORITY: u32 = 5;

const CELLS: usize = 81;
const NONE: u8 = u8::MAX;

/// A set of cells, bit `index`.
pub(crate) type Cells = u128;

const fn bit(x: u8, y: u8) -> Cells {
    1 << (y as usize * 9 + x as usize)
}

/// The cells `(x, y)` of the board for which the condition holds, at compile time.
macro_rules! cells_where {
    (|$x:ident, $y:ident| $cond:expr) => {{
        let mut s: Cells = 0;
        let mut $y: u8 = 0;
        while $y < 9 {
            let mut $x: u8 = 0;
            while $x < 9 {
                if $cond {
                    s |= bit($x, $y);
                }
                $x += 1;
            }
            $y += 1;
        }
        s
    }};
}

const BOARD: Cells = cells_where!(|x, y| x < 9 && y < 9);
const NOT_FILE_A: Cells = cells_where!(|x, y| x != 0 && y < 9);
const NOT_FILE_I: Cells = cells_where!(|x, y| x != 8 && y < 9);
const RING: Cells = cells_where!(|x, y| x == 0 || x == 8 || y == 0 || y == 8);
const CORNERS: Cells = cells_where!(|x, y| (x == 0 || x == 8) && (y == 0 || y == 8));
/// The 28 insertion cells: the outer ring without its corners.
pub(crate) const INSERTION: Cells = RING & !CORNERS;
/// d4 to f6.
pub(crate) const CENTRE: Cells = cells_where!(|x, y| x >= 3 && x <= 5 && y >= 3 && y <= 5);

/// White's bases b7, c2, g8, h3 and Black's b3, c8, g2, h7, each as a one-cell set.
pub(crate) const BASES: ByPlayer<[Cells; 4]> = ByPlayer::new(
    [bit(1, 2), bit(2, 7), bit(6, 1), bit(7, 6)],
    [bit(1, 6), bit(2, 1), bit(6, 7), bit(7, 2)],
);
const ALL_BASES: Cells = BASES.black[0]
    | BASES.black[1]
    | BASES.black[2]
    | BASES.black[3]
    | BASES.white[0]
    | BASES.white[1]
    | BASES.white[2]
    | BASES.white[3];

/// The cells touching `s` (orthogonally or diagonally), and `s` itself.
pub(crate) const fn dilate(s: Cells) -> Cells {
    let east = (s & NOT_FILE_I) << 1;
    let west = (s & NOT_FILE_A) >> 1;
    let row = s | east | west;
    (row | (row << 9) | (row >> 9)) & BOARD
}

/// The stones of `own` connected to `seeds` through adjacency.
fn flood(seeds: Cells, own: Cells) -> Cells {
    let mut group = seeds & own;
    loop {
        let grown = dilate(group) & own;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

pub(crate) fn has(set: Cells, i: usize) -> bool {
    set >> i & 1 == 1
}

/// The three inward directions of an insertion cell.
pub(crate) fn inward(c: Cell) -> [Dir; 3] {
    match (c.x(), c.y()) {
        (_, 0) => [Dir::N, Dir::Ne, Dir::Nw],
        (_, 8) => [Dir::S, Dir::Se, Dir::Sw],
        (0, _) => [Dir::E, Dir::Ne, Dir::Se],
        _ => [Dir::W, Dir::Nw, Dir::Sw],
    }
}

fn cell_key(i: usize, p: Player) -> u64 {
    zobrist::key(0x8_0000 + (i as u64) * 2 + p as u64)
}

fn side_key() -> u64 {
    zobrist::key(0x8_1000)
}

fn captures_key(p: Player, n: u32) -> u64 {
    zobrist::key(0x8_2000_0000 + (p as u64) * 0x1000_0000 + u64::from(n))
}

fn pending_key(p: Option<Player>) -> u64 {
    zobrist::key(0x8_3000 + p.map_or(0, |p| p as u64 + 1))
}

fn chosen_key(i: u8) -> u64 {
    zobrist::key(0x8_4000 + u64::from(i))
}

/// A Support position, with the cell chosen so far in the current turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Support {
    pub(crate) stones: ByPlayer<Cells>,
    pub(crate) to_move: Player,
    ply: u32,
    /// Stones captured *by* each player.
    captures: ByPlayer<u32>,
    /// The player who reached five centre stones with the last move and may win by keeping them.
    pending: Option<Player>,
    pub(crate) chosen: u8,
    hash: u64,
    options: SupportOptions,
}

/// How a push from an insertion cell goes: the chain's cells in order, and the head cell T.
pub(crate) struct Push {
    pub(crate) chain: [u8; 9],
    pub(crate) len: usize,
    pub(crate) head: usize,
}

impl Support {
    fn from_parts(
        stones: ByPlayer<Cells>,
        to_move: Player,
        ply: u32,
        captures: ByPlayer<u32>,
        pending: Option<Player>,
        options: SupportOptions,
    ) -> Support {
        let mut s = Support {
            stones,
            to_move,
            ply,
            captures,
            pending,
            chosen: NONE,
            hash: 0,
            options,
        };
        s.hash = s.full_hash();
        s
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    fn full_hash(&self) -> u64 {
        let mut h = chosen_key(self.chosen) ^ pending_key(self.pending);
        for p in Player::ALL {
            for i in 0..CELLS {
                if has(self.stones[p], i) {
                    h ^= cell_key(i, p);
                }
            }
            h ^= captures_key(p, self.captures[p]);
        }
        if self.to_move == Player::White {
            h ^= side_key();
        }
        h
    }

    fn put(&mut self, i: usize, p: Player) {
        self.stones[p] |= 1 << i;
        self.hash ^= cell_key(i, p);
    }

    fn take(&mut self, i: usize, p: Player) {
        self.stones[p] &= !(1 << i);
        self.hash ^= cell_key(i, p);
    }

    fn capture(&mut self, i: usize) {
        let (mover, victim) = (self.to_move, !self.to_move);
        self.take(i, victim);
        let n = self.captures[mover];
        self.hash ^= captures_key(mover, n) ^ captures_key(mover, n + 1);
        self.captures[mover] = n + 1;
    }

    fn owner_at(&self, i: usize) -> Option<Player> {
        Player::ALL.into_iter().find(|&p| has(self.stones[p], i))
    }

    /// Stones a player has on the centre.
    #[must_use]
    pub fn centre_stones(&self, p: Player) -> u32 {
        (self.stones[p] & CENTRE).count_ones()
    }

    /// Stones captured by a player.
    #[must_use]
    pub fn captures(&self, p: Player) -> u32 {
        self.captures[p]
    }

    /// The pending centre holder: who reached five centre stones on the last move.
    #[must_use]
    pub fn pending_holder(&self) -> Option<Player> {
        self.pending
    }

    /// The cell chosen in the turn in progress.
    #[must_use]
    pub fn chosen(&self) -> Option<Cell> {
        (self.chosen != NONE).then(|| GEOMETRY.cell(usize::from(self.chosen)))
    }

    /// The bases of a player.
    #[must_use]
    pub fn bases(p: Player) -> [Cell; 4] {
        BASES[p].map(|b| GEOMETRY.cell(b.trailing_zeros() as usize))
    }

    /// Whether a cell is in the central 3x3.
    #[must_use]
    pub fn is_centre(c: Cell) -> bool {
        has(CENTRE, GEOMETRY.index(c))
    }

    /// Whether a cell is one where stones are inserted.
    #[must_use]
    pub fn is_insertion_cell(c: Cell) -> bool {
        has(INSERTION, GEOMETRY.index(c))
    }

    /// The cells a push from the chosen cell in direction `d` moves stones onto, in order (the
    /// chain's new cells, the head last); empty if there is no such push.
    #[must_use]
    pub fn push_preview(&self, d: Dir) -> Vec<Cell> {
        let Some(push) = self.chosen().and_then(|c| self.push(GEOMETRY.index(c), d)) else {
            return Vec::new();
        };
        let mut cells: Vec<Cell> = push.chain[1..push.len]
            .iter()
            .map(|&k| GEOMETRY.cell(usize::from(k)))
            .collect();
        cells.push(GEOMETRY.cell(push.head));
        cells
    }

    /// The push from insertion cell `i` in direction `d` by the player to move, if legal.
    pub(crate) fn push(&self, i: usize, d: Dir) -> Option<Push> {
        self.push_by(self.to_move, i, d)
    }

    /// The push from insertion cell `i` in direction `d` by player `p`, if legal.
    pub(crate) fn push_by(&self, p: Player, i: usize, d: Dir) -> Option<Push> {
        let own = self.stones[p];
        let mut chain = [NONE; 9];
        let mut len = 0;
        let mut at = GEOMETRY.cell(i);
        loop {
            let k = GEOMETRY.index(at);
            if !has(own, k) {
                break;
            }
            chain[len] = k as u8;
            len += 1;
            at = GEOMETRY.neighbour(at, d)?;
        }
        let head = GEOMETRY.index(at);
        if has(ALL_BASES, head) || (!self.options.push_to_edge && has(RING, head)) {
            return None;
        }
        Some(Push { chain, len, head })
    }

    fn push_dirs(&self, i: usize) -> impl Iterator<Item = Dir> + '_ {
        let c = GEOMETRY.cell(i);
        let own = has(self.stones[self.to_move], i) && has(INSERTION, i);
        inward(c)
            .into_iter()
            .filter(move |&d| own && self.push(i, d).is_some())
    }

    /// Where the own stone on `i` may go by a support move (empty if it touches no own base).
    pub(crate) fn destinations(&self, i: usize) -> Cells {
        let p = self.to_move;
        let own = self.stones[p];
        if !has(own, i) {
            return 0;
        }
        let Some(base) = BASES[p].into_iter().find(|&b| has(dilate(b), i)) else {
            return 0;
        };
        self.base_reach(p, base)
    }

    /// Where a support move of `p` from beside `base` may go: the cells bordering the base's
    /// network (the groups touching it) that are neither own nor a base.
    pub(crate) fn base_reach(&self, p: Player, base: Cells) -> Cells {
        let own = self.stones[p];
        dilate(flood(dilate(base), own)) & !own & !ALL_BASES
    }

    /// The cells the player to move may choose to begin a turn: an empty insertion cell, an own
    /// stone with a legal push, or an own stone beside an own base that has somewhere to go.
    /// Each base's reach is flooded once for all the stones beside it.
    fn choosable(&self) -> Cells {
        let p = self.to_move;
        let own = self.stones[p];
        let occupied = own | self.stones[!p];
        let mut choosable = INSERTION & !occupied;
        // A stone beside several bases goes by the first of them, as `destinations` does.
        let mut unclaimed = own;
        for base in BASES[p] {
            let beside = dilate(base) & unclaimed;
            unclaimed &= !beside;
            if beside != 0 && self.base_reach(p, base) != 0 {
                choosable |= beside;
            }
        }
        for i in indices(own & INSERTION & !choosable) {
            if self.push_dirs(i).next().is_some() {
                choosable |= 1 << i;
            }
        }
        choosable
    }

    fn any_move(&self) -> bool {
        self.choosable() != 0
    }

    /// Wins read from the string, and the cap (everything but the no-move loss).
    fn quick_outcome(&self) -> Option<Outcome> {
        let (last, next) = (!self.to_move, self.to_move);
        for p in [last, next] {
            if self.captures[p] >= WINNING_CAPTURES {
                return Some(Outcome::Win(p, Reason::Captures));
            }
        }
        if self.pending == Some(next) {
            return Some(Outcome::Win(next, Reason::Centre));
        }
        None
    }

    fn end_turn(&mut self) {
        let mover = self.to_move;
        let opponent = !mover;
        let pending =
            if self.pending == Some(opponent) && self.centre_stones(opponent) >= CENTRE_MAJORITY {
                Some(opponent)
            } else if self.centre_stones(mover) >= CENTRE_MAJORITY {
                Some(mover)
            } else {
                None
            };
        self.hash ^= pending_key(self.pending) ^ pending_key(pending);
        self.pending = pending;
        self.hash ^= chosen_key(self.chosen) ^ chosen_key(NONE) ^ side_key();
        self.chosen = NONE;
        self.to_move = opponent;
        self.ply = self.ply.saturating_add(1);
    }
}

impl Game for Support {
    type Options = SupportOptions;

    fn start(options: SupportOptions) -> Support {
        Support::from_parts(
            ByPlayer::default(),
            options.first_player,
            0,
            ByPlayer::default(),
            None,
            options,
        )
    }

    fn from_setup(setup: &Setup, options: SupportOptions) -> Result<Support, PositionError> {
        if setup.game != GameId::Support {
            return Err(PositionError::Rule(format!(
                "a {} position is not a support position",
                setup.game
            )));
        }
        let mut stones = ByPlayer::new(0, 0);
        for (i, stack) in setup.board.iter().enumerate() {
            let c = GEOMETRY.cell(i);
            match stack.len() {
                0 => continue,
                1 => {}
                n => {
                    return Err(PositionError::Rule(format!(
                        "{c} holds {n} stones: a support cell holds one stone at most"
                    )));
                }
            }
            if has(ALL_BASES, i) {
                return Err(PositionError::Rule(format!(
                    "{c} is a base: no stone can stand on it"
                )));
            }
            let p = stack.top().unwrap_or(Player::Black);
            stones[p] |= 1 << i;
        }
        let white = parse_count("count of stones captured by white", &setup.extras[0])?;
        let black = parse_count("count of stones captured by black", &setup.extras[1])?;
        let pending = match setup.extras[2].as_str() {
            "-" => None,
            "w" => Some(Player::White),
            "b" => Some(Player::Black),
            other => {
                return Err(PositionError::Rule(format!(
                    "the pending centre holder is '-', 'w' or 'b', not '{other}'"
                )));
            }
        };
        let s = Support::from_parts(
            stones,
            setup.to_move,
            setup.ply,
            ByPlayer::new(black, white),
            pending,
            options,
        );
        if let Some(p) = pending
            && s.centre_stones(p) < CENTRE_MAJORITY
        {
            return Err(PositionError::Rule(format!(
                "{p} is named pending centre holder but has {} centre stones, fewer than five",
                s.centre_stones(p)
            )));
        }
        Ok(s)
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(GameId::Support);
        for i in 0..CELLS {
            if let Some(p) = self.owner_at(i) {
                setup.board[i] = Stack::uniform(p, 1);
            }
        }
        setup.to_move = self.to_move;
        setup.ply = self.ply;
        setup.extras = vec![
            self.captures.white.to_string(),
            self.captures.black.to_string(),
            self.pending
                .map_or_else(|| "-".to_string(), |p| p.letter().to_string()),
        ];
        setup
    }

    fn id(&self) -> GameId {
        GameId::Support
    }

    fn options(&self) -> SupportOptions {
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
        self.chosen != NONE
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.in_turn() {
            return None;
        }
        if let Some(o) = self.quick_outcome() {
            return Some(o);
        }
        if !self.any_move() {
            return Some(Outcome::Win(!self.to_move, Reason::NoMoves));
        }
        (self.ply >= self.options.ply_cap).then_some(Outcome::Draw(Reason::PlyCap))
    }

    fn stack(&self, c: Cell) -> Stack {
        if !GEOMETRY.contains(c) {
            return Stack::EMPTY;
        }
        self.owner_at(GEOMETRY.index(c))
            .map_or(Stack::EMPTY, |p| Stack::uniform(p, 1))
    }

    fn captured_by(&self, p: Player) -> usize {
        self.captures[p] as usize
    }

    fn legal_actions(&self, out: &mut ActionList) {
        if self.chosen != NONE {
            let i = usize::from(self.chosen);
            for k in indices(self.destinations(i)) {
                out.push(Action::Cell(GEOMETRY.cell(k)));
            }
            for d in self.push_dirs(i) {
                out.push(Action::Dir(d));
            }
            return;
        }
        if self.quick_outcome().is_some() || self.ply >= self.options.ply_cap {
            return;
        }
        for i in indices(self.choosable()) {
            out.push(Action::Cell(GEOMETRY.cell(i)));
        }
    }

    fn next_completes_turn(&self) -> bool {
        self.chosen != NONE
    }

    fn play(&mut self, action: Action) {
        let p = self.to_move;
        match action {
            Action::Cell(c) if self.chosen == NONE => {
                let i = GEOMETRY.index(c);
                if has(self.stones[p], i) {
                    self.hash ^= chosen_key(NONE) ^ chosen_key(i as u8);
                    self.chosen = i as u8;
                } else {
                    self.put(i, p);
                    self.end_turn();
                }
            }
            Action::Cell(to) => {
                let (from, to) = (usize::from(self.chosen), GEOMETRY.index(to));
                self.take(from, p);
                if has(self.stones[!p], to) {
                    self.capture(to);
                }
                self.put(to, p);
                self.end_turn();
            }
            Action::Dir(d) => {
                let i = usize::from(self.chosen);
                if let Some(push) = self.push(i, d) {
                    if has(self.stones[!p], push.head) {
                        self.capture(push.head);
                    }
                    // The chain shifts one cell: in effect its cells stay own and T becomes own.
                    self.put(push.head, p);
                    debug_assert!(push.len >= 1 && push.chain[0] as usize == i);
                }
                self.end_turn();
            }
            _ => debug_assert!(false, "{action} is not a Support decision here"),
        }
    }

    fn travels(&self, action: Action) -> Vec<Travel> {
        let p = self.to_move;
        let mut out = Vec::new();
        let (capture_stage, captured_cell) = match (self.chosen(), action) {
            (None, Action::Cell(c)) => {
                if !has(self.stones[p], GEOMETRY.index(c)) {
                    out.push(Travel::new(0, Place::Supply(p), Place::on(c, 0)));
                }
                return out;
            }
            (Some(from), Action::Cell(to)) => {
                out.push(Travel::new(1, Place::on(from, 0), Place::on(to, 0)));
                (0, to)
            }
            (Some(from), Action::Dir(d)) => {
                let Some(push) = self.push(GEOMETRY.index(from), d) else {
                    return out;
                };
                // Head first, so no two stones share a cell within a stage.
                for k in (0..push.len).rev() {
                    let c = GEOMETRY.cell(usize::from(push.chain[k]));
                    let to = GEOMETRY.neighbour(c, d).unwrap_or(c);
                    out.push(Travel::new(1, Place::on(c, 0), Place::on(to, 0)));
                }
                out.push(Travel::new(2, Place::Supply(p), Place::on(from, 0)));
                (0, GEOMETRY.cell(push.head))
            }
            _ => return out,
        };
        if has(self.stones[!p], GEOMETRY.index(captured_cell)) {
            out.push(Travel::new(
                capture_stage,
                Place::on(captured_cell, 0),
                Place::Captured(p),
            ));
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
