//! The game's ECS side without a window: clicks sent as messages become rules actions, the
//! stack entities and stones follow the rules state (captures included), illegal clicks change
//! nothing, and moves animate stage by stage.

use crate::common::headless::{click, headless, position};
use stackyard::files::scratch::Scratch;
use std::time::Duration;

use bevy::prelude::*;
use stackyard::game::board::animation::Tweens;
use stackyard::game::board::layout::DiscPlace;
use stackyard::game::board::stones::{Disc, StackStones, StackView};
use stackyard::game::core::preferences::AnimationSpeed;
use stackyard::game::core::session::{BoardClick, Session, SessionRequest};
use stackyard::rules::{Cell, Game, Place, Player};

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn app_with(s: &str, speed: AnimationSpeed) -> App {
    headless(position(s), speed)
}

fn stacks(app: &mut App) -> Vec<(String, String)> {
    let mut q = app.world_mut().query::<(&StackView, &StackStones)>();
    let mut v: Vec<_> = q
        .iter(app.world())
        .map(|(v, s)| (v.cell.to_string(), s.0.to_string()))
        .collect();
    v.sort();
    v
}

fn discs(app: &mut App) -> Vec<Disc> {
    let mut q = app.world_mut().query::<&Disc>();
    q.iter(app.world()).copied().collect()
}

fn session_string(app: &App) -> String {
    app.world()
        .resource::<Session>()
        .position()
        .to_setup()
        .to_string()
}

const X: &str = "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 0 0 0";

#[test]
fn entities_mirror_the_rules_state() {
    let mut app = app_with(X, AnimationSpeed::Off);
    assert_eq!(
        stacks(&mut app),
        [
            ("b2".into(), "wb2".into()),
            ("e5".into(), "w4".into()),
            ("f3".into(), "wb".into()),
            ("g2".into(), "w".into())
        ]
    );
    assert_eq!(discs(&mut app).len(), 10);
}

#[test]
fn a_splay_that_captures_moves_the_entities() {
    let mut app = app_with(X, AnimationSpeed::Off);
    // Choose f3, then the cell where its bottom stone lands for a south-east splay: h1.
    click(&mut app, BoardClick::Stack(cell("f3")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "f3");
    click(&mut app, BoardClick::Cell(cell("h1")));
    assert_eq!(
        session_string(&app),
        "splay 8/8/8/4,w4,3/8/8/1,wb2,4,wb,1/8 w 1 0 1"
    );
    assert_eq!(app.world().resource::<Session>().moves(), ["f3>se"]);
    assert_eq!(
        stacks(&mut app),
        [
            ("b2".into(), "wb2".into()),
            ("e5".into(), "w4".into()),
            ("g2".into(), "wb".into())
        ]
    );
    let all = discs(&mut app);
    let captured: Vec<_> = all
        .iter()
        .filter(|d| matches!(d.place.place, Place::Captured(_)))
        .collect();
    assert_eq!(captured.len(), 1);
    assert_eq!(captured[0].colour, Player::White);
    assert_eq!(
        captured[0].place,
        DiscPlace::in_row(Place::Captured(Player::Black), 0)
    );
    let on_g2: Vec<_> = all
        .iter()
        .filter_map(|d| match d.place.on_board() {
            Some((c, level)) if c == cell("g2") => Some((level, d.colour)),
            _ => None,
        })
        .collect();
    assert_eq!(on_g2.len(), 2);
    assert!(on_g2.contains(&(1, Player::Black)) && on_g2.contains(&(0, Player::White)));
}

#[test]
fn illegal_clicks_change_nothing() {
    let mut app = app_with(X, AnimationSpeed::Off);
    // White's stack while Black is to move, an empty cell, and an illegal splay target.
    click(&mut app, BoardClick::Stack(cell("e5")));
    click(&mut app, BoardClick::Cell(cell("d4")));
    assert_eq!(session_string(&app), X);
    assert_eq!(app.world().resource::<Session>().turn().notation(), "");
    click(&mut app, BoardClick::Stack(cell("b2")));
    // b2>ne would land its bottom stone on e5 (overloading it): e5 is not offered.
    click(&mut app, BoardClick::Stack(cell("e5")));
    assert_eq!(session_string(&app), X);
    assert_eq!(app.world().resource::<Session>().turn().notation(), "b2");
    // Choosing another own stack switches; clicking the chosen one drops it.
    click(&mut app, BoardClick::Stack(cell("f3")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "f3");
    click(&mut app, BoardClick::Stack(cell("f3")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "");
}

#[test]
fn pass_and_new_game_go_through_requests() {
    let start = "splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 b 100 5 6";
    let mut app = app_with(start, AnimationSpeed::Off);
    app.world_mut().write_message(SessionRequest::Pass);
    app.update();
    assert_eq!(
        session_string(&app),
        "splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 w 101 5 6"
    );
    // White is not forced to pass: a pass request now does nothing.
    app.world_mut().write_message(SessionRequest::Pass);
    app.update();
    assert_eq!(app.world().resource::<Session>().moves(), ["pass"]);
    app.world_mut().write_message(SessionRequest::NewGame);
    app.update();
    app.update();
    assert_eq!(session_string(&app), start);
    assert_eq!(
        discs(&mut app).len(),
        13 + 11,
        "13 on the board, 5 + 6 captured"
    );
}

#[test]
fn a_splay_animates_its_top_stone_first() {
    let mut app = app_with(X, AnimationSpeed::Normal);
    let top_before = disc_at(&mut app, "f3", 1).1;
    let bottom_before = disc_at(&mut app, "f3", 0).1;
    click(&mut app, BoardClick::Stack(cell("f3")));
    click(&mut app, BoardClick::Cell(cell("h1")));
    // A few frames in: the top stone is on its way, the bottom one has not left yet.
    for _ in 0..3 {
        app.update();
    }
    let top = transform_of(&mut app, top_before.0);
    let bottom = transform_of(&mut app, bottom_before.0);
    assert_ne!(
        top.translation, top_before.1.translation,
        "the top stone moves first"
    );
    assert_eq!(
        bottom.translation, bottom_before.1.translation,
        "the bottom one waits"
    );
    // Eventually every stone rests and nothing is left moving.
    for _ in 0..200 {
        app.update();
    }
    assert_every_stone_rests(&mut app);
}

#[test]
fn reduced_motion_removes_the_animations_whatever_the_speed() {
    let mut app = app_with(X, AnimationSpeed::Normal);
    app.world_mut()
        .resource_mut::<stackyard::game::core::preferences::ViewSettings>()
        .reduced_motion = true;
    click(&mut app, BoardClick::Stack(cell("f3")));
    click(&mut app, BoardClick::Cell(cell("h1")));
    // The frame after the move: every stone is already where it rests, nothing on its way,
    // and the board says it is still; the move's cells are marked as the last move.
    assert_every_stone_rests(&mut app);
    assert!(
        app.world()
            .resource::<stackyard::game::core::motion::BoardMotion>()
            .still()
    );
    assert!(
        !app.world()
            .resource::<Session>()
            .last_move_cells()
            .is_empty()
    );
}

/// Nothing is moving, and every stone stands exactly at its place.
fn assert_every_stone_rests(app: &mut App) {
    let mut moving = app.world_mut().query::<&Tweens>();
    assert_eq!(moving.iter(app.world()).count(), 0);
    let g = app.world().resource::<Session>().position().id().geometry();
    let mut q = app.world_mut().query::<(&Disc, &Transform)>();
    for (d, t) in q.iter(app.world()) {
        assert!(
            (t.translation - d.rest(g).translation).length() < 1e-4,
            "{d:?} rests"
        );
    }
}

fn disc_at(app: &mut App, c: &str, level: u8) -> (Disc, (Entity, Transform)) {
    let mut q = app.world_mut().query::<(Entity, &Disc, &Transform)>();
    q.iter(app.world())
        .find(|(_, d, _)| d.place == DiscPlace::board(cell(c), level))
        .map(|(e, d, t)| (*d, (e, *t)))
        .expect("a stone there")
}

fn transform_of(app: &mut App, e: Entity) -> Transform {
    *app.world().get::<Transform>(e).unwrap()
}

/// Plays a seeded random game to its end with clicks only (the target cell of each legal
/// decision, or the Pass button), checking the stack entities against the rules every turn.
fn play_to_the_end_by_clicks(start: &str, seed: u64) -> (stackyard::rules::Outcome, usize) {
    play_game_by_clicks(app_with(start, AnimationSpeed::Off), seed)
}

/// Clicks the cell of a decision (a board decision), as a stack when it holds one.
fn click_decision(app: &mut App, a: stackyard::rules::Action) {
    use stackyard::game::core::view::BoardView;
    let position = app.world().resource::<Session>().position().clone();
    let c = position.action_cell(a).expect("every decision has a cell");
    let occupied = !position.stack(c).is_empty();
    click(
        app,
        if occupied {
            BoardClick::Stack(c)
        } else {
            BoardClick::Cell(c)
        },
    );
}

fn play_game_by_clicks(mut app: App, seed: u64) -> (stackyard::rules::Outcome, usize) {
    use stackyard::rules::{Action, zobrist};
    let mut seed = seed;
    let mut passes = 0;
    for _ in 0..5000 {
        let session = app.world().resource::<Session>().clone();
        if let Some(o) = session.outcome() {
            let g = session.position().clone();
            let mut want: Vec<(String, String)> = g
                .id()
                .geometry()
                .cells()
                .filter(|&c| !g.stack(c).is_empty())
                .map(|c| (c.to_string(), g.stack(c).to_string()))
                .collect();
            want.sort();
            assert_eq!(stacks(&mut app), want);
            let captured = discs(&mut app)
                .iter()
                .filter(|d| matches!(d.place.place, Place::Captured(_)))
                .count();
            let expected = g.captured_by(Player::Black) + g.captured_by(Player::White);
            assert_eq!(captured, expected, "captured stones in the trays");
            return (o, passes);
        }
        let legal = session.legal_actions();
        seed = zobrist::key(seed);
        let a = legal[(seed % legal.len() as u64) as usize];
        let before = (session.move_count(), session.turn().notation());
        if a == Action::Pass {
            passes += 1;
            app.world_mut().write_message(SessionRequest::Pass);
        } else if matches!(a, Action::Count(_)) {
            // Counts are chosen in the panel, which sends the same request.
            app.world_mut().write_message(SessionRequest::Play(a));
        } else {
            click_decision(&mut app, a);
        }
        app.update();
        let after = app.world().resource::<Session>();
        assert_ne!(
            (after.move_count(), after.turn().notation()),
            before,
            "the click for {a} did nothing"
        );
    }
    panic!("the game did not end");
}

#[test]
fn whole_games_can_be_played_to_the_end_with_clicks() {
    let start = "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/1,b2,b2,b2,b2,b2,b2,1/8 b 0 0 0";
    let mut by_captures = 0;
    for seed in 1..=3 {
        let (outcome, _) = play_to_the_end_by_clicks(start, seed);
        if outcome.reason() == stackyard::rules::Reason::Captures {
            by_captures += 1;
        }
    }
    assert!(by_captures > 0, "no random game ended by captures");
    // A game whose first turn is a forced pass, played on to its end.
    let (_, passes) = play_to_the_end_by_clicks("splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 b 100 5 6", 9);
    assert!(passes >= 1);
}

#[test]
fn a_tap_on_a_stone_chooses_its_stack() {
    use stackyard::game::board::tap::Tap;
    let mut app = app_with(X, AnimationSpeed::Off);
    let (_, (f3_top, _)) = disc_at(&mut app, "f3", 1);
    app.world_mut().trigger(Tap { entity: f3_top });
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Session>().turn().notation(), "f3");
}

#[test]
fn quick_moves_chain_their_animations_without_jumps() {
    let start = "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/1,b2,b2,b2,b2,b2,b2,1/8 b 0 0 0";
    let mut app = app_with(start, AnimationSpeed::Normal);
    let positions = |app: &mut App| -> Vec<(Entity, Vec3)> {
        let mut q = app.world_mut().query::<(Entity, &Disc, &Transform)>();
        let mut v: Vec<_> = q
            .iter(app.world())
            .map(|(e, _, t)| (e, t.translation))
            .collect();
        v.sort_by_key(|(e, _)| *e);
        v
    };
    // d2-d3, g6-g5, d3-d4 in a row: d2's stones are still flying when d3-d4 moves them again.
    for (from, to) in [("d2", "d3"), ("g6", "g5"), ("d3", "d4")] {
        app.world_mut().write_message(BoardClick::Stack(cell(from)));
        app.update();
        app.world_mut().write_message(BoardClick::Cell(cell(to)));
        app.update();
    }
    assert_eq!(
        app.world().resource::<Session>().moves(),
        ["d2-d3", "g6-g5", "d3-d4"]
    );
    let mut before = positions(&mut app);
    let mut largest = 0.0f32;
    for _ in 0..150 {
        app.update();
        let now = positions(&mut app);
        for ((_, a), (_, b)) in before.iter().zip(&now) {
            largest = largest.max((*a - *b).length());
        }
        before = now;
    }
    assert!(largest < 0.6, "a stone jumped {largest} in one 50 ms frame");
    assert_every_stone_rests(&mut app);
}

/// Splay's start position.
const START: &str = "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/1,b2,b2,b2,b2,b2,b2,1/8 b 0 0 0";

/// An app at the start with the given seats.
fn app_with_seats(
    black: stackyard::game::core::seats::Seat,
    white: stackyard::game::core::seats::Seat,
) -> App {
    let mut app = app_with(START, AnimationSpeed::Off);
    app.insert_resource(stackyard::game::core::seats::Seats {
        black,
        white,
        ..Default::default()
    });
    app
}

/// Runs frames until `done` holds (the computer thinks on other threads), or fails.
fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..20_000 {
        if done(app) {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("gave up waiting: {what}");
}

#[test]
fn computer_seats_play_by_themselves_and_new_game_cancels_their_search() {
    use stackyard::ai::Level;
    use stackyard::game::core::opponent::Thinking;
    use stackyard::game::core::seats::Seat;
    let start = START;
    let mut app = app_with_seats(
        Seat::Computer(Level::Beginner),
        Seat::Computer(Level::Beginner),
    );
    // A person's click on the computer's turn is ignored.
    click(&mut app, BoardClick::Stack(cell("d2")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "");
    run_until(&mut app, "four moves", |app| {
        app.world().resource::<Session>().move_count() >= 4
    });
    let moves = app.world().resource::<Session>().moves().to_vec();
    let replay = stackyard::rules::play_move(&position(start), &moves[0]);
    assert!(replay.is_ok(), "{moves:?}");
    // Wait until it thinks again, then start a new game: the search is dropped.
    run_until(&mut app, "thinking again", |app| {
        app.world().contains_resource::<Thinking>()
    });
    let old_search = app.world().resource::<Thinking>().position_hash();
    app.world_mut().write_message(SessionRequest::NewGame);
    app.update();
    let session = app.world().resource::<Session>();
    assert!(session.move_count() == 0);
    let now = session.position().hash();
    assert_ne!(old_search, now, "the old search was for another position");
    if let Some(t) = app.world().get_resource::<Thinking>() {
        assert_eq!(
            t.position_hash(),
            now,
            "a search for a position no longer on the board"
        );
    }
}

#[test]
fn the_computer_thinks_while_its_last_decision_moves_and_still_keeps_its_pace() {
    use stackyard::ai::Level;
    use stackyard::game::core::opponent::Thinking;
    use stackyard::game::core::seats::{Seat, Seats};
    let mut app = app_with(START, AnimationSpeed::Normal);
    let seats = Seats {
        black: Seat::Computer(Level::Beginner),
        white: Seat::Computer(Level::Beginner),
        ..Default::default()
    };
    app.insert_resource(seats);
    run_until(&mut app, "the first move", |app| {
        !app.world().resource::<Session>().moves().is_empty()
    });
    let moving = |app: &mut App| {
        let mut q = app.world_mut().query::<&Tweens>();
        q.iter(app.world()).count() > 0
    };
    // The move's stones are still on their way, and White already thinks about its reply.
    assert!(moving(&mut app), "the first move should still be animating");
    let after_move = app.world().resource::<Session>().position().hash();
    let thinking = app
        .world()
        .get_resource::<Thinking>()
        .map(Thinking::position_hash);
    assert_eq!(
        thinking,
        Some(after_move),
        "no search while the move animates"
    );
    // Its decision still waits for the stones to stop and then for the pace.
    let mut still_at = None;
    for _ in 0..400 {
        app.update();
        let now = app.world().resource::<Time>().elapsed_secs_f64();
        if app.world().resource::<Session>().position().hash() != after_move {
            let since = still_at.expect("a decision played while the stones still moved");
            assert!(
                now - since >= seats.pace.as_secs_f64(),
                "played {:.3} s after the board stopped, before the pace",
                now - since
            );
            return;
        }
        if still_at.is_none() && !moving(&mut app) {
            still_at = Some(now);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("White never played");
}

#[test]
fn the_computer_keeps_its_tree_for_the_next_turn() {
    use stackyard::ai::Level;
    use stackyard::game::core::opponent::KeptTree;
    use stackyard::game::core::seats::Seat;
    let mut app = app_with_seats(Seat::Computer(Level::Casual), Seat::Human);
    run_until(&mut app, "the computer's move", |app| {
        !app.world().resource::<Session>().moves().is_empty()
    });
    for _ in 0..3 {
        app.update();
    }
    // White (a person) to move: the tree followed Black's decisions and waits, already grown.
    let visits = app.world().resource::<KeptTree>().root_visits();
    assert!(visits.is_some_and(|v| v > 0), "kept tree: {visits:?}");
    // A person's move is followed too.
    let session = app.world().resource::<Session>().clone();
    assert_eq!(session.position().to_move(), Player::White);
    click(&mut app, BoardClick::Stack(cell("b6")));
    click(&mut app, BoardClick::Cell(cell("b5")));
    assert_eq!(app.world().resource::<Session>().move_count(), 2);
}

fn disc_entities(app: &mut App) -> Vec<Entity> {
    let mut q = app.world_mut().query_filtered::<Entity, With<Disc>>();
    let mut v: Vec<Entity> = q.iter(app.world()).collect();
    v.sort();
    v
}

#[test]
fn a_deselect_or_a_reselect_keeps_the_same_stones() {
    let mut app = app_with(X, AnimationSpeed::Off);
    let before = disc_entities(&mut app);
    click(&mut app, BoardClick::Stack(cell("f3")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "f3");
    // The chosen stack again: the choice is dropped.
    click(&mut app, BoardClick::Stack(cell("f3")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "");
    click(&mut app, BoardClick::Stack(cell("f3")));
    // Another stack of the same side: chosen instead.
    click(&mut app, BoardClick::Stack(cell("b2")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "b2");
    request(&mut app, SessionRequest::CancelSelection);
    assert_eq!(app.world().resource::<Session>().turn().notation(), "");
    assert_eq!(disc_entities(&mut app), before, "the stones were rebuilt");
}

#[test]
fn the_computers_tree_survives_a_persons_deselect() {
    use stackyard::ai::Level;
    use stackyard::game::core::opponent::KeptTree;
    use stackyard::game::core::seats::Seat;
    let mut app = app_with_seats(Seat::Computer(Level::Casual), Seat::Human);
    run_until(&mut app, "the computer's move", |app| {
        !app.world().resource::<Session>().moves().is_empty()
    });
    for _ in 0..3 {
        app.update();
    }
    let kept = app.world().resource::<KeptTree>().root_visits();
    assert!(kept.is_some_and(|v| v > 0), "kept tree: {kept:?}");
    click(&mut app, BoardClick::Stack(cell("b6")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "b6");
    click(&mut app, BoardClick::Stack(cell("b6")));
    assert_eq!(app.world().resource::<Session>().turn().notation(), "");
    assert_eq!(app.world().resource::<KeptTree>().root_visits(), kept);
    click(&mut app, BoardClick::Stack(cell("b6")));
    request(&mut app, SessionRequest::UndoStep);
    assert_eq!(app.world().resource::<Session>().turn().notation(), "");
    assert_eq!(app.world().resource::<KeptTree>().root_visits(), kept);
}

#[test]
fn a_hint_suggests_a_legal_decision_and_goes_when_anything_is_played() {
    use stackyard::game::core::opponent::{Hint, HintRequest};
    use stackyard::game::core::seats::Seat;
    let mut app = app_with_seats(Seat::Human, Seat::Human);
    app.world_mut().write_message(HintRequest);
    run_until(&mut app, "a hint", |app| {
        app.world().contains_resource::<Hint>()
    });
    let hint = *app.world().resource::<Hint>();
    let session = app.world().resource::<Session>().clone();
    assert_eq!(hint.position, session.position().hash());
    assert!(session.legal_actions().contains(&hint.action));
    // Take the hinted decision: the hint is used up.
    app.world_mut()
        .write_message(SessionRequest::Play(hint.action));
    app.update();
    app.update();
    assert!(!app.world().contains_resource::<Hint>());
    assert_eq!(
        app.world().resource::<Session>().turn().actions(),
        [hint.action]
    );
}

/// An app whose session starts a game with these options (no position string needed).
fn app_for(options: stackyard::rules::AnyOptions, speed: AnimationSpeed) -> App {
    let mut app = app_with(START, speed);
    app.world_mut()
        .write_message(SessionRequest::Start(options));
    app.update();
    app.update();
    app
}

#[test]
fn intermedium_games_can_be_played_to_the_end_with_clicks_with_and_without_the_opening_rule() {
    use stackyard::rules::{AnyOptions, IntermediumOptions, Reason};
    let mut reasons = Vec::new();
    for (seed, opening_rule) in [(1, true), (2, false), (3, true)] {
        let options = AnyOptions::Intermedium(IntermediumOptions {
            opening_rule,
            ..IntermediumOptions::default()
        });
        let app = app_for(options, AnimationSpeed::Off);
        assert!(session_string(&app).starts_with("intermedium "));
        let (outcome, passes) = play_game_by_clicks(app, seed);
        assert_eq!(passes, 0, "Intermedium has no passes");
        reasons.push(outcome.reason());
    }
    assert!(
        reasons
            .iter()
            .all(|r| matches!(r, Reason::NoMoves | Reason::City | Reason::PlyCap)),
        "{reasons:?}"
    );
}

#[test]
fn splay_ends_drawn_by_the_no_progress_draw_with_clicks_and_then_takes_no_click() {
    use stackyard::rules::{AnyOptions, Outcome, Reason, SplayOptions};
    // No stone can be captured in Splay's first four turns.
    let options = AnyOptions::Splay(SplayOptions {
        no_capture_turns: 4,
        ..SplayOptions::default()
    });
    let mut app = app_for(options, AnimationSpeed::Off);
    let mut clicks = 0;
    while app.world().resource::<Session>().outcome().is_none() {
        let legal = app.world().resource::<Session>().legal_actions();
        click_decision(&mut app, legal[0]);
        clicks += 1;
        assert!(clicks < 20, "not drawn after {clicks} clicks");
    }
    let session = app.world().resource::<Session>();
    assert_eq!(session.outcome(), Some(Outcome::Draw(Reason::NoCapture)));
    assert_eq!(session.move_count(), 4);
    assert!(session.legal_actions().is_empty());
    let before = session_string(&app);
    click(&mut app, BoardClick::Stack(cell("c3")));
    assert_eq!(session_string(&app), before, "a click after the draw");
}

#[test]
fn sowing_moves_the_same_stones_one_step_at_a_time_and_undo_takes_a_step_back() {
    use stackyard::rules::{AnyOptions, IntermediumOptions};
    let mut app = app_for(
        AnyOptions::Intermedium(IntermediumOptions::default()),
        AnimationSpeed::Fast,
    );
    click(&mut app, BoardClick::Stack(cell("a2")));
    click(&mut app, BoardClick::Stack(cell("b3")));
    // Three stones in hand hover over b3; b3 now holds five.
    let hand = discs(&mut app)
        .iter()
        .filter(|d| matches!(d.place.place, Place::Hand { .. }))
        .count();
    assert_eq!(hand, 3);
    app.world_mut().write_message(SessionRequest::UndoStep);
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Session>().turn().notation(),
        "a2",
        "undo took back the step, not the choice of stack"
    );
    // Undo rebuilt the stones from the rules: the four of a2 are in hand over a2.
    let before: Vec<Entity> = {
        let mut q = app.world_mut().query::<(Entity, &Disc)>();
        q.iter(app.world())
            .filter(
                |(_, d)| matches!(d.place.place, Place::Hand { cell: c, .. } if c == cell("a2")),
            )
            .map(|(e, _)| e)
            .collect()
    };
    assert_eq!(before.len(), 4);
    for c in ["b3", "c4", "d5", "e6"] {
        click(&mut app, BoardClick::Cell(cell(c)));
    }
    assert_eq!(
        app.world().resource::<Session>().moves(),
        ["a2-b3-c4-d5-e6"]
    );
    for _ in 0..200 {
        app.update();
    }
    assert_every_stone_rests(&mut app);
    // The four stones of a2 are the ones now on top of b3, c4, d5 and e6: animated, not rebuilt.
    let after: Vec<Entity> = [("b3", 4), ("c4", 4), ("d5", 0), ("e6", 0)]
        .iter()
        .map(|&(c, l)| disc_at(&mut app, c, l).1.0)
        .collect();
    let mut a = before.clone();
    let mut b = after.clone();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn grabber_games_can_be_played_to_the_end_with_clicks_on_every_board() {
    use stackyard::rules::{AnyOptions, GameId, GrabberOptions, Reason};
    for (seed, id) in [
        (4, GameId::Grabber6),
        (5, GameId::Grabber8),
        (6, GameId::Grabber10),
    ] {
        let app = app_for(
            AnyOptions::Grabber(id, GrabberOptions::default()),
            AnimationSpeed::Off,
        );
        assert!(session_string(&app).starts_with(id.id()));
        let (outcome, passes) = play_game_by_clicks(app, seed);
        assert_eq!(passes, 0);
        assert_eq!(outcome.reason(), Reason::NoMoves, "{id}");
    }
}

#[test]
fn a_jump_carries_the_column_and_slides_the_taken_man_underneath() {
    let mut app = app_with(
        "grabber 8/8/8/8/2,b,5/1,b,1,b,4/1,w,b2,5/8 w 4",
        AnimationSpeed::Fast,
    );
    let mover = disc_at(&mut app, "b2", 0).1.0;
    let taken = disc_at(&mut app, "c2", 1).1.0;
    click(&mut app, BoardClick::Stack(cell("b2")));
    click(&mut app, BoardClick::Cell(cell("d2")));
    // d4 is still open, so the turn waits for a jump or a stop: click the column to stop.
    click(&mut app, BoardClick::Stack(cell("d2")));
    assert_eq!(app.world().resource::<Session>().moves(), ["b2-d2"]);
    for _ in 0..200 {
        app.update();
    }
    assert_every_stone_rests(&mut app);
    assert_eq!(disc_at(&mut app, "d2", 1).1.0, mover);
    assert_eq!(disc_at(&mut app, "d2", 0).1.0, taken);
}

#[test]
fn support_games_can_be_played_to_the_end_with_clicks() {
    use stackyard::rules::{AnyOptions, SupportOptions};
    for seed in [7, 8] {
        let app = app_for(
            AnyOptions::Support(SupportOptions {
                ply_cap: 300,
                ..SupportOptions::default()
            }),
            AnimationSpeed::Off,
        );
        let (_, passes) = play_game_by_clicks(app, seed);
        assert_eq!(passes, 0);
    }
}

#[test]
fn an_insertion_brings_a_new_stone_from_the_supply_and_a_push_moves_the_chain() {
    let mut app = app_with(
        "support 9/9/9/9/9/9/4,w,4/4,b,4/4,b,4 b 11 0 0 -",
        AnimationSpeed::Fast,
    );
    let bottom = disc_at(&mut app, "e1", 0).1.0;
    let middle = disc_at(&mut app, "e2", 0).1.0;
    click(&mut app, BoardClick::Stack(cell("e1")));
    app.world_mut()
        .write_message(BoardClick::Choose(stackyard::rules::Action::Dir(
            stackyard::rules::Dir::N,
        )));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Session>().moves(), ["e1:n"]);
    for _ in 0..200 {
        app.update();
    }
    assert_every_stone_rests(&mut app);
    // The chain moved up one cell (the same stones), a new stone took e1, e3 was captured.
    assert_eq!(disc_at(&mut app, "e2", 0).1.0, bottom);
    assert_eq!(disc_at(&mut app, "e3", 0).1.0, middle);
    let new = disc_at(&mut app, "e1", 0).1.0;
    assert!(new != bottom && new != middle);
    let trays = discs(&mut app)
        .iter()
        .filter(|d| matches!(d.place.place, Place::Captured(_)))
        .count();
    assert_eq!(trays, 1);
}

#[test]
fn cash_in_hand_games_can_be_played_with_clicks_and_counts_and_stones_stay_consistent() {
    use stackyard::rules::{AnyOptions, CashInHandOptions};
    for seed in [9, 10] {
        let app = app_for(
            AnyOptions::CashInHand(CashInHandOptions {
                ply_cap: 40,
                ..CashInHandOptions::default()
            }),
            AnimationSpeed::Off,
        );
        assert!(session_string(&app).starts_with("cash-in-hand "));
        let (_, passes) = play_game_by_clicks(app, seed);
        assert_eq!(passes, 0);
    }
}

#[test]
fn a_capture_sends_stones_to_the_supply_and_placements_bring_new_ones() {
    use stackyard::rules::Action;
    // Example 7 of the spec: h8:1 g7:1 captures e4 (3 stones), placed 1 on d4 and 2 on e5.
    let mut app = app_with(
        "cash-in-hand w,6,b/8/8/4,b,3/3,b,w3,b,2/4,b,3/8/8 b 10",
        AnimationSpeed::Fast,
    );
    let sown = disc_at(&mut app, "h8", 0).1.0;
    click(&mut app, BoardClick::Stack(cell("h8")));
    // One stone only: the count is taken for the person, then the drop too.
    assert_eq!(app.world().resource::<Session>().turn().notation(), "h8:1");
    click(&mut app, BoardClick::Cell(cell("g7")));
    let turn = app.world().resource::<Session>().turn().notation();
    assert_eq!(turn, "h8:1 g7:1 (:e4)", "captures are made at once");
    for c in ["d4", "e5", "e5"] {
        click(&mut app, BoardClick::Stack(cell(c)));
    }
    assert_eq!(
        app.world().resource::<Session>().moves(),
        ["h8:1 g7:1 (:e4) d4:1 e5:2"]
    );
    for _ in 0..300 {
        app.update();
    }
    assert_every_stone_rests(&mut app);
    let on_board = discs(&mut app)
        .iter()
        .filter(|d| matches!(d.place.place, Place::Board { .. }))
        .count();
    assert_eq!(
        on_board, 9,
        "the stones on the board stay as many as before"
    );
    assert_eq!(
        disc_at(&mut app, "g7", 0).1.0,
        sown,
        "the sown stone was moved, not rebuilt"
    );
    assert!(!matches!(
        app.world().resource::<Session>().legal_actions().first(),
        Some(Action::Count(_))
    ));
}

#[test]
fn the_cells_a_move_captured_are_marked_until_the_next_move() {
    // Intermedium's example 1: a6-b5-c4-d5 captures White's c5.
    let mut app = app_with(
        "intermedium 7/6,w2/7/7/b3,1,b2,4/1,b4,w,b,3/7/7/7/7 b 20",
        AnimationSpeed::Off,
    );
    for c in ["a6", "b5", "c4", "d5"] {
        click(&mut app, BoardClick::Stack(cell(c)));
    }
    let session = app.world().resource::<Session>();
    assert_eq!(session.moves(), ["a6-b5-c4-d5"]);
    assert_eq!(session.taken(), [cell("c5")]);
    click(&mut app, BoardClick::Stack(cell("g9")));
    assert!(app.world().resource::<Session>().taken().is_empty());
}

#[test]
fn support_is_won_with_the_mouse_by_the_centre_and_by_captures() {
    // Example 16: g4-f5 reaches five centre cells; Black's a5 does not break them.
    let mut app = app_with(
        "support b,8/9/9/3,w,w,4/3,w,5/2,b,w,b,b,w,2/9/9/9 w 40 3 2 -",
        AnimationSpeed::Off,
    );
    click(&mut app, BoardClick::Stack(cell("g4")));
    click(&mut app, BoardClick::Cell(cell("f5")));
    {
        use stackyard::game::core::view::BoardView;
        let line = app.world().resource::<Session>().position().captures_line(
            app.world().resource::<stackyard::game::core::i18n::Tr>(),
            Player::White,
        );
        assert!(
            line.contains("White holds the centre: Black must break it now"),
            "{line}"
        );
    }
    click(&mut app, BoardClick::Cell(cell("a5")));
    let outcome = app.world().resource::<Session>().outcome();
    assert_eq!(outcome.map(|o| o.to_string()), Some("win w centre".into()));
    // Example 21: b2 takes the White stone on a1, Black's 18th capture.
    let mut app = app_with(
        "support 9/9/9/9/4,w,4/9/9/1,b,7/w,8 b 101 12 17 -",
        AnimationSpeed::Off,
    );
    click(&mut app, BoardClick::Stack(cell("b2")));
    click(&mut app, BoardClick::Stack(cell("a1")));
    let outcome = app.world().resource::<Session>().outcome();
    assert_eq!(
        outcome.map(|o| o.to_string()),
        Some("win b captures".into())
    );
}

#[test]
fn undo_is_for_a_person_on_their_own_turn() {
    use stackyard::game::core::seats::{Seat, Seats};
    let mut app = app_with(
        "intermedium 7/6,w2/7/7/b3,1,b2,4/1,b4,w,b,3/7/7/7/7 b 20",
        AnimationSpeed::Off,
    );
    click(&mut app, BoardClick::Stack(cell("a6")));
    click(&mut app, BoardClick::Stack(cell("b5")));
    // The seat is handed to the computer mid-turn: the person's undo no longer applies.
    app.insert_resource(Seats {
        black: Seat::Computer(stackyard::ai::Level::Beginner),
        white: Seat::Human,
        ..Default::default()
    });
    app.world_mut().write_message(SessionRequest::UndoStep);
    app.update();
    assert_eq!(
        app.world().resource::<Session>().turn().notation(),
        "a6-b5",
        "undo on the computer's turn is ignored"
    );
    app.insert_resource(Seats::default());
    app.world_mut().write_message(SessionRequest::UndoStep);
    app.update();
    assert_eq!(app.world().resource::<Session>().turn().notation(), "a6");
}

fn request(app: &mut App, r: SessionRequest) {
    app.world_mut().write_message(r);
    app.update();
    app.update();
}

#[test]
fn whole_moves_are_undone_and_redone_and_a_new_move_forgets_the_redo() {
    use stackyard::rules::{AnyOptions, GameId, GrabberOptions};
    let mut app = app_for(
        AnyOptions::Grabber(GameId::Grabber6, GrabberOptions::default()),
        AnimationSpeed::Off,
    );
    let start = session_string(&app);
    click(&mut app, BoardClick::Stack(cell("a1")));
    click(&mut app, BoardClick::Stack(cell("b1")));
    let after_two = session_string(&app);
    request(&mut app, SessionRequest::UndoMove);
    assert_eq!(app.world().resource::<Session>().moves(), ["a1"]);
    request(&mut app, SessionRequest::UndoMove);
    assert_eq!(session_string(&app), start);
    request(&mut app, SessionRequest::RedoMove);
    request(&mut app, SessionRequest::RedoMove);
    assert_eq!(session_string(&app), after_two);
    assert_eq!(stacks(&mut app).len(), 34, "the stones follow");
    request(&mut app, SessionRequest::UndoMove);
    click(&mut app, BoardClick::Stack(cell("d1")));
    assert!(!app.world().resource::<Session>().can_redo_move());
    assert_eq!(app.world().resource::<Session>().moves(), ["a1", "d1"]);
}

#[test]
fn against_the_computer_undo_goes_back_to_the_persons_turn() {
    use stackyard::game::core::seats::Seat;
    let mut app = app_with_seats(Seat::Human, Seat::Computer(stackyard::ai::Level::Beginner));
    click(&mut app, BoardClick::Stack(cell("b2")));
    click(&mut app, BoardClick::Cell(cell("b1")));
    run_until(&mut app, "the computer's reply", |app| {
        app.world().resource::<Session>().move_count() == 2
    });
    request(&mut app, SessionRequest::UndoMove);
    let session = app.world().resource::<Session>();
    assert!(session.move_count() == 0, "{:?}", session.moves());
    assert_eq!(session_string(&app), START);
}

#[test]
fn an_earlier_position_is_shown_without_touching_the_game() {
    let mut app = app_with(START, AnimationSpeed::Off);
    click(&mut app, BoardClick::Stack(cell("b2")));
    click(&mut app, BoardClick::Cell(cell("b1")));
    let live = session_string(&app);
    request(&mut app, SessionRequest::View(0));
    assert_eq!(app.world().resource::<Session>().viewing(), Some(0));
    assert_eq!(session_string(&app), START, "the start is shown");
    assert!(app.world().resource::<Session>().legal_actions().is_empty());
    click(&mut app, BoardClick::Stack(cell("c7")));
    request(&mut app, SessionRequest::Live);
    assert_eq!(
        session_string(&app),
        live,
        "nothing was played while viewing"
    );
}

#[test]
fn resigning_ends_the_game_for_the_other_side() {
    let mut app = app_with(START, AnimationSpeed::Off);
    request(&mut app, SessionRequest::Resign);
    let session = app.world().resource::<Session>();
    assert_eq!(
        session.outcome(),
        Some(stackyard::rules::Outcome::Win(
            Player::White,
            stackyard::rules::Reason::Resignation
        ))
    );
    assert!(session.legal_actions().is_empty());
    request(&mut app, SessionRequest::UndoMove);
    request(&mut app, SessionRequest::NewGame);
    assert!(app.world().resource::<Session>().outcome().is_none());
}

#[test]
fn a_position_reached_for_the_third_time_draws_the_game_until_a_move_is_taken_back() {
    use stackyard::rules::{Outcome, Reason};
    let mut app = app_with(START, AnimationSpeed::Off);
    let step = |app: &mut App, from: &str, to: &str| {
        click(app, BoardClick::Stack(cell(from)));
        click(app, BoardClick::Cell(cell(to)));
    };
    for round in 0..2 {
        assert!(
            app.world().resource::<Session>().outcome().is_none(),
            "round {round}"
        );
        step(&mut app, "c3", "c4");
        step(&mut app, "c6", "c5");
        step(&mut app, "c4", "c3");
        step(&mut app, "c5", "c6");
    }
    let session = app.world().resource::<Session>();
    assert_eq!(session.move_count(), 8);
    assert_eq!(session_string(&app), START.replace(" 0 0 0", " 8 0 0"));
    assert_eq!(session.outcome(), Some(Outcome::Draw(Reason::Repetition)));
    assert!(session.legal_actions().is_empty());
    step(&mut app, "c3", "c4");
    assert_eq!(
        app.world().resource::<Session>().move_count(),
        8,
        "the game is over"
    );
    request(&mut app, SessionRequest::UndoMove);
    let session = app.world().resource::<Session>();
    assert!(session.outcome().is_none());
    assert!(!session.legal_actions().is_empty());
}

#[test]
fn every_move_is_autosaved_and_saves_load_back_while_broken_files_change_nothing() {
    use stackyard::files::save::SaveFile;
    use stackyard::game::core::file_writer::FileWriter;
    use stackyard::game::core::saving::{
        Autosave, FileStatus, LoadRequest, SaveFolder, SaveRequest,
    };
    let dir = Scratch::new("app-saves");
    let mut app = app_with(START, AnimationSpeed::Off);
    app.insert_resource(Autosave(Some(dir.join("autosave.ron"))));
    app.insert_resource(SaveFolder(dir.to_path_buf()));
    click(&mut app, BoardClick::Stack(cell("b2")));
    click(&mut app, BoardClick::Cell(cell("b1")));
    app.update();
    app.world().resource::<FileWriter>().wait();
    let (auto, _) = SaveFile::load(&dir.join("autosave.ron")).expect("the autosave");
    assert_eq!(auto.moves, ["b2-b1"]);
    app.world_mut()
        .write_message(SaveRequest("first game".into()));
    app.update();
    assert!(dir.join("first game.ron").exists());
    let after_move = session_string(&app);
    // A broken file is refused, with its reason, and the game stays.
    std::fs::write(dir.join("broken.ron"), "(version: 1, game: \"splay\"").unwrap();
    app.world_mut()
        .write_message(LoadRequest(dir.join("broken.ron")));
    app.update();
    let status = app.world().resource::<FileStatus>().clone();
    assert!(
        status.failed && status.text.contains("broken is refused"),
        "{status:?}"
    );
    assert_eq!(session_string(&app), after_move);
    // New game, then the save brings the move back.
    request(&mut app, SessionRequest::NewGame);
    assert_eq!(session_string(&app), START);
    app.world_mut()
        .write_message(LoadRequest(dir.join("first game.ron")));
    app.update();
    app.update();
    assert_eq!(session_string(&app), after_move);
    assert_eq!(app.world().resource::<Session>().moves(), ["b2-b1"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_autosave_that_cannot_be_written_is_said_in_the_panel_and_play_goes_on() {
    use stackyard::game::core::file_writer::FileWriter;
    use stackyard::game::core::problems::Problems;
    use stackyard::game::core::saving::{Autosave, FileStatus};
    let dir = Scratch::new("app-autosave");
    // The autosave's folder is taken by a file, as a write to a full disk fails.
    std::fs::write(dir.join("data"), b"").unwrap();
    let mut app = app_with(START, AnimationSpeed::Off);
    app.insert_resource(Autosave(Some(dir.join("data/autosave.ron"))));
    click(&mut app, BoardClick::Stack(cell("b2")));
    click(&mut app, BoardClick::Cell(cell("b1")));
    app.update();
    app.world().resource::<FileWriter>().wait();
    // The failure is reported at the end of a frame and said in the panel in the next.
    app.update();
    app.update();
    let status = app.world().resource::<FileStatus>().clone();
    assert!(status.failed, "{status:?}");
    assert!(
        status.text.contains("Autosave failed") && status.text.contains("data"),
        "{status:?}"
    );
    let last = app.world().resource::<Problems>().last.clone().unwrap();
    assert!(last.starts_with("the autosave is skipped"), "{last}");
    assert_eq!(
        app.world().resource::<Session>().moves(),
        ["b2-b1"],
        "play goes on"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn play_by_clicks(app: &mut App, from: &str, to: &str) {
    click(app, BoardClick::Stack(cell(from)));
    click(app, BoardClick::Cell(cell(to)));
}

#[test]
fn a_click_on_an_earlier_position_starts_a_variation_and_keeps_the_later_moves() {
    let mut app = app_with(START, AnimationSpeed::Off);
    play_by_clicks(&mut app, "c3", "c4");
    play_by_clicks(&mut app, "c6", "c5");
    play_by_clicks(&mut app, "d3", "d4");
    app.world_mut().write_message(SessionRequest::View(1));
    app.update();
    play_by_clicks(&mut app, "f6", "f5");
    let session = app.world().resource::<Session>();
    assert_eq!(session.moves(), ["c3-c4", "f6-f5"]);
    assert_eq!(
        session.tree().main_line().len(),
        3,
        "the later moves are kept"
    );
    assert_eq!(session.tree().variation_starts().len(), 1);
    assert_eq!(stacks(&mut app), {
        let mut s = Session::new(position(START));
        for m in ["c3-c4", "f6-f5"] {
            let (_, actions) = stackyard::rules::play_move(s.position(), m).unwrap();
            for a in actions {
                s.play(a);
            }
        }
        let mut other = app_with(&s.position().to_setup().to_string(), AnimationSpeed::Off);
        stacks(&mut other)
    });
}

#[test]
fn a_pasted_record_opens_at_its_last_move_and_a_wrong_one_changes_nothing() {
    use stackyard::game::screens::export::Exported;
    use stackyard::game::screens::import::ImportText;
    let mut app = app_with(START, AnimationSpeed::Off);
    play_by_clicks(&mut app, "c3", "c4");
    let record = {
        let s = app.world().resource::<Session>();
        stackyard::game::screens::export::copied_text(
            s,
            stackyard::game::screens::export::CopyRequest::Record,
            &stackyard::game::core::preferences::ShareBase::default(),
        )
    };
    let wrong = record.replace("1. c3-c4", "1. c3-c9");
    app.world_mut().write_message(ImportText(wrong));
    app.update();
    let status = app.world().resource::<Exported>().status.clone();
    assert!(status.contains("record line 5: move 1 'c3-c9'"), "{status}");
    assert_eq!(
        app.world().resource::<Session>().moves(),
        ["c3-c4"],
        "the game stays"
    );
    let longer = record
        .replace("Position: ", "2. c6-c5\nPosition: ")
        .lines()
        .filter(|l| !l.starts_with("Position"))
        .collect::<Vec<_>>()
        .join("\n");
    // The players' seats (a person against Casual) stay: a record carries none, and says so.
    let casual = stackyard::game::core::seats::Seat::Computer(stackyard::ai::Level::Casual);
    app.world_mut()
        .resource_mut::<stackyard::game::core::seats::Seats>()
        .white = casual;
    app.world_mut().write_message(ImportText(longer));
    app.update();
    app.update();
    let seats = *app
        .world()
        .resource::<stackyard::game::core::seats::Seats>();
    assert_eq!(
        (seats.black, seats.white),
        (stackyard::game::core::seats::Seat::Human, casual),
        "a pasted record keeps the seats"
    );
    let status = app.world().resource::<Exported>().status.clone();
    assert!(
        status.contains("the seats are kept") && status.contains("White: Computer: Casual"),
        "{status}"
    );
    let session = app.world().resource::<Session>();
    assert_eq!(
        session.moves(),
        ["c3-c4", "c6-c5"],
        "{}",
        app.world().resource::<Exported>().status
    );
    assert_eq!(session.viewing(), None, "it opens at its last move");
    assert_eq!(stacks(&mut app).len(), {
        let after = stackyard::rules::play_move(&position(START), "c3-c4")
            .unwrap()
            .0;
        let after = stackyard::rules::play_move(&after, "c6-c5").unwrap().0;
        stacks(&mut app_with(
            &after.to_setup().to_string(),
            AnimationSpeed::Off,
        ))
        .len()
    });
}

#[test]
fn copy_link_carries_the_game_and_a_pasted_link_opens_it_at_the_same_move() {
    use stackyard::game::screens::export::{CopyRequest, Exported};
    use stackyard::game::screens::import::ImportText;
    let mut app = app_with(START, AnimationSpeed::Off);
    play_by_clicks(&mut app, "c3", "c4");
    play_by_clicks(&mut app, "c6", "c5");
    app.world_mut()
        .resource_mut::<stackyard::game::core::preferences::ShareBase>()
        .0 = "https://museum.example/stackyard/".to_owned();
    let share = app
        .world()
        .resource::<stackyard::game::core::preferences::ShareBase>()
        .clone();
    let link = stackyard::game::screens::export::copied_text(
        app.world().resource::<Session>(),
        CopyRequest::Link,
        &share,
    );
    assert!(
        link.starts_with("https://museum.example/stackyard/#splay/1."),
        "{link}"
    );
    // Opened in another app (a player at home): the same moves, at the same move.
    let mut other = app_with(START, AnimationSpeed::Off);
    other.world_mut().write_message(ImportText(link));
    other.update();
    other.update();
    let session = other.world().resource::<Session>();
    assert_eq!(session.moves(), ["c3-c4", "c6-c5"]);
    assert_eq!(session.viewing(), None);
    // A link cut short is refused with what is wrong, and the game stays.
    let status_before = session.moves();
    let broken = "https://museum.example/stackyard/#splay/1.AAAA".to_owned();
    other.world_mut().write_message(ImportText(broken));
    other.update();
    let status = other.world().resource::<Exported>().status.clone();
    assert!(status.contains("damaged or cut short"), "{status}");
    assert_eq!(other.world().resource::<Session>().moves(), status_before);
}

#[test]
fn save_record_writes_the_game_into_the_records_folder_and_it_opens_again() {
    use stackyard::game::core::saving::SaveFolder;
    use stackyard::game::screens::export::Exported;
    use stackyard::game::screens::import::ImportText;
    use stackyard::game::screens::record_file::SaveRecordRequest;
    let dir = Scratch::new("app-records");
    let mut app = app_with(START, AnimationSpeed::Off);
    app.insert_resource(SaveFolder(dir.to_path_buf()));
    play_by_clicks(&mut app, "c3", "c4");
    play_by_clicks(&mut app, "c6", "c5");
    app.world_mut().write_message(SaveRecordRequest);
    app.update();
    let status = app.world().resource::<Exported>().status.clone();
    let records: Vec<_> = std::fs::read_dir(dir.join("records"))
        .expect("a records folder")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(records.len(), 1, "{status}");
    let name = records[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with("splay-") && name.ends_with(".txt"),
        "{name}"
    );
    assert!(status.contains(&name), "the move list says where: {status}");
    // The file opens again (a drop or Open file reads it as a pasted text).
    let mut other = app_with(START, AnimationSpeed::Off);
    let text = std::fs::read_to_string(&records[0]).unwrap();
    other.world_mut().write_message(ImportText(text));
    other.update();
    other.update();
    assert_eq!(
        other.world().resource::<Session>().moves(),
        ["c3-c4", "c6-c5"]
    );
}
