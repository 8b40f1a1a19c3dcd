//! How the board is shown, changed at any time from the "View" window: coordinates, the lit
//! legal targets, the animation speed, and the camera's top and angled views.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::animation::AnimationSpeed;
use super::camera::Orbit;

/// What the board shows.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewSettings {
    /// The files and ranks written beside the board.
    pub coordinates: bool,
    /// The lit rings of the legal choices (the chosen stack and controls such as Support's push
    /// arrows and Grabber's stop always show).
    pub legal_targets: bool,
}

impl Default for ViewSettings {
    fn default() -> Self {
        ViewSettings {
            coordinates: true,
            legal_targets: true,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewSettings>().add_systems(
        EguiPrimaryContextPass,
        show_view_window.run_if(not(in_state(super::Screen::Title))),
    );
}

fn show_view_window(
    mut contexts: EguiContexts,
    mut settings: ResMut<ViewSettings>,
    mut speed: ResMut<AnimationSpeed>,
    mut orbits: Query<&mut Orbit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("View")
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .resizable(false)
        .collapsible(true)
        .default_open(false)
        .show(ctx, |ui| {
            let mut now = *settings;
            ui.checkbox(&mut now.coordinates, "Coordinates");
            ui.checkbox(&mut now.legal_targets, "Light up legal moves");
            if now != *settings {
                *settings = now;
            }
            let mut chosen = *speed;
            ui.horizontal(|ui| {
                ui.label("Animation");
                ui.selectable_value(&mut chosen, AnimationSpeed::Off, "Off");
                ui.selectable_value(&mut chosen, AnimationSpeed::Normal, "Normal");
                ui.selectable_value(&mut chosen, AnimationSpeed::Fast, "Fast");
            });
            if chosen != *speed {
                *speed = chosen;
            }
            ui.horizontal(|ui| {
                ui.label("Camera");
                for (name, pitch) in [("Top", 1.52), ("Angled", Orbit::default().pitch)] {
                    if ui.button(name).clicked() {
                        for mut orbit in &mut orbits {
                            orbit.yaw = 0.0;
                            orbit.pitch = pitch;
                            orbit.pan = Vec2::ZERO;
                        }
                    }
                }
            });
        });
    Ok(())
}
