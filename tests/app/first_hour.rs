//! What a new player and a kiosk visitor met in their first hour, without a window or a GPU
//! (the whole app, headless): a kiosk visitor's game opens at the game's own view whatever
//! angle attract mode's orbit had reached; Play from here lights the first turn's stacks;
//! Escape closes Settings; the position editor opens without the Moves window's last message; a
//! kiosk's game shows no desktop controls.

use crate::common::headless::{WholeApp, window};
use bevy::prelude::*;
use stackyard::app::{AppOptions, RunMode};
use stackyard::game::board::layout::cell_centre;
use stackyard::game::core::session::Session;
use stackyard::game::view::camera::Orbit;
use stackyard::game::view::fly_in::FlyIn;
use stackyard::rules::Cell;

/// The whole app without a window, with the kiosk profile at `profile` if one is named, run
/// for five frames.
fn headless(name: &str, profile: Option<&str>) -> WholeApp {
    let mut options = AppOptions {
        run: RunMode::Headless,
        ..AppOptions::default()
    };
    if let Some(path) = profile {
        let text = std::fs::read_to_string(path).unwrap();
        options.use_profile(
            stackyard::files::profile::Profile::from_ron(&text).unwrap(),
            None,
        );
    }
    let mut app = WholeApp::new(&format!("first-hour-{name}"), options);
    for _ in 0..5 {
        app.update();
    }
    app
}

fn flying(app: &mut App) -> bool {
    app.world_mut()
        .query_filtered::<(), With<FlyIn>>()
        .iter(app.world())
        .next()
        .is_some()
}

/// A kiosk visitor's game opens at the game's own view, whatever angle attract mode's orbit had
/// reached when the visitor touched: the camera lands from rank 1's side, angled, at zoom 1.
#[test]
fn a_kiosk_visitors_game_opens_at_the_games_own_view() {
    use stackyard::game::core::screen::Screen;
    use stackyard::game::core::session::SessionRequest;
    use stackyard::rules::{AnyOptions, GameId};
    let mut kiosk = headless("kiosk", Some("assets/exhibition.ron"));
    let app = &mut kiosk.app;
    // Attract mode's orbit has turned the board to Black's left.
    for mut orbit in app
        .world_mut()
        .query::<&mut Orbit>()
        .iter_mut(app.world_mut())
    {
        orbit.yaw = 1.7;
        orbit.pitch = 1.2;
        orbit.zoom = 1.4;
    }
    app.update();
    let touch = bevy::input::mouse::MouseButtonInput {
        button: MouseButton::Left,
        state: bevy::input::ButtonState::Pressed,
        window: window(app),
    };
    app.world_mut().write_message(touch);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
    // The title's Start, as its button does it.
    app.world_mut()
        .write_message(SessionRequest::Start(AnyOptions::for_game(GameId::Splay)));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game);
    let started = std::time::Instant::now();
    loop {
        app.update();
        if !flying(app) || started.elapsed().as_secs() >= 20 {
            break;
        }
    }
    let (orbit, at) = app
        .world_mut()
        .query::<(&Orbit, &Transform)>()
        .single(app.world())
        .unwrap();
    assert_eq!(
        (orbit.yaw, orbit.pitch, orbit.zoom, orbit.pan),
        (0.0, Orbit::default().pitch, 1.0, Vec2::ZERO),
        "the visitor's game keeps attract mode's angle"
    );
    assert_eq!(*at, orbit.transform());
    // From rank 1's side: a1 nearer the camera than a8.
    let g = GameId::Splay.geometry();
    let near = |c: &str| {
        at.translation
            .distance(cell_centre(g, c.parse::<Cell>().unwrap()))
    };
    assert!(near("a1") < near("a8"));
}

/// Play from here lights the first turn's movable stacks at once, as any game's turn does.
#[test]
fn play_from_here_lights_the_first_turns_stacks() {
    use stackyard::game::board::highlight::Marker;
    use stackyard::game::core::editor::{OpenEditor, PlayFromHere};
    use stackyard::game::core::view::MarkerKind;
    let mut game = headless("play-from-here", None);
    let app = &mut game.app;
    let position = app.world().resource::<Session>().position().clone();
    app.world_mut().write_message(OpenEditor(position));
    for _ in 0..3 {
        app.update();
    }
    let lit = |app: &mut App| {
        app.world_mut()
            .query::<&Marker>()
            .iter(app.world())
            .filter(|m| m.kind == MarkerKind::Selectable)
            .count()
    };
    assert_eq!(lit(app), 0, "the editor lights no moves");
    app.world_mut().write_message(PlayFromHere);
    for _ in 0..3 {
        app.update();
    }
    assert!(lit(app) > 0, "no stack is lit on the first turn");
}

/// Escape closes the Settings window, as it closes any dialog.
#[test]
fn escape_closes_settings() {
    use stackyard::game::screens::view_settings::SettingsWindow;
    let mut game = headless("escape", None);
    let app = &mut game.app;
    let open = |app: &App| *app.world().resource::<State<SettingsWindow>>().get();
    app.world_mut()
        .resource_mut::<NextState<SettingsWindow>>()
        .set(SettingsWindow::Open);
    app.update();
    assert_eq!(open(app), SettingsWindow::Open);
    let window = window(app);
    app.world_mut()
        .write_message(bevy::input::keyboard::KeyboardInput {
            key_code: KeyCode::Escape,
            logical_key: bevy::input::keyboard::Key::Escape,
            state: bevy::input::ButtonState::Pressed,
            text: None,
            repeat: false,
            window,
        });
    app.update();
    app.update();
    assert_eq!(open(app), SettingsWindow::Closed);
}

/// A message the Moves window left ("GIF saved …") is not shown by the position editor.
#[test]
fn the_editor_opens_without_the_moves_windows_message() {
    use stackyard::game::core::editor::OpenEditor;
    use stackyard::game::screens::export::Exported;
    let mut game = headless("editor-status", None);
    let app = &mut game.app;
    app.world_mut().resource_mut::<Exported>().status = "GIF saved: game.gif".to_owned();
    let position = app.world().resource::<Session>().position().clone();
    app.world_mut().write_message(OpenEditor(position));
    app.update();
    app.update();
    assert_eq!(
        *app.world()
            .resource::<State<stackyard::game::core::screen::Screen>>()
            .get(),
        stackyard::game::core::screen::Screen::Editor
    );
    assert_eq!(app.world().resource::<Exported>().status, "");
}

/// The named controls of one pass of a Splay game started as the title's Start does, in a kiosk
/// with `profile` or on a desktop, with the pointer over `pointed` (a cell), and where each
/// takes the pointer.
fn game_controls_at(
    name: &str,
    profile: Option<&str>,
    pointed: impl Fn(&App) -> Option<stackyard::rules::Cell>,
) -> Vec<(String, bevy_egui::egui::Rect)> {
    use stackyard::game::board::stones::HoveredStack;
    use stackyard::game::core::screen::Screen;
    use stackyard::game::core::session::SessionRequest;
    use stackyard::rules::{AnyOptions, GameId};
    let mut game = headless(name, profile);
    let app = &mut game.app;
    app.world_mut()
        .write_message(SessionRequest::Start(AnyOptions::for_game(GameId::Splay)));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game);
    for _ in 0..10 {
        app.update();
    }
    let cell = pointed(app);
    app.world_mut().resource_mut::<HoveredStack>().0 = cell;
    let mut contexts = app
        .world_mut()
        .query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>();
    let mut take = |app: &mut App| {
        let mut context = contexts.single_mut(app.world_mut()).unwrap();
        stackyard::game::ui::named::take_named_controls(context.get_mut())
    };
    take(app);
    app.update();
    take(app)
}

/// The names of the controls of one pass of a Splay game, nothing pointed at.
fn game_controls(name: &str, profile: Option<&str>) -> Vec<String> {
    game_controls_at(name, profile, |_| None)
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

/// The panel's line about the stack under the pointer never moves the buttons below it: they
/// stand where they stood with nothing pointed at (issue 96, item 10: a click aimed at Menu hit
/// empty space).
#[test]
fn pointing_at_a_stack_leaves_the_panels_buttons_where_they_were() {
    use stackyard::game::core::session::Session;
    use stackyard::rules::Game;
    let tallest = |app: &App| {
        let position = app.world().resource::<Session>().position().clone();
        let g = position.id().geometry();
        g.cells().max_by_key(|&cell| position.stack(cell).len())
    };
    let still = game_controls_at("hover-none", None, |_| None);
    let pointed = game_controls_at("hover-stack", None, tallest);
    for name in ["menu", "new game", "how to play", "resign"] {
        let at = |controls: &[(String, bevy_egui::egui::Rect)]| {
            let found = controls.iter().find(|(n, _)| n == name);
            found
                .unwrap_or_else(|| panic!("no {name} in {controls:?}"))
                .1
        };
        assert_eq!(at(&still), at(&pointed), "{name}");
    }
}

/// A kiosk's game offers its visitors no desktop controls (the picture, the GIF) and, with its
/// profile's `coach: false`, no coach picker; a desktop game has the picture and the GIF.
#[test]
fn a_kiosk_game_shows_no_desktop_controls() {
    let desktop = game_controls("desktop-controls", None);
    for name in ["picture", "export gif"] {
        assert!(desktop.iter().any(|n| n == name), "{name}: {desktop:?}");
    }
    let kiosk = game_controls("kiosk-controls", Some("assets/exhibition.ron"));
    assert!(!kiosk.is_empty(), "the kiosk's panels were drawn");
    for name in ["picture", "export gif"] {
        assert!(!kiosk.iter().any(|n| n == name), "{name}: {kiosk:?}");
    }
    assert!(!kiosk.iter().any(|n| n.starts_with("coach")), "{kiosk:?}");
}
