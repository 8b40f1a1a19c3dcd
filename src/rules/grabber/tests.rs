//! Unit tests of Grabber's internals: the incremental hash and the invariants of random games on
//! every board (conservation of men, two colour runs, parity of the moving column).

use super::*;

fn random_game(id: GameId, seed: u64, mut visit: impl FnMut(&Grabber, Option<Action>)) {
    let mut g = Grabber::start_on(id, GrabberOptions::default());
    let mut state = seed;
    let mut list = ActionList::new();
    while g.outcome().is_none() {
        list.clear();
        g.legal_actions(&mut list);
        state = zobrist::key(state);
        let a = list[(state % list.len() as u64) as usize];
        g.play(a);
        visit(&g, Some(a));
    }
}

#[test]
fn the_incremental_hash_matches_a_fresh_one_through_random_games() {
    for id in [GameId::Grabber6, GameId::Grabber8, GameId::Grabber10] {
        for seed in 0..20 {
            random_game(id, seed, |g, _| {
                assert_eq!(g.hash, g.full_hash(), "{}", g.to_setup());
            });
        }
    }
}

#[test]
fn men_are_conserved_in_the_capture_phase_and_columns_keep_their_shape() {
    for id in [GameId::Grabber6, GameId::Grabber8, GameId::Grabber10] {
        for seed in 100..120 {
            let mut after_removals = None;
            let mut previous_at = None;
            random_game(id, seed, |g, _| {
                for i in 0..g.len() {
                    assert!(g.columns[i].stack().runs().len() <= 2);
                }
                if let (Some(prev), Some(now)) = (previous_at, g.moving_column())
                    && prev != now
                {
                    // A jump keeps the parity of file and rank.
                    let prev: Cell = prev;
                    assert_eq!(prev.x() % 2, now.x() % 2);
                    assert_eq!(prev.y() % 2, now.y() % 2);
                }
                previous_at = g.moving_column();
                if !g.removal_phase() && !g.in_turn() {
                    let men = men_by_colour(g);
                    let first = *after_removals.get_or_insert(men);
                    assert_eq!(men, first, "men leave the board only by removal");
                }
                let back = Grabber::from_setup(
                    &Setup::parse(&g.to_setup().to_string()).unwrap(),
                    g.options,
                )
                .unwrap();
                if !g.in_turn() {
                    assert_eq!(back.columns, g.columns);
                }
            });
            assert_eq!(
                after_removals.map(|m| m.black + m.white),
                Some(id.geometry().len() - 4)
            );
        }
    }
}

#[test]
fn the_jump_bitsets_agree_with_the_board_and_with_each_jump() {
    for (k, id) in GameId::GRABBER_BOARDS.into_iter().enumerate() {
        let b = &BOARDS[k];
        let g = id.geometry();
        for i in 0..g.len() {
            for d in 0..4 {
                let (over, to) = b.jumps[i][d];
                assert_eq!(b.lands[d] >> i & 1 == 1, to != NONE, "{id} {i} {d}");
                if to != NONE {
                    let step = i64::from(b.step[d]) * if d < 2 { 1 } else { -1 };
                    assert_eq!(i64::from(over), i as i64 + step, "{id} {i} {d}");
                    assert_eq!(i64::from(to), i as i64 + 2 * step, "{id} {i} {d}");
                }
            }
        }
        // In random games the bitsets name exactly the columns whose jump is legal.
        random_game(id, 11, |g, _| {
            for p in Player::ALL {
                let jumpers = g.jumpers(p);
                for i in 0..g.len() {
                    for (d, set) in jumpers.iter().enumerate() {
                        let legal = g.columns[i].owned_by(p) && g.jump(i, d, p).is_some();
                        assert_eq!(set >> i & 1 == 1, legal, "{id} {i} {d}");
                    }
                }
            }
        });
    }
}

#[test]
fn a_jump_takes_the_jumped_top_man_prisoner_and_says_so() {
    // Black to move at ply 15: g6 jumps the white man on g5 and lands on the empty g4.
    let setup = crate::rules::Setup::parse(
        "grabber b,w,b,w,b,1,b,w/w,b,w,b,w,w,w,b/b,w,b,1,b,bw,b,w/w,b,w,1,w,1,w,b/\
         b,bw,1,bw,1,bw,2/w,2,w,w,b,w,b/b,1,wb,b2,1,w,b,w/w,wb,b,wb,w,b,w,b b 15",
    )
    .unwrap();
    let mut g = Grabber::from_setup(&setup, GrabberOptions::default()).unwrap();
    let cell = |s: &str| -> Cell { s.parse().unwrap() };
    assert!(g.travels(Action::Cell(cell("g6"))).iter().all(|t| !t.taken));
    g.play(Action::Cell(cell("g6")));
    let travels = g.travels(Action::Cell(cell("g4")));
    let taken: Vec<&Travel> = travels.iter().filter(|t| t.taken).collect();
    assert_eq!(taken.len(), 1, "{travels:?}");
    assert_eq!(taken[0].from, Place::on(cell("g5"), 0));
    assert_eq!(taken[0].to, Place::on(cell("g4"), 0));
    assert!(
        travels.len() > 1,
        "the moving column travels too, not taken"
    );
}
