//! Controls given a name, so that `--print-layout` reports them by it and a test that drives a
//! real window can click them by name.

use bevy_egui::egui;

/// The controls named this pass.
#[derive(Debug, Clone, Default)]
struct NamedControls(Vec<(String, egui::Rect)>);

fn named_controls_id() -> egui::Id {
    egui::Id::new("stackyard named controls")
}

/// Names a control, so that `--print-layout` reports it by name (a test clicks it by name).
pub fn name_control(response: &egui::Response, name: impl Into<String>) {
    let rect = response.interact_rect;
    response.ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<NamedControls>(named_controls_id())
            .0
            .push((name.into(), rect));
    });
}

/// The controls named this pass, with where they take the pointer (taken: the next pass starts
/// afresh).
#[must_use]
pub fn take_named_controls(ctx: &egui::Context) -> Vec<(String, egui::Rect)> {
    ctx.data_mut(|d| {
        std::mem::take(
            &mut d
                .get_temp_mut_or_default::<NamedControls>(named_controls_id())
                .0,
        )
    })
}
