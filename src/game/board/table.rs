//! The board on the table: a wooden slab with inlaid cells (clickable).
//! How each tile is shaded and which fixed pieces stand on it (Intermedium's Cities, Support's
//! bases) is the game's own view ([`BoardView::tile`], [`BoardView::decorations`]); the colours
//! are the theme's. The board is rebuilt when another game starts or the theme changes.

use bevy::prelude::*;

use crate::files::theme::Theme;
use crate::rules::{Cell, Game, GameId, Geometry, Player};

use crate::game::board::layout::{BOARD_TOP, CELL, cell_centre};
use crate::game::board::stone_mesh::rounded_disc;
use crate::game::board::tap::report_clicks;
use crate::game::board::theme::{ActiveTheme, colour};
use crate::game::board::wood;
use crate::game::core::session::{BoardClick, Session};
use crate::game::core::view::{BoardView, Decoration, TileShade};

/// A cell tile of the board.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardCell(pub Cell);

/// Part of the board of one game (despawned when another game starts).
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardPiece(pub GameId);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_board).add_systems(
        Update,
        rebuild_board
            .run_if(resource_changed::<Session>.or_else(resource_changed::<ActiveTheme>))
            .in_set(crate::game::core::GameSystems::Sync),
    );
}

/// Builds the board again when the session's game is not the one it was built for, or when the
/// theme has changed.
fn rebuild_board(
    mut commands: Commands,
    session: Res<Session>,
    theme: Res<ActiveTheme>,
    mut painted: Local<Option<String>>,
    pieces: Query<(Entity, &BoardPiece)>,
    meshes: ResMut<Assets<Mesh>>,
    materials: ResMut<Assets<StandardMaterial>>,
    images: ResMut<Assets<Image>>,
) {
    let id = session.position().id();
    let repaint = painted.as_ref().is_some_and(|t| *t != theme.id);
    *painted = Some(theme.id.clone());
    if !repaint && pieces.iter().all(|(_, p)| p.0 == id) {
        return;
    }
    for (e, _) in &pieces {
        commands.entity(e).despawn();
    }
    spawn_board(commands, session, theme, meshes, materials, images);
}

/// A tile's colour: its game's shade ([`BoardView::tile`]) in the theme's colours.
fn tile_colour(shade: TileShade, t: &Theme) -> Color {
    let (light, dark) = (t.tile_light, t.tile_dark);
    colour(match shade {
        TileShade::Light => light,
        TileShade::Dark => dark,
        TileShade::Between(share) => light.mix(dark, share),
        TileShade::Special => t.tile_special,
    })
}

/// The board of the session's game: its slab, its tiles (clickable) and its decorations.
fn spawn_board(
    mut commands: Commands,
    session: Res<Session>,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let position = session.position();
    let id = position.id();
    let g = id.geometry();
    let mut parts = Parts {
        commands: &mut commands,
        meshes: &mut meshes,
        materials: &mut materials,
        images: &mut images,
        theme: &theme.theme,
        board: BoardPiece(id),
    };
    spawn_slab(&mut parts, g);
    spawn_tiles(&mut parts, g, |cell| position.tile(cell));
    let decorations = position.decorations();
    let of_kind = |city: bool| -> Vec<(Player, Cell)> {
        decorations
            .iter()
            .filter_map(|d| match *d {
                Decoration::City(p, c) if city => Some((p, c)),
                Decoration::Base(p, c) if !city => Some((p, c)),
                _ => None,
            })
            .collect()
    };
    let (cities, bases) = (of_kind(true), of_kind(false));
    if !cities.is_empty() {
        spawn_cities(&mut parts, g, &cities);
    }
    if !bases.is_empty() {
        spawn_bases(&mut parts, g, &bases);
    }
}

/// The board's wooden slab, a margin wider than its cells.
fn spawn_slab(parts: &mut Parts, g: Geometry) {
    let grain = parts.theme.grain;
    let (w, h) = (f32::from(g.width) * CELL, f32::from(g.height) * CELL);
    let margin = 0.55;
    parts.commands.spawn((
        Name::new("Board"),
        Mesh3d(parts.meshes.add(with_tangents(Cuboid::new(
            w + 2.0 * margin,
            0.3,
            h + 2.0 * margin,
        )))),
        MeshMaterial3d(parts.materials.add(StandardMaterial {
            base_color: colour(parts.theme.frame),
            base_color_texture: Some(parts.images.add(wood::planks(256, 2, grain, 5))),
            normal_map_texture: Some(parts.images.add(wood::plank_relief(256, 2, grain, 5))),
            perceptual_roughness: 0.5,
            clearcoat: 0.3,
            ..default()
        })),
        Transform::from_xyz(0.0, BOARD_TOP - 0.17, 0.0),
        Pickable::IGNORE,
        parts.board,
    ));
}

/// A clickable inlaid tile on every cell, shaded as `shade_of` says.
fn spawn_tiles(parts: &mut Parts, g: Geometry, shade_of: impl Fn(Cell) -> TileShade) {
    let grain = parts.theme.grain;
    let tile = parts
        .meshes
        .add(with_tangents(Cuboid::new(CELL * 0.95, 0.04, CELL * 0.95)));
    // Four cuts of inlay, so neighbouring cells of one colour show different grain.
    let inlays: [(Handle<Image>, Handle<Image>); 4] = std::array::from_fn(|k| {
        let seed = 20 + k as u32;
        (
            parts.images.add(wood::inlay(128, grain, seed)),
            parts.images.add(wood::inlay_relief(128, grain, seed)),
        )
    });
    let mut shades: std::collections::HashMap<([u8; 3], usize), Handle<StandardMaterial>> =
        std::collections::HashMap::new();
    for cell in g.cells() {
        let shade = tile_colour(shade_of(cell), parts.theme);
        let cut = (usize::from(cell.x()) * 7 + usize::from(cell.y()) * 3) % inlays.len();
        let key = (shade.to_srgba().to_u8_array_no_alpha(), cut);
        let material = shades
            .entry(key)
            .or_insert_with(|| {
                parts.materials.add(StandardMaterial {
                    base_color: shade,
                    base_color_texture: Some(inlays[cut].0.clone()),
                    normal_map_texture: Some(inlays[cut].1.clone()),
                    perceptual_roughness: 0.55,
                    ..default()
                })
            })
            .clone();
        parts
            .commands
            .spawn((
                Name::new(format!("Cell {cell}")),
                BoardCell(cell),
                Pickable::default(),
                parts.board,
                Mesh3d(tile.clone()),
                MeshMaterial3d(material),
                Transform::from_translation(cell_centre(g, cell) - Vec3::Y * 0.02),
            ))
            .observe(report_clicks(|c: &BoardCell| Some(BoardClick::Cell(c.0))));
    }
}

/// What spawning a board's pieces needs, and the game they belong to.
struct Parts<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    meshes: &'a mut Assets<Mesh>,
    materials: &'a mut Assets<StandardMaterial>,
    images: &'a mut Assets<Image>,
    theme: &'a Theme,
    board: BoardPiece,
}

/// Support's bases: fixed enamelled hexagonal blocks with softened edges, each with a brass
/// boss on top, in the theme's base colours (yellow for White's and blue for Black's in the
/// wooden set).
fn spawn_bases(parts: &mut Parts, g: Geometry, bases: &[(Player, Cell)]) {
    let block = parts.meshes.add(rounded_disc(CELL * 0.40, 0.22, 0.035, 6));
    let boss = parts.meshes.add(rounded_disc(CELL * 0.13, 0.03, 0.012, 24));
    let brass = parts.materials.add(brass(parts.theme));
    for p in Player::ALL {
        let enamel = match p {
            Player::White => parts.theme.white_base,
            Player::Black => parts.theme.black_base,
        };
        let material = parts.materials.add(StandardMaterial {
            base_color: colour(enamel),
            perceptual_roughness: 0.35,
            clearcoat: 0.6,
            ..default()
        });
        for &(_, base) in bases.iter().filter(|(owner, _)| *owner == p) {
            let at = cell_centre(g, base);
            parts.commands.spawn((
                Name::new(format!("{p} base {base}")),
                parts.board,
                Mesh3d(block.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(at + Vec3::Y * 0.11),
                Pickable::IGNORE,
            ));
            parts.commands.spawn((
                Name::new(format!("{p} base {base}'s boss")),
                parts.board,
                Mesh3d(boss.clone()),
                MeshMaterial3d(brass.clone()),
                Transform::from_translation(at + Vec3::Y * 0.225),
                Pickable::IGNORE,
            ));
        }
    }
}

/// Polished brass in the theme's City colour.
/// A box with the tangents its relief (normal) map needs.
fn with_tangents(shape: Cuboid) -> Mesh {
    let mesh = Mesh::from(shape);
    mesh.clone().with_generated_tangents().unwrap_or(mesh)
}

fn brass(theme: &Theme) -> StandardMaterial {
    StandardMaterial {
        base_color: colour(theme.city),
        metallic: 0.9,
        perceptual_roughness: 0.3,
        ..default()
    }
}

/// Intermedium's Cities: a polished stone disc inlaid in the cell, ringed in brass.
fn spawn_cities(parts: &mut Parts, g: Geometry, cities: &[(Player, Cell)]) {
    let ring = parts.meshes.add(Torus::new(CELL * 0.40, CELL * 0.47));
    let inlay = parts
        .meshes
        .add(rounded_disc(CELL * 0.40, 0.012, 0.004, 48));
    let brass = parts.materials.add(brass(parts.theme));
    let stone = parts.materials.add(StandardMaterial {
        base_color: colour(parts.theme.tile_dark.mix(parts.theme.frame, 0.5)),
        perceptual_roughness: 0.25,
        reflectance: 0.6,
        ..default()
    });
    for &(p, city) in cities {
        let at = cell_centre(g, city);
        parts.commands.spawn((
            Name::new(format!("{p} City {city}")),
            parts.board,
            Mesh3d(ring.clone()),
            MeshMaterial3d(brass.clone()),
            Transform::from_translation(at + Vec3::Y * 0.005).with_scale(Vec3::new(1.0, 0.25, 1.0)),
            Pickable::IGNORE,
        ));
        parts.commands.spawn((
            Name::new(format!("{p} City {city}'s stone")),
            parts.board,
            Mesh3d(inlay.clone()),
            MeshMaterial3d(stone.clone()),
            Transform::from_translation(at + Vec3::Y * 0.002),
            Pickable::IGNORE,
        ));
    }
}
