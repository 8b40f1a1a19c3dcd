//! The idle timeout: a game left alone for the profile's time asks "Still playing?" with a
//! countdown; any input answers it, and no answer drops the game for attract mode. The title and
//! how-to-play screens go back to attract mode after their own idle time.

use std::time::Duration;

use crate::game::ui::palette;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::visits::KioskReset;
use super::{Exhibition, KioskSystems, VisitorInput};
use crate::files::visits::Abandoned;
use crate::game::core::screen::Screen;

/// The "Still playing?" prompt, up until this time (the app's elapsed time).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdlePrompt {
    /// When the game is dropped if no one answers.
    pub until: Duration,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (ask_if_still_playing, answer_or_drop_the_game)
                .chain()
                .run_if(in_state(Screen::Game)),
            return_to_attract_from_menus.run_if(
                in_state(Screen::Title)
                    .or_else(in_state(Screen::HowToPlay))
                    .or_else(in_state(Screen::Editor))
                    .or_else(in_state(Screen::Puzzle)),
            ),
        )
            .in_set(KioskSystems),
    )
    .add_systems(OnExit(Screen::Game), |mut commands: Commands| {
        commands.remove_resource::<IdlePrompt>();
    });
}

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_idle_prompt.run_if(resource_exists::<IdlePrompt>),
    );
}

fn ask_if_still_playing(
    mut commands: Commands,
    exhibition: Res<Exhibition>,
    prompt: Option<Res<IdlePrompt>>,
    time: Res<Time>,
) {
    let idle = Duration::from_secs(u64::from(exhibition.profile.idle_secs));
    if prompt.is_none() && exhibition.idle_for(&time) >= idle {
        commands.insert_resource(IdlePrompt {
            until: time.elapsed() + Duration::from_secs(u64::from(exhibition.profile.prompt_secs)),
        });
    }
}

fn answer_or_drop_the_game(
    mut commands: Commands,
    mut inputs: MessageReader<VisitorInput>,
    prompt: Option<Res<IdlePrompt>>,
    mut next: ResMut<NextState<Screen>>,
    mut resets: MessageWriter<KioskReset>,
    time: Res<Time>,
) {
    let answered = inputs.read().count() > 0;
    let Some(prompt) = prompt else {
        return;
    };
    if answered {
        commands.remove_resource::<IdlePrompt>();
    } else if time.elapsed() >= prompt.until {
        // Attract mode starts its own game: this one is dropped.
        commands.remove_resource::<IdlePrompt>();
        resets.write(KioskReset {
            why: Abandoned::Idle,
            from: Screen::Game,
        });
        next.set(Screen::Attract);
    }
}

fn return_to_attract_from_menus(
    exhibition: Res<Exhibition>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut resets: MessageWriter<KioskReset>,
    time: Res<Time>,
) {
    if exhibition.idle_for(&time)
        >= Duration::from_secs(u64::from(exhibition.profile.menu_idle_secs))
    {
        resets.write(KioskReset {
            why: Abandoned::Idle,
            from: *screen.get(),
        });
        next.set(Screen::Attract);
    }
}

fn show_idle_prompt(
    mut contexts: EguiContexts,
    prompt: Res<IdlePrompt>,
    time: Res<Time>,
    tr: Res<crate::game::core::i18n::Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let left = prompt
        .until
        .saturating_sub(time.elapsed())
        .as_secs_f32()
        .ceil();
    egui::Area::new(egui::Id::new("idle prompt"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette::PROMPT_FILL)
                .stroke(egui::Stroke::new(3.0, palette::ACCENT_GOLD))
                .corner_radius(14.0)
                .inner_margin(egui::Margin::same(32))
                .show(ui, |ui| {
                    ui.set_width(640.0);
                    ui.vertical_centered(|ui| {
                        ui.label(egui::RichText::new(tr.t("idle.title")).size(44.0).strong());
                        ui.label(
                            egui::RichText::new(tr.tf("idle.countdown", &[("seconds", &left)]))
                                .size(22.0),
                        );
                        ui.add_space(12.0);
                        // Any touch answers; the button is there to be touched.
                        let _ = ui.add(
                            egui::Button::new(egui::RichText::new(tr.t("idle.keep")).size(28.0))
                                .min_size(egui::vec2(260.0, 72.0)),
                        );
                    });
                });
        });
    Ok(())
}
