//! The room around the table: its plan as plain data and how each surface looks (`plan.rs`), built
//! as meshes with the light painted on its walls and floor at Low (`furnishings.rs`), baked into
//! the image-based light (`baked_light.rs`), and the table with the room's lights
//! (`table_and_lights.rs`). Every level shows the same room; the view's quality decides how it is
//! lit.

use bevy::prelude::*;

pub mod baked_light;
pub mod furnishings;
pub mod plan;
pub mod table_and_lights;

/// The room, the table and the lights.
pub(super) fn presentation_plugin(app: &mut App) {
    app.add_plugins((
        baked_light::plugin,
        furnishings::plugin,
        table_and_lights::plugin,
    ));
}
