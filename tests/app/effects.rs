//! The cues behind the effects, in a headless app: a capture names the stone's colour and where
//! it stood, a win is celebrated once, and a game loaded already over is not.

use crate::common::headless::{Headless, click, position};

use bevy::prelude::*;
use stackyard::game::board::effects::EffectCue;
use stackyard::game::board::layout::{DiscPlace, place_translation};
use stackyard::game::core::preferences::AnimationSpeed;
use stackyard::game::core::session::{BoardClick, BoardReset, Session, SessionRequest};
use stackyard::rules::{GameId, Player};

/// Every cue written, in order.
#[derive(Resource, Default)]
struct Cues(Vec<EffectCue>);

fn record_cues(mut cues: MessageReader<EffectCue>, mut all: ResMut<Cues>) {
    all.0.extend(cues.read().copied());
}

fn app_on(s: &str) -> App {
    Headless::on(position(s))
        .speed(AnimationSpeed::Normal)
        .then(|app| {
            app.init_resource::<Cues>().add_systems(Last, record_cues);
        })
}

fn cell(s: &str) -> stackyard::rules::Cell {
    s.parse().unwrap()
}

#[test]
fn a_capture_is_cued_with_the_stone_and_where_it_stood() {
    // Black splays f3 south-east; its bottom stone, white, lands on h1: on Black's back rank
    // it is Black's capture.
    let mut app = app_on("splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 0 0 0");
    click(&mut app, BoardClick::Stack(cell("f3")));
    assert!(
        app.world().resource::<Cues>().0.is_empty(),
        "choosing moves no stone"
    );
    click(&mut app, BoardClick::Cell(cell("h1")));
    let cues = app.world().resource::<Cues>().0.clone();
    let g = GameId::Splay.geometry();
    assert_eq!(
        cues,
        [
            EffectCue::Move,
            EffectCue::Capture {
                at: place_translation(g, DiscPlace::board(cell("h1"), 0)),
                colour: Player::White,
            }
        ]
    );
}

#[test]
fn a_jump_in_grabber_cues_its_prisoner() {
    let mut app = app_on("grabber 8/8/8/8/2,b,5/1,b,1,b,4/1,w,b2,5/8 w 4");
    click(&mut app, BoardClick::Stack(cell("b2")));
    click(&mut app, BoardClick::Cell(cell("d2")));
    let cues = app.world().resource::<Cues>().0.clone();
    let captures: Vec<_> = cues
        .iter()
        .filter_map(|c| match c {
            EffectCue::Capture { colour, .. } => Some(*colour),
            _ => None,
        })
        .collect();
    assert_eq!(
        captures,
        [Player::Black],
        "the top man of c2 is taken: {cues:?}"
    );
}

#[test]
fn a_win_is_celebrated_once_and_a_loaded_finished_game_is_not() {
    // Black steps b2 onto rank 1 and captures three white stones: nine, a win.
    let won_start = "splay 8/8/3,w,4/8/8/8/1,w3b,6/8 b 60 2 6";
    let mut app = app_on(won_start);
    click(&mut app, BoardClick::Stack(cell("b2")));
    let b1 = cell("b1");
    click(&mut app, BoardClick::Cell(b1));
    assert!(app.world().resource::<Session>().outcome().is_some());
    for _ in 0..5 {
        app.update();
    }
    let cues = app.world().resource::<Cues>().0.clone();
    let overs: Vec<_> = cues
        .iter()
        .filter(|c| matches!(c, EffectCue::GameOver { .. }))
        .collect();
    assert_eq!(
        overs,
        [&EffectCue::GameOver {
            winner: Some(Player::Black)
        }]
    );
    assert_eq!(
        cues.iter()
            .filter(|c| matches!(c, EffectCue::Capture { .. }))
            .count(),
        3
    );

    // A finished game put on the board (a load) is not celebrated again.
    let over = app.world().resource::<Session>().position().clone();
    app.world_mut().resource_mut::<Cues>().0.clear();
    *app.world_mut().resource_mut::<Session>() = Session::new(over);
    app.world_mut().write_message(BoardReset);
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<Cues>().0.is_empty());

    // A resignation ends a game too, and is celebrated.
    app.world_mut().write_message(SessionRequest::Start(
        stackyard::rules::AnyOptions::for_game(GameId::Splay),
    ));
    app.update();
    app.update();
    app.world_mut().resource_mut::<Cues>().0.clear();
    app.world_mut().write_message(SessionRequest::Resign);
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Cues>().0,
        [EffectCue::GameOver {
            winner: Some(Player::White)
        }]
    );
}
