//! The screens without a window: how to play plays its demonstrations through the same session
//! the game uses and gives the game back afterwards; nothing is saved and the computer does not
//! think outside a game; the title offers to continue the autosaved game.

use crate::common::headless::{headless, start_of};
use stackyard::files::scratch::Scratch;

use bevy::prelude::*;
use stackyard::files::save::{SaveFile, SavedSeats};
use stackyard::game::core::file_writer::FileWriter;
use stackyard::game::core::opponent::Thinking;
use stackyard::game::core::preferences::AnimationSpeed;
use stackyard::game::core::saving::Autosave;
use stackyard::game::core::screen::Screen;
use stackyard::game::core::seats::{Seat, Seats};
use stackyard::game::core::session::{Session, SessionRequest};
use stackyard::game::screens::how_to_play::Guided;
use stackyard::game::screens::title::ContinueOffer;
use stackyard::guide::{GAMES, guide};
use stackyard::rules::{AnyGame, AnyOptions, Game, GameId, Setup, play_move, play_prefix};

fn app_on(game: GameId, speed: AnimationSpeed) -> App {
    headless(start_of(game), speed)
}

fn go_to(app: &mut App, screen: Screen) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
    app.update();
    app.update();
}

fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

/// The position a demonstration ends on, and the turn in progress it shows.
fn demo_end(game: GameId, demo: usize) -> (String, usize) {
    let d = &guide(game).demos[demo];
    let mut g = if d.position.is_empty() {
        AnyGame::start(AnyOptions::for_game(game))
    } else {
        AnyGame::from_setup_with(&Setup::parse(d.position).unwrap(), []).unwrap()
    };
    for m in d.moves {
        g = play_move(&g, m).unwrap().0;
    }
    let partial = if d.partial.is_empty() {
        0
    } else {
        play_prefix(&g, d.partial).unwrap().actions().len()
    };
    (g.to_setup().to_string(), partial)
}

#[test]
fn every_demonstration_plays_through_the_session() {
    for game in GAMES {
        let mut app = app_on(game, AnimationSpeed::Off);
        app.world_mut().insert_resource(Guided::of(game));
        go_to(&mut app, Screen::HowToPlay);
        for i in 0..guide(game).demos.len() {
            app.world_mut().resource_mut::<Guided>().show(i);
            for _ in 0..4 {
                app.update();
            }
            assert!(
                app.world().resource::<Guided>().finished(),
                "{game} demo {i}"
            );
            let (end, partial) = demo_end(game, i);
            let s = session(&app);
            assert_eq!(
                s.turn().start().to_setup().to_string(),
                end,
                "{game} demo {i}"
            );
            assert_eq!(s.turn().actions().len(), partial, "{game} demo {i}");
            assert_eq!(
                s.move_count(),
                guide(game).demos[i].moves.len(),
                "{game} demo {i}"
            );
        }
    }
}

#[test]
fn demonstrations_are_paced_when_animated() {
    let mut app = app_on(GameId::Splay, AnimationSpeed::Normal);
    app.world_mut().insert_resource(Guided::of(GameId::Splay));
    go_to(&mut app, Screen::HowToPlay);
    app.world_mut().resource_mut::<Guided>().show(1); // two moves
    app.update();
    app.update();
    assert!(
        session(&app).moves().is_empty(),
        "nothing before the first pause"
    );
    for _ in 0..400 {
        app.update();
        if app.world().resource::<Guided>().finished() {
            break;
        }
    }
    assert!(app.world().resource::<Guided>().finished());
    assert_eq!(session(&app).moves(), ["c2-c3", "d7>s"]);
}

#[test]
fn the_game_waits_while_its_player_reads_the_rules() {
    let mut app = app_on(GameId::Splay, AnimationSpeed::Off);
    let folder = Scratch::new("screens");
    let autosave = folder.join("autosave.ron");
    let _ = std::fs::remove_file(&autosave);
    app.world_mut()
        .insert_resource(Autosave(Some(autosave.clone())));
    let c2 = stackyard::rules::Action::Cell("c2".parse().unwrap());
    let c3 = stackyard::rules::Action::Cell("c3".parse().unwrap());
    for a in [c2, c3] {
        app.world_mut().write_message(SessionRequest::Play(a));
        app.update();
    }
    app.update();
    assert_eq!(session(&app).moves(), ["c2-c3"]);
    app.world().resource::<FileWriter>().wait();
    assert!(autosave.exists(), "a move in a game is saved");
    let saved = std::fs::read_to_string(&autosave).unwrap();

    app.world_mut().insert_resource(Guided::of(GameId::Support));
    go_to(&mut app, Screen::HowToPlay);
    app.world_mut().resource_mut::<Guided>().show(3);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(session(&app).position().id(), GameId::Support);
    assert!(
        session(&app).outcome().is_some(),
        "the centre demonstration wins"
    );
    app.world().resource::<FileWriter>().wait();
    assert_eq!(
        std::fs::read_to_string(&autosave).unwrap(),
        saved,
        "demonstrations are not saved over the game"
    );

    go_to(&mut app, Screen::Game);
    assert_eq!(session(&app).position().id(), GameId::Splay);
    assert_eq!(session(&app).moves(), ["c2-c3"]);
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn the_computer_thinks_only_in_a_game() {
    let mut app = app_on(GameId::Splay, AnimationSpeed::Off);
    go_to(&mut app, Screen::Title);
    app.world_mut().resource_mut::<Seats>().black = Seat::Computer(stackyard::ai::Level::Beginner);
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().get_resource::<Thinking>().is_none());
    go_to(&mut app, Screen::Game);
    let mut thought = false;
    for _ in 0..40 {
        app.update();
        thought |=
            app.world().get_resource::<Thinking>().is_some() || !session(&app).moves().is_empty();
        if thought {
            break;
        }
    }
    assert!(thought, "back in the game, the computer moves");
    go_to(&mut app, Screen::Title);
    assert!(
        app.world().get_resource::<Thinking>().is_none(),
        "leaving the game cancels the search"
    );
}

#[test]
fn the_title_offers_the_autosaved_game_unless_it_is_over() {
    let folder = Scratch::new("title");
    let autosave = folder.join("autosave.ron");
    let start = AnyGame::start(AnyOptions::for_game(GameId::Grabber6));
    SaveFile::of(&start, &["a1".to_string()], SavedSeats::default())
        .store(&autosave)
        .unwrap();
    let mut app = app_on(GameId::Splay, AnimationSpeed::Off);
    app.world_mut()
        .insert_resource(Autosave(Some(autosave.clone())));
    go_to(&mut app, Screen::Title);
    let offer = app.world().resource::<ContinueOffer>().0.clone();
    let (path, line) = offer.expect("an unfinished autosave is offered");
    assert_eq!(path, autosave);
    assert!(
        line.contains("Grabber") && line.contains("1 move played,"),
        "{line}"
    );

    // A finished game is not offered.
    let won = AnyGame::from_setup_with(
        &Setup::parse("splay 8/8/3,w,4/8/8/8/1,w3b,6/8 b 60 2 6").unwrap(),
        [],
    )
    .unwrap();
    SaveFile::of(&won, &["b2-b1".to_string()], SavedSeats::default())
        .store(&autosave)
        .unwrap();
    go_to(&mut app, Screen::Game);
    go_to(&mut app, Screen::Title);
    assert_eq!(app.world().resource::<ContinueOffer>().0, None);
    std::fs::remove_dir_all(&folder).unwrap();
}

/// An autosave cut short (a full disk, a crash mid-write of an older version) is not silently
/// ignored: it is moved aside and a notice names the reason, and the title offers nothing.
#[test]
fn a_broken_autosave_is_moved_aside_with_a_notice() {
    use stackyard::game::core::preferences::SettingsFile;
    let folder = Scratch::new("title-broken");
    let autosave = folder.join("autosave.ron");
    let start = AnyGame::start(AnyOptions::for_game(GameId::Splay));
    let whole = SaveFile::of(&start, &["c3-c4".to_string()], SavedSeats::default()).to_ron();
    std::fs::write(&autosave, &whole[..whole.len() / 2]).unwrap();
    let mut app = app_on(GameId::Splay, AnimationSpeed::Off);
    app.world_mut().insert_resource(SettingsFile::default());
    app.world_mut()
        .insert_resource(Autosave(Some(autosave.clone())));
    go_to(&mut app, Screen::Title);
    assert_eq!(app.world().resource::<ContinueOffer>().0, None);
    let notice = app.world().resource::<SettingsFile>().notice.clone();
    let notice = notice.expect("a notice");
    assert!(
        notice.contains("could not be continued") && notice.contains("autosave.ron.broken"),
        "{notice}"
    );
    assert!(!autosave.exists(), "the broken autosave is moved aside");
    assert_eq!(
        std::fs::read_to_string(folder.join("autosave.ron.broken")).unwrap(),
        whole[..whole.len() / 2]
    );
    std::fs::remove_dir_all(&folder).unwrap();
}
