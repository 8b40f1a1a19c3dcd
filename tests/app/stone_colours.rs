//! A stone's colour reads from every angle a player can turn the camera to, and from attract
//! mode's orbit: drawn off-screen at Low and at High (no window; Mesa's lavapipe will do), the
//! tops of Black's stones stay far darker than White's, their median lightness (CIE L*) at least
//! 40 of 255 apart, so a black stone never shines white; and the memory holds steady while it
//! draws. The halos round the stacks that may move read plainly from the game's own view: they
//! visibly change a good share of the ring of board round each such stack. Without a Vulkan driver it
//! says why it skips; with `CI` set it fails instead.

use crate::common::headless::{WholeApp, position};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use stackyard::app::{AppOptions, Opening, RunMode, offscreen};
use stackyard::files::settings::Quality;
use stackyard::game::board::highlight::Marker;
use stackyard::game::board::layout::{CELL, DISC_RADIUS, cell_centre, stack_top};
use stackyard::game::core::preferences::{AnimationSpeed, QualityChoice, ViewSettings};
use stackyard::game::core::view::MarkerKind;
use stackyard::game::view::camera::Orbit;
use stackyard::game::view::framing::pixel_of;
use stackyard::rules::Cell;

/// Splay's start: Black's stacks of two on rank 2, White's on rank 7.
const START: &str = "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/1,b2,b2,b2,b2,b2,b2,1/8 b 0 0 0";
const SIZE: UVec2 = UVec2::new(480, 270);

/// The angles looked from (turn, height): the game's own view, each side and the far end as a
/// player turns the board or attract mode's orbit passes, and the lowest and highest a player
/// can reach.
const VIEWS: [(f32, f32); 6] = [
    (0.0, 0.85),
    (std::f32::consts::FRAC_PI_2, 0.85),
    (std::f32::consts::PI, 0.85),
    (-std::f32::consts::FRAC_PI_2, 0.85),
    (std::f32::consts::FRAC_PI_2, 0.25),
    (0.0, 1.52),
];

/// The least difference in median lightness (L*, 0 to 100) between the two colours' tops.
const APART: f32 = 40.0 * 100.0 / 255.0;

fn vulkan_here() -> bool {
    let icd = std::path::Path::new("/usr/share/vulkan/icd.d");
    let found = std::fs::read_dir(icd).is_ok_and(|mut d| d.next().is_some());
    if !found {
        let why = "no Vulkan driver (apt-get install mesa-vulkan-drivers)";
        assert!(std::env::var_os("CI").is_none(), "cannot run: {why}");
        eprintln!("stone colour test skipped: {why}");
    }
    found
}

/// CIE L* (0 to 100) of an sRGB pixel.
fn lightness(p: &[u8]) -> f32 {
    Laba::from(Color::srgb_u8(p[0], p[1], p[2])).lightness * 100.0
}

/// CIE L*a*b* (L* 0 to 100) of an sRGB pixel.
fn lab(p: &[u8]) -> Vec3 {
    let c = Laba::from(Color::srgb_u8(p[0], p[1], p[2]));
    Vec3::new(c.lightness, c.a, c.b) * 100.0
}

/// This process's resident memory in bytes (Linux), or 0 where it cannot be read.
fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

/// The most the memory may grow over the six views (a level whose effects leak a frame's
/// buffers grows by gigabytes).
const MOST_GROWTH: u64 = 512 << 20;

fn median(mut values: Vec<f32>) -> f32 {
    values.sort_by(f32::total_cmp);
    values[values.len() / 2]
}

/// The app off-screen on START at `quality`, with nothing lit on the stones.
fn app_at(quality: Quality) -> WholeApp {
    let mut app = WholeApp::new(
        &format!("stone-colours-{quality:?}"),
        AppOptions {
            run: RunMode::Offscreen(SIZE),
            opens: Opening {
                position: position(START),
                ..Opening::default()
            },
            ..AppOptions::default()
        },
    );
    let world = app.world_mut();
    world.insert_resource(QualityChoice(quality));
    world.insert_resource(AnimationSpeed::Off);
    world.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(40),
    ));
    world.resource_mut::<ViewSettings>().legal_targets = false;
    app
}

/// The pixels of the middle of each top face of `cells`' stacks (a disc a third of a stone's
/// radius across), as seen from `orbit`.
fn top_pixels(rgba: &[u8], orbit: &Orbit, cells: &[&str], height: usize) -> Vec<f32> {
    let g = stackyard::rules::GameId::Splay.geometry();
    let window = SIZE.as_vec2();
    let mut lights = Vec::new();
    for name in cells {
        let cell: Cell = name.parse().unwrap();
        let top = cell_centre(g, cell) + Vec3::Y * stack_top(height);
        let (Some(at), Some(edge)) = (
            pixel_of(orbit, top, window),
            pixel_of(orbit, top + Vec3::X * DISC_RADIUS / 3.0, window),
        ) else {
            continue;
        };
        let r = at.distance(edge).max(1.0);
        for dy in -(r as i32)..=(r as i32) {
            for dx in -(r as i32)..=(r as i32) {
                let (x, y) = (at.x as i32 + dx, at.y as i32 + dy);
                let inside = (0..SIZE.x as i32).contains(&x) && (0..SIZE.y as i32).contains(&y);
                if inside && (dx * dx + dy * dy) as f32 <= r * r {
                    let i = (y as usize * SIZE.x as usize + x as usize) * 4;
                    lights.push(lightness(&rgba[i..i + 3]));
                }
            }
        }
    }
    lights
}

/// Black's and White's tops apart from every view at `quality`; the pictures are kept in the
/// temporary folder for a person to look at.
fn stones_read_apart(quality: Quality) {
    if !vulkan_here() {
        return;
    }
    let mut app = app_at(quality);
    offscreen::first_picture(&mut app, SIZE).unwrap();
    let memory_at_first = resident_bytes();
    let mut report = Vec::new();
    for (k, (yaw, pitch)) in VIEWS.into_iter().enumerate() {
        let world = app.world_mut();
        let mut orbits = world.query::<&mut Orbit>();
        for mut orbit in orbits.iter_mut(world) {
            (orbit.yaw, orbit.pitch) = (yaw, pitch);
        }
        // Animations are off: the camera stands at its new framing after an update.
        for _ in 0..2 {
            app.update();
        }
        let rgba = offscreen::capture(&mut app, SIZE).unwrap();
        let world = app.world_mut();
        let orbit = *world.query::<&Orbit>().single(world).unwrap();
        let picture = std::env::temp_dir().join(format!("stackyard-stones-{quality:?}-{k}.png"));
        let _ = image::save_buffer(&picture, &rgba, SIZE.x, SIZE.y, image::ColorType::Rgba8);
        let black = top_pixels(&rgba, &orbit, &["b2", "c2", "d2", "e2", "f2", "g2"], 2);
        let white = top_pixels(&rgba, &orbit, &["b7", "c7", "d7", "e7", "f7", "g7"], 2);
        assert!(!black.is_empty() && !white.is_empty(), "no stone in view");
        let (black, white) = (median(black), median(white));
        report.push(format!(
            "{quality:?} turn {yaw:.2} height {pitch:.2}: black L* {black:.1}, white {white:.1} ({})",
            picture.display()
        ));
        assert!(
            white - black >= APART,
            "a black stone reads too near a white one:\n{}",
            report.join("\n")
        );
    }
    eprintln!("{}", report.join("\n"));
    let grown = resident_bytes().saturating_sub(memory_at_first);
    assert!(
        grown < MOST_GROWTH,
        "{quality:?}: the memory grew {} MB over six views",
        grown >> 20
    );
}

#[test]
fn stones_read_apart_from_every_angle_at_low() {
    stones_read_apart(Quality::Low);
}

#[test]
fn stones_read_apart_from_every_angle_at_high() {
    stones_read_apart(Quality::High);
}

/// The least share of the ring of board round each stack that may move which the halo changes
/// visibly (by a colour difference, CIE76 ΔE, of at least [`VISIBLE`]), seen at Low from the
/// game's own view at 480x270. The halo a new player had to zoom to see (glowing at 0.6, 0.04 of
/// a cell wide) changed 18 % of it (the median stack; 14 to 20 %); today's changes 30 %.
const HALO_SHARE: f32 = 0.26;
/// A colour difference plainly seen side by side (about twice the just-noticeable one).
const VISIBLE: f32 = 5.0;

/// The colour (L*a*b*) of each pixel of the ring from 0.36 to 0.52 of a cell round `cell`'s centre on
/// the board, as seen from `orbit` (each pixel once).
fn ring_pixels(rgba: &[u8], orbit: &Orbit, cell: Cell) -> Vec<(usize, Vec3)> {
    let g = stackyard::rules::GameId::Splay.geometry();
    let mut seen = std::collections::BTreeMap::new();
    for step in 0..=16 {
        let radius = CELL * (0.36 + 0.01 * step as f32);
        for k in 0..360 {
            let angle = (k as f32).to_radians();
            let at = cell_centre(g, cell) + Vec3::new(angle.cos(), 0.0, angle.sin()) * radius;
            let Some(p) = pixel_of(orbit, at, SIZE.as_vec2()) else {
                continue;
            };
            let (x, y) = (p.x as usize, p.y as usize);
            if x < SIZE.x as usize && y < SIZE.y as usize {
                let i = (y * SIZE.x as usize + x) * 4;
                seen.insert(i, lab(&rgba[i..i + 3]));
            }
        }
    }
    seen.into_iter().collect()
}

/// The stacks that may move are plainly haloed (issue 96, item 10): with the lit targets on, at
/// least [`HALO_SHARE`] of the ring of board round each (the median stack) looks different than
/// with them off, at Low from the game's own view.
#[test]
fn the_stacks_that_may_move_are_plainly_haloed() {
    if !vulkan_here() {
        return;
    }
    let mut app = app_at(Quality::Low);
    offscreen::first_picture(&mut app, SIZE).unwrap();
    let plain = offscreen::capture(&mut app, SIZE).unwrap();
    app.world_mut().resource_mut::<ViewSettings>().legal_targets = true;
    for _ in 0..3 {
        app.update();
    }
    let lit = offscreen::capture(&mut app, SIZE).unwrap();
    let world = app.world_mut();
    let orbit = *world.query::<&Orbit>().single(world).unwrap();
    let cells: Vec<Cell> = world
        .query::<&Marker>()
        .iter(world)
        .filter(|m| m.kind == MarkerKind::Selectable)
        .map(|m| m.cell)
        .collect();
    assert!(!cells.is_empty(), "no stack was lit");
    let picture = std::env::temp_dir().join("stackyard-halos-low.png");
    let _ = image::save_buffer(&picture, &lit, SIZE.x, SIZE.y, image::ColorType::Rgba8);
    let mut shares = Vec::new();
    for &cell in &cells {
        let before = ring_pixels(&plain, &orbit, cell);
        let after = ring_pixels(&lit, &orbit, cell);
        let changed = after
            .iter()
            .zip(&before)
            .filter(|(a, b)| a.1.distance(b.1) >= VISIBLE)
            .count();
        shares.push(changed as f32 / before.len().max(1) as f32);
    }
    let share = median(shares.clone());
    eprintln!(
        "halos: {:.0} % of the ring round {} stacks (median) ({})",
        share * 100.0,
        cells.len(),
        picture.display()
    );
    assert!(
        share >= HALO_SHARE,
        "the halos change {:.0} % of the ring round the stacks (median), under {:.0} %: {shares:?}",
        share * 100.0,
        HALO_SHARE * 100.0
    );
}
