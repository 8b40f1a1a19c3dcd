//! Grabber (Christian Freeling): column checkers from a full board. Two removals each, then every
//! turn is a chain of orthogonal jumps that takes the jumped column's top man to the bottom of the
//! moving column. Whoever cannot capture loses.
//!
//! The rules of `docs/rules/grabber.md`, exactly, on 6x6, 8x8 and 10x10. A column is always
//! `cap` men of its owner over `prisoners` men of the other colour, so one `u16` per cell holds it.

mod notation;
mod options;
#[cfg(test)]
mod tests;

pub use options::GrabberOptions;

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

const MAX_CELLS: usize = 100;
const NONE: u8 = u8::MAX;
/// `last` before the first jump.
const NO_DIR: u8 = 4;
const CAP_MASK: u16 = 0x7F;
const PRISONER_SHIFT: u16 = 7;
const WHITE: u16 = 1 << 14;

/// A column: `cap` men of `owner` over `prisoners` of the other colour; 0 is a vacant cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Column(u16);

impl Column {
    const VACANT: Column = Column(0);

    fn new(owner: Player, cap: usize, prisoners: usize) -> Column {
        let owner = if owner == Player::White { WHITE } else { 0 };
        Column(owner | cap as u16 | ((prisoners as u16) << PRISONER_SHIFT))
    }

    fn is_vacant(self) -> bool {
        self.0 & CAP_MASK == 0
    }

    fn cap(self) -> usize {
        usize::from(self.0 & CAP_MASK)
    }

    fn prisoners(self) -> usize {
        usize::from((self.0 >> PRISONER_SHIFT) & CAP_MASK)
    }

    fn owner(self) -> Player {
        if self.0 & WHITE != 0 {
            Player::White
        } else {
            Player::Black
        }
    }

    fn owned_by(self, p: Player) -> bool {
        !self.is_vacant() && self.owner() == p
    }

    fn height(self) -> usize {
        self.cap() + self.prisoners()
    }

    /// The men bottom first.
    fn stack(self) -> Stack {
        if self.is_vacant() {
            return Stack::EMPTY;
        }
        let o = self.owner();
        Stack::from_stones(
            std::iter::repeat_n(!o, self.prisoners()).chain(std::iter::repeat_n(o, self.cap())),
        )
    }

    /// The men of a colour in the column.
    fn count(self, p: Player) -> usize {
        if self.is_vacant() {
            0
        } else if self.owner() == p {
            self.cap()
        } else {
            self.prisoners()
        }
    }
}

/// The four jump directions, in the order of [`Dir::ORTHOGONAL`]: the reverse of `d` is
/// `(d + 2) % 4`.
const ORTHOGONAL: [Dir; 4] = Dir::ORTHOGONAL;

/// For each cell of a board and each orthogonal direction: the cell jumped over and the cell
/// landed on, or `NONE` for both where the landing is off the board.
type JumpTable = [[(u8, u8); 4]; MAX_CELLS];

const fn jump_table(g: Geometry) -> JumpTable {
    let mut table = [[(NONE, NONE); 4]; MAX_CELLS];
    let mut i = 0;
    while i < g.len() {
        let mut d = 0;
        while d < 4 {
            if let (Some(over), Some(to)) = (
                g.neighbour(g.cell(i), ORTHOGONAL[d]),
                g.offset(g.cell(i), ORTHOGONAL[d], 2),
            ) {
                table[i][d] = (g.index(over) as u8, g.index(to) as u8);
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// A set of cells, bit `index`.
type Cells = u128;

/// What a board's jumps need: the table, and for each direction the cells whose landing is on
/// the board and how far a step moves a cell's index.
struct Board {
    jumps: JumpTable,
    lands: [Cells; 4],
    step: [u32; 4],
}

const fn board(g: Geometry) -> Board {
    let jumps = jump_table(g);
    let mut lands = [0; 4];
    let mut i = 0;
    while i < g.len() {
        let mut d = 0;
        while d < 4 {
            if jumps[i][d].1 != NONE {
                lands[d] |= 1 << i;
            }
            d += 1;
        }
        i += 1;
    }
    // North and east move up the indices, south and west down (checked in the tests).
    Board {
        jumps,
        lands,
        step: [g.width as u32, 1, g.width as u32, 1],
    }
}

/// The three boards, worked out when compiling.
const BOARDS: [Board; 3] = [
    board(GameId::Grabber6.geometry()),
    board(GameId::Grabber8.geometry()),
    board(GameId::Grabber10.geometry()),
];

/// `set` moved `steps` cells against direction `d` (towards south for north): the cells whose
/// neighbour `steps` away in direction `d` is in `set`.
fn back(set: Cells, d: usize, by: u32) -> Cells {
    if d < 2 { set >> by } else { set << by }
}

fn col_key(i: usize, c: Column) -> u64 {
    zobrist::key(0x7_0000_0000 + (i as u64) * 0x1_0000 + u64::from(c.0))
}

fn side_key() -> u64 {
    zobrist::key(0x7_8000_0000)
}

/// A Grabber position on its board, with the capture in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grabber {
    id: GameId,
    columns: [Column; MAX_CELLS],
    to_move: Player,
    ply: u32,
    /// The moving column's cell in a capture turn (`NONE` between turns).
    at: u8,
    /// The last jump's index in [`ORTHOGONAL`], or `NO_DIR` before the first.
    last: u8,
    hash: u64,
    /// The cells of each player's columns (by [`Player::index`]), kept with `columns`.
    owned: [Cells; 2],
    options: GrabberOptions,
}

impl Grabber {
    fn geometry(&self) -> Geometry {
        self.id.geometry()
    }

    fn len(&self) -> usize {
        self.geometry().len()
    }

    /// The start position on the board of `id` (`grabber-6`, `grabber`, `grabber-10`).
    ///
    /// # Panics
    /// If `id` is not a Grabber id.
    #[must_use]
    pub fn start_on(id: GameId, options: GrabberOptions) -> Grabber {
        assert!(is_grabber(id), "{id} is not a Grabber board");
        let g = id.geometry();
        let mut columns = [Column::VACANT; MAX_CELLS];
        for (i, col) in columns.iter_mut().enumerate().take(g.len()) {
            let c = g.cell(i);
            let even = (c.x() + c.y()).is_multiple_of(2);
            let colour = if even {
                options.a1_colour
            } else {
                !options.a1_colour
            };
            *col = Column::new(colour, 1, 0);
        }
        Grabber::from_parts(id, columns, options.first_player, 0, options)
    }

    fn from_parts(
        id: GameId,
        columns: [Column; MAX_CELLS],
        to_move: Player,
        ply: u32,
        options: GrabberOptions,
    ) -> Grabber {
        let mut g = Grabber {
            id,
            columns,
            to_move,
            ply,
            at: NONE,
            last: NO_DIR,
            hash: 0,
            owned: [0; 2],
            options,
        };
        for i in 0..g.len() {
            g.set(i, g.columns[i]);
        }
        g.hash = g.full_hash();
        g
    }

    fn turn_key(&self) -> u64 {
        if self.at == NONE {
            0
        } else {
            zobrist::key(0x7_9000_0000 + u64::from(self.at) + (u64::from(self.last) << 8))
        }
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    fn full_hash(&self) -> u64 {
        let mut h = self.turn_key();
        for i in 0..self.len() {
            h ^= col_key(i, self.columns[i]);
        }
        if self.to_move == Player::White {
            h ^= side_key();
        }
        h
    }

    fn set(&mut self, i: usize, c: Column) {
        self.hash ^= col_key(i, self.columns[i]) ^ col_key(i, c);
        self.columns[i] = c;
        for p in Player::ALL {
            self.owned[p.index()] &= !(1 << i);
            if c.owned_by(p) {
                self.owned[p.index()] |= 1 << i;
            }
        }
    }

    /// Whether the turn at this ply is a removal.
    #[must_use]
    pub fn removal_phase(&self) -> bool {
        self.ply < 2 * u32::from(self.options.removals_per_player)
    }

    /// The cell the moving column stands on in the capture in progress.
    #[must_use]
    pub fn moving_column(&self) -> Option<Cell> {
        (self.at != NONE).then(|| self.geometry().cell(usize::from(self.at)))
    }

    /// Whether the capture in progress has made a jump (so it may stop).
    #[must_use]
    pub fn has_jumped(&self) -> bool {
        self.at != NONE && self.last != NO_DIR
    }

    /// The cell two steps from `i` in direction `d` and the jumped cell, if the jump is legal for
    /// the column on `i` owned by `p`.
    fn board(&self) -> &'static Board {
        match self.id {
            GameId::Grabber6 => &BOARDS[0],
            GameId::Grabber10 => &BOARDS[2],
            _ => &BOARDS[1],
        }
    }

    /// The cells of `p`'s columns that can jump in each direction.
    fn jumpers(&self, p: Player) -> [Cells; 4] {
        let b = self.board();
        let (own, enemy) = (self.owned[p.index()], self.owned[(!p).index()]);
        let vacant = b.lands[0] | b.lands[1] | b.lands[2] | b.lands[3];
        let vacant = vacant & !(own | enemy);
        std::array::from_fn(|d| {
            own & b.lands[d] & back(enemy, d, b.step[d]) & back(vacant, d, 2 * b.step[d])
        })
    }

    fn jump(&self, i: usize, d: usize, p: Player) -> Option<(usize, usize)> {
        let (over, to) = self.board().jumps[i][d];
        if to == NONE {
            return None;
        }
        let (over, to) = (usize::from(over), usize::from(to));
        (self.columns[over].owned_by(!p) && self.columns[to].is_vacant()).then_some((over, to))
    }

    fn is_single(&self, i: usize, p: Player) -> bool {
        let c = self.columns[i];
        c.owned_by(p) && c.cap() == 1 && c.prisoners() == 0
    }

    fn has_move(&self) -> bool {
        let p = self.to_move;
        if self.removal_phase() {
            (0..self.len()).any(|i| self.is_single(i, p))
        } else {
            self.jumpers(p).iter().any(|&set| set != 0)
        }
    }

    fn end_turn(&mut self) {
        self.hash ^= self.turn_key() ^ side_key();
        self.at = NONE;
        self.last = NO_DIR;
        self.to_move = !self.to_move;
        self.ply = self.ply.saturating_add(1);
    }

    fn do_jump(&mut self, to: usize) {
        let before = self.turn_key();
        let at = usize::from(self.at);
        let p = self.to_move;
        let Some((d, over)) =
            (0..4).find_map(|d| self.jump(at, d, p).filter(|j| j.1 == to).map(|j| (d, j.0)))
        else {
            debug_assert!(false, "no jump lands on that cell");
            return;
        };
        let moving = self.columns[at];
        let jumped = self.columns[over];
        self.set(at, Column::VACANT);
        self.set(
            to,
            Column::new(moving.owner(), moving.cap(), moving.prisoners() + 1),
        );
        let left = if jumped.cap() > 1 {
            Column::new(jumped.owner(), jumped.cap() - 1, jumped.prisoners())
        } else if jumped.prisoners() > 0 {
            // The cap was one man: the prisoners are free, and the mover's.
            Column::new(!jumped.owner(), jumped.prisoners(), 0)
        } else {
            Column::VACANT
        };
        self.set(over, left);
        self.at = to as u8;
        self.last = d as u8;
        self.hash ^= before ^ self.turn_key();
    }

    /// The jumps a player's columns could make now, each counted once (mobility).
    #[must_use]
    pub fn jumps_available(&self, p: Player) -> usize {
        self.jumpers(p)
            .iter()
            .map(|s| s.count_ones() as usize)
            .sum()
    }

    /// Men standing in columns a player owns (their own men and their prisoners).
    #[must_use]
    pub fn men_controlled(&self, p: Player) -> usize {
        (0..self.len())
            .filter(|&i| self.columns[i].owned_by(p))
            .map(|i| self.columns[i].height())
            .sum()
    }

    /// Men of a colour on the board.
    fn men(&self, p: Player) -> usize {
        (0..self.len()).map(|i| self.columns[i].count(p)).sum()
    }
}

fn is_grabber(id: GameId) -> bool {
    id.is_grabber()
}

impl Game for Grabber {
    type Options = GrabberOptions;

    /// The 8x8 start; [`Grabber::start_on`] chooses another board.
    fn start(options: GrabberOptions) -> Grabber {
        Grabber::start_on(GameId::Grabber8, options)
    }

    fn start_on_board(id: GameId, options: GrabberOptions) -> Grabber {
        Grabber::start_on(if is_grabber(id) { id } else { GameId::Grabber8 }, options)
    }

    fn from_setup(setup: &Setup, options: GrabberOptions) -> Result<Grabber, PositionError> {
        if !is_grabber(setup.game) {
            return Err(PositionError::Rule(format!(
                "a {} position is not a grabber position",
                setup.game
            )));
        }
        let g = setup.game.geometry();
        let mut columns = [Column::VACANT; MAX_CELLS];
        let mut total = 0;
        for (i, stack) in setup.board.iter().enumerate() {
            if stack.is_empty() {
                continue;
            }
            let runs = stack.runs();
            let c = g.cell(i);
            columns[i] = match runs[..] {
                [(owner, cap)] => Column::new(owner, cap, 0),
                [(_, prisoners), (owner, cap)] => Column::new(owner, cap, prisoners),
                _ => {
                    return Err(PositionError::Rule(format!(
                        "{c} holds {stack}, with {} colour runs: a grabber column is its owner's \
                         men over prisoners, two runs at most",
                        runs.len()
                    )));
                }
            };
            total += stack.len();
        }
        if total > g.len() {
            return Err(PositionError::Rule(format!(
                "{total} men on a board of {} cells: the game starts with one man per cell",
                g.len()
            )));
        }
        Ok(Grabber::from_parts(
            setup.game,
            columns,
            setup.to_move,
            setup.ply,
            options,
        ))
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.id);
        for i in 0..self.len() {
            setup.board[i] = self.columns[i].stack();
        }
        setup.to_move = self.to_move;
        setup.ply = self.ply;
        setup
    }

    fn id(&self) -> GameId {
        self.id
    }

    fn options(&self) -> GrabberOptions {
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
        self.at != NONE
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.in_turn() {
            return None;
        }
        if !self.has_move() {
            return Some(Outcome::Win(!self.to_move, Reason::NoMoves));
        }
        (self.ply >= self.options.ply_cap).then_some(Outcome::Draw(Reason::PlyCap))
    }

    fn stack(&self, c: Cell) -> Stack {
        let g = self.geometry();
        if g.contains(c) {
            self.columns[g.index(c)].stack()
        } else {
            Stack::EMPTY
        }
    }

    fn captured_by(&self, _p: Player) -> usize {
        // Captured men stay on the board as prisoners; nothing goes to a tray.
        0
    }

    fn removed(&self, p: Player) -> usize {
        // Exact in play (men leave only by removal); a made-up position with fewer men shows no
        // more than the removals the options allow.
        let start = self.len() / 2;
        start
            .saturating_sub(self.men(p))
            .min(usize::from(self.options.removals_per_player))
    }

    fn legal_actions(&self, out: &mut ActionList) {
        let g = self.geometry();
        let p = self.to_move;
        if self.at != NONE {
            let at = usize::from(self.at);
            for d in 0..4 {
                if self.last != NO_DIR && usize::from(self.last) == (d + 2) % 4 {
                    continue;
                }
                if let Some((_, to)) = self.jump(at, d, p) {
                    out.push(Action::Cell(g.cell(to)));
                }
            }
            if self.last != NO_DIR {
                out.push(Action::Stop);
            }
            return;
        }
        if self.ply >= self.options.ply_cap {
            return;
        }
        if self.removal_phase() {
            for i in 0..self.len() {
                if self.is_single(i, p) {
                    out.push(Action::Cell(g.cell(i)));
                }
            }
            return;
        }
        for i in indices(self.jumpers(p).iter().fold(0, |all, s| all | s)) {
            out.push(Action::Cell(g.cell(i)));
        }
    }

    fn next_completes_turn(&self) -> bool {
        self.at == NONE && self.removal_phase()
    }

    fn play(&mut self, action: Action) {
        let g = self.geometry();
        match action {
            Action::Cell(c) if self.at == NONE && self.removal_phase() => {
                self.set(g.index(c), Column::VACANT);
                self.end_turn();
            }
            Action::Cell(c) if self.at == NONE => {
                let before = self.turn_key();
                self.at = g.index(c) as u8;
                self.hash ^= before ^ self.turn_key();
            }
            Action::Cell(c) => self.do_jump(g.index(c)),
            Action::Stop if self.has_jumped() => self.end_turn(),
            _ => debug_assert!(false, "{action} is not a Grabber decision here"),
        }
    }

    fn implied_end(&self) -> Option<Action> {
        self.has_jumped().then_some(Action::Stop)
    }

    fn travels(&self, action: Action) -> Vec<Travel> {
        let g = self.geometry();
        let Action::Cell(c) = action else {
            return Vec::new();
        };
        if self.at == NONE {
            if !self.removal_phase() {
                return Vec::new();
            }
            return vec![Travel::new(
                0,
                Place::on(c, 0),
                Place::Removed(self.to_move),
            )];
        }
        let at = usize::from(self.at);
        let to = g.index(c);
        let Some(over) = (0..4).find_map(|d| {
            self.jump(at, d, self.to_move)
                .filter(|j| j.1 == to)
                .map(|j| j.0)
        }) else {
            return Vec::new();
        };
        let from = g.cell(at);
        let moving = self.columns[at].height() as u8;
        let mut out: Vec<Travel> = (0..moving)
            .map(|level| Travel::new(0, Place::on(from, level), Place::on(c, level + 1)))
            .collect();
        // The jumped column's top man goes under the moving column: a prisoner, captured.
        let taken = Place::on(g.cell(over), self.columns[over].height() as u8 - 1);
        out.push(Travel::prisoner(0, taken, Place::on(c, 0)));
        out
    }

    fn parse_actions(&self, text: &str) -> Result<TurnActions, NotationError> {
        notation::parse(self.geometry(), text)
    }

    fn write_notation(&self, actions: &[Action], out: &mut String) {
        notation::write(actions, out);
    }
}

/// Men of each colour, for invariants in tests.
#[cfg(test)]
fn men_by_colour(g: &Grabber) -> ByPlayer<usize> {
    ByPlayer::new(g.men(Player::Black), g.men(Player::White))
}
