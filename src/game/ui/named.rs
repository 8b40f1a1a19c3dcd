//! Controls given a name, so that `--print-layout` reports them by it and a test that drives a
//! real window can click them by name.

use bevy_egui::egui;

/// The controls named this pass: where each takes the pointer, and where it is drawn whole.
#[derive(Debug, Clone, Default)]
struct NamedControls(Vec<(String, egui::Rect, egui::Rect)>);

fn named_controls_id() -> egui::Id {
    egui::Id::new("stackyard named controls")
}

/// Names a control, so that `--print-layout` reports it by name (a test clicks it by name).
pub fn name_control(response: &egui::Response, name: impl Into<String>) {
    let (rect, whole) = (response.interact_rect, response.rect);
    response.ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<NamedControls>(named_controls_id())
            .0
            .push((name.into(), rect, whole));
    });
}

/// The controls named this pass, with where they take the pointer (taken: the next pass starts
/// afresh).
#[must_use]
pub fn take_named_controls(ctx: &egui::Context) -> Vec<(String, egui::Rect)> {
    take_named_controls_whole(ctx)
        .into_iter()
        .map(|(name, rect, _)| (name, rect))
        .collect()
}

/// The controls named this pass, with where they take the pointer and where they are drawn
/// whole (a control cut by a window's edge or a scrolled area takes the pointer only where it
/// shows); taken, as [`take_named_controls`].
#[must_use]
pub fn take_named_controls_whole(ctx: &egui::Context) -> Vec<(String, egui::Rect, egui::Rect)> {
    ctx.data_mut(|d| {
        std::mem::take(
            &mut d
                .get_temp_mut_or_default::<NamedControls>(named_controls_id())
                .0,
        )
    })
}
