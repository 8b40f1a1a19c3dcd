//! Lit targets: the stacks that may be chosen, the chosen one, and where it may go (steps as
//! green squares, splays as blue diamonds, forced ones in orange), rebuilt whenever the rules
//! state changes. Each kind has its shape as well as its colour.

use std::f32::consts::FRAC_PI_4;

use bevy::mesh::TorusMeshBuilder;
use bevy::prelude::*;

use crate::rules::{Action, Cell, Game};

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
    /// A ring of four straight sides: a square, or turned 45° a diamond.
    square: Handle<Mesh>,
    /// Two bars crossed.
    cross: Handle<Mesh>,
    /// The dark outline under each flat mark (its mesh, widened), and the dark disc behind a
    /// dot or an arrow: every mark keeps its contrast with the cells, light or dark.
    outlines: Outlines,
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
        MarkerKind::Pick => c(colours.pick),
        MarkerKind::Insert => c(colours.insert),
        MarkerKind::Place => c(colours.place),
        MarkerKind::Push => c(colours.push),
    }
}

/// The shape a kind of target is drawn as. Kinds that can show at once differ by shape as
/// well as by colour, so no one has to tell the colours apart (`tests/app/colour_vision.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerShape {
    /// A quiet halo around a stack's foot.
    Halo,
    /// A small halo on an empty cell.
    SmallHalo,
    /// A round ring on top of the stack.
    Ring,
    /// A square frame on top of the stack.
    Square,
    /// A diamond (a square turned 45°) on top, dots along the cells a splay passes.
    Diamond,
    /// A cross on top of the stack.
    Cross,
    /// An arrow from the chosen stone towards the cell it pushes.
    Arrow,
    /// An arrow pointing down onto the stack.
    ArrowDown,
    /// A large halo above the stack.
    BigHalo,
    /// A small dot at the cell's corner.
    Dot,
}

/// The shape each kind of target is drawn as.
#[must_use]
pub const fn shape_of(kind: MarkerKind) -> MarkerShape {
    match kind {
        MarkerKind::Selectable | MarkerKind::SelectableForced => MarkerShape::Halo,
        MarkerKind::Insert => MarkerShape::SmallHalo,
        MarkerKind::Pick | MarkerKind::Selected => MarkerShape::Ring,
        MarkerKind::Step => MarkerShape::Square,
        MarkerKind::Splay | MarkerKind::SplayForced => MarkerShape::Diamond,
        MarkerKind::Stop => MarkerShape::Cross,
        MarkerKind::Push => MarkerShape::Arrow,
        MarkerKind::Place => MarkerShape::ArrowDown,
        MarkerKind::Hint => MarkerShape::BigHalo,
    }
}

/// The marks that are not targets, each as a shape and the kind whose colour it takes.
pub mod marks {
    use super::{MarkerKind, MarkerShape};
    /// A cell of the last move.
    pub const LAST_MOVE: (MarkerShape, MarkerKind) = (MarkerShape::Dot, MarkerKind::Splay);
    /// A cell the last move captured on.
    pub const TAKEN: (MarkerShape, MarkerKind) = (MarkerShape::Cross, MarkerKind::Stop);
    /// A stack the coach warns about.
    pub const AT_RISK: (MarkerShape, MarkerKind) = (MarkerShape::BigHalo, MarkerKind::Stop);
    /// The hint's decision.
    pub const HINT: (MarkerShape, MarkerKind) = (MarkerShape::BigHalo, MarkerKind::Hint);
}

/// The dark shapes under the marks, in the theme's outline colour.
struct Outlines {
    ring: Handle<Mesh>,
    halo: Handle<Mesh>,
    square: Handle<Mesh>,
    cross: Handle<Mesh>,
    /// A thin disc behind a dot or under an arrow.
    disc: Handle<Mesh>,
    material: Handle<StandardMaterial>,
}

impl Outlines {
    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        colours: &MarkerColours,
    ) -> Outlines {
        Outlines {
            ring: meshes.add(Torus::new(CELL * 0.335, CELL * 0.465)),
            halo: meshes.add(Torus::new(CELL * 0.385, CELL * 0.495)),
            square: meshes.add(
                TorusMeshBuilder::new(CELL * 0.385, CELL * 0.515)
                    .major_resolution(4)
                    .minor_resolution(12),
            ),
            cross: meshes.add(cross_mesh(1.3)),
            disc: meshes.add(Cylinder::new(CELL * 0.16, CELL * 0.01)),
            material: materials.add(outline_material(colours)),
        }
    }
}

/// The outlines' material: the theme's dark outline colour, matte, lit by nothing of its own.
fn outline_material(colours: &MarkerColours) -> StandardMaterial {
    StandardMaterial {
        base_color: crate::game::board::theme::colour(colours.outline),
        perceptual_roughness: 1.0,
        reflectance: 0.0,
        ..default()
    }
}

/// Two flat bars crossed, a cell's width; `widen` fattens them (an outline's).
fn cross_mesh(widen: f32) -> Mesh {
    let bar = || {
        Mesh::from(Cuboid::new(
            CELL * 0.62 * widen.sqrt(),
            CELL * 0.06,
            CELL * 0.12 * widen,
        ))
    };
    let mut cross = bar().rotated_by(Quat::from_rotation_y(std::f32::consts::FRAC_PI_4));
    let other = bar().rotated_by(Quat::from_rotation_y(-std::f32::consts::FRAC_PI_4));
    // Both bars are built alike, so their attributes always match.
    let _ = cross.merge(&other);
    cross
}

/// A marker's material: its colour, glowing (the stacks that may be chosen more quietly, yet
/// plainly enough for a new player to see them without zooming in).
fn marker_material(kind: MarkerKind, colours: &MarkerColours) -> StandardMaterial {
    let c = marker_colour(kind, colours);
    let strength = match kind {
        MarkerKind::Selectable => 1.6,
        MarkerKind::Insert => 0.6,
        _ => 2.5,
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
                    .or_else(resource_changed::<crate::game::core::preferences::ViewSettings>)
                    .or_else(resource_exists_and_changed::<crate::game::core::coach::CoachWarning>)
                    .or_else(resource_added::<crate::game::core::editor::Editor>)
                    // Play from here: the same position, now with moves to light.
                    .or_else(resource_removed::<crate::game::core::editor::Editor>),
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
    if let Some(mut m) = materials.get_mut(&look.outlines.material) {
        *m = outline_material(&theme.theme.markers);
    }
}

fn create_marker_look(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let tether_material = materials.add(StandardMaterial {
        base_color: Color::srgba(1.0, 0.85, 0.45, 0.55),
        emissive: LinearRgba::rgb(1.2, 0.9, 0.4),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    let colours = &theme.theme.markers;
    let outlines = Outlines::build(&mut meshes, &mut materials, colours);
    let materials = MarkerKind::ALL
        .into_iter()
        .map(|k| (k, materials.add(marker_material(k, colours))))
        .collect();
    commands.insert_resource(MarkerLook {
        ring: meshes.add(Torus::new(CELL * 0.36, CELL * 0.44)),
        halo: meshes.add(Torus::new(CELL * 0.41, CELL * 0.47)),
        dot: meshes.add(Sphere::new(CELL * 0.07)),
        square: meshes.add(
            TorusMeshBuilder::new(CELL * 0.41, CELL * 0.49)
                .major_resolution(4)
                .minor_resolution(12),
        ),
        cross: meshes.add(cross_mesh(1.0)),
        outlines,
        arrow: meshes.add(Cone {
            radius: CELL * 0.2,
            height: CELL * 0.5,
        }),
        tether: meshes.add(Cylinder::new(0.025, 1.0)),
        tether_material,
        materials,
    });
}

/// A hash of what the markers show: they are rebuilt only when it changes, not on every change
/// to the session (the engine's view and the clock touch it too). The position counts by its
/// own incremental hash, which covers the turn in progress.
fn markers_key(
    session: &Session,
    hint: Option<&crate::game::core::opponent::Hint>,
    legal_targets: bool,
    editing: bool,
    coach: Option<&crate::game::core::coach::CoachWarning>,
) -> u64 {
    use crate::rules::Game;
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    session.position().hash().hash(&mut h);
    session.position().id().hash(&mut h);
    session.last_move_cells().hash(&mut h);
    session.taken().hash(&mut h);
    hint.map(|h| (h.position, h.action)).hash(&mut h);
    coach
        .and_then(|c| c.0.as_ref())
        .map(|w| &w.warning.at_risk)
        .hash(&mut h);
    (legal_targets, editing).hash(&mut h);
    h.finish()
}

/// Rebuilds the markers from the legal decisions when what they show has changed.
#[allow(
    clippy::too_many_arguments,
    reason = "each is one thing the markers show"
)]
fn show_targets(
    mut commands: Commands,
    session: Res<Session>,
    look: Res<MarkerLook>,
    hint: Option<Res<crate::game::core::opponent::Hint>>,
    settings: Res<crate::game::core::preferences::ViewSettings>,
    editor: Option<Res<crate::game::core::editor::Editor>>,
    coach: Option<Res<crate::game::core::coach::CoachWarning>>,
    (old, mut shown): (
        Query<Entity, Or<(With<Marker>, With<Decoration>)>>,
        Local<Option<u64>>,
    ),
) {
    let key = markers_key(
        &session,
        hint.as_deref(),
        settings.legal_targets,
        editor.is_some(),
        coach.as_deref(),
    );
    if *shown == Some(key) && !old.is_empty() {
        return;
    }
    *shown = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    // A position being set up has no moves to show: a click there edits the cell.
    if editor.is_some() {
        return;
    }
    let position = session.position();
    let mut markers = Markers {
        commands: &mut commands,
        look: &look,
        position,
        g: position.id().geometry(),
    };
    markers.hand_and_trail();
    if let Some(origin) = position.selected() {
        markers.marker(origin, MarkerKind::Selected, None);
    }
    // The cells of the last move: small blue dots, until the next move begins.
    if !position.in_turn() {
        for cell in session.last_move_cells() {
            markers.last_move(cell);
        }
    }
    for &cell in session.taken() {
        markers.taken(cell);
    }
    if let Some(hint) = hint.filter(|h| h.position == position.hash())
        && let Some(cell) = position.action_cell(hint.action)
    {
        markers.hint(cell);
    }
    if let Some(warned) = coach.as_ref().and_then(|c| c.0.as_ref()) {
        for &cell in &warned.warning.at_risk {
            markers.at_risk(cell);
        }
    }
    for action in session.legal_actions() {
        markers.legal(action, settings.legal_targets);
    }
}

/// Spawns the markers and decorations of one position.
struct Markers<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    look: &'a MarkerLook,
    position: &'a crate::rules::AnyGame,
    g: crate::rules::Geometry,
}

impl Markers<'_, '_, '_> {
    /// Just above the top of the stack on `c`.
    fn top(&self, c: Cell) -> Vec3 {
        cell_centre(self.g, c) + Vec3::Y * (stack_top(self.position.stack(c).len()) + 0.03)
    }

    /// The dark outline under a mark drawn with `mesh` at `at`: its widened shape just below
    /// a flat mark, a disc just behind a dot or under an arrow.
    fn outline(&mut self, mesh: &Handle<Mesh>, at: Transform) {
        let o = &self.look.outlines;
        let (shape, under) = match mesh {
            m if *m == self.look.ring => (o.ring.clone(), at),
            m if *m == self.look.halo => (o.halo.clone(), at),
            m if *m == self.look.square => (o.square.clone(), at),
            m if *m == self.look.cross => (o.cross.clone(), at),
            m if *m == self.look.dot => {
                let scale = at.scale.x;
                (
                    o.disc.clone(),
                    Transform::from_translation(at.translation - Vec3::Y * 0.07 * scale)
                        .with_scale(Vec3::splat(scale * 0.9)),
                )
            }
            m if *m == self.look.arrow => (
                o.disc.clone(),
                Transform::from_translation(at.translation - Vec3::Y * 0.3)
                    .with_scale(Vec3::new(1.6, 1.0, 1.6)),
            ),
            _ => return,
        };
        self.commands.spawn((
            Name::new("Outline"),
            Decoration,
            Mesh3d(shape),
            MeshMaterial3d(o.material.clone()),
            // Flatter and lower than the mark, so the mark stands on it.
            under
                .with_translation(under.translation - Vec3::Y * 0.015)
                .with_scale(under.scale * Vec3::new(1.0, 0.4, 1.0)),
            Pickable::IGNORE,
        ));
    }

    /// A shape that shows something and takes no clicks.
    fn decoration(&mut self, name: String, mesh: &Handle<Mesh>, kind: MarkerKind, at: Transform) {
        self.outline(mesh, at);
        self.commands.spawn((
            Name::new(name),
            Decoration,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(self.look.material(kind)),
            at,
            Pickable::IGNORE,
        ));
    }

    /// A glowing rod (the hand's tether, the trail).
    fn rod(&mut self, name: String, at: Transform) {
        self.commands.spawn((
            Name::new(name),
            Decoration,
            Mesh3d(self.look.tether.clone()),
            MeshMaterial3d(self.look.tether_material.clone()),
            at,
            Pickable::IGNORE,
        ));
    }

    /// A clickable target. Stacks that may be chosen get a quiet halo on the board around
    /// their foot (smaller for an empty cell to insert on); a push an arrow from the chosen
    /// stone towards its neighbour; other targets a bright ring on top of whatever stands there.
    fn marker(&mut self, cell: Cell, kind: MarkerKind, action: Option<Action>) {
        let g = self.g;
        let on_board = |scale: f32| {
            Transform::from_translation(cell_centre(g, cell) + Vec3::Y * 0.01)
                .with_scale(Vec3::new(scale, 0.5, scale))
        };
        let on_top = |scale: Vec3| Transform::from_translation(self.top(cell)).with_scale(scale);
        let turned = |t: Transform| t.with_rotation(Quat::from_rotation_y(FRAC_PI_4));
        let (mesh, transform) = match shape_of(kind) {
            MarkerShape::Halo => (self.look.halo.clone(), on_board(1.0)),
            MarkerShape::SmallHalo => (self.look.halo.clone(), on_board(0.55)),
            MarkerShape::Arrow => {
                let from = self
                    .position
                    .selected()
                    .map_or(cell_centre(g, cell), |s| cell_centre(g, s));
                let to = cell_centre(g, cell);
                let direction = (to - from).normalize_or(Vec3::X);
                (
                    self.look.arrow.clone(),
                    Transform::from_translation(from.lerp(to, 0.55) + Vec3::Y * 0.45)
                        .with_rotation(Quat::from_rotation_arc(Vec3::Y, direction)),
                )
            }
            MarkerShape::ArrowDown => (
                self.look.arrow.clone(),
                Transform::from_translation(self.top(cell) + Vec3::Y * 0.3)
                    .with_rotation(Quat::from_rotation_x(std::f32::consts::PI)),
            ),
            MarkerShape::Square => (
                self.look.square.clone(),
                turned(on_top(Vec3::new(1.0, 0.5, 1.0))),
            ),
            MarkerShape::Diamond => (self.look.square.clone(), on_top(Vec3::new(1.0, 0.5, 1.0))),
            MarkerShape::Cross => (self.look.cross.clone(), on_top(Vec3::ONE)),
            MarkerShape::Ring | MarkerShape::BigHalo | MarkerShape::Dot => {
                (self.look.ring.clone(), on_top(Vec3::new(1.0, 0.5, 1.0)))
            }
        };
        self.outline(&mesh, transform);
        self.commands
            .spawn((
                Name::new(format!("Marker {cell}")),
                Marker { cell, kind, action },
                Pickable::default(),
                Mesh3d(mesh),
                MeshMaterial3d(self.look.material(kind)),
                transform,
            ))
            .observe(report_clicks(|m: &Marker| {
                Some(
                    m.action
                        .map_or(BoardClick::Cell(m.cell), BoardClick::Choose),
                )
            }));
    }

    /// The stones in hand hover over the last cell entered, a glowing rod tying them to it; the
    /// path of the turn so far (Cash In Hand's sowing) is glowing rods from cell to cell, just
    /// above the board so the stacks on it stand out of them.
    fn hand_and_trail(&mut self) {
        let g = self.g;
        if let Some((cell, _)) = self.position.hand() {
            let foot = self.top(cell);
            let height = (cell_centre(g, cell).y + HAND_LIFT - foot.y).max(0.05);
            let at = Transform::from_translation(foot + Vec3::Y * height / 2.0)
                .with_scale(Vec3::new(1.0, height, 1.0));
            self.rod(format!("Hand over {cell}"), at);
        }
        let trail = self.position.trail();
        for pair in trail.windows(2) {
            let a = cell_centre(g, pair[0]) + Vec3::Y * 0.06;
            let b = cell_centre(g, pair[1]) + Vec3::Y * 0.06;
            let at = Transform::from_translation(a.lerp(b, 0.5))
                .with_rotation(Quat::from_rotation_arc(
                    Vec3::Y,
                    (b - a).normalize_or(Vec3::X),
                ))
                .with_scale(Vec3::new(2.0, a.distance(b), 2.0));
            self.rod(format!("Path {}-{}", pair[0], pair[1]), at);
        }
    }

    /// A cell of the last move: a small blue dot.
    fn last_move(&mut self, cell: Cell) {
        let at =
            Transform::from_translation(cell_centre(self.g, cell) + Vec3::new(0.33, 0.03, 0.33))
                .with_scale(Vec3::splat(1.5));
        let dot = self.look.dot.clone();
        self.decoration(format!("Last move {cell}"), &dot, marks::LAST_MOVE.1, at);
    }

    /// Where the last move captured: a red cross on the emptied (or reduced) cell.
    fn taken(&mut self, cell: Cell) {
        let at = Transform::from_translation(self.top(cell));
        let cross = self.look.cross.clone();
        self.decoration(format!("Taken {cell}"), &cross, marks::TAKEN.1, at);
    }

    /// A stack the coach warns about: a large red halo.
    fn at_risk(&mut self, cell: Cell) {
        let at = Transform::from_translation(self.top(cell) + Vec3::Y * 0.05)
            .with_scale(Vec3::new(1.25, 1.5, 1.25));
        let halo = self.look.halo.clone();
        self.decoration(format!("At risk {cell}"), &halo, marks::AT_RISK.1, at);
    }

    /// The hint's cell: a large halo.
    fn hint(&mut self, cell: Cell) {
        let at = Transform::from_translation(self.top(cell) + Vec3::Y * 0.05)
            .with_scale(Vec3::new(1.25, 1.5, 1.25));
        let halo = self.look.halo.clone();
        self.decoration(format!("Hint {cell}"), &halo, marks::HINT.1, at);
    }

    /// A legal decision's target (with the lit targets off, only the controls: pushes and
    /// stop), and a splay's path up to its ringed landing cell or a push's chain, head included.
    fn legal(&mut self, action: Action, lit: bool) {
        let Some(cell) = self.position.action_cell(action) else {
            return;
        };
        let kind = self.position.marker(action);
        if !lit && !matches!(kind, MarkerKind::Push | MarkerKind::Stop) {
            return;
        }
        self.marker(cell, kind, Some(action));
        if !matches!(
            kind,
            MarkerKind::Splay | MarkerKind::SplayForced | MarkerKind::Push
        ) {
            return;
        }
        let path = self.position.action_path(action);
        let shown = if kind == MarkerKind::Push {
            path.len()
        } else {
            path.len().saturating_sub(1)
        };
        let dot = self.look.dot.clone();
        for &c in path.iter().take(shown) {
            let at = Transform::from_translation(self.top(c));
            self.decoration(format!("Path {c}"), &dot, kind, at);
        }
    }
}
