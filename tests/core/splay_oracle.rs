//! Splay's fast engine against a plain reference written straight from the spec's wording
//! (whole moves as strings, stacks as `Stack`s, every rule checked the obvious way), over many
//! random games: the same moves, the same resulting positions, the same statuses.

use stackyard::rules::{
    Cell, Dir, Game, Geometry, Player, Setup, Splay, SplayOptions, Stack, legal_moves, play_move,
    status_line, zobrist,
};

const G: Geometry = Geometry::new(8, 8);

fn reach(c: Cell) -> usize {
    let (x, y) = (c.x() as usize, c.y() as usize);
    x.max(7 - x).max(y).max(7 - y)
}

/// The reference: a position string's fields, moved by the spec's rules 1–9 literally.
#[derive(Clone)]
struct Reference {
    board: Vec<Stack>,
    to_move: Player,
    ply: u32,
    by_white: u32,
    by_black: u32,
}

impl Reference {
    fn from(setup: &Setup) -> Reference {
        Reference {
            board: setup.board.clone(),
            to_move: setup.to_move,
            ply: setup.ply,
            by_white: setup.extras[0].parse().unwrap(),
            by_black: setup.extras[1].parse().unwrap(),
        }
    }

    fn string(&self) -> String {
        let mut s = Setup::empty(stackyard::rules::GameId::Splay);
        s.board = self.board.clone();
        s.to_move = self.to_move;
        s.ply = self.ply;
        s.extras = vec![self.by_white.to_string(), self.by_black.to_string()];
        s.to_string()
    }

    fn at(&self, c: Cell) -> Stack {
        self.board[G.index(c)]
    }

    /// Places the stones of a move and checks the height rule on every stack (rule 6).
    fn place(&self, from: Cell, dests: &[(Cell, Vec<Player>)]) -> Option<Reference> {
        let mut next = self.clone();
        next.board[G.index(from)] = Stack::EMPTY;
        for (c, stones) in dests {
            let mut s = next.at(*c);
            for &p in stones {
                s.push(p);
            }
            next.board[G.index(*c)] = s;
        }
        if G.cells().any(|c| next.at(c).len() > reach(c)) {
            return None;
        }
        // Captures, on every cell of the back ranks.
        for c in G.cells() {
            let victim = match c.y() {
                0 => Player::White,
                7 => Player::Black,
                _ => continue,
            };
            let s = next.at(c);
            let kept = Stack::from_stones(s.stones().filter(|&p| p != victim));
            let removed = (s.len() - kept.len()) as u32;
            match victim {
                Player::White => next.by_black += removed,
                Player::Black => next.by_white += removed,
            }
            next.board[G.index(c)] = kept;
        }
        next.ply += 1;
        next.to_move = !self.to_move;
        Some(next)
    }

    /// Every legal step and splay of `p`, ignoring the forced-splay rule: (text, from, is splay,
    /// result).
    fn candidates(&self, p: Player) -> Vec<(String, Cell, bool, Reference)> {
        let mut out = Vec::new();
        for from in G.cells() {
            let s = self.at(from);
            if s.top() != Some(p) {
                continue;
            }
            for d in Dir::ALL {
                if let Some(to) = G.neighbour(from, d) {
                    let stones: Vec<Player> = s.stones().collect();
                    if let Some(r) = self.place(from, &[(to, stones)]) {
                        out.push((format!("{from}-{to}"), from, false, r));
                    }
                }
                if s.len() >= 2 {
                    let cells: Option<Vec<Cell>> =
                        (1..=s.len()).map(|k| G.offset(from, d, k as i8)).collect();
                    if let Some(cells) = cells {
                        let top_down: Vec<Player> = s.stones().rev().collect();
                        let dests: Vec<(Cell, Vec<Player>)> = cells
                            .into_iter()
                            .zip(top_down)
                            .map(|(c, p)| (c, vec![p]))
                            .collect();
                        if let Some(r) = self.place(from, &dests) {
                            out.push((format!("{from}>{d}"), from, true, r));
                        }
                    }
                }
            }
        }
        out
    }

    fn moves(&self) -> Vec<(String, Reference)> {
        if self.by_white >= 9 || self.by_black >= 9 || self.ply >= 1000 {
            return Vec::new();
        }
        let mine = self.candidates(self.to_move);
        let forced: Vec<_> = mine
            .iter()
            .filter(|(_, from, splay, _)| *splay && self.at(*from).len() == reach(*from))
            .cloned()
            .collect();
        let chosen = if forced.is_empty() { mine } else { forced };
        let mut moves: Vec<(String, Reference)> =
            chosen.into_iter().map(|(t, _, _, r)| (t, r)).collect();
        if moves.is_empty() && !self.candidates(!self.to_move).is_empty() {
            let mut r = self.clone();
            r.ply += 1;
            r.to_move = !self.to_move;
            moves.push(("pass".into(), r));
        }
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        moves
    }

    fn status(&self) -> String {
        if self.by_white >= 9 {
            "win w captures".into()
        } else if self.by_black >= 9 {
            "win b captures".into()
        } else if self.ply >= 1000 {
            "draw ply-cap".into()
        } else if self.candidates(Player::Black).is_empty()
            && self.candidates(Player::White).is_empty()
        {
            "draw passes".into()
        } else {
            "ongoing".into()
        }
    }
}

fn engine(s: &str) -> Splay {
    Splay::from_setup(&Setup::parse(s).unwrap(), SplayOptions::default()).unwrap()
}

/// Compares the two implementations on one position; returns the engine's moves.
fn agree(text: &str) -> Vec<String> {
    let g = engine(text);
    assert_eq!(g.to_setup().to_string(), text, "round trip");
    let r = Reference::from(&Setup::parse(text).unwrap());
    assert_eq!(status_line(&g), r.status(), "status of {text}");
    let ours = legal_moves(&g);
    let theirs = r.moves();
    let ours_text: Vec<&str> = ours.iter().map(|m| m.notation.as_str()).collect();
    let theirs_text: Vec<&str> = theirs.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(ours_text, theirs_text, "moves of {text}");
    for (m, (_, r_next)) in ours.iter().zip(&theirs) {
        let (next, _) = play_move(&g, &m.notation).unwrap();
        assert_eq!(
            next.to_setup().to_string(),
            r_next.string(),
            "{text} after {}",
            m.notation
        );
    }
    ours_text.into_iter().map(String::from).collect()
}

const POSITIONS: &[&str] = &[
    "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/1,b2,b2,b2,b2,b2,b2,1/8 b 0 0 0",
    "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 0 0 0",
    "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0",
    "splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 b 100 5 6",
    "splay 8/8/8/2,w5,1,w4,3/8/2,b5,1,w5,3/8/8 w 30 2 3",
    "splay 8/8/8/8/8/8/w2b4,7/b2,7 b 20 0 0",
    "splay 8/8/8/7,w/3,b4,4/8/8/b7,7 b 10 0 0",
];

#[test]
fn engine_and_reference_agree_over_random_games() {
    let mut seed = 1u64;
    let mut positions = 0;
    for game in 0..60 {
        let mut text = POSITIONS[game % POSITIONS.len()].to_string();
        for _ in 0..120 {
            let moves = agree(&text);
            positions += 1;
            if moves.is_empty() {
                break;
            }
            seed = zobrist::key(seed);
            let m = &moves[(seed % moves.len() as u64) as usize];
            text = play_move(&engine(&text), m)
                .unwrap()
                .0
                .to_setup()
                .to_string();
        }
    }
    assert!(positions > 3000, "only {positions} positions compared");
}

#[test]
fn invariants_and_the_incremental_hash_hold_in_random_games() {
    use stackyard::rules::{Action, ActionList};
    let mut seed = 7u64;
    for _ in 0..200 {
        let mut g = Splay::start(SplayOptions::default());
        loop {
            let mut list = ActionList::new();
            g.legal_actions(&mut list);
            if list.is_empty() {
                assert!(g.outcome().is_some(), "no actions but no outcome");
                break;
            }
            assert_eq!(g.outcome(), None);
            seed = zobrist::key(seed);
            let a: Action = list[(seed % list.len() as u64) as usize];
            g.play(a);
            if g.in_turn() {
                continue;
            }
            // The hash is that of the same position built afresh from its string.
            let text = g.to_setup().to_string();
            let fresh = engine(&text);
            assert_eq!(fresh.hash(), g.hash(), "hash after {text}");
            for p in Player::ALL {
                let on_board: usize = G.cells().map(|c| g.stack(c).count(p)).sum();
                assert_eq!(on_board + g.captured_by(!p), 18, "{p} stones in {text}");
            }
            for c in G.cells() {
                let s = g.stack(c);
                assert!(s.len() <= reach(c), "{c} too tall in {text}");
                assert!(!(c.y() == 0 && s.count(Player::White) > 0), "{text}");
                assert!(!(c.y() == 7 && s.count(Player::Black) > 0), "{text}");
            }
        }
    }
}

#[test]
fn equal_positions_hash_equal_and_the_ply_is_left_out() {
    let a = engine("splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 0 0 0");
    let b = engine("splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 40 0 0");
    let c = engine("splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0");
    let d = engine("splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 0 1 0");
    assert_eq!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
    assert_ne!(a.hash(), d.hash());
}

fn reference_perft(r: &Reference, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    r.moves()
        .iter()
        .map(|(_, next)| reference_perft(next, depth - 1))
        .sum()
}

use crate::common;

#[test]
fn the_reference_recomputes_the_perft_file() {
    let mut checked = 0;
    for e in common::read_perft(&common::perft_path("splay")) {
        let mut setup = Setup::parse(&e.position).unwrap();
        for opt in &e.options {
            if let Some(cap) = opt.strip_prefix("ply_cap=") {
                // The reference knows only the default cap: shift the ply instead.
                setup.ply += 1000 - cap.parse::<u32>().unwrap();
            }
        }
        let r = Reference::from(&setup);
        for &(depth, want) in e.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(reference_perft(&r, depth), want, "{} depth {depth}", e.id);
            checked += 1;
        }
    }
    assert!(checked >= 20);
}
