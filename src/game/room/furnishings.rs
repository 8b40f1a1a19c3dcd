//! The room built from its plan (`plan.rs`): walls, floorboards, the window, the chairs,
//! the bookcase and the desk lamp, in the theme's room colours. At Low the walls, ceiling, floor
//! and rug are unlit, their light painted in (what the baked environment map gives them), since
//! a software renderer pays for lighting in every pixel and they cover most of the picture.
//! Nothing here is clickable; the whole room is built again when the theme or level changes.

use bevy::light::{NotShadowCaster, NotShadowReceiver};
use bevy::prelude::*;
use std::collections::HashMap;

use crate::files::theme::Theme;
use crate::game::board::theme::ActiveTheme;
use crate::game::board::wood;
use crate::game::core::graphics_level::GraphicsLevel;
use crate::game::room::plan::{
    LAMP_BULB, Piece, Shape, Surface, daylight_on, room, surface_colour,
};

/// A piece of the room.
#[derive(Component, Debug, Clone, Copy)]
pub struct RoomPiece;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, furnish).add_systems(
        Update,
        refurnish
            .run_if(resource_changed::<ActiveTheme>.or_else(resource_changed::<GraphicsLevel>))
            .in_set(crate::game::core::GameSystems::Present),
    );
}

fn furnish(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    level: Option<Res<GraphicsLevel>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let floor = images.map(|mut images| images.add(wood::planks(256, 4, theme.theme.grain, 7)));
    let mut looks = Looks {
        theme: &theme.theme,
        floor,
        made: HashMap::new(),
        box_mesh: meshes.add(Cuboid::from_length(1.0)),
        panel_mesh: meshes.add(Plane3d::default().mesh().size(1.0, 1.0)),
    };
    let painted_light = level.is_some_and(|l| *l == GraphicsLevel::Low);
    for piece in room() {
        let flat = matches!(piece.shape, Shape::Panel { .. }) || piece.surface == Surface::Rug;
        let material = if painted_light && flat {
            looks.painted(&piece, &mut materials)
        } else {
            looks.material(piece.surface, &mut materials)
        };
        let (mesh, transform) = match piece.shape {
            Shape::Block(size) => (
                looks.box_mesh.clone(),
                Transform::from_translation(piece.centre).with_scale(size),
            ),
            Shape::Panel { size, facing } => (
                looks.panel_mesh.clone(),
                panel_at(piece.centre, size, facing),
            ),
            shape => (
                meshes.add(round_mesh(shape)),
                Transform::from_translation(piece.centre),
            ),
        };
        spawn_piece(&mut commands, &piece, mesh, material, transform);
    }
}

fn spawn_piece(
    commands: &mut Commands,
    piece: &Piece,
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
    transform: Transform,
) {
    let mut e = commands.spawn((
        Name::new(piece.name),
        RoomPiece,
        Mesh3d(mesh),
        MeshMaterial3d(material),
        transform,
        Pickable::IGNORE,
    ));
    if !piece.casts_shadow() {
        e.insert(NotShadowCaster);
    }
    if !piece.receives_shadow() {
        e.insert(NotShadowReceiver);
    }
}

/// A unit plane (facing up) turned to face `facing` and stretched to `size`.
fn panel_at(centre: Vec3, size: Vec3, facing: Vec3) -> Transform {
    let turn = Quat::from_rotation_arc(Vec3::Y, facing.normalize());
    let mut scale = (turn.inverse() * size).abs();
    scale.y = 1.0;
    Transform::from_translation(centre)
        .with_rotation(turn)
        .with_scale(scale)
}

/// The round pieces' meshes (the lamp's).
fn round_mesh(shape: Shape) -> Mesh {
    match shape {
        Shape::Cylinder { radius, height } => Cylinder::new(radius, height).mesh().build(),
        Shape::Shade {
            top,
            bottom,
            height,
        } => ConicalFrustum {
            radius_top: top,
            radius_bottom: bottom,
            height,
        }
        .mesh()
        .resolution(32)
        .build(),
        Shape::Ball(r) => Sphere::new(r).mesh().uv(24, 12),
        Shape::Block(size) | Shape::Panel { size, .. } => Cuboid::from_size(size).into(),
    }
}

/// The light the walls and the ceiling give back, in the camera's units.
const BOUNCED_NITS: f32 = 0.5;

/// The painted light's level against the lit look at Low, and the desk lamp's share on a face
/// at a distance (its square falls off): both matched to the walls and floor as Low lit them,
/// side by side in screenshots of attract mode's first view.
const PAINTED_GAIN: f32 = 1.75;
const LAMP_REACH: f32 = 62.0;

/// One material per surface, made once.
struct Looks<'a> {
    theme: &'a Theme,
    floor: Option<Handle<Image>>,
    made: HashMap<Surface, Handle<StandardMaterial>>,
    box_mesh: Handle<Mesh>,
    panel_mesh: Handle<Mesh>,
}

impl Looks<'_> {
    fn material(
        &mut self,
        surface: Surface,
        materials: &mut Assets<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        if let Some(made) = self.made.get(&surface) {
            return made.clone();
        }
        let look = self.look(surface);
        let handle = materials.add(look);
        self.made.insert(surface, handle.clone());
        handle
    }

    /// A flat face (a wall, the ceiling, the floor, the rug) at Low: unlit, its light painted in.
    fn painted(
        &mut self,
        piece: &Piece,
        materials: &mut Assets<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        let facing = match piece.shape {
            Shape::Panel { facing, .. } => facing,
            _ => Vec3::Y,
        };
        let lit = self.look(piece.surface);
        let from_the_lamp = (LAMP_BULB - piece.centre).dot(facing).abs().max(1.0);
        let light =
            (daylight_on(facing) + LAMP_REACH / (from_the_lamp * from_the_lamp)) * PAINTED_GAIN;
        materials.add(StandardMaterial {
            base_color: (LinearRgba::from(lit.base_color) * light).into(),
            emissive: LinearRgba::BLACK,
            unlit: true,
            ..lit
        })
    }

    fn look(&self, surface: Surface) -> StandardMaterial {
        let base_color = surface_colour(surface, self.theme);
        let plain = StandardMaterial {
            base_color,
            perceptual_roughness: 0.9,
            reflectance: 0.2,
            ..default()
        };
        // Emitted light, where 1 shows as the surface's own colour.
        let glow = |nits: f32| LinearRgba::from(base_color) * nits;
        match surface {
            // Light sources outshine everything: white through the tonemapper, and at Medium
            // and High they bloom.
            Surface::Daylight => StandardMaterial {
                emissive: glow(4.0),
                ..plain
            },
            Surface::Lamplight => StandardMaterial {
                emissive: glow(6.0),
                ..plain
            },
            // Light bounced around the room: the walls away from the sun are dim, not black,
            // at Low too (where no image-based light is paid for).
            Surface::Wall | Surface::Ceiling => StandardMaterial {
                emissive: glow(BOUNCED_NITS),
                ..plain
            },
            Surface::Floor => StandardMaterial {
                base_color_texture: self.floor.clone(),
                // Four boards to a picture, each picture about 8 units square.
                uv_transform: bevy::math::Affine2::from_scale(Vec2::new(9.5, 8.4)),
                perceptual_roughness: 0.7,
                reflectance: 0.3,
                ..plain
            },
            Surface::Furniture | Surface::TableWood | Surface::Trim => StandardMaterial {
                perceptual_roughness: 0.6,
                reflectance: 0.35,
                ..plain
            },
            Surface::Brass => StandardMaterial {
                metallic: 0.9,
                perceptual_roughness: 0.35,
                ..plain
            },
            _ => plain,
        }
    }
}

/// Another theme: the room is built again in its colours.
fn refurnish(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    level: Option<Res<GraphicsLevel>>,
    pieces: Query<Entity, With<RoomPiece>>,
    meshes: ResMut<Assets<Mesh>>,
    materials: ResMut<Assets<StandardMaterial>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    if theme.is_added() && level.as_ref().is_none_or(|l| l.is_added()) {
        return;
    }
    for piece in &pieces {
        commands.entity(piece).despawn();
    }
    furnish(commands, theme, level, meshes, materials, images);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panel_is_turned_to_face_its_way_and_stretched_to_its_size() {
        let wall = panel_at(Vec3::ZERO, Vec3::new(0.0, 50.0, 70.0), Vec3::X);
        assert!((wall.rotation * Vec3::Y).abs_diff_eq(Vec3::X, 1e-5));
        let corner = wall.transform_point(Vec3::new(0.5, 0.0, 0.5)).abs();
        assert!(
            corner.abs_diff_eq(Vec3::new(0.0, 25.0, 35.0), 1e-3),
            "{corner}"
        );
        let ceiling = panel_at(Vec3::ZERO, Vec3::new(60.0, 0.0, 40.0), Vec3::NEG_Y);
        let corner = ceiling.transform_point(Vec3::new(0.5, 0.0, 0.5)).abs();
        assert!(
            corner.abs_diff_eq(Vec3::new(30.0, 0.0, 20.0), 1e-3),
            "{corner}"
        );
    }
}
