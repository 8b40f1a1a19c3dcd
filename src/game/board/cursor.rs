//! The keyboard's cell cursor: the cell the arrow keys move over the board, where Enter and
//! Space decide as a click would. Drawn as a square frame around the cell once a key has moved
//! it (a player with a mouse never sees it).

use bevy::prelude::*;

use crate::rules::{Cell, Dir, Game, Geometry};

use crate::game::board::layout::{BOARD_TOP, CELL, cell_centre};
use crate::game::board::theme::ActiveTheme;
use crate::game::core::session::Session;

/// Where the cursor stands, and whether it is shown.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor {
    /// The cell under it (kept on the board when a smaller board comes).
    pub cell: Cell,
    /// Shown once a key has moved it.
    pub shown: bool,
}

impl Default for BoardCursor {
    fn default() -> Self {
        BoardCursor {
            cell: Cell::new(0, 0),
            shown: false,
        }
    }
}

impl BoardCursor {
    /// The cell one step in `d`, staying at the board's edge.
    #[must_use]
    pub fn step(self, d: Dir, g: Geometry) -> Cell {
        let here = self.within(g);
        g.neighbour(here, d).unwrap_or(here)
    }

    /// The cell, brought onto a board of `g` if it lies off it.
    #[must_use]
    pub fn within(self, g: Geometry) -> Cell {
        Cell::new(
            self.cell.x().min(g.width - 1),
            self.cell.y().min(g.height - 1),
        )
    }
}

/// The frame drawn around the cursor's cell.
#[derive(Component, Debug)]
struct CursorFrame;

/// How thick the frame's sides are, in cells.
const SIDE: f32 = 0.06;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>();
}

pub(super) fn look_plugin(app: &mut App) {
    app.add_systems(Startup, build_the_frame).add_systems(
        Update,
        place_the_frame
            .run_if(resource_changed::<BoardCursor>.or_else(resource_changed::<Session>))
            .in_set(crate::game::core::GameSystems::Present),
    );
}

/// Four thin bars on the board's surface, glowing in the theme's cursor colour so it reads in
/// any light; hidden until the cursor is shown.
fn build_the_frame(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let colour = crate::game::board::theme::colour(theme.theme.markers.cursor);
    let material = materials.add(StandardMaterial {
        base_color: colour,
        emissive: colour.to_linear() * 2.0,
        perceptual_roughness: 0.5,
        ..default()
    });
    let along = meshes.add(Cuboid::new(CELL, SIDE, SIDE));
    let across = meshes.add(Cuboid::new(SIDE, SIDE, CELL));
    let half = (CELL - SIDE) / 2.0;
    commands
        .spawn((
            CursorFrame,
            Transform::default(),
            Visibility::Hidden,
            Name::new("cell cursor"),
        ))
        .with_children(|frame| {
            for (mesh, x, z) in [
                (&along, 0.0, half),
                (&along, 0.0, -half),
                (&across, half, 0.0),
                (&across, -half, 0.0),
            ] {
                frame.spawn((
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_xyz(x, SIDE / 2.0, z),
                ));
            }
        });
}

/// Puts the frame on the cursor's cell, shown once a key moved it.
fn place_the_frame(
    cursor: Res<BoardCursor>,
    session: Res<Session>,
    mut frames: Query<(&mut Transform, &mut Visibility), With<CursorFrame>>,
) {
    let g = session.position().id().geometry();
    for (mut at, mut seen) in &mut frames {
        at.translation = cell_centre(g, cursor.within(g)).with_y(BOARD_TOP + 0.01);
        *seen = if cursor.shown {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
    }
}
