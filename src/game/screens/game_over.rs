//! The game-over dialog: the winner and the reason in words, with Rematch, New game, Menu and
//! Close.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::Game;

use crate::game::core::describe::describe_outcome;
use crate::game::core::session::{Session, SessionRequest};
use crate::game::screens::hud::GamePicker;

/// The finished game whose dialog was closed (its start and move count), so it stays closed.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ClosedFor(Option<(u64, usize)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClosedFor>().add_systems(
        EguiPrimaryContextPass,
        show_game_over.run_if(in_state(crate::game::core::screen::Screen::Game)),
    );
}

fn show_game_over(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut closed: ResMut<ClosedFor>,
    mut picker: ResMut<GamePicker>,
    mut requests: MessageWriter<SessionRequest>,
    mut next: ResMut<NextState<crate::game::core::screen::Screen>>,
    tr: Res<crate::game::core::i18n::Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(outcome) = session.outcome() else {
        return Ok(());
    };
    let key = (session.turn().start().hash(), session.move_count());
    if closed.0 == Some(key) || session.viewing().is_some() {
        return Ok(());
    }
    egui::Window::new(tr.t("over.title"))
        .id(egui::Id::new("game over"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        // A dialog stands above the panels, whichever was touched last.
        .order(egui::Order::Foreground)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.heading(describe_outcome(&tr, outcome, session.position()));
            ui.label(tr.count("over.moves", session.move_count()));
            ui.horizontal(|ui| {
                if ui
                    .add_sized([110.0, 48.0], egui::Button::new(tr.t("over.rematch")))
                    .clicked()
                {
                    requests.write(SessionRequest::NewGame);
                }
                if ui
                    .add_sized([110.0, 48.0], egui::Button::new(tr.t("hud.new_game")))
                    .on_hover_text(tr.t("over.new_game.help"))
                    .clicked()
                {
                    picker.open = true;
                    closed.0 = Some(key);
                }
                if ui
                    .add_sized([110.0, 48.0], egui::Button::new(tr.t("hud.menu")))
                    .on_hover_text(tr.t("over.menu.help"))
                    .clicked()
                {
                    closed.0 = Some(key);
                    next.set(crate::game::core::screen::Screen::Title);
                }
                if ui
                    .add_sized([110.0, 48.0], egui::Button::new(tr.t("settings.close")))
                    .clicked()
                {
                    closed.0 = Some(key);
                }
            });
        });
    Ok(())
}
