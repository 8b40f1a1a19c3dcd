//! Controls given a name, so that `--print-layout` reports them by it and a test that drives a
//! real window can click them by name.

use bevy_egui::egui;

/// A control named this pass.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedControl {
    /// Its name.
    pub name: String,
    /// Where it takes the pointer.
    pub rect: egui::Rect,
    /// Where it is drawn whole (a control cut by a window's edge or a scrolled area takes the
    /// pointer only where it shows).
    pub whole: egui::Rect,
    /// The width its contents ask for on one line, where the widget says (a button: its label
    /// and padding), in points.
    pub wants: Option<f32>,
}

/// The controls named this pass.
#[derive(Debug, Clone, Default)]
struct NamedControls(Vec<NamedControl>);

fn named_controls_id() -> egui::Id {
    egui::Id::new("stackyard named controls")
}

/// Names a control, so that `--print-layout` reports it by name (a test clicks it by name).
pub fn name_control(response: &egui::Response, name: impl Into<String>) {
    let control = NamedControl {
        name: name.into(),
        rect: response.interact_rect,
        whole: response.rect,
        wants: response.intrinsic_size().map(|size| size.x),
    };
    response.ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<NamedControls>(named_controls_id())
            .0
            .push(control);
    });
}

/// The controls named this pass, with where they take the pointer (taken: the next pass starts
/// afresh).
#[must_use]
pub fn take_named_controls(ctx: &egui::Context) -> Vec<(String, egui::Rect)> {
    take_named_controls_whole(ctx)
        .into_iter()
        .map(|c| (c.name, c.rect))
        .collect()
}

/// The controls named this pass, whole; taken, as [`take_named_controls`].
#[must_use]
pub fn take_named_controls_whole(ctx: &egui::Context) -> Vec<NamedControl> {
    ctx.data_mut(|d| {
        std::mem::take(
            &mut d
                .get_temp_mut_or_default::<NamedControls>(named_controls_id())
                .0,
        )
    })
}
