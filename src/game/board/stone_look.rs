//! What stones look like: glossy discs with rounded rims in the theme's two colours, each a little
//! different in tone and gloss; repainted when the theme changes, with fewer facets at Low.

use bevy::prelude::*;

use crate::files::theme::Rgb;
use crate::rules::Player;

use crate::game::board::layout::{DISC_HEIGHT, DISC_RADIUS};
use crate::game::board::stones::Disc;
use crate::game::board::theme::ActiveTheme;
use crate::game::core::graphics_level::GraphicsLevel;

/// The mesh and the material variants of the stones.
#[derive(Resource, Debug, Clone)]
pub struct StoneLook {
    mesh: Handle<Mesh>,
    pub(super) black: Vec<Handle<StandardMaterial>>,
    white: Vec<Handle<StandardMaterial>>,
}

/// How many slightly different materials each colour has.
const VARIANTS: usize = 12;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreStartup,
        create_stone_look.after(crate::game::board::theme::load_chosen_theme),
    )
    .add_systems(
        Update,
        (
            repaint_stones.run_if(resource_changed::<ActiveTheme>),
            shape_stones_for_the_level.run_if(resource_exists_and_changed::<GraphicsLevel>),
        )
            .in_set(crate::game::core::GameSystems::Present),
    )
    .add_observer(dress_new_disc);
}

/// How a colour's stones take the light.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Finish {
    /// The surface's roughness, before each variant's own.
    rough: f32,
    /// How much light the surface mirrors face on (Bevy's `reflectance`).
    reflectance: f32,
    /// The varnish over it, and its roughness.
    clearcoat: f32,
    clearcoat_rough: f32,
}

/// The stones' finish. White's is glossy. Black's is satin: a glossy black top mirrors the sun
/// and the window as a sheet of white from the side they light (L* 84 against White's 89 at
/// Low, turned to the window), so its highlight is spread and its varnish thin, and it reads
/// black from every angle.
fn finish(p: Player) -> Finish {
    match p {
        Player::Black => Finish {
            rough: 0.55,
            reflectance: 0.3,
            clearcoat: 0.1,
            clearcoat_rough: 0.5,
        },
        Player::White => Finish {
            rough: 0.38,
            reflectance: 0.55,
            clearcoat: 0.6,
            clearcoat_rough: 0.25,
        },
    }
}

/// The `i`th variant of a stone colour: up to 6% lighter or darker, a little warmer or cooler,
/// rougher or glossier (the tone and the gloss vary independently), so a stack reads as
/// separate stones.
fn stone_material(base: Rgb, i: usize, finish: Finish) -> StandardMaterial {
    let spread = |k: usize| (k % VARIANTS) as f32 / (VARIANTS - 1) as f32 * 2.0 - 1.0;
    let tone = 1.0 + 0.06 * spread(i);
    let warmth = 0.02 * spread(i * 5 + 3);
    let gloss = 0.08 * spread(i * 7 + 2);
    let Srgba {
        red, green, blue, ..
    } = crate::game::board::theme::colour(base).to_srgba();
    // Near-black stones vary by a small amount added, since a factor barely moves them.
    let lift = 0.025 * spread(i);
    StandardMaterial {
        base_color: Color::srgb(
            red * tone * (1.0 + warmth) + lift,
            green * tone + lift,
            blue * tone * (1.0 - warmth) + lift,
        ),
        perceptual_roughness: (finish.rough + gloss).clamp(0.1, 0.9),
        reflectance: finish.reflectance,
        clearcoat: finish.clearcoat,
        clearcoat_perceptual_roughness: finish.clearcoat_rough,
        ..default()
    }
}

fn base_colour(theme: &ActiveTheme, p: Player) -> Rgb {
    match p {
        Player::Black => theme.theme.black_stone,
        Player::White => theme.theme.white_stone,
    }
}

fn create_stone_look(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut variants = |p: Player| -> Vec<Handle<StandardMaterial>> {
        (0..VARIANTS)
            .map(|i| materials.add(stone_material(base_colour(&theme, p), i, finish(p))))
            .collect()
    };
    let look = StoneLook {
        mesh: meshes.add(stone_shape(GraphicsLevel::High)),
        black: variants(Player::Black),
        white: variants(Player::White),
    };
    commands.insert_resource(look);
}

/// A stone's mesh at `level`: as round at every level, with fewer facets where the stones are
/// drawn with fewer pixels.
fn stone_shape(level: GraphicsLevel) -> Mesh {
    crate::game::board::stone_mesh::rounded_disc(
        DISC_RADIUS,
        DISC_HEIGHT * 0.9,
        0.04,
        level.stone_segments(),
    )
}

/// The stones take the level's mesh (it is shared, so every stone changes).
fn shape_stones_for_the_level(
    level: Res<GraphicsLevel>,
    look: Res<StoneLook>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    if let Err(e) = meshes.insert(&look.mesh, stone_shape(*level)) {
        warn!("graphics: the stones keep their shape ({e})");
    }
}

/// The stones take the theme's colours (their materials are shared, so every stone changes).
fn repaint_stones(
    theme: Res<ActiveTheme>,
    look: Res<StoneLook>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for p in Player::ALL {
        let handles = match p {
            Player::Black => &look.black,
            Player::White => &look.white,
        };
        for (i, handle) in handles.iter().enumerate() {
            if let Some(mut m) = materials.get_mut(handle) {
                *m = stone_material(base_colour(&theme, p), i, finish(p));
            }
        }
    }
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
