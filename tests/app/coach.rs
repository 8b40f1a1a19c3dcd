//! The coach without a window: against Casual it warns of a scripted blunder (Support's stone
//! left where the reply takes it) with the stones at risk, holds the computer's reply until
//! Take back (the turn undone) or Play anyway (the game goes on); it stays silent for a sound
//! move, and it never appears against Strong, where nobody asked for it.

use crate::common::headless::{Headless, position};
use std::time::Duration;

use bevy::prelude::*;
use stackyard::ai::Level;
use stackyard::ai::coach::Blunder;
use stackyard::game::core::coach::{CoachAnswer, CoachWarning};
use stackyard::game::core::seats::{Coaching, Seat, Seats};
use stackyard::game::core::session::{Session, SessionRequest};
use stackyard::rules::Game;

/// Black to move; a4-a5 leaves the stone where a6-a5 takes it, and other moves keep it.
const SUPPORT: &str = "support 3,w,2,w,w,1/9/8,b/w,7,w/9/b,8/9/8,b/1,b,7 b 9 0 0 -";

fn app_against(level: Level) -> App {
    Headless::on(position(SUPPORT)).then(|app| {
        app.insert_resource(Seats {
            white: Seat::Computer(level),
            ..Seats::default()
        });
    })
}

fn play(app: &mut App, text: &str) {
    let actions = app
        .world()
        .resource::<Session>()
        .position()
        .parse_actions(text)
        .unwrap();
    for a in actions {
        app.world_mut().write_message(SessionRequest::Play(a));
        app.update();
    }
}

fn moves(app: &App) -> usize {
    app.world().resource::<Session>().move_count()
}

fn warning(app: &App) -> Option<stackyard::game::core::coach::ShownWarning> {
    app.world().resource::<CoachWarning>().0.clone()
}

/// Runs frames until `done` holds (the coach and the computer think on other threads).
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

/// Lets the study of the first position finish, as a person's thinking would.
fn think(app: &mut App) {
    for _ in 0..300 {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_blunder_is_warned_of_and_taken_back() {
    let mut app = app_against(Level::Casual);
    think(&mut app);
    play(&mut app, "a4-a5");
    run_until(&mut app, "the coach's warning", |a| warning(a).is_some());
    let shown = warning(&app).unwrap();
    assert_eq!(shown.warning.blunder, Blunder::LosesStones(1));
    assert_eq!(shown.warning.reply, "a6-a5");
    assert_eq!(shown.warning.at_risk, vec!["a5".parse().unwrap()]);
    // The computer's reply waits while the warning stands.
    for _ in 0..100 {
        app.update();
    }
    assert_eq!(moves(&app), 1, "the computer waited");
    app.world_mut().write_message(CoachAnswer::TakeBack);
    run_until(&mut app, "the turn taken back", |a| moves(a) == 0);
    assert_eq!(warning(&app), None);
    assert_eq!(
        app.world()
            .resource::<Session>()
            .position()
            .to_setup()
            .to_string(),
        SUPPORT
    );
}

#[test]
fn play_anyway_lets_the_computer_answer() {
    let mut app = app_against(Level::Casual);
    think(&mut app);
    play(&mut app, "a4-a5");
    run_until(&mut app, "the coach's warning", |a| warning(a).is_some());
    app.world_mut().write_message(CoachAnswer::PlayAnyway);
    run_until(&mut app, "the computer's reply", |a| moves(a) == 2);
    assert_eq!(warning(&app), None);
}

#[test]
fn a_sound_move_is_played_without_a_word() {
    let mut app = app_against(Level::Casual);
    think(&mut app);
    // The stone steps back beside its friends, where no reply takes it.
    play(&mut app, "a4-a3");
    let mut warned = false;
    for _ in 0..20_000 {
        warned |= warning(&app).is_some();
        if moves(&app) == 2 {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(moves(&app), 2, "the computer answered");
    assert!(!warned, "no warning for a sound move");
}

#[test]
fn nobody_is_coached_against_strong_unless_they_ask() {
    let mut app = app_against(Level::Strong);
    think(&mut app);
    play(&mut app, "a4-a5");
    run_until(&mut app, "the computer's reply", |a| moves(a) == 2);
    assert_eq!(warning(&app), None);
    // Asked for, the coach watches that seat whatever the level.
    let mut app = app_against(Level::Strong);
    app.world_mut().resource_mut::<Seats>().coach = [Coaching::On, Coaching::Auto];
    think(&mut app);
    play(&mut app, "a4-a5");
    run_until(&mut app, "the coach's warning", |a| warning(a).is_some());
}
