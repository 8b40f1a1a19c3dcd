//! Lit targets: the stacks that may be chosen, the chosen one, and where it may go (steps in
//! green, splays in blue, forced ones in orange), rebuilt whenever the rules state changes.

use bevy::prelude::*;

use crate::rules::{Cell, Game};

use crate::files::theme::MarkerColours;

use crate::game::board::layout::{CELL, HAND_LIFT, cell_centre, stack_top};
use crate::game::board::tap::report_clicks;
use crate::game::board::theme::ActiveTheme;
use crate::game::core::session::{BoardClick, Session};
use crate::game::core::view::{BoardView, MarkerKind};

/// A lit target on the board; clicking it chooses the cell.
#[derive(Component, Debug, Clone, Copy)]
pub struct Marker {
    /// The cell it marks.
    pub cell: Cell,
    /// What choosing it does.
    pub kind: MarkerKind,
    /// The decision it stands for (none for the chosen stack's own ring).
    pub action: Option<crate::rules::Action>,
}

/// A mark that is not clicked: a dot on a cell a splay would pass over, or the hint's halo.
#[derive(Component, Debug, Clone, Copy)]
pub struct Decoration;

/// Meshes and materials of the markers.
#[derive(Resource)]
struct MarkerLook {
    ring: Handle<Mesh>,
    halo: Handle<Mesh>,
    dot: Handle<Mesh>,
    /// A cone pointing up: turned to show a push's direction.
    arrow: Handle<Mesh>,
    /// A thin upright rod, 1 unit tall: ties the stones in hand to the cell below them.
    tether: Handle<Mesh>,
    tether_material: Handle<StandardMaterial>,
    materials: Vec<(MarkerKind, Handle<StandardMaterial>)>,
}

impl MarkerLook {
    fn material(&self, kind: MarkerKind) -> Handle<StandardMaterial> {
        self.materials
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, m)| m.clone())
            .unwrap_or_default()
    }
}

/// The colour that marks each kind of target, in the theme's colours.
#[must_use]
pub fn marker_colour(kind: MarkerKind, colours: &MarkerColours) -> Color {
    let c = |rgb| crate::game::board::theme::colour(rgb);
    match kind {
        MarkerKind::Selectable => c(colours.selectable),
        MarkerKind::Selected => c(colours.selected),
        MarkerKind::Step => c(colours.step),
        MarkerKind::Splay => c(colours.splay),
        MarkerKind::SelectableForced | MarkerKind::SplayForced => c(colours.forced),
        MarkerKind::Hint => c(colours.hint),
        MarkerKind::Stop => c(colours.stop),
        MarkerKind::Pick => Color::srgb(0.95, 0.55, 0.05),
        MarkerKind::Insert => Color::srgb(0.8, 0.85, 0.95),
        MarkerKind::Place => Color::srgb(1.0, 0.6, 0.85),
        MarkerKind::Push => Color::srgb(0.35, 0.85, 1.0),
    }
}

/// A marker's material: its colour, glowing (the stacks that may be chosen more quietly).
fn marker_material(kind: MarkerKind, colours: &MarkerColours) -> StandardMaterial {
    let c = marker_colour(kind, colours);
    let strength = if matches!(kind, MarkerKind::Selectable | MarkerKind::Insert) {
        0.6
    } else {
        2.5
    };
    StandardMaterial {
        base_color: c,
        emissive: c.to_linear() * strength,
        perceptual_roughness: 0.5,
        ..default()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, create_marker_look).add_systems(
        Update,
        (
            repaint_markers.run_if(resource_changed::<ActiveTheme>),
            show_targets.run_if(
                resource_changed::<Session>
                    .or_else(resource_exists_and_changed::<crate::game::core::opponent::Hint>)
                    .or_else(resource_changed::<crate::game::core::preferences::ViewSettings>),
            ),
        )
            .in_set(crate::game::core::GameSystems::Present),
    );
}

/// The markers take the theme's colours.
fn repaint_markers(
    theme: Res<ActiveTheme>,
    look: Res<MarkerLook>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for (kind, handle) in &look.materials {
        if let Some(mut m) = materials.get_mut(handle) {
            *m = marker_material(*kind, &theme.theme.markers);
        }
    }
}

fn create_marker_look(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let kinds = [
        MarkerKind::Selectable,
        MarkerKind::SelectableForced,
        MarkerKind::Selected,
        MarkerKind::Step,
        MarkerKind::Splay,
        MarkerKind::SplayForced,
        MarkerKind::Stop,
        MarkerKind::Pick,
        MarkerKind::Insert,
        MarkerKind::Push,
        MarkerKind::Place,
        MarkerKind::Hint,
    ];
    let tether_material = materials.add(StandardMaterial {
        base_color: Color::srgba(1.0, 0.85, 0.45, 0.55),
        emissive: LinearRgba::rgb(1.2, 0.9, 0.4),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    let colours = &theme.theme.markers;
    let materials = kinds
        .into_iter()
        .map(|k| (k, materials.add(marker_material(k, colours))))
        .collect();
    commands.insert_resource(MarkerLook {
        ring: meshes.add(Torus::new(CELL * 0.36, CELL * 0.44)),
        halo: meshes.add(Torus::new(CELL * 0.42, CELL * 0.46)),
        dot: meshes.add(Sphere::new(CELL * 0.07)),
        arrow: meshes.add(Cone {
            radius: CELL * 0.2,
            height: CELL * 0.5,
        }),
        tether: meshes.add(Cylinder::new(0.025, 1.0)),
        tether_material,
        materials,
    });
}

/// Rebuilds the markers from the legal decisions.
fn show_targets(
    mut commands: Commands,
    session: Res<Session>,
    look: Res<MarkerLook>,
    hint: Option<Res<crate::game::core::opponent::Hint>>,
    settings: Res<crate::game::core::preferences::ViewSettings>,
    old: Query<Entity, Or<(With<Marker>, With<Decoration>)>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let position = session.position();
    let g = position.id().geometry();
    let top = |c: Cell| cell_centre(g, c) + Vec3::Y * (stack_top(position.stack(c).len()) + 0.03);
    let selected = position.selected();
    let spawn_marker = |commands: &mut Commands, cell: Cell, kind: MarkerKind, action| {
        // Stacks that may be chosen get a quiet halo on the board around their foot (smaller for
        // an empty cell to insert on); a push an arrow from the chosen stone towards its
        // neighbour; other targets a bright ring on top of whatever stands there.
        let (mesh, transform) = match kind {
            MarkerKind::Selectable => (
                look.halo.clone(),
                Transform::from_translation(cell_centre(g, cell) + Vec3::Y * 0.01)
                    .with_scale(Vec3::new(1.0, 0.5, 1.0)),
            ),
            MarkerKind::Insert => (
                look.halo.clone(),
                Transform::from_translation(cell_centre(g, cell) + Vec3::Y * 0.01)
                    .with_scale(Vec3::new(0.55, 0.5, 0.55)),
            ),
            MarkerKind::Push => {
                let from = selected.map_or(cell_centre(g, cell), |s| cell_centre(g, s));
                let to = cell_centre(g, cell);
                let direction = (to - from).normalize_or(Vec3::X);
                (
                    look.arrow.clone(),
                    Transform::from_translation(from.lerp(to, 0.55) + Vec3::Y * 0.45)
                        .with_rotation(Quat::from_rotation_arc(Vec3::Y, direction)),
                )
            }
            _ => (
                look.ring.clone(),
                Transform::from_translation(top(cell)).with_scale(Vec3::new(1.0, 0.5, 1.0)),
            ),
        };
        commands
            .spawn((
                Name::new(format!("Marker {cell}")),
                Marker { cell, kind, action },
                Mesh3d(mesh),
                MeshMaterial3d(look.material(kind)),
                transform,
            ))
            .observe(report_clicks(|m: &Marker| {
                Some(
                    m.action
                        .map_or(BoardClick::Cell(m.cell), BoardClick::Choose),
                )
            }));
    };
    if let Some((cell, _)) = position.hand() {
        // The stones in hand hover over the last cell entered; a glowing rod ties them to it.
        let foot = top(cell);
        let height = (cell_centre(g, cell).y + HAND_LIFT - foot.y).max(0.05);
        commands.spawn((
            Name::new(format!("Hand over {cell}")),
            Decoration,
            Mesh3d(look.tether.clone()),
            MeshMaterial3d(look.tether_material.clone()),
            Transform::from_translation(foot + Vec3::Y * height / 2.0)
                .with_scale(Vec3::new(1.0, height, 1.0)),
            Pickable::IGNORE,
        ));
    }
    // The path of the turn so far (Cash In Hand's sowing): glowing rods from cell to cell, just
    // above the board so the stacks on it stand out of them.
    let trail = position.trail();
    for pair in trail.windows(2) {
        let (a, b) = (
            cell_centre(g, pair[0]) + Vec3::Y * 0.06,
            cell_centre(g, pair[1]) + Vec3::Y * 0.06,
        );
        let length = a.distance(b);
        commands.spawn((
            Name::new(format!("Path {}-{}", pair[0], pair[1])),
            Decoration,
            Mesh3d(look.tether.clone()),
            MeshMaterial3d(look.tether_material.clone()),
            Transform::from_translation(a.lerp(b, 0.5))
                .with_rotation(Quat::from_rotation_arc(
                    Vec3::Y,
                    (b - a).normalize_or(Vec3::X),
                ))
                .with_scale(Vec3::new(2.0, length, 2.0)),
            Pickable::IGNORE,
        ));
    }
    if let Some(origin) = selected {
        spawn_marker(&mut commands, origin, MarkerKind::Selected, None);
    }
    // The cells of the last move: small blue dots, until the next move begins.
    if !position.in_turn() {
        for cell in session.last_move_cells() {
            commands.spawn((
                Name::new(format!("Last move {cell}")),
                Decoration,
                Mesh3d(look.dot.clone()),
                MeshMaterial3d(look.material(MarkerKind::Splay)),
                Transform::from_translation(cell_centre(g, cell) + Vec3::new(0.33, 0.03, 0.33))
                    .with_scale(Vec3::splat(1.5)),
                Pickable::IGNORE,
            ));
        }
    }
    // Where the last move captured: a red ring on the emptied (or reduced) cell.
    for &cell in session.taken() {
        commands.spawn((
            Name::new(format!("Taken {cell}")),
            Decoration,
            Mesh3d(look.ring.clone()),
            MeshMaterial3d(look.material(MarkerKind::Stop)),
            Transform::from_translation(top(cell)).with_scale(Vec3::new(0.8, 0.4, 0.8)),
            Pickable::IGNORE,
        ));
    }
    if let Some(hint) = hint.filter(|h| h.position == position.hash())
        && let Some(cell) = position.action_cell(hint.action)
    {
        commands.spawn((
            Name::new(format!("Hint {cell}")),
            Decoration,
            Mesh3d(look.halo.clone()),
            MeshMaterial3d(look.material(MarkerKind::Hint)),
            Transform::from_translation(top(cell) + Vec3::Y * 0.05)
                .with_scale(Vec3::new(1.25, 1.5, 1.25)),
            Pickable::IGNORE,
        ));
    }
    for action in session.legal_actions() {
        let Some(cell) = position.action_cell(action) else {
            continue;
        };
        let kind = position.marker(action);
        // With the lit targets turned off, only the controls stay (pushes and stop).
        if !settings.legal_targets && !matches!(kind, MarkerKind::Push | MarkerKind::Stop) {
            continue;
        }
        spawn_marker(&mut commands, cell, kind, Some(action));
        if matches!(
            kind,
            MarkerKind::Splay | MarkerKind::SplayForced | MarkerKind::Push
        ) {
            // A splay's path up to its ringed landing cell; a push's chain, head included.
            let path = position.action_path(action);
            let shown = if kind == MarkerKind::Push {
                path.len()
            } else {
                path.len().saturating_sub(1)
            };
            for &c in path.iter().take(shown) {
                commands.spawn((
                    Name::new(format!("Path {c}")),
                    Decoration,
                    Mesh3d(look.dot.clone()),
                    MeshMaterial3d(look.material(kind)),
                    Transform::from_translation(top(c)),
                    Pickable::IGNORE,
                ));
            }
        }
    }
}
