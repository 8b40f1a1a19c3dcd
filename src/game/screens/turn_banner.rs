//! The turn banner at the top of the board: whose turn it is, on a plate in that player's
//! colour that changes smoothly when the turn passes; when the game is won, the winner in gold,
//! pulsing for a few seconds: readable from across the room.

use crate::game::ui::palette;
use crate::game::ui::viewport::shown_window;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::{Game, Player};

use crate::game::core::i18n::Tr;
use crate::game::core::session::Session;

/// How long the win pulses, in seconds.
const CELEBRATION_SECS: f32 = 3.5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_turn_banner.run_if(in_state(crate::game::core::screen::Screen::Game)),
    );
}

/// The banner's plate and text colours for a player (0 = Black, 1 = White, between: changing).
#[must_use]
pub fn banner_colours(white: f32) -> (egui::Color32, egui::Color32) {
    let dark = palette::BANNER_DARK;
    let light = palette::BANNER_LIGHT;
    let t = white.clamp(0.0, 1.0);
    (dark.lerp_to_gamma(light, t), light.lerp_to_gamma(dark, t))
}

fn show_turn_banner(
    mut contexts: EguiContexts,
    session: Res<Session>,
    tr: Res<Tr>,
    time: Res<Time>,
    mut white: Local<Option<f32>>,
    mut won_at: Local<Option<f32>>,
    mut fit: Local<Option<f32>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let position = session.position();
    let now = time.elapsed_secs();
    let (text, fill, ink, scale) = match session.outcome() {
        Some(outcome) => {
            let since = now - *won_at.get_or_insert(now);
            let pulse = if since < CELEBRATION_SECS {
                // Frames keep coming while it pulses, also when rendering waits for input.
                ctx.request_repaint();
                1.0 + 0.08 * (since * 7.0).sin() * (1.0 - since / CELEBRATION_SECS)
            } else {
                1.0
            };
            let text = match outcome.winner() {
                Some(p) => tr.tf("banner.wins", &[("player", &tr.player(p))]),
                None => tr.t("banner.draw").to_owned(),
            };
            (
                text,
                palette::BANNER_GAME_OVER,
                palette::BANNER_GAME_OVER_TEXT,
                pulse,
            )
        }
        None => {
            *won_at = None;
            let target = match position.to_move() {
                Player::Black => 0.0,
                Player::White => 1.0,
            };
            let w = white.get_or_insert(target);
            // Eased towards the player to move: the plate turns over in about a third of a second.
            *w += (target - *w) * (time.delta_secs() * 9.0).min(1.0);
            if (target - *w).abs() > 0.005 {
                ctx.request_repaint();
            }
            let (fill, ink) = banner_colours(*w);
            let text = tr.tf("hud.to_move", &[("player", &tr.player(position.to_move()))]);
            (text, fill, ink, 1.0)
        }
    };
    let (gap_centre, gap) = top_gap(ctx);
    let off_centre = gap_centre - ctx.content_rect().center().x;
    // Narrower than the plate at full size, the gap gets a smaller plate, never one under a panel.
    let shrink = fit.get_or_insert(1.0);
    if let Some(plate) = egui::AreaState::load(ctx, egui::Id::new("turn banner")) {
        let natural = plate.rect().width() / *shrink;
        *shrink = ((gap - 16.0) / natural).clamp(0.4, 1.0);
    }
    let scale = scale * *shrink;
    egui::Area::new(egui::Id::new("turn banner"))
        .anchor(egui::Align2::CENTER_TOP, [off_centre, 14.0])
        .interactable(false)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(fill)
                .stroke(egui::Stroke::new(2.0, palette::BANNER_EDGE))
                .corner_radius(12.0)
                .inner_margin(egui::Margin::symmetric(26, 8))
                .show(ui, |ui| {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(text)
                                .size(30.0 * scale)
                                .strong()
                                .color(ink),
                        )
                        .wrap_mode(egui::TextWrapMode::Extend),
                    );
                });
        });
    Ok(())
}

/// The middle and the width of the gap the windows along the top leave (the moves window on
/// the left, the game or editor panel on the right), where the banner stands, so a narrow window
/// or a longer language never puts it under a panel.
fn top_gap(ctx: &egui::Context) -> (f32, f32) {
    let screen = ctx.content_rect();
    let middle = screen.center().x;
    let (mut left, mut right) = (screen.left(), screen.right());
    for id in ["moves window", "game panel", "editor panel", "puzzle panel"] {
        let Some(rect) = shown_window(ctx, id).filter(|r| r.top() <= screen.top() + 80.0) else {
            continue;
        };
        if rect.center().x < middle {
            left = left.max(rect.right());
        } else {
            right = right.min(rect.left());
        }
    }
    ((left + right) / 2.0, right - left)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plate_takes_the_colour_of_the_player_to_move() {
        let (black_fill, black_ink) = banner_colours(0.0);
        let (white_fill, white_ink) = banner_colours(1.0);
        assert!(
            black_fill.r() < 40 && black_ink.r() > 200,
            "dark plate, light text"
        );
        assert!(
            white_fill.r() > 200 && white_ink.r() < 40,
            "light plate, dark text"
        );
        let (between, _) = banner_colours(0.5);
        assert!(between.r() > black_fill.r() && between.r() < white_fill.r());
    }
}
