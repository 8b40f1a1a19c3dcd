//! Frames only when something on screen changes, outside a kiosk (which always draws) and
//! outside the runs that read frames (a screenshot, `--layout-only`): the window waits for
//! input, and frames keep coming only while stones move or sparks fly, the camera moves or
//! flies in, a camera key is held, the computer thinks (its move, a hint, the coach, the
//! engine's view of the game), a demonstration plays or a GIF is drawn. At rest the app sleeps.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

use crate::game::board::effects::Spark;
use crate::game::core::coach::CoachJudging;
use crate::game::core::engine_view::EngineView;
use crate::game::core::motion::{BoardMotion, ShownWork};
use crate::game::core::opponent::{Hint, Thinking};
use crate::game::view::camera::Orbit;
use crate::game::view::fly_in::FlyIn;
use crate::game::view::room_tour::RoomTour;

/// Draw only on a change: the app asks for it where nothing reads every frame.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct DrawOnChange;

/// At rest, a frame still comes this often (a background result nothing watches is shown).
const REST_WAKE: Duration = Duration::from_secs(60);

/// The keys that turn, pan and zoom the camera while held.
const CAMERA_KEYS: [KeyCode; 10] = [
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
    KeyCode::KeyW,
    KeyCode::KeyA,
    KeyCode::KeyS,
    KeyCode::KeyD,
    KeyCode::Equal,
    KeyCode::Minus,
];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Startup,
        wait_for_changes.run_if(resource_exists::<DrawOnChange>),
    )
    .add_systems(
        Last,
        keep_frames_coming
            .run_if(resource_exists::<DrawOnChange>)
            // Something changes by itself this frame (the computer's progress is shown too).
            .run_if(something_animates.or_else(the_computer_works)),
    );
}

fn wait_for_changes(settings: Option<ResMut<WinitSettings>>) {
    let Some(mut settings) = settings else {
        return;
    };
    settings.focused_mode = UpdateMode::reactive(REST_WAKE);
    settings.unfocused_mode = UpdateMode::reactive_low_power(REST_WAKE);
}

/// Whether something is drawn moving: stones or sparks, the camera (turned, flying in, touring
/// the room, or held on a key), a demonstration, or a GIF being drawn.
pub(super) fn something_animates(
    motion: Res<BoardMotion>,
    cameras: Query<Ref<Orbit>>,
    (flights, sparks): (
        Query<(), Or<(With<FlyIn>, With<RoomTour>)>>,
        Query<(), With<Spark>>,
    ),
    keys: Res<ButtonInput<KeyCode>>,
    work: Option<Res<ShownWork>>,
) -> bool {
    !motion.still()
        || cameras.iter().any(|orbit| orbit.is_changed())
        || !flights.is_empty()
        || !sparks.is_empty()
        || keys.any_pressed(CAMERA_KEYS)
        || work.is_some_and(|w| w.any())
}

/// Whether the computer works: its move, a hint, the coach, or the engine's view of the game.
pub(super) fn the_computer_works(
    (thinking, hint, coach): (
        Option<Res<Thinking>>,
        Option<Res<Hint>>,
        Option<Res<CoachJudging>>,
    ),
    engine: Option<Res<EngineView>>,
) -> bool {
    thinking.is_some()
        || hint.is_some()
        || coach.is_some()
        || engine.is_some_and(|e| e.is_working())
}

fn keep_frames_coming(mut redraw: MessageWriter<RequestRedraw>) {
    redraw.write(RequestRedraw);
}
