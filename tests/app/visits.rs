//! The kiosk's visitor log and heartbeat without a window, on clocks stepped by hand: a visitor's
//! session (a touch, a finished game, a game left to an idle reset) writes exactly its events;
//! how to play, a puzzle and a language switch are logged; a log that cannot be written leaves
//! play going with one notice; the heartbeat is written at start and every 30 s.

use crate::common::headless::{Headless, press, start_of, wait};
use stackyard::files::scratch::Scratch;
use std::path::Path;
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::prelude::*;
use stackyard::files::health::Health;
use stackyard::files::profile::Profile;
use stackyard::files::visits::{self, Abandoned, Visit};
use stackyard::game::core::file_writer::FileWriter;
use stackyard::game::core::preferences::LanguageChoice;
use stackyard::game::core::problems::Problems;
use stackyard::game::core::puzzles::{PuzzleRequest, PuzzleRun};
use stackyard::game::core::saving::SaveFolder;
use stackyard::game::core::screen::Screen;
use stackyard::game::core::session::{Session, SessionRequest};
use stackyard::game::exhibition::Exhibition;
use stackyard::game::exhibition::clock::KioskClock;
use stackyard::game::exhibition::health::Heartbeat;
use stackyard::game::exhibition::visits::VisitLog;
use stackyard::rules::{AnyOptions, GameId};

const STEP: Duration = Duration::from_millis(200);

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("visits-{name}"))
}

fn kiosk(folder: &Path, screen: Screen) -> App {
    kiosk_with(folder, screen, ", touch_leads_to: Game")
}

fn kiosk_with(folder: &Path, screen: Screen, extra: &str) -> App {
    let profile = Profile::from_ron(&format!(
        "(version: 1, games: [\"splay\", \"grabber-6\"], visitors: TwoVisitors, idle_secs: 30, \
         prompt_secs: 10, menu_idle_secs: 20, staff_pin: \"2468\"{extra})"
    ))
    .unwrap();
    let exhibition = Exhibition::new(profile);
    let mut app = Headless::on(start_of(GameId::Splay))
        .step(STEP)
        .with_input()
        .then(|app| {
            app.insert_resource(exhibition.visitor_seats())
                .insert_resource(exhibition)
                .insert_resource(KioskClock::Fake("2026-12-03T14:00:00".parse().unwrap()))
                .insert_resource(VisitLog::in_folder(folder.to_owned()))
                .insert_resource(SaveFolder(folder.to_owned()))
                .insert_resource(Heartbeat::in_folder(folder.to_owned()))
                .insert_state(screen);
        });
    app.update();
    app
}

fn request(app: &mut App, request: SessionRequest) {
    app.world_mut().write_message(request);
    app.update();
}

/// Plays the first legal decision until `moves` whole moves are played.
fn play_moves(app: &mut App, moves: usize) {
    while app.world().resource::<Session>().move_count() < moves {
        let first = app.world().resource::<Session>().legal_actions()[0];
        request(app, SessionRequest::Play(first));
    }
}

fn logged(folder: &Path) -> Vec<Visit> {
    let read = visits::read(folder, None, None).unwrap();
    assert_eq!(read.skipped, 0);
    read.entries.into_iter().map(|e| e.visit).collect()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn a_visitors_session_writes_exactly_its_events() {
    let folder = scratch("session");
    let mut app = kiosk(&folder, Screen::Attract);
    wait(&mut app, Duration::from_secs(3));
    assert!(
        logged(&folder).is_empty(),
        "attract mode alone logs nothing"
    );
    press(&mut app);
    assert_eq!(screen(&app), Screen::Game);
    play_moves(&mut app, 2);
    wait(&mut app, Duration::from_secs(10));
    request(&mut app, SessionRequest::Resign);
    wait(&mut app, Duration::from_secs(2));
    request(&mut app, SessionRequest::NewGame);
    play_moves(&mut app, 1);
    // Left alone since the touch (the requests above are no visitor's input): the prompt 30 s
    // after it, the reset 10 s later.
    wait(&mut app, Duration::from_secs(30));
    assert_eq!(screen(&app), Screen::Attract);
    let log = logged(&folder);
    let [
        Visit::AttractLeft { showing },
        Visit::GameStarted { game: first },
        Visit::GameFinished {
            game: finished,
            result,
            turns: 2,
            secs: played,
        },
        Visit::GameStarted { game: second },
        Visit::GameAbandoned {
            game: abandoned,
            why: Abandoned::Idle,
            turns: 1,
            secs: left_after,
        },
        Visit::IdleReset { screen: reset },
        Visit::SessionEnded { secs: session },
    ] = log.as_slice()
    else {
        panic!("not the session's events: {log:#?}");
    };
    for game in [showing, first, finished, second, abandoned] {
        assert_eq!(game, "splay");
    }
    assert_eq!(result, "white", "Black resigned on its move");
    assert_eq!(reset, "game");
    assert!((10..=11).contains(played), "{played} s");
    assert!((26..=29).contains(left_after), "{left_after} s");
    assert!((39..=41).contains(session), "{session} s");
    let _ = std::fs::remove_dir_all(&folder);
}

/// Attract mode's game under way, a touch to the picker, Start, one game of two moves over about
/// 20 s, then left alone until attract mode is back: the log and `stackyard stats` count one
/// visitor and one game of its real length (attract mode's game, replaced by Start, is none).
#[test]
fn stats_count_one_visitor_and_one_game_after_the_picker() {
    let folder = scratch("picker");
    let mut app = kiosk_with(&folder, Screen::Attract, ", touch_leads_to: Picker");
    while app.world().resource::<Session>().move_count() < 3 {
        app.update();
    }
    press(&mut app);
    assert_eq!(screen(&app), Screen::Title);
    // The title's Start, as its button does it: the request and the screen in one frame.
    app.world_mut()
        .write_message(SessionRequest::Start(AnyOptions::for_game(GameId::Splay)));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game);
    app.update();
    play_moves(&mut app, 1);
    wait(&mut app, Duration::from_secs(20));
    play_moves(&mut app, 2);
    wait(&mut app, Duration::from_secs(45));
    assert_eq!(screen(&app), Screen::Attract);
    let read = visits::read(&folder, None, None).unwrap();
    let games: Vec<&Visit> = read
        .entries
        .iter()
        .map(|e| &e.visit)
        .filter(|v| matches!(v, Visit::GameStarted { .. } | Visit::GameAbandoned { .. }))
        .collect();
    let [
        Visit::GameStarted { .. },
        Visit::GameAbandoned { turns: 2, secs, .. },
    ] = games.as_slice()
    else {
        panic!("not one game of two turns: {:#?}", read.entries);
    };
    // Started at Start, left when attract mode took over (the prompt 30 s after the last
    // input, the touch, and 10 s more).
    assert!((38..=42).contains(secs), "{secs} s");
    let summary = stackyard::files::visit_stats::summarise(&read);
    let games: Vec<&str> = summary.rows.iter().map(|r| r.game.as_str()).collect();
    assert_eq!(games, ["splay", "all"], "{:#?}", summary.rows);
    for row in &summary.rows {
        assert_eq!((row.sessions, row.finished, row.abandoned), (1, 0, 1));
        let minutes = row.median_game_minutes.expect("a game's length");
        assert!((0.6..=0.7).contains(&minutes), "{minutes} min");
    }
    let _ = std::fs::remove_dir_all(&folder);
}

/// Holding the staff's chord in attract mode opens the staff menu and begins no visitor's
/// session; a plain key does.
#[test]
fn the_staff_chord_is_no_visitors_session() {
    let folder = scratch("chord");
    let mut app = kiosk(&folder, Screen::Attract);
    let press_key = crate::common::headless::key;
    for key in [KeyCode::ControlLeft, KeyCode::ShiftLeft, KeyCode::KeyQ] {
        press_key(&mut app, key, ButtonState::Pressed);
    }
    wait(&mut app, Duration::from_secs(4));
    assert_eq!(
        *app.world()
            .resource::<State<stackyard::game::exhibition::staff::StaffMenu>>()
            .get(),
        stackyard::game::exhibition::staff::StaffMenu::Open
    );
    for key in [KeyCode::KeyQ, KeyCode::ShiftLeft, KeyCode::ControlLeft] {
        press_key(&mut app, key, ButtonState::Released);
    }
    app.world_mut()
        .write_message(stackyard::game::exhibition::staff::StaffChoice::Resume);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Attract);
    assert!(logged(&folder).is_empty(), "{:#?}", logged(&folder));
    press_key(&mut app, KeyCode::Space, ButtonState::Pressed);
    app.update();
    assert_eq!(
        screen(&app),
        Screen::Game,
        "a visitor's key leaves attract mode"
    );
    let _ = std::fs::remove_dir_all(&folder);
}

/// The staff's five taps in the top-left corner (which open the PIN pad) leave attract mode
/// running, with nothing logged; a touch elsewhere is a visitor's.
#[test]
fn the_staff_corner_taps_are_no_visitors_session() {
    use bevy::input::touch::{TouchInput, TouchPhase};
    let folder = scratch("corner");
    let mut app = kiosk(&folder, Screen::Attract);
    let tap = |app: &mut App, x: f32, y: f32| {
        for phase in [TouchPhase::Started, TouchPhase::Ended] {
            app.world_mut().write_message(TouchInput {
                phase,
                position: Vec2::new(x, y),
                window: Entity::PLACEHOLDER,
                force: None,
                id: 1,
            });
            app.update();
        }
    };
    for _ in 0..stackyard::game::exhibition::staff::TAPS {
        tap(&mut app, 20.0, 30.0);
    }
    wait(&mut app, Duration::from_secs(1));
    assert_eq!(screen(&app), Screen::Attract);
    assert!(logged(&folder).is_empty(), "{:#?}", logged(&folder));
    tap(&mut app, 600.0, 400.0);
    app.update();
    assert_eq!(
        screen(&app),
        Screen::Game,
        "a visitor's touch leaves attract mode"
    );
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn how_to_play_a_puzzle_and_a_language_switch_are_logged() {
    let folder = scratch("others");
    let mut app = kiosk(&folder, Screen::Title);
    app.insert_resource(stackyard::game::screens::how_to_play::Guided::of(
        GameId::Grabber6,
    ));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::HowToPlay);
    wait(&mut app, Duration::from_secs(5));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.world_mut().resource_mut::<LanguageChoice>().0 = "de".into();
    app.update();
    app.world_mut()
        .write_message(PuzzleRequest::Open(GameId::Splay, Some(0)));
    wait(&mut app, Duration::from_secs(1));
    assert_eq!(screen(&app), Screen::Puzzle);
    // Solved by its solution's moves (the defence answers by itself).
    let solution = app
        .world()
        .resource::<PuzzleRun>()
        .puzzle
        .entry
        .solution
        .clone();
    for text in solution.iter().step_by(2) {
        let position = app.world().resource::<Session>().position().clone();
        let (_, actions) = stackyard::rules::play_move(&position, text).unwrap();
        for a in actions {
            request(&mut app, SessionRequest::Play(a));
        }
        wait(&mut app, Duration::from_secs(4));
    }
    let log = logged(&folder);
    let [
        Visit::HowToPlay { game, secs },
        Visit::LanguageSwitched { to },
        Visit::PuzzleStarted {
            game: puzzle,
            number: 1,
        },
        Visit::PuzzleSolved {
            game: solved,
            number: 1,
        },
    ] = log.as_slice()
    else {
        panic!("not the events: {log:#?}");
    };
    assert_eq!(
        (game.as_str(), to.as_str(), puzzle.as_str(), solved.as_str()),
        ("grabber-6", "de", "splay", "splay")
    );
    assert!((4..=6).contains(secs), "{secs} s");
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_log_that_cannot_be_written_leaves_play_going_with_one_notice() {
    let folder = scratch("full");
    // The log's folder is taken by a file, as a write to a full disk fails.
    std::fs::write(folder.join("visits"), b"").unwrap();
    let mut app = kiosk(&folder, Screen::Attract);
    press(&mut app);
    play_moves(&mut app, 2);
    assert_eq!(screen(&app), Screen::Game, "play goes on");
    assert_eq!(app.world().resource::<Session>().move_count(), 2);
    let problems = app.world().resource::<Problems>();
    assert_eq!(problems.kinds(), 1, "one notice");
    let last = problems.last.clone().unwrap();
    assert!(last.contains("visitor log"), "{last}");
    // The heartbeat carries it.
    wait(&mut app, Duration::from_secs(31));
    app.world().resource::<FileWriter>().wait();
    let health = Health::load(&folder).unwrap();
    assert_eq!(health.last_error.as_deref(), Some(last.as_str()));
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn the_heartbeat_is_written_at_start_and_every_30_seconds() {
    let folder = scratch("heartbeat");
    let mut app = kiosk(&folder, Screen::Attract);
    // Handed to the writer's thread in the first frame; written once that thread gets to it.
    app.world().resource::<FileWriter>().wait();
    let first = Health::load(&folder).expect("a heartbeat from the first frame");
    assert_eq!(first.screen, "attract");
    assert_eq!(first.uptime_secs, 0);
    wait(&mut app, Duration::from_secs(20));
    assert_eq!(Health::load(&folder).unwrap(), first, "not before 30 s");
    wait(&mut app, Duration::from_secs(12));
    let second = Health::load(&folder).unwrap();
    assert_eq!(second.uptime_secs, 30);
    assert!(second.fps_last_minute > 4.0, "{}", second.fps_last_minute);
    assert!(second.memory_mib.is_some_and(|m| m > 1.0));
    let _ = std::fs::remove_dir_all(&folder);
}

fn set_clock(app: &mut App, at: &str) {
    app.insert_resource(KioskClock::Fake(at.parse().unwrap()));
}

#[test]
fn opening_hours_close_the_kiosk_with_the_days_summary_and_open_it_again() {
    let folder = scratch("hours");
    // The fake clock says 14:00 on a Thursday: open.
    let mut app = kiosk_with(
        &folder,
        Screen::Attract,
        ", touch_leads_to: Game, opening_hours: Some((opens: \"09:30\", closes: \"17:00\"))",
    );
    press(&mut app);
    play_moves(&mut app, 1);
    assert_eq!(screen(&app), Screen::Game);
    // Closing time, mid-game: the game is left and the closed card is up.
    set_clock(&mut app, "2026-12-03T17:00:00");
    wait(&mut app, Duration::from_secs(1));
    assert_eq!(screen(&app), Screen::Closed);
    // Nothing plays while closed, even a touch does not open it.
    let moves = app.world().resource::<Session>().move_count();
    press(&mut app);
    wait(&mut app, Duration::from_secs(30));
    assert_eq!(screen(&app), Screen::Closed);
    assert_eq!(app.world().resource::<Session>().move_count(), moves);
    let log = logged(&folder);
    assert!(
        matches!(
            log.as_slice(),
            [
                Visit::AttractLeft { .. },
                Visit::GameStarted { .. },
                Visit::GameAbandoned {
                    why: Abandoned::Closing,
                    turns: 1,
                    ..
                },
                Visit::SessionEnded { .. },
                Visit::Closed,
            ]
        ),
        "{log:#?}"
    );
    let day = "2026-12-03".parse().unwrap();
    let summary = std::fs::read_to_string(visits::summary_file(&folder, day)).unwrap();
    assert!(summary.contains("2026-12-03  splay"), "{summary}");
    // The next morning, before and at opening time.
    set_clock(&mut app, "2026-12-04T09:29:00");
    wait(&mut app, Duration::from_secs(1));
    assert_eq!(screen(&app), Screen::Closed);
    set_clock(&mut app, "2026-12-04T09:30:00");
    wait(&mut app, Duration::from_secs(1));
    assert_eq!(screen(&app), Screen::Attract);
    assert_eq!(logged(&folder).last(), Some(&Visit::Opened));
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_kiosk_started_outside_its_hours_opens_on_the_closed_card() {
    let folder = scratch("closed-start");
    let mut app = kiosk_with(
        &folder,
        Screen::Attract,
        ", touch_leads_to: Game, opening_hours: Some((opens: \"09:30\", closes: \"17:00\", days: [Mon, Tue]))",
    );
    // 2026-12-03 is a Thursday.
    wait(&mut app, Duration::from_secs(1));
    assert_eq!(screen(&app), Screen::Closed);
    let log = logged(&folder);
    assert_eq!(log, vec![Visit::Closed], "no visitor's session");
    let _ = std::fs::remove_dir_all(&folder);
}
