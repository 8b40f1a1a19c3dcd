//! Unit tests of Cash In Hand's internals: the incremental hash and the invariants of random
//! games from the real start (128 stones, parity), and the notation round trip.

use super::*;
use crate::rules::{History, legal_moves, play_move};

fn random_game(seed: u64, plies: u32, mut visit: impl FnMut(&CashInHand)) {
    let mut g = CashInHand::start(CashInHandOptions::default());
    let mut state = seed;
    let mut list = ActionList::new();
    while g.outcome().is_none() && g.ply < plies {
        list.clear();
        g.legal_actions(&mut list);
        assert!(!list.is_empty(), "a dead end in {}", g.to_setup());
        state = zobrist::key(state);
        g.play(list[(state % list.len() as u64) as usize]);
        visit(&g);
    }
}

#[test]
fn the_hash_occupancy_parity_and_stone_count_hold_through_random_games() {
    for seed in 0..25 {
        random_game(seed, 200, |g| {
            assert_eq!(g.hash, g.full_hash(), "{}", g.to_setup());
            assert_eq!(g.occupied, occupancy(&g.heights), "{}", g.to_setup());
            let by_cell = (0..CELLS)
                .filter(|&i| g.heights[i] > 0 && owner(i) != g.to_move)
                .filter(|&i| g.hemmed_and_outweighed(i))
                .fold(0, |m, i| m | 1 << i);
            assert_eq!(g.capturable(), by_cell, "{}", g.to_setup());
            let easy = g.easy_exits();
            for (i, steps) in DIAG.iter().enumerate() {
                // An empty cell one step away, and no wall (a wall asks for 2 stones or more).
                let open = steps.iter().enumerate().any(|(d, &n)| {
                    n != NONE && g.heights[usize::from(n)] == 0 && g.requirement(i, d) == 1
                });
                assert_eq!(easy >> i & 1 == 1, open, "cell {i} of {}", g.to_setup());
            }
            if !g.in_turn() {
                let n = stones_by_colour(g);
                assert_eq!(n.black + n.white, 128, "{}", g.to_setup());
                let back = CashInHand::from_setup(
                    &Setup::parse(&g.to_setup().to_string()).unwrap(),
                    g.options,
                )
                .expect("parity holds, so the string parses");
                assert_eq!(back.heights, g.heights);
            }
        });
    }
}

#[test]
fn whole_moves_of_small_positions_print_and_replay() {
    let g = CashInHand::from_setup(
        &Setup::parse("cash-in-hand w,6,b/8/8/4,b,3/3,b,w3,b,2/4,b,3/8/8 b 10").unwrap(),
        CashInHandOptions::default(),
    )
    .unwrap();
    let moves = legal_moves(&g);
    assert!(
        moves
            .iter()
            .any(|m| m.notation == "h8:1 g7:1 (:e4) d4:1 e5:2")
    );
    for m in &moves {
        let (after, actions) = play_move(&g, &m.notation).unwrap();
        assert_eq!(actions, m.actions, "{}", m.notation);
        assert_eq!(after.ply, 11);
    }
}

#[test]
fn the_start_offers_every_count_and_only_the_two_corner_stacks() {
    let g = CashInHand::start(CashInHandOptions::default());
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    assert_eq!(list.len(), 2);
    let mut g = g;
    g.play(Action::Cell("a1".parse().unwrap()));
    list.clear();
    g.legal_actions(&mut list);
    assert_eq!(list.len(), 32);
}

#[test]
fn stacks_hemmed_in_and_outweighed_are_at_risk() {
    // Example 7: White's e4 (3) has Black on all four sides (4 in all).
    let g = CashInHand::from_setup(
        &Setup::parse("cash-in-hand w,6,b/8/8/4,b,3/3,b,w3,b,2/4,b,3/8/8 b 10").unwrap(),
        CashInHandOptions::default(),
    )
    .unwrap();
    assert_eq!(g.stones_at_risk(Player::White), 3);
    assert_eq!(g.stones_at_risk(Player::Black), 0);
    // Example 8: 4 against 4 is not outweighed.
    let g = CashInHand::from_setup(
        &Setup::parse("cash-in-hand 8/7,w/8/4,b,3/3,b,w4,b,2/b,3,b,3/w,7/b,1,b,5 b 10").unwrap(),
        CashInHandOptions::default(),
    )
    .unwrap();
    assert_eq!(g.stones_at_risk(Player::White), 0);
}

#[test]
fn captured_stones_are_counted_though_they_go_back_on_the_board() {
    // Worked example 1: Black takes d3 (2) and e4 (3) and puts the 5 stones back.
    let start = "cash-in-hand 8/6,b,1/6,w,1/8/4,w3,3/2,b14,w2,b2,3/3,b3,w3,3/8 b 30";
    let g = CashInHand::from_setup(&Setup::parse(start).unwrap(), CashInHandOptions::default())
        .unwrap();
    let mut record = History::new(&g);
    let (after, _) = play_move(&g, "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4").unwrap();
    assert_eq!(
        (after.stones_captured(), after.captured_by(Player::Black)),
        (5, 0)
    );
    record.push(&after);
    assert_eq!((record.captured(), record.quiet_turns()), (5, 0));
    // A turn that captures nothing leaves the count and adds a quiet turn.
    let quiet = legal_moves(&after)
        .into_iter()
        .find(|m| !m.notation.contains('('))
        .expect("White has a turn that captures nothing");
    let (later, _) = play_move(&after, &quiet.notation).unwrap();
    record.push(&later);
    assert_eq!((record.captured(), record.quiet_turns()), (5, 1));
    // The count is the game's, not the board's: it is not in the position string or the hash.
    let back = CashInHand::from_setup(
        &Setup::parse(&after.to_setup().to_string()).unwrap(),
        CashInHandOptions::default(),
    )
    .unwrap();
    assert_eq!((back.stones_captured(), back.hash()), (0, after.hash()));
}

#[test]
fn turns_without_a_capture_draw_the_game_under_the_no_progress_rule() {
    // Worked example 1's capture, then White and Black answer with turns that capture nothing.
    let start = "cash-in-hand 8/6,b,1/6,w,1/8/4,w3,3/2,b14,w2,b2,3/3,b3,w3,3/8 b 30";
    let play_quietly = |turns: u32| {
        let options = CashInHandOptions {
            no_capture_turns: turns,
            ..CashInHandOptions::default()
        };
        let mut g = CashInHand::from_setup(&Setup::parse(start).unwrap(), options).unwrap();
        let mut record = History::new(&g);
        g = play_move(&g, "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4")
            .unwrap()
            .0;
        record.push(&g);
        for _ in 0..2 {
            let quiet = legal_moves(&g)
                .into_iter()
                .find(|m| !m.notation.contains('('))
                .expect("a turn that captures nothing");
            g = play_move(&g, &quiet.notation).unwrap().0;
            record.push(&g);
        }
        (record.quiet_turns(), record.outcome(&g))
    };
    assert_eq!(play_quietly(3), (2, None), "two quiet turns of three");
    assert_eq!(play_quietly(2), (2, Some(Outcome::Draw(Reason::NoCapture))));
    assert_eq!(play_quietly(0), (2, None), "the rule switched off");
}
