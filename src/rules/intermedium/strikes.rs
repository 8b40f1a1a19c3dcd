//! Strikes: sowings whose last stone lands on a single stone and captures or takes the City,
//! and the decisions (a stack to lift, a step) that can still end in one: what a playout going
//! for material prefers. Worked on bitsets of cells, like the opening search.

use super::{
    CELLS, CITY, Cells, DIAG, GEOMETRY, Intermedium, NO_DIR, NONE, ORTH, OpeningSearch, before,
    cell_masks, owner,
};
use crate::rules::ActionList;
use crate::rules::action::Action;
use crate::rules::player::{ByPlayer, Player};

/// How far an orthogonal step (north, east, south, west) moves a cell's index.
const ORTH_SHIFT: [i32; 4] = [7, 1, -7, -1];

/// For each orthogonal direction, the cells that have a neighbour that way.
const ORTH_MASKS: [Cells; 4] = cell_masks(&ORTH);

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
const COLOUR: ByPlayer<Cells> = colour_cells();

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
const CITY_RING: ByPlayer<Cells> = ByPlayer::new(ring(CITY.black), ring(CITY.white));

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

/// For each last step (`NO_DIR` included): the cells from which `k` more steps, never reversing
/// one, can end on a cell of `targets`.
fn walks_into(targets: Cells, k: u8) -> [Cells; 5] {
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

    /// Whether sowing `p`'s stack on `i` (between turns) can end in each kind of strike, the
    /// lifted cell counted as emptied.
    fn lift_strikes(&self, p: Player, i: usize) -> [bool; 2] {
        let without: Cells = !(1 << i);
        let single = self.single & COLOUR[p] & without;
        let targets = Intermedium::strike_cells(p, self.filled & without, single);
        targets.map(|t| {
            t != 0 && OpeningSearch::holds(walks_into(t, self.heights[i])[usize::from(NO_DIR)], i)
        })
    }

    /// What `p` could strike with a whole turn from here, were it to move (between turns).
    #[must_use]
    pub fn open_strikes(&self, p: Player) -> Strikes {
        let mut found = Strikes::default();
        let single = self.single & COLOUR[p];
        if Intermedium::strike_cells(p, self.filled, single) == [0, 0] {
            return found;
        }
        let mut stacks = self.filled & !self.single & COLOUR[p];
        while stacks != 0 && !(found.city && found.capture) {
            let i = stacks.trailing_zeros() as usize;
            stacks &= stacks - 1;
            let [city, capture] = self.lift_strikes(p, i);
            found.city |= city;
            found.capture |= capture;
        }
        found
    }

    /// The decisions among `legal` that can still end the turn in a strike, written to `out`:
    /// the ones that take the City if any, else the ones that capture. Exact for the last
    /// step; before it, a path that drops a stone on its own final cell first is not ruled out.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, IntermediumOptions, Setup};

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
                crate::rules::game::Reason::City
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
            while g.outcome().is_none() && g.ply < 400 {
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
}
