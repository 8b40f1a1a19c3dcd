//! Opening hours: outside the profile's hours the kiosk leaves whatever is on screen for a quiet
//! "closed" card, nothing plays, the board's 3D view is not drawn, and winit is asked to draw only
//! when something changes (a wake every few seconds keeps the heartbeat and the watchdog going);
//! at opening attract mode starts again. (Measured: frames still come continuously, about 10 a
//! second on a software renderer; something still asks for a redraw every frame.)

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::clock::KioskClock;
use super::visits::KioskReset;
use super::{Exhibition, KioskSystems};
use crate::files::visits::Abandoned;
use crate::game::core::i18n::Tr;
use crate::game::core::screen::Screen;
use crate::game::ui::palette;

/// How long the closed kiosk sleeps between frames when nothing happens: well within the
/// watchdog's half interval, and the opening is noticed within it.
pub const CLOSED_WAKE: Duration = Duration::from_secs(5);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, follow_opening_hours.in_set(KioskSystems))
        .add_systems(OnEnter(Screen::Closed), draw_only_on_change)
        .add_systems(OnExit(Screen::Closed), draw_every_frame);
}

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_closed_card
            .run_if(in_state(Screen::Closed))
            .in_set(KioskSystems),
    );
}

/// Closes when the hours end (from any screen: a game in progress is left) and opens again
/// into attract mode when they begin.
fn follow_opening_hours(
    exhibition: Res<Exhibition>,
    clock: Res<KioskClock>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut resets: MessageWriter<KioskReset>,
) {
    let Some(hours) = &exhibition.profile.opening_hours else {
        return;
    };
    let open = hours.is_open(clock.now());
    let closed = *screen.get() == Screen::Closed;
    if closed && open {
        next.set(Screen::Attract);
    } else if !closed && !open {
        resets.write(KioskReset {
            why: Abandoned::Closing,
            from: *screen.get(),
        });
        next.set(Screen::Closed);
    }
}

/// The card hides the board: its 3D view is not drawn, and frames come only on a change.
fn draw_only_on_change(
    settings: Option<ResMut<WinitSettings>>,
    mut scene: Query<&mut Camera, With<Camera3d>>,
) {
    for mut camera in &mut scene {
        camera.is_active = false;
    }
    if let Some(mut settings) = settings {
        settings.focused_mode = UpdateMode::reactive_low_power(CLOSED_WAKE);
        settings.unfocused_mode = UpdateMode::reactive_low_power(CLOSED_WAKE);
    }
}

fn draw_every_frame(
    settings: Option<ResMut<WinitSettings>>,
    mut scene: Query<&mut Camera, With<Camera3d>>,
) {
    for mut camera in &mut scene {
        camera.is_active = true;
    }
    if let Some(mut settings) = settings {
        *settings = WinitSettings::game();
    }
}

fn show_closed_card(
    mut contexts: EguiContexts,
    exhibition: Res<Exhibition>,
    tr: Res<Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let hours = exhibition.profile.opening_hours.as_ref();
    egui::Area::new(egui::Id::new("closed card"))
        .fixed_pos(egui::Pos2::ZERO)
        .order(egui::Order::Background)
        .show(ctx, |ui| {
            let screen = ui.ctx().content_rect();
            ui.painter().rect_filled(screen, 0.0, palette::PROMPT_FILL);
            ui.scope_builder(egui::UiBuilder::new().max_rect(screen), |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(screen.height() * 0.38);
                    ui.label(
                        egui::RichText::new(tr.t("closed.title"))
                            .size(48.0)
                            .color(palette::HEADING_GOLD),
                    );
                    if let Some(h) = hours {
                        let times = format!("{}–{}", h.opens, h.closes);
                        ui.label(
                            egui::RichText::new(tr.tf("closed.hours", &[("hours", &times)]))
                                .size(26.0)
                                .color(palette::PANEL_TEXT),
                        );
                    }
                });
            });
        });
    Ok(())
}
