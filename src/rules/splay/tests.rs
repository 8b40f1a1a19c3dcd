//! Splay's decisions one by one: origins, forced splays, pass, partial turns and undo.

use crate::rules::{
    Action, ActionList, Cell, Dir, Game, Setup, Splay, SplayOptions, Turn, play_prefix,
};

/// The position a string gives (a test's own, so unwrapped).
pub(crate) fn pos(s: &str) -> Splay {
    Splay::from_setup(&Setup::parse(s).unwrap(), SplayOptions::default()).unwrap()
}

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn actions(g: &Splay) -> Vec<String> {
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    list.iter().map(ToString::to_string).collect()
}

const X: &str = "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 0 0 0";

#[test]
fn the_first_decision_offers_the_origins_of_the_legal_moves() {
    let start = Splay::start(SplayOptions::default());
    let origins = actions(&start);
    assert_eq!(origins.len(), 12);
    assert!(origins.iter().all(|o| o.ends_with('2') || o.ends_with('3')));
    assert_eq!(actions(&pos(X)), ["b2", "f3"]);
}

#[test]
fn a_chosen_stack_offers_its_steps_as_cells_and_its_splays_as_directions() {
    let mut g = pos(X);
    g.play(Action::Cell(cell("b2")));
    assert!(g.in_turn());
    assert_eq!(g.origin(), Some(cell("b2")));
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    let steps = list.iter().filter(|a| matches!(a, Action::Cell(_))).count();
    let splays: Vec<_> = list
        .iter()
        .filter(|a| matches!(a, Action::Dir(_)))
        .collect();
    assert_eq!(steps, 8);
    assert_eq!(splays, [&Action::Dir(Dir::N), &Action::Dir(Dir::E)]);
}

#[test]
fn a_forced_splay_offers_only_the_at_limit_stack_and_its_splays() {
    let mut g = pos("splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0");
    assert_eq!(actions(&g), ["e5"]);
    g.play(Action::Cell(cell("e5")));
    assert_eq!(actions(&g), ["s", "sw", "w"]);
}

#[test]
fn pass_is_a_whole_turn_of_one_decision() {
    let mut g = pos("splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 b 100 5 6");
    assert_eq!(actions(&g), ["pass"]);
    let before = g.hash();
    g.play(Action::Pass);
    assert!(!g.in_turn());
    assert_eq!(g.ply(), 101);
    assert_ne!(g.hash(), before);
    assert_eq!(
        g.to_setup().to_string(),
        "splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 w 101 5 6"
    );
}

#[test]
fn partial_turns_print_parse_and_undo() {
    let g = pos(X);
    let mut turn = play_prefix(&g, "b2").unwrap();
    assert_eq!(turn.notation(), "b2");
    assert!(!turn.is_complete());
    let chosen_hash = turn.now().hash();
    assert_ne!(
        chosen_hash,
        g.hash(),
        "the chosen origin is part of the hash"
    );
    turn.play(Action::Dir(Dir::N)).unwrap();
    assert!(turn.is_complete());
    assert_eq!(turn.notation(), "b2>n");
    assert!(turn.legal_actions().is_empty());
    assert!(turn.play(Action::Pass).is_err());
    assert_eq!(turn.undo(), Some(Action::Dir(Dir::N)));
    assert_eq!(turn.now().hash(), chosen_hash);
    assert!(
        turn.play(Action::Dir(Dir::Ne)).is_err(),
        "b2>ne overloads e5"
    );
    assert_eq!(turn.undo(), Some(Action::Cell(cell("b2"))));
    assert_eq!(turn.now(), &g);
    assert_eq!(turn.undo(), None);
    let t = Turn::new(g.clone());
    assert_eq!(t.notation(), "");
}

#[test]
fn a_refused_decision_changes_nothing_and_says_what_is_legal() {
    let g = pos(X);
    let mut turn = Turn::new(g.clone());
    let err = turn.play(Action::Cell(cell("e5"))).unwrap_err();
    assert_eq!(turn.now(), &g);
    let msg = err.to_string();
    assert!(
        msg.contains("'e5' cannot start a turn") && msg.contains("b2 f3"),
        "{msg}"
    );
}

#[test]
fn the_game_reports_its_state() {
    let g = Splay::start(SplayOptions {
        first_player: crate::rules::Player::White,
        ply_cap: 5,
        ..SplayOptions::default()
    });
    assert_eq!(g.to_move(), crate::rules::Player::White);
    assert_eq!(g.options().ply_cap, 5);
    assert_eq!(g.id(), crate::rules::GameId::Splay);
    assert_eq!(Splay::reach(cell("d4")), 4);
    assert_eq!(Splay::reach(cell("a1")), 7);
    assert_eq!(g.stack(cell("b7")).to_string(), "w2");
    assert_eq!(g.stack_height(cell("b6")), 1);
    assert_eq!(g.stack_height(Cell::new(9, 9)), 0);
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_position_of_another_game_is_refused() {
    let setup = Setup::parse("grabber 8/8/8/8/8/8/8/8 b 0").unwrap();
    let err = Splay::from_setup(&setup, SplayOptions::default()).unwrap_err();
    assert!(err.to_string().contains("not a splay position"));
}

#[test]
fn the_second_decision_always_completes_the_turn() {
    let mut g = pos(X);
    assert!(!g.next_completes_turn());
    g.play(Action::Cell(cell("f3")));
    assert!(g.next_completes_turn());
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    for a in list {
        let mut next = g.clone();
        next.play(a);
        assert!(!next.in_turn());
    }
}

#[test]
fn a_position_is_small_enough_to_copy_freely() {
    assert!(
        std::mem::size_of::<Splay>() <= 112,
        "{}",
        std::mem::size_of::<Splay>()
    );
}

mod travels {
    use super::*;
    use crate::rules::{Place, Player, Travel};

    fn travels_of(position: &str, prefix: &str, last: Action) -> Vec<Travel> {
        let turn = play_prefix(&pos(position), prefix).unwrap();
        turn.now().travels(last)
    }

    #[test]
    fn choosing_a_stack_moves_nothing() {
        assert!(pos(X).travels(Action::Cell(cell("b2"))).is_empty());
    }

    #[test]
    fn a_step_moves_the_whole_stack_on_top_of_the_target() {
        let t = travels_of(X, "f3", Action::Cell(cell("g2")));
        assert_eq!(
            t,
            [
                Travel::new(0, Place::on(cell("f3"), 0), Place::on(cell("g2"), 1)),
                Travel::new(0, Place::on(cell("f3"), 1), Place::on(cell("g2"), 2)),
            ]
        );
    }

    #[test]
    fn a_splay_drops_its_top_stone_first_and_captures_leave_the_board() {
        // Example 2: f3>se puts the black top on g2, the white bottom on h1 (captured).
        let t = travels_of(X, "f3", Action::Dir(Dir::Se));
        assert_eq!(
            t,
            [
                Travel::new(0, Place::on(cell("f3"), 1), Place::on(cell("g2"), 1)),
                Travel::new(1, Place::on(cell("f3"), 0), Place::on(cell("h1"), 0)),
                Travel::new(2, Place::on(cell("h1"), 0), Place::Captured(Player::Black)),
            ]
        );
    }

    #[test]
    fn buried_captures_let_the_stones_above_settle() {
        // Example 17: b2-b1 on wbwb over b2: both white stones go, the blacks settle down.
        let t = travels_of(
            "splay 8/8/8/8/8/8/1,wbwb,6/1,b2,6 b 40 3 3",
            "b2",
            Action::Cell(cell("b1")),
        );
        let captured: Vec<_> = t
            .iter()
            .filter(|t| matches!(t.to, Place::Captured(_)))
            .collect();
        assert_eq!(captured.len(), 2);
        assert!(
            captured
                .iter()
                .all(|t| t.to == Place::Captured(Player::Black))
        );
        let settled: Vec<_> = t
            .iter()
            .filter(|t| t.stage == 2)
            .map(|t| (t.from, t.to))
            .collect();
        assert_eq!(
            settled,
            [
                (Place::on(cell("b1"), 3), Place::on(cell("b1"), 2)),
                (Place::on(cell("b1"), 5), Place::on(cell("b1"), 3)),
            ]
        );
    }
}
