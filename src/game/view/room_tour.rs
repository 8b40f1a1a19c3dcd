//! Attract mode opens with a slow walk of the camera through the room: from the far corner by
//! the door, looking across at the window and the bookcase, along the wall and down to the
//! board's orbit, in twelve seconds. With animations off or motion reduced it starts on the
//! orbit; leaving attract mode ends it.

use bevy::prelude::*;

use super::camera::Orbit;
use crate::game::core::preferences::Motion;
use crate::game::core::screen::Screen;
use crate::game::room::plan::{EAST, FLOOR, SOUTH, WEST};

/// A camera walking through the room to its orbit.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct RoomTour {
    /// The share of the walk behind it.
    pub done: f32,
}

/// The walk held still at this share of the way (for a picture of the room: `--room-view`).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct HeldTour(pub f32);

/// The walk's length.
pub const TOUR_SECS: f32 = 12.0;

/// Where the walk starts (a standing person's eyes, in the corner by the door) and what it
/// looks at there (the window's wall, past the table).
const START_EYE: Vec3 = Vec3::new(EAST - 8.0, FLOOR + 34.0, SOUTH - 6.0);
const START_LOOK: Vec3 = Vec3::new(WEST + 14.0, FLOOR + 24.0, -10.0);
/// The point the walk bends through, along the south wall.
const BEND_EYE: Vec3 = Vec3::new(WEST + 26.0, FLOOR + 30.0, SOUTH - 14.0);

impl RoomTour {
    /// Where the camera is `done` of the way from the corner to `to`'s view, eased in and out.
    #[must_use]
    pub fn between(to: &Transform, done: f32) -> Transform {
        let t = done.clamp(0.0, 1.0);
        let e = t * t * (3.0 - 2.0 * t);
        let along = |a: Vec3, b: Vec3, c: Vec3| a.lerp(b, e).lerp(b.lerp(c, e), e);
        let eye = along(START_EYE, BEND_EYE, to.translation);
        let first = Transform::from_translation(START_EYE).looking_at(START_LOOK, Vec3::Y);
        Transform::from_translation(eye).with_rotation(first.rotation.slerp(to.rotation, e))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Attract), set_out)
        .add_systems(OnExit(Screen::Attract), stop)
        .add_systems(
            Update,
            (set_out_at_start, walk)
                .chain()
                .in_set(crate::game::core::GameSystems::Present)
                .after(super::camera::place_camera)
                .run_if(in_state(Screen::Attract)),
        );
}

/// Attract mode begins: each camera sets out from the corner.
fn set_out(
    commands: Commands,
    motion: Motion,
    held: Option<Res<HeldTour>>,
    cameras: Query<Entity, With<Orbit>>,
) {
    start_walking(commands, &motion, held.as_deref(), cameras.iter());
}

/// The app opened in attract mode: the camera, just made, sets out too.
fn set_out_at_start(
    commands: Commands,
    motion: Motion,
    held: Option<Res<HeldTour>>,
    cameras: Query<Entity, Added<Orbit>>,
) {
    start_walking(commands, &motion, held.as_deref(), cameras.iter());
}

/// Each camera sets out, unless animations are off (a held walk stands where it is held).
fn start_walking(
    mut commands: Commands,
    motion: &Motion,
    held: Option<&HeldTour>,
    cameras: impl Iterator<Item = Entity>,
) {
    if motion.speed().stage_secs() == 0.0 && held.is_none() {
        return;
    }
    let done = held.map_or(0.0, |h| h.0);
    for camera in cameras {
        commands.entity(camera).insert(RoomTour { done });
    }
}

fn stop(mut commands: Commands, cameras: Query<Entity, With<RoomTour>>) {
    for camera in &cameras {
        commands.entity(camera).remove::<RoomTour>();
    }
}

/// Moves each walking camera along, and hands it to its orbit at the end.
fn walk(
    mut commands: Commands,
    time: Res<Time>,
    held: Option<Res<HeldTour>>,
    mut cameras: Query<(Entity, &Orbit, &mut RoomTour, &mut Transform)>,
) {
    for (camera, orbit, mut tour, mut transform) in &mut cameras {
        if held.is_none() {
            tour.done += time.delta_secs() / TOUR_SECS;
        }
        let view = orbit.transform();
        if tour.done >= 1.0 {
            *transform = view;
            commands.entity(camera).remove::<RoomTour>();
        } else {
            *transform = RoomTour::between(&view, tour.done);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::room::plan::{CEILING, NORTH};

    #[test]
    fn the_walk_starts_in_the_corner_stays_in_the_room_and_lands_on_the_orbit() {
        let to = Orbit::default().transform();
        let start = RoomTour::between(&to, 0.0);
        assert!(start.translation.distance(START_EYE) < 1e-4);
        for step in 0..=20 {
            let at = RoomTour::between(&to, step as f32 / 20.0).translation;
            assert!(
                at.x > WEST && at.x < EAST && at.z > NORTH && at.z < SOUTH,
                "{at}"
            );
            assert!(at.y > FLOOR + 5.0 && at.y < CEILING, "{at}");
        }
        let end = RoomTour::between(&to, 1.0);
        assert!(end.translation.distance(to.translation) < 1e-4);
        assert!(end.rotation.angle_between(to.rotation) < 1e-3);
    }

    #[test]
    fn the_walk_starts_looking_at_the_window_wall() {
        let start = RoomTour::between(&Orbit::default().transform(), 0.0);
        let looking = start.forward();
        assert!(looking.x < -0.5, "{looking:?}");
    }
}
