//! What stones look like: glossy black and warm white discs, each a little different.

use bevy::prelude::*;

use crate::rules::Player;

use super::layout::{DISC_HEIGHT, DISC_RADIUS};
use super::stones::Disc;

/// The mesh and the material variants of the stones.
#[derive(Resource, Debug, Clone)]
pub struct StoneLook {
    mesh: Handle<Mesh>,
    black: Vec<Handle<StandardMaterial>>,
    white: Vec<Handle<StandardMaterial>>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, create_stone_look)
        .add_observer(dress_new_disc);
}

fn create_stone_look(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut variants = |base: [f32; 3], rough: f32| -> Vec<Handle<StandardMaterial>> {
        (0..5)
            .map(|i| {
                let d = (i as f32 - 2.0) * 0.012;
                materials.add(StandardMaterial {
                    base_color: Color::srgb(base[0] + d, base[1] + d, base[2] + d * 0.5),
                    perceptual_roughness: rough + d * 3.0,
                    reflectance: 0.55,
                    clearcoat: 0.6,
                    clearcoat_perceptual_roughness: 0.25,
                    ..default()
                })
            })
            .collect()
    };
    let look = StoneLook {
        mesh: meshes.add(
            Cylinder::new(DISC_RADIUS, DISC_HEIGHT * 0.9)
                .mesh()
                .resolution(48),
        ),
        black: variants([0.045, 0.045, 0.055], 0.3),
        white: variants([0.9, 0.87, 0.8], 0.38),
    };
    commands.insert_resource(look);
}

/// Gives every new stone its mesh and one of its colour's materials.
fn dress_new_disc(
    add: On<Add, Disc>,
    mut commands: Commands,
    discs: Query<&Disc>,
    look: Option<Res<StoneLook>>,
) {
    let (Some(look), Ok(disc)) = (look, discs.get(add.entity)) else {
        return;
    };
    let variants = match disc.colour {
        Player::Black => &look.black,
        Player::White => &look.white,
    };
    let pick = ((disc.jitter.y.abs() * 1000.0) as usize) % variants.len();
    commands.entity(add.entity).insert((
        Mesh3d(look.mesh.clone()),
        MeshMaterial3d(variants[pick].clone()),
    ));
}
