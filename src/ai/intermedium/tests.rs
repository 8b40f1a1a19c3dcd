//! Unit tests of the computer's Intermedium queries against walks over every turn: sowers, the
//! stacks that close the ring, what a turn changed, the City once fed, the sowings onto the ring.

use crate::rules::intermedium::tests::{pos, random_game};
use crate::rules::intermedium::{CELLS, GEOMETRY, owner};
use crate::rules::{
    Action, ActionList, Cell, Game, Intermedium, IntermediumOptions, Player, legal_moves,
};

#[test]
fn moves_at_most_bounds_the_moves_and_is_reached_where_no_path_leaves_the_board() {
    use crate::rules::for_each_turn;
    for seed in 200..210 {
        random_game(seed, |g| {
            if g.in_turn() || g.outcome().is_some() || g.ply() % 7 != 0 {
                return;
            }
            let mut moves = 0;
            for_each_turn(g, |_, _| moves += 1);
            assert!(moves <= g.moves_at_most(g.to_move), "{}", g.to_setup());
        });
    }
    // A stack of two in the middle of the board: 4 first steps, 3 second steps each.
    let g = pos("intermedium 7/7/7/7/3,w2,3/7/7/7/7/1,b,5 w 20");
    assert_eq!(g.moves_at_most(Player::White), 12);
    assert_eq!(legal_moves(&g).len(), 12);
    assert_eq!(g.moves_at_most(Player::Black), 0);
}

/// From a `match --records` game: Black holds no cell around White's City, but its eleven stones on
/// c2 may sow round the ring by themselves once a turn feeds them. Black to move after White kept
/// nine stones on f8.
const ELEVEN_ON_C2: &str = "intermedium 5,w2,1/w4,1,w5,1,w,1,w6/1,w,1,w,1,w9,1/w4,1,w,1,w2,1,w3/3,w,1,w,1/1,b2,1,b,w,2/b6,4,w,1/1,b3,4,w/b,1,b11,1,b,1,b5/1,b4,1,b3,1,b,1 b 16";

#[test]
fn a_tall_stack_that_may_sow_round_the_ring_is_a_sower_and_the_turns_that_feed_it_are_told() {
    let p = pos(ELEVEN_ON_C2);
    assert!(p.has_sower(Player::Black, 7));
    assert!(
        !p.has_sower(Player::Black, 12),
        "no Black stack has twelve stones"
    );
    let start = Intermedium::start(IntermediumOptions::default());
    assert!(!start.has_sower(Player::Black, 7) && !start.has_sower(Player::White, 7));
    // A stone on c10 (the ring) and c2 grown to thirteen both open the City; b5's two stones
    // touch neither.
    assert!(!p.open_strikes(Player::Black).city);
    for (turn, opens) in [
        ("a4-b5-c6-d7-e8-d9-c10", true),
        ("a4-b3-c2-d3-e2-d1-c2", true),
        ("b5-a6-b7", false),
    ] {
        let (after, _) = crate::rules::play_move(&p, turn).unwrap();
        assert_eq!(p.opens_city(&after, Player::Black), opens, "{turn}");
        assert_eq!(after.open_strikes(Player::Black).city, opens, "{turn}");
    }
    let cell = |s: &str| s.parse::<Cell>().unwrap();
    assert!(
        p.may_feed_sower(cell("a4"), 7),
        "six stones reach c2 and c10"
    );
    assert!(
        p.may_feed_sower(cell("g2"), 7),
        "five stones on g2 reach c2"
    );
    assert!(
        !start.may_feed_sower(cell("c4"), 7),
        "at the start no stack reaches the ring or a stack of five"
    );
}

#[test]
fn a_walk_among_some_first_decisions_finds_only_their_turns() {
    let p = pos(ELEVEN_ON_C2);
    let c10 = |g: &Intermedium| g.height("c10".parse::<Cell>().unwrap()) > 0;
    assert!(crate::rules::any_turn(&p, c10));
    let a4 = Action::Cell("a4".parse::<Cell>().unwrap());
    assert!(crate::rules::any_turn_among(&p, |a| a == a4, |_| true, c10));
    let c2 = Action::Cell("c2".parse::<Cell>().unwrap());
    assert!(crate::rules::any_turn_among(&p, |a| a == c2, |_| true, c10));
    assert!(
        !crate::rules::any_turn_among(&p, |a| a != a4 && a != c2, |_| true, c10),
        "only a4 and c2 reach c10"
    );
    assert_eq!(
        p.moves_at_most_up_to(Player::Black, 6),
        p.moves_at_most(Player::Black) - 4 * 3u64.pow(10)
    );
}

#[test]
fn what_a_turn_changed_tells_exactly_whether_it_opened_the_city() {
    use crate::rules::for_each_turn;
    let (mut ends, mut opened) = (0, 0);
    let mut check = |g: &Intermedium| {
        let p = g.to_move;
        if g.in_turn() || g.outcome().is_some() || g.open_strikes(p).city {
            return;
        }
        for_each_turn(g, |_, end| {
            let open = end.open_strikes(p).city;
            assert_eq!(
                g.opens_city(end, p),
                open,
                "{} -> {}",
                g.to_setup(),
                end.to_setup()
            );
            ends += 1;
            opened += usize::from(open);
        });
    };
    check(&pos(ELEVEN_ON_C2));
    for seed in 300..312 {
        random_game(seed, |g| {
            if g.ply() % 5 == 0 && g.moves_at_most(g.to_move) <= 2000 {
                check(g);
            }
        });
    }
    eprintln!("{opened} of {ends} turn ends open the City");
    assert!(
        opened > 20,
        "only {opened} of {ends} turn ends opened the City"
    );
}

/// Each stack the side to move at `g` can lift, and whether one of its whole turns (the
/// actions, and the position at its end) satisfies `hit`.
fn lifts_with_a_turn_that(
    g: &Intermedium,
    mut hit: impl FnMut(&[crate::rules::Action], &Intermedium) -> bool,
) -> std::collections::BTreeMap<Cell, bool> {
    let mut lifts = std::collections::BTreeMap::new();
    crate::rules::for_each_turn(g, |turn, end| {
        let Some(&crate::rules::Action::Cell(from)) = turn.first() else {
            panic!("a turn starts with a stack")
        };
        let found = hit(turn, end);
        *lifts.entry(from).or_insert(false) |= found;
    });
    lifts
}

/// Every sowing of the side to move at `g` part way through: after its lift, and after its
/// first step where the turn goes on.
fn sowings_under_way(g: &Intermedium) -> Vec<Intermedium> {
    let mut under_way = Vec::new();
    let mut lifts = ActionList::new();
    g.legal_actions(&mut lifts);
    for lift in lifts {
        let mut mid = g.clone();
        mid.play(lift);
        let mut steps = ActionList::new();
        mid.legal_actions(&mut steps);
        for &step in &steps {
            let mut next = mid.clone();
            next.play(step);
            under_way.push(next);
        }
        under_way.push(mid);
    }
    under_way.retain(Intermedium::in_turn);
    under_way
}

/// Checks `claim` against `can` at every sowing of the side to move at `g` part way through
/// ([`sowings_under_way`]); returns how many were checked and how many `can` held for.
fn check_sowings_under_way(
    g: &Intermedium,
    claim: impl Fn(&Intermedium) -> bool,
    mut can: impl FnMut(&Intermedium) -> bool,
) -> (usize, usize) {
    let (mut sowings, mut still) = (0, 0);
    for m in sowings_under_way(g) {
        let found = can(&m);
        assert_eq!(claim(&m), found, "{} {:?}", g.to_setup(), m.origin());
        sowings += 1;
        still += usize::from(found);
    }
    (sowings, still)
}

#[test]
fn the_stacks_that_can_sow_round_the_enemy_ring_are_found_exactly() {
    let (mut stacks, mut closers, mut sowings, mut still) = (0, 0, 0, 0);
    let mut check = |g: &Intermedium| {
        let p = g.to_move;
        if g.in_turn() || g.outcome().is_some() || g.city_pressure(p) == 3 {
            return;
        }
        let closing = lifts_with_a_turn_that(g, |_, end| end.city_pressure(p) == 3);
        for (&from, &found) in &closing {
            assert_eq!(g.closes_ring(from), found, "{} {from}", g.to_setup());
            stacks += 1;
            closers += usize::from(found);
        }
        assert_eq!(g.may_close_ring(p), closing.values().any(|&found| found));
        let (checked, can) = check_sowings_under_way(g, Intermedium::may_still_close_ring, |m| {
            crate::rules::any_turn(m, |end| end.city_pressure(p) == 3)
        });
        (sowings, still) = (sowings + checked, still + can);
    };
    check(&pos(ELEVEN_ON_C2));
    for seed in 320..340 {
        random_game(seed, |g| {
            if g.ply() % 3 == 0 && g.moves_at_most(g.to_move) <= 20_000 {
                check(g);
            }
        });
    }
    eprintln!("{closers} of {stacks} stacks can sow round the enemy ring");
    eprintln!("{still} of {sowings} sowings under way still can");
    assert!(
        still > 10 && still < sowings,
        "{still} of {sowings} sowings"
    );
    assert!(
        closers > 10,
        "only {closers} of {stacks} stacks could close the ring"
    );
}

#[test]
fn a_stack_that_would_take_the_city_once_fed_is_never_missed() {
    use crate::rules::{Reason, any_turn_among};
    let (mut fed, mut said, mut took) = (0, 0, 0);
    let mut check = |g: &Intermedium| {
        let p = g.to_move;
        if g.in_turn() || g.outcome().is_some() {
            return;
        }
        let mut any = false;
        for i in (0..CELLS).filter(|&i| owner(i) == p && g.heights[i] >= 2) {
            let h = g.heights[i];
            if !g.stack_closes_ring(i) || h + 2 > 9 {
                continue;
            }
            for k in 1..=2 {
                // The same board with the stack grown by `k`, every sowing of it played.
                let mut heights = g.heights;
                heights[i] += k;
                let grown = Intermedium::from_parts(heights, p, g.ply(), g.city, g.options());
                let lift = Action::Cell(GEOMETRY.cell(i));
                let takes = any_turn_among(
                    &grown,
                    |a| a == lift,
                    |_| true,
                    |end| {
                        end.outcome()
                            .is_some_and(|o| o.winner() == Some(p) && o.reason() == Reason::City)
                    },
                );
                let foreseen = g.sown_takes_city(p, i, h + k);
                assert!(!takes || foreseen, "{} {i} +{k}", g.to_setup());
                fed += 1;
                said += usize::from(foreseen);
                took += usize::from(takes);
                any |= takes;
            }
        }
        assert!(!any || g.takes_city_once_fed(p), "{}", g.to_setup());
    };
    for seed in 340..400 {
        random_game(seed, |g| check(g));
    }
    eprintln!("{took} of {fed} stacks grown by one or two take the City ({said} foreseen)");
    assert!(took > 5, "only {took} of {fed} grown stacks took the City");
    assert!(said - took <= took / 10, "{said} foreseen for {took} taken");
    // Eleven on c2 sow round the ring and take it at thirteen: a turn that feeds c2 twice.
    let p = pos(ELEVEN_ON_C2);
    assert!(p.takes_city_once_fed(Player::Black));
    assert!(!p.open_strikes(Player::Black).city);
    let start = Intermedium::start(IntermediumOptions::default());
    assert!(!start.takes_city_once_fed(Player::Black) && !start.takes_city_once_fed(Player::White));
}

#[test]
fn the_sowings_that_can_end_on_the_enemy_ring_are_found_exactly() {
    use crate::rules::{Action, for_each_turn};
    let last_on_ring = |turn: &[Action], p: Player| {
        let ring = match p {
            Player::Black => ["c10", "e10", "d9"],
            Player::White => ["c1", "e1", "d2"],
        };
        matches!(turn.last(), Some(Action::Cell(c)) if ring.contains(&c.to_string().as_str()))
    };
    let (mut stacks, mut onto, mut sowings, mut still) = (0, 0, 0, 0);
    let mut check = |g: &Intermedium| {
        let p = g.to_move;
        if g.in_turn() || g.outcome().is_some() {
            return;
        }
        for (from, found) in lifts_with_a_turn_that(g, |turn, _| last_on_ring(turn, p)) {
            assert_eq!(g.sows_onto_ring(from), found, "{} {from}", g.to_setup());
            stacks += 1;
            onto += usize::from(found);
        }
        let (checked, can) = check_sowings_under_way(g, Intermedium::may_still_end_on_ring, |m| {
            let mut can = false;
            for_each_turn(m, |rest, _| can |= last_on_ring(rest, p));
            can
        });
        (sowings, still) = (sowings + checked, still + can);
    };
    for seed in 340..352 {
        random_game(seed, |g| {
            if g.ply() % 4 == 0 && g.moves_at_most(g.to_move) <= 20_000 {
                check(g);
            }
        });
    }
    eprintln!("{onto} of {stacks} stacks can end a sowing on the enemy ring");
    eprintln!("{still} of {sowings} sowings under way still can");
    assert!(onto > 10 && onto < stacks, "{onto} of {stacks} stacks");
    assert!(
        still > 10 && still < sowings,
        "{still} of {sowings} sowings"
    );
}
