//! Touch through Bevy's own input pipeline, without a window or a GPU: touch events become
//! pointers, mesh picking finds what each finger is over, and a tap whose start and end arrive
//! in the same frame (a finger on a slow kiosk) chooses a stack and plays a step. Two fingers
//! turn and zoom the camera and choose nothing. The board is drawn into a smaller canvas at Low
//! and still measured in the window's pixels. The camera flies in to the game and lands on its
//! orbit before any finger touches. A tap in the position editor puts a stone down.

use crate::common::headless::{WholeApp, tap, touch, window};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use stackyard::game::board::layout::{cell_centre, stack_top};
use stackyard::game::board::stones::{StackStones, StackView};
use stackyard::game::core::session::Session;
use stackyard::game::view::camera::Orbit;
use stackyard::game::view::fly_in::FlyIn;
use stackyard::game::view::framing::FramingGoal;
use stackyard::rules::{Action, Cell, Game};

fn app() -> WholeApp {
    let mut app = WholeApp::headless("touch");
    app.update();
    let flying = |app: &mut App| {
        app.world_mut()
            .query_filtered::<(), With<FlyIn>>()
            .iter(app.world())
            .count()
    };
    assert_eq!(flying(&mut app), 1, "the camera flies in to a game");
    // Fingers meet the board where it stands: after the camera has landed.
    let started = std::time::Instant::now();
    while flying(&mut app) > 0 && started.elapsed().as_secs() < 20 {
        app.update();
    }
    let (orbit, at) = app
        .world_mut()
        .query::<(&Orbit, &Transform)>()
        .single(app.world())
        .unwrap();
    assert_eq!(*at, orbit.transform(), "the flight ends on the orbit");
    for _ in 0..5 {
        app.update();
    }
    app
}

/// Where a cell's stack top is on screen.
fn on_screen(app: &mut App, cell: Cell) -> Vec2 {
    // A panel that opened moves the framing: a finger aims where the board rests, not where it
    // passes while the camera eases there, nor where it stood while a panel was still settling
    // (the camera still for a frame at its framing).
    let started = std::time::Instant::now();
    let mut was = camera_at(app);
    loop {
        app.update();
        let now = camera_at(app);
        if (framed(app) && now == was) || started.elapsed().as_secs() >= 20 {
            break;
        }
        was = now;
    }
    let g = app.world().resource::<Session>().position().id().geometry();
    let height = app
        .world_mut()
        .query::<(&StackView, &StackStones)>()
        .iter(app.world())
        .find(|(v, _)| v.cell == cell)
        .map_or(0, |(_, s)| s.0.len());
    let (camera, at) = app
        .world_mut()
        .query_filtered::<(&Camera, &GlobalTransform), With<Orbit>>()
        .single(app.world())
        .unwrap();
    camera
        .world_to_viewport(at, cell_centre(g, cell) + Vec3::Y * stack_top(height))
        .unwrap()
}

/// Where the camera stands.
fn camera_at(app: &mut App) -> GlobalTransform {
    *app.world_mut()
        .query_filtered::<&GlobalTransform, With<Orbit>>()
        .single(app.world())
        .unwrap()
}

/// Whether the camera stands at its framing.
fn framed(app: &mut App) -> bool {
    app.world_mut()
        .query::<(&Orbit, Option<&FramingGoal>)>()
        .single(app.world())
        .is_ok_and(|(orbit, goal)| goal.is_none_or(|g| g.reached(orbit)))
}

fn turn(app: &App) -> String {
    app.world().resource::<Session>().turn().notation()
}

fn legal_cells(app: &App) -> Vec<Cell> {
    let session = app.world().resource::<Session>();
    session
        .turn()
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Cell(c) => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn a_tap_within_one_frame_chooses_a_stack_and_then_plays_a_step() {
    let mut app = app();
    assert_eq!(turn(&app), "");
    let from = legal_cells(&app)[0];
    let at = on_screen(&mut app, from);
    tap(&mut app, at);
    assert_eq!(turn(&app), from.to_string(), "a tap at {at} on {from}");
    let to = legal_cells(&app)[0];
    let at = on_screen(&mut app, to);
    tap(&mut app, at);
    assert_eq!(
        app.world().resource::<Session>().move_count(),
        1,
        "a tap at {at} on {to} after {from}"
    );
}

#[test]
fn two_fingers_turn_and_zoom_the_camera_and_choose_nothing() {
    let mut app = app();
    let orbit = |app: &mut App| {
        *app.world_mut()
            .query::<&Orbit>()
            .single(app.world())
            .unwrap()
    };
    let before = orbit(&mut app);
    // Both fingers start on stacks and end where they started, spread apart and back.
    let cells = legal_cells(&app);
    let (a, b) = (on_screen(&mut app, cells[0]), on_screen(&mut app, cells[1]));
    touch(
        &mut app,
        &[(1, TouchPhase::Started, a), (2, TouchPhase::Started, b)],
    );
    let apart = Vec2::new(-60.0, 0.0);
    touch(
        &mut app,
        &[
            (1, TouchPhase::Moved, a + apart + Vec2::Y * 30.0),
            (2, TouchPhase::Moved, b - apart + Vec2::Y * 30.0),
        ],
    );
    let spread = orbit(&mut app);
    // The pinch zooms: the camera comes nearer (the framing's own distance stays).
    assert!(spread.range() < before.range(), "{before:?} {spread:?}");
    assert!(
        (spread.pitch - before.pitch).abs() > 1e-3,
        "{before:?} {spread:?}"
    );
    touch(
        &mut app,
        &[(1, TouchPhase::Moved, a), (2, TouchPhase::Moved, b)],
    );
    touch(
        &mut app,
        &[(1, TouchPhase::Ended, a), (2, TouchPhase::Ended, b)],
    );
    app.update();
    assert_eq!(turn(&app), "", "a two-finger gesture chose a stack");
}

/// At Low (what a machine without a GPU gets) the 3D view is drawn into a canvas of half the
/// window's pixels per side, yet measured in the window's own pixels, so taps, labels and the
/// board agree.
#[test]
fn the_board_is_drawn_with_fewer_pixels_but_measured_in_the_windows() {
    let mut app = app();
    let window = window(&mut app);
    let size = app.world().get::<Window>(window).unwrap().resolution.size();
    let camera = app
        .world_mut()
        .query_filtered::<&Camera, With<Orbit>>()
        .single(app.world())
        .unwrap();
    assert_eq!(camera.logical_viewport_size(), Some(size));
    assert_eq!(
        camera.physical_viewport_size(),
        Some((size / 2.0).round().as_uvec2())
    );
}

#[test]
fn a_tap_in_the_position_editor_puts_a_stone_down() {
    use stackyard::game::core::editor::{Editor, OpenEditor};
    let mut app = app();
    let position = app.world().resource::<Session>().position().clone();
    app.world_mut().write_message(OpenEditor(position));
    app.update();
    app.update();
    app.world_mut().resource_mut::<Editor>().clear_board();
    for _ in 0..3 {
        app.update();
    }
    let cell: Cell = "b4".parse().unwrap();
    let at = on_screen(&mut app, cell);
    tap(&mut app, at);
    let editor = app.world().resource::<Editor>();
    assert_eq!(
        editor.setup.stack(cell).to_string(),
        "b",
        "a tap at {at} on {cell}: {}",
        editor.setup
    );
}

#[test]
fn a_puzzle_is_solved_by_taps() {
    use stackyard::game::core::puzzles::{Attempt, PuzzleRequest, PuzzleRun};
    use stackyard::rules::GameId;
    let mut app = app();
    app.world_mut()
        .write_message(PuzzleRequest::Open(GameId::Splay, Some(0)));
    for _ in 0..5 {
        app.update();
    }
    let started = std::time::Instant::now();
    while started.elapsed().as_secs() < 20
        && app
            .world_mut()
            .query_filtered::<(), With<FlyIn>>()
            .iter(app.world())
            .count()
            > 0
    {
        app.update();
    }
    let run = app.world().resource::<PuzzleRun>();
    let start = run.puzzle.start.clone();
    let solution = start.parse_actions(&run.puzzle.entry.solution[0]).unwrap();
    for a in solution {
        let Action::Cell(cell) = a else {
            panic!("Splay's first puzzle is played on cells: {a:?}");
        };
        let at = on_screen(&mut app, cell);
        tap(&mut app, at);
        app.update();
    }
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<PuzzleRun>().attempt,
        Attempt::Solved,
        "{}",
        app.world().resource::<Session>().position().to_setup()
    );
}
