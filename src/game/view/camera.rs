//! A camera that orbits the board: drag with the right mouse button, or two fingers, to turn
//! around it; drag with the middle button (or Shift and the right), or three fingers, to pan;
//! scroll or pinch to zoom; arrow keys, WASD and +/- work too. How far away it stands and where
//! it aims are the framing's (`framing.rs`): the board fills the free area at zoom 1.

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_pointer_input;

/// Where the camera looks from: angles around the board's centre and the distance to it.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Orbit {
    /// Turn around the vertical axis (0 = from rank 1's side).
    pub yaw: f32,
    /// Angle above the table.
    pub pitch: f32,
    /// Distance from the centre at which the board fills the free area (set by the framing).
    pub distance: f32,
    /// The player's zoom: the distance is divided by it (1 = the framing's).
    pub zoom: f32,
    /// How far the point looked at is moved across the table from the board's centre.
    pub pan: Vec2,
    /// The framing's turn of the camera from looking straight at the board's centre, in
    /// radians (right, down), so the board shows centred in the free area, not the window.
    pub aim: Vec2,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit {
            yaw: 0.0,
            pitch: 0.85,
            distance: 14.0,
            zoom: 1.0,
            pan: Vec2::ZERO,
            aim: Vec2::ZERO,
        }
    }
}

impl Orbit {
    /// The camera transform for these angles.
    #[must_use]
    pub fn transform(&self) -> Transform {
        let target = Vec3::new(self.pan.x, -0.4, 0.75 + self.pan.y);
        let dir = Vec3::new(
            self.yaw.sin() * self.pitch.cos(),
            self.pitch.sin(),
            self.yaw.cos() * self.pitch.cos(),
        );
        let mut at =
            Transform::from_translation(target + dir * self.range()).looking_at(target, Vec3::Y);
        at.rotate_local(Quat::from_rotation_y(self.aim.x) * Quat::from_rotation_x(self.aim.y));
        at
    }

    /// How far the camera stands from the point it looks at.
    #[must_use]
    pub fn range(&self) -> f32 {
        self.distance / self.zoom
    }

    /// The framed view: from rank 1's side, angled, the player's zoom and pan undone (the
    /// framing keeps its distance and aim).
    pub fn reset(&mut self, pitch: f32) {
        *self = Orbit {
            pitch,
            distance: self.distance,
            aim: self.aim,
            ..Orbit::default()
        };
    }

    /// The starting view of a board: the default for 8x8, further back for larger boards.
    #[must_use]
    pub fn for_board(g: crate::rules::Geometry) -> Orbit {
        let side = f32::from(g.width.max(g.height));
        Orbit {
            distance: Orbit::default().distance * (side / 8.0).max(1.0),
            ..Orbit::default()
        }
    }

    fn turn(&mut self, yaw: f32, pitch: f32) {
        self.yaw += yaw;
        self.pitch = (self.pitch + pitch).clamp(0.25, 1.52);
    }

    fn zoom(&mut self, factor: f32) {
        self.zoom = (self.zoom / factor).clamp(0.5, 2.5);
    }

    /// Moves the point looked at by a screen-space amount (right, down), in the camera's frame,
    /// never further than the board's edge.
    fn slide(&mut self, right: f32, down: f32) {
        let scale = self.range() * 0.0016;
        let (sin, cos) = self.yaw.sin_cos();
        let across = Vec2::new(cos, -sin) * -right * scale;
        let along = Vec2::new(sin, cos) * -down * scale;
        self.pan = (self.pan + across + along).clamp(Vec2::splat(-6.0), Vec2::splat(6.0));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera).add_systems(
        Update,
        (
            orbit_with_mouse_and_touch.run_if(not(egui_wants_any_pointer_input)),
            orbit_with_keys.run_if(not(bevy_egui::input::egui_wants_any_keyboard_input)),
            frame_new_board.run_if(resource_changed::<crate::game::core::session::Session>),
            place_camera,
        )
            .chain()
            .in_set(crate::game::core::GameSystems::Present),
    );
}

/// A new game on a board of another size gets the starting view of that board.
fn frame_new_board(
    session: Res<crate::game::core::session::Session>,
    mut framed: Local<Option<crate::rules::Geometry>>,
    mut orbits: Query<&mut Orbit>,
) {
    use crate::rules::Game;
    let g = session.position().id().geometry();
    if framed.replace(g).is_some_and(|old| old != g)
        && let Ok(mut orbit) = orbits.single_mut()
    {
        *orbit = Orbit::for_board(g);
    }
}

fn spawn_camera(mut commands: Commands, session: Res<crate::game::core::session::Session>) {
    use crate::rules::Game;
    let orbit = Orbit::for_board(session.position().id().geometry());
    commands.spawn((
        Name::new("Camera"),
        Camera3d::default(),
        // The board's cells, stones and markers are picked through it (only they are
        // `Pickable`: the table, the room and the effects are never ray cast).
        bevy::picking::mesh_picking::MeshPickingCamera,
        Tonemapping::TonyMcMapface,
        orbit,
        orbit.transform(),
    ));
}

fn orbit_with_mouse_and_touch(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    touches: Res<Touches>,
    mut orbits: Query<&mut Orbit>,
) {
    let Ok(mut orbit) = orbits.single_mut() else {
        return;
    };
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let right = buttons.pressed(MouseButton::Right);
    if buttons.pressed(MouseButton::Middle) || (right && shift) {
        orbit.slide(motion.delta.x, motion.delta.y);
    } else if right {
        orbit.turn(-motion.delta.x * 0.006, motion.delta.y * 0.005);
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        orbit.zoom(0.9f32.powf(lines));
    }
    let fingers: Vec<_> = touches.iter().collect();
    if let [a, b, c] = fingers[..] {
        let mid_delta = (a.delta() + b.delta() + c.delta()) / 3.0;
        orbit.slide(mid_delta.x, mid_delta.y);
    }
    if let [a, b] = fingers[..] {
        let mid_delta = (a.delta() + b.delta()) / 2.0;
        orbit.turn(-mid_delta.x * 0.006, mid_delta.y * 0.005);
        let before = (a.previous_position() - b.previous_position()).length();
        let now = (a.position() - b.position()).length();
        if before > 1.0 && now > 1.0 {
            orbit.zoom(before / now);
        }
    }
}

fn orbit_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut orbits: Query<&mut Orbit>,
) {
    let Ok(mut orbit) = orbits.single_mut() else {
        return;
    };
    let dt = time.delta_secs();
    let axis = |neg: KeyCode, pos: KeyCode| -> f32 {
        f32::from(u8::from(keys.pressed(pos))) - f32::from(u8::from(keys.pressed(neg)))
    };
    // Plain arrows move the board's cell cursor; with Shift they turn the view.
    let shift = f32::from(u8::from(
        keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]),
    ));
    let (yaw, pitch) = (
        shift * axis(KeyCode::ArrowRight, KeyCode::ArrowLeft),
        shift * axis(KeyCode::ArrowDown, KeyCode::ArrowUp),
    );
    if yaw != 0.0 || pitch != 0.0 {
        orbit.turn(yaw * dt * 1.5, pitch * dt);
    }
    let (across, along) = (
        // The keys move the view the way a drag moves the board, so A looks further left.
        axis(KeyCode::KeyD, KeyCode::KeyA),
        axis(KeyCode::KeyS, KeyCode::KeyW),
    );
    if across != 0.0 || along != 0.0 {
        orbit.slide(across * dt * 400.0, along * dt * 400.0);
    }
    let zoom = axis(KeyCode::Equal, KeyCode::Minus);
    if zoom != 0.0 {
        orbit.zoom(1.0 + zoom * dt);
    }
}

/// Puts the camera where its orbit says.
pub(super) fn place_camera(mut cameras: Query<(&Orbit, &mut Transform), Changed<Orbit>>) {
    for (orbit, mut t) in &mut cameras {
        *t = orbit.transform();
    }
}
