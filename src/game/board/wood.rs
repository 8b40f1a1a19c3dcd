//! Wood made by the project at start, nothing downloaded: plank and grain pictures whose
//! lightness multiplies the theme's colours (so the colours stay the theme's), and relief maps
//! (normal maps) from the same wood, so the seams are grooves and the grain catches the light;
//! with mipmaps so a far table does not shimmer. The grain's strength is the theme's `grain`.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// A smooth pseudo-random value in 0..1 at a point (value noise on a unit lattice).
fn value_noise(x: f32, y: f32, seed: u32) -> f32 {
    let (xi, yi) = (x.floor(), y.floor());
    let (fx, fy) = (x - xi, y - yi);
    let smooth = |t: f32| t * t * (3.0 - 2.0 * t);
    let corner = |dx: f32, dy: f32| lattice(xi as i32 + dx as i32, yi as i32 + dy as i32, seed);
    let top = corner(0.0, 0.0) + (corner(1.0, 0.0) - corner(0.0, 0.0)) * smooth(fx);
    let bottom = corner(0.0, 1.0) + (corner(1.0, 1.0) - corner(0.0, 1.0)) * smooth(fx);
    top + (bottom - top) * smooth(fy)
}

/// A hash of a lattice point, 0..1.
fn lattice(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0xffff) as f32 / 65535.0
}

/// Noise summed over a few octaves, 0..1.
fn fractal(x: f32, y: f32, seed: u32) -> f32 {
    let mut sum = 0.0;
    let mut weight = 0.5;
    let mut scale = 1.0;
    for octave in 0..4 {
        sum += weight * value_noise(x * scale, y * scale, seed + octave);
        weight *= 0.5;
        scale *= 2.0;
    }
    sum / 0.9375
}

/// The lightness of wood at `(along, across)` (in grain units): rings cut lengthwise, warped
/// by noise, with fine pores; about 0..1.
fn grain_at(along: f32, across: f32, seed: u32) -> f32 {
    let warp = fractal(along * 0.15, across * 0.6, seed) * 3.0;
    let rings = ((across * 1.7 + warp) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
    let late_wood = rings.powf(3.0);
    let pores = value_noise(along * 6.0, across * 40.0, seed + 7);
    let figure = fractal(along * 0.05, across * 0.3, seed + 11);
    0.55 * late_wood + 0.15 * pores + 0.3 * figure
}

/// Planks running along the picture's width: `planks` of them across its height, each of its
/// own tone, with dark seams. Lightness around 0.7, varying by `grain` (0 to 1).
#[must_use]
pub fn planks(size: u32, planks: u32, grain: f32, seed: u32) -> Image {
    paint(size, plank_wood(planks, grain, seed))
}

/// The planks' relief: seams sunk, grain raised where the wood is light.
#[must_use]
pub fn plank_relief(size: u32, planks: u32, grain: f32, seed: u32) -> Image {
    relief(size, plank_wood(planks, grain, seed), 1.5)
}

fn plank_wood(planks: u32, grain: f32, seed: u32) -> impl Fn(f32, f32) -> f32 {
    move |u, v| {
        let row = (v * planks as f32).floor();
        let in_row = v * planks as f32 - row;
        let plank_seed = seed + row as u32 * 31;
        // Each plank is offset along its length so the seams between boards do not line up.
        let along = u * 6.0 + lattice(row as i32, 3, seed) * 40.0;
        let tone = (lattice(row as i32, 0, seed) - 0.5) * 0.6;
        let wood = grain_at(along, in_row * 3.0 + row * 7.0, plank_seed) - 0.5;
        let seam = if !(0.015..=0.985).contains(&in_row) {
            0.45
        } else {
            0.0
        };
        0.7 + grain * (wood * 1.1 + tone - seam)
    }
}

/// The table's planks: five to a picture, which the table repeats.
#[must_use]
pub fn table_planks(grain: f32) -> Image {
    planks(512, 5, grain, 1)
}

/// A cell's inlay: a quiet straight grain, lightness around 0.92, varying by `grain`.
#[must_use]
pub fn inlay(size: u32, grain: f32, seed: u32) -> Image {
    paint(size, inlay_wood(grain, seed))
}

/// A cell's relief: the grain of its inlay, gently raised.
#[must_use]
pub fn inlay_relief(size: u32, grain: f32, seed: u32) -> Image {
    relief(size, inlay_wood(grain, seed), 6.0)
}

fn inlay_wood(grain: f32, seed: u32) -> impl Fn(f32, f32) -> f32 {
    move |u, v| {
        let wood = grain_at(u * 2.0, v * 4.0, seed) - 0.5;
        0.92 + grain * wood * 0.16
    }
}

/// A tangent-space normal map (linear RGBA, with mipmaps) of the surface whose height at
/// `(u, v)` is `height`, times `depth` (in texels per unit of height); flat where the height does
/// not change.
fn relief(size: u32, height: impl Fn(f32, f32) -> f32, depth: f32) -> Image {
    let at = |x: u32, y: u32| {
        height(
            (x % size) as f32 / size as f32,
            (y % size) as f32 / size as f32,
        )
    };
    let heights: Vec<f32> = (0..size * size).map(|i| at(i % size, i / size)).collect();
    let h = |x: u32, y: u32| heights[((y % size) * size + x % size) as usize];
    let mut level: Vec<[f32; 3]> = Vec::with_capacity((size * size) as usize);
    for y in 0..size {
        for x in 0..size {
            let dx = (h(x + 1, y) - h(x + size - 1, y)) * 0.5 * depth;
            let dy = (h(x, y + 1) - h(x, y + size - 1)) * 0.5 * depth;
            level.push(Vec3::new(-dx, -dy, 1.0).normalize().to_array());
        }
    }
    let encode = |n: &[f32; 3]| -> [u8; 4] {
        let n = Vec3::from_array(*n).normalize_or(Vec3::Z);
        let byte = |c: f32| ((c * 0.5 + 0.5) * 255.0).round() as u8;
        [byte(n.x), byte(n.y), byte(n.z), 255]
    };
    with_mips(size, level, encode, TextureFormat::Rgba8Unorm)
}

/// An RGBA picture of `size` x `size` whose lightness at `(u, v)` in 0..1 is `lightness`, with
/// its mipmaps, repeated across a surface.
fn paint(size: u32, lightness: impl Fn(f32, f32) -> f32) -> Image {
    let mut level: Vec<[f32; 3]> = Vec::with_capacity((size * size) as usize);
    for y in 0..size {
        for x in 0..size {
            let l = lightness(x as f32 / size as f32, y as f32 / size as f32).clamp(0.0, 1.0);
            // A warm tint in the grain's dark lines, as in real wood.
            level.push([l, l * (0.96 + 0.04 * l), l * (0.9 + 0.1 * l)]);
        }
    }
    with_mips(size, level, to_srgb_bytes, TextureFormat::Rgba8UnormSrgb)
}

/// A repeating picture from its largest level (texel values, encoded by `encode`), with each
/// smaller level the mean of the one above, down to one texel.
fn with_mips(
    size: u32,
    mut level: Vec<[f32; 3]>,
    encode: impl Fn(&[f32; 3]) -> [u8; 4],
    format: TextureFormat,
) -> Image {
    let base: Vec<u8> = level.iter().flat_map(&encode).collect();
    let mut data = Vec::new();
    let mut side = size;
    let mut mips = 0;
    loop {
        data.extend(level.iter().flat_map(&encode));
        mips += 1;
        if side == 1 {
            break;
        }
        level = halve(&level, side);
        side /= 2;
    }
    let mut image = Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        base,
        format,
        RenderAssetUsages::RENDER_WORLD,
    );
    // The levels follow the picture in the data, largest first, as the GPU upload expects.
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = mips;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    image
}

/// The next mip level: each texel the mean of four (in linear light).
fn halve(level: &[[f32; 3]], side: u32) -> Vec<[f32; 3]> {
    let half = side / 2;
    let at = |x: u32, y: u32| level[(y * side + x) as usize];
    let mut out = Vec::with_capacity((half * half) as usize);
    for y in 0..half {
        for x in 0..half {
            let quad = [
                at(2 * x, 2 * y),
                at(2 * x + 1, 2 * y),
                at(2 * x, 2 * y + 1),
                at(2 * x + 1, 2 * y + 1),
            ];
            out.push(std::array::from_fn(|c| {
                quad.iter().map(|t| t[c]).sum::<f32>() / 4.0
            }));
        }
    }
    out
}

fn to_srgb_bytes(linear: &[f32; 3]) -> [u8; 4] {
    let [r, g, b, _] = Color::linear_rgb(linear[0], linear[1], linear[2])
        .to_srgba()
        .to_u8_array();
    [r, g, b, 255]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lightness_spread(image: &Image, size: u32) -> (f32, f32) {
        let data = image.data.as_ref().expect("pixels");
        let n = (size * size) as usize;
        let values: Vec<f32> = data[..n * 4].chunks(4).map(|p| f32::from(p[0])).collect();
        let mean = values.iter().sum::<f32>() / n as f32;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / n as f32;
        (mean, var.sqrt())
    }

    #[test]
    fn planks_show_grain_and_plain_wood_does_not() {
        let (_, grained) = lightness_spread(&planks(64, 4, 1.0, 1), 64);
        let (_, plain) = lightness_spread(&planks(64, 4, 0.0, 1), 64);
        assert!(grained > 8.0, "grain spread {grained}");
        assert!(plain < 1.0, "plain spread {plain}");
    }

    /// How far the normals of a relief map lean from straight up, on average (0 = flat).
    fn mean_lean(image: &Image, size: u32) -> f32 {
        let data = image.data.as_ref().expect("pixels");
        let n = (size * size) as usize;
        let up: f32 = data[..n * 4]
            .chunks(4)
            .map(|p| 1.0 - (f32::from(p[2]) / 255.0 * 2.0 - 1.0))
            .sum();
        up / n as f32
    }

    #[test]
    fn the_relief_follows_the_grain_and_is_flat_without_it() {
        let grained = plank_relief(64, 4, 1.0, 1);
        assert_eq!(grained.texture_descriptor.format, TextureFormat::Rgba8Unorm);
        assert!(
            mean_lean(&grained, 64) > 0.01,
            "{}",
            mean_lean(&grained, 64)
        );
        assert!(mean_lean(&inlay_relief(64, 1.0, 2), 64) > 0.002);
        assert!(mean_lean(&plank_relief(64, 4, 0.0, 1), 64) < 1e-3);
        assert!(mean_lean(&inlay_relief(64, 0.0, 2), 64) < 1e-3);
    }

    #[test]
    fn the_mip_chain_ends_at_one_texel() {
        let image = inlay(32, 1.0, 3);
        assert_eq!(image.texture_descriptor.mip_level_count, 6);
        // 32² + 16² + ... + 1² texels of 4 bytes.
        let texels: u32 = (0..6).map(|k| (32 >> k) * (32 >> k)).sum();
        assert_eq!(image.data.as_ref().map(Vec::len), Some(texels as usize * 4));
    }
}
