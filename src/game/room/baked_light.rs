//! The room's light: its plan (`plan.rs`) baked at start into a small environment map, as
//! seen from the board (the window's daylight, the walls, the floor, the lamp; each surface lit
//! by the sun through the window and a little bounced light), then blurred into the diffuse and
//! specular cubemaps that image-based lighting reads, so the stones' rims and the varnish catch
//! the room around them. Medium and High light with it; Low leaves it out (per-pixel cost).
//! Baked again when the theme changes.

use bevy::asset::RenderAssetUsages;

use crate::files::theme::Theme;
use crate::game::board::theme::ActiveTheme;
use crate::game::room::plan::{Piece, daylight_on, room, surface_colour, table_top};
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};

/// The room's two cubemaps.
#[derive(Resource, Debug, Clone)]
pub struct RoomLight {
    /// Irradiance: the room's light on a surface facing each way.
    pub diffuse: Handle<Image>,
    /// Radiance with blurrier mips for rougher surfaces.
    pub specular: Handle<Image>,
}

impl RoomLight {
    /// The light the camera carries at Medium and High.
    #[must_use]
    pub fn environment(&self) -> EnvironmentMapLight {
        EnvironmentMapLight {
            diffuse_map: self.diffuse.clone(),
            specular_map: self.specular.clone(),
            intensity: 400.0,
            ..default()
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, bake_room_light).add_systems(
        Update,
        bake_room_light
            .run_if(resource_changed::<ActiveTheme>)
            .in_set(crate::game::core::GameSystems::Present),
    );
}

/// Bakes the room into its cubemaps (in place on a new theme, so the cameras keep them).
fn bake_room_light(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    known: Option<Res<RoomLight>>,
    mut images: ResMut<Assets<Image>>,
) {
    let mut pieces = room();
    pieces.push(table_top());
    let source = |dir: Vec3| radiance_from_the_board(&pieces, &theme.theme, dir);
    let (diffuse, specular) = (
        irradiance_cubemap(8, 16, source),
        radiance_cubemap(64, source),
    );
    match known {
        Some(light) => {
            let _ = images.insert(&light.diffuse, diffuse);
            let _ = images.insert(&light.specular, specular);
        }
        None => commands.insert_resource(RoomLight {
            diffuse: images.add(diffuse),
            specular: images.add(specular),
        }),
    }
}

/// Where a ray from the board's centre meets the room first.
const EYE: Vec3 = Vec3::new(0.0, 1.0, 0.0);

/// The light arriving at the board from `dir` (linear, about 0..1): the first piece of the room
/// that way, glowing at its own colour or lit by the sun and the room's bounced light.
fn radiance_from_the_board(pieces: &[Piece], theme: &Theme, dir: Vec3) -> Vec3 {
    let dir = dir.normalize();
    let nearest = pieces
        .iter()
        .filter_map(|p| p.hit(EYE, dir).map(|(t, n)| (t, n, p.surface)))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    let Some((_, normal, surface)) = nearest else {
        return Vec3::ZERO;
    };
    let albedo = Vec3::from_array(
        surface_colour(surface, theme)
            .to_linear()
            .to_f32_array_no_alpha(),
    );
    if surface.glows() {
        return albedo;
    }
    albedo * daylight_on(normal)
}

/// The direction through texel `(x, y)` of cube face `face` (+X, −X, +Y, −Y, +Z, −Z).
fn texel_direction(face: usize, x: u32, y: u32, size: u32) -> Vec3 {
    let u = (x as f32 + 0.5) / size as f32 * 2.0 - 1.0;
    let v = (y as f32 + 0.5) / size as f32 * 2.0 - 1.0;
    match face {
        0 => Vec3::new(1.0, -v, -u),
        1 => Vec3::new(-1.0, -v, u),
        2 => Vec3::new(u, 1.0, v),
        3 => Vec3::new(u, -1.0, -v),
        4 => Vec3::new(u, -v, 1.0),
        _ => Vec3::new(-u, -v, -1.0),
    }
    .normalize()
}

/// A cubemap of `size` per face whose texel facing `n` holds the cosine-weighted mean of the room
/// (sampled at `samples` per face side).
fn irradiance_cubemap(size: u32, samples: u32, room: impl Fn(Vec3) -> Vec3) -> Image {
    let sources: Vec<(Vec3, Vec3)> = (0..6)
        .flat_map(|f| (0..samples * samples).map(move |i| (f, i)))
        .map(|(f, i)| {
            let dir = texel_direction(f, i % samples, i / samples, samples);
            (dir, room(dir))
        })
        .collect();
    let faces = (0..6)
        .map(|f| {
            (0..size * size)
                .map(|i| {
                    let n = texel_direction(f, i % size, i / size, size);
                    let (sum, weight) = sources.iter().fold((Vec3::ZERO, 0.0), |(s, w), (d, l)| {
                        let c = n.dot(*d).max(0.0);
                        (s + *l * c, w + c)
                    });
                    sum / weight
                })
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>();
    cubemap(size, faces.into_iter().map(|f| vec![f]).collect())
}

/// A cubemap of `size` per face with its mips, each the mean of four texels of the one above.
fn radiance_cubemap(size: u32, room: impl Fn(Vec3) -> Vec3) -> Image {
    let faces = (0..6)
        .map(|f| {
            let mut levels = vec![
                (0..size * size)
                    .map(|i| room(texel_direction(f, i % size, i / size, size)))
                    .collect::<Vec<_>>(),
            ];
            let mut side = size;
            while side > 1 {
                let above = levels.last().expect("the first level");
                let half = side / 2;
                let at = |x: u32, y: u32| above[(y * side + x) as usize];
                levels.push(
                    (0..half * half)
                        .map(|i| {
                            let (x, y) = (i % half * 2, i / half * 2);
                            (at(x, y) + at(x + 1, y) + at(x, y + 1) + at(x + 1, y + 1)) / 4.0
                        })
                        .collect(),
                );
                side = half;
            }
            levels
        })
        .collect();
    cubemap(size, faces)
}

/// An sRGB cubemap from six faces, each a list of mip levels (largest first), stored face by
/// face as the GPU upload expects.
fn cubemap(size: u32, faces: Vec<Vec<Vec<Vec3>>>) -> Image {
    let mips = faces[0].len() as u32;
    let bytes = |levels: &[Vec<Vec3>]| -> Vec<u8> {
        levels
            .iter()
            .flatten()
            .flat_map(|c| {
                let [r, g, b, _] = Color::linear_rgb(c.x, c.y, c.z).to_srgba().to_u8_array();
                [r, g, b, 255]
            })
            .collect()
    };
    let first: Vec<u8> = faces.iter().flat_map(|f| bytes(&f[..1])).collect();
    let mut image = Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 6,
        },
        TextureDimension::D2,
        first,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(faces.iter().flat_map(|f| bytes(f)).collect());
    image.texture_descriptor.mip_level_count = mips;
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..default()
    });
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wooden_room(dir: Vec3) -> Vec3 {
        let theme = Theme::from_ron(include_str!("../../../assets/themes/wood.ron")).unwrap();
        let mut pieces = room();
        pieces.push(table_top());
        radiance_from_the_board(&pieces, &theme, dir)
    }

    #[test]
    fn the_baked_room_shows_the_window_where_it_stands_and_the_table_below() {
        let glass = room()
            .into_iter()
            .find(|p| p.surface == crate::game::room::plan::Surface::Daylight)
            .unwrap();
        // The middle of a pane (the glazing bars cross at the window's centre).
        let pane = glass.centre + Vec3::new(0.0, -5.0, 5.0);
        let towards_the_window = wooden_room(pane - EYE);
        assert!(
            towards_the_window.min_element() > 0.8,
            "{towards_the_window}"
        );
        let down = wooden_room(Vec3::NEG_Y);
        assert!(down.max_element() < 0.1, "{down}");
        let away = wooden_room(EYE - glass.centre);
        assert!(away.max_element() < 0.5, "{away}");
    }

    #[test]
    fn the_room_is_brighter_above_than_below_and_towards_the_window() {
        let image = irradiance_cubemap(4, 8, wooden_room);
        let data = image.data.as_ref().expect("pixels");
        let face = |f: usize| {
            let n = 16 * 4;
            data[f * n..(f + 1) * n]
                .chunks(4)
                .map(|p| u32::from(p[0]))
                .sum::<u32>()
        };
        // +Y (the ceiling and the lamp) against −Y (the floor).
        assert!(face(2) > face(3), "{} {}", face(2), face(3));
        // −X (the window's side) against +X.
        assert!(face(1) > face(0) + face(0) / 10, "{} {}", face(1), face(0));
    }

    #[test]
    fn the_specular_cubemap_has_every_mip_of_every_face() {
        let image = radiance_cubemap(8, |d| d.abs());
        assert_eq!(image.texture_descriptor.mip_level_count, 4);
        let texels = 6 * (64 + 16 + 4 + 1);
        assert_eq!(image.data.as_ref().map(Vec::len), Some(texels * 4));
    }
}
