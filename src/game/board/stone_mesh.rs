//! The stone's shape: a disc with rounded rims, made by turning a profile around the vertical
//! axis (a cylinder's sharp edges look like plastic counters, not stones).

use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// A disc of `radius` and `height`, its rims rounded with `bevel`, `segments` around.
#[must_use]
pub fn rounded_disc(radius: f32, height: f32, bevel: f32, segments: usize) -> Mesh {
    let bevel = bevel.min(height / 2.0).min(radius);
    // The profile from the bottom centre to the top centre: (distance from axis, height,
    // normal in the profile plane).
    let mut profile: Vec<(f32, f32, Vec2)> = vec![(0.0, -height / 2.0, Vec2::NEG_Y)];
    let arc = 6;
    for (centre_y, from, to) in [
        (-height / 2.0 + bevel, -FRAC_PI_2, 0.0),
        (height / 2.0 - bevel, 0.0, FRAC_PI_2),
    ] {
        for k in 0..=arc {
            let a = from + (to - from) * k as f32 / arc as f32;
            let n = Vec2::new(a.cos(), a.sin());
            profile.push((radius - bevel + bevel * n.x, centre_y + bevel * n.y, n));
        }
    }
    profile.push((0.0, height / 2.0, Vec2::Y));

    let rings = profile.len();
    let mut positions = Vec::with_capacity(rings * (segments + 1));
    let mut normals = Vec::with_capacity(positions.capacity());
    let mut uvs = Vec::with_capacity(positions.capacity());
    for s in 0..=segments {
        let t = s as f32 / segments as f32;
        let (sin, cos) = (t * TAU).sin_cos();
        for (i, &(r, y, n)) in profile.iter().enumerate() {
            positions.push([r * cos, y, r * sin]);
            normals.push([n.x * cos, n.y, n.x * sin]);
            uvs.push([t, i as f32 / (rings - 1) as f32]);
        }
    }
    let mut indices = Vec::with_capacity(segments * (rings - 1) * 6);
    for s in 0..segments {
        for i in 0..rings - 1 {
            let a = (s * rings + i) as u32;
            let b = ((s + 1) * rings + i) as u32;
            indices.extend([a, a + 1, b, b, a + 1, b + 1]);
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disc_has_its_size_and_outward_normals() {
        let mesh = rounded_disc(0.4, 0.15, 0.04, 32);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(p)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(n)) =
            mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
        else {
            panic!("normals");
        };
        let max_r = p
            .iter()
            .map(|v| (v[0] * v[0] + v[2] * v[2]).sqrt())
            .fold(0.0, f32::max);
        let max_y = p.iter().map(|v| v[1].abs()).fold(0.0, f32::max);
        assert!((max_r - 0.4).abs() < 1e-5 && (max_y - 0.075).abs() < 1e-5);
        for (v, n) in p.iter().zip(n) {
            // Every normal points away from the centre of the disc (or straight up or down).
            let outward = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
            assert!(outward >= -1e-5, "{v:?} {n:?}");
        }
    }
}
