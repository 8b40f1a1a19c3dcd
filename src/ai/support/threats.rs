//! What each player could capture with one move, were it their turn: the queries the computer's
//! evaluation and playouts use to see threats (a pending centre that can still be broken, stones
//! within reach). Read-only views of the position; they never change it.

use crate::rules::bits::indices;
use crate::rules::support::{BASES, CENTRE, Cells, GEOMETRY, INSERTION, dilate, has, inward};
use crate::rules::{Action, ActionList, Cell, Player, Support};

/// The cells of a set, lowest index first.
fn cells_of(set: Cells) -> impl Iterator<Item = Cell> {
    indices(set).map(|i| GEOMETRY.cell(i))
}

/// What one player could do with one move, were it their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threats {
    /// Enemy stones it could capture.
    pub capturable: u32,
    /// Enemy stones on the centre it could capture.
    pub capturable_centre: u32,
    /// Centre cells (empty or enemy) a support move could reach.
    pub centre_reach: u32,
}

impl Support {
    /// Every cell a support move of `p` could go to: next to the network of a base that has an
    /// own stone beside it, not own and not a base.
    fn reach(&self, p: Player) -> Cells {
        BASES[p]
            .into_iter()
            .filter(|&base| dilate(base) & self.stones[p] != 0)
            .fold(0, |reach, base| reach | self.base_reach(p, base))
    }

    /// The enemy stones on the heads of the pushes `p` could make from the insertion cell `i`.
    fn push_captures(&self, p: Player, i: usize) -> Cells {
        let enemy = self.stones[!p];
        if !has(self.stones[p], i) || !has(INSERTION, i) {
            return 0;
        }
        inward(GEOMETRY.cell(i))
            .into_iter()
            .filter_map(|d| self.push_by(p, i, d))
            .filter(|push| has(enemy, push.head))
            .fold(0, |set, push| set | 1 << push.head)
    }

    /// The enemy stones `attacker` could capture with one move, given where its support moves
    /// reach ([`Support::reach`]).
    fn capturable(&self, attacker: Player, reach: Cells) -> Cells {
        let mut set = reach & self.stones[!attacker];
        for i in indices(self.stones[attacker] & INSERTION) {
            set |= self.push_captures(attacker, i);
        }
        set
    }

    /// What `p` could do with one move, were it their turn: each count computed once, for the
    /// evaluation that reads them after every playout.
    #[must_use]
    pub fn threats(&self, p: Player) -> Threats {
        let reach = self.reach(p);
        let capturable = self.capturable(p, reach);
        Threats {
            capturable: capturable.count_ones(),
            capturable_centre: (capturable & CENTRE).count_ones(),
            centre_reach: (reach & CENTRE).count_ones(),
        }
    }

    /// The own stones whose turn, begun by choosing them, can capture: those beside a base whose
    /// network borders an enemy stone, and those on the edge whose push ends on one.
    fn capturers(&self) -> Cells {
        let p = self.to_move;
        let (own, enemy) = (self.stones[p], self.stones[!p]);
        let mut set = 0;
        for base in BASES[p] {
            let beside = dilate(base) & own;
            if beside != 0 && self.base_reach(p, base) & enemy != 0 {
                set |= beside;
            }
        }
        for i in indices(own & INSERTION & !set) {
            if self.push_captures(p, i) != 0 {
                set |= 1 << i;
            }
        }
        set
    }

    /// The decisions among `legal` (the legal decisions here) that capture or begin a turn that
    /// can: what a playout that goes for material takes. One pass over the networks, not one
    /// per decision, so playouts can ask at every turn.
    pub fn capturing_decisions(&self, legal: &ActionList, out: &mut ActionList) {
        match self.chosen() {
            None => {
                let capturers = self.capturers();
                if capturers == 0 {
                    return;
                }
                for &a in legal {
                    if let Action::Cell(c) = a
                        && has(capturers, GEOMETRY.index(c))
                    {
                        out.push(a);
                    }
                }
            }
            Some(_) => {
                for &a in legal {
                    if self.capture_targets(a).next().is_some() {
                        out.push(a);
                    }
                }
            }
        }
    }

    /// The enemy stones that the turn of the player to move, begun or finished by the legal
    /// decision `action`, can capture: every capture still open after choosing a stone, or the
    /// one a destination or direction makes. Nothing for a stone placed on an empty cell.
    pub fn capture_targets(&self, action: Action) -> impl Iterator<Item = Cell> {
        let p = self.to_move;
        let enemy = self.stones[!p];
        let set = match (self.chosen(), action) {
            (None, Action::Cell(c)) => {
                let i = GEOMETRY.index(c);
                (self.destinations(i) & enemy) | self.push_captures(p, i)
            }
            (Some(_), Action::Cell(to)) => enemy & 1 << GEOMETRY.index(to),
            (Some(from), Action::Dir(d)) => self
                .push(GEOMETRY.index(from), d)
                .map_or(0, |push| enemy & 1 << push.head),
            _ => 0,
        };
        cells_of(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ActionList, Game, Setup, SupportOptions};

    fn at(s: &str) -> Support {
        Support::from_setup(&Setup::parse(s).unwrap(), SupportOptions::default()).unwrap()
    }

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn support_moves_and_pushes_both_threaten() {
        // White: c3 beside the base c2, so its group (c3, d4) reaches e5, where a black stone
        // stands. White's f1 touches no white base but can push north-west onto e2 (black).
        // Black: e5 and e2, touching no black base.
        let g = at("support 9/9/9/9/4,b,4/3,w,5/2,w,6/4,b,4/5,w,3 w 10 0 0 -");
        assert_eq!(
            g.threats(Player::White),
            Threats {
                capturable: 2,
                capturable_centre: 1,
                // d4's neighbours e4, d5 and e5 (d4 itself is White's).
                centre_reach: 3,
            }
        );
        // Black's stones touch none of Black's bases and stand on no edge.
        assert_eq!(
            g.threats(Player::Black),
            Threats {
                capturable: 0,
                capturable_centre: 0,
                centre_reach: 0,
            }
        );
        let targets: Vec<Cell> = g.capture_targets(Action::Cell(cell("c3"))).collect();
        assert_eq!(targets, vec![cell("e5")]);
        let targets: Vec<Cell> = g.capture_targets(Action::Cell(cell("f1"))).collect();
        assert_eq!(targets, vec![cell("e2")]);
        assert_eq!(g.capture_targets(Action::Cell(cell("b1"))).count(), 0);
    }

    #[test]
    fn capturing_decisions_are_the_stones_and_moves_that_take() {
        // The position above: White's c3 (beside the base c2) reaches e5, and f1 pushes onto e2.
        let g = at("support 9/9/9/9/4,b,4/3,w,5/2,w,6/4,b,4/5,w,3 w 10 0 0 -");
        let capturing = |g: &Support| {
            let (mut legal, mut out) = (ActionList::new(), ActionList::new());
            g.legal_actions(&mut legal);
            g.capturing_decisions(&legal, &mut out);
            let mut names: Vec<String> = out.iter().map(ToString::to_string).collect();
            names.sort();
            names
        };
        assert_eq!(capturing(&g), ["c3", "f1"]);
        let mut c3 = g.clone();
        c3.play(Action::Cell(cell("c3")));
        assert_eq!(capturing(&c3), ["e5"]);
        let mut f1 = g.clone();
        f1.play(Action::Cell(cell("f1")));
        assert_eq!(capturing(&f1), ["nw"]);
        // Black has nothing to take.
        let black = at("support 9/9/9/9/4,b,4/3,w,5/2,w,6/4,b,4/5,w,3 b 10 0 0 -");
        assert!(capturing(&black).is_empty());
    }

    #[test]
    fn capturing_decisions_agree_with_the_targets_of_each_decision() {
        // Through random games: the one-pass answer is the decisions that name a target.
        let mut g = Support::start(SupportOptions::default());
        let (mut legal, mut fast) = (ActionList::new(), ActionList::new());
        let mut state = 11u64;
        let mut found = 0;
        while g.outcome().is_none() && g.ply() < 300 {
            legal.clear();
            fast.clear();
            g.legal_actions(&mut legal);
            g.capturing_decisions(&legal, &mut fast);
            let slow: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|&a| g.capture_targets(a).next().is_some())
                .collect();
            assert_eq!(fast.as_slice(), slow.as_slice(), "{}", g.to_setup());
            found += fast.len();
            state = crate::rules::zobrist::key(state);
            g.play(legal[(state % legal.len() as u64) as usize]);
        }
        assert!(found > 0, "the game offered captures");
    }

    #[test]
    fn every_legal_capture_is_named_by_its_decisions() {
        // Through random games: a finishing decision names exactly the stone it takes, and the
        // stone chosen before it named that stone too.
        let mut g = Support::start(SupportOptions::default());
        let mut list = ActionList::new();
        let mut state = 7u64;
        let mut seen = 0;
        while g.outcome().is_none() && g.ply() < 300 {
            list.clear();
            g.legal_actions(&mut list);
            state = crate::rules::zobrist::key(state);
            let a = list[(state % list.len() as u64) as usize];
            let chosen = g.chosen();
            let named: Vec<Cell> = g.capture_targets(a).collect();
            let threats = g.capturable(g.to_move(), g.reach(g.to_move()));
            let before = g.captures(g.to_move());
            let mover = g.to_move();
            let mut next = g.clone();
            next.play(a);
            if chosen.is_some() {
                let took = next.captures(mover) - before;
                assert_eq!(named.len() as u32, took, "{} then {a}", g.to_setup());
                seen += took;
            } else {
                for c in &named {
                    assert!(has(threats, GEOMETRY.index(*c)), "{c} is among the threats");
                }
            }
            g = next;
        }
        assert!(seen > 0, "the game had captures");
    }
}
