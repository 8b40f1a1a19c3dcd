//! The board on its table: a wooden slab with inlaid cells (clickable), lights and shadows.
//! Splay's cells are tinted by reach, ring by ring, since the reach limits every stack.

use bevy::light::{CascadeShadowConfigBuilder, GlobalAmbientLight};
use bevy::prelude::*;

use crate::rules::{Cell, Game, Splay};

use super::layout::{BOARD_TOP, CELL, TABLE_TOP, cell_centre};
use super::session::{BoardClick, Session, report_clicks};

/// A cell tile of the board.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardCell(pub Cell);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.055, 0.06, 0.075)))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(0.85, 0.88, 1.0),
            brightness: 150.0,
            ..default()
        })
        .add_systems(Startup, (spawn_board, spawn_lights));
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
        Transform::from_xyz(-8.0, 11.0, 5.0).looking_at(Vec3::ZERO, Vec3::Y),
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 40.0,
            ..default()
        }
        .build(),
    ));
    commands.spawn((
        Name::new("Warm fill light"),
        PointLight {
            intensity: 600_000.0,
            range: 40.0,
            color: Color::srgb(1.0, 0.8, 0.6),
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(7.0, 6.0, -5.0),
    ));
}

fn spawn_board(
    mut commands: Commands,
    session: Res<Session>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let g = session.position().id().geometry();
    let (w, h) = (f32::from(g.width) * CELL, f32::from(g.height) * CELL);
    let margin = 0.55;
    commands.spawn((
        Name::new("Table"),
        Mesh3d(meshes.add(Cuboid::new(60.0, 1.0, 60.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.16, 0.13, 0.11),
            perceptual_roughness: 0.95,
            ..default()
        })),
        Transform::from_xyz(0.0, TABLE_TOP - 0.5, 0.0),
        Pickable::IGNORE,
    ));
    commands.spawn((
        Name::new("Board"),
        Mesh3d(meshes.add(Cuboid::new(w + 2.0 * margin, 0.3, h + 2.0 * margin))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.36, 0.21, 0.11),
            perceptual_roughness: 0.55,
            clearcoat: 0.3,
            ..default()
        })),
        Transform::from_xyz(0.0, BOARD_TOP - 0.17, 0.0),
        Pickable::IGNORE,
    ));
    let tile = meshes.add(Cuboid::new(CELL * 0.95, 0.04, CELL * 0.95));
    // Cells tinted by Splay's reach: the outer ring lightest.
    let shades: Vec<Handle<StandardMaterial>> = (0..4)
        .map(|ring| {
            let t = ring as f32 / 3.0;
            materials.add(StandardMaterial {
                base_color: Color::srgb(0.86 - 0.16 * t, 0.70 - 0.14 * t, 0.47 - 0.10 * t),
                perceptual_roughness: 0.62,
                ..default()
            })
        })
        .collect();
    for cell in g.cells() {
        let ring = usize::from(7 - Splay::reach(cell)).min(3);
        commands
            .spawn((
                Name::new(format!("Cell {cell}")),
                BoardCell(cell),
                Mesh3d(tile.clone()),
                MeshMaterial3d(shades[ring].clone()),
                Transform::from_translation(cell_centre(g, cell) - Vec3::Y * 0.02),
            ))
            .observe(report_clicks(|c: &BoardCell| Some(BoardClick::Cell(c.0))));
    }
}
