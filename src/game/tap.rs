//! Taps on the board: a primary press and release (a mouse button or a finger) on the same entity
//! become a [`Tap`] on it, judged by what was under the pointer at the press and at the release,
//! whatever the frame rate.
//!
//! Bevy's picking sends `Pointer<Click>` on a release against the previous frame's hover map,
//! which lacks an entity the pointer reached in this frame: a finger's tap (it arrives, presses
//! and lifts at once), or a click whose move, press and release fall in one slow frame, would be
//! lost. The hover map used here is the one picking has just built from this frame's input.

use bevy::picking::PickingSystems;
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{PointerAction, PointerButton, PointerId, PointerInput};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

/// A primary press and release on this entity (a click or a finger's tap).
#[derive(EntityEvent, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tap {
    /// The entity tapped.
    pub entity: Entity,
}

/// Turns presses and releases into [`Tap`]s, after picking has found what each pointer is over.
pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        tap_pressed_entities.in_set(PickingSystems::PostHover),
    );
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
    mut commands: Commands,
) {
    for input in inputs.read() {
        let pointer = input.pointer_id;
        match input.action {
            PointerAction::Press(PointerButton::Primary) => {
                pressed.insert(pointer, under(&hover, pointer));
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
