//! A game's history, for the draws a position string cannot know (docs/notation.md's game records):
//! the repetition draw (a position that occurs for the third time, its string without the ply)
//! and Splay's no-progress draw (no stone captured for the option `no_capture_turns`'s number of
//! turns). The referee's `status` never reports them; whatever plays a whole game (the app,
//! `match`, saved games) keeps a [`History`] beside it.
//!
//! Positions are told apart by [`Game::hash`], which the [`Game`] contract makes equal for
//! equal positions, ply aside; two different positions sharing a 64-bit hash is a chance of
//! about one in 10^16 over a whole 1,000-turn game.

use std::collections::HashMap;

use super::game::{Game, GameOptions, Outcome, Reason};

/// How often a repetition ends the game: at its third occurrence.
pub const REPETITIONS_TO_DRAW: u8 = 3;

/// One position a game reached at a turn boundary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reached {
    hash: u64,
    /// Stones captured so far, by both players together.
    captured: usize,
    /// Turns in a row, up to this position, that captured no stone.
    quiet: u32,
}

/// The positions a game has reached at turn boundaries, its start included, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    order: Vec<Reached>,
    /// How often each hash occurs in `order`.
    counts: HashMap<u64, u8>,
    /// The game's no-progress draw (0: none).
    no_capture_turns: u32,
}

impl History {
    /// The record of a game starting at `start` (a turn boundary), under `start`'s options.
    #[must_use]
    pub fn new<G: Game>(start: &G) -> History {
        let mut r = History {
            no_capture_turns: start.options().no_capture_turns(),
            ..History::default()
        };
        r.push(start);
        r
    }

    /// Notes the position a whole move reached.
    pub fn push<G: Game>(&mut self, position: &G) {
        let hash = position.hash();
        let captured = position.stones_captured();
        let quiet = match self.order.last() {
            Some(before) if before.captured == captured => before.quiet.saturating_add(1),
            _ => 0,
        };
        self.order.push(Reached {
            hash,
            captured,
            quiet,
        });
        let n = self.counts.entry(hash).or_insert(0);
        *n = n.saturating_add(1);
    }

    /// Forgets the last position noted (a move taken back); the start is never forgotten.
    pub fn pop(&mut self) {
        if self.order.len() < 2 {
            return;
        }
        if let Some(r) = self.order.pop()
            && let Some(n) = self.counts.get_mut(&r.hash)
        {
            *n -= 1;
            if *n == 0 {
                self.counts.remove(&r.hash);
            }
        }
    }

    /// How often the position with this hash has occurred so far.
    #[must_use]
    pub fn times(&self, hash: u64) -> u8 {
        self.counts.get(&hash).copied().unwrap_or(0)
    }

    /// Turns in a row up to the last position noted that captured no stone.
    #[must_use]
    pub fn quiet_turns(&self) -> u32 {
        self.order.last().map_or(0, |r| r.quiet)
    }

    /// Stones captured by both players at the last position noted.
    #[must_use]
    pub fn captured(&self) -> usize {
        self.order.last().map_or(0, |r| r.captured)
    }

    /// The longest run of turns without a capture so far (the game's longest stretch without
    /// progress, as `match` reports it).
    #[must_use]
    pub fn longest_quiet(&self) -> u32 {
        self.order.iter().map(|r| r.quiet).max().unwrap_or(0)
    }

    /// The game's no-progress draw in turns (0: none), from the start's options.
    #[must_use]
    pub fn no_capture_turns(&self) -> u32 {
        self.no_capture_turns
    }

    /// The draw the history itself brings at the last position noted, if any: a third
    /// occurrence, else the no-progress draw.
    #[must_use]
    pub fn drawn_by(&self) -> Option<Reason> {
        let last = self.order.last()?;
        if self.times(last.hash) >= REPETITIONS_TO_DRAW {
            Some(Reason::Repetition)
        } else if self.no_capture_turns > 0 && last.quiet >= self.no_capture_turns {
            Some(Reason::NoCapture)
        } else {
            None
        }
    }

    /// Whether the history ends the game at the last position noted ([`History::drawn_by`]).
    #[must_use]
    pub fn is_drawn(&self) -> bool {
        self.drawn_by().is_some()
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
    /// (wins, then the turn cap, then its other draws), else the history's draw
    /// ([`History::drawn_by`]).
    #[must_use]
    pub fn outcome<G: Game>(&self, now: &G) -> Option<Outcome> {
        now.outcome().or_else(|| self.drawn_by().map(Outcome::Draw))
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
    fn play(start: &Splay, moves: &[&str]) -> (History, Splay) {
        let mut record = History::new(start);
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
        let record = History::new(&start);
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
        assert_eq!(record, History::new(&start));
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
        let mut record = History::new(&start);
        let (won, _) = play_move(&start, "b2-b1").unwrap();
        for _ in 0..3 {
            record.push(&won);
        }
        assert_eq!(record.outcome(&won).unwrap().to_string(), "win b captures");
        assert_eq!(start.id(), GameId::Splay);
    }

    /// A white stone shuffling on its home rank while Black takes three stones in its first
    /// move, under a no-progress draw of three turns.
    const TAKE_THEN_SHUFFLE: (&str, [&str; 5]) = (
        "splay 5,w,2/8/8/8/8/8/1,w3b,6/8 w 60 2 0",
        ["f8-e8", "b2-b1", "e8-d8", "b1-c1", "d8-c8"],
    );

    fn under_quiet_rule(text: &str, turns: u32) -> Splay {
        let options = SplayOptions {
            no_capture_turns: turns,
            ..SplayOptions::default()
        };
        Splay::from_setup(&Setup::parse(text).unwrap(), options).unwrap()
    }

    #[test]
    fn turns_without_a_capture_draw_the_game_once_they_reach_the_option() {
        let (text, moves) = TAKE_THEN_SHUFFLE;
        let start = under_quiet_rule(text, 3);
        let (record, now) = play(&start, &moves[..4]);
        assert_eq!((record.quiet_turns(), record.captured()), (2, 5));
        assert_eq!(record.outcome(&now), None, "a capture two turns ago");
        let (record, now) = play(&start, &moves);
        assert_eq!(record.quiet_turns(), 3);
        assert_eq!(record.longest_quiet(), 3);
        let drawn = record.outcome(&now).unwrap();
        assert_eq!(drawn, Outcome::Draw(Reason::NoCapture));
        assert_eq!(drawn.to_string(), "draw no-capture");
        let (mut record, _) = play(&start, &moves);
        record.pop();
        assert!(!record.is_drawn(), "taking the move back undoes the draw");
    }

    #[test]
    fn without_the_option_quiet_turns_are_counted_but_never_draw() {
        let (text, moves) = TAKE_THEN_SHUFFLE;
        let (record, now) = play(&under_quiet_rule(text, 0), &moves);
        assert_eq!(record.quiet_turns(), 3);
        assert_eq!(record.outcome(&now), None);
        // The start's one quiet turn before the capture is a stretch of its own.
        let (record, _) = play(&under_quiet_rule(text, 0), &moves[..2]);
        assert_eq!((record.quiet_turns(), record.longest_quiet()), (0, 1));
    }
}
