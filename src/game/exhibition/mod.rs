//! Exhibition mode (a kiosk run from a profile): attract mode when no one plays, the idle prompt
//! that hands an abandoned game back to it, the staff exit, and the kiosk's window and cursor.
//! Everything here runs only when an [`Exhibition`] resource exists (`--profile`).

pub mod attract;
pub mod attract_language;
pub mod attract_puzzle;
pub mod clock;
pub mod health;
pub mod hours;
pub mod idle;
pub mod staff;
pub mod statistics;
pub mod take_home;
pub mod touch;
pub mod visits;
pub mod window;

use std::time::Duration;

use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::input::touch::TouchInput;
use bevy::prelude::*;
use bevy::window::CursorMoved;

use crate::files::profile::{Profile, Visitors};
use crate::rules::GameId;

use crate::game::core::seats::{Seat, Seats};

/// The kiosk's profile and where it stands.
#[derive(Resource, Debug, Clone)]
pub struct Exhibition {
    /// The profile it runs.
    pub profile: Profile,
    /// The games it shows, in order.
    pub games: Vec<GameId>,
    /// The game attract mode shows (an index into `games`).
    pub showing: usize,
    /// When a visitor last touched, clicked or typed (the app's elapsed time).
    pub last_input: Duration,
}

impl Exhibition {
    /// The exhibition of a checked profile.
    #[must_use]
    pub fn new(profile: Profile) -> Exhibition {
        Exhibition {
            games: profile.game_ids(),
            profile,
            showing: 0,
            last_input: Duration::ZERO,
        }
    }

    /// The game attract mode shows now.
    #[must_use]
    pub fn game_on_show(&self) -> GameId {
        self.games[self.showing % self.games.len()]
    }

    /// The seats of a visitor's game.
    #[must_use]
    pub fn visitor_seats(&self) -> Seats {
        let computer = Seat::Computer(self.profile.level);
        Seats {
            black: Seat::Human,
            white: match self.profile.visitors {
                Visitors::VisitorVsComputer => computer,
                Visitors::TwoVisitors => Seat::Human,
            },
            ..Seats::default()
        }
    }

    /// Time since the last input.
    #[must_use]
    pub fn idle_for(&self, time: &Time) -> Duration {
        time.elapsed().saturating_sub(self.last_input)
    }
}

/// The kiosk's systems: they run only when the app is a kiosk (an [`Exhibition`] exists).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KioskSystems;

/// Runs the kiosk's systems in `schedule` only when the app is a kiosk.
fn only_in_a_kiosk(app: &mut App, schedule: impl bevy::ecs::schedule::ScheduleLabel) {
    app.configure_sets(schedule, KioskSystems.run_if(resource_exists::<Exhibition>));
}

/// Someone touched, clicked, scrolled, moved the mouse or typed this frame.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct VisitorInput;

/// The game logic of exhibition mode (runs without a renderer).
pub fn plugin(app: &mut App) {
    only_in_a_kiosk(app, PreUpdate);
    only_in_a_kiosk(app, Update);
    only_in_a_kiosk(app, OnEnter(crate::game::core::screen::Screen::Attract));
    app.add_message::<VisitorInput>()
        .add_message::<KeyboardInput>()
        .add_message::<MouseButtonInput>()
        .add_message::<MouseWheel>()
        .add_message::<TouchInput>()
        .add_message::<CursorMoved>()
        .add_systems(
            PreUpdate,
            (
                notice_visitor_input
                    .in_set(KioskSystems)
                    .after(bevy::input::InputSystems),
                tell_the_screens.run_if(resource_exists_and_changed::<Exhibition>),
            ),
        )
        .add_plugins((
            attract::plugin,
            attract_language::plugin,
            attract_puzzle::plugin,
            idle::plugin,
            staff::plugin,
            clock::plugin,
            visits::plugin,
            health::plugin,
            hours::plugin,
            take_home::plugin,
        ));
}

/// The presentation of exhibition mode: captions, prompts, the staff menu, cursor hiding.
pub fn panel_plugin(app: &mut App) {
    only_in_a_kiosk(app, bevy_egui::EguiPrimaryContextPass);
    app.add_plugins((
        attract::panel_plugin,
        attract_language::panel_plugin,
        hours::panel_plugin,
        idle::panel_plugin,
        staff::panel_plugin,
        statistics::panel_plugin,
        take_home::panel_plugin,
        touch::panel_plugin,
        window::panel_plugin,
    ));
}

/// Tells the screens that the app is a kiosk, and which games it shows.
fn tell_the_screens(exhibition: Res<Exhibition>, mut commands: Commands) {
    commands.insert_resource(crate::game::core::kiosk::Kiosk {
        games: exhibition.games.clone(),
        editor: exhibition.profile.editor,
        coach: exhibition.profile.coach,
    });
}

/// Turns raw input into [`VisitorInput`] and notes its time. The mouse's moves are noted (they
/// bring the hidden cursor back and keep a game from going idle) but are no visitor's input:
/// a nudged mouse, or the pointer the X server finds inside a newly opened window, leaves
/// attract mode no more than a touch that never came. Keys are a visitor's unless they are
/// modifiers alone or pressed under Ctrl+Shift, and a touch or click in the staff's corner is
/// none either (the staff's chord and corner taps are no visitor's session).
#[allow(clippy::too_many_arguments, reason = "a system's inputs")]
fn notice_visitor_input(
    mut keys: MessageReader<KeyboardInput>,
    held: Option<Res<ButtonInput<KeyCode>>>,
    mut buttons: MessageReader<MouseButtonInput>,
    mut wheels: MessageReader<MouseWheel>,
    mut touches: MessageReader<TouchInput>,
    mut moves: MessageReader<CursorMoved>,
    (mut exhibition, windows): (
        ResMut<Exhibition>,
        Query<&Window, With<bevy::window::PrimaryWindow>>,
    ),
    mut inputs: MessageWriter<VisitorInput>,
    time: Res<Time>,
) {
    let staff_chord = held.is_some_and(|held| {
        held.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
            && held.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight])
    });
    let typed = keys
        .read()
        .filter(|k| !staff_chord && !is_modifier(k.key_code))
        .count();
    let cursor = windows.single().ok().and_then(Window::cursor_position);
    let clicked = buttons
        .read()
        .filter(|_| !cursor.is_some_and(staff::in_corner));
    let touched = touches.read().filter(|t| !staff::in_corner(t.position));
    let any = typed + clicked.count() + wheels.read().count() + touched.count();
    if any > 0 {
        inputs.write(VisitorInput);
    }
    if any + moves.read().count() > 0 {
        exhibition.last_input = time.elapsed();
    }
}

/// Ctrl, Shift, Alt and the system key: held with another key, never a visitor's input alone.
fn is_modifier(key: KeyCode) -> bool {
    matches!(
        key,
        KeyCode::ControlLeft
            | KeyCode::ControlRight
            | KeyCode::ShiftLeft
            | KeyCode::ShiftRight
            | KeyCode::AltLeft
            | KeyCode::AltRight
            | KeyCode::SuperLeft
            | KeyCode::SuperRight
    )
}
