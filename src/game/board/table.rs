//! The board on its table: a wooden slab with inlaid cells (clickable), lights and shadows.
//! Each game's cells carry what matters in it: Splay's are tinted by reach, ring by ring, since
//! the reach limits every stack; Intermedium's are chequered by colour (each army keeps to its
//! own) with the two Cities inlaid. The colours are the theme's. The board is rebuilt when
//! another game starts or the theme changes.

use bevy::light::{CascadeShadowConfigBuilder, GlobalAmbientLight};
use bevy::prelude::*;

use crate::files::theme::Theme;
use crate::rules::{Cell, Game, GameId, Intermedium, Player, Splay, Support};

use crate::game::board::layout::{BOARD_TOP, CELL, TABLE_TOP, cell_centre};
use crate::game::board::stone_mesh::rounded_disc;
use crate::game::board::tap::report_clicks;
use crate::game::board::theme::{ActiveTheme, Table, colour};
use crate::game::board::wood;
use crate::game::core::session::{BoardClick, Session};

/// A cell tile of the board.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardCell(pub Cell);

/// Part of the board of one game (despawned when another game starts).
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardPiece(pub GameId);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(GlobalAmbientLight {
        color: Color::srgb(0.85, 0.88, 1.0),
        brightness: 150.0,
        ..default()
    })
    .add_systems(Startup, (spawn_table, spawn_board, spawn_lights))
    .add_systems(
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

fn spawn_table(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Name::new("Table"),
        Table,
        Mesh3d(meshes.add(Cuboid::new(60.0, 1.0, 60.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: colour(theme.theme.table),
            // The planks' picture comes with the theme (`theme::paint_room`); each covers 8
            // units of the 60-unit table.
            uv_transform: bevy::math::Affine2::from_scale(Vec2::splat(7.5)),
            perceptual_roughness: 0.8,
            ..default()
        })),
        Transform::from_xyz(0.0, TABLE_TOP - 0.5, 0.0),
        Pickable::IGNORE,
    ));
}

/// A cell's tile colour: what matters about the cell in the game, in the theme's colours.
fn tile_colour(id: GameId, cell: Cell, t: &Theme) -> Color {
    let (light, dark) = (t.tile_light, t.tile_dark);
    colour(match id {
        GameId::Splay => {
            let ring = f32::from(7 - Splay::reach(cell)).min(3.0) / 3.0;
            light.mix(dark, 0.5 * ring)
        }
        GameId::Intermedium => match Intermedium::cell_owner(cell) {
            Player::Black => dark,
            Player::White => light,
        },
        GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => {
            // A plain chequer, as in Konane, its parent game.
            if (cell.x() + cell.y()).is_multiple_of(2) {
                light.mix(dark, 0.7)
            } else {
                light
            }
        }
        GameId::Support if Support::is_centre(cell) => t.tile_special,
        GameId::Support if Support::is_insertion_cell(cell) => light,
        GameId::CashInHand | GameId::Support => light.mix(dark, 0.2),
    })
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
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let id = session.position().id();
    let g = id.geometry();
    let grain = theme.theme.grain;
    let (w, h) = (f32::from(g.width) * CELL, f32::from(g.height) * CELL);
    let margin = 0.55;
    commands.spawn((
        Name::new("Board"),
        Mesh3d(meshes.add(with_tangents(Cuboid::new(
            w + 2.0 * margin,
            0.3,
            h + 2.0 * margin,
        )))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: colour(theme.theme.frame),
            base_color_texture: Some(images.add(wood::planks(256, 2, grain, 5))),
            normal_map_texture: Some(images.add(wood::plank_relief(256, 2, grain, 5))),
            perceptual_roughness: 0.5,
            clearcoat: 0.3,
            ..default()
        })),
        Transform::from_xyz(0.0, BOARD_TOP - 0.17, 0.0),
        Pickable::IGNORE,
        BoardPiece(id),
    ));
    let tile = meshes.add(with_tangents(Cuboid::new(CELL * 0.95, 0.04, CELL * 0.95)));
    // Four cuts of inlay, so neighbouring cells of one colour show different grain.
    let inlays: [(Handle<Image>, Handle<Image>); 4] = std::array::from_fn(|k| {
        let seed = 20 + k as u32;
        (
            images.add(wood::inlay(128, grain, seed)),
            images.add(wood::inlay_relief(128, grain, seed)),
        )
    });
    let mut shades: std::collections::HashMap<([u8; 3], usize), Handle<StandardMaterial>> =
        std::collections::HashMap::new();
    for cell in g.cells() {
        let shade = tile_colour(id, cell, &theme.theme);
        let cut = (usize::from(cell.x()) * 7 + usize::from(cell.y()) * 3) % inlays.len();
        let key = (shade.to_srgba().to_u8_array_no_alpha(), cut);
        let material = shades
            .entry(key)
            .or_insert_with(|| {
                materials.add(StandardMaterial {
                    base_color: shade,
                    base_color_texture: Some(inlays[cut].0.clone()),
                    normal_map_texture: Some(inlays[cut].1.clone()),
                    perceptual_roughness: 0.55,
                    ..default()
                })
            })
            .clone();
        commands
            .spawn((
                Name::new(format!("Cell {cell}")),
                BoardCell(cell),
                BoardPiece(id),
                Mesh3d(tile.clone()),
                MeshMaterial3d(material),
                Transform::from_translation(cell_centre(g, cell) - Vec3::Y * 0.02),
            ))
            .observe(report_clicks(|c: &BoardCell| Some(BoardClick::Cell(c.0))));
    }
    if id == GameId::Intermedium {
        spawn_cities(&mut commands, &mut meshes, &mut materials, &theme.theme);
    }
    if id == GameId::Support {
        spawn_bases(&mut commands, &mut meshes, &mut materials, &theme.theme);
    }
}

/// Support's eight bases: fixed enamelled hexagonal blocks with softened edges, each with a
/// brass boss on top, in the theme's base colours (yellow for White's and blue for Black's in
/// the wooden set).
fn spawn_bases(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    theme: &Theme,
) {
    let g = GameId::Support.geometry();
    let block = meshes.add(rounded_disc(CELL * 0.40, 0.22, 0.035, 6));
    let boss = meshes.add(rounded_disc(CELL * 0.13, 0.03, 0.012, 24));
    let brass = materials.add(brass(theme));
    for p in Player::ALL {
        let enamel = match p {
            Player::White => theme.white_base,
            Player::Black => theme.black_base,
        };
        let material = materials.add(StandardMaterial {
            base_color: colour(enamel),
            perceptual_roughness: 0.35,
            clearcoat: 0.6,
            ..default()
        });
        for base in Support::bases(p) {
            let at = cell_centre(g, base);
            commands.spawn((
                Name::new(format!("{p} base {base}")),
                BoardPiece(GameId::Support),
                Mesh3d(block.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(at + Vec3::Y * 0.11),
                Pickable::IGNORE,
            ));
            commands.spawn((
                Name::new(format!("{p} base {base}'s boss")),
                BoardPiece(GameId::Support),
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

/// Intermedium's Cities on d1 and d10: a polished stone disc inlaid in the cell, ringed in brass.
fn spawn_cities(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    theme: &Theme,
) {
    let g = GameId::Intermedium.geometry();
    let ring = meshes.add(Torus::new(CELL * 0.40, CELL * 0.47));
    let inlay = meshes.add(rounded_disc(CELL * 0.40, 0.012, 0.004, 48));
    let brass = materials.add(brass(theme));
    let stone = materials.add(StandardMaterial {
        base_color: colour(theme.tile_dark.mix(theme.frame, 0.5)),
        perceptual_roughness: 0.25,
        reflectance: 0.6,
        ..default()
    });
    for p in Player::ALL {
        let city = Intermedium::city_of(p);
        let at = cell_centre(g, city);
        commands.spawn((
            Name::new(format!("{p} City {city}")),
            BoardPiece(GameId::Intermedium),
            Mesh3d(ring.clone()),
            MeshMaterial3d(brass.clone()),
            Transform::from_translation(at + Vec3::Y * 0.005).with_scale(Vec3::new(1.0, 0.25, 1.0)),
            Pickable::IGNORE,
        ));
        commands.spawn((
            Name::new(format!("{p} City {city}'s stone")),
            BoardPiece(GameId::Intermedium),
            Mesh3d(inlay.clone()),
            MeshMaterial3d(stone.clone()),
            Transform::from_translation(at + Vec3::Y * 0.002),
            Pickable::IGNORE,
        ));
    }
}
