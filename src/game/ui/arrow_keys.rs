//! Arrow keys step a focused picker (an egui combo box) through its choices, open or closed,
//! as a desktop's own drop-down list does; Enter then closes it on the choice.

use bevy_egui::egui;

/// Moves `value` to the previous or next of `choices` when the picker whose button gave
/// `response` has the keyboard focus and Up or Down is pressed; true when it moved. While the
/// picker has the focus, the arrows step its choice instead of moving the focus away.
pub fn step_with_arrows<T: PartialEq + Clone>(
    ui: &egui::Ui,
    response: &egui::Response,
    value: &mut T,
    choices: &[T],
) -> bool {
    if !response.has_focus() {
        return false;
    }
    let filter = egui::EventFilter {
        vertical_arrows: true,
        ..Default::default()
    };
    ui.memory_mut(|m| m.set_focus_lock_filter(response.id, filter));
    let up = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp));
    let down = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown));
    let Some(at) = choices.iter().position(|c| c == value) else {
        return false;
    };
    let to = match (up, down) {
        (true, false) => at.checked_sub(1),
        (false, true) => Some(at + 1).filter(|&n| n < choices.len()),
        _ => None,
    };
    match to {
        Some(n) => {
            *value = choices[n].clone();
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One pass of a window holding a picker of three words and a button below it.
    fn pass(ctx: &egui::Context, value: &mut usize, keys: &[egui::Key]) -> (egui::Id, bool) {
        let events = keys
            .iter()
            .map(|&key| egui::Event::Key {
                key,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            })
            .collect();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(400.0, 300.0),
            )),
            events,
            ..Default::default()
        };
        let mut id = egui::Id::NULL;
        let mut open = false;
        let mut output = ctx.run_ui(input, |ui| {
            let words = ["one", "two", "three"];
            let picker = egui::ComboBox::from_id_salt("words")
                .selected_text(words[*value])
                .show_ui(ui, |ui| {
                    for (n, word) in words.iter().enumerate() {
                        ui.selectable_value(value, n, *word);
                    }
                });
            step_with_arrows(ui, &picker.response, value, &[0, 1, 2]);
            let _ = ui.button("below");
            id = picker.response.id;
            open = picker.inner.is_some();
        });
        output.textures_delta.clear();
        (id, open)
    }

    #[test]
    fn the_arrows_step_an_open_picker_and_enter_closes_it_on_the_new_choice() {
        let ctx = egui::Context::default();
        let mut value = 0;
        let (id, _) = pass(&ctx, &mut value, &[]);
        ctx.memory_mut(|m| m.request_focus(id));
        pass(&ctx, &mut value, &[]);
        let (_, open) = pass(&ctx, &mut value, &[egui::Key::Enter]);
        let (_, still_open) = pass(&ctx, &mut value, &[]);
        assert!(open || still_open, "Enter opens the focused picker");
        pass(&ctx, &mut value, &[egui::Key::ArrowDown]);
        assert_eq!(value, 1, "Down picks the next choice");
        pass(&ctx, &mut value, &[egui::Key::ArrowDown]);
        pass(&ctx, &mut value, &[egui::Key::ArrowDown]);
        assert_eq!(value, 2, "Down stops at the last choice");
        pass(&ctx, &mut value, &[egui::Key::ArrowUp]);
        assert_eq!(value, 1, "Up picks the choice before");
        assert!(
            ctx.memory(|m| m.has_focus(id)),
            "the arrows leave the focus on the picker"
        );
        pass(&ctx, &mut value, &[egui::Key::Enter]);
        let (_, open) = pass(&ctx, &mut value, &[]);
        assert!(!open, "Enter closes the picker");
        assert_eq!(value, 1, "and keeps the choice the arrows made");
    }

    #[test]
    fn a_picker_without_the_focus_leaves_the_arrows_alone() {
        let ctx = egui::Context::default();
        let mut value = 1;
        pass(&ctx, &mut value, &[]);
        pass(&ctx, &mut value, &[egui::Key::ArrowDown]);
        assert_eq!(value, 1);
    }
}
