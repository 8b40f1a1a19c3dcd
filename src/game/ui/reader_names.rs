//! The names screen readers say for controls whose visible label stands apart from them (a
//! combo box after its label), that show none (a game's picture that chooses it), and for
//! egui's own windows' title bars, which egui 0.36 leaves without a role or a name.

use bevy::prelude::*;
use bevy_egui::{EguiContext, egui};
use egui::accesskit::Role;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, name_title_bars);
}

/// Names the windows' title bars in every tree a new egui context builds.
fn name_title_bars(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut context in &mut contexts {
        context.get_mut().add_plugin(TitleBarNames);
    }
}

/// egui's hook over each pass's output that gives each window's title bar (the widget whose
/// double click folds the window) the role of one and the window's title as its name.
struct TitleBarNames;

impl egui::Plugin for TitleBarNames {
    fn debug_name(&self) -> &'static str {
        "title bar names"
    }

    fn output_hook(&mut self, ctx: &egui::Context, output: &mut egui::FullOutput) {
        let Some(update) = output.platform_output.accesskit_update.as_mut() else {
            return;
        };
        let nodes = &mut update.nodes;
        let index = |nodes: &[(egui::accesskit::NodeId, egui::accesskit::Node)], id: egui::Id| {
            let id = id.accesskit_id();
            nodes.iter().position(|(node, _)| *node == id)
        };
        // A window is an area: its node is the area's "move" widget, its title bar the
        // "__title_click" one (egui 0.36's `Window`, `title_ui`).
        for layer in ctx.memory(|m| m.areas().visible_layer_ids()) {
            let (Some(bar), Some(window)) = (
                index(nodes, layer.id.with("__title_click")),
                index(nodes, layer.id.with("move")),
            ) else {
                continue;
            };
            let title = nodes[window].1.label().map(str::to_owned);
            let node = &mut nodes[bar].1;
            if node.role() == Role::Unknown {
                node.set_role(Role::TitleBar);
                if let Some(title) = title {
                    node.set_label(title);
                }
            }
        }
    }
}

/// Gives `response`'s control `name` in the accessibility tree (nothing when no tree is built).
pub fn name_for_readers(response: &egui::Response, name: &str) {
    response
        .ctx
        .accesskit_node_builder(response.id, |node| node.set_label(name.to_owned()));
}

/// Hides `response`'s widget from screen readers (an empty line that only keeps a place).
pub fn hide_from_readers(response: &egui::Response) {
    response
        .ctx
        .accesskit_node_builder(response.id, |node| node.set_hidden());
}

/// A slider over `range` in steps of `step` and its number beside it (typed or dragged, with
/// `suffix`), both named `name` for screen readers: egui's own slider leaves its number unnamed
/// unless it writes the name beside it too. The response is the union of the two.
pub fn named_slider<Num: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut Num,
    range: std::ops::RangeInclusive<Num>,
    (step, suffix): (f64, &str),
) -> egui::Response {
    let slider = ui.add(
        egui::Slider::new(value, range.clone())
            .step_by(step)
            .show_value(false),
    );
    name_for_readers(&slider, name);
    let number = ui.add(
        egui::DragValue::new(value)
            .range(range)
            .speed(step)
            .suffix(suffix),
    );
    name_for_readers(&number, name);
    slider.union(number)
}
