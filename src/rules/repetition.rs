//! The repetition draw of game records (NOTATION.md): a position that occurs for the third time
//! (its string without the ply) ends the game drawn. A position string alone cannot know this,
//! so the referee's `status` never reports it; whatever plays a whole game (the app, `match`,
//! `soak`) keeps a [`Repetitions`] beside it.
//!
//! Positions are told apart by [`Game::hash`], which the [`Game`] contract makes equal for
//! equal positions, ply aside; two different positions sharing a 64-bit hash is a chance of
//! about one in 10^16 over a whole 1,000-turn game.

use std::collections::HashMap;

use super::game::{Game, Outcome, Reason};

/// How often a repetition ends the game: at its third occurrence.
pub const REPETITIONS_TO_DRAW: u8 = 3;

/// The positions a game has reached at turn boundaries, its start included, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Repetitions {
    /// The hash of every position reached, the start first.
    order: Vec<u64>,
    /// How often each hash occurs in `order`.
    counts: HashMap<u64, u8>,
}

impl Repetitions {
    /// The record of a game starting at `start` (a turn boundary).
    #[must_use]
    pub fn new<G: Game>(start: &G) -> Repetitions {
        let mut r = Repetitions::default();
        r.push(start);
        r
    }

    /// Notes the position a whole move reached.
    pub fn push<G: Game>(&mut self, position: &G) {
        let h = position.hash();
        self.order.push(h);
        let n = self.counts.entry(h).or_insert(0);
        *n = n.saturating_add(1);
    }

    /// Forgets the last position noted (a move taken back); the start is never forgotten.
    pub fn pop(&mut self) {
        if self.order.len() < 2 {
            return;
        }
        if let Some(h) = self.order.pop()
            && let Some(n) = self.counts.get_mut(&h)
        {
            *n -= 1;
            if *n == 0 {
                self.counts.remove(&h);
            }
        }
    }

    /// How often the position with this hash has occurred so far.
    #[must_use]
    pub fn times(&self, hash: u64) -> u8 {
        self.counts.get(&hash).copied().unwrap_or(0)
    }

    /// Whether the last position noted has now occurred for the third time.
    #[must_use]
    pub fn is_drawn(&self) -> bool {
        self.order
            .last()
            .is_some_and(|&h| self.times(h) >= REPETITIONS_TO_DRAW)
    }

    /// The hashes of every position the game has reached, sorted, each once: what a search
    /// must know to see a cycle coming (a return to any of them can be repeated to the draw).
    #[must_use]
    pub fn reached(&self) -> Vec<u64> {
        let mut hashes: Vec<u64> = self.counts.keys().copied().collect();
        hashes.sort_unstable();
        hashes
    }

    /// The result of the game at `now`, the last position noted: the position's own outcome
    /// (wins, then the turn cap, then its other draws), else a draw by repetition when `now`
    /// has occurred for the third time.
    #[must_use]
    pub fn outcome<G: Game>(&self, now: &G) -> Option<Outcome> {
        now.outcome()
            .or_else(|| self.is_drawn().then_some(Outcome::Draw(Reason::Repetition)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Setup, Splay, SplayOptions, play_move};

    fn splay(text: &str) -> Splay {
        Splay::from_setup(&Setup::parse(text).unwrap(), SplayOptions::default()).unwrap()
    }

    /// Plays `moves` from `start`, noting each position; returns the record and the position.
    fn play(start: &Splay, moves: &[&str]) -> (Repetitions, Splay) {
        let mut record = Repetitions::new(start);
        let mut now = start.clone();
        for m in moves {
            now = play_move(&now, m).unwrap().0;
            record.push(&now);
        }
        (record, now)
    }

    const LONE: &str = "splay 8/8/5,w,2/8/8/2,b,5/8/8 b 10 0 0";
    const BACK_AND_FORTH: [&str; 4] = ["c3-c4", "f6-f5", "c4-c3", "f5-f6"];

    #[test]
    fn the_third_occurrence_of_a_position_is_a_draw_and_not_before() {
        let start = splay(LONE);
        let (record, now) = play(&start, &BACK_AND_FORTH);
        assert_eq!(
            now.to_setup().to_string(),
            "splay 8/8/5,w,2/8/8/2,b,5/8/8 b 14 0 0"
        );
        assert_eq!(record.times(now.hash()), 2, "the start and once more");
        assert_eq!(record.outcome(&now), None);
        let twice: Vec<&str> = BACK_AND_FORTH
            .iter()
            .chain(&BACK_AND_FORTH)
            .copied()
            .collect();
        let (record, now) = play(&start, &twice);
        assert_eq!(
            record.outcome(&now),
            Some(Outcome::Draw(Reason::Repetition))
        );
        assert_eq!(record.outcome(&now).unwrap().to_string(), "draw repetition");
    }

    #[test]
    fn the_ply_is_not_part_of_the_position_but_the_side_to_move_is() {
        let start = splay(LONE);
        let record = Repetitions::new(&start);
        let same_at_another_ply = splay("splay 8/8/5,w,2/8/8/2,b,5/8/8 b 500 0 0");
        assert_eq!(record.times(same_at_another_ply.hash()), 1);
        let white_to_move = splay("splay 8/8/5,w,2/8/8/2,b,5/8/8 w 10 0 0");
        assert_eq!(record.times(white_to_move.hash()), 0);
        let other_captures = splay("splay 8/8/5,w,2/8/8/2,b,5/8/8 b 10 1 0");
        assert_eq!(record.times(other_captures.hash()), 0);
    }

    #[test]
    fn taking_a_move_back_forgets_its_position_but_never_the_start() {
        let start = splay(LONE);
        let twice: Vec<&str> = BACK_AND_FORTH
            .iter()
            .chain(&BACK_AND_FORTH)
            .copied()
            .collect();
        let (mut record, now) = play(&start, &twice);
        assert!(record.is_drawn());
        record.pop();
        assert!(!record.is_drawn());
        assert_eq!(record.times(now.hash()), 2);
        for _ in 0..20 {
            record.pop();
        }
        assert_eq!(record, Repetitions::new(&start));
    }

    #[test]
    fn the_positions_reached_are_listed_once_each() {
        let start = splay(LONE);
        let (record, _) = play(&start, &BACK_AND_FORTH);
        let (_, after_one) = play(&start, &BACK_AND_FORTH[..1]);
        let (_, after_two) = play(&start, &BACK_AND_FORTH[..2]);
        let (_, after_three) = play(&start, &BACK_AND_FORTH[..3]);
        let mut expected = vec![
            start.hash(),
            after_one.hash(),
            after_two.hash(),
            after_three.hash(),
        ];
        expected.sort_unstable();
        assert_eq!(record.reached(), expected);
    }

    #[test]
    fn a_win_on_a_repeated_position_stands() {
        // Black's step to b1 captures the last white stone it needs: a win, whatever the record.
        let start = splay("splay 8/8/8/8/8/8/1,w3b,6/8 b 60 2 6");
        let mut record = Repetitions::new(&start);
        let (won, _) = play_move(&start, "b2-b1").unwrap();
        for _ in 0..3 {
            record.push(&won);
        }
        assert_eq!(record.outcome(&won).unwrap().to_string(), "win b captures");
        assert_eq!(start.id(), GameId::Splay);
    }
}
