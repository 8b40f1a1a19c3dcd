//! Taps on the board: a primary press and release (a mouse button or a finger) on the same entity
//! become a [`Tap`] on it, judged by what was under the pointer at the press and at the release,
//! whatever the frame rate.
//!
//! Bevy's picking sends `Pointer<Click>` on a release against the previous frame's hover map,
//! which lacks an entity the pointer reached in this frame: a finger's tap (it arrives, presses
//! and lifts at once), or a click whose move, press and release fall in one slow frame, would be
//! lost. The hover map used here is the one picking has just built from this frame's input.
//!
//! egui's own capture of the pointer is off for the same reason: it blocks the board by egui's
//! view of the last frame (a finger that pressed a panel's button and then taps the board would
//! still be "over the panel"). A tap is refused instead where its pointer is over a panel now.
//!
//! A second finger down while the first is still down makes a gesture (turning or zooming the
//! camera): none of its fingers taps.

use bevy::picking::PickingSystems;
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{PointerAction, PointerButton, PointerId, PointerInput};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_egui::{EguiContextSettings, EguiContexts, egui};

use crate::game::core::session::BoardClick;

/// A primary press and release on this entity (a click or a finger's tap).
#[derive(EntityEvent, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tap {
    /// The entity tapped.
    pub entity: Entity,
}

/// An observer for entities with a `C` component: a tap on one (a primary click or a finger,
/// see [`Tap`]) writes the [`BoardClick`] that `to_click` makes of its component (if any).
/// Cells, markers and stones all report clicks through this.
pub fn report_clicks<C: Component>(
    to_click: fn(&C) -> Option<BoardClick>,
) -> impl Fn(On<Tap>, Query<&C>, MessageWriter<BoardClick>) {
    move |tap, items, mut clicks| {
        if let Ok(item) = items.get(tap.entity)
            && let Some(c) = to_click(item)
        {
            clicks.write(c);
        }
    }
}

/// Turns presses and releases into [`Tap`]s, after picking has found what each pointer is over.
pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        tap_pressed_entities.in_set(PickingSystems::PostHover),
    )
    .add_systems(Update, stop_egui_capturing_the_pointer);
}

/// Panels are told apart by where the pointer is now (see the module's note).
fn stop_egui_capturing_the_pointer(
    mut settings: Query<&mut EguiContextSettings, Added<EguiContextSettings>>,
) {
    for mut s in &mut settings {
        s.capture_pointer_input = false;
    }
}

/// Whether a window position (logical pixels) is over one of egui's panels.
fn over_a_panel(contexts: &mut EguiContexts, at: Vec2) -> bool {
    let Ok(ctx) = contexts.ctx_mut() else {
        return false;
    };
    let at = egui::pos2(at.x, at.y) / ctx.zoom_factor();
    ctx.layer_id_at(at)
        .is_some_and(|layer| layer.order != egui::Order::Background)
}

/// The entities under a pointer now.
fn under(hover: &HoverMap, pointer: PointerId) -> Vec<Entity> {
    hover
        .get(&pointer)
        .map(|hits| hits.keys().copied().collect())
        .unwrap_or_default()
}

/// Notes what each primary press lands on, and taps what is still under the pointer at its
/// release. Input is read in the order it came, so a press and release in one frame count.
fn tap_pressed_entities(
    mut inputs: MessageReader<PointerInput>,
    hover: Res<HoverMap>,
    mut pressed: Local<HashMap<PointerId, Vec<Entity>>>,
    mut contexts: EguiContexts,
    mut commands: Commands,
) {
    for input in inputs.read() {
        let pointer = input.pointer_id;
        match input.action {
            PointerAction::Press(PointerButton::Primary) => {
                let gesture = !pressed.is_empty();
                if gesture {
                    pressed.values_mut().for_each(Vec::clear);
                }
                let on_board = !gesture && !over_a_panel(&mut contexts, input.location.position);
                pressed.insert(
                    pointer,
                    if on_board {
                        under(&hover, pointer)
                    } else {
                        Vec::new()
                    },
                );
            }
            PointerAction::Release(PointerButton::Primary) => {
                let Some(was) = pressed.remove(&pointer) else {
                    continue;
                };
                for entity in under(&hover, pointer) {
                    if was.contains(&entity) {
                        commands.trigger(Tap { entity });
                    }
                }
            }
            PointerAction::Cancel => {
                pressed.remove(&pointer);
            }
            _ => {}
        }
    }
}
