//! The table the board lies on, and the room's lights: the sun through the window (with its
//! shadows), the desk lamp's warm fill and the ambient light.

use bevy::light::{CascadeShadowConfigBuilder, GlobalAmbientLight};
use bevy::prelude::*;

use super::plan::{LAMP_BULB, SUN_FROM, table_top};
use crate::game::board::theme::{ActiveTheme, Table, colour};

/// The desk lamp's warm fill light (left out at Low: `quality`).
#[derive(Component, Debug, Clone, Copy)]
pub struct LampLight;

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(GlobalAmbientLight {
        color: Color::srgb(0.85, 0.88, 1.0),
        brightness: 150.0,
        ..default()
    })
    .add_systems(Startup, (spawn_table, spawn_lights));
}

fn spawn_table(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let top = table_top();
    let size = top.shape.half_extent() * 2.0;
    commands.spawn((
        Name::new(top.name),
        Table,
        Mesh3d(meshes.add(Cuboid::from_size(size))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: colour(theme.theme.table),
            // The planks' picture comes with the theme (`theme::paint_room`); each covers 8
            // units of the table.
            uv_transform: bevy::math::Affine2::from_scale(size.xz() / 8.0),
            perceptual_roughness: 0.8,
            ..default()
        })),
        Transform::from_translation(top.centre),
        Pickable::IGNORE,
    ));
}

fn spawn_lights(mut commands: Commands) {
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight {
            illuminance: 13_000.0,
            shadow_maps_enabled: true,
            color: Color::srgb(1.0, 0.96, 0.9),
            ..default()
        },
        Transform::from_translation(SUN_FROM).looking_at(Vec3::ZERO, Vec3::Y),
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 40.0,
            ..default()
        }
        .build(),
    ));
    commands.spawn((
        // It shines from the desk lamp's bulb.
        Name::new("Warm fill light"),
        LampLight,
        PointLight {
            intensity: 600_000.0,
            range: 40.0,
            color: Color::srgb(1.0, 0.8, 0.6),
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_translation(LAMP_BULB),
    ));
}
