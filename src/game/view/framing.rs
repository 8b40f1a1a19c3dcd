//! The board framed in the part of the window the panels leave free: the camera's distance and
//! aim are chosen so the board, its coordinates, its stacks and their height labels fit inside
//! [`FreeArea`], centred there, at whatever angle the camera is turned. The screens measure the
//! free area after each pass; the camera follows it (easing, unless animations are off) when a
//! panel opens, collapses or changes size, when a stack grows, and when the window changes;
//! never between two decisions of one turn (a second click lands where the first found the
//! board).

use bevy::prelude::*;

use super::camera::{Orbit, place_camera};
use crate::game::board::layout::{CELL, cell_centre, stack_top};
use crate::game::core::preferences::Motion;
use crate::game::core::session::Session;
use crate::rules::{Game, Geometry};

/// The part of the window no panel covers, in the window's logical pixels, and the window's
/// size; filled in by the screens after each pass (until then the whole window is free).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Default)]
pub struct FreeArea {
    /// The free rectangle.
    pub rect: Rect,
    /// The window's size.
    pub window: Vec2,
}

/// How far inside the free area the board's outline stays, in pixels: room for a height label
/// (34 by 22 pixels) around a stack's top and for the coordinates around the board.
pub const MARGIN: f32 = 20.0;

/// How high above a stack's top its height label stands.
pub const LABEL_LIFT: f32 = 0.25;

/// How quickly the camera follows a new framing (the share of the way left after a second).
const FOLLOW_LEFT_AFTER_A_SECOND: f32 = 0.0005;

/// The points that must show: the board's corners with the coordinates' margin around them,
/// and every cell's stack top with its label's place above it.
#[must_use]
pub fn board_points(
    g: Geometry,
    heights: impl Iterator<Item = (crate::rules::Cell, usize)>,
) -> Vec<Vec3> {
    let half = Vec2::new(f32::from(g.width), f32::from(g.height)) * CELL / 2.0 + 0.55;
    let mut points: Vec<Vec3> = [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)]
        .into_iter()
        .map(|(x, z)| Vec3::new(x * half.x, 0.0, z * half.y))
        .collect();
    for (cell, n) in heights {
        if n > 0 {
            points.push(cell_centre(g, cell) + Vec3::Y * (stack_top(n) + LABEL_LIFT));
        }
    }
    points
}

/// Where a world point shows in a window of `window` logical pixels, seen from `orbit`
/// (Bevy's default perspective: 45° vertical field of view). Pixels from the top left.
#[must_use]
pub fn pixel_of(orbit: &Orbit, world: Vec3, window: Vec2) -> Option<Vec2> {
    let view = orbit.transform().to_matrix().inverse();
    let projection = PerspectiveProjection::default();
    let clip = Mat4::perspective_rh(
        projection.fov,
        window.x / window.y,
        projection.near,
        projection.far,
    ) * view
        * world.extend(1.0);
    if clip.w <= 0.0 {
        return None;
    }
    let ndc = clip.truncate() / clip.w;
    Some(Vec2::new(
        (ndc.x + 1.0) / 2.0 * window.x,
        (1.0 - ndc.y) / 2.0 * window.y,
    ))
}

/// The rectangle the points cover on screen, or none when one is behind the camera.
fn outline(orbit: &Orbit, points: &[Vec3], window: Vec2) -> Option<Rect> {
    let mut rect: Option<Rect> = None;
    for p in points {
        let at = pixel_of(orbit, *p, window)?;
        rect = Some(rect.map_or(Rect::from_center_size(at, Vec2::ZERO), |r| {
            r.union_point(at)
        }));
    }
    rect
}

/// The distance and aim at which `points`, seen at `orbit`'s angles (and its zoom and pan left
/// out: those are the player's own), fill `free` less [`MARGIN`] and are centred in it.
#[must_use]
pub fn fit(orbit: &Orbit, points: &[Vec3], free: Rect, window: Vec2) -> (f32, Vec2) {
    let mut framed = Orbit {
        zoom: 1.0,
        pan: Vec2::ZERO,
        ..*orbit
    };
    let room = (free.size() - Vec2::splat(2.0 * MARGIN)).max(Vec2::splat(8.0));
    // Pixels per radian of turn at the window's centre.
    let focal = window.y / 2.0 / (PerspectiveProjection::default().fov / 2.0).tan();
    for _ in 0..12 {
        let Some(seen) = outline(&framed, points, window) else {
            framed.distance *= 1.5;
            continue;
        };
        let grow = (seen.width() / room.x).max(seen.height() / room.y);
        if grow.is_finite() && grow > 0.0 {
            framed.distance = (framed.distance * grow).clamp(2.0, 80.0);
        }
        let off = free.center() - seen.center();
        framed.aim += Vec2::new(off.x, off.y) / focal;
    }
    (framed.distance, framed.aim)
}

/// The framing a camera eases to, and what it was fitted for: the camera's angles, the free
/// area and the board's stacks (a hash of their heights).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct FramingGoal {
    /// The distance at which the board fills the free area.
    pub distance: f32,
    /// The aim that centres it there.
    pub aim: Vec2,
    angles: Vec2,
    area: Rect,
    stacks: u64,
    window: Vec2,
    /// The turn it was fitted in (its start's hash) and how many of its decisions were taken.
    turn: (u64, usize),
}

impl FramingGoal {
    /// Whether the camera stands at this framing.
    #[must_use]
    pub fn reached(&self, orbit: &Orbit) -> bool {
        orbit.distance == self.distance && orbit.aim == self.aim
    }

    /// Whether this framing holds through a change: between two decisions of one turn the
    /// board stays where the pointer found it (a panel that changes with the first decision,
    /// such as the Moves window losing its "Viewing" note, waits for the turn's end), unless
    /// the window or the camera's angles changed.
    fn holds(&self, turn: (u64, usize), window: Vec2, angles: Vec2) -> bool {
        self.turn.0 == turn.0
            && self.turn.1 < turn.1
            && self.window == window
            && self.angles == angles
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FreeArea>().add_systems(
        Update,
        (fit_the_free_area, ease_to_the_framing)
            .chain()
            .in_set(crate::game::core::GameSystems::Present)
            .before(place_camera),
    );
}

/// The stacks' heights in one number: the framing is fitted again only when it changes.
fn stacks_key(position: &crate::rules::AnyGame) -> u64 {
    let g = position.id().geometry();
    g.cells().fold(0xcbf2_9ce4_8422_2325, |key, cell| {
        (key ^ position.stack(cell).len() as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The turn the board shows (its start's hash) and how many of its decisions are taken: an
/// earlier position looked at is a turn not yet begun, as a click there begins one from it.
fn turn_key(session: &Session) -> (u64, usize) {
    if session.viewing().is_some() {
        (session.position().hash(), 0)
    } else {
        let turn = session.turn();
        (turn.start().hash(), turn.actions().len())
    }
}

/// Fits each camera's framing again when its angles, the free area or the stacks have changed.
fn fit_the_free_area(
    mut commands: Commands,
    free: Res<FreeArea>,
    session: Res<Session>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    cameras: Query<(Entity, &Orbit, Option<&FramingGoal>)>,
) {
    let window = windows
        .single()
        .map_or(free.window, |w| Vec2::new(w.width(), w.height()));
    if window.x < 1.0 || window.y < 1.0 {
        return;
    }
    let area = if free.window == window && free.rect.width() > 1.0 {
        free.rect
    } else {
        Rect::from_corners(Vec2::ZERO, window)
    };
    let position = session.position();
    let stacks = stacks_key(position);
    let turn = turn_key(&session);
    for (camera, orbit, goal) in &cameras {
        let angles = Vec2::new(orbit.yaw, orbit.pitch);
        let unchanged =
            |g: &FramingGoal| g.angles == angles && g.area == area && g.stacks == stacks;
        if goal.is_some_and(|g| unchanged(g) || g.holds(turn, window, angles)) {
            continue;
        }
        let g = position.id().geometry();
        let points = board_points(g, g.cells().map(|c| (c, position.stack(c).len())));
        let (distance, aim) = fit(orbit, &points, area, window);
        commands.entity(camera).insert(FramingGoal {
            distance,
            aim,
            angles,
            area,
            stacks,
            window,
            turn,
        });
    }
}

/// Moves each camera toward its framing: at once with animations off, else easing.
fn ease_to_the_framing(
    motion: Motion,
    time: Res<Time>,
    mut cameras: Query<(&mut Orbit, &FramingGoal)>,
) {
    let step = if motion.speed().stage_secs() == 0.0 {
        1.0
    } else {
        1.0 - FOLLOW_LEFT_AFTER_A_SECOND.powf(time.delta_secs())
    };
    for (mut orbit, goal) in &mut cameras {
        if goal.reached(&orbit) {
            continue;
        }
        let mut distance = orbit.distance + (goal.distance - orbit.distance) * step;
        let mut aim = orbit.aim + (goal.aim - orbit.aim) * step;
        // The last small way at once, so the camera comes to rest.
        if (goal.distance - distance).abs() < 1e-3 && goal.aim.distance(aim) < 1e-4 {
            (distance, aim) = (goal.distance, goal.aim);
        }
        orbit.distance = distance;
        orbit.aim = aim;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Cell;

    fn corners_and_stacks() -> Vec<Vec3> {
        let g = Geometry::new(8, 8);
        board_points(
            g,
            [(Cell::new(0, 0), 32), (Cell::new(7, 7), 32)].into_iter(),
        )
    }

    #[test]
    fn the_board_fills_the_free_area_and_is_centred_in_it() {
        let window = Vec2::new(1280.0, 720.0);
        let points = corners_and_stacks();
        for free in [
            Rect::new(250.0, 70.0, 970.0, 680.0),
            Rect::new(0.0, 0.0, 1280.0, 720.0),
            Rect::new(0.0, 300.0, 600.0, 720.0),
        ] {
            for yaw in [0.0, 0.7, 2.0] {
                let orbit = Orbit {
                    yaw,
                    ..Orbit::default()
                };
                let (distance, aim) = fit(&orbit, &points, free, window);
                let framed = Orbit {
                    distance,
                    aim,
                    ..orbit
                };
                let seen = outline(&framed, &points, window).unwrap();
                let room = free.inflate(-MARGIN);
                assert!(
                    seen.min.x >= room.min.x - 1.0
                        && seen.min.y >= room.min.y - 1.0
                        && seen.max.x <= room.max.x + 1.0
                        && seen.max.y <= room.max.y + 1.0,
                    "{seen:?} outside {room:?} at yaw {yaw}"
                );
                let filled = (seen.width() / room.width()).max(seen.height() / room.height());
                assert!(
                    filled > 0.97,
                    "fills only {filled} of {room:?} at yaw {yaw}"
                );
                assert!(
                    seen.center().distance(room.center()) < 2.0,
                    "{seen:?} in {room:?}"
                );
            }
        }
    }

    /// A camera framed on a Splay game of two moves, shown at its first, over `free`.
    fn framed_app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(crate::game::core::preferences::AnimationSpeed::Off)
            .insert_resource(FreeArea {
                rect: Rect::new(250.0, 70.0, 970.0, 680.0),
                window: Vec2::new(1280.0, 720.0),
            })
            .add_systems(Update, (fit_the_free_area, ease_to_the_framing).chain());
        let mut session = Session::new(crate::rules::AnyGame::start(
            crate::rules::AnyOptions::for_game(crate::rules::GameId::Splay),
        ));
        for text in ["c3-c4", "c6-c5"] {
            let (_, actions) = crate::rules::play_move(session.position(), text).unwrap();
            for a in actions {
                session.play(a);
            }
        }
        session.view(1);
        app.insert_resource(session);
        app.world_mut().spawn(Orbit::default());
        app.update();
        app
    }

    fn framing(app: &mut App) -> (f32, Vec2) {
        let orbit = app
            .world_mut()
            .query::<&Orbit>()
            .single(app.world())
            .unwrap();
        (orbit.distance, orbit.aim)
    }

    #[test]
    fn the_board_stays_put_between_two_decisions_of_a_turn() {
        let mut app = framed_app();
        let before = framing(&mut app);
        // A click on a stack in the position shown begins a turn there; the Moves window
        // loses its "Viewing" note and the free area grows by its height.
        let mut session = app.world_mut().resource_mut::<Session>();
        assert!(session.play_from_view());
        let choose = session.legal_actions()[0];
        session.play(choose);
        app.world_mut().resource_mut::<FreeArea>().rect.min.y = 52.0;
        app.update();
        assert_eq!(
            framing(&mut app),
            before,
            "the board moved under the pointer"
        );
        // The turn ends: the board takes the room it was given.
        let mut session = app.world_mut().resource_mut::<Session>();
        let finish = session.legal_actions()[0];
        session.play(finish);
        app.update();
        assert_ne!(framing(&mut app), before);
        // Out of a turn, a panel's change frames the board again at once.
        let after = framing(&mut app);
        app.world_mut().resource_mut::<FreeArea>().rect.min.y = 70.0;
        app.update();
        assert_ne!(framing(&mut app), after);
    }

    #[test]
    fn a_taller_stack_moves_the_camera_back() {
        let window = Vec2::new(1280.0, 720.0);
        let free = Rect::new(250.0, 70.0, 970.0, 680.0);
        let g = Geometry::new(8, 8);
        let low = board_points(g, [(Cell::new(3, 7), 8)].into_iter());
        let tall = board_points(g, [(Cell::new(3, 7), 90)].into_iter());
        let (near, _) = fit(&Orbit::default(), &low, free, window);
        let (far, _) = fit(&Orbit::default(), &tall, free, window);
        assert!(far > near * 1.05, "{near} then {far}");
    }
}
