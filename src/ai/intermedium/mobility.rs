//! How many moves a side of Intermedium has, bounded without walking them: what a walk over its
//! turns would cost, which gates the computer's proofs.

use super::ring::COLOUR;
use crate::rules::bits::indices;
use crate::rules::{Intermedium, Player};

impl Intermedium {
    /// At most how many whole moves `p` has between turns: a stack of height h sows along at
    /// most 4·3^(h−1) paths (the first step any way, each later one any way but back). What a
    /// walk over every move would cost, known without walking (saturating).
    #[must_use]
    pub fn moves_at_most(&self, p: Player) -> u64 {
        self.moves_at_most_up_to(p, u8::MAX)
    }

    /// As [`Intermedium::moves_at_most`], counting only the stacks of at most `tallest` stones.
    #[must_use]
    pub fn moves_at_most_up_to(&self, p: Player, tallest: u8) -> u64 {
        indices(self.filled & !self.single & COLOUR[p])
            .map(|i| self.heights[i])
            .filter(|&h| h <= tallest)
            .fold(0u64, |total, h| {
                total.saturating_add(3u64.saturating_pow(u32::from(h) - 1).saturating_mul(4))
            })
    }

    /// A player's stacks of two or more (the ones that can move).
    #[must_use]
    pub fn movable_stacks(&self, p: Player) -> usize {
        usize::from(self.tall[p])
    }
}
