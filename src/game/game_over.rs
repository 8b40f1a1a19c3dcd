//! The game-over dialog: the winner and the reason in words, with Rematch, New game, Menu and
//! Close.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::Game;

use super::hud::{GamePicker, describe_outcome};
use super::session::{Session, SessionRequest};

/// The finished game whose dialog was closed (its start and move count), so it stays closed.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ClosedFor(Option<(u64, usize)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClosedFor>().add_systems(
        EguiPrimaryContextPass,
        show_game_over.run_if(in_state(super::Screen::Game)),
    );
}

fn show_game_over(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut closed: ResMut<ClosedFor>,
    mut picker: ResMut<GamePicker>,
    mut requests: MessageWriter<SessionRequest>,
    mut next: ResMut<NextState<super::Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(outcome) = session.outcome() else {
        return Ok(());
    };
    let key = (session.turn().start().hash(), session.moves().len());
    if closed.0 == Some(key) || session.viewing().is_some() {
        return Ok(());
    }
    let captured = outcome
        .winner()
        .map_or(0, |p| session.position().captured_by(p));
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.heading(describe_outcome(outcome, captured));
            ui.label(format!(
                "{} moves played. Look back through them in the move list.",
                session.moves().len()
            ));
            ui.horizontal(|ui| {
                if ui
                    .add_sized([110.0, 36.0], egui::Button::new("Rematch"))
                    .clicked()
                {
                    requests.write(SessionRequest::NewGame);
                }
                if ui
                    .add_sized([110.0, 36.0], egui::Button::new("New game"))
                    .on_hover_text("Choose a game in the panel's \"Start a new game\"")
                    .clicked()
                {
                    picker.open = true;
                    closed.0 = Some(key);
                }
                if ui
                    .add_sized([110.0, 36.0], egui::Button::new("Menu"))
                    .on_hover_text("Back to the title screen")
                    .clicked()
                {
                    closed.0 = Some(key);
                    next.set(super::Screen::Title);
                }
                if ui
                    .add_sized([110.0, 36.0], egui::Button::new("Close"))
                    .clicked()
                {
                    closed.0 = Some(key);
                }
            });
        });
    Ok(())
}
