//! The computer's thinking on the board, in the app without a window or GPU: while it searches,
//! glows appear on the cells of decisions it may take, the leading one at full strength; the View
//! option takes them away.

use crate::common::headless::WholeApp;
use bevy::prelude::*;
use stackyard::ai::Level;
use stackyard::game::board::thinking::ThoughtGlow;
use stackyard::game::core::preferences::ViewSettings;
use stackyard::game::core::seats::{Seat, Seats};
use stackyard::game::core::session::Session;
use stackyard::game::core::view::BoardView;

fn app() -> WholeApp {
    let mut app = WholeApp::headless("thinking");
    app.insert_resource(Seats {
        black: Seat::Computer(Level::Casual),
        ..Seats::default()
    });
    app
}

fn glows(app: &mut App) -> Vec<ThoughtGlow> {
    app.world_mut()
        .query::<&ThoughtGlow>()
        .iter(app.world())
        .copied()
        .collect()
}

/// Updates until `done` holds, for at most 20 s.
fn until(app: &mut App, done: impl Fn(&mut App) -> bool) -> bool {
    let started = std::time::Instant::now();
    while started.elapsed().as_secs() < 20 {
        app.update();
        if done(app) {
            return true;
        }
    }
    false
}

#[test]
fn the_cells_the_computer_weighs_glow_and_the_view_option_hides_them() {
    let mut app = app();
    assert!(
        until(&mut app, |app| !glows(app).is_empty()),
        "no glow while the computer thought"
    );
    let shown = glows(&mut app);
    let session = app.world().resource::<Session>();
    let position = session.position();
    let legal_cells: Vec<_> = session
        .legal_actions()
        .into_iter()
        .filter_map(|a| position.action_cell(a))
        .collect();
    for glow in &shown {
        assert!(legal_cells.contains(&glow.cell), "{glow:?} is no decision");
        assert!(glow.strength > 0.0 && glow.strength <= 1.0, "{glow:?}");
    }
    assert!(
        shown.iter().any(|g| g.strength == 1.0),
        "a leader at full strength: {shown:?}"
    );
    app.world_mut().resource_mut::<ViewSettings>().thinking = false;
    assert!(
        until(&mut app, |app| glows(app).is_empty()),
        "the glows stayed with the option off"
    );
}
