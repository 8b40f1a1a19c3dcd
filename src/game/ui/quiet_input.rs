//! egui asks for a frame only when its input changes. bevy_egui 0.42 writes the keyboard's
//! modifiers into egui's input as a `ModifiersChanged` event on every frame, changed or not, and
//! egui answers any event with a repaint request, which bevy_egui passes on as `RequestRedraw`:
//! a reactive window (the closed kiosk, a game at rest) would then still draw every frame. The
//! repeated event is dropped here; egui keeps the modifiers it last saw, so it sees the same keys.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiInputSet, EguiPreUpdateSet, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiInputSet::WriteEguiEvents)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Removes each context's `ModifiersChanged` events that repeat the modifiers it already has.
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut known: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (context, mut input) in &mut inputs {
        let events = &mut input.bypass_change_detection().0.events;
        events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => known.insert(context, *now) != Some(*now),
            _ => true,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(app: &mut App, context: Entity, modifiers: egui::Modifiers) -> usize {
        let mut input = app.world_mut().get_mut::<EguiInput>(context).unwrap();
        input.0.events = vec![
            egui::Event::ModifiersChanged(modifiers),
            egui::Event::PointerGone,
        ];
        app.world_mut()
            .run_system_cached(drop_unchanged_modifiers)
            .unwrap();
        let input = app.world().get::<EguiInput>(context).unwrap();
        assert!(
            input.0.events.contains(&egui::Event::PointerGone),
            "other events stay"
        );
        input.0.events.len() - 1
    }

    #[test]
    fn only_a_change_of_modifiers_reaches_egui() {
        let mut app = App::new();
        let context = app.world_mut().spawn(EguiInput::default()).id();
        let steps = [
            (egui::Modifiers::NONE, 1, "the first"),
            (egui::Modifiers::NONE, 0, "the same again"),
            (egui::Modifiers::SHIFT, 1, "shift pressed"),
            (egui::Modifiers::SHIFT, 0, "still held"),
            (egui::Modifiers::NONE, 1, "released"),
        ];
        for (modifiers, passed, what) in steps {
            assert_eq!(run(&mut app, context, modifiers), passed, "{what}");
        }
    }
}
