//! Exhibition mode without a window, on a clock stepped by hand: attract mode cycles the
//! profile's games; a touch leaves it; a game left alone asks "Still playing?", input answers
//! it, and no answer returns to attract mode; the staff exit; bad profiles are refused.

use crate::common::headless::{Headless, press, start_of, wait};
use stackyard::files::scratch::Scratch;
use std::time::Duration;

use bevy::prelude::*;
use stackyard::files::profile::{Profile, TouchLeadsTo};
use stackyard::game::core::screen::Screen;
use stackyard::game::core::seats::{Seat, Seats};
use stackyard::game::core::session::{Session, SessionRequest};
use stackyard::game::exhibition::Exhibition;
use stackyard::game::exhibition::attract::PAUSE_AFTER_GAME;
use stackyard::game::exhibition::idle::IdlePrompt;
use stackyard::game::exhibition::staff::{Staff, StaffChoice, StaffMenu};
use stackyard::rules::{Game, GameId};

// Under the 250 ms a virtual-time frame may advance at most.
const STEP: Duration = Duration::from_millis(200);

fn profile(extra: &str) -> Profile {
    let text = format!(
        "(version: 1, games: [\"splay\", \"grabber-6\"], idle_secs: 30, prompt_secs: 10, \
         menu_idle_secs: 20, staff_pin: \"2468\"{extra})"
    );
    Profile::from_ron(&text).unwrap()
}

fn kiosk(profile: Profile, screen: Screen) -> App {
    let exhibition = Exhibition::new(profile);
    let mut app = Headless::on(start_of(GameId::Splay))
        .step(STEP)
        .with_input()
        .then(|app| {
            app.insert_resource(exhibition.visitor_seats())
                .insert_resource(exhibition)
                .insert_state(screen);
        });
    app.update();
    app
}

fn staff_menu_open(app: &App) -> bool {
    *app.world().resource::<State<StaffMenu>>().get() == StaffMenu::Open
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn game(app: &App) -> GameId {
    app.world().resource::<Session>().position().id()
}

#[test]
fn attract_mode_plays_the_profiles_games_in_turn_computer_against_computer() {
    let mut app = kiosk(profile(""), Screen::Attract);
    assert_eq!(game(&app), GameId::Splay);
    let seats = *app.world().resource::<Seats>();
    assert!(matches!(seats.black, Seat::Computer(_)) && matches!(seats.white, Seat::Computer(_)));
    // The computer plays: decisions are taken without anyone touching (its search runs on a
    // thread, so give a slow machine up to a minute of real time).
    let played = |app: &App| {
        let session = app.world().resource::<Session>();
        session.move_count() > 0 || session.position().in_turn()
    };
    let began = std::time::Instant::now();
    while !played(&app) && began.elapsed() < Duration::from_secs(60) {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(played(&app), "the computer plays in attract mode");
    // When the game ends, it stays on show a moment, then the next game starts.
    app.world_mut()
        .resource_mut::<Messages<SessionRequest>>()
        .write(SessionRequest::Resign);
    app.update();
    assert!(app.world().resource::<Session>().outcome().is_some());
    wait(&mut app, PAUSE_AFTER_GAME / 2);
    assert_eq!(
        game(&app),
        GameId::Splay,
        "the finished game is still on show"
    );
    wait(&mut app, PAUSE_AFTER_GAME);
    assert_eq!(game(&app), GameId::Grabber6);
    assert_eq!(screen(&app), Screen::Attract);
    // And round again.
    app.world_mut()
        .resource_mut::<Messages<SessionRequest>>()
        .write(SessionRequest::Resign);
    wait(&mut app, PAUSE_AFTER_GAME + STEP * 2);
    assert_eq!(game(&app), GameId::Splay);
}

#[test]
fn attract_mode_solves_a_puzzle_after_each_game_when_the_profile_asks() {
    use stackyard::game::exhibition::attract_puzzle::PuzzleShow;
    let mut app = kiosk(profile(", attract_puzzles: true"), Screen::Attract);
    assert_eq!(game(&app), GameId::Splay);
    app.world_mut()
        .resource_mut::<Messages<SessionRequest>>()
        .write(SessionRequest::Resign);
    wait(&mut app, PAUSE_AFTER_GAME + STEP * 2);
    let show = app.world().get_resource::<PuzzleShow>().cloned();
    let show = show.expect("a puzzle on show after the game");
    assert_eq!(show.puzzle.start.id(), GameId::Splay);
    assert_eq!(
        app.world().resource::<Session>().position().to_setup(),
        show.puzzle.start.to_setup(),
        "the board holds the puzzle"
    );
    let seats = *app.world().resource::<Seats>();
    assert_eq!(
        (seats.black, seats.white),
        (Seat::Human, Seat::Human),
        "no computer thinks"
    );
    // Its solution line is played at the pace, and it reaches the goal.
    let solver = show.puzzle.start.to_move();
    let goal = show.puzzle.entry.goal;
    let solved = |app: &App| {
        stackyard::ai::forced::Prover::for_goal(0, goal, &show.puzzle.start)
            .reached(app.world().resource::<Session>().position(), solver)
    };
    let mut reached = false;
    for _ in 0..400 {
        app.update();
        reached |= solved(&app);
        if app.world().get_resource::<PuzzleShow>().is_none() {
            break;
        }
    }
    assert!(reached, "the solution was played to the goal");
    assert!(
        app.world().get_resource::<PuzzleShow>().is_none(),
        "the show ended"
    );
    wait(&mut app, STEP * 3);
    assert_eq!(game(&app), GameId::Grabber6, "then the next game");
    let seats = *app.world().resource::<Seats>();
    assert!(matches!(seats.black, Seat::Computer(_)));
}

#[test]
fn a_touch_leaves_attract_mode_for_the_picker_or_a_game() {
    let mut app = kiosk(profile(""), Screen::Attract);
    press(&mut app);
    assert_eq!(screen(&app), Screen::Title);
    let seats = *app.world().resource::<Seats>();
    assert_eq!(seats.black, Seat::Human, "the visitor plays");
    assert!(matches!(seats.white, Seat::Computer(_)));

    let mut app = kiosk(profile(", touch_leads_to: Game"), Screen::Attract);
    assert_eq!(
        app.world().resource::<Exhibition>().profile.touch_leads_to,
        TouchLeadsTo::Game
    );
    wait(&mut app, Duration::from_secs(6));
    press(&mut app);
    assert_eq!(screen(&app), Screen::Game);
    let session = app.world().resource::<Session>();
    assert!(
        session.move_count() == 0,
        "the visitor's game starts afresh"
    );

    // A profile can send a visitor to the puzzles of the game on show.
    let mut app = kiosk(profile(", touch_leads_to: Puzzles"), Screen::Attract);
    wait(&mut app, Duration::from_secs(6));
    press(&mut app);
    app.update();
    assert_eq!(screen(&app), Screen::Puzzle);
    let run = app
        .world()
        .resource::<stackyard::game::core::puzzles::PuzzleRun>();
    let shown = app.world().resource::<Exhibition>().game_on_show();
    assert_eq!(run.puzzle.start.id().card(), shown.card());
}

#[test]
fn a_game_left_alone_asks_and_then_returns_to_attract_mode() {
    let mut app = kiosk(profile(""), Screen::Game);
    press(&mut app);
    wait(&mut app, Duration::from_secs(20));
    assert!(!app.world().contains_resource::<IdlePrompt>(), "not yet");
    // Input resets the timer.
    press(&mut app);
    wait(&mut app, Duration::from_secs(20));
    assert!(
        !app.world().contains_resource::<IdlePrompt>(),
        "the timer started again"
    );
    wait(&mut app, Duration::from_secs(11));
    assert!(
        app.world().contains_resource::<IdlePrompt>(),
        "30 s alone: the prompt"
    );
    // Any input answers it and the game goes on.
    press(&mut app);
    assert!(!app.world().contains_resource::<IdlePrompt>());
    assert_eq!(screen(&app), Screen::Game);
    // No answer: the game is dropped for attract mode.
    wait(&mut app, Duration::from_secs(31));
    assert!(app.world().contains_resource::<IdlePrompt>());
    wait(&mut app, Duration::from_secs(11));
    assert_eq!(screen(&app), Screen::Attract);
    assert!(!app.world().contains_resource::<IdlePrompt>());
}

#[test]
fn the_title_left_alone_returns_to_attract_mode() {
    let mut app = kiosk(profile(""), Screen::Title);
    press(&mut app);
    wait(&mut app, Duration::from_secs(15));
    assert_eq!(screen(&app), Screen::Title);
    wait(&mut app, Duration::from_secs(6));
    assert_eq!(screen(&app), Screen::Attract);
}

#[test]
fn the_staff_exit_opens_on_held_keys_or_taps_and_a_pin() {
    let mut app = kiosk(profile(""), Screen::Attract);
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.press(KeyCode::ControlLeft);
    keys.press(KeyCode::ShiftLeft);
    keys.press(KeyCode::KeyQ);
    wait(&mut app, Duration::from_secs(1));
    assert!(!staff_menu_open(&app), "not after one second");
    wait(&mut app, Duration::from_secs(3));
    assert!(staff_menu_open(&app), "after three seconds");
    // Resume closes it.
    app.world_mut().write_message(StaffChoice::Resume);
    app.update();
    app.update();
    assert!(!staff_menu_open(&app));

    // Five quick taps in the corner bring up the PIN pad; only the right PIN opens the menu.
    let mut staff = Staff::default();
    for i in 0..4 {
        staff.tap_corner(Duration::from_millis(3000 + i * 500));
    }
    assert_eq!(staff.pin_pad, None);
    staff.tap_corner(Duration::from_millis(5000));
    assert_eq!(staff.pin_pad.as_deref(), Some(""));
    assert!(!staff.enter_pin("1111", "2468") && staff.pin_pad.is_none());
    let mut slow = Staff::default();
    for i in 0..5 {
        slow.tap_corner(Duration::from_secs(i * 2));
    }
    assert_eq!(
        slow.pin_pad, None,
        "taps spread over eight seconds do not count"
    );
    staff.pin_pad = Some(String::new());
    assert!(staff.enter_pin("2468", "2468") && staff.pin_pad.is_none());

    // Quit ends the app.
    app.world_mut().write_message(StaffChoice::Quit);
    app.update();
    let exits: Vec<AppExit> = app
        .world_mut()
        .resource_mut::<Messages<AppExit>>()
        .drain()
        .collect();
    assert!(exits.contains(&AppExit::Success), "{exits:?}");
}

#[test]
fn visitor_input_is_noticed_only_from_real_input() {
    let mut app = kiosk(profile(""), Screen::Game);
    wait(&mut app, Duration::from_secs(2));
    let before = app.world().resource::<Exhibition>().last_input;
    wait(&mut app, Duration::from_secs(2));
    assert_eq!(app.world().resource::<Exhibition>().last_input, before);
    press(&mut app);
    assert!(app.world().resource::<Exhibition>().last_input > before);
}

#[test]
fn a_mouse_move_brings_the_cursor_back_but_leaves_attract_mode_alone() {
    let mut app = kiosk(profile(", touch_leads_to: Game"), Screen::Attract);
    wait(&mut app, Duration::from_secs(2));
    let before = app.world().resource::<Exhibition>().last_input;
    let window = app.world_mut().spawn_empty().id();
    app.world_mut().write_message(bevy::window::CursorMoved {
        window,
        position: Vec2::new(10.0, 10.0),
        delta: None,
    });
    app.update();
    app.update();
    assert!(app.world().resource::<Exhibition>().last_input > before);
    assert_eq!(screen(&app), Screen::Attract);
}

/// The app started with this profile's text: it must refuse it (status 2); what it said.
fn refusal_of(path: &std::path::Path, text: &str) -> String {
    std::fs::write(path, text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .arg("--profile")
        .arg(path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    stderr
}

#[test]
fn a_bad_profile_is_refused_at_start_naming_the_field() {
    let dir = Scratch::new("profile");
    let path = dir.join("bad.ron");
    let good = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/exhibition.ron"),
    )
    .unwrap();
    let stderr = refusal_of(&path, &good.replace("idle_secs: 90", "idle_secs: 2"));
    assert!(
        stderr.contains("`idle_secs`: 2 is outside 10 to 3600"),
        "{stderr}"
    );
    let closing_first = good.replace(
        "opening_hours: None",
        "opening_hours: Some((opens: \"17:00\", closes: \"09:00\"))",
    );
    assert_ne!(closing_first, good);
    let stderr = refusal_of(&path, &closing_first);
    assert!(
        stderr.contains("`opening_hours`: closes \"09:00\" is not after opens \"17:00\""),
        "{stderr}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(["--screen", "attract"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("need an exhibition --profile"));
    let _ = std::fs::remove_dir_all(&dir);
}
