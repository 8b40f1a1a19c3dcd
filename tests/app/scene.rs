//! The 3D scene, built without a window or renderer. The room: at Low its walls, ceiling, floor
//! and rug are unlit with their light painted in (a software renderer pays for lighting in every
//! pixel), the wall the sun and the lamp reach brighter than the one they do not; at High every
//! piece is lit. The bare scene `bench-frames` measures beside the game holds what the game's 3D
//! camera draws: every visible mesh with its material and textures, the lights it draws with
//! (the desk lamp's fill light only above Low) and their shadow settings, the shadow map's size,
//! and the camera with the level's anti-aliasing and effects (Low's depth drawn first), drawing
//! into an image of the canvas's size.

use crate::common::headless::WholeApp;
use bevy::anti_alias::smaa::Smaa;
use bevy::camera::RenderTarget;
use bevy::camera::visibility::RenderLayers;
use bevy::core_pipeline::prepass::DepthPrepass;
use bevy::light::{CascadeShadowConfig, DirectionalLightShadowMap};
use bevy::pbr::ScreenSpaceAmbientOcclusion;
use bevy::post_process::effect_stack::Vignette;
use bevy::prelude::*;
use stackyard::app::bare_scene::{Target, copy_scene};
use stackyard::app::{AppOptions, Overrides, RunMode};
use stackyard::files::settings::Quality;
use stackyard::game::core::preferences::AnimationSpeed;
use stackyard::game::room::furnishings::RoomPiece;

fn game_at(quality: Quality) -> WholeApp {
    let mut app = WholeApp::new(
        &format!("scene-{quality:?}"),
        AppOptions {
            run: RunMode::Headless,
            overrides: Overrides {
                quality: Some(quality),
                ..Overrides::default()
            },
            ..AppOptions::default()
        },
    );
    app.insert_resource(AnimationSpeed::Off);
    for _ in 0..5 {
        app.update();
    }
    app
}

fn bare_copy(game: &World) -> World {
    let mut bare = World::new();
    bare.init_resource::<Assets<Mesh>>();
    bare.init_resource::<Assets<StandardMaterial>>();
    bare.init_resource::<Assets<Image>>();
    copy_scene(game, &mut bare, Target::Offscreen);
    bare
}

fn visible_meshes(world: &mut World) -> usize {
    world
        .query::<(&Mesh3d, Option<&InheritedVisibility>, Option<&RenderLayers>)>()
        .iter(world)
        .filter(|(_, seen, layers)| {
            seen.is_none_or(|v| v.get())
                && layers.is_none_or(|l| l.intersects(&RenderLayers::default()))
        })
        .count()
}

#[test]
fn the_bare_scene_draws_every_mesh_and_light_of_the_game_with_its_assets() {
    let mut game = game_at(Quality::High);
    let mut bare = bare_copy(game.world());
    let drawn = visible_meshes(game.world_mut());
    assert!(drawn > 100, "the board, stones and room: {drawn} meshes");
    assert_eq!(visible_meshes(&mut bare), drawn);
    let mut materials = bare.query::<(&Mesh3d, &MeshMaterial3d<StandardMaterial>)>();
    for (mesh, material) in materials.iter(&bare) {
        assert!(bare.resource::<Assets<Mesh>>().contains(&mesh.0));
        let material = bare
            .resource::<Assets<StandardMaterial>>()
            .get(&material.0)
            .expect("every material copied");
        if let Some(texture) = &material.base_color_texture {
            assert!(bare.resource::<Assets<Image>>().contains(texture));
        }
    }
    let sun = |world: &mut World| {
        world
            .query::<(&DirectionalLight, &CascadeShadowConfig, &Transform)>()
            .single(world)
            .map(|(l, c, t)| {
                (
                    l.illuminance,
                    l.shadow_maps_enabled,
                    c.bounds.clone(),
                    t.translation,
                )
            })
            .expect("one sun")
    };
    assert_eq!(sun(&mut bare), sun(game.world_mut()));
    let lamps = |world: &mut World| world.query::<&PointLight>().iter(world).count();
    assert_eq!(lamps(&mut bare), lamps(game.world_mut()));
    assert_eq!(
        bare.resource::<DirectionalLightShadowMap>().size,
        game.world().resource::<DirectionalLightShadowMap>().size
    );
}

#[test]
fn at_low_the_bare_scene_has_the_rooms_painted_light_too() {
    let mut game = game_at(Quality::Low);
    let mut bare = bare_copy(game.world());
    let unlit = |world: &mut World| {
        let mut meshes = world.query::<&MeshMaterial3d<StandardMaterial>>();
        let materials = world.resource::<Assets<StandardMaterial>>();
        meshes
            .iter(world)
            .filter(|m| materials.get(&m.0).is_some_and(|m| m.unlit))
            .count()
    };
    let painted = unlit(game.world_mut());
    assert!(painted >= 6, "the walls, ceiling, floor and rug: {painted}");
    assert_eq!(unlit(&mut bare), painted);
}

/// Whether each desk lamp light of the game shines (its light is drawn with).
fn lamps_shining(game: &mut App) -> Vec<bool> {
    let world = game.world_mut();
    world
        .query_filtered::<&InheritedVisibility, With<PointLight>>()
        .iter(world)
        .map(|v| v.get())
        .collect()
}

/// How many lamps the bare scene holds (it copies only the lights the game draws with).
fn bare_lamps(game: &App) -> usize {
    let mut bare = bare_copy(game.world());
    bare.query::<&PointLight>().iter(&bare).count()
}

#[test]
fn the_lamps_fill_light_shines_above_low_and_the_bare_scene_draws_with_the_lights_the_game_does() {
    let mut low = game_at(Quality::Low);
    assert_eq!(lamps_shining(&mut low), [false]);
    assert_eq!(bare_lamps(&low), 0);
    let mut high = game_at(Quality::High);
    assert_eq!(lamps_shining(&mut high), [true]);
    assert_eq!(bare_lamps(&high), 1);
    // A level chosen during play lights it again.
    low.insert_resource(stackyard::game::core::preferences::QualityChoice(
        Quality::High,
    ));
    low.update();
    assert_eq!(lamps_shining(&mut low), [true]);
    assert_eq!(bare_lamps(&low), 1);
}

/// How many vertices a stone's mesh has.
fn stone_vertices(game: &mut App) -> usize {
    let world = game.world_mut();
    let mesh = world
        .query_filtered::<&Mesh3d, With<stackyard::game::board::stones::Disc>>()
        .iter(world)
        .next()
        .expect("a stone")
        .0
        .clone();
    world
        .resource::<Assets<Mesh>>()
        .get(&mesh)
        .unwrap()
        .count_vertices()
}

#[test]
fn a_stone_has_half_the_facets_at_low() {
    let high = stone_vertices(&mut game_at(Quality::High));
    let low = stone_vertices(&mut game_at(Quality::Low));
    assert!(
        low * 2 <= high + 32 && low * 2 >= high - 32,
        "{low} against {high}"
    );
}

#[test]
fn the_bare_camera_has_the_levels_effects_and_draws_at_the_canvass_size() {
    for (quality, effects) in [(Quality::Low, false), (Quality::High, true)] {
        let mut game = game_at(quality);
        let mut bare = bare_copy(game.world());
        // Low draws depth first, so a software renderer lights each pixel once (High does for
        // its ambient occlusion).
        let depth_first = |world: &mut World| {
            world
                .query_filtered::<(), (With<Camera3d>, With<DepthPrepass>)>()
                .iter(world)
                .count()
        };
        assert_eq!(depth_first(game.world_mut()), 1, "{quality:?}");
        assert_eq!(depth_first(&mut bare), 1, "{quality:?}");
        let mut cameras = bare.query::<(
            &Msaa,
            Has<Smaa>,
            Has<ScreenSpaceAmbientOcclusion>,
            Has<Vignette>,
            Option<&EnvironmentMapLight>,
            &RenderTarget,
        )>();
        let (msaa, smaa, ssao, vignette, light, target) =
            cameras.single(&bare).expect("one camera");
        assert_eq!(*msaa, Msaa::Off, "{quality:?}");
        assert_eq!(
            (smaa, ssao, vignette),
            (effects, effects, effects),
            "{quality:?}"
        );
        assert_eq!(light.is_some(), effects, "{quality:?}");
        if let Some(light) = light {
            let images = bare.resource::<Assets<Image>>();
            assert!(images.contains(&light.diffuse_map) && images.contains(&light.specular_map));
        }
        let RenderTarget::Image(image) = target else {
            panic!("{quality:?}: the bare camera draws into an image");
        };
        let size = bare
            .resource::<Assets<Image>>()
            .get(&image.handle)
            .unwrap()
            .size();
        let canvas = game
            .world()
            .resource::<stackyard::game::view::canvas::Canvas>()
            .image();
        let canvas = game
            .world()
            .resource::<Assets<Image>>()
            .get(&canvas)
            .unwrap()
            .size();
        assert_eq!(size, canvas, "{quality:?}");
    }
}

/// Each room piece's name, whether it is unlit, and its colour's brightness (linear).
fn room_at(quality: Quality) -> Vec<(String, bool, f32)> {
    let mut app = game_at(quality);
    let world = app.world_mut();
    let mut pieces =
        world.query_filtered::<(&Name, &MeshMaterial3d<StandardMaterial>), With<RoomPiece>>();
    let materials = world.resource::<Assets<StandardMaterial>>();
    pieces
        .iter(world)
        .map(|(name, m)| {
            let m = materials.get(&m.0).expect("a material");
            let c = LinearRgba::from(m.base_color);
            (name.to_string(), m.unlit, c.red + c.green + c.blue)
        })
        .collect()
}

fn piece<'a>(room: &'a [(String, bool, f32)], name: &str) -> &'a (String, bool, f32) {
    room.iter()
        .find(|p| p.0 == name)
        .unwrap_or_else(|| panic!("{name}"))
}

#[test]
fn low_paints_the_light_on_the_walls_and_floor_and_high_lights_every_piece() {
    let low = room_at(Quality::Low);
    for name in ["Wall north", "Wall west", "Ceiling", "Floor", "Rug"] {
        assert!(piece(&low, name).1, "{name} is unlit at Low");
    }
    for name in ["Book", "Chair seat", "Table leg", "Lamp shade"] {
        assert!(!piece(&low, name).1, "{name} is lit at Low");
    }
    // The north wall faces the window's sun and stands by the lamp; the west wall, the
    // window's own, faces away from both.
    assert!(piece(&low, "Wall north").2 > 1.5 * piece(&low, "Wall west").2);
    let high = room_at(Quality::High);
    assert!(high.iter().all(|p| !p.1), "every piece is lit at High");
    assert_eq!(high.len(), low.len());
}
