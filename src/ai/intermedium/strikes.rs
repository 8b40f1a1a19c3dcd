//! Strikes: sowings whose last stone lands on a single stone and captures or takes the City,
//! and the decisions (a stack to lift, a step) that can still end in one: what a playout going
//! for material prefers. Worked on bitsets of cells, like the opening search.
//!
//! A sowing can also close the City's ring itself, dropping stones on the ring's empty cells
//! before its last stone lands on a single stone of the ring (White's e3 sown by d2 onto a single
//! c1, holding e1, takes d1): [`super::city_walk::sows_into_city`] walks forwards to find those.

use super::city_walk::{may_reach_ring, may_still_close_ring, sows_into_city};
use super::ring::{CITY_RING, COLOUR, walks_into};
use crate::rules::bits::indices;
use crate::rules::intermedium::{
    Cells, DIAG, GEOMETRY, NO_DIR, NONE, ORTH, OpeningSearch, cell_masks, owner,
};
use crate::rules::{Action, ActionList, Cell, Intermedium, Player};

/// How far an orthogonal step (north, east, south, west) moves a cell's index.
const ORTH_SHIFT: [i32; 4] = [7, 1, -7, -1];

/// For each orthogonal direction, the cells that have a neighbour that way.
const ORTH_MASKS: [Cells; 4] = cell_masks(&ORTH);

/// The cells whose orthogonal neighbour in direction `d` is in `set`.
const fn towards(set: Cells, d: usize) -> Cells {
    let s = ORTH_SHIFT[d];
    let moved = if s > 0 { set >> s } else { set << -s };
    moved & ORTH_MASKS[d]
}

/// The cells of `occupied` whose every on-board orthogonal neighbour is occupied too.
fn closed_in(occupied: Cells) -> Cells {
    (0..4).fold(occupied, |closed, d| {
        closed & (!ORTH_MASKS[d] | towards(occupied, d))
    })
}

/// The cells orthogonally next to a cell of `set`.
fn beside(set: Cells) -> Cells {
    (0..4).fold(0, |acc, d| acc | towards(set, d))
}

/// What one player's sowing could strike: the City, or enemy stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strikes {
    /// A stack of the player can take the enemy City.
    pub city: bool,
    /// A stack of the player can capture.
    pub capture: bool,
}

impl Intermedium {
    /// Where `p`'s last stone would strike on a board with these `filled` cells and `p`'s
    /// `single` stones: first the cells that take the enemy City, then those that capture (a
    /// stone sown on the way that closes a stack in is not foreseen).
    fn strike_cells(p: Player, filled: Cells, single: Cells) -> [Cells; 2] {
        let ring = CITY_RING[!p];
        let city = if filled & ring == ring {
            single & ring
        } else {
            0
        };
        let enemy = closed_in(filled) & COLOUR[!p];
        [city, single & beside(enemy)]
    }

    /// Whether a sowing of one of `p`'s stacks (between turns) could end on the ring of the City
    /// `p` attacks.
    fn may_reach_ring(&self, p: Player) -> bool {
        for i in indices(self.filled & !self.single & COLOUR[p]) {
            if may_reach_ring(p, i, NO_DIR, self.heights[i]) {
                return true;
            }
        }
        false
    }

    /// Whether `p` has a stack of `at_least` stones or more that could end a sowing on the ring of
    /// the City it attacks with its height or up to three stones more: a stack that may sow
    /// round the ring itself once a turn feeds it (between turns).
    #[must_use]
    pub fn has_sower(&self, p: Player, at_least: u8) -> bool {
        for i in indices(self.filled & !self.single & COLOUR[p]) {
            let h = self.heights[i];
            if h >= at_least && (h..=h + 3).any(|s| may_reach_ring(p, i, NO_DIR, s)) {
                return true;
            }
        }
        false
    }

    /// Whether one of `p`'s stacks (between turns) can sow a stone onto every empty cell around
    /// the City `p` attacks, where that ring is not yet held whole: a turn after which any last
    /// stone on a single stone of the ring takes the City, which the defender can stop only by
    /// capturing ([`Intermedium::closes_ring`]).
    #[must_use]
    pub fn may_close_ring(&self, p: Player) -> bool {
        for i in indices(self.filled & !self.single & COLOUR[p]) {
            if self.stack_closes_ring(i) {
                return true;
            }
        }
        false
    }

    /// Whether sowing the stack on `from` (between turns) can drop a stone onto every empty cell
    /// around the City its owner attacks, where that ring is not yet held whole.
    #[must_use]
    pub fn closes_ring(&self, from: Cell) -> bool {
        GEOMETRY.contains(from) && self.stack_closes_ring(GEOMETRY.index(from))
    }

    /// Whether the sowing under way can still drop a stone on every empty cell around the City
    /// its player attacks (true between turns).
    #[must_use]
    pub fn may_still_close_ring(&self) -> bool {
        self.origin == NONE
            || may_still_close_ring(
                self.to_move,
                self.filled,
                (usize::from(self.at), self.last),
                self.left,
            )
    }

    /// Whether sowing the stack on `from` (between turns) can end on the ring of the City its
    /// owner attacks: a tall stack's own turn that may set the City up.
    #[must_use]
    pub fn sows_onto_ring(&self, from: Cell) -> bool {
        GEOMETRY.contains(from) && {
            let i = GEOMETRY.index(from);
            let h = self.heights[i];
            h >= 2 && may_reach_ring(owner(i), i, NO_DIR, h)
        }
    }

    /// Whether the sowing under way can still end on the ring of the City its player attacks
    /// (true between turns).
    #[must_use]
    pub fn may_still_end_on_ring(&self) -> bool {
        self.origin == NONE
            || may_reach_ring(self.to_move, usize::from(self.at), self.last, self.left)
    }

    /// Whether one of `p`'s stones stands within its stack's height and `more` diagonal steps of
    /// an empty cell around the City `p` attacks (between turns): whether a turn or two of `p`
    /// may drop stones on that ring at all. A gate on the cost of walks for a City set up from
    /// afar, not a certainty: a sowing that passes a cell twice may feed a stack by more.
    #[must_use]
    pub fn near_empty_ring(&self, p: Player, more: u8) -> bool {
        let empty = CITY_RING[!p] & !self.filled;
        for i in indices(self.filled & COLOUR[p]) {
            if steps_to_nearest(i, empty) <= u32::from(self.heights[i]) + u32::from(more) {
                return true;
            }
        }
        false
    }

    /// [`Intermedium::closes_ring`] by index. Stacks farther in diagonal steps from an empty
    /// ring cell than their height are not walked.
    pub(crate) fn stack_closes_ring(&self, i: usize) -> bool {
        let (p, h) = (owner(i), self.heights[i]);
        let empty = CITY_RING[!p] & !self.filled;
        let lifted = self.filled & !(1 << i);
        h >= 2
            && empty != 0
            && within_steps(i, empty, h)
            && may_still_close_ring(p, lifted, (i, NO_DIR), h)
    }

    /// Whether `after`, where a turn from here ended, gives `p` a City to take: the City of
    /// [`Intermedium::open_strikes`] at `after`, worked out from what the turn changed. Whether a
    /// sowing takes the City depends only on the stack sown (its cell and height) and on the
    /// stones on the ring, so where the ring is as it was, only the stacks of `p` that the turn
    /// built or grew are walked. Exact where `p` has no City to take here; where it has one, a
    /// City that stays open may be missed.
    #[must_use]
    pub fn opens_city(&self, after: &Intermedium, p: Player) -> bool {
        let ring = CITY_RING[!p];
        let same_ring =
            self.filled & ring == after.filled & ring && self.single & ring == after.single & ring;
        if !same_ring {
            return after.open_strikes(p).city;
        }
        for i in indices(after.filled & !after.single & COLOUR[p]) {
            if self.heights[i] != after.heights[i] && after.stack_takes_city(p, i) {
                return true;
            }
        }
        false
    }

    /// Whether a sowing of the stack on `from` could drop a stone on the ring of the City its
    /// owner attacks or on one of its stacks of `at_least` stones or more, less two (one that a
    /// turn may feed into a sower): those within as many diagonal steps as it has stones.
    #[must_use]
    pub fn may_feed_sower(&self, from: Cell, at_least: u8) -> bool {
        let i = GEOMETRY.index(from);
        let (p, h) = (owner(i), u32::from(self.heights[i]));
        let targets = (CITY_RING[!p] | self.stacks_of(p, at_least.saturating_sub(2))) & !(1 << i);
        indices(targets).any(|j| steps_between(from, GEOMETRY.cell(j)) <= h)
    }

    /// The cells of `p`'s stacks of `at_least` stones or more.
    fn stacks_of(&self, p: Player, at_least: u8) -> Cells {
        indices(self.filled & COLOUR[p])
            .filter(|&i| self.heights[i] >= at_least)
            .fold(0, |tall, i| tall | 1 << i)
    }

    /// Whether one of `p`'s stacks that can sow round the City's ring by itself
    /// ([`Intermedium::closes_ring`]) would take the City with one or two stones more, the
    /// board otherwise as it stands (between turns): a City that a turn feeding that stack may
    /// set up. A sign for the evaluation, not a certainty: the feeding turn changes the board
    /// too, and the enemy may capture the stack first.
    #[must_use]
    pub fn takes_city_once_fed(&self, p: Player) -> bool {
        for i in indices(self.filled & !self.single & COLOUR[p]) {
            let h = self.heights[i];
            if self.stack_closes_ring(i) && (h + 1..=h + 2).any(|s| self.sown_takes_city(p, i, s)) {
                return true;
            }
        }
        false
    }

    /// Whether sowing `p`'s stack on `i` (between turns) can take the City, its last stone on a
    /// single stone of a full ring or the ring closed by the sowing itself.
    fn stack_takes_city(&self, p: Player, i: usize) -> bool {
        self.sown_takes_city(p, i, self.heights[i])
    }

    /// [`Intermedium::stack_takes_city`] for a stack of `h` stones on `i`.
    pub(crate) fn sown_takes_city(&self, p: Player, i: usize, h: u8) -> bool {
        let without: Cells = !(1 << i);
        let (filled, single) = (self.filled & without, self.single & COLOUR[p] & without);
        let [city, _] = Intermedium::strike_cells(p, filled, single);
        city != 0 && OpeningSearch::holds(walks_into(city, h)[usize::from(NO_DIR)], i)
            || sows_into_city(p, (filled, single), (i, NO_DIR), h)
    }

    /// Whether sowing `p`'s stack on `i` (between turns) can end in each kind of strike, the
    /// lifted cell counted as emptied.
    fn lift_strikes(&self, p: Player, i: usize) -> [bool; 2] {
        let without: Cells = !(1 << i);
        let single = self.single & COLOUR[p] & without;
        let filled = self.filled & without;
        let h = self.heights[i];
        Intermedium::strike_cells(p, filled, single)
            .map(|t| t != 0 && OpeningSearch::holds(walks_into(t, h)[usize::from(NO_DIR)], i))
    }

    /// What `p` could strike with a whole turn from here, were it to move (between turns): a
    /// City that a sowing closes itself included ([`super::city_walk::sows_into_city`]), so
    /// exactly the positions where some move takes the City say so.
    #[must_use]
    pub fn open_strikes(&self, p: Player) -> Strikes {
        let mut found = Strikes::default();
        let single = self.single & COLOUR[p];
        // Lifting a stack only takes stones away: a strike on a stone already there needs one
        // there now. Only a sowing that closes the City's ring itself needs none.
        let on_stones_there = Intermedium::strike_cells(p, self.filled, single) != [0, 0];
        if !on_stones_there && !self.may_reach_ring(p) {
            return found;
        }
        for i in indices(self.filled & !self.single & COLOUR[p]) {
            if found.city && found.capture {
                break;
            }
            if on_stones_there {
                let [city, capture] = self.lift_strikes(p, i);
                found.city |= city;
                found.capture |= capture;
            }
            if !found.city {
                let without = !(1 << i);
                let board = (self.filled & without, single & without);
                found.city |= sows_into_city(p, board, (i, NO_DIR), self.heights[i]);
            }
        }
        found
    }

    /// The decisions among `legal` that can still end the turn in a strike, written to `out`: the
    /// ones that take the City if any, else the ones that capture. Exact for the last step; before
    /// it, a path that drops a stone on its own final cell first is not ruled out. A City that the
    /// sowing would close itself is not looked for here: that walk for every decision of every
    /// playout took 40% of Intermedium's search speed (measured at 80aeeba).
    pub fn striking_decisions(&self, legal: &ActionList, out: &mut ActionList) {
        let p = self.to_move;
        let strikes = Intermedium::strike_cells(p, self.filled, self.single & COLOUR[p]);
        if strikes == [0, 0] {
            // Lifting a stack only takes stones away: no strike now, none after a lift.
            return;
        }
        if self.origin == NONE {
            let mut captures = ActionList::new();
            for &a in legal {
                let Action::Cell(c) = a else { continue };
                let [city, capture] = self.lift_strikes(p, GEOMETRY.index(c));
                if city {
                    out.push(a);
                } else if capture {
                    captures.push(a);
                }
            }
            if out.is_empty() {
                out.extend(captures);
            }
            return;
        }
        let at = usize::from(self.at);
        for targets in strikes {
            if targets == 0 {
                continue;
            }
            let walks = walks_into(targets, self.left - 1);
            for &a in legal {
                let Action::Cell(c) = a else { continue };
                let n = GEOMETRY.index(c);
                let reaches =
                    (0..4).any(|d| DIAG[at][d] == n as u8 && OpeningSearch::holds(walks[d], n));
                if reaches {
                    out.push(a);
                }
            }
            if !out.is_empty() {
                return;
            }
        }
    }
}

/// Whether every cell of `targets` is within `steps` diagonal steps of cell `i` (its file and rank
/// distance at most `steps`).
fn within_steps(i: usize, targets: Cells, steps: u8) -> bool {
    let from = GEOMETRY.cell(i);
    indices(targets).all(|j| steps_between(from, GEOMETRY.cell(j)) <= u32::from(steps))
}

/// How many diagonal steps apart two cells are at the least: their file or rank distance,
/// whichever is larger.
fn steps_between(from: Cell, to: Cell) -> u32 {
    u32::from(to.x().abs_diff(from.x()).max(to.y().abs_diff(from.y())))
}

/// How many diagonal steps cell `i` is from the nearest cell of `targets`
/// ([`steps_between`]); `u32::MAX` where there is none.
fn steps_to_nearest(i: usize, targets: Cells) -> u32 {
    let from = GEOMETRY.cell(i);
    indices(targets)
        .map(|j| steps_between(from, GEOMETRY.cell(j)))
        .min()
        .unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, IntermediumOptions, Reason, Setup};

    fn at(s: &str) -> Intermedium {
        Intermedium::from_setup(&Setup::parse(s).unwrap(), IntermediumOptions::default()).unwrap()
    }

    fn striking(g: &Intermedium) -> Vec<String> {
        let (mut legal, mut out) = (ActionList::new(), ActionList::new());
        g.legal_actions(&mut legal);
        g.striking_decisions(&legal, &mut out);
        assert!(
            out.iter().all(|a| legal.contains(a)),
            "only legal decisions"
        );
        let mut names: Vec<String> = out.iter().map(ToString::to_string).collect();
        names.sort();
        names
    }

    fn play(g: &mut Intermedium, cell: &str) {
        g.play(Action::Cell(cell.parse().unwrap()));
    }

    #[test]
    fn a_stone_near_the_enemy_ring_is_one_within_its_height_and_more_steps_of_an_empty_cell() {
        let start = Intermedium::start(IntermediumOptions::default());
        // Black's fours on c4 and e4 stand six steps from c10 and e10, five from d9.
        assert!(start.near_empty_ring(Player::Black, 1));
        assert!(!start.near_empty_ring(Player::Black, 0));
        // White's two on g7 stands five steps from d2; its single on b10 stands further.
        let g = at("intermedium b4,w,5/7/7/6,w2/7/7/7/7/7/7 w 40");
        assert!(g.near_empty_ring(Player::White, 3));
        assert!(!g.near_empty_ring(Player::White, 2));
        // Black holds the whole ring round White's City (c10, e10, d9): no cell left empty.
        // White's single on g9 stands seven steps from d2.
        let full = at("intermedium 2,b,1,b,2/3,b,2,w/7/7/7/7/7/7/7/1,b4,5 b 30");
        assert!(!full.near_empty_ring(Player::Black, 9));
        assert!(full.near_empty_ring(Player::White, 6));
        assert!(!full.near_empty_ring(Player::White, 5));
    }

    #[test]
    fn the_stack_that_can_close_a_stack_in_and_its_steps_are_named() {
        // White's d6 has Black on c6, e6 and d7; Black's single d5 waits for a last stone.
        // b3 (two stones) reaches d5 by c4; lifting d7 would open the ring, so d7 cannot.
        let mut g = at("intermedium 7/w4,6/7/3,b2,3/2,b,w2,b,2/3,b,3/7/1,b2,5/7/7 b 20");
        assert_eq!(striking(&g), ["b3"]);
        let capture = Strikes {
            city: false,
            capture: true,
        };
        assert_eq!(g.open_strikes(Player::Black), capture);
        assert_eq!(g.open_strikes(Player::White), Strikes::default());
        play(&mut g, "b3");
        assert_eq!(striking(&g), ["c4"]);
        play(&mut g, "c4");
        assert_eq!(striking(&g), ["d5"]);
        let before = g.captured_by(Player::Black);
        play(&mut g, "d5");
        assert_eq!(g.captured_by(Player::Black), before + 2, "d6 was taken");
        // With e6 empty nothing closes d6 in.
        let open = at("intermedium 7/w4,6/7/3,b2,3/2,b,w2,3/3,b,3/7/1,b2,5/7/7 b 20");
        assert!(striking(&open).is_empty());
        assert_eq!(open.open_strikes(Player::Black), Strikes::default());
    }

    #[test]
    fn taking_the_city_comes_before_a_capture() {
        // Black holds c10 and e10 and a single d9; b7 reaches d9 by c8 and takes White's City,
        // while b3 could only capture d6.
        let mut g =
            at("intermedium 2,b,1,b,2/w4,2,b,3/7/1,b2,1,b,3/2,b,w2,b,2/3,b,3/7/1,b2,5/7/7 b 20");
        assert_eq!(striking(&g), ["b7"]);
        let both = Strikes {
            city: true,
            capture: true,
        };
        assert_eq!(g.open_strikes(Player::Black), both);
        play(&mut g, "b7");
        assert_eq!(striking(&g), ["c8"]);
        play(&mut g, "c8");
        assert_eq!(striking(&g), ["d9"]);
        play(&mut g, "d9");
        assert_eq!(
            g.outcome(),
            Some(crate::rules::Outcome::Win(
                Player::Black,
                crate::rules::Reason::City
            ))
        );
    }

    #[test]
    fn the_last_steps_named_are_exactly_those_that_take_the_city_else_those_that_capture() {
        let mut list = ActionList::new();
        let mut strikes = 0;
        for seed in 0..60u64 {
            let mut g = Intermedium::start(IntermediumOptions::default());
            let mut state = seed;
            while g.outcome().is_none() && g.ply() < 400 {
                list.clear();
                g.legal_actions(&mut list);
                if g.next_completes_turn() {
                    // What each last step does: 2 takes the City, 1 captures, 0 neither.
                    let effect = |a: Action| {
                        let mut after = g.clone();
                        after.play(a);
                        if after.city {
                            2
                        } else {
                            u8::from(after.captured_by(g.to_move) > g.captured_by(g.to_move))
                        }
                    };
                    let best = list.iter().map(|&a| effect(a)).max().unwrap_or(0);
                    let mut expected: Vec<String> = list
                        .iter()
                        .filter(|&&a| best > 0 && effect(a) == best)
                        .map(ToString::to_string)
                        .collect();
                    expected.sort();
                    assert_eq!(striking(&g), expected, "{}", g.to_setup());
                    strikes += usize::from(best > 0);
                }
                state = crate::rules::zobrist::key(state);
                g.play(list[(state % list.len() as u64) as usize]);
            }
        }
        assert!(strikes > 20, "the games struck only {strikes} times");
    }

    #[test]
    fn a_sowing_that_closes_the_ring_itself_takes_the_city_and_is_foreseen() {
        // White holds single stones on c1 and e1 of Black's City d1; d2 is empty. e3 (two
        // stones) sows d2, then its last stone on c1: the ring is full and the City falls.
        let mut g = at("intermedium b4,6/7/7/7/7/7/7/4,w2,2/7/2,w,1,w,2 w 20");
        let city = Strikes {
            city: true,
            capture: false,
        };
        assert_eq!(g.open_strikes(Player::White), city);
        assert!(striking(&g).is_empty(), "playouts do not look for it");
        for cell in ["e3", "d2", "c1"] {
            play(&mut g, cell);
        }
        assert_eq!(g.outcome().map(|o| o.reason()), Some(Reason::City));
        // With e1 empty the tail would need four ring cells: nothing to foresee.
        let open = at("intermedium b4,6/7/7/7/7/7/7/4,w2,2/7/2,w,4 w 20");
        assert_eq!(open.open_strikes(Player::White), Strikes::default());
        // Three stones on e3 end one step beyond the ring: no City there either.
        let long = at("intermedium b4,6/7/7/7/7/7/7/4,w3,2/7/2,w,1,w,2 w 20");
        assert!(!long.open_strikes(Player::White).city);
    }

    #[test]
    fn exactly_the_positions_where_a_whole_move_takes_the_city_are_foreseen() {
        // Random games from the start: wherever some legal move takes the City, the side to
        // move's open strikes say so, and nowhere else.
        let mut list = ActionList::new();
        let (mut takes, mut seen) = (0, 0);
        for seed in 0..8u64 {
            let mut g = Intermedium::start(IntermediumOptions::default());
            let mut state = seed;
            while g.outcome().is_none() && g.ply() < 300 {
                let taking = crate::rules::legal_moves(&g).iter().any(|m| {
                    let mut after = g.clone();
                    m.actions.iter().for_each(|&a| after.play(a));
                    after.city
                });
                let foreseen = g.open_strikes(g.to_move).city;
                assert_eq!(foreseen, taking, "{}", g.to_setup());
                takes += usize::from(taking);
                seen += usize::from(foreseen);
                loop {
                    list.clear();
                    g.legal_actions(&mut list);
                    state = crate::rules::zobrist::key(state);
                    g.play(list[(state % list.len() as u64) as usize]);
                    if !g.in_turn() {
                        break;
                    }
                }
            }
        }
        eprintln!("{takes} positions with a City to take, {seen} foreseen");
        assert!(takes > 3, "the games could take a City only {takes} times");
    }
}
