//! The coach's warning below the board: a line saying what the turn just played gives
//! away and the reply that shows it, with Take back and Play anyway.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::coach::{CoachAnswer, CoachWarning, warning_line};
use crate::game::core::i18n::Tr;
use crate::game::core::screen::Screen;
use crate::game::ui::named::name_control;
use crate::game::ui::palette;

/// The widest the warning grows, in points.
const MOST_WIDTH: f32 = 520.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_coach_warning.run_if(in_state(Screen::Game)),
    );
}

fn show_coach_warning(
    mut contexts: EguiContexts,
    shown: Res<CoachWarning>,
    tr: Res<Tr>,
    mut answers: MessageWriter<CoachAnswer>,
) -> Result {
    let Some(warning) = shown.0.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("coach warning"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette::WARNING_FILL)
                .stroke(egui::Stroke::new(2.0, palette::WARNING_EDGE))
                .corner_radius(10.0)
                .inner_margin(egui::Margin::symmetric(16, 8))
                .show(ui, |ui| {
                    // Narrow enough to stand between the side panels, in either language.
                    ui.set_max_width(MOST_WIDTH);
                    let line = ui.add(
                        egui::Label::new(
                            egui::RichText::new(warning_line(&tr, warning))
                                .size(18.0)
                                .color(palette::BRIGHT_TEXT),
                        )
                        .wrap(),
                    );
                    name_control(&line, "coach warning");
                    ui.horizontal(|ui| {
                        for (answer, key, name) in [
                            (CoachAnswer::TakeBack, "coach.take_back", "coach take back"),
                            (
                                CoachAnswer::PlayAnyway,
                                "coach.play_anyway",
                                "coach play anyway",
                            ),
                        ] {
                            let button =
                                ui.add(egui::Button::new(tr.t(key)).min_size([0.0, 44.0].into()));
                            name_control(&button, name);
                            if button.clicked() {
                                answers.write(answer);
                            }
                        }
                    });
                });
        });
    Ok(())
}
