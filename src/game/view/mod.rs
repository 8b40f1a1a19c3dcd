//! How the 3D view is seen and drawn: the camera, its fly-in and attract mode's tour of the room,
//! the framing (the camera's distance and aim that fit the board into the free area the panels
//! leave), the canvas the view is drawn into, and the whole graphics-level policy: the level in
//! use, Auto's step down when frames cannot keep up (remembered per adapter and display), and
//! drawing only on a change.

use bevy::prelude::*;

pub mod camera;
pub mod canvas;
pub mod fly_in;
pub mod framing;
pub mod free_area;
pub mod keeping_up;
pub mod pacing;
pub mod quality;
pub mod remembered_steps;
pub mod room_tour;
mod this_display;

/// The camera, the canvas and the graphics level, and the frames' pacing.
pub(super) fn presentation_plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        canvas::plugin,
        fly_in::plugin,
        framing::plugin,
        quality::plugin,
        room_tour::plugin,
        free_area::plugin,
        pacing::plugin,
        keeping_up::plugin,
        remembered_steps::plugin,
    ));
}
