//! The action model's promises (no dead ends, one decision sequence per move, notation and
//! partial turns that round-trip), checked on positions from random games of every built game.

use crate::common;

use stackyard::rules::{Game, Intermedium, IntermediumOptions, Setup, Splay, SplayOptions};

#[test]
fn splay_keeps_the_action_model_promises() {
    let start = Splay::start(SplayOptions::default());
    let mut positions = common::random_positions(&start, 40, 80, 3);
    for text in [
        "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0",
        "splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 b 100 5 6",
        "splay 8/8/8/8/8/8/8/8 b 10 0 0",
    ] {
        positions.push(
            Splay::from_setup(&Setup::parse(text).unwrap(), SplayOptions::default()).unwrap(),
        );
    }
    assert!(positions.len() > 1000);
    for g in &positions {
        common::assert_action_model(g);
    }
}

#[test]
fn intermedium_keeps_the_action_model_promises() {
    for opening_rule in [true, false] {
        let options = IntermediumOptions {
            opening_rule,
            ..IntermediumOptions::default()
        };
        let start = Intermedium::start(options);
        let mut positions = common::random_positions(&start, 10, 24, 5);
        for text in [
            "intermedium 7/4,w2,2/7/7/7/7/2,b2,4/7/7/7 b 0",
            "intermedium b2,6/4,w2,1,w3/7/7/7/7/7/3,b,3/7/7 b 0",
            "intermedium 7/4,w3,2/7/2,w2,3,w/7/3,b7,3/7/1,b2,3,b,1/7/7 b 50",
        ] {
            positions.push(Intermedium::from_setup(&Setup::parse(text).unwrap(), options).unwrap());
        }
        assert!(positions.len() > 200);
        for g in &positions {
            common::assert_action_model(g);
        }
    }
}

#[test]
fn grabber_keeps_the_action_model_promises_on_every_board() {
    use stackyard::rules::{GameId, Grabber, GrabberOptions};
    for id in [GameId::Grabber6, GameId::Grabber8, GameId::Grabber10] {
        let start = Grabber::start_on(id, GrabberOptions::default());
        let mut positions = common::random_positions(&start, 12, 60, 9);
        positions.push(
            Grabber::from_setup(
                &Setup::parse("grabber 8/8/8/8/1,w2,6/1,w7b,b3,5/2,b7w2,5/8 b 5").unwrap(),
                GrabberOptions::default(),
            )
            .unwrap(),
        );
        assert!(positions.len() > 100);
        for g in positions
            .iter()
            .filter(|g| g.id() == id || id == GameId::Grabber8)
        {
            common::assert_action_model(g);
        }
    }
}

#[test]
fn support_keeps_the_action_model_promises() {
    use stackyard::rules::{Support, SupportOptions};
    for push_to_edge in [true, false] {
        let options = SupportOptions {
            push_to_edge,
            ..SupportOptions::default()
        };
        let start = Support::start(options);
        let mut positions = common::random_positions(&start, 10, 120, 11);
        positions.push(
            Support::from_setup(
                &Setup::parse("support 2,w,6/1,w,1,b,5/9/2,w,6/9/9/9/9/9 w 20 0 0 -").unwrap(),
                options,
            )
            .unwrap(),
        );
        assert!(positions.len() > 200);
        for g in &positions {
            common::assert_action_model(g);
        }
    }
}

#[test]
fn cash_in_hand_keeps_the_action_model_promises_on_small_stacks() {
    use stackyard::rules::{CashInHand, CashInHandOptions};
    // Small stacks, so that whole turns can be listed; the real start is covered by random
    // games in the unit tests (no dead end is ever offered).
    let options = CashInHandOptions::default();
    let start = CashInHand::from_setup(
        &Setup::parse("cash-in-hand w3,6,b3/8/8/8/8/8/8/b3,6,w3 b 0").unwrap(),
        options,
    )
    .unwrap();
    let mut positions = common::random_positions(&start, 10, 40, 13);
    for text in [
        "cash-in-hand 8/6,b5,1/6,w2,1/4,b,3/3,b3,1,b4,2/2,b6,1,b2,3/3,b3,w3,3/8 w 31",
        "cash-in-hand 8/8/8/8/8/1,w,6/w,1,w2,5/b3,w,6 b 10",
        "cash-in-hand w,6,b/8/8/4,b,3/3,b,w3,b,2/4,b,3/8/8 b 10",
    ] {
        positions.push(CashInHand::from_setup(&Setup::parse(text).unwrap(), options).unwrap());
    }
    assert!(positions.len() > 100);
    for g in &positions {
        common::assert_action_model(g);
    }
}

#[test]
fn any_turn_finds_what_every_turn_shows_and_stops_at_the_first() {
    use stackyard::rules::{any_turn, for_each_turn};
    let start = Intermedium::start(IntermediumOptions::default());
    for g in common::random_positions(&start, 10, 30, 7) {
        if g.in_turn() || g.outcome().is_some() {
            continue;
        }
        // A capture by the mover: some turns of a position may, others not.
        let captures = |e: &Intermedium| e.captured_by(g.to_move()) > g.captured_by(g.to_move());
        let (mut turns, mut first) = (0, None);
        for_each_turn(&g, |_, e| {
            turns += 1;
            if first.is_none() && captures(e) {
                first = Some(turns);
            }
        });
        let mut asked = 0;
        let found = any_turn(&g, |e| {
            asked += 1;
            captures(e)
        });
        assert_eq!(found, first.is_some());
        assert_eq!(asked, first.unwrap_or(turns), "asked of {turns} turns");
    }
}

#[test]
fn find_turn_returns_the_move_it_stopped_at_and_replay_turn_plays_it_back() {
    use stackyard::rules::{TurnActions, find_turn, for_each_turn, replay_turn};
    let start = Intermedium::start(IntermediumOptions::default());
    for g in common::random_positions(&start, 10, 30, 11) {
        if g.in_turn() || g.outcome().is_some() {
            continue;
        }
        // The last of the position's moves, as every move lists them: found only at the end
        // (told by its place, since two moves may end in the same position).
        let (mut moves, mut last) = (0, None);
        for_each_turn(&g, |actions, end| {
            moves += 1;
            last = Some((actions.to_vec(), end.clone()));
        });
        let (actions, end) = last.expect("a move");
        let (mut path, mut asked) = (TurnActions::new(), 0);
        assert!(find_turn(&g, &mut path, |_| {
            asked += 1;
            asked == moves
        }));
        assert_eq!(path.as_slice(), actions.as_slice());
        assert_eq!(replay_turn(&g, &path), Some(end));
        // Short of the turn's end, past it, or a decision not legal where it comes (a step
        // back onto the lifted cell): no move.
        assert_eq!(replay_turn(&g, &path[..path.len() - 1]), None);
        assert_eq!(replay_turn(&g, &[&path[..], &path[..1]].concat()), None);
        let mut wrong = path.clone();
        wrong[1] = wrong[0];
        assert_eq!(replay_turn(&g, &wrong), None);
        assert_eq!(replay_turn(&g, &[]), None);
        assert!(!find_turn(&g, &mut path, |_| false));
        assert!(path.is_empty());
    }
}
