//! When a game starts, the camera flies in to the game's own view of the board (from rank 1's
//! side, angled, at the framing: whatever turn attract mode's orbit or a player gave it is
//! undone): from high above and to one side, round and down, easing out, in under two seconds.
//! Turning the board meanwhile changes where it lands. With animations off (and in screenshots)
//! it is where it lands at once, as under reduced motion.

use bevy::prelude::*;

use super::camera::Orbit;
use crate::game::core::preferences::{AnimationSpeed, Motion};
use crate::game::core::screen::Screen;
use crate::game::core::session::{BoardReset, Session};

/// A camera on its way to its orbit (the flight's start is fixed relative to the orbit).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct FlyIn {
    /// The share of the flight behind it.
    pub done: f32,
}

/// The flight's length at normal animation speed, in seconds.
const FLIGHT_SECS: f32 = 1.6;

/// How far round, how much higher and how much further away the flight starts.
const START_TURN: f32 = 0.9;
const START_RISE: f32 = 0.45;
const START_DISTANCE: f32 = 1.9;

impl FlyIn {
    /// Where the camera is `done` of the way from the start of the flight to `to`, eased out (fast
    /// at first, settling gently).
    #[must_use]
    pub fn between(to: &Orbit, done: f32) -> Orbit {
        let left = (1.0 - done.clamp(0.0, 1.0)).powi(3);
        Orbit {
            yaw: to.yaw + START_TURN * left,
            pitch: (to.pitch + START_RISE * left).min(1.52),
            distance: to.distance * (1.0 + (START_DISTANCE - 1.0) * left),
            pan: to.pan * (1.0 - left),
            ..*to
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), take_off)
        .add_systems(OnEnter(Screen::Puzzle), take_off)
        .add_systems(
            Update,
            (take_off_on_a_new_game, take_off_at_start, fly)
                .chain()
                .in_set(crate::game::core::GameSystems::Present)
                .after(super::camera::place_camera),
        );
}

/// Turns each camera to the game's own view and starts its flight there, unless animations are
/// off.
fn launch<'a>(
    commands: &mut Commands,
    speed: AnimationSpeed,
    cameras: impl Iterator<Item = (Entity, Mut<'a, Orbit>)>,
) {
    for (camera, mut orbit) in cameras {
        orbit.reset(Orbit::default().pitch);
        if speed.stage_secs() > 0.0 {
            commands.entity(camera).insert(FlyIn { done: 0.0 });
        }
    }
}

/// Coming to the play or puzzle screen (from the title, attract mode or how to play) flies in.
fn take_off(mut commands: Commands, motion: Motion, mut cameras: Query<(Entity, &mut Orbit)>) {
    launch(&mut commands, motion.speed(), cameras.iter_mut());
}

/// A new game on the play screen (not a step back to the start: that can be redone) flies in.
fn take_off_on_a_new_game(
    mut resets: MessageReader<BoardReset>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut commands: Commands,
    motion: Motion,
    mut cameras: Query<(Entity, &mut Orbit)>,
) {
    let reset = resets.read().count() > 0;
    let new_game = session.move_count() == 0 && !session.can_redo_move();
    if reset && new_game && *screen.get() == Screen::Game {
        launch(&mut commands, motion.speed(), cameras.iter_mut());
    }
}

/// The app opened on a game: the camera, just made, flies in too.
fn take_off_at_start(
    screen: Res<State<Screen>>,
    mut commands: Commands,
    motion: Motion,
    mut cameras: Query<(Entity, &mut Orbit), Added<Orbit>>,
) {
    if *screen.get() == Screen::Game {
        launch(&mut commands, motion.speed(), cameras.iter_mut());
    }
}

/// Moves each flying camera along its flight, and lands it.
fn fly(
    mut commands: Commands,
    time: Res<Time>,
    motion: Motion,
    mut cameras: Query<(Entity, &Orbit, &mut FlyIn, &mut Transform)>,
) {
    // Fast animations fly faster too: the flight keeps its share of a move's stage.
    let secs = FLIGHT_SECS * motion.speed().stage_secs() / AnimationSpeed::Normal.stage_secs();
    for (camera, orbit, mut flight, mut transform) in &mut cameras {
        flight.done += if secs > 0.0 {
            time.delta_secs() / secs
        } else {
            1.0
        };
        if flight.done >= 1.0 {
            *transform = orbit.transform();
            commands.entity(camera).remove::<FlyIn>();
        } else {
            *transform = FlyIn::between(orbit, flight.done).transform();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flight_starts_high_and_far_and_lands_on_the_orbit() {
        let to = Orbit {
            pan: Vec2::new(1.0, -0.5),
            ..Orbit::default()
        };
        let start = FlyIn::between(&to, 0.0);
        assert!(start.distance > to.distance * 1.5, "{start:?}");
        assert!(start.pitch > to.pitch, "{start:?}");
        assert!((start.yaw - to.yaw).abs() > 0.5, "{start:?}");
        assert_eq!(FlyIn::between(&to, 1.0), to);
        // Eased out: most of the way is covered in the first half.
        let half = FlyIn::between(&to, 0.5);
        assert!(half.distance - to.distance < (start.distance - to.distance) * 0.2);
    }
}
