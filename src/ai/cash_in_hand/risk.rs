//! The stones a side of Cash In Hand is about to lose: its stacks hemmed in and outweighed now,
//! which the opponent's next move captures unless the side frees them first.

use crate::rules::{CashInHand, Player};

impl CashInHand {
    /// Stones in `p`'s stacks that are hemmed in and outweighed now: the opponent's next move
    /// captures them unless `p` moves first and frees them.
    #[must_use]
    pub fn stones_at_risk(&self, p: Player) -> usize {
        self.own_stacks(p)
            .filter(|&i| self.hemmed_and_outweighed(i))
            .map(|i| usize::from(self.heights[i]))
            .sum()
    }
}
