//! Unit tests of Support's internals: the incremental hash over random games, and the bitset
//! geometry (dilation never wraps around the board's sides).

use super::*;

#[test]
fn the_incremental_hash_matches_a_fresh_one_through_random_games() {
    for seed in 0..30 {
        let mut g = Support::start(SupportOptions::default());
        let mut state = seed;
        let mut list = ActionList::new();
        while g.outcome().is_none() && g.ply < 400 {
            list.clear();
            g.legal_actions(&mut list);
            state = zobrist::key(state);
            g.play(list[(state % list.len() as u64) as usize]);
            assert_eq!(g.hash, g.full_hash(), "{}", g.to_setup());
            assert_eq!(g.stones.black & g.stones.white, 0, "one stone per cell");
            assert_eq!((g.stones.black | g.stones.white) & ALL_BASES, 0);
        }
    }
}

#[test]
fn dilation_stays_on_the_board_and_does_not_wrap() {
    let a5 = bit(0, 4);
    assert_eq!(dilate(a5).count_ones(), 6);
    let file_i: Cells = (0..9).map(|y| bit(8, y)).fold(0, |a, b| a | b);
    assert_eq!(dilate(a5) & file_i, 0);
    let i9 = bit(8, 8);
    assert_eq!(dilate(i9).count_ones(), 4);
    assert_eq!(dilate(bit(4, 4)).count_ones(), 9);
    assert_eq!(INSERTION.count_ones(), 28);
    assert_eq!(CENTRE.count_ones(), 9);
}
