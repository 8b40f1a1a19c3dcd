//! Captures made on the way: a sowing that drops stones on the open sides of an enemy stack and
//! then ends on a single stone beside it, closing the stack in itself. The single stone may be
//! one it dropped on a side earlier in the same sowing: Black's nine on e4 sown
//! d5-c6-b5-a6-b7-c8-b9-a8-b7 rings White's six on b8 and comes back to b7. Random sowings
//! almost never find one, and the strikes of [`super::strikes`] see only stacks closed in
//! already, and not which stack is worth most. A dynamic programme over (cell, last step, open sides still to sow) on bitsets of
//! cells, one layer per step left, for each enemy stack of two stones or more within reach,
//! tallest first.

use super::strikes::{COLOUR, beside};
use super::{CELLS, Cells, DIAG, GEOMETRY, Intermedium, NO_DIR, NONE, ORTH, OpeningSearch, before};
use crate::rules::ActionList;
use crate::rules::action::Action;
use crate::rules::bits::indices;
use crate::rules::player::Player;

/// The longest sowing walked: taller stacks sow along too many paths to be worth the search's
/// time, and their captures are left to chance.
const MOST_STEPS: u8 = 10;

/// The enemy stacks looked at in one decision: more are rare, and each costs one dynamic
/// programme.
const MOST_TARGETS: usize = 6;

/// Sets of open sides, one bit per side: a stack has at most four.
const SIDE_SETS: usize = 16;

/// For each cell and each distance up to [`MOST_STEPS`]: the cells at most that many diagonal
/// steps away (file and rank distance both at most it).
const BALLS: [[Cells; MOST_STEPS as usize + 1]; CELLS] = balls();

const fn balls() -> [[Cells; MOST_STEPS as usize + 1]; CELLS] {
    let mut table = [[0; MOST_STEPS as usize + 1]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let from = GEOMETRY.cell(i);
        let mut j = 0;
        while j < CELLS {
            let to = GEOMETRY.cell(j);
            let dx = from.x().abs_diff(to.x());
            let dy = from.y().abs_diff(to.y());
            let mut r = if dx > dy { dx } else { dy } as usize;
            while r <= MOST_STEPS as usize {
                table[i][r] |= 1 << j;
                r += 1;
            }
            j += 1;
        }
        i += 1;
    }
    table
}

/// An enemy stack a sowing could close in on its way.
#[derive(Clone, Copy, Debug, Default)]
struct Target {
    /// Its cell.
    cell: usize,
    /// Its empty orthogonal neighbours, one cell each; only the first `sides` count (none where
    /// it is closed in already).
    open: [Cells; 4],
    /// How many open sides it has.
    sides: usize,
    /// Where a last stone captures it once every side is sown: the mover's single stones beside
    /// it, and its open sides (sown once on the way, they hold a single stone).
    ends: Cells,
}

impl Target {
    /// Every side, as a set.
    fn all_open(&self) -> usize {
        (1 << self.sides) - 1
    }

    /// The cells of the sides in `left`.
    fn cells(&self, left: usize) -> Cells {
        (0..self.sides)
            .filter(|k| left >> k & 1 == 1)
            .fold(0, |c, k| c | self.open[k])
    }

    /// The sides still to sow after a stone on `cell`, from `left`.
    fn after(&self, left: usize, cell: usize) -> usize {
        (0..self.sides)
            .filter(|&k| OpeningSearch::holds(self.open[k], cell))
            .fold(left, |s, k| s & !(1 << k))
    }

    /// The cells from which a sowing of `steps` stones (2 to [`MOST_STEPS`]) may close this
    /// stack in: every open side within one step fewer, a cell to end on within as many.
    fn reached_from(&self, steps: u8) -> Cells {
        let sides = (0..self.sides).fold(Cells::MAX, |c, k| {
            c & BALLS[self.open[k].trailing_zeros() as usize][usize::from(steps - 1)]
        });
        let ends = indices(self.ends).fold(0, |c, j| c | BALLS[j][usize::from(steps)]);
        sides & ends
    }

    /// The stacks of `h` stones among `by_height` (the cells of the mover's stacks of each
    /// height) that may close this stack in once lifted ([`Target::reached_from`]), those
    /// beside it excepted: lifting one opens a side.
    fn lifts_of(&self, by_height: &[Cells; MOST_STEPS as usize + 1], h: u8) -> Cells {
        by_height[usize::from(h)] & self.reached_from(h) & !beside(1 << self.cell)
    }
}

/// For each set of open sides still to sow and each last step (`NO_DIR` included): the cells
/// from which the steps left sow them all and end on a cell where the last stone captures.
type Layer = [[Cells; 5]; SIDE_SETS];

/// The layer with one step left: every side sown, a step onto a cell to end on.
fn last_layer(target: &Target) -> Layer {
    let into: [Cells; 4] = std::array::from_fn(|d| before(target.ends, d));
    let mut layer = [[0; 5]; SIDE_SETS];
    layer[0] = from_steps(&into);
    layer
}

/// For each last step (`NO_DIR` included): the cells that one of `into` (by the step taken)
/// reaches without reversing it.
fn from_steps(into: &[Cells; 4]) -> [Cells; 5] {
    std::array::from_fn(|last| {
        if last == usize::from(NO_DIR) {
            into[0] | into[1] | into[2] | into[3]
        } else {
            into[last] | into[(last + 1) % 4] | into[(last + 3) % 4]
        }
    })
}

/// The layer one step further from the end than `next`: only the sets within `target`'s open
/// sides are worked out.
fn layer_before(target: &Target, next: &Layer) -> Layer {
    let mut layer = [[0; 5]; SIDE_SETS];
    for left in 0..=target.all_open() {
        let unsown = !target.cells(left);
        let into: [Cells; 4] = std::array::from_fn(|d| {
            // Arriving on a side still to sow leaves one fewer to sow.
            let mut arrive = next[left][d] & unsown;
            for k in (0..target.sides).filter(|k| left >> k & 1 == 1) {
                arrive |= next[left & !(1 << k)][d] & target.open[k];
            }
            before(arrive, d)
        });
        layer[left] = from_steps(&into);
    }
    layer
}

/// Up to [`MOST_TARGETS`] targets, tallest first, and how many.
type Targets = ([Target; MOST_TARGETS], usize);

impl Intermedium {
    /// The enemy stacks of two stones or more of `p` (between turns or during its sowing) that
    /// `keep` keeps, tallest first: up to [`MOST_TARGETS`] of them.
    fn closable(&self, p: Player, keep: impl Fn(&Target) -> bool) -> Targets {
        let mut found: Targets = ([Target::default(); MOST_TARGETS], 0);
        let single = self.single & COLOUR[p];
        let empty = COLOUR[p] & !self.filled;
        for e in indices(self.filled & !self.single & COLOUR[!p]) {
            let mut target = Target {
                cell: e,
                ..Target::default()
            };
            for n in ORTH[e].into_iter().filter(|&n| n != NONE) {
                let bit: Cells = 1 << n;
                if empty & bit != 0 {
                    target.open[target.sides] = bit;
                    target.sides += 1;
                }
                target.ends |= (single | empty) & bit;
            }
            if target.ends != 0 && keep(&target) {
                self.rank(&mut found, target);
            }
        }
        found
    }

    /// Puts `target` among `found` by height, tallest first, dropping the shortest when full.
    fn rank(&self, found: &mut Targets, target: Target) {
        let h = self.heights[target.cell];
        let (list, n) = found;
        let mut k = *n;
        if k == MOST_TARGETS {
            if self.heights[list[k - 1].cell] >= h {
                return;
            }
            k -= 1;
        } else {
            *n += 1;
        }
        while k > 0 && self.heights[list[k - 1].cell] < h {
            list[k] = list[k - 1];
            k -= 1;
        }
        list[k] = target;
    }

    /// The lifts among `legal` (between turns) whose sowing can close in the tallest enemy stack
    /// that one can and capture it, written to `out`; whether there are any. A lifted stack
    /// beside the target opens a side itself: it is not looked for.
    fn lifts_closing_in(&self, legal: &ActionList, out: &mut ActionList) -> bool {
        let p = self.to_move;
        let mut by_height = [0; MOST_STEPS as usize + 1];
        for i in indices(self.filled & !self.single & COLOUR[p]) {
            if let Some(cells) = by_height.get_mut(usize::from(self.heights[i])) {
                *cells |= 1 << i;
            }
        }
        let (targets, n) = self.closable(p, |t| {
            (2..=MOST_STEPS).any(|h| t.lifts_of(&by_height, h) != 0)
        });
        for target in &targets[..n] {
            let mut able = [0; MOST_STEPS as usize + 1];
            for (h, cells) in able.iter_mut().enumerate().skip(2) {
                *cells = target.lifts_of(&by_height, h as u8);
            }
            let most = able.iter().rposition(|&c| c != 0).unwrap_or(0);
            let (mut layer, mut hits) = (last_layer(target), 0);
            for cells in able.iter().take(most + 1).skip(2) {
                layer = layer_before(target, &layer);
                hits |= layer[target.all_open()][usize::from(NO_DIR)] & cells;
            }
            for &a in legal {
                let Action::Cell(c) = a else { continue };
                if OpeningSearch::holds(hits, GEOMETRY.index(c)) {
                    out.push(a);
                }
            }
            if !out.is_empty() {
                return true;
            }
        }
        false
    }

    /// The steps among `legal` (during a sowing) after which the steps left can close in the
    /// tallest enemy stack that they can and capture it, written to `out`; whether there are
    /// any.
    fn steps_closing_in(&self, legal: &ActionList, out: &mut ActionList) -> bool {
        let (at, left) = (usize::from(self.at), self.left);
        if left > MOST_STEPS {
            return false;
        }
        let (targets, n) = self.closable(self.to_move, |t| {
            OpeningSearch::holds(t.reached_from(left), at)
        });
        for target in &targets[..n] {
            let into = self.last_steps_into(target, left);
            for &a in legal {
                let Action::Cell(c) = a else { continue };
                let to = GEOMETRY.index(c);
                let Some(d) = (0..4).find(|&d| DIAG[at][d] == to as u8) else {
                    continue;
                };
                let sides = target.after(target.all_open(), to);
                if OpeningSearch::holds(into[sides][d], to) {
                    out.push(a);
                }
            }
            if !out.is_empty() {
                return true;
            }
        }
        false
    }

    /// For `target` and a sowing with `left` steps left (at most [`MOST_STEPS`]): the layer
    /// after the next step. With none left after it, only a single stone beside a stack with
    /// no open side captures.
    fn last_steps_into(&self, target: &Target, left: u8) -> Layer {
        if left == 1 {
            let mut layer = [[0; 5]; SIDE_SETS];
            if target.sides == 0 {
                layer[0] = [target.ends & self.single; 5];
            }
            return layer;
        }
        let mut layer = last_layer(target);
        for _ in 2..left {
            layer = layer_before(target, &layer);
        }
        layer
    }

    /// The decisions among `legal` that can still close in the tallest enemy stack of two
    /// stones or more that they can, on the sowing's way or already, and capture it
    /// ([`Intermedium::lifts_closing_in`], [`Intermedium::steps_closing_in`]), written to
    /// `out`; whether there are any. Not exact: a path that drops a stone on its final cell
    /// more often than it should (twice on a side, once on a single stone) before it ends there
    /// is not ruled out.
    pub(super) fn decisions_closing_in(&self, legal: &ActionList, out: &mut ActionList) -> bool {
        if self.origin == NONE {
            self.lifts_closing_in(legal, out)
        } else {
            self.steps_closing_in(legal, out)
        }
    }

    /// The legal decisions here that can close an enemy stack in on the sowing's way, by name.
    #[cfg(test)]
    pub(super) fn closing_in_names(&self) -> Vec<String> {
        let (mut legal, mut out) = (ActionList::new(), ActionList::new());
        crate::rules::Game::legal_actions(self, &mut legal);
        self.decisions_closing_in(&legal, &mut out);
        let mut names: Vec<String> = out.iter().map(|a| a.to_string()).collect();
        names.sort();
        names
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::bits::indices;
    use crate::rules::{Action, ActionList, Game, IntermediumOptions, Setup};

    use super::{COLOUR, GEOMETRY, Intermedium};

    fn at(s: &str) -> Intermedium {
        Intermedium::from_setup(&Setup::parse(s).unwrap(), IntermediumOptions::default()).unwrap()
    }

    /// Seed 113's game 9 at ply 21 (BENCHMARKS.md): the one turn of White's 376 that keeps its
    /// material closes Black's nine on e4 in on the way and takes it.
    const NINE_ON_E4: &str = "intermedium 1,w,1,w,3/w,1,w2,2,b,w4/1,w6,1,w,b,1,b/\
        w,1,w2,2,b2,1/1,w2,1,w3,2,b/w2,1,w2,1,w,2/1,w,1,w,b9,1,b2/w,b2,w,2,b4,1/2,b6,w,3/\
        1,b,3,b,1 w 21";

    #[test]
    fn a_sowing_that_closes_a_stack_in_on_its_way_is_followed_to_the_capture() {
        let mut g = at(NINE_ON_E4);
        assert!(g.closing_in_names().contains(&"b8".to_string()));
        for (cell, next) in [
            ("b8", "c7"),
            ("c7", "d6"),
            ("d6", "e5"),
            ("e5", "f4"),
            ("f4", "e3"),
        ] {
            g.play(Action::Cell(cell.parse().unwrap()));
            assert!(
                g.closing_in_names().contains(&next.to_string()),
                "after {cell}: {:?}",
                g.closing_in_names()
            );
        }
        g.play(Action::Cell("e3".parse().unwrap()));
        // e4 is closed in now; of the last steps, f4 would reverse the one just made.
        assert_eq!(g.closing_in_names(), ["d4"]);
        let (mut legal, mut strikes) = (ActionList::new(), ActionList::new());
        g.legal_actions(&mut legal);
        g.striking_decisions(&legal, &mut strikes);
        assert!(strikes.contains(&Action::Cell("d4".parse().unwrap())));
        let taken = g.captured_by(crate::rules::Player::White);
        g.play(Action::Cell("d4".parse().unwrap()));
        assert_eq!(g.captured_by(crate::rules::Player::White), taken + 9);
    }

    /// White to move after c5-b6-a7 in the game above: Black's nine on e4 can ring White's six
    /// on b8, dropping stones on all four of its open sides, and come back to b7, where it
    /// dropped a single stone itself.
    const SIX_RUNG_ROUND: &str = "intermedium 1,w,1,w,3/w,1,w2,2,b,w4/1,w6,1,w,b,1,b/\
        w2,1,w2,2,b2,1/1,w3,1,w3,2,b/w2,3,w,2/1,w,1,w,b9,1,b2/w,b2,w,2,b4,1/2,b6,w,3/\
        1,b,3,b,1 b 22";

    #[test]
    fn a_sowing_that_rings_a_stack_and_comes_back_to_its_own_stone_is_followed() {
        let mut g = at(SIX_RUNG_ROUND);
        assert_eq!(g.closing_in_names(), ["e4"]);
        let taken = g.captured_by(crate::rules::Player::Black);
        while g.in_turn() || g.ply == 22 {
            let names = g.closing_in_names();
            assert!(!names.is_empty(), "the capture is still open");
            g.play(Action::Cell(names[0].parse().unwrap()));
        }
        assert!(g.captured_by(crate::rules::Player::Black) >= taken + 6);
        assert_eq!(
            g.heights[GEOMETRY.index("b8".parse().unwrap())],
            0,
            "b8 was taken"
        );
    }

    #[test]
    fn the_lifts_named_can_capture_a_stack_of_two_stones_or_more() {
        // Random games: every lift named at the start of a turn (of a stack of up to seven
        // stones) begins some whole move that captures an enemy stack of two stones or more;
        // the names are not exact, so a few may not.
        let mut list = ActionList::new();
        let (mut named, mut sound) = (0, 0);
        for seed in 0..12u64 {
            let mut g = Intermedium::start(IntermediumOptions::default());
            let mut state = seed;
            while g.outcome().is_none() && g.ply < 160 {
                if !g.in_turn() {
                    let names = g.closing_in_names();
                    // Taller stacks sow along too many paths for this walk.
                    let short =
                        |name: &&String| g.heights[GEOMETRY.index(name.parse().unwrap())] <= 7;
                    for name in names.iter().filter(short) {
                        named += 1;
                        sound += usize::from(captures_two_or_more(&g, name));
                    }
                }
                list.clear();
                g.legal_actions(&mut list);
                state = crate::rules::zobrist::key(state);
                g.play(list[(state % list.len() as u64) as usize]);
            }
        }
        eprintln!("{sound} of {named} lifts named can capture");
        assert!(named > 100, "only {named} lifts named");
        assert!(sound * 100 >= named * 95, "{sound} of {named}");
    }

    /// Whether some whole move of `g` that lifts `from` captures an enemy stack of two stones
    /// or more: a walk of every way to finish the turn, stopping at the first.
    fn captures_two_or_more(g: &Intermedium, from: &str) -> bool {
        let targets = g.filled & !g.single & COLOUR[!g.to_move];
        let mut lifted = g.clone();
        lifted.play(Action::Cell(from.parse().unwrap()));
        finishes_capturing(&lifted, targets)
    }

    fn finishes_capturing(g: &Intermedium, targets: super::Cells) -> bool {
        if !g.in_turn() {
            return indices(targets).any(|i| g.heights[i] == 0);
        }
        let mut list = ActionList::new();
        g.legal_actions(&mut list);
        list.iter().any(|&a| {
            let mut next = g.clone();
            next.play(a);
            finishes_capturing(&next, targets)
        })
    }
}
