//! Playing without a mouse and without sight, headless: every move announced in words (English
//! and German, exact strings), the board read by the keyboard's commands, decisions taken at the
//! cell cursor with Enter, a whole move typed in the notation, and the announcements handed to
//! the speech program (a stand-in on a `PATH` of the test's own).

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::prelude::*;
use stackyard::files::scratch::Scratch;
use stackyard::game::board::cursor::BoardCursor;
use stackyard::game::core::announce::Announcements;
use stackyard::game::core::i18n::Tr;
use stackyard::game::core::preferences::LanguageChoice;
use stackyard::game::core::screen::Screen;
use stackyard::game::core::session::{BoardClick, Session};
use stackyard::game::core::speech::{SpeakMoves, Voice};
use stackyard::game::core::typed_move::{requests_for, typed_move};
use stackyard::game::core::view::BoardView;
use stackyard::rules::{Action, AnyGame, AnyOptions, Cell, Game, GameOptions};

use crate::common::headless::{Headless, click, key, key_event, position, wait_until};

/// Splay: White to move, and its four-stone stack on e5 must splay.
const SPLAY: &str = "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0";

/// A headless game in `language` that takes keys, on the play screen.
fn game_in(language: &str, game: AnyGame) -> App {
    let mut app = Headless::on(game)
        .with_input()
        .before_logic(|app| {
            app.insert_resource(LanguageChoice(language.into()));
        })
        .build();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game);
    app.update();
    app
}

fn latest(app: &App) -> String {
    app.world()
        .resource::<Announcements>()
        .latest()
        .unwrap_or_default()
        .to_owned()
}

/// A key pressed and let go, and the frames that take it.
fn tap(app: &mut App, code: KeyCode) {
    key(app, code, ButtonState::Pressed);
    key(app, code, ButtonState::Released);
}

#[test]
fn a_move_is_announced_with_its_captures_and_the_turn_in_english_and_german() {
    for (language, said) in [
        ("en", "White: e5 splays west. Black to move"),
        ("de", "Weiß: e5 fächert nach Westen auf. Schwarz ist am Zug"),
    ] {
        let mut app = game_in(language, position(SPLAY));
        click(&mut app, BoardClick::Stack("e5".parse().unwrap()));
        click(&mut app, BoardClick::Cell("a5".parse().unwrap()));
        assert_eq!(latest(&app), said, "in {language}");
    }
}

/// Grabber after the opening removals: White's d2 jumps the black man on d3.
const GRABBER: &str = "grabber b,w,b,w,b,w,b,w/w,b,w,b,w,b,w,b/b,w,b,w,b,w,b,w/w,b,w,2,b,w,b/b,w,b,2,w,b,w/w,b,w,b,w,b,w,b/b,w,b,w,b,w,b,w/w,b,w,b,w,b,w,b w 4";

#[test]
fn a_capture_is_counted_in_the_announcement() {
    for (language, said) in [
        ("en", "White: d2 to d4, captures 1. Black to move"),
        ("de", "Weiß: d2 nach d4, schlägt 1. Schwarz ist am Zug"),
    ] {
        let mut app = game_in(language, position(GRABBER));
        click(&mut app, BoardClick::Stack("d2".parse().unwrap()));
        click(&mut app, BoardClick::Cell("d4".parse().unwrap()));
        assert_eq!(latest(&app), said, "in {language}");
    }
}

#[test]
fn the_keyboard_reads_the_stack_rank_file_last_move_and_decisions() {
    let mut app = game_in("en", position(SPLAY));
    // The first arrow shows the cursor on a1; then up to a2 and right to b2.
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(latest(&app), "a1: empty");
    tap(&mut app, KeyCode::ArrowUp);
    tap(&mut app, KeyCode::ArrowRight);
    let b2 = latest(&app);
    tap(&mut app, KeyCode::KeyK);
    assert_eq!(latest(&app), b2, "K reads the stack under the cursor again");
    tap(&mut app, KeyCode::KeyR);
    let rank = latest(&app);
    tap(&mut app, KeyCode::KeyF);
    let file = latest(&app);
    tap(&mut app, KeyCode::KeyL);
    let last = latest(&app);
    tap(&mut app, KeyCode::KeyM);
    let decisions = latest(&app);
    assert_eq!(
        [b2.as_str(), &rank, &file, &last, &decisions],
        [
            "b2: 3 stones, Black on top; from the bottom: 1 white, 2 black",
            "Rank 2: b2 Black 3, g2 White 1; 6 empty",
            "File b: b2 Black 3; 7 empty",
            "No move yet",
            "Choices: e5",
        ]
    );
}

#[test]
fn enter_at_the_cursor_decides_as_a_click_and_says_where_nothing_can_be_decided() {
    let mut app = game_in("en", position(SPLAY));
    // To e5: the cursor starts on a1.
    tap(&mut app, KeyCode::ArrowRight);
    for key in [KeyCode::ArrowRight; 4]
        .into_iter()
        .chain([KeyCode::ArrowUp; 4])
    {
        tap(&mut app, key);
    }
    assert!(latest(&app).starts_with("e5: 4 stones, White on top"));
    tap(&mut app, KeyCode::ArrowDown);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(latest(&app), "e4: nothing to decide here");
    tap(&mut app, KeyCode::ArrowUp);
    tap(&mut app, KeyCode::Space);
    assert!(
        latest(&app).starts_with("Splay e5"),
        "the stack is chosen, and what is left to decide is said: {}",
        latest(&app)
    );
    // Left four times to a5, where the bottom stone lands: the splay is played.
    for _ in 0..4 {
        tap(&mut app, KeyCode::ArrowLeft);
    }
    tap(&mut app, KeyCode::Enter);
    assert_eq!(latest(&app), "White: e5 splays west. Black to move");
    assert_eq!(app.world().resource::<Session>().moves(), ["e5>w"]);
}

#[test]
fn a_typed_move_is_played_whole_or_refused_with_the_rules_reason() {
    let mut app = game_in("en", position(SPLAY));
    let (tr, session) = (
        app.world().resource::<Tr>(),
        app.world().resource::<Session>(),
    );
    let refused = typed_move(tr, session, None, "g2-g3").unwrap_err();
    assert!(
        refused.starts_with("Not played: g2-g3: illegal"),
        "the rules' reason: {refused}"
    );
    let actions = typed_move(tr, session, None, "e5>w").unwrap();
    app.world_mut().write_message_batch(requests_for(&actions));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Session>().moves(), ["e5>w"]);
    assert_eq!(latest(&app), "White: e5 splays west. Black to move");
}

#[cfg(unix)]
#[test]
fn speak_moves_hands_each_announcement_to_the_speech_program_in_the_language() {
    use std::os::unix::fs::PermissionsExt;
    let bin = Scratch::new("access-speech");
    let heard = bin.join("heard.txt");
    let program = bin.join("spd-say");
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\nprintf '%s|' \"$@\" >> '{}'\necho >> '{}'\n",
            heard.display(),
            heard.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = std::env::join_paths([bin.path()]).unwrap();
    let mut app = game_in("de", position(SPLAY));
    app.insert_resource(Voice::find_on(&path))
        .insert_resource(SpeakMoves(true));
    click(&mut app, BoardClick::Stack("e5".parse().unwrap()));
    click(&mut app, BoardClick::Cell("a5".parse().unwrap()));
    let said = "--language|de|--|Weiß: e5 fächert nach Westen auf. Schwarz ist am Zug|";
    let spoken = wait_until(&mut app, 100, |_| {
        std::thread::sleep(Duration::from_millis(20));
        std::fs::read_to_string(&heard).is_ok_and(|t| t.lines().any(|l| l == said))
    });
    assert!(
        spoken,
        "heard: {:?}",
        std::fs::read_to_string(&heard).unwrap_or_default()
    );
}

#[test]
fn without_a_speech_program_speak_moves_stays_off() {
    let empty = Scratch::new("access-no-speech");
    let path = std::env::join_paths([empty.path()]).unwrap();
    let voice = Voice::find_on(&path);
    assert!(!voice.is_there());
    assert!(!stackyard::game::core::speech::speaking(
        SpeakMoves(true),
        &voice
    ));
}

/// Walks the cursor to `cell` with the arrows.
fn cursor_to(app: &mut App, cell: Cell) {
    // The first arrow only shows the cursor where it stands.
    if !app.world().resource::<BoardCursor>().shown {
        tap(app, KeyCode::ArrowUp);
    }
    loop {
        let at = app.world().resource::<BoardCursor>().cell;
        let key = match () {
            () if at.x() < cell.x() => KeyCode::ArrowRight,
            () if at.x() > cell.x() => KeyCode::ArrowLeft,
            () if at.y() < cell.y() => KeyCode::ArrowUp,
            () if at.y() > cell.y() => KeyCode::ArrowDown,
            () => return,
        };
        tap(app, key);
    }
}

/// One decision for the player to move, by keys alone: a capture where one is offered, else
/// one picked by `pick`; a count typed in digits and Enter, a cell reached with the arrows and
/// Enter, and a pass typed into the move field.
fn decide_by_keys(app: &mut App, pick: &mut impl FnMut(usize) -> usize) {
    let session = app.world().resource::<Session>().clone();
    let now = session.position();
    let legal = session.legal_actions();
    let captures: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|&a| now.travels(a).iter().any(|t| t.taken))
        .collect();
    let offered = if captures.is_empty() {
        legal.to_vec()
    } else {
        captures
    };
    let chosen = offered[pick(offered.len())];
    match chosen {
        Action::Count(n) => {
            for digit in n.to_string().chars() {
                let key = [
                    KeyCode::Digit0,
                    KeyCode::Digit1,
                    KeyCode::Digit2,
                    KeyCode::Digit3,
                    KeyCode::Digit4,
                    KeyCode::Digit5,
                    KeyCode::Digit6,
                    KeyCode::Digit7,
                    KeyCode::Digit8,
                    KeyCode::Digit9,
                ][digit.to_digit(10).unwrap() as usize];
                tap(app, key);
            }
            tap(app, KeyCode::Enter);
        }
        Action::Pass => {
            let tr = app.world().resource::<Tr>();
            let actions = typed_move(tr, &session, None, "pass").unwrap();
            app.world_mut().write_message_batch(requests_for(&actions));
            app.update();
        }
        other => {
            let cell = now.action_cell(other).expect("a decision on the board");
            cursor_to(app, cell);
            tap(app, KeyCode::Enter);
        }
    }
    let after = app.world().resource::<Session>();
    assert!(
        after.move_count() > session.move_count()
            || after.turn().actions().len() > session.turn().actions().len(),
        "{chosen:?} was not taken by keys in {:?}",
        session.position().to_setup()
    );
}

/// Each game from its start to its end by keys alone (both sides, captures first, else a seeded
/// pick), with a turn limit of 120 so that random play ends in a few hundred decisions.
#[test]
fn a_whole_game_of_each_game_is_played_by_keys_alone() {
    for id in stackyard::guide::GAMES {
        let options = AnyOptions::for_game(id)
            .with_settings(["ply_cap=120"])
            .unwrap();
        let mut app = game_in("en", AnyGame::start(options));
        let mut seed = 0x2545_f491_u64 ^ id as u64;
        let mut pick = |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % n
        };
        let mut decisions = 0;
        while app.world().resource::<Session>().outcome().is_none() {
            decide_by_keys(&mut app, &mut pick);
            decisions += 1;
            assert!(decisions < 5000, "{id}: no end after {decisions} decisions");
        }
        let session = app.world().resource::<Session>();
        let result = latest(&app);
        assert!(
            result.contains("wins") || result.starts_with("Draw"),
            "{id}: the result is announced last: {result}"
        );
        eprintln!(
            "{id}: {} moves, {decisions} decisions by keys: {result}",
            session.move_count()
        );
    }
}

/// A keypad's digit and Enter that come in one frame choose the count alone: the cell cursor
/// does not take the Enter too (a click on the chosen stack, which would take the turn back).
#[test]
fn a_digit_and_enter_in_one_frame_choose_the_count_alone() {
    let start = AnyGame::start(AnyOptions::for_game(stackyard::rules::GameId::CashInHand));
    let mut app = game_in("en", start);
    // The first arrow shows the cursor on a1; Enter chooses its stack.
    tap(&mut app, KeyCode::ArrowUp);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(app.world().resource::<Session>().turn().notation(), "a1");
    for state in [ButtonState::Pressed, ButtonState::Released] {
        for key_code in [KeyCode::Digit1, KeyCode::Enter] {
            app.world_mut().write_message(key_event(key_code, state));
        }
        app.update();
    }
    app.update();
    assert_eq!(app.world().resource::<Session>().turn().notation(), "a1:1");
}
