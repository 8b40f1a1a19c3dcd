//! The room around the table, built without a window or renderer: at Low its walls, ceiling,
//! floor and rug are unlit with their light painted in (a software renderer pays for lighting in
//! every pixel), the wall the sun and the lamp reach brighter than the one they do not; at High
//! every piece is lit by the renderer.

use bevy::prelude::*;
use stackyard::app::{AppOptions, build};
use stackyard::files::settings::Quality;
use stackyard::game::board::furnishings::RoomPiece;

/// Each room piece's name, whether it is unlit, and its colour's brightness (linear).
fn room_at(quality: Quality) -> Vec<(String, bool, f32)> {
    let dir =
        std::env::temp_dir().join(format!("stackyard-room-{}-{quality:?}", std::process::id()));
    let mut app = build(AppOptions {
        headless: true,
        quality: Some(quality),
        data_dir: Some(dir.join("data")),
        config_dir: Some(dir.join("config")),
        ..AppOptions::default()
    });
    app.finish();
    app.cleanup();
    for _ in 0..3 {
        app.update();
    }
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
