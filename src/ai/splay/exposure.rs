//! How near each side's stones are to capture in Splay: by distance from the rank where the enemy
//! takes them, all of them and those the enemy holds. What the evaluation weighs.

use crate::rules::splay::colour_bit;
use crate::rules::splay::tables::STRIP;
use crate::rules::{Player, Splay};

/// One side's stones by their distance, in ranks, from the rank where the enemy captures them
/// (see [`Splay::exposure`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exposure {
    /// All of the side's stones on the board.
    pub stones: [u8; 8],
    /// Those in stacks the enemy controls.
    pub held: [u8; 8],
}

impl Splay {
    /// How near `p`'s stones are to being captured: for each distance in ranks from the rank
    /// where the enemy captures them (rank 1 for white stones, rank 8 for black ones), how many
    /// of `p`'s stones stand there, and how many of those the enemy holds (a stack whose top
    /// stone is the enemy's, which the enemy may carry there).
    #[must_use]
    pub fn exposure(&self, p: Player) -> Exposure {
        let mut exposure = Exposure::default();
        let enemy_tops = self.tops[!p];
        for (i, &code) in self.board.iter().enumerate() {
            let mine = STRIP[colour_bit(p) as usize][code as usize].1;
            if mine == 0 {
                continue;
            }
            let distance = match p {
                Player::White => i / 8,
                Player::Black => 7 - i / 8,
            };
            exposure.stones[distance] += mine;
            if enemy_tops & (1 << i) != 0 {
                exposure.held[distance] += mine;
            }
        }
        exposure
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::splay::tests::pos;
    use crate::rules::{Game, Player, Splay, SplayOptions};

    #[test]
    fn exposure_counts_stones_by_their_distance_from_capture_and_those_the_enemy_holds() {
        let start = Splay::start(SplayOptions::default());
        let black = start.exposure(Player::Black);
        // Black's stones stand on ranks 2 and 3, six and five ranks from rank 8.
        assert_eq!(black.stones, [0, 0, 0, 0, 0, 6, 12, 0]);
        assert_eq!(black.held, [0; 8]);
        assert_eq!(
            start.exposure(Player::White).stones,
            [0, 0, 0, 0, 0, 6, 12, 0]
        );
        // Black's c2 holds two white stones one rank from rank 1.
        let g = pos("splay 8/8/8/8/8/8/2,w2b,5/8 b 10 0 0");
        let white = g.exposure(Player::White);
        assert_eq!(white.stones, [0, 2, 0, 0, 0, 0, 0, 0]);
        assert_eq!(white.held, [0, 2, 0, 0, 0, 0, 0, 0]);
        assert_eq!(g.exposure(Player::Black).stones, [0, 0, 0, 0, 0, 0, 1, 0]);
        assert_eq!(g.exposure(Player::Black).held, [0; 8]);
    }
}
