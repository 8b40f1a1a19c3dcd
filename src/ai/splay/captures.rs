//! Captures the side to move can make now: the stacks and moves that put enemy stones on its
//! own back rank. Playouts that go for material ask for them at every turn.

use crate::rules::splay::tables::{STEP, STRIP, height};
use crate::rules::splay::{NO_ORIGIN, colour_bit, index};
use crate::rules::{Action, ActionList, Player, Splay};

/// The row (`y`) of `p`'s back rank, where enemy stones are captured for `p`.
const fn back_row(p: Player) -> usize {
    match p {
        Player::Black => 0,
        Player::White => 7,
    }
}

impl Splay {
    /// The enemy stones that moving the stack on `from` one way or the other would capture for
    /// the side to move: a step onto `to` (`Action::Cell`) or a splay (`Action::Dir`). Legality
    /// is the caller's: this only counts where the stones land.
    fn gain(&self, from: usize, action: Action) -> u8 {
        let p = self.to_move;
        let code = self.board[from];
        let h = height(code);
        let enemy = colour_bit(!p);
        let back = back_row(p);
        match action {
            Action::Cell(to) if index(to) / 8 == back => STRIP[enemy as usize][code as usize].1,
            Action::Dir(d) => {
                let d = d.index();
                let mut i = from as isize;
                let mut taken = 0;
                for k in (0..h).rev() {
                    i += STEP[d] as isize;
                    if i as usize / 8 == back && (code >> k) & 1 == enemy {
                        taken += 1;
                    }
                }
                taken
            }
            _ => 0,
        }
    }

    /// Whether the stack on `from` (the mover's) holds an enemy stone close enough to the
    /// mover's back rank for one of its moves to land it there. A cheap filter: the legal moves
    /// are what decide.
    fn may_capture_from(&self, from: usize) -> bool {
        let p = self.to_move;
        let code = self.board[from];
        let enemy = STRIP[colour_bit(!p) as usize][code as usize].1;
        let distance = (from / 8).abs_diff(back_row(p));
        enemy > 0 && distance >= 1 && distance <= usize::from(height(code).max(1))
    }

    /// The decisions among `legal` (the legal decisions here) that capture, or choose a stack
    /// with a capturing move: what a playout that goes for material takes. After a stack is
    /// chosen, only the moves that capture the most are named.
    pub fn capturing_decisions(&self, legal: &ActionList, out: &mut ActionList) {
        if self.origin == NO_ORIGIN {
            for &a in legal {
                if let Action::Cell(c) = a {
                    let from = index(c);
                    if self.may_capture_from(from) && self.best_gain(from) > 0 {
                        out.push(a);
                    }
                }
            }
            return;
        }
        let from = self.origin as usize;
        let best = legal.iter().map(|&a| self.gain(from, a)).max().unwrap_or(0);
        if best == 0 {
            return;
        }
        for &a in legal {
            if self.gain(from, a) == best {
                out.push(a);
            }
        }
    }

    /// The most one legal move of the stack on `from` captures.
    fn best_gain(&self, from: usize) -> u8 {
        let mut moves = ActionList::new();
        self.moves_from(from, &mut moves);
        moves.iter().map(|&a| self.gain(from, a)).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Action, ActionList, Game, Player, Setup, Splay, SplayOptions};

    fn at(s: &str) -> Splay {
        Splay::from_setup(&Setup::parse(s).expect("a setup"), SplayOptions::default())
            .expect("a position")
    }

    fn capturing(g: &Splay) -> Vec<String> {
        let (mut legal, mut out) = (ActionList::new(), ActionList::new());
        g.legal_actions(&mut legal);
        g.capturing_decisions(&legal, &mut out);
        let mut names: Vec<String> = out.iter().map(ToString::to_string).collect();
        names.sort();
        names
    }

    fn after(g: &Splay, action: Action) -> Splay {
        let mut g = g.clone();
        g.play(action);
        g
    }

    fn at_cell(name: &str) -> Action {
        Action::Cell(name.parse().expect("a cell"))
    }

    #[test]
    fn a_step_home_with_prisoners_captures_them_all() {
        // Black holds two white stones under its top on c2; stepping to rank 1 takes them.
        let g = at("splay 8/8/8/8/8/8/2,w2b,5/8 b 10 0 0");
        assert_eq!(capturing(&g), ["c2"]);
        let c2 = after(&g, at_cell("c2"));
        assert_eq!(capturing(&c2), ["b1", "c1", "d1"]);
        let taken = after(&c2, at_cell("c1"));
        assert_eq!(taken.captured_by(Player::Black), 2);
        // A stack of Black's own stones only takes nothing.
        let g = at("splay 8/8/8/8/8/8/2,b3,5/8 b 10 0 0");
        assert!(capturing(&g).is_empty());
    }

    #[test]
    fn a_splay_captures_only_the_stone_that_lands_on_the_back_rank() {
        // Black's c3 holds a white stone under its top: splayed two cells towards rank 1, the
        // white stone lands there.
        let g = at("splay 8/8/8/8/8/2,wb,5/8/8 b 10 0 0");
        assert_eq!(capturing(&g), ["c3"]);
        assert_eq!(capturing(&after(&g, at_cell("c3"))), ["s", "se", "sw"]);
        // The same stack one rank higher reaches only rank 2: nothing to take.
        let g = at("splay 8/8/8/8/2,wb,5/8/8/8 b 10 0 0");
        assert!(capturing(&g).is_empty());
    }

    #[test]
    fn white_captures_on_rank_eight() {
        let g = at("splay 8/3,bw,4/8/8/8/8/8/8 w 10 0 0");
        assert_eq!(capturing(&g), ["d7"]);
        assert_eq!(capturing(&after(&g, at_cell("d7"))), ["c8", "d8", "e8"]);
        // Black, to move in the same position, has nothing of its own to move there.
        let b = at("splay 8/3,bw,4/8/8/8/8/8/1,b,6 b 10 0 0");
        assert!(capturing(&b).is_empty());
    }

    #[test]
    fn through_random_games_the_decisions_named_are_exactly_those_that_capture_the_most() {
        let (mut list, mut next) = (ActionList::new(), ActionList::new());
        let mut captures = 0;
        for seed in 0..40u64 {
            let mut g = Splay::start(SplayOptions::default());
            let mut state = seed;
            while g.outcome().is_none() && g.ply() < 400 {
                list.clear();
                g.legal_actions(&mut list);
                // What each decision can take: the stones its move captures, or after choosing
                // a stack, the most any of its moves captures.
                let mut taken = |a: Action| {
                    let mut after = g.clone();
                    after.play(a);
                    if !g.in_turn() && after.in_turn() {
                        next.clear();
                        after.legal_actions(&mut next);
                        let before = after.captured_by(g.to_move());
                        next.iter()
                            .map(|&b| {
                                let mut end = after.clone();
                                end.play(b);
                                end.captured_by(g.to_move()) - before
                            })
                            .max()
                            .unwrap_or(0)
                    } else {
                        after.captured_by(g.to_move()) - g.captured_by(g.to_move())
                    }
                };
                let gains: Vec<usize> = list.iter().map(|&a| taken(a)).collect();
                let best = gains.iter().copied().max().unwrap_or(0);
                let mut expected: Vec<String> = list
                    .iter()
                    .zip(&gains)
                    .filter(|&(_, &n)| n > 0 && (!g.in_turn() || n == best))
                    .map(|(a, _)| a.to_string())
                    .collect();
                expected.sort();
                assert_eq!(capturing(&g), expected, "{}", g.to_setup());
                captures += usize::from(best > 0);
                state = crate::rules::zobrist::key(state);
                g.play(list[(state % list.len() as u64) as usize]);
            }
        }
        assert!(captures > 100, "the games offered only {captures} captures");
    }
}
