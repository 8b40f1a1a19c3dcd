//! Unit tests of Intermedium's internals: the incremental hash, parity, the opening search
//! against brute force. The rules' worked examples run as referee transcripts in `tests/`; the computer's
//! queries are tested in `src/ai/intermedium/tests.rs`.

use super::*;
use crate::rules::legal_moves;

/// The position a string gives (a test's own, so unwrapped).
pub(crate) fn pos(s: &str) -> Intermedium {
    Intermedium::from_setup(&Setup::parse(s).unwrap(), IntermediumOptions::default()).unwrap()
}

/// Plays a random game from the start (at most 300 turns), showing `visit` every position.
pub(crate) fn random_game(seed: u64, mut visit: impl FnMut(&Intermedium)) {
    let mut g = Intermedium::start(IntermediumOptions::default());
    let mut state = seed;
    let mut list = ActionList::new();
    while g.outcome().is_none() {
        list.clear();
        g.legal_actions(&mut list);
        state = zobrist::key(state);
        g.play(list[(state % list.len() as u64) as usize]);
        visit(&g);
        if g.ply > 300 {
            break;
        }
    }
}

#[test]
fn the_incremental_hash_and_occupancy_match_fresh_ones_through_random_games() {
    for seed in 0..40 {
        random_game(seed, |g| {
            assert_eq!(g.hash, g.full_hash(), "{}", g.to_setup());
            let fresh = Intermedium::from_parts(g.heights, g.to_move, g.ply, g.city, g.options);
            assert_eq!(
                (g.filled, g.single),
                (fresh.filled, fresh.single),
                "{}",
                g.to_setup()
            );
        });
    }
}

#[test]
fn stones_are_only_ever_lost_by_capture_and_parity_holds() {
    for seed in 100..130 {
        let mut last = (STONES_PER_COLOUR, STONES_PER_COLOUR);
        random_game(seed, |g| {
            if g.in_turn() {
                return;
            }
            let s = g.to_setup();
            let back = Intermedium::from_setup(&Setup::parse(&s.to_string()).unwrap(), g.options)
                .expect("every reached position parses back");
            assert_eq!(back.heights, g.heights);
            let left = (
                STONES_PER_COLOUR - g.captured_by(Player::White),
                STONES_PER_COLOUR - g.captured_by(Player::Black),
            );
            assert!(left.0 <= last.0 && left.1 <= last.1);
            last = left;
        });
    }
}

#[test]
fn the_stones_taken_agree_with_a_count_cell_by_cell_mid_turn_too() {
    for seed in 200..220 {
        random_game(seed, |g| {
            for p in [Player::Black, Player::White] {
                let on_board: usize = (0..CELLS)
                    .filter(|&i| owner(i) == !p)
                    .map(|i| usize::from(g.heights[i]))
                    .sum();
                let in_hand = if g.to_move == !p {
                    usize::from(g.left)
                } else {
                    0
                };
                let taken = STONES_PER_COLOUR - on_board - in_hand;
                assert_eq!(g.captured_by(p), taken, "{p:?} at ply {}", g.ply);
            }
            let both = g.captured_by(Player::Black) + g.captured_by(Player::White);
            assert_eq!(g.stones_captured(), both, "at ply {}", g.ply);
        });
    }
}

/// Every whole path of the position, by brute force, with the opening rule checked directly.
fn brute_force_moves(g: &Intermedium) -> Vec<String> {
    fn walk(
        g: &Intermedium,
        origin: usize,
        at: usize,
        last: usize,
        left: u8,
        heights: &mut [u8; CELLS],
        path: &mut Vec<usize>,
        occupied: bool,
        out: &mut Vec<(String, bool)>,
    ) {
        if left == 0 {
            let (from, to) = (GEOMETRY.cell(origin).y(), GEOMETRY.cell(at).y());
            let advanced = if g.to_move == Player::Black {
                to > from
            } else {
                to < from
            };
            let text = path
                .iter()
                .map(|&i| GEOMETRY.cell(i).to_string())
                .collect::<Vec<_>>()
                .join("-");
            out.push((text, advanced && occupied));
            return;
        }
        for (d, &n) in DIAG[at].iter().enumerate() {
            if n == NONE || (last != 4 && d == (last + 2) % 4) {
                continue;
            }
            let n = n as usize;
            let fresh = g.heights[n] == 0 && n != origin;
            heights[n] += 1;
            path.push(n);
            walk(
                g,
                origin,
                n,
                d,
                left - 1,
                heights,
                path,
                occupied || fresh,
                out,
            );
            path.pop();
            heights[n] -= 1;
        }
    }
    let mut all = Vec::new();
    for i in g.own_stacks() {
        let mut heights = g.heights;
        heights[i] = 0;
        walk(
            g,
            i,
            i,
            4,
            g.heights[i],
            &mut heights,
            &mut vec![i],
            false,
            &mut all,
        );
    }
    let binds = g.options.opening_rule && g.ply <= 3 && all.iter().any(|m| m.1);
    let mut moves: Vec<String> = all
        .into_iter()
        .filter(|m| !binds || m.1)
        .map(|m| m.0)
        .collect();
    moves.sort();
    moves
}

#[test]
fn the_action_model_lists_exactly_the_brute_force_paths() {
    let mut checked = 0;
    for seed in 200..230 {
        let mut positions = Vec::new();
        random_game(seed, |g| {
            if !g.in_turn() && g.ply < 12 {
                positions.push(g.clone());
            }
        });
        for g in positions {
            let mut opening_off = g.clone();
            opening_off.options.opening_rule = false;
            for g in [g, opening_off] {
                let listed: Vec<String> = legal_moves(&g).into_iter().map(|m| m.notation).collect();
                assert_eq!(listed, brute_force_moves(&g), "{}", g.to_setup());
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
}

#[test]
fn a_tall_stack_lists_its_first_steps_without_walking_paths() {
    let g = pos("intermedium 7/7/7/7/7/3,b,3/2,b40,4/7/5,w2,1/7 b 0");
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    assert_eq!(list.as_slice(), [Action::Cell("c4".parse().unwrap())]);
    let mut g2 = g.clone();
    g2.play(list[0]);
    list.clear();
    g2.legal_actions(&mut list);
    assert_eq!(list.len(), 4);
    // Always taking the first offered step completes the 40-step turn: no dead end is offered.
    let mut steps = 0;
    while g2.in_turn() {
        list.clear();
        g2.legal_actions(&mut list);
        assert!(!list.is_empty(), "a dead end after {steps} steps");
        g2.play(list[0]);
        steps += 1;
    }
    assert_eq!(steps, 40);
    assert_eq!(g2.to_move(), Player::White);
    let stones: usize = (0..CELLS)
        .filter(|&i| owner(i) == Player::Black)
        .map(|i| usize::from(g2.heights[i]))
        .sum();
    assert_eq!(stones, 41);
}
